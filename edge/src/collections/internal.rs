//! The worker's calls to a collection's Durable Object: one [`Call`], turned into the internal
//! request by [`Call::request`] (worker side, `api`) and back by [`Call::from_request`] (object
//! side, `object`). The paths and headers they travel as are written here and nowhere else.

use worker::{js_sys, Headers, Method, Request, RequestInit};

use crate::error::EdgeError;

/// Worker → object (and registry): the collection the call is about.
pub const COLLECTION_ID: &str = "x-collection-id";
/// Worker → object: the part a chunk belongs to.
const PART: &str = "x-part";
/// Worker → object: the chunk's number in its part (0-based).
const SEQ: &str = "x-seq";
/// Worker → object: `1` when the client asked for server-sent events.
const STREAM: &str = "x-stream";
/// Worker → object: the backend calls a question may make.
const ALLOWANCE: &str = "x-backend-allowance";
/// Worker → object: when the request arrived (its wall-clock budget counts from then).
const STARTED: &str = "x-request-started";
/// Object → worker: the backend calls the answer made or reserved.
pub const CALLS: &str = "x-backend-calls";
/// Backend calls one question to a collection may make: one for LLM-written SQL, and generation
/// with up to six passages dropped one at a time when the prompt is too long.
pub const MAX_ASK_CALLS: u32 = 8;
/// Where the calls go (the object answers any host; the path names the call).
const BASE: &str = "https://collection.internal";

/// One already-authorised call to the collection's object; the body, where there is one, travels
/// as the request's body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Call {
    /// Starts an upload (body: the `PublishRequest`).
    Publish,
    /// One chunk (body: its bytes).
    Part {
        part: String,
        seq: u32,
    },
    Commit,
    Delete,
    Info,
    /// Body: the `SearchRequest`.
    Search,
    /// Body: the `AskRequest`. `stream`: answer with server-sent events; `allowance`: the backend
    /// calls it may make (at most [`MAX_ASK_CALLS`]); `started`: when the request arrived (ms since
    /// the epoch).
    Ask {
        stream: bool,
        allowance: u32,
        started: u64,
    },
    /// Body: the `FeedbackRequest`.
    Feedback,
    FeedbackSummary,
}

