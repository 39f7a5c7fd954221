//! One question and its answer: the text, the SQL it ran, cited rows, the choices of a
//! question back, retrieved passages and a chart. Every piece of data is a text node.

use std::sync::Arc;

use leptos::prelude::*;

use super::chart::bar_chart;
use super::citations::{citation_list, passage_list};
use super::feedback::Feedback;
use crate::ask::{lead, table_of_sql, Cite, Entry};
use crate::i18n::{t, tr};

#[component]
pub fn AnswerView(
    entry: Arc<Entry>,
    /// Only the newest question back can still be answered.
    latest: Signal<bool>,
    ask: Callback<String>,
    on_cite: Callback<Cite>,
) -> impl IntoView {
    let a = &entry.answer;
    let route = serde_json::to_value(a.route).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
    let value = serde_json::to_string(&a.value).unwrap_or_default();
    // SQL a language model wrote is marked: checked to be read-only, but not the rule-based path.
    let approximate = a.approximate.then(|| {
        view! { <span class="badge approximate" data-testid="approximate" title=t(|x| x.approximate_hint)>{t(|x| x.approximate)}</span> }
    });
    let sql = a.sql.clone().map(|sql| {
        view! {
            <details class="sql" open>
                <summary>{t(|x| x.sql)}" "{approximate}</summary>
                <pre data-testid="sql"><code>{sql}</code></pre>
            </details>
        }
    });
    let clarify = a.clarify.as_ref().map(|c| {
        let buttons = c
            .options
            .iter()
            .map(|o| {
                let o = o.clone();
                let text = o.clone();
                view! {
                    <button type="button" class="option" data-testid="clarify-option" disabled=move || !latest.get()
                        on:click=move |_| ask.run(o.clone())>{text}</button>
                }
            })
            .collect_view();
        view! { <div class="clarify" role="group" aria-label=t(|x| x.choose_one) data-testid="clarify">{buttons}</div> }
    });
    let chart = a.chart.as_ref().and_then(bar_chart);
    // Retrieval lists its passages with their rows; other answers list the rows they cite; a
    // generated answer both: the rows its sentences cite, and the passages the model read.
    let generated = a.sentences.is_some();
    let rows = if generated {
        view! {
            {citation_list(&a.citations, None, on_cite)}
            <details class="read" data-testid="passages-read">
                <summary>{t(|x| x.passages_read)}</summary>
                {passage_list(&entry.passages, &entry.scores, on_cite)}
            </details>
        }
        .into_any()
    } else if entry.passages.is_empty() {
        citation_list(&a.citations, a.sql.as_deref().and_then(table_of_sql), on_cite).into_any()
    } else {
        passage_list(&entry.passages, &entry.scores, on_cite).into_any()
    };
    // Each generated sentence as said; one no row supports is marked, never hidden.
    let text = match &a.sentences {
        Some(sentences) if !sentences.is_empty() => sentences
            .iter()
            .map(|s| {
                let flag = (!s.supported).then(|| view! { <span class="unsupported-mark" aria-hidden="true">"?"</span> });
                let title = (!s.supported).then(|| t(|x| x.unsupported));
                view! {
                    <span class="sentence" class:unsupported=!s.supported data-testid="sentence" data-supported=s.supported.to_string()
                        title=title>{s.text.clone()}{flag}</span>" "
                }
            })
            .collect_view()
            .into_any(),
        _ => lead(a).to_string().into_any(),
    };
    let generated_hint = generated.then(|| view! { <p class="hint" data-testid="generated-hint">{t(|x| x.generated_by)}</p> });
    let note = entry.note.clone().map(|n| view! { <p class="note" role="note" data-testid="answer-note">{n}</p> });
    let ranking =
        entry.ranking.as_ref().cloned().map(|r| view! { <p class="ranking" data-testid="ranking">{tr(move |x| r.describe(x))}</p> });
    view! {
        <article class="answer" data-testid="answer" data-route=route data-value=value>
            <p class="asked" data-testid="asked">{entry.question.clone()}</p>
            <p class="reply" data-testid="answer-text">{text}</p>
            {generated_hint}
            {note}
            {clarify}
            {sql}
            {chart}
            {ranking}
            {rows}
            <Feedback entry=entry.clone() />
        </article>
    }
}
