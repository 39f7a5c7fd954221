//! The edge's one route table (issue 22): every public method and path, parsed once into a
//! [`Route`]. `lib.rs` and `collections::api` dispatch on it; nothing else reads a path.
//!
//! | Method       | Path                                         | Route               | Auth          |
//! |--------------|----------------------------------------------|---------------------|---------------|
//! | OPTIONS      | any                                          | `Preflight`         |               |
//! | GET, HEAD    | `/health`                                    | `Health`            |               |
//! | POST         | `/v1/refine`                                 | `Refine`            | `access`      |
//! | POST         | `/v1/sql`                                    | `Sql`               | `access`      |
//! | POST         | `/v1/answer`                                 | `Answer`            | `access`      |
//! | GET, HEAD    | `/v1/collections/{id}`                       | `Info`              |               |
//! | PUT          | `/v1/collections/{id}`                       | `Publish`           | publish token |
//! | DELETE       | `/v1/collections/{id}`                       | `Delete`            | publish token |
//! | PUT          | `/v1/collections/{id}/parts/{part}/{seq}`    | `Part`              | publish token |
//! | POST         | `/v1/collections/{id}/commit`                | `Commit`            | publish token |
//! | POST         | `/v1/collections/{id}/search`                | `Search`            |               |
//! | POST         | `/v1/collections/{id}/ask`                   | `Ask`               |               |
//! | POST         | `/v1/collections/{id}/feedback`              | `Feedback`          |               |
//! | GET          | `/v1/collections/{id}/feedback`              | `FeedbackSummary`   | publish token |
//!
//! A known path with another method is a 405, any other path a 404, a malformed collection id a
//! 400. Empty segments under `/v1/collections/` are skipped (`/v1/collections/a//ask` is `a`'s ask).

use worker::Method;

use crate::error::EdgeError;

const HEALTH: &str = "/health";
const REFINE: &str = "/v1/refine";
const SQL: &str = "/v1/sql";
const ANSWER: &str = "/v1/answer";
const COLLECTIONS: &str = "/v1/collections/";
const MAX_ID_LEN: usize = 64;

/// One public endpoint, with what its path names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// `OPTIONS` on any path: the CORS preflight.
    Preflight,
    Health,
    Refine,
    Sql,
    Answer,
    /// The collection's description (`GET` or `HEAD`).
    Info {
        id: String,
    },
    /// Starts an upload: the parts it will send.
    Publish {
        id: String,
    },
    Delete {
        id: String,
    },
    /// One chunk of one part. `seq` is `None` when the path's chunk number is not a number: that
    /// is a 400, answered only once the caller has shown its publish token.
    Part {
        id: String,
        part: String,
        seq: Option<u32>,
    },
    Commit {
        id: String,
    },
    Search {
        id: String,
    },
    Ask {
        id: String,
    },
    /// A visitor's vote.
    Feedback {
        id: String,
    },
    /// The votes, for the owner.
    FeedbackSummary {
        id: String,
    },
}

