//! Embedding the rows for search by meaning: which path (WebGPU or CPU) and why, progress with
//! rate and time left, and Cancel. Questions work throughout; retrieval uses words until it is done.

use leptos::prelude::*;
use tabletalk_shared::worker_protocol::DeviceInfo;

use crate::embedding::MODEL;

/// Where embedding stands.
#[derive(Clone, Debug, PartialEq)]
pub enum EmbedState {
    Idle,
    /// Fetching the model; the files that have arrived (name, bytes).
    Loading(Vec<(String, u64)>),
    /// `started` is `Date.now()` when the first batch began (model loading excluded from the rate).
    /// `workers`: how many Web Workers share the rows.
    Running { done: usize, total: usize, started: f64, workers: usize },
    Done { count: usize, ms: f64, workers: usize },
    /// The vectors came back with a kept or imported dataset; `device` is where they were made.
    Restored { count: usize, device: String },
    Cancelled { done: usize, total: usize },
    Failed(String),
}

#[component]
pub fn EmbedStep(
    state: RwSignal<EmbedState>,
    device: RwSignal<Option<DeviceInfo>>,
    on_cancel: Callback<()>,
    on_restart: Callback<()>,
) -> impl IntoView {
    let status = move || status_text(&state.get(), js_sys::Date::now());
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
                {format!("Embedding failed: {e}. Questions still work; retrieval ranks rows by words (BM25) only.")}
            </p>
        }),
        _ => None,
    };
    view! {
        <section class="step embed" data-testid="embed" aria-labelledby="embed-heading">
            <h2 id="embed-heading">"Search by meaning"</h2>
            <p data-testid="embed-device">{move || device.get().map(|d| device_text(&d))}</p>
            {move || progress().map(|(done, total)| view! {
                <progress data-testid="embed-progress" max=total.max(1) value=done aria-label="Rows embedded"></progress>
            })}
            <p data-testid="embed-status" aria-live="polite">{status}</p>
            {failed}
            {move || running().then(|| view! {
                <button type="button" data-testid="embed-cancel" on:click=move |_| on_cancel.run(())>"Cancel"</button>
            })}
            {move || stopped().then(|| view! {
                <button type="button" data-testid="embed-restart" on:click=move |_| on_restart.run(())>"Embed again"</button>
            })}
        </section>
    }
}

/// "Embedding on: WebGPU (…)", or the CPU and why not WebGPU.
pub fn device_text(d: &DeviceInfo) -> String {
    match (&d.device[..], &d.fallback) {
        ("gpu", _) => format!("Embedding on: {}", d.label()),
        (_, Some(why)) => format!("Embedding on: {}. WebGPU not used: {why}", d.label()),
        _ => format!("Embedding on: {}, as asked", d.label()),
    }
}

fn status_text(state: &EmbedState, now: f64) -> String {
    match state {
        EmbedState::Idle => String::new(),
        EmbedState::Loading(files) if files.is_empty() => format!("Loading the embedding model ({MODEL})…"),
        EmbedState::Loading(files) => {
            let got: Vec<String> = files.iter().map(|(f, b)| format!("{f} ({})", megabytes(*b))).collect();
            format!("Loading the embedding model ({MODEL}): {}…", got.join(", "))
        }
        EmbedState::Running { done, total, started, workers } => {
            let secs = ((now - started) / 1000.0).max(0.001);
            let rate = *done as f64 / secs;
            let mut s = format!("Embedding rows: {} of {} ({}%)", thousands(*done), thousands(*total), done * 100 / total.max(&1));
            s.push_str(&format!(" · {}", workers_text(*workers)));
            if *done > 0 {
                let left = (total - done) as f64 / rate.max(1e-9);
                s.push_str(&format!(" · {rate:.0} rows/s · about {} left", duration(left)));
            }
            s
        }
        EmbedState::Done { count, ms, workers } => format!(
            "Ready: {} rows embedded in {} ({:.0} rows/s, {}). Questions that are not exact are ranked by meaning and words.",
            thousands(*count),
            duration(ms / 1000.0),
            *count as f64 / (ms / 1000.0).max(0.001),
            workers_text(*workers)
        ),
        EmbedState::Restored { count, device } => format!(
            "Ready: {} rows' vectors restored (embedded earlier on {device}). Questions that are not exact are ranked by meaning and words.",
            thousands(*count)
        ),
        EmbedState::Cancelled { done, total } => format!(
            "Cancelled after {} of {} rows. Retrieval ranks rows by words (BM25) only.",
            thousands(*done),
            thousands(*total)
        ),
        EmbedState::Failed(_) => String::new(),
    }
}

fn workers_text(n: usize) -> String {
    if n == 1 { "1 worker".into() } else { format!("{n} workers in parallel") }
}

pub fn megabytes(b: u64) -> String {
    if b >= 1 << 20 {
        format!("{:.1} MB", b as f64 / 1_048_576.0)
    } else {
        format!("{:.0} KB", (b as f64 / 1024.0).ceil())
    }
}

fn duration(secs: f64) -> String {
    if secs < 60.0 {
        format!("{secs:.1} s")
    } else {
        format!("{} min {:02} s", (secs / 60.0).floor(), (secs % 60.0).round() as u64 % 60)
    }
}

fn thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}
