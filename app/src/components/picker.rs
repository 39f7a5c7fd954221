//! File input plus drag & drop; hands the chosen files to `on_files`.

use leptos::ev::{DragEvent, Event};
use leptos::prelude::*;
use web_sys::{File, HtmlInputElement};

use crate::i18n::t;
use crate::read_files::files_of;

/// What the input offers; the shared core detects the real format from the bytes.
const ACCEPT: &str = ".csv,.tsv,.txt,.json,.jsonl,.ndjson,.xlsx,.docx,.tabletalk";

#[component]
pub fn Picker(on_files: Callback<Vec<File>>) -> impl IntoView {
    let dragging = RwSignal::new(false);

    let on_change = move |ev: Event| {
        let input = event_target::<HtmlInputElement>(&ev);
        if let Some(list) = input.files() {
            on_files.run(files_of(&list));
        }
        // Lets the same file be picked again after it was fixed.
        input.set_value("");
    };
    let on_drop = move |ev: DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        if let Some(list) = ev.data_transfer().and_then(|d| d.files()) {
            on_files.run(files_of(&list));
        }
    };
    let on_dragover = move |ev: DragEvent| {
        ev.prevent_default();
        dragging.set(true);
    };

    view! {
        <div
            class="drop-zone"
            class:dragging=move || dragging.get()
            data-testid="drop-zone"
            on:dragover=on_dragover
            on:dragleave=move |_| dragging.set(false)
            on:drop=on_drop
        >
            <label for="upload">{t(|x| x.upload_tables)}</label>
            <input id="upload" type="file" multiple accept=ACCEPT data-testid="upload" on:change=on_change />
            <p class="hint">{t(|x| x.drop_hint)}</p>
        </div>
    }
}
