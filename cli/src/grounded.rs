//! `ask --llm`: questions the exact path cannot compute go to retrieval plus generation. The
//! passages the model reads are ranked by BM25 fused with sentence embeddings; after generation
//! each sentence is matched to rows again and cites those that pass the calibrated threshold.

use std::cell::RefCell;
use std::collections::HashMap;

use anyhow::Result;
use tabletalk_shared::embed::Embedder;
use tabletalk_shared::generate::cite::{self, scoring_text, sentences, support, Candidate};
use tabletalk_shared::generate::prompt::{self, is_dont_know, Budget, ContextPassage};
use tabletalk_shared::generate::{sql, GenerateError, GroundedAnswer};
use tabletalk_shared::index::fusion::{reciprocal_rank_fusion, RRF_K};
use tabletalk_shared::index::{Hit, PassageId};
use tabletalk_shared::query::{Answer, Citation, Dataset, PassageOut, Route};

use crate::llm::{Backend, Sampling};

/// Passages the model reads; small models answer best from a few.
const TOP_K: usize = 6;
/// Up to this many rows, every row is embedded once (dense retrieval over all of them); above
/// it only BM25's candidates are, so a big table does not cost minutes per question.
const DENSE_ALL_ROWS: usize = 1000;
const LEXICAL_CANDIDATES: usize = 50;

pub struct Grounded<'a> {
    pub backend: Backend,
    pub embedder: &'a Embedder,
    pub budget: Budget,
    /// Passage index → its vector, computed on first need.
    vectors: RefCell<HashMap<usize, Vec<f32>>>,
    /// Passage index → the vectors of its sentences (only for passages the model read).
    clauses: RefCell<HashMap<usize, Vec<Vec<f32>>>>,
}

impl<'a> Grounded<'a> {
    pub fn new(backend: Backend, embedder: &'a Embedder, budget: Budget) -> Self {
        Grounded { backend, embedder, budget, vectors: RefCell::new(HashMap::new()), clauses: RefCell::new(HashMap::new()) }
    }

    /// The answer to SQL the model wrote for `q` (checked by the guard, marked approximate); when
    /// there is none or it is refused, the retrieved rows with the reason.
    pub fn written_sql(&self, dataset: &Dataset, q: &str, fallback: Answer) -> Answer {
        let sampling = Sampling { max_tokens: sql::MAX_TOKENS, temperature: 0.0, seed: Some(0) };
        let written = self
            .backend
            .chat(sql::messages(&dataset.sql_request(q)), &sampling, None)
            .map_err(|e| e.to_string())
            .and_then(|reply| {
                sql::extract(&reply).ok_or_else(|| format!("the language model wrote no SQL statement (it said: {})", reply.trim()))
            })
            .and_then(|stmt| futures::executor::block_on(dataset.run_written(&stmt, fallback.lang)).map_err(|e| format!("{e} ({stmt})")));
        match written {
            Ok(a) => a,
            Err(e) => {
                let mut a = fallback;
                a.answer = format!(
                    "No rule computes this question, and the SQL a language model wrote for it could not be used ({e}). {}",
                    a.answer
                );
                a
            }
        }
    }

    /// Replaces a retrieval answer with a generated, cited one; a backend failure keeps the
    /// retrieved rows and says why.
    pub fn answer(&self, dataset: &Dataset, q: &str, fallback: Answer, on_text: Option<&mut dyn FnMut(&str)>) -> Result<Answer> {
        let passages = &dataset.lexical().0;
        // Rows the exact path looked up come first: they are the answer's subject.
        let mut ranked: Vec<Hit> = Vec::new();
        if fallback.intent.as_deref() != Some("retrieval") {
            for c in &fallback.citations {
                if let Some(i) = passages.iter().position(|p| p.provenance.file == c.file && p.provenance.row.0 == c.row) {
                    ranked.push(Hit { id: PassageId(i as u32), score: 1.0 });
                }
            }
        }
        // Only those, then: other rows would be distractors (small models latch onto them).
        let retrieved = if ranked.is_empty() { self.retrieve(dataset, q)? } else { Vec::new() };
        for h in retrieved {
            if ranked.len() < TOP_K && !ranked.iter().any(|r| r.id == h.id) {
                ranked.push(h);
            }
        }
        let context: Vec<ContextPassage> = ranked
            .iter()
            .map(|h| {
                let p = &passages[h.id.index()];
                ContextPassage { text: p.text.clone(), provenance: p.provenance.clone(), score: h.score }
            })
            .collect();
        let mut prompt = prompt::build(q, &context, self.budget);
        let sampling = Sampling { max_tokens: self.budget.answer_tokens, temperature: 0.0, seed: Some(0) };
        let mut on_text = on_text;
        let text = loop {
            match self.backend.chat(prompt.messages.clone(), &sampling, on_text.as_mut().map(|f| &mut **f as &mut dyn FnMut(&str))) {
                Err(GenerateError::ContextTooLong(_)) if prompt.used > 0 => {
                    prompt = prompt::shrink(q, &context, &prompt).expect("used > 0");
                }
                Err(e) => {
                    let mut a = fallback;
                    a.answer = format!("{} (The language model gave no answer: {e}.)", a.answer);
                    return Ok(a);
                }
                Ok(t) => break prompt::own_answer(&t).to_string(),
            }
        };
        let shown = &ranked[..prompt.used];
        let mut a = Answer::plain(Route::Generated, fallback.lang, text.trim().to_string());
        a.confidence = fallback.confidence;
        a.intent = Some("generated".into());
        a.passages = Some(
            shown
                .iter()
                .map(|h| {
                    let p = &passages[h.id.index()];
                    PassageOut { file: p.provenance.file.clone(), row: p.provenance.row.0, score: h.score, text: p.text.clone() }
                })
                .collect(),
        );
        if is_dont_know(&text) {
            a.route = Route::Unanswerable;
            return Ok(a);
        }
        let grounded = self.cite(dataset, &text, shown, prompt.dropped)?;
        a.citations = grounded.citations().into_iter().map(|c| Citation { file: c.file, row: c.row }).collect();
        a.sentences = Some(grounded.sentences);
        Ok(a)
    }

