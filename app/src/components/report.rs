//! One upload's report: problems first, then every table that loaded.

use leptos::prelude::*;
use tabletalk_shared::report::InspectReport;

use super::issues::issue_list;
use super::joins::join_list;
use super::schema_table::schema_table;
use crate::i18n::{fill, t, tr};

pub fn report_view(report: &InspectReport) -> impl IntoView {
    let tables = report.tables.iter().map(schema_table).collect_view();
    let count = report.tables.len();
    view! {
        <section class="report" data-testid="report">
            {issue_list("errors", t(|x| x.errors), &report.errors)}
            {issue_list("warnings", t(|x| x.warnings), &report.warnings)}
            <p data-testid="table-count">{tr(move |x| fill(x.tables_loaded, &[("n", &count)]))}</p>
            {tables}
            {join_list(&report.joins)}
        </section>
    }
}
