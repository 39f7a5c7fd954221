//! The app's embedder in a dedicated Web Worker (candle's `candle-wasm-examples/bert` layout: the
//! model code lives in `tabletalk_shared::embed`, this file is only I/O). Embedding thousands of
//! rows takes seconds to minutes; here it never blocks the page, and the page cancels a job by
//! terminating the worker. Messages: `tabletalk_shared::worker_protocol`.

use std::rc::Rc;

use futures::lock::Mutex;
use js_sys::{Array, Float32Array, Object, Reflect, Uint8Array};
use tabletalk_shared::embed::{Device, DeviceReport, Embedder, ModelFiles, Precision, FILE_NAMES};
use tabletalk_shared::worker_protocol::{DeviceInfo, FromWorker, ToWorker};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{spawn_local, JsFuture};
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, Response};

/// The open model; jobs take the lock one at a time (the GPU path reuses its buffers).
type Shared = Rc<Mutex<Option<Embedder>>>;

fn main() {
    console_error_panic_hook::set_once();
    let state: Shared = Rc::new(Mutex::new(None));
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let state = state.clone();
        spawn_local(async move {
            match parse(&event) {
                Ok(msg) => handle(msg, state).await,
                Err(message) => post(&FromWorker::Error { job: None, message }, None),
            }
        });
    });
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    post(&FromWorker::Started, None);
}

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn parse(event: &MessageEvent) -> Result<ToWorker, String> {
    let json = Reflect::get(&event.data(), &"json".into()).ok().and_then(|v| v.as_string()).ok_or("a message without a `json` string")?;
    serde_json::from_str(&json).map_err(|e| format!("a message the worker does not understand: {e}"))
}

/// Sends `msg`, with `data` transferred (not copied) when there are vectors.
fn post(msg: &FromWorker, data: Option<Float32Array>) {
    let out = Object::new();
    let json = serde_json::to_string(msg).unwrap_or_else(|e| format!(r#"{{"type":"error","message":"{e}"}}"#));
    let _ = Reflect::set(&out, &"json".into(), &json.into());
    let result = match data {
        Some(d) => {
            let _ = Reflect::set(&out, &"data".into(), &d);
            scope().post_message_with_transfer(&out, &Array::of1(&d.buffer()))
        }
        None => scope().post_message(&out),
    };
    if let Err(e) = result {
        web_sys::console::error_2(&"embed worker: postMessage failed".into(), &e);
    }
}

async fn handle(msg: ToWorker, state: Shared) {
    match msg {
        ToWorker::Load { base_url, model, device, precision } => {
            let mut slot = state.lock().await;
            let started = now();
            match load(&base_url, &model, device, precision).await {
                Ok(embedder) => {
                    let ready = FromWorker::Ready { model, dim: embedder.dim(), device: info(&embedder.device()), ms: now() - started };
                    *slot = Some(embedder);
                    post(&ready, None);
                }
                Err(message) => post(&FromWorker::Error { job: None, message }, None),
            }
        }
        ToWorker::Embed { job, texts, batch } => {
            let slot = state.lock().await;
            let Some(embedder) = slot.as_ref() else {
                post(&FromWorker::Error { job: Some(job), message: "the model is not loaded yet".into() }, None);
                return;
            };
            let started = now();
            let total = texts.len();
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            let mut report = |done: usize| post(&FromWorker::Progress { job, done, total }, None);
            match embedder.embed_async(&refs, batch.max(1), &mut report).await {
                Ok(e) => {
                    let data = Float32Array::from(e.data.as_slice());
                    let msg = FromWorker::Vectors {
                        job,
                        dim: e.dim,
                        count: total,
                        truncated: e.truncated,
                        device: info(&embedder.device()),
                        ms: now() - started,
                    };
                    post(&msg, Some(data));
                }
                Err(e) => post(&FromWorker::Error { job: Some(job), message: e.to_string() }, None),
            }
        }
    }
}

/// Fetches the model's files and opens it on the asked device (with the CPU fallback rules of
/// `tabletalk_shared::embed::Device`).
async fn load(base_url: &str, model: &str, device: Device, precision: Precision) -> Result<Embedder, String> {
    let files = ModelFiles {
        name: model.to_string(),
        config: fetch(base_url, FILE_NAMES.config).await?.ok_or_else(|| missing(base_url, FILE_NAMES.config))?,
        tokenizer: fetch(base_url, FILE_NAMES.tokenizer).await?.ok_or_else(|| missing(base_url, FILE_NAMES.tokenizer))?,
        weights: fetch(base_url, FILE_NAMES.weights).await?.ok_or_else(|| missing(base_url, FILE_NAMES.weights))?,
        pooling: fetch(base_url, FILE_NAMES.pooling).await?,
        sentence_bert: fetch(base_url, FILE_NAMES.sentence_bert).await?,
        modules: fetch(base_url, FILE_NAMES.modules).await?,
    };
    Embedder::load_on_async(&files, device, precision).await.map_err(|e| e.to_string())
}

fn missing(base_url: &str, name: &str) -> String {
    format!("the model file {base_url}{name} was not found (run `cargo xtask models`)")
}

/// One file's bytes; `None` when the server says 404 (the optional files may be absent).
async fn fetch(base_url: &str, name: &str) -> Result<Option<Vec<u8>>, String> {
    let url = format!("{base_url}{name}");
    let fail = |e: JsValue| format!("could not fetch {url}: {}", describe(&e));
    let response: Response = JsFuture::from(scope().fetch_with_str(&url)).await.map_err(fail)?.unchecked_into();
    // A single-page-app server answers unknown paths with its index page: that is a missing file too.
    let html = response.headers().get("content-type").ok().flatten().is_some_and(|t| t.starts_with("text/html"));
    if response.status() == 404 || html {
        return Ok(None);
    }
    if !response.ok() {
        return Err(format!("could not fetch {url}: HTTP {}", response.status()));
    }
    let buffer = JsFuture::from(response.array_buffer().map_err(fail)?).await.map_err(fail)?;
    let bytes = Uint8Array::new(&buffer).to_vec();
    post(&FromWorker::Loading { file: name.to_string(), bytes: bytes.len() as u64 }, None);
    Ok(Some(bytes))
}

fn describe(e: &JsValue) -> String {
    e.as_string().or_else(|| Reflect::get(e, &"message".into()).ok().and_then(|m| m.as_string())).unwrap_or_else(|| format!("{e:?}"))
}

fn info(r: &DeviceReport) -> DeviceInfo {
    DeviceInfo { device: r.device, adapter: r.adapter.clone(), precision: r.precision, fallback: r.fallback.clone() }
}

/// Milliseconds since the epoch: enough for durations of whole jobs.
fn now() -> f64 {
    js_sys::Date::now()
}
