//! `tabletalk search`: the passages of a saved collection closest to a question, with provenance.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use serde::Serialize;
use tabletalk_shared::index::{Collection, SearchResult};
use tabletalk_shared::table::Provenance;

use crate::index::COLLECTION_FILE;

#[derive(Clone, Copy, Debug, clap::ValueEnum, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Dense and lexical ranks fused (reciprocal-rank fusion).
    Hybrid,
    /// Embedding similarity only.
    Dense,
    /// BM25 only (no model needed).
    Lexical,
}

#[derive(Serialize)]
struct Output<'a> {
    query: &'a str,
    mode: Mode,
    model: &'a str,
    results: Vec<Hit<'a>>,
}

#[derive(Serialize)]
struct Hit<'a> {
    rank: usize,
    score: f32,
    text: &'a str,
    provenance: &'a Provenance,
}

pub fn run(dir: &Path, query: &str, k: usize, mode: Mode, model: Option<&str>, json: bool) -> Result<ExitCode> {
    let path = dir.join(COLLECTION_FILE);
    let bytes = std::fs::read(&path).with_context(|| format!("reading {} (made by `tabletalk index`)", path.display()))?;
    let collection = Collection::from_bytes(&bytes).with_context(|| format!("loading {}", path.display()))?;
    let results: Vec<SearchResult<'_>> = if mode == Mode::Lexical {
        collection.search_lexical(query, k)
    } else {
        let embedder = crate::model::load(model.unwrap_or(&collection.meta().model))?;
        if embedder.dim() != collection.meta().dim {
            anyhow::bail!(
                "model {} gives {}-dimensional vectors but the collection holds {}-dimensional ones (made with {})",
                embedder.name(),
                embedder.dim(),
                collection.meta().dim,
                collection.meta().model
            );
        }
        let (q, truncated) = embedder.embed_one(query)?;
        if truncated {
            eprintln!("warning: the question is longer than the model's {} tokens; only its start is used", embedder.settings().max_tokens);
        }
        match mode {
            Mode::Dense => collection.search_dense(&q, k)?,
            _ => collection.search_hybrid(&q, query, k)?,
        }
    };
    let hits: Vec<Hit<'_>> = results
        .iter()
        .enumerate()
        .map(|(i, r)| Hit { rank: i + 1, score: r.score, text: &r.passage.text, provenance: &r.passage.provenance })
        .collect();
    if json {
        let out = Output { query, mode, model: &collection.meta().model, results: hits };
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else if hits.is_empty() {
        println!("no passages found");
    } else {
        for h in &hits {
            let p = h.provenance;
            println!("{}. {:.4}  {} · table {} · row {} ({})", h.rank, h.score, p.file, p.table, p.row.0, p.columns.join(", "));
            println!("   {}", h.text);
        }
    }
    Ok(ExitCode::SUCCESS)
}
