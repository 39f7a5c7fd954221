//! Plans → SQL text. Every identifier is quoted and every question or cell value is a string
//! literal with quotes doubled, so no value can change the statement's shape.

use super::catalog::{Catalog, DatePart, LagOrder};
use super::plan::{AggFn, CmpOp, ColumnStat, FieldRef, Filter, Literal, Plan, Predicate};
use crate::schema::ColumnType;

/// The hidden column holding each row's 1-based data-row number, for citations.
pub const ROW: &str = "__row";
/// Most rows listed in an answer's value or result rows.
pub const LIST_CAP: usize = 200;
/// Most rows cited.
pub const CITE_CAP: usize = 50;

pub fn ident(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

pub fn string(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// SQL for a field: its column, or the concatenation a composed field stands for.
pub fn expr(cat: &Catalog, f: &FieldRef) -> String {
    if let Some((of, part)) = cat.field(&f.0).and_then(|i| cat.fields[i].part) {
        let col = ident(&cat.fields[of].name);
        return match part {
            DatePart::Month => format!("to_char({col}, '%B')"),
            DatePart::Year => format!("CAST(date_part('year', {col}) AS BIGINT)"),
            DatePart::Weekday => format!("to_char({col}, '%A')"),
        };
    }
    match cat.field(&f.0).and_then(|i| cat.fields[i].composed.as_ref()) {
        Some((parts, sep)) => {
            let ps: Vec<String> = parts.iter().map(|&p| ident(&cat.fields[p].name)).collect();
            format!("({})", ps.join(&format!(" || {} || ", string(sep))))
        }
        None => ident(&f.0),
    }
}

/// A field as an answer shows it: dates of a monthly series as "1960-07", as the file writes them.
pub fn shown(cat: &Catalog, f: &FieldRef) -> String {
    shown_as(cat, f, expr(cat, f))
}

/// An expression of field `f`'s values (its own, its minimum…) written as the field is shown.
fn shown_as(cat: &Catalog, f: &FieldRef, e: String) -> String {
    match cat.field(&f.0) {
        Some(i) if cat.fields[i].monthly => format!("to_char({e}, '%Y-%m')"),
        Some(i) if cat.fields[i].quarterly.is_some() => {
            let (year_first, between) = cat.fields[i].quarterly.clone().unwrap_or_default();
            let sep = string(&between);
            let (y, q) = (format!("to_char({e}, '%Y')"), format!("CAST(CAST(date_part('quarter', {e}) AS BIGINT) AS VARCHAR)"));
            if year_first {
                format!("({y} || {sep} || 'Q' || {q})")
            } else {
                format!("('Q' || {q} || {sep} || {y})")
            }
        }
        // A column of years written as 1 January dates names the year ("2010", not "2010-01-01").
        Some(i) if cat.fields[i].yearly && cat.fields[i].ty == ColumnType::Date => format!("CAST(date_part('year', {e}) AS BIGINT)"),
        _ => e,
    }
}

/// A group's key as the answer names it: a column of years written as 1 January dates groups by
/// its years ("2010"); other keys as stored.
fn group_key(cat: &Catalog, by: &FieldRef) -> String {
    match cat.field(&by.0) {
        Some(i) if cat.fields[i].yearly && cat.fields[i].ty == ColumnType::Date => shown(cat, by),
        _ => expr(cat, by),
    }
}

fn ty(cat: &Catalog, f: &FieldRef) -> ColumnType {
    cat.field(&f.0).map_or(ColumnType::Text, |i| cat.fields[i].ty)
}

fn literal(cat: &Catalog, f: &FieldRef, l: &Literal) -> String {
    match l {
        Literal::Number(n) if n.fract() == 0.0 && n.abs() < 1e15 => format!("{}", *n as i64),
        Literal::Number(n) => format!("{n}"),
        Literal::Text(s) => string(s),
        Literal::Date(d) if ty(cat, f) == ColumnType::Date => format!("DATE {}", string(d)),
        Literal::Date(d) => string(d),
        Literal::Bool(b) => {
            if *b {
                "TRUE".into()
            } else {
                "FALSE".into()
            }
        }
    }
}

pub fn filter(cat: &Catalog, f: &Filter) -> String {
    match f {
        Filter::Cond { field, pred, negated } => {
            let e = expr(cat, field);
            let text_e = if matches!(ty(cat, field), ColumnType::Text | ColumnType::Identifier) {
                e.clone()
            } else {
                format!("CAST({e} AS VARCHAR)")
            };
            let list_sep = cat.field(&field.0).and_then(|i| cat.fields[i].list_sep);
            let c = match (pred, list_sep) {
                // A cell that lists values ("3bis, 11") holds each of them: one is an element.
                (Predicate::Cmp(op @ (CmpOp::Eq | CmpOp::Ne), Literal::Text(v)), Some(sep)) => {
                    let sep = string(sep);
                    let held = format!("strpos({sep} || {e} || {sep}, {sep} || {} || {sep}) > 0", string(v));
                    if *op == CmpOp::Eq {
                        held
                    } else {
                        format!("NOT ({held})")
                    }
                }
                (Predicate::Cmp(op, l), _) => format!("{e} {} {}", op.sql(), literal(cat, field, l)),
                (Predicate::Between(a, b), _) => format!("{e} BETWEEN {} AND {}", literal(cat, field, a), literal(cat, field, b)),
                (Predicate::Contains(s), _) => format!("strpos(lower({text_e}), {}) > 0", string(&s.to_lowercase())),
                (Predicate::StartsWith(s), _) => format!("starts_with(lower({text_e}), {})", string(&s.to_lowercase())),
                (Predicate::Year(y), _) if ty(cat, field) == ColumnType::Date => format!("date_part('year', {e}) = {y}"),
                (Predicate::Year(y), _) => format!("substr({text_e}, 1, 4) = '{y:04}'"),
                (Predicate::Month(m), _) if ty(cat, field) == ColumnType::Date => format!("date_part('month', {e}) = {m}"),
                (Predicate::Month(m), _) => format!("substr({text_e}, 6, 2) = '{m:02}'"),
                // NOT (x IS NULL) is the rows with a value: negation stays meaningful here.
                (Predicate::Missing, _) => format!("{e} IS NULL"),
                // Numbers as doubles, so an integer column compares with a decimal one.
                (Predicate::Than(op, other), _) if ty(cat, field).is_numeric() => {
                    format!("CAST({e} AS DOUBLE) {} CAST({} AS DOUBLE)", op.sql(), expr(cat, other))
                }
                (Predicate::Than(op, other), _) => format!("{e} {} {}", op.sql(), expr(cat, other)),
                // Of the whole table, whatever else the question asks of the rows (a series' end).
                (Predicate::Edge { last }, _) => {
                    format!("{e} = (SELECT {}({e}) FROM {})", if *last { "MAX" } else { "MIN" }, ident(&cat.table))
                }
            };
            // NOT (x = 'a') is NULL, not true, for missing x: missing values never match, as in pandas.
            if *negated {
                format!("NOT ({c})")
            } else {
                c
            }
        }
        Filter::And(v) => v.iter().map(|f| paren(cat, f)).collect::<Vec<_>>().join(" AND "),
        Filter::Or(v) => v.iter().map(|f| paren(cat, f)).collect::<Vec<_>>().join(" OR "),
    }
}

fn paren(cat: &Catalog, f: &Filter) -> String {
    match f {
        Filter::Cond { .. } => filter(cat, f),
        _ => format!("({})", filter(cat, f)),
    }
}

/// " WHERE a AND b" from optional parts.
fn where_(parts: &[Option<String>]) -> String {
    let ps: Vec<&String> = parts.iter().flatten().collect();
    if ps.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", ps.iter().map(|p| p.as_str()).collect::<Vec<_>>().join(" AND "))
    }
}

fn wrap(cat: &Catalog, f: &Option<Filter>) -> Option<String> {
    f.as_ref().map(|f| match f {
        Filter::Or(_) => format!("({})", filter(cat, f)),
        _ => filter(cat, f),
    })
}

/// A field as text: values of any type are compared as the text the question named ("1954").
fn as_text(cat: &Catalog, f: &FieldRef) -> String {
    let yearly = cat.field(&f.0).is_some_and(|i| cat.fields[i].yearly);
    match ty(cat, f) {
        ColumnType::Text | ColumnType::Identifier => expr(cat, f),
        // Years written as 1950.0 are named "1950".
        ColumnType::Decimal if yearly => format!("CAST(CAST({} AS BIGINT) AS VARCHAR)", expr(cat, f)),
        _ => format!("CAST({} AS VARCHAR)", expr(cat, f)),
    }
}

/// The rows whose field (as text) is one of the values.
pub fn in_sql(cat: &Catalog, f: &FieldRef, values: &[String]) -> Option<String> {
    let vs: Vec<String> = values.iter().map(|v| string(v)).collect();
    Some(format!("{} IN ({})", compared_text(cat, f, values), vs.join(", ")))
}

/// A field as the text its compared values name: the year of a date column when they are years
/// ("more passengers in 1960 than in 1959").
fn compared_text(cat: &Catalog, f: &FieldRef, values: &[String]) -> String {
    let years = !values.is_empty() && values.iter().all(|v| v.len() == 4 && v.chars().all(|c| c.is_ascii_digit()));
    match ty(cat, f) {
        ColumnType::Date | ColumnType::Datetime if years => format!("CAST(CAST(date_part('year', {}) AS BIGINT) AS VARCHAR)", expr(cat, f)),
        _ => as_text(cat, f),
    }
}

pub fn not_null(cat: &Catalog, f: &FieldRef) -> Option<String> {
    Some(format!("{} IS NOT NULL", expr(cat, f)))
}

/// Whether a group of 0 rows passes `count op value`.
fn zero_passes(op: CmpOp, value: f64) -> bool {
    match op {
        CmpOp::Eq => value == 0.0,
        CmpOp::Ne => value != 0.0,
        CmpOp::Lt => 0.0 < value,
        CmpOp::Le => 0.0 <= value,
        CmpOp::Gt => 0.0 > value,
        CmpOp::Ge => 0.0 >= value,
    }
}

fn agg(cat: &Catalog, func: AggFn, f: &FieldRef) -> (String, &'static str) {
    let e = expr(cat, f);
    let date = matches!(ty(cat, f), ColumnType::Date | ColumnType::Datetime);
    match func {
        AggFn::Count => ("COUNT(*)".into(), "count"),
        AggFn::Sum => (format!("SUM({e})"), "sum"),
        AggFn::Avg => (format!("AVG(CAST({e} AS DOUBLE))"), "average"),
        AggFn::Median => (format!("MEDIAN(CAST({e} AS DOUBLE))"), "median"),
        AggFn::Range => (format!("MAX(CAST({e} AS DOUBLE)) - MIN(CAST({e} AS DOUBLE))"), "range"),
        AggFn::Min if date => (format!("MIN({e})"), "minimum"),
        AggFn::Max if date => (format!("MAX({e})"), "maximum"),
        AggFn::Min => (format!("MIN({e})"), "minimum"),
        AggFn::Max => (format!("MAX({e})"), "maximum"),
    }
}

/// The table with one row per element of a list cell ("FR,IT" → FR and IT), under the table's own
/// name, so counting or grouping that field counts each element (a film of two countries counts for
/// both): one `split_part` per position, as many as the longest cell holds (at most `EXPLODE_CAP`).
fn exploded(cat: &Catalog, field: &str) -> String {
    let Some(f) = cat.field(field).map(|i| &cat.fields[i]) else { return ident(&cat.table) };
    let Some(sep) = f.list_sep.filter(|_| f.list_len <= EXPLODE_CAP) else { return ident(&cat.table) };
    let others: Vec<String> = cat
        .fields
        .iter()
        .filter(|o| o.composed.is_none() && !o.derived() && o.name != field)
        .map(|o| ident(&o.name))
        .chain([ident(ROW)])
        .collect();
    let e = ident(field);
    let positions: Vec<String> = (1..=f.list_len.max(1)).map(|k| format!("({k})")).collect();
    let part = format!("trim(split_part({e}, {}, \"__k\"))", string(sep));
    format!(
        "(SELECT {}, {part} AS {e} FROM {} CROSS JOIN (VALUES {}) AS \"__at\"(\"__k\") WHERE {part} <> '') AS {}",
        others.join(", "),
        ident(&cat.table),
        positions.join(", "),
        ident(&cat.table)
    )
}

/// How a statement reading computed changes begins its table: written once, found again.
const CHANGES_FROM: &str = "FROM (SELECT *, ";

/// `statement` reading the table with the change fields it names (`Lag`) computed: `FROM "t"`
/// becomes a subquery adding each as `x - LAG(x)` over the whole table, so a filter on other
/// fields ("in 1953") never changes which row comes before. Statements naming none are unchanged.
pub fn with_changes(cat: &Catalog, statement: String) -> String {
    let changes: Vec<String> = cat
        .fields
        .iter()
        .filter(|f| f.is_change() && statement.contains(&ident(&f.name)))
        .filter_map(|f| {
            let num = |i: usize| cat.fields.get(i).map(|g| format!("CAST({} AS DOUBLE)", ident(&g.name)));
            if let Some(gap) = f.gap {
                let (later, earlier) = (num(gap.later)?, num(gap.earlier)?);
                return Some(if gap.percent {
                    format!("100 * ({later} - {earlier}) / NULLIF({earlier}, 0) AS {}", ident(&f.name))
                } else {
                    format!("{later} - {earlier} AS {}", ident(&f.name))
                });
            }
            let lag = f.lag?;
            let of = num(lag.of)?;
            let order = match lag.order {
                LagOrder::Time(t) => ident(&cat.fields.get(t)?.name),
                LagOrder::YearQuarter(y, q) => format!("{}, {}", ident(&cat.fields.get(y)?.name), ident(&cat.fields.get(q)?.name)),
                LagOrder::File => ident(ROW),
            };
            Some(format!("{of} - LAG({of}) OVER (ORDER BY {order}) AS {}", ident(&f.name)))
        })
        .collect();
    if changes.is_empty() {
        return statement;
    }
    // Applied once: a plan's statement may hold another's (a yes/no around its inner plan).
    if statement.contains(CHANGES_FROM) {
        return statement;
    }
    let t = ident(&cat.table);
    let from = format!("{CHANGES_FROM}{} FROM {t}) AS {t}", changes.join(", "));
    statement.replace(&format!("FROM {t}"), &from)
}

/// Over the whole table, in groups of `keys`: the groups where `field` takes several values, the
/// values in all and the groups (`execute::once_per_group`).
pub fn repeated_check_sql(cat: &Catalog, field: &str, keys: &[String]) -> String {
    let ks: Vec<String> = keys.iter().map(|k| ident(k)).collect();
    let f = ident(field);
    format!(
        "SELECT SUM(CASE WHEN \"d\" > 1 THEN 1 ELSE 0 END) AS \"mixed\", SUM(\"n\") AS \"values\", COUNT(*) AS \"groups\" FROM (SELECT COUNT(DISTINCT {f}) AS \"d\", COUNT({f}) AS \"n\" FROM {} WHERE {f} IS NOT NULL GROUP BY {}) AS \"g\"",
        ident(&cat.table),
        ks.join(", ")
    )
}

/// An aggregate over one value per group of `keys` (the field repeats within each group).
pub fn once_per_group_sql(cat: &Catalog, plan: &Plan, keys: &[String]) -> Option<String> {
    let Plan::Aggregate { func, field, filter } = plan else { return None };
    let ks: Vec<String> = keys.iter().map(|k| ident(k)).collect();
    let (t, f) = (ident(&cat.table), ident(&field.0));
    let (a, name) = agg(cat, *func, field);
    let inner = format!("SELECT {}, MAX({f}) AS {f} FROM {t}{} GROUP BY {}", ks.join(", "), where_(&[wrap(cat, filter)]), ks.join(", "));
    Some(with_changes(cat, without_totals(cat, format!("SELECT {a} AS \"{name}\", COUNT({f}) AS \"rows\" FROM ({inner}) AS {t}"))))
}

/// The most elements a list cell may hold for its field to be counted element by element.
pub const EXPLODE_CAP: usize = 32;

/// The statement that answers the plan (further statements, such as citations, are built from its result).
pub fn main_sql(cat: &Catalog, plan: &Plan) -> String {
    with_changes(cat, without_totals(cat, plan_sql(cat, plan)))
}

/// The statement read over the rows that are not totals of the others (`catalog::total_rows`),
/// unless it names one of them itself ("NYS - All Hospitals" looked up or compared).
pub fn without_totals(cat: &Catalog, statement: String) -> String {
    let Some(totals) = &cat.totals else { return statement };
    let values: Vec<String> = totals.values.iter().map(|v| string(v)).collect();
    if values.iter().any(|v| statement.contains(v.as_str())) || statement.contains(TOTALS_FROM) {
        return statement;
    }
    let Some(field) = cat.fields.get(totals.field) else { return statement };
    let (t, f) = (ident(&cat.table), ident(&field.name));
    let from = format!("{TOTALS_FROM}{t} WHERE {f} IS NULL OR {f} NOT IN ({})) AS {t}", values.join(", "));
    statement.replace(&format!("FROM {t}"), &from)
}

/// How `without_totals` begins its subquery, so it is applied once.
pub const TOTALS_FROM: &str = "FROM (SELECT * FROM ";

fn plan_sql(cat: &Catalog, plan: &Plan) -> String {
    let t = match super::contract::groups_list_cells(plan, cat) {
        Some(field) => exploded(cat, &field),
        None => ident(&cat.table),
    };
    match plan {
        Plan::Count { filter } => format!("SELECT COUNT(*) AS \"count\" FROM {t}{}", where_(&[wrap(cat, filter)])),
        Plan::Columns => format!(
            "SELECT COUNT(*) AS \"columns\" FROM information_schema.columns WHERE table_name = {} AND column_name <> {}",
            string(&cat.table),
            string(ROW)
        ),
        Plan::DistinctCount { field, filter } => {
            format!("SELECT COUNT(DISTINCT {}) AS \"distinct\" FROM {t}{}", expr(cat, field), where_(&[wrap(cat, filter)]))
        }
        // One row, a statistic per column ("c0", "c1", … in the plan's order); the pick is made of these.
        // (Not a UNION of one SELECT per column: DataFusion runs a union's inputs as tasks.)
        Plan::ColumnStats { stat, columns, filter, .. } => format!(
            "SELECT {} FROM {t}{}",
            columns
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let e = expr(cat, c);
                    let d = format!("CAST({e} AS DOUBLE)");
                    let v = match stat {
                        ColumnStat::Agg(f) => agg(cat, *f, c).0,
                        ColumnStat::StdDev => format!("STDDEV({d})"),
                        ColumnStat::Range => format!("MAX({d}) - MIN({d})"),
                        ColumnStat::Missing => format!("COUNT(*) - COUNT({e})"),
                        ColumnStat::Present => format!("COUNT({e})"),
                        ColumnStat::Distinct => format!("COUNT(DISTINCT {e})"),
                        ColumnStat::Zeros => format!("SUM(CASE WHEN {d} = 0 THEN 1 ELSE 0 END)"),
                    };
                    format!("CAST({v} AS DOUBLE) AS \"c{i}\", COUNT({e}) AS \"n{i}\"")
                })
                .collect::<Vec<_>>()
                .join(", "),
            where_(&[wrap(cat, filter)])
        ),
        Plan::DistinctValues { field, filter } | Plan::Frequent { field, filter, .. } => {
            let e = expr(cat, field);
            let order = match plan {
                Plan::Frequent { most: true, .. } => format!("\"rows\" DESC, {e} ASC"),
                Plan::Frequent { most: false, .. } => format!("\"rows\" ASC, {e} ASC"),
                _ => format!("{e} ASC"),
            };
            format!(
                "SELECT {e} AS \"value\", COUNT(*) AS \"rows\" FROM {t}{} GROUP BY {e} ORDER BY {order}",
                where_(&[not_null(cat, field), wrap(cat, filter)])
            )
        }
        Plan::Rank { field, n, desc, label, filter, values } => {
            let e = expr(cat, field);
            let label_col = label.as_ref().map(|l| format!("{} AS \"label\", ", shown(cat, l))).unwrap_or_default();
            // "Which direction has the highest frequency?": rows tied at the top are all the answer.
            if *n == 1 && label.is_some() && !values {
                let within = where_(&[not_null(cat, field), wrap(cat, filter)]);
                let best = format!("{e} = (SELECT {}({e}) FROM {t}{within})", if *desc { "MAX" } else { "MIN" });
                return format!(
                    "SELECT {label_col}{e} AS \"value\", {} FROM {t}{} ORDER BY {} ASC LIMIT {LIST_CAP}",
                    ident(ROW),
                    where_(&[not_null(cat, field), wrap(cat, filter), Some(best)]),
                    ident(ROW)
                );
            }
            format!(
                "SELECT {label_col}{e} AS \"value\", {} FROM {t}{} ORDER BY {e} {}, {} ASC LIMIT {n}",
                ident(ROW),
                where_(&[not_null(cat, field), wrap(cat, filter)]),
                if *desc { "DESC" } else { "ASC" },
                ident(ROW)
            )
        }
        Plan::Aggregate { func, field, filter } => {
            let (a, name) = agg(cat, *func, field);
            format!("SELECT {a} AS \"{name}\", COUNT({}) AS \"rows\" FROM {t}{}", expr(cat, field), where_(&[wrap(cat, filter)]))
        }
        Plan::Group { func, field, by, filter, desc, .. } => {
            let g = group_key(cat, by);
            let (a, name) = match field {
                Some(f) => agg(cat, *func, f),
                None => agg(cat, AggFn::Count, by),
            };
            let order = match desc {
                Some(d) => format!("\"{name}\" {}, {g} ASC", if *d { "DESC" } else { "ASC" }),
                None => format!("{g} ASC"),
            };
            format!(
                "SELECT {g} AS \"group\", {a} AS \"{name}\" FROM {t}{} GROUP BY {g} ORDER BY {order}",
                where_(&[not_null(cat, by), wrap(cat, filter)])
            )
        }
        Plan::GroupTop { field: Some(f), by, n, desc, filter, change: Some(points), .. } => {
            // Each group's value at each point, and how many rows hold it (one, or no answer).
            let g = group_key(cat, by);
            let m = format!("CAST({} AS DOUBLE)", expr(cat, f));
            let at = |p: &Filter| format!("CASE WHEN {} THEN {m} END", paren(cat, p));
            let (from, to) = (format!("MAX({})", at(&points.from)), format!("MAX({})", at(&points.to)));
            let change = if points.percent { format!("100 * ({to} - {from}) / NULLIF({from}, 0)") } else { format!("{to} - {from}") };
            format!(
                "SELECT {g} AS \"group\", {change} AS \"change\", COUNT({}) AS \"from rows\", COUNT({}) AS \"to rows\" FROM {t}{} GROUP BY {g} HAVING {change} IS NOT NULL ORDER BY \"change\" {}, {g} ASC LIMIT {}",
                at(&points.from),
                at(&points.to),
                where_(&[not_null(cat, by), not_null(cat, f), wrap(cat, filter)]),
                if *desc { "DESC" } else { "ASC" },
                n + 100
            )
        }
        Plan::GroupTop { func, field, by, n, desc, filter, .. } => {
            let g = group_key(cat, by);
            let (a, name) = match field {
                Some(f) => agg(cat, *func, f),
                None => agg(cat, AggFn::Count, by),
            };
            // More groups than asked, so a tie at the boundary is seen and said (up to 100 tied).
            format!(
                "SELECT {g} AS \"group\", {a} AS \"{name}\" FROM {t}{} GROUP BY {g} ORDER BY \"{name}\" {}, {g} ASC LIMIT {}",
                where_(&[not_null(cat, by), field.as_ref().and_then(|f| not_null(cat, f)), wrap(cat, filter)]),
                if *desc { "DESC" } else { "ASC" },
                n + 100
            )
        }
        // "Which regions have no low-income countries?": rows counted per group inside the
        // aggregate, so a group none of whose rows matches is there with 0.
        Plan::GroupWhere { func: AggFn::Count, field: None, by, op, value, filter: Some(f), .. } if zero_passes(*op, *value) => {
            let g = group_key(cat, by);
            let a = format!("SUM(CASE WHEN {} THEN 1 ELSE 0 END)", paren(cat, f));
            format!(
                "SELECT {g} AS \"group\", {a} AS \"count\" FROM {t}{} GROUP BY {g} HAVING {a} {} {} ORDER BY {g} ASC",
                where_(&[not_null(cat, by)]),
                op.sql(),
                literal(cat, by, &Literal::Number(*value))
            )
        }
        Plan::GroupWhere { func, field, by, op, value, filter, .. } => {
            let g = group_key(cat, by);
            let (a, name) = match field {
                Some(f) => agg(cat, *func, f),
                None => agg(cat, AggFn::Count, by),
            };
            // A sum of floats is compared at 9 decimals, so 1.2 + 3.3 is not "below 4.5".
            let having = if field.is_some() && *func != AggFn::Count { format!("ROUND(CAST({a} AS DOUBLE), 9)") } else { a.clone() };
            format!(
                "SELECT {g} AS \"group\", {a} AS \"{name}\" FROM {t}{} GROUP BY {g} HAVING {having} {} {} ORDER BY {g} ASC",
                where_(&[not_null(cat, by), field.as_ref().and_then(|f| not_null(cat, f)), wrap(cat, filter)]),
                op.sql(),
                literal(cat, by, &Literal::Number(*value))
            )
        }
        Plan::Check { inner, .. } | Plan::Nth { inner, .. } => main_sql(cat, inner),
        // Each part runs its own query (`execute`); the first stands for them.
        Plan::Each { parts } => parts.first().map(|p| main_sql(cat, p)).unwrap_or_default(),
        Plan::Share { filter: f, base, of: Some(o) } => {
            let c = ident(&o.0);
            let m = format!("CASE WHEN {} THEN CAST({c} AS DOUBLE) ELSE 0 END", paren(cat, f));
            format!(
                "SELECT 100.0 * SUM({m}) / SUM(CAST({c} AS DOUBLE)) AS \"percent\", SUM({m}) AS \"matching\", SUM(CAST({c} AS DOUBLE)) AS \"rows\" FROM {t}{}",
                where_(&[Some(format!("{c} IS NOT NULL")), wrap(cat, base)])
            )
        }
        Plan::Share { filter: f, base, of: None } => {
            let m = format!("CASE WHEN {} THEN 1 ELSE 0 END", paren(cat, f));
            format!(
                "SELECT 100.0 * SUM({m}) / COUNT(*) AS \"percent\", SUM({m}) AS \"matching\", COUNT(*) AS \"rows\" FROM {t}{}",
                where_(&[wrap(cat, base)])
            )
        }
        Plan::Compare { field, values, filter, measure: None, .. } => {
            let e = compared_text(cat, field, values);
            format!(
                "SELECT {e} AS \"value\", COUNT(*) AS \"rows\" FROM {t}{} GROUP BY {e} ORDER BY \"rows\" DESC, {e} ASC",
                where_(&[in_sql(cat, field, values), wrap(cat, filter)])
            )
        }
        Plan::Compare { field, values, filter, measure: Some(m), .. } => {
            let e = compared_text(cat, field, values);
            let (a, _) = agg(cat, m.func.unwrap_or(AggFn::Max), &m.field);
            let me = expr(cat, &m.field);
            format!(
                "SELECT {e} AS \"value\", {a} AS \"measure\", COUNT({me}) AS \"rows\" FROM {t}{} GROUP BY {e} ORDER BY {e} ASC",
                where_(&[in_sql(cat, field, values), wrap(cat, filter)])
            )
        }
        Plan::Lookup { field, key } => {
            let label =
                cat.label.map(|l| format!("{} AS \"label\", ", expr(cat, &FieldRef(cat.fields[l].name.clone())))).unwrap_or_default();
            format!(
                "SELECT {} AS \"value\", {label}{} FROM {t}{} ORDER BY {} ASC LIMIT {}",
                expr(cat, field),
                ident(ROW),
                where_(&[Some(filter(cat, key))]),
                ident(ROW),
                LIST_CAP + 1
            )
        }
        Plan::LookupFields { fields, key } => {
            let label =
                cat.label.map(|l| format!("{} AS \"label\", ", expr(cat, &FieldRef(cat.fields[l].name.clone())))).unwrap_or_default();
            let values = fields.iter().enumerate().map(|(i, f)| format!("{} AS \"v{i}\", ", expr(cat, f))).collect::<String>();
            // Two rows at most: one is the answer; a second says the key does not name one row.
            format!(
                "SELECT {values}{label}{} FROM {t}{} ORDER BY {} ASC LIMIT 2",
                ident(ROW),
                where_(&[Some(filter(cat, key))]),
                ident(ROW)
            )
        }
        Plan::List { filter, label } => {
            let cols = match label {
                Some(l) => format!("{} AS \"label\"", shown(cat, l)),
                None => cat
                    .fields
                    .iter()
                    .filter(|f| f.composed.is_none() && !f.derived())
                    .map(|f| ident(&f.name))
                    .collect::<Vec<_>>()
                    .join(", "),
            };
            // A measure's values are listed in the table's order (a series' periods in turn); names sorted.
            let measure = |l: &FieldRef| cat.field(&l.0).is_some_and(|f| cat.fields[f].ty.is_numeric() && !cat.fields[f].categorical);
            let order = match label {
                Some(l) if !measure(l) => format!("{} ASC, {} ASC", expr(cat, l), ident(ROW)),
                _ => format!("{} ASC", ident(ROW)),
            };
            format!("SELECT {cols}, {} FROM {t}{} ORDER BY {order} LIMIT {}", ident(ROW), where_(&[wrap(cat, filter)]), LIST_CAP + 1)
        }
        Plan::Distribution { field, filter } => {
            let e = expr(cat, field);
            format!("SELECT MIN({e}) AS \"min\", MAX({e}) AS \"max\", COUNT({e}) AS \"rows\" FROM {t}{}", where_(&[wrap(cat, filter)]))
        }
        Plan::Scatter { x, y, label, filter } => {
            let label_col = label.as_ref().map(|l| format!(", {} AS \"label\"", expr(cat, l))).unwrap_or_default();
            format!(
                "SELECT {} AS \"x\", {} AS \"y\"{label_col}, {} FROM {t}{} ORDER BY {} ASC LIMIT 2000",
                expr(cat, x),
                expr(cat, y),
                ident(ROW),
                where_(&[not_null(cat, x), not_null(cat, y), wrap(cat, filter)]),
                ident(ROW)
            )
        }
    }
}

