//! Thumbs up/down on answers, the hit/miss signal of a deployed chatbot: every vote is kept in this
//! browser (localStorage), and sent to the edge when the dataset is published there.

use tabletalk_shared::api::{CitedRow, FeedbackEntry, FeedbackRequest, Vote};

use crate::ask::Entry;
use crate::i18n::current;

/// localStorage key of the votes cast on this page.
const STORAGE_KEY: &str = "tabletalk.feedback";
/// Votes kept in the browser; older ones go first.
const KEEP: usize = 500;

/// What a vote on `entry` says: the question, the answer's text, its intent and cited rows.
pub fn request(entry: &Entry, vote: Vote) -> FeedbackRequest {
    let a = &entry.answer;
    FeedbackRequest {
        vote,
        question: entry.question.clone(),
        answer: a.answer.clone(),
        intent: a.intent.map(|i| i.name()),
        citations: a.citations.iter().map(|c| CitedRow { file: c.file.clone(), row: c.row }).collect(),
    }
}

/// Every vote kept in this browser, oldest first.
pub fn kept() -> Vec<FeedbackEntry> {
    storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten()).and_then(|json| serde_json::from_str(&json).ok()).unwrap_or_default()
}

/// Adds a vote to the browser's list.
pub fn keep(vote: FeedbackRequest) -> Result<(), String> {
    let s = storage().ok_or(current().no_local_storage)?;
    let mut all = kept();
    all.push(FeedbackEntry { at: String::from(js_sys::Date::new_0().to_iso_string()), request: vote });
    let drop = all.len().saturating_sub(KEEP);
    all.drain(..drop);
    let json = serde_json::to_string(&all).map_err(|e| e.to_string())?;
    s.set_item(STORAGE_KEY, &json).map_err(|e| format!("{e:?}"))
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}
