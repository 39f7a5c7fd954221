//! A searchable collection: the passages, their dense and lexical indexes, and how they were made,
//! saved and loaded as one versioned byte string.
//!
//! Byte format (all integers little-endian):
//!
//! | offset | size | content |
//! |---:|---:|---|
//! | 0 | 8 | magic `TTALKCOL` |
//! | 8 | 4 | format version ([`FORMAT_VERSION`]) |
//! | 12 | 8 | payload length |
//! | 20 | 4 | CRC-32 of the payload |
//! | 24 | … | payload: the collection in `postcard` (serde) |
//!
//! The checksum tells a damaged file from an incompatible one; every index also validates its
//! structure on load, so even bytes with a forged checksum give an error, never a panic.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::bm25::{Bm25Index, Bm25Params};
use super::flat::{FlatIndex, Storage};
use super::fusion::{convex_fusion, reciprocal_rank_fusion, Fusion, RRF_K};
use super::hnsw::{HnswIndex, HnswParams};
use super::types::{Hit, IndexError, PassageId, Result, MAX_PASSAGES};
use crate::verbalise::Passage;

const MAGIC: [u8; 8] = *b"TTALKCOL";
const HEADER_LEN: usize = 24;
/// The byte format this build writes and reads; bumped on any incompatible change.
pub const FORMAT_VERSION: u32 = 1;
/// How deep hybrid search looks into each list before fusing (at least this, or 4 k).
const HYBRID_DEPTH: usize = 50;
/// Chosen by `cargo xtask eval-retrieval` (docs/retrieval.md): see docs/decisions.md.
pub const DEFAULT_FUSION: Fusion = Fusion::Convex { dense_weight: 0.5 };

/// How a collection was made, so a reader can embed queries with the same model and show the
/// templates behind the passages.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CollectionMeta {
    /// The embedding model's name (e.g. "sentence-transformers/all-MiniLM-L6-v2").
    pub model: String,
    /// The embedding dimension; every vector added or searched must have it.
    pub dim: usize,
    /// Template text per table name.
    pub templates: BTreeMap<String, String>,
    /// When the collection was built, as the caller formats it (the core reads no clock).
    pub created_at: String,
}

/// Which dense index a collection keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DenseKind {
    /// Exact scan over f32 vectors.
    FlatF32,
    /// Exact scan over int8-quantised vectors (a quarter of the memory, recall ≈ 0.99).
    FlatInt8,
    /// Approximate graph search for large collections.
    Hnsw(HnswParams),
}

/// One of the dense indexes, chosen by the caller.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum DenseIndex {
    Flat(FlatIndex),
    Hnsw(HnswIndex),
}

impl DenseIndex {
    pub fn new(dim: usize, kind: DenseKind) -> Result<Self> {
        Ok(match kind {
            DenseKind::FlatF32 => DenseIndex::Flat(FlatIndex::new(dim, Storage::F32)?),
            DenseKind::FlatInt8 => DenseIndex::Flat(FlatIndex::new(dim, Storage::Int8)?),
            DenseKind::Hnsw(p) => DenseIndex::Hnsw(HnswIndex::new(dim, p)?),
        })
    }

    pub fn kind(&self) -> DenseKind {
        match self {
            DenseIndex::Flat(f) if f.storage() == Storage::F32 => DenseKind::FlatF32,
            DenseIndex::Flat(_) => DenseKind::FlatInt8,
            DenseIndex::Hnsw(h) => DenseKind::Hnsw(h.params()),
        }
    }

    pub fn dim(&self) -> usize {
        match self {
            DenseIndex::Flat(f) => f.dim(),
            DenseIndex::Hnsw(h) => h.dim(),
        }
    }

    pub fn len(&self) -> usize {
        match self {
            DenseIndex::Flat(f) => f.len(),
            DenseIndex::Hnsw(h) => h.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn add(&mut self, vector: &[f32]) -> Result<PassageId> {
        match self {
            DenseIndex::Flat(f) => f.add(vector),
            DenseIndex::Hnsw(h) => h.add(vector),
        }
    }

    pub fn search(&self, query: &[f32], k: usize) -> Result<Vec<Hit>> {
        match self {
            DenseIndex::Flat(f) => f.search(query, k),
            DenseIndex::Hnsw(h) => h.search(query, k),
        }
    }
}

/// A passage found by a search, with its score (cosine, BM25 or fused, by the search that found it).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<'a> {
    pub id: PassageId,
    pub score: f32,
    pub passage: &'a Passage,
}

/// Passages in id order with a dense and a BM25 index over them.
///
/// Searching an empty collection returns no results rather than an error; a query vector of the
/// wrong dimension is an error even then, so a model mix-up shows up at once.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "CollectionRepr")]
pub struct Collection {
    meta: CollectionMeta,
    passages: Vec<Passage>,
    dense: DenseIndex,
    lexical: Bm25Index,
}

#[derive(Deserialize)]
struct CollectionRepr {
    meta: CollectionMeta,
    passages: Vec<Passage>,
    dense: DenseIndex,
    lexical: Bm25Index,
}

impl TryFrom<CollectionRepr> for Collection {
    type Error = IndexError;
    fn try_from(r: CollectionRepr) -> Result<Self> {
        let n = r.passages.len();
        if r.dense.len() != n || r.lexical.len() != n || r.dense.dim() != r.meta.dim {
            return Err(IndexError::Corrupt("passage, vector and term counts or dimensions disagree".into()));
        }
        Ok(Self { meta: r.meta, passages: r.passages, dense: r.dense, lexical: r.lexical })
    }
}

impl Collection {
    /// An empty collection of `meta.dim`-dimensional vectors with default BM25 parameters.
    pub fn new(meta: CollectionMeta, kind: DenseKind) -> Result<Self> {
        Self::with_bm25(meta, kind, Bm25Params::default())
    }

