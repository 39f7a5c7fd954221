//! `tabletalk`: inspect, template and verbalise research tables from the command line.

mod ask;
mod embed;
mod files;
mod index;
mod inspect;
mod llm;
mod model;
mod progress;
mod publish;
mod search;
mod template;
mod verbalise;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "tabletalk",
    version,
    about = "Ask questions of tabular research data: inspect, template, verbalise, embed, index and search tables"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Show each table's columns with inferred types, categorical flags, distinct and missing counts.
    Inspect {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print the stable JSON report.
        #[arg(long)]
        json: bool,
    },
    /// Print (or write) the static cloze template of each table.
    Template {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[arg(long)]
        out: Option<PathBuf>,
        /// Rewrite the template's sentences as natural prose with a language model (needs --llm);
        /// every placeholder is kept, sentences that lose one stay as generated.
        #[arg(long, requires = "llm")]
        refine: bool,
        /// An OpenAI-compatible server for --refine.
        #[arg(long, env = "TABLETALK_LLM_URL", value_name = "URL")]
        llm: Option<String>,
        #[arg(long, env = "TABLETALK_LLM_MODEL")]
        llm_model: Option<String>,
        #[arg(long, default_value_t = 120)]
        llm_timeout: u64,
        /// Print {"template", "original", "refined", "asked", "fell_back", "notes"} per table.
        #[arg(long)]
        json: bool,
    },
    /// Turn every row into a passage with provenance, streaming large CSVs.
    Verbalise {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// A template file (from `tabletalk template`, possibly edited).
        #[arg(long)]
        template: Option<PathBuf>,
        #[arg(long, value_enum, default_value_t = OutFormat::Jsonl)]
        format: OutFormat,
        /// Output file (default: standard output).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Write the raw-row baseline (CSV line per row) instead of templated sentences.
        #[arg(long)]
        raw: bool,
    },
    /// Print sentence vectors for the texts (the embedding model's view of them).
    Embed {
        #[arg(required = true)]
        texts: Vec<String>,
        /// A model name under the models folder (`cargo xtask models`) or a model directory.
        #[arg(long, default_value = model::DEFAULT_MODEL)]
        model: String,
        /// Print `{"model": …, "dim": N, "device": "cpu"|"gpu", "vectors": [[…]]}`.
        #[arg(long)]
        json: bool,
        /// Where the encoder runs: cpu (candle), gpu (wgpu: Vulkan/Metal/DX12; an error when there
        /// is no adapter or it fails the self-check against the CPU), or auto (the GPU only when
        /// it is a hardware adapter that passes the self-check, else the CPU, saying why).
        #[arg(long, default_value = "cpu")]
        device: tabletalk_shared::embed::Device,
        /// Weights' type on the GPU: auto (f16 where the adapter has shader-f16), f32 or f16.
        #[arg(long, default_value = "auto")]
        precision: tabletalk_shared::embed::Precision,
    },
    /// Verbalise and embed every row of the files into a searchable collection in DIR.
    Index {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[arg(long)]
        out: PathBuf,
        /// A template file (from `tabletalk template`, possibly edited).
        #[arg(long)]
        template: Option<PathBuf>,
        #[arg(long, default_value = model::DEFAULT_MODEL)]
        model: String,
        /// The dense index kind.
        #[arg(long, value_enum, default_value_t = index::Dense::Auto)]
        dense: index::Dense,
    },
    /// Answer questions exactly (counts, averages, top N, filters…) with SQL and cited rows.
    ///
    /// `ask FILE… "question"`; `ask FILE… --questions Q.jsonl` (one `{"id", "question"}` per line,
    /// one answer per line out); `ask FILE…` alone reads a conversation from standard input.
    Ask {
        /// The data files, then the question.
        #[arg(required = true, value_name = "FILE… QUESTION")]
        args: Vec<String>,
        /// A JSON Lines file of questions to answer in one run (the data is loaded once).
        #[arg(long)]
        questions: Option<PathBuf>,
        /// A dataset description (JSON): synonyms, translations, row aliases, composed fields, field groups.
        #[arg(long)]
        describe: Option<PathBuf>,
        /// Templates per table (as `template` prints them, refined or edited) for the retrieved rows'
        /// text; default: the static templates.
        #[arg(long)]
        template: Option<PathBuf>,
        /// Print the answer object(s) as JSON.
        #[arg(long)]
        json: bool,
        /// An OpenAI-compatible server (tabletalk-llm, vLLM, llama.cpp) for questions the exact path
        /// cannot compute: answers grounded in the retrieved rows, with citations.
        #[arg(long, env = "TABLETALK_LLM_URL", value_name = "URL")]
        llm: Option<String>,
        /// The backend's model name (default: the first it lists).
        #[arg(long, env = "TABLETALK_LLM_MODEL")]
        llm_model: Option<String>,
        /// Seconds to wait for the backend before answering without it.
        #[arg(long, default_value_t = 60)]
        llm_timeout: u64,
        /// The backend's context in tokens; passages are dropped, lowest-ranked first, to fit.
        #[arg(long, default_value_t = 2048)]
        llm_context: u32,
    },
    /// Prepare a collection (verbalise, embed, index) and upload it to an edge worker.
    Publish {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The edge's base URL (`cargo xtask serve` starts one on http://127.0.0.1:8787).
        #[arg(long, env = "TABLETALK_EDGE_URL")]
        edge: String,
        /// A publish token the edge accepts for this collection (PUBLISH_TOKENS).
        #[arg(long, env = "TABLETALK_EDGE_TOKEN", hide_env_values = true)]
        token: String,
        /// The collection id: 1–64 characters of a-z, 0-9, - and _.
        #[arg(long)]
        collection: String,
        /// Templates per table (as `template` prints them); default: the static templates.
        #[arg(long)]
        template: Option<PathBuf>,
        /// A dataset description (JSON), as for `ask --describe`.
        #[arg(long)]
        describe: Option<PathBuf>,
        #[arg(long, default_value = model::DEFAULT_MODEL)]
        model: String,
        #[arg(long)]
        title: Option<String>,
        #[arg(long)]
        source: Option<String>,
        /// An example question to show users (repeatable); default: a few the edge suggests.
        #[arg(long = "example")]
        examples: Vec<String>,
        /// Print the published collection's info as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Find the passages of a collection (from `tabletalk index`) that answer a question.
    Search {
        dir: PathBuf,
        query: String,
        #[arg(short, default_value_t = 5)]
        k: usize,
        #[arg(long, value_enum, default_value_t = search::Mode::Hybrid)]
        mode: search::Mode,
        /// The model to embed the question with (default: the one the collection was built with).
        #[arg(long)]
        model: Option<String>,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum OutFormat {
    Jsonl,
    Csv,
    Txt,
}

fn main() -> ExitCode {
    // Rust ignores SIGPIPE, so a reader that stops early (`| head`) made every print panic; the
    // default action ends the process quietly instead, as for other Unix tools.
    #[cfg(unix)]
    // SAFETY: restoring a signal's default action before any thread starts has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    let result = match cli.cmd {
        Cmd::Inspect { files, json } => inspect::run(&files, json),
        Cmd::Template { files, out, refine, llm, llm_model, llm_timeout, json } => {
            let llm = refine.then(|| ask::LlmArgs {
                url: llm,
                model: llm_model,
                api_key: std::env::var("TABLETALK_LLM_API_KEY").ok(),
                timeout_secs: llm_timeout,
                context_tokens: 2048,
            });
            template::run(&files, out.as_deref(), llm, json)
        }
        Cmd::Verbalise { files, template, format, out, raw } => verbalise::run(&files, template.as_deref(), format, out.as_deref(), raw),
        Cmd::Embed { texts, model, json, device, precision } => embed::run(&texts, &model, json, device, precision),
        Cmd::Index { files, out, template, model, dense } => index::run(&files, &out, template.as_deref(), &model, dense),
        Cmd::Ask { args, questions, describe, template, json, llm, llm_model, llm_timeout, llm_context } => {
            let llm = ask::LlmArgs {
                url: llm,
                model: llm_model,
                api_key: std::env::var("TABLETALK_LLM_API_KEY").ok(),
                timeout_secs: llm_timeout,
                context_tokens: llm_context,
            };
            ask::run(&args, questions.as_deref(), describe.as_deref(), template.as_deref(), json, llm)
        }
        Cmd::Publish { files, edge, token, collection, template, describe, model, title, source, examples, json } => {
            publish::run(&publish::PublishArgs { files, edge, token, collection, template, describe, model, title, source, examples, json })
        }
        Cmd::Search { dir, query, k, mode, model, json } => search::run(&dir, &query, k, mode, model.as_deref(), json),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
