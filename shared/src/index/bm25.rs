//! Lexical search with Okapi BM25, for the names, codes and numbers that embeddings blur.
//!
//! Tokens are lowercased, accent-folded (`deunicode`: "Barça" → "barca", "Straße" → "strasse"),
//! split on anything that is not a letter or digit, and stemmed with Snowball (English by default;
//! tokens holding digits are never stemmed, so "2023" and "b12" stay whole).

use std::borrow::Cow;

use indexmap::IndexSet;
use rust_stemmers::{Algorithm, Stemmer};
use serde::{Deserialize, Serialize};

use super::topk::TopK;
use super::{Hit, IndexError, PassageId, Result, MAX_PASSAGES};

/// Which Snowball stemmer folds word endings ("members" → "member"), if any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stemming {
    None,
    #[default]
    English,
    Spanish,
    French,
    German,
    Italian,
    Portuguese,
    Dutch,
}

impl Stemming {
    fn stemmer(self) -> Option<Stemmer> {
        let algorithm = match self {
            Stemming::None => return None,
            Stemming::English => Algorithm::English,
            Stemming::Spanish => Algorithm::Spanish,
            Stemming::French => Algorithm::French,
            Stemming::German => Algorithm::German,
            Stemming::Italian => Algorithm::Italian,
            Stemming::Portuguese => Algorithm::Portuguese,
            Stemming::Dutch => Algorithm::Dutch,
        };
        Some(Stemmer::create(algorithm))
    }
}

/// BM25's free parameters and the tokenizer's stemming.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bm25Params {
    /// Term-frequency saturation.
    pub k1: f32,
    /// Length normalisation (0 = none, 1 = full).
    pub b: f32,
    pub stemming: Stemming,
}

impl Default for Bm25Params {
    fn default() -> Self {
        Self {
            k1: 1.2,
            b: 0.75,
            stemming: Stemming::English,
        }
    }
}

impl Bm25Params {
    fn check(&self) -> Result<()> {
        if !(self.k1.is_finite() && self.k1 >= 0.0 && (0.0..=1.0).contains(&self.b)) {
            return Err(IndexError::InvalidParams(format!(
                "BM25 needs k1 ≥ 0 and 0 ≤ b ≤ 1, not k1 = {}, b = {}",
                self.k1, self.b
            )));
        }
        Ok(())
    }
}

/// Splits text into folded, lowercased, stemmed tokens (see the module doc).
pub fn tokenize(text: &str, stemming: Stemming) -> Vec<String> {
    let stemmer = stemming.stemmer();
    let mut tokens = Vec::new();
    let mut word = String::new();
    let mut flush = |word: &mut String| {
        if word.is_empty() {
            return;
        }
        let token = match &stemmer {
            Some(s) if !word.bytes().any(|b| b.is_ascii_digit()) => match s.stem(word) {
                Cow::Borrowed(w) => w.to_string(),
                Cow::Owned(w) => w,
            },
            _ => word.clone(),
        };
        tokens.push(token);
        word.clear();
    };
    let mut push = |c: char, word: &mut String| {
        if c.is_alphanumeric() {
            word.extend(c.to_lowercase());
        } else {
            flush(word);
        }
    };
    for c in text.chars() {
        if c.is_ascii() {
            push(c, &mut word);
        } else if let Some(folded) = deunicode::deunicode_char(c) {
            // CJK ideographs fold to a syllable and a space, so each becomes its own token.
            folded.chars().for_each(|f| push(f, &mut word));
        } else {
            push(c, &mut word);
        }
    }
    flush(&mut word);
    tokens
}

/// An inverted index: for each term, the passages holding it and how often.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Bm25Repr")]
pub struct Bm25Index {
    params: Bm25Params,
    /// Term ids are positions in this set.
    terms: IndexSet<String>,
    /// Per term id: `(passage, term frequency)` in passage order.
    postings: Vec<Vec<(u32, u32)>>,
    /// Tokens per passage.
    lengths: Vec<u32>,
    total_length: u64,
}

#[derive(Deserialize)]
struct Bm25Repr {
    params: Bm25Params,
    terms: IndexSet<String>,
    postings: Vec<Vec<(u32, u32)>>,
    lengths: Vec<u32>,
    total_length: u64,
}

