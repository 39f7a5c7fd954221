//! Errors as HTTP responses in OpenAI's shape: `{"error": {"message", "type", "code"}}`.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    pub kind: &'static str,
    pub code: &'static str,
    /// Seconds for a `Retry-After` header (429).
    pub retry_after: Option<u64>,
}

impl ApiError {
    fn new(status: StatusCode, kind: &'static str, code: &'static str, message: impl Into<String>) -> Self {
        Self { status, message: message.into(), kind, code, retry_after: None }
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_request_error", code, message)
    }

    /// Clients read both numbers from the message to shorten the prompt and retry. The sum is
    /// taken in u128: a client's `max_tokens` may be u64::MAX.
    pub fn context_length(ctx: u64, prompt: u64, completion: u64) -> Self {
        Self::bad_request(
            "context_length_exceeded",
            format!(
                "This model's maximum context length is {ctx} tokens. However, you requested {} tokens \
                 ({prompt} in the messages, {completion} in the completion). Please reduce the length \
                 of the messages or completion.",
                u128::from(prompt) + u128::from(completion)
            ),
        )
    }

    /// The body is over the server's limit (2 MB).
    pub fn too_large(message: impl Into<String>) -> Self {
        Self::new(StatusCode::PAYLOAD_TOO_LARGE, "invalid_request_error", "body_too_large", message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "invalid_request_error", "not_found", message)
    }

    pub fn method_not_allowed() -> Self {
        Self::new(StatusCode::METHOD_NOT_ALLOWED, "invalid_request_error", "method_not_allowed", "method not allowed on this route")
    }

    pub fn queue_full(message: impl Into<String>, retry_after: u64) -> Self {
        let mut e = Self::new(StatusCode::TOO_MANY_REQUESTS, "rate_limit_error", "queue_full", message);
        e.retry_after = Some(retry_after);
        e
    }

    pub fn timeout(secs: u64) -> Self {
        Self::new(StatusCode::GATEWAY_TIMEOUT, "timeout_error", "timeout", format!("generation exceeded the time limit of {secs} s"))
    }

    pub fn unavailable(message: impl Into<String>) -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, "server_error", "unavailable", message)
    }

    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "server_error", "internal_error", message)
    }

    /// The JSON body, also sent as an SSE event when a stream fails.
    pub fn body(&self) -> serde_json::Value {
        json!({"error": {"message": self.message, "type": self.kind, "code": self.code}})
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body())).into_response();
        if let Some(secs) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}
