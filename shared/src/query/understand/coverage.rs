//! Periods the data does not cover: a filter on a year, month or day before the first or after the
//! last date of its column. No row there is no answer ("0 earthquakes in January 2024" over a table
//! that starts in April), so the reading is refused with the column's span.

use chrono::{Datelike, NaiveDate};

use crate::query::catalog::Catalog;
use crate::query::plan::{CmpOp, Filter, Literal, Plan, Predicate};

use super::types::Refusal;

/// The refusal for a plan whose rows must lie in a period outside their date column's span.
/// A yes/no question is answered ("Is there any data from 1987?" asks of the period itself: no).
pub(super) fn outside_data(plan: &Plan, cat: &Catalog) -> Option<Refusal> {
    if matches!(plan, Plan::Check { .. }) {
        return None;
    }
    let conds: Vec<&Filter> = match plan.filter()? {
        Filter::And(v) => v.iter().collect(),
        f @ Filter::Cond { .. } => vec![f],
        Filter::Or(_) => return None,
    };
    let pinned = |field: &str| -> Vec<&Predicate> {
        conds
            .iter()
            .filter_map(|c| match c {
                Filter::Cond { field: f, pred, negated: false } if f.0 == field => Some(pred),
                _ => None,
            })
            .collect()
    };
    for c in &conds {
        let Filter::Cond { field, negated: false, .. } = c else { continue };
        let Some(f) = cat.field(&field.0) else { continue };
        let fi = &cat.fields[f];
        let preds = pinned(&field.0);
        let outside = if let Some((first, last)) = fi.dates {
            let year = preds.iter().find_map(|p| match p {
                Predicate::Year(y) => Some(*y),
                _ => None,
            });
            let month = preds.iter().find_map(|p| match p {
                Predicate::Month(m) => Some(*m as i32),
                _ => None,
            });
            let at = |d: NaiveDate| d.year() * 12 + d.month() as i32;
            let by_period = match (year, month) {
                (Some(y), Some(m)) => y * 12 + m < at(first) || y * 12 + m > at(last),
                (Some(y), None) => y < first.year() || y > last.year(),
                _ => false,
            };
            let by_day = preds.iter().any(|p| match p {
                Predicate::Cmp(CmpOp::Eq, Literal::Date(d)) => day(d).is_some_and(|d| d < first || d > last),
                Predicate::Between(Literal::Date(lo), Literal::Date(hi)) => {
                    day(hi).is_some_and(|hi| hi < first) || day(lo).is_some_and(|lo| lo > last)
                }
                _ => false,
            });
            (by_period || by_day).then(|| (first.to_string(), last.to_string()))
        } else if let (true, Some((lo, hi))) = (fi.yearly && fi.ty.is_numeric(), fi.range) {
            let out = preds.iter().any(|p| match p {
                Predicate::Cmp(CmpOp::Eq, Literal::Number(y)) => *y < lo || *y > hi,
                Predicate::Between(Literal::Number(a), Literal::Number(b)) => *b < lo || *a > hi,
                _ => false,
            });
            out.then(|| (format!("{lo}"), format!("{hi}")))
        } else {
            None
        };
        if let Some((first, last)) = outside {
            return Some(Refusal::OutsideData { field: fi.label.clone(), first, last });
        }
    }
    None
}

/// The day an ISO date or datetime literal falls on.
fn day(iso: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(iso.get(..10)?, "%Y-%m-%d").ok()
}
