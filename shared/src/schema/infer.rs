//! Type inference over a column's values, plus the adaptive categorical rule.

use rustc_hash::FxHashMap as HashMap;

use super::types::{ColumnSchema, ColumnType, DateGranularity, DateOrder, Shape, TableSchema, Unit, ValueFormat};
use super::values::{is_missing, parse_bool, parse_date, parse_number, reveals_order};
use crate::table::{Table, Value};

/// Counts gathered while typing a column; exposed for callers that report them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ColumnStats {
    pub non_missing: u64,
    pub missing: u64,
    pub distinct: u64,
}

/// Infers every column of a table.
pub fn infer_table(table: &Table) -> TableSchema {
    let columns = table
        .columns
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let cells: Vec<&Value> = table.rows.iter().map(|r| r.get(i).unwrap_or(&Value::Null)).collect();
            infer_column(&h.name(), h.path.clone(), &cells)
        })
        .collect();
    TableSchema { name: table.name.clone(), file: table.file.clone(), rows: table.rows.len() as u64, columns }
}

/// Infers one column (or one nested field) from its cells.
pub fn infer_column(name: &str, path: Vec<String>, cells: &[&Value]) -> ColumnSchema {
    let nested = cells.iter().filter(|v| matches!(v, Value::List(_) | Value::Object(_))).count();
    let scalars = cells.iter().filter(|v| matches!(v, Value::Text(_))).count();
    if nested > 0 && nested >= scalars {
        return infer_nested(name, path, cells);
    }
    let texts: Vec<Option<&str>> = cells
        .iter()
        .map(|v| match v {
            Value::Text(s) if !is_missing(s) => Some(s.trim()),
            _ => None,
        })
        .collect();
    infer_scalar(name, path, &texts)
}

fn infer_scalar(name: &str, path: Vec<String>, texts: &[Option<&str>]) -> ColumnSchema {
    let present: Vec<&str> = texts.iter().flatten().copied().collect();
    let missing = (texts.len() - present.len()) as u64;
    let mut counts: HashMap<&str, u32> = HashMap::default();
    let mut samples = Vec::new();
    for v in &present {
        let c = counts.entry(v).or_insert(0);
        if *c == 0 && samples.len() < 5 {
            samples.push(v.to_string());
        }
        *c += 1;
    }
    let distinct = counts.len() as u64;
    let n = present.len();
    let (ty, format) = if n == 0 { (ColumnType::Text, ValueFormat::Plain) } else { detect_type(name, &present, &counts) };
    let ty = if ty_can_be_identifier(ty) && is_identifier(name, &present, distinct, missing) { ColumnType::Identifier } else { ty };
    let categorical = is_categorical(ty, n as u64, distinct);
    ColumnSchema {
        name: name.to_string(),
        path,
        ty,
        categorical,
        distinct,
        missing,
        shape: Shape::Scalar,
        format,
        samples,
        fields: Vec::new(),
    }
}

/// Values that do not fit the majority type: none in small columns, under 1 % in large ones.
fn tolerated(n: usize) -> usize {
    if n < 100 {
        0
    } else {
        n / 100
    }
}