impl Route {
    /// The route `method` and `path` name: 404 for an unknown path, 405 for a known path with
    /// another method, 400 for a collection id [`check_id`] refuses (before the method is looked at).
    pub fn parse(method: &Method, path: &str) -> Result<Route, EdgeError> {
        let not_allowed = || Err(EdgeError::MethodNotAllowed(format!("{method} is not allowed on {path}")));
        if *method == Method::Options {
            return Ok(Route::Preflight);
        }
        match path {
            HEALTH => return if matches!(method, Method::Get | Method::Head) { Ok(Route::Health) } else { not_allowed() },
            REFINE | SQL | ANSWER if *method != Method::Post => return not_allowed(),
            REFINE => return Ok(Route::Refine),
            SQL => return Ok(Route::Sql),
            ANSWER => return Ok(Route::Answer),
            _ => {}
        }
        let Some(rest) = path.strip_prefix(COLLECTIONS) else {
            return Err(EdgeError::NotFound(format!("no route for {method} {path}")));
        };
        let segments: Vec<&str> = rest.split('/').filter(|s| !s.is_empty()).collect();
        let Some((&id, rest)) = segments.split_first() else {
            return Err(EdgeError::NotFound("name a collection: /v1/collections/{id}".into()));
        };
        check_id(id)?;
        let id = id.to_string();
        Ok(match (method, rest) {
            (Method::Get | Method::Head, []) => Route::Info { id },
            (Method::Put, []) => Route::Publish { id },
            (Method::Delete, []) => Route::Delete { id },
            (Method::Put, ["parts", part, seq]) => Route::Part { id, part: part.to_string(), seq: seq.parse().ok() },
            (Method::Post, ["commit"]) => Route::Commit { id },
            (Method::Post, ["search"]) => Route::Search { id },
            (Method::Post, ["ask"]) => Route::Ask { id },
            // Anyone who may ask may vote; reading the votes is the owner's (a publish token).
            (Method::Post, ["feedback"]) => Route::Feedback { id },
            (Method::Get, ["feedback"]) => Route::FeedbackSummary { id },
            (_, [] | ["commit" | "search" | "ask" | "feedback"] | ["parts", _, _]) => return not_allowed(),
            _ => return Err(EdgeError::NotFound(format!("no route for {method} {path}"))),
        })
    }

    /// Preflights and `/health` (its 405 too) are answered before the origin check and the rate
    /// limit; every other request, routed or not, passes both first.
    pub fn is_open(method: &Method, path: &str) -> bool {
        *method == Method::Options || path == HEALTH
    }

    /// The collection a `/v1/collections/{id}…` route names.
    pub fn collection(&self) -> Option<&str> {
        match self {
            Route::Preflight | Route::Health | Route::Refine | Route::Sql | Route::Answer => None,
            Route::Info { id }
            | Route::Publish { id }
            | Route::Delete { id }
            | Route::Part { id, .. }
            | Route::Commit { id }
            | Route::Search { id }
            | Route::Ask { id }
            | Route::Feedback { id }
            | Route::FeedbackSummary { id } => Some(id),
        }
    }
}

