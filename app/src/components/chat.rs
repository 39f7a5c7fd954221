//! The chat step: a question box, the answers so far, and a live region that reads each answer.

use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tabletalk_shared::index::Collection;
use tabletalk_shared::query::{Conversation, Dataset};

use super::answer_view::AnswerView;
use crate::ask::{cited_passages, Cite, Entry, Ranking};
use crate::i18n::{t, use_lang};
use crate::pool::EmbedPool;
use crate::search;

#[component]
pub fn Chat(
    dataset: StoredValue<Option<Rc<Dataset>>, LocalStorage>,
    /// The rows' vectors, once embedded: retrieval then ranks by meaning and words.
    semantic: StoredValue<Option<Rc<Collection>>, LocalStorage>,
    pool: StoredValue<EmbedPool, LocalStorage>,
    on_cite: Callback<Cite>,
) -> impl IntoView {
    let question = RwSignal::new(String::new());
    let entries = RwSignal::new(Vec::<Arc<Entry>>::new());
    let busy = RwSignal::new(false);
    let announce = RwSignal::new(String::new());
    let conversation = StoredValue::new_local(Conversation::default());
    let lang = use_lang();

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
        spawn_local(async move {
            let mut conv = conversation.get_value();
            let mut answer = ds.ask(&mut conv, &q).await;
            conversation.set_value(conv);
            let mut ranking = None;
            if answer.intent.as_deref() == Some("retrieval") {
                ranking = Some(Ranking::Words);
                if let Some(c) = semantic.get_value() {
                    let pool = pool.get_value();
                    match pool.embed_one(vec![q.clone()]).await.and_then(|v| search::rank(&c, &v.data, &q)) {
                        Ok(ids) => {
                            answer = ds.retrieved(answer.lang, answer.confidence, &ids);
                            ranking = Some(Ranking::Hybrid);
                        }
                        Err(e) => ranking = Some(Ranking::WordsBecause(e)),
                    }
                }
            }
            let passages = cited_passages(&ds, &answer);
            announce.set(answer.answer.clone());
            entries.update(|e| {
                e.push(Arc::new(Entry {
                    question: q,
                    answer,
                    passages,
                    ranking,
                }))
            });
            busy.set(false);
        });
    });

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
            <p class="visually-hidden" data-testid="announce" role="status" aria-live="polite">{move || announce.get()}</p>
        </section>
    }
}
