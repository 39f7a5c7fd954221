//! What one SQL statement may cost, per place it runs (issue 20): memory, wall-clock time, rows
//! returned and rows pushed through the plan. `engine` enforces them on every statement, the
//! rules' and a language model's alike; `guard` keeps what they cannot see out (see
//! docs/security.md for the numbers and why).

mod bounded;
mod budget;
mod sql_limits;

pub(crate) use bounded::bound;
pub(crate) use budget::{batch_bytes, Budget};
pub use sql_limits::SqlLimits;
