//! The page's side of the embedding Web Worker (`app/embed-worker`): start it, load the model on
//! the chosen device, run jobs with progress, and cancel by terminating it (a job in wasm cannot be
//! interrupted from outside; a fresh worker reloads the model from the HTTP cache).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use futures::channel::oneshot;
use js_sys::{Float32Array, Object, Reflect};
use tabletalk_shared::placement::{Device, Precision};
use tabletalk_shared::worker_protocol::{DeviceInfo, FromWorker, ToWorker};
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker};

use crate::i18n::{current, fill};

/// The model the app embeds with (`cargo xtask models` serves it at `/models/<name>/`).
pub const MODEL: &str = "all-MiniLM-L6-v2";
/// Rows per batch: small enough that progress moves every fraction of a second on the CPU.
pub const BATCH: usize = 16;
/// The loader Trunk writes for the worker binary (`data-loader-shim`).
const LOADER: &str = "./embed_worker_loader.js";

/// The model, opened: its dimension and where it runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Ready {
    pub dim: usize,
    pub device: DeviceInfo,
    pub ms: f64,
}

/// One job's vectors, in input order.
pub struct Vectors {
    pub dim: usize,
    pub data: Vec<f32>,
    pub device: DeviceInfo,
}

type Progress = Box<dyn Fn(usize, usize)>;

#[derive(Default)]
struct Inner {
    worker: Option<Worker>,
    ready: Option<Result<Ready, String>>,
    waiting: Vec<oneshot::Sender<Result<Ready, String>>>,
    jobs: HashMap<u32, (oneshot::Sender<Result<Vectors, String>>, Progress)>,
    next_job: u32,
    on_message: Option<Closure<dyn FnMut(MessageEvent)>>,
    on_error: Option<Closure<dyn FnMut(web_sys::ErrorEvent)>>,
    /// The `Load` to send once the worker says it has started.
    load: Option<ToWorker>,
    /// Called with each model file as it arrives (name, bytes).
    on_loading: Option<Rc<dyn Fn(String, u64)>>,
}

/// A handle shared by the page's components; cheap to clone.
#[derive(Clone)]
pub struct EmbedWorker {
    inner: Rc<RefCell<Inner>>,
    device: Device,
}

impl EmbedWorker {
    /// `device` is the page's `?device=` parameter.
    pub fn new(device: Device) -> Self {
        EmbedWorker { inner: Rc::default(), device }
    }

    /// Reports model files as they arrive (the first load fetches ~90 MB).
    pub fn on_loading(&self, f: impl Fn(String, u64) + 'static) {
        self.inner.borrow_mut().on_loading = Some(Rc::new(f));
    }

    /// Starts the worker and loads the model if that has not happened; resolves when it is open.
    pub async fn ready(&self) -> Result<Ready, String> {
        let rx = {
            let mut inner = self.inner.borrow_mut();
            if let Some(r) = &inner.ready {
                return r.clone();
            }
            let (tx, rx) = oneshot::channel();
            inner.waiting.push(tx);
            rx
        };
        if self.inner.borrow().worker.is_none() {
            self.start()?;
        }
        rx.await.unwrap_or_else(|_| Err(current().embedder_stopped.into()))
    }

    /// Embeds `texts`; `progress(done, total)` after each batch.
    pub async fn embed(&self, texts: Vec<String>, progress: impl Fn(usize, usize) + 'static) -> Result<Vectors, String> {
        self.ready().await?;
        let (tx, rx) = oneshot::channel();
        let job = {
            let mut inner = self.inner.borrow_mut();
            inner.next_job += 1;
            let job = inner.next_job;
            inner.jobs.insert(job, (tx, Box::new(progress)));
            job
        };
        self.send(&ToWorker::Embed { job, texts, batch: BATCH })?;
        rx.await.unwrap_or_else(|_| Err("cancelled".into()))
    }

    /// Stops everything under way: pending jobs end with "cancelled"; the next call starts afresh.
    pub fn cancel(&self) {
        let (waiting, jobs) = {
            let mut inner = self.inner.borrow_mut();
            if let Some(w) = inner.worker.take() {
                w.terminate();
            }
            inner.ready = None;
            inner.on_message = None;
            inner.on_error = None;
            (std::mem::take(&mut inner.waiting), std::mem::take(&mut inner.jobs))
        };
        for tx in waiting {
            let _ = tx.send(Err("cancelled".into()));
        }
        for (_, (tx, _)) in jobs {
            let _ = tx.send(Err("cancelled".into()));
        }
    }

