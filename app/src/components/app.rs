//! The page: upload → what was understood → the template → questions, with the cited data.

use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tabletalk_shared::index::Collection;
use tabletalk_shared::query::Dataset;
use tabletalk_shared::worker_protocol::DeviceInfo;
use web_sys::File;

use super::chat::Chat;
use super::data_view::DataView;
use super::embed_step::{EmbedState, EmbedStep};
use super::picker::Picker;
use super::report::report_view;
use super::template_step::TemplateStep;
use crate::analyse::{analyse, Loaded};
use crate::ask::{locate, prepare, Cite, RowAt};
use crate::embedding::EmbedWorker;
use crate::search;
use crate::read_files::read_all;

#[component]
pub fn App() -> impl IntoView {
    let loaded = RwSignal::new(None::<Arc<Loaded>>);
    let status = RwSignal::new("");
    let problem = RwSignal::new(None::<String>);
    // The dataset for questions, built when a template is accepted (DataFusion holds the rows).
    let dataset = StoredValue::new_local(None::<Rc<Dataset>>);
    let ready = RwSignal::new(false);
    let selected = RwSignal::new(None::<RowAt>);
    // Search by meaning: the worker, its progress, and the rows' index once embedded.
    let embedder = StoredValue::new_local(EmbedWorker::new(device_choice()));
    let embed_state = RwSignal::new(EmbedState::Idle);
    let embed_device = RwSignal::new(None::<DeviceInfo>);
    let semantic = StoredValue::new_local(None::<Rc<Collection>>);
    // Bumped on every new upload or restart, so a finished job for older rows is dropped.
    let epoch = StoredValue::new(0u32);
    embedder.with_value(|w| {
        w.on_loading(move |file, bytes| {
            embed_state.update(|s| {
                if let EmbedState::Loading(files) = s {
                    files.push((file, bytes));
                }
            })
        })
    });

    let start_embedding = move || {
        let Some(ds) = dataset.get_value() else {
            return;
        };
        // A job for the previous template would finish first in the worker's queue: stop it.
        if matches!(embed_state.get_untracked(), EmbedState::Loading(_) | EmbedState::Running { .. }) {
            embedder.with_value(|w| w.cancel());
        }
        epoch.update_value(|e| *e += 1);
        let mine = epoch.get_value();
        semantic.set_value(None);
        let worker = embedder.get_value();
        let texts: Vec<String> = ds.lexical().0.iter().map(|p| p.text.clone()).collect();
        let total = texts.len();
        embed_state.set(EmbedState::Loading(Vec::new()));
        spawn_local(async move {
            let stale = move || epoch.get_value() != mine;
            match worker.ready().await {
                Ok(r) => embed_device.set(Some(r.device)),
                Err(e) if stale() => return drop(e),
                Err(e) if e == "cancelled" => return embed_state.set(EmbedState::Cancelled { done: 0, total }),
                Err(e) => return embed_state.set(EmbedState::Failed(e)),
            }
            let started = js_sys::Date::now();
            embed_state.set(EmbedState::Running { done: 0, total, started });
            let result = worker
                .embed(texts, move |done, total| {
                    if epoch.get_value() == mine {
                        embed_state.set(EmbedState::Running { done, total, started });
                    }
                })
                .await;
            if stale() {
                return;
            }
            match result {
                Ok(v) => {
                    embed_device.set(Some(v.device.clone()));
                    match search::build(&ds.lexical().0, &v) {
                        Ok(c) => {
                            semantic.set_value(Some(Rc::new(c)));
                            embed_state.set(EmbedState::Done { count: total, ms: js_sys::Date::now() - started });
                        }
                        Err(e) => embed_state.set(EmbedState::Failed(e)),
                    }
                }
                Err(e) if e == "cancelled" => {
                    let done = match embed_state.get_untracked() {
                        EmbedState::Running { done, .. } => done,
                        _ => 0,
                    };
                    embed_state.set(EmbedState::Cancelled { done, total });
                }
                Err(e) => embed_state.set(EmbedState::Failed(e)),
            }
        });
    };
    let on_cancel = Callback::new(move |()| embedder.with_value(|w| w.cancel()));
    let on_restart = Callback::new(move |()| start_embedding());

    let on_files = Callback::new(move |files: Vec<File>| {
        if files.is_empty() {
            return;
        }
        status.set("Reading files…");
        spawn_local(async move {
            let (picked, read_errors) = read_all(files).await;
            let mut result = analyse(&picked);
            result.report.errors.extend(read_errors);
            dataset.set_value(None);
            epoch.update_value(|e| *e += 1);
            embedder.with_value(|w| w.cancel());
            semantic.set_value(None);
            embed_state.set(EmbedState::Idle);
            ready.set(false);
            selected.set(None);
            problem.set(None);
            loaded.set(Some(Arc::new(result)));
            status.set("");
        });
    });

    let on_accept = Callback::new(move |templates: Vec<String>| {
        let Some(l) = loaded.get_untracked() else {
            return;
        };
        status.set("Preparing the tables for questions…");
        // After a frame, so the status shows before the engine loads the rows.
        set_timeout(
            move || {
                match prepare(&l, &templates) {
                    Ok(ds) => {
                        dataset.set_value(Some(Rc::new(ds)));
                        problem.set(None);
                        ready.set(true);
                        start_embedding();
                    }
                    Err(e) => problem.set(Some(format!(
                        "The tables could not be prepared for questions: {e}"
                    ))),
                }
                status.set("");
            },
            Duration::from_millis(16),
        );
    });

    let on_cite = Callback::new(move |c: Cite| {
        let found = loaded.with_untracked(|l| l.as_ref().and_then(|l| locate(&l.tables, &c)));
        selected.set(found);
    });

    let steps = move || {
        loaded.get().filter(|l| !l.tables.is_empty()).map(|l| {
            let accepted = Signal::derive(move || ready.get());
            view! {
                <TemplateStep loaded=l.clone() on_accept accepted />
                {move || ready.get().then(|| view! {
                    <EmbedStep state=embed_state device=embed_device on_cancel on_restart />
                    <Chat dataset semantic embedder on_cite />
                })}
                <DataView loaded=l selected=Signal::from(selected) />
            }
        })
    };

    view! {
        <header>
            <h1>"Tabletalk"</h1>
            <p class="tagline">"Ask questions of your research tables. Files stay in your browser."</p>
        </header>
        <main>
            <Picker on_files=on_files />
            <p data-testid="status" class="status" aria-live="polite">{move || status.get()}</p>
            {move || problem.get().map(|p| view! { <p class="errors" role="alert" data-testid="problem">{p}</p> })}
            {move || loaded.get().map(|l| report_view(&l.report))}
            {steps}
        </main>
    }
}

/// The page's `?device=` parameter: "gpu" forces WebGPU (or an error), "cpu" the CPU path;
/// anything else lets the embedder choose (WebGPU on a hardware adapter that passes the self-check).
fn device_choice() -> String {
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()
        .and_then(|p| p.get("device"))
        .filter(|d| matches!(d.as_str(), "gpu" | "cpu" | "auto"))
        .unwrap_or_else(|| "auto".into())
}
