//! Reading the files named on the command line into an upload (the core itself does no I/O).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use tabletalk_shared::description::DatasetDescription;
use tabletalk_shared::ingest::{prepare, SourceFile, Upload};

/// The name shown in messages: the path as the user typed it.
pub fn display_name(p: &Path) -> String {
    p.display().to_string()
}

/// Reads all files and prepares them together (`ingest::prepare`: the user's description `given`
/// over the files' own metadata, every table oriented as it says); unreadable files become per-file errors.
pub fn load_paths(paths: &[PathBuf], given: Option<&DatasetDescription>) -> Result<Upload> {
    let mut contents = Vec::with_capacity(paths.len());
    for p in paths {
        let bytes = std::fs::read(p).with_context(|| format!("reading {}", p.display()))?;
        contents.push((display_name(p), bytes));
    }
    let sources: Vec<SourceFile<'_>> = contents.iter().map(|(n, b)| SourceFile { name: n, bytes: b }).collect();
    Ok(prepare(&sources, given))
}

/// `--describe FILE`: the user's dataset description (JSON).
pub fn read_description(p: &Path) -> Result<DatasetDescription> {
    let text = std::fs::read_to_string(p).with_context(|| format!("reading {}", p.display()))?;
    serde_json::from_str(&text).with_context(|| format!("{}: not a dataset description", p.display()))
}
