//! The BERT encoder on the GPU: token ids in, pooled (and normalised) sentence vectors out.
//!
//! One command buffer per batch: embedding + LayerNorm, then per layer the fused QKV matmul,
//! attention, output matmul, Add & Norm, GELU matmul, output matmul, Add & Norm, and finally
//! pooling. Only the pooled vectors come back, so the read-back is batch × hidden floats.

use futures::lock::Mutex;

use super::kernels::{Kernels, MATMUL_TILE};
use super::weights::{GpuWeights, ModelShape};
use super::workspace::{Uniforms, Workspace};
use super::{GpuContext, GpuError};
use crate::embed::{ModelFiles, ModelSettings, Pooling, Precision};

pub struct GpuEncoder {
    pub(crate) ctx: GpuContext,
    kernels: Kernels,
    weights: GpuWeights,
    uniforms: Uniforms,
    shape: ModelShape,
    settings: ModelSettings,
    /// Most tokens one pass may hold (storage binding limits on the largest activation).
    max_tokens: usize,
    /// An async lock: a batch holds it across the read-back's await.
    workspace: Mutex<Option<Workspace>>,
}

fn words(values: [u32; 4]) -> [u8; 16] {
    let mut out = [0u8; 16];
    for (chunk, v) in out.chunks_exact_mut(4).zip(values) {
        chunk.copy_from_slice(&v.to_le_bytes());
    }
    out
}

impl GpuEncoder {
    /// Uploads the weights to an opened device and compiles the kernels.
    pub fn new(ctx: GpuContext, files: &ModelFiles, settings: ModelSettings) -> Result<Self, GpuError> {
        let (shape, config) = ModelShape::from_config(&files.config)?;
        let weights = GpuWeights::upload(&ctx, &files.weights, &shape, &config)?;
        let kernels = Kernels::compile(&ctx);
        let uniforms = Uniforms::new(&ctx);
        let widest = 4 * shape.intermediate.max(3 * shape.hidden) as u64;
        let limit = ctx.limits.max_storage_buffer_binding_size.min(ctx.limits.max_buffer_size);
        let max_tokens = (limit / widest).max(1) as usize;
        if let Some(e) = ctx.take_error() {
            return Err(e);
        }
        Ok(GpuEncoder { ctx, kernels, weights, uniforms, shape, settings, max_tokens, workspace: Mutex::new(None) })
    }

    pub fn adapter(&self) -> &super::AdapterSummary {
        &self.ctx.adapter
    }

    /// "f16" or "f32": the weights' type in the matmuls.
    pub fn precision(&self) -> Precision {
        if self.ctx.f16 {
            Precision::F16
        } else {
            Precision::F32
        }
    }

    /// Bytes of matmul weights read per pass (for the benchmark's bandwidth floor).
    pub fn weight_bytes(&self) -> u64 {
        self.weights.matmul_bytes
    }

    /// Pooled vectors for sentences given as token ids ([CLS] … [SEP], already truncated), in
    /// order, row-major. Batches too large for the device's limits are split into passes.
    pub async fn forward(&self, batch: &[&[u32]]) -> Result<Vec<f32>, GpuError> {
        let width = batch.iter().map(|ids| ids.len()).max().unwrap_or(0).max(1);
        if width > self.shape.max_len() {
            return Err(GpuError::Unsupported(format!("{width} tokens; the attention kernel holds {}", self.shape.max_len())));
        }
        let per_pass = (self.max_tokens / width).max(1);
        let mut out = Vec::with_capacity(batch.len() * self.shape.hidden);
        for part in batch.chunks(per_pass) {
            out.extend(self.pass(part, width).await?);
        }
        Ok(out)
    }

