//! SentenceBERT pooling: token vectors → one sentence vector.

use candle_core::{DType, Tensor, D};
use serde::{Deserialize, Serialize};

use super::EmbedError;

/// How token vectors become a sentence vector (sentence-transformers' `1_Pooling/config.json`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pooling {
    /// Average of the non-padding tokens (all-MiniLM-L6-v2).
    Mean,
    /// The first token, `[CLS]` (bge-small-en-v1.5).
    Cls,
}

impl Pooling {
    /// `hidden`: (batch, seq, dim); `mask`: (batch, seq) of 0/1 as u32. Returns (batch, dim).
    pub fn apply(self, hidden: &Tensor, mask: &Tensor) -> Result<Tensor, EmbedError> {
        Ok(match self {
            Pooling::Cls => hidden.narrow(1, 0, 1)?.squeeze(1)?,
            Pooling::Mean => {
                let mask = mask.to_dtype(DType::F32)?.unsqueeze(D::Minus1)?;
                let summed = hidden.broadcast_mul(&mask)?.sum(1)?;
                // A row of padding only cannot happen ([CLS] is always there); clamp anyway.
                let counts = mask.sum(1)?.clamp(1e-9f32, f32::MAX)?;
                summed.broadcast_div(&counts)?
            }
        })
    }
}

/// Divides each row by its L2 norm, as sentence-transformers' `Normalize` module does.
pub fn l2_normalise(x: &Tensor) -> Result<Tensor, EmbedError> {
    let norms = x.sqr()?.sum_keepdim(D::Minus1)?.sqrt()?.clamp(1e-12f32, f32::MAX)?;
    Ok(x.broadcast_div(&norms)?)
}
