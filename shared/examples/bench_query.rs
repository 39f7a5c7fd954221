//! The exact path on a 1,000,000-row CSV: load (parse, type, register with the engine) and three
//! questions (group-by, top-N, distinct count), each parsed, planned and run as the CLI does.
//! `cargo run --release -p tabletalk-shared --features query --example bench_query -- OUT.csv [ROWS]`
//! writes the CSV first (for the pandas reference, `xtask/scripts/bench_query_pandas.py`) and
//! prints one JSON line of medians.
//!
//! `… --example bench_query -- --suite tests/questions .cache/fixtures/vega` instead times the
//! question suite: per table, the load and the median time per question over 5 rounds.
//! `… --example bench_query -- --blind tests/blind .cache/blind` times the blind suites' dev
//! questions the same way, on their tables as uploaded (no description).

use std::io::Write;
use std::time::Instant;

use tabletalk_shared::description::DatasetDescription;
use tabletalk_shared::ingest::{load, SourceFile};
use tabletalk_shared::query::{Conversation, Dataset};

const QUESTIONS: &[(&str, &str)] = &[
    ("group_by", "What is the average amount per category?"),
    ("top_n", "Which 10 sales have the highest amount?"),
    ("distinct", "How many different names are there?"),
];

fn suite(questions: &str, data: &str) {
    const SUITES: &[(&str, &str)] = &[
        ("la-riots", "la-riots.csv"),
        ("cars", "cars.json"),
        ("seattle-weather", "seattle-weather.csv"),
        ("airports", "airports.csv"),
        ("iris", "iris.json"),
    ];
    let mut all = Vec::new();
    for (name, file) in SUITES {
        let bytes = std::fs::read(format!("{data}/{file}")).expect("data file");
        let desc: DatasetDescription =
            serde_json::from_str(&std::fs::read_to_string(format!("{questions}/{name}.describe.json")).expect("describe"))
                .expect("description");
        let qs: Vec<String> = std::fs::read_to_string(format!("{questions}/{name}.jsonl"))
            .expect("questions")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json")["question"].as_str().expect("question").to_string())
            .collect();
        let t = Instant::now();
        let upload = load(&[SourceFile { name: file, bytes: &bytes }]);
        let dataset = Dataset::new(upload.tables, desc).expect("dataset");
        let load_ms = t.elapsed().as_secs_f64() * 1e3;
        let mut per_q = time_questions(&dataset, &qs);
        all.extend(per_q.iter().copied());
        per_q.sort_by(f64::total_cmp);
        let mean = per_q.iter().sum::<f64>() / per_q.len() as f64;
        println!(
            "{{\"suite\":\"{name}\",\"questions\":{},\"load_ms\":{load_ms:.1},\"mean_ms\":{mean:.2},\"median_ms\":{:.2},\"max_ms\":{:.2}}}",
            per_q.len(),
            per_q[per_q.len() / 2],
            per_q[per_q.len() - 1]
        );
    }
    all.sort_by(f64::total_cmp);
    println!(
        "{{\"suite\":\"all\",\"questions\":{},\"mean_ms\":{:.2},\"median_ms\":{:.2},\"p95_ms\":{:.2}}}",
        all.len(),
        all.iter().sum::<f64>() / all.len() as f64,
        all[all.len() / 2],
        all[all.len() * 95 / 100]
    );
}

/// Per-question medians over 5 rounds on one loaded dataset.
fn time_questions(dataset: &Dataset, qs: &[String]) -> Vec<f64> {
    qs.iter()
        .map(|q| {
            let mut times: Vec<f64> = (0..5)
                .map(|_| {
                    let t = Instant::now();
                    let _ = futures::executor::block_on(dataset.ask(&mut Conversation::default(), q));
                    t.elapsed().as_secs_f64() * 1e3
                })
                .collect();
            times.sort_by(f64::total_cmp);
            times[2]
        })
        .collect()
}

