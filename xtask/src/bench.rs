//! Benchmarks with a reference run side by side; prints a Markdown table for docs/benchmarks.md.
//!
//! `cargo xtask bench verbalise [--rows N]`: (1) the verbaliser alone, in memory; (2) the release
//! CLI streaming a generated 12-column CSV to JSONL, with peak memory; (3) CPython's csv module
//! doing the same fill, as the reference.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{bail, Context, Result};

#[derive(clap::Args)]
pub struct Args {
    /// Which benchmark: `verbalise` or `embed`.
    #[arg(default_value = "verbalise")]
    which: String,
    #[arg(long, default_value_t = 1_000_000)]
    rows: usize,
    /// `embed`: sentences per batch, on both sides.
    #[arg(long, default_value_t = 32)]
    batch: usize,
    /// `embed`: rounds, alternating the two sides (the machine is shared and noisy).
    #[arg(long, default_value_t = 3)]
    rounds: usize,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root").to_path_buf()
}

/// Runs a command and returns (seconds, peak RSS in bytes) from the kernel's accounting.
fn timed(cmd: &mut Command) -> Result<(f64, u64, String)> {
    let start = Instant::now();
    let child = cmd.stdout(Stdio::piped()).stderr(Stdio::null()).spawn().context("spawning")?;
    let pid = child.id() as libc::pid_t;
    let stdout = child.stdout.context("stdout")?;
    let reader = std::thread::spawn(move || std::io::read_to_string(stdout).unwrap_or_default());
    let mut status = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: pid is our own child; wait4 writes plain data into `usage`.
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let secs = start.elapsed().as_secs_f64();
    if r != pid || status != 0 {
        bail!("benchmark command failed: {cmd:?}");
    }
    Ok((secs, usage.ru_maxrss as u64 * 1024, reader.join().unwrap_or_default()))
}

fn generate_csv(path: &Path, rows: usize) -> Result<()> {
    use std::io::Write;
    let mut w = std::io::BufWriter::new(std::fs::File::create(path)?);
    writeln!(w, "id,name,city,date,amount,share,member,count,score,code,category,note")?;
    let cities = ["Barcelona", "Madrid", "Valencia", "Sevilla", "Bilbao", "Girona", "Lleida", "Tarragona"];
    for i in 0..rows {
        writeln!(
            w,
            "{},Person {},{},2024-{:02}-{:02},{:.2},{}%,{},{},{},C{},cat{},note {}",
            i + 1,
            i % 5000,
            cities[i % 8],
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
        )?;
    }
    Ok(())
}

pub fn run(a: Args) -> Result<()> {
    match a.which.as_str() {
        "verbalise" => verbalise(a),
        "embed" => embed(a),
        other => bail!("unknown benchmark {other:?} (try `verbalise` or `embed`)"),
    }
}

/// 2,000 verbalised rows of real tables, round-robin over the tables so every shape is in.
fn bench_sentences(root: &Path, path: &Path) -> Result<usize> {
    const TABLES: &[&str] = &[
        "cars.json",
        "airports.csv",
        "seattle-weather.csv",
        "la-riots.csv",
        "iowa-electricity.csv",
        "us-employment.csv",
        "barley.json",
        "stocks.csv",
    ];
    let mut lists = Vec::new();
    for t in TABLES {
        let out = Command::new(root.join("target/release/tabletalk"))
            .args(["verbalise", "--format", "txt"])
            .arg(root.join(".cache/fixtures/vega").join(t))
            .stderr(Stdio::null())
            .output()?;
        lists.push(String::from_utf8(out.stdout)?.lines().map(str::to_string).collect::<Vec<_>>());
    }
    let mut picked = Vec::new();
    for i in 0.. {
        if picked.len() == 2000 || lists.iter().all(|l| i >= l.len()) {
            break;
        }
        picked.extend(lists.iter().filter_map(|l| l.get(i).cloned()).take(2000 - picked.len()));
    }
    std::fs::write(path, picked.join("\n") + "\n")?;
    Ok(picked.len())
}

