//! Keeping the prepared dataset: whether it is kept in this browser, exports (the dataset as a
//! `.tabletalk` file, the verbalised sentences as JSONL or CSV) and forgetting it.

use leptos::prelude::*;
use leptos::task::spawn_local;
use tabletalk_shared::api::{CollectionInfo, PublishRequest};
use tabletalk_shared::bundle::{passages_csv, passages_jsonl};

use super::edge_address::EdgeAddress;
use super::embed_step::megabytes;
use crate::i18n::{fill, t, use_lang};
use crate::session::{Kept, Session};
use crate::{download, edge};

/// Where publishing is.
#[derive(Clone, Debug, PartialEq)]
enum Publishing {
    Idle,
    Preparing,
    Uploading { sent: u64, total: u64 },
    Done(CollectionInfo),
    Failed(String),
}

#[component]
pub fn KeepStep(session: Session) -> impl IntoView {
    let lang = use_lang();
    let problem = RwSignal::new(None::<String>);
    let stem = move || {
        session
            .loaded
            .with_untracked(|l| l.as_ref().and_then(|l| l.tables.first().map(|t| t.name.clone())))
            .unwrap_or_else(|| "dataset".into())
            .chars()
            .map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '-' })
            .collect::<String>()
    };
    let offer = move |name: String, mime: &str, bytes: Vec<u8>| {
        problem.set(download::offer(&name, mime, &bytes).err());
    };
    let export_dataset = move |_| match session.bundle() {
        Some(b) => offer(format!("{}.tabletalk", stem()), "application/octet-stream", b.to_bytes()),
        None => problem.set(Some(lang.get_untracked().texts().accept_template_first.into())),
    };
    let sentences = move |csv: bool| {
        let Some(ds) = session.dataset.get_value() else {
            return problem.set(Some(lang.get_untracked().texts().accept_template_first.into()));
        };
        let passages = &ds.lexical().0;
        if csv {
            offer(format!("{}-sentences.csv", stem()), "text/csv", passages_csv(passages).into_bytes());
        } else {
            offer(format!("{}-sentences.jsonl", stem()), "application/jsonl", passages_jsonl(passages).into_bytes());
        }
    };
    let kept = move || {
        let x = lang.get().texts();
        match session.kept.get() {
            Kept::Nothing => String::new(),
            Kept::Saving => x.keeping.into(),
            Kept::Saved { bytes, vectors } => {
                fill(if vectors { x.kept_with_vectors } else { x.kept_without_vectors }, &[("size", &megabytes(bytes as u64))])
            }
            Kept::Restored { from: None, vectors } => (if vectors { x.opened_here_with_vectors } else { x.opened_here_again }).into(),
            Kept::Restored { from: Some(from), vectors } => {
                fill(if vectors { x.opened_with_vectors } else { x.opened_again }, &[("from", &from)])
            }
            Kept::Failed(e) => fill(x.keep_failed, &[("error", &e)]),
        }
    };
    // Publishing: the same collection `tabletalk publish` uploads, built from what is here.
    let first_table =
        move || session.loaded.with_untracked(|l| l.as_ref().and_then(|l| l.tables.first().map(|t| t.name.clone()))).unwrap_or_default();
    let collection = RwSignal::new(edge::collection_id(&first_table()));
    let title = RwSignal::new(first_table());
    // The same token the refine step takes (typed on this page, never stored).
    let token = session.edge_token;
    let publishing = RwSignal::new(Publishing::Idle);
    let publish = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let (Some(l), Some(ds)) = (session.loaded.get_untracked(), session.dataset.get_value()) else {
            return publishing.set(Publishing::Failed(lang.get_untracked().texts().accept_template_first.into()));
        };
        let Some(vectors) = session.vectors.get_value() else {
            return publishing.set(Publishing::Failed(lang.get_untracked().texts().not_embedded_yet.into()));
        };
        let (id, token, base) = (collection.get_untracked().trim().to_string(), token.get_untracked(), session.edge.get_untracked());
        if token.trim().is_empty() {
            return publishing.set(Publishing::Failed(lang.get_untracked().texts().enter_token.into()));
        }
        publishing.set(Publishing::Preparing);
        let templates = session.templates.get_value();
        let title = title.get_untracked();
        spawn_local(async move {
            let result = async {
                let parts = edge::parts(&l, &ds, &vectors, &templates)?;
                let request = PublishRequest {
                    title: Some(title).filter(|t| !t.trim().is_empty()),
                    source: None,
                    examples: Vec::new(),
                    parts: parts.iter().map(|(s, _)| s.clone()).collect(),
                };
                edge::publish(&base, token.trim(), &id, request, &parts, |sent, total| {
                    publishing.set(Publishing::Uploading { sent, total })
                })
                .await
            }
            .await;
            publishing.set(match result {
                Ok(info) => {
                    session.published_as(&base, &info.id);
                    Publishing::Done(info)
                }
                Err(e) => Publishing::Failed(e),
            });
        });
    };
    let busy = move || matches!(publishing.get(), Publishing::Preparing | Publishing::Uploading { .. });
    let published = move || {
        match publishing.get() {
        Publishing::Idle => None,
        Publishing::Preparing => Some(view! { <p aria-live="polite">{t(|x| x.building_collection)}</p> }.into_any()),
        Publishing::Uploading { sent, total } => Some(
            view! {
                <p aria-live="polite">
                    {move || {
                        let x = lang.get().texts();
                        fill(x.uploading, &[("sent", &megabytes(sent)), ("total", &megabytes(total)), ("percent", &(sent * 100 / total.max(1)))])
                    }}
                </p>
                <progress max=total.to_string() value=sent.to_string()></progress>
            }
            .into_any(),
        ),
        Publishing::Done(info) => {
            let base = edge::normalise(&session.edge.get_untracked());
            let origin = web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default();
            let snippet = format!(
                "<script src=\"{origin}/widget.js\" defer></script>\n<tabletalk-chat collection=\"{}\" edge=\"{base}\"></tabletalk-chat>",
                info.id
            );
            Some(
                view! {
                    <p data-testid="published" aria-live="polite">
                        {move || {
                            let x = lang.get().texts();
                            fill(x.published, &[("id", &info.id), ("passages", &info.passages), ("tables", &info.schema.len())])
                        }}
                    </p>
                    <pre class="snippet" data-testid="widget-snippet">{snippet}</pre>
                }
                .into_any(),
            )
        }
        Publishing::Failed(e) => Some(view! { <p class="errors" role="alert" data-testid="publish-error">{e}</p> }.into_any()),
    }
    };

    view! {
        <section class="step keep" data-testid="keep" aria-labelledby="keep-heading">
            <h2 id="keep-heading">{t(|x| x.keep_heading)}</h2>
            <p data-testid="kept" aria-live="polite">{kept}</p>
            <div class="actions">
                <button type="button" data-testid="export-dataset" on:click=export_dataset>{t(|x| x.export_dataset)}</button>
                <button type="button" data-testid="export-jsonl" on:click=move |_| sentences(false)>{t(|x| x.export_jsonl)}</button>
                <button type="button" data-testid="export-csv" on:click=move |_| sentences(true)>{t(|x| x.export_csv)}</button>
                <button type="button" data-testid="forget" on:click=move |_| session.forget()>{t(|x| x.forget_dataset)}</button>
            </div>
            <p class="hint">{t(|x| x.export_hint)}</p>
            {move || problem.get().map(|p| view! { <p class="errors" role="alert">{p}</p> })}
            <form class="publish" data-testid="publish" on:submit=publish>
                <h3>{t(|x| x.publish_heading)}</h3>
                <p class="hint">{t(|x| x.publish_hint)}</p>
                <EdgeAddress id="edge-address-publish" />
                <label for="publish-collection">{t(|x| x.collection_id)}</label>
                <input id="publish-collection" data-testid="publish-collection" pattern="[a-z0-9_\\-]{1,64}" prop:value=move || collection.get() on:input=move |ev| collection.set(event_target_value(&ev)) />
                <label for="publish-title">{t(|x| x.title)}</label>
                <input id="publish-title" data-testid="publish-title" prop:value=move || title.get() on:input=move |ev| title.set(event_target_value(&ev)) />
                <label for="publish-token">{t(|x| x.publish_token)}</label>
                <input id="publish-token" data-testid="publish-token" type="password" autocomplete="off" prop:value=move || token.get() on:input=move |ev| token.set(event_target_value(&ev)) />
                <button type="submit" data-testid="publish-button" disabled=busy>{t(|x| x.publish)}</button>
                {published}
            </form>
        </section>
    }
}
