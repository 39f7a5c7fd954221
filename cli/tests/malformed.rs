//! The malformed-input corpus (issue 20): every file of tests/fixtures/malformed (made by its
//! make.py) through the real `tabletalk` binary, `inspect --json` and `verbalise`, and every
//! template there through `verbalise --template`. For each: no panic, an exit within a time limit
//! and a memory bound, and what expected.json says — a table (with the warnings it names), or an
//! error naming the file (and the row, column or line where the format has them).
//! The .tabletalk bundles are read by the app, not the CLI: shared/tests/malformed.rs reads them.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::Value;

/// Per run of the debug binary; the slowest file takes well under a second.
const TIME_LIMIT: Duration = Duration::from_secs(20);
/// Peak resident memory per run: a bomb or a dense far-away cell would take gigabytes.
const MEMORY_LIMIT: u64 = 512 << 20;

#[derive(Deserialize)]
struct Expect {
    outcome: String,
    says: Vec<String>,
    why: String,
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/malformed")
}

fn corpus() -> BTreeMap<String, Expect> {
    let text = std::fs::read_to_string(dir().join("expected.json")).expect("expected.json (python3 tests/fixtures/malformed/make.py)");
    serde_json::from_str(&text).expect("expected.json parses")
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    took: Duration,
    peak_rss: u64,
}

/// Runs the CLI with a deadline (killed past it) and its peak resident memory from `wait4`.
// `wait4` reaps the child (Rust's `wait` cannot report its memory): clippy does not see it.
#[allow(clippy::zombie_processes)]
fn run(args: &[&str]) -> Run {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletalk"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabletalk runs");
    let pid = child.id() as libc::pid_t;
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = Vec::new();
        out.read_to_end(&mut s).unwrap();
        String::from_utf8_lossy(&s).into_owned()
    });
    let err = std::thread::spawn(move || {
        let mut s = Vec::new();
        err.read_to_end(&mut s).unwrap();
        String::from_utf8_lossy(&s).into_owned()
    });
    let mut status = 0;
    // SAFETY: pid is our child; wait4 fills the plain-data rusage struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        assert_eq!(r, 0, "wait4 failed");
        if started.elapsed() > TIME_LIMIT {
            unsafe { libc::kill(pid, libc::SIGKILL) };
            unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
            panic!("tabletalk {args:?} ran past {TIME_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let code = if libc::WIFEXITED(status) { Some(libc::WEXITSTATUS(status)) } else { None };
    Run { code, stdout: out.join().unwrap(), stderr: err.join().unwrap(), took: started.elapsed(), peak_rss: usage.ru_maxrss as u64 * 1024 }
}

/// What every run must be: ended by itself with 0, 1 (a file refused) or 2 (the command refused,
/// a template say), no panic, within the limits.
fn sane(name: &str, what: &str, r: &Run) {
    assert!(matches!(r.code, Some(0..=2)), "{name} ({what}): exit {:?} (killed by a signal, or a panic's 101)\n{}", r.code, r.stderr);
    assert!(!r.stderr.contains("panicked"), "{name} ({what}): {}", r.stderr);
    assert!(r.peak_rss < MEMORY_LIMIT, "{name} ({what}): {} MB resident", r.peak_rss >> 20);
}

fn is_data(name: &str) -> bool {
    !(name.starts_with("bundles/") || (name.starts_with("templates/") && name.ends_with(".txt")))
}

#[test]
fn the_corpus_is_small_and_every_file_is_declared() {
    let expected = corpus();
    let mut on_disk = Vec::new();
    let mut total = 0;
    for sub in std::fs::read_dir(dir()).unwrap() {
        let sub = sub.unwrap().path();
        if !sub.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&sub).unwrap() {
            let f = f.unwrap().path();
            let len = f.metadata().unwrap().len();
            assert!(len < 20 * 1024, "{}: {len} bytes", f.display());
            total += len;
            on_disk.push(format!("{}/{}", sub.file_name().unwrap().to_str().unwrap(), f.file_name().unwrap().to_str().unwrap()));
        }
    }
    on_disk.sort();
    assert_eq!(on_disk, expected.keys().cloned().collect::<Vec<_>>(), "files on disk and in expected.json differ: run make.py");
    assert!(total < 300 * 1024, "{total} bytes");
    assert!(expected.len() >= 60, "{} files", expected.len());
}

