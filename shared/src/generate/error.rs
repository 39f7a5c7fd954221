//! Why the language model gave no answer, as one error type for every generating path.

/// Why the backend gave no answer; each says what to tell the user.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GenerateError {
    #[error("the language model at {0}")]
    Unreachable(String),
    #[error("the language model did not answer within {0} s")]
    Timeout(u64),
    #[error("the language model answered HTTP {status}: {message}")]
    Status { status: u16, message: String },
    #[error("the prompt is longer than the model's context: {0}")]
    ContextTooLong(String),
    #[error("the language model sent a malformed answer: {0}")]
    Malformed(String),
    #[error("the language model failed mid-answer: {0}")]
    Stream(String),
    #[error("the language model wrote no SQL statement (it said: {0})")]
    NoSql(String),
    #[error("the language model's SQL was refused: {0}")]
    SqlRefused(String),
    /// A remote generator (the browser's edge) said why, in a sentence of its own.
    #[error("{0}")]
    Remote(String),
    /// Ranking the rows or matching sentences to them failed (the embedder).
    #[error("the rows could not be ranked: {0}")]
    Retrieval(String),
}
