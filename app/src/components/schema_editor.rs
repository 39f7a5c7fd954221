//! Editing what the tables mean: each column's type, shown name, synonyms and translations, what a
//! row is called, composed fields, field groups, the transpose toggle and joins. Apply reads the
//! files again with the edited description (the same `DatasetDescription` `--describe` takes).

use std::collections::BTreeMap;
use std::sync::Arc;

use leptos::prelude::*;
use tabletalk_shared::description::{ColumnDescription, ComposedField, DatasetDescription, FieldGroup};
use tabletalk_shared::schema::ColumnType;

use crate::analyse::Loaded;
use crate::i18n::{fill, t, tr};

/// One column's editable fields.
#[derive(Clone, Copy)]
struct ColumnEdit {
    /// The type as read now (inferred, or declared and allowed by the values).
    ty: RwSignal<String>,
    /// Whether a type was declared before (kept even when it equals the inferred one).
    declared: bool,
    shown: RwSignal<String>,
    synonyms: RwSignal<String>,
    translations: RwSignal<String>,
}

fn list(text: &str) -> Vec<String> {
    text.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
}

/// "es=salario, de=Gehalt" → {"de": "Gehalt", "es": "salario"}; pairs without "=" are ignored.
fn translations(text: &str) -> BTreeMap<String, String> {
    list(text)
        .into_iter()
        .filter_map(|p| p.split_once('=').map(|(l, w)| (l.trim().to_lowercase(), w.trim().to_string())))
        .filter(|(l, w)| !l.is_empty() && !w.is_empty())
        .collect()
}

/// "address = street + city" per line.
fn composed(text: &str) -> Vec<ComposedField> {
    text.lines()
        .filter_map(|l| l.split_once('='))
        .map(|(name, parts)| ComposedField {
            name: name.trim().to_string(),
            parts: parts.split('+').map(str::trim).filter(|p| !p.is_empty()).map(str::to_string).collect(),
            separator: " ".into(),
        })
        .filter(|f| !f.name.is_empty() && f.parts.len() >= 2)
        .collect()
}

/// "salary: gross, net" per line; the first member answers when the user does not pick.
fn groups(text: &str) -> Vec<FieldGroup> {
    text.lines()
        .filter_map(|l| l.split_once(':'))
        .map(|(name, members)| {
            let members = list(members);
            FieldGroup { name: name.trim().to_string(), default: members.first().cloned(), members }
        })
        .filter(|g| !g.name.is_empty() && g.members.len() >= 2)
        .collect()
}

