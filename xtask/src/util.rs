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
            let (status, tail) = run_prefixed(cmd, prefix).with_context(|| format!("could not start `{text}`"))?;
            if !status.success() {
                // The reason goes with the error so the run's summary can repeat it: CI shows only
                // the end of a long interleaved log, where the failing lines are long gone.
                bail!("`{text}` failed ({status})\n{}", failure_lines(&tail).join("\n"));
            }
            return Ok(());
        }
    }
    .with_context(|| format!("could not start `{text}`"))?;
    if !status.success() {
        bail!("`{text}` failed ({status})");
    }
    Ok(())
}

/// The most lines of a failed command's output kept for the summary.
const TAIL_LINES: usize = 60;

/// What a failed command said about its failure: node's "✖ failing tests:" section when there is
/// one (its assertions and stacks), else the last lines it printed.
fn failure_lines(tail: &[String]) -> Vec<String> {
    match tail.iter().rposition(|l| l.trim_start().starts_with("✖ failing tests")) {
        Some(from) => tail[from..].iter().take(TAIL_LINES).cloned().collect(),
        None => tail[tail.len().saturating_sub(TAIL_LINES)..].to_vec(),
    }
}

/// Pumps stdout and stderr into our stderr, each line prefixed, until the command ends; returns
/// its status and its last lines (the last 4 × `TAIL_LINES`, both streams in order of arrival).
fn run_prefixed(cmd: &mut Command, prefix: &'static str) -> std::io::Result<(std::process::ExitStatus, Vec<String>)> {
    use std::collections::VecDeque;
    use std::io::{BufRead, BufReader, Read};
    use std::sync::{Arc, Mutex};
    type Tail = Arc<Mutex<VecDeque<String>>>;
    fn pump(from: impl Read + Send + 'static, prefix: &'static str, tail: Tail) -> std::thread::JoinHandle<()> {
        std::thread::spawn(move || {
            for line in BufReader::new(from).split(b'\n').map_while(Result::ok) {
                let line = String::from_utf8_lossy(&line).trim_end_matches('\r').to_string();
                eprintln!("{prefix}{line}");
                let mut t = tail.lock().unwrap_or_else(|e| e.into_inner());
                if t.len() == 4 * TAIL_LINES {
                    t.pop_front();
                }
                t.push_back(line);
            }
        })
    }
    let tail: Tail = Arc::default();
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
    let out = child.stdout.take().map(|o| pump(o, prefix, tail.clone()));
    let err = child.stderr.take().map(|e| pump(e, prefix, tail.clone()));
    let status = child.wait();
    for h in [out, err].into_iter().flatten() {
        let _ = h.join();
    }
    let lines = tail.lock().unwrap_or_else(|e| e.into_inner()).iter().cloned().collect();
    Ok((status?, lines))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_commands_reason_is_nodes_failing_section_or_its_last_lines() {
        let out = |s: &str| s.lines().map(String::from).collect::<Vec<_>>();
        let node = out("✔ b\nℹ fail 1\n\n✖ failing tests:\n\ntest at x.test.mjs:2:1\n✖ a (4ms)\n  AssertionError: one is not two");
        assert_eq!(failure_lines(&node)[0], "✖ failing tests:");
        assert_eq!(failure_lines(&node).last().map(String::as_str), Some("  AssertionError: one is not two"));
        let cargo = out("error[E0308]: mismatched types\nerror: could not compile");
        assert_eq!(failure_lines(&cargo), cargo);
        let long: Vec<String> = (0..100).map(|i| i.to_string()).collect();
        assert_eq!(failure_lines(&long), long[40..]);
    }

    #[test]
    fn a_prefixed_command_that_fails_carries_its_last_lines() {
        prefix_output("[t] ");
        let e = run(Command::new("sh").args(["-c", "echo before; echo '✖ failing tests:'; echo 'AssertionError: x'; exit 3"])).unwrap_err();
        let text = format!("{e:#}");
        assert!(text.lines().next().unwrap().contains("failed"), "{text}");
        assert!(text.contains("✖ failing tests:\nAssertionError: x") && !text.contains("\nbefore"), "{text}");
    }
}
