//! The OpenAI chat-completions wire format (vLLM, llama.cpp's server and `tabletalk-llm` all speak
//! it), and a decoder for its server-sent-event stream. No I/O: callers bring their HTTP client.

use serde::{Deserialize, Serialize};

use super::error::GenerateError;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChatMessage {
    pub role: String,
    pub content: String,
}

impl ChatMessage {
    pub fn system(text: impl Into<String>) -> Self {
        ChatMessage { role: "system".into(), content: text.into() }
    }
    pub fn user(text: impl Into<String>) -> Self {
        ChatMessage { role: "user".into(), content: text.into() }
    }
    pub fn assistant(text: impl Into<String>) -> Self {
        ChatMessage { role: "assistant".into(), content: text.into() }
    }
}

/// Sampling for answers: greedy (temperature 0, fixed seed) in the CLI and the edge, so the same
/// question over the same rows reads the same.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sampling {
    pub max_tokens: u32,
    pub temperature: f32,
    pub seed: Option<u64>,
}

/// `POST /v1/chat/completions` body.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChatRequest {
    pub model: String,
    pub messages: Vec<ChatMessage>,
    pub max_tokens: u32,
    pub temperature: f32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top_p: Option<f32>,
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub stop: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    pub stream: bool,
}

impl ChatRequest {
    /// The request for `messages` with `sampling`; `stream` asks for server-sent events.
    pub fn new(model: &str, messages: Vec<ChatMessage>, sampling: &Sampling, stream: bool) -> Self {
        ChatRequest {
            model: model.to_string(),
            messages,
            max_tokens: sampling.max_tokens,
            temperature: sampling.temperature,
            top_p: None,
            stop: Vec::new(),
            seed: sampling.seed,
            stream,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct ChatResponse {
    pub choices: Vec<Choice>,
    #[serde(default)]
    pub usage: Option<Usage>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Choice {
    pub message: ChatMessage,
    #[serde(default)]
    pub finish_reason: Option<String>,
}

#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub struct Usage {
    pub prompt_tokens: u32,
    pub completion_tokens: u32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct ChatChunk {
    #[serde(default)]
    pub choices: Vec<ChunkChoice>,
    /// Servers report mid-stream failures as an event with an error object.
    #[serde(default)]
    pub error: Option<ApiErrorBody>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct ChunkChoice {
    #[serde(default)]
    pub delta: Delta,
    #[serde(default)]
    pub finish_reason: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct Delta {
    #[serde(default)]
    pub content: Option<String>,
}

/// `{"error": {"message", "type", "code"}}`, the shape every OpenAI-compatible server uses.
#[derive(Clone, Debug, Deserialize)]
pub struct ApiError {
    pub error: ApiErrorBody,
}

#[derive(Clone, Debug, Deserialize)]
pub struct ApiErrorBody {
    #[serde(default)]
    pub message: String,
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
    #[serde(default)]
    pub code: Option<serde_json::Value>,
}

/// Reads a non-streamed response body; an error status becomes a `GenerateError` that says why.
pub fn parse_response(status: u16, body: &str) -> Result<(String, Option<String>), GenerateError> {
    if !(200..300).contains(&status) {
        return Err(status_error(status, body));
    }
    let r: ChatResponse =
        serde_json::from_str(body).map_err(|e| GenerateError::Malformed(format!("{e}; body starts {:?}", prefix(body))))?;
    let choice = r.choices.into_iter().next().ok_or_else(|| GenerateError::Malformed("no choices in the response".into()))?;
    Ok((choice.message.content, choice.finish_reason))
}

/// The error a non-2xx status means; `context_length_exceeded` is told apart so callers can drop
/// passages and retry.
pub fn status_error(status: u16, body: &str) -> GenerateError {
    let parsed = serde_json::from_str::<ApiError>(body).ok();
    let message = parsed.as_ref().map(|e| e.error.message.clone()).unwrap_or_else(|| prefix(body).to_string());
    let code = parsed.as_ref().and_then(|e| e.error.code.as_ref()).and_then(|c| c.as_str().map(str::to_string));
    let over_context =
        code.as_deref() == Some("context_length_exceeded") || message.contains("context length") || message.contains("maximum context");
    if status == 400 && over_context {
        GenerateError::ContextTooLong(message)
    } else {
        GenerateError::Status { status, message }
    }
}

fn prefix(s: &str) -> &str {
    let end = s.char_indices().nth(200).map_or(s.len(), |(i, _)| i);
    &s[..end]
}

/// One decoded stream event.
#[derive(Clone, Debug, PartialEq)]
pub enum StreamEvent {
    Text(String),
    Finish(String),
    Done,
}

/// Incremental SSE decoder: feed bytes as they arrive, get the text deltas out. Hand-written: it is
/// 40 lines, and the SSE crates bring an async runtime or an HTTP client with them.
#[derive(Default)]
pub struct SseDecoder {
    buf: Vec<u8>,
}

impl SseDecoder {
    pub fn feed(&mut self, bytes: &[u8]) -> Result<Vec<StreamEvent>, GenerateError> {
        self.buf.extend_from_slice(bytes);
        let mut out = Vec::new();
        while let Some(end) = self.buf.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.buf.drain(..=end).collect();
            let line = String::from_utf8_lossy(&line);
            let line = line.trim_end_matches(['\n', '\r']);
            let Some(data) = line.strip_prefix("data:") else { continue };
            let data = data.trim_start();
            if data == "[DONE]" {
                out.push(StreamEvent::Done);
                continue;
            }
            let chunk: ChatChunk =
                serde_json::from_str(data).map_err(|e| GenerateError::Malformed(format!("stream event: {e}; {:?}", prefix(data))))?;
            if let Some(err) = chunk.error {
                return Err(GenerateError::Stream(err.message));
            }
            for c in chunk.choices {
                if let Some(t) = c.delta.content.filter(|t| !t.is_empty()) {
                    out.push(StreamEvent::Text(t));
                }
                if let Some(f) = c.finish_reason {
                    out.push(StreamEvent::Finish(f));
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_split_events() {
        let mut d = SseDecoder::default();
        let a = d.feed(b"data: {\"choices\":[{\"delta\":{\"content\":\"Hel").unwrap();
        assert!(a.is_empty());
        let b = d.feed(b"lo\"}}]}\n\ndata: {\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n").unwrap();
        assert_eq!(b, vec![StreamEvent::Text("Hello".into()), StreamEvent::Finish("stop".into()), StreamEvent::Done]);
    }

    #[test]
    fn error_events_and_statuses() {
        let mut d = SseDecoder::default();
        assert!(matches!(d.feed(b"data: {\"error\":{\"message\":\"time limit\"}}\n"), Err(GenerateError::Stream(m)) if m == "time limit"));
        assert!(matches!(d.feed(b"data: {not json\n"), Err(GenerateError::Malformed(_))));
        let e = status_error(400, r#"{"error":{"message":"prompt has 900 tokens","code":"context_length_exceeded"}}"#);
        assert!(matches!(e, GenerateError::ContextTooLong(_)));
        assert!(matches!(status_error(503, "<html>down</html>"), GenerateError::Status { status: 503, .. }));
        assert!(matches!(parse_response(200, "{}"), Err(GenerateError::Malformed(_))));
    }
}
