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
    /// Which benchmark: only `verbalise` for now.
    #[arg(default_value = "verbalise")]
    which: String,
    #[arg(long, default_value_t = 1_000_000)]
    rows: usize,
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
            i + 1, i % 5000, cities[i % 8], i % 12 + 1, i % 28 + 1, (i * 37 % 100_000) as f64 / 100.0,
            i % 100, if i % 3 == 0 { "no" } else { "yes" }, i % 17, (i % 1000) as f64 / 10.0, i % 977, i % 5, i % 13
        )?;
    }
    Ok(())
}

pub fn run(a: Args) -> Result<()> {
    if a.which != "verbalise" {
        bail!("unknown benchmark {:?} (try `verbalise`)", a.which);
    }
    let root = root();
    let dir = root.join(".cache/bench");
    std::fs::create_dir_all(&dir)?;
    let status = Command::new("cargo").current_dir(&root).args(["build", "--release", "-p", "tabletalk", "-p", "tabletalk-shared", "--example", "bench_verbalise"]).status()?;
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
    let (cli_s, cli_rss, _) = timed(Command::new(root.join("target/release/tabletalk")).args(["verbalise", csv.to_str().unwrap(), "--out", out.to_str().unwrap()]))?;
    let (py_s, py_rss, _) = timed(Command::new("python3").args([root.join("xtask/scripts/reference_verbalise.py").to_str().unwrap(), csv.to_str().unwrap(), out.to_str().unwrap()]))?;
    let rows = a.rows as f64;
    println!("input: {} rows × 12 columns, {mb:.0} MB CSV", a.rows);
    println!("in-memory verbaliser: {mem_json}(peak RSS {} MB, includes the generated rows)", mem_rss >> 20);
    println!();
    println!("| run | seconds | rows/s | peak RSS (MB) | ratio vs reference |");
    println!("|---|---:|---:|---:|---:|");
    println!("| tabletalk verbalise (release, CSV → JSONL) | {cli_s:.2} | {:.0} | {} | {:.2}× |", rows / cli_s, cli_rss >> 20, py_s / cli_s);
    println!("| reference: CPython csv + str.format (same output shape) | {py_s:.2} | {:.0} | {} | 1.00× |", rows / py_s, py_rss >> 20);
    Ok(())
}
