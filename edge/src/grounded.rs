//! What both generating endpoints share (`/v1/answer` for the page's rows, a collection's `ask`
//! for its own): the question check, and writing an answer over passages, dropping the weakest
//! when the backend says the prompt is too long.

use tabletalk_shared::generate::prompt::{self, Budget, ContextPassage, GroundedPrompt};
use tabletalk_shared::generate::GenerateError;

use crate::error::EdgeError;
use crate::llm::{Backend, Sampling};

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

/// The model's answer to `q` from `context` (best first), and the prompt that produced it (how
/// many passages it read, how many were dropped to fit).
pub async fn write(
    backend: &Backend,
    q: &str,
    context: &[ContextPassage],
    mut on_text: Option<&mut dyn FnMut(&str)>,
) -> Result<(String, GroundedPrompt), GenerateError> {
    let budget = Budget::default();
    let mut prompt = prompt::build(q, context, budget);
    let sampling = Sampling { max_tokens: budget.answer_tokens, temperature: 0.0, seed: Some(0) };
    loop {
        match backend.chat(prompt.messages.clone(), &sampling, on_text.as_mut().map(|f| &mut **f as &mut dyn FnMut(&str))).await {
            Err(GenerateError::ContextTooLong(_)) if prompt.used > 0 => match prompt::shrink(q, context, &prompt) {
                Some(p) => prompt = p,
                None => return Err(GenerateError::ContextTooLong("no passage fits".into())),
            },
            Err(e) => return Err(e),
            Ok(t) => return Ok((prompt::own_answer(&t).to_string(), prompt)),
        }
    }
}
