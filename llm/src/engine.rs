//! The model, its tokenizer and template, and the token-by-token generation loop.

use std::path::Path;
use std::sync::Arc;

use candle_core::quantized::gguf_file;
use candle_core::{DType, Device, Tensor};
use candle_transformers::generation::{LogitsProcessor, Sampling};
use candle_transformers::models::quantized_llama::{ModelWeights, MAX_SEQ_LEN};
use candle_transformers::utils::apply_repeat_penalty;

use crate::chat_template::{ChatTemplate, TemplateError, CHATML};
use crate::model_file::model_id;
use crate::stop::StopMatcher;
use crate::tokenizer::{IncrementalDecoder, TextCodec, TokenizerError};

/// Prompt tokens per forward pass while prefilling: bounds attention memory and lets a
/// cancelled or timed-out request stop between chunks.
const PREFILL_CHUNK: usize = 512;
/// How far back the repetition penalty looks (candle's examples use 64).
pub const REPEAT_LAST_N: usize = 64;

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("reading {path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("loading GGUF {path}: {source}")]
    Gguf { path: String, source: candle_core::Error },
    #[error(transparent)]
    Tokenizer(#[from] TokenizerError),
    #[error(transparent)]
    Template(#[from] TemplateError),
    #[error("opening the device: {0}")]
    Device(candle_core::Error),
}

#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error("model: {0}")]
    Candle(#[from] candle_core::Error),
    #[error(transparent)]
    Tokenizer(#[from] TokenizerError),
    #[error("{prompt} prompt tokens + {max_tokens} new tokens exceed the context of {ctx}")]
    ContextLength { prompt: usize, max_tokens: usize, ctx: usize },
}

/// Everything about the model that request handlers need without touching the weights.
pub struct ModelText {
    pub codec: TextCodec,
    pub template: ChatTemplate,
    pub model_id: String,
    /// Context limit in tokens (prompt + completion).
    pub ctx: usize,
}

/// Owns the weights; lives on the generation worker thread.
pub struct Engine {
    model: ModelWeights,
    device: Device,
    text: Arc<ModelText>,
}

/// One generation, already tokenised and checked against the context.
#[derive(Debug, Clone)]
pub struct GenRequest {
    pub prompt: Vec<u32>,
    pub max_tokens: usize,
    pub sampling: Sampling,
    pub seed: u64,
    pub repetition_penalty: f32,
    pub stop: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FinishReason {
    Stop,
    Length,
}

impl FinishReason {
    pub fn as_str(self) -> &'static str {
        match self {
            FinishReason::Stop => "stop",
            FinishReason::Length => "length",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Finish {
    pub reason: FinishReason,
    pub prompt_tokens: usize,
    pub completion_tokens: usize,
}

/// Why a generation stopped before finishing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interrupt {
    Cancelled,
    TimedOut,
    ShuttingDown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Finished(Finish),
    Interrupted(Interrupt),
}

/// Receives text as it is generated and says, before every forward pass, whether to go on.
pub trait Observer {
    fn delta(&mut self, text: &str);
    fn interrupt(&mut self) -> Option<Interrupt>;
}

/// The device the `cuda` feature selects (GPU 0), else the CPU.
pub fn default_device() -> Result<Device, LoadError> {
    #[cfg(feature = "cuda")]
    {
        Device::new_cuda(0).map_err(LoadError::Device)
    }
    #[cfg(not(feature = "cuda"))]
    {
        Ok(Device::Cpu)
    }
}

/// Loads a GGUF file; `ctx` overrides the context limit (capped by the model and candle's rope table).
pub fn load(path: &Path, ctx: Option<usize>, device: Device) -> Result<(Engine, Arc<ModelText>), LoadError> {
    let shown = path.display().to_string();
    let mut file = std::fs::File::open(path).map_err(|source| LoadError::Io { path: shown.clone(), source })?;
    let content = gguf_file::Content::read(&mut file).map_err(|e| LoadError::Gguf { path: shown.clone(), source: e.with_path(path) })?;
    let codec = TextCodec::from_gguf(&content)?;
    let source =
        content.metadata.get("tokenizer.chat_template").and_then(|v| v.to_string().ok().cloned()).unwrap_or_else(|| CHATML.to_string());
    let template = ChatTemplate::new(&source, codec.bos_token(), codec.eos_token())?;
    // quantized_llama precomputes rotary embeddings for MAX_SEQ_LEN positions only.
    let native = content.metadata.get("llama.context_length").and_then(|v| v.to_u32().ok()).map_or(MAX_SEQ_LEN, |n| n as usize);
    let ctx = ctx.unwrap_or(native).clamp(2, native.min(MAX_SEQ_LEN));
    let model = ModelWeights::from_gguf(content, &mut file, &device).map_err(|source| LoadError::Gguf { path: shown, source })?;
    let text = Arc::new(ModelText { codec, template, model_id: model_id(path), ctx });
    Ok((Engine { model, device, text: text.clone() }, text))
}

impl Engine {
    pub fn text(&self) -> &Arc<ModelText> {
        &self.text
    }

    /// Runs one generation to its end, reporting text through `obs`.
    pub fn generate(&mut self, req: &GenRequest, obs: &mut dyn Observer) -> Result<Outcome, EngineError> {
        let ctx = self.text.ctx;
        let prompt_tokens = req.prompt.len();
        if prompt_tokens == 0 || req.max_tokens == 0 || prompt_tokens.checked_add(req.max_tokens).is_none_or(|total| total > ctx) {
            return Err(EngineError::ContextLength { prompt: prompt_tokens, max_tokens: req.max_tokens, ctx });
        }
        let codec = &self.text.codec;
        let mut sampler = LogitsProcessor::from_sampling(req.seed, req.sampling.clone());
        let mut tokens = req.prompt.clone();

        // Starting at position 0 replaces every layer's KV cache (quantized_llama's forward_attn
        // drops the cache when index_pos == 0), so no state leaks between requests.
        let mut logits = None;
        for (i, chunk) in req.prompt.chunks(PREFILL_CHUNK).enumerate() {
            if let Some(why) = obs.interrupt() {
                return Ok(Outcome::Interrupted(why));
            }
            let input = Tensor::new(chunk, &self.device)?.unsqueeze(0)?;
            logits = Some(self.model.forward(&input, i * PREFILL_CHUNK)?);
        }
        let Some(mut logits) = logits else {
            return Err(EngineError::ContextLength { prompt: 0, max_tokens: req.max_tokens, ctx });
        };

        let mut decoder = IncrementalDecoder::new();
        let mut stops = StopMatcher::new(req.stop.clone());
        let mut completion_tokens = 0;
        let finish = |reason, completion_tokens| Ok(Outcome::Finished(Finish { reason, prompt_tokens, completion_tokens }));
        loop {
            let mut last = logits.squeeze(0)?.to_dtype(DType::F32)?;
            if req.repetition_penalty != 1.0 {
                let start = tokens.len().saturating_sub(REPEAT_LAST_N);
                last = apply_repeat_penalty(&last, req.repetition_penalty, &tokens[start..])?;
            }
            let next = sampler.sample(&last)?;
            completion_tokens += 1;
            if codec.is_stop(next) {
                let tail = decoder.flush(codec)?;
                emit_rest(&mut stops, &tail, obs);
                return finish(FinishReason::Stop, completion_tokens);
            }
            tokens.push(next);
            let text = decoder.push(codec, next)?;
            if !text.is_empty() {
                let released = stops.push(&text);
                if !released.text.is_empty() {
                    obs.delta(&released.text);
                }
                if released.stopped {
                    return finish(FinishReason::Stop, completion_tokens);
                }
            }
            if completion_tokens >= req.max_tokens {
                let tail = decoder.flush(codec)?;
                let reason = if emit_rest(&mut stops, &tail, obs) { FinishReason::Stop } else { FinishReason::Length };
                return finish(reason, completion_tokens);
            }
            if let Some(why) = obs.interrupt() {
                return Ok(Outcome::Interrupted(why));
            }
            let input = Tensor::new(&[next], &self.device)?.unsqueeze(0)?;
            logits = self.model.forward(&input, tokens.len() - 1)?;
        }
    }
}

/// Releases the decoder's last text and anything held back for stop strings; true if a stop matched.
fn emit_rest(stops: &mut StopMatcher, tail: &str, obs: &mut dyn Observer) -> bool {
    let released = stops.push(tail);
    let mut text = released.text;
    if !released.stopped {
        text.push_str(&stops.flush());
    }
    if !text.is_empty() {
        obs.delta(&text);
    }
    released.stopped
}
