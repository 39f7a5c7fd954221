//! Where the sentence encoder is asked to run and in what precision: plain data, without the
//! `embed` feature, so the page (which only asks) and its embedding worker (which runs it) share
//! one definition over the worker protocol.

use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Where to run the encoder (the tokenizer always runs on the CPU).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Device {
    #[default]
    Cpu,
    #[serde(alias = "wgpu", alias = "webgpu")]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
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

impl std::fmt::Display for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Display for Precision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
