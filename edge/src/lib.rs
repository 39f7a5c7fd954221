//! The edge worker: published collections answered on workerd (search, the exact path,
//! generation forwarded to an OpenAI-compatible backend), with publish tokens, CORS for the
//! embedding sites, per-client rate limits and body limits. Every error is JSON.
//!
//! Routes (README.md, "Edge API"; the one table: `routes`): `GET /health`;
//! `PUT|GET|DELETE /v1/collections/{id}`; `PUT /v1/collections/{id}/parts/{part}/{seq}`;
//! `POST /v1/collections/{id}/commit`, `…/search`, `…/ask`; `POST|GET /v1/collections/{id}/feedback`;
//! `POST /v1/refine`, `/v1/sql`, `/v1/answer` (a publish token or a published collection: `access`).
//!
//! Every POST, PUT and DELETE from a browser must come from an allowed origin, JSON bodies must
//! say so (415 otherwise, which forces a preflight), and every request and every LLM backend call
//! is counted against the client's rate limit (docs/security.md).

mod access;
mod answer;
mod auth;
mod collections;
mod config;
mod error;
mod grounded;
mod http;
mod llm;
mod ratelimit;
mod refine;
mod routes;

use serde::Serialize;
use worker::{event, Context, Date, Env, Request, Response, Result};

pub use collections::object::CollectionObject;
pub use collections::registry::Registry;
use config::Config;
use error::EdgeError;
use llm::{Allowance, Backend};
use routes::Route;

const SERVICE: &str = "tabletalk-edge";
const VERSION: &str = env!("CARGO_PKG_VERSION");

#[derive(Serialize)]
struct Health {
    status: &'static str,
    service: &'static str,
    version: &'static str,
}

#[event(fetch)]
async fn fetch(req: Request, env: Env, _ctx: Context) -> Result<Response> {
    let cfg = Config::from_env(&env);
    let origin = req.headers().get("origin")?;
    let grant = http::granted_origin(origin.as_deref(), &cfg.allowed_origins);
    let resp = match handle(req, &env, &cfg, grant.as_deref(), origin.as_deref()).await {
        Ok(r) => r,
        Err(e) => e.response()?,
    };
    Ok(http::with_cors(resp, grant.as_deref()))
}

async fn handle(
    mut req: Request,
    env: &Env,
    cfg: &Config,
    grant: Option<&str>,
    origin: Option<&str>,
) -> std::result::Result<Response, EdgeError> {
    let path = req.path();
    let method = req.method();
    let route = Route::parse(&method, &path);
    let started = Date::now().as_millis();
    let key = access::client_key(&req, cfg);
    // Every request but a preflight and `/health` (its 405 too), routed or not, passes the origin
    // check and is counted, before anything is read or computed.
    if !Route::is_open(&method, &path) {
        access::check_origin(&req, cfg)?;
        if !ratelimit::spend(&key, 1, cfg.rate_limit_per_minute, started) {
            return Err(EdgeError::RateLimited(cfg.rate_limit_per_minute));
        }
    }
    match route? {
        Route::Preflight => http::preflight(grant, origin),
        Route::Health => http::json(200, &Health { status: "ok", service: SERVICE, version: VERSION }),
        llm @ (Route::Refine | Route::Answer | Route::Sql) => {
            access::require_json(&req)?;
            access::llm_access(&req, env, cfg).await?;
            let bytes = http::body(&mut req, cfg.max_body_bytes).await?;
            let backend = Backend::from_config(cfg, Allowance::Meter { key: key.clone(), per_minute: cfg.rate_limit_per_minute }, started);
            match llm {
                Route::Refine => {
                    let left = ratelimit::remaining(&key, cfg.rate_limit_per_minute, Date::now().as_millis());
                    http::json(200, &refine::refine(backend, left, &http::parse(&bytes)?).await?)
                }
                Route::Answer => http::json(200, &answer::answer(backend, &http::parse(&bytes)?).await?),
                _ => http::json(200, &answer::write_sql(backend, &http::parse(&bytes)?).await?),
            }
        }
        collection => collections::api::route(req, env, cfg, collection, &key, started).await,
    }
}
