//! The page, one job per module.

pub mod app;
pub mod issues;
pub mod joins;
pub mod picker;
pub mod report;
pub mod schema_table;
