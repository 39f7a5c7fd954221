//! Where the encoder is asked to run and in what precision, and where it runs: a leaf the loader,
//! the model and the GPU path all import.

use serde::Serialize;

pub use crate::placement::{Device, Precision};

/// Which path an embedder uses now, and why not the GPU when it is not.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeviceReport {
    /// `Cpu` or `Gpu`.
    pub device: Device,
    /// The wgpu adapter (when one was opened).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub adapter: Option<String>,
    /// "f32" or "f16" on the GPU path.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub precision: Option<Precision>,
    /// Why the CPU path is used although the GPU was asked for or allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
}

impl DeviceReport {
    pub fn cpu() -> Self {
        DeviceReport { device: Device::Cpu, adapter: None, precision: None, fallback: None }
    }
}
