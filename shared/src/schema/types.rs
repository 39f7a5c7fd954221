//! The schema's types: a leaf the inference, the declared types and the value parsers all import.

use serde::{Deserialize, Serialize};

/// The public type names; `tabletalk inspect --json` prints them and other tools read them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColumnType {
    Integer,
    Decimal,
    Date,
    Datetime,
    Boolean,
    Identifier,
    Text,
}

impl ColumnType {
    pub fn as_str(self) -> &'static str {
        match self {
            ColumnType::Integer => "integer",
            ColumnType::Decimal => "decimal",
            ColumnType::Date => "date",
            ColumnType::Datetime => "datetime",
            ColumnType::Boolean => "boolean",
            ColumnType::Identifier => "identifier",
            ColumnType::Text => "text",
        }
    }
    pub fn is_numeric(self) -> bool {
        matches!(self, ColumnType::Integer | ColumnType::Decimal)
    }
}

/// How a column's source text is written, so it can be read back and shown consistently.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ValueFormat {
    #[default]
    Plain,
    /// Numbers: which mark is the decimal separator, and a unit seen around the digits.
    Number { decimal_comma: bool, unit: Option<Unit> },
    /// Dates and datetimes, with the day/month order the column uses.
    Date { granularity: DateGranularity, order: DateOrder },
    /// Booleans: the source's spelling of true and false.
    Boolean { truthy: String, falsy: String },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "symbol", rename_all = "snake_case")]
pub enum Unit {
    Percent,
    Currency(String),
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DateOrder {
    /// ISO and year-first forms.
    #[default]
    YearFirst,
    DayMonth,
    MonthDay,
    /// Eight digits, year first, in a column named for dates ("19580329").
    Compact,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DateGranularity {
    #[default]
    Day,
    Month,
    Quarter,
    Year,
    Time,
}

/// Whether a column holds scalars or nested records (JSON): nested ones carry their own fields.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    #[default]
    Scalar,
    /// A list of scalars.
    List,
    /// A list of objects; `fields` describes an item.
    ListOfObjects,
    /// One nested object; `fields` describes it.
    Object,
}

/// What inference found about one column (or one nested field).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ColumnSchema {
    /// Display and placeholder name (header path joined with " > ").
    pub name: String,
    /// Defaults (empty path, scalar, plain) let `inspect --json`'s shorter columns be sent back,
    /// e.g. to the edge's `POST /v1/refine`.
    #[serde(default)]
    pub path: Vec<String>,
    #[serde(rename = "type")]
    pub ty: ColumnType,
    pub categorical: bool,
    pub distinct: u64,
    pub missing: u64,
    #[serde(default)]
    pub shape: Shape,
    #[serde(default)]
    pub format: ValueFormat,
    /// Up to five distinct example values, as written in the source.
    pub samples: Vec<String>,
    /// For `ListOfObjects` and `Object`: the item's fields.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<ColumnSchema>,
}

/// The schema of one table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableSchema {
    pub name: String,
    pub file: String,
    pub rows: u64,
    pub columns: Vec<ColumnSchema>,
}

impl TableSchema {
    pub fn column(&self, name: &str) -> Option<&ColumnSchema> {
        self.columns.iter().find(|c| c.name == name)
    }
}