    async fn pass(&self, batch: &[&[u32]], width: usize) -> Result<Vec<f32>, GpuError> {
        let (b, h) = (batch.len(), self.shape.hidden);
        let tokens = b * width;
        let mut slot = self.workspace.lock().await;
        if slot.as_ref().is_none_or(|w| w.tokens < tokens || w.batch < b) {
            // Grow to the next power of two (within the limit) so a run of growing batches
            // re-creates the buffers a few times, not every batch.
            let (old_t, old_b) = slot.as_ref().map_or((0, 0), |w| (w.tokens, w.batch));
            let cap_t = tokens.max(old_t).next_power_of_two().min(self.max_tokens.max(tokens));
            let cap_b = b.max(old_b).next_power_of_two();
            *slot = None; // free the old buffers before allocating the new ones
            *slot = Some(Workspace::new(&self.ctx, &self.kernels, &self.weights, &self.uniforms, &self.shape, cap_t, cap_b));
        }
        let ws = slot.as_ref().ok_or_else(|| GpuError::Validation("no workspace".into()))?;

        let mut ids = vec![0u32; tokens];
        let mut lens = Vec::with_capacity(b);
        for (row, sentence) in ids.chunks_exact_mut(width).zip(batch) {
            row[..sentence.len()].copy_from_slice(sentence);
            lens.push(sentence.len() as u32);
        }
        self.write_uniforms(tokens, width);
        let q = &self.ctx.queue;
        q.write_buffer(&ws.ids, 0, bytemuck::cast_slice(&ids));
        q.write_buffer(&ws.lens, 0, bytemuck::cast_slice(&lens));

        let mut encoder = self.ctx.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("encode") });
        {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor { label: Some("bert"), timestamp_writes: None });
            let (l, bb) = (width as u32, b as u32);
            // Matmul grid: output columns in x, token rows in y, 64 of each per workgroup.
            let cols = |n: usize| (n as u32).div_ceil(MATMUL_TILE);
            let m_groups = (tokens as u32).div_ceil(MATMUL_TILE);
            let k = &self.kernels;
            pass.set_pipeline(&k.embed);
            pass.set_bind_group(0, &ws.embed, &[]);
            pass.dispatch_workgroups(l, bb, 1);
            for layer in &ws.layers {
                pass.set_pipeline(&k.matmul);
                pass.set_bind_group(0, &layer.qkv, &[]);
                pass.dispatch_workgroups(cols(3 * h), m_groups, 1);
                pass.set_pipeline(&k.attention);
                pass.set_bind_group(0, &layer.attention, &[]);
                pass.dispatch_workgroups(l, self.shape.heads as u32, bb);
                pass.set_pipeline(&k.matmul);
                pass.set_bind_group(0, &layer.attention_out, &[]);
                pass.dispatch_workgroups(cols(h), m_groups, 1);
                pass.set_pipeline(&k.layer_norm);
                pass.set_bind_group(0, &layer.attention_norm, &[]);
                pass.dispatch_workgroups(l, bb, 1);
                pass.set_pipeline(&k.matmul_gelu);
                pass.set_bind_group(0, &layer.intermediate, &[]);
                pass.dispatch_workgroups(cols(self.shape.intermediate), m_groups, 1);
                pass.set_pipeline(&k.matmul);
                pass.set_bind_group(0, &layer.output, &[]);
                pass.dispatch_workgroups(cols(h), m_groups, 1);
                pass.set_pipeline(&k.layer_norm);
                pass.set_bind_group(0, &layer.output_norm, &[]);
                pass.dispatch_workgroups(l, bb, 1);
            }
            pass.set_pipeline(&k.pool);
            pass.set_bind_group(0, &ws.pool, &[]);
            pass.dispatch_workgroups(bb, 1, 1);
        }
        let bytes = (b * h * 4) as u64;
        encoder.copy_buffer_to_buffer(&ws.pooled, 0, &ws.staging, 0, bytes);
        q.submit([encoder.finish()]);
        let out = read_back(&self.ctx, &ws.staging, bytes).await;
        if let Some(e) = self.ctx.take_error() {
            return Err(e);
        }
        out
    }

    fn write_uniforms(&self, tokens: usize, width: usize) {
        let s = &self.shape;
        let u = &self.uniforms;
        let q = &self.ctx.queue;
        let (t, l, h, i) = (tokens as u32, width as u32, s.hidden as u32, s.intermediate as u32);
        q.write_buffer(&u.rows, 0, &words([l, h, s.eps.to_bits(), 0]));
        let scale = 1.0 / (s.head_dim as f32).sqrt();
        q.write_buffer(&u.attention, 0, &words([l, s.heads as u32, s.head_dim as u32, scale.to_bits()]));
        let mode = match self.settings.pooling {
            Pooling::Mean => 0,
            Pooling::Cls => 1,
        };
        q.write_buffer(&u.pool, 0, &words([l, h, mode, self.settings.normalise as u32]));
        q.write_buffer(&u.qkv, 0, &words([t, 3 * h, h, 0]));
        q.write_buffer(&u.attention_out, 0, &words([t, h, h, 0]));
        q.write_buffer(&u.intermediate, 0, &words([t, i, h, 0]));
        q.write_buffer(&u.output, 0, &words([t, h, i, 0]));
    }
}

/// Maps `staging` and copies its first `bytes` out. Natively `poll` drives the map; in the
/// browser the callback fires from the event loop, so the await is what waits.
#[cfg_attr(target_arch = "wasm32", allow(unused_variables))]
async fn read_back(ctx: &GpuContext, staging: &wgpu::Buffer, bytes: u64) -> Result<Vec<f32>, GpuError> {
    let slice = staging.slice(..bytes);
    let (tx, rx) = futures::channel::oneshot::channel();
    slice.map_async(wgpu::MapMode::Read, move |r| {
        let _ = tx.send(r);
    });
    #[cfg(not(target_arch = "wasm32"))]
    ctx.device.poll(wgpu::PollType::wait_indefinitely()).map_err(|e| GpuError::Readback(e.to_string()))?;
    rx.await.map_err(|_| GpuError::Readback("the map callback never ran".into()))?.map_err(|e| GpuError::Readback(e.to_string()))?;
    let data = {
        let view = slice.get_mapped_range().map_err(|e| GpuError::Readback(e.to_string()))?;
        bytemuck::pod_collect_to_vec::<u8, f32>(&view)
    };
    staging.unmap();
    Ok(data)
}
