//! `tabletalk index`: files → passages (templates) → vectors → a saved collection.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use serde::Serialize;
use tabletalk_shared::index::{Collection, CollectionMeta, DenseKind, HnswParams};
use tabletalk_shared::schema::infer_table;
use tabletalk_shared::table::Table;
use tabletalk_shared::verbalise::Passage;

use crate::progress::Progress;
use crate::verbalise::{verbaliser, Templates};

/// The collection's bytes and a readable summary beside them.
pub const COLLECTION_FILE: &str = "collection.ttc";
pub const MANIFEST_FILE: &str = "manifest.json";
/// Passages embedded per progress step (each split into length-sorted batches of `BATCH`).
const CHUNK: usize = 256;
const BATCH: usize = 32;
/// Above this many passages an HNSW graph beats scanning every vector.
const HNSW_FROM: usize = 20_000;

#[derive(Clone, Copy, Debug, clap::ValueEnum, PartialEq, Eq)]
pub enum Dense {
    /// Exact scan (f32) up to 20,000 passages, HNSW above.
    Auto,
    Flat,
    Int8,
    Hnsw,
}

#[derive(Serialize)]
struct Manifest<'a> {
    model: &'a str,
    dim: usize,
    passages: usize,
    dense: String,
    truncated: usize,
    tables: Vec<TableEntry>,
    created_at: &'a str,
}

#[derive(Serialize)]
struct TableEntry {
    file: String,
    table: String,
    rows: usize,
}

/// A collection built from loaded tables, with what `index` reports about it.
pub struct Built {
    pub collection: Collection,
    /// Passages longer than the model reads (their tails are not embedded).
    pub truncated: usize,
    entries: Vec<TableEntry>,
}

pub fn run(files: &[PathBuf], out: &Path, template: Option<&Path>, model: &str, dense: Dense) -> Result<ExitCode> {
    let templates = read_templates(template)?;
    let upload = crate::files::load_paths(files, None)?;
    for w in &upload.warnings {
        eprintln!("warning: {w}");
    }
    for e in &upload.errors {
        eprintln!("error: {e}");
    }
    let Built { collection, truncated, entries } = build(&upload.tables, &templates, model, dense)?;

    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    let bytes = collection.to_bytes()?;
    std::fs::write(out.join(COLLECTION_FILE), &bytes).with_context(|| format!("writing {}", out.display()))?;
    let manifest = Manifest {
        model: &collection.meta().model,
        dim: collection.meta().dim,
        passages: collection.len(),
        dense: format!("{:?}", collection.dense().kind()),
        truncated,
        tables: entries,
        created_at: &collection.meta().created_at,
    };
    std::fs::write(out.join(MANIFEST_FILE), serde_json::to_string_pretty(&manifest)? + "\n")?;
    eprintln!(
        "indexed {} passages from {} table(s) into {} ({:.1} MB)",
        collection.len(),
        manifest.tables.len(),
        out.display(),
        bytes.len() as f64 / 1e6
    );
    Ok(if upload.errors.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// `--template FILE` as (table, template) pairs; none: every table gets its static template.
pub(crate) fn read_templates(template: Option<&Path>) -> Result<Templates> {
    Templates::read(template)
}

/// Verbalises every row through its table's template, embeds the passages (with progress) and
/// indexes them: the collection `index` saves and `publish` uploads.
pub(crate) fn build(tables: &[Table], templates: &Templates, model: &str, dense: Dense) -> Result<Built> {
    let mut passages: Vec<Passage> = Vec::new();
    let mut meta = CollectionMeta::default();
    let mut entries = Vec::new();
    for table in tables {
        let schema = infer_table(table);
        let mut v = verbaliser(&schema, table, templates)?;
        meta.templates.insert(table.name.clone(), v.template_source().to_string());
        let before = passages.len();
        passages.extend(v.passages(table));
        entries.push(TableEntry { file: table.file.clone(), table: table.name.clone(), rows: passages.len() - before });
    }
    if passages.is_empty() {
        bail!("nothing to index: the files hold no data rows");
    }

    let embedder = crate::model::load(model)?;
    meta.model = embedder.name().to_string();
    meta.dim = embedder.dim();
    meta.created_at = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let kind = match dense {
        Dense::Flat => DenseKind::FlatF32,
        Dense::Int8 => DenseKind::FlatInt8,
        Dense::Hnsw => DenseKind::Hnsw(HnswParams::default()),
        Dense::Auto if passages.len() > HNSW_FROM => DenseKind::Hnsw(HnswParams::default()),
        Dense::Auto => DenseKind::FlatF32,
    };
    let mut collection = Collection::new(meta, kind)?;
    let total = passages.len();
    let mut progress = Progress::rows("index", total as u64);
    let mut truncated = 0;
    let mut done = 0u64;
    let mut rest = passages.into_iter();
    loop {
        let chunk: Vec<Passage> = rest.by_ref().take(CHUNK).collect();
        if chunk.is_empty() {
            break;
        }
        let texts: Vec<&str> = chunk.iter().map(|p| p.text.as_str()).collect();
        let vectors = embedder.embed(&texts, BATCH, &mut |n| progress.update(done + n as u64, done + n as u64))?;
        truncated += vectors.truncated.len();
        done += chunk.len() as u64;
        for (p, v) in chunk.into_iter().zip(vectors.rows()) {
            collection.add(p, v)?;
        }
    }
    progress.finish(done);
    if truncated > 0 {
        eprintln!(
            "warning: {truncated} of {total} passages are longer than the model's {} tokens; their tails are not embedded",
            embedder.settings().max_tokens
        );
    }
    Ok(Built { collection, truncated, entries })
}
