//! The embedder: tokenizer + BERT encoder + pooling, loaded from bytes.

use candle_core::{DType, Device, Tensor};
use candle_nn::VarBuilder;
use candle_transformers::models::bert::Config;
use tokenizers::{Tokenizer, TruncationParams};

use super::bert::BertEncoder;
use super::files::{ModelFiles, ModelSettings, FILE_NAMES};
use super::pooling::l2_normalise;
use super::{length_sorted_batches, EmbedError};

/// A loaded sentence embedder (CPU; one per thread or Web Worker).
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
struct Encoded {
    ids: Vec<u32>,
    truncated: bool,
}

impl Embedder {
    /// Loads a BERT-family model; every file problem is an error naming the file, never a panic.
    pub fn load(files: &ModelFiles) -> Result<Self, EmbedError> {
        let config: Config = serde_json::from_slice(&files.config).map_err(|e| EmbedError::Config {
            file: FILE_NAMES.config,
            message: e.to_string(),
        })?;
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
        })
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

    fn encode(&self, text: &str) -> Result<Encoded, EmbedError> {
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
    pub fn embed(
        &self,
        texts: &[&str],
        batch_size: usize,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Embeddings, EmbedError> {
        if texts.is_empty() {
            return Err(EmbedError::Empty);
        }
        let encoded = texts.iter().map(|t| self.encode(t)).collect::<Result<Vec<_>, _>>()?;
        let lengths: Vec<usize> = encoded.iter().map(|e| e.ids.len()).collect();
        let mut data = vec![0f32; texts.len() * self.dim];
        let mut done = 0;
        for batch in length_sorted_batches(&lengths, batch_size) {
            let items: Vec<&Encoded> = batch.items.iter().map(|&i| &encoded[i]).collect();
            let out = self.forward(&items)?;
            for (row, &i) in out.chunks_exact(self.dim).zip(&batch.items) {
                data[i * self.dim..(i + 1) * self.dim].copy_from_slice(row);
            }
            done += items.len();
            progress(done);
        }
        let truncated = encoded.iter().enumerate().filter(|(_, e)| e.truncated).map(|(i, _)| i).collect();
        Ok(Embeddings { dim: self.dim, data, truncated })
    }

    /// One padded batch through the encoder and pooling; returns row-major vectors.
    fn forward(&self, items: &[&Encoded]) -> Result<Vec<f32>, EmbedError> {
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
