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
/// Version 2 added `owners` (several vectors per passage); version 1 is still read.
pub const FORMAT_VERSION: u32 = 2;
const FORMAT_VERSION_1: u32 = 1;
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

/// Passages in id order with a dense and a BM25 index over them. A passage may own several
/// vectors (a wide row embedded in chunks); a search scores it by its best one.
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
    /// Vector i belongs to passage `owners[i]` (ascending); empty while every passage has one.
    owners: Vec<u32>,
}

#[derive(Deserialize)]
struct CollectionRepr {
    meta: CollectionMeta,
    passages: Vec<Passage>,
    dense: DenseIndex,
    lexical: Bm25Index,
    owners: Vec<u32>,
}

/// Format version 1: one vector per passage, no `owners`.
#[derive(Deserialize)]
struct CollectionReprV1 {
    meta: CollectionMeta,
    passages: Vec<Passage>,
    dense: DenseIndex,
    lexical: Bm25Index,
}

impl TryFrom<CollectionRepr> for Collection {
    type Error = IndexError;
    fn try_from(r: CollectionRepr) -> Result<Self> {
        let n = r.passages.len();
        let vectors_fit = if r.owners.is_empty() {
            r.dense.len() == n
        } else {
            r.owners.len() == r.dense.len()
                && r.owners.first() == Some(&0)
                && r.owners.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1)
                && r.owners.last().map(|&o| o as usize + 1) == Some(n)
        };
        if !vectors_fit || r.lexical.len() != n || r.dense.dim() != r.meta.dim {
            return Err(IndexError::Corrupt("passage, vector and term counts or dimensions disagree".into()));
        }
        Ok(Self { meta: r.meta, passages: r.passages, dense: r.dense, lexical: r.lexical, owners: r.owners })
    }
}

impl Collection {
    /// An empty collection of `meta.dim`-dimensional vectors with default BM25 parameters.
    pub fn new(meta: CollectionMeta, kind: DenseKind) -> Result<Self> {
        Self::with_bm25(meta, kind, Bm25Params::default())
    }

    pub fn with_bm25(meta: CollectionMeta, kind: DenseKind, bm25: Bm25Params) -> Result<Self> {
        let dense = DenseIndex::new(meta.dim, kind)?;
        Ok(Self { meta, passages: Vec::new(), dense, lexical: Bm25Index::new(bm25)?, owners: Vec::new() })
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
        self.add_chunks(passage, vector)
    }

    /// Adds a passage and the vectors of its chunks (`vectors` holds one or more, `dim` each, one
    /// after the other); on error nothing is added.
    pub fn add_chunks(&mut self, passage: Passage, vectors: &[f32]) -> Result<PassageId> {
        let dim = self.meta.dim.max(1);
        let count = vectors.len() / dim;
        if count == 0 || !vectors.len().is_multiple_of(dim) {
            return Err(IndexError::DimensionMismatch { expected: self.meta.dim, actual: vectors.len() });
        }
        if self.len() >= MAX_PASSAGES || self.dense.len() + count > MAX_PASSAGES {
            return Err(IndexError::Full { max: MAX_PASSAGES });
        }
        // Checked up front so that a bad second chunk cannot leave the first one added.
        for v in vectors.chunks_exact(dim) {
            if v.iter().any(|x| !x.is_finite()) {
                return Err(IndexError::NonFinite);
            }
            if v.iter().all(|&x| x == 0.0) {
                return Err(IndexError::ZeroVector);
            }
        }
        let id = PassageId(self.passages.len() as u32);
        // The dense index validates each vector; BM25 cannot fail below the size checked above,
        // so the indexes stay in step.
        for v in vectors.chunks_exact(dim) {
            self.dense.add(v)?;
        }
        if count > 1 && self.owners.is_empty() {
            self.owners = (0..self.passages.len() as u32).collect();
        }
        if !self.owners.is_empty() {
            self.owners.extend(std::iter::repeat_n(id.0, count));
        }
        self.lexical.add(&passage.text)?;
        self.passages.push(passage);
        Ok(id)
    }

    /// How many vectors the dense index holds (more than passages when rows were chunked).
    pub fn vectors(&self) -> usize {
        self.dense.len()
    }

