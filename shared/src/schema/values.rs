//! Reading cell text as numbers, dates and booleans, and writing values back for sentences.

use std::borrow::Cow;

use super::ColumnSchema;

/// Missing-value markers seen in research tables.
pub fn is_missing(raw: &str) -> bool {
    let t = raw.trim();
    t.is_empty()
        || matches!(
            t,
            "NA" | "N/A" | "n/a" | "na" | "-" | "--" | "—" | "null" | "NULL" | "Null" | "None" | "NaN" | "nan" | ".." | "?"
        )
}

/// The text a template shows for a cell of this column.
pub fn format_value<'a>(col: &ColumnSchema, raw: &'a str) -> Cow<'a, str> {
    let _ = col;
    Cow::Borrowed(raw.trim())
}
