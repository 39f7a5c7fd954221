//! `POST /v1/collections/{id}/ask`: the shared answering path (`generate::grounded::Flow`, the
//! same code as the CLI and the browser) over the collection's rows: ranked by words, and by
//! meaning too when the client sends the question's vector (the edge has no embedder), with
//! generated sentences matched to rows lexically.

use tabletalk_shared::api::AskRequest;
use tabletalk_shared::generate::grounded::{Failure, Flow, Grounded, Options, Outcome};
use tabletalk_shared::generate::rows::Indexed;
use tabletalk_shared::query::{Answer, Conversation};

use super::model::Loaded;
use super::search::check_vector;
use crate::error::EdgeError;
use crate::llm::Backend;

/// Earlier questions replayed to restore a conversation's pending question back.
const MAX_HISTORY: usize = 10;

/// The flow a collection's question takes.
pub type CollectionFlow<'a> = Flow<'a, Grounded<'a, Backend>, Indexed<'a>>;

/// The collection's rows for ranking and citing; a 400 when the sent vector does not fit them.
pub fn rows<'a>(l: &'a Loaded, req: &'a AskRequest) -> Result<Indexed<'a>, EdgeError> {
    if let Some(v) = &req.vector {
        check_vector(&l.collection, v)?;
    }
    Ok(Indexed { collection: &l.collection, vector: req.vector.as_deref(), by_row: &l.by_row })
}

/// The conversation so far: the earlier questions replayed, so a reply to a question back
/// ("the second one") resumes it.
pub async fn conversation(l: &Loaded, req: &AskRequest) -> Conversation {
    let mut conv = Conversation::default();
    let skip = req.history.len().saturating_sub(MAX_HISTORY);
    for h in &req.history[skip..] {
        let _ = l.dataset.ask(&mut conv, h).await;
    }
    conv
}

pub fn flow<'a>(l: &'a Loaded, model: Option<&'a Grounded<'a, Backend>>, rows: &'a Indexed<'a>) -> CollectionFlow<'a> {
    Flow { dataset: &l.dataset, model, rows: Some(rows), options: Options::default() }
}

/// The answer, with a note where the model's part is missing (the answer then keeps the exact
/// path's rows); when it was the generated answer that failed, the error to report with it.
pub fn finished(o: Outcome) -> (Answer, Option<EdgeError>) {
    match o.failure {
        None => (o.answer, None),
        Some(Failure::Sql(e)) => (with_note(o.answer, &EdgeError::from(e)), None),
        Some(Failure::Answer(e)) => {
            let e = EdgeError::from(e);
            (with_note(o.answer, &e), Some(e))
        }
    }
}

/// The retrieved rows stay the answer; the note says why no generated one came.
pub fn with_note(mut a: Answer, e: &EdgeError) -> Answer {
    a.answer = format!("{} (The language model gave no answer: {e}.)", a.answer).trim_start().to_string();
    a
}
