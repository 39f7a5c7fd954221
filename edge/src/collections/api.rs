//! The worker side of `/v1/collections/{id}…`: checks the id, the publish token and the body
//! size here, at the door, then hands the request to the collection's Durable Object.

use worker::{js_sys, Env, Headers, Method, Request, RequestInit, Response};

use crate::auth::authorize;
use crate::config::Config;
use crate::error::EdgeError;
use crate::http::body;

/// The Durable Object namespace binding (wrangler.toml).
const BINDING: &str = "COLLECTIONS";
const MAX_ID_LEN: usize = 64;

/// One internal call to the collection's object.
struct Op<'a> {
    name: &'static str,
    publish: bool,
    body: bool,
    part: Option<(&'a str, &'a str)>,
}

pub async fn route(mut req: Request, env: &Env, cfg: &Config, segments: &[&str]) -> Result<Response, EdgeError> {
    let Some((&id, rest)) = segments.split_first() else {
        return Err(EdgeError::NotFound("name a collection: /v1/collections/{id}".into()));
    };
    check_id(id)?;
    let method = req.method();
    let op = |name, publish, body| Op { name, publish, body, part: None };
    let op = match (&method, rest) {
        (Method::Get | Method::Head, []) => op("info", false, false),
        (Method::Put, []) => op("publish", true, true),
        (Method::Delete, []) => op("delete", true, false),
        (Method::Put, ["parts", part, seq]) => Op { part: Some((*part, *seq)), ..op("part", true, true) },
        (Method::Post, ["commit"]) => op("commit", true, false),
        (Method::Post, ["search"]) => op("search", false, true),
        (Method::Post, ["ask"]) => op("ask", false, true),
        // Anyone who may ask may vote; reading the votes is the owner's (a publish token).
        (Method::Post, ["feedback"]) => op("feedback", false, true),
        (Method::Get, ["feedback"]) => op("feedback-summary", true, false),
        (m, [] | ["commit" | "search" | "ask" | "feedback"] | ["parts", _, _]) => {
            return Err(EdgeError::MethodNotAllowed(format!("{m} is not allowed on {}", req.path())));
        }
        _ => return Err(EdgeError::NotFound(format!("no route for {method} {}", req.path()))),
    };
    if op.publish {
        authorize(req.headers().get("authorization")?.as_deref(), &cfg.publish_tokens, id)?;
    }
    let bytes = if op.body { Some(body(&mut req, cfg.max_body_bytes).await?) } else { None };
    let headers = Headers::new();
    headers.set("x-collection-id", id)?;
    if let Some((part, seq)) = op.part {
        headers.set("x-part", part)?;
        headers.set("x-seq", seq)?;
    }
    let wants_stream = req.headers().get("accept")?.is_some_and(|a| a.contains("text/event-stream"));
    if wants_stream {
        headers.set("x-stream", "1")?;
    }
    let mut init = RequestInit::new();
    init.with_method(Method::Post).with_headers(headers);
    if let Some(b) = bytes {
        init.with_body(Some(js_sys::Uint8Array::from(b.as_slice()).into()));
    }
    let inner = Request::new_with_init(&format!("https://collection.internal/{}", op.name), &init)?;
    let stub = env.durable_object(BINDING)?.id_from_name(id)?.get_stub()?;
    Ok(stub.fetch_with_request(inner).await?)
}

/// Lower-case letters, digits, `-` and `_`, at most 64: safe in URLs, logs and object names.
fn check_id(id: &str) -> Result<(), EdgeError> {
    let ok = !id.is_empty()
        && id.len() <= MAX_ID_LEN
        && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
    if ok { Ok(()) } else { Err(EdgeError::BadRequest(format!("collection ids are 1–{MAX_ID_LEN} characters of a-z, 0-9, - and _; not {id:?}"))) }
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids() {
        assert!(super::check_id("cars-2024_v1").is_ok());
        assert!(super::check_id("").is_err());
        assert!(super::check_id("Cars").is_err());
        assert!(super::check_id("a/b").is_err());
        assert!(super::check_id(&"a".repeat(65)).is_err());
    }
}
