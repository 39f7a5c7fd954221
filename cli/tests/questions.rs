//! The question suite: 250 questions in four languages over five real public tables, answered by
//! `tabletalk ask --questions … --json` and checked against ground truth that pandas computes
//! independently (`tests/questions/ground_truth.py`, run here in set-up). It must pass at 100 %.
//!
//! With `TABLETALK_ACCURACY_DOC=1` the per-intent table is written to `docs/accuracy.md`.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde_json::Value as Json;

const SUITES: &[(&str, &str)] = &[
    ("la-riots", "la-riots.csv"),
    ("cars", "cars.json"),
    ("seattle-weather", "seattle-weather.csv"),
    ("airports", "airports.csv"),
    ("iris", "iris.json"),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace").to_path_buf()
}

fn read_jsonl(p: &Path) -> Vec<Json> {
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("reading {}: {e}", p.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{}: {e}: {l}", p.display())))
        .collect()
}

/// Runs the pandas ground truth into a fresh folder.
fn ground_truth(out: &Path) {
    let python = root().join(".cache/venv/bin/python");
    assert!(python.is_file(), "{} is missing: run `cargo xtask fixtures` (it installs pandas)", python.display());
    let data = root().join(".cache/fixtures/vega");
    let status = Command::new(&python)
        .arg(root().join("tests/questions/ground_truth.py"))
        .arg("--data")
        .arg(&data)
        .arg("--out")
        .arg(out)
        .status()
        .expect("running ground_truth.py");
    assert!(status.success(), "ground_truth.py failed");
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-6 * b.abs().max(1.0)
}

/// Scalars compare as numbers when both read as numbers ("4" = 4, 4.0 = 4), else as text.
fn same_scalar(got: &Json, want: &Json) -> bool {
    let as_num = |v: &Json| match v {
        Json::Number(n) => n.as_f64(),
        Json::String(s) => s.trim().parse::<f64>().ok(),
        _ => None,
    };
    match (as_num(got), as_num(want)) {
        (Some(a), Some(b)) => close(a, b),
        _ => match (got, want) {
            (Json::String(a), Json::String(b)) => a.trim() == b.trim(),
            _ => got == want,
        },
    }
}

fn same_value(op: &str, got: &Json, want: &Json) -> bool {
    match (got, want) {
        (Json::Array(g), Json::Array(w)) => {
            if g.len() != w.len() {
                return false;
            }
            match op {
                // Sets: order is not part of the answer.
                "distinct_values" | "list" => {
                    let key = |v: &Json| match v {
                        Json::String(s) => s.trim().to_string(),
                        other => other.to_string(),
                    };
                    let mut gs: Vec<&Json> = g.iter().collect();
                    let mut ws: Vec<&Json> = w.iter().collect();
                    gs.sort_by_key(|v| key(v));
                    ws.sort_by_key(|v| key(v));
                    gs.iter().zip(&ws).all(|(a, b)| same_scalar(a, b))
                }
                _ => g.iter().zip(w).all(|(a, b)| match (a, b) {
                    (Json::Array(_), Json::Array(_)) => same_value("", a, b),
                    _ => same_scalar(a, b),
                }),
            }
        }
        _ => same_scalar(got, want),
    }
}

#[test]
fn question_suite_passes_completely() {
    let root = root();
    let tmp = tempfile::tempdir().expect("temp dir");
    ground_truth(tmp.path());
    let mut per_intent: BTreeMap<(String, String), (u32, u32)> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut total = 0;
    let mut timings = Vec::new();
    for (suite, file) in SUITES {
        let qpath = root.join(format!("tests/questions/{suite}.jsonl"));
        let questions = read_jsonl(&qpath);
        let truth: HashMap<String, Json> = read_jsonl(&tmp.path().join(format!("{suite}.truth.jsonl")))
            .into_iter()
            .map(|t| (t["id"].as_str().expect("id").to_string(), t))
            .collect();
        let data = root.join(".cache/fixtures/vega").join(file);
        let started = Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_tabletalk"))
            .arg("ask")
            .arg(&data)
            .arg("--describe")
            .arg(root.join(format!("tests/questions/{suite}.describe.json")))
            .arg("--questions")
            .arg(&qpath)
            .arg("--json")
            .output()
            .expect("running tabletalk ask");
        let took = started.elapsed();
        assert!(out.status.success(), "{suite}: tabletalk ask failed: {}", String::from_utf8_lossy(&out.stderr));
        let answers: HashMap<String, Json> = String::from_utf8(out.stdout)
            .expect("utf-8")
            .lines()
            .map(|l| serde_json::from_str::<Json>(l).expect("answer is JSON"))
            .map(|a| (a["id"].as_str().expect("id echoed").to_string(), a))
            .collect();
        timings.push((suite, questions.len(), took));
        let file_name = data.display().to_string();
        for q in &questions {
            total += 1;
            let id = q["id"].as_str().expect("id");
            let t = &truth[id];
            let a = answers.get(id).unwrap_or_else(|| panic!("{id}: no answer"));
            let op = q["expect"]["op"].as_str().unwrap_or("");
            let mut why = Vec::new();
            if a["route"] != t["route"] {
                why.push(format!("route {} (want {})", a["route"], t["route"]));
            }
            match op {
                "meta" => {
                    if !t["value"].is_null() && !a["answer"].as_str().unwrap_or("").contains(t["value"].as_str().unwrap_or("\u{0}")) {
                        why.push(format!("meta answer lacks {}", t["value"]));
                    }
                }
                "clarify" => {
                    let want: BTreeSet<&str> =
                        q["expect"]["options"].as_array().expect("options").iter().filter_map(Json::as_str).collect();
                    let got: BTreeSet<&str> =
                        a["clarify"]["options"].as_array().map(|o| o.iter().filter_map(Json::as_str).collect()).unwrap_or_default();
                    if want != got {
                        why.push(format!("options {got:?} (want {want:?})"));
                    }
                }
                "unanswerable" => {}
                _ => {
                    if !same_value(op, &a["value"], &t["value"]) {
                        why.push(format!("value {} (want {})", a["value"], t["value"]));
                    }
                    if a["sql"].as_str().is_none_or(|s| !s.starts_with("SELECT")) {
                        why.push("no SQL".into());
                    }
                    if let Some(rows) = t["rows"].as_array() {
                        let want: BTreeSet<u64> = rows.iter().filter_map(Json::as_u64).collect();
                        let cited: Vec<(String, u64)> = a["citations"]
                            .as_array()
                            .map(|c| {
                                c.iter().map(|c| (c["file"].as_str().unwrap_or("").to_string(), c["row"].as_u64().unwrap_or(0))).collect()
                            })
                            .unwrap_or_default();
                        if !want.is_empty() && cited.is_empty() {
                            why.push("no citations".into());
                        }
                        if let Some((f, r)) = cited.iter().find(|(f, r)| *f != file_name || !want.contains(r)) {
                            why.push(format!("cites {f} row {r}, which did not contribute"));
                        }
                    }
                }
            }
            let intent = q["intent"].as_str().unwrap_or("?").to_string();
            let lang = q["lang"].as_str().unwrap_or("?").to_string();
            let e = per_intent.entry((intent, lang)).or_default();
            e.1 += 1;
            if why.is_empty() {
                e.0 += 1;
            } else {
                failures.push(format!(
                    "{id} [{}] {}\n    → {}\n    answer: {}",
                    q["lang"].as_str().unwrap_or(""),
                    q["question"].as_str().unwrap_or(""),
                    why.join("; "),
                    a["answer"]
                ));
            }
        }
    }
    if std::env::var_os("TABLETALK_ACCURACY_DOC").is_some() {
        write_doc(&root, &per_intent, total, &timings);
    }
    assert!(failures.is_empty(), "{} of {total} questions failed:\n{}", failures.len(), failures.join("\n"));
}

fn write_doc(root: &Path, per: &BTreeMap<(String, String), (u32, u32)>, total: usize, timings: &[(&&str, usize, std::time::Duration)]) {
    let mut intents: BTreeMap<&str, BTreeMap<&str, (u32, u32)>> = BTreeMap::new();
    for ((i, l), v) in per {
        intents.entry(i.as_str()).or_default().insert(l.as_str(), *v);
    }
    let langs = ["en", "es", "ca", "de", "fr"];
    let mut s = String::from("| intent | en | es | ca | de | other | all |\n|---|---|---|---|---|---|---|\n");
    let (mut ok_all, mut n_all) = (0, 0);
    for (i, by) in &intents {
        let cell = |l: &str| by.get(l).map(|(o, n)| format!("{o}/{n}")).unwrap_or_else(|| "–".into());
        let (o, n) = by.values().fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        ok_all += o;
        n_all += n;
        s.push_str(&format!(
            "| {i} | {} | {} | {} | {} | {} | {o}/{n} |\n",
            cell(langs[0]),
            cell(langs[1]),
            cell(langs[2]),
            cell(langs[3]),
            cell(langs[4])
        ));
    }
    s.push_str(&format!("| **all** | | | | | | **{ok_all}/{n_all}** |\n\n"));
    s.push_str("Time per suite (`tabletalk ask --questions`, debug build of the test run, load included):\n\n| suite | questions | seconds | ms / question |\n|---|---|---|---|\n");
    for (suite, n, d) in timings {
        s.push_str(&format!("| {suite} | {n} | {:.2} | {:.1} |\n", d.as_secs_f64(), d.as_secs_f64() * 1000.0 / *n as f64));
    }
    let path = root.join("docs/accuracy.md");
    let doc = std::fs::read_to_string(&path).unwrap_or_default();
    let (start, end) = ("<!-- questions:start -->", "<!-- questions:end -->");
    let body = format!("{start}\n{total} questions.\n\n{s}{end}");
    let new = match (doc.find(start), doc.find(end)) {
        (Some(a), Some(b)) => format!("{}{body}{}", &doc[..a], &doc[b + end.len()..]),
        _ => format!("{doc}\n{body}\n"),
    };
    std::fs::write(&path, new).expect("writing docs/accuracy.md");
}