/// Row numbers of the rows matching all parts (the citations of a count, average, share…).
pub fn cite_sql(cat: &Catalog, parts: &[Option<String>]) -> String {
    with_changes(
        cat,
        without_totals(
            cat,
            format!("SELECT {} FROM {}{} ORDER BY {} ASC LIMIT {}", ident(ROW), ident(&cat.table), where_(parts), ident(ROW), CITE_CAP),
        ),
    )
}

/// Histogram bins for a numeric field between `min` and `max`.
pub fn bins_sql(cat: &Catalog, field: &FieldRef, filter: &Option<Filter>, min: f64, width: f64) -> String {
    let e = expr(cat, field);
    let b = format!("FLOOR((CAST({e} AS DOUBLE) - {min}) / {width})");
    let statement = format!(
        "SELECT {b} AS \"bin\", COUNT(*) AS \"rows\" FROM {}{} GROUP BY {b} ORDER BY \"bin\" ASC",
        ident(&cat.table),
        where_(&[not_null(cat, field), wrap(cat, filter)])
    );
    with_changes(cat, statement)
}

/// Pearson's correlation of two fields over every row holding both (a scatter plot shows 2,000 at most).
pub fn correlation_sql(cat: &Catalog, x: &FieldRef, y: &FieldRef, filter: &Option<Filter>) -> String {
    let statement = format!(
        "SELECT corr(CAST({} AS DOUBLE), CAST({} AS DOUBLE)) AS \"r\", COUNT(*) AS \"rows\" FROM {}{}",
        expr(cat, x),
        expr(cat, y),
        ident(&cat.table),
        where_(&[not_null(cat, x), not_null(cat, y), wrap(cat, filter)])
    );
    with_changes(cat, statement)
}

pub fn filter_sql(cat: &Catalog, f: &Option<Filter>) -> Option<String> {
    wrap(cat, f)
}

/// "field = value" for citing the rows that hold a value.
pub fn eq_sql(cat: &Catalog, field: &FieldRef, value: &serde_json::Value) -> Option<String> {
    let e = expr(cat, field);
    Some(match value {
        serde_json::Value::Number(n) => format!("{e} = {n}"),
        serde_json::Value::String(s) if ty(cat, field) == ColumnType::Date => format!("{e} = DATE {}", string(s)),
        serde_json::Value::String(s) => format!("{e} = {}", string(s)),
        serde_json::Value::Bool(b) => format!("{e} = {}", if *b { "TRUE" } else { "FALSE" }),
        _ => format!("{e} IS NULL"),
    })
}