    /// BM25 and dense rankings fused by reciprocal rank; the fused score is kept.
    fn retrieve(&self, dataset: &Dataset, q: &str) -> Result<Vec<Hit>> {
        let passages = &dataset.lexical().0;
        let lexical: Vec<Hit> =
            dataset.search_passages(q, LEXICAL_CANDIDATES).into_iter().map(|(i, s)| Hit { id: PassageId(i as u32), score: s }).collect();
        let pool: Vec<usize> =
            if passages.len() <= DENSE_ALL_ROWS { (0..passages.len()).collect() } else { lexical.iter().map(|h| h.id.index()).collect() };
        let (qv, _) = self.embedder.embed_one(q)?;
        let scores = self.similarities(dataset, &qv, &pool)?;
        let mut dense: Vec<Hit> = pool.iter().zip(scores).map(|(&i, s)| Hit { id: PassageId(i as u32), score: s }).collect();
        dense.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.id.0.cmp(&b.id.0)));
        dense.truncate(LEXICAL_CANDIDATES);
        Ok(reciprocal_rank_fusion(&[&lexical, &dense], RRF_K, TOP_K))
    }

    /// Cosine of `v` with each passage in `ids` (vectors are L2-normalised), embedding those not yet seen.
    fn similarities(&self, dataset: &Dataset, v: &[f32], ids: &[usize]) -> Result<Vec<f32>> {
        let passages = &dataset.lexical().0;
        let missing: Vec<usize> = {
            let cache = self.vectors.borrow();
            ids.iter().copied().filter(|i| !cache.contains_key(i)).collect()
        };
        if !missing.is_empty() {
            let texts: Vec<&str> = missing.iter().map(|&i| passages[i].text.as_str()).collect();
            if texts.len() > 64 {
                eprintln!("embedding {} rows for retrieval…", texts.len());
            }
            let out = self.embedder.embed(&texts, 32, &mut |_| {})?;
            let mut cache = self.vectors.borrow_mut();
            for (k, &i) in missing.iter().enumerate() {
                if let Some(row) = out.get(k) {
                    cache.insert(i, row.to_vec());
                }
            }
        }
        let cache = self.vectors.borrow();
        Ok(ids.iter().map(|i| cache.get(i).map_or(0.0, |w| w.iter().zip(v).map(|(a, b)| a * b).sum())).collect())
    }

    /// Best cosine of `v` with any one sentence of passage `i`: an answer sentence usually states
    /// one fact ("It has 97 horsepower."), which a whole row's text dilutes.
    fn clause_similarity(&self, dataset: &Dataset, v: &[f32], i: usize) -> Result<f32> {
        if !self.clauses.borrow().contains_key(&i) {
            let parts = sentences(&dataset.lexical().0[i].text);
            let texts: Vec<&str> = parts.iter().map(String::as_str).collect();
            let out = self.embedder.embed(&texts, 32, &mut |_| {})?;
            self.clauses.borrow_mut().insert(i, out.rows().map(<[f32]>::to_vec).collect());
        }
        let clauses = self.clauses.borrow();
        Ok(clauses[&i].iter().map(|w| w.iter().zip(v).map(|(a, b)| a * b).sum::<f32>()).fold(f32::NEG_INFINITY, f32::max))
    }

    /// Each sentence is retrieved again: against the passages the model read and BM25's best
    /// rows for the sentence itself, by embedding similarity. A row the model read may also
    /// support it through one of its sentences (a subject-less "It has…" refers to what it read);
    /// other rows only as a whole, so a common fact does not cite every row that shares it.
    fn cite(&self, dataset: &Dataset, text: &str, shown: &[Hit], dropped: usize) -> Result<GroundedAnswer> {
        let passages = &dataset.lexical().0;
        let said = sentences(text);
        let mut supported = Vec::new();
        for s in &said {
            let plain = scoring_text(s);
            let mut ids: Vec<usize> = shown.iter().map(|h| h.id.index()).collect();
            for (i, _) in dataset.search_passages(&plain, 10) {
                if !ids.contains(&i) {
                    ids.push(i);
                }
            }
            let (v, _) = self.embedder.embed_one(&plain)?;
            let mut scores = self.similarities(dataset, &v, &ids)?;
            for (k, &i) in ids.iter().enumerate().take(shown.len()) {
                scores[k] = scores[k].max(self.clause_similarity(dataset, &v, i)?);
            }
            let candidates: Vec<Candidate> =
                ids.iter().map(|&i| Candidate { provenance: &passages[i].provenance, text: &passages[i].text }).collect();
            supported.push(support(s, &scores, &candidates, cite::MINILM));
        }
        Ok(GroundedAnswer {
            text: text.to_string(),
            sentences: supported,
            dont_know: false,
            passages_used: shown.len(),
            passages_dropped: dropped,
        })
    }
}
