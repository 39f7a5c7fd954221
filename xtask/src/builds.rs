//! The wasm builds: the browser app (Trunk) and the edge (worker-build).

use anyhow::Result;

use crate::util::{command, root, run};

/// `trunk build --release` → dist/ (cargo profile `wasm-release`, then wasm-opt -O1; see
/// docs/decisions.md, issue 7, for why not -Oz).
pub fn app() -> Result<()> {
    fetch()?;
    run(command("trunk").args(["build", "--release"]))
}

/// Trunk runs cargo with `--offline` (Trunk.toml `offline = true`), so crates must be here first.
pub fn fetch() -> Result<()> {
    run(command("cargo").args(["fetch", "--target", "wasm32-unknown-unknown"]))
}

/// `worker-build --profile wasm-release --no-opt` → edge/build/ (what wrangler serves): the app's
/// profile, so DataFusion's wasm32 build is shared. No wasm-opt: npm binaryen takes over 15 minutes
/// on a worker that links DataFusion (docs/decisions.md, issues 6 and 7).
pub fn edge() -> Result<()> {
    run(command("worker-build").args(["--profile", "wasm-release", "--no-opt"]).current_dir(root().join("edge")))
}
