//! Approximate nearest-neighbour search with a hierarchical navigable small-world graph (HNSW,
//! Malkov & Yashunin 2016), for collections too large to scan per query.
//!
//! Hand-written rather than taken from a crate; docs/decisions.md (issue 3) has the measurements.
//! In short: `hnsw_rs` does not build for wasm32, `edgevec` brings wasm-bindgen and a database into
//! the core, and rust-cv `hnsw` 0.11 (unreleased since 2021) links neighbours without the paper's
//! selection heuristic, serialises `usize` links with a `!0` sentinel (so a file saved natively does
//! not load on wasm32) and indexes its graph unchecked after loading (corrupt bytes panic). This
//! one follows the paper (Algorithms 1, 2 and 4, as in hnswlib), keeps `u32` links, validates
//! everything it loads, and stores the f32 vectors so every score it returns is exact.

use std::collections::BinaryHeap;

use serde::{Deserialize, Serialize};

use super::topk::Ranked;
use super::types::{Hit, IndexError, PassageId, Result, MAX_PASSAGES};
use super::vector::{dot, normalised};

/// Levels above this are never drawn (the chance of level 16 with m = 16 is 16^-16).
const MAX_LEVEL: usize = 16;

/// Build and search settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HnswParams {
    /// Links per node on the upper layers; the bottom layer keeps up to `2 m`.
    pub m: usize,
    /// Candidate list size while inserting: higher builds slower and gives better recall.
    pub ef_construction: usize,
    /// Default candidate list size while searching (at least `k` is always used).
    pub ef_search: usize,
    /// Seeds the level draws, so the same inserts build the same graph.
    pub seed: u64,
}

impl Default for HnswParams {
    fn default() -> Self {
        Self { m: 16, ef_construction: 200, ef_search: 64, seed: 0x5441_424c_4554_414c }
    }
}

impl HnswParams {
    fn check(&self) -> Result<()> {
        if !(2..=256).contains(&self.m) {
            return Err(IndexError::InvalidParams(format!("m must be 2..=256, not {}", self.m)));
        }
        if self.ef_construction == 0 {
            return Err(IndexError::InvalidParams("ef_construction must be at least 1".into()));
        }
        Ok(())
    }

    fn m0(&self) -> usize {
        2 * self.m
    }
}

/// An HNSW graph over unit-length vectors, compared by dot product (cosine).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "HnswRepr")]
pub struct HnswIndex {
    dim: usize,
    params: HnswParams,
    /// `len × dim`, unit length, in id order.
    vectors: Vec<f32>,
    /// Bottom-layer links, `len × (2 m + 1)`: a count, then that many neighbour ids.
    links0: Vec<u32>,
    /// `upper[id][l - 1]` holds the links of `id` on layer `l ≥ 1`; its length is the node's level.
    upper: Vec<Vec<Vec<u32>>>,
    /// The node on the top layer where every search starts; `None` while empty.
    entry: Option<u32>,
    rng: u64,
}

#[derive(Deserialize)]
struct HnswRepr {
    dim: usize,
    params: HnswParams,
    vectors: Vec<f32>,
    links0: Vec<u32>,
    upper: Vec<Vec<Vec<u32>>>,
    entry: Option<u32>,
    rng: u64,
}

