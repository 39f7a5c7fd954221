//! `tabletalk-llm`: serve a GGUF model over OpenAI's chat-completions API.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Parser;
use tabletalk_llm::api::{router, unix_now, AppState};
use tabletalk_llm::engine;
use tabletalk_llm::model_file::{resolve, DEFAULT_MODEL};
use tabletalk_llm::queue::{spawn_worker, Queue};

/// Candle threads when `--threads` and RAYON_NUM_THREADS are unset: half the cores. Alone on the
/// 2-core machines 2 threads beat 1 (SmolLM2 Q8_0: 74-80 vs 57 tokens/s), but every matmul waits
/// for its slowest worker, so one preempted thread stalls them all: beside niced compilers, 60
/// tokens took 11-17 s with 2 threads and 1.7 s with 1 (docs/benchmarks.md). Leave a core spare.
fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1))
}

#[derive(Parser, Debug)]
#[command(name = "tabletalk-llm", version, about = "OpenAI-compatible chat completions on a GGUF model (candle)")]
struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Port to listen on (0 picks a free one; the startup line names it).
    #[arg(long, default_value_t = 8081)]
    port: u16,
    /// A .gguf file, a folder holding one, or a name under $TABLETALK_MODELS or .cache/models.
    #[arg(long, default_value = DEFAULT_MODEL)]
    model: String,
    /// Requests allowed to wait for the model; more get 429 with Retry-After.
    #[arg(long, default_value_t = 8)]
    queue: usize,
    /// Time limit per request in seconds, queueing included.
    #[arg(long, default_value_t = 120)]
    timeout_secs: u64,
    /// Context limit in tokens, prompt plus completion (default: the model's, at most 4096).
    #[arg(long)]
    ctx: Option<usize>,
    /// Threads for candle's CPU kernels (default: RAYON_NUM_THREADS, else one per core).
    #[arg(long)]
    threads: Option<usize>,
}

fn main() -> Result<()> {
    let args = Args::parse();
    // Candle reads its thread count from the environment once, on first use: set it before
    // anything touches candle or rayon.
    let threads = args
        .threads
        .or_else(|| std::env::var("RAYON_NUM_THREADS").ok().and_then(|s| s.parse().ok()))
        .unwrap_or_else(default_threads)
        .max(1);
    std::env::set_var("RAYON_NUM_THREADS", threads.to_string());
    std::env::set_var("CANDLE_NUM_THREADS", threads.to_string());

    let path = resolve(&args.model)?;
    eprintln!("tabletalk-llm: loading {}", path.display());
    let device = engine::default_device()?;
    let (engine, text) = engine::load(&path, args.ctx, device).with_context(|| format!("loading {}", path.display()))?;

    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async move {
        let addr = format!("{}:{}", args.host, args.port);
        let listener = tokio::net::TcpListener::bind(&addr).await.with_context(|| format!("binding {addr}"))?;
        let bound: SocketAddr = listener.local_addr()?;
        let queue = Queue::new(args.queue);
        spawn_worker(engine, queue.clone()).context("starting the generation thread")?;
        let state = Arc::new(AppState {
            queue: queue.clone(),
            text: text.clone(),
            timeout: Duration::from_secs(args.timeout_secs.max(1)),
            created: unix_now(),
        });
        println!("tabletalk-llm: serving {} on http://{bound}", text.model_id);
        eprintln!("tabletalk-llm: context {} tokens, {threads} thread(s), queue {}", text.ctx, args.queue.max(1));
        axum::serve(listener, router(state))
            .with_graceful_shutdown(async move {
                shutdown_signal().await;
                eprintln!("tabletalk-llm: shutting down");
                queue.close();
            })
            .await
            .context("serving")
    })
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
