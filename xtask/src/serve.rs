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
    crate::util::run(command("cargo").args(["build", "-p", "tabletalk-llm"]))?;

    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst))
        .context("installing the Ctrl-C handler")?;

    let app_port = args.app_port.to_string();
    let mut app = Service::start(
        "trunk serve",
        command("trunk").args([
            "serve",
            "--release",
            "--address",
            "127.0.0.1",
            "--port",
            &app_port,
        ]),
    )?;
    let llm_port = args.llm_port.to_string();
    let mut llm = Service::start(
        "tabletalk-llm",
        command(root().join("target/debug/tabletalk-llm"))
            .args(["--host", "127.0.0.1", "--port", &llm_port])
            .current_dir(root()),
    )?;
    let edge_port = args.edge_port.to_string();
    let mut edge = Service::start(
        "wrangler dev",
        command(node_bin("wrangler"))
            .args(["dev", "--local", "--ip", "127.0.0.1", "--port", &edge_port])
            .arg("--show-interactive-dev-session=false")
            .current_dir(root().join("edge"))
            .env("CI", "true")
            .env("WRANGLER_SEND_METRICS", "false"),
    )?;

    // A cold release build of the app takes minutes on a small machine.
    let build_time = Duration::from_secs(30 * 60);
    wait_ready(&mut llm, args.llm_port, "/health", Duration::from_secs(120))?;
    wait_ready(&mut edge, args.edge_port, "/health", build_time)?;
    wait_ready(&mut app, args.app_port, "/", build_time)?;

    println!();
    println!(
        "Tabletalk is running: open http://127.0.0.1:{}",
        args.app_port
    );
    println!("Edge worker: http://127.0.0.1:{}/health", args.edge_port);
    println!("LLM backend: http://127.0.0.1:{} (OpenAI-compatible; `tabletalk ask … --llm http://127.0.0.1:{}`)", args.llm_port, args.llm_port);
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
