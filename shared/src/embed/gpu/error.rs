//! What can go wrong on the GPU path. Every variant is a reason to fall back to the CPU path, and
//! its message is what the caller reports as that reason.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum GpuError {
    #[error("no GPU adapter: {0}")]
    NoAdapter(String),
    #[error("the GPU adapter refused a device: {0}")]
    RequestDevice(String),
    #[error("the model does not fit the GPU kernels: {0}")]
    Unsupported(String),
    #[error("GPU device lost: {0}")]
    DeviceLost(String),
    #[error("GPU error: {0}")]
    Validation(String),
    #[error("reading results back from the GPU failed: {0}")]
    Readback(String),
    #[error("the GPU path disagrees with the CPU path: {0}")]
    SelfCheck(String),
    #[error(transparent)]
    Embed(#[from] crate::embed::EmbedError),
}
