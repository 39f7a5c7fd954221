//! Finding the GGUF file named by `--model NAME|PATH` (same lookup rule as the CLI's models).

use std::path::{Path, PathBuf};

/// The model served when none is named (fetched by `cargo xtask models`).
pub const DEFAULT_MODEL: &str = "SmolLM2-135M-Instruct";

/// Quantisations to prefer inside a model folder: candle has fast CPU kernels for these two only.
const PREFERRED_SUFFIXES: [&str; 2] = [".Q8_0.gguf", ".Q4_0.gguf"];

#[derive(Debug, thiserror::Error)]
pub enum ModelFileError {
    #[error(
        "model {name:?} not found: not a .gguf file or a folder holding one, and not under {looked} \
         (fetch it with `cargo xtask models`, or set TABLETALK_MODELS to the folder that holds it)"
    )]
    NotFound { name: String, looked: String },
}

/// Where named models live: `$TABLETALK_MODELS`, else the first `.cache/models` found walking up
/// from the working directory, then from the executable (a checkout's `target/…/tabletalk-llm`).
pub fn model_roots() -> Vec<PathBuf> {
    let mut roots = Vec::new();
    if let Some(dir) = std::env::var_os("TABLETALK_MODELS") {
        roots.push(PathBuf::from(dir));
    }
    let starts = [std::env::current_dir().ok(), std::env::current_exe().ok()];
    for start in starts.into_iter().flatten() {
        if let Some(found) = start.ancestors().map(|a| a.join(".cache/models")).find(|p| p.is_dir()) {
            if !roots.contains(&found) {
                roots.push(found);
            }
        }
    }
    roots
}

/// The preferred `.gguf` in a folder: Q8_0, then Q4_0, then the first by name.
pub fn pick_in_dir(dir: &Path) -> Option<PathBuf> {
    let mut ggufs: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e.eq_ignore_ascii_case("gguf")))
        .collect();
    ggufs.sort();
    for suffix in PREFERRED_SUFFIXES {
        if let Some(p) = ggufs.iter().find(|p| p.to_string_lossy().ends_with(suffix)) {
            return Some(p.clone());
        }
    }
    ggufs.into_iter().next()
}

/// A `.gguf` path as is, a folder holding one, or a name looked up under the model roots
/// (`ROOT/NAME/*.gguf`, or `ROOT/NAME.gguf`).
pub fn resolve(name_or_path: &str) -> Result<PathBuf, ModelFileError> {
    let as_path = Path::new(name_or_path);
    if as_path.is_file() {
        return Ok(as_path.to_path_buf());
    }
    if as_path.is_dir() {
        if let Some(p) = pick_in_dir(as_path) {
            return Ok(p);
        }
    }
    let roots = model_roots();
    for root in &roots {
        if let Some(p) = pick_in_dir(&root.join(name_or_path)) {
            return Ok(p);
        }
        let file = root.join(format!("{name_or_path}.gguf"));
        if file.is_file() {
            return Ok(file);
        }
    }
    let looked: Vec<String> = roots.iter().map(|r| r.display().to_string()).collect();
    Err(ModelFileError::NotFound {
        name: name_or_path.to_string(),
        looked: if looked.is_empty() { "any models folder".to_string() } else { looked.join(", ") },
    })
}

/// The id clients see: the file stem (`SmolLM2-135M-Instruct.Q8_0`), which names the
/// quantisation; GGUF `general.name` is often a training-run label, not a usable id.
pub fn model_id(path: &Path) -> String {
    path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "model".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefers_q8_then_q4_0() {
        let dir = std::env::temp_dir().join(format!("tabletalk-llm-pick-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["m.Q4_1.gguf", "m.Q4_0.gguf", "notes.txt"] {
            std::fs::write(dir.join(name), b"").unwrap();
        }
        assert!(pick_in_dir(&dir).unwrap().ends_with("m.Q4_0.gguf"));
        std::fs::write(dir.join("m.Q8_0.gguf"), b"").unwrap();
        assert!(pick_in_dir(&dir).unwrap().ends_with("m.Q8_0.gguf"));
        assert_eq!(model_id(&dir.join("m.Q8_0.gguf")), "m.Q8_0");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
