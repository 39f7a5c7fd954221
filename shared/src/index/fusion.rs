//! Reciprocal-rank fusion (Cormack et al. 2009): merges ranked lists whose scores are not comparable
//! (cosine, BM25) by rank alone.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::topk::TopK;
use super::types::Hit;

/// The usual constant: damps the head of each list so one list's first place does not dominate.
pub const RRF_K: f32 = 60.0;

/// Fuses `lists` (each best first) into one list of at most `limit` hits, best first. A passage
/// scores `Σ 1 / (k + rank)` over the lists it appears in (rank 1 is the best); ties go to the
/// lower id. A passage repeated within one list counts at its best rank only.
pub fn reciprocal_rank_fusion(lists: &[&[Hit]], k: f32, limit: usize) -> Vec<Hit> {
    let mut fused: HashMap<u32, f32> = HashMap::new();
    for list in lists {
        let mut seen = std::collections::HashSet::new();
        for (rank, hit) in list.iter().enumerate() {
            if seen.insert(hit.id.0) {
                *fused.entry(hit.id.0).or_insert(0.0) += 1.0 / (k + rank as f32 + 1.0);
            }
        }
    }
    let mut top = TopK::new(limit);
    for (id, score) in fused {
        top.push(id, score);
    }
    top.into_hits()
}

/// How hybrid search merges its dense and lexical lists.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Fusion {
    /// Reciprocal-rank fusion with constant `RRF_K`: ranks only.
    Rrf,
    /// Convex combination of min-max-normalised scores (Bruch et al. 2023, "An Analysis of Fusion
    /// Functions for Hybrid Retrieval"): a list whose first hit stands far above the rest (BM25 on
    /// an exact name or date) outweighs a list of near-ties (cosines of 0.47, 0.47, 0.46).
    Convex { dense_weight: f32 },
}

/// Fuses (list, weight) pairs by `Σ weight · (score − min) / (max − min)`, each list normalised
/// over itself; a passage missing from a list gets 0 there. A list of equal scores counts 1 each.
pub fn convex_fusion(lists: &[(&[Hit], f32)], limit: usize) -> Vec<Hit> {
    let mut fused: HashMap<u32, f32> = HashMap::new();
    for (list, weight) in lists {
        let (lo, hi) = list.iter().fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), h| (lo.min(h.score), hi.max(h.score)));
        let span = hi - lo;
        let mut seen = std::collections::HashSet::new();
        for hit in list.iter() {
            if seen.insert(hit.id.0) {
                let norm = if span > 0.0 && span.is_finite() { (hit.score - lo) / span } else { 1.0 };
                *fused.entry(hit.id.0).or_insert(0.0) += weight * norm;
            }
        }
    }
    let mut top = TopK::new(limit);
    for (id, score) in fused {
        top.push(id, score);
    }
    top.into_hits()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::PassageId;

    fn hits(ids: &[u32]) -> Vec<Hit> {
        ids.iter().map(|&i| Hit { id: PassageId(i), score: 0.0 }).collect()
    }

    #[test]
    fn agreement_beats_a_single_first_place() {
        let dense = hits(&[1, 2, 3, 4]);
        let lexical = hits(&[5, 2, 3, 1]);
        let fused = reciprocal_rank_fusion(&[&dense, &lexical], RRF_K, 10);
        let ids: Vec<u32> = fused.iter().map(|h| h.id.0).collect();
        // 2: 1/62 + 1/62; 1: 1/61 + 1/64; 3: 1/63 + 1/63; 5: 1/61; 4: 1/64.
        assert_eq!(ids, [2, 1, 3, 5, 4]);
        assert!((fused[0].score - 2.0 / 62.0).abs() < 1e-7);
        assert_eq!(reciprocal_rank_fusion(&[&dense, &lexical], RRF_K, 2).len(), 2);
        assert!(reciprocal_rank_fusion(&[], RRF_K, 5).is_empty());
    }

    fn scored(pairs: &[(u32, f32)]) -> Vec<Hit> {
        pairs.iter().map(|&(i, score)| Hit { id: PassageId(i), score }).collect()
    }

    #[test]
    fn convex_fusion_keeps_a_clear_lexical_winner_over_dense_near_ties() {
        // Dense: three near-ties, the right row third. BM25: the right row far ahead.
        let dense = scored(&[(21, 0.481), (20, 0.471), (27, 0.469), (9, 0.30)]);
        let lexical = scored(&[(27, 4.84), (21, 2.74), (44, 2.68), (10, 2.60)]);
        let fused = convex_fusion(&[(&dense, 0.5), (&lexical, 0.5)], 3);
        assert_eq!(fused[0].id, PassageId(27), "{fused:?}");
        // RRF on the same lists puts the dense favourite first: ranks alone lose the gap.
        let rrf = reciprocal_rank_fusion(&[&dense, &lexical], RRF_K, 3);
        assert_eq!(rrf[0].id, PassageId(21), "{rrf:?}");
        // Equal scores normalise to 1; empty lists are ignored.
        let flat = scored(&[(1, 0.5), (2, 0.5)]);
        let fused = convex_fusion(&[(&flat, 1.0), (&[], 1.0)], 5);
        assert_eq!(fused.len(), 2);
        assert!(fused.iter().all(|h| (h.score - 1.0).abs() < 1e-6));
    }
}
