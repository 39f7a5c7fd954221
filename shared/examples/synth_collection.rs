//! A collection of N synthetic rows with random unit vectors (384-d, int8), for the edge
//! benchmark (xtask/scripts/bench_edge_synth.py, docs/benchmarks.md): search cost does not depend
//! on what the vectors mean, and embedding 50,000 rows on the 2-core VM takes most of an hour.
//!
//! `cargo run --release -p tabletalk-shared --no-default-features --example synth_collection -- 50000 OUT_DIR`

use std::collections::BTreeMap;

use rand::{Rng, SeedableRng};
use rand_distr::StandardNormal;
use tabletalk_shared::api::TablesPart;
use tabletalk_shared::index::{Collection, CollectionMeta, DenseKind};
use tabletalk_shared::schema::infer_table;
use tabletalk_shared::table::{ColumnHeader, Table, Value};
use tabletalk_shared::verbalise::Verbaliser;

const DIM: usize = 384;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(50_000);
    let out = std::path::PathBuf::from(args.get(2).map_or("synth", String::as_str));
    std::fs::create_dir_all(&out).expect("output directory");
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let cities = ["Lisbon", "Porto", "Madrid", "Paris", "Berlin", "Rome", "Vienna", "Prague", "Warsaw", "Oslo"];
    let kinds = ["library", "school", "clinic", "museum", "park", "station", "market", "theatre"];
    let columns = ["id", "name", "kind", "city", "year", "visitors"].map(ColumnHeader::single).to_vec();
    let rows: Vec<Vec<Value>> = (0..n)
        .map(|i| {
            let (k, c) = (kinds[rng.random_range(0..kinds.len())], cities[rng.random_range(0..cities.len())]);
            [
                format!("P{i:05}"),
                format!("{c} {k} {i}"),
                k.into(),
                c.into(),
                rng.random_range(1850..2025).to_string(),
                rng.random_range(100..900_000).to_string(),
            ]
            .into_iter()
            .map(Value::Text)
            .collect()
        })
        .collect();
    let table = Table { name: "bench".into(), file: "bench.csv".into(), columns, rows, ..Table::default() };
    let schema = infer_table(&table);
    let mut v = Verbaliser::with_static(&schema, &table);
    let mut templates = BTreeMap::new();
    templates.insert(table.name.clone(), v.template_source().to_string());
    let meta =
        CollectionMeta { model: "sentence-transformers/all-MiniLM-L6-v2".into(), dim: DIM, templates, created_at: "synthetic".into() };
    let mut c = Collection::new(meta, DenseKind::FlatInt8).expect("collection");
    let mut query = Vec::new();
    for (i, p) in v.passages(&table).enumerate() {
        let mut x: Vec<f32> = (0..DIM).map(|_| rng.sample::<f32, _>(StandardNormal)).collect();
        let norm = x.iter().map(|a| a * a).sum::<f32>().sqrt();
        x.iter_mut().for_each(|a| *a /= norm);
        if i == 0 {
            query = x.clone();
        }
        c.add(p, &x).expect("add");
    }
    std::fs::write(out.join("index.bin"), c.to_bytes().expect("bytes")).expect("write index");
    std::fs::write(
        out.join("tables.json"),
        serde_json::to_vec(&TablesPart { tables: vec![table], description: Default::default() }).expect("json"),
    )
    .expect("write tables");
    std::fs::write(out.join("query.json"), serde_json::to_vec(&query).expect("json")).expect("write query");
    eprintln!("{n} rows → {}", out.display());
}
