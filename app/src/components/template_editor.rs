//! One table's template: the editable text, its first problem (line and column) and a live
//! preview of the first rows, verbalised by the shared core with the text as it is now.

use leptos::prelude::*;
use tabletalk_shared::table::RowRef;
use tabletalk_shared::verbalise::Verbaliser;

use crate::analyse::Loaded;
use crate::i18n::{fill, t, tr};

/// Rows shown in the preview.
pub const PREVIEW_ROWS: usize = 5;

/// The passages of the first rows with `text`, or the template's first error.
pub fn preview(loaded: &Loaded, table: usize, text: &str) -> Result<Vec<String>, String> {
    let mut v = Verbaliser::new(&loaded.schemas[table], text).map_err(|e| e.to_string())?;
    Ok(loaded.tables[table].rows.iter().take(PREVIEW_ROWS).enumerate().map(|(i, row)| v.passage(RowRef::from_index(i), row).text).collect())
}

#[component]
pub fn TemplateEditor(name: String, index: usize, text: RwSignal<String>, result: Memo<Result<Vec<String>, String>>) -> impl IntoView {
    let id = format!("template-{index}");
    let error_id = format!("template-error-{index}");
    let invalid = move || result.with(|r| r.is_err());
    let label = {
        let name = name.clone();
        tr(move |x| fill(x.template_for, &[("name", &name)]))
    };
    // While the text has an error, the preview keeps the last good one, faded.
    let shown = Memo::new(move |previous: Option<&Vec<String>>| match result.get() {
        Ok(passages) => passages,
        Err(_) => previous.cloned().unwrap_or_default(),
    });
    let items = move || shown.get().into_iter().map(|p| view! { <li data-testid="preview-row">{p}</li> }).collect_view();
    view! {
        <div class="template" data-testid="template" data-table=name.clone()>
            <label for=id.clone()>{label}</label>
            <textarea
                id=id
                data-testid="template-text"
                rows="6"
                spellcheck="false"
                prop:value=move || text.get()
                aria-invalid=move || if invalid() { "true" } else { "false" }
                aria-describedby=error_id.clone()
                on:input=move |ev| text.set(event_target_value(&ev))
            ></textarea>
            <p id=error_id class="template-error" data-testid="template-error" role="alert">
                {tr(move |x| result.with(|r| r.as_ref().err().map(|e| fill(x.template_error, &[("error", e)]))))}
            </p>
            <p class="preview-title">
                {tr(|x| fill(x.preview_title, &[("n", &PREVIEW_ROWS)]))}
                {move || invalid().then(t(|x| x.preview_stale))}
            </p>
            <ol class="preview" data-testid="template-preview" class:stale=invalid>{items}</ol>
        </div>
    }
}
