//! Dense-index benchmark: build time, queries/s and recall@10 of the exact scan (f32, int8) and
//! HNSW at several `ef`, against exact ground truth; single-threaded, queries one at a time, each
//! at its best of three passes.
//!
//! `cargo run --release -p tabletalk-shared --example bench_ann -- [--vectors FILE.f32] [--dim 384]
//! [--n 100000] [--queries 1000] [--m 16] [--ef-construction 200] [--ef 32,64,128,256]
//! [--rust-cv] [--dump DIR]`
//!
//! `--vectors` reads raw little-endian f32s (`n + queries` rows of `dim`; the last `queries` rows
//! are held out as queries). Without it the vectors are synthetic (see [`synthetic`]). `--dump DIR`
//! writes `base.f32`, `queries.f32` and `meta.json` for `xtask/scripts/bench_faiss.py`. `--rust-cv`
//! adds rust-cv `hnsw` 0.11 with the same m and ef for comparison (docs/decisions.md, issue 3).

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rand_distr::StandardNormal;
use tabletalk_shared::index::{FlatIndex, Hit, HnswIndex, HnswParams, Storage};

struct Args {
    vectors: Option<PathBuf>,
    dim: usize,
    n: usize,
    queries: usize,
    m: usize,
    ef_construction: usize,
    efs: Vec<usize>,
    rust_cv: bool,
    dump: Option<PathBuf>,
}

fn args() -> Args {
    let mut a = Args {
        vectors: None,
        dim: 384,
        n: 100_000,
        queries: 1000,
        m: 16,
        ef_construction: 200,
        efs: vec![32, 64, 128, 256],
        rust_cv: false,
        dump: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--vectors" => a.vectors = Some(value().into()),
            "--dim" => a.dim = value().parse().expect("--dim"),
            "--n" => a.n = value().parse().expect("--n"),
            "--queries" => a.queries = value().parse().expect("--queries"),
            "--m" => a.m = value().parse().expect("--m"),
            "--ef-construction" => a.ef_construction = value().parse().expect("--ef-construction"),
            "--ef" => a.efs = value().split(',').map(|s| s.parse().expect("--ef")).collect(),
            "--rust-cv" => a.rust_cv = true,
            "--dump" => a.dump = Some(value().into()),
            other => panic!("unknown argument {other}"),
        }
    }
    a
}

/// Embedding-like vectors: 1,000 topics of Zipf-like sizes in a 48-dimensional subspace of 384,
/// a shared offset (real sentence embeddings are anisotropic: unrelated texts still score ≈ 0.2),
/// isotropic noise, then unit length.
fn synthetic(count: usize, dim: usize, seed: u64) -> Vec<f32> {
    const TOPICS: usize = 1000;
    const RANK: usize = 48;
    let mut rng = StdRng::seed_from_u64(seed);
    let normal = |rng: &mut StdRng| rng.sample::<f32, _>(StandardNormal);
    let basis: Vec<f32> = (0..RANK * dim).map(|_| normal(&mut rng) / (dim as f32).sqrt()).collect();
    let offset: Vec<f32> = (0..dim).map(|_| normal(&mut rng) * 0.55 / (dim as f32).sqrt()).collect();
    let topics: Vec<f32> = (0..TOPICS * RANK).map(|_| normal(&mut rng)).collect();
    // Topic t is drawn with weight 1/sqrt(t + 1).
    let weights: Vec<f64> = (0..TOPICS).map(|t| 1.0 / ((t + 1) as f64).sqrt()).collect();
    let total: f64 = weights.iter().sum();
    let cumulative: Vec<f64> = weights
        .iter()
        .scan(0.0, |acc, w| {
            *acc += w / total;
            Some(*acc)
        })
        .collect();
    let mut out = Vec::with_capacity(count * dim);
    let mut latent = [0.0f32; RANK];
    let mut v = vec![0.0f32; dim];
    for _ in 0..count {
        let u: f64 = rng.random();
        let t = cumulative.partition_point(|&c| c < u).min(TOPICS - 1);
        for (r, l) in latent.iter_mut().enumerate() {
            *l = topics[t * RANK + r] + 0.7 * normal(&mut rng);
        }
        for (d, x) in v.iter_mut().enumerate() {
            *x = offset[d] + 0.25 * normal(&mut rng) / (dim as f32).sqrt();
        }
        for (r, &l) in latent.iter().enumerate() {
            for (x, &b) in v.iter_mut().zip(&basis[r * dim..(r + 1) * dim]) {
                *x += l * b / (RANK as f32).sqrt();
            }
        }
        let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
        out.extend(v.iter().map(|x| x / norm));
    }
    out
}

