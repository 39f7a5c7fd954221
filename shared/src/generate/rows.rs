//! The rows a model reads, ranked by each front end's means: a published collection's indexes
//! (the edge: words, and meaning when the client sends the question's vector), and the dataset's
//! own rows with sentence embeddings (the CLI).

use std::collections::HashMap;

use super::error::GenerateError;
use super::grounded::Passages;
use crate::index::bm25::Stemming;
use crate::index::Collection;
use crate::table::Citation;
use crate::verbalise::Passage;

/// A published collection: hybrid search when the question's vector came with it, else BM25;
/// sentences are matched to rows lexically (the edge has no embedder).
pub struct Indexed<'a> {
    pub collection: &'a Collection,
    /// The question's embedding (the collection's model), when the client sent one.
    pub vector: Option<&'a [f32]>,
    /// (file, row) → passage index.
    pub by_row: &'a HashMap<(String, u64), usize>,
}

impl Passages for Indexed<'_> {
    fn all(&self) -> &[Passage] {
        self.collection.passages()
    }

    async fn rank(&self, q: &str, k: usize) -> Result<Vec<(usize, f32)>, GenerateError> {
        let hits = match self.vector {
            Some(v) => self.collection.search_hybrid(v, q, k).unwrap_or_default(),
            None => self.collection.search_lexical(q, k),
        };
        Ok(hits.into_iter().map(|h| (h.id.index(), h.score)).collect())
    }

    fn lexical(&self, text: &str, k: usize) -> Vec<usize> {
        self.collection.search_lexical(text, k).into_iter().map(|h| h.id.index()).collect()
    }

    fn find(&self, c: &Citation) -> Option<usize> {
        self.by_row.get(&(c.file.clone(), c.row)).copied()
    }

    fn stemming(&self) -> Stemming {
        self.collection.lexical().params().stemming
    }
}

#[cfg(feature = "embed")]
pub use embedded::Embedded;

#[cfg(feature = "embed")]
mod embedded {
    use std::cell::RefCell;
    use std::collections::HashMap;

    use super::super::cite::{self, sentences, Calibration};
    use super::super::error::GenerateError;
    use super::super::grounded::Passages;
    use crate::embed::Embedder;
    use crate::embed_text::EmbedTexts;
    use crate::index::fusion::{reciprocal_rank_fusion, RRF_K};
    use crate::index::{Hit, PassageId};
    use crate::query::Dataset;
    use crate::verbalise::Passage;

    /// Up to this many rows, every row is embedded once (dense retrieval over all of them); above
    /// it only BM25's candidates are, so a big table does not cost minutes per question.
    const DENSE_ALL_ROWS: usize = 1000;
    const LEXICAL_CANDIDATES: usize = 50;

