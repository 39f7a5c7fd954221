//! The WGSL kernels, compiled once per device into compute pipelines.
//!
//! WGSL has no `#include`: the row kernels get common.wgsl (workgroup reductions) and norm.wgsl
//! (LayerNorm) prepended here, and the matmul gets its weight type declared in front.

use super::GpuContext;

const COMMON: &str = include_str!("kernels/common.wgsl");
const NORM: &str = include_str!("kernels/norm.wgsl");
const EMBED: &str = include_str!("kernels/embed.wgsl");
const LAYER_NORM: &str = include_str!("kernels/layer_norm.wgsl");
const MATMUL: &str = include_str!("kernels/matmul.wgsl");
const ATTENTION: &str = include_str!("kernels/attention.wgsl");
const POOL: &str = include_str!("kernels/pool.wgsl");

/// Output tile of the matmul kernel (rows and columns per workgroup).
pub const MATMUL_TILE: u32 = 64;
/// Workgroup memory limits baked into the kernels (see the WGSL constants of the same names).
pub const MAX_HIDDEN: usize = 1024;
pub const MAX_LEN: usize = 512;
pub const ATTENTION_WG: usize = 64;

/// One pipeline per kernel (two for the matmul: plain and with GELU).
pub struct Kernels {
    pub embed: wgpu::ComputePipeline,
    pub layer_norm: wgpu::ComputePipeline,
    pub matmul: wgpu::ComputePipeline,
    pub matmul_gelu: wgpu::ComputePipeline,
    pub attention: wgpu::ComputePipeline,
    pub pool: wgpu::ComputePipeline,
}

fn pipeline(ctx: &GpuContext, label: &str, source: &str, constants: &[(&str, f64)]) -> wgpu::ComputePipeline {
    let module = ctx
        .device
        .create_shader_module(wgpu::ShaderModuleDescriptor { label: Some(label), source: wgpu::ShaderSource::Wgsl(source.into()) });
    ctx.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some(label),
        // Layouts derived from the shaders: every kernel has one bind group, 0.
        layout: None,
        module: &module,
        entry_point: Some("main"),
        compilation_options: wgpu::PipelineCompilationOptions {
            constants,
            // Every kernel writes workgroup memory before reading it: skip the zeroing.
            zero_initialize_workgroup_memory: false,
        },
        cache: None,
    })
}

impl Kernels {
    /// Compiles every kernel. Shader errors surface through the context's error sink (checked by
    /// the caller after the first batch), as wgpu reports them asynchronously.
    pub fn compile(ctx: &GpuContext) -> Self {
        let weight_type = if ctx.f16 { "enable f16;\nalias WT = f16;\n" } else { "alias WT = f32;\n" };
        let matmul = format!("{weight_type}{MATMUL}");
        Kernels {
            embed: pipeline(ctx, "embed", &format!("{COMMON}{NORM}{EMBED}"), &[]),
            layer_norm: pipeline(ctx, "layer_norm", &format!("{COMMON}{NORM}{LAYER_NORM}"), &[]),
            matmul: pipeline(ctx, "matmul", &matmul, &[("ACT", 0.0)]),
            matmul_gelu: pipeline(ctx, "matmul_gelu", &matmul, &[("ACT", 1.0)]),
            attention: pipeline(ctx, "attention", ATTENTION, &[]),
            pool: pipeline(ctx, "pool", &format!("{COMMON}{POOL}"), &[]),
        }
    }
}