fn read_f32s(path: &PathBuf) -> Vec<f32> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    bytes.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
}

fn write_f32s(path: &PathBuf, data: &[f32]) {
    let bytes: Vec<u8> = data.iter().flat_map(|x| x.to_le_bytes()).collect();
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

fn recall(truth: &[Vec<u32>], found: &[Vec<u32>]) -> f64 {
    let hits: usize = truth
        .iter()
        .zip(found)
        .map(|(t, f)| {
            let t: HashSet<&u32> = t.iter().collect();
            f.iter().filter(|i| t.contains(i)).count()
        })
        .sum();
    hits as f64 / truth.iter().map(Vec::len).sum::<usize>() as f64
}

fn ids(hits: Vec<Hit>) -> Vec<u32> {
    hits.into_iter().map(|h| h.id.0).collect()
}

struct Row {
    name: String,
    build_s: f64,
    qps: f64,
    recall: f64,
}

/// Timed passes over the queries. Each query counts at its fastest pass, so a query that was
/// descheduled by another process on this shared 2-core machine does not count against the index.
const PASSES: usize = 3;

/// Runs every query through `search`, one at a time, [`PASSES`] times; returns queries/s from the
/// sum of each query's best time, and the results.
fn run(queries: &[&[f32]], mut search: impl FnMut(&[f32]) -> Vec<u32>) -> (f64, Vec<Vec<u32>>) {
    let mut best = vec![f64::INFINITY; queries.len()];
    let mut found = Vec::new();
    for pass in 0..PASSES {
        for (i, q) in queries.iter().enumerate() {
            let start = Instant::now();
            let result = search(q);
            best[i] = best[i].min(start.elapsed().as_secs_f64());
            if pass == PASSES - 1 {
                found.push(result);
            }
        }
    }
    (queries.len() as f64 / best.iter().sum::<f64>(), found)
}

/// rust-cv `hnsw` needs an unsigned-integer distance: 1 - cosine as f32 bits (monotonic for x ≥ 0).
struct CosineBits;

impl space::Metric<Vec<f32>> for CosineBits {
    type Unit = u32;
    fn distance(&self, a: &Vec<f32>, b: &Vec<f32>) -> u32 {
        (1.0 - dot(a, b)).max(0.0).to_bits()
    }
}

/// The same 16-lane dot product as the library's (which is private), so the comparison is fair.
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut acc = [0.0f32; 16];
    for (x, y) in a.chunks_exact(16).zip(b.chunks_exact(16)) {
        for l in 0..16 {
            acc[l] += x[l] * y[l];
        }
    }
    let tail: f32 = a.chunks_exact(16).remainder().iter().zip(b.chunks_exact(16).remainder()).map(|(x, y)| x * y).sum();
    acc.iter().sum::<f32>() + tail
}

