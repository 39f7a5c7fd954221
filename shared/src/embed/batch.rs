//! Length-sorted batching: padding every sentence to the batch's longest wastes work, so similar
//! lengths go together and the results are put back in input order.

/// Indices into the caller's inputs, padded together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    pub items: Vec<usize>,
}

/// Splits `lengths.len()` inputs into batches of at most `batch_size`, longest first (so memory
/// peaks early and progress estimates get better, not worse, as it goes).
pub fn length_sorted_batches(lengths: &[usize], batch_size: usize) -> Vec<Batch> {
    let mut order: Vec<usize> = (0..lengths.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(lengths[i]));
    order.chunks(batch_size.max(1)).map(|c| Batch { items: c.to_vec() }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_group_similar_lengths_and_cover_every_input_once() {
        let lengths = [3, 50, 4, 49, 5, 48, 2];
        let batches = length_sorted_batches(&lengths, 3);
        assert_eq!(batches[0].items, vec![1, 3, 5]);
        assert_eq!(batches[1].items, vec![4, 2, 0]);
        assert_eq!(batches[2].items, vec![6]);
        let mut all: Vec<usize> = batches.iter().flat_map(|b| b.items.clone()).collect();
        all.sort();
        assert_eq!(all, (0..7).collect::<Vec<_>>());
        assert!(length_sorted_batches(&[], 8).is_empty());
        assert_eq!(length_sorted_batches(&[1, 2], 0).len(), 2, "batch size 0 is treated as 1");
    }
}
