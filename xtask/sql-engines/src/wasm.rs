//! wasm-bindgen exports for `run-browser.mjs`: `load(rows)` then `query(q, runs, limit_ms)` per query,
//! each returning JSON. Single-threaded: the state lives in a thread-local between calls.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use crate::{engines, generate, reference, run_query, Answer, Data, Engine, QUERIES, SEED};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn perf_now() -> f64;
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(s: &str);
}

fn now() -> f64 {
    perf_now()
}

struct State {
    #[allow(dead_code)]
    data: Data,
    wants: Vec<Answer>,
    engine: Engine,
}

thread_local!(static STATE: RefCell<Option<State>> = const { RefCell::new(None) });

/// The engine compiled into this wasm.
#[wasm_bindgen]
pub fn engine_name() -> String {
    engines().join(",")
}

/// Generates `rows` rows (seeded), computes the reference answers and loads the engine's table.
/// Returns `{"rows", "gen_ms", "ref_ms", "load_ms"}`.
#[wasm_bindgen]
pub fn load(rows: u32) -> Result<String, JsValue> {
    std::panic::set_hook(Box::new(|p| console_error(&p.to_string())));
    STATE.with(|s| s.borrow_mut().take());
    let t = now();
    let data = generate(rows as usize, SEED);
    let gen_ms = now() - t;
    let t = now();
    let wants = (0..QUERIES.len()).map(|q| reference(&data, q)).collect();
    let ref_ms = now() - t;
    let t = now();
    let engine = Engine::load(engines()[0], &data).map_err(|e| JsValue::from_str(&e))?;
    let load_ms = now() - t;
    STATE.with(|s| *s.borrow_mut() = Some(State { data, wants, engine }));
    Ok(serde_json::json!({ "rows": rows, "gen_ms": gen_ms, "ref_ms": ref_ms, "load_ms": load_ms })
        .to_string())
}

/// Runs query `q` (0..4) up to `runs` times; see `crate::run_query` for the JSON.
#[wasm_bindgen]
pub async fn query(q: u32, runs: u32, limit_ms: f64) -> Result<String, JsValue> {
    let mut st = STATE
        .with(|s| s.borrow_mut().take())
        .ok_or_else(|| JsValue::from_str("call load() first"))?;
    let want = st.wants[q as usize].clone();
    let r = run_query(&mut st.engine, &want, q as usize, runs as usize, limit_ms, now).await;
    STATE.with(|s| *s.borrow_mut() = Some(st));
    Ok(r.to_string())
}