fn main() {
    let a = args();
    let dim = a.dim;
    let total = a.n + a.queries;
    let (data, source) = match &a.vectors {
        Some(path) => {
            let data = read_f32s(path);
            assert!(data.len() >= total * dim, "{} holds {} vectors of {dim}, need {total}", path.display(), data.len() / dim);
            (data[..total * dim].to_vec(), format!("{} (first {total} vectors)", path.display()))
        }
        None => (synthetic(total, dim, 42), "SYNTHETIC clustered vectors (1,000 topics, rank-48 structure)".to_string()),
    };
    let (base, query_data) = data.split_at(a.n * dim);
    let queries: Vec<&[f32]> = query_data.chunks_exact(dim).collect();
    eprintln!("data: {source}; n = {}, queries = {}, dim = {dim}", a.n, a.queries);

    if let Some(dir) = &a.dump {
        std::fs::create_dir_all(dir).expect("create dump dir");
        write_f32s(&dir.join("base.f32"), base);
        write_f32s(&dir.join("queries.f32"), query_data);
        let efs: Vec<String> = a.efs.iter().map(usize::to_string).collect();
        let meta = format!(
            "{{\"n\": {}, \"queries\": {}, \"dim\": {dim}, \"m\": {}, \"ef_construction\": {}, \"ef\": [{}], \"source\": \"{}\"}}\n",
            a.n,
            a.queries,
            a.m,
            a.ef_construction,
            efs.join(", "),
            source.replace('"', "'")
        );
        std::fs::write(dir.join("meta.json"), meta).expect("write meta.json");
        eprintln!("dumped to {}", dir.display());
    }

    let mut rows = Vec::new();

    // Exact f32 scan: also the ground truth.
    let start = Instant::now();
    let mut flat = FlatIndex::new(dim, Storage::F32).unwrap();
    for v in base.chunks_exact(dim) {
        flat.add(v).unwrap();
    }
    let build_s = start.elapsed().as_secs_f64();
    let (qps, truth) = run(&queries, |q| ids(flat.search(q, 10).unwrap()));
    let exact_qps = qps;
    rows.push(Row { name: "flat f32 (exact)".into(), build_s, qps, recall: 1.0 });
    // How embedding-like the data is: cosine of the 1st and 10th neighbours, and of random pairs.
    let top1: f32 = queries.iter().map(|q| flat.search(q, 1).unwrap()[0].score).sum::<f32>() / queries.len() as f32;
    let top10: f32 = queries.iter().map(|q| flat.search(q, 10).unwrap()[9].score).sum::<f32>() / queries.len() as f32;
    let random: f32 = (0..1000)
        .map(|i| {
            let (x, y) = (&base[(i * 7919 % a.n) * dim..][..dim], &base[(i * 104_729 % a.n) * dim..][..dim]);
            x.iter().zip(y).map(|(p, q)| p * q).sum::<f32>()
        })
        .sum::<f32>()
        / 1000.0;
    eprintln!("mean cosine: 1st neighbour {top1:.3}, 10th {top10:.3}, random pair {random:.3}");
    drop(flat);

    let start = Instant::now();
    let mut int8 = FlatIndex::new(dim, Storage::Int8).unwrap();
    for v in base.chunks_exact(dim) {
        int8.add(v).unwrap();
    }
    let build_s = start.elapsed().as_secs_f64();
    let (qps, found) = run(&queries, |q| ids(int8.search(q, 10).unwrap()));
    rows.push(Row { name: "flat int8".into(), build_s, qps, recall: recall(&truth, &found) });
    drop(int8);

    let params = HnswParams { m: a.m, ef_construction: a.ef_construction, ..HnswParams::default() };
    let start = Instant::now();
    let mut hnsw = HnswIndex::new(dim, params).unwrap();
    for v in base.chunks_exact(dim) {
        hnsw.add(v).unwrap();
    }
    let build_s = start.elapsed().as_secs_f64();
    for &ef in &a.efs {
        let (qps, found) = run(&queries, |q| ids(hnsw.search_with_ef(q, 10, ef).unwrap()));
        let name = format!("HNSW m={} efC={} ef={ef}", a.m, a.ef_construction);
        rows.push(Row { name, build_s, qps, recall: recall(&truth, &found) });
    }
    drop(hnsw);

    if a.rust_cv {
        // Same m (M0 = 2 m is fixed at 32 here), same ef_construction.
        assert_eq!(a.m, 16, "--rust-cv compares at m = 16 only (const generics)");
        let start = Instant::now();
        let mut h: hnsw::Hnsw<CosineBits, Vec<f32>, rand_pcg::Pcg64, 16, 32> =
            hnsw::Hnsw::new_params(CosineBits, hnsw::Params::new().ef_construction(a.ef_construction));
        let mut searcher = hnsw::Searcher::default();
        for v in base.chunks_exact(dim) {
            h.insert(v.to_vec(), &mut searcher);
        }
        let build_s = start.elapsed().as_secs_f64();
        for &ef in &a.efs {
            let (qps, found) = run(&queries, |q| {
                let mut dest = [space::Neighbor { index: !0, distance: !0u32 }; 10];
                h.nearest(&q.to_vec(), ef, &mut searcher, &mut dest).iter().map(|n| n.index as u32).collect()
            });
            let name = format!("rust-cv hnsw 0.11 m=16 efC={} ef={ef}", a.ef_construction);
            rows.push(Row { name, build_s, qps, recall: recall(&truth, &found) });
        }
    }

    println!("| index | build (s) | queries/s | × exact scan | recall@10 |");
    println!("|---|---:|---:|---:|---:|");
    for r in &rows {
        println!("| {} | {:.2} | {:.0} | {:.1}× | {:.4} |", r.name, r.build_s, r.qps, r.qps / exact_qps, r.recall);
    }
}
