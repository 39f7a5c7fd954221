//! The error every template stage reports: a leaf the parser and the compiler import.

use serde::{Deserialize, Serialize};

/// A template problem, with the 1-based line and column of the offending text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("line {line}, column {column}: {message}")]
pub struct TemplateError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}
