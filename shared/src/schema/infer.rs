//! Type inference over a column's values.

use super::{ColumnSchema, TableSchema};
use crate::table::Table;

pub struct ColumnStats;

pub fn infer_table(table: &Table) -> TableSchema {
    let _ = table;
    unimplemented!()
}

pub fn infer_column() -> ColumnSchema {
    unimplemented!()
}
