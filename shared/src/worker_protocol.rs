//! Messages between the browser app and its embedding Web Worker. Control messages are JSON in a
//! `json` field; vectors travel beside them as a transferred `Float32Array` in `data`, so 10,000
//! rows cost one buffer move instead of 15 MB of text. Plain serde, so the app (no `embed`
//! feature) and the worker (with it) share one definition.

use serde::{Deserialize, Serialize};

use crate::placement::{Device, Precision};

/// What the page asks of the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToWorker {
    /// Fetch the model's files from `base_url` (ends with `/`) and open it on `device`.
    Load {
        base_url: String,
        model: String,
        /// `Gpu` is WebGPU or an error; `Auto` is WebGPU when a hardware adapter passes the
        /// self-check against the CPU path, else the CPU.
        device: Device,
        /// The GPU path's weights.
        precision: Precision,
    },
    /// Embed `texts` in length-sorted batches of `batch`; `job` ties the answers to the request.
    Embed { job: u32, texts: Vec<String>, batch: usize },
}

/// Where the vectors were computed, and why not on the GPU when they were not.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DeviceInfo {
    /// `Cpu` or `Gpu`.
    pub device: Device,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adapter: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precision: Option<Precision>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
}

impl DeviceInfo {
    /// The path in a few words for the page: "WebGPU (adapter, f32)" or "CPU (wasm SIMD)".
    pub fn label(&self) -> String {
        if self.device == Device::Gpu {
            let mut parts: Vec<&str> = Vec::new();
            if let Some(a) = self.adapter.as_deref().filter(|a| !a.is_empty()) {
                parts.push(a);
            }
            if let Some(p) = self.precision {
                parts.push(p.as_str());
            }
            if parts.is_empty() {
                "WebGPU".into()
            } else {
                format!("WebGPU ({})", parts.join(", "))
            }
        } else {
            "CPU (WebAssembly)".into()
        }
    }
}

/// What the worker tells the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FromWorker {
    /// The worker's wasm is running and listening: send `Load` now (a message posted before this
    /// would reach a worker with no handler yet, and be lost).
    Started,
    /// One of the model's files has arrived (`bytes` of it).
    Loading { file: String, bytes: u64 },
    /// The model is open; `device` says on which path.
    Ready { model: String, dim: usize, device: DeviceInfo, ms: f64 },
    /// `done` of `total` texts of `job` are embedded.
    Progress { job: u32, done: usize, total: usize },
    /// All of `job`'s vectors (`count` × `dim` f32s in the message's `data`), in input order.
    Vectors { job: u32, dim: usize, count: usize, truncated: Vec<usize>, device: DeviceInfo, ms: f64 },
    /// Loading or a job failed; `job` is absent when loading did.
    Error {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        job: Option<u32>,
        message: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip_with_their_type_tag() {
        let m = ToWorker::Embed { job: 3, texts: vec!["a".into()], batch: 16 };
        let json = serde_json::to_string(&m).unwrap();
        assert!(json.starts_with(r#"{"type":"embed","job":3"#), "{json}");
        assert_eq!(serde_json::from_str::<ToWorker>(&json).unwrap(), m);
        let load = ToWorker::Load { base_url: "/m/".into(), model: "m".into(), device: Device::Auto, precision: Precision::F16 };
        let json = serde_json::to_string(&load).unwrap();
        assert!(json.contains(r#""device":"auto","precision":"f16""#), "{json}");
        assert_eq!(serde_json::from_str::<Device>(r#""webgpu""#).unwrap(), Device::Gpu);
        let e: FromWorker = serde_json::from_str(r#"{"type":"error","message":"no model"}"#).unwrap();
        assert_eq!(e, FromWorker::Error { job: None, message: "no model".into() });
    }

    #[test]
    fn labels_name_the_path() {
        let gpu = DeviceInfo { device: Device::Gpu, adapter: Some("SwiftShader".into()), precision: Some(Precision::F32), fallback: None };
        assert_eq!(gpu.label(), "WebGPU (SwiftShader, f32)");
        assert_eq!(DeviceInfo { device: Device::Cpu, ..Default::default() }.label(), "CPU (WebAssembly)");
    }
}
