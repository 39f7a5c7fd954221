//! The OpenAI chat-completions request and response bodies.

use candle_transformers::generation::Sampling;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::chat_template::Message;
use crate::engine::Finish;
use crate::error::ApiError;

/// Repetition penalty (vLLM's extension) when the request names none: off, as in vLLM. SmolLM2
/// with candle's usual 1.1 stopped counting "1, 2, 3" and answering "2 + 3" (digits repeat).
pub const DEFAULT_REPETITION_PENALTY: f32 = 1.0;

#[derive(Debug, Deserialize)]
pub struct ChatRequest {
    #[serde(default)]
    pub model: Option<String>,
    pub messages: Vec<WireMessage>,
    #[serde(default)]
    pub max_tokens: Option<u64>,
    #[serde(default)]
    pub max_completion_tokens: Option<u64>,
    #[serde(default)]
    pub temperature: Option<f64>,
    #[serde(default)]
    pub top_p: Option<f64>,
    #[serde(default)]
    pub stop: Option<StopField>,
    #[serde(default)]
    pub seed: Option<i64>,
    #[serde(default)]
    pub stream: Option<bool>,
    #[serde(default)]
    pub stream_options: Option<StreamOptions>,
    #[serde(default)]
    pub repetition_penalty: Option<f32>,
}

#[derive(Debug, Deserialize)]
pub struct StreamOptions {
    #[serde(default)]
    pub include_usage: bool,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum StopField {
    One(String),
    Many(Vec<String>),
}

#[derive(Debug, Deserialize)]
pub struct WireMessage {
    pub role: String,
    #[serde(default)]
    pub content: Option<Content>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Content {
    Text(String),
    Parts(Vec<Part>),
}

#[derive(Debug, Deserialize)]
pub struct Part {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub text: Option<String>,
}

/// Sampling settings checked and converted from the request.
#[derive(Debug, Clone)]
pub struct Params {
    /// As sent (any u64); `api::completion_budget` checks it against the context.
    pub max_tokens: Option<u64>,
    pub sampling: Sampling,
    pub seed: Option<u64>,
    pub repetition_penalty: f32,
    pub stop: Vec<String>,
    pub stream: bool,
    pub include_usage: bool,
}

impl ChatRequest {
    /// Messages as the template sees them; text parts are joined, other parts refused.
    pub fn template_messages(&self) -> Result<Vec<Message>, ApiError> {
        if self.messages.is_empty() {
            return Err(ApiError::bad_request("invalid_messages", "`messages` must hold at least one message"));
        }
        self.messages
            .iter()
            .map(|m| {
                let content = match &m.content {
                    None => String::new(),
                    Some(Content::Text(t)) => t.clone(),
                    Some(Content::Parts(parts)) => {
                        let mut text = String::new();
                        for part in parts {
                            match (part.kind.as_str(), &part.text) {
                                ("text", Some(t)) => text.push_str(t),
                                (kind, _) => {
                                    return Err(ApiError::bad_request(
                                        "unsupported_content",
                                        format!("content parts of type {kind:?} are not supported; send text"),
                                    ))
                                }
                            }
                        }
                        text
                    }
                };
                Ok(Message { role: m.role.clone(), content })
            })
            .collect()
    }

    pub fn params(&self) -> Result<Params, ApiError> {
        let max_tokens = self.max_completion_tokens.or(self.max_tokens);
        if max_tokens == Some(0) {
            return Err(ApiError::bad_request("invalid_max_tokens", "`max_tokens` must be at least 1"));
        }
        let temperature = self.temperature.unwrap_or(1.0);
        if !(0.0..=2.0).contains(&temperature) {
            return Err(ApiError::bad_request("invalid_temperature", "`temperature` must be between 0 and 2"));
        }
        let top_p = self.top_p.unwrap_or(1.0);
        if !(top_p > 0.0 && top_p <= 1.0) {
            return Err(ApiError::bad_request("invalid_top_p", "`top_p` must be in (0, 1]"));
        }
        let repetition_penalty = self.repetition_penalty.unwrap_or(DEFAULT_REPETITION_PENALTY);
        if !(repetition_penalty.is_finite() && repetition_penalty > 0.0) {
            return Err(ApiError::bad_request("invalid_repetition_penalty", "`repetition_penalty` must be > 0"));
        }
        let sampling = if temperature < 1e-5 {
            Sampling::ArgMax
        } else if top_p < 1.0 {
            Sampling::TopP { p: top_p, temperature }
        } else {
            Sampling::All { temperature }
        };
        let stop = match &self.stop {
            None => Vec::new(),
            Some(StopField::One(s)) => vec![s.clone()],
            Some(StopField::Many(v)) => v.clone(),
        };
        Ok(Params {
            max_tokens,
            sampling,
            seed: self.seed.map(|s| s as u64),
            repetition_penalty,
            stop,
            stream: self.stream.unwrap_or(false),
            include_usage: self.stream_options.as_ref().is_some_and(|o| o.include_usage),
        })
    }
}

fn usage(f: &Finish) -> Value {
    json!({
        "prompt_tokens": f.prompt_tokens,
        "completion_tokens": f.completion_tokens,
        "total_tokens": f.prompt_tokens + f.completion_tokens,
    })
}

/// Identity shared by every object of one response.
pub struct ResponseMeta<'a> {
    pub id: &'a str,
    pub created: u64,
    pub model: &'a str,
}

impl ResponseMeta<'_> {
    pub fn completion(&self, text: &str, finish: &Finish) -> Value {
        json!({
            "id": self.id,
            "object": "chat.completion",
            "created": self.created,
            "model": self.model,
            "choices": [{
                "index": 0,
                "message": {"role": "assistant", "content": text},
                "logprobs": null,
                "finish_reason": finish.reason.as_str(),
            }],
            "usage": usage(finish),
        })
    }

    pub fn chunk(&self, delta: Value, finish_reason: Option<&str>) -> Value {
        json!({
            "id": self.id,
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": self.model,
            "choices": [{"index": 0, "delta": delta, "logprobs": null, "finish_reason": finish_reason}],
        })
    }

    /// The extra last chunk `stream_options.include_usage` asks for.
    pub fn usage_chunk(&self, finish: &Finish) -> Value {
        json!({
            "id": self.id,
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": self.model,
            "choices": [],
            "usage": usage(finish),
        })
    }
}
