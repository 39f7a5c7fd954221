//! The edge worker's address, one field shared by refining and publishing (kept for the next visit).

use leptos::prelude::*;

use crate::edge::{normalise, remember};
use crate::i18n::t;
use crate::session::Session;

#[component]
pub fn EdgeAddress(
    /// The input's id: the field appears in more than one step.
    id: &'static str,
) -> impl IntoView {
    let session = expect_context::<Session>();
    let on_change = move |ev| {
        let v = normalise(&event_target_value(&ev));
        remember(&v);
        session.edge.set(v);
    };
    view! {
        <span class="edge-address">
            <label for=id>{t(|x| x.edge_address)}</label>
            <input
                id=id
                type="url"
                data-testid=id
                placeholder="https://tabletalk-edge.example.org"
                prop:value=move || session.edge.get()
                on:change=on_change
            />
        </span>
    }
}
