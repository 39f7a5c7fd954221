//! The edge worker: published collections answered on workerd (search, the exact path,
//! generation forwarded to an OpenAI-compatible backend), with publish tokens, CORS for the
//! embedding sites, per-client rate limits and body limits. Every error is JSON.
//!
//! Routes (README.md, "Edge API"): `GET /health`; `PUT|GET|DELETE /v1/collections/{id}`;
//! `PUT /v1/collections/{id}/parts/{part}/{seq}`; `POST /v1/collections/{id}/commit`;
//! `POST /v1/collections/{id}/search`; `POST /v1/collections/{id}/ask`; `POST /v1/refine`.

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

use serde::Serialize;
use worker::{event, Context, Date, Env, Method, Request, Response, Result};

pub use collections::object::CollectionObject;
use config::Config;
use error::EdgeError;

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

async fn handle(mut req: Request, env: &Env, cfg: &Config, grant: Option<&str>, origin: Option<&str>) -> std::result::Result<Response, EdgeError> {
    let path = req.path();
    let method = req.method();
    if method == Method::Options {
        return http::preflight(grant, origin);
    }
    if path == "/health" {
        return match method {
            Method::Get | Method::Head => http::json(200, &Health { status: "ok", service: SERVICE, version: VERSION }),
            m => Err(EdgeError::MethodNotAllowed(format!("{m} is not allowed on /health"))),
        };
    }
    let client = req
        .headers()
        .get("cf-connecting-ip")?
        .or(req.headers().get("x-real-ip")?)
        .unwrap_or_else(|| "unknown".into());
    if !ratelimit::allow(&client, cfg.rate_limit_per_minute, Date::now().as_millis()) {
        return Err(EdgeError::RateLimited(cfg.rate_limit_per_minute));
    }
    if path == "/v1/refine" {
        if method != Method::Post {
            return Err(EdgeError::MethodNotAllowed(format!("{method} is not allowed on /v1/refine")));
        }
        let bytes = http::body(&mut req, cfg.max_body_bytes).await?;
        let r = refine::refine(cfg, &http::parse(&bytes)?).await?;
        return http::json(200, &r);
    }
    if path == "/v1/answer" || path == "/v1/sql" {
        if method != Method::Post {
            return Err(EdgeError::MethodNotAllowed(format!("{method} is not allowed on {path}")));
        }
        let bytes = http::body(&mut req, cfg.max_body_bytes).await?;
        return if path == "/v1/answer" {
            http::json(200, &answer::answer(cfg, &http::parse(&bytes)?).await?)
        } else {
            http::json(200, &answer::write_sql(cfg, &http::parse(&bytes)?).await?)
        };
    }
    if let Some(rest) = path.strip_prefix("/v1/collections/") {
        let segments: Vec<&str> = rest.split('/').filter(|s| !s.is_empty()).collect();
        return collections::api::route(req, env, cfg, &segments).await;
    }
    Err(EdgeError::NotFound(format!("no route for {method} {path}")))
}
