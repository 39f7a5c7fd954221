//! Retrieval quality on real tables: hit@1 and hit@5 of row-lookup questions for raw rows, the
//! static template with leaf names and the static template with header paths, each searched dense,
//! lexical and hybrid. Run through `cargo xtask eval-retrieval` (release build); see docs/retrieval.md.
//!
//! ```text
//! eval_retrieval [--smoke] [--no-proposal] [--passages N] [--questions N] [--seed N] [--misses N]
//!                [--write-doc PATH] [--date YYYY-MM-DD] [--command TEXT]
//! ```
//!
//! Prints the Markdown results to stdout and progress to stderr; with `--write-doc` it also puts
//! them between the `<!-- eval-retrieval:begin -->` / `<!-- eval-retrieval:end -->` markers of PATH.

// Shared with tests/eval_smoke.rs, which uses parts this binary does not.
#[allow(dead_code)]
#[path = "eval_retrieval/harness.rs"]
mod harness;

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use harness::Options;

const BEGIN: &str = "<!-- eval-retrieval:begin -->";
const END: &str = "<!-- eval-retrieval:end -->";

struct Args {
    options: Options,
    smoke: bool,
    write_doc: Option<PathBuf>,
    date: Option<String>,
    command: String,
}

fn parse_args() -> Result<Args> {
    let mut args = std::env::args().skip(1);
    let (mut smoke, mut no_proposal) = (false, false);
    let (mut passages, mut questions, mut seed, mut misses) = (None, None, None, 0usize);
    let (mut write_doc, mut date, mut command) = (None, None, None);
    while let Some(a) = args.next() {
        let mut value = || args.next().with_context(|| format!("{a} needs a value"));
        match a.as_str() {
            "--smoke" => smoke = true,
            "--no-proposal" => no_proposal = true,
            "--passages" => passages = Some(value()?.parse::<usize>().context("--passages")?),
            "--questions" => questions = Some(value()?.parse::<usize>().context("--questions")?),
            "--seed" => seed = Some(value()?.parse::<u64>().context("--seed")?),
            "--misses" => misses = value()?.parse::<usize>().context("--misses")?,
            "--write-doc" => write_doc = Some(PathBuf::from(value()?)),
            "--date" => date = Some(value()?),
            "--command" => command = Some(value()?),
            "-h" | "--help" => {
                println!(
                    "eval_retrieval [--smoke] [--no-proposal] [--passages N] [--questions N] [--seed N] [--misses N] \
                     [--write-doc PATH] [--date YYYY-MM-DD] [--command TEXT]"
                );
                std::process::exit(0);
            }
            other => bail!("unknown argument {other:?} (try --help)"),
        }
    }
    let mut options = if smoke { Options::smoke() } else { Options::full() };
    if let Some(p) = passages {
        options.max_passages = p;
    }
    if let Some(q) = questions {
        options.max_questions = q;
    }
    if let Some(s) = seed {
        options.seed = s;
    }
    options.show_misses = misses;
    if no_proposal {
        options.proposal = false;
    }
    let command = command.unwrap_or_else(|| {
        let rest: Vec<String> = std::env::args().skip(1).collect();
        format!("cargo run --release -p tabletalk-tests --example eval_retrieval -- {}", rest.join(" ")).trim_end().to_string()
    });
    Ok(Args { options, smoke, write_doc, date, command })
}

fn main() -> Result<()> {
    let args = parse_args()?;
    let start = Instant::now();
    let embedder = harness::load_embedder()?;
    eprintln!("model {} loaded in {:.1} s", embedder.name(), start.elapsed().as_secs_f64());
    let report = harness::run(&args.options, &embedder)?;
    let total = start.elapsed().as_secs_f64();

    let date = args.date.clone().unwrap_or_else(today);
    let mut block = String::new();
    block.push_str(&format!("- Command: `{}`\n", args.command));
    block.push_str(&format!("- Date: {date}\n"));
    block.push_str(&format!("- Machine: {}\n", machine()));
    block.push_str(&format!(
        "- Model: {} (candle, CPU); dense index FlatF32 (exact); BM25 k1 = 1.2, b = 0.75, English stemming; BM25 folds dates to ISO tokens and keeps decimals whole; hybrid = convex combination (0.5 · min-max-normalised cosine + 0.5 · normalised BM25), hybrid RRF = reciprocal-rank fusion (k = 60), each over the top 50 of both lists\n",
        report.model
    ));
    block.push_str(&format!(
        "- Settings: up to {} indexed rows and {} questions per table, seed {}{}\n",
        args.options.max_passages,
        args.options.max_questions,
        args.options.seed,
        if args.smoke { " (smoke run)" } else { "" }
    ));
    block.push_str(&format!(
        "- Time: {:.0} s in all; {} texts embedded in {:.0} s ({:.0}/s)\n\n",
        total,
        report.embedded,
        report.embed_seconds,
        report.embedded as f64 / report.embed_seconds.max(1e-9)
    ));
    block.push_str(&harness::markdown(&report));
    println!("{block}");

    if let Some(path) = &args.write_doc {
        write_between_markers(path, &block)?;
        eprintln!("wrote the results into {}", path.display());
    }
    Ok(())
}

/// Replaces what lies between the markers (creating the file, or appending the markers, when absent).
fn write_between_markers(path: &std::path::Path, block: &str) -> Result<()> {
    let old = std::fs::read_to_string(path).unwrap_or_else(|_| "# Retrieval quality\n\n".to_string());
    let new = match (old.find(BEGIN), old.find(END)) {
        (Some(b), Some(e)) if b < e => format!("{}{BEGIN}\n\n{}\n{}", &old[..b], block.trim_end(), &old[e..]),
        _ => format!("{}\n{BEGIN}\n\n{}\n{END}\n", old.trim_end(), block.trim_end()),
    };
    std::fs::write(path, new).with_context(|| format!("writing {}", path.display()))
}

/// Today's UTC date from the system clock (days since the epoch → civil date).
fn today() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// "2-core x86_64 (AMD EPYC), 24 GiB, Debian GNU/Linux 12 (bookworm)" from /proc and /etc.
fn machine() -> String {
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("model name")).and_then(|l| l.split(':').nth(1)).map(|m| m.trim().to_string()))
        .unwrap_or_else(|| "unknown CPU".into());
    let mem = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|s| s.lines().next().and_then(|l| l.split_whitespace().nth(1)).and_then(|k| k.parse::<f64>().ok()))
        .map(|kb| format!(", {:.0} GiB", kb / 1024.0 / 1024.0))
        .unwrap_or_default();
    let os = std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|s| s.lines().find_map(|l| l.strip_prefix("PRETTY_NAME=").map(|v| v.trim_matches('"').to_string())))
        .map(|o| format!(", {o}"))
        .unwrap_or_default();
    format!("{cores}-core {} ({cpu}){mem}{os}", std::env::consts::ARCH)
}
