//! Helpers for end-to-end tests: where the workspace, the fixture cache and the CLI binary are.

use std::path::{Path, PathBuf};

/// The workspace root (tests/ sits directly below it).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root").to_path_buf()
}

/// Small committed edge-case fixtures.
pub fn committed(name: &str) -> PathBuf {
    root().join("tests/fixtures").join(name)
}

/// Real public tables fetched by `cargo xtask fixtures` into the ignored cache.
pub fn fetched(name: &str) -> PathBuf {
    let p = root().join(".cache/fixtures").join(name);
    assert!(p.exists(), "{} is missing: run `cargo xtask fixtures` first", p.display());
    p
}

/// A model fetched by `cargo xtask models` into the ignored cache.
pub fn model(name: &str) -> PathBuf {
    let p = root().join(".cache/models").join(name);
    assert!(p.join("model.safetensors").exists(), "{} is missing: run `cargo xtask models` first", p.display());
    p
}