#[component]
pub fn SchemaEditor(loaded: Arc<Loaded>, on_apply: Callback<DatasetDescription>) -> impl IntoView {
    let d = &loaded.description;
    // (table, column) → its edit fields, in the tables' order.
    let columns: Vec<(String, String, ColumnEdit)> = loaded
        .tables
        .iter()
        .flat_map(|t| t.column_names().into_iter().map(move |c| (t.name.clone(), c)))
        .map(|(t, c)| {
            let known = d.column(&t, &c).cloned().unwrap_or_default();
            let tr = known.translations.iter().map(|(l, w)| format!("{l}={w}")).collect::<Vec<_>>().join(", ");
            let now = loaded
                .schemas
                .iter()
                .find(|s| s.name == t)
                .and_then(|s| s.columns.iter().find(|k| k.name == c))
                .map_or("text", |k| k.ty.as_str());
            let edit = ColumnEdit {
                ty: RwSignal::new(now.to_string()),
                declared: known.ty.is_some(),
                shown: RwSignal::new(known.readable_name.unwrap_or_default()),
                synonyms: RwSignal::new(known.synonyms.join(", ")),
                translations: RwSignal::new(tr),
            };
            (t, c, edit)
        })
        .collect();
    let transposed: Vec<(String, RwSignal<bool>)> = loaded.tables.iter().map(|t| (t.name.clone(), RwSignal::new(t.transposed))).collect();
    let aliases = RwSignal::new(d.row_aliases.join(", "));
    let composed_text =
        RwSignal::new(d.composed_fields.iter().map(|f| format!("{} = {}", f.name, f.parts.join(" + "))).collect::<Vec<_>>().join("\n"));
    let groups_text =
        RwSignal::new(d.field_groups.iter().map(|g| format!("{}: {}", g.name, g.members.join(", "))).collect::<Vec<_>>().join("\n"));
    let joins: Vec<(tabletalk_shared::description::joins::JoinCandidate, RwSignal<bool>)> =
        loaded.report.joins.iter().map(|j| (j.clone(), RwSignal::new(d.joins.contains(j)))).collect();

    let apply = {
        let (loaded, columns, transposed, joins) = (loaded.clone(), columns.clone(), transposed.clone(), joins.clone());
        move |ev: leptos::ev::SubmitEvent| {
            ev.prevent_default();
            let mut out = loaded.description.clone();
            for (t, c, e) in &columns {
                let mut col = out.column(t, c).cloned().unwrap_or(ColumnDescription {
                    table: Some(t.clone()),
                    name: c.clone(),
                    ..Default::default()
                });
                // A type is declared when the user changed it (or had declared one before).
                let ty = e.ty.get_untracked();
                let inferred = loaded
                    .schemas
                    .iter()
                    .find(|s| s.name == *t)
                    .and_then(|s| s.columns.iter().find(|k| k.name == *c))
                    .map(|k| k.ty.as_str());
                col.ty = (e.declared || inferred != Some(ty.as_str())).then_some(ty);
                col.readable_name = Some(e.shown.get_untracked().trim().to_string()).filter(|s| !s.is_empty());
                col.synonyms = list(&e.synonyms.get_untracked());
                col.translations = translations(&e.translations.get_untracked());
                out.columns.retain(|k| !(k.name == *c && k.table.as_deref().is_none_or(|x| x == t)));
                if col != (ColumnDescription { table: col.table.clone(), name: c.clone(), ..Default::default() }) {
                    out.columns.push(col);
                }
            }
            out.transposed = transposed.iter().map(|(t, on)| (t.clone(), on.get_untracked())).collect();
            out.row_aliases = list(&aliases.get_untracked());
            out.composed_fields = composed(&composed_text.get_untracked());
            out.field_groups = groups(&groups_text.get_untracked());
            out.joins = joins.iter().filter(|(_, on)| on.get_untracked()).map(|(j, _)| j.clone()).collect();
            on_apply.run(out);
        }
    };

    let tables = loaded
        .tables
        .iter()
        .zip(transposed)
        .map(|(table, (_, on))| {
            let name = table.name.clone();
            let rows = columns
                .iter()
                .filter(|(tn, _, _)| *tn == name)
                .map(|(_, c, e)| {
                    let e = *e;
                    let label = |pick: fn(&'static crate::i18n::Texts) -> &'static str| {
                        let column = c.clone();
                        tr(move |x| fill(pick(x), &[("column", &column)]))
                    };
                    view! {
                        <tr data-testid="edit-column" data-column=c.clone()>
                            <th scope="row">{c.clone()}</th>
                            <td>
                                <select aria-label=label(|x| x.type_of) data-testid="edit-type"
                                    prop:value=move || e.ty.get() on:change=move |ev| e.ty.set(event_target_value(&ev))>
                                    {ColumnType::ALL.iter().map(|ty| {
                                        let ty = ty.as_str();
                                        view! { <option value=ty selected=e.ty.get_untracked() == ty>{tr(move |x| x.type_name(ty))}</option> }
                                    }).collect_view()}
                                </select>
                            </td>
                            <td><input type="text" aria-label=label(|x| x.name_shown_for) data-testid="edit-shown"
                                prop:value=move || e.shown.get() on:input=move |ev| e.shown.set(event_target_value(&ev)) /></td>
                            <td><input type="text" aria-label=label(|x| x.synonyms_for) data-testid="edit-synonyms" placeholder=t(|x| x.synonyms_placeholder)
                                prop:value=move || e.synonyms.get() on:input=move |ev| e.synonyms.set(event_target_value(&ev)) /></td>
                            <td><input type="text" aria-label=label(|x| x.translations_of) data-testid="edit-translations" placeholder=t(|x| x.translations_placeholder)
                                prop:value=move || e.translations.get() on:input=move |ev| e.translations.set(event_target_value(&ev)) /></td>
                        </tr>
                    }
                })
                .collect_view();
            view! {
                <fieldset class="edit-table" data-testid="edit-table" data-table=name.clone()>
                    <legend>{name.clone()}</legend>
                    <label class="inline">
                        <input type="checkbox" data-testid="transpose" prop:checked=move || on.get()
                            on:change=move |ev| on.set(event_target_checked(&ev)) />
                        {t(|x| x.transpose_label)}
                    </label>
                    <table class="schema">
                        <thead>
                            <tr>
                                <th scope="col">{t(|x| x.col_column)}</th>
                                <th scope="col">{t(|x| x.col_type)}</th>
                                <th scope="col">{t(|x| x.col_name_shown)}</th>
                                <th scope="col">{t(|x| x.col_synonyms)}</th>
                                <th scope="col">{t(|x| x.col_translations)}</th>
                            </tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                </fieldset>
            }
        })
        .collect_view();
    let join_boxes = (!joins.is_empty()).then(|| {
        let items = joins
            .into_iter()
            .map(|(j, on)| {
                let text = j.to_string();
                view! {
                    <label class="inline" data-testid="edit-join">
                        <input type="checkbox" prop:checked=move || on.get() on:change=move |ev| on.set(event_target_checked(&ev)) />
                        " " {text}
                    </label>
                }
            })
            .collect_view();
        view! { <fieldset><legend>{t(|x| x.join_these)}</legend>{items}</fieldset> }
    });

    view! {
        <details class="step schema-editor" data-testid="schema-editor">
            <summary>{t(|x| x.edit_summary)}</summary>
            <form on:submit=apply>
                {tables}
                <p>
                    <label for="row-aliases">{t(|x| x.row_is_called)}</label>
                    <input id="row-aliases" type="text" data-testid="edit-row-aliases" placeholder=t(|x| x.row_aliases_placeholder)
                        prop:value=move || aliases.get() on:input=move |ev| aliases.set(event_target_value(&ev)) />
                </p>
                <p>
                    <label for="composed">{t(|x| x.composed_label)}</label>
                    <textarea id="composed" data-testid="edit-composed" rows="2"
                        prop:value=move || composed_text.get() on:input=move |ev| composed_text.set(event_target_value(&ev))></textarea>
                </p>
                <p>
                    <label for="groups">{t(|x| x.groups_label)}</label>
                    <textarea id="groups" data-testid="edit-groups" rows="2"
                        prop:value=move || groups_text.get() on:input=move |ev| groups_text.set(event_target_value(&ev))></textarea>
                </p>
                {join_boxes}
                <button type="submit" class="primary" data-testid="apply-schema">{t(|x| x.apply)}</button>
                <span class="hint">{t(|x| x.apply_hint)}</span>
            </form>
        </details>
    }
}
