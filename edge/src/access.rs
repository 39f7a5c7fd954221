//! Who may make the edge work (issue 20, item 2): the origin of every browser request that
//! changes or computes something, the media type of request bodies, the client key the rate limit
//! counts against, and the access the LLM endpoints need. CORS only decides what a browser lets a
//! page *read*; these checks decide what the edge *does*.

use worker::{Env, Method, Request};

use crate::auth::known_token;
use crate::collections::{check_id, registry};
use crate::config::Config;
use crate::error::EdgeError;

/// The header a browser page names its published collection with on `/v1/refine`, `/v1/sql` and
/// `/v1/answer` (a custom header: a cross-origin page must pass a CORS preflight to send it).
pub const COLLECTION_HEADER: &str = "x-tabletalk-collection";

/// Methods that change or compute something. A browser sends `Origin` with each of them; a
/// request without one (the CLI, a server) is no browser page riding on a visitor's browser.
fn acts(method: &Method) -> bool {
    !matches!(method, Method::Get | Method::Head | Method::Options)
}

/// Refuses (403) a POST, PUT or DELETE whose `Origin` is neither the edge's own nor one of
/// `ALLOWED_ORIGINS`. Checked before anything is read or computed.
pub fn check_origin(req: &Request, cfg: &Config) -> Result<(), EdgeError> {
    if !acts(&req.method()) {
        return Ok(());
    }
    let Some(origin) = req.headers().get("origin")? else { return Ok(()) };
    let origin = origin.trim().trim_end_matches('/');
    let own = req.url().map(|u| u.origin().ascii_serialization()).unwrap_or_default();
    // `null` (a sandboxed frame, a file:// page) is nobody's origin: only an explicit `*` takes it.
    let allowed = cfg.allowed_origins.iter().any(|a| a == "*" || (a == origin && origin != "null")) || (origin == own && origin != "null");
    if allowed {
        Ok(())
    } else {
        Err(EdgeError::OriginNotAllowed(origin.to_string()))
    }
}

/// Refuses (415) a body that is not declared `application/json`: a page can send `text/plain`
/// cross-origin without a preflight, never `application/json`.
pub fn require_json(req: &Request) -> Result<(), EdgeError> {
    let ct = req.headers().get("content-type")?.unwrap_or_default();
    let essence = ct.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    if essence == "application/json" {
        Ok(())
    } else {
        let sent = if ct.trim().is_empty() { "no Content-Type".to_string() } else { format!("Content-Type {:?}", ct.trim()) };
        Err(EdgeError::UnsupportedMediaType(format!("send the body as `Content-Type: application/json` (this request has {sent})")))
    }
}

/// The key this request's rate-limit units are counted against: the client's address from the
/// header the deployment names (`CLIENT_ADDRESS_HEADER`, one the platform sets and overwrites,
/// such as Cloudflare's `cf-connecting-ip`), else one key for every client. Never a header the
/// deployment did not name: `wrangler dev`, for one, passes a client's own `cf-connecting-ip`
/// through, and a fresh address per request would be a fresh budget per request.
pub fn client_key(req: &Request, cfg: &Config) -> String {
    match &cfg.client_address_header {
        Some(h) => match req.headers().get(h).ok().flatten().map(|v| v.trim().to_string()).filter(|v| !v.is_empty()) {
            Some(addr) => format!("addr:{addr}"),
            None => "addr:unknown".into(),
        },
        None => "all-clients".into(),
    }
}

/// `/v1/refine`, `/v1/sql` and `/v1/answer` spend the LLM budget, so they need a publish token
/// (any of this edge's) or the id of a published collection. Checked before the body is read.
pub async fn llm_access(req: &Request, env: &Env, cfg: &Config) -> Result<(), EdgeError> {
    if let Some(auth) = req.headers().get("authorization")? {
        return known_token(Some(auth.as_str()), &cfg.publish_tokens);
    }
    let Some(id) = req.headers().get(COLLECTION_HEADER)? else { return Err(EdgeError::NoLlmAccess) };
    let id = id.trim();
    check_id(id)?;
    if registry::is_published(env, id).await? {
        Ok(())
    } else {
        Err(EdgeError::NotFound(format!("no collection {id:?} is published here")))
    }
}
