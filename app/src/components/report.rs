//! One upload's report: problems first, then every table that loaded.

use leptos::prelude::*;
use tabletalk_shared::report::InspectReport;

use super::issues::issue_list;
use super::joins::join_list;
use super::schema_table::schema_table;

pub fn report_view(report: &InspectReport) -> impl IntoView {
    let tables = report.tables.iter().map(schema_table).collect_view();
    view! {
        <section class="report" data-testid="report">
            {issue_list("errors", "Errors", &report.errors)}
            {issue_list("warnings", "Warnings", &report.warnings)}
            <p data-testid="table-count">{format!("{} table(s) loaded", report.tables.len())}</p>
            {tables}
            {join_list(&report.joins)}
        </section>
    }
}
