//! Search indexes over passages: exact and approximate dense search, BM25, rank fusion, and a
//! serialisable collection that ties them to the passages.
//!
//! Pure Rust with no I/O or clock, so the CLI, the browser and the edge build, save and load the
//! same bytes. Vectors are compared by cosine similarity: every index L2-normalises what it is
//! given, so a score is a dot product in [-1, 1] and higher is better.

// On wasm32 `usize` is 32 bits, so `MAX_PASSAGES` (u32::MAX) is `usize::MAX` and clippy calls the
// capacity checks always false there; they are real limits on 64-bit targets.
#![allow(clippy::absurd_extreme_comparisons)]

pub(crate) mod bm25;
pub mod collection;
pub(crate) mod flat;
pub(crate) mod fusion;
pub(crate) mod hnsw;
mod topk;
mod types;
mod vector;

pub use bm25::{Bm25Index, Bm25Params, Stemming};
pub use collection::{Collection, CollectionMeta, DenseIndex, DenseKind, SearchResult, DEFAULT_FUSION, FORMAT_VERSION};
pub use flat::{FlatIndex, Storage};
pub use fusion::{convex_fusion, reciprocal_rank_fusion, Fusion, RRF_K};
pub use hnsw::{HnswIndex, HnswParams};
pub use types::{Hit, IndexError, PassageId, Result, MAX_PASSAGES};
