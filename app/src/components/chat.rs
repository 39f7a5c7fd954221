//! The chat step: a question box, the answers so far, and a live region that reads each answer.

use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tabletalk_shared::api::{AnswerRequest, SearchHit};
use tabletalk_shared::index::Collection;
use tabletalk_shared::query::{Conversation, Dataset, Lang};

use super::answer_view::AnswerView;
use crate::ask::{Cite, Entry, Ranking};
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
            let mut answer = ds.ask(&mut conv, &q).await;
            conversation.set_value(conv);
            let mut ranking = None;
            let mut hits = Vec::new();
            let mut note = None;
            // Empty until the user chose an edge on this page: then nothing leaves it.
            let base = edge.get_untracked();
            let access = session.llm_access();
            // A computation is never handed to the LLM's arithmetic: only its SQL, or the rows.
            let computes = answer.wants_sql;
            // A computation the rules could not plan: SQL from the edge's LLM, checked and run here.
            if answer.wants_sql && !base.is_empty() {
                let written = match crate::edge::write_sql(&base, &access, &ds.sql_request(&q)).await {
                    Ok(w) => ds.run_written(&w.sql, answer.lang).await.map_err(|e| e.to_string()),
                    Err(e) => Err(e),
                };
                match written {
                    Ok(a) => answer = a,
                    Err(e) => note = Some(fill(lang.get_untracked().texts().sql_failed, &[("error", &e)])),
                }
            }
            if answer.intent.as_deref() == Some("retrieval") {
                // Ranked here, with the slider's k: by words at once, by meaning too once embedded.
                hits = search::rank_words(&ds, &q, k);
                ranking = Some(Ranking::Words);
                if let Some(c) = semantic.get_value() {
                    let pool = pool.get_value();
                    match pool.embed_one(vec![q.clone()]).await.and_then(|v| search::rank(&c, &v.data, &q, k)) {
                        Ok(h) => {
                            hits = h;
                            ranking = Some(Ranking::Hybrid);
                        }
                        Err(e) => ranking = Some(Ranking::WordsBecause(e)),
                    }
                }
                let ids: Vec<usize> = hits.iter().map(|h| h.0).collect();
                answer = ds.retrieved(answer.lang, answer.confidence, &ids);
                // The edge's LLM writes the answer from these rows; without it the rows are the answer.
                if !base.is_empty() && !hits.is_empty() && !computes {
                    match crate::edge::answer(&base, &access, &generation_request(&ds, &q, &hits, answer.lang)).await {
                        Ok(g) => answer = g,
                        Err(e) => note = Some(fill(lang.get_untracked().texts().model_failed, &[("error", &e)])),
                    }
                }
            }
            let all = &ds.lexical().0;
            let (passages, scores): (Vec<_>, Vec<f32>) =
                hits.iter().filter_map(|&(i, score)| all.get(i).map(|p| (p.clone(), score))).unzip();
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

/// The retrieved rows (best first) as the edge's `/v1/answer` takes them.
fn generation_request(ds: &Dataset, q: &str, hits: &[(usize, f32)], lang: Lang) -> AnswerRequest {
    let all = &ds.lexical().0;
    let passages = hits
        .iter()
        .filter_map(|&(i, score)| all.get(i).map(|p| SearchHit { score, text: p.text.clone(), provenance: p.provenance.clone() }))
        .collect();
    let lang = serde_json::to_value(lang).ok().and_then(|v| v.as_str().map(str::to_string));
    AnswerRequest { question: q.to_string(), passages, lang }
}
