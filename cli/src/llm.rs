//! A blocking client for any OpenAI-compatible backend (vLLM, llama.cpp's server, `tabletalk-llm`):
//! every call is bounded in time, and every failure becomes a `GenerateError` that says why.

use std::io::{BufRead, BufReader};
use std::time::{Duration, Instant};

use tabletalk_shared::generate::grounded::SendPrompt;
use tabletalk_shared::generate::wire::{parse_response, status_error};
use tabletalk_shared::generate::{ChatMessage, ChatRequest, GenerateError, SseDecoder, StreamEvent};

/// Where the backend is and how long to wait for it.
pub struct Backend {
    base: String,
    model: String,
    api_key: Option<String>,
    agent: ureq::Agent,
    timeout: Duration,
}

pub use tabletalk_shared::generate::wire::Sampling;

impl Backend {
    /// `url` is the server's base (`http://127.0.0.1:8081` or `…/v1`); the model is the one named,
    /// else the first the server lists.
    pub fn connect(url: &str, model: Option<String>, api_key: Option<String>, timeout: Duration) -> Result<Backend, GenerateError> {
        let base = url.trim_end_matches('/').trim_end_matches("/v1").to_string();
        let agent = ureq::AgentBuilder::new().timeout_connect(Duration::from_secs(5).min(timeout)).timeout(timeout).build();
        let mut b = Backend { base, model: String::new(), api_key, agent, timeout };
        b.model = match model {
            Some(m) => m,
            None => b.first_model()?,
        };
        Ok(b)
    }

    fn first_model(&self) -> Result<String, GenerateError> {
        let url = format!("{}/v1/models", self.base);
        let mut req = self.agent.get(&url);
        if let Some(k) = &self.api_key {
            req = req.set("Authorization", &format!("Bearer {k}"));
        }
        let body = match req.call() {
            Ok(r) => r.into_string().map_err(|e| self.io_error(e))?,
            Err(e) => return Err(self.transport(e)),
        };
        let v: serde_json::Value = serde_json::from_str(&body).map_err(|e| GenerateError::Malformed(format!("/v1/models: {e}")))?;
        v["data"][0]["id"].as_str().map(str::to_string).ok_or_else(|| GenerateError::Malformed("/v1/models lists no model".into()))
    }

    /// One chat completion; with `on_text`, streamed (each piece as it arrives).
    pub fn chat(&self, messages: Vec<ChatMessage>, s: &Sampling, on_text: Option<&mut dyn FnMut(&str)>) -> Result<String, GenerateError> {
        let stream = on_text.is_some();
        let body = ChatRequest::new(&self.model, messages, s, stream);
        let url = format!("{}/v1/chat/completions", self.base);
        let mut req = self.agent.post(&url).set("Content-Type", "application/json");
        if stream {
            req = req.set("Accept", "text/event-stream");
        }
        if let Some(k) = &self.api_key {
            req = req.set("Authorization", &format!("Bearer {k}"));
        }
        let json = serde_json::to_string(&body).map_err(|e| GenerateError::Malformed(e.to_string()))?;
        let resp = match req.send_string(&json) {
            Ok(r) => r,
            Err(ureq::Error::Status(code, r)) => return Err(status_error(code, &r.into_string().unwrap_or_default())),
            Err(e) => return Err(self.transport(e)),
        };
        let Some(on_text) = on_text else {
            let status = resp.status();
            let text = resp.into_string().map_err(|e| self.io_error(e))?;
            return parse_response(status, &text).map(|(t, _)| t);
        };
        let started = Instant::now();
        let mut reader = BufReader::new(resp.into_reader());
        let mut decoder = SseDecoder::default();
        let mut text = String::new();
        let mut line = Vec::new();
        loop {
            line.clear();
            let n = reader.read_until(b'\n', &mut line).map_err(|e| self.io_error(e))?;
            if n == 0 {
                // The connection closed without the final event: a killed or crashed backend.
                return Err(GenerateError::Stream(format!("the stream ended without [DONE] after {} characters", text.len())));
            }
            for ev in decoder.feed(&line)? {
                match ev {
                    StreamEvent::Text(t) => {
                        on_text(&t);
                        text.push_str(&t);
                    }
                    StreamEvent::Finish(_) => {}
                    StreamEvent::Done => return Ok(text),
                }
            }
            if started.elapsed() > self.timeout {
                return Err(GenerateError::Timeout(self.timeout.as_secs()));
            }
        }
    }

    fn transport(&self, e: ureq::Error) -> GenerateError {
        match e {
            ureq::Error::Status(code, r) => status_error(code, &r.into_string().unwrap_or_default()),
            ureq::Error::Transport(t) => {
                let msg = t.to_string();
                if msg.contains("timed out") || msg.contains("Timeout") {
                    GenerateError::Timeout(self.timeout.as_secs())
                } else {
                    GenerateError::Unreachable(format!("{} is not reachable: {msg}", self.base))
                }
            }
        }
    }

    fn io_error(&self, e: std::io::Error) -> GenerateError {
        if matches!(e.kind(), std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock) {
            GenerateError::Timeout(self.timeout.as_secs())
        } else {
            GenerateError::Stream(format!("reading the answer from {}: {e}", self.base))
        }
    }
}

/// The CLI's transport for grounded answering: blocking, so the future is ready when polled.
impl SendPrompt for Backend {
    async fn send(&self, messages: Vec<ChatMessage>, s: &Sampling, on_text: Option<&mut dyn FnMut(&str)>) -> Result<String, GenerateError> {
        self.chat(messages, s, on_text)
    }
}
