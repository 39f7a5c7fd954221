//! The embedder: tokenizer + BERT encoder + pooling, loaded from bytes.

use candle_core::{DType, Device, Tensor};
use candle_nn::VarBuilder;
use candle_transformers::models::bert::Config;
use tokenizers::{Tokenizer, TruncationParams};

use super::bert::BertEncoder;
use super::files::{ModelFiles, ModelSettings, FILE_NAMES};
use super::pooling::l2_normalise;
use super::{length_sorted_batches, Batch, DeviceReport, EmbedError};

/// A loaded sentence embedder (one per thread or Web Worker). `load` gives the CPU path;
/// `load_on` (embed/device.rs) may attach the GPU encoder, which then runs every batch while it
/// works, the CPU encoder staying loaded as the fallback.
pub struct Embedder {
    name: String,
    model: BertEncoder,
    tokenizer: Tokenizer,
    /// The same tokenizer without truncation: counts what truncation would cut.
    counter: Tokenizer,
    settings: ModelSettings,
    dim: usize,
    vocab: usize,
    device: Device,
    /// Which path runs batches now (changes once if the GPU fails mid-run).
    report: std::sync::Mutex<DeviceReport>,
    #[cfg(feature = "gpu")]
    pub(super) gpu: Option<super::gpu::GpuEncoder>,
    /// Set when the GPU failed: later batches go straight to the CPU.
    #[cfg(feature = "gpu")]
    gpu_failed: std::sync::atomic::AtomicBool,
}

/// Vectors for a list of inputs, in input order.
#[derive(Clone, Debug, PartialEq)]
pub struct Embeddings {
    pub dim: usize,
    /// Row-major: input `i` is `data[i * dim..(i + 1) * dim]`.
    pub data: Vec<f32>,
    /// Indices of inputs cut at the model's token limit (their tail was not embedded).
    pub truncated: Vec<usize>,
}

impl Embeddings {
    pub fn len(&self) -> usize {
        self.data.len().checked_div(self.dim).unwrap_or(0)
    }
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
    pub fn get(&self, i: usize) -> Option<&[f32]> {
        self.data.get(i * self.dim..(i + 1) * self.dim)
    }
    pub fn rows(&self) -> impl Iterator<Item = &[f32]> {
        self.data.chunks_exact(self.dim.max(1))
    }
}

/// One input after tokenisation.
pub(super) struct Encoded {
    pub(super) ids: Vec<u32>,
    truncated: bool,
}

impl Embedder {
    /// Loads a BERT-family model; every file problem is an error naming the file, never a panic.
    pub fn load(files: &ModelFiles) -> Result<Self, EmbedError> {
        let config: Config =
            serde_json::from_slice(&files.config).map_err(|e| EmbedError::Config { file: FILE_NAMES.config, message: e.to_string() })?;
        if config.hidden_size == 0 || config.num_attention_heads == 0 || !config.hidden_size.is_multiple_of(config.num_attention_heads) {
            return Err(EmbedError::Config {
                file: FILE_NAMES.config,
                message: format!(
                    "hidden_size {} is not a positive multiple of num_attention_heads {}",
                    config.hidden_size, config.num_attention_heads
                ),
            });
        }
        let settings = files.settings(config.hidden_size, config.max_position_embeddings)?;

        let mut tokenizer = Tokenizer::from_bytes(&files.tokenizer).map_err(|e| EmbedError::Tokenizer(e.to_string()))?;
        // Shipped tokenizer.json files often pad to a fixed 128 and truncate at 128; sentence-
        // transformers pads per batch and truncates at max_seq_length: do as it does.
        tokenizer.with_padding(None);
        let mut counter = tokenizer.clone();
        counter.with_truncation(None).map_err(|e| EmbedError::Tokenizer(e.to_string()))?;
        tokenizer
            .with_truncation(Some(TruncationParams { max_length: settings.max_tokens, ..Default::default() }))
            .map_err(|e| EmbedError::Tokenizer(e.to_string()))?;
        let tokens = tokenizer.get_vocab_size(true);
        if tokens > config.vocab_size {
            return Err(EmbedError::Tokenizer(format!(
                "it has {tokens} tokens but config.json's vocab_size is {}: it belongs to another model",
                config.vocab_size
            )));
        }

        let device = Device::Cpu;
        let vb = VarBuilder::from_buffered_safetensors(files.weights.clone(), DType::F32, &device)
            .map_err(|e| EmbedError::Weights(e.to_string()))?;
        let model = BertEncoder::load(vb, &config).map_err(|e| EmbedError::Weights(e.to_string()))?;
        Ok(Embedder {
            name: files.name.clone(),
            model,
            tokenizer,
            counter,
            settings,
            dim: config.hidden_size,
            vocab: config.vocab_size,
            device,
            report: std::sync::Mutex::new(DeviceReport::cpu()),
            #[cfg(feature = "gpu")]
            gpu: None,
            #[cfg(feature = "gpu")]
            gpu_failed: std::sync::atomic::AtomicBool::new(false),
        })
    }

