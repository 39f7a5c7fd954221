//! Small HTTP helpers: JSON answers, bodies read under the size limit, CORS, server-sent events.

use serde::de::DeserializeOwned;
use serde::Serialize;
use worker::{Headers, Request, Response};

use crate::error::EdgeError;

pub fn json<T: Serialize>(status: u16, value: &T) -> Result<Response, EdgeError> {
    Ok(Response::from_json(value)?.with_status(status))
}

/// The body, refused with 413 before reading when Content-Length says it is too big, and after
/// reading when a chunked body turns out to be.
pub async fn body(req: &mut Request, limit: u64) -> Result<Vec<u8>, EdgeError> {
    if let Some(len) = req.headers().get("content-length")?.and_then(|v| v.parse::<u64>().ok()) {
        if len > limit {
            return Err(EdgeError::TooLarge { size: len, limit });
        }
    }
    let bytes = req.bytes().await?;
    if bytes.len() as u64 > limit {
        return Err(EdgeError::TooLarge { size: bytes.len() as u64, limit });
    }
    Ok(bytes)
}

pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, EdgeError> {
    serde_json::from_slice(bytes).map_err(|e| EdgeError::BadRequest(format!("the body is not the expected JSON: {e}")))
}

/// One server-sent event.
pub fn sse<T: Serialize>(event: &str, data: &T) -> Vec<u8> {
    let data = serde_json::to_string(data).unwrap_or_else(|e| format!("{{\"error\":\"internal\",\"message\":\"{e}\"}}"));
    format!("event: {event}\ndata: {data}\n\n").into_bytes()
}

/// The origin a CORS grant goes to, when `origin` is allowed.
pub fn granted_origin(origin: Option<&str>, allowed: &[String]) -> Option<String> {
    let origin = origin?.trim_end_matches('/');
    allowed.iter().any(|a| a == "*" || a == origin).then(|| origin.to_string())
}

/// Adds the CORS grant to a response (nothing for an origin not allowed). The headers are
/// copied: a response from a Durable Object has immutable ones.
pub fn with_cors(resp: Response, origin: Option<&str>) -> Response {
    let Some(o) = origin else { return resp };
    let headers = Headers::new();
    for (k, v) in resp.headers().entries() {
        let _ = headers.append(&k, &v);
    }
    let _ = headers.set("access-control-allow-origin", o);
    let _ = headers.append("vary", "Origin");
    resp.with_headers(headers)
}

/// The answer to a preflight: 204 with the grant for an allowed origin, 403 without it.
pub fn preflight(origin: Option<&str>, asked_by: Option<&str>) -> Result<Response, EdgeError> {
    match origin {
        Some(o) => {
            let headers = Headers::new();
            headers.set("access-control-allow-origin", o)?;
            headers.set("access-control-allow-methods", "GET, POST, PUT, DELETE, OPTIONS")?;
            headers.set("access-control-allow-headers", "content-type, authorization, accept, x-tabletalk-collection")?;
            headers.set("access-control-max-age", "600")?;
            headers.set("vary", "Origin")?;
            Ok(Response::empty()?.with_status(204).with_headers(headers))
        }
        None => Err(EdgeError::OriginNotAllowed(asked_by.unwrap_or("(none)").to_string())),
    }
}
