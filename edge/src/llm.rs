//! The LLM backend over `worker::Fetch`: any OpenAI-compatible server (`tabletalk-llm`, vLLM,
//! llama.cpp). The wire format and the SSE decoder are `shared::generate::wire`, the same code
//! the CLI's ureq client uses. Every await is raced against one deadline and the request is
//! aborted when it passes, so a slow or silent backend costs at most `LLM_TIMEOUT_MS` a call, and
//! all the calls of one request together at most `REQUEST_BUDGET_MS` from its arrival.
//!
//! Every call is paid for first ([`Allowance`]): in the worker from the client's rate-limit units,
//! in a collection's Durable Object from the allowance the worker passed along. A call that cannot
//! be paid for is not made.

use std::cell::Cell;
use std::future::Future;
use std::pin::pin;
use std::time::Duration;

use futures::future::{select, Either};
use futures::StreamExt;
use tabletalk_shared::generate::grounded::SendPrompt;
use tabletalk_shared::generate::wire::{parse_response, status_error};
use tabletalk_shared::generate::{ChatMessage, ChatRequest, GenerateError, SseDecoder, StreamEvent};
use worker::{AbortController, Date, Delay, Fetch, Headers, Method, Request, RequestInit};

use crate::config::Config;

/// The message of the error a call that cannot be paid for ends with (`EdgeError::BudgetSpent`).
pub const BUDGET_SPENT: &str = "backend call budget spent";

/// How a request pays for its backend calls.
pub enum Allowance {
    /// One unit of the client's rate limit per call (the worker's own endpoints).
    Meter { key: String, per_minute: u32 },
    /// At most this many calls (a Durable Object: the worker reserved them for the client).
    Fixed(Cell<u32>),
}

pub struct Backend {
    base: String,
    model: String,
    api_key: Option<String>,
    timeout: Duration,
    /// When every call of this request must have ended (ms since the epoch).
    deadline: u64,
    allowance: Allowance,
    used: Cell<u32>,
}

pub use tabletalk_shared::generate::wire::Sampling;

impl Backend {
    /// The configured backend for one request that arrived at `started_ms`.
    pub fn from_config(cfg: &Config, allowance: Allowance, started_ms: u64) -> Option<Backend> {
        Some(Backend {
            base: cfg.llm_base_url.clone()?,
            model: cfg.llm_model.clone(),
            api_key: cfg.llm_api_key.clone(),
            timeout: cfg.llm_timeout,
            deadline: started_ms.saturating_add(cfg.request_budget.as_millis() as u64),
            allowance,
            used: Cell::new(0),
        })
    }

    /// Calls made (paid for) so far.
    pub fn used(&self) -> u32 {
        self.used.get()
    }

    /// Calls a fixed allowance has left (0 for a meter: it is paid per call, never reserved).
    pub fn left(&self) -> u32 {
        match &self.allowance {
            Allowance::Fixed(n) => n.get(),
            Allowance::Meter { .. } => 0,
        }
    }

    fn pay(&self) -> bool {
        let paid = match &self.allowance {
            Allowance::Meter { key, per_minute } => crate::ratelimit::spend(key, 1, *per_minute, Date::now().as_millis()),
            Allowance::Fixed(n) => match n.get() {
                0 => false,
                k => {
                    n.set(k - 1);
                    true
                }
            },
        };
        if paid {
            self.used.set(self.used.get() + 1);
        }
        paid
    }

    fn url(&self) -> String {
        if self.base.ends_with("/v1") {
            format!("{}/chat/completions", self.base)
        } else {
            format!("{}/v1/chat/completions", self.base)
        }
    }

