//! Errors of the query path: the engine's, SQL the guard refused, and statements stopped by a
//! cost limit (`limits`).

use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq)]
pub enum QueryError {
    #[error("query engine: {0}")]
    Engine(String),
    #[error("refused SQL: {0}")]
    Refused(String),
    #[error("no table is loaded")]
    NoTable,
    #[error("the template for table {table}: {message}")]
    Template { table: String, message: String },
    /// The memory pool or one batch went past the place's memory limit.
    #[error("this query would use more than {mb} MB; ask a narrower question")]
    TooMuchMemory { mb: usize },
    /// The statement ran past the place's deadline.
    #[error("this query would take longer than {seconds} s; ask a narrower question")]
    TooSlow { seconds: u64 },
    /// The operators together produced more rows than the place's work limit.
    #[error("this query would process more than {rows} rows; ask a narrower question")]
    TooMuchWork { rows: u64 },
    /// The result has more rows than the place returns.
    #[error("this query would return more than {rows} rows; ask a narrower question")]
    TooManyRows { rows: usize },
}
