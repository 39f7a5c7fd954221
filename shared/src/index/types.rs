//! What every index returns and refuses: a leaf the indexes and the collection import.

use serde::{Deserialize, Serialize};

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
