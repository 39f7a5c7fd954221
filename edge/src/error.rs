//! Every failure the edge can answer with, each with its HTTP status and a stable snake_case code,
//! so clients branch on `error` and show `message`.

use tabletalk_shared::api::ApiError;
use tabletalk_shared::generate::GenerateError;
use worker::Response;

#[derive(Debug, thiserror::Error)]
pub enum EdgeError {
    #[error("{0}")]
    BadRequest(String),
    #[error("publishing needs a bearer token: send `Authorization: Bearer <token>`")]
    Unauthorized,
    #[error("this token may not publish collection {0:?}")]
    Forbidden(String),
    #[error("origin {0:?} is not allowed to call this edge (ALLOWED_ORIGINS)")]
    OriginNotAllowed(String),
    #[error("the language model answers only for a published collection or a publish token: send `X-Tabletalk-Collection: <published id>` or `Authorization: Bearer <publish token>`")]
    NoLlmAccess,
    #[error("this token is not a publish token of this edge")]
    UnknownToken,
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{0}")]
    BudgetSpent(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    MethodNotAllowed(String),
    #[error("{0}")]
    Conflict(String),
    #[error("the body is {size} bytes; this edge accepts at most {limit}")]
    TooLarge { size: u64, limit: u64 },
    #[error("too many requests: at most {0} a minute per client; try again shortly")]
    RateLimited(u32),
    #[error("{0}")]
    Unprocessable(String),
    #[error("{0}")]
    NotConfigured(String),
    #[error("{0}")]
    Backend(String),
    #[error("{0}")]
    BackendTimeout(String),
    #[error("{0}")]
    Internal(String),
}

impl EdgeError {
    pub fn status(&self) -> u16 {
        match self {
            EdgeError::BadRequest(_) => 400,
            EdgeError::Unauthorized => 401,
            EdgeError::NoLlmAccess => 401,
            EdgeError::Forbidden(_) | EdgeError::OriginNotAllowed(_) | EdgeError::UnknownToken => 403,
            EdgeError::UnsupportedMediaType(_) => 415,
            EdgeError::BudgetSpent(_) => 429,
            EdgeError::NotFound(_) => 404,
            EdgeError::MethodNotAllowed(_) => 405,
            EdgeError::Conflict(_) => 409,
            EdgeError::TooLarge { .. } => 413,
            EdgeError::Unprocessable(_) => 422,
            EdgeError::RateLimited(_) => 429,
            EdgeError::Internal(_) => 500,
            EdgeError::Backend(_) => 502,
            EdgeError::NotConfigured(_) => 503,
            EdgeError::BackendTimeout(_) => 504,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            EdgeError::BadRequest(_) => "bad_request",
            EdgeError::Unauthorized => "unauthorized",
            EdgeError::Forbidden(_) => "forbidden",
            EdgeError::OriginNotAllowed(_) => "origin_not_allowed",
            EdgeError::NoLlmAccess => "unauthorized",
            EdgeError::UnknownToken => "forbidden",
            EdgeError::UnsupportedMediaType(_) => "unsupported_media_type",
            EdgeError::BudgetSpent(_) => "rate_limited",
            EdgeError::NotFound(_) => "not_found",
            EdgeError::MethodNotAllowed(_) => "method_not_allowed",
            EdgeError::Conflict(_) => "conflict",
            EdgeError::TooLarge { .. } => "payload_too_large",
            EdgeError::Unprocessable(_) => "unprocessable",
            EdgeError::RateLimited(_) => "rate_limited",
            EdgeError::NotConfigured(_) => "not_configured",
            EdgeError::Backend(_) => "backend_unavailable",
            EdgeError::BackendTimeout(_) => "backend_timeout",
            EdgeError::Internal(_) => "internal",
        }
    }

    pub fn body(&self) -> ApiError {
        ApiError { error: self.code().to_string(), message: self.to_string() }
    }

    /// The JSON error response (building it only fails if the runtime is broken).
    pub fn response(&self) -> worker::Result<Response> {
        let mut r = Response::from_json(&self.body())?.with_status(self.status());
        if let EdgeError::RateLimited(_) | EdgeError::BudgetSpent(_) = self {
            r.headers_mut().set("retry-after", "60")?;
        }
        Ok(r)
    }
}

impl From<worker::Error> for EdgeError {
    fn from(e: worker::Error) -> Self {
        EdgeError::Internal(e.to_string())
    }
}

impl From<GenerateError> for EdgeError {
    fn from(e: GenerateError) -> Self {
        // Details (the backend's address, its own error text) go to the worker's log only: the
        // answer is public, and a widget visitor must not learn where the GPU backend lives.
        worker::console_error!("generation failed: {e}");
        match e {
            GenerateError::Status { status: 429, ref message } if message == crate::llm::BUDGET_SPENT => EdgeError::BudgetSpent(
                "this request's share of the language model is spent (each backend call counts against the per-client rate limit); try again shortly".into(),
            ),
            GenerateError::Timeout(_) => EdgeError::BackendTimeout(e.to_string()),
            GenerateError::Unreachable(_) => EdgeError::Backend("the language model cannot be reached".into()),
            GenerateError::Status { status, .. } => EdgeError::Backend(format!("the language model answered HTTP {status}")),
            GenerateError::ContextTooLong(_) => EdgeError::Backend("the question and its rows are longer than the language model's context".into()),
            GenerateError::Malformed(_) => EdgeError::Backend("the language model sent a malformed answer".into()),
            GenerateError::Stream(_) => EdgeError::Backend("the language model failed mid-answer".into()),
            // What the model wrote is not secret: the caller sees why its SQL was not used.
            GenerateError::NoSql(_) | GenerateError::SqlRefused(_) => EdgeError::Unprocessable(e.to_string()),
            GenerateError::Retrieval(_) => EdgeError::Internal("the rows could not be ranked".into()),
            GenerateError::Remote(_) => EdgeError::Backend("the language model gave no answer".into()),
        }
    }
}
