//! Wide tables: a run of like columns — a year per column (1960 … 2011), a stock per column (GOOG,
//! AAPL …), a candidate per column, a field of study per column of percentages — is one series.
//! The table is melted into a long view (every other column, the column's name, its value) so
//! "In which years…", "Which stock…" and "Which field had the highest share?" become ordinary
//! questions of that view. Only the shape of the values decides; nobody has to describe the table.

use crate::schema::values::parse_number;
use crate::schema::{is_missing, ColumnType, Shape, TableSchema, ValueFormat};
use crate::table::{ColumnHeader, Table, Value};

/// A long row's engine number is its wide row's times this, plus the member's position: rows keep
/// the wide order, members theirs, and citations divide to the wide row.
pub const STRIDE: i64 = 10_000;

/// Fewest like columns that make a series.
const MIN_MEMBERS: usize = 3;

/// Most cells a long view may hold: beyond it the wide reading is all there is.
const MAX_CELLS: usize = 500_000;

/// Like columns share a scale: each one's 10th and 90th percentiles within this factor of the others'.
const SCALE: f64 = 2.0;

/// What the columns of a series are: it decides the names of the view's two new fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeriesKind {
    /// Columns named by years ("1960", "1961", …): the view's key is a year.
    Years,
    /// Percentages (every value within 0–100) of different things: fields of study, parties.
    Percent,
    /// Numbers on one scale: stock prices relative to a start, votes per candidate.
    Like,
}

/// A wide table's series: the like columns (indexes into the table's columns) and their kind.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub members: Vec<usize>,
    pub kind: SeriesKind,
    /// A column holding the members' sum ("total") or mean ("Annual") in every row: left out of the series.
    pub total: Option<usize>,
}

/// The long view of a wide table: its rows cite the wide rows they came from.
#[derive(Clone, Debug)]
pub struct LongView {
    pub table: Table,
    /// For each long row, its engine row number: the wide row's (1-based) × `STRIDE` + the member's position.
    pub rows: Vec<i64>,
    /// The view's column holding the member column's name.
    pub key: String,
    /// The view's column holding the member column's value.
    pub value: String,
    pub kind: SeriesKind,
}

/// The name of the view's key column for a series of this kind.
pub const KEY: &str = "column";
/// The name of the view's value column.
pub const VALUE: &str = "value";

/// The cells of column `i` as numbers (missing cells skipped); `None` when any cell is not a number.
fn numbers(table: &Table, i: usize, decimal_comma: bool) -> Option<Vec<f64>> {
    let mut out = Vec::with_capacity(table.rows.len());
    for r in &table.rows {
        match r.get(i) {
            Some(Value::Text(s)) if !is_missing(s.trim()) => out.push(parse_number(s.trim(), decimal_comma)?.value),
            Some(Value::Text(_) | Value::Null) | None => {}
            Some(_) => return None,
        }
    }
    Some(out)
}

/// The 10th and 90th percentiles.
fn spread(mut v: Vec<f64>) -> Option<(f64, f64)> {
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    Some((at(0.1), at(0.9)))
}

/// A header that is a year ("1960"), as the number.
fn year_header(name: &str) -> Option<i32> {
    let n = name.trim();
    (n.len() == 4 && n.bytes().all(|b| b.is_ascii_digit())).then(|| n.parse().ok()).flatten().filter(|y| (1700..=2200).contains(y))
}

/// A column that codes or numbers rows ("district_id", "code", a year): never a member.
fn id_like(name: &str) -> bool {
    super::text::name_words(name).iter().any(|w| {
        matches!(w.as_str(), "id" | "code" | "no" | "num" | "number" | "year" | "yr" | "quarter" | "month" | "week" | "day" | "index")
    })
}

