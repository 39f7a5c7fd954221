//! The page: upload → what was understood → the template → questions, with the cited data.
//! State and what changes it live in `session`; this only wires the steps to it.

use std::time::Duration;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tabletalk_shared::bundle::Bundle;
use tabletalk_shared::placement::Device;
use web_sys::File;

use super::chat::Chat;
use super::data_view::DataView;
use super::embed_step::EmbedStep;
use super::keep_step::KeepStep;
use super::picker::Picker;
use super::report::report_view;
use super::schema_editor::SchemaEditor;
use super::template_step::TemplateStep;
use crate::ask::{locate, Cite};
use crate::i18n::{self, t, Lang};
use crate::read_files::read_all;
use crate::session::Session;
use crate::storage;

#[component]
pub fn App() -> impl IntoView {
    let lang = i18n::provide_lang();
    let session = Session::new(device_choice());
    let Session { loaded, status, problem, ready, selected, embed_state, embed_device, embed_columns, .. } = session;

    // A dataset kept by an earlier visit opens as it was left.
    spawn_local(async move {
        match storage::load().await {
            Ok(Some(bytes)) if loaded.get_untracked().is_none() => {
                status.set(lang.get_untracked().texts().opening_kept);
                match Bundle::from_bytes(lang.get_untracked().texts().kept_dataset_name, &bytes) {
                    Ok(b) => session.restore(b, None),
                    Err(e) => problem.set(Some(e.to_string())),
                }
                status.set("");
            }
            Ok(_) => {}
            Err(e) => leptos::logging::warn!("no kept dataset: {e}"),
        }
    });

    let on_cancel = Callback::new(move |()| session.pool.with_value(|p| p.cancel()));
    let on_restart = Callback::new(move |()| session.start_embedding());

    let on_files = Callback::new(move |files: Vec<File>| {
        if files.is_empty() {
            return;
        }
        status.set(lang.get_untracked().texts().reading_files);
        spawn_local(async move {
            let (picked, read_errors) = read_all(files).await;
            // An exported dataset opens as it was; tables are read as usual.
            let (bundles, tables): (Vec<_>, Vec<_>) = picked.into_iter().partition(|f| Bundle::is_bundle_name(&f.name));
            if let Some(b) = bundles.first() {
                match Bundle::from_bytes(&b.name, &b.bytes) {
                    Ok(bundle) => {
                        session.restore(bundle, Some(&b.name));
                        session.keep();
                    }
                    Err(e) => problem.set(Some(e.to_string())),
                }
            }
            if !tables.is_empty() {
                session.open(tables, None, read_errors);
            } else if !read_errors.is_empty() {
                // Nothing readable came: what is already open stays open.
                problem.set(Some(read_errors.join(" ")));
            }
            status.set("");
        });
    });

    let on_accept = Callback::new(move |templates: Vec<String>| {
        status.set(lang.get_untracked().texts().preparing);
        // After a frame, so the status shows before the engine loads the rows.
        set_timeout(
            move || {
                if let Err(e) = session.accept(templates) {
                    problem.set(Some(e));
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
    let on_describe = Callback::new(move |d| session.redescribe(d));

    let steps = move || {
        loaded.get().filter(|l| !l.tables.is_empty()).map(|l| {
            let accepted = Signal::derive(move || ready.get());
            view! {
                <SchemaEditor loaded=l.clone() on_apply=on_describe />
                <TemplateStep loaded=l.clone() on_accept accepted />
                {move || ready.get().then(|| view! {
                    <EmbedStep state=embed_state device=embed_device columns=embed_columns on_cancel on_restart />
                    <Chat dataset=session.dataset semantic=session.semantic pool=session.pool edge=session.edge on_cite />
                    <KeepStep session />
                })}
                <DataView loaded=l selected=Signal::from(selected) />
            }
        })
    };

    // Each option in its own language, so a reader finds theirs whatever the page is in now.
    let languages = Lang::ALL
        .into_iter()
        .map(|l| view! { <option value=l.code() lang=l.code() prop:selected=move || lang.get() == l>{l.name()}</option> })
        .collect_view();
    let on_language = move |ev: leptos::ev::Event| {
        if let Some(l) = Lang::from_tag(&event_target_value(&ev)) {
            i18n::set_lang(lang, l);
        }
    };

    view! {
        <header>
            <div class="masthead">
                <h1>"Tabletalk"</h1>
                <select class="language" data-testid="language" aria-label=t(|x| x.language) on:change=on_language>
                    {languages}
                </select>
            </div>
            <p class="tagline">{t(|x| x.tagline)}</p>
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
fn device_choice() -> Device {
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()
        .and_then(|p| p.get("device"))
        .filter(|d| matches!(d.as_str(), "gpu" | "cpu" | "auto"))
        .and_then(|d| d.parse().ok())
        .unwrap_or(Device::Auto)
}
