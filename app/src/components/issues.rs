//! Per-file errors or warnings, as plain text (each names its file, row and column).

use leptos::prelude::*;

/// `kind` is the test id of the list ("errors"/"warnings"); items get the singular. `title` is
/// reactive (`i18n::t`), so it follows the page's language.
pub fn issue_list(kind: &'static str, title: impl Fn() -> &'static str + Send + Sync + 'static, items: &[String]) -> impl IntoView {
    (!items.is_empty()).then(|| {
        let item_id = kind.trim_end_matches('s');
        let items = items.iter().map(|text| view! { <li data-testid=item_id>{text.clone()}</li> }).collect_view();
        view! {
            <div class=kind data-testid=kind role=if kind == "errors" { "alert" } else { "status" }>
                <h2>{title}</h2>
                <ul>{items}</ul>
            </div>
        }
    })
}
