//! One table's inferred schema: a row per column (nested JSON fields as `parent.child` rows).

use leptos::prelude::*;
use tabletalk_shared::report::{ColumnReport, TableReport};

use crate::i18n::{fill, t, tr};

pub fn schema_table(table: &TableReport) -> impl IntoView {
    let mut columns = Vec::new();
    flatten("", &table.columns, &mut columns);
    let rows = columns.into_iter().map(|(name, c)| column_row(name, c)).collect_view();
    let (file, count, transposed) = (table.file.clone(), table.rows, table.transposed);
    let meta = tr(move |x| {
        let mut m = format!("{file} · {}", fill(x.table_rows, &[("rows", &count)]));
        if transposed {
            m.push_str(" · ");
            m.push_str(x.read_transposed);
        }
        m
    });
    view! {
        <section class="table" data-testid="table" data-table=table.name.clone() data-file=table.file.clone()>
            <h2 data-testid="table-name">{table.name.clone()}</h2>
            {table.caption.clone().map(|c| view! { <p class="caption" data-testid="table-caption">{c}</p> })}
            <p class="meta" data-testid="table-meta">{meta}</p>
            <table class="schema" data-testid="schema">
                <thead>
                    <tr>
                        <th scope="col">{t(|x| x.col_column)}</th>
                        <th scope="col">{t(|x| x.col_type)}</th>
                        <th scope="col">{t(|x| x.col_categorical)}</th>
                        <th scope="col">{t(|x| x.col_distinct)}</th>
                        <th scope="col">{t(|x| x.col_missing)}</th>
                        <th scope="col">{t(|x| x.col_examples)}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </section>
    }
}

/// Columns in order, each followed by its nested fields, named by their dotted path.
fn flatten<'a>(prefix: &str, columns: &'a [ColumnReport], out: &mut Vec<(String, &'a ColumnReport)>) {
    for c in columns {
        let name = if prefix.is_empty() { c.name.clone() } else { format!("{prefix}.{}", c.name) };
        out.push((name.clone(), c));
        flatten(&name, &c.fields, out);
    }
}

fn column_row(name: String, column: &ColumnReport) -> impl IntoView {
    let ty = column.ty.as_str();
    let shape = column.nested.clone().map(|n| tr(move |x| format!(" ({})", x.nested_name(&n))));
    let categorical = column.categorical;
    let key = name.clone();
    view! {
        <tr data-testid="column" data-column=key data-type=ty>
            <th scope="row" data-testid="column-name">{name}</th>
            <td data-testid="column-type"><span class=format!("type type-{ty}")>{tr(move |x| x.type_name(ty))}</span>{shape}</td>
            <td data-testid="column-categorical">{tr(move |x| if categorical { x.yes } else { x.no })}</td>
            <td data-testid="column-distinct">{column.distinct.to_string()}</td>
            <td data-testid="column-missing">{column.missing.to_string()}</td>
            <td data-testid="column-samples">{column.samples.join(", ")}</td>
        </tr>
    }
}
