//! `cargo xtask eval-retrieval`: retrieval quality (hit@1, hit@5) of row-lookup questions on real
//! tables for raw rows vs templates, dense vs lexical vs hybrid search. The harness is the example
//! `tests/examples/eval_retrieval.rs`, run in release; it writes its results into
//! docs/retrieval.md between the `eval-retrieval` markers unless `--no-write`.

use anyhow::Result;

use crate::util::{command, root, run};

#[derive(clap::Args)]
pub struct Args {
    /// One small table, 20 questions (what the CI smoke test runs); does not touch docs/retrieval.md.
    #[arg(long)]
    smoke: bool,
    /// Print the results only; leave docs/retrieval.md as it is.
    #[arg(long)]
    no_write: bool,
    /// Rows indexed per table (a seeded sample of longer tables).
    #[arg(long)]
    passages: Option<usize>,
    /// Questions per table.
    #[arg(long)]
    questions: Option<usize>,
    #[arg(long)]
    seed: Option<u64>,
    /// Print this many misses per (table, configuration, search mode) to stderr.
    #[arg(long)]
    misses: Option<usize>,
    /// Skip configuration (d), the measured template proposal.
    #[arg(long)]
    no_proposal: bool,
}

pub fn run_eval(a: Args) -> Result<()> {
    let mut shown = String::from("cargo xtask eval-retrieval");
    let mut cmd = command("cargo");
    cmd.args(["run", "--release", "-p", "tabletalk-tests", "--example", "eval_retrieval", "--"]);
    let mut pass = |flag: &str, value: Option<String>| {
        shown.push_str(&format!(" {flag}"));
        cmd.arg(flag);
        if let Some(v) = value {
            shown.push_str(&format!(" {v}"));
            cmd.arg(v);
        }
    };
    if a.smoke {
        pass("--smoke", None);
    }
    if a.no_proposal {
        pass("--no-proposal", None);
    }
    for (flag, value) in [
        ("--passages", a.passages.map(|v| v.to_string())),
        ("--questions", a.questions.map(|v| v.to_string())),
        ("--seed", a.seed.map(|v| v.to_string())),
        ("--misses", a.misses.map(|v| v.to_string())),
    ] {
        if value.is_some() {
            pass(flag, value);
        }
    }
    if !a.smoke && !a.no_write {
        cmd.arg("--write-doc").arg(root().join("docs/retrieval.md"));
    }
    cmd.arg("--command").arg(shown);
    run(&mut cmd)
}
