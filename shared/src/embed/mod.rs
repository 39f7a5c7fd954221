//! Sentence embeddings with candle's BERT (native and wasm32), behind the `embed` feature so the
//! edge never links candle; with the `gpu` feature the encoder can also run as WGSL on wgpu.
//!
//! Bytes in, vectors out: the caller reads the model files (the CLI from `.cache/models`, the
//! browser over HTTP), so this module does no I/O, like the rest of the crate.

mod batch;
mod bert;
mod device;
mod error;
mod files;
#[cfg(feature = "gpu")]
pub mod gpu;
mod model;
mod placement;
mod pooling;
mod sync;

pub use batch::{length_sorted_batches, Batch};
pub use device::{agreement, SelfCheckBounds, SELF_CHECK};
pub use error::EmbedError;
pub use files::{ModelFiles, ModelSettings, FILE_NAMES};
pub use model::{Embedder, Embeddings};
pub use placement::{Device, DeviceReport, Precision};
pub use pooling::Pooling;
