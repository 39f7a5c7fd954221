//! The malformed-input corpus (issue 20, tests/fixtures/malformed, made by its make.py) through the
//! readers themselves, as the page and the edge call them: every data file through
//! `ingest::load`, and every .tabletalk export (which only the page reads) through
//! `Bundle::from_bytes`, then its files and templates as the page restores them. No panic, and
//! what expected.json says: a table, or an error naming the file (and the row, column or line).
//! cli/tests/malformed.rs runs the same data files through the `tabletalk` binary.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde::Deserialize;
use tabletalk_shared::bundle::Bundle;
use tabletalk_shared::ingest::{load, SourceFile};
use tabletalk_shared::schema::infer_table;
use tabletalk_shared::template::{compile, parse};

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

#[test]
fn every_data_file_loads_or_is_refused_naming_itself() {
    let mut failures = Vec::new();
    for (name, e) in corpus().iter().filter(|(n, _)| !n.starts_with("bundles/") && !n.ends_with(".txt")) {
        let bytes = std::fs::read(dir().join(name)).unwrap();
        let started = Instant::now();
        let up = std::panic::catch_unwind(|| load(&[SourceFile { name, bytes: &bytes }]));
        let Ok(up) = up else {
            failures.push(format!("{name}: panicked"));
            continue;
        };
        if started.elapsed() > Duration::from_secs(10) {
            failures.push(format!("{name}: {:?}", started.elapsed()));
        }
        let errors: Vec<String> = up.errors.iter().map(|e| e.to_string()).collect();
        let warnings: Vec<String> = up.warnings.iter().map(|w| w.to_string()).collect();
        for w in &up.warnings {
            if w.at.file != *name {
                failures.push(format!("{name}: a warning about another file: {w}"));
            }
        }
        match e.outcome.as_str() {
            "table" => {
                if up.tables.is_empty() || !errors.is_empty() {
                    failures.push(format!("{name} ({}): expected a table, got {} and {errors:?}", e.why, up.tables.len()));
                }
                for s in &e.says {
                    if !warnings.iter().any(|w| w.contains(s.as_str())) {
                        failures.push(format!("{name} ({}): no warning says {s:?}: {warnings:?}", e.why));
                    }
                }
            }
            _ => match (up.tables.len(), up.errors.as_slice()) {
                (0, [err]) => {
                    if err.file() != name {
                        failures.push(format!("{name}: the error names {:?}", err.file()));
                    }
                    let text = err.to_string();
                    for s in &e.says {
                        if !text.contains(s.as_str()) {
                            failures.push(format!("{name} ({}): the error does not say {s:?}: {text}", e.why));
                        }
                    }
                }
                (n, _) => failures.push(format!("{name} ({}): expected one error, got {n} tables and {errors:?}", e.why)),
            },
        }
    }
    assert!(failures.is_empty(), "{} problems:\n{}", failures.len(), failures.join("\n"));
}

/// What the page does with an export: read it, load its files, parse and compile each table's
/// template (a nested template is refused with its line and column, never a stack overflow).
#[test]
fn every_bundle_opens_or_is_refused_naming_itself() {
    for (name, e) in corpus().iter().filter(|(n, _)| n.starts_with("bundles/")) {
        let bytes = std::fs::read(dir().join(name)).unwrap();
        match (e.outcome.as_str(), Bundle::from_bytes(name, &bytes)) {
            ("error", Err(err)) => {
                let text = err.to_string();
                assert!(text.starts_with(name.as_str()), "{name}: {text}");
                for s in &e.says {
                    assert!(text.contains(s.as_str()), "{name} ({}): {text:?} does not say {s:?}", e.why);
                }
            }
            ("table", Ok(bundle)) => {
                let sources: Vec<SourceFile<'_>> = bundle.files.iter().map(|f| SourceFile { name: &f.name, bytes: &f.bytes }).collect();
                let up = load(&sources);
                assert!(!up.tables.is_empty(), "{name}: no table");
                for err in &up.errors {
                    assert!(bundle.files.iter().any(|f| f.name == err.file()), "{name}: {err}");
                }
                let mut said = Vec::new();
                for (table, src) in up.tables.iter().zip(&bundle.templates) {
                    let schema = infer_table(table);
                    match parse(src).and_then(|t| compile(&t, &schema.columns)) {
                        Ok(_) => {}
                        Err(err) => said.push(err.to_string()),
                    }
                }
                for s in &e.says {
                    assert!(said.iter().any(|t| t.contains(s.as_str())), "{name} ({}): no template error says {s:?}: {said:?}", e.why);
                }
            }
            (outcome, got) => panic!("{name} ({}): expected {outcome}, got {:?}", e.why, got.map(|b| b.files.len())),
        }
    }
}
