//! The k best hits of a stream in O(n log k): a bounded min-heap whose root is the worst kept hit.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

use super::types::{Hit, PassageId};

/// A hit ordered so that "greater" means "better": higher score, then lower id (stable ties).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ranked {
    pub score: f32,
    pub id: u32,
}

impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> Ordering {
        self.score.total_cmp(&other.score).then_with(|| other.id.cmp(&self.id))
    }
}
impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Ranked {}

/// Keeps the `k` best of the hits pushed into it.
pub(crate) struct TopK {
    k: usize,
    heap: BinaryHeap<Reverse<Ranked>>,
}

impl TopK {
    pub fn new(k: usize) -> Self {
        // Capacity is bounded by what is pushed, not by a caller's huge `k`.
        Self { k, heap: BinaryHeap::with_capacity(k.min(1024) + 1) }
    }

    #[inline]
    pub fn push(&mut self, id: u32, score: f32) {
        let r = Ranked { score, id };
        if self.heap.len() < self.k {
            self.heap.push(Reverse(r));
        } else if let Some(mut worst) = self.heap.peek_mut() {
            if r > worst.0 {
                *worst = Reverse(r);
            }
        }
    }

    /// Best first.
    pub fn into_hits(self) -> Vec<Hit> {
        // Ascending order of `Reverse` is best first.
        self.heap.into_sorted_vec().into_iter().map(|Reverse(r)| Hit { id: PassageId(r.id), score: r.score }).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_best_k_best_first_with_stable_ties() {
        let mut t = TopK::new(3);
        for (id, s) in [(0, 0.1), (1, 0.9), (2, 0.5), (3, 0.9), (4, -1.0), (5, 0.7)] {
            t.push(id, s);
        }
        let ids: Vec<u32> = t.into_hits().iter().map(|h| h.id.0).collect();
        assert_eq!(ids, [1, 3, 5]);
        assert!(TopK::new(0).into_hits().is_empty());
        let mut t = TopK::new(usize::MAX);
        t.push(7, 1.0);
        assert_eq!(t.into_hits().len(), 1);
    }
}
