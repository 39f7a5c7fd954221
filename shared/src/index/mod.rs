//! Search indexes over passages: exact and approximate dense search, BM25, rank fusion, and a
//! serialisable collection that ties them to the passages.
//!
//! Pure Rust with no I/O or clock, so the CLI, the browser and the edge build, save and load the
//! same bytes. Vectors are compared by cosine similarity: every index L2-normalises what it is
//! given, so a score is a dot product in [-1, 1] and higher is better.

// On wasm32 `usize` is 32 bits, so `MAX_PASSAGES` (u32::MAX) is `usize::MAX` and clippy calls the
// capacity checks always false there; they are real limits on 64-bit targets.
#![allow(clippy::absurd_extreme_comparisons)]

pub mod bm25;
pub mod collection;
pub mod flat;
pub mod fusion;
pub mod hnsw;
mod topk;
mod vector;

use serde::{Deserialize, Serialize};

pub use bm25::{Bm25Index, Bm25Params, Stemming};
pub use collection::{Collection, CollectionMeta, DenseIndex, DenseKind, SearchResult, DEFAULT_FUSION, FORMAT_VERSION};
pub use flat::{FlatIndex, Storage};
pub use fusion::{convex_fusion, reciprocal_rank_fusion, Fusion, RRF_K};
pub use hnsw::{HnswIndex, HnswParams};

/// A passage's position in its collection (0-based, in the order passages were added).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PassageId(pub u32);

impl PassageId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for PassageId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One search result: which passage and how well it matched (higher is better; the scale depends on
/// the index: cosine for dense, BM25 for lexical, RRF for fused lists).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hit {
    pub id: PassageId,
    pub score: f32,
}

/// Everything that can go wrong building, searching, saving or loading an index.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum IndexError {
    #[error("vector has {actual} dimensions, the index expects {expected}")]
    DimensionMismatch { expected: usize, actual: usize },
    #[error("an index needs at least one dimension")]
    ZeroDimension,
    #[error("vector contains NaN or infinity")]
    NonFinite,
    #[error("vector has zero length, so it has no direction to compare")]
    ZeroVector,
    #[error("index is full ({max} passages)")]
    Full { max: usize },
    #[error("invalid index parameter: {0}")]
    InvalidParams(String),
    #[error("not a Tabletalk collection (wrong magic bytes)")]
    NotACollection,
    #[error("collection format version {found} is not supported (this build reads version {supported})")]
    UnsupportedVersion { found: u32, supported: u32 },
    #[error("collection is truncated: {expected} bytes expected, {actual} present")]
    Truncated { expected: u64, actual: u64 },
    #[error("collection is corrupt: checksum mismatch")]
    ChecksumMismatch,
    #[error("collection is corrupt: {0}")]
    Corrupt(String),
    #[error("could not encode collection: {0}")]
    Encode(String),
}

pub type Result<T, E = IndexError> = std::result::Result<T, E>;

/// The most passages one index holds: ids are `u32`, so saved files read the same on wasm32.
pub const MAX_PASSAGES: usize = u32::MAX as usize;