fn detect_type(name: &str, present: &[&str], counts: &HashMap<&str, u32>) -> (ColumnType, ValueFormat) {
    let n = present.len();
    let slack = tolerated(n);
    // Booleans: one vocabulary, at most two spellings; 0/1 only when both occur and nothing else.
    if counts.len() <= 2 {
        let keys: Vec<&str> = counts.keys().copied().collect();
        let parsed: Vec<Option<bool>> = keys.iter().map(|k| parse_bool(k)).collect();
        let numeric01 = keys.iter().all(|k| *k == "0" || *k == "1");
        let ok = parsed.iter().all(Option::is_some) && (!numeric01 || keys.len() == 2) && !(keys.len() == 2 && parsed[0] == parsed[1]);
        if ok {
            let truthy = keys.iter().zip(&parsed).find(|(_, p)| **p == Some(true)).map(|(k, _)| k.to_string());
            let falsy = keys.iter().zip(&parsed).find(|(_, p)| **p == Some(false)).map(|(k, _)| k.to_string());
            return (
                ColumnType::Boolean,
                ValueFormat::Boolean { truthy: truthy.unwrap_or_else(|| "yes".into()), falsy: falsy.unwrap_or_else(|| "no".into()) },
            );
        }
    }
    // "date: 19580329": eight digits in a column named for dates are days, not numbers.
    if date_named(name) && present.iter().filter(|v| super::values::compact_day(v).is_some()).count() + slack >= n {
        return (ColumnType::Date, ValueFormat::Date { granularity: DateGranularity::Day, order: DateOrder::Compact });
    }
    // Numbers: try both decimal conventions, keep the one that reads more values (dot on ties).
    let score = |comma: bool| {
        let mut ok = 0usize;
        let mut fractional = false;
        let mut unit: Option<Unit> = None;
        let mut unit_consistent = true;
        for v in present {
            if let Some(num) = parse_number(v, comma) {
                ok += 1;
                fractional |= num.fractional;
                match (&unit, &num.unit) {
                    (None, Some(u)) if ok == 1 || unit_consistent => unit = Some(u.clone()),
                    (Some(a), Some(b)) if a != b => unit_consistent = false,
                    _ => {}
                }
            }
        }
        (ok, fractional, if unit_consistent { unit } else { None })
    };
    let dot = score(false);
    let comma = score(true);
    let (best, decimal_comma) = if comma.0 > dot.0 { (comma, true) } else { (dot, false) };
    if best.0 + slack >= n && best.0 > 0 {
        let (_, fractional, unit) = best;
        if !fractional && unit.is_none() && year_like(name, present) {
            return (ColumnType::Date, ValueFormat::Date { granularity: DateGranularity::Year, order: DateOrder::YearFirst });
        }
        let ty = if fractional || unit.is_some() { ColumnType::Decimal } else { ColumnType::Integer };
        return (ty, ValueFormat::Number { decimal_comma, unit });
    }
    // Dates: the day/month order comes from values that reveal it (a part above 12).
    let mut order = None;
    for v in present {
        match (order, reveals_order(v)) {
            (None, Some(o)) => order = Some(o),
            (Some(a), Some(b)) if a != b => {
                order = None;
                break;
            }
            _ => {}
        }
    }
    let order = order.unwrap_or(DateOrder::DayMonth);
    let mut ok = 0usize;
    let mut finest = DateGranularity::Year;
    // Full dates that are all the 1st (of January) are months (years) written as days.
    let (mut all_first, mut all_january) = (true, true);
    for v in present {
        if let Some(d) = parse_date(v, order) {
            ok += 1;
            finest = finer(finest, d.granularity);
            if d.granularity == DateGranularity::Day {
                use chrono::Datelike;
                all_first &= d.date.day() == 1;
                all_january &= d.date.month() == 1;
            }
        }
    }
    if finest == DateGranularity::Day && all_first && ok >= 3 {
        finest = if all_january { DateGranularity::Year } else { DateGranularity::Month };
    }
    if ok + slack >= n && ok > 0 {
        let ty = if finest == DateGranularity::Time { ColumnType::Datetime } else { ColumnType::Date };
        return (ty, ValueFormat::Date { granularity: finest, order });
    }
    (ColumnType::Text, ValueFormat::Plain)
}

/// A column name with a word for a date or day in one of the four languages.
fn date_named(name: &str) -> bool {
    name_tokens(name)
        .iter()
        .any(|t| matches!(t.to_lowercase().as_str(), "date" | "day" | "fecha" | "dia" | "data" | "datum" | "tag" | "dt"))
}

fn finer(a: DateGranularity, b: DateGranularity) -> DateGranularity {
    let rank = |g| match g {
        DateGranularity::Year => 0,
        DateGranularity::Quarter => 1,
        DateGranularity::Month => 2,
        DateGranularity::Day => 3,
        DateGranularity::Time => 4,
    };
    if rank(b) > rank(a) {
        b
    } else {
        a
    }
}

/// Words in a column name, split on punctuation and camelCase, lower-cased.
pub fn name_tokens(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for ch in name.chars() {
        if !ch.is_alphanumeric() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur).to_lowercase());
            }
            prev_lower = false;
            continue;
        }
        if ch.is_uppercase() && prev_lower && !cur.is_empty() {
            out.push(std::mem::take(&mut cur).to_lowercase());
        }
        prev_lower = ch.is_lowercase() || ch.is_ascii_digit();
        cur.push(ch);
    }
    if !cur.is_empty() {
        out.push(cur.to_lowercase());
    }
    out
}

/// A whole-number column named like a year ("Year", "Jahr", "año", "fiscal_year") with plausible years.
fn year_like(name: &str, present: &[&str]) -> bool {
    let hint =
        name_tokens(name).iter().any(|t| matches!(t.as_str(), "year" | "yr" | "jahr" | "año" | "any" | "anno" | "année" | "ejercicio"));
    hint && present.iter().all(|v| v.len() == 4 && v.parse::<u32>().is_ok_and(|y| (1000..=2999).contains(&y)))
}

fn ty_can_be_identifier(ty: ColumnType) -> bool {
    matches!(ty, ColumnType::Integer | ColumnType::Text)
}

