//! Time to first token and decode speed of the GGUF quantisations of a model, 1 and 2 threads.
//!
//! `cargo run --release -p tabletalk-llm --example bench_llm [-- --model NAME|DIR] [--reps N]`
//!
//! Candle reads its thread count once per process, so each (file, threads) pair runs in a child
//! process of this same binary (`--one FILE THREADS REPS`), which prints one JSON line.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use candle_core::quantized::gguf_file;
use candle_core::{Device, Tensor};
use candle_transformers::models::quantized_llama::ModelWeights;
use tabletalk_llm::chat_template::{ChatTemplate, Message, CHATML};
use tabletalk_llm::model_file::{model_roots, DEFAULT_MODEL};
use tabletalk_llm::tokenizer::TextCodec;

const PROMPT_TOKENS: usize = 300;
const NEW_TOKENS: usize = 128;
/// The shipped quantisation, which candle has no SIMD kernel for: the reference row.
const REFERENCE: &str = "Q4_1";

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--one") {
        let [_, file, threads, reps] = &args[..] else { bail!("--one FILE THREADS REPS") };
        return one(Path::new(file), threads.parse()?, reps.parse()?);
    }
    let mut model = DEFAULT_MODEL.to_string();
    let mut reps = 3usize;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--model" => model = it.next().context("--model NAME|DIR")?.clone(),
            "--reps" => reps = it.next().context("--reps N")?.parse()?,
            other => bail!("unknown argument {other}"),
        }
    }
    let dir = if Path::new(&model).is_dir() {
        PathBuf::from(&model)
    } else {
        model_roots()
            .into_iter()
            .map(|r| r.join(&model))
            .find(|d| d.is_dir())
            .with_context(|| format!("model {model} not found (fetch it with `cargo xtask models`)"))?
    };
    let mut files: Vec<PathBuf> = ["Q8_0", "Q4_0", REFERENCE]
        .iter()
        .filter_map(|q| {
            std::fs::read_dir(&dir)
                .ok()?
                .filter_map(|e| e.ok())
                .map(|e| e.path())
                .find(|p| p.to_string_lossy().ends_with(&format!(".{q}.gguf")))
        })
        .collect();
    files.dedup();
    let exe = std::env::current_exe()?;
    let mut rows = Vec::new();
    for file in &files {
        for threads in [1usize, 2] {
            eprintln!("bench_llm: {} with {threads} thread(s)…", file.display());
            let out = Command::new(&exe)
                .args(["--one", &file.to_string_lossy(), &threads.to_string(), &reps.to_string()])
                .env("RAYON_NUM_THREADS", threads.to_string())
                .env("CANDLE_NUM_THREADS", threads.to_string())
                .output()?;
            if !out.status.success() {
                bail!("child failed: {}", String::from_utf8_lossy(&out.stderr));
            }
            let line = String::from_utf8(out.stdout)?;
            let v: serde_json::Value = serde_json::from_str(line.trim())?;
            let quant = file.file_stem().unwrap().to_string_lossy().rsplit('.').next().unwrap_or("?").to_string();
            rows.push((quant, threads, v["ttft_ms"].as_f64().unwrap_or(0.0), v["decode_tps"].as_f64().unwrap_or(0.0)));
        }
    }
    println!("| file | threads | time to first token (ms) | decode (tokens/s) | TTFT vs {REFERENCE} | decode vs {REFERENCE} |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (quant, threads, ttft, tps) in &rows {
        let reference = rows.iter().find(|r| r.0 == REFERENCE && r.1 == *threads);
        let (rt, rd) = reference.map_or((f64::NAN, f64::NAN), |r| (r.2 / ttft, tps / r.3));
        println!("| {quant} | {threads} | {ttft:.0} | {tps:.1} | {rt:.2}× faster | {rd:.2}× |");
    }
    println!(
        "\n{PROMPT_TOKENS}-token prompt, {NEW_TOKENS} greedy tokens, median of {reps} runs after one warm-up; \
         `{}`",
        dir.display()
    );
    Ok(())
}

/// A chat prompt of exactly `PROMPT_TOKENS` tokens (table passages, like a retrieval prompt).
fn prompt(codec: &TextCodec) -> Result<Vec<u32>> {
    let passages: String = (1..=40)
        .map(|i| {
            format!(
                "Row {i}: the car model {i} has {} cylinders, weighs {} kg and was made in {}. ",
                4 + i % 5,
                900 + 37 * i,
                1970 + i % 13
            )
        })
        .collect();
    let messages = [Message { role: "user".into(), content: format!("{passages}\nWhich car is the heaviest?") }];
    let text = ChatTemplate::new(CHATML, "", "")?.render(&messages)?;
    let ids = codec.encode(&text)?;
    if ids.len() < PROMPT_TOKENS {
        bail!("prompt too short: {} tokens", ids.len());
    }
    Ok(ids[ids.len() - PROMPT_TOKENS..].to_vec())
}

fn argmax(logits: &Tensor) -> Result<u32> {
    let v: Vec<f32> = logits.squeeze(0)?.to_vec1()?;
    Ok(v.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)).map_or(0, |(i, _)| i as u32))
}

/// (time to first token, decode seconds for the remaining tokens) of one generation.
fn run(model: &mut ModelWeights, ids: &[u32]) -> Result<(f64, f64)> {
    let dev = Device::Cpu;
    let start = Instant::now();
    let mut next = argmax(&model.forward(&Tensor::new(ids, &dev)?.unsqueeze(0)?, 0)?)?;
    let ttft = start.elapsed().as_secs_f64();
    let decode = Instant::now();
    for i in 1..NEW_TOKENS {
        next = argmax(&model.forward(&Tensor::new(&[next], &dev)?.unsqueeze(0)?, ids.len() + i - 1)?)?;
    }
    Ok((ttft, decode.elapsed().as_secs_f64()))
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn one(file: &Path, _threads: usize, reps: usize) -> Result<()> {
    let mut f = std::fs::File::open(file)?;
    let content = gguf_file::Content::read(&mut f)?;
    let codec = TextCodec::from_gguf(&content)?;
    let ids = prompt(&codec)?;
    let mut model = ModelWeights::from_gguf(content, &mut f, &Device::Cpu)?;
    run(&mut model, &ids[..32])?; // warm-up: weight repacking, thread pool start
    let (mut ttfts, mut tps) = (Vec::new(), Vec::new());
    for _ in 0..reps.max(1) {
        let (ttft, decode) = run(&mut model, &ids)?;
        ttfts.push(ttft * 1000.0);
        tps.push((NEW_TOKENS - 1) as f64 / decode);
    }
    println!("{}", serde_json::json!({"ttft_ms": median(ttfts), "decode_tps": median(tps)}));
    Ok(())
}
