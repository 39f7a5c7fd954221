//! Benchmarks with a reference run side by side.

use anyhow::Result;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_a: Args) -> Result<()> {
    anyhow::bail!("bench: not written yet")
}
