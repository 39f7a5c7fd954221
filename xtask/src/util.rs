//! Paths, the tool environment and running commands, shared by `tools`, `build`, `serve`, `test`.

use std::env;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};

/// The workspace root (xtask lives one level below it).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask has a parent").to_path_buf()
}

/// `tests/`: the npm project (wrangler, playwright-core, binaryen) and the end-to-end tests.
pub fn npm_dir() -> PathBuf {
    root().join("tests")
}

pub fn node_bin(name: &str) -> PathBuf {
    npm_dir().join("node_modules").join(".bin").join(name)
}

fn cargo_bin_dir() -> PathBuf {
    env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")))
        .unwrap_or_default()
        .join("bin")
}

/// PATH with npm's tools (binaryen's wasm-opt 132, wrangler, esbuild) and cargo's bin dir first.
fn tool_path() -> std::ffi::OsString {
    let mut dirs = vec![npm_dir().join("node_modules").join(".bin"), cargo_bin_dir()];
    dirs.extend(env::split_paths(&env::var_os("PATH").unwrap_or_default()));
    env::join_paths(dirs).expect("PATH entries are valid")
}

/// Finds an executable on the tool PATH.
pub fn which(name: &str) -> Option<PathBuf> {
    env::split_paths(&tool_path()).map(|d| d.join(name)).find(|p| p.is_file())
}

/// A command that sees the project's tools, and never downloads any: worker-build is pointed at
/// the local wasm-bindgen and wasm-opt through its `*_BIN` variables.
pub fn command(program: impl AsRef<OsStr>) -> Command {
    let mut cmd = Command::new(program);
    cmd.current_dir(root()).env("PATH", tool_path());
    if env::var_os("WASM_BINDGEN_BIN").is_none() {
        if let Some(p) = which("wasm-bindgen") {
            cmd.env("WASM_BINDGEN_BIN", p);
        }
    }
    if env::var_os("WASM_OPT_BIN").is_none() {
        cmd.env("WASM_OPT_BIN", node_bin("wasm-opt"));
    }
    cmd
}

fn describe(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    match cmd.get_current_dir() {
        Some(dir) if dir != root() => format!("(cd {}) {s}", dir.strip_prefix(root()).unwrap_or(dir).display()),
        _ => s,
    }
}

thread_local! {
    /// Set on a thread that runs beside another (`cargo xtask test`'s wasm lane): its commands'
    /// output lines are prefixed with this, so two interleaved logs stay readable.
    static PREFIX: std::cell::Cell<Option<&'static str>> = const { std::cell::Cell::new(None) };
}

/// Prefixes the output of every command this thread runs from now on (see `PREFIX`).
pub fn prefix_output(prefix: &'static str) {
    PREFIX.with(|p| p.set(Some(prefix)));
}

/// Runs to completion; output inherited, or line by line with the thread's prefix. A non-zero exit
/// is an error naming the command.
pub fn run(cmd: &mut Command) -> Result<()> {
    let text = describe(cmd);
    let prefix = PREFIX.with(|p| p.get());
    let status = match prefix {
        None => {
            eprintln!("$ {text}");
            cmd.status()
        }
        Some(prefix) => {
            eprintln!("{prefix}$ {text}");
            run_prefixed(cmd, prefix)
        }
    }
    .with_context(|| format!("could not start `{text}`"))?;
    if !status.success() {
        bail!("`{text}` failed ({status})");
    }
    Ok(())
}

/// Pumps stdout and stderr into our stderr, each line prefixed, until the command ends.
fn run_prefixed(cmd: &mut Command, prefix: &'static str) -> std::io::Result<std::process::ExitStatus> {
    use std::io::{BufRead, BufReader, Read};
    fn pump(from: impl Read + Send + 'static, prefix: &'static str) -> std::thread::JoinHandle<()> {
        std::thread::spawn(move || {
            for line in BufReader::new(from).split(b'\n').map_while(Result::ok) {
                eprintln!("{prefix}{}", String::from_utf8_lossy(&line).trim_end_matches('\r'));
            }
        })
    }
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
    let out = child.stdout.take().map(|o| pump(o, prefix));
    let err = child.stderr.take().map(|e| pump(e, prefix));
    let status = child.wait();
    for h in [out, err].into_iter().flatten() {
        let _ = h.join();
    }
    status
}

/// stdout + stderr of a quick query such as `trunk --version`; None when it cannot run.
pub fn query(program: impl AsRef<OsStr>, args: &[&str]) -> Option<String> {
    let out = command(program).args(args).stdin(Stdio::null()).output().ok()?;
    out.status.success().then(|| {
        let mut s = String::from_utf8_lossy(&out.stdout).into_owned();
        s.push_str(&String::from_utf8_lossy(&out.stderr));
        s
    })
}

/// The version of `package` that Cargo.lock resolved (e.g. wasm-bindgen's).
pub fn locked_version(package: &str) -> Result<String> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock")).context("reading Cargo.lock")?;
    let header = format!("name = \"{package}\"\nversion = \"");
    let start = lock.find(&header).with_context(|| format!("{package} is not in Cargo.lock"))? + header.len();
    let end = lock[start..].find('"').context("malformed Cargo.lock")?;
    Ok(lock[start..start + end].to_string())
}
