//! Header understanding for grids (CSV, sheets, Word tables): multi-row headers, index paths, transposition.

use crate::error::{IngestError, Warning};
use crate::ingest::Limits;
use crate::table::Table;

/// Turns a rectangular-ish grid of strings (first rows = headers) into a `Table`.
pub fn table_from_grid(
    file: &str,
    name: &str,
    grid: Vec<Vec<String>>,
    limits: &Limits,
    warnings: &mut Vec<Warning>,
) -> Result<Table, IngestError> {
    let _ = (file, name, grid, limits, warnings);
    unimplemented!("headers::table_from_grid is being written")
}
