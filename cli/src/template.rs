//! `tabletalk template`: the static cloze template of each table, ready to edit.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use tabletalk_shared::schema::infer_table;
use tabletalk_shared::template::{generate_static, join_set};

pub fn run(files: &[PathBuf], out: Option<&Path>) -> Result<ExitCode> {
    let upload = crate::files::load_paths(files)?;
    let items: Vec<(String, String)> = upload
        .tables
        .iter()
        .map(|t| (t.name.clone(), generate_static(&infer_table(t).columns, t.context.as_ref())))
        .collect();
    for e in &upload.errors {
        eprintln!("error: {e}");
    }
    if items.is_empty() {
        anyhow::bail!("no table loaded");
    }
    let text = join_set(&items);
    match out {
        Some(p) => std::fs::write(p, text).with_context(|| format!("writing {}", p.display()))?,
        None => print!("{text}"),
    }
    Ok(if upload.errors.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
