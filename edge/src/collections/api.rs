//! The worker side of `/v1/collections/{id}…`: checks the id, the publish token, the body's
//! media type and size here, at the door, and that the collection is published before anything
//! but publishing reaches its Durable Object (reaching one creates its storage); then hands the
//! request to the collection's Durable Object.

use worker::{js_sys, Date, Env, Headers, Method, Request, RequestInit, Response};

use super::registry;
use crate::access::require_json;
use crate::auth::authorize;
use crate::config::Config;
use crate::error::EdgeError;
use crate::http::body;

/// The Durable Object namespace binding (wrangler.toml).
const BINDING: &str = "COLLECTIONS";
const MAX_ID_LEN: usize = 64;
/// Backend calls one question to a collection may make: one for LLM-written SQL, and generation
/// with up to six passages dropped one at a time when the prompt is too long.
pub const MAX_ASK_CALLS: u32 = 8;

/// One internal call to the collection's object.
struct Op<'a> {
    name: &'static str,
    publish: bool,
    body: bool,
    part: Option<(&'a str, &'a str)>,
}

/// `key`: the client's rate-limit key; `started`: when the request arrived (ms since the epoch).
pub async fn route(mut req: Request, env: &Env, cfg: &Config, segments: &[&str], key: &str, started: u64) -> Result<Response, EdgeError> {
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
    // Chunks are bytes; every other body is JSON.
    if op.body && op.part.is_none() {
        require_json(&req)?;
    }
    // Only publishing may address an object that holds no collection (and so create its storage).
    let creates = matches!(op.name, "publish" | "part" | "commit" | "delete");
    if !creates && !registry::is_published(env, id).await? {
        return Err(EdgeError::NotFound(format!("no collection {id:?} is published here")));
    }
    let bytes = if op.body { Some(body(&mut req, cfg.max_body_bytes).await?) } else { None };
    let headers = Headers::new();
    headers.set("x-collection-id", id)?;
    // A question may call the backend: the object gets the calls this client can still pay for,
    // and the one deadline of this request.
    if op.name == "ask" {
        let left = crate::ratelimit::remaining(key, cfg.rate_limit_per_minute, Date::now().as_millis());
        headers.set(ALLOWANCE_HEADER, &left.min(MAX_ASK_CALLS).to_string())?;
        headers.set(STARTED_HEADER, &started.to_string())?;
    }
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
    let resp = stub.fetch_with_request(inner).await?;
    match (op.name, resp.status_code()) {
        ("commit", 201) => registry::set(env, id, true).await?,
        ("delete", 200 | 404) => registry::set(env, id, false).await?,
        ("ask", _) => {
            // The calls the object made (or, for a streamed answer, may still make) are paid now.
            let calls = resp.headers().get(CALLS_HEADER)?.and_then(|v| v.parse::<u32>().ok()).unwrap_or(0);
            crate::ratelimit::charge(key, calls.min(MAX_ASK_CALLS), cfg.rate_limit_per_minute, Date::now().as_millis());
        }
        _ => {}
    }
    Ok(resp)
}

/// Worker → object: the backend calls a question may make.
pub const ALLOWANCE_HEADER: &str = "x-backend-allowance";
/// Worker → object: when the request arrived (its wall-clock budget counts from then).
pub const STARTED_HEADER: &str = "x-request-started";
/// Object → worker: the backend calls the answer made or reserved.
pub const CALLS_HEADER: &str = "x-backend-calls";

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
    #[test]
    fn ids() {
        assert!(super::check_id("cars-2024_v1").is_ok());
        assert!(super::check_id("").is_err());
        assert!(super::check_id("Cars").is_err());
        assert!(super::check_id("a/b").is_err());
        assert!(super::check_id(&"a".repeat(65)).is_err());
    }
}