    /// The dataset's rows ranked by BM25 fused with sentence embeddings, and sentences matched to
    /// rows by cosine (calibrated for all-MiniLM-L6-v2). Vectors are computed on first need.
    pub struct Embedded<'a> {
        pub dataset: &'a Dataset,
        pub embedder: &'a Embedder,
        /// Passage index → its vector (for matching sentences to rows).
        vectors: RefCell<HashMap<usize, Vec<f32>>>,
        /// What each row's ranking vectors are made from (`embed_text`), computed on first need.
        texts: std::cell::OnceCell<EmbedTexts>,
        /// Passage index → the vectors of its embedding texts (for ranking rows).
        row_vectors: RefCell<HashMap<usize, Vec<Vec<f32>>>>,
        /// Passage index → the vectors of its sentences (only for passages the model read).
        clauses: RefCell<HashMap<usize, Vec<Vec<f32>>>>,
    }

    fn failed(e: impl std::fmt::Display) -> GenerateError {
        GenerateError::Retrieval(e.to_string())
    }

    impl<'a> Embedded<'a> {
        pub fn new(dataset: &'a Dataset, embedder: &'a Embedder) -> Self {
            Embedded {
                dataset,
                embedder,
                vectors: RefCell::new(HashMap::new()),
                texts: std::cell::OnceCell::new(),
                row_vectors: RefCell::new(HashMap::new()),
                clauses: RefCell::new(HashMap::new()),
            }
        }

        /// Cosine of `v` with each row in `ids`, by its best embedding text (as a collection scores it).
        fn row_similarities(&self, v: &[f32], ids: &[usize]) -> Result<Vec<f32>, GenerateError> {
            let texts = self.texts.get_or_init(|| self.dataset.embed_texts());
            let missing: Vec<usize> = {
                let cache = self.row_vectors.borrow();
                ids.iter().copied().filter(|i| !cache.contains_key(i) && *i < texts.texts.len()).collect()
            };
            if !missing.is_empty() {
                let flat: Vec<&str> = missing.iter().flat_map(|&i| texts.texts[i].iter().map(String::as_str)).collect();
                let out = self.embedder.embed(&flat, 32, &mut |_| {}).map_err(failed)?;
                let mut rows = out.rows();
                let mut cache = self.row_vectors.borrow_mut();
                for &i in &missing {
                    cache.insert(i, rows.by_ref().take(texts.texts[i].len()).map(<[f32]>::to_vec).collect());
                }
            }
            let cache = self.row_vectors.borrow();
            Ok(ids
                .iter()
                .map(|i| cache.get(i).map_or(0.0, |chunks| chunks.iter().map(|w| dot(w, v)).fold(f32::NEG_INFINITY, f32::max)))
                .collect())
        }

        /// Cosine of `v` with each passage in `ids` (vectors are L2-normalised), embedding those not yet seen.
        fn similarities(&self, v: &[f32], ids: &[usize]) -> Result<Vec<f32>, GenerateError> {
            let passages = self.all();
            let missing: Vec<usize> = {
                let cache = self.vectors.borrow();
                ids.iter().copied().filter(|i| !cache.contains_key(i)).collect()
            };
            if !missing.is_empty() {
                let texts: Vec<&str> = missing.iter().map(|&i| passages[i].text.as_str()).collect();
                let out = self.embedder.embed(&texts, 32, &mut |_| {}).map_err(failed)?;
                let mut cache = self.vectors.borrow_mut();
                for (k, &i) in missing.iter().enumerate() {
                    if let Some(row) = out.get(k) {
                        cache.insert(i, row.to_vec());
                    }
                }
            }
            let cache = self.vectors.borrow();
            Ok(ids.iter().map(|i| cache.get(i).map_or(0.0, |w| dot(w, v))).collect())
        }

        /// Best cosine of `v` with any one sentence of passage `i`: an answer sentence usually
        /// states one fact ("It has 97 horsepower."), which a whole row's text dilutes.
        fn clause_similarity(&self, v: &[f32], i: usize) -> Result<f32, GenerateError> {
            if !self.clauses.borrow().contains_key(&i) {
                let parts = sentences(&self.all()[i].text);
                let texts: Vec<&str> = parts.iter().map(String::as_str).collect();
                let out = self.embedder.embed(&texts, 32, &mut |_| {}).map_err(failed)?;
                self.clauses.borrow_mut().insert(i, out.rows().map(<[f32]>::to_vec).collect());
            }
            let clauses = self.clauses.borrow();
            Ok(clauses[&i].iter().map(|w| dot(w, v)).fold(f32::NEG_INFINITY, f32::max))
        }
    }

    fn dot(a: &[f32], b: &[f32]) -> f32 {
        a.iter().zip(b).map(|(x, y)| x * y).sum()
    }

    impl Passages for Embedded<'_> {
        fn all(&self) -> &[Passage] {
            &self.dataset.lexical().0
        }

        /// BM25 and dense rankings fused by reciprocal rank; the fused score is kept.
        async fn rank(&self, q: &str, k: usize) -> Result<Vec<(usize, f32)>, GenerateError> {
            let n = self.all().len();
            let lexical: Vec<Hit> = self
                .dataset
                .search_passages(q, LEXICAL_CANDIDATES)
                .into_iter()
                .map(|(i, s)| Hit { id: PassageId(i as u32), score: s })
                .collect();
            let pool: Vec<usize> = if n <= DENSE_ALL_ROWS { (0..n).collect() } else { lexical.iter().map(|h| h.id.index()).collect() };
            let (qv, _) = self.embedder.embed_one(q).map_err(failed)?;
            let scores = self.row_similarities(&qv, &pool)?;
            let mut dense: Vec<Hit> = pool.iter().zip(scores).map(|(&i, s)| Hit { id: PassageId(i as u32), score: s }).collect();
            dense.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.id.0.cmp(&b.id.0)));
            dense.truncate(LEXICAL_CANDIDATES);
            Ok(reciprocal_rank_fusion(&[&lexical, &dense], RRF_K, k).into_iter().map(|h| (h.id.index(), h.score)).collect())
        }

        fn lexical(&self, text: &str, k: usize) -> Vec<usize> {
            self.dataset.search_passages(text, k).into_iter().map(|(i, _)| i).collect()
        }

        /// Cosine with each row; a row the model read may also support a sentence through one of
        /// its sentences (a subject-less "It has…" refers to what it read), other rows only as a
        /// whole, so a common fact does not cite every row that shares it.
        async fn scores(&self, sentence: &str, ids: &[usize], read: usize) -> Result<Vec<f32>, GenerateError> {
            let (v, _) = self.embedder.embed_one(sentence).map_err(failed)?;
            let mut scores = self.similarities(&v, ids)?;
            for (k, &i) in ids.iter().enumerate().take(read) {
                scores[k] = scores[k].max(self.clause_similarity(&v, i)?);
            }
            Ok(scores)
        }

        fn calibration(&self) -> Calibration {
            cite::MINILM
        }
    }
}