impl TryFrom<Bm25Repr> for Bm25Index {
    type Error = IndexError;
    fn try_from(r: Bm25Repr) -> Result<Self> {
        let bad = |what: &str| IndexError::Corrupt(format!("BM25 index: {what}"));
        r.params.check().map_err(|e| bad(&e.to_string()))?;
        let n = r.lengths.len();
        if r.postings.len() != r.terms.len() || n > MAX_PASSAGES {
            return Err(bad("term and posting counts differ"));
        }
        if r.lengths.iter().map(|&l| u64::from(l)).sum::<u64>() != r.total_length {
            return Err(bad("passage lengths do not add up"));
        }
        for list in &r.postings {
            let ordered = list.windows(2).all(|w| w[0].0 < w[1].0);
            if !ordered
                || list
                    .iter()
                    .any(|&(doc, tf)| doc as usize >= n || tf == 0 || tf > r.lengths[doc as usize])
            {
                return Err(bad("posting out of range"));
            }
        }
        Ok(Self {
            params: r.params,
            terms: r.terms,
            postings: r.postings,
            lengths: r.lengths,
            total_length: r.total_length,
        })
    }
}

impl Default for Bm25Index {
    fn default() -> Self {
        Self::new(Bm25Params::default()).expect("default parameters are valid")
    }
}

impl Bm25Index {
    pub fn new(params: Bm25Params) -> Result<Self> {
        params.check()?;
        Ok(Self {
            params,
            terms: IndexSet::new(),
            postings: Vec::new(),
            lengths: Vec::new(),
            total_length: 0,
        })
    }

    pub fn params(&self) -> Bm25Params {
        self.params
    }

    pub fn len(&self) -> usize {
        self.lengths.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lengths.is_empty()
    }

    /// Indexes one passage's text; its id is the number of passages before it.
    pub fn add(&mut self, text: &str) -> Result<PassageId> {
        if self.len() >= MAX_PASSAGES {
            return Err(IndexError::Full { max: MAX_PASSAGES });
        }
        let id = self.len() as u32;
        let tokens = tokenize(text, self.params.stemming);
        let mut ids: Vec<usize> = Vec::with_capacity(tokens.len());
        for token in &tokens {
            let (term, _) = self.terms.insert_full(token.clone());
            if term == self.postings.len() {
                self.postings.push(Vec::new());
            }
            ids.push(term);
        }
        ids.sort_unstable();
        for run in ids.chunk_by(|a, b| a == b) {
            self.postings[run[0]].push((id, run.len() as u32));
        }
        let length = u32::try_from(tokens.len()).unwrap_or(u32::MAX);
        self.lengths.push(length);
        self.total_length += u64::from(length);
        Ok(PassageId(id))
    }

    /// The `k` best-scoring passages for `query`, best first; passages sharing no term are left out.
    pub fn search(&self, query: &str, k: usize) -> Vec<Hit> {
        let n = self.len();
        if n == 0 || k == 0 {
            return Vec::new();
        }
        let Bm25Params { k1, b, .. } = self.params;
        let avg = (self.total_length as f32 / n as f32).max(1.0);
        let mut terms: Vec<usize> = tokenize(query, self.params.stemming)
            .iter()
            .filter_map(|t| self.terms.get_index_of(t.as_str()))
            .collect();
        terms.sort_unstable();
        terms.dedup();
        let mut scores = vec![0.0f32; n];
        let mut touched = Vec::new();
        for term in terms {
            let list = &self.postings[term];
            let df = list.len() as f32;
            let idf = (1.0 + (n as f32 - df + 0.5) / (df + 0.5)).ln();
            for &(doc, tf) in list {
                let tf = tf as f32;
                let norm = k1 * (1.0 - b + b * self.lengths[doc as usize] as f32 / avg);
                let slot = &mut scores[doc as usize];
                if *slot == 0.0 {
                    touched.push(doc);
                }
                *slot += idf * tf * (k1 + 1.0) / (tf + norm);
            }
        }
        let mut top = TopK::new(k);
        for doc in touched {
            top.push(doc, scores[doc as usize]);
        }
        top.into_hits()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_fold_accents_case_and_endings() {
        assert_eq!(
            tokenize("Barça won 3–1 in the Camp Nou!", Stemming::English),
            ["barca", "won", "3", "1", "in", "the", "camp", "nou"]
        );
        assert_eq!(
            tokenize("Straße, Łódź; MÜNCHEN", Stemming::None),
            ["strasse", "lodz", "munchen"]
        );
        assert_eq!(
            tokenize("members' salaries in 2023Q2", Stemming::English),
            ["member", "salari", "in", "2023q2"]
        );
        assert!(tokenize("  —  ", Stemming::English).is_empty());
    }
}
