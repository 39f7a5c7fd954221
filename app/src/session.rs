//! The page's state and what changes it: open files, accept a template, embed the rows, keep
//! the prepared dataset in the browser and bring it back. Components only call these.

use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tabletalk_shared::bundle::{Bundle, BundleFile, BundleVectors};
use tabletalk_shared::description::DatasetDescription;
use tabletalk_shared::embed_cache::Lookup;
use tabletalk_shared::embed_text::{text_key, ColumnChoice};
use tabletalk_shared::index::Collection;
use tabletalk_shared::placement::{Device, Precision};
use tabletalk_shared::query::Dataset;
use tabletalk_shared::worker_protocol::DeviceInfo;

use crate::analyse::{analyse, Loaded};
use crate::ask::{prepare, RowAt};
use crate::components::embed_step::EmbedState;
use crate::edge::Published;
use crate::embedding::MODEL;
use crate::i18n::{current, fill};
use crate::pool::EmbedPool;
use crate::{embed_cache, search, storage};

/// Whether the prepared dataset is kept in this browser.
#[derive(Clone, Debug, PartialEq)]
pub enum Kept {
    Nothing,
    Saving,
    /// Kept: how many bytes, and whether the rows' vectors are in it.
    Saved {
        bytes: usize,
        vectors: bool,
    },
    /// Restored on load from this browser (`from` None) or from an imported file (its name).
    Restored {
        from: Option<String>,
        vectors: bool,
    },
    Failed(String),
}

/// Every signal the page shares; `Copy`, so closures take it whole.
#[derive(Clone, Copy)]
pub struct Session {
    pub loaded: RwSignal<Option<Arc<Loaded>>>,
    pub status: RwSignal<&'static str>,
    pub problem: RwSignal<Option<String>>,
    /// The dataset for questions, built when a template is accepted (DataFusion holds the rows).
    pub dataset: StoredValue<Option<Rc<Dataset>>, LocalStorage>,
    pub templates: StoredValue<Vec<String>>,
    pub ready: RwSignal<bool>,
    pub selected: RwSignal<Option<RowAt>>,
    pub pool: StoredValue<EmbedPool, LocalStorage>,
    pub embed_state: RwSignal<EmbedState>,
    pub embed_device: RwSignal<Option<DeviceInfo>>,
    /// Per table, which columns the vectors are made from and why the others are not.
    pub embed_columns: RwSignal<Vec<(String, Vec<ColumnChoice>)>>,
    /// The rows' index once embedded: retrieval then ranks by meaning and words.
    pub semantic: StoredValue<Option<Rc<Collection>>, LocalStorage>,
    /// The same vectors, as kept and exported.
    pub vectors: StoredValue<Option<Rc<BundleVectors>>, LocalStorage>,
    /// Bumped on every new dataset or restart, so a finished job for older rows is dropped.
    pub epoch: StoredValue<u32>,
    pub kept: RwSignal<Kept>,
    /// The edge the user chose on this page ("Use this edge"): the only address data is ever sent
    /// to (refining, publishing, the chat's LLM questions, votes); empty until one is chosen.
    pub edge: RwSignal<String>,
    /// What the address field holds: `?edge=` or a typed address, sent nowhere until confirmed.
    pub edge_draft: RwSignal<String>,
    /// A publish token typed on this page (never stored): it publishes, and opens the edge's LLM
    /// for a dataset not published there.
    pub edge_token: RwSignal<String>,
    /// Where the dataset was last published from this browser: votes on answers go there too.
    pub published: RwSignal<Option<Published>>,
}

