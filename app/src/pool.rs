//! Several embedding workers, each with its own model instance, sharing one job: the rows are
//! cut into one contiguous slice per worker. No SharedArrayBuffer, so portals that cannot send
//! COOP/COEP headers get the same speed-up. WebGPU runs one worker: the GPU is already parallel.

use std::cell::RefCell;
use std::rc::Rc;

use futures::future::join_all;
use tabletalk_shared::placement::Device;

use crate::embedding::{EmbedWorker, Ready, Vectors, BATCH};
use crate::i18n::{current, fill};

/// The most workers: each holds the model (~90 MB), and memory, not cores, limits phones.
const MAX_WORKERS: usize = 4;

#[derive(Clone)]
pub struct EmbedPool {
    /// Worker 0 opens the model on the chosen device; the others on the CPU.
    workers: Rc<RefCell<Vec<EmbedWorker>>>,
    size: usize,
}

impl EmbedPool {
    /// `device` as `EmbedWorker::new`; the pool is sized to `navigator.hardwareConcurrency`, or to
    /// `?workers=N` (the benchmark's single-worker reference run).
    pub fn new(device: Device) -> Self {
        let window = web_sys::window();
        let cores = window.as_ref().map(|w| w.navigator().hardware_concurrency() as usize).unwrap_or(1);
        let asked = window
            .and_then(|w| w.location().search().ok())
            .and_then(|s| web_sys::UrlSearchParams::new_with_str(&s).ok())
            .and_then(|p| p.get("workers"))
            .and_then(|n| n.parse::<usize>().ok());
        EmbedPool { workers: Rc::new(RefCell::new(vec![EmbedWorker::new(device)])), size: asked.unwrap_or(cores).clamp(1, MAX_WORKERS) }
    }

    fn first(&self) -> EmbedWorker {
        self.workers.borrow()[0].clone()
    }

    /// Reports model files as worker 0 fetches them (the others read them from the cache).
    pub fn on_loading(&self, f: impl Fn(String, u64) + 'static) {
        self.first().on_loading(f);
    }

    /// Worker 0's model is open: where it runs.
    pub async fn ready(&self) -> Result<Ready, String> {
        self.first().ready().await
    }

    /// A few texts (a question): worker 0 alone.
    pub async fn embed_one(&self, texts: Vec<String>) -> Result<Vectors, String> {
        self.first().embed(texts, |_, _| {}).await
    }

    /// How many workers a job of `rows` gets once worker 0 is open on `ready`'s device.
    pub fn workers_for(&self, ready: &Ready, rows: usize) -> usize {
        if ready.device.device == Device::Gpu {
            1
        } else {
            // A worker per two batches at least: loading a model costs about as much as that.
            self.size.min(rows.div_ceil(2 * BATCH)).max(1)
        }
    }

    /// Embeds every text across the pool; `progress(done, total)` sums the workers' progress.
    pub async fn embed_all(
        &self,
        texts: Vec<String>,
        workers: usize,
        progress: impl Fn(usize, usize) + 'static,
    ) -> Result<Vectors, String> {
        let total = texts.len();
        {
            let mut w = self.workers.borrow_mut();
            while w.len() < workers {
                w.push(EmbedWorker::new(Device::Cpu));
            }
        }
        let pool: Vec<EmbedWorker> = self.workers.borrow()[..workers].to_vec();
        let per = total.div_ceil(workers).max(1);
        let done = Rc::new(RefCell::new(vec![0usize; workers]));
        let progress = Rc::new(progress);
        let mut chunks = texts.into_iter().peekable();
        let mut jobs = Vec::with_capacity(workers);
        for (i, worker) in pool.iter().enumerate() {
            let slice: Vec<String> = chunks.by_ref().take(per).collect();
            let (done, progress) = (done.clone(), progress.clone());
            jobs.push(async move {
                worker
                    .embed(slice, move |d, _| {
                        done.borrow_mut()[i] = d;
                        progress(done.borrow().iter().sum(), total);
                    })
                    .await
            });
        }
        let results = join_all(jobs).await;
        let mut out: Option<Vectors> = None;
        for r in results {
            let v = match r {
                Ok(v) => v,
                Err(e) => {
                    // One slice failed: the others' work is useless; stop them too.
                    self.cancel();
                    return Err(e);
                }
            };
            match &mut out {
                None => out = Some(v),
                Some(o) if o.dim == v.dim => o.data.extend(v.data),
                Some(o) => return Err(fill(current().workers_disagree, &[("a", &o.dim), ("b", &v.dim)])),
            }
        }
        out.ok_or_else(|| current().nothing_to_embed.into())
    }

    /// Stops every worker; pending jobs end with "cancelled".
    pub fn cancel(&self) {
        for w in self.workers.borrow().iter() {
            w.cancel();
        }
    }
}