/// Unique per row with no gaps, and either named like a key or shaped like a code ("AB-123", "u_17").
fn is_identifier(name: &str, present: &[&str], distinct: u64, missing: u64) -> bool {
    let n = present.len() as u64;
    if n < 2 || missing > 0 || distinct != n {
        return false;
    }
    let tokens = name_tokens(name);
    let named = tokens.iter().any(|t| {
        matches!(
            t.as_str(),
            "id" | "ids"
                | "key"
                | "code"
                | "nr"
                | "no"
                | "num"
                | "number"
                | "uuid"
                | "guid"
                | "isbn"
                | "doi"
                | "matr"
                | "ident"
                | "identifier"
                | "slug"
                | "sku"
                | "iata"
                | "icao"
                | "fips"
                | "geoid"
        )
    }) || name.to_lowercase().ends_with("id");
    if named {
        return true;
    }
    // Codes: one token each, mixing letters and digits (names like "Ada Colau" stay text).
    present.iter().all(|v| {
        !v.contains(char::is_whitespace) && v.len() <= 64 && v.chars().any(|c| c.is_ascii_digit()) && v.chars().any(|c| c.is_alphabetic())
    })
}

/// The adaptive categorical rule (documented in docs/decisions.md).
///
/// With n non-missing values and d distinct ones, a column is categorical when each value repeats
/// on average (d ≤ n/2) and d grows slower than the table: d ≤ 2·√n for text, d ≤ √n for integers
/// (so "rating 1–5" is categorical and "age" is not). Booleans always are; decimals, dates and
/// identifiers never are.
pub fn is_categorical(ty: ColumnType, n: u64, distinct: u64) -> bool {
    if n == 0 || distinct == 0 {
        return false;
    }
    let root = (n as f64).sqrt();
    match ty {
        ColumnType::Boolean => true,
        ColumnType::Text => n >= 4 && distinct * 2 <= n && (distinct as f64) <= 2.0 * root,
        ColumnType::Integer => n >= 4 && distinct * 2 <= n && (distinct as f64) <= root,
        _ => false,
    }
}

fn infer_nested(name: &str, path: Vec<String>, cells: &[&Value]) -> ColumnSchema {
    let mut missing = 0u64;
    let mut distinct: HashMap<String, ()> = HashMap::default();
    let mut items: Vec<&Value> = Vec::new();
    let mut objects: Vec<&Value> = Vec::new();
    let mut lists = 0usize;
    for v in cells {
        match v {
            Value::Null => missing += 1,
            Value::List(l) if l.is_empty() => missing += 1,
            Value::List(l) => {
                lists += 1;
                items.extend(l.iter());
            }
            Value::Object(_) => objects.push(v),
            Value::Text(s) if is_missing(s) => missing += 1,
            Value::Text(_) => items.push(v),
        }
        if !matches!(v, Value::Null) {
            distinct.insert(serde_json::to_string(v).unwrap_or_default(), ());
        }
    }
    let mut samples: Vec<String> = Vec::new();
    for v in cells.iter().filter(|v| !matches!(v, Value::Null)) {
        let s = serde_json::to_string(v).unwrap_or_default();
        if !samples.contains(&s) && samples.len() < 3 {
            samples.push(s);
        }
    }
    let (shape, fields, ty, format) = if lists >= objects.len() {
        let object_items: Vec<&Value> = items.iter().copied().filter(|v| matches!(v, Value::Object(_))).collect();
        if object_items.len() * 2 >= items.len() && !object_items.is_empty() {
            (Shape::ListOfObjects, infer_fields(&object_items), ColumnType::Text, ValueFormat::Plain)
        } else {
            let inner = infer_column(name, path.clone(), &items);
            (Shape::List, inner.fields, inner.ty, inner.format)
        }
    } else {
        (Shape::Object, infer_fields(&objects), ColumnType::Text, ValueFormat::Plain)
    };
    ColumnSchema {
        name: name.to_string(),
        path,
        ty,
        categorical: false,
        distinct: distinct.len() as u64,
        missing,
        shape,
        format,
        samples,
        fields,
    }
}

