//! The model's tokenizer, built from GGUF metadata, and incremental detokenisation.

use std::collections::HashSet;

use candle_core::quantized::gguf_file;
use candle_core::quantized::tokenizer::TokenizerFromGguf;
use tokenizers::pre_tokenizers::{byte_level::ByteLevel, digits::Digits, sequence::Sequence};
use tokenizers::Tokenizer;

/// End-of-turn tokens of common chat formats; generation stops on any that is in the vocabulary.
const END_OF_TURN_TOKENS: [&str; 3] = ["<|im_end|>", "<|endoftext|>", "<|eot_id|>"];

#[derive(Debug, thiserror::Error)]
pub enum TokenizerError {
    #[error("building the tokenizer from GGUF metadata: {0}")]
    Build(String),
    #[error("tokenizing: {0}")]
    Encode(String),
    #[error("detokenizing: {0}")]
    Decode(String),
}

/// Tokenizer plus the special tokens generation needs; shared by request handlers and the worker.
pub struct TextCodec {
    tokenizer: Tokenizer,
    stop_ids: HashSet<u32>,
    bos: Option<(u32, String)>,
    eos: Option<(u32, String)>,
    add_bos: bool,
}

fn meta_u32(ct: &gguf_file::Content, key: &str) -> Option<u32> {
    ct.metadata.get(key).and_then(|v| v.to_u32().ok().or_else(|| v.to_i32().ok().map(|i| i as u32)))
}

impl TextCodec {
    pub fn from_gguf(ct: &gguf_file::Content) -> Result<Self, TokenizerError> {
        let mut tokenizer = Tokenizer::from_gguf(ct).map_err(|e| TokenizerError::Build(e.to_string()))?;
        let pre = ct.metadata.get("tokenizer.ggml.pre").and_then(|v| v.to_string().ok().cloned());
        if pre.as_deref() == Some("smollm") {
            // candle treats `smollm` as plain GPT-2 (prefix space, digits merged); SmolLM2's
            // tokenizer.json splits digits one by one and adds no prefix space.
            let seq = Sequence::new(vec![Digits::new(true).into(), ByteLevel::new(false, true, true).into()]);
            tokenizer.with_pre_tokenizer(Some(seq));
        }
        let token_text = |id: u32| tokenizer.id_to_token(id).map(|t| (id, t));
        let bos = meta_u32(ct, "tokenizer.ggml.bos_token_id").and_then(token_text);
        let eos = meta_u32(ct, "tokenizer.ggml.eos_token_id").and_then(token_text);
        let add_bos = ct.metadata.get("tokenizer.ggml.add_bos_token").and_then(|v| v.to_bool().ok()).unwrap_or(false);
        let mut stop_ids: HashSet<u32> = eos.iter().map(|(id, _)| *id).collect();
        stop_ids.extend(END_OF_TURN_TOKENS.iter().filter_map(|t| tokenizer.token_to_id(t)));
        Ok(Self { tokenizer, stop_ids, bos, eos, add_bos })
    }

    /// Token ids of a rendered prompt. Special tokens written in the text (`<|im_start|>`) map to
    /// their ids; BOS is prepended only when the model asks for it and the template did not write it.
    pub fn encode(&self, text: &str) -> Result<Vec<u32>, TokenizerError> {
        let enc = self.tokenizer.encode(text, false).map_err(|e| TokenizerError::Encode(e.to_string()))?;
        let mut ids = enc.get_ids().to_vec();
        if let (true, Some((bos, _))) = (self.add_bos, &self.bos) {
            if ids.first() != Some(bos) {
                ids.insert(0, *bos);
            }
        }
        Ok(ids)
    }

    pub fn decode(&self, ids: &[u32]) -> Result<String, TokenizerError> {
        self.tokenizer.decode(ids, true).map_err(|e| TokenizerError::Decode(e.to_string()))
    }

    pub fn is_stop(&self, id: u32) -> bool {
        self.stop_ids.contains(&id)
    }

    pub fn bos_token(&self) -> &str {
        self.bos.as_ref().map_or("", |(_, t)| t.as_str())
    }

    pub fn eos_token(&self) -> &str {
        self.eos.as_ref().map_or("", |(_, t)| t.as_str())
    }

    pub fn vocab_size(&self) -> usize {
        self.tokenizer.get_vocab_size(true)
    }
}

/// Turns generated ids into text one token at a time, releasing only complete UTF-8 text, so the
/// concatenated deltas equal the decoding of all ids (the TokenOutputStream / TGI pattern).
pub struct IncrementalDecoder {
    ids: Vec<u32>,
    prefix: usize,
    read: usize,
}

impl Default for IncrementalDecoder {
    fn default() -> Self {
        Self::new()
    }
}

impl IncrementalDecoder {
    pub fn new() -> Self {
        Self { ids: Vec::new(), prefix: 0, read: 0 }
    }

    /// Adds one id; returns the new text it completes (possibly empty).
    pub fn push(&mut self, codec: &TextCodec, id: u32) -> Result<String, TokenizerError> {
        self.ids.push(id);
        // Decoding from `prefix` (not `read`) keeps the context that decoders such as
        // SentencePiece's need to place spaces correctly.
        let before = codec.decode(&self.ids[self.prefix..self.read])?;
        let after = codec.decode(&self.ids[self.prefix..])?;
        if after.len() > before.len() && !after.ends_with('\u{FFFD}') && after.starts_with(&before) {
            let delta = after[before.len()..].to_string();
            self.prefix = self.read;
            self.read = self.ids.len();
            Ok(delta)
        } else {
            Ok(String::new())
        }
    }

    /// Text left pending at the end (an incomplete UTF-8 sequence decodes lossily).
    pub fn flush(&mut self, codec: &TextCodec) -> Result<String, TokenizerError> {
        if self.read == self.ids.len() {
            return Ok(String::new());
        }
        let before = codec.decode(&self.ids[self.prefix..self.read])?;
        let after = codec.decode(&self.ids[self.prefix..])?;
        self.prefix = self.read;
        self.read = self.ids.len();
        Ok(after.get(before.len()..).unwrap_or_default().to_string())
    }
}
