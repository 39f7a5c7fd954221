//! Column typing: what each column holds, so templates format values and the query path compares them.

mod declared;
mod infer;
mod types;
pub(crate) mod values;

pub use declared::{apply_declared, declare};
pub use infer::{infer_column, infer_table, is_categorical, name_tokens, ColumnStats};
pub use types::{ColumnSchema, ColumnType, DateGranularity, DateOrder, Shape, TableSchema, Unit, ValueFormat};
pub use values::{format_value, is_missing};
