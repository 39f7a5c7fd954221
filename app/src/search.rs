//! Search by meaning in the page: the rows' vectors from the worker in an exact f32 index beside
//! BM25, fused the way `tabletalk search` fuses them (`DEFAULT_FUSION`).

use tabletalk_shared::bundle::BundleVectors;
use tabletalk_shared::index::{Collection, CollectionMeta, DenseKind};
use tabletalk_shared::query::Dataset;
use tabletalk_shared::verbalise::Passage;

use crate::embedding::MODEL;
use crate::i18n::{current, fill};

/// How many passages a retrieval answer cites unless the chat's slider says otherwise.
pub const K: usize = 5;
/// The slider's range.
pub const K_MAX: usize = 20;

/// The passages (in `Dataset::lexical` order, so ids match) with their vectors (one or more each).
pub fn build(passages: &[Passage], vectors: &BundleVectors) -> Result<Collection, String> {
    let dim = vectors.dim;
    let per = vectors.per_passage().filter(|per| per.len() == passages.len()).ok_or_else(|| {
        let (count, rows) = (vectors.count(), passages.len());
        fill(current().vectors_for_rows, &[("vectors", &count), ("dim", &dim), ("rows", &rows)])
    })?;
    let meta = CollectionMeta { model: MODEL.into(), dim, ..Default::default() };
    // f32, not int8: in the page memory is not the limit, and exact scores keep ties stable.
    let mut c = Collection::new(meta, DenseKind::FlatF32).map_err(|e| e.to_string())?;
    for (p, v) in passages.iter().zip(per) {
        c.add_chunks(p.clone(), v)
            .map_err(|e| fill(current().row_of_file_error, &[("row", &p.provenance.row.0), ("file", &p.provenance.file), ("error", &e)]))?;
    }
    Ok(c)
}

/// The best `k` passages (id, fused score) for a question and its vector: meaning and words.
pub fn rank(c: &Collection, vector: &[f32], question: &str, k: usize) -> Result<Vec<(usize, f32)>, String> {
    let hits = c.search_hybrid(vector, question, k).map_err(|e| e.to_string())?;
    Ok(hits.into_iter().map(|h| (h.id.index(), h.score)).collect())
}

/// The best `k` passages (id, BM25 score) by words alone, before the rows are embedded.
pub fn rank_words(dataset: &Dataset, question: &str, k: usize) -> Vec<(usize, f32)> {
    dataset.lexical().1.search(question, k).into_iter().map(|h| (h.id.index(), h.score)).collect()
}
