//! HTTP routes: chat completions (JSON or server-sent events), the model list and health.

use std::convert::Infallible;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::sse::{Event as SseEvent, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::engine::{GenRequest, Interrupt, ModelText, Outcome};
use crate::error::ApiError;
use crate::queue::{Event, Queue, QueueError};
use crate::wire::{ChatRequest, ResponseMeta};

/// What every handler shares.
pub struct AppState {
    pub queue: Arc<Queue>,
    pub text: Arc<ModelText>,
    pub timeout: Duration,
    /// Unix seconds when the server started (the model's `created`).
    pub created: u64,
}

pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/v1/chat/completions", post(chat_completions))
        .route("/v1/models", get(models))
        .route("/health", get(health))
        .fallback(|| async { ApiError::not_found("no such route") })
        .method_not_allowed_fallback(|| async { ApiError::method_not_allowed() })
        .with_state(state)
}

pub fn unix_now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// A fresh value per request, for ids and default seeds.
fn unique() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    nanos ^ COUNTER.fetch_add(1, Ordering::Relaxed).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

async fn health(State(state): State<Arc<AppState>>) -> Json<Value> {
    let (busy, waiting) = state.queue.load();
    Json(json!({"status": "ok", "model": state.text.model_id, "busy": busy, "waiting": waiting}))
}

async fn models(State(state): State<Arc<AppState>>) -> Json<Value> {
    Json(json!({
        "object": "list",
        "data": [{"id": state.text.model_id, "object": "model", "owned_by": "tabletalk", "created": state.created}],
    }))
}

async fn chat_completions(State(state): State<Arc<AppState>>, body: Result<Bytes, BytesRejection>) -> Response {
    match start(&state, body).await {
        Ok(started) if started.stream => stream_response(state, started).into_response(),
        Ok(started) => complete(state, started).await.unwrap_or_else(IntoResponse::into_response),
        Err(e) => e.into_response(),
    }
}

/// A request accepted into the queue.
struct Started {
    events: UnboundedReceiver<Event>,
    deadline: Instant,
    stream: bool,
    include_usage: bool,
    id: String,
    created: u64,
}

/// The error for a body axum could not read: 413 past the body limit (2 MB, axum's default),
/// else 400.
pub fn body_error(e: BytesRejection) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::too_large(e.body_text())
    } else {
        ApiError::bad_request("invalid_body", e.body_text())
    }
}

fn queue_error(e: QueueError) -> ApiError {
    match e {
        QueueError::Full { retry_after_secs, .. } => ApiError::queue_full(e.to_string(), retry_after_secs),
        QueueError::Closed => ApiError::unavailable(e.to_string()),
    }
}

/// Parses and checks the request, takes a place in the queue (or refuses with 429), and only
/// then renders and tokenises it, on a blocking thread so `/health` and other requests go on.
async fn start(state: &AppState, body: Result<Bytes, BytesRejection>) -> Result<Started, ApiError> {
    let body = body.map_err(body_error)?;
    let request: ChatRequest = serde_json::from_slice(&body)
        .map_err(|e| ApiError::bad_request("invalid_json", format!("the request body is not a valid chat request: {e}")))?;
    drop(body);
    let messages = request.template_messages()?;
    let params = request.params()?;
    let ticket = state.queue.reserve().map_err(queue_error)?;
    let text = Arc::clone(&state.text);
    let max_tokens = params.max_tokens;
    let prompt = tokio::task::spawn_blocking(move || -> Result<(Vec<u32>, usize), ApiError> {
        let prompt_text = text.template.render(&messages).map_err(|e| ApiError::bad_request("invalid_messages", e.to_string()))?;
        let prompt = text.codec.encode(&prompt_text).map_err(|e| ApiError::internal(e.to_string()))?;
        let budget = completion_budget(text.ctx, prompt.len(), max_tokens)?;
        Ok((prompt, budget))
    })
    .await
    .map_err(|e| ApiError::internal(format!("preparing the prompt: {e}")))?;
    let (prompt, max_tokens) = prompt?;
    let seed = params.seed.unwrap_or_else(unique);
    let gen = GenRequest {
        prompt,
        max_tokens,
        sampling: params.sampling,
        seed,
        repetition_penalty: params.repetition_penalty,
        stop: params.stop,
    };
    let deadline = Instant::now() + state.timeout;
    let events = ticket.submit(gen, deadline).map_err(queue_error)?;
    Ok(Started {
        events,
        deadline,
        stream: params.stream,
        include_usage: params.include_usage,
        id: format!("chatcmpl-{:016x}", unique()),
        created: unix_now(),
    })
}

