//! Tagged question → an intent with slots (a `Plan`), a meta question, a question back, or a refusal.
//!
//! The stages after tagging, one file each, all methods of one `Parser` (`parser`) over the tagged
//! spans: `nouns` (units and row nouns) and `changes` (a change from the row before, or between two named points of a family of
//! columns, `points`), both by
//! re-tagging → `conditions` (filters from operators, dates and values) → `slots` (fields asked,
//! grouping, N, order) → `compare` (values of one field set side by side, groups passing a test) →
//! `intent` (which plan) → `yes_no` (a test around it) → the contract in `parse` (with `coverage`:
//! periods outside the data) → `refusal` (what
//! is said when no exact reading holds), with `summary` putting a plan in words. What they yield is
//! in `types`; this file only declares them and re-exports.

mod changes;
mod columns;
mod compare;
mod conditions;
mod coverage;
mod intent;
mod nouns;
mod parse;
mod parser;
mod periods;
mod points;
mod refusal;
mod slots;
mod summary;
mod types;
mod yes_no;

pub(crate) use compare::change_word;
pub use parse::{looks_like_sql, names_field_elsewhere, understand};
pub(crate) use parser::content_word;
pub use summary::summary;
pub use types::{Clarification, MetaKind, Overrides, Parsed, Refusal, Understanding, MAX_QUESTION_CHARS};
