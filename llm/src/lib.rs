//! tabletalk-llm: an OpenAI-compatible chat-completions server on candle quantized GGUF models.

pub mod api;
pub mod chat_template;
pub mod engine;
pub mod error;
pub mod model_file;
pub mod queue;
pub mod stop;
pub mod tokenizer;
pub mod wire;
