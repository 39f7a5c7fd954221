//! `cargo xtask test`: every test, native and in the browser and workerd, with a summary.

use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use anyhow::Result;

use crate::util::{self, command, npm_dir, root, run as run_cmd};
use crate::{builds, disk, fixtures, models, tools};

struct Outcome {
    name: &'static str,
    result: Result<(), String>,
    took: Duration,
}

/// The steps run so far; shared by the two lanes that run at once.
#[derive(Default)]
struct Steps(Mutex<Vec<Outcome>>);

impl Steps {
    /// Runs `f` unless a step it needs failed, and records how it went and how long it took.
    fn step(&self, name: &'static str, needs: &[&str], f: &dyn Fn() -> Result<()>) {
        let blocked = {
            let done = self.0.lock().expect("no step panics while holding the lock");
            needs.iter().find(|n| done.iter().any(|o| o.name == **n && o.result.is_err())).copied()
        };
        let t = Instant::now();
        let result = match blocked {
            Some(n) => Err(format!("skipped: {n} failed")),
            None => {
                eprintln!("\n==> {name}");
                f().map_err(|e| format!("{e:#}"))
            }
        };
        match &result {
            Err(e) => eprintln!("==> {name}: FAILED: {e}"),
            Ok(()) => eprintln!("==> {name}: ok ({:.0?})", t.elapsed()),
        }
        self.0.lock().expect("no step panics while holding the lock").push(Outcome { name, result, took: t.elapsed() });
    }

    /// Blocks until every step in `names` has ended (passed, failed or been skipped).
    fn wait_for(&self, names: &[&str]) {
        loop {
            let done = {
                let done = self.0.lock().expect("no step panics while holding the lock");
                names.iter().all(|n| done.iter().any(|o| o.name == *n))
            };
            if done {
                return;
            }
            thread::sleep(Duration::from_secs(2));
        }
    }
}