impl TryFrom<HnswRepr> for HnswIndex {
    type Error = IndexError;
    fn try_from(r: HnswRepr) -> Result<Self> {
        let bad = |what: &str| IndexError::Corrupt(format!("HNSW index: {what}"));
        r.params.check().map_err(|e| bad(&e.to_string()))?;
        let n = r.upper.len();
        let stride = r.params.m0() + 1;
        if r.dim == 0 || n > MAX_PASSAGES {
            return Err(bad("bad dimension or size"));
        }
        if Some(r.vectors.len()) != n.checked_mul(r.dim) || Some(r.links0.len()) != n.checked_mul(stride) {
            return Err(bad("vector or link data does not match the node count"));
        }
        for node in r.links0.chunks_exact(stride) {
            let count = node[0] as usize;
            if count > stride - 1 || node[1..=count].iter().any(|&j| j as usize >= n) {
                return Err(bad("bottom-layer link out of range"));
            }
        }
        for levels in &r.upper {
            if levels.len() > MAX_LEVEL {
                return Err(bad("node level too high"));
            }
            for (l, links) in levels.iter().enumerate() {
                // A link on layer l + 1 must point at a node that exists on that layer.
                if links.len() > r.params.m || links.iter().any(|&j| r.upper.get(j as usize).is_none_or(|u| u.len() <= l)) {
                    return Err(bad("upper-layer link out of range"));
                }
            }
        }
        let top = r.upper.iter().map(Vec::len).max();
        match (r.entry, top) {
            (None, None) => {}
            (Some(e), Some(top)) if r.upper.get(e as usize).is_some_and(|u| u.len() == top) => {}
            _ => return Err(bad("entry point is not on the top layer")),
        }
        Ok(Self { dim: r.dim, params: r.params, vectors: r.vectors, links0: r.links0, upper: r.upper, entry: r.entry, rng: r.rng })
    }
}

/// Which nodes a search has already scored: one bit per node.
struct Visited(Vec<u64>);

impl Visited {
    fn new(n: usize) -> Self {
        Self(vec![0; n.div_ceil(64)])
    }

    /// True the first time `id` is seen.
    #[inline]
    fn insert(&mut self, id: u32) -> bool {
        let (w, b) = (id as usize / 64, 1u64 << (id % 64));
        let fresh = self.0[w] & b == 0;
        self.0[w] |= b;
        fresh
    }
}

impl HnswIndex {
    pub fn new(dim: usize, params: HnswParams) -> Result<Self> {
        if dim == 0 {
            return Err(IndexError::ZeroDimension);
        }
        params.check()?;
        Ok(Self { dim, params, vectors: Vec::new(), links0: Vec::new(), upper: Vec::new(), entry: None, rng: params.seed })
    }

    pub fn dim(&self) -> usize {
        self.dim
    }

    pub fn len(&self) -> usize {
        self.upper.len()
    }

    pub fn is_empty(&self) -> bool {
        self.upper.is_empty()
    }

    pub fn params(&self) -> HnswParams {
        self.params
    }

    /// Changes the default search breadth (used by [`HnswIndex::search`]).
    pub fn set_ef_search(&mut self, ef: usize) {
        self.params.ef_search = ef;
    }

    /// The stored unit-length vector of `id`.
    pub fn vector(&self, id: PassageId) -> Option<&[f32]> {
        let i = id.index();
        (i < self.len()).then(|| self.vec(i as u32))
    }

    /// Normalises `vector` and links it into the graph; its id is the number of vectors before it.
    pub fn add(&mut self, vector: &[f32]) -> Result<PassageId> {
        if self.len() >= MAX_PASSAGES {
            return Err(IndexError::Full { max: MAX_PASSAGES });
        }
        let q = normalised(vector, self.dim)?;
        let id = self.len() as u32;
        let level = self.random_level();
        self.vectors.extend_from_slice(&q);
        self.links0.extend(std::iter::repeat_n(0, self.params.m0() + 1));
        self.upper.push(vec![Vec::new(); level]);

        let Some(entry) = self.entry else {
            self.entry = Some(id);
            return Ok(PassageId(id));
        };
        let top = self.level(entry);
        let mut eps = vec![Ranked { score: dot(&q, self.vec(entry)), id: entry }];
        for l in (level + 1..=top).rev() {
            eps = self.search_layer(&q, &eps, 1, l);
        }
        for l in (0..=level.min(top)).rev() {
            let found = self.search_layer(&q, &eps, self.params.ef_construction, l);
            let chosen = self.select(&found, self.params.m);
            for &nb in &chosen {
                self.link(nb, id, l);
            }
            self.set_links(id, l, &chosen);
            eps = found;
        }
        if level > top {
            self.entry = Some(id);
        }
        Ok(PassageId(id))
    }

