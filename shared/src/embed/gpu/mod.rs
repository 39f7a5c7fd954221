//! The BERT encoder as WGSL compute shaders on wgpu (feature `gpu`): natively on Vulkan, Metal or
//! DX12 (lavapipe where there is no GPU), in the browser on WebGPU.
//!
//! Only the encoder runs here; tokenising, batching and the `Embeddings` output are the CPU
//! embedder's (`Embedder::load_on` attaches a `GpuEncoder` to it, see embed/device.rs). Weights
//! are uploaded once from the same safetensors bytes; activation buffers are kept and reused
//! across batches.
//!
//! Modules: `context` (device, limits, error sinks), `weights` (upload), `kernels` (WGSL sources
//! and pipelines), `workspace` (activation buffers and bind groups), `encoder` (one batch).

mod context;
mod encoder;
mod error;
mod kernels;
mod weights;
mod workspace;

pub use context::{AdapterSummary, GpuContext};
pub use encoder::GpuEncoder;
pub use error::GpuError;