impl Session {
    pub fn new(device: Device) -> Self {
        let s = Session {
            loaded: RwSignal::new(None),
            status: RwSignal::new(""),
            problem: RwSignal::new(None),
            dataset: StoredValue::new_local(None),
            templates: StoredValue::new(Vec::new()),
            ready: RwSignal::new(false),
            selected: RwSignal::new(None),
            pool: StoredValue::new_local(EmbedPool::new(device)),
            embed_state: RwSignal::new(EmbedState::Idle),
            embed_device: RwSignal::new(None),
            embed_columns: RwSignal::new(Vec::new()),
            semantic: StoredValue::new_local(None),
            vectors: StoredValue::new_local(None),
            epoch: StoredValue::new(0),
            kept: RwSignal::new(Kept::Nothing),
            edge: RwSignal::new(crate::edge::chosen_base()),
            edge_draft: RwSignal::new(crate::edge::suggested_base()),
            edge_token: RwSignal::new(String::new()),
            published: RwSignal::new(crate::edge::published()),
        };
        // Steps deep in the page (the template's refine, publishing) reach the session this way.
        provide_context(s);
        let state = s.embed_state;
        s.pool.with_value(|p| {
            p.on_loading(move |file, bytes| {
                state.update(|s| {
                    if let EmbedState::Loading(files) = s {
                        files.push((file, bytes));
                    }
                })
            })
        });
        s
    }

    /// Drops everything derived from the current dataset (a job under way is stopped).
    fn reset(&self) {
        self.dataset.set_value(None);
        self.epoch.update_value(|e| *e += 1);
        self.pool.with_value(|p| p.cancel());
        self.semantic.set_value(None);
        self.vectors.set_value(None);
        self.embed_state.set(EmbedState::Idle);
        self.embed_columns.set(Vec::new());
        self.ready.set(false);
        self.selected.set(None);
        self.problem.set(None);
    }

    /// New files (or the same files read with an edited description): back to the template step.
    pub fn open(&self, files: Vec<BundleFile>, given: Option<&DatasetDescription>, read_errors: Vec<String>) {
        let mut result = analyse(files, given);
        result.report.errors.extend(read_errors);
        self.reset();
        self.templates.set_value(Vec::new());
        // Other rows than the published collection's: votes on their answers stay in the browser.
        crate::edge::set_published(None);
        self.published.set(None);
        self.loaded.set(Some(Arc::new(result)));
    }

    /// The same files read again with `description` (the schema editor's Apply).
    pub fn redescribe(&self, description: DatasetDescription) {
        let Some(l) = self.loaded.get_untracked() else {
            return;
        };
        self.open(l.files.clone(), Some(&description), Vec::new());
    }

    /// Builds the dataset for questions with the accepted templates, then embeds and keeps it.
    pub fn accept(&self, templates: Vec<String>) -> Result<(), String> {
        let l = self.loaded.get_untracked().ok_or(current().nothing_loaded)?;
        let ds = prepare(&l, &templates).map_err(|e| fill(current().prepare_failed, &[("error", &e)]))?;
        self.dataset.set_value(Some(Rc::new(ds)));
        self.templates.set_value(templates);
        self.vectors.set_value(None);
        self.problem.set(None);
        self.ready.set(true);
        self.keep();
        self.start_embedding();
        Ok(())
    }

