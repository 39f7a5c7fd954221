//! Activation buffers and their bind groups, sized for the largest batch seen so far and reused
//! for every later batch (re-created only when a batch needs more room).

use super::kernels::Kernels;
use super::weights::{GpuWeights, ModelShape};
use super::GpuContext;

/// Small parameter blocks (16 bytes each). One per distinct dispatch shape: all dispatches of a
/// command buffer see the values written last, so shapes that differ need their own buffer.
pub struct Uniforms {
    /// seq_len, hidden, eps: the embedding and both LayerNorm kernels.
    pub rows: wgpu::Buffer,
    pub attention: wgpu::Buffer,
    pub pool: wgpu::Buffer,
    pub qkv: wgpu::Buffer,
    pub attention_out: wgpu::Buffer,
    pub intermediate: wgpu::Buffer,
    pub output: wgpu::Buffer,
}

impl Uniforms {
    pub fn new(ctx: &GpuContext) -> Self {
        let make = |label: &str| {
            ctx.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: 16,
                usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        };
        Uniforms {
            rows: make("rows"),
            attention: make("attention"),
            pool: make("pool"),
            qkv: make("qkv"),
            attention_out: make("attention_out"),
            intermediate: make("intermediate"),
            output: make("output"),
        }
    }
}

/// Bind groups of one encoder layer, in dispatch order.
pub struct LayerBinds {
    pub qkv: wgpu::BindGroup,
    pub attention: wgpu::BindGroup,
    pub attention_out: wgpu::BindGroup,
    pub attention_norm: wgpu::BindGroup,
    pub intermediate: wgpu::BindGroup,
    pub output: wgpu::BindGroup,
    pub output_norm: wgpu::BindGroup,
}

pub struct Workspace {
    /// Capacity in tokens (batch × padded length) and in sentences.
    pub tokens: usize,
    pub batch: usize,
    pub ids: wgpu::Buffer,
    pub lens: wgpu::Buffer,
    pub pooled: wgpu::Buffer,
    pub staging: wgpu::Buffer,
    pub embed: wgpu::BindGroup,
    pub layers: Vec<LayerBinds>,
    pub pool: wgpu::BindGroup,
    // Kept alive for the bind groups above.
    _activations: Vec<wgpu::Buffer>,
}

fn bind(ctx: &GpuContext, pipeline: &wgpu::ComputePipeline, label: &str, buffers: &[&wgpu::Buffer]) -> wgpu::BindGroup {
    let entries: Vec<wgpu::BindGroupEntry> =
        buffers.iter().enumerate().map(|(i, b)| wgpu::BindGroupEntry { binding: i as u32, resource: b.as_entire_binding() }).collect();
    ctx.device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some(label),
        layout: &pipeline.get_bind_group_layout(0),
        entries: &entries,
    })
}

impl Workspace {
    /// Buffers for `tokens` tokens and `batch` sentences, with every bind group built once.
    pub fn new(
        ctx: &GpuContext,
        kernels: &Kernels,
        weights: &GpuWeights,
        uniforms: &Uniforms,
        shape: &ModelShape,
        tokens: usize,
        batch: usize,
    ) -> Self {
        let storage = |label: &str, floats: usize, extra: wgpu::BufferUsages| {
            ctx.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: (floats.max(1) * 4) as u64,
                usage: wgpu::BufferUsages::STORAGE | extra,
                mapped_at_creation: false,
            })
        };
        let none = wgpu::BufferUsages::empty();
        let (h, i) = (shape.hidden, shape.intermediate);
        let ids = storage("ids", tokens, wgpu::BufferUsages::COPY_DST);
        let lens = storage("lens", batch, wgpu::BufferUsages::COPY_DST);
        // x: layer input/output; attended: after attention's Add & Norm; tmp: linear outputs
        // before their Add & Norm. Separate buffers, as a dispatch may not read and write one.
        let x = storage("x", tokens * h, none);
        let qkv = storage("qkv", tokens * 3 * h, none);
        let context = storage("context", tokens * h, none);
        let tmp = storage("tmp", tokens * h, none);
        let attended = storage("attended", tokens * h, none);
        let inter = storage("intermediate", tokens * i, none);
        let pooled = storage("pooled", batch * h, wgpu::BufferUsages::COPY_SRC);
        let staging = ctx.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("staging"),
            size: (batch.max(1) * h * 4) as u64,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let u = uniforms;
        let embed = bind(
            ctx,
            &kernels.embed,
            "embed",
            &[&u.rows, &ids, &weights.word, &weights.position, &weights.token_type, &weights.embeddings_ln, &x],
        );
        let layers = weights
            .layers
            .iter()
            .map(|w| LayerBinds {
                qkv: bind(ctx, &kernels.matmul, "qkv", &[&u.qkv, &x, &w.qkv_w, &w.qkv_b, &qkv]),
                attention: bind(ctx, &kernels.attention, "attention", &[&u.attention, &qkv, &lens, &context]),
                attention_out: bind(
                    ctx,
                    &kernels.matmul,
                    "attention_out",
                    &[&u.attention_out, &context, &w.attention_out_w, &w.attention_out_b, &tmp],
                ),
                attention_norm: bind(ctx, &kernels.layer_norm, "attention_norm", &[&u.rows, &tmp, &x, &w.attention_ln, &attended]),
                intermediate: bind(
                    ctx,
                    &kernels.matmul_gelu,
                    "intermediate",
                    &[&u.intermediate, &attended, &w.intermediate_w, &w.intermediate_b, &inter],
                ),
                output: bind(ctx, &kernels.matmul, "output", &[&u.output, &inter, &w.output_w, &w.output_b, &tmp]),
                output_norm: bind(ctx, &kernels.layer_norm, "output_norm", &[&u.rows, &tmp, &attended, &w.output_ln, &x]),
            })
            .collect();
        let pool = bind(ctx, &kernels.pool, "pool", &[&u.pool, &x, &lens, &pooled]);
        Workspace {
            tokens,
            batch,
            ids,
            lens,
            pooled,
            staging,
            embed,
            layers,
            pool,
            _activations: vec![x, qkv, context, tmp, attended, inter],
        }
    }
}