/// Finds the series of a wide table, if it has one.
pub fn find(table: &Table, schema: &TableSchema) -> Option<Series> {
    let n = table.rows.len();
    if n == 0 || schema.columns.len() < MIN_MEMBERS {
        return None;
    }
    let numeric = |i: usize| {
        let c = &schema.columns[i];
        c.shape == Shape::Scalar && matches!(c.ty, ColumnType::Integer | ColumnType::Decimal)
    };
    let comma = |i: usize| matches!(&schema.columns[i].format, ValueFormat::Number { decimal_comma: true, .. });
    // Columns named by years, each holding numbers: a year per column.
    let years: Vec<usize> = (0..schema.columns.len())
        .filter(|&i| year_header(&schema.columns[i].name).is_some() && schema.columns[i].shape == Shape::Scalar)
        .filter(|&i| numeric(i) || schema.columns[i].missing == n as u64)
        .collect();
    if years.len() >= MIN_MEMBERS {
        return fits(n, years.len()).then_some(Series { members: years, kind: SeriesKind::Years, total: None });
    }
    // Otherwise every measure of the table must be a member: all numbers of one type on one scale.
    let measures: Vec<usize> = (0..schema.columns.len())
        .filter(|&i| numeric(i) && !id_like(&schema.columns[i].name) && !super::catalog::plain_years(&schema.columns[i], table, i))
        .collect();
    if measures.len() < MIN_MEMBERS {
        return None;
    }
    let values: Vec<Vec<f64>> = measures.iter().map(|&i| numbers(table, i, comma(i))).collect::<Option<_>>()?;
    // A column equal to the others' sum in every row is their total, not one of them.
    let total = (0..measures.len()).find(|&t| {
        let others: Vec<usize> = (0..measures.len()).filter(|&o| o != t).collect();
        others.len() >= MIN_MEMBERS
            && values.iter().all(|v| v.len() == n)
            && (0..n)
                .all(|r| (others.iter().map(|&o| values[o][r]).sum::<f64>() - values[t][r]).abs() <= 1e-6 * values[t][r].abs().max(1.0))
    });
    // "Annual" beside twelve months: a column named for an average that is the others' mean in
    // nearly every row (published rounded) sums them up the same way.
    let total = total.or_else(|| {
        (0..measures.len()).find(|&t| {
            let others: Vec<usize> = (0..measures.len()).filter(|&o| o != t).collect();
            let named = super::text::name_words(&schema.columns[measures[t]].name).iter().any(|w| MEAN_NAMES.contains(&w.as_str()));
            let near = (0..n)
                .filter(|&r| {
                    let xs: Vec<f64> = others.iter().filter_map(|&o| values[o].get(r).copied()).collect();
                    let Some(&v) = values[t].get(r) else { return false };
                    xs.len() == others.len() && (xs.iter().sum::<f64>() / xs.len() as f64 - v).abs() <= (0.01 * v.abs()).max(0.06)
                })
                .count();
            named && others.len() >= MIN_MEMBERS && near * 10 >= n * 9
        })
    });
    let members: Vec<usize> = (0..measures.len()).filter(|&m| Some(m) != total).collect();
    let ty = schema.columns[measures[members[0]]].ty;
    if members.iter().any(|&m| schema.columns[measures[m]].ty != ty) {
        return None;
    }
    let spreads: Vec<(f64, f64)> = members.iter().map(|&m| spread(values[m].clone())).collect::<Option<_>>()?;
    // Percentages reach well past the scale of small measurements (iris' 0.1–7.9 cm are no percentages).
    let percent = members.iter().all(|&m| values[m].iter().all(|v| (0.0..=100.0).contains(v)))
        && members.iter().any(|&m| values[m].iter().any(|&v| v > 50.0));
    let within = |a: f64, b: f64| a > 0.0 && b > 0.0 && a.max(b) / a.min(b) <= SCALE;
    let like = spreads.iter().all(|s| spreads.iter().all(|t| within(s.0, t.0) && within(s.1, t.1)));
    let kind = if like {
        SeriesKind::Like
    } else if percent {
        SeriesKind::Percent
    } else {
        return None;
    };
    let members: Vec<usize> = members.into_iter().map(|m| measures[m]).collect();
    fits(n, members.len()).then_some(Series { members, kind, total: total.map(|t| measures[t]) })
}

fn fits(rows: usize, members: usize) -> bool {
    rows.saturating_mul(members) <= MAX_CELLS && (members as i64) < STRIDE
}