impl Call {
    /// The path the call travels on.
    fn path(&self) -> &'static str {
        match self {
            Call::Publish => "/publish",
            Call::Part { .. } => "/part",
            Call::Commit => "/commit",
            Call::Delete => "/delete",
            Call::Info => "/info",
            Call::Search => "/search",
            Call::Ask { .. } => "/ask",
            Call::Feedback => "/feedback",
            Call::FeedbackSummary => "/feedback-summary",
        }
    }

    /// The URL and headers the call on collection `id` travels as.
    pub fn encode(&self, id: &str) -> (String, Vec<(&'static str, String)>) {
        let mut headers = vec![(COLLECTION_ID, id.to_string())];
        match self {
            Call::Part { part, seq } => headers.extend([(PART, part.clone()), (SEQ, seq.to_string())]),
            Call::Ask { stream, allowance, started } => {
                headers.extend([(ALLOWANCE, allowance.to_string()), (STARTED, started.to_string())]);
                if *stream {
                    headers.push((STREAM, "1".into()));
                }
            }
            _ => {}
        }
        (format!("{BASE}{}", self.path()), headers)
    }

    /// The collection id and the call a request on `path` with `header` carries. A question without
    /// an allowance may make no backend call; one without its arrival time counts from `now`.
    pub fn decode(path: &str, header: impl Fn(&str) -> Option<String>, now: impl FnOnce() -> u64) -> Result<(String, Call), EdgeError> {
        let id = header(COLLECTION_ID).unwrap_or_default();
        let call = match path {
            "/publish" => Call::Publish,
            "/part" => Call::Part {
                part: header(PART).unwrap_or_default(),
                seq: header(SEQ)
                    .and_then(|s| s.parse().ok())
                    .ok_or_else(|| EdgeError::BadRequest("the chunk number is not a number".into()))?,
            },
            "/commit" => Call::Commit,
            "/delete" => Call::Delete,
            "/info" => Call::Info,
            "/search" => Call::Search,
            "/ask" => {
                let number = |h| header(h).and_then(|v| v.parse::<u64>().ok());
                Call::Ask {
                    stream: header(STREAM).as_deref() == Some("1"),
                    allowance: number(ALLOWANCE).unwrap_or(0).min(MAX_ASK_CALLS as u64) as u32,
                    started: number(STARTED).unwrap_or_else(now),
                }
            }
            "/feedback" => Call::Feedback,
            "/feedback-summary" => Call::FeedbackSummary,
            other => return Err(EdgeError::NotFound(format!("no internal route {other}"))),
        };
        Ok((id, call))
    }

    /// The request for this call on collection `id` (always a POST).
    pub fn request(&self, id: &str, body: Option<&[u8]>) -> Result<Request, EdgeError> {
        let (url, pairs) = self.encode(id);
        let headers = Headers::new();
        for (name, value) in pairs {
            headers.set(name, &value)?;
        }
        let mut init = RequestInit::new();
        init.with_method(Method::Post).with_headers(headers);
        if let Some(b) = body {
            init.with_body(Some(js_sys::Uint8Array::from(b).into()));
        }
        Ok(Request::new_with_init(&url, &init)?)
    }

    /// The collection id and the call `req` carries.
    pub fn from_request(req: &Request) -> Result<(String, Call), EdgeError> {
        let headers = req.headers();
        Call::decode(&req.path(), |h| headers.get(h).ok().flatten(), || worker::Date::now().as_millis())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(call: Call) {
        let (url, headers) = call.encode("cars");
        let path = url.strip_prefix(BASE).expect("the calls go to the object's base");
        let header = |h: &str| headers.iter().find(|(n, _)| *n == h).map(|(_, v)| v.clone());
        let back = Call::decode(path, header, || panic!("every question carries its arrival time"));
        assert_eq!(back.ok(), Some(("cars".to_string(), call.clone())), "{call:?} via {url} {headers:?}");
    }

    #[test]
    fn every_call_round_trips() {
        let calls = [
            Call::Publish,
            Call::Part { part: "index".into(), seq: 0 },
            Call::Part { part: "tables".into(), seq: 41 },
            Call::Commit,
            Call::Delete,
            Call::Info,
            Call::Search,
            Call::Ask { stream: false, allowance: 0, started: 0 },
            Call::Ask { stream: true, allowance: MAX_ASK_CALLS, started: 1_764_000_000_000 },
            Call::Feedback,
            Call::FeedbackSummary,
        ];
        let paths: std::collections::HashSet<&str> = calls.iter().map(Call::path).collect();
        assert_eq!(paths.len(), 9, "one path per call");
        for call in calls {
            round_trip(call);
        }
    }

    #[test]
    fn what_the_object_refuses_or_bounds() {
        let none = |_: &str| None;
        let status = |path: &str, header: &dyn Fn(&str) -> Option<String>| Call::decode(path, header, || 7).map_err(|e| e.status());
        assert_eq!(status("/nothing", &none), Err(404));
        assert_eq!(status("/v1/collections/cars/ask", &none), Err(404));
        assert_eq!(status("/part", &none), Err(400));
        assert_eq!(status("/part", &|h: &str| (h == SEQ).then(|| "x".to_string())), Err(400));
        // Without the worker's allowance, no backend call; without its arrival time, from now; the
        // allowance never exceeds what one question may spend.
        assert_eq!(Call::decode("/ask", none, || 7).ok(), Some((String::new(), Call::Ask { stream: false, allowance: 0, started: 7 })));
        let generous = |h: &str| (h == ALLOWANCE).then(|| "1000".to_string());
        assert_eq!(
            Call::decode("/ask", generous, || 7).ok().map(|(_, c)| c),
            Some(Call::Ask { stream: false, allowance: MAX_ASK_CALLS, started: 7 })
        );
    }
}
