//! The table behind a citation, scrolled to the cited row, which is highlighted. Large tables
//! show a window of rows around it.

use std::sync::Arc;

use leptos::prelude::*;
use tabletalk_shared::table::{Table, Value};

use crate::analyse::Loaded;
use crate::ask::RowAt;
use crate::i18n::{fill, t, tr};

/// Tables up to this many rows are shown whole; larger ones in windows of this size.
const WINDOW: usize = 500;

fn window_start(rows: usize, row: u64) -> usize {
    if rows <= WINDOW {
        0
    } else {
        (row as usize - 1) / WINDOW * WINDOW
    }
}

fn cell_text(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::Text(s) => s.clone(),
        nested => serde_json::to_string(nested).unwrap_or_default(),
    }
}

fn rows_view(table: &Table, index: usize, start: usize, selected: Signal<Option<RowAt>>) -> impl IntoView + use<> {
    let end = (start + WINDOW).min(table.rows.len());
    table.rows[start..end]
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let n = (start + i + 1) as u64;
            let cited = move || selected.get() == Some((index, n));
            let cells = row.iter().map(|v| view! { <td>{cell_text(v)}</td> }).collect_view();
            view! {
                <tr data-row=n class:cited=cited aria-current=move || cited().then_some("true")>
                    <th scope="row">{n}</th>
                    {cells}
                </tr>
            }
        })
        .collect_view()
}

#[component]
pub fn DataView(loaded: Arc<Loaded>, selected: Signal<Option<RowAt>>) -> impl IntoView {
    // Rebuilt only when the table or the window changes; the highlight follows `selected`.
    let shown = Memo::new({
        let loaded = loaded.clone();
        move |_| selected.get().map(|(t, row)| (t, window_start(loaded.tables[t].rows.len(), row)))
    });
    Effect::new(move |_| {
        if let Some((_, row)) = selected.get() {
            request_animation_frame(move || scroll_to(row));
        }
    });
    // The wrapper always exists, so the citation buttons' `aria-controls="data-view"` points at
    // an element before the first click too.
    let body = move || {
        shown.get().map(|(index, start)| {
            let table = &loaded.tables[index];
            let heads = table.column_names().into_iter().map(|c| view! { <th scope="col">{c}</th> }).collect_view();
            let end = (start + WINDOW).min(table.rows.len());
            let (file, total) = (table.file.clone(), table.rows.len());
            let meta = tr(move |x| fill(x.data_meta, &[("file", &file), ("from", &(start + 1)), ("to", &end), ("total", &total)]));
            let name = table.name.clone();
            let heading = tr(move |x| fill(x.data_heading, &[("table", &name)]));
            let name = table.name.clone();
            let region = tr(move |x| fill(x.rows_of_table, &[("table", &name)]));
            view! {
                <section class="step data" data-testid="data-view" data-table=table.name.clone() aria-labelledby="data-heading">
                    <h2 id="data-heading">{heading}</h2>
                    <p class="meta">{meta}</p>
                    <div class="scroll" data-testid="data-scroll" tabindex="0" role="region" aria-label=region>
                        <table class="data">
                            <thead><tr><th scope="col">{t(|x| x.row)}</th>{heads}</tr></thead>
                            <tbody>{rows_view(table, index, start, selected)}</tbody>
                        </table>
                    </div>
                </section>
            }
        })
    };
    view! { <div id="data-view">{body}</div> }
}

/// Brings the cited row into view inside the scrolling box.
fn scroll_to(row: u64) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let selector = format!("[data-testid=data-view] tr[data-row=\"{row}\"]");
    if let Ok(Some(el)) = doc.query_selector(&selector) {
        let opts = web_sys::ScrollIntoViewOptions::new();
        opts.set_block(web_sys::ScrollLogicalPosition::Center);
        el.scroll_into_view_with_scroll_into_view_options(&opts);
    }
}
