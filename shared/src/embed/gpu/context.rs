//! The wgpu device: adapter choice, limits and features, and the error and device-loss sinks.
//!
//! wgpu's default for an uncaptured error is to panic; here errors are recorded instead and turned
//! into a `GpuError` after each batch, so a driver problem becomes a CPU fallback, not a crash.

use std::sync::{Arc, Mutex};

use super::GpuError;
use crate::embed::Precision;

/// What the adapter is, for reports and for `Device::Auto`'s choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdapterSummary {
    /// e.g. "llvmpipe (LLVM 15.0.6, 256 bits) (Vulkan)".
    pub name: String,
    /// A software rasteriser (lavapipe, SwiftShader, WARP): correct, but slower than the CPU path.
    pub software: bool,
}

/// An open device and queue plus what was learned about the adapter.
pub struct GpuContext {
    pub(crate) device: wgpu::Device,
    pub(crate) queue: wgpu::Queue,
    pub adapter: AdapterSummary,
    /// Weights are f16 on the GPU (resolved from `Precision`).
    pub f16: bool,
    pub(crate) limits: wgpu::Limits,
    errors: Arc<Mutex<Option<String>>>,
    lost: Arc<Mutex<Option<String>>>,
}

impl GpuContext {
    /// Opens the default high-performance adapter. Natively the backend can be forced with
    /// `WGPU_BACKEND` (e.g. `vulkan`); in the browser it is WebGPU.
    pub async fn open(precision: Precision) -> Result<Self, GpuError> {
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
        let adapter = instance
            .request_adapter(&wgpu::RequestAdapterOptions {
                power_preference: wgpu::PowerPreference::HighPerformance,
                ..Default::default()
            })
            .await
            .map_err(|e| GpuError::NoAdapter(e.to_string()))?;
        let info = adapter.get_info();
        let has_f16 = adapter.features().contains(wgpu::Features::SHADER_F16);
        let f16 = match precision {
            Precision::F32 => false,
            Precision::Auto => has_f16,
            Precision::F16 if has_f16 => true,
            Precision::F16 => return Err(GpuError::Unsupported(format!("f16 was asked for, but adapter {} has no shader-f16", info.name))),
        };
        // The adapter's own limits: the word-embedding table and large batches' activations need
        // storage bindings past WebGPU's 128 MiB default.
        let limits = adapter.limits();
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("tabletalk-embed"),
                required_features: if f16 { wgpu::Features::SHADER_F16 } else { wgpu::Features::empty() },
                required_limits: limits.clone(),
                ..Default::default()
            })
            .await
            .map_err(|e| GpuError::RequestDevice(e.to_string()))?;
        let errors = Arc::new(Mutex::new(None));
        let sink = errors.clone();
        device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
            let mut slot = sink.lock().unwrap_or_else(|p| p.into_inner());
            slot.get_or_insert_with(|| e.to_string());
        }));
        let lost = Arc::new(Mutex::new(None));
        let sink = lost.clone();
        device.set_device_lost_callback(move |reason, message| {
            let mut slot = sink.lock().unwrap_or_else(|p| p.into_inner());
            slot.get_or_insert_with(|| format!("{reason:?}: {message}"));
        });
        let software = matches!(info.device_type, wgpu::DeviceType::Cpu);
        // Browsers describe their adapter only if they choose to (often an empty string).
        let name = if info.name.is_empty() {
            format!("{}{:?} adapter", if software { "software " } else { "" }, info.backend)
        } else if info.driver.is_empty() {
            format!("{} ({:?})", info.name, info.backend)
        } else {
            format!("{} ({:?}, {})", info.name, info.backend, info.driver)
        };
        Ok(GpuContext { device, queue, adapter: AdapterSummary { name, software }, f16, limits, errors, lost })
    }

    /// The first error recorded since the last call (device loss first: it explains the rest).
    pub(crate) fn take_error(&self) -> Option<GpuError> {
        if let Some(m) = self.lost.lock().unwrap_or_else(|p| p.into_inner()).clone() {
            return Some(GpuError::DeviceLost(m));
        }
        self.errors.lock().unwrap_or_else(|p| p.into_inner()).take().map(GpuError::Validation)
    }
}