/// Fields of a set of objects: the union of their keys in first-seen order.
fn infer_fields(objects: &[&Value]) -> Vec<ColumnSchema> {
    let mut keys: indexmap::IndexSet<&str> = indexmap::IndexSet::new();
    for o in objects {
        if let Value::Object(m) = o {
            keys.extend(m.keys().map(String::as_str));
        }
    }
    keys.into_iter()
        .map(|k| {
            let cells: Vec<&Value> = objects
                .iter()
                .map(|o| match o {
                    Value::Object(m) => m.get(k).unwrap_or(&Value::Null),
                    _ => &Value::Null,
                })
                .collect();
            infer_column(k, vec![k.to_string()], &cells)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn col(name: &str, vals: &[&str]) -> ColumnSchema {
        let owned: Vec<Value> = vals.iter().map(|v| Value::Text(v.to_string())).collect();
        let refs: Vec<&Value> = owned.iter().collect();
        infer_column(name, vec![name.into()], &refs)
    }

    #[test]
    fn dates_on_the_first_are_years_or_months_and_are_written_so() {
        use crate::schema::values::format_value;
        let years = col("year", &["2001-01-01", "2002-01-01", "2010-01-01"]);
        assert!(matches!(years.format, ValueFormat::Date { granularity: DateGranularity::Year, .. }));
        assert_eq!(format_value(&years, "2010-01-01"), "2010");
        let months = col("month", &["2001-01-01", "2001-02-01", "2001-03-01"]);
        assert!(matches!(months.format, ValueFormat::Date { granularity: DateGranularity::Month, .. }));
        assert_eq!(format_value(&months, "2001-02-01"), "February 2001");
        let days = col("day", &["2001-01-01", "2001-01-02", "2001-03-01"]);
        assert!(matches!(days.format, ValueFormat::Date { granularity: DateGranularity::Day, .. }));
        assert_eq!(format_value(&days, "2001-01-02"), "2 January 2001");
    }

    #[test]
    fn types_of_common_columns() {
        assert_eq!(col("n", &["1", "2", "3"]).ty, ColumnType::Integer);
        assert_eq!(col("x", &["1.5", "2", "-3.25"]).ty, ColumnType::Decimal);
        let c = col("amount", &["1.234,5", "12,0", "3.000,25"]);
        assert_eq!(c.ty, ColumnType::Decimal);
        assert_eq!(c.format, ValueFormat::Number { decimal_comma: true, unit: None });
        assert_eq!(col("share", &["12%", "3.5%", "100%"]).ty, ColumnType::Decimal);
        assert_eq!(col("member", &["yes", "no", "yes", ""]).ty, ColumnType::Boolean);
        assert_eq!(col("flag", &["0", "1", "1", "0"]).ty, ColumnType::Boolean);
        assert_eq!(col("count", &["1", "1", "1"]).ty, ColumnType::Integer);
        assert_eq!(col("d", &["2020-01-02", "2021-12-31"]).ty, ColumnType::Date);
        assert_eq!(
            col("d", &["31/01/2020", "01/02/2020"]).format,
            ValueFormat::Date { granularity: DateGranularity::Day, order: DateOrder::DayMonth }
        );
        assert_eq!(
            col("d", &["01/31/2020", "02/01/2020"]).format,
            ValueFormat::Date { granularity: DateGranularity::Day, order: DateOrder::MonthDay }
        );
        assert_eq!(col("when", &["2020-01-02 10:00", "2021-12-31T23:59:59"]).ty, ColumnType::Datetime);
        assert_eq!(col("q", &["2023:Q2", "2023:Q3"]).ty, ColumnType::Date);
        assert_eq!(col("Year", &["1999", "2004"]).ty, ColumnType::Date);
        assert_eq!(col("population", &["1999", "2004"]).ty, ColumnType::Integer);
        assert_eq!(col("student_id", &["1", "2", "3"]).ty, ColumnType::Identifier);
        assert_eq!(col("code", &["AB12", "CD34", "EF56"]).ty, ColumnType::Identifier);
        assert_eq!(col("name", &["Ada Colau", "Jaume Collboni"]).ty, ColumnType::Text);
        let m = col("x", &["1", "NA", "-", "", "2"]);
        assert_eq!((m.ty, m.missing), (ColumnType::Integer, 3));
    }

    #[test]
    fn categorical_rule_adapts_to_size() {
        assert!(is_categorical(ColumnType::Text, 100, 5));
        assert!(!is_categorical(ColumnType::Text, 100, 30));
        assert!(is_categorical(ColumnType::Text, 10_000, 150));
        assert!(!is_categorical(ColumnType::Text, 3, 1));
        assert!(is_categorical(ColumnType::Integer, 1000, 5));
        assert!(!is_categorical(ColumnType::Integer, 1000, 60));
        assert!(!is_categorical(ColumnType::Decimal, 1000, 5));
    }

    #[test]
    fn nested_lists_of_objects_get_fields() {
        let v: Value = serde_json::from_str(r#"[{"Building":"A","Room":1},{"Building":"B","Room":2}]"#).unwrap();
        let w: Value = serde_json::from_str(r#"[{"Building":"C","Room":3,"Floor":"2"}]"#).unwrap();
        let c = infer_column("Building", vec!["Building".into()], &[&v, &w, &Value::Null]);
        assert_eq!(c.shape, Shape::ListOfObjects);
        let names: Vec<&str> = c.fields.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["Building", "Room", "Floor"]);
        assert_eq!(c.fields[1].ty, ColumnType::Integer);
        assert_eq!(c.missing, 1);
    }
}
