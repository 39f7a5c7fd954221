//! `tabletalk index`: files → passages (templates) → vectors → a saved collection.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use serde::Serialize;
use tabletalk_shared::embed_cache::{EmbedCache, Lookup};
use tabletalk_shared::embed_text::{text_key, EmbedText, EmbedTexts};
use tabletalk_shared::index::{Collection, CollectionMeta, DenseKind, HnswParams};
use tabletalk_shared::schema::infer_table;
use tabletalk_shared::table::Table;
use tabletalk_shared::verbalise::Passage;

use crate::progress::Progress;
use crate::verbalise::{verbaliser, Templates};

/// The collection's bytes and a readable summary beside them.
pub const COLLECTION_FILE: &str = "collection.ttc";
pub const MANIFEST_FILE: &str = "manifest.json";
/// Vectors already computed, by text hash (`embed_cache`), kept beside the collection.
pub const CACHE_FILE: &str = "vectors.cache";
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
    /// Vectors (more than passages when long rows were embedded in chunks).
    vectors: usize,
    dense: String,
    truncated: usize,
    /// Texts whose vectors came from the folder's cache instead of the model.
    cached: usize,
    tables: Vec<TableEntry>,
    created_at: &'a str,
}

#[derive(Serialize)]
struct TableEntry {
    file: String,
    table: String,
    rows: usize,
    /// The columns the vectors are made from (`embed_text`).
    embedded_columns: Vec<String>,
    /// Measurements and nested or empty columns: found by words and the exact path.
    left_to_words: Vec<String>,
}

/// A collection built from loaded tables, with what `index` reports about it.
pub struct Built {
    pub collection: Collection,
    /// Texts longer than the model reads (their tails are not embedded).
    pub truncated: usize,
    /// Texts whose vectors came from the cache.
    pub cached: usize,
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
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    // Indexing into the same folder again embeds only the rows whose text changed.
    let cache = out.join(CACHE_FILE);
    let Built { collection, truncated, cached, entries } = build(&upload.tables, &templates, model, dense, Some(&cache))?;

    let bytes = collection.to_bytes()?;
    std::fs::write(out.join(COLLECTION_FILE), &bytes).with_context(|| format!("writing {}", out.display()))?;
    let manifest = Manifest {
        model: &collection.meta().model,
        dim: collection.meta().dim,
        passages: collection.len(),
        vectors: collection.vectors(),
        dense: format!("{:?}", collection.dense().kind()),
        truncated,
        cached,
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

/// Verbalises every row through its table's template, embeds each row's embedding text (with
/// progress; texts already in `cache`, a file, are not embedded again) and indexes them: the
/// collection `index` saves and `publish` uploads.
pub(crate) fn build(tables: &[Table], templates: &Templates, model: &str, dense: Dense, cache: Option<&Path>) -> Result<Built> {
    let mut passages: Vec<Passage> = Vec::new();
    let mut meta = CollectionMeta::default();
    let mut entries = Vec::new();
    let mut embed = EmbedTexts::default();
    for table in tables {
        let schema = infer_table(table);
        let mut v = verbaliser(&schema, table, templates)?;
        meta.templates.insert(table.name.clone(), v.template_source().to_string());
        let plan = EmbedText::new(&schema);
        let before = passages.len();
        for p in v.passages(table) {
            let row = &table.rows[p.provenance.row.index()];
            embed.texts.push(plan.texts(row, &p.text, &mut embed.cut));
            passages.push(p);
        }
        let (made, left): (Vec<_>, Vec<_>) = plan.choices().iter().partition(|c| c.choice.is_ok());
        entries.push(TableEntry {
            file: table.file.clone(),
            table: table.name.clone(),
            rows: passages.len() - before,
            embedded_columns: made.iter().map(|c| c.column.clone()).collect(),
            left_to_words: left.iter().map(|c| c.column.clone()).collect(),
        });
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

    // Only texts the cache does not hold are embedded.
    let texts = embed.flat();
    let keys: Vec<u128> = texts.iter().map(|t| text_key(t)).collect();
    let mut vector_cache = match cache.map(std::fs::read) {
        Some(Ok(bytes)) => EmbedCache::from_bytes(&bytes, meta.dim).unwrap_or_else(|_| EmbedCache::new(meta.dim)),
        _ => EmbedCache::new(meta.dim),
    };
    let lookup = Lookup::new(&vector_cache, &keys);
    let total = lookup.missing.len();
    let mut progress = Progress::rows("index", total as u64);
    let mut truncated = 0;
    let mut embedded: Vec<f32> = Vec::with_capacity(total * meta.dim);
    for (step, ids) in lookup.missing.chunks(CHUNK).enumerate() {
        let done = (step * CHUNK) as u64;
        let batch: Vec<&str> = ids.iter().map(|&i| texts[i]).collect();
        let vectors = embedder.embed(&batch, BATCH, &mut |n| progress.update(done + n as u64, done + n as u64))?;
        truncated += vectors.truncated.len();
        embedded.extend(vectors.rows().flatten());
    }
    progress.finish(total as u64);
    let data = lookup.merge(&embedded, meta.dim).context("the model returned fewer vectors than texts")?;

    let mut collection = Collection::new(meta, kind)?;
    let dim = collection.meta().dim;
    let mut at = 0;
    for (p, chunks) in passages.into_iter().zip(&embed.texts) {
        let end = at + chunks.len() * dim;
        collection.add_chunks(p, &data[at..end])?;
        at = end;
    }
    if let Some(path) = cache {
        vector_cache.put_newest(&keys, &data);
        std::fs::write(path, vector_cache.to_bytes()).with_context(|| format!("writing the vector cache {}", path.display()))?;
    }
    if lookup.hits() > 0 {
        eprintln!("{} of {} texts' vectors came from the cache; {total} embedded", lookup.hits(), keys.len());
    }
    if truncated > 0 {
        eprintln!(
            "warning: {truncated} of {total} texts are longer than the model's {} tokens; their tails are not embedded",
            embedder.settings().max_tokens
        );
    }
    if embed.cut.rows_cut > 0 {
        eprintln!(
            "note: {} rows hold more text than {} characters; the rest is searched by words only",
            embed.cut.rows_cut,
            tabletalk_shared::embed_text::ROW_CHARS
        );
    }
    Ok(Built { collection, truncated, cached: lookup.hits(), entries })
}