    /// The `k` approximate nearest vectors with the default breadth `max(ef_search, k)`.
    pub fn search(&self, query: &[f32], k: usize) -> Result<Vec<Hit>> {
        self.search_with_ef(query, k, self.params.ef_search)
    }

    /// The `k` approximate nearest vectors, best first, exploring `max(ef, k)` candidates on the
    /// bottom layer; scores are exact cosines. Empty when the index is.
    pub fn search_with_ef(&self, query: &[f32], k: usize, ef: usize) -> Result<Vec<Hit>> {
        let q = normalised(query, self.dim)?;
        let Some(entry) = self.entry else {
            return Ok(Vec::new());
        };
        if k == 0 {
            return Ok(Vec::new());
        }
        let mut eps = vec![Ranked { score: dot(&q, self.vec(entry)), id: entry }];
        for l in (1..=self.level(entry)).rev() {
            eps = self.search_layer(&q, &eps, 1, l);
        }
        let found = self.search_layer(&q, &eps, ef.max(k), 0);
        Ok(found.into_iter().take(k).map(|r| Hit { id: PassageId(r.id), score: r.score }).collect())
    }

    #[inline]
    fn vec(&self, id: u32) -> &[f32] {
        let i = id as usize * self.dim;
        &self.vectors[i..i + self.dim]
    }

    fn level(&self, id: u32) -> usize {
        self.upper[id as usize].len()
    }

    #[inline]
    fn links(&self, id: u32, layer: usize) -> &[u32] {
        if layer == 0 {
            let i = id as usize * (self.params.m0() + 1);
            let count = self.links0[i] as usize;
            &self.links0[i + 1..i + 1 + count]
        } else {
            &self.upper[id as usize][layer - 1]
        }
    }

    fn set_links(&mut self, id: u32, layer: usize, links: &[u32]) {
        if layer == 0 {
            let i = id as usize * (self.params.m0() + 1);
            self.links0[i] = links.len() as u32;
            self.links0[i + 1..i + 1 + links.len()].copy_from_slice(links);
        } else {
            self.upper[id as usize][layer - 1] = links.to_vec();
        }
    }

    /// Adds the link `from → to`, pruning `from`'s links with the heuristic when over capacity.
    fn link(&mut self, from: u32, to: u32, layer: usize) {
        let cap = if layer == 0 { self.params.m0() } else { self.params.m };
        let current = self.links(from, layer);
        if current.len() < cap {
            if layer == 0 {
                let i = from as usize * (cap + 1);
                let count = self.links0[i] as usize;
                self.links0[i + 1 + count] = to;
                self.links0[i] += 1;
            } else {
                self.upper[from as usize][layer - 1].push(to);
            }
            return;
        }
        let base = self.vec(from);
        let mut cands: Vec<Ranked> = current.iter().chain([&to]).map(|&j| Ranked { score: dot(base, self.vec(j)), id: j }).collect();
        cands.sort_unstable_by(|a, b| b.cmp(a));
        let kept = self.select(&cands, cap);
        self.set_links(from, layer, &kept);
    }

    /// The paper's Algorithm 4: walk candidates best first and keep one only if it is closer to the
    /// base than to every neighbour already kept, so links spread out instead of piling into one
    /// cluster. `cands` are sorted best first.
    fn select(&self, cands: &[Ranked], m: usize) -> Vec<u32> {
        if cands.len() <= m {
            return cands.iter().map(|c| c.id).collect();
        }
        let mut kept: Vec<u32> = Vec::with_capacity(m);
        for c in cands {
            if kept.len() == m {
                break;
            }
            let v = self.vec(c.id);
            if kept.iter().all(|&k| dot(v, self.vec(k)) < c.score) {
                kept.push(c.id);
            }
        }
        kept
    }

