//! Errors of the query path: the engine's, and SQL the guard refused.

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
}