pub fn run() -> Result<()> {
    let started = Instant::now();
    let steps = Steps::default();
    let prune = disk::pruning();
    eprintln!("==> {}", disk::free_space());
    steps.step("tools", &[], &tools::system);
    // The house style first: it takes seconds, and a diff in formatting is the cheapest failure.
    steps.step("style (rustfmt)", &["tools"], &|| run_cmd(command("cargo").args(["fmt", "--all", "--", "--check"])));
    // Before the lanes: the app build links the models into dist/ (a minute of downloads).
    steps.step("fixtures", &[], &fixtures::run);
    steps.step("models", &[], &models::run);

    // Four lanes at once. On two cores most steps spend long stretches on one core (fat-LTO links,
    // test binaries linking, a browser test, the CLI answering questions one by one), which the
    // other lanes fill; run one after the other they took over 80 minutes, and two lanes left the
    // browser tests waiting behind the edge build (CI took 89.5 minutes in session 24).
    thread::scope(|scope| {
        // The wasm builds, then their lints.
        scope.spawn(|| {
            util::prefix_output("[wasm] ");
            steps.step("wasm tools", &["tools"], &|| {
                let r = tools::wasm_tools();
                if prune {
                    disk::prune_tools();
                }
                r
            });
            // Neither wasm-release build is pruned: the edge reuses the app's DataFusion (one
            // dependency graph: app/wasm-deps; the edge step fails if it compiles it again), and
            // `wrangler dev` in the e2e tests re-runs the edge build, which must find it done. The
            // embedding worker's build (profile wasm-worker) is read by nothing later. The shared
            // core's wasm32 code is built here for real: the page (query), its embedding worker
            // (embed, gpu) and the edge (query).
            steps.step("app build (trunk)", &["wasm tools"], &|| {
                let r = builds::app();
                if prune {
                    disk::prune_wasm("wasm-worker");
                }
                r
            });
            steps.step("edge build (worker-build)", &["wasm tools"], &builds::edge_after_app);
            // Clippy with warnings as errors for the wasm32 crates: it shares no artifacts with
            // the builds above.
            steps.step("style (clippy, wasm32)", &["tools", "wasm tools"], &clippy_wasm);
        });
        // The browser tests that need only dist/, from the moment it exists. The embedding worker
        // on its own too: CPU and WebGPU (SwiftShader) against the reference; then offline: the
        // service worker serves the app and the model with the server closed.
        scope.spawn(|| {
            util::prefix_output("[chromium] ");
            steps.wait_for(&["app build (trunk)"]);
            steps.step("e2e: app in Chromium", &["app build (trunk)"], &|| {
                node_test("e2e/app.test.mjs")
                    .and_then(|()| node_test("e2e/embed.test.mjs"))
                    .and_then(|()| node_test("e2e/offline.test.mjs"))
                    .and_then(|()| node_test("e2e/vector_cache.test.mjs"))
            });
        });
        // The edge in workerd, from the moment the edge and the native binaries (the CLI,
        // tabletalk-llm) are built, beside the native tests' runs.
        scope.spawn(|| {
            util::prefix_output("[edge] ");
            steps.wait_for(&["native build", "edge build (worker-build)"]);
            steps.step("e2e: edge in workerd", &["native build", "edge build (worker-build)"], &|| {
                node_test("e2e/edge.test.mjs")
                    .and_then(|()| node_test("e2e/edge_collections.test.mjs"))
                    // The chat widget in Chromium against the edge and the CLI.
                    .and_then(|()| node_test("e2e/widget.test.mjs"))
                    // Issue 20's security suite: who may make the edge work (origins, media types,
                    // tokens or published collections), the rate limit's units and key, storage
                    // left by reads of unknown ids, malicious SQL from a scripted model, and the
                    // edge's memory under the heaviest load a visitor can make. One workerd per file.
                    .and_then(|()| node_test("security/edge_access.test.mjs"))
                    .and_then(|()| node_test("security/edge_budget.test.mjs"))
                    .and_then(|()| node_test("security/edge_memory.test.mjs"))
            });
            // The built app against the edge and the real tabletalk-llm: Refine with the LLM,
            // Publish, then the edge answers from what the page published. Then issue 20's check
            // that a crafted ?edge= link gets nothing from the page (needs dist/, no workerd: two
            // counting servers stand in for edges).
            steps.wait_for(&["app build (trunk)"]);
            steps.step("e2e: app with the edge", &["app build (trunk)", "edge build (worker-build)", "native build"], &|| {
                node_test("e2e/app_edge.test.mjs").and_then(|()| node_test("security/app_edge_choice.test.mjs"))
            });
            // Clippy for the native crates (every target: tests, examples, benches) here, beside the
            // native tests' runs: at the end of that lane it was the last 3 minutes of CI.
            steps.step("style (clippy, native)", &["tools"], &clippy_native);
            // Last, issue 19's parity: the app and the edge answer ten blind-suite questions as the
            // CLI does. The blind tables are fetched by `cargo test`'s blind suite: after it.
            steps.wait_for(&["cargo test"]);
            steps.step("e2e: blind parity", &["app build (trunk)", "edge build (worker-build)", "cargo test"], &|| {
                node_test("e2e/blind_parity.test.mjs")
            });
        });
        // Native: every test binary built first (the edge lane needs the CLI and tabletalk-llm),
        // then run. TABLETALK_REQUIRE_GPU: the wgpu embedding tests fail, not skip, without an
        // adapter (tools installs lavapipe). The same targets and environment both times, so the
        // run builds nothing again. Not the examples (benchmarks): clippy --all-targets checks
        // they compile, and linking eight of them was minutes of a CI run.
        // (`--tests`: every target with `test = true`: libraries, binaries, integration tests.)
        const TARGETS: &[&str] = &["--tests"];
        steps.step("native build", &["tools", "fixtures", "models"], &|| {
            run_cmd(command("cargo").args(["test", "--no-run"]).args(TARGETS).env("TABLETALK_REQUIRE_GPU", "1"))
        });
        steps.step("cargo test", &["native build"], &|| {
            let r = run_cmd(command("cargo").arg("test").args(TARGETS).env("TABLETALK_REQUIRE_GPU", "1"));
            if prune {
                disk::prune_native();
            }
            r
        });
    });

    let outcomes = steps.0.into_inner().expect("no step panicked");
    println!("\nSummary ({:.0?} in all):", started.elapsed());
    for o in &outcomes {
        let verdict = match &o.result {
            Ok(()) => "ok".to_string(),
            Err(e) => format!("FAILED  {}", e.lines().next().unwrap_or_default()),
        };
        println!("  {:<28} {:>7.1?}  {verdict}", o.name, o.took);
    }
    // What a failed step printed last (node's failing-tests section): CI keeps only the end of the log.
    for o in &outcomes {
        if let Err(e) = &o.result {
            let rest: Vec<&str> = e.lines().skip(1).collect();
            if !rest.is_empty() {
                println!("\n{} failed; it said:\n{}", o.name, rest.join("\n"));
            }
        }
    }
    for (file, first) in FLAKY.lock().unwrap_or_else(|p| p.into_inner()).iter() {
        let first: Vec<&str> = first.lines().take(30).collect();
        println!("\nFLAKY: {file} passed when run again; its first run {}", first.join("\n"));
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

/// `cargo clippy -D warnings` over the native default members, every target.
fn clippy_native() -> Result<()> {
    run_cmd(command("cargo").args(["clippy", "--all-targets", "--", "-D", "warnings"]))
}

/// `cargo clippy -D warnings` over the three wasm32 crates.
fn clippy_wasm() -> Result<()> {
    run_cmd(command("cargo").args([
        "clippy",
        "--target",
        "wasm32-unknown-unknown",
        "-p",
        "tabletalk-app",
        "-p",
        "tabletalk-embed-worker",
        "-p",
        "tabletalk-edge",
        "--",
        "-D",
        "warnings",
    ]))
}

/// The most one test file may take before node's runner stops it and fails it. A hang (once in
/// CI: the edge's budget suite waited on workerd until the run's 90 minutes were gone) then costs
/// minutes and names its file. Every file takes a few minutes at most since the browser's WebGPU
/// check runs on 8 sentences in batches of 4, not 200 (docs/decisions.md).
const TIME_LIMIT: Duration = Duration::from_secs(15 * 60);

/// Files that failed once and passed when run again, with what the first run said: the summary
/// lists them, so a flaky test is seen without failing the run.
static FLAKY: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());

/// Runs one test file with node's runner. A file that fails is run once more, and says so: browser
/// and workerd tests wait on processes that a loaded 2-core machine sometimes starves (a hang on
/// workerd once cost a whole CI run; an app test once failed in CI and passed in every run here,
/// loaded or not). A file that fails twice fails its step; one that passes the second time is
/// listed in the summary with what its first run printed.
fn node_test(file: &str) -> Result<()> {
    let once = || {
        run_cmd(
            command("node")
                .args(["--test", "--test-reporter=spec", &format!("--test-timeout={}", TIME_LIMIT.as_millis()), file])
                .current_dir(npm_dir())
                .env("TABLETALK_DIST", root().join("dist"))
                .env("CI", "true")
                .env("WRANGLER_SEND_METRICS", "false"),
        )
    };
    let started = Instant::now();
    match once() {
        Err(e) => {
            let why =
                if started.elapsed() >= TIME_LIMIT { format!("stopped at its time limit ({TIME_LIMIT:.0?})") } else { "failed".into() };
            eprintln!("==> {file} {why}; running it once more. It said:\n{e:#}");
            once().map_err(|e2| e2.context(format!("{file} {why}, and failed again when run once more")))?;
            FLAKY.lock().unwrap_or_else(|p| p.into_inner()).push((file.to_string(), format!("{why}: {e:#}")));
            Ok(())
        }
        Ok(()) => Ok(()),
    }
}
