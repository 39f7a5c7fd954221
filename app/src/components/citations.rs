//! Cited rows as buttons, grouped by file; a click shows the row in the data view.

use leptos::prelude::*;
use tabletalk_shared::query::Citation;
use tabletalk_shared::verbalise::Passage;

use crate::ask::Cite;
use crate::i18n::{fill, tr};

/// `table`: the table the answer read, when it says (its SQL).
pub fn citation_list(citations: &[Citation], table: Option<String>, on_cite: Callback<Cite>) -> impl IntoView + use<> {
    let mut files: Vec<(String, Vec<Citation>)> = Vec::new();
    for c in citations {
        match files.iter_mut().find(|(f, _)| *f == c.file) {
            Some((_, list)) => list.push(c.clone()),
            None => files.push((c.file.clone(), vec![c.clone()])),
        }
    }
    (!files.is_empty()).then(|| {
        let groups = files
            .into_iter()
            .map(|(file, list)| {
                let buttons = list
                    .into_iter()
                    .map(|c| {
                        let label = {
                            let (row, file) = (c.row, c.file.clone());
                            tr(move |x| fill(x.show_row, &[("row", &row), ("file", &file)]))
                        };
                        let text = c.row.to_string();
                        let (file, row) = (c.file.clone(), c.row);
                        let cite = Cite { citation: c, table: table.clone() };
                        view! {
                            <li>
                                <button type="button" class="citation" data-testid="citation" data-file=file data-row=row
                                    aria-label=label aria-controls="data-view" on:click=move |_| on_cite.run(cite.clone())>
                                    {text}
                                </button>
                            </li>
                        }
                    })
                    .collect_view();
                view! {
                    <p class="cited-file">{tr(move |x| fill(x.rows_of_file, &[("file", &file)]))}</p>
                    <ul class="citations">{buttons}</ul>
                }
            })
            .collect_view();
        view! { <div class="cited" data-testid="citations">{groups}</div> }
    })
}

/// A retrieval answer's passages, each with the button to its row, its score and where it comes
/// from (table and the columns its sentences read).
pub fn passage_list(passages: &[Passage], scores: &[f32], on_cite: Callback<Cite>) -> impl IntoView + use<> {
    (!passages.is_empty()).then(|| {
        let items = passages
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let prov = &p.provenance;
                let row = prov.row.0;
                let label = tr(move |x| fill(x.row_n, &[("row", &row)]));
                let file = prov.file.clone();
                let aria = tr(move |x| fill(x.show_row, &[("row", &row), ("file", &file)]));
                let cite = Cite { citation: Citation { file: prov.file.clone(), row }, table: Some(prov.table.clone()) };
                let score = scores.get(i).map(|s| {
                    let s = format!("{s:.3}");
                    let text = s.clone();
                    view! { <span class="score" data-testid="passage-score" data-score=s>{tr(move |x| fill(x.passage_score, &[("score", &text)]))}</span> }
                });
                let (table, columns) = (prov.table.clone(), prov.columns.join(", "));
                let source = tr(move |x| fill(x.passage_source, &[("table", &table), ("columns", &columns)]));
                view! {
                    <li data-testid="passage" data-row=row>
                        <button type="button" class="citation" data-testid="passage-row" aria-label=aria aria-controls="data-view"
                            on:click=move |_| on_cite.run(cite.clone())>{label}</button>
                        " "
                        <span>{p.text.clone()}</span>
                        <span class="passage-meta" data-testid="passage-meta">{score}" · "{source}</span>
                    </li>
                }
            })
            .collect_view();
        view! { <ol class="passages" data-testid="passages">{items}</ol> }
    })
}