    /// One chat completion; with `on_text` it is streamed and each piece handed over as it comes.
    pub async fn chat(
        &self,
        messages: Vec<ChatMessage>,
        s: &Sampling,
        on_text: Option<&mut dyn FnMut(&str)>,
    ) -> Result<String, GenerateError> {
        let now = Date::now().as_millis();
        if now >= self.deadline {
            return Err(GenerateError::Timeout(self.timeout.as_secs().max(1)));
        }
        if !self.pay() {
            return Err(GenerateError::Status { status: 429, message: BUDGET_SPENT.into() });
        }
        let deadline = (now + self.timeout.as_millis() as u64).min(self.deadline);
        let controller = AbortController::default();
        let result = self.chat_until(deadline, &controller, messages, s, on_text).await;
        if matches!(result, Err(GenerateError::Timeout(_))) {
            controller.abort();
        }
        result
    }

    async fn chat_until(
        &self,
        deadline: u64,
        controller: &AbortController,
        messages: Vec<ChatMessage>,
        s: &Sampling,
        on_text: Option<&mut dyn FnMut(&str)>,
    ) -> Result<String, GenerateError> {
        let stream = on_text.is_some();
        let body = ChatRequest::new(&self.model, messages, s, stream);
        let body = serde_json::to_string(&body).map_err(|e| GenerateError::Malformed(e.to_string()))?;
        let headers = Headers::new();
        let _ = headers.set("content-type", "application/json");
        if let Some(k) = &self.api_key {
            let _ = headers.set("authorization", &format!("Bearer {k}"));
        }
        let mut init = RequestInit::new();
        init.with_method(Method::Post).with_headers(headers).with_body(Some(body.into()));
        let req = Request::new_with_init(&self.url(), &init).map_err(|e| GenerateError::Unreachable(format!("{}: {e}", self.base)))?;
        let secs = self.timeout.as_secs().max(1);
        let signal = controller.signal();
        let mut resp = until(deadline, secs, Fetch::Request(req).send_with_signal(&signal))
            .await?
            .map_err(|e| GenerateError::Unreachable(format!("{} cannot be reached ({e})", self.base)))?;
        let status = resp.status_code();
        if !stream || !(200..300).contains(&status) {
            let text = until(deadline, secs, resp.text()).await?.map_err(|e| GenerateError::Stream(e.to_string()))?;
            if !(200..300).contains(&status) {
                return Err(status_error(status, &text));
            }
            return parse_response(status, &text).map(|(t, _)| t);
        }
        let Some(on_text) = on_text else { unreachable!("stream is on_text.is_some()") };
        let bytes = resp.stream().map_err(|e| GenerateError::Stream(e.to_string()))?;
        let mut bytes = pin!(bytes);
        let mut decoder = SseDecoder::default();
        let mut text = String::new();
        loop {
            let Some(chunk) = until(deadline, secs, bytes.next()).await? else {
                return Err(GenerateError::Stream("the backend closed the stream before it finished".into()));
            };
            let chunk = chunk.map_err(|e| GenerateError::Stream(format!("the connection to the backend broke ({e})")))?;
            for ev in decoder.feed(&chunk)? {
                match ev {
                    StreamEvent::Text(t) => {
                        on_text(&t);
                        text.push_str(&t);
                    }
                    StreamEvent::Finish(_) => {}
                    StreamEvent::Done => return Ok(text),
                }
            }
        }
    }
}

/// The edge's transport for grounded answering (`shared::generate::grounded`).
impl SendPrompt for Backend {
    async fn send(&self, messages: Vec<ChatMessage>, s: &Sampling, on_text: Option<&mut dyn FnMut(&str)>) -> Result<String, GenerateError> {
        self.chat(messages, s, on_text).await
    }
}

/// `fut`, or a timeout error when the deadline passes first.
async fn until<F: Future>(deadline: u64, secs: u64, fut: F) -> Result<F::Output, GenerateError> {
    let left = deadline.saturating_sub(Date::now().as_millis());
    if left == 0 {
        return Err(GenerateError::Timeout(secs));
    }
    let fut = pin!(fut);
    let delay = pin!(Delay::from(Duration::from_millis(left)));
    match select(fut, delay).await {
        Either::Left((out, _)) => Ok(out),
        Either::Right(_) => Err(GenerateError::Timeout(secs)),
    }
}
