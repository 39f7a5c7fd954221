//! A plan in a few words, for a refusal that says what was understood.

use crate::query::catalog::Catalog;
use crate::query::lang::Lang;
use crate::query::plan::{AggFn, FieldRef, Filter, Plan};

/// A plan in a few words, for a refusal that says what was understood ("average of “lifeExp”").
pub fn summary(plan: &Plan, cat: &Catalog, lang: Lang) -> String {
    let label = |f: &FieldRef| cat.field(&f.0).map_or(f.0.clone(), |i| cat.fields[i].label.clone());
    let func = |f: AggFn| match (f, lang) {
        (AggFn::Count, Lang::En) => "count",
        (AggFn::Sum, Lang::En) => "sum",
        (AggFn::Avg, Lang::En) => "average",
        (AggFn::Median, Lang::En) => "median",
        (AggFn::Min, Lang::En) => "minimum",
        (AggFn::Max, Lang::En) => "maximum",
        (AggFn::Count, Lang::Es) => "recuento",
        (AggFn::Sum, Lang::Es | Lang::Ca) => "suma",
        (AggFn::Avg, Lang::Es) => "media",
        (AggFn::Median, Lang::Es | Lang::Ca) => "mediana",
        (AggFn::Min, Lang::Es) => "mínimo",
        (AggFn::Max, Lang::Es) => "máximo",
        (AggFn::Count, Lang::Ca) => "recompte",
        (AggFn::Avg, Lang::Ca) => "mitjana",
        (AggFn::Min, Lang::Ca) => "mínim",
        (AggFn::Max, Lang::Ca) => "màxim",
        (AggFn::Count, Lang::De) => "Anzahl",
        (AggFn::Sum, Lang::De) => "Summe",
        (AggFn::Avg, Lang::De) => "Durchschnitt",
        (AggFn::Median, Lang::De) => "Median",
        (AggFn::Min, Lang::De) => "Minimum",
        (AggFn::Max, Lang::De) => "Maximum",
        (AggFn::Range, Lang::En) => "range",
        (AggFn::Range, Lang::Es) => "amplitud",
        (AggFn::Range, Lang::Ca) => "amplitud",
        (AggFn::Range, Lang::De) => "Spannweite",
    };
    let of = match lang {
        Lang::En => "of",
        Lang::Es | Lang::Ca => "de",
        Lang::De => "von",
    };
    let rows = match lang {
        Lang::En => "rows",
        Lang::Es => "filas",
        Lang::Ca => "files",
        Lang::De => "Zeilen",
    };
    let per = match lang {
        Lang::En => "per",
        Lang::Es => "por",
        Lang::Ca => "per",
        Lang::De => "pro",
    };
    let filt = |f: &Option<Filter>| f.as_ref().map(|f| format!(" [{}]", crate::query::execute::describe(cat, f, lang))).unwrap_or_default();
    match plan {
        Plan::Count { filter } => format!("{} {of} {rows}{}", func(AggFn::Count), filt(filter)),
        Plan::Columns => format!("{} {of} columns", func(AggFn::Count)),
        Plan::ColumnStats { columns, filter, .. } => {
            format!("columns {}{}", columns.iter().map(|c| format!("“{}”", label(c))).collect::<Vec<_>>().join(", "), filt(filter))
        }
        Plan::DistinctCount { field, filter } => format!("{} {of} “{}” (distinct){}", func(AggFn::Count), label(field), filt(filter)),
        Plan::DistinctValues { field, filter } | Plan::Frequent { field, filter, .. } => format!("“{}”{}", label(field), filt(filter)),
        Plan::Rank { field, filter, desc, .. } => {
            format!("{} “{}”{}", func(if *desc { AggFn::Max } else { AggFn::Min }), label(field), filt(filter))
        }
        Plan::Aggregate { func: f, field, filter } => format!("{} {of} “{}”{}", func(*f), label(field), filt(filter)),
        Plan::GroupTop { field: Some(x), by, filter, change: Some(p), .. } => {
            let d = |f: &crate::query::plan::Filter| crate::query::execute::describe(cat, f, lang);
            let pct = if p.percent { " (%)" } else { "" };
            format!("Δ{pct} “{}” {} → {} {per} “{}”{}", label(x), d(&p.from), d(&p.to), label(by), filt(filter))
        }
        Plan::Group { func: f, field, by, filter, .. } | Plan::GroupTop { func: f, field, by, filter, .. } => {
            let what = field.as_ref().map_or_else(|| rows.to_string(), |x| format!("{} {of} “{}”", func(*f), label(x)));
            format!("{what} {per} “{}”{}", label(by), filt(filter))
        }
        Plan::GroupWhere { func: f, field, by, op, value, filter, .. } => {
            let what = field.as_ref().map_or_else(|| rows.to_string(), |x| format!("{} {of} “{}”", func(*f), label(x)));
            format!("“{}”: {what} {} {}{}", label(by), op.sql(), fmt_number(*value), filt(filter))
        }
        Plan::Share { filter, .. } => format!("% [{}]", crate::query::execute::describe(cat, filter, lang)),
        Plan::Compare { field, values, .. } => format!("“{}”: {}", label(field), values.join(" / ")),
        Plan::Lookup { field, key } => format!("“{}” [{}]", label(field), crate::query::execute::describe(cat, key, lang)),
        Plan::LookupFields { fields, key } => format!(
            "{} [{}]",
            fields.iter().map(|f| format!("“{}”", label(f))).collect::<Vec<_>>().join(", "),
            crate::query::execute::describe(cat, key, lang)
        ),
        Plan::List { filter, .. } => format!("{rows}{}", filt(filter)),
        Plan::Distribution { field, .. } => format!("“{}”", label(field)),
        Plan::Scatter { x, y, .. } => format!("“{}” / “{}”", label(y), label(x)),
        Plan::Check { inner, .. } => summary(inner, cat, lang),
        Plan::Nth { inner, k } => format!("#{k}: {}", summary(inner, cat, lang)),
        Plan::Each { parts } => parts.iter().map(|p| summary(p, cat, lang)).collect::<Vec<_>>().join("; "),
    }
}

pub(super) fn fmt_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::catalog::test_catalog;
    use crate::query::plan::ChartKind;

    const CSV: &str =
        "name,origin,mpg,cylinders,hp,year\nA,USA,18,8,150,1970\nB,Japan,31,4,,1972\nC,Europe,26,4,90,1970\nD,USA,15,8,170,1975\n";

    #[test]
    fn a_plan_reads_in_the_question_language() {
        let cat = test_catalog("cars.csv", CSV);
        let plan = Plan::Aggregate { func: AggFn::Avg, field: FieldRef("mpg".into()), filter: None };
        assert_eq!(summary(&plan, &cat, Lang::En), "average of “mpg”");
        assert_eq!(summary(&plan, &cat, Lang::De), "Durchschnitt von “mpg”");
        let group =
            Plan::Group { func: AggFn::Count, field: None, by: FieldRef("origin".into()), filter: None, chart: ChartKind::Bar, desc: None };
        assert_eq!(summary(&group, &cat, Lang::Es), "filas por “origin”");
    }

    #[test]
    fn whole_numbers_print_without_a_fraction() {
        assert_eq!(fmt_number(90.0), "90");
        assert_eq!(fmt_number(2.5), "2.5");
    }
}
