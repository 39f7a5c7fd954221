//! Columns that look like they link two tables.

use leptos::prelude::*;
use tabletalk_shared::joins::JoinCandidate;

pub fn join_list(joins: &[JoinCandidate]) -> impl IntoView {
    (!joins.is_empty()).then(|| {
        let items = joins
            .iter()
            .map(|j| {
                let text = format!(
                    "{}.{} → {}.{} ({:.0}% of values match{})",
                    j.from_table,
                    j.from_column,
                    j.to_table,
                    j.to_column,
                    j.coverage * 100.0,
                    if j.declared { ", declared" } else { "" }
                );
                view! { <li data-testid="join">{text}</li> }
            })
            .collect_view();
        view! {
            <div class="joins" data-testid="joins">
                <h2>"Possible joins"</h2>
                <ul>{items}</ul>
            </div>
        }
    })
}
