//! Choosing where the encoder runs (CPU, or wgpu: Vulkan/Metal/DX12 natively, WebGPU in the
//! browser), checking the GPU against the CPU before trusting it, and falling back to the CPU.
//!
//! Rules, in order:
//! - `Device::Cpu`: candle on the CPU, nothing else is tried.
//! - `Device::Gpu`: the wgpu path or an error (no adapter, a failed self-check): asking for the GPU
//!   and silently getting the CPU would make benchmarks and bug reports lie.
//! - `Device::Auto`: the wgpu path when the adapter is a hardware GPU and it passes the self-check;
//!   otherwise the CPU path, with the reason in `DeviceReport::fallback`. Software adapters
//!   (lavapipe, SwiftShader, WARP) are correct but slower than candle on the CPU, so Auto skips them.
//! - Whatever was chosen, a GPU failure during a batch (device lost, validation error) moves that
//!   batch and every later one to the CPU path, and the report says so.
//!
//! The self-check embeds a few fixed sentences of different lengths both ways (so padding masks
//! are exercised) and requires max |Δ| ≤ 1e-4 and cosine ≥ 0.9999 with f32 weights; f16 weights
//! get the looser bounds in `SelfCheckBounds::for_precision`.

use super::placement::{Device, DeviceReport, Precision};
use super::{EmbedError, Embedder, ModelFiles};

/// How far the GPU may be from the CPU path on the self-check sentences.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SelfCheckBounds {
    pub max_abs: f32,
    pub min_cosine: f32,
}

impl SelfCheckBounds {
    /// f32: the bound (observed on lavapipe: max |Δ| 6.3e-7, cosine 0.9999998 on 225
    /// sentences). f16 weights keep 11 significant bits, so components move by ~1e-4 (observed
    /// 1.4e-4, cosine 0.9999993): the bound is 1e-3 and 0.9995, ~7× the worst seen.
    pub fn for_precision(p: Precision) -> Self {
        match p {
            Precision::F16 => SelfCheckBounds { max_abs: 1e-3, min_cosine: 0.9995 },
            _ => SelfCheckBounds { max_abs: 1e-4, min_cosine: 0.9999 },
        }
    }
}

/// Sentences of different lengths (short, medium, long) for the self-check: enough to exercise
/// padding, truncation-free attention over ~100 tokens and every kernel, and fast to run.
pub const SELF_CHECK: &[&str] = &[
    "The Volkswagen Rabbit has 4 cylinders and weighs 1,830 pounds.",
    "ok",
    "In 1974 the Ford Pinto, built in the USA, reached 60 mph in 16.5 seconds with a 122 cubic-inch engine.",
    "Which country made the cars with the best fuel economy between 1970 and 1982, and how many horsepower did \
     they have on average? The table lists miles per gallon, cylinders, displacement, horsepower, weight, \
     acceleration, model year and origin for each of four hundred and six cars; answer from it alone, and say \
     which rows support the answer.",
    "Penguins: Adelie, Torgersen island, bill 39.1 mm, flipper 181 mm, body mass 3750 g, male, 2007.",
    "Zero rows matched.",
];

/// max |Δ| and the lowest cosine between two row-major sets of vectors.
pub fn agreement(a: &[f32], b: &[f32], dim: usize) -> (f32, f32) {
    let mut max_abs = if a.len() == b.len() { 0f32 } else { f32::INFINITY };
    let mut min_cos = 1f32;
    for (x, y) in a.chunks_exact(dim.max(1)).zip(b.chunks_exact(dim.max(1))) {
        let dot: f32 = x.iter().zip(y).map(|(p, q)| p * q).sum();
        let nx = x.iter().map(|p| p * p).sum::<f32>().sqrt();
        let ny = y.iter().map(|q| q * q).sum::<f32>().sqrt();
        let cos = dot / (nx * ny).max(1e-30);
        // NaN must fail the check, so compare in the direction NaN loses.
        min_cos = if cos >= min_cos { min_cos } else { cos };
        for (p, q) in x.iter().zip(y) {
            let d = (p - q).abs();
            max_abs = if d <= max_abs { max_abs } else { d };
        }
    }
    (max_abs, min_cos)
}

impl Embedder {
    /// Loads the model for `device` (see the module doc for the rules). Async because opening a
    /// WebGPU device and reading results back are async in the browser; natively use `load_on`.
    pub async fn load_on_async(files: &ModelFiles, device: Device, precision: Precision) -> Result<Self, EmbedError> {
        let mut embedder = Embedder::load(files)?;
        if device == Device::Cpu {
            return Ok(embedder);
        }
        match embedder.attach_gpu(files, device, precision).await {
            Ok(()) => Ok(embedder),
            Err(e) if device == Device::Auto => {
                embedder.set_report(DeviceReport { fallback: Some(e), ..DeviceReport::cpu() });
                Ok(embedder)
            }
            Err(e) => Err(EmbedError::Gpu(e)),
        }
    }

    /// `load_on_async` for native callers (blocks on the GPU's futures).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn load_on(files: &ModelFiles, device: Device, precision: Precision) -> Result<Self, EmbedError> {
        super::sync::block_on(Self::load_on_async(files, device, precision))
    }

    /// Opens the GPU path and keeps it if it agrees with the CPU path; the error is the reason not to.
    #[cfg(feature = "gpu")]
    async fn attach_gpu(&mut self, files: &ModelFiles, device: Device, precision: Precision) -> Result<(), String> {
        use super::gpu::{GpuContext, GpuEncoder};
        let ctx = GpuContext::open(precision).await.map_err(|e| e.to_string())?;
        if device == Device::Auto && ctx.adapter.software {
            return Err(format!(
                "adapter {} is a software renderer (slower than the CPU path); ask for the GPU explicitly to use it anyway (`--device gpu`, or `?device=gpu` in the app)",
                ctx.adapter.name
            ));
        }
        let gpu = GpuEncoder::new(ctx, files, self.settings().clone()).map_err(|e| e.to_string())?;
        let used = gpu.precision();
        let texts: Vec<&str> = SELF_CHECK.to_vec();
        let cpu = self.embed(&texts, texts.len(), &mut |_| {}).map_err(|e| e.to_string())?;
        let encoded = texts.iter().map(|t| self.encode(t)).collect::<Result<Vec<_>, _>>().map_err(|e| e.to_string())?;
        let ids: Vec<&[u32]> = encoded.iter().map(|e| e.ids.as_slice()).collect();
        let on_gpu = gpu.forward(&ids).await.map_err(|e| e.to_string())?;
        let (max_abs, min_cos) = agreement(&cpu.data, &on_gpu, self.dim());
        let bounds = SelfCheckBounds::for_precision(used);
        if !(max_abs <= bounds.max_abs && min_cos >= bounds.min_cosine) {
            return Err(format!(
                "self-check against the CPU path failed on {} ({}): max |Δ| {max_abs:.2e} (bound {:.0e}), lowest cosine {min_cos:.6} (bound {})",
                gpu.adapter().name,
                used.as_str(),
                bounds.max_abs,
                bounds.min_cosine
            ));
        }
        self.set_report(DeviceReport {
            device: Device::Gpu,
            adapter: Some(gpu.adapter().name.clone()),
            precision: Some(used),
            fallback: None,
        });
        self.gpu = Some(gpu);
        Ok(())
    }

    #[cfg(not(feature = "gpu"))]
    async fn attach_gpu(&mut self, _files: &ModelFiles, _device: Device, _precision: Precision) -> Result<(), String> {
        Err("this build has no GPU path (the `gpu` feature of tabletalk-shared is off)".into())
    }
}
