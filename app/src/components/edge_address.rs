//! The edge worker's address, one field shared by refining and publishing. Data leaves the page
//! only for the address the user confirmed here ("Use this edge"): `?edge=` or a typed address is
//! a suggestion until then. The confirmed one is remembered in this origin's localStorage; the
//! line under the field says what is sent to it, and when (issue 20, item 4).

use leptos::prelude::*;

use crate::edge::{normalise, remember};
use crate::i18n::{fill, t, use_lang};
use crate::session::Session;

#[component]
pub fn EdgeAddress(
    /// The input's id: the field appears in more than one step.
    id: &'static str,
) -> impl IntoView {
    let session = expect_context::<Session>();
    let lang = use_lang();
    let on_input = move |ev| session.edge_draft.set(event_target_value(&ev));
    let confirm = move |_| {
        let v = normalise(&session.edge_draft.get_untracked());
        session.edge_draft.set(v.clone());
        remember(&v);
        session.edge.set(v);
    };
    let stop = move |_| {
        remember("");
        session.edge.set(String::new());
    };
    let status = move || {
        let x = lang.get().texts();
        let (chosen, draft) = (session.edge.get(), normalise(&session.edge_draft.get()));
        if !draft.is_empty() && draft != chosen {
            fill(x.edge_draft_not_used, &[("address", &draft)])
        } else if chosen.is_empty() {
            x.edge_not_chosen.to_string()
        } else {
            fill(x.edge_sends, &[("edge", &chosen)])
        }
    };
    view! {
        <span class="edge-address">
            <label for=id>{t(|x| x.edge_address)}</label>
            <input
                id=id
                type="url"
                data-testid=id
                placeholder="https://tabletalk-edge.example.org"
                prop:value=move || session.edge_draft.get()
                on:input=on_input
            />
            <button
                type="button"
                data-testid=format!("{id}-use")
                on:click=confirm
                disabled=move || { let d = normalise(&session.edge_draft.get()); d.is_empty() || d == session.edge.get() }
            >
                {t(|x| x.use_edge)}
            </button>
            {move || (!session.edge.get().is_empty()).then(|| view! {
                <button type="button" data-testid=format!("{id}-stop") on:click=stop>{t(|x| x.stop_using_edge)}</button>
            })}
            <small class="hint edge-sends" data-testid=format!("{id}-sends") aria-live="polite">{status}</small>
        </span>
    }
}
