//! The page, one job per module.

pub mod answer_view;
pub mod app;
pub mod chart;
pub mod chat;
pub mod citations;
pub mod data_view;
pub mod edge_address;
pub mod embed_step;
pub mod feedback;
pub mod issues;
pub mod joins;
pub mod keep_step;
pub mod picker;
pub mod report;
pub mod schema_editor;
pub mod schema_table;
pub mod template_editor;
pub mod template_step;
