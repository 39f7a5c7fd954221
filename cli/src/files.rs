//! Reading the files named on the command line into an upload (the core itself does no I/O).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use tabletalk_shared::ingest::{load, SourceFile, Upload};

/// The name shown in messages: the path as the user typed it.
pub fn display_name(p: &Path) -> String {
    p.display().to_string()
}

/// Reads all files and loads them together; unreadable files become per-file errors.
pub fn load_paths(paths: &[PathBuf]) -> Result<Upload> {
    let mut contents = Vec::with_capacity(paths.len());
    for p in paths {
        let bytes = std::fs::read(p).with_context(|| format!("reading {}", p.display()))?;
        contents.push((display_name(p), bytes));
    }
    let sources: Vec<SourceFile<'_>> = contents.iter().map(|(n, b)| SourceFile { name: n, bytes: b }).collect();
    Ok(load(&sources))
}