/// Melts the series into a long view: the other columns (the total too), then the member's name
/// and its value, one row per wide row and member, in the wide rows' order.
pub fn melt(table: &Table, series: &Series) -> LongView {
    let keep: Vec<usize> = (0..table.columns.len()).filter(|i| !series.members.contains(i)).collect();
    let taken = |name: &str| table.columns.iter().any(|c| c.name().eq_ignore_ascii_case(name));
    let key = match series.kind {
        SeriesKind::Years if !taken("year") => "year".to_string(),
        _ if !taken(KEY) => KEY.to_string(),
        _ => format!("{KEY} (series)"),
    };
    let value = if taken(VALUE) { format!("{VALUE} (series)") } else { VALUE.to_string() };
    let mut columns: Vec<ColumnHeader> = keep.iter().map(|&i| table.columns[i].clone()).collect();
    columns.push(ColumnHeader::single(key.clone()));
    columns.push(ColumnHeader::single(value.clone()));
    let mut rows = Vec::with_capacity(table.rows.len() * series.members.len());
    let mut numbers = Vec::with_capacity(rows.capacity());
    for (r, row) in table.rows.iter().enumerate() {
        for (k, &m) in series.members.iter().enumerate() {
            let mut out: Vec<Value> = keep.iter().map(|&i| row.get(i).cloned().unwrap_or(Value::Null)).collect();
            out.push(Value::Text(table.columns[m].name()));
            out.push(row.get(m).cloned().unwrap_or(Value::Null));
            rows.push(out);
            numbers.push((r as i64 + 1) * STRIDE + k as i64);
        }
    }
    let long = Table {
        name: format!("{} (long)", table.name),
        file: table.file.clone(),
        columns,
        rows,
        context: table.context.clone(),
        transposed: false,
        transpose_suggested: false,
    };
    LongView { table: long, rows: numbers, key, value, kind: series.kind }
}

/// Words that name a series' columns in any table, in the four languages (folded).
const COLUMN_WORDS: &[&str] = &[
    "column",
    "columns",
    "field",
    "fields",
    "series",
    "variable",
    "variables",
    "columna",
    "columnas",
    "campo",
    "campos",
    "serie",
    "columnes",
    "camp",
    "camps",
    "spalte",
    "spalten",
    "feld",
    "felder",
    "reihe",
    "reihen",
];

/// Words that name a value of a series (folded).
const VALUE_WORDS: &[&str] = &[
    "value",
    "values",
    "valor",
    "valores",
    "valors",
    "wert",
    "werte",
    "score",
    "scores",
    "puntuacion",
    "puntuaciones",
    "puntuacio",
    "puntuacions",
    "punktzahl",
    "punktzahlen",
    "figure",
    "figures",
    "reading",
    "readings",
];

/// Names of a column that averages the others (folded words).
const MEAN_NAMES: &[&str] = &[
    "annual",
    "average",
    "mean",
    "avg",
    "yearly",
    "year",
    "promedio",
    "media",
    "anual",
    "mitjana",
    "durchschnitt",
    "jahr",
    "jahresmittel",
];

/// Nouns for the one measure of a series over periods ("the rate in October 2009", "die Quote").
const MEASURE_WORDS: &[&str] = &[
    "rate", "rates", "level", "levels", "tasa", "tasas", "taxa", "taxes", "nivel", "niveles", "nivell", "nivells", "quote", "quoten",
    "stand",
];

/// Words for a percentage: the value of a series of percentages.
const PERCENT_WORDS: &[&str] = &[
    "percent",
    "percentage",
    "percentages",
    "share",
    "proportion",
    "porcentaje",
    "porcentajes",
    "percentatge",
    "percentatges",
    "proporcion",
    "proporcio",
    "anteil",
    "prozent",
    "prozentsatz",
];

/// Which of the view's two fields a question word names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Names {
    Key,
    Value,
}

/// A word that names the key (a word for a column) or the value (a word for a value; a word for a
/// percentage in a series of percentages), whatever else it means in a question about a table.
pub fn word_names(kind: SeriesKind, folded: &str) -> Option<Names> {
    if kind != SeriesKind::Years && COLUMN_WORDS.contains(&folded) {
        Some(Names::Key)
    } else if VALUE_WORDS.contains(&folded) || (kind == SeriesKind::Percent && PERCENT_WORDS.contains(&folded)) {
        Some(Names::Value)
    } else {
        None
    }
}

