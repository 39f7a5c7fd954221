//! `cargo xtask test`: every test, native and in the browser and workerd, with a summary.

use std::time::{Duration, Instant};

use anyhow::Result;

use crate::util::{command, npm_dir, root, run as run_cmd};
use crate::{builds, fixtures, models, tools};

struct Outcome {
    name: &'static str,
    result: Result<(), String>,
    took: Duration,
}

pub fn run() -> Result<()> {
    let started = Instant::now();
    let mut outcomes: Vec<Outcome> = Vec::new();
    let mut step = |name: &'static str, needs: &[&str], f: &dyn Fn() -> Result<()>| {
        let blocked = needs
            .iter()
            .find(|n| outcomes.iter().any(|o| o.name == **n && o.result.is_err()));
        let t = Instant::now();
        let result = match blocked {
            Some(n) => Err(format!("skipped: {n} failed")),
            None => {
                eprintln!("\n==> {name}");
                f().map_err(|e| format!("{e:#}"))
            }
        };
        if let Err(e) = &result {
            eprintln!("==> {name}: FAILED: {e}");
        }
        outcomes.push(Outcome {
            name,
            result,
            took: t.elapsed(),
        });
    };

    step("tools", &[], &tools::run_all);
    step("fixtures", &[], &fixtures::run);
    step("models", &[], &models::run);
    // Native tests of the default members (the wasm-only app and edge are not among them).
    // TABLETALK_REQUIRE_GPU: the wgpu embedding tests fail, not skip, without an adapter (tools
    // installs lavapipe).
    step("cargo test", &["tools", "fixtures", "models"], &|| {
        run_cmd(command("cargo").arg("test").env("TABLETALK_REQUIRE_GPU", "1"))
    });
    step("shared for wasm32", &["tools"], &builds::shared_wasm);
    step("app build (trunk)", &["tools"], &builds::app);
    step("edge build (worker-build)", &["tools"], &builds::edge);
    step("e2e: app in Chromium", &["app build (trunk)"], &|| {
        node_test("e2e/app.test.mjs")
    });
    step(
        "e2e: edge in workerd",
        &["edge build (worker-build)"],
        &|| node_test("e2e/edge.test.mjs").and_then(|()| node_test("e2e/edge_collections.test.mjs")),
    );

    println!("\nSummary ({:.0?} in all):", started.elapsed());
    for o in &outcomes {
        let verdict = match &o.result {
            Ok(()) => "ok".to_string(),
            Err(e) => format!("FAILED  {}", e.lines().next().unwrap_or_default()),
        };
        println!("  {:<28} {:>7.1?}  {verdict}", o.name, o.took);
    }
    let failed = outcomes.iter().filter(|o| o.result.is_err()).count();
    if failed > 0 {
        // The summary says what failed; a backtrace of this spot would only add noise.
        eprintln!("FAILED: {failed} of {} steps", outcomes.len());
        std::process::exit(1);
    }
    println!("All {} steps passed.", outcomes.len());
    Ok(())
}

fn node_test(file: &str) -> Result<()> {
    run_cmd(
        command("node")
            .args(["--test", "--test-reporter=spec", file])
            .current_dir(npm_dir())
            .env("TABLETALK_DIST", root().join("dist"))
            .env("CI", "true")
            .env("WRANGLER_SEND_METRICS", "false"),
    )
}
