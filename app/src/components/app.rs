//! The page: upload → what was understood → the template → questions, with the cited data.

use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tabletalk_shared::query::Dataset;
use web_sys::File;

use super::chat::Chat;
use super::data_view::DataView;
use super::picker::Picker;
use super::report::report_view;
use super::template_step::TemplateStep;
use crate::analyse::{analyse, Loaded};
use crate::ask::{locate, prepare, Cite, RowAt};
use crate::read_files::read_all;

#[component]
pub fn App() -> impl IntoView {
    let loaded = RwSignal::new(None::<Arc<Loaded>>);
    let status = RwSignal::new("");
    let problem = RwSignal::new(None::<String>);
    // The dataset for questions, built when a template is accepted (DataFusion holds the rows).
    let dataset = StoredValue::new_local(None::<Rc<Dataset>>);
    let ready = RwSignal::new(false);
    let selected = RwSignal::new(None::<RowAt>);

    let on_files = Callback::new(move |files: Vec<File>| {
        if files.is_empty() {
            return;
        }
        status.set("Reading files…");
        spawn_local(async move {
            let (picked, read_errors) = read_all(files).await;
            let mut result = analyse(&picked);
            result.report.errors.extend(read_errors);
            dataset.set_value(None);
            ready.set(false);
            selected.set(None);
            problem.set(None);
            loaded.set(Some(Arc::new(result)));
            status.set("");
        });
    });

    let on_accept = Callback::new(move |templates: Vec<String>| {
        let Some(l) = loaded.get_untracked() else {
            return;
        };
        status.set("Preparing the tables for questions…");
        // After a frame, so the status shows before the engine loads the rows.
        set_timeout(
            move || {
                match prepare(&l, &templates) {
                    Ok(ds) => {
                        dataset.set_value(Some(Rc::new(ds)));
                        problem.set(None);
                        ready.set(true);
                    }
                    Err(e) => problem.set(Some(format!(
                        "The tables could not be prepared for questions: {e}"
                    ))),
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

    let steps = move || {
        loaded.get().filter(|l| !l.tables.is_empty()).map(|l| {
            let accepted = Signal::derive(move || ready.get());
            view! {
                <TemplateStep loaded=l.clone() on_accept accepted />
                {move || ready.get().then(|| view! { <Chat dataset on_cite /> })}
                <DataView loaded=l selected=Signal::from(selected) />
            }
        })
    };

    view! {
        <header>
            <h1>"Tabletalk"</h1>
            <p class="tagline">"Ask questions of your research tables. Files stay in your browser."</p>
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
