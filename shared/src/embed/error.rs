//! What can go wrong loading a model or embedding text.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum EmbedError {
    #[error("model file {file}: {message}")]
    Config { file: &'static str, message: String },
    #[error("tokenizer.json: {0}")]
    Tokenizer(String),
    #[error("model.safetensors: {0}")]
    Weights(String),
    #[error("{what}: expected dimension {expected}, found {actual}")]
    Dimension { what: &'static str, expected: usize, actual: usize },
    #[error("the tokenizer produced token id {id}, but the model's vocabulary has {vocab} entries: tokenizer.json does not belong to this model")]
    TokenOutOfVocabulary { id: u32, vocab: usize },
    #[error("nothing to embed: the input is empty")]
    Empty,
    #[error("the GPU path is unavailable: {0}")]
    Gpu(String),
    #[error("embedding failed: {0}")]
    Inference(String),
}

impl From<candle_core::Error> for EmbedError {
    fn from(e: candle_core::Error) -> Self {
        EmbedError::Inference(e.to_string())
    }
}
