//! The template step: the static template of every table, editable, and one "Accept template".

use std::sync::Arc;

use leptos::prelude::*;

use super::template_editor::{preview, TemplateEditor};
use crate::analyse::Loaded;

#[component]
pub fn TemplateStep(
    loaded: Arc<Loaded>,
    /// The accepted texts, one per table in order.
    on_accept: Callback<Vec<String>>,
    /// Whether the current texts were accepted (the chat is open).
    accepted: Signal<bool>,
) -> impl IntoView {
    let texts: Vec<RwSignal<String>> = loaded.templates.iter().map(|t| RwSignal::new(t.clone())).collect();
    let results: Vec<Memo<Result<Vec<String>, String>>> = texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let (loaded, text) = (loaded.clone(), *text);
            Memo::new(move |_| text.with(|t| preview(&loaded, i, t)))
        })
        .collect();
    let valid = {
        let results = results.clone();
        Memo::new(move |_| results.iter().all(|r| r.with(|r| r.is_ok())))
    };
    let editors = loaded
        .tables
        .iter()
        .enumerate()
        .map(|(i, t)| view! { <TemplateEditor name=t.name.clone() index=i text=texts[i] result=results[i] /> })
        .collect_view();
    let accept = {
        let texts = texts.clone();
        move |_| on_accept.run(texts.iter().map(|t| t.get_untracked()).collect())
    };

    view! {
        <section class="step" data-testid="template-step" aria-labelledby="template-heading">
            <h2 id="template-heading">"Template"</h2>
            <p class="hint">
                "Each row is read as these sentences; {{Name}} is a column's value. Edit the text, check the preview, then accept it."
            </p>
            {editors}
            <div class="actions">
                <button type="button" class="primary" data-testid="accept-template" on:click=accept disabled=move || !valid.get()>
                    "Accept template"
                </button>
                <span class="accepted" data-testid="template-accepted">{move || accepted.get().then_some("Accepted: ask your questions below.")}</span>
            </div>
        </section>
    }
}
