//! The template step: the static template of every table, editable, and one "Accept template".

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tabletalk_shared::api::RefineRequest;

use super::edge_address::EdgeAddress;
use super::template_editor::{preview, TemplateEditor};
use crate::analyse::Loaded;
use crate::edge;
use crate::i18n::{fill, t, use_lang, Texts};
use crate::session::Session;

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
    // "Refine with the LLM": each table's static template rewritten by the edge's backend; the
    // texts land in the editors, to check against the preview and accept (or edit) as usual.
    let session = expect_context::<Session>();
    let refining = RwSignal::new(false);
    let refine_notes = RwSignal::new(Vec::<RefineNote>::new());
    let refine_error = RwSignal::new(None::<String>);
    let refine = {
        let (loaded, texts) = (loaded.clone(), texts.clone());
        move |_| {
            let (loaded, texts) = (loaded.clone(), texts.clone());
            let base = session.edge.get_untracked();
            let access = session.llm_access();
            refining.set(true);
            refine_error.set(None);
            refine_notes.set(Vec::new());
            spawn_local(async move {
                for (i, table) in loaded.tables.iter().enumerate() {
                    let req = RefineRequest {
                        table: table.name.clone(),
                        columns: loaded.schemas[i].columns.clone(),
                        context: table.context.clone(),
                        first_row: table.rows.first().cloned(),
                    };
                    match edge::refine(&base, &access, &req).await {
                        Ok(r) => {
                            let note = if r.fell_back {
                                RefineNote::FellBack { table: table.name.clone() }
                            } else {
                                texts[i].set(r.template);
                                RefineNote::Rewrote { table: table.name.clone(), refined: r.refined, asked: r.asked }
                            };
                            refine_notes.update(|n| n.push(note));
                        }
                        Err(e) => {
                            refine_error.set(Some(e));
                            break;
                        }
                    }
                }
                refining.set(false);
            });
        }
    };
    let lang = use_lang();
    let notes = move || {
        let x = lang.get().texts();
        refine_notes.get().into_iter().map(|n| view! { <li>{n.text(x)}</li> }).collect_view()
    };

    let accept = {
        let texts = texts.clone();
        move |_| on_accept.run(texts.iter().map(|t| t.get_untracked()).collect())
    };

    view! {
        <section class="step" data-testid="template-step" aria-labelledby="template-heading">
            <h2 id="template-heading">{t(|x| x.template_heading)}</h2>
            <p class="hint">
                {t(|x| x.template_hint)}
            </p>
            <div class="refine" data-testid="refine">
                <EdgeAddress id="edge-address-refine" />
                <label for="refine-token">{t(|x| x.publish_token)}</label>
                <input
                    id="refine-token"
                    data-testid="refine-token"
                    type="password"
                    autocomplete="off"
                    prop:value=move || session.edge_token.get()
                    on:input=move |ev| session.edge_token.set(event_target_value(&ev))
                />
                <button type="button" data-testid="refine-template" on:click=refine disabled=move || refining.get()>
                    {t(|x| x.refine_llm)}
                </button>
                <span aria-live="polite" data-testid="refine-status">{move || refining.get().then(|| lang.get().texts().refine_asking)}</span>
                <ul class="refine-notes" data-testid="refine-notes" aria-live="polite">{notes}</ul>
                {move || refine_error.get().map(|e| view! { <p class="errors" role="alert" data-testid="refine-error">{e}</p> })}
            </div>
            {editors}
            <div class="actions">
                <button type="button" class="primary" data-testid="accept-template" on:click=accept disabled=move || !valid.get()>
                    {t(|x| x.accept_template)}
                </button>
                <span class="accepted" data-testid="template-accepted">{move || accepted.get().then(t(|x| x.template_accepted))}</span>
            </div>
        </section>
    }
}

/// What refining one table came to, said in the page's language.
#[derive(Clone)]
enum RefineNote {
    /// The LLM's sentences lost values: the static template stays.
    FellBack { table: String },
    /// The editor holds the LLM's text: `refined` of `asked` sentences rewritten.
    Rewrote { table: String, refined: usize, asked: usize },
}

impl RefineNote {
    fn text(&self, x: &Texts) -> String {
        match self {
            RefineNote::FellBack { table } => fill(x.refine_fell_back, &[("table", table)]),
            RefineNote::Rewrote { table, refined, asked } => {
                fill(x.refine_rewrote, &[("table", table), ("refined", refined), ("asked", asked)])
            }
        }
    }
}
