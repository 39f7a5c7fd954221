//! The edge worker. For now: a health check, and JSON errors for everything else.

use serde::Serialize;
use worker::{event, Context, Env, Method, Request, Response, Result};

const SERVICE: &str = "tabletalk-edge";
const VERSION: &str = env!("CARGO_PKG_VERSION");

#[derive(Serialize)]
struct Health {
    status: &'static str,
    service: &'static str,
    version: &'static str,
}

#[derive(Serialize)]
struct ApiError {
    error: &'static str,
    message: String,
}

fn error(status: u16, error: &'static str, message: String) -> Result<Response> {
    Ok(Response::from_json(&ApiError { error, message })?.with_status(status))
}

#[event(fetch)]
async fn fetch(req: Request, _env: Env, _ctx: Context) -> Result<Response> {
    let path = req.path();
    match (req.method(), path.as_str()) {
        (Method::Get | Method::Head, "/health") => Response::from_json(&Health {
            status: "ok",
            service: SERVICE,
            version: VERSION,
        }),
        (method, "/health") => error(
            405,
            "method_not_allowed",
            format!("{method} is not allowed on /health"),
        ),
        (method, _) => error(404, "not_found", format!("no route for {method} {path}")),
    }
}
