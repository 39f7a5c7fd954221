//! The edge's HTTP API as types: what `tabletalk publish` sends, what the worker answers, and
//! what the app will read. Kept here (serde only, no I/O) so the CLI, the edge and the app cannot
//! drift apart. Field names are the JSON names; README.md ("Edge API") lists them.
//!
//! Publishing is three steps because a collection is bigger than one request may be:
//! `PUT /v1/collections/{id}` with a [`PublishRequest`] (what the parts will be), then each
//! part's chunks as raw bytes (`PUT /v1/collections/{id}/parts/{name}/{seq}`), then
//! `POST /v1/collections/{id}/commit`, which checks sizes and checksums, decodes everything
//! and only then replaces the live collection. A failed upload never damages the old one.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::description::DatasetDescription;
use crate::schema::ColumnType;
use crate::table::{Provenance, Table, TableContext, Value};

/// The part holding the collection bytes (`Collection::to_bytes`: passages, BM25, vectors).
pub const PART_INDEX: &str = "index";
/// The part holding [`TablesPart`] as JSON: the rows the exact path runs SQL on.
pub const PART_TABLES: &str = "tables";
/// Bytes per uploaded chunk: under the edge's body limit and Durable Object SQLite's 2 MB value limit.
pub const CHUNK_BYTES: usize = 1 << 20;

/// One part of an upload: its total size, number of chunks and CRC-32 (crc32fast) of all its bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartSpec {
    pub name: String,
    pub bytes: u64,
    pub chunks: u32,
    pub crc32: u32,
}

impl PartSpec {
    /// The spec of `bytes` cut into [`CHUNK_BYTES`] chunks.
    pub fn of(name: &str, bytes: &[u8]) -> PartSpec {
        PartSpec {
            name: name.to_string(),
            bytes: bytes.len() as u64,
            chunks: bytes.len().div_ceil(CHUNK_BYTES).max(1) as u32,
            crc32: crc32fast::hash(bytes),
        }
    }
}

/// `PUT /v1/collections/{id}`: starts an upload (and forgets any unfinished one).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PublishRequest {
    pub title: Option<String>,
    pub source: Option<String>,
    /// Questions shown to users of the widget; the edge suggests some when empty.
    pub examples: Vec<String>,
    pub parts: Vec<PartSpec>,
}

/// The [`PART_TABLES`] part: the tables and the dataset description the exact path needs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TablesPart {
    pub tables: Vec<Table>,
    pub description: DatasetDescription,
}

/// A column as `GET /v1/collections/{id}` shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ColumnInfo {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: ColumnType,
}

/// A table as `GET /v1/collections/{id}` shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableInfo {
    pub name: String,
    pub file: String,
    pub rows: u64,
    pub columns: Vec<ColumnInfo>,
}

/// `GET /v1/collections/{id}` (and the answer to a commit).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CollectionInfo {
    pub id: String,
    pub title: String,
    pub source: Option<String>,
    pub description: Option<String>,
    pub schema: Vec<TableInfo>,
    pub examples: Vec<String>,
    pub passages: u64,
    /// The embedding model queries must be embedded with to send a `vector`.
    pub model: String,
    pub dim: u64,
    pub dense: String,
    pub templates: BTreeMap<String, String>,
    pub published_at: String,
}

/// The answer to `PUT /v1/collections/{id}` and to each part chunk.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UploadStatus {
    pub id: String,
    /// Chunks received so far, per part.
    pub received: BTreeMap<String, u32>,
    pub chunk_bytes: u64,
}

/// `POST /v1/collections/{id}/search`: dense when `vector` is sent (hybrid with `text` too),
/// lexical (BM25) with `text` alone.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchRequest {
    pub vector: Option<Vec<f32>>,
    pub text: Option<String>,
    pub k: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchHit {
    pub score: f32,
    pub text: String,
    pub provenance: Provenance,
}

impl From<crate::generate::ContextPassage> for SearchHit {
    fn from(c: crate::generate::ContextPassage) -> Self {
        SearchHit { score: c.score, text: c.text, provenance: c.provenance }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchResponse {
    /// "dense", "lexical" or "hybrid".
    pub mode: String,
    pub hits: Vec<SearchHit>,
}

/// `POST /v1/collections/{id}/ask`. `history` holds the earlier questions of the conversation
/// (oldest first), so a reply to a question back ("the second one") resumes it. `vector` is the
/// question's embedding (the collection's model), used for retrieval when sent.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AskRequest {
    pub question: String,
    pub vector: Option<Vec<f32>>,
    pub history: Vec<String>,
}

/// `POST /v1/refine`: the table's columns (as `tabletalk inspect --json` shows them), its
/// context and first row; the answer is `generate::Refined`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RefineRequest {
    pub table: String,
    pub columns: Vec<crate::schema::ColumnSchema>,
    #[serde(default)]
    pub context: Option<TableContext>,
    #[serde(default)]
    pub first_row: Option<Vec<Value>>,
}