/// The completion's token budget: the request's `max_tokens` when prompt and completion fit the
/// context, else a 400. Checked arithmetic: `max_tokens` is any u64 a client sends
/// (18446744073709551615 overflowed the sum and panicked the handler).
pub fn completion_budget(ctx: usize, prompt: usize, requested: Option<u64>) -> Result<usize, ApiError> {
    match requested {
        Some(n) => match usize::try_from(n).ok().filter(|&n| prompt.checked_add(n).is_some_and(|total| total <= ctx)) {
            Some(n) => Ok(n),
            None => Err(ApiError::context_length(ctx as u64, prompt as u64, n)),
        },
        // Like vLLM: without a limit, generate up to the end of the context.
        None if prompt >= ctx => Err(ApiError::context_length(ctx as u64, prompt as u64, 1)),
        None => Ok(ctx - prompt),
    }
}

/// The error a generation that did not finish becomes.
fn interrupted(why: Interrupt, timeout: Duration) -> ApiError {
    match why {
        Interrupt::TimedOut => ApiError::timeout(timeout.as_secs()),
        Interrupt::ShuttingDown => ApiError::unavailable("the server is shutting down"),
        Interrupt::Cancelled => ApiError::unavailable("the request was cancelled"),
    }
}

/// Waits for the whole completion; the deadline also covers time spent queued.
async fn complete(state: Arc<AppState>, mut started: Started) -> Result<Response, ApiError> {
    let deadline = tokio::time::Instant::from_std(started.deadline);
    let mut text = String::new();
    loop {
        let event =
            tokio::time::timeout_at(deadline, started.events.recv()).await.map_err(|_| ApiError::timeout(state.timeout.as_secs()))?;
        match event {
            Some(Event::Delta(t)) => text.push_str(&t),
            Some(Event::Done(Outcome::Finished(finish))) => {
                let meta = ResponseMeta { id: &started.id, created: started.created, model: &state.text.model_id };
                return Ok(Json(meta.completion(&text, &finish)).into_response());
            }
            Some(Event::Done(Outcome::Interrupted(why))) => return Err(interrupted(why, state.timeout)),
            Some(Event::Failed(message)) => return Err(ApiError::internal(message)),
            None => return Err(ApiError::unavailable("the generation worker stopped")),
        }
    }
}

fn sse(value: &Value) -> SseEvent {
    SseEvent::default().data(value.to_string())
}

