//! Thumbs up/down under an answer: pressed state, and a note saying where the vote went (this
//! browser, and the edge when the dataset is published there; see `crate::feedback`).

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tabletalk_shared::api::Vote;

use crate::ask::Entry;
use crate::i18n::{fill, t, use_lang};
use crate::session::Session;
use crate::{edge, feedback};

#[component]
pub fn Feedback(entry: Arc<Entry>) -> impl IntoView {
    let session = expect_context::<Session>();
    let lang = use_lang();
    let vote = RwSignal::new(None::<Vote>);
    let note = RwSignal::new(String::new());
    let cast = move |v: Vote| {
        // A second press on the same thumb takes the vote back on the page; what was kept in the
        // browser and sent to the edge stays (the owner sees a changed vote as a second one).
        let chosen = (vote.get_untracked() != Some(v)).then_some(v);
        vote.set(chosen);
        let Some(v) = chosen else {
            note.set(String::new());
            return;
        };
        let t = lang.get_untracked().texts();
        let request = feedback::request(&entry, v);
        if let Err(e) = feedback::keep(request.clone()) {
            // The browser could not keep it (no localStorage, or full): say so as it is.
            note.set(e);
            return;
        }
        note.set(t.vote_saved.into());
        // Only to the edge chosen on this page: a collection published elsewhere gets no vote.
        let chosen = edge::normalise(&session.edge.get_untracked());
        let Some(published) = session.published.get_untracked().filter(|p| !chosen.is_empty() && p.edge == chosen) else {
            return;
        };
        spawn_local(async move {
            let t = lang.get_untracked().texts();
            let said = match edge::send_feedback(&published, &request).await {
                Ok(_) => fill(t.vote_sent, &[("id", &published.id)]),
                Err(e) => fill(t.vote_not_sent, &[("error", &e)]),
            };
            if vote.get_untracked() == Some(v) {
                note.set(said);
            }
        });
    };
    let down = cast.clone();
    let pressed = move |v: Vote| move || (vote.get() == Some(v)).to_string();
    view! {
        <div class="feedback" data-testid="feedback">
            <button type="button" class="vote" data-testid="vote-up" aria-pressed=pressed(Vote::Up) on:click=move |_| cast(Vote::Up)>
                {t(|x| x.helpful)}
            </button>
            <button type="button" class="vote" data-testid="vote-down" aria-pressed=pressed(Vote::Down) on:click=move |_| down(Vote::Down)>
                {t(|x| x.unhelpful)}
            </button>
            <span class="vote-note" data-testid="vote-note" aria-live="polite">{move || note.get()}</span>
        </div>
    }
}