    /// A dataset brought back (from this browser or an imported file): files, description,
    /// templates and, when they still match the rows, the vectors — no embedding needed.
    /// `from`: the imported file's name; None for the dataset kept in this browser.
    pub fn restore(&self, bundle: Bundle, from: Option<&str>) {
        let source = from.unwrap_or(current().this_browser);
        let description = bundle.description();
        let mut loaded = analyse(bundle.files, Some(&description));
        if bundle.templates.len() == loaded.tables.len() {
            loaded.templates = bundle.templates.clone();
        }
        self.reset();
        self.templates.set_value(Vec::new());
        let loaded = Arc::new(loaded);
        self.loaded.set(Some(loaded.clone()));
        if bundle.templates.len() != loaded.tables.len() {
            return;
        }
        let ds = match prepare(&loaded, &bundle.templates) {
            Ok(ds) => Rc::new(ds),
            Err(e) => return self.problem.set(Some(fill(current().kept_template_unfit, &[("from", &source), ("error", &e)]))),
        };
        self.dataset.set_value(Some(ds.clone()));
        self.templates.set_value(bundle.templates);
        self.ready.set(true);
        let passages = &ds.lexical().0;
        // Vectors of other texts (another template's rows, an older Tabletalk's passages) are not
        // reused as a whole; the vector cache still saves the rows that did not change.
        let texts = ds.embed_texts().hash();
        let fits = bundle.vectors.filter(|v| v.model == MODEL && v.passages == passages.len() && v.texts == texts);
        self.embed_columns.set(ds.embed_plans());
        match fits.map(|v| search::build(passages, &v).map(|c| (c, v))) {
            Some(Ok((c, v))) => {
                self.semantic.set_value(Some(Rc::new(c)));
                self.embed_state.set(EmbedState::Restored { count: v.passages, device: v.device.clone() });
                self.vectors.set_value(Some(Rc::new(v)));
                self.kept.set(Kept::Restored { from: from.map(str::to_string), vectors: true });
            }
            Some(Err(e)) => {
                self.problem.set(Some(fill(current().kept_vectors_unusable, &[("from", &source), ("error", &e)])));
                self.start_embedding();
            }
            None => {
                self.kept.set(Kept::Restored { from: from.map(str::to_string), vectors: false });
                self.start_embedding();
            }
        }
    }

    /// The prepared dataset as one file (what is kept and exported), once a template is accepted.
    pub fn bundle(&self) -> Option<Bundle> {
        let l = self.loaded.get_untracked()?;
        let templates = self.templates.get_value();
        if templates.is_empty() {
            return None;
        }
        let mut b = Bundle::new(l.files.clone(), &l.description, templates);
        b.vectors = self.vectors.get_value().map(|v| (*v).clone());
        Some(b)
    }

    /// Keeps the current dataset in this browser (in the background).
    pub fn keep(&self) {
        let Some(bundle) = self.bundle() else {
            return;
        };
        let vectors = bundle.vectors.is_some();
        let bytes = bundle.to_bytes();
        let kept = self.kept;
        kept.set(Kept::Saving);
        spawn_local(async move {
            kept.set(match storage::save(&bytes).await {
                Ok(()) => Kept::Saved { bytes: bytes.len(), vectors },
                Err(e) => Kept::Failed(e),
            });
        });
    }

    /// What opens the chosen edge's LLM for this dataset: its collection when it is published
    /// there, else the typed token.
    pub fn llm_access(&self) -> crate::edge::LlmAccess {
        let edge = self.edge.get_untracked();
        let collection = self.published.get_untracked().filter(|p| p.edge == crate::edge::normalise(&edge)).map(|p| p.id);
        crate::edge::LlmAccess { collection, token: self.edge_token.get_untracked() }
    }

    /// The dataset is now collection `id` on the edge at `edge` (remembered across reloads).
    pub fn published_as(&self, edge: &str, id: &str) {
        let p = Published { edge: crate::edge::normalise(edge), id: id.to_string() };
        crate::edge::set_published(Some(&p));
        self.published.set(Some(p));
    }

    /// Forgets the kept dataset and clears the page.
    /// The page clears once the browser has dropped it, so a reload right after finds nothing.
    pub fn forget(&self) {
        let s = *self;
        spawn_local(async move {
            let gone = storage::forget().await;
            s.reset();
            s.templates.set_value(Vec::new());
            s.loaded.set(None);
            s.kept.set(Kept::Nothing);
            crate::edge::set_published(None);
            s.published.set(None);
            if let Err(e) = gone {
                s.problem.set(Some(fill(current().forget_failed, &[("error", &e)])));
            }
        });
    }

