//! Bytes → report, through the shared core (the same code the CLI runs).

use tabletalk_shared::ingest::{self, SourceFile};
use tabletalk_shared::report::{self, InspectReport};

use crate::read_files::Picked;

pub fn analyse(files: &[Picked]) -> InspectReport {
    let sources: Vec<SourceFile<'_>> = files
        .iter()
        .map(|f| SourceFile {
            name: &f.name,
            bytes: &f.bytes,
        })
        .collect();
    report::inspect(&ingest::load(&sources))
}