/// candle (release, this crate's embedder) vs sentence-transformers on PyTorch CPU, same
/// sentences, same batch size, both warmed up; rounds alternate so drift hits both sides.
fn embed(a: Args) -> Result<()> {
    let root = root();
    let python = root.join(".cache/refvenv/bin/python");
    if !python.is_file() {
        bail!(
            "the reference needs sentence-transformers: python3 -m venv .cache/refvenv && \
             .cache/refvenv/bin/pip install sentence-transformers (several GB with PyTorch)"
        );
    }
    let status = Command::new("cargo")
        .current_dir(&root)
        .args([
            "build",
            "--release",
            "-p",
            "tabletalk",
            "-p",
            "tabletalk-shared",
            "--features",
            "tabletalk-shared/embed",
            "--example",
            "bench_embed",
        ])
        .status()?;
    if !status.success() {
        bail!("release build failed");
    }
    let dir = root.join(".cache/bench");
    std::fs::create_dir_all(&dir)?;
    let sentences = dir.join("sentences-2000.txt");
    let n = bench_sentences(&root, &sentences)?;
    let model = root.join(".cache/models/all-MiniLM-L6-v2");
    let batch = a.batch.to_string();
    let per_second = |json: &str| -> Result<f64> {
        let line = json.lines().last().unwrap_or_default();
        let key = "\"per_second\": ";
        let at = line.find(key).with_context(|| format!("no per_second in {line:?}"))? + key.len();
        Ok(line[at..].trim_end_matches('}').split(',').next().unwrap_or_default().trim().parse()?)
    };
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for round in 1..=a.rounds {
        let (_, rss_c, out_c) =
            timed(Command::new(root.join("target/release/examples/bench_embed")).arg(&model).arg(&sentences).arg(&batch))?;
        let (_, rss_p, out_p) = timed(
            Command::new(&python)
                .arg(root.join("xtask/scripts/bench_embed_st.py"))
                .arg(&model)
                .arg(&sentences)
                .arg(&batch)
                .env("CUDA_VISIBLE_DEVICES", ""),
        )?;
        let (c, p) = (per_second(&out_c)?, per_second(&out_p)?);
        eprintln!("round {round}: candle {c:.1}/s ({} MB), sentence-transformers {p:.1}/s ({} MB)", rss_c >> 20, rss_p >> 20);
        ours.push((c, rss_c));
        theirs.push((p, rss_p));
    }
    let best = |v: &[(f64, u64)]| v.iter().cloned().fold((0.0, 0), |a, b| if b.0 > a.0 { b } else { a });
    let median = |v: &[(f64, u64)]| {
        let mut s: Vec<f64> = v.iter().map(|x| x.0).collect();
        s.sort_by(f64::total_cmp);
        s[s.len() / 2]
    };
    let (bc, rc) = best(&ours);
    let (bp, rp) = best(&theirs);
    println!("input: {n} verbalised rows of 8 real tables (vega_datasets), batch {}, {} rounds", a.batch, a.rounds);
    println!();
    println!("| run | sentences/s (best) | sentences/s (median) | peak RSS (MB) | ratio (median) |");
    println!("|---|---:|---:|---:|---:|");
    println!(
        "| candle embedder (release, AVX-512 gemm, mimalloc) | {bc:.1} | {:.1} | {} | {:.2}× |",
        median(&ours),
        rc >> 20,
        median(&ours) / median(&theirs)
    );
    println!("| reference: sentence-transformers, PyTorch CPU | {bp:.1} | {:.1} | {} | 1.00× |", median(&theirs), rp >> 20);
    Ok(())
}

fn verbalise(a: Args) -> Result<()> {
    let root = root();
    let dir = root.join(".cache/bench");
    std::fs::create_dir_all(&dir)?;
    let status = Command::new("cargo")
        .current_dir(&root)
        .args(["build", "--release", "-p", "tabletalk", "-p", "tabletalk-shared", "--example", "bench_verbalise"])
        .status()?;
    if !status.success() {
        bail!("release build failed");
    }
    let csv = dir.join(format!("gen-{}.csv", a.rows));
    if !csv.exists() {
        generate_csv(&csv, a.rows)?;
    }
    let mb = std::fs::metadata(&csv)?.len() as f64 / 1e6;
    let (_, mem_rss, mem_json) = timed(Command::new(root.join("target/release/examples/bench_verbalise")).arg(a.rows.to_string()))?;
    let out = dir.join("out.jsonl");
    let (cli_s, cli_rss, _) = timed(Command::new(root.join("target/release/tabletalk")).args([
        "verbalise",
        csv.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]))?;
    let (py_s, py_rss, _) = timed(Command::new("python3").args([
        root.join("xtask/scripts/reference_verbalise.py").to_str().unwrap(),
        csv.to_str().unwrap(),
        out.to_str().unwrap(),
    ]))?;
    let rows = a.rows as f64;
    println!("input: {} rows × 12 columns, {mb:.0} MB CSV", a.rows);
    println!("in-memory verbaliser: {mem_json}(peak RSS {} MB, includes the generated rows)", mem_rss >> 20);
    println!();
    println!("| run | seconds | rows/s | peak RSS (MB) | ratio vs reference |");
    println!("|---|---:|---:|---:|---:|");
    println!(
        "| tabletalk verbalise (release, CSV → JSONL) | {cli_s:.2} | {:.0} | {} | {:.2}× |",
        rows / cli_s,
        cli_rss >> 20,
        py_s / cli_s
    );
    println!("| reference: CPython csv + str.format (same output shape) | {py_s:.2} | {:.0} | {} | 1.00× |", rows / py_s, py_rss >> 20);
    Ok(())
}