    /// Embeds every row's embedding text in the worker pool, taking what this browser's vector
    /// cache already holds; retrieval switches to hybrid search when done.
    pub fn start_embedding(&self) {
        let s = *self;
        let Some(ds) = s.dataset.get_value() else {
            return;
        };
        // A job for the previous template would finish first in the workers' queues: stop it.
        if matches!(s.embed_state.get_untracked(), EmbedState::Loading(_) | EmbedState::Running { .. }) {
            s.pool.with_value(|p| p.cancel());
        }
        s.epoch.update_value(|e| *e += 1);
        let mine = s.epoch.get_value();
        s.semantic.set_value(None);
        s.vectors.set_value(None);
        s.embed_columns.set(ds.embed_plans());
        let pool = s.pool.get_value();
        let embed = ds.embed_texts();
        let (hash, chunks, rows) = (embed.hash(), embed.chunks(), embed.texts.len());
        let texts: Vec<String> = embed.texts.into_iter().flatten().collect();
        let keys: Vec<u128> = texts.iter().map(|t| text_key(t)).collect();
        s.embed_state.set(EmbedState::Loading(Vec::new()));
        spawn_local(async move {
            let stale = move || s.epoch.get_value() != mine;
            let ready = match pool.ready().await {
                Ok(r) => r,
                Err(e) if stale() => return drop(e),
                Err(e) if e == "cancelled" => return s.embed_state.set(EmbedState::Cancelled { done: 0, total: texts.len() }),
                Err(e) => return s.embed_state.set(EmbedState::Failed(e)),
            };
            s.embed_device.set(Some(ready.device.clone()));
            let precision = ready.device.precision.unwrap_or(Precision::F32).as_str();
            let mut cache = embed_cache::open(MODEL, precision, ready.dim).await;
            if stale() {
                return;
            }
            let lookup = Lookup::new(&cache, &keys);
            let todo: Vec<String> = lookup.missing.iter().map(|&i| texts[i].clone()).collect();
            let total = todo.len();
            let workers = if total == 0 { 0 } else { pool.workers_for(&ready, total) };
            let started = js_sys::Date::now();
            let result = if total == 0 {
                Ok((Vec::new(), ready.device.clone()))
            } else {
                s.embed_state.set(EmbedState::Running { done: 0, total, started, workers });
                pool.embed_all(todo, workers, move |done, total| {
                    if s.epoch.get_value() == mine {
                        s.embed_state.set(EmbedState::Running { done, total, started, workers });
                    }
                })
                .await
                .map(|v| (v.data, v.device))
            };
            if stale() {
                return;
            }
            let (embedded, device) = match result {
                Ok(r) => r,
                Err(e) if e == "cancelled" => {
                    let done = match s.embed_state.get_untracked() {
                        EmbedState::Running { done, .. } => done,
                        _ => 0,
                    };
                    return s.embed_state.set(EmbedState::Cancelled { done, total });
                }
                Err(e) => return s.embed_state.set(EmbedState::Failed(e)),
            };
            let Some(data) = lookup.merge(&embedded, ready.dim) else {
                return s.embed_state.set(EmbedState::Failed(current().nothing_to_embed.into()));
            };
            s.embed_device.set(Some(device.clone()));
            let vectors =
                BundleVectors { model: MODEL.into(), dim: ready.dim, device: device.label(), passages: rows, chunks, texts: hash, data };
            match search::build(&ds.lexical().0, &vectors) {
                Ok(c) => {
                    s.semantic.set_value(Some(Rc::new(c)));
                    cache.put_newest(&keys, &vectors.data);
                    s.vectors.set_value(Some(Rc::new(vectors)));
                    let ms = js_sys::Date::now() - started;
                    s.embed_state.set(EmbedState::Done { count: rows, ms, workers, cached: lookup.hits(), embedded: total });
                    s.keep();
                    embed_cache::keep(MODEL, precision, &cache).await;
                }
                Err(e) => s.embed_state.set(EmbedState::Failed(e)),
            }
        });
    }
}
