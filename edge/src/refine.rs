//! `POST /v1/refine`: a table's static cloze template rewritten as natural prose by the LLM
//! backend. `shared::generate::Refinement` is the state machine (prompts, placeholder checks);
//! this drives it over `worker::Fetch`. A backend that is down or slow is a 502/504, not a
//! silently unrefined template.

use tabletalk_shared::api::RefineRequest;
use tabletalk_shared::generate::{refine, GenerateError, Refined, Refinement};

use crate::error::EdgeError;
use crate::llm::{Backend, Sampling};

const MAX_COLUMNS: usize = 200;

/// `units_left`: what the client may still spend this minute; a refinement needs one backend call
/// per field at least, so one that cannot finish is refused before the first call.
pub async fn refine(backend: Option<Backend>, units_left: u32, req: &RefineRequest) -> Result<Refined, EdgeError> {
    if req.columns.is_empty() || req.columns.len() > MAX_COLUMNS {
        return Err(EdgeError::BadRequest(format!("send between 1 and {MAX_COLUMNS} columns")));
    }
    let backend = backend.ok_or_else(|| EdgeError::NotConfigured("no LLM backend is configured (LLM_BASE_URL)".into()))?;
    if (units_left as usize) < req.columns.len() {
        return Err(EdgeError::BudgetSpent(format!(
            "refining {} fields takes at least {} calls to the language model, more than this client may make now (each call counts against the per-client rate limit); try again in a minute",
            req.columns.len(),
            req.columns.len()
        )));
    }
    let mut r = Refinement::new(&req.table, &req.columns, req.context.as_ref(), req.first_row.as_deref());
    // One short sentence per call (one call per field).
    let sampling = Sampling { max_tokens: refine::MAX_TOKENS, temperature: 0.0, seed: Some(0) };
    while let Some(messages) = r.request() {
        let reply = backend.chat(messages, &sampling, None).await;
        if let Err(e @ (GenerateError::Unreachable(_) | GenerateError::Timeout(_) | GenerateError::Status { .. })) = &reply {
            return Err(EdgeError::from(e.clone()));
        }
        r.reply(reply);
    }
    Ok(r.finish())
}
