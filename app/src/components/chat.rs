//! The chat step: a question box, the answers so far, and a live region that reads each answer.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tabletalk_shared::generate::grounded::{Failure, Flow, Options};
use tabletalk_shared::index::Collection;
use tabletalk_shared::query::{Conversation, Dataset};

use super::answer_view::AnswerView;
use crate::ask::{Cite, EdgeModel, Entry, PageRows};
use crate::i18n::{fill, t, use_lang};
use crate::pool::EmbedPool;
use crate::search;
use crate::session::Session;

#[component]
pub fn Chat(
    dataset: StoredValue<Option<Rc<Dataset>>, LocalStorage>,
    /// The rows' vectors, once embedded: retrieval then ranks by meaning and words.
    semantic: StoredValue<Option<Rc<Collection>>, LocalStorage>,
    pool: StoredValue<EmbedPool, LocalStorage>,
    /// The edge's address: open questions are answered by its LLM, and SQL the rules could not
    /// plan is written by it. Without one, retrieval lists the rows.
    edge: RwSignal<String>,
    on_cite: Callback<Cite>,
) -> impl IntoView {
    let question = RwSignal::new(String::new());
    let entries = RwSignal::new(Vec::<Arc<Entry>>::new());
    let busy = RwSignal::new(false);
    let announce = RwSignal::new(String::new());
    let conversation = StoredValue::new_local(Conversation::default());
    let top_k = RwSignal::new(search::K);
    let lang = use_lang();
    let session = expect_context::<Session>();

    let ask = Callback::new(move |q: String| {
        let q = q.trim().to_string();
        let Some(ds) = dataset.get_value() else {
            return;
        };
        if q.is_empty() || busy.get_untracked() {
            return;
        }
        busy.set(true);
        announce.set(lang.get_untracked().texts().working.into());
        let k = top_k.get_untracked();
        spawn_local(async move {
            let mut conv = conversation.get_value();
            // Empty until the user chose an edge on this page: then nothing leaves it.
            let base = edge.get_untracked();
            let model = (!base.is_empty()).then(|| EdgeModel { base, access: session.llm_access() });
            let rows = PageRows { dataset: &ds, semantic: semantic.get_value(), pool: pool.get_value(), ranking: RefCell::new(None) };
            // Ranked here, with the slider's k: by words at once, by meaning too once embedded.
            let flow = Flow { dataset: &ds, model: model.as_ref(), rows: Some(&rows), options: Options { read: k, list: Some(k) } };
            let outcome = flow.answer(&mut conv, &q, None).await;
            conversation.set_value(conv);
            let texts = lang.get_untracked().texts();
            let note = outcome.failure.as_ref().map(|f| match f {
                Failure::Sql(e) => fill(texts.sql_failed, &[("error", e)]),
                Failure::Answer(e) => fill(texts.model_failed, &[("error", e)]),
            });
            let ranking = rows.ranking.take();
            let answer = outcome.answer;
            let all = &ds.lexical().0;
            let (passages, scores): (Vec<_>, Vec<f32>) =
                outcome.ranked.iter().filter_map(|&(i, score)| all.get(i).map(|p| (p.clone(), score))).unzip();
            announce.set(answer.answer.clone());
            entries.update(|e| e.push(Arc::new(Entry { question: q, answer, passages, scores, ranking, note })));
            busy.set(false);
        });
    });
    let clear = move |_| {
        entries.set(Vec::new());
        conversation.set_value(Conversation::default());
        announce.set(lang.get_untracked().texts().history_cleared.into());
    };

    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if !busy.get_untracked() {
            ask.run(question.get_untracked());
            question.set(String::new());
        }
    };
    let log = view! {
        <For
            each=move || entries.get().into_iter().enumerate()
            key=|(i, _)| *i
            children=move |(i, entry)| {
                let latest = Signal::derive(move || entries.with(|e| e.len()) == i + 1 && !busy.get());
                view! { <AnswerView entry latest ask on_cite /> }
            }
        />
    };

    view! {
        <section class="step chat" data-testid="chat" aria-labelledby="chat-heading">
            <h2 id="chat-heading">{t(|x| x.ask)}</h2>
            <div class="log" data-testid="answers">{log}</div>
            <form class="ask" on:submit=on_submit>
                <label for="question">{t(|x| x.question)}</label>
                <input id="question" type="text" data-testid="question" autocomplete="off"
                    placeholder=t(|x| x.question_placeholder)
                    prop:value=move || question.get() on:input=move |ev| question.set(event_target_value(&ev)) />
                <button type="submit" class="primary" data-testid="ask" disabled=move || busy.get()>{t(|x| x.ask)}</button>
            </form>
            <div class="chat-tools">
                <label for="top-k">{t(|x| x.top_k)}</label>
                <input id="top-k" type="range" min="1" max=search::K_MAX.to_string() step="1" data-testid="top-k"
                    prop:value=move || top_k.get().to_string()
                    on:input=move |ev| top_k.set(event_target_value(&ev).parse().unwrap_or(search::K).clamp(1, search::K_MAX)) />
                <output for="top-k" data-testid="top-k-value">{move || top_k.get()}</output>
                <button type="button" data-testid="clear-history" disabled=move || busy.get() || entries.with(Vec::is_empty)
                    on:click=clear>{t(|x| x.clear_history)}</button>
            </div>
            <p class="visually-hidden" data-testid="announce" role="status" aria-live="polite">{move || announce.get()}</p>
        </section>
    }
}
