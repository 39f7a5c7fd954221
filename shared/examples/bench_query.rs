//! The exact path on a 1,000,000-row CSV: load (parse, type, register with the engine) and three
//! questions (group-by, top-N, distinct count), each parsed, planned and run as the CLI does.
//! `cargo run --release -p tabletalk-shared --features query --example bench_query -- OUT.csv [ROWS]`
//! writes the CSV first (for the pandas reference, `xtask/scripts/bench_query_pandas.py`) and
//! prints one JSON line of medians.

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

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: bench_query OUT.csv [ROWS]");
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
            writeln!(f, "{},name{},cat{},{},{:.2},{}", i + 1, x % (rows as u64 / 2).max(1), x % 50, regions[(x >> 8) as usize % 8], (x % 100_000) as f64 / 100.0, 1990 + (x >> 16) % 35).expect("write");
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
