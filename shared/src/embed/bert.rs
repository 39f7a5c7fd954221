//! A BERT encoder for sentence embedding, on candle's tensors and layers.
//!
//! Written here rather than using `candle_transformers::models::bert` because that one spends a
//! quarter of CPU time in GELU: candle's unary ops run on one thread and call libm's `erff` per
//! element. This encoder is the same computation (weights, layer order, erf-GELU, masking) with a
//! parallel GELU, one fused QKV matmul and candle's fused last-dim softmax; the agreement test
//! against sentence-transformers (tests/tests/embed.rs) guards that it stays the same.

use candle_core::{CpuStorage, CustomOp1, DType, Layout, Module, Result, Shape, Tensor};
use candle_nn::{embedding, layer_norm, Embedding, LayerNorm, Linear, VarBuilder};
use candle_transformers::models::bert::{Config, HiddenAct};

/// The encoder: token ids and mask in, one vector per token out.
pub struct BertEncoder {
    word: Embedding,
    position: Embedding,
    token_type: Embedding,
    norm: LayerNorm,
    layers: Vec<Layer>,
    heads: usize,
    head_dim: usize,
}

struct Layer {
    qkv: Linear,
    attention_out: Linear,
    attention_norm: LayerNorm,
    intermediate: Linear,
    output: Linear,
    output_norm: LayerNorm,
}

fn linear(vb: &VarBuilder, inputs: usize, outputs: usize) -> Result<Linear> {
    Ok(Linear::new(vb.get((outputs, inputs), "weight")?, Some(vb.get(outputs, "bias")?)))
}

impl BertEncoder {
    pub fn load(vb: VarBuilder, config: &Config) -> Result<Self> {
        if !matches!(config.hidden_act, HiddenAct::Gelu) {
            candle_core::bail!("hidden_act {:?} is not supported: only \"gelu\" (erf) BERT models", config.hidden_act);
        }
        let vb = if vb.contains_tensor("bert.embeddings.word_embeddings.weight") { vb.pp("bert") } else { vb };
        let h = config.hidden_size;
        let e = vb.pp("embeddings");
        let word = embedding(config.vocab_size, h, e.pp("word_embeddings"))?;
        let position = embedding(config.max_position_embeddings, h, e.pp("position_embeddings"))?;
        let token_type = embedding(config.type_vocab_size, h, e.pp("token_type_embeddings"))?;
        let norm = layer_norm(h, config.layer_norm_eps, e.pp("LayerNorm"))?;
        let mut layers = Vec::with_capacity(config.num_hidden_layers);
        for i in 0..config.num_hidden_layers {
            let l = vb.pp(format!("encoder.layer.{i}"));
            let a = l.pp("attention");
            let s = a.pp("self");
            let (q, k, v) = (linear(&s.pp("query"), h, h)?, linear(&s.pp("key"), h, h)?, linear(&s.pp("value"), h, h)?);
            let weight = Tensor::cat(&[q.weight(), k.weight(), v.weight()], 0)?;
            let bias = Tensor::cat(&[q.bias().expect("loaded"), k.bias().expect("loaded"), v.bias().expect("loaded")], 0)?;
            layers.push(Layer {
                qkv: Linear::new(weight, Some(bias)),
                attention_out: linear(&a.pp("output.dense"), h, h)?,
                attention_norm: layer_norm(h, config.layer_norm_eps, a.pp("output.LayerNorm"))?,
                intermediate: linear(&l.pp("intermediate.dense"), h, config.intermediate_size)?,
                output: linear(&l.pp("output.dense"), config.intermediate_size, h)?,
                output_norm: layer_norm(h, config.layer_norm_eps, l.pp("output.LayerNorm"))?,
            });
        }
        Ok(Self { word, position, token_type, norm, layers, heads: config.num_attention_heads, head_dim: h / config.num_attention_heads })
    }

