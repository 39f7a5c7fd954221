//! `POST /v1/answer` and `POST /v1/sql`: generation for a dataset that lives only in the browser.
//! The page retrieves (it holds the rows and their vectors) and runs SQL itself; the edge only
//! holds the LLM backend. `/v1/answer` writes a grounded answer from the passages sent and cites
//! each sentence to those of them that support it (lexically, as for published collections);
//! `/v1/sql` writes one SELECT, refused here already unless the guard accepts it.

use tabletalk_shared::api::{AnswerRequest, SqlRequest, SqlWritten};
use tabletalk_shared::generate::cite::{scoring_text, sentences, support, Candidate};
use tabletalk_shared::generate::prompt::{is_dont_know, ContextPassage};
use tabletalk_shared::generate::{sql, GroundedAnswer};
use tabletalk_shared::index::bm25::tokenize;
use tabletalk_shared::index::Bm25Params;
use tabletalk_shared::query::guard::check_select;
use tabletalk_shared::query::{Answer, Citation, Lang, PassageOut, Route};

use crate::collections::ask::{overlap, LEXICAL};
use crate::error::EdgeError;
use crate::grounded::{question, write};
use crate::llm::{Backend, Sampling};

/// Passages the model reads (the page's top-k slider goes to 20; a small model answers best from few).
const MAX_PASSAGES: usize = 20;
const MAX_PASSAGE_CHARS: usize = 4000;
const MAX_TABLES: usize = 50;

fn backend(b: Option<Backend>) -> Result<Backend, EdgeError> {
    b.ok_or_else(|| EdgeError::NotConfigured("no LLM backend is configured (LLM_BASE_URL)".into()))
}

/// A grounded answer over the sent passages; "I don't know" when the model says so.
pub async fn answer(b: Option<Backend>, req: &AnswerRequest) -> Result<Answer, EdgeError> {
    let q = question(&req.question)?;
    if req.passages.is_empty() || req.passages.len() > MAX_PASSAGES {
        return Err(EdgeError::BadRequest(format!("send between 1 and {MAX_PASSAGES} passages")));
    }
    if let Some((i, _)) = req.passages.iter().enumerate().find(|(_, p)| p.text.chars().count() > MAX_PASSAGE_CHARS) {
        return Err(EdgeError::BadRequest(format!("passage {} is longer than {MAX_PASSAGE_CHARS} characters", i + 1)));
    }
    let backend = backend(b)?;
    let context: Vec<ContextPassage> =
        req.passages.iter().map(|p| ContextPassage { text: p.text.clone(), provenance: p.provenance.clone(), score: p.score }).collect();
    let (text, prompt) = write(&backend, q, &context, None).await.map_err(EdgeError::from)?;
    let shown = &req.passages[..prompt.used.min(req.passages.len())];
    let lang =
        req.lang.as_deref().and_then(|c| serde_json::from_value::<Lang>(serde_json::Value::String(c.into())).ok()).unwrap_or(Lang::En);
    let mut a = Answer::plain(Route::Generated, lang, text.trim().to_string());
    a.intent = Some("generated".into());
    a.passages = Some(
        shown
            .iter()
            .map(|p| PassageOut { file: p.provenance.file.clone(), row: p.provenance.row.0, score: p.score, text: p.text.clone() })
            .collect(),
    );
    if is_dont_know(&text) {
        a.route = Route::Unanswerable;
        return Ok(a);
    }
    // Every sent passage may be cited, not only those that fitted: the model read no others, but a
    // sentence that restates a passage it did not read is still supported by that row.
    let stemming = Bm25Params::default().stemming;
    let rows: Vec<Vec<String>> = req.passages.iter().map(|p| tokenize(&p.text, stemming)).collect();
    let candidates: Vec<Candidate> = req.passages.iter().map(|p| Candidate { provenance: &p.provenance, text: &p.text }).collect();
    let supported = sentences(&text)
        .into_iter()
        .map(|s| {
            let words = tokenize(&scoring_text(&s), stemming);
            let scores: Vec<f32> = rows.iter().map(|r| overlap(&words, r)).collect();
            support(&s, &scores, &candidates, LEXICAL)
        })
        .collect();
    let grounded = GroundedAnswer {
        text: text.clone(),
        sentences: supported,
        dont_know: false,
        passages_used: shown.len(),
        passages_dropped: prompt.dropped,
    };
    a.citations = grounded.citations().into_iter().map(|c| Citation { file: c.file, row: c.row }).collect();
    a.sentences = Some(grounded.sentences);
    Ok(a)
}

/// One SELECT for the question over the described tables, or a 422 saying why there is none.
pub async fn write_sql(b: Option<Backend>, req: &SqlRequest) -> Result<SqlWritten, EdgeError> {
    question(&req.question)?;
    if req.tables.is_empty() || req.tables.len() > MAX_TABLES {
        return Err(EdgeError::BadRequest(format!("send between 1 and {MAX_TABLES} tables")));
    }
    Ok(SqlWritten { sql: written(&backend(b)?, req).await? })
}

/// The model's statement for `req`, accepted by the guard (published collections use it too).
pub async fn written(backend: &Backend, req: &SqlRequest) -> Result<String, EdgeError> {
    let sampling = Sampling { max_tokens: sql::MAX_TOKENS, temperature: 0.0, seed: Some(0) };
    let reply = backend.chat(sql::messages(req), &sampling, None).await.map_err(EdgeError::from)?;
    let Some(statement) = sql::extract(&reply) else {
        return Err(EdgeError::Unprocessable(format!("the language model wrote no SQL statement (it said: {})", clip(&reply))));
    };
    let names: Vec<&str> = req.tables.iter().map(|t| t.name.as_str()).collect();
    check_select(&statement, &names)
        .map_err(|e| EdgeError::Unprocessable(format!("the language model's SQL was refused: {e} ({})", clip(&statement))))
}

/// A reply quoted in an error, on one line and short.
fn clip(s: &str) -> String {
    let one: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    match one.char_indices().nth(200) {
        Some((i, _)) => format!("{}…", &one[..i]),
        None => one,
    }
}
