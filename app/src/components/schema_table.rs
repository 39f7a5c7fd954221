//! One table's inferred schema: a row per column.

use leptos::prelude::*;
use tabletalk_shared::report::{ColumnReport, TableReport};

pub fn schema_table(table: &TableReport) -> impl IntoView {
    let rows = table.columns.iter().map(column_row).collect_view();
    view! {
        <section class="table" data-testid="table" data-table=table.name.clone() data-file=table.file.clone()>
            <h2 data-testid="table-name">{table.name.clone()}</h2>
            <p class="meta" data-testid="table-meta">{format!("{} · {} rows", table.file, table.rows)}</p>
            <table class="schema" data-testid="schema">
                <thead>
                    <tr>
                        <th scope="col">"Column"</th>
                        <th scope="col">"Type"</th>
                        <th scope="col">"Categorical"</th>
                        <th scope="col">"Distinct"</th>
                        <th scope="col">"Missing"</th>
                        <th scope="col">"Examples"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </section>
    }
}

fn column_row(column: &ColumnReport) -> impl IntoView {
    let ty = column.ty.as_str().to_string();
    view! {
        <tr data-testid="column" data-column=column.name.clone() data-type=ty.clone()>
            <th scope="row" data-testid="column-name">{column.name.clone()}</th>
            <td data-testid="column-type"><span class=format!("type type-{ty}")>{ty.clone()}</span></td>
            <td data-testid="column-categorical">{if column.categorical { "yes" } else { "no" }}</td>
            <td data-testid="column-distinct">{column.distinct.to_string()}</td>
            <td data-testid="column-missing">{column.missing.to_string()}</td>
            <td data-testid="column-samples">{column.samples.join(", ")}</td>
        </tr>
    }
}