    /// `ids`, `mask`: (batch, seq) u32. Returns (batch, seq, hidden).
    pub fn forward(&self, ids: &Tensor, mask: &Tensor) -> Result<Tensor> {
        let (b, len) = ids.dims2()?;
        let positions = Tensor::arange(0u32, len as u32, ids.device())?;
        let types = Tensor::zeros(1, DType::U32, ids.device())?;
        let x =
            self.word.forward(ids)?.broadcast_add(&self.position.forward(&positions)?)?.broadcast_add(&self.token_type.forward(&types)?)?;
        let mut x = self.norm.forward(&x)?;
        // Padding keys get a large negative score: exp() makes them 0 in the softmax.
        let bias = ((mask.to_dtype(DType::F32)? - 1.0)? * 1e30)?.reshape((b, 1, 1, len))?;
        let scale = 1.0 / (self.head_dim as f64).sqrt();
        for l in &self.layers {
            let qkv = l.qkv.forward(&x)?.reshape((b, len, 3, self.heads, self.head_dim))?.permute((2, 0, 3, 1, 4))?;
            let q = qkv.get(0)?.contiguous()?;
            let k = qkv.get(1)?.contiguous()?;
            let v = qkv.get(2)?.contiguous()?;
            let scores = (q.matmul(&k.t()?)? * scale)?.broadcast_add(&bias)?;
            let probs = candle_nn::ops::softmax_last_dim(&scores)?;
            let context = probs.matmul(&v)?.transpose(1, 2)?.reshape((b, len, self.heads * self.head_dim))?;
            let attended = l.attention_norm.forward(&(l.attention_out.forward(&context)? + &x)?)?;
            let inner = l.intermediate.forward(&attended)?.apply_op1_no_bwd(&GeluErf)?;
            x = l.output_norm.forward(&(l.output.forward(&inner)? + attended)?)?;
        }
        Ok(x)
    }
}

/// GELU with the exact (erf) form BERT was trained with, in parallel chunks.
struct GeluErf;

/// erf from Abramowitz & Stegun 7.1.26 (|error| ≤ 1.5e-7; 5.4e-7 evaluated in f32) with std's exp:
/// vectorisable, unlike libm's branchy `erff`, and well inside the 1e-4 agreement budget.
#[inline]
fn erf(x: f32) -> f32 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t * (0.254_829_6 + t * (-0.284_496_74 + t * (1.421_413_7 + t * (-1.453_152_1 + t * 1.061_405_4))));
    let y = 1.0 - poly * (-x * x).exp();
    y.copysign(x)
}

#[inline]
fn gelu(x: f32) -> f32 {
    0.5 * x * (1.0 + erf(x * std::f32::consts::FRAC_1_SQRT_2))
}

impl CustomOp1 for GeluErf {
    fn name(&self) -> &'static str {
        "gelu-erf-parallel"
    }

    fn cpu_fwd(&self, storage: &CpuStorage, layout: &Layout) -> Result<(CpuStorage, Shape)> {
        let CpuStorage::F32(data) = storage else { candle_core::bail!("gelu: f32 only") };
        let Some((start, end)) = layout.contiguous_offsets() else { candle_core::bail!("gelu: input must be contiguous") };
        let input = &data[start..end];
        let mut out = vec![0f32; input.len()];
        #[cfg(not(target_arch = "wasm32"))]
        {
            use rayon::prelude::*;
            const CHUNK: usize = 16 * 1024;
            out.par_chunks_mut(CHUNK).zip(input.par_chunks(CHUNK)).for_each(|(o, i)| {
                o.iter_mut().zip(i).for_each(|(o, &x)| *o = gelu(x));
            });
        }
        #[cfg(target_arch = "wasm32")]
        out.iter_mut().zip(input).for_each(|(o, &x)| *o = gelu(x));
        Ok((CpuStorage::F32(out), layout.shape().clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erf_matches_libm_closely() {
        let mut worst = 0f32;
        for i in -3000..=3000 {
            let x = i as f32 / 1000.0;
            worst = worst.max((erf(x) - libm_erf(x as f64) as f32).abs());
        }
        assert!(worst < 1e-6, "max |Δ| {worst}");
        // Beyond ±3 erf is within erfc(3) = 2.2e-5 of ±1 and must not overshoot.
        for i in 3000..=9000 {
            let x = i as f32 / 1000.0;
            assert!((1.0 - erf(x)) < 2.3e-5 && erf(x) <= 1.0 && erf(-x) == -erf(x), "{x}");
        }
        assert_eq!(gelu(0.0), 0.0);
        assert!((gelu(1.0) - 0.841_344_7).abs() < 1e-6);
    }

    /// erf by its series / continued fraction in f64, as the reference.
    fn libm_erf(x: f64) -> f64 {
        // Abramowitz & Stegun 7.1.5; exact enough in f64 for |x| ≤ 3.
        let (mut sum, mut term, mut n) = (x, x, 0.0f64);
        while term.abs() > 1e-17 * sum.abs().max(1e-300) && n < 400.0 {
            n += 1.0;
            term *= -x * x / n;
            sum += term / (2.0 * n + 1.0);
        }
        sum * 2.0 / std::f64::consts::PI.sqrt()
    }
}
