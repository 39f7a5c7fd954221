//! The page: a picker, then the report of the latest upload.

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tabletalk_shared::report::InspectReport;
use web_sys::File;

use super::picker::Picker;
use super::report::report_view;
use crate::analyse::analyse;
use crate::read_files::read_all;

#[component]
pub fn App() -> impl IntoView {
    let report = RwSignal::new(None::<Arc<InspectReport>>);
    let busy = RwSignal::new(false);

    let on_files = Callback::new(move |files: Vec<File>| {
        if files.is_empty() {
            return;
        }
        busy.set(true);
        spawn_local(async move {
            let (picked, read_errors) = read_all(files).await;
            let mut result = analyse(&picked);
            result.errors.extend(read_errors);
            report.set(Some(Arc::new(result)));
            busy.set(false);
        });
    });

    view! {
        <header>
            <h1>"Tabletalk"</h1>
            <p class="tagline">"Ask questions of your research tables. Files stay in your browser."</p>
        </header>
        <main>
            <Picker on_files=on_files />
            <p data-testid="status" class="status" aria-live="polite">
                {move || if busy.get() { "Reading files…" } else { "" }}
            </p>
            {move || report.get().map(|r| report_view(&r))}
        </main>
    }
}
