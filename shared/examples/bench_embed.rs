//! Embedding throughput of the candle embedder on a file of sentences (one per line).
//!
//! `cargo run --release -p tabletalk-shared --features embed --example bench_embed -- MODEL_DIR SENTENCES [BATCH]`
//! Prints one JSON line: sentences, seconds, sentences/s, tokens. `cargo xtask bench embed` runs it
//! beside sentence-transformers on the same file.

use std::time::Instant;

use tabletalk_shared::embed::{Embedder, ModelFiles};

// As in the CLI (see cli/Cargo.toml): the allocator matters for embedding throughput.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(model), Some(sentences)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: bench_embed MODEL_DIR SENTENCES [BATCH]");
        std::process::exit(2);
    };
    let batch: usize = args.get(3).and_then(|b| b.parse().ok()).unwrap_or(32);
    let text = std::fs::read_to_string(sentences).expect("reading sentences");
    let lines: Vec<&str> = text.lines().collect();
    let embedder = Embedder::load(&ModelFiles::read_dir(std::path::Path::new(model)).expect("model files")).expect("model");
    let tokens: usize = lines.iter().map(|l| embedder.token_count(l).unwrap().min(embedder.settings().max_tokens)).sum();
    // Warm-up: first-touch allocations and thread-pool start are not throughput.
    embedder.embed(&lines[..lines.len().min(batch)], batch, &mut |_| {}).unwrap();
    let start = Instant::now();
    let out = embedder.embed(&lines, batch, &mut |_| {}).unwrap();
    let secs = start.elapsed().as_secs_f64();
    assert_eq!(out.len(), lines.len());
    println!(
        "{{\"sentences\": {}, \"tokens\": {tokens}, \"batch\": {batch}, \"seconds\": {secs:.3}, \"per_second\": {:.1}}}",
        lines.len(),
        lines.len() as f64 / secs
    );
}
