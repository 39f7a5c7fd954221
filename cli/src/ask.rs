//! `tabletalk ask`: one question, a batch of questions (JSON Lines), or a conversation on stdin.

use std::cell::OnceCell;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use serde::Deserialize;
use serde_json::Value as Json;
use tabletalk_shared::description::DatasetDescription;
use tabletalk_shared::embed::Embedder;
use tabletalk_shared::generate::grounded::{Flow, Grounded, Options};
use tabletalk_shared::generate::rows::Embedded;
use tabletalk_shared::generate::Budget;
use tabletalk_shared::query::{Answer, Conversation, Dataset, FieldMatcher, Route};

use crate::files::load_paths;
use crate::llm::Backend;

/// `--llm`: where generation goes and how long to wait for it.
pub struct LlmArgs {
    pub url: Option<String>,
    pub model: Option<String>,
    pub api_key: Option<String>,
    pub timeout_secs: u64,
    pub context_tokens: u32,
}

type SharedEmbedder = Rc<OnceCell<Option<Embedder>>>;

/// The language model's part, with `--llm`: its transport, and the rows ranked by meaning.
struct Llm<'a> {
    grounded: Grounded<'a, Backend>,
    rows: Embedded<'a>,
}

/// Answers one question through the shared answering path (`generate::grounded::Flow`): the
/// exact path first; with `--llm`, the model's SQL or its cited answer where that path wants one.
fn answer(dataset: &Dataset, conv: &mut Conversation, llm: Option<&Llm>, q: &str, on_text: Option<&mut dyn FnMut(&str)>) -> Answer {
    let flow = Flow { dataset, model: llm.map(|l| &l.grounded), rows: llm.map(|l| &l.rows), options: Options::default() };
    futures::executor::block_on(flow.answer(conv, q, on_text)).noted()
}

#[derive(Deserialize)]
struct BatchLine {
    id: Json,
    question: String,
}