    /// The paper's Algorithm 2: best-first search of one layer from `eps`, keeping the `ef` best.
    /// Returns them best first.
    fn search_layer(&self, q: &[f32], eps: &[Ranked], ef: usize, layer: usize) -> Vec<Ranked> {
        // More than every node is never needed, and bounds the allocations below.
        let ef = ef.clamp(1, self.len().max(1));
        let mut visited = Visited::new(self.len());
        let mut candidates: BinaryHeap<Ranked> = BinaryHeap::with_capacity(ef * 2);
        let mut best: BinaryHeap<std::cmp::Reverse<Ranked>> = BinaryHeap::with_capacity(ef + 1);
        for &e in eps {
            if visited.insert(e.id) {
                candidates.push(e);
                best.push(std::cmp::Reverse(e));
                if best.len() > ef {
                    best.pop();
                }
            }
        }
        while let Some(c) = candidates.pop() {
            let worst = best.peek().map_or(f32::NEG_INFINITY, |w| w.0.score);
            if c.score < worst && best.len() >= ef {
                break;
            }
            for &nb in self.links(c.id, layer) {
                if !visited.insert(nb) {
                    continue;
                }
                let score = dot(q, self.vec(nb));
                let worst = best.peek().map_or(f32::NEG_INFINITY, |w| w.0.score);
                if best.len() < ef || score > worst {
                    let r = Ranked { score, id: nb };
                    candidates.push(r);
                    best.push(std::cmp::Reverse(r));
                    if best.len() > ef {
                        best.pop();
                    }
                }
            }
        }
        best.into_sorted_vec().into_iter().map(|r| r.0).collect()
    }

    /// Level `⌊-ln U · 1/ln m⌋` (Algorithm 1), from a SplitMix64 stream so builds are reproducible.
    fn random_level(&mut self) -> usize {
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        let u = ((z >> 11) as f64 + 1.0) / (1u64 << 53) as f64; // (0, 1]
        let level = -u.ln() / (self.params.m as f64).ln();
        (level as usize).min(MAX_LEVEL)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_exact_matches_in_a_small_graph() {
        let mut h = HnswIndex::new(8, HnswParams { m: 4, ..HnswParams::default() }).unwrap();
        let vecs: Vec<Vec<f32>> = (0..200).map(|i| (0..8).map(|d| ((i * 8 + d) as f32 * 0.618).sin()).collect()).collect();
        for v in &vecs {
            h.add(v).unwrap();
        }
        for (i, v) in vecs.iter().enumerate() {
            let hits = h.search(v, 1).unwrap();
            assert_eq!(hits[0].id, PassageId(i as u32));
            assert!((hits[0].score - 1.0).abs() < 1e-5);
        }
    }

    #[test]
    fn bad_input_is_an_error() {
        let mut h = HnswIndex::new(3, HnswParams::default()).unwrap();
        assert_eq!(h.search(&[1.0, 0.0, 0.0], 5), Ok(vec![]));
        assert_eq!(h.add(&[1.0]), Err(IndexError::DimensionMismatch { expected: 3, actual: 1 }));
        assert!(h.is_empty());
        h.add(&[1.0, 0.0, 0.0]).unwrap();
        assert_eq!(h.search(&[1.0; 4], 5), Err(IndexError::DimensionMismatch { expected: 3, actual: 4 }));
        assert!(matches!(HnswIndex::new(3, HnswParams { m: 1, ..HnswParams::default() }), Err(IndexError::InvalidParams(_))));
        // Huge k, ef and ef_construction are clamped, not allocated.
        let mut wide = HnswIndex::new(2, HnswParams { ef_construction: usize::MAX, ..HnswParams::default() }).unwrap();
        for i in 0..10 {
            wide.add(&[1.0, i as f32]).unwrap();
        }
        assert_eq!(wide.search_with_ef(&[1.0, 0.5], usize::MAX, usize::MAX).unwrap().len(), 10);
    }
}
