//! Embedding the rows for search by meaning: which path (WebGPU or CPU) and why, progress with
//! rate and time left, and Cancel. Questions work throughout; retrieval uses words until it is done.

use leptos::prelude::*;
use tabletalk_shared::embed_text::{ColumnChoice, Left};
use tabletalk_shared::placement::Device;
use tabletalk_shared::worker_protocol::DeviceInfo;

use crate::embedding::MODEL;
use crate::i18n::{decimal, fill, t, thousands, tr, Texts};

/// Where embedding stands.
#[derive(Clone, Debug, PartialEq)]
pub enum EmbedState {
    Idle,
    /// Fetching the model; the files that have arrived (name, bytes).
    Loading(Vec<(String, u64)>),
    /// `started` is `Date.now()` when the first batch began (model loading excluded from the rate).
    /// `workers`: how many Web Workers share the rows.
    Running {
        done: usize,
        total: usize,
        started: f64,
        workers: usize,
    },
    /// `count` rows ready: `cached` texts came from this browser's vector cache, `embedded` were
    /// embedded now (in `ms`, by `workers`).
    Done {
        count: usize,
        ms: f64,
        workers: usize,
        cached: usize,
        embedded: usize,
    },
    /// The vectors came back with a kept or imported dataset; `device` is where they were made.
    Restored {
        count: usize,
        device: String,
    },
    Cancelled {
        done: usize,
        total: usize,
    },
    Failed(String),
}

#[component]
pub fn EmbedStep(
    state: RwSignal<EmbedState>,
    device: RwSignal<Option<DeviceInfo>>,
    columns: RwSignal<Vec<(String, Vec<ColumnChoice>)>>,
    on_cancel: Callback<()>,
    on_restart: Callback<()>,
) -> impl IntoView {
    let status = tr(move |x| status_text(x, &state.get(), js_sys::Date::now()));
    let running = move || matches!(state.get(), EmbedState::Loading(_) | EmbedState::Running { .. });
    let stopped = move || matches!(state.get(), EmbedState::Cancelled { .. } | EmbedState::Failed(_));
    let progress = move || match state.get() {
        EmbedState::Running { done, total, .. } => Some((done, total)),
        EmbedState::Done { count, .. } | EmbedState::Restored { count, .. } => Some((count, count)),
        _ => None,
    };
    let failed = move || match state.get() {
        EmbedState::Failed(e) => Some(view! {
            <p class="errors" role="alert" data-testid="embed-error">
                {tr(move |x| fill(x.embed_failed, &[("error", &e)]))}
            </p>
        }),
        _ => None,
    };
    view! {
        <section class="step embed" data-testid="embed" aria-labelledby="embed-heading">
            <h2 id="embed-heading">{t(|x| x.search_by_meaning)}</h2>
            <p data-testid="embed-device">{tr(move |x| device.get().map(|d| device_text(x, &d)))}</p>
            <p data-testid="embed-columns">{tr(move |x| columns_text(x, &columns.get()))}</p>
            {move || progress().map(|(done, total)| view! {
                <progress data-testid="embed-progress" max=total.max(1) value=done aria-label=t(|x| x.rows_embedded)></progress>
            })}
            <p data-testid="embed-status" aria-live="polite">{status}</p>
            {failed}
            {move || running().then(|| view! {
                <button type="button" data-testid="embed-cancel" on:click=move |_| on_cancel.run(())>{t(|x| x.cancel)}</button>
            })}
            {move || stopped().then(|| view! {
                <button type="button" data-testid="embed-restart" on:click=move |_| on_restart.run(())>{t(|x| x.embed_again)}</button>
            })}
        </section>
    }
}

/// "Embedding on: WebGPU (…)", or the CPU and why not WebGPU.
pub fn device_text(t: &Texts, d: &DeviceInfo) -> String {
    let device = d.label();
    match (d.device, &d.fallback) {
        (Device::Gpu, _) => fill(t.embedding_on, &[("device", &device)]),
        (_, Some(why)) => fill(t.embedding_on_fallback, &[("device", &device), ("why", why)]),
        _ => fill(t.embedding_on_asked, &[("device", &device)]),
    }
}