#[test]
fn every_malformed_file_gives_a_table_or_an_error_naming_it() {
    let mut failures = Vec::new();
    let mut slowest = (Duration::ZERO, String::new());
    for (name, e) in corpus().iter().filter(|(n, _)| is_data(n)) {
        let path = dir().join(name);
        let shown = path.display().to_string();
        let base = Path::new(name).file_name().unwrap().to_str().unwrap();
        // inspect: the JSON report.
        let r = run(&["inspect", "--json", &shown]);
        sane(name, "inspect", &r);
        if r.took > slowest.0 {
            slowest = (r.took, name.clone());
        }
        let report: Value = match serde_json::from_str(&r.stdout) {
            Ok(v) => v,
            Err(err) => {
                failures.push(format!("{name}: inspect --json printed no JSON ({err}): {}", r.stderr));
                continue;
            }
        };
        let tables = report["tables"].as_array().map_or(0, Vec::len);
        let errors: Vec<&str> = report["errors"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
        let warnings: Vec<&str> = report["warnings"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
        for w in &warnings {
            if !w.contains(base) {
                failures.push(format!("{name}: a warning that does not name the file: {w}"));
            }
        }
        match e.outcome.as_str() {
            "table" => {
                if tables == 0 || !errors.is_empty() {
                    failures.push(format!("{name} ({}): expected a table, got {tables} tables and errors {errors:?}", e.why));
                }
                let said = warnings.join("\n");
                for s in &e.says {
                    if !said.contains(s.as_str()) {
                        failures.push(format!("{name} ({}): the warnings do not say {s:?}: {said}", e.why));
                    }
                }
            }
            _ => {
                if tables != 0 || errors.len() != 1 {
                    failures.push(format!("{name} ({}): expected one error, got {tables} tables and errors {errors:?}", e.why));
                    continue;
                }
                let error = errors[0];
                if !error.contains(base) {
                    failures.push(format!("{name}: the error does not name the file: {error}"));
                }
                for s in &e.says {
                    if !error.contains(s.as_str()) {
                        failures.push(format!("{name} ({}): the error does not say {s:?}: {error}", e.why));
                    }
                }
            }
        }
        // verbalise: the same outcome, streamed.
        let v = run(&["verbalise", "--format", "jsonl", &shown]);
        sane(name, "verbalise", &v);
        match e.outcome.as_str() {
            "table" if v.code != Some(0) => failures.push(format!("{name}: verbalise failed on a table: {}", v.stderr)),
            "error" if v.code != Some(1) || !v.stderr.contains(base) => {
                failures.push(format!("{name}: verbalise exit {:?} without naming the file: {}", v.code, v.stderr))
            }
            _ => {}
        }
        // Entities are never expanded or resolved (billion laughs, XXE).
        if v.stdout.len() > 1 << 20 || v.stdout.contains("root:") {
            failures.push(format!("{name}: verbalise wrote {} bytes: {:.200}", v.stdout.len(), v.stdout));
        }
        if v.code == Some(0) {
            for line in v.stdout.lines() {
                if serde_json::from_str::<Value>(line).is_err() {
                    failures.push(format!("{name}: verbalise wrote a line that is not JSON: {line:.200}"));
                    break;
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} problems:\n{}", failures.len(), failures.join("\n"));
    assert!(slowest.0 < Duration::from_secs(10), "slowest: {} in {:?}", slowest.1, slowest.0);
}

#[test]
fn malformed_templates_are_refused_naming_the_template_file_line_and_column() {
    let table = dir().join("templates/people.csv");
    for (name, e) in corpus().iter().filter(|(n, _)| n.starts_with("templates/") && n.ends_with(".txt")) {
        let path = dir().join(name);
        let base = Path::new(name).file_name().unwrap().to_str().unwrap();
        let r = run(&["verbalise", "--format", "jsonl", "--template", path.to_str().unwrap(), table.to_str().unwrap()]);
        sane(name, "verbalise --template", &r);
        assert_eq!(r.code, Some(2), "{name} ({}): {}", e.why, r.stderr);
        assert!(r.stderr.contains(base), "{name}: the error does not name the template file: {}", r.stderr);
        for s in &e.says {
            assert!(r.stderr.contains(s.as_str()), "{name} ({}): the error does not say {s:?}: {}", e.why, r.stderr);
        }
    }
}
