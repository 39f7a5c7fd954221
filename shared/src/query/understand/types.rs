//! What understanding a question yields: an exact reading (a `Plan`), a meta question, a question
//! back (`Clarification`), a `Refusal` or retrieval; the choices that resume it (`Overrides`); the
//! whole `Parsed` result.

use serde::{Deserialize, Serialize};

use crate::query::intent::Intent;
use crate::query::lang::Lang;
use crate::query::plan::Plan;
use crate::query::shape::Shape;

/// Longer questions are refused before parsing: nobody types 500 characters to ask for a count.
pub const MAX_QUESTION_CHARS: usize = 500;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MetaKind {
    Source,
    Description,
    Date,
    Title,
    Capabilities,
}

impl MetaKind {
    pub fn intent(self) -> Intent {
        match self {
            MetaKind::Source => Intent::MetaSource,
            MetaKind::Description => Intent::MetaDescription,
            MetaKind::Date => Intent::MetaDate,
            MetaKind::Title => Intent::MetaTitle,
            MetaKind::Capabilities => Intent::MetaCapabilities,
        }
    }
}

impl Refusal {
    /// The refusal's name in reports ("unknown_field", "unplaced", …).
    pub fn intent(&self) -> Intent {
        match self {
            Refusal::Empty => Intent::Empty,
            Refusal::TooLong { .. } => Intent::TooLong,
            Refusal::Sql => Intent::Sql,
            Refusal::Language { .. } => Intent::Language,
            Refusal::UnknownField { .. } => Intent::UnknownField,
            Refusal::UnknownValue { .. } => Intent::UnknownValue,
            Refusal::TypeMismatch { .. } => Intent::TypeMismatch,
            Refusal::Contradiction { .. } => Intent::Contradiction,
            Refusal::PeriodOfYear { .. } => Intent::PeriodOfYear,
            Refusal::ListCells { .. } => Intent::ListCells,
            Refusal::OutsideData { .. } => Intent::OutsideData,
            Refusal::Unplaced { .. } => Intent::Unplaced,
        }
    }
}

/// Why a question gets no number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    Empty,
    TooLong {
        chars: usize,
    },
    Sql,
    Language {
        name: String,
    },
    UnknownField {
        word: String,
        suggestions: Vec<String>,
        /// The word's token range, so a field found by meaning can stand in for it.
        #[serde(skip)]
        span: Option<(usize, usize)>,
    },
    UnknownValue {
        word: String,
        suggestions: Vec<String>,
    },
    TypeMismatch {
        field: String,
        ty: String,
        wanted: String,
    },
    Contradiction {
        field: String,
        detail: String,
    },
    /// "How many quarters?" over a quarter-of-the-year column beside a year column: the 4 different
    /// values are not the number of quarters in the data; which is meant is asked back in words.
    PeriodOfYear {
        field: String,
        year: String,
    },
    /// A count or grouping of the values of a column whose cells hold lists ("1, 4, 7"): it
    /// would count the lists, so it is said, not computed.
    ListCells {
        field: String,
    },
    /// A period before the first or after the last date of the data ("in January 2024" over
    /// April–July 2024): no row is no answer there, so it is said, not counted as 0.
    OutsideData {
        field: String,
        first: String,
        last: String,
    },
    /// A reading was found, but it leaves words out or answers in another shape than asked: it is
    /// said, never run as exact ("I understood: average of Literacy. I could not place: region").
    Unplaced {
        /// The reading, in words.
        understood: String,
        /// Words the reading does not account for.
        words: Vec<String>,
        /// The shape the question asks for, when the reading's shape differs.
        asked: Option<Shape>,
    },
}

/// What the user must choose before the question can be answered.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Clarification {
    /// The word that was ambiguous, or None when a parameter is missing.
    pub word: Option<String>,
    /// Field names to choose from (engine names).
    pub options: Vec<String>,
    pub default: Option<String>,
    /// The span to resolve on resumption (token range), or None to add the field as the target.
    pub span: Option<(usize, usize)>,
    /// What is missing: "field", "numeric field", "category field".
    pub missing: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Understanding {
    Exact {
        plan: Plan,
        confidence: f32,
    },
    Meta(MetaKind),
    Clarify(Clarification),
    Refuse(Refusal),
    /// Not an exact question (or not sure enough): retrieval answers it.
    Retrieve {
        confidence: f32,
    },
}

/// Choices the user made in a clarifying sub-conversation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overrides {
    /// Token span → field index (an ambiguous word resolved).
    pub spans: Vec<((usize, usize), usize)>,
    /// A field added as the question's target (a missing parameter supplied).
    pub target: Option<usize>,
    /// Token spans that only modify ("monthly rate" where each value is a month's).
    pub quiet: Vec<(usize, usize)>,
}

/// The parse of one question against one table.
#[derive(Clone, Debug)]
pub struct Parsed {
    pub lang: Lang,
    pub understanding: Understanding,
    /// How much of the question the parser recognised (picks the table when there are several).
    pub score: f32,
    /// Other members of a field group whose default answered the question.
    pub offer: Option<Clarification>,
    /// The question asks for a computation (a count, an average, a number to compare with).
    pub computes: bool,
    /// Words the parser could not place: an exact answer says it did not use them.
    pub ignored: Vec<String>,
    /// The shape of answer the words ask for.
    pub asked: Shape,
    /// Typing slips read as the word they are one edit from ("yaer" → "year"): the answer says so.
    pub corrected: Vec<(String, String)>,
    /// Words nothing names, read as the values of a table's one measure ("income" of a column per
    /// year): the answer says so, so a wrong guess is seen.
    pub values_named: Vec<String>,
}
