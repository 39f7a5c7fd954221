//! The model's weights, read from the same safetensors bytes as the CPU path and uploaded once.
//!
//! Matrices the matmul kernel reads are stored as f16 when the context chose f16 (half the bytes
//! per batch); embeddings, biases and LayerNorm parameters stay f32, as they are read little.

use std::collections::HashMap;

use candle_core::{DType, Tensor};
use candle_transformers::models::bert::{Config, HiddenAct};
use wgpu::util::DeviceExt;

use super::kernels::{ATTENTION_WG, MAX_HIDDEN, MAX_LEN};
use super::{GpuContext, GpuError};
use crate::embed::{EmbedError, FILE_NAMES};

/// The sizes the kernels are dispatched with.
#[derive(Clone, Copy, Debug)]
pub struct ModelShape {
    pub hidden: usize,
    pub heads: usize,
    pub head_dim: usize,
    pub intermediate: usize,
    pub max_positions: usize,
    pub eps: f32,
}

impl ModelShape {
    /// Reads config.json and refuses shapes the kernels' workgroup arrays cannot hold.
    pub fn from_config(bytes: &[u8]) -> Result<(Self, Config), GpuError> {
        let config: Config =
            serde_json::from_slice(bytes).map_err(|e| EmbedError::Config { file: FILE_NAMES.config, message: e.to_string() })?;
        if !matches!(config.hidden_act, HiddenAct::Gelu) {
            return Err(GpuError::Unsupported(format!("hidden_act {:?}: only \"gelu\" (erf)", config.hidden_act)));
        }
        let heads = config.num_attention_heads.max(1);
        let shape = ModelShape {
            hidden: config.hidden_size,
            heads,
            head_dim: config.hidden_size / heads,
            intermediate: config.intermediate_size,
            max_positions: config.max_position_embeddings,
            eps: config.layer_norm_eps as f32,
        };
        let fits = shape.hidden > 0
            && shape.hidden <= MAX_HIDDEN
            && shape.head_dim * heads == shape.hidden
            && shape.head_dim <= ATTENTION_WG
            && ATTENTION_WG.is_multiple_of(shape.head_dim);
        if !fits {
            return Err(GpuError::Unsupported(format!(
                "hidden {} / heads {}: the kernels need hidden ≤ {MAX_HIDDEN} and a head size dividing {ATTENTION_WG}",
                shape.hidden, heads
            )));
        }
        Ok((shape, config))
    }

    /// Longest sequence the attention kernel can hold.
    pub fn max_len(&self) -> usize {
        self.max_positions.min(MAX_LEN)
    }
}

/// One encoder layer's buffers; `*_ln` hold gamma then beta.
pub struct LayerWeights {
    pub qkv_w: wgpu::Buffer,
    pub qkv_b: wgpu::Buffer,
    pub attention_out_w: wgpu::Buffer,
    pub attention_out_b: wgpu::Buffer,
    pub attention_ln: wgpu::Buffer,
    pub intermediate_w: wgpu::Buffer,
    pub intermediate_b: wgpu::Buffer,
    pub output_w: wgpu::Buffer,
    pub output_b: wgpu::Buffer,
    pub output_ln: wgpu::Buffer,
}

pub struct GpuWeights {
    pub word: wgpu::Buffer,
    pub position: wgpu::Buffer,
    pub token_type: wgpu::Buffer,
    pub embeddings_ln: wgpu::Buffer,
    pub layers: Vec<LayerWeights>,
    /// Bytes uploaded (for the benchmark's bandwidth floor).
    pub matmul_bytes: u64,
}

/// Looks tensors up by name (with or without the "bert." prefix) as flat f32.
struct Source {
    tensors: HashMap<String, Tensor>,
    prefix: &'static str,
}

impl Source {
    fn get(&self, name: &str, len: usize) -> Result<Vec<f32>, GpuError> {
        let full = format!("{}{name}", self.prefix);
        let t = self.tensors.get(&full).ok_or_else(|| EmbedError::Weights(format!("tensor {full} is missing")))?;
        let v = t
            .to_dtype(DType::F32)
            .and_then(|t| t.flatten_all())
            .and_then(|t| t.to_vec1::<f32>())
            .map_err(|e| EmbedError::Weights(format!("{full}: {e}")))?;
        if v.len() != len {
            return Err(EmbedError::Dimension { what: "weight tensor size", expected: len, actual: v.len() }.into());
        }
        Ok(v)
    }

