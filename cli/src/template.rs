//! `tabletalk template`: the static cloze template of each table, ready to edit; with `--refine`,
//! rewritten as natural prose by a language model (every placeholder kept).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use tabletalk_shared::generate::{refine, Refinement};
use tabletalk_shared::schema::infer_table;
use tabletalk_shared::template::{generate_static, join_set};

use crate::ask::LlmArgs;
use crate::llm::{Backend, Sampling};

/// Rows searched for example values (a sparse field may be empty in the first few).
const EXAMPLE_ROWS: usize = 200;

pub fn run(files: &[PathBuf], out: Option<&Path>, refine: Option<LlmArgs>, json: bool) -> Result<ExitCode> {
    let upload = crate::files::load_paths(files, None)?;
    for e in &upload.errors {
        eprintln!("error: {e}");
    }
    if upload.tables.is_empty() {
        anyhow::bail!("no table loaded");
    }
    let backend = match &refine {
        Some(l) => {
            let url = l.url.as_deref().context("--refine needs --llm URL (or TABLETALK_LLM_URL)")?;
            Some(
                Backend::connect(url, l.model.clone(), l.api_key.clone(), Duration::from_secs(l.timeout_secs))
                    .map_err(|e| anyhow::anyhow!("{e}"))?,
            )
        }
        None => None,
    };
    let mut items: Vec<(String, String)> = Vec::new();
    let mut reports = Vec::new();
    for t in &upload.tables {
        let schema = infer_table(t);
        let Some(b) = &backend else {
            let template = generate_static(&schema.columns, t.context.as_ref());
            reports.push(serde_json::json!({"table": t.name, "template": template, "original": template, "refined": 0, "asked": 0, "fell_back": false, "notes": []}));
            items.push((t.name.clone(), template));
            continue;
        };
        let rows: Vec<&[_]> = t.rows.iter().take(EXAMPLE_ROWS).map(Vec::as_slice).collect();
        let mut r = Refinement::with_rows(&t.name, &schema.columns, t.context.as_ref(), &rows);
        // Greedy: the same structure gets the same proposal; the user edits from there.
        let sampling = Sampling { max_tokens: refine::MAX_TOKENS, temperature: 0.0, seed: Some(0) };
        while let Some(messages) = r.request() {
            r.reply(b.chat(messages, &sampling, None));
        }
        let refined = r.finish();
        for n in &refined.notes {
            eprintln!("{}: {n}", t.name);
        }
        eprintln!(
            "{}: {} of {} sentences refined{}",
            t.name,
            refined.refined,
            refined.asked,
            if refined.fell_back { " (static template kept)" } else { "" }
        );
        items.push((t.name.clone(), refined.template.clone()));
        reports.push(serde_json::json!({"table": t.name, "template": refined.template, "original": refined.original, "refined": refined.refined, "asked": refined.asked, "fell_back": refined.fell_back, "notes": refined.notes}));
    }
    let text = if json { reports.iter().map(|r| format!("{r}\n")).collect() } else { join_set(&items) };
    match out {
        Some(p) => std::fs::write(p, text).with_context(|| format!("writing {}", p.display()))?,
        None => print!("{text}"),
    }
    Ok(if upload.errors.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
