//! Finding and loading the embedding model named by `--model NAME|DIR`.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use tabletalk_shared::embed::{Device, Embedder, ModelFiles, Precision};

/// The model used when none is named (fetched by `cargo xtask models`).
pub const DEFAULT_MODEL: &str = "all-MiniLM-L6-v2";

/// Where named models live: `$TABLETALK_MODELS`, else the first `.cache/models` found walking up
/// from the working directory, then from the executable (a checkout's `target/…/tabletalk`).
fn model_roots() -> Vec<PathBuf> {
    let mut roots = Vec::new();
    if let Some(dir) = std::env::var_os("TABLETALK_MODELS") {
        roots.push(PathBuf::from(dir));
    }
    let starts = [std::env::current_dir().ok(), std::env::current_exe().ok()];
    for start in starts.into_iter().flatten() {
        if let Some(found) = start.ancestors().map(|a| a.join(".cache/models")).find(|p| p.is_dir()) {
            roots.push(found);
        }
    }
    roots
}

/// A directory given as is, or a name looked up under the model roots.
pub fn resolve(name_or_dir: &str) -> Result<PathBuf> {
    let as_path = Path::new(name_or_dir);
    if as_path.join("config.json").is_file() {
        return Ok(as_path.to_path_buf());
    }
    let roots = model_roots();
    if let Some(dir) = roots.iter().map(|r| r.join(name_or_dir)).find(|d| d.join("config.json").is_file()) {
        return Ok(dir);
    }
    let looked: Vec<String> = roots.iter().map(|r| r.display().to_string()).collect();
    bail!(
        "model {name_or_dir:?} not found: not a model directory, and not under {} \
         (fetch it with `cargo xtask models`, or set TABLETALK_MODELS to the folder that holds it)",
        if looked.is_empty() { "any models folder".to_string() } else { looked.join(", ") }
    )
}

pub fn load(name_or_dir: &str) -> Result<Embedder> {
    load_on(name_or_dir, Device::Cpu, Precision::Auto)
}

/// `load` on a chosen device (`tabletalk embed --device`); see `Embedder::load_on` for the rules.
pub fn load_on(name_or_dir: &str, device: Device, precision: Precision) -> Result<Embedder> {
    let dir = resolve(name_or_dir)?;
    let mut files = ModelFiles::read_dir(&dir)?;
    // A name typed by the user is what indexes record, so searching later finds the same model.
    if dir != Path::new(name_or_dir) {
        files.name = name_or_dir.to_string();
    }
    Embedder::load_on(&files, device, precision)
        .with_context(|| format!("loading the model in {} (device {})", dir.display(), device.as_str()))
}
