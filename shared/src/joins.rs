//! Foreign keys between tables of one upload, offered to the user as joins.

use serde::{Deserialize, Serialize};

/// `from_table.from_column` values are (mostly) contained in the unique `to_table.to_column`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JoinCandidate {
    pub from_table: String,
    pub from_column: String,
    pub to_table: String,
    pub to_column: String,
    /// Share of the non-missing `from` values found in `to`.
    pub coverage: f64,
    /// Ranking score: coverage plus name evidence.
    pub score: f64,
    /// Declared by metadata (datapackage.json) rather than detected.
    pub declared: bool,
}
