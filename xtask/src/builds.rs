//! The wasm builds: the browser app (Trunk) and the edge (worker-build).

use std::fs;
use std::time::SystemTime;

use anyhow::{bail, Result};

use crate::disk;
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

/// `edge()` right after `app()`, failing when the edge compiled DataFusion again: the two builds'
/// dependency features have drifted apart (app/wasm-deps/Cargo.toml says how to realign them).
pub fn edge_after_app() -> Result<()> {
    let started = SystemTime::now();
    edge()?;
    let deps = disk::target_dir().join("wasm32-unknown-unknown/wasm-release/deps");
    let rebuilt: Vec<String> = fs::read_dir(&deps)?
        .flatten()
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.starts_with("libdatafusion-") && name.ends_with(".rlib")
        })
        .filter(|e| e.metadata().and_then(|m| m.modified()).is_ok_and(|t| t >= started))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    if !rebuilt.is_empty() {
        bail!(
            "the edge build compiled DataFusion for wasm32 again ({}): its dependency features or \
             LTO modes no longer match the app's; align them in app/wasm-deps/Cargo.toml",
            rebuilt.join(", ")
        );
    }
    Ok(())
}