/// Streams chunks as server-sent events. A forwarding task reads the worker's events; when the
/// client goes away the body is dropped, the task sees it and drops the worker's channel, and
/// the worker stops at its next token.
fn stream_response(state: Arc<AppState>, mut started: Started) -> impl IntoResponse {
    let (out, mut out_rx) = tokio::sync::mpsc::channel::<SseEvent>(64);
    tokio::spawn(async move {
        let meta = ResponseMeta { id: &started.id, created: started.created, model: &state.text.model_id };
        let deadline = tokio::time::Instant::from_std(started.deadline);
        let mut pending = vec![sse(&meta.chunk(json!({"role": "assistant"}), None))];
        loop {
            for event in pending.drain(..) {
                if out.send(event).await.is_err() {
                    return;
                }
            }
            let next = tokio::select! {
                _ = out.closed() => return,
                next = tokio::time::timeout_at(deadline, started.events.recv()) => next,
            };
            let error = match next {
                Ok(Some(Event::Delta(t))) => {
                    pending.push(sse(&meta.chunk(json!({"content": t}), None)));
                    continue;
                }
                Ok(Some(Event::Done(Outcome::Finished(finish)))) => {
                    pending.push(sse(&meta.chunk(json!({}), Some(finish.reason.as_str()))));
                    if started.include_usage {
                        pending.push(sse(&meta.usage_chunk(&finish)));
                    }
                    None
                }
                Ok(Some(Event::Done(Outcome::Interrupted(why)))) => Some(interrupted(why, state.timeout)),
                Ok(Some(Event::Failed(message))) => Some(ApiError::internal(message)),
                Ok(None) => Some(ApiError::unavailable("the generation worker stopped")),
                Err(_) => Some(ApiError::timeout(state.timeout.as_secs())),
            };
            if let Some(error) = error {
                pending.push(sse(&error.body()));
            }
            pending.push(SseEvent::default().data("[DONE]"));
            for event in pending.drain(..) {
                if out.send(event).await.is_err() {
                    return;
                }
            }
            return;
        }
    });
    let body = futures::stream::poll_fn(move |cx| out_rx.poll_recv(cx).map(|e| e.map(Ok::<_, Infallible>)));
    Sse::new(body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::extract::FromRequest;
    use axum::http::Request;

    /// Issue 20: a body over the 2 MB limit is a 413 in OpenAI's error shape, not a 400.
    #[tokio::test]
    async fn bodies_over_two_megabytes_are_413() {
        let big = Request::builder().header("content-type", "application/json").body(Body::from(vec![b' '; 2 * 1024 * 1024 + 1])).unwrap();
        let e = body_error(Bytes::from_request(big, &()).await.unwrap_err());
        assert_eq!(e.status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(e.code, "body_too_large");
        let small = Request::builder().body(Body::from(vec![b' '; 1024])).unwrap();
        assert!(Bytes::from_request(small, &()).await.is_ok());
    }

    /// A full queue refuses before anything is tokenised: places held by requests still being
    /// prepared count, and a dropped place is given back.
    #[test]
    fn a_place_is_held_before_tokenising() {
        let q = Queue::new(2);
        let a = q.reserve().unwrap();
        let _b = q.reserve().unwrap();
        assert!(matches!(q.reserve(), Err(QueueError::Full { waiting: 2, .. })));
        assert_eq!(q.load(), (false, 2));
        drop(a);
        let c = q.reserve().unwrap();
        let gen = GenRequest {
            prompt: vec![1],
            max_tokens: 1,
            sampling: candle_transformers::generation::Sampling::ArgMax,
            seed: 0,
            repetition_penalty: 1.0,
            stop: Vec::new(),
        };
        let _rx = c.submit(gen.clone(), Instant::now()).unwrap();
        assert_eq!(q.load(), (false, 2));
        assert!(q.submit(gen, Instant::now()).is_err());
    }

    #[test]
    fn huge_max_tokens_is_a_400_not_a_panic() {
        // Issue 20: this body panicked the server (prompt + max_tokens overflowed).
        let body = br#"{"messages": [{"role": "user", "content": "hi"}], "max_tokens": 18446744073709551615}"#;
        let request: ChatRequest = serde_json::from_slice(body).unwrap();
        let params = request.params().unwrap();
        let e = completion_budget(2048, 12, params.max_tokens).unwrap_err();
        assert_eq!(e.status, axum::http::StatusCode::BAD_REQUEST);
        assert_eq!(e.code, "context_length_exceeded");
        assert!(e.message.contains("18446744073709551615 in the completion"), "{}", e.message);
        assert!(e.message.contains("you requested 18446744073709551627 tokens"), "{}", e.message);
        // The ordinary cases are unchanged.
        assert_eq!(completion_budget(2048, 12, Some(100)).unwrap(), 100);
        assert_eq!(completion_budget(2048, 12, None).unwrap(), 2036);
        assert!(completion_budget(2048, 12, Some(2037)).is_err());
        assert!(completion_budget(2048, 2048, None).is_err());
    }
}
