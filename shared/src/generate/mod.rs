//! Grounded generation over any OpenAI-compatible backend (vLLM, llama.cpp's server,
//! `tabletalk-llm`): the prompt, the wire format, citations found again after generation, and
//! template refinement. No I/O here: the CLI and the edge bring their own HTTP clients.

pub mod cite;
mod error;
#[cfg(feature = "query")]
pub mod grounded;
pub(crate) mod prompt;
pub mod refine;
#[cfg(feature = "query")]
pub mod rows;
pub(crate) mod sql;
pub mod wire;

pub use cite::{Calibration, GroundedAnswer, SentenceSupport};
pub use error::GenerateError;
pub use prompt::{Budget, ContextPassage, GroundedPrompt};
pub use refine::{Refined, Refinement};
pub use wire::{ChatMessage, ChatRequest, SseDecoder, StreamEvent};