pub fn run(
    args: &[String],
    questions: Option<&Path>,
    describe: Option<&Path>,
    template: Option<&Path>,
    json: bool,
    llm: LlmArgs,
) -> Result<ExitCode> {
    // `ask FILE… "question"`: the last argument is the question unless it names a file.
    let (files, question): (Vec<PathBuf>, Option<String>) = match (questions, args.split_last()) {
        (None, Some((last, rest))) if !Path::new(last).exists() => (rest.iter().map(PathBuf::from).collect(), Some(last.clone())),
        _ => (args.iter().map(PathBuf::from).collect(), None),
    };
    if files.is_empty() {
        bail!("name at least one data file before the question");
    }
    let embedder: SharedEmbedder = Rc::new(OnceCell::new());
    let mut dataset = load(&files, describe, embedder.clone())?;
    // Retrieval and generation read rows in the prose the user accepted (`template --refine`).
    let templates = crate::index::read_templates(template)?;
    for i in 0..dataset.tables().len() {
        if let Some(t) = crate::verbalise::template_for(&dataset.tables()[i].name, &templates) {
            let t = t.to_string();
            let name = dataset.tables()[i].name.clone();
            dataset.set_template(i, &t).with_context(|| format!("template {} for table {name:?}", templates.file))?;
        }
    }
    let connected = match &llm.url {
        None => None,
        Some(url) => {
            let e = embedder.get_or_init(|| crate::model::load(crate::model::DEFAULT_MODEL).ok()).as_ref();
            let e = e.context(
                "--llm needs the sentence-embedding model to rank passages and find citations (fetch it with `cargo xtask models`)",
            )?;
            match Backend::connect(url, llm.model.clone(), llm.api_key.clone(), Duration::from_secs(llm.timeout_secs)) {
                Ok(b) => Some((b, e)),
                // The exact path still answers; open questions get the retrieved rows.
                Err(err) => {
                    eprintln!("warning: {err}; answering without the language model");
                    None
                }
            }
        }
    };
    let budget = Budget { context_tokens: llm.context_tokens, ..Budget::default() };
    let llm = connected.as_ref().map(|(b, e)| Llm { grounded: Grounded::new(b, budget), rows: Embedded::new(&dataset, e) });
    let grounded = llm.as_ref();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Some(path) = questions {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let q: BatchLine = serde_json::from_str(line)
                .with_context(|| format!("{}: line {}: expected {{\"id\": …, \"question\": \"…\"}}", path.display(), i + 1))?;
            let mut conv = Conversation::default();
            let a = answer(&dataset, &mut conv, grounded, &q.question, None);
            let mut obj = serde_json::Map::new();
            obj.insert("id".into(), q.id);
            if let Json::Object(m) = serde_json::to_value(&a)? {
                obj.extend(m);
            }
            if json {
                writeln!(out, "{}", Json::Object(obj))?;
            } else {
                writeln!(out, "[{}] {}", obj["id"], q.question)?;
                print_answer(&mut out, &a, false)?;
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let mut conv = Conversation::default();
    if let Some(q) = question {
        if json {
            let a = answer(&dataset, &mut conv, grounded, &q, None);
            writeln!(out, "{}", serde_json::to_string(&a)?)?;
        } else {
            let (a, streamed) = streamed_answer(&dataset, &mut conv, grounded, &q)?;
            print_answer(&mut out, &a, streamed)?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    // A conversation: one question (or reply to a question back) per line.
    let stdin = std::io::stdin();
    if !json {
        eprintln!("Ask a question (Ctrl-D to stop).");
    }
    for line in stdin.lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        if json {
            let a = answer(&dataset, &mut conv, grounded, &line, None);
            writeln!(out, "{}", serde_json::to_string(&a)?)?;
        } else {
            drop(out);
            let (a, streamed) = streamed_answer(&dataset, &mut conv, grounded, &line)?;
            out = stdout.lock();
            print_answer(&mut out, &a, streamed)?;
        }
        out.flush()?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Prints a generated answer as its tokens arrive; says whether anything was printed.
fn streamed_answer(dataset: &Dataset, conv: &mut Conversation, grounded: Option<&Llm>, q: &str) -> Result<(Answer, bool)> {
    let mut printed = false;
    let mut print = |t: &str| {
        printed = true;
        let mut o = std::io::stdout().lock();
        let _ = o.write_all(t.as_bytes());
        let _ = o.flush();
    };
    let a = answer(dataset, conv, grounded, q, Some(&mut print));
    if printed {
        println!();
    }
    // A failed stream printed part of an answer that was then replaced: show the final one.
    Ok((a.clone(), printed && a.route == Route::Generated))
}

fn load(files: &[PathBuf], describe: Option<&Path>, embedder: SharedEmbedder) -> Result<Dataset> {
    // Read first, but reported where it always was: after the files' own errors and warnings.
    let given: Option<Result<DatasetDescription>> = describe.map(crate::files::read_description);
    let upload = load_paths(files, given.as_ref().and_then(|g| g.as_ref().ok()))?;
    for e in &upload.errors {
        eprintln!("error: {e}");
    }
    for w in &upload.warnings {
        eprintln!("warning: {w}");
    }
    if upload.tables.is_empty() {
        bail!("no table could be read from {}", files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", "));
    }
    if let Some(Err(e)) = given {
        return Err(e);
    }
    let mut dataset = Dataset::new(upload.tables, upload.description)?;
    dataset.set_field_matcher(Box::new(EmbeddingMatcher { embedder }));
    Ok(dataset)
}

/// Reads a word no field name matches as the field closest in meaning (all-MiniLM-L6-v2,
/// loaded on the first such word; without the model files the word stays unknown).
struct EmbeddingMatcher {
    embedder: SharedEmbedder,
}

impl FieldMatcher for EmbeddingMatcher {
    fn similarities(&self, word: &str, names: &[String]) -> Option<Vec<f32>> {
        let e = self.embedder.get_or_init(|| crate::model::load(crate::model::DEFAULT_MODEL).ok()).as_ref()?;
        let mut texts = vec![word];
        texts.extend(names.iter().map(String::as_str));
        let out = e.embed(&texts, 32, &mut |_| {}).ok()?;
        let q = out.get(0)?;
        // The vectors are L2-normalised: the dot product is the cosine.
        (1..out.len()).map(|i| out.get(i).map(|v| q.iter().zip(v).map(|(a, b)| a * b).sum::<f32>())).collect()
    }
}

fn print_answer(out: &mut impl Write, a: &Answer, streamed: bool) -> Result<()> {
    if !streamed {
        writeln!(out, "{}", a.answer)?;
    }
    for s in a.sentences.iter().flatten() {
        if s.supported {
            let rows: Vec<String> = s.citations.iter().map(|c| format!("{} row {}", c.file, c.row)).collect();
            writeln!(out, "  ✓ {} ← {}", s.text, rows.join(", "))?;
        } else {
            writeln!(out, "  ✗ not supported by any row (similarity {:.2}): {}", s.score, s.text)?;
        }
    }
    if let Some(c) = &a.clarify {
        writeln!(out, "  options: {}", c.options.join(", "))?;
    }
    if let Some(sql) = &a.sql {
        writeln!(out, "  SQL: {sql}")?;
    }
    if !a.citations.is_empty() {
        let mut by_file: Vec<(String, Vec<u64>)> = Vec::new();
        for c in &a.citations {
            match by_file.iter_mut().find(|(f, _)| *f == c.file) {
                Some((_, rows)) => rows.push(c.row),
                None => by_file.push((c.file.clone(), vec![c.row])),
            }
        }
        for (f, rows) in by_file {
            let shown: Vec<String> = rows.iter().take(20).map(u64::to_string).collect();
            let more = if rows.len() > 20 { format!(" … ({} cited)", rows.len()) } else { String::new() };
            writeln!(out, "  rows: {f}: {}{more}", shown.join(", "))?;
        }
    }
    if let Some(ch) = &a.chart {
        writeln!(out, "  chart: {} of {} points", serde_json::to_value(ch.kind)?.as_str().unwrap_or("chart"), ch.data.len())?;
    }
    writeln!(out, "  [{} · confidence {:.2}]", serde_json::to_value(a.route)?.as_str().unwrap_or(""), a.confidence)?;
    Ok(())
}
