//! Bytes → tables: format detection and one reader per format. Several files load independently.

pub mod csv;
pub mod encoding;
pub mod json;
#[cfg(feature = "xlsx")]
pub mod xlsx;
#[cfg(feature = "docx")]
pub mod docx;

use serde::{Deserialize, Serialize};

use crate::description::DatasetDescription;
use crate::error::{IngestError, Warning};
use crate::joins::JoinCandidate;
use crate::table::Table;

/// Guards against hostile or broken inputs; generous for real research tables.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Excel's own column limit; wider rows are refused with the row number.
    pub max_columns: usize,
    /// A single cell larger than this is refused with its row and column.
    pub max_cell_bytes: usize,
    /// Nesting depth for JSON.
    pub max_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self { max_columns: 16_384, max_cell_bytes: 16 * 1024 * 1024, max_depth: 64 }
    }
}

/// One uploaded file: a name (used in every error) and its bytes.
#[derive(Clone, Copy, Debug)]
pub struct SourceFile<'a> {
    pub name: &'a str,
    pub bytes: &'a [u8],
}

/// What a file is, decided from its name and first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    Csv,
    Json,
    JsonLines,
    Xlsx,
    Docx,
    /// CSVW metadata (`*-metadata.json` or JSON with `tableSchema`): describes, holds no rows.
    Csvw,
    /// Frictionless `datapackage.json`: describes, holds no rows.
    DataPackage,
}

/// Everything an upload produced: tables that loaded, per-file errors, warnings, and suggestions.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Upload {
    pub tables: Vec<Table>,
    pub errors: Vec<IngestError>,
    pub warnings: Vec<Warning>,
    pub description: DatasetDescription,
    pub joins: Vec<JoinCandidate>,
}
