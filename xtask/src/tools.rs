//! `cargo xtask tools`: everything the builds and tests need, each skipped when already right.
//!
//! Nothing here downloads from GitHub: Rust tools come from crates.io, wasm-opt/wrangler/workerd/
//! playwright-core from npm (`tests/package-lock.json`), Chromium from Debian.

use std::fs;
use std::path::Path;

use anyhow::{bail, Context, Result};

use crate::util::{command, locked_version, npm_dir, query, run};

pub const TRUNK_VERSION: &str = "0.21.14";
pub const WORKER_BUILD_VERSION: &str = "0.8.7";
const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// lavapipe's Vulkan driver manifest (Debian's mesa-vulkan-drivers, x86_64).
const LAVAPIPE_ICD: &str = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";

pub fn run_all() -> Result<()> {
    system()?;
    wasm_tools()
}

/// What the native tests need too: npm packages, Debian's Chromium/clang/lavapipe, the wasm target,
/// rustfmt and clippy.
pub fn system() -> Result<()> {
    npm_packages()?;
    chromium()?;
    style_components()?;
    wasm_target()
}

/// The wasm build tools compiled from crates.io; only the wasm builds need them, so `cargo xtask
/// test` installs them beside the native tests.
pub fn wasm_tools() -> Result<()> {
    cargo_tool("trunk", TRUNK_VERSION, "trunk", &["--locked"])?;
    // wasm-bindgen-cli's own lockfile pins crates this registry does not serve: no --locked.
    cargo_tool("wasm-bindgen-cli", &locked_version("wasm-bindgen")?, "wasm-bindgen", &[])?;
    cargo_tool("worker-build", WORKER_BUILD_VERSION, "worker-build", &[])?;
    eprintln!("tools: all present");
    Ok(())
}

/// rustfmt and clippy, for the style steps of `cargo xtask test` (a minimal toolchain lacks them).
fn style_components() -> Result<()> {
    let installed = query("rustup", &["component", "list", "--installed"]).unwrap_or_default();
    for c in ["rustfmt", "clippy"] {
        if installed.lines().any(|l| l.trim().starts_with(&format!("{c}-"))) {
            eprintln!("tools: rustup component {c} ok");
        } else {
            run(command("rustup").args(["component", "add", c]))?;
        }
    }
    Ok(())
}

fn wasm_target() -> Result<()> {
    let installed = query("rustup", &["target", "list", "--installed"]).unwrap_or_default();
    if installed.lines().any(|l| l.trim() == WASM_TARGET) {
        eprintln!("tools: rustup target {WASM_TARGET} ok");
        return Ok(());
    }
    run(command("rustup").args(["target", "add", WASM_TARGET]))
}

/// `cargo install <krate> --version <version>` unless `<bin> --version` already says it.
fn cargo_tool(krate: &str, version: &str, bin: &str, extra: &[&str]) -> Result<()> {
    let current = query(bin, &["--version"]).unwrap_or_default();
    if current.split_whitespace().any(|w| w.trim_start_matches('v') == version) {
        eprintln!("tools: {bin} {version} ok");
        return Ok(());
    }
    // Built for a one-off CI machine, where compiling them is most of this step: trunk's own
    // release profile (fat LTO, one codegen unit) took ~20 minutes on two busy cores. The tools'
    // speed hardly matters (they start cargo and rewrite a few files), so: opt-level 1, no LTO.
    // One target directory for the three: dependencies they share (clap, serde, ureq, rustls…)
    // are compiled once.
    let target = crate::disk::target_dir().join("tools");
    run(command("cargo")
        .args(["install", krate, "--version", version])
        .args(extra)
        .arg("--target-dir")
        .arg(&target)
        .env("CARGO_PROFILE_RELEASE_LTO", "off")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "1")
        .env("CARGO_PROFILE_RELEASE_DEBUG", "false"))
}

/// `npm ci` in tests/ when node_modules is missing or older than package-lock.json.
fn npm_packages() -> Result<()> {
    let dir = npm_dir();
    let lock = dir.join("package-lock.json");
    let installed = dir.join("node_modules").join(".package-lock.json");
    if is_newer_or_same(&installed, &lock)? {
        eprintln!("tools: npm packages ok");
        return Ok(());
    }
    run(command("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(&dir))
}

fn is_newer_or_same(a: &Path, b: &Path) -> Result<bool> {
    let Ok(a) = fs::metadata(a).and_then(|m| m.modified()) else {
        return Ok(false);
    };
    let b = fs::metadata(b).and_then(|m| m.modified()).with_context(|| format!("{} is missing", b.display()))?;
    Ok(a >= b)
}

/// Debian packages: Chromium for the browser tests, clang and llvm for C code built for wasm32
/// (zstd-sys, pulled by the query engine's Arrow), and mesa-vulkan-drivers for lavapipe, the
/// Vulkan-on-CPU driver the wgpu embedding tests run on where there is no GPU.
fn chromium() -> Result<()> {
    let have_chromium = Path::new("/usr/bin/chromium").exists();
    let have_clang = Path::new("/usr/bin/clang").exists() && Path::new("/usr/bin/llvm-ar").exists();
    let have_lavapipe = Path::new(LAVAPIPE_ICD).exists();
    if have_chromium && have_clang && have_lavapipe {
        eprintln!("tools: chromium, clang, llvm and lavapipe ok");
        return Ok(());
    }
    let root = query("id", &["-u"]).is_some_and(|s| s.trim() == "0");
    let apt = |args: &[&str]| {
        let mut cmd = command(if root { "apt-get" } else { "sudo" });
        if !root {
            cmd.arg("apt-get");
        }
        cmd.args(args).env("DEBIAN_FRONTEND", "noninteractive");
        run(&mut cmd)
    };
    apt(&["update"])?;
    apt(&["install", "-y", "chromium", "chromium-driver", "clang", "llvm", "mesa-vulkan-drivers"])?;
    if !Path::new(LAVAPIPE_ICD).exists() {
        bail!("apt-get installed mesa-vulkan-drivers but {LAVAPIPE_ICD} is missing");
    }
    if !Path::new("/usr/bin/chromium").exists() {
        bail!("apt-get installed chromium but /usr/bin/chromium is missing");
    }
    if !Path::new("/usr/bin/clang").exists() {
        bail!("apt-get installed clang but /usr/bin/clang is missing");
    }
    Ok(())
}
