//! `cargo xtask test`: every test, native and in the browser and workerd, with a summary.

use std::time::{Duration, Instant};

use anyhow::Result;

use crate::util::{command, npm_dir, root, run as run_cmd};
use crate::{builds, disk, fixtures, models, tools};

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

    let prune = disk::pruning();
    eprintln!("==> {}", disk::free_space());
    step("tools", &[], &tools::run_all);
    step("fixtures", &[], &fixtures::run);
    step("models", &[], &models::run);
    // Native tests of the default members (the wasm-only app and edge are not among them).
    // TABLETALK_REQUIRE_GPU: the wgpu embedding tests fail, not skip, without an adapter (tools
    // installs lavapipe).
    // In CI incremental caches only cost disk (a one-off build never reuses them).
    step("cargo test", &["tools", "fixtures", "models"], &|| {
        let mut cmd = command("cargo");
        cmd.arg("test").env("TABLETALK_REQUIRE_GPU", "1");
        if prune {
            cmd.env("CARGO_INCREMENTAL", "0");
        }
        let r = run_cmd(&mut cmd);
        if prune {
            disk::prune_native();
        }
        r
    });
    step("shared for wasm32", &["tools"], &|| {
        let r = builds::shared_wasm();
        if prune {
            disk::prune_wasm("debug");
        }
        r
    });
    // Neither wasm-release build is pruned: the edge reuses the app's DataFusion, and `wrangler dev`
    // in the e2e tests re-runs the edge build, which must find it done. The embedding worker's
    // build (profile wasm-worker) is read by nothing later.
    step("app build (trunk)", &["tools"], &|| {
        let r = builds::app();
        if prune {
            disk::prune_wasm("wasm-worker");
        }
        r
    });
    step("edge build (worker-build)", &["tools"], &builds::edge);
    step("e2e: app in Chromium", &["app build (trunk)"], &|| {
        // The embedding worker on its own too: CPU and WebGPU (SwiftShader) against the reference;
        // then offline: the service worker serves the app and the model with the server closed.
        node_test("e2e/app.test.mjs")
            .and_then(|()| node_test("e2e/embed.test.mjs"))
            .and_then(|()| node_test("e2e/offline.test.mjs"))
    });
    step(
        "e2e: edge in workerd",
        &["edge build (worker-build)"],
        &|| {
            node_test("e2e/edge.test.mjs")
                .and_then(|()| node_test("e2e/edge_collections.test.mjs"))
                // The chat widget in Chromium against the edge and CLI built by now.
                .and_then(|()| node_test("e2e/widget.test.mjs"))
        },
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