fn status_text(t: &Texts, state: &EmbedState, now: f64) -> String {
    let n = |v: usize| thousands(t, v);
    match state {
        EmbedState::Idle => String::new(),
        EmbedState::Loading(files) if files.is_empty() => fill(t.loading_model, &[("model", &MODEL)]),
        EmbedState::Loading(files) => {
            let got: Vec<String> = files.iter().map(|(f, b)| format!("{f} ({})", megabytes(*b))).collect();
            fill(t.loading_model_files, &[("model", &MODEL), ("files", &got.join(", "))])
        }
        EmbedState::Running { done, total, started, workers } => {
            let secs = ((now - started) / 1000.0).max(0.001);
            let rate = *done as f64 / secs;
            let percent = done * 100 / total.max(&1);
            let mut s = fill(t.embedding_rows, &[("done", &n(*done)), ("total", &n(*total)), ("percent", &percent)]);
            s.push_str(&format!(" · {}", workers_text(t, *workers)));
            if *done > 0 {
                let left = (total - done) as f64 / rate.max(1e-9);
                let rate = format!("{rate:.0}");
                s.push_str(" · ");
                s.push_str(&fill(t.rate_left, &[("rate", &rate), ("left", &duration(t, left))]));
            }
            s
        }
        EmbedState::Done { count, ms, cached, embedded, .. } if *cached > 0 => fill(
            t.ready_cached,
            &[("count", &n(*count)), ("cached", &n(*cached)), ("embedded", &n(*embedded)), ("time", &duration(t, ms / 1000.0))],
        ),
        EmbedState::Done { count, ms, workers, .. } => {
            let rate = format!("{:.0}", *count as f64 / (ms / 1000.0).max(0.001));
            fill(
                t.ready_embedded,
                &[("count", &n(*count)), ("time", &duration(t, ms / 1000.0)), ("rate", &rate), ("workers", &workers_text(t, *workers))],
            )
        }
        EmbedState::Restored { count, device } => fill(t.ready_restored, &[("count", &n(*count)), ("device", device)]),
        EmbedState::Cancelled { done, total } => fill(t.cancelled, &[("done", &n(*done)), ("total", &n(*total))]),
        EmbedState::Failed(_) => String::new(),
    }
}

/// What the vectors are made from and what is left to words, per table when there are several.
fn columns_text(t: &Texts, tables: &[(String, Vec<ColumnChoice>)]) -> String {
    let several = tables.len() > 1;
    let mut out = Vec::new();
    for (table, choices) in tables {
        let quoted = |names: Vec<&str>| names.iter().map(|c| format!("“{c}”")).collect::<Vec<_>>().join(", ");
        let made: Vec<&str> = choices.iter().filter(|c| c.choice.is_ok()).map(|c| c.column.as_str()).collect();
        let left: Vec<&str> = choices.iter().filter(|c| c.choice == Err(Left::Measurement)).map(|c| c.column.as_str()).collect();
        let mut s = if several { format!("{table}: ") } else { String::new() };
        if made.is_empty() {
            s.push_str(t.vectors_from_passages);
        } else {
            s.push_str(&fill(t.vectors_made_from, &[("columns", &quoted(made))]));
            if !left.is_empty() {
                s.push(' ');
                s.push_str(&fill(t.vectors_left_out, &[("columns", &quoted(left))]));
            }
        }
        out.push(s);
    }
    out.join(" ")
}

fn workers_text(t: &Texts, n: usize) -> String {
    if n == 1 {
        t.one_worker.into()
    } else {
        fill(t.workers, &[("n", &n)])
    }
}

pub fn megabytes(b: u64) -> String {
    if b >= 1 << 20 {
        format!("{:.1} MB", b as f64 / 1_048_576.0)
    } else {
        format!("{:.0} KB", (b as f64 / 1024.0).ceil())
    }
}

fn duration(t: &Texts, secs: f64) -> String {
    if secs < 60.0 {
        format!("{} s", decimal(t, &format!("{secs:.1}")))
    } else {
        format!("{} min {:02} s", (secs / 60.0).floor(), (secs % 60.0).round() as u64 % 60)
    }
}
