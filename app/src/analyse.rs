//! Bytes → report and tables, through the shared core (the same code the CLI runs).

use tabletalk_shared::description::DatasetDescription;
use tabletalk_shared::ingest::{self, SourceFile};
use tabletalk_shared::report::{self, InspectReport};
use tabletalk_shared::schema::TableSchema;
use tabletalk_shared::table::Table;

use crate::read_files::Picked;

/// One upload, read: the report shown first, and what the template and chat steps need.
pub struct Loaded {
    pub report: InspectReport,
    pub tables: Vec<Table>,
    pub schemas: Vec<TableSchema>,
    pub description: DatasetDescription,
}

pub fn analyse(files: &[Picked]) -> Loaded {
    let sources: Vec<SourceFile<'_>> = files
        .iter()
        .map(|f| SourceFile {
            name: &f.name,
            bytes: &f.bytes,
        })
        .collect();
    let upload = ingest::load(&sources);
    let report = report::inspect(&upload);
    let schemas = report::schemas(&upload);
    Loaded {
        report,
        tables: upload.tables,
        schemas,
        description: upload.description,
    }
}
