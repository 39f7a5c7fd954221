//! Native driver: `sql-engines [--rows N] [--runs 5] [--limit-s 60] [--engine NAME] [--json FILE]
//! [--glue-sql-insert N]`. Prints per engine the load time and per query the median of the runs and
//! ok/MISMATCH against plain Rust loops. A query with a run over the limit is re-measured on 100 k
//! rows and extrapolated linearly (marked).

use std::time::Instant;

use sql_engines::{engines, generate, reference, run_query, Engine, QUERIES, SEED};

fn now() -> f64 {
    thread_local!(static T0: Instant = Instant::now());
    T0.with(|t| t.elapsed().as_secs_f64() * 1000.0)
}

fn arg<T: std::str::FromStr>(args: &[String], name: &str) -> Option<T> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok())
}

fn measure(name: &str, rows: usize, runs: usize, limit_ms: f64) -> serde_json::Value {
    let t = now();
    let data = generate(rows, SEED);
    eprintln!("[{name}] generated {rows} rows in {:.0} ms", now() - t);
    let t = now();
    let wants: Vec<_> = (0..QUERIES.len()).map(|q| reference(&data, q)).collect();
    eprintln!("[{name}] reference answers (plain loops) in {:.0} ms", now() - t);
    let t = now();
    let mut engine = match Engine::load(name, &data) {
        Ok(e) => e,
        Err(e) => return serde_json::json!({ "engine": name, "rows": rows, "error": e }),
    };
    let load_ms = now() - t;
    eprintln!("[{name}] load {load_ms:.0} ms");
    let mut results = Vec::new();
    for (q, want) in wants.iter().enumerate() {
        let r = futures_lite_block_on(run_query(&mut engine, want, q, runs, limit_ms, now));
        eprintln!("[{name}] {r}");
        results.push(r);
    }
    serde_json::json!({ "engine": name, "rows": rows, "load_ms": load_ms, "queries": results })
}

/// A minimal executor: DataFusion with one partition never needs a runtime (futures' block_on is
/// used when that feature is on; GlueSQL's futures are ready at once).
fn futures_lite_block_on<F: std::future::Future>(f: F) -> F::Output {
    #[cfg(feature = "datafusion")]
    {
        futures::executor::block_on(f)
    }
    #[cfg(not(feature = "datafusion"))]
    {
        use std::task::{Context, Poll, RawWaker, RawWakerVTable, Waker};
        fn noop(_: *const ()) {}
        fn clone(p: *const ()) -> RawWaker {
            RawWaker::new(p, &VTABLE)
        }
        static VTABLE: RawWakerVTable = RawWakerVTable::new(clone, noop, noop, noop);
        let waker = unsafe { Waker::from_raw(RawWaker::new(std::ptr::null(), &VTABLE)) };
        let mut f = std::pin::pin!(f);
        loop {
            if let Poll::Ready(v) = f.as_mut().poll(&mut Context::from_waker(&waker)) {
                return v;
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rows: usize = arg(&args, "--rows").unwrap_or(1_000_000);
    let runs: usize = arg(&args, "--runs").unwrap_or(5);
    let limit_ms = arg::<f64>(&args, "--limit-s").unwrap_or(60.0) * 1000.0;
    let only: Option<String> = arg(&args, "--engine");
    let small = 100_000.min(rows);

    #[cfg(feature = "gluesql")]
    if let Some(n) = arg::<usize>(&args, "--glue-sql-insert") {
        let data = generate(n, SEED);
        let t = now();
        sql_engines::glue::load_sql(&data, 1000).expect("INSERT load");
        eprintln!("[gluesql] batched SQL INSERT (1000 rows/statement) of {n} rows: {:.0} ms", now() - t);
    }

    let mut out = Vec::new();
    for name in engines() {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let full = measure(name, rows, runs, limit_ms);
        let over: Vec<bool> = full["queries"]
            .as_array()
            .map(|qs| qs.iter().map(|q| q["over_limit"].as_bool().unwrap_or(false)).collect())
            .unwrap_or_default();
        let mut entry = serde_json::json!({ "engine": name, "full": full });
        if over.iter().any(|&o| o) && rows > small {
            eprintln!("[{name}] a query ran over the limit: re-measuring all queries on {small} rows");
            entry["small"] = measure(name, small, runs, limit_ms);
        }
        out.push(entry);
    }

    // Summary table.
    println!("\nrows={rows} runs={runs} (median ms; † = over the limit at {rows} rows, extrapolated ×{} from {small} rows)", rows / small.max(1));
    println!("{:<11} {:>9} {:>10} {:>10} {:>10} {:>10}", "engine", "load", QUERIES[0].0, QUERIES[1].0, QUERIES[2].0, QUERIES[3].0);
    for e in &out {
        let full = &e["full"];
        let mut line = format!("{:<11} {:>9.1}", e["engine"].as_str().unwrap(), full["load_ms"].as_f64().unwrap_or(f64::NAN));
        let mut checks = Vec::new();
        for q in 0..QUERIES.len() {
            let r = &full["queries"][q];
            let cell = if r["over_limit"].as_bool().unwrap_or(false) && !e["small"].is_null() {
                let m = e["small"]["queries"][q]["median_ms"].as_f64().unwrap_or(f64::NAN);
                format!("{:.0}†", m * rows as f64 / small as f64)
            } else {
                format!("{:.1}", r["median_ms"].as_f64().unwrap_or(f64::NAN))
            };
            line.push_str(&format!(" {cell:>10}"));
            checks.push(format!("{}={}", QUERIES[q].0, r["check"].as_str().unwrap_or("?")));
        }
        println!("{line}\n    {}", checks.join("  "));
        for q in 0..QUERIES.len() {
            if let Some(n) = full["queries"][q]["note"].as_str() {
                println!("    {}: {n}", QUERIES[q].0);
            }
        }
    }
    if let Some(path) = arg::<String>(&args, "--json") {
        std::fs::write(&path, serde_json::to_string_pretty(&out).unwrap()).expect("write json");
        eprintln!("wrote {path}");
    }
}
