//! `POST /v1/answer` and `POST /v1/sql`: generation for a dataset that lives only in the browser.
//! The page retrieves (it holds the rows and their vectors) and runs SQL itself; the edge only
//! holds the LLM backend. `/v1/answer` writes a grounded answer from the passages sent and cites
//! each sentence to those of them that support it (lexically, as for published collections);
//! `/v1/sql` writes one SELECT, refused here already unless the guard accepts it.

use tabletalk_shared::api::{AnswerRequest, SqlRequest, SqlWritten};
use tabletalk_shared::generate::grounded::{Asked, Generate, Given, Grounded};
use tabletalk_shared::generate::Budget;
use tabletalk_shared::query::{Answer, Lang};
use tabletalk_shared::verbalise::Passage;

use crate::error::EdgeError;
use crate::grounded::question;
use crate::llm::Backend;

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
    let given = Given {
        passages: req.passages.iter().map(|p| Passage { text: p.text.clone(), provenance: p.provenance.clone() }).collect(),
        scores: req.passages.iter().map(|p| p.score).collect(),
    };
    let lang =
        req.lang.as_deref().and_then(|c| serde_json::from_value::<Lang>(serde_json::Value::String(c.into())).ok()).unwrap_or(Lang::En);
    Ok(Grounded::new(&backend, Budget::default()).answer(&given, Asked { question: q, ranked: &given.ranked(), lang }, None).await?)
}

/// One SELECT for the question over the described tables, or a 422 saying why there is none.
pub async fn write_sql(b: Option<Backend>, req: &SqlRequest) -> Result<SqlWritten, EdgeError> {
    question(&req.question)?;
    if req.tables.is_empty() || req.tables.len() > MAX_TABLES {
        return Err(EdgeError::BadRequest(format!("send between 1 and {MAX_TABLES} tables")));
    }
    let backend = backend(b)?;
    Ok(SqlWritten { sql: Grounded::new(&backend, Budget::default()).sql(req).await? })
}
