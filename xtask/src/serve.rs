//! `cargo xtask serve`: the whole system on this machine — the browser app (trunk serve), the
//! edge worker (wrangler dev in workerd) and the LLM backend (tabletalk-llm) — until Ctrl-C.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::sleep;
use std::time::Duration;

use anyhow::{bail, Context, Result};

use crate::procs::{port_in_use, wait_ready, Service};
use crate::util::{command, node_bin, root};
use crate::{builds, tools};

#[derive(clap::Args)]
pub struct Args {
    /// Port of the browser app.
    #[arg(long, default_value_t = 8080)]
    app_port: u16,
    /// Port of the edge worker.
    #[arg(long, default_value_t = 8787)]
    edge_port: u16,
    /// Port of the LLM backend (OpenAI-compatible).
    #[arg(long, default_value_t = 8081)]
    llm_port: u16,
}

/// The publish token `serve` gives the local edge (documented in README; local use only).
pub const DEV_TOKEN: &str = "dev-publish-token";
/// The demo collection `serve` publishes.
const DEMO: &str = "demo";

/// Publishes xtask/demo/cities.csv as collection `demo` with the CLI (the same path users take).
fn publish_demo(edge_port: u16) -> Result<()> {
    let demo = root().join("xtask/demo");
    crate::util::run(
        command(root().join("target/debug/tabletalk"))
            .arg("publish")
            .arg(demo.join("cities.csv"))
            .arg("--describe")
            .arg(demo.join("cities.describe.json"))
            .args(["--edge", &format!("http://127.0.0.1:{edge_port}"), "--token", DEV_TOKEN, "--collection", DEMO])
            .current_dir(root()),
    )
}

pub fn run(args: Args) -> Result<()> {
    for port in [args.app_port, args.edge_port, args.llm_port] {
        if port_in_use(port) {
            bail!("port {port} is already in use on 127.0.0.1 (choose another with --app-port/--edge-port/--llm-port)");
        }
    }
    tools::run_all()?;
    // The app serves the embedding model at /models/ (Trunk's post-build hook links it in).
    crate::models::run()?;
    // Build the edge first so wrangler's own build step finds everything compiled.
    builds::edge()?;
    builds::fetch()?;
    // The dev profile optimises candle (opt-level 3), so this builds fast and decodes at full speed.
    // The CLI publishes the demo collection.
    crate::util::run(command("cargo").args(["build", "-p", "tabletalk-llm", "-p", "tabletalk"]))?;

    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst)).context("installing the Ctrl-C handler")?;

    let app_port = args.app_port.to_string();
    // Its own output folder: dist/ is what `cargo xtask test` builds and serves to the browser
    // tests, and trunk serve's pages carry a live-reload script, so the two must not share it.
    let serve_dist = root().join("target").join("serve-dist");
    let mut app = Service::start(
        "trunk serve",
        command("trunk").args(["serve", "--release", "--address", "127.0.0.1", "--port", &app_port]).arg("--dist").arg(&serve_dist),
    )?;
    let llm_port = args.llm_port.to_string();
    let mut llm = Service::start(
        "tabletalk-llm",
        command(root().join("target/debug/tabletalk-llm")).args(["--host", "127.0.0.1", "--port", &llm_port]).current_dir(root()),
    )?;
    let edge_port = args.edge_port.to_string();
    let mut edge = Service::start(
        "wrangler dev",
        command(node_bin("wrangler"))
            .args(["dev", "--local", "--ip", "127.0.0.1", "--port", &edge_port])
            .arg("--show-interactive-dev-session=false")
            // Local settings: the LLM backend started here, the app as the allowed origin, and
            // the documented dev token (never use it for a deployment: `wrangler secret put`).
            .args(["--var", &format!("PUBLISH_TOKENS:{DEV_TOKEN}=*")])
            .args(["--var", &format!("LLM_BASE_URL:http://127.0.0.1:{}", args.llm_port)])
            .args(["--var", &format!("ALLOWED_ORIGINS:http://127.0.0.1:{0},http://localhost:{0}", args.app_port)])
            .current_dir(root().join("edge"))
            .env("CI", "true")
            .env("WRANGLER_SEND_METRICS", "false"),
    )?;

    // A cold release build of the app takes minutes on a small machine.
    let build_time = Duration::from_secs(30 * 60);
    wait_ready(&mut llm, args.llm_port, "/health", Duration::from_secs(120))?;
    wait_ready(&mut edge, args.edge_port, "/health", build_time)?;
    wait_ready(&mut app, args.app_port, "/", build_time)?;
    publish_demo(args.edge_port)?;

    println!();
    println!("Tabletalk is running: open http://127.0.0.1:{}", args.app_port);
    println!(
        "Edge worker: http://127.0.0.1:{}/health (collection \"{DEMO}\": POST /v1/collections/{DEMO}/ask; publish token \"{DEV_TOKEN}\")",
        args.edge_port
    );
    println!(
        "LLM backend: http://127.0.0.1:{} (OpenAI-compatible; `tabletalk ask … --llm http://127.0.0.1:{}`)",
        args.llm_port, args.llm_port
    );
    println!("Press Ctrl-C to stop.");

    while !stop.load(Ordering::SeqCst) {
        for service in [&mut app, &mut edge, &mut llm] {
            if let Some(status) = service.exited() {
                bail!("{} stopped unexpectedly ({status})", service.name);
            }
        }
        sleep(Duration::from_millis(200));
    }
    eprintln!("stopping…");
    app.stop();
    edge.stop();
    llm.stop();
    Ok(())
}
