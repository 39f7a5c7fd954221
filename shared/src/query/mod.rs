//! The exact path: question → intent and slots → one read-only SELECT → answer with SQL,
//! citations and a chart. No language model does arithmetic here; the engine computes.
//!
//! Data flows one way: `text` → `tagger` (against the `catalog`) → `understand` (a `plan`) →
//! `sql` → `engine` → `execute` (an `answer`). `Dataset::ask` routes each question to this path,
//! to a meta answer, to a question back (`Conversation` resumes it), or to retrieval.

pub mod answer;
pub mod catalog;
mod compound;
pub mod contract;
mod dataset;
pub mod engine;
pub mod error;
mod execute;
pub mod guard;
pub mod intent;
pub mod lang;
pub mod limits;
pub mod plan;
pub mod series;
pub mod shape;
mod spelling;
pub mod sql;
pub mod tagger;
pub mod text;
pub mod understand;
mod value_words;
mod written;

pub use answer::{Answer, Citation, PassageOut, Route};
pub use catalog::Catalog;
pub use dataset::{resolve_reply, Conversation, Dataset, FieldMatcher, MIN_CONFIDENCE, MIN_FIELD_MARGIN, MIN_FIELD_SIMILARITY};
pub use engine::{Engine, Rows};
pub use error::QueryError;
pub use intent::Intent;
pub use lang::Lang;
pub use plan::Plan;
pub use understand::{understand, Clarification, MetaKind, Overrides, Understanding};
