//! Bytes → report and tables, through the shared core (the same code the CLI runs).

use tabletalk_shared::bundle::BundleFile;
use tabletalk_shared::description::DatasetDescription;
use tabletalk_shared::ingest::{self, SourceFile};
use tabletalk_shared::report::{self, InspectReport};
use tabletalk_shared::schema::TableSchema;
use tabletalk_shared::table::Table;
use tabletalk_shared::template::generate_static;

/// One upload, read: the report shown first, and what the template and chat steps need.
pub struct Loaded {
    pub report: InspectReport,
    pub tables: Vec<Table>,
    pub schemas: Vec<TableSchema>,
    /// What the files' metadata said, with the user's edits over it.
    pub description: DatasetDescription,
    /// The files as picked: kept in the browser and exported with the dataset.
    pub files: Vec<BundleFile>,
    /// The template text the editor starts from, per table: the static one, or the accepted one
    /// of a restored dataset.
    pub templates: Vec<String>,
}

/// Reads `files`; `given` (the user's description) wins over the files' own metadata.
pub fn analyse(files: Vec<BundleFile>, given: Option<&DatasetDescription>) -> Loaded {
    let sources: Vec<SourceFile<'_>> = files.iter().map(|f| SourceFile { name: &f.name, bytes: &f.bytes }).collect();
    let upload = ingest::prepare(&sources, given);
    drop(sources);
    let report = report::inspect(&upload);
    let schemas = report::schemas(&upload);
    let templates = upload.tables.iter().zip(&schemas).map(|(t, s)| generate_static(&s.columns, t.context.as_ref())).collect();
    Loaded { report, tables: upload.tables, schemas, description: upload.description, files, templates }
}