    pub fn with_bm25(meta: CollectionMeta, kind: DenseKind, bm25: Bm25Params) -> Result<Self> {
        let dense = DenseIndex::new(meta.dim, kind)?;
        Ok(Self { meta, passages: Vec::new(), dense, lexical: Bm25Index::new(bm25)? })
    }

    pub fn meta(&self) -> &CollectionMeta {
        &self.meta
    }

    pub fn dense(&self) -> &DenseIndex {
        &self.dense
    }

    /// For tuning the dense index after loading (e.g. [`HnswIndex::set_ef_search`]).
    pub fn dense_mut(&mut self) -> &mut DenseIndex {
        &mut self.dense
    }

    pub fn lexical(&self) -> &Bm25Index {
        &self.lexical
    }

    pub fn len(&self) -> usize {
        self.passages.len()
    }

    pub fn is_empty(&self) -> bool {
        self.passages.is_empty()
    }

    pub fn passages(&self) -> &[Passage] {
        &self.passages
    }

    pub fn passage(&self, id: PassageId) -> Option<&Passage> {
        self.passages.get(id.index())
    }

    /// Adds a passage and its embedding; on error nothing is added.
    pub fn add(&mut self, passage: Passage, vector: &[f32]) -> Result<PassageId> {
        if self.len() >= MAX_PASSAGES {
            return Err(IndexError::Full { max: MAX_PASSAGES });
        }
        // The dense index validates the vector before changing anything; BM25 cannot fail below
        // the size checked above, so the three stay in step.
        let id = self.dense.add(vector)?;
        self.lexical.add(&passage.text)?;
        self.passages.push(passage);
        Ok(id)
    }

    /// The `k` passages whose embeddings are closest to `query` (cosine).
    pub fn search_dense(&self, query: &[f32], k: usize) -> Result<Vec<SearchResult<'_>>> {
        Ok(self.resolve(self.dense.search(query, k)?))
    }

    /// The `k` passages scoring highest for `query` under BM25.
    pub fn search_lexical(&self, query: &str, k: usize) -> Vec<SearchResult<'_>> {
        self.resolve(self.lexical.search(query, k))
    }

    /// Dense and lexical results fused the default way (`DEFAULT_FUSION`).
    pub fn search_hybrid(&self, query: &[f32], text: &str, k: usize) -> Result<Vec<SearchResult<'_>>> {
        self.search_hybrid_with(query, text, k, DEFAULT_FUSION)
    }

    /// Dense and lexical results fused by `fusion`, each list `max(4 k, 50)` deep.
    pub fn search_hybrid_with(&self, query: &[f32], text: &str, k: usize, fusion: Fusion) -> Result<Vec<SearchResult<'_>>> {
        let depth = k.saturating_mul(4).max(HYBRID_DEPTH);
        let dense = self.dense.search(query, depth)?;
        let lexical = self.lexical.search(text, depth);
        Ok(self.resolve(match fusion {
            Fusion::Rrf => reciprocal_rank_fusion(&[&dense, &lexical], RRF_K, k),
            Fusion::Convex { dense_weight } => convex_fusion(&[(&dense, dense_weight), (&lexical, 1.0 - dense_weight)], k),
        }))
    }

    fn resolve(&self, hits: Vec<Hit>) -> Vec<SearchResult<'_>> {
        hits.into_iter()
            .filter_map(|h| self.passages.get(h.id.index()).map(|p| SearchResult { id: h.id, score: h.score, passage: p }))
            .collect()
    }

    /// The collection as bytes: header (magic, version, length, CRC-32) and postcard payload.
    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        let payload = postcard::to_allocvec(self).map_err(|e| IndexError::Encode(e.to_string()))?;
        let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        out.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        Ok(out)
    }

    /// Reads what [`Collection::to_bytes`] wrote; anything else is an error naming what is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self> {
        let truncated = |expected: usize| IndexError::Truncated { expected: expected as u64, actual: bytes.len() as u64 };
        let magic_len = bytes.len().min(MAGIC.len());
        if bytes[..magic_len] != MAGIC[..magic_len] {
            return Err(IndexError::NotACollection);
        }
        if bytes.len() < HEADER_LEN {
            return Err(truncated(HEADER_LEN));
        }
        let u32_at = |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(IndexError::UnsupportedVersion { found: version, supported: FORMAT_VERSION });
        }
        let mut len = [0u8; 8];
        len.copy_from_slice(&bytes[12..20]);
        let len = u64::from_le_bytes(len);
        let payload = &bytes[HEADER_LEN..];
        if (payload.len() as u64) < len {
            return Err(IndexError::Truncated { expected: len.saturating_add(HEADER_LEN as u64), actual: bytes.len() as u64 });
        }
        if payload.len() as u64 > len {
            return Err(IndexError::Corrupt(format!("{} bytes after the payload", payload.len() as u64 - len)));
        }
        if crc32fast::hash(payload) != u32_at(20) {
            return Err(IndexError::ChecksumMismatch);
        }
        match postcard::from_bytes::<Collection>(payload) {
            Ok(c) => Ok(c),
            Err(postcard::Error::SerdeDeCustom) => Err(IndexError::Corrupt("index structure fails validation".into())),
            Err(e) => Err(IndexError::Corrupt(e.to_string())),
        }
    }
}