/// The parser's catalog of a long view: the wide table's row nouns, the key named by the words for
/// a column (and a year for year columns), the value by the words for a value and by the text
/// every wide row shares ("Fertility rate, total (births per woman)" names what the numbers are).
pub fn catalog(
    view: &LongView,
    schema: &TableSchema,
    wide: &super::Catalog,
    wide_table: &Table,
    desc: &crate::description::DatasetDescription,
) -> super::Catalog {
    use super::text::fold_words;
    let mut cat = super::Catalog::build(&view.table, schema, desc);
    cat.table = view.table.name.clone();
    cat.row_stride = STRIDE as u64;
    // A long view's rows are wide row × member: no row comes "before" another in time (the last
    // fields, so dropping them keeps every other field's index).
    cat.fields.retain(|f| !f.is_change());
    cat.aliases = wide.aliases.clone();
    cat.head_noun = wide.head_noun.clone();
    let (Some(k), Some(v)) = (cat.field(&view.key), cat.field(&view.value)) else { return cat };
    let mut add = |f: usize, words: &[&str]| {
        for w in words {
            let n = fold_words(w);
            if !n.is_empty() && !cat.fields[f].names.contains(&n) {
                cat.fields[f].names.push(n);
            }
        }
    };
    if view.kind != SeriesKind::Years {
        add(k, COLUMN_WORDS);
        // "stocks.csv": a one-word file name names what its columns are.
        let stem = super::text::name_words(&wide_table.name);
        if let [one] = stem.as_slice() {
            add(k, &[one.as_str(), one.trim_end_matches('s')]);
        }
    }
    // JAN … DEC, "January" … : a series of months is asked about by "which month".
    let members: Vec<&str> = cat.values.iter().filter(|(_, hs)| hs.iter().any(|h| h.field == k)).map(|(key, _)| key.as_str()).collect();
    let months = members.len() >= 3 && members.iter().all(|m| super::lang::names_month(m));
    if months {
        add(k, super::lang::MONTH_NOUNS);
    }
    add(v, VALUE_WORDS);
    // "unemployment1948.csv" with a column per month: the file names what the numbers are, and
    // "the unemployment rate" asks for them; a file named for its columns ("stocks") is the key above.
    if months || view.kind == SeriesKind::Years {
        let words: Vec<String> =
            super::text::file_words(&wide_table.name).into_iter().filter(|w| w.len() >= 4 && w.chars().all(char::is_alphabetic)).collect();
        if !words.is_empty() {
            let head = words.join(" ");
            add(v, &[head.as_str()]);
            for m in MEASURE_WORDS {
                add(v, &[format!("{head} {m}").as_str()]);
            }
            // "desempleo", "Arbeitslosenquote": the file's words as a visitor writes them in es, ca, de.
            let other: Vec<String> = super::catalog::glossary_names(&words).iter().map(|n| n.join(" ")).collect();
            add(v, &other.iter().map(String::as_str).collect::<Vec<_>>());
        }
        add(v, MEASURE_WORDS);
    }
    if view.kind == SeriesKind::Percent {
        add(v, PERCENT_WORDS);
    }
    // A text every row shares names the numbers: its words before any comma or parenthesis.
    for (i, f) in wide.fields.iter().enumerate() {
        if f.ty != ColumnType::Text || f.distinct != 1 || f.composed.is_some() {
            continue;
        }
        let Some(text) = wide.values.values().flatten().find(|h| h.field == i).map(|h| h.value.clone()) else { continue };
        let head = text.split([',', '(', ';']).next().unwrap_or_default();
        let words = fold_words(head);
        if (2..=4).contains(&words.len()) && words.iter().all(|w| w.chars().all(char::is_alphabetic)) {
            let other: Vec<String> = super::catalog::glossary_names(&words).iter().map(|n| n.join(" ")).collect();
            add(v, &[head]);
            add(v, &other.iter().map(String::as_str).collect::<Vec<_>>());
        }
    }
    // Rows are still named as in the wide table; the key repeats, so it groups rather than names.
    cat.label = wide.label.and_then(|l| cat.field(&wide.fields[l].name));
    // A code column is named as in the wide table ("state" names the rows there, not STATE_FIPS).
    for f in cat.fields.iter_mut().filter(|f| f.ty == ColumnType::Identifier) {
        if let Some(w) = wide.fields.iter().find(|w| w.name == f.name) {
            f.names = w.names.clone();
        }
    }
    cat
}

