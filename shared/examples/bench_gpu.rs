//! Rows/s of the wgpu encoder and the candle CPU encoder side by side, at several batch sizes,
//! with the work done (FLOPs, bytes) and how close each gets to the hardware floor.
//!
//! `cargo run --release -p tabletalk-shared --features gpu --example bench_gpu -- MODEL_DIR SENTENCES [N] [BATCHES] [PATHS]`
//! N: sentences timed (default 128, cycling the file); BATCHES: e.g. `1,8,32,128`; PATHS: `gpu,cpu`.
//! `PRECISION=f32|f16|auto` picks the GPU weights' type (default f32). Peaks for the floor:
//! `PEAK_GFLOPS` (f32 FMA throughput of the device) and `PEAK_GBS` (memory bandwidth); without
//! them the floor column is left out. One JSON line per (path, batch).

use std::time::Instant;

use tabletalk_shared::embed::{agreement, length_sorted_batches, Device, Embedder, ModelFiles, Precision};

#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// MiniLM-L6's shape (read from config.json would be more general; the bench is for this model).
struct Shape {
    hidden: f64,
    inter: f64,
    layers: f64,
}

/// FLOPs and minimum bytes moved for embedding sentences of `lengths` in batches of `batch`,
/// as the GPU kernels do it: matmuls over padded rows, attention over real keys only.
fn work(s: &Shape, lengths: &[usize], batch: usize, weight_bytes: f64) -> (f64, f64) {
    let (mut flops, mut bytes) = (0.0, 0.0);
    for b in length_sorted_batches(lengths, batch) {
        let width = b.items.iter().map(|&i| lengths[i]).max().unwrap_or(1) as f64;
        let tokens = b.items.len() as f64 * width;
        let matmul = 2.0 * tokens * (4.0 * s.hidden * s.hidden + 2.0 * s.hidden * s.inter);
        let attention: f64 = b.items.iter().map(|&i| 4.0 * width * lengths[i] as f64 * s.hidden).sum();
        flops += s.layers * (matmul + attention);
        // Weights once per pass; per layer each activation is written once and read once
        // (x, qkv, context, two linear outputs, attended, intermediate): ≈ 2 × (9h + i) floats.
        bytes += weight_bytes + s.layers * tokens * 4.0 * 2.0 * (9.0 * s.hidden + s.inter);
    }
    (flops, bytes)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(model), Some(sentences)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: bench_gpu MODEL_DIR SENTENCES [N] [BATCHES] [PATHS]");
        std::process::exit(2);
    };
    let n: usize = args.get(3).and_then(|v| v.parse().ok()).unwrap_or(128);
    let batches: Vec<usize> = args.get(4).map_or("1,8,32,128", String::as_str).split(',').filter_map(|b| b.parse().ok()).collect();
    let paths: Vec<&str> = args.get(5).map_or("gpu,cpu", String::as_str).split(',').collect();
    let precision: Precision = std::env::var("PRECISION").ok().and_then(|p| p.parse().ok()).unwrap_or(Precision::F32);
    let peak_gflops: Option<f64> = std::env::var("PEAK_GFLOPS").ok().and_then(|v| v.parse().ok());
    let peak_gbs: Option<f64> = std::env::var("PEAK_GBS").ok().and_then(|v| v.parse().ok());

    let text = std::fs::read_to_string(sentences).expect("reading sentences");
    let all: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let lines: Vec<&str> = all.iter().cycle().take(n).copied().collect();
    let files = ModelFiles::read_dir(std::path::Path::new(model)).expect("model files");
    let cpu = Embedder::load(&files).expect("model");
    let lengths: Vec<usize> = lines.iter().map(|l| cpu.token_count(l).unwrap().min(cpu.settings().max_tokens)).collect();
    let tokens: usize = lengths.iter().sum();
    let shape = Shape { hidden: 384.0, inter: 1536.0, layers: 6.0 };
    let reference = cpu.embed(&lines, 32, &mut |_| {}).unwrap();

    for path in paths {
        let embedder = match path {
            "gpu" => Embedder::load_on(&files, Device::Gpu, precision).expect("GPU path"),
            _ => Embedder::load(&files).expect("model"),
        };
        let report = embedder.device();
        let weight_bytes = if report.precision == Some(Precision::F16) { 2.0 } else { 4.0 } * 10.6e6;
        for &batch in &batches {
            // Warm-up at this batch size: buffers grow, pipelines and caches warm.
            embedder.embed(&lines[..batch.min(lines.len())], batch, &mut |_| {}).unwrap();
            let start = Instant::now();
            let out = embedder.embed(&lines, batch, &mut |_| {}).unwrap();
            let secs = start.elapsed().as_secs_f64();
            let (max_abs, min_cos) = agreement(&reference.data, &out.data, out.dim);
            let (flops, bytes) = work(&shape, &lengths, batch, weight_bytes);
            let floor = match (peak_gflops, peak_gbs) {
                (Some(f), Some(b)) => {
                    let t = (flops / (f * 1e9)).max(bytes / (b * 1e9));
                    format!(", \"floor_seconds\": {t:.3}, \"of_floor\": {:.3}", t / secs)
                }
                _ => String::new(),
            };
            println!(
                "{{\"path\": \"{}\", \"adapter\": {:?}, \"precision\": {:?}, \"batch\": {batch}, \"sentences\": {}, \"tokens\": {tokens}, \"seconds\": {secs:.3}, \"rows_per_s\": {:.1}, \"gflop_per_s\": {:.1}, \"gb_per_s\": {:.2}, \"max_abs_vs_cpu\": {max_abs:.2e}, \"min_cosine_vs_cpu\": {min_cos:.7}{floor}}}",
                report.device,
                report.adapter.as_deref().unwrap_or("cpu"),
                report.precision.unwrap_or(Precision::F32),
                lines.len(),
                lines.len() as f64 / secs,
                flops / secs / 1e9,
                bytes / secs / 1e9,
            );
        }
    }
}
