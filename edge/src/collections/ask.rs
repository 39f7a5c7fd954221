//! `POST /v1/collections/{id}/ask`: the exact path first (the same `shared::query` code as the
//! CLI and the browser); what it can only retrieve goes to retrieval plus generation on the LLM
//! backend, and the generated sentences are cited again. Mirrors cli/src/grounded.rs, with two
//! differences: retrieval is hybrid only when the client sends the question's vector (the edge
//! has no embedder), and sentences are matched to rows lexically (see [`LEXICAL`]).

use tabletalk_shared::api::AskRequest;
use tabletalk_shared::generate::cite::{scoring_text, sentences, support, Calibration, Candidate};
use tabletalk_shared::generate::prompt::{is_dont_know, ContextPassage};
use tabletalk_shared::generate::{GenerateError, GroundedAnswer};
use tabletalk_shared::index::bm25::tokenize;
use tabletalk_shared::query::{Answer, Citation, Conversation, PassageOut, Route};

use super::model::Loaded;
use super::search::check_vector;
use crate::error::EdgeError;
use crate::grounded::{question, write};
use crate::llm::Backend;

/// Passages the model reads; small models answer best from a few (as in the CLI).
const TOP_K: usize = 6;
/// Earlier questions replayed to restore a conversation's pending question back.
const MAX_HISTORY: usize = 10;

/// Lexical support: the share of a sentence's (stemmed) words found in the row. Without sentence
/// embeddings on the edge this stands in for cosine; 0.5 with a 0.1 margin keeps a sentence on
/// the rows that state most of what it says. Numbers must still agree (`cite::support`).
pub const LEXICAL: Calibration = Calibration { threshold: 0.5, margin: 0.1 };

/// The exact path's answer, and whether it should go to generation (the CLI's rule: retrieval
/// answers, and lookups of at most five whole rows).
pub async fn exact(l: &Loaded, req: &AskRequest) -> Result<(Answer, bool), EdgeError> {
    let q = question(&req.question)?;
    if let Some(v) = &req.vector {
        check_vector(&l.collection, v)?;
    }
    let mut conv = Conversation::default();
    let skip = req.history.len().saturating_sub(MAX_HISTORY);
    for h in &req.history[skip..] {
        let _ = l.dataset.ask(&mut conv, h).await;
    }
    let a = l.dataset.ask(&mut conv, q).await;
    let generate = (a.intent.as_deref() == Some("retrieval") && matches!(a.route, Route::Lookup | Route::Unanswerable))
        || (a.route == Route::Lookup && a.intent.as_deref() == Some("filter_list") && (1..=5).contains(&a.citations.len()));
    Ok((a, generate))
}

/// Generation over the retrieved rows. On a backend failure the error comes back with the
/// fallback answer (the retrieved rows), so the caller can still show them.
pub async fn generate(
    l: &Loaded,
    backend: &Backend,
    req: &AskRequest,
    fallback: Answer,
    on_text: Option<&mut dyn FnMut(&str)>,
) -> Result<Answer, (GenerateError, Answer)> {
    let q = req.question.trim();
    let passages = l.collection.passages();
    // Rows the exact path looked up come first, and alone: they are the answer's subject.
    let mut ranked: Vec<(usize, f32)> = Vec::new();
    if fallback.intent.as_deref() != Some("retrieval") {
        ranked.extend(fallback.citations.iter().filter_map(|c| l.by_row.get(&(c.file.clone(), c.row)).map(|&i| (i, 1.0))));
    }
    if ranked.is_empty() {
        let hits = match &req.vector {
            Some(v) => l.collection.search_hybrid(v, q, TOP_K).unwrap_or_default(),
            None => l.collection.search_lexical(q, TOP_K),
        };
        ranked.extend(hits.into_iter().map(|h| (h.id.index(), h.score)));
    }
    ranked.truncate(TOP_K);
    let context: Vec<ContextPassage> = ranked
        .iter()
        .map(|&(i, score)| ContextPassage { text: passages[i].text.clone(), provenance: passages[i].provenance.clone(), score })
        .collect();
    let (text, prompt) = match write(backend, q, &context, on_text).await {
        Ok(r) => r,
        Err(e) => return Err((e, fallback)),
    };
    let shown = &ranked[..prompt.used.min(ranked.len())];
    let mut a = Answer::plain(Route::Generated, fallback.lang, text.trim().to_string());
    a.confidence = fallback.confidence;
    a.intent = Some("generated".into());
    a.passages = Some(
        shown
            .iter()
            .map(|&(i, score)| PassageOut {
                file: passages[i].provenance.file.clone(),
                row: passages[i].provenance.row.0,
                score,
                text: passages[i].text.clone(),
            })
            .collect(),
    );
    if is_dont_know(&text) {
        a.route = Route::Unanswerable;
        return Ok(a);
    }
    let grounded = cite(l, &text, shown, prompt.dropped);
    a.citations = grounded.citations().into_iter().map(|c| Citation { file: c.file, row: c.row }).collect();
    a.sentences = Some(grounded.sentences);
    Ok(a)
}

/// Each sentence is matched again against the rows the model read and BM25's best rows for the
/// sentence itself.
fn cite(l: &Loaded, text: &str, shown: &[(usize, f32)], dropped: usize) -> GroundedAnswer {
    let passages = l.collection.passages();
    let stemming = l.collection.lexical().params().stemming;
    let mut supported = Vec::new();
    for s in sentences(text) {
        let plain = scoring_text(&s);
        let mut ids: Vec<usize> = shown.iter().map(|&(i, _)| i).collect();
        for h in l.collection.search_lexical(&plain, 10) {
            if !ids.contains(&h.id.index()) {
                ids.push(h.id.index());
            }
        }
        let words = tokenize(&plain, stemming);
        let scores: Vec<f32> = ids.iter().map(|&i| overlap(&words, &tokenize(&passages[i].text, stemming))).collect();
        let candidates: Vec<Candidate> =
            ids.iter().map(|&i| Candidate { provenance: &passages[i].provenance, text: &passages[i].text }).collect();
        supported.push(support(&s, &scores, &candidates, LEXICAL));
    }
    GroundedAnswer { text: text.to_string(), sentences: supported, dont_know: false, passages_used: shown.len(), passages_dropped: dropped }
}

/// The share of `words` that occur in `row` (0 for a sentence without words).
pub(crate) fn overlap(words: &[String], row: &[String]) -> f32 {
    if words.is_empty() {
        return 0.0;
    }
    words.iter().filter(|w| row.contains(w)).count() as f32 / words.len() as f32
}

#[cfg(test)]
mod tests {
    #[test]
    fn overlap_is_a_share() {
        let w = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
        assert_eq!(super::overlap(&w("ford torino"), &w("the ford torino has 8")), 1.0);
        assert_eq!(super::overlap(&w("ford pinto"), &w("the ford torino")), 0.5);
        assert_eq!(super::overlap(&[], &w("x")), 0.0);
    }
}
