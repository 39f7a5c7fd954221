//! The worker side of `/v1/collections/{id}…` (its routes: `crate::routes`, which also checks the
//! id): checks the publish token, the body's media type and size here, at the door, and that the
//! collection is published before anything but publishing reaches its Durable Object (reaching one
//! creates its storage); then hands the request to the collection's Durable Object as one
//! [`Call`].

use worker::{Date, Env, Request, Response};

use super::internal::{Call, CALLS, MAX_ASK_CALLS};
use super::registry;
use crate::access::require_json;
use crate::auth::authorize;
use crate::config::Config;
use crate::error::EdgeError;
use crate::http::body;
use crate::routes::Route;

/// The Durable Object namespace binding (wrangler.toml).
const BINDING: &str = "COLLECTIONS";

/// `route`: one of the collection routes; `key`: the client's rate-limit key; `started`: when the
/// request arrived (ms since the epoch).
pub async fn route(mut req: Request, env: &Env, cfg: &Config, route: Route, key: &str, started: u64) -> Result<Response, EdgeError> {
    let Some(id) = route.collection().map(str::to_string) else { return Err(not_ours()) };
    // The owner's routes need a publish token for this collection.
    let owner = matches!(
        route,
        Route::Publish { .. } | Route::Delete { .. } | Route::Part { .. } | Route::Commit { .. } | Route::FeedbackSummary { .. }
    );
    // Chunks are bytes; every other body is JSON.
    let json = matches!(route, Route::Publish { .. } | Route::Search { .. } | Route::Ask { .. } | Route::Feedback { .. });
    // Only publishing may address an object that holds no collection (and so create its storage).
    let creates = matches!(route, Route::Publish { .. } | Route::Part { .. } | Route::Commit { .. } | Route::Delete { .. });
    if owner {
        authorize(req.headers().get("authorization")?.as_deref(), &cfg.publish_tokens, &id)?;
    }
    if json {
        require_json(&req)?;
    }
    if !creates && !registry::is_published(env, &id).await? {
        return Err(EdgeError::NotFound(format!("no collection {id:?} is published here")));
    }
    let bytes = if json || matches!(route, Route::Part { .. }) { Some(body(&mut req, cfg.max_body_bytes).await?) } else { None };
    let call = match route {
        Route::Info { .. } => Call::Info,
        Route::Publish { .. } => Call::Publish,
        Route::Delete { .. } => Call::Delete,
        Route::Part { part, seq, .. } => {
            Call::Part { part, seq: seq.ok_or_else(|| EdgeError::BadRequest("the chunk number is not a number".into()))? }
        }
        Route::Commit { .. } => Call::Commit,
        Route::Search { .. } => Call::Search,
        // A question may call the backend: the object gets the calls this client can still pay
        // for, and the one deadline of this request.
        Route::Ask { .. } => Call::Ask {
            stream: req.headers().get("accept")?.is_some_and(|a| a.contains("text/event-stream")),
            allowance: crate::ratelimit::remaining(key, cfg.rate_limit_per_minute, Date::now().as_millis()).min(MAX_ASK_CALLS),
            started,
        },
        Route::Feedback { .. } => Call::Feedback,
        Route::FeedbackSummary { .. } => Call::FeedbackSummary,
        Route::Preflight | Route::Health | Route::Refine | Route::Sql | Route::Answer => return Err(not_ours()),
    };
    let stub = env.durable_object(BINDING)?.id_from_name(&id)?.get_stub()?;
    let resp = stub.fetch_with_request(call.request(&id, bytes.as_deref())?).await?;
    match (call, resp.status_code()) {
        (Call::Commit, 201) => registry::set(env, &id, true).await?,
        (Call::Delete, 200 | 404) => registry::set(env, &id, false).await?,
        (Call::Ask { .. }, _) => {
            // The calls the object made (or, for a streamed answer, may still make) are paid now.
            let calls = resp.headers().get(CALLS)?.and_then(|v| v.parse::<u32>().ok()).unwrap_or(0);
            crate::ratelimit::charge(key, calls.min(MAX_ASK_CALLS), cfg.rate_limit_per_minute, Date::now().as_millis());
        }
        _ => {}
    }
    Ok(resp)
}

fn not_ours() -> EdgeError {
    EdgeError::Internal("a route that names no collection reached the collections".into())
}