    /// Which path runs the encoder, and why not the GPU if it was allowed.
    pub fn device(&self) -> DeviceReport {
        self.report.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    pub(super) fn set_report(&self, report: DeviceReport) {
        *self.report.lock().unwrap_or_else(|p| p.into_inner()) = report;
    }

    pub fn name(&self) -> &str {
        &self.name
    }
    pub fn dim(&self) -> usize {
        self.dim
    }
    pub fn settings(&self) -> &ModelSettings {
        &self.settings
    }

    /// Token count of `text` with [CLS] and [SEP], before truncation.
    pub fn token_count(&self, text: &str) -> Result<usize, EmbedError> {
        let enc = self.counter.encode_fast(text, true).map_err(|e| EmbedError::Tokenizer(e.to_string()))?;
        Ok(enc.len())
    }

    pub(super) fn encode(&self, text: &str) -> Result<Encoded, EmbedError> {
        let enc = self.tokenizer.encode_fast(text, true).map_err(|e| EmbedError::Tokenizer(e.to_string()))?;
        let ids = enc.get_ids().to_vec();
        if let Some(&id) = ids.iter().find(|&&id| id as usize >= self.vocab) {
            return Err(EmbedError::TokenOutOfVocabulary { id, vocab: self.vocab });
        }
        // Only inputs that reach the limit can have been cut: count those again, untruncated.
        let truncated = ids.len() >= self.settings.max_tokens && self.token_count(text)? > ids.len();
        Ok(Encoded { ids, truncated })
    }

    /// Embeds one query; the flag says it was truncated at the model's limit.
    pub fn embed_one(&self, text: &str) -> Result<(Vec<f32>, bool), EmbedError> {
        let enc = self.encode(text)?;
        let data = self.forward(&[&enc])?;
        Ok((data, enc.truncated))
    }

    /// Embeds `texts` in length-sorted batches of `batch_size`; `progress(done)` after each batch.
    /// In the browser this runs on the CPU path: the GPU path needs `embed_async` there.
    pub fn embed(&self, texts: &[&str], batch_size: usize, progress: &mut dyn FnMut(usize)) -> Result<Embeddings, EmbedError> {
        let (encoded, batches) = self.prepare(texts, batch_size)?;
        let mut data = vec![0f32; texts.len() * self.dim];
        let mut done = 0;
        for batch in batches {
            let items: Vec<&Encoded> = batch.items.iter().map(|&i| &encoded[i]).collect();
            let out = self.forward(&items)?;
            done += self.place(&out, &batch, &mut data);
            progress(done);
        }
        Ok(self.finish(data, &encoded))
    }

    /// `embed` that awaits the GPU instead of blocking: the one to call in the browser, where
    /// WebGPU's read-backs complete only when control returns to the event loop.
    pub async fn embed_async(&self, texts: &[&str], batch_size: usize, progress: &mut dyn FnMut(usize)) -> Result<Embeddings, EmbedError> {
        let (encoded, batches) = self.prepare(texts, batch_size)?;
        let mut data = vec![0f32; texts.len() * self.dim];
        let mut done = 0;
        for batch in batches {
            let items: Vec<&Encoded> = batch.items.iter().map(|&i| &encoded[i]).collect();
            let out = self.forward_async(&items).await?;
            done += self.place(&out, &batch, &mut data);
            progress(done);
        }
        Ok(self.finish(data, &encoded))
    }

    fn prepare(&self, texts: &[&str], batch_size: usize) -> Result<(Vec<Encoded>, Vec<Batch>), EmbedError> {
        if texts.is_empty() {
            return Err(EmbedError::Empty);
        }
        let encoded = texts.iter().map(|t| self.encode(t)).collect::<Result<Vec<_>, _>>()?;
        let lengths: Vec<usize> = encoded.iter().map(|e| e.ids.len()).collect();
        let batches = length_sorted_batches(&lengths, batch_size);
        Ok((encoded, batches))
    }

    /// Copies a batch's vectors to their inputs' rows; returns how many.
    fn place(&self, out: &[f32], batch: &Batch, data: &mut [f32]) -> usize {
        for (row, &i) in out.chunks_exact(self.dim).zip(&batch.items) {
            data[i * self.dim..(i + 1) * self.dim].copy_from_slice(row);
        }
        batch.items.len()
    }

    fn finish(&self, data: Vec<f32>, encoded: &[Encoded]) -> Embeddings {
        let truncated = encoded.iter().enumerate().filter(|(_, e)| e.truncated).map(|(i, _)| i).collect();
        Embeddings { dim: self.dim, data, truncated }
    }

    /// One batch on the GPU while it works, else on the CPU. Natively this blocks on the GPU.
    fn forward(&self, items: &[&Encoded]) -> Result<Vec<f32>, EmbedError> {
        #[cfg(all(feature = "gpu", not(target_arch = "wasm32")))]
        if self.gpu_usable() {
            return super::sync::block_on(self.forward_async(items));
        }
        self.forward_cpu(items)
    }

    async fn forward_async(&self, items: &[&Encoded]) -> Result<Vec<f32>, EmbedError> {
        #[cfg(feature = "gpu")]
        if let Some(gpu) = self.gpu.as_ref().filter(|_| self.gpu_usable()) {
            let ids: Vec<&[u32]> = items.iter().map(|e| e.ids.as_slice()).collect();
            match gpu.forward(&ids).await {
                Ok(v) => return Ok(v),
                Err(e) => {
                    // Device lost or a driver error: this batch and every later one on the CPU.
                    self.gpu_failed.store(true, std::sync::atomic::Ordering::Relaxed);
                    let mut report = self.device();
                    report.device = crate::placement::Device::Cpu;
                    report.fallback = Some(format!("the GPU failed during embedding: {e}"));
                    self.set_report(report);
                }
            }
        }
        self.forward_cpu(items)
    }

    #[cfg(feature = "gpu")]
    fn gpu_usable(&self) -> bool {
        self.gpu.is_some() && !self.gpu_failed.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// One padded batch through candle's encoder and pooling; returns row-major vectors.
    fn forward_cpu(&self, items: &[&Encoded]) -> Result<Vec<f32>, EmbedError> {
        let width = items.iter().map(|e| e.ids.len()).max().unwrap_or(0).max(1);
        let mut ids = Vec::with_capacity(items.len() * width);
        let mut mask = Vec::with_capacity(items.len() * width);
        for e in items {
            ids.extend_from_slice(&e.ids);
            mask.extend(std::iter::repeat_n(1u32, e.ids.len()));
            ids.extend(std::iter::repeat_n(0u32, width - e.ids.len()));
            mask.extend(std::iter::repeat_n(0u32, width - e.ids.len()));
        }
        let shape = (items.len(), width);
        let ids = Tensor::from_vec(ids, shape, &self.device)?;
        let mask = Tensor::from_vec(mask, shape, &self.device)?;
        let hidden = self.model.forward(&ids, &mask)?;
        let mut pooled = self.settings.pooling.apply(&hidden, &mask)?;
        if self.settings.normalise {
            pooled = l2_normalise(&pooled)?;
        }
        Ok(pooled.flatten_all()?.to_vec1::<f32>()?)
    }
}
