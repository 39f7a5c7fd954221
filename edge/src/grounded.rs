//! What both generating endpoints check first (`/v1/answer` for the page's rows, a collection's
//! `ask` for its own): the question itself. Answering is `shared::generate::grounded`.

use crate::error::EdgeError;

pub const MAX_QUESTION_CHARS: usize = 2000;

/// The trimmed question, or a 400 saying what is wrong with it.
pub fn question(q: &str) -> Result<&str, EdgeError> {
    let q = q.trim();
    if q.is_empty() {
        return Err(EdgeError::BadRequest("`question` is empty".into()));
    }
    if q.chars().count() > MAX_QUESTION_CHARS {
        return Err(EdgeError::BadRequest(format!("`question` is longer than {MAX_QUESTION_CHARS} characters")));
    }
    Ok(q)
}
