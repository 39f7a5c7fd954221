//! Verbaliser throughput on 1,000,000 generated rows of a 12-column table, in memory (no I/O):
//! `cargo run --release -p tabletalk-shared --example bench_verbalise [ROWS]`.

use std::time::Instant;

use tabletalk_shared::ingest::headers::table_from_grid;
use tabletalk_shared::ingest::Limits;
use tabletalk_shared::schema::infer_table;
use tabletalk_shared::table::{RowRef, Value};
use tabletalk_shared::verbalise::Verbaliser;

fn main() {
    let rows: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1_000_000);
    let header = ["id", "name", "city", "date", "amount", "share", "member", "count", "score", "code", "category", "note"];
    let cities = ["Barcelona", "Madrid", "Valencia", "Sevilla", "Bilbao", "Girona", "Lleida", "Tarragona"];
    let row = |i: usize| -> Vec<String> {
        vec![
            (i + 1).to_string(),
            format!("Person {}", i % 5000),
            cities[i % 8].to_string(),
            format!("2024-{:02}-{:02}", i % 12 + 1, i % 28 + 1),
            format!("{:.2}", (i * 37 % 100_000) as f64 / 100.0),
            format!("{}%", i % 100),
            if i.is_multiple_of(3) { "no" } else { "yes" }.to_string(),
            (i % 17).to_string(),
            format!("{}", (i % 1000) as f64 / 10.0),
            format!("C{}", i % 977),
            format!("cat{}", i % 5),
            format!("note {}", i % 13),
        ]
    };
    let mut grid = vec![header.iter().map(|s| s.to_string()).collect::<Vec<_>>()];
    grid.extend((0..10_000).map(row));
    let sample = table_from_grid("bench.csv", "bench", grid, &Limits::default(), &mut Vec::new()).expect("table");
    let schema = infer_table(&sample);
    let data: Vec<Vec<Value>> = (0..rows).map(|i| row(i).into_iter().map(Value::Text).collect()).collect();
    let mut v = Verbaliser::with_static(&schema, &sample);
    let mut text = String::with_capacity(1024);
    let mut bytes = 0usize;
    let start = Instant::now();
    for r in &data {
        v.fill_into(r, &mut text);
        bytes += text.len();
    }
    let secs = start.elapsed().as_secs_f64();
    let p = v.passage(RowRef(1), &data[0]);
    eprintln!("example: {}", p.text);
    println!("{{\"rows\":{rows},\"seconds\":{secs:.3},\"rows_per_s\":{:.0},\"mb_out\":{:.1}}}", rows as f64 / secs, bytes as f64 / 1e6);
}
