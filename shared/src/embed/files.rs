//! The files that make a sentence-transformers model, as bytes, and the settings read from them.

use serde::Deserialize;

use super::{EmbedError, Pooling};

/// Names of the files inside a model directory (sentence-transformers' layout); optional ones last.
pub const FILE_NAMES: ModelFileNames = ModelFileNames {
    config: "config.json",
    tokenizer: "tokenizer.json",
    weights: "model.safetensors",
    pooling: "1_Pooling/config.json",
    sentence_bert: "sentence_bert_config.json",
    modules: "modules.json",
};

pub struct ModelFileNames {
    pub config: &'static str,
    pub tokenizer: &'static str,
    pub weights: &'static str,
    pub pooling: &'static str,
    pub sentence_bert: &'static str,
    pub modules: &'static str,
}

/// A model's files as bytes; the optional ones refine pooling, normalisation and the length limit.
#[derive(Clone, Debug, Default)]
pub struct ModelFiles {
    /// Shown in outputs and stored with indexes (e.g. "all-MiniLM-L6-v2").
    pub name: String,
    pub config: Vec<u8>,
    pub tokenizer: Vec<u8>,
    pub weights: Vec<u8>,
    pub pooling: Option<Vec<u8>>,
    pub sentence_bert: Option<Vec<u8>>,
    pub modules: Option<Vec<u8>>,
}

/// How this model turns tokens into a sentence vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelSettings {
    pub pooling: Pooling,
    pub normalise: bool,
    /// Tokens per input, [CLS] and [SEP] included; longer inputs are truncated (and counted).
    pub max_tokens: usize,
}

#[derive(Deserialize)]
struct PoolingConfig {
    #[serde(default)]
    word_embedding_dimension: Option<usize>,
    #[serde(default)]
    pooling_mode_cls_token: bool,
    #[serde(default)]
    pooling_mode_mean_tokens: bool,
    #[serde(default)]
    pooling_mode_max_tokens: bool,
    #[serde(default)]
    pooling_mode_mean_sqrt_len_tokens: bool,
}

#[derive(Deserialize)]
struct SentenceBertConfig {
    max_seq_length: Option<usize>,
}

#[derive(Deserialize)]
struct Module {
    #[serde(rename = "type")]
    kind: String,
}

fn parse<'a, T: Deserialize<'a>>(file: &'static str, bytes: &'a [u8]) -> Result<T, EmbedError> {
    serde_json::from_slice(bytes).map_err(|e| EmbedError::Config { file, message: e.to_string() })
}

impl ModelFiles {
    /// Reads pooling, normalisation and the token limit; `hidden_size` and `max_positions` come
    /// from config.json. Without sentence-transformers files: CLS for BGE models, mean otherwise.
    pub fn settings(&self, hidden_size: usize, max_positions: usize) -> Result<ModelSettings, EmbedError> {
        let pooling = match &self.pooling {
            Some(bytes) => {
                let p: PoolingConfig = parse(FILE_NAMES.pooling, bytes)?;
                if let Some(dim) = p.word_embedding_dimension {
                    if dim != hidden_size {
                        return Err(EmbedError::Dimension {
                            what: "1_Pooling/config.json word_embedding_dimension vs config.json hidden_size",
                            expected: hidden_size,
                            actual: dim,
                        });
                    }
                }
                match (p.pooling_mode_cls_token, p.pooling_mode_mean_tokens) {
                    (true, false) => Pooling::Cls,
                    (false, true) => Pooling::Mean,
                    _ => {
                        return Err(EmbedError::Config {
                            file: FILE_NAMES.pooling,
                            message: format!(
                                "unsupported pooling (cls {}, mean {}, max {}, mean_sqrt_len {}): exactly one of cls or mean is supported",
                                p.pooling_mode_cls_token,
                                p.pooling_mode_mean_tokens,
                                p.pooling_mode_max_tokens,
                                p.pooling_mode_mean_sqrt_len_tokens
                            ),
                        })
                    }
                }
            }
            None if self.name.to_ascii_lowercase().contains("bge") => Pooling::Cls,
            None => Pooling::Mean,
        };
        let normalise = match &self.modules {
            Some(bytes) => parse::<Vec<Module>>(FILE_NAMES.modules, bytes)?.iter().any(|m| m.kind.ends_with(".Normalize")),
            // Both named models are used normalised; cosine search needs unit vectors anyway.
            None => true,
        };
        let max_tokens = match &self.sentence_bert {
            Some(bytes) => parse::<SentenceBertConfig>(FILE_NAMES.sentence_bert, bytes)?.max_seq_length.unwrap_or(max_positions),
            None => max_positions,
        }
        .min(max_positions);
        Ok(ModelSettings { pooling, normalise, max_tokens })
    }
}

/// Native only: reads a model directory laid out like sentence-transformers'. The crate's one
/// file read, so the CLI, tests and benches load models the same way; the browser fetches bytes.
#[cfg(not(target_arch = "wasm32"))]
impl ModelFiles {
    pub fn read_dir(dir: &std::path::Path) -> Result<Self, EmbedError> {
        let read = |file: &'static str| {
            std::fs::read(dir.join(file))
                .map_err(|e| EmbedError::Config { file, message: format!("cannot read {}: {e}", dir.join(file).display()) })
        };
        let optional = |file: &'static str| std::fs::read(dir.join(file)).ok();
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| dir.display().to_string());
        Ok(ModelFiles {
            name,
            config: read(FILE_NAMES.config)?,
            tokenizer: read(FILE_NAMES.tokenizer)?,
            weights: read(FILE_NAMES.weights)?,
            pooling: optional(FILE_NAMES.pooling),
            sentence_bert: optional(FILE_NAMES.sentence_bert),
            modules: optional(FILE_NAMES.modules),
        })
    }
}
