//! The worker's settings, read from its environment on each request (vars in wrangler.toml,
//! `--var` or secrets): nothing is compiled in, so one build serves every deployment.

use std::time::Duration;

use worker::Env;

use crate::auth::TokenScope;

pub struct Config {
    /// The OpenAI-compatible backend generation goes to; none: open questions get retrieved rows.
    pub llm_base_url: Option<String>,
    /// The model name sent to the backend (empty: the backend's default).
    pub llm_model: String,
    pub llm_api_key: Option<String>,
    /// The whole backend call, stream included, ends within this.
    pub llm_timeout: Duration,
    /// All backend calls of one request together (a refinement makes one or two per field) end
    /// within this, counted from when the request arrived (`REQUEST_BUDGET_MS`).
    pub request_budget: Duration,
    /// Origins that get a CORS grant and may send POST, PUT and DELETE (the app, the sites
    /// embedding the widget); `*` allows any. The edge's own origin is always allowed.
    pub allowed_origins: Vec<String>,
    pub publish_tokens: Vec<TokenScope>,
    /// Units a minute per client: one per request and one per call to the LLM backend; 0 turns
    /// the limit off.
    pub rate_limit_per_minute: u32,
    pub max_body_bytes: u64,
    /// The request header that holds the client's address *as the platform sets it*
    /// (`CLIENT_ADDRESS_HEADER`; on Cloudflare `cf-connecting-ip`, which the platform overwrites).
    /// None: the address cannot be trusted (a client may send any header), so every client shares
    /// one rate-limit bucket (docs/security.md).
    pub client_address_header: Option<String>,
}

impl Config {
    pub fn from_env(env: &Env) -> Config {
        let number = |name: &str, default: u64| text(env, name).and_then(|s| s.trim().parse().ok()).unwrap_or(default);
        Config {
            llm_base_url: text(env, "LLM_BASE_URL").map(|s| s.trim_end_matches('/').to_string()),
            llm_model: text(env, "LLM_MODEL").unwrap_or_default(),
            llm_api_key: text(env, "LLM_API_KEY"),
            llm_timeout: Duration::from_millis(number("LLM_TIMEOUT_MS", 30_000)),
            allowed_origins: text(env, "ALLOWED_ORIGINS")
                .map(|s| s.split(',').map(|o| o.trim().trim_end_matches('/').to_string()).filter(|o| !o.is_empty()).collect())
                .unwrap_or_default(),
            publish_tokens: text(env, "PUBLISH_TOKENS").map(|s| crate::auth::parse_tokens(&s)).unwrap_or_default(),
            request_budget: Duration::from_millis(number("REQUEST_BUDGET_MS", 120_000)),
            rate_limit_per_minute: number("RATE_LIMIT_PER_MINUTE", 600).min(u32::MAX as u64) as u32,
            max_body_bytes: number("MAX_BODY_BYTES", 2 << 20),
            client_address_header: text(env, "CLIENT_ADDRESS_HEADER").map(|h| h.trim().to_ascii_lowercase()),
        }
    }
}

/// A secret or a plain var; empty counts as unset.
fn text(env: &Env, name: &str) -> Option<String> {
    env.secret(name).map(|s| s.to_string()).or_else(|_| env.var(name).map(|v| v.to_string())).ok().filter(|s| !s.trim().is_empty())
}
