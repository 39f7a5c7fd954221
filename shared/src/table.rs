//! The in-memory table every later stage reads: header paths, nested cells, row provenance.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

/// A JSON-like object whose key order is the source order (templates read fields in that order).
pub type Object = IndexMap<String, Value>;

/// One cell. Scalars keep their source text: typing happens in `schema`, never lossy at ingestion.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged, from = "serde_json::Value")]
pub enum Value {
    Null,
    Text(String),
    List(Vec<Value>),
    Object(Object),
}

impl From<serde_json::Value> for Value {
    /// JSON scalars become their source text ("12.50" stays "12.50"; true → "true").
    fn from(j: serde_json::Value) -> Self {
        match j {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Text(b.to_string()),
            serde_json::Value::Number(n) => Value::Text(n.to_string()),
            serde_json::Value::String(s) => Value::Text(s),
            serde_json::Value::Array(a) => Value::List(a.into_iter().map(Value::from).collect()),
            serde_json::Value::Object(o) => Value::Object(o.into_iter().map(|(k, v)| (k, Value::from(v))).collect()),
        }
    }
}

impl Value {
    /// A borrowed view, so CSV records and owned rows fill templates through the same code.
    pub fn as_cell(&self) -> CellRef<'_> {
        match self {
            Value::Null => CellRef::Missing,
            Value::Text(s) => CellRef::Text(s),
            Value::List(l) => CellRef::List(l),
            Value::Object(o) => CellRef::Object(o),
        }
    }

    pub fn as_text(&self) -> Option<&str> {
        match self {
            Value::Text(s) => Some(s),
            _ => None,
        }
    }
}

/// A borrowed cell. `Text` is raw source text; missing-value markers are decided by the schema.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CellRef<'a> {
    Missing,
    Text(&'a str),
    List(&'a [Value]),
    Object(&'a Object),
}

/// A column's header as a path: multi-row headers give "Institution > Credit Guarantee Fund".
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ColumnHeader {
    pub path: Vec<String>,
}

impl ColumnHeader {
    pub const SEPARATOR: &'static str = " > ";

    pub fn single(name: impl Into<String>) -> Self {
        Self { path: vec![name.into()] }
    }

    /// The display and placeholder name: the path joined with " > ".
    pub fn name(&self) -> String {
        self.path.join(Self::SEPARATOR)
    }
}

/// Text around a table in a document (tabular-documents paper): caption and neighbouring paragraphs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TableContext {
    pub caption: Option<String>,
    pub before: Option<String>,
    pub after: Option<String>,
}

/// A table read from one file (a CSV, one JSON collection, one sheet, one Word table).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Table {
    /// Unique within an upload: file stem, "file:Sheet1", "file:Table 2".
    pub name: String,
    /// The uploaded file's name, as the user knows it.
    pub file: String,
    pub columns: Vec<ColumnHeader>,
    /// Data rows only; row i is data-row number i + 1.
    pub rows: Vec<Vec<Value>>,
    pub context: Option<TableContext>,
    /// True when the source had labels in its first column and was turned so those labels are columns.
    pub transposed: bool,
    /// True when the layout detector thinks the first column carries the field labels.
    pub transpose_suggested: bool,
}

impl Table {
    pub fn column_names(&self) -> Vec<String> {
        self.columns.iter().map(ColumnHeader::name).collect()
    }

    pub fn column_index(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c.name() == name)
    }

    pub fn row_ref(&self, index: usize) -> RowRef {
        RowRef::from_index(index)
    }
}

/// A 1-based data-row number: the first record after the header is row 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RowRef(pub u64);

impl RowRef {
    pub fn from_index(index: usize) -> Self {
        RowRef(index as u64 + 1)
    }
    pub fn index(self) -> usize {
        (self.0 - 1) as usize
    }
}

impl std::fmt::Display for RowRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A row an answer rests on; `row` is the 1-based data-row number. The one citation type of exact
/// and generated answers alike.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Citation {
    pub file: String,
    pub row: u64,
}

impl From<&Provenance> for Citation {
    fn from(p: &Provenance) -> Self {
        Citation { file: p.file.clone(), row: p.row.0 }
    }
}

/// Where a sentence came from: enough to show and highlight the exact row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provenance {
    pub file: String,
    pub table: String,
    pub row: RowRef,
    pub columns: Vec<String>,
}