    /// gamma ‖ beta of a LayerNorm.
    fn layer_norm(&self, name: &str, hidden: usize) -> Result<Vec<f32>, GpuError> {
        let mut v = self.get(&format!("{name}.weight"), hidden)?;
        v.extend(self.get(&format!("{name}.bias"), hidden)?);
        Ok(v)
    }
}

impl GpuWeights {
    pub fn upload(ctx: &GpuContext, safetensors: &[u8], shape: &ModelShape, config: &Config) -> Result<Self, GpuError> {
        let tensors = candle_core::safetensors::load_buffer(safetensors, &candle_core::Device::Cpu)
            .map_err(|e| EmbedError::Weights(e.to_string()))?;
        let prefix = if tensors.contains_key("bert.embeddings.word_embeddings.weight") { "bert." } else { "" };
        let src = Source { tensors, prefix };
        let (h, i) = (shape.hidden, shape.intermediate);
        let f32_buffer = |label: &str, data: &[f32]| {
            ctx.device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some(label),
                contents: bytemuck::cast_slice(data),
                usage: wgpu::BufferUsages::STORAGE,
            })
        };
        let mut matmul_bytes = 0u64;
        let mut matrix = |label: &str, data: &[f32]| {
            let buffer = if ctx.f16 {
                let mut halves: Vec<half::f16> = data.iter().map(|&x| half::f16::from_f32(x)).collect();
                // Buffer sizes must be multiples of 4 bytes.
                if halves.len() % 2 == 1 {
                    halves.push(half::f16::ZERO);
                }
                ctx.device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some(label),
                    contents: bytemuck::cast_slice(&halves),
                    usage: wgpu::BufferUsages::STORAGE,
                })
            } else {
                f32_buffer(label, data)
            };
            matmul_bytes += buffer.size();
            buffer
        };

        let e = "embeddings";
        let word = f32_buffer("word", &src.get(&format!("{e}.word_embeddings.weight"), config.vocab_size * h)?);
        let position = f32_buffer("position", &src.get(&format!("{e}.position_embeddings.weight"), shape.max_positions * h)?);
        let token_type = f32_buffer("token_type", &src.get(&format!("{e}.token_type_embeddings.weight"), config.type_vocab_size * h)?);
        let embeddings_ln = f32_buffer("embeddings_ln", &src.layer_norm(&format!("{e}.LayerNorm"), h)?);
        let mut layers = Vec::with_capacity(config.num_hidden_layers);
        for l in 0..config.num_hidden_layers {
            let p = format!("encoder.layer.{l}");
            // Q, K and V as one [3h, h] matrix: one matmul instead of three (as the CPU path).
            let mut qkv_w = Vec::with_capacity(3 * h * h);
            let mut qkv_b = Vec::with_capacity(3 * h);
            for part in ["query", "key", "value"] {
                qkv_w.extend(src.get(&format!("{p}.attention.self.{part}.weight"), h * h)?);
                qkv_b.extend(src.get(&format!("{p}.attention.self.{part}.bias"), h)?);
            }
            layers.push(LayerWeights {
                qkv_w: matrix("qkv_w", &qkv_w),
                qkv_b: f32_buffer("qkv_b", &qkv_b),
                attention_out_w: matrix("attention_out_w", &src.get(&format!("{p}.attention.output.dense.weight"), h * h)?),
                attention_out_b: f32_buffer("attention_out_b", &src.get(&format!("{p}.attention.output.dense.bias"), h)?),
                attention_ln: f32_buffer("attention_ln", &src.layer_norm(&format!("{p}.attention.output.LayerNorm"), h)?),
                intermediate_w: matrix("intermediate_w", &src.get(&format!("{p}.intermediate.dense.weight"), i * h)?),
                intermediate_b: f32_buffer("intermediate_b", &src.get(&format!("{p}.intermediate.dense.bias"), i)?),
                output_w: matrix("output_w", &src.get(&format!("{p}.output.dense.weight"), h * i)?),
                output_b: f32_buffer("output_b", &src.get(&format!("{p}.output.dense.bias"), h)?),
                output_ln: f32_buffer("output_ln", &src.layer_norm(&format!("{p}.output.LayerNorm"), h)?),
            });
        }
        Ok(GpuWeights { word, position, token_type, embeddings_ln, layers, matmul_bytes })
    }
}
