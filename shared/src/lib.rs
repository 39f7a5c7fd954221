//! Tabletalk's core: bytes → table → schema → template → passages.
//!
//! Pure Rust with no file or network I/O, so the browser, the edge and the CLI share it.

pub mod api;
pub mod bundle;
pub mod description;
#[cfg(feature = "embed")]
pub mod embed;
pub mod embed_cache;
pub mod embed_text;
pub(crate) mod error;
pub mod export;
pub mod generate;
pub mod index;
pub mod ingest;
pub(crate) mod names;
pub mod placement;
#[cfg(feature = "query")]
pub mod query;
pub mod report;
pub mod schema;
pub mod table;
pub mod tags;
pub mod template;
pub mod verbalise;
pub mod worker_protocol;

pub use error::{IngestError, Warning};
pub use table::{CellRef, ColumnHeader, Provenance, RowRef, Table, TableContext, Value};
