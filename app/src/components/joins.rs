//! Columns that look like they link two tables.

use leptos::prelude::*;
use tabletalk_shared::description::joins::JoinCandidate;

use crate::i18n::t;

pub fn join_list(joins: &[JoinCandidate]) -> impl IntoView {
    (!joins.is_empty()).then(|| {
        let items = joins
            .iter()
            .map(|j| {
                let text = j.to_string();
                view! { <li data-testid="join">{text}</li> }
            })
            .collect_view();
        view! {
            <div class="joins" data-testid="joins">
                <h2>{t(|x| x.possible_joins)}</h2>
                <ul>{items}</ul>
            </div>
        }
    })
}
