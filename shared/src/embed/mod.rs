//! Sentence embeddings with candle's BERT (native and wasm32), behind the `embed` feature so the
//! edge never links candle.
//!
//! Bytes in, vectors out: the caller reads the model files (the CLI from `.cache/models`, the
//! browser over HTTP), so this module does no I/O, like the rest of the crate.

mod batch;
mod bert;
mod error;
mod files;
mod model;
mod pooling;

pub use batch::{length_sorted_batches, Batch};
pub use error::EmbedError;
pub use files::{ModelFiles, ModelSettings, FILE_NAMES};
pub use model::{Embedder, Embeddings};
pub use pooling::Pooling;
