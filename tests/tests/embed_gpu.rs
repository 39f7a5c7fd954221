//! The wgpu encoder (WGSL kernels) against candle's CPU encoder on the same real weights and real
//! sentences (verbalised table rows, tests/fixtures/embeddings/sentences.txt: a spread of lengths
//! and both sentences past the 256-token limit). Natively this runs on whatever adapter wgpu finds:
//! lavapipe (Mesa's Vulkan on the CPU) in CI, which `cargo xtask tools` installs. Lavapipe embeds
//! about one sentence a second, so each test takes a sample, not all 225 (docs/decisions.md, CI time).
//!
//! With no adapter at all the tests say so loudly and pass, unless TABLETALK_REQUIRE_GPU=1
//! (set by `cargo xtask test`), where a missing adapter is a failure.

use tabletalk_shared::embed::gpu::GpuContext;
use tabletalk_shared::embed::{agreement, Device, Embedder, Embeddings, ModelFiles, Precision};
use tabletalk_tests::{committed, model};

fn minilm() -> ModelFiles {
    ModelFiles::read_dir(&model("all-MiniLM-L6-v2")).unwrap()
}

fn sentences() -> Vec<String> {
    let text = std::fs::read_to_string(committed("embeddings/sentences.txt")).unwrap();
    text.lines().map(str::to_string).collect()
}

/// Every `step`-th sentence, and with `long` the two past the 256-token limit (lines 222 and 223):
/// the same kernels run for every sentence, so a spread of lengths covers them.
fn sample(texts: &[String], step: usize, long: bool) -> Vec<&str> {
    let past_limit: Vec<&String> = texts.iter().filter(|t| t.len() > 3000).collect();
    assert_eq!(past_limit.len(), 2, "sentences.txt keeps its two sentences past the token limit");
    let past_limit = past_limit.into_iter().filter(|_| long);
    texts.iter().step_by(step).filter(|t| t.len() <= 3000).chain(past_limit).map(String::as_str).collect()
}

/// Whether an adapter with `precision` exists; otherwise why not (after the loud skip message).
fn adapter(precision: Precision) -> Option<String> {
    match futures_block_on(GpuContext::open(precision)) {
        Ok(ctx) => Some(ctx.adapter.name),
        Err(e) => {
            let required = std::env::var("TABLETALK_REQUIRE_GPU").is_ok_and(|v| v == "1");
            assert!(!required, "TABLETALK_REQUIRE_GPU=1 but no usable adapter: {e}");
            eprintln!(
                "\n=== SKIPPED: no wgpu adapter ({} weights): {e}. Install mesa-vulkan-drivers (lavapipe). ===\n",
                precision.as_str()
            );
            None
        }
    }
}

/// The tests have no async runtime: natively the GPU futures are ready after wgpu's poll.
fn futures_block_on<F: std::future::Future>(f: F) -> F::Output {
    let mut f = std::pin::pin!(f);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return v;
        }
        std::thread::yield_now();
    }
}

/// Every vector: max |Δ| and cosine against the CPU path; returns (max |Δ|, lowest cosine).
fn compare(cpu: &Embeddings, gpu: &Embeddings) -> (f32, f32) {
    assert_eq!(cpu.len(), gpu.len());
    assert_eq!(cpu.truncated, gpu.truncated, "truncation is the tokenizer's, the same on both paths");
    agreement(&cpu.data, &gpu.data, cpu.dim)
}

#[test]
fn gpu_f32_matches_the_cpu_path_on_real_sentences() {
    let Some(name) = adapter(Precision::F32) else { return };
    let texts = sentences();
    assert!(texts.len() >= 200);
    let texts = sample(&texts, 24, true);
    let files = minilm();
    let cpu = Embedder::load(&files).unwrap().embed(&texts, 4, &mut |_| {}).unwrap();
    let gpu = Embedder::load_on(&files, Device::Gpu, Precision::F32).unwrap();
    let report = gpu.device();
    assert_eq!((report.device, report.precision), (Device::Gpu, Some(Precision::F32)), "{report:?}");
    let mut calls = 0;
    let out = gpu.embed(&texts, 4, &mut |_| calls += 1).unwrap();
    assert_eq!(calls, texts.len().div_ceil(4));
    assert_eq!(gpu.device().device, Device::Gpu, "no fallback happened: {:?}", gpu.device());
    let (max_abs, min_cos) = compare(&cpu, &out);
    eprintln!("{name}, f32: {} sentences, max |Δ| {max_abs:.2e}, lowest cosine {min_cos:.7}", texts.len());
    assert!(max_abs <= 1e-4, "max |Δ| {max_abs}");
    assert!(min_cos >= 0.9999, "cosine {min_cos}");
}

#[test]
fn gpu_f16_stays_within_its_stated_bound() {
    let Some(name) = adapter(Precision::F16) else { return };
    let texts = sentences();
    let texts = sample(&texts, 48, false);
    let files = minilm();
    let cpu = Embedder::load(&files).unwrap().embed(&texts, 4, &mut |_| {}).unwrap();
    let gpu = Embedder::load_on(&files, Device::Gpu, Precision::F16).unwrap();
    assert_eq!(gpu.device().precision, Some(Precision::F16));
    let out = gpu.embed(&texts, 4, &mut |_| {}).unwrap();
    let (max_abs, min_cos) = compare(&cpu, &out);
    eprintln!("{name}, f16 weights: max |Δ| {max_abs:.2e}, lowest cosine {min_cos:.7}");
    // The f16 bound (embed/device.rs SelfCheckBounds, docs/benchmarks.md): weights rounded to 11
    // bits; observed on lavapipe: max |Δ| 1.4e-4, cosine 0.9999993.
    assert!(max_abs <= 1e-3 && min_cos >= 0.9995, "max |Δ| {max_abs}, cosine {min_cos}");
}

#[test]
fn gpu_batches_of_any_size_give_the_same_vectors() {
    if adapter(Precision::F32).is_none() {
        return;
    }
    let texts = sentences();
    // Varied lengths: buffers grow and are reused (the f32 test covers the truncated ones).
    let texts = sample(&texts, 45, false);
    let gpu = Embedder::load_on(&minilm(), Device::Gpu, Precision::F32).unwrap();
    let whole = gpu.embed(&texts, texts.len(), &mut |_| {}).unwrap();
    for batch in [1, 2, 3] {
        let out = gpu.embed(&texts, batch, &mut |_| {}).unwrap();
        let (max_abs, _) = agreement(&whole.data, &out.data, whole.dim);
        assert!(max_abs <= 1e-5, "batch {batch}: max |Δ| {max_abs}");
    }
    let (one, _) = gpu.embed_one(texts[0]).unwrap();
    assert!(agreement(&one, whole.get(0).unwrap(), whole.dim).0 <= 1e-5);
}

#[test]
fn auto_skips_software_adapters_and_says_why() {
    let Some(_) = adapter(Precision::Auto) else { return };
    let files = minilm();
    let ctx = futures_block_on(GpuContext::open(Precision::Auto)).unwrap();
    let auto = Embedder::load_on(&files, Device::Auto, Precision::Auto).unwrap();
    let report = auto.device();
    if ctx.adapter.software {
        assert_eq!(report.device, Device::Cpu);
        assert!(report.fallback.as_deref().is_some_and(|r| r.contains("software")), "{report:?}");
    } else {
        assert_eq!(report.device, Device::Gpu, "{report:?}");
    }
    let cpu = Embedder::load_on(&files, Device::Cpu, Precision::Auto).unwrap();
    assert_eq!(cpu.device().device, Device::Cpu);
    assert_eq!(cpu.device().fallback, None);
}
