//! What a reader accepts: guards against hostile or broken inputs. A leaf every reader imports.

use crate::error::{IngestError, Location};

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

/// Decompressed Office XML allowed per byte of the .xlsx/.docx file (Apache POI refuses entries
/// inflating more than 100× too); real workbooks and documents inflate 3–30×, zip bombs ~1000×.
pub const MAX_INFLATE_RATIO: u64 = 100;
/// What a small Office file may always inflate to, whatever its ratio.
pub const MIN_INFLATE_BYTES: u64 = 16 * 1024 * 1024;

/// The decompressed XML an Office file of `file_len` bytes may hold, all parts together, so memory
/// stays proportional to the upload (a 985 KB .docx inflated to 834 MB before this cap).
pub fn office_inflate_cap(file_len: usize) -> u64 {
    (file_len as u64).saturating_mul(MAX_INFLATE_RATIO).max(MIN_INFLATE_BYTES)
}

/// The refusal when an Office file's parts inflate past `office_inflate_cap`.
pub fn over_inflate_cap(file: &str, file_len: usize, what: &str) -> IngestError {
    IngestError::TooLarge {
        at: Location::file(file),
        message: format!(
            "{what} decompresses to more than {} MiB, over {MAX_INFLATE_RATIO} times the file's {} KB \
             (a zip bomb, or data better saved as CSV); refused",
            office_inflate_cap(file_len) >> 20,
            file_len.div_ceil(1024)
        ),
    }
}