/// Every error the edge sends: `{"error": "snake_case_code", "message": "what to do"}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ApiError {
    pub error: String,
    pub message: String,
}

/// A visitor's verdict on one answer: the hit/miss signal a collection's owner monitors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Vote {
    Up,
    Down,
}

/// Longest question and answer text the edge keeps with a vote (longer ones are cut).
pub const FEEDBACK_MAX_TEXT: usize = 2000;
/// Most cited rows kept with a vote.
pub const FEEDBACK_MAX_ROWS: usize = 50;

/// `POST /v1/collections/{id}/feedback`: thumbs up or down on an answer, from the app or the
/// widget. Anyone who may ask may vote; only the owner (a publish token) reads the votes back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FeedbackRequest {
    pub vote: Vote,
    pub question: String,
    #[serde(default)]
    pub answer: String,
    /// The answer's `intent` ("count_filter", "retrieval", …).
    #[serde(default)]
    pub intent: Option<String>,
    /// The rows the answer cited.
    #[serde(default)]
    pub citations: Vec<CitedRow>,
}

/// A cited row, as answers cite them (`query::Citation`'s JSON; that module needs the `query`
/// feature, which the wire types do not).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CitedRow {
    pub file: String,
    pub row: u64,
}

/// One stored vote, as `GET /v1/collections/{id}/feedback` lists it (newest first).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FeedbackEntry {
    pub at: String,
    #[serde(flatten)]
    pub request: FeedbackRequest,
}

/// Votes of one intent.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct VoteCount {
    pub up: u64,
    pub down: u64,
}

/// `GET /v1/collections/{id}/feedback` (publish token): totals, the hit rate (up / all votes),
/// totals per intent, and the latest votes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FeedbackSummary {
    pub id: String,
    pub up: u64,
    pub down: u64,
    /// None before the first vote.
    pub hit_rate: Option<f64>,
    pub by_intent: BTreeMap<String, VoteCount>,
    pub recent: Vec<FeedbackEntry>,
}

/// The answer to a vote: the collection's totals so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FeedbackRecorded {
    pub id: String,
    pub recorded: bool,
    pub up: u64,
    pub down: u64,
}

/// The text of a server-sent `delta` event on `/ask` (the generated answer as it is written).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Delta {
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_cut_into_chunks() {
        assert_eq!(PartSpec::of("x", &[]).chunks, 1);
        assert_eq!(PartSpec::of("x", &vec![0u8; CHUNK_BYTES]).chunks, 1);
        assert_eq!(PartSpec::of("x", &vec![0u8; CHUNK_BYTES + 1]).chunks, 2);
    }

    #[test]
    fn requests_accept_missing_fields() {
        let s: SearchRequest = serde_json::from_str(r#"{"text":"ford"}"#).unwrap();
        assert_eq!(s.k, None);
        let a: AskRequest = serde_json::from_str(r#"{"question":"how many?"}"#).unwrap();
        assert!(a.history.is_empty());
    }

    #[test]
    fn feedback_is_flat_json() {
        let f: FeedbackRequest = serde_json::from_str(r#"{"vote":"down","question":"how many?"}"#).unwrap();
        assert_eq!(f.vote, Vote::Down);
        assert!(f.citations.is_empty());
        assert!(serde_json::from_str::<FeedbackRequest>(r#"{"vote":"sideways","question":"q"}"#).is_err());
        let e = FeedbackEntry { at: "2026-11-23T00:00:00Z".into(), request: f };
        let v = serde_json::to_value(&e).unwrap();
        assert_eq!(v["vote"], "down");
        assert_eq!(v["at"], "2026-11-23T00:00:00Z");
    }
}

/// `POST /v1/sql`: a question the exact path could not plan, with the tables' columns. The edge's
/// language model writes one SELECT; the client checks it (`query::guard`) and runs it itself.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SqlRequest {
    pub question: String,
    pub tables: Vec<SqlTable>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SqlTable {
    pub name: String,
    pub columns: Vec<SqlColumn>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SqlColumn {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: ColumnType,
    /// A few values of a categorical column, spelled as in the data.
    #[serde(default)]
    pub examples: Vec<String>,
}

/// The answer to `POST /v1/sql`: the statement as the guard normalised it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SqlWritten {
    pub sql: String,
}

/// `POST /v1/answer`: an open question over passages the client retrieved itself (a dataset that
/// lives only in the browser). The answer is `query::Answer` with route `generated`, each sentence
/// cited to the sent passages that support it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnswerRequest {
    pub question: String,
    /// Best first; each with its score and provenance, as `search` answers.
    pub passages: Vec<SearchHit>,
    /// The question's language code ("en", "es", "ca", "de") as the page detected it.
    #[serde(default)]
    pub lang: Option<String>,
}