    fn start(&self) -> Result<(), String> {
        let worker = Worker::new(LOADER).map_err(|e| fill(current().worker_could_not_start, &[("error", &format!("{e:?}"))]))?;
        let weak = Rc::downgrade(&self.inner);
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            if let Some(inner) = weak.upgrade() {
                receive(&inner, &event);
            }
        });
        let weak = Rc::downgrade(&self.inner);
        let on_error = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |event: web_sys::ErrorEvent| {
            if let Some(inner) = weak.upgrade() {
                fail_all(&inner, fill(current().worker_stopped, &[("error", &event.message())]));
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        {
            let mut inner = self.inner.borrow_mut();
            inner.worker = Some(worker);
            inner.on_message = Some(on_message);
            inner.on_error = Some(on_error);
            inner.load =
                Some(ToWorker::Load { base_url: models_url(), model: MODEL.into(), device: self.device, precision: Precision::Auto });
        }
        Ok(())
    }

    fn send(&self, msg: &ToWorker) -> Result<(), String> {
        send(&self.inner, msg)
    }
}

fn send(inner: &Rc<RefCell<Inner>>, msg: &ToWorker) -> Result<(), String> {
    let inner = inner.borrow();
    let worker = inner.worker.as_ref().ok_or("cancelled")?;
    let out = Object::new();
    let json = serde_json::to_string(msg).map_err(|e| e.to_string())?;
    let _ = Reflect::set(&out, &"json".into(), &json.into());
    worker.post_message(&out).map_err(|e| fill(current().worker_unreachable, &[("error", &format!("{e:?}"))]))
}

/// `models/<MODEL>/` next to the page, absolute (the worker resolves URLs against its own script).
fn models_url() -> String {
    let base = web_sys::window().and_then(|w| w.document()).and_then(|d| d.base_uri().ok().flatten()).unwrap_or_default();
    web_sys::Url::new_with_base(&format!("models/{MODEL}/"), &base).map(|u| u.href()).unwrap_or_else(|_| format!("/models/{MODEL}/"))
}

fn receive(inner: &Rc<RefCell<Inner>>, event: &MessageEvent) {
    let data = event.data();
    let Some(json) = Reflect::get(&data, &"json".into()).ok().and_then(|v| v.as_string()) else {
        return;
    };
    let msg: FromWorker = match serde_json::from_str(&json) {
        Ok(m) => m,
        Err(e) => return fail_all(inner, fill(current().worker_unreadable, &[("error", &e)])),
    };
    match msg {
        FromWorker::Started => {
            let load = inner.borrow_mut().load.take();
            if let Some(Err(e)) = load.map(|l| send(inner, &l)) {
                fail_all(inner, e);
            }
        }
        FromWorker::Loading { file, bytes } => {
            let f = inner.borrow().on_loading.clone();
            if let Some(f) = f {
                f(file, bytes);
            }
        }
        FromWorker::Ready { dim, device, ms, .. } => {
            let ready = Ok(Ready { dim, device, ms });
            let waiting = {
                let mut i = inner.borrow_mut();
                i.ready = Some(ready.clone());
                std::mem::take(&mut i.waiting)
            };
            for tx in waiting {
                let _ = tx.send(ready.clone());
            }
        }
        FromWorker::Progress { job, done, total } => {
            if let Some((_, progress)) = inner.borrow().jobs.get(&job) {
                progress(done, total);
            }
        }
        FromWorker::Vectors { job, dim, count, device, .. } => {
            let vectors = Reflect::get(&data, &"data".into())
                .ok()
                .and_then(|d| d.dyn_into::<Float32Array>().ok())
                .map(|a| a.to_vec())
                .filter(|v| v.len() == dim * count)
                .map(|data| Vectors { dim, data, device })
                .ok_or_else(|| fill(current().worker_vectors_without_data, &[("count", &count), ("dim", &dim)]));
            let job = inner.borrow_mut().jobs.remove(&job);
            if let Some((tx, _)) = job {
                let _ = tx.send(vectors);
            }
        }
        FromWorker::Error { job: Some(job), message } => {
            let job = inner.borrow_mut().jobs.remove(&job);
            if let Some((tx, _)) = job {
                let _ = tx.send(Err(message));
            }
        }
        FromWorker::Error { job: None, message } => {
            let waiting = {
                let mut i = inner.borrow_mut();
                i.ready = Some(Err(message.clone()));
                std::mem::take(&mut i.waiting)
            };
            for tx in waiting {
                let _ = tx.send(Err(message.clone()));
            }
        }
    }
}

/// The worker died (a wasm trap, out of memory): everyone waiting hears why.
fn fail_all(inner: &Rc<RefCell<Inner>>, message: String) {
    let (waiting, jobs) = {
        let mut i = inner.borrow_mut();
        i.ready = Some(Err(message.clone()));
        (std::mem::take(&mut i.waiting), std::mem::take(&mut i.jobs))
    };
    for tx in waiting {
        let _ = tx.send(Err(message.clone()));
    }
    for (_, (tx, _)) in jobs {
        let _ = tx.send(Err(message.clone()));
    }
}
