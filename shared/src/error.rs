//! Errors and warnings about user data: each names the file, and the row and column when known.

use serde::{Deserialize, Serialize};

/// Where in a file a problem is. Rows are 1-based data rows unless `line` says a physical line.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Location {
    pub file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<String>,
}

impl Location {
    pub fn file(file: &str) -> Self {
        Self { file: file.to_string(), ..Default::default() }
    }
    pub fn row(mut self, row: u64) -> Self {
        self.row = Some(row);
        self
    }
    pub fn column(mut self, column: impl Into<String>) -> Self {
        self.column = Some(column.into());
        self
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(r) = self.row {
            write!(f, ", row {r}")?;
        }
        if let Some(c) = &self.column {
            write!(f, ", column {c:?}")?;
        }
        Ok(())
    }
}

/// A file that could not be read at all; the other files of the upload are unaffected.
#[derive(Clone, Debug, PartialEq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum IngestError {
    #[error("{file}: the file is empty")]
    Empty { file: String },
    #[error("{file}: this looks like a binary file, not a table ({reason})")]
    Binary { file: String, reason: String },
    #[error("{file}: unsupported format ({reason})")]
    UnsupportedFormat { file: String, reason: String },
    #[error("{at}: {message}")]
    Malformed { at: Location, message: String },
    #[error("{at}: {message}")]
    TooLarge { at: Location, message: String },
    #[error("{file}: no table found ({reason})")]
    NoTable { file: String, reason: String },
}

impl IngestError {
    pub fn file(&self) -> &str {
        match self {
            IngestError::Empty { file }
            | IngestError::Binary { file, .. }
            | IngestError::UnsupportedFormat { file, .. }
            | IngestError::NoTable { file, .. } => file,
            IngestError::Malformed { at, .. } | IngestError::TooLarge { at, .. } => &at.file,
        }
    }
}

/// Something repaired or worth knowing; the data still loaded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Warning {
    pub at: Location,
    pub message: String,
}

impl Warning {
    pub fn new(at: Location, message: impl Into<String>) -> Self {
        Self { at, message: message.into() }
    }
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}
