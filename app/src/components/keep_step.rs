//! Keeping the prepared dataset: whether it is kept in this browser, exports (the dataset as a
//! `.tabletalk` file, the verbalised sentences as JSONL or CSV) and forgetting it.

use leptos::prelude::*;
use tabletalk_shared::bundle::{passages_csv, passages_jsonl};

use super::embed_step::megabytes;
use crate::download;
use crate::session::{Kept, Session};

#[component]
pub fn KeepStep(session: Session) -> impl IntoView {
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
        None => problem.set(Some("Accept a template first.".into())),
    };
    let sentences = move |csv: bool| {
        let Some(ds) = session.dataset.get_value() else {
            return problem.set(Some("Accept a template first.".into()));
        };
        let passages = &ds.lexical().0;
        if csv {
            offer(format!("{}-sentences.csv", stem()), "text/csv", passages_csv(passages).into_bytes());
        } else {
            offer(format!("{}-sentences.jsonl", stem()), "application/jsonl", passages_jsonl(passages).into_bytes());
        }
    };
    let kept = move || match session.kept.get() {
        Kept::Nothing => String::new(),
        Kept::Saving => "Keeping the dataset in this browser…".into(),
        Kept::Saved { bytes, vectors } => format!(
            "Kept in this browser ({}): the files, the template{}. Reloading the page opens it as it is.",
            megabytes(bytes as u64),
            if vectors { " and the rows' vectors" } else { "; the vectors are added when embedding finishes" }
        ),
        Kept::Restored { from, vectors } => format!(
            "Opened from {from}: the files and the accepted template{}.",
            if vectors { ", with the rows' vectors (no embedding needed)" } else { "; the rows are being embedded again" }
        ),
        Kept::Failed(e) => format!("Could not keep the dataset in this browser ({e}). Export it to keep it."),
    };
    view! {
        <section class="step keep" data-testid="keep" aria-labelledby="keep-heading">
            <h2 id="keep-heading">"Keep and export"</h2>
            <p data-testid="kept" aria-live="polite">{kept}</p>
            <div class="actions">
                <button type="button" data-testid="export-dataset" on:click=export_dataset>"Export dataset"</button>
                <button type="button" data-testid="export-jsonl" on:click=move |_| sentences(false)>"Export sentences (JSONL)"</button>
                <button type="button" data-testid="export-csv" on:click=move |_| sentences(true)>"Export sentences (CSV)"</button>
                <button type="button" data-testid="forget" on:click=move |_| session.forget()>"Forget this dataset"</button>
            </div>
            <p class="hint">"An exported .tabletalk file opens here again with Upload tables, vectors included."</p>
            {move || problem.get().map(|p| view! { <p class="errors" role="alert">{p}</p> })}
        </section>
    }
}