/// The blind suites (`tests/blind/*/dev.jsonl`) on their tables, grouped by table.
fn blind(questions: &str, data: &str) {
    let mut all = Vec::new();
    let mut suites: Vec<_> = std::fs::read_dir(questions)
        .expect("blind dir")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.join("dev.jsonl").is_file())
        .collect();
    suites.sort();
    for dir in suites {
        let suite = dir.file_name().expect("name").to_string_lossy().to_string();
        let mut by_table: std::collections::BTreeMap<String, Vec<String>> = Default::default();
        for line in std::fs::read_to_string(dir.join("dev.jsonl")).expect("dev.jsonl").lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line).expect("json");
            by_table
                .entry(v["table"].as_str().expect("table").to_string())
                .or_default()
                .push(v["question"].as_str().expect("question").to_string());
        }
        for (table, qs) in by_table {
            let bytes = std::fs::read(format!("{data}/{suite}/tables/{table}")).expect("table file (run the blind test once to fetch it)");
            let t = Instant::now();
            let upload = load(&[SourceFile { name: &table, bytes: &bytes }]);
            let dataset = Dataset::new(upload.tables, DatasetDescription::default()).expect("dataset");
            let load_ms = t.elapsed().as_secs_f64() * 1e3;
            let per_q = time_questions(&dataset, &qs);
            let mean = per_q.iter().sum::<f64>() / per_q.len() as f64;
            println!(
                "{{\"suite\":\"{suite}\",\"table\":\"{table}\",\"questions\":{},\"load_ms\":{load_ms:.1},\"mean_ms\":{mean:.2}}}",
                per_q.len()
            );
            all.extend(per_q);
        }
    }
    all.sort_by(f64::total_cmp);
    println!(
        "{{\"suite\":\"all\",\"questions\":{},\"mean_ms\":{:.2},\"median_ms\":{:.2},\"p95_ms\":{:.2}}}",
        all.len(),
        all.iter().sum::<f64>() / all.len() as f64,
        all[all.len() / 2],
        all[all.len() * 95 / 100]
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: bench_query OUT.csv [ROWS] | --suite QUESTIONS_DIR DATA_DIR");
    if path == "--suite" {
        let q = args.next().expect("questions dir");
        let d = args.next().expect("data dir");
        return suite(&q, &d);
    }
    if path == "--blind" {
        let q = args.next().expect("blind questions dir");
        let d = args.next().expect("blind cache dir");
        return blind(&q, &d);
    }
    let rows: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1_000_000);
    let regions = ["north", "south", "east", "west", "centre", "islands", "coast", "mountains"];
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&path).expect("create csv"));
        writeln!(f, "id,name,category,region,amount,year").expect("write");
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for i in 0..rows {
            // xorshift: deterministic, no dependency.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            writeln!(
                f,
                "{},name{},cat{},{},{:.2},{}",
                i + 1,
                x % (rows as u64 / 2).max(1),
                x % 50,
                regions[(x >> 8) as usize % 8],
                (x % 100_000) as f64 / 100.0,
                1990 + (x >> 16) % 35
            )
            .expect("write");
        }
    }
    let bytes = std::fs::read(&path).expect("read csv");
    let t = Instant::now();
    let upload = load(&[SourceFile { name: "sales.csv", bytes: &bytes }]);
    let t_ingest = t.elapsed().as_secs_f64();
    let dataset = Dataset::new(upload.tables, DatasetDescription::default()).expect("dataset");
    let t_load = t.elapsed().as_secs_f64();
    let mut out = vec![format!("\"rows\":{rows}"), format!("\"ingest_s\":{t_ingest:.3}"), format!("\"load_s\":{t_load:.3}")];
    for (name, q) in QUESTIONS {
        let mut times = Vec::new();
        let mut answer = None;
        for _ in 0..5 {
            let t = Instant::now();
            let a = futures::executor::block_on(dataset.ask(&mut Conversation::default(), q));
            times.push(t.elapsed().as_secs_f64());
            answer = Some(a);
        }
        times.sort_by(f64::total_cmp);
        let a = answer.expect("five runs");
        assert_eq!(a.route, tabletalk_shared::query::Route::Exact, "{q}: {}", a.answer);
        eprintln!("{name}: {}\n  SQL: {}", a.answer.chars().take(160).collect::<String>(), a.sql.as_deref().unwrap_or(""));
        out.push(format!("\"{name}_s\":{:.4}", times[2]));
    }
    println!("{{{}}}", out.join(","));
}