    /// The `k` passages whose embeddings are closest to `query` (cosine).
    pub fn search_dense(&self, query: &[f32], k: usize) -> Result<Vec<SearchResult<'_>>> {
        Ok(self.resolve(self.dense_hits(query, k)?))
    }

    /// The dense index's hits as passages: each passage scored by its best chunk.
    fn dense_hits(&self, query: &[f32], k: usize) -> Result<Vec<Hit>> {
        if self.owners.is_empty() {
            return self.dense.search(query, k);
        }
        // Looking `chunks` deep per wanted passage finds k distinct passages even when the best
        // vectors all belong to few rows.
        let per = self.dense.len().div_ceil(self.passages.len().max(1)).max(1);
        let hits = self.dense.search(query, k.saturating_mul(per * 2))?;
        let mut seen = std::collections::HashSet::new();
        Ok(hits
            .into_iter()
            .filter_map(|h| {
                let owner = *self.owners.get(h.id.index())?;
                seen.insert(owner).then_some(Hit { id: PassageId(owner), score: h.score })
            })
            .take(k)
            .collect())
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
        let dense = self.dense_hits(query, depth)?;
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
        if version != FORMAT_VERSION && version != FORMAT_VERSION_1 {
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
        let decoded = if version == FORMAT_VERSION_1 {
            postcard::from_bytes::<CollectionReprV1>(payload).and_then(|r| {
                Collection::try_from(CollectionRepr {
                    meta: r.meta,
                    passages: r.passages,
                    dense: r.dense,
                    lexical: r.lexical,
                    owners: Vec::new(),
                })
                .map_err(|_| postcard::Error::SerdeDeCustom)
            })
        } else {
            postcard::from_bytes::<Collection>(payload)
        };
        match decoded {
            Ok(c) => Ok(c),
            Err(postcard::Error::SerdeDeCustom) => Err(IndexError::Corrupt("index structure fails validation".into())),
            Err(e) => Err(IndexError::Corrupt(e.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Provenance, RowRef};

    fn passage(text: &str, row: usize) -> Passage {
        Passage {
            text: text.into(),
            provenance: Provenance { file: "f.csv".into(), table: "f".into(), row: RowRef::from_index(row), columns: vec![] },
        }
    }

    fn meta() -> CollectionMeta {
        CollectionMeta { model: "m".into(), dim: 3, ..Default::default() }
    }

    #[test]
    fn a_chunked_passage_is_found_by_its_best_chunk_once() {
        let mut c = Collection::new(meta(), DenseKind::FlatF32).unwrap();
        c.add(passage("alpha", 0), &[1.0, 0.0, 0.0]).unwrap();
        c.add_chunks(passage("beta gamma", 1), &[0.0, 1.0, 0.0, 0.0, 0.0, 1.0]).unwrap();
        c.add(passage("delta", 2), &[0.7, 0.7, 0.0]).unwrap();
        assert_eq!((c.len(), c.vectors()), (3, 4));
        let hits = c.search_dense(&[0.0, 0.1, 1.0], 3).unwrap();
        let ids: Vec<u32> = hits.iter().map(|h| h.id.0).collect();
        assert_eq!(ids, [1, 2, 0], "the second chunk finds passage 1, which appears once");
        let again = Collection::from_bytes(&c.to_bytes().unwrap()).unwrap();
        assert_eq!(again, c);
        // A bad chunk adds nothing.
        assert_eq!(c.add_chunks(passage("x", 3), &[1.0, 0.0, 0.0, f32::NAN, 0.0, 0.0]), Err(IndexError::NonFinite));
        assert_eq!((c.len(), c.vectors()), (3, 4));
        assert!(c.add_chunks(passage("x", 3), &[1.0, 0.0]).is_err());
    }

    #[test]
    fn version_1_collections_still_load() {
        #[derive(Serialize)]
        struct V1<'a> {
            meta: &'a CollectionMeta,
            passages: &'a [Passage],
            dense: &'a DenseIndex,
            lexical: &'a Bm25Index,
        }
        let mut c = Collection::new(meta(), DenseKind::FlatInt8).unwrap();
        c.add(passage("alpha", 0), &[1.0, 0.0, 0.0]).unwrap();
        c.add(passage("beta", 1), &[0.0, 1.0, 0.0]).unwrap();
        let payload = postcard::to_allocvec(&V1 { meta: &c.meta, passages: &c.passages, dense: &c.dense, lexical: &c.lexical }).unwrap();
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&FORMAT_VERSION_1.to_le_bytes());
        bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
        bytes.extend_from_slice(&payload);
        assert_eq!(Collection::from_bytes(&bytes).unwrap(), c);
    }
}
