//! Where the encoder is asked to run and in what precision, and where it runs: a leaf the loader,
//! the model and the GPU path all import.

use std::str::FromStr;

use serde::Serialize;

/// Where to run the encoder (the tokenizer always runs on the CPU).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Device {
    #[default]
    Cpu,
    Gpu,
    Auto,
}

impl Device {
    pub fn as_str(self) -> &'static str {
        match self {
            Device::Cpu => "cpu",
            Device::Gpu => "gpu",
            Device::Auto => "auto",
        }
    }
}

impl FromStr for Device {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "cpu" => Ok(Device::Cpu),
            "gpu" | "wgpu" | "webgpu" => Ok(Device::Gpu),
            "auto" => Ok(Device::Auto),
            other => Err(format!("unknown device {other:?}: expected cpu, gpu or auto")),
        }
    }
}

/// The weights' type in the GPU matmuls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Precision {
    /// f16 where the adapter has `shader-f16`, f32 otherwise.
    #[default]
    Auto,
    F32,
    /// f16 weights (half the bytes to read); accumulation stays f32. An error without `shader-f16`.
    F16,
}

impl Precision {
    pub fn as_str(self) -> &'static str {
        match self {
            Precision::Auto => "auto",
            Precision::F32 => "f32",
            Precision::F16 => "f16",
        }
    }
}

impl FromStr for Precision {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "auto" => Ok(Precision::Auto),
            "f32" => Ok(Precision::F32),
            "f16" => Ok(Precision::F16),
            other => Err(format!("unknown precision {other:?}: expected auto, f32 or f16")),
        }
    }
}

/// Which path an embedder uses now, and why not the GPU when it is not.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeviceReport {
    /// "cpu" or "gpu".
    pub device: &'static str,
    /// The wgpu adapter (when one was opened).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub adapter: Option<String>,
    /// "f32" or "f16" on the GPU path.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub precision: Option<&'static str>,
    /// Why the CPU path is used although the GPU was asked for or allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
}

impl DeviceReport {
    pub fn cpu() -> Self {
        DeviceReport { device: "cpu", adapter: None, precision: None, fallback: None }
    }
}
