//! Keeps `cargo xtask test` inside a CI machine's disk: each build's leftovers go once nothing
//! later needs them (a CI run once died of a full disk in the app build, after `cargo test`).

use std::env;
use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use crate::util::root;

/// Where cargo puts its output: CARGO_TARGET_DIR when set (relative to the workspace), else target/.
pub fn target_dir() -> PathBuf {
    match env::var_os("CARGO_TARGET_DIR") {
        Some(d) => root().join(d),
        None => root().join("target"),
    }
}

/// Only in CI: a developer's next build would have to redo what this deletes.
pub fn pruning() -> bool {
    env::var_os("CI").is_some_and(|v| v != "false" && v != "0")
}

/// After `cargo test`: incremental caches, example and test executables. The binaries the
/// end-to-end tests run (target/debug/tabletalk, tabletalk-llm) are hard links and stay.
pub fn prune_native() {
    let debug = target_dir().join("debug");
    let mut freed = remove(&debug.join("incremental")) + remove(&debug.join("examples"));
    if let Ok(entries) = fs::read_dir(debug.join("deps")) {
        for e in entries.flatten() {
            let p = e.path();
            let is_exe = e.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0);
            // Test harnesses and binaries; .rlib/.rmeta/.so/.d are not executable and stay
            // (a build script or a later `cargo` call may still read them).
            if is_exe && p.extension().is_none() {
                freed += remove(&p);
            }
        }
    }
    report("native test build", freed);
}

/// After the tools are installed: their shared build directory (`cargo install --target-dir`).
pub fn prune_tools() {
    report("tools' build", remove(&target_dir().join("tools")));
}

/// After a wasm build: its intermediate files under target/wasm32-unknown-unknown/<profile>.
pub fn prune_wasm(profile: &str) {
    let dir = target_dir().join("wasm32-unknown-unknown").join(profile);
    let freed = remove(&dir.join("incremental")) + remove(&dir.join("deps")) + remove(&dir.join("build"));
    report(&format!("wasm32 {profile} build"), freed);
}

fn report(what: &str, freed: u64) {
    eprintln!("==> freed {:.1} GiB of the {what}; {}", freed as f64 / (1u64 << 30) as f64, free_space());
}

/// "N GiB free on <dir>", for the log of a run that might fill its disk.
pub fn free_space() -> String {
    let dir = target_dir();
    let probe = if dir.exists() { dir } else { root() };
    let c = std::ffi::CString::new(probe.as_os_str().as_encoded_bytes()).unwrap_or_default();
    // SAFETY: statvfs writes only into the zeroed struct we pass; `c` is a valid C string.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statvfs(c.as_ptr(), &mut st) } != 0 {
        return "free space unknown".into();
    }
    let free = st.f_bavail as f64 * st.f_frsize as f64 / (1u64 << 30) as f64;
    format!("{free:.1} GiB free on {}", probe.display())
}

/// Deletes a file or a directory tree; returns the bytes it held (0 when it was not there).
fn remove(p: &Path) -> u64 {
    let size = size_of(p);
    let gone = if p.is_dir() { fs::remove_dir_all(p) } else { fs::remove_file(p) };
    match gone {
        Ok(()) => size,
        Err(_) => 0,
    }
}

fn size_of(p: &Path) -> u64 {
    let Ok(m) = fs::symlink_metadata(p) else { return 0 };
    if !m.is_dir() {
        // A hard-linked file (target/debug/tabletalk) keeps its blocks after one name goes.
        return if m.nlink() > 1 { 0 } else { m.len() };
    }
    fs::read_dir(p).map(|rd| rd.flatten().map(|e| size_of(&e.path())).sum()).unwrap_or(0)
}
