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
mod pooling;

pub use batch::{length_sorted_batches, Batch};
pub use device::{agreement, Device, DeviceReport, Precision, SelfCheckBounds, SELF_CHECK};
pub use error::EmbedError;
pub use files::{ModelFiles, ModelSettings, FILE_NAMES};
pub use model::{Embedder, Embeddings};
pub use pooling::Pooling;

/// Runs a future to completion on this thread. Natively the GPU path's futures are ready once
/// wgpu's `poll` has waited (the read-back polls before it awaits), so no reactor is needed.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn block_on<F: std::future::Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(v) = future.as_mut().poll(&mut cx) {
            return v;
        }
        std::thread::yield_now();
    }
}
