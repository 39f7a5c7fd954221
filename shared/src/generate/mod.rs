//! Grounded generation over any OpenAI-compatible backend (vLLM, llama.cpp's server,
//! `tabletalk-llm`): the prompt, the wire format, citations found again after generation, and
//! template refinement. No I/O here: the CLI and the edge bring their own HTTP clients.

pub mod cite;
pub mod prompt;
pub mod refine;
pub mod sql;
pub mod wire;

pub use cite::{Calibration, Cited, SentenceSupport};
pub use prompt::{Budget, ContextPassage, GroundedPrompt};
pub use refine::{Refined, Refinement};
pub use wire::{ChatMessage, ChatRequest, SseDecoder, StreamEvent};

use serde::{Deserialize, Serialize};

/// Why the backend gave no answer; each says what to tell the user.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GenerateError {
    #[error("the language model at {0}")]
    Unreachable(String),
    #[error("the language model did not answer within {0} s")]
    Timeout(u64),
    #[error("the language model answered HTTP {status}: {message}")]
    Status { status: u16, message: String },
    #[error("the prompt is longer than the model's context: {0}")]
    ContextTooLong(String),
    #[error("the language model sent a malformed answer: {0}")]
    Malformed(String),
    #[error("the language model failed mid-answer: {0}")]
    Stream(String),
}

/// A generated answer with its support, ready to become the `generated` route's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GroundedAnswer {
    pub text: String,
    pub sentences: Vec<SentenceSupport>,
    /// The model said it does not know (nothing is cited then).
    pub dont_know: bool,
    /// Passages in the prompt, and passages dropped to fit the context.
    pub passages_used: usize,
    pub passages_dropped: usize,
}

impl GroundedAnswer {
    /// Every row some sentence cites, once, in order of first mention.
    pub fn citations(&self) -> Vec<Cited> {
        let mut out: Vec<Cited> = Vec::new();
        for c in self.sentences.iter().flat_map(|s| &s.citations) {
            if !out.contains(c) {
                out.push(c.clone());
            }
        }
        out
    }
}
