//! `POST /v1/collections/{id}/search`: dense (a client-embedded `vector`), hybrid (`vector` and
//! `text`) or lexical (`text` only: the edge has no embedder) search over the passages.

use tabletalk_shared::api::{SearchHit, SearchRequest, SearchResponse};
use tabletalk_shared::index::collection::SearchResult;
use tabletalk_shared::index::Collection;

use crate::error::EdgeError;

pub const DEFAULT_K: usize = 5;
pub const MAX_K: usize = 50;

pub fn search(c: &Collection, req: &SearchRequest) -> Result<SearchResponse, EdgeError> {
    let k = req.k.unwrap_or(DEFAULT_K).clamp(1, MAX_K);
    let text = req.text.as_deref().map(str::trim).filter(|t| !t.is_empty());
    if let Some(v) = &req.vector {
        check_vector(c, v)?;
    }
    let (mode, hits) = match (&req.vector, text) {
        (Some(v), Some(t)) => ("hybrid", c.search_hybrid(v, t, k).map_err(bad)?),
        (Some(v), None) => ("dense", c.search_dense(v, k).map_err(bad)?),
        (None, Some(t)) => ("lexical", c.search_lexical(t, k)),
        (None, None) => return Err(EdgeError::BadRequest("send `text`, `vector` or both".into())),
    };
    Ok(SearchResponse { mode: mode.into(), hits: hits.into_iter().map(hit).collect() })
}

/// A vector of the collection's dimension with finite values (anything else is the caller's bug).
pub fn check_vector(c: &Collection, v: &[f32]) -> Result<(), EdgeError> {
    let dim = c.meta().dim;
    if v.len() != dim {
        return Err(EdgeError::BadRequest(format!(
            "`vector` has {} values; this collection's model ({}) makes {dim}",
            v.len(),
            c.meta().model
        )));
    }
    if v.iter().any(|x| !x.is_finite()) {
        return Err(EdgeError::BadRequest("`vector` holds a value that is not a finite number".into()));
    }
    Ok(())
}

fn hit(r: SearchResult<'_>) -> SearchHit {
    SearchHit { score: r.score, text: r.passage.text.clone(), provenance: r.passage.provenance.clone() }
}

fn bad(e: impl std::fmt::Display) -> EdgeError {
    EdgeError::BadRequest(e.to_string())
}