/// Lower-case letters, digits, `-` and `_`, at most 64: safe in URLs, logs and object names.
pub fn check_id(id: &str) -> Result<(), EdgeError> {
    let ok = !id.is_empty()
        && id.len() <= MAX_ID_LEN
        && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(EdgeError::BadRequest(format!("collection ids are 1–{MAX_ID_LEN} characters of a-z, 0-9, - and _; not {id:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(method: Method, path: &str) -> Result<Route, (u16, String)> {
        Route::parse(&method, path).map_err(|e| (e.status(), e.to_string()))
    }

    fn id() -> String {
        "cars".to_string()
    }

    #[test]
    fn every_route_parses_to_its_variant() {
        let cases = [
            (Method::Options, "/anything/at/all", Route::Preflight),
            (Method::Options, "/v1/collections/cars/ask", Route::Preflight),
            (Method::Get, "/health", Route::Health),
            (Method::Head, "/health", Route::Health),
            (Method::Post, "/v1/refine", Route::Refine),
            (Method::Post, "/v1/sql", Route::Sql),
            (Method::Post, "/v1/answer", Route::Answer),
            (Method::Get, "/v1/collections/cars", Route::Info { id: id() }),
            (Method::Head, "/v1/collections/cars", Route::Info { id: id() }),
            (Method::Get, "/v1/collections/cars/", Route::Info { id: id() }),
            (Method::Put, "/v1/collections/cars", Route::Publish { id: id() }),
            (Method::Delete, "/v1/collections/cars", Route::Delete { id: id() }),
            (Method::Put, "/v1/collections/cars/parts/index/3", Route::Part { id: id(), part: "index".into(), seq: Some(3) }),
            (Method::Put, "/v1/collections/cars/parts/tables/x", Route::Part { id: id(), part: "tables".into(), seq: None }),
            (Method::Post, "/v1/collections/cars/commit", Route::Commit { id: id() }),
            (Method::Post, "/v1/collections/cars/search", Route::Search { id: id() }),
            (Method::Post, "/v1/collections/cars/ask", Route::Ask { id: id() }),
            (Method::Post, "/v1/collections/cars//ask/", Route::Ask { id: id() }),
            (Method::Post, "/v1/collections/cars/feedback", Route::Feedback { id: id() }),
            (Method::Get, "/v1/collections/cars/feedback", Route::FeedbackSummary { id: id() }),
        ];
        for (method, path, route) in cases {
            assert_eq!(parse(method.clone(), path), Ok(route.clone()), "{method} {path}");
            let id = route.collection();
            assert_eq!(id.is_some(), path.starts_with(COLLECTIONS) && method != Method::Options, "{method} {path}");
            assert!(id.is_none_or(|id| id == "cars"));
        }
    }

    #[test]
    fn unknown_paths_are_404_known_paths_with_other_methods_405() {
        let status = |m: Method, p: &str| parse(m, p).map_err(|(s, _)| s);
        for (method, path) in [
            (Method::Post, "/health"),
            (Method::Get, "/v1/refine"),
            (Method::Put, "/v1/sql"),
            (Method::Get, "/v1/answer"),
            (Method::Post, "/v1/collections/cars"),
            (Method::Patch, "/v1/collections/cars"),
            (Method::Get, "/v1/collections/cars/ask"),
            (Method::Put, "/v1/collections/cars/commit"),
            (Method::Get, "/v1/collections/cars/search"),
            (Method::Head, "/v1/collections/cars/feedback"),
            (Method::Delete, "/v1/collections/cars/feedback"),
            (Method::Post, "/v1/collections/cars/parts/index/0"),
        ] {
            assert_eq!(status(method.clone(), path), Err(405), "{method} {path}");
        }
        for (method, path) in [
            (Method::Get, "/"),
            (Method::Get, "/no/such/route"),
            (Method::Get, "/health/"),
            (Method::Get, "/v1/collections"),
            (Method::Get, "/v1/collections/"),
            (Method::Get, "/v1/collections//"),
            (Method::Get, "/v1/collections/cars/parts"),
            (Method::Put, "/v1/collections/cars/parts/index"),
            (Method::Put, "/v1/collections/cars/parts/index/0/1"),
            (Method::Post, "/v1/collections/cars/nothing"),
            (Method::Post, "/v1/refine/"),
        ] {
            assert_eq!(status(method.clone(), path), Err(404), "{method} {path}");
        }
        // The id is checked before the method and the rest of the path.
        assert_eq!(status(Method::Patch, "/v1/collections/Cars/nothing"), Err(400));
        assert_eq!(status(Method::Get, "/v1/collections/a.b"), Err(400));
    }

    #[test]
    fn messages_name_the_request() {
        assert_eq!(parse(Method::Get, "/no/such/route"), Err((404, "no route for GET /no/such/route".into())));
        assert_eq!(parse(Method::Post, "/health"), Err((405, "POST is not allowed on /health".into())));
        assert_eq!(parse(Method::Get, "/v1/sql"), Err((405, "GET is not allowed on /v1/sql".into())));
        assert_eq!(parse(Method::Get, "/v1/collections/cars/ask"), Err((405, "GET is not allowed on /v1/collections/cars/ask".into())));
        assert_eq!(parse(Method::Get, "/v1/collections/"), Err((404, "name a collection: /v1/collections/{id}".into())));
    }

    #[test]
    fn only_preflights_and_health_are_open() {
        assert!(Route::is_open(&Method::Options, "/v1/collections/cars/ask"));
        assert!(Route::is_open(&Method::Get, "/health"));
        assert!(Route::is_open(&Method::Post, "/health"));
        assert!(!Route::is_open(&Method::Get, "/v1/collections/cars"));
        assert!(!Route::is_open(&Method::Get, "/no/such/route"));
    }

    #[test]
    fn ids() {
        assert!(check_id("cars-2024_v1").is_ok());
        assert!(check_id("").is_err());
        assert!(check_id("Cars").is_err());
        assert!(check_id("a/b").is_err());
        assert!(check_id(&"a".repeat(64)).is_ok());
        assert!(check_id(&"a".repeat(65)).is_err());
    }
}
