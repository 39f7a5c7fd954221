//! Date and keyword tags per row and per table (tabular-documents paper), and a tag → rows lookup
//! the answer path uses to narrow a question such as "in 2021" or "in Catalonia" before searching.

use std::collections::{BTreeMap, BTreeSet};

use chrono::Datelike;
use serde::{Deserialize, Serialize};

use crate::schema::values::parse_date;
use crate::schema::{is_missing, ColumnType, DateGranularity, TableSchema, ValueFormat};
use crate::table::{RowRef, Table, Value};

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Tag {
    /// "2023", "2023-03", "2023-Q2".
    Date(String),
    /// A lower-cased categorical value or a caption keyword.
    Keyword(String),
}

/// A row of a named table.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TaggedRow {
    pub table: String,
    pub row: RowRef,
}

/// Tags of one row: dates from date columns, keywords from categorical text columns.
pub fn row_tags(schema: &TableSchema, row: &[Value]) -> BTreeSet<Tag> {
    let mut tags = BTreeSet::new();
    for (col, cell) in schema.columns.iter().zip(row) {
        let Value::Text(raw) = cell else { continue };
        if is_missing(raw) {
            continue;
        }
        match (col.ty, &col.format) {
            (ColumnType::Date | ColumnType::Datetime, ValueFormat::Date { order, .. }) => {
                if let Some(d) = parse_date(raw, *order) {
                    let y = d.date.year();
                    tags.insert(Tag::Date(y.to_string()));
                    match d.granularity {
                        DateGranularity::Quarter => {
                            tags.insert(Tag::Date(format!("{y}-Q{}", d.date.month0() / 3 + 1)));
                        }
                        DateGranularity::Month | DateGranularity::Day | DateGranularity::Time => {
                            tags.insert(Tag::Date(format!("{y}-{:02}", d.date.month())));
                            tags.insert(Tag::Date(format!("{y}-Q{}", d.date.month0() / 3 + 1)));
                        }
                        DateGranularity::Year => {}
                    }
                }
            }
            (ColumnType::Text | ColumnType::Boolean, _) if col.categorical && col.ty == ColumnType::Text => {
                tags.insert(Tag::Keyword(raw.trim().to_lowercase()));
            }
            _ => {}
        }
    }
    tags
}

const STOPWORDS: &[&str] = &[
    "the", "and", "for", "with", "from", "that", "this", "table", "into", "over", "under", "per", "by", "of", "in", "des", "der", "die",
    "das", "und", "los", "las", "del", "con", "para", "els", "les", "amb",
];

/// Keywords of a table: words of its name, caption and surrounding paragraphs (4+ letters, no stopwords).
pub fn table_tags(table: &Table) -> BTreeSet<Tag> {
    let mut text = table.name.clone();
    if let Some(c) = &table.context {
        for part in [&c.caption, &c.before, &c.after].into_iter().flatten() {
            text.push(' ');
            text.push_str(part);
        }
    }
    let mut tags = BTreeSet::new();
    for w in text.split(|c: char| !c.is_alphanumeric()) {
        let l = w.to_lowercase();
        if l.chars().count() >= 4 && !STOPWORDS.contains(&l.as_str()) {
            if l.len() == 4 && l.parse::<u32>().is_ok_and(|y| (1000..=2999).contains(&y)) {
                tags.insert(Tag::Date(l));
            } else if !l.chars().all(|c| c.is_ascii_digit()) {
                tags.insert(Tag::Keyword(l));
            }
        }
    }
    tags
}

/// Tag → rows, and tag → tables.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct TagIndex {
    rows: BTreeMap<Tag, Vec<TaggedRow>>,
    tables: BTreeMap<Tag, Vec<String>>,
}

impl TagIndex {
    pub fn build<'a>(tables: impl IntoIterator<Item = (&'a Table, &'a TableSchema)>) -> Self {
        let mut idx = TagIndex::default();
        for (t, s) in tables {
            for tag in table_tags(t) {
                idx.tables.entry(tag).or_default().push(t.name.clone());
            }
            for (i, row) in t.rows.iter().enumerate() {
                for tag in row_tags(s, row) {
                    idx.rows.entry(tag).or_default().push(TaggedRow { table: t.name.clone(), row: RowRef::from_index(i) });
                }
            }
        }
        idx
    }

    /// Rows carrying a tag (in table order).
    pub fn rows(&self, tag: &Tag) -> &[TaggedRow] {
        self.rows.get(tag).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Tables whose name or context carries a tag.
    pub fn tables(&self, tag: &Tag) -> &[String] {
        self.tables.get(tag).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn tags(&self) -> impl Iterator<Item = &Tag> {
        self.rows.keys().chain(self.tables.keys())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ingest::headers::table_from_grid;
    use crate::ingest::limits::Limits;
    use crate::schema::infer_table;
    use crate::table::TableContext;

    #[test]
    fn dates_and_keywords_index_rows() {
        let mut g = vec![vec!["date".to_string(), "weather".into(), "mm".into()]];
        for (d, w) in [("2021-03-04", "rain"), ("2021-07-01", "sun"), ("2022-01-09", "rain"), ("2022-02-02", "sun"), ("2022-05-05", "rain")]
        {
            g.push(vec![d.into(), w.into(), "1.5".into()]);
        }
        let mut t = table_from_grid("w.csv", "weather", g, &Limits::default(), &mut Vec::new()).unwrap();
        t.context = Some(TableContext { caption: Some("Table 2: Seattle rainfall 2021".into()), ..Default::default() });
        let s = infer_table(&t);
        let idx = TagIndex::build([(&t, &s)]);
        let rows: Vec<u64> = idx.rows(&Tag::Date("2022".into())).iter().map(|r| r.row.0).collect();
        assert_eq!(rows, [3, 4, 5]);
        assert_eq!(idx.rows(&Tag::Keyword("rain".into())).len(), 3);
        assert_eq!(idx.rows(&Tag::Date("2021-Q3".into())).len(), 1);
        assert_eq!(idx.tables(&Tag::Keyword("seattle".into())), ["weather"]);
        assert_eq!(idx.tables(&Tag::Date("2021".into())), ["weather"]);
    }
}