/// Whether a plan read from the long view answers the question the wide table was asked: every
/// long row is one wide row's cell, so counts and sums of the wide columns repeat each wide row
/// once per member, and a list may name one member (or one wide row) many times.
pub fn answers_rightly(plan: &super::Plan, cat: &super::Catalog, view: &LongView) -> bool {
    use super::plan::{AggFn, CmpOp, Filter, Plan, Predicate};
    let key = view.key.as_str();
    let value = view.value.as_str();
    // Only conditions every row must meet (the top level of an And) that pin one value: `=`, or
    // a year of a date (which pins one member only when the key is that year).
    let pinned = |f: Option<&Filter>| -> Vec<String> {
        let top: Vec<&Filter> = match f {
            Some(Filter::And(v)) => v.iter().collect(),
            Some(f @ Filter::Cond { .. }) => vec![f],
            _ => Vec::new(),
        };
        top.into_iter()
            .filter_map(|c| match c {
                Filter::Cond { field, pred: Predicate::Cmp(CmpOp::Eq, _), negated: false } => Some(field.0.clone()),
                Filter::Cond { field, pred: Predicate::Year(_), negated: false } if field.0 == key => Some(field.0.clone()),
                _ => None,
            })
            .collect()
    };
    // One member: each long row is then one wide row.
    let one_member = |f: Option<&Filter>| pinned(f).iter().any(|n| n == key);
    // One wide row: a value of a field that differs in every wide row (a date, a name).
    let members = cat.field(key).map_or(1, |k| cat.fields[k].distinct.max(1));
    let one_row = |f: Option<&Filter>| {
        pinned(f)
            .iter()
            .any(|n| n != key && n != value && cat.field(n).is_some_and(|i| cat.fields[i].distinct.saturating_mul(members) >= cat.rows))
    };
    let spread_free = |func: AggFn, field: Option<&str>| match func {
        AggFn::Avg | AggFn::Min | AggFn::Max | AggFn::Median | AggFn::Range => true,
        AggFn::Sum => field == Some(value),
        AggFn::Count => false,
    };
    let cell_of = |field: &str, f: Option<&Filter>| match field {
        f_ if f_ == value => one_member(f) && one_row(f),
        f_ if f_ == key => one_row(f),
        _ => true,
    };
    match plan {
        Plan::Check { inner, .. } | Plan::Nth { inner, .. } => answers_rightly(inner, cat, view),
        Plan::Each { parts } => parts.iter().all(|p| answers_rightly(p, cat, view)),
        Plan::DistinctCount { .. } | Plan::DistinctValues { .. } => true,
        // A cell of the view is one member of one wide row; any other field repeats per member.
        Plan::Lookup { field, key: k } => cell_of(&field.0, Some(k)),
        Plan::LookupFields { fields, key: k } => fields.iter().all(|f| cell_of(&f.0, Some(k))),
        // "Which stock hit the lowest value?" names one row; more rows may repeat a member or a wide row.
        // Members named by the ranking of a field of the wide row (its year) all tie: only the value ranks them.
        Plan::Rank { field, label, .. } if label.as_ref().is_some_and(|l| l.0 == key) && field.0 != value => false,
        Plan::Rank { n, label, filter, .. } => {
            *n == 1 || one_member(filter.as_ref()) || (label.as_ref().is_some_and(|l| l.0 == key) && one_row(filter.as_ref()))
        }
        Plan::Aggregate { func, field, filter } => spread_free(*func, Some(&field.0)) || one_member(filter.as_ref()),
        Plan::Group { func, field, filter, .. }
        | Plan::GroupTop { func, field, filter, .. }
        | Plan::GroupWhere { func, field, filter, .. } => {
            spread_free(*func, field.as_ref().map(|f| f.0.as_str())) || one_member(filter.as_ref())
        }
        Plan::Compare { measure, filter, field, .. } => match measure {
            // "in Spain and Portugal in 2011": each value compared names one wide row, the year one member.
            Some(m) => {
                m.func.is_some_and(|f| spread_free(f, Some(&m.field.0)))
                    || (m.func.is_none()
                        && (one_row(filter.as_ref())
                            || (m.field.0 == value
                                && one_member(filter.as_ref())
                                && field.0 != key
                                && cat.field(&field.0).is_some_and(|i| cat.fields[i].distinct.saturating_mul(members) >= cat.rows))))
            }
            None => field.0 != key && one_member(filter.as_ref()),
        },
        Plan::List { filter, label } => match label {
            Some(l) if l.0 == key => one_row(filter.as_ref()),
            _ => one_member(filter.as_ref()),
        },
        Plan::Count { filter } | Plan::Frequent { filter, .. } | Plan::Distribution { filter, .. } | Plan::Scatter { filter, .. } => {
            one_member(filter.as_ref())
        }
        Plan::Share { base, .. } => one_member(base.as_ref()),
        Plan::Columns | Plan::ColumnStats { .. } => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(csv: &str) -> (Table, TableSchema) {
        let up = crate::ingest::load(&[crate::ingest::SourceFile { name: "t.csv", bytes: csv.as_bytes() }]);
        let t = up.tables.into_iter().next().expect("one table");
        let s = crate::schema::infer_table(&t);
        (t, s)
    }

    #[test]
    fn year_columns_are_a_series() {
        let (t, s) = load("Country,Code,1960,1961,1962\nSpain,ESP,2.8,2.7,2.9\nNiger,NER,7.4,7.4,7.5\n");
        let series = find(&t, &s).expect("a series");
        assert_eq!(series.kind, SeriesKind::Years);
        assert_eq!(series.members, vec![2, 3, 4]);
        let v = melt(&t, &series);
        assert_eq!(v.key, "year");
        assert_eq!(v.table.rows.len(), 6);
        assert_eq!(v.rows, vec![STRIDE, STRIDE + 1, STRIDE + 2, 2 * STRIDE, 2 * STRIDE + 1, 2 * STRIDE + 2]);
        assert_eq!(
            v.table.rows[4],
            vec![Value::Text("Niger".into()), Value::Text("NER".into()), Value::Text("1961".into()), Value::Text("7.4".into())]
        );
    }

    #[test]
    fn votes_per_candidate_without_their_total() {
        let (t, s) =
            load("district,Ann,Bob,Cy,total,district_id\nNorth,100,150,120,370,1\nSouth,90,200,110,400,2\nEast,130,120,140,390,3\n");
        let series = find(&t, &s).expect("a series");
        assert_eq!(series.kind, SeriesKind::Like);
        assert_eq!(series.members, vec![1, 2, 3]);
        assert_eq!(series.total, Some(4));
        assert_eq!(melt(&t, &series).table.column_names(), vec!["district", "total", "district_id", "column", "value"]);
    }

    #[test]
    fn unlike_measures_are_no_series() {
        // Bills, tips and party sizes are three different things on three scales.
        let (t, s) = load("total_bill,tip,size,day\n16.99,1.01,2,Sun\n10.34,1.66,3,Sun\n21.01,3.5,3,Sat\n");
        assert_eq!(find(&t, &s), None);
        let (t, s) = load("sepal_length,sepal_width,petal_length,petal_width,species\n5.1,3.5,1.4,0.2,setosa\n7.0,3.2,4.7,1.4,versicolor\n6.3,3.3,6.0,2.5,virginica\n");
        assert_eq!(find(&t, &s), None);
        let (t, s) =
            load("firm,year,invest,value,capital\nGM,1935,317.6,3078.5,2.8\nGM,1936,391.8,4661.7,52.6\nUS,1935,209.9,1362.4,53.8\n");
        assert_eq!(find(&t, &s), None);
    }
}
