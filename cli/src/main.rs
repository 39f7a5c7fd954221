//! `tabletalk`: inspect, template and verbalise research tables from the command line.

mod files;
mod inspect;
mod progress;
mod template;
mod verbalise;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Parser)]
#[command(name = "tabletalk", version, about = "Ask questions of tabular research data: inspect, template and verbalise tables")]
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
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum OutFormat {
    Jsonl,
    Csv,
    Txt,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.cmd {
        Cmd::Inspect { files, json } => inspect::run(&files, json),
        Cmd::Template { files, out } => template::run(&files, out.as_deref()),
        Cmd::Verbalise { files, template, format, out, raw } => {
            verbalise::run(&files, template.as_deref(), format, out.as_deref(), raw)
        }
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
