//! Reading cell text as numbers, dates and booleans, and writing values back for sentences.
//!
//! Hand-written because no crate reads the mix research tables contain ("1.234,5", "€12", "2023:Q2",
//! "März 2025", "ja"/"nein") with per-column conventions; chrono does the calendar arithmetic.

use std::borrow::Cow;

use chrono::{NaiveDate, NaiveTime};

use super::types::{ColumnSchema, ColumnType, DateGranularity, DateOrder, Unit, ValueFormat};

/// Missing-value markers seen in research tables.
pub fn is_missing(raw: &str) -> bool {
    let t = raw.trim();
    t.is_empty()
        || matches!(
            t,
            "NA" | "N/A"
                | "n/a"
                | "na"
                | "N.A."
                | "-"
                | "--"
                | "—"
                | "–"
                | "null"
                | "NULL"
                | "Null"
                | "None"
                | "none"
                | "NaN"
                | "nan"
                | ".."
                | "..."
                | "?"
                | "#N/A"
        )
}

// ---------------------------------------------------------------- numbers

/// A number read from text with the unit written around it.
#[derive(Clone, Debug, PartialEq)]
pub struct Number {
    pub value: f64,
    /// The source wrote a decimal separator or exponent (so it is not an integer literal).
    pub fractional: bool,
    pub unit: Option<Unit>,
}

const CURRENCY_SIGNS: &[&str] = &["$", "€", "£", "¥", "₹", "₩", "₽", "CHF", "USD", "EUR", "GBP", "JPY"];

/// Parses "1,234.5", "1.234,5" (with `decimal_comma`), "12.5%", "$1,200", "-3", "1e6", "1 234,5".
pub fn parse_number(raw: &str, decimal_comma: bool) -> Option<Number> {
    let mut s = raw.trim();
    if s.is_empty() {
        return None;
    }
    let mut unit = None;
    if let Some(rest) = s.strip_suffix('%') {
        unit = Some(Unit::Percent);
        s = rest.trim_end();
    }
    let mut negative = false;
    if let Some(rest) = s.strip_prefix('-').or_else(|| s.strip_prefix('−')) {
        negative = true;
        s = rest.trim_start();
    } else if let Some(rest) = s.strip_prefix('+') {
        s = rest.trim_start();
    }
    if unit.is_none() {
        for sign in CURRENCY_SIGNS {
            if let Some(rest) = s.strip_prefix(sign) {
                unit = Some(Unit::Currency((*sign).to_string()));
                s = rest.trim_start();
                break;
            }
            if let Some(rest) = s.strip_suffix(sign) {
                unit = Some(Unit::Currency((*sign).to_string()));
                s = rest.trim_end();
                break;
            }
        }
        if unit.is_some() && !negative {
            if let Some(rest) = s.strip_prefix('-') {
                negative = true;
                s = rest;
            }
        }
    }
    let (mantissa, exponent) = match s.find(['e', 'E']) {
        Some(i) if i > 0 => (&s[..i], Some(&s[i + 1..])),
        _ => (s, None),
    };
    let (dec, thousands): (u8, &[u8]) = if decimal_comma { (b',', b". \xC2\xA0'") } else { (b'.', b", \xC2\xA0'") };
    let bytes = mantissa.as_bytes();
    if bytes.is_empty() || !bytes[0].is_ascii_digit() && bytes[0] != dec {
        return None;
    }
    let mut digits = String::with_capacity(bytes.len());
    let mut fractional = false;
    let mut group_len: Option<usize> = None; // digits since the last thousands separator
    let mut seen_sep = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_digit() {
            digits.push(b as char);
            if let Some(g) = group_len.as_mut() {
                *g += 1;
            }
        } else if b == dec && !fractional {
            if seen_sep && group_len != Some(3) {
                return None;
            }
            fractional = true;
            group_len = None;
            digits.push('.');
        } else if thousands.contains(&b) && !fractional {
            // NBSP is two bytes in UTF-8; accept it as one separator.
            if b == 0xC2 {
                if bytes.get(i + 1) != Some(&0xA0) {
                    return None;
                }
                i += 1;
            } else if b == 0xA0 {
                return None;
            }
            let first_group = digits.len();
            if !seen_sep && (first_group == 0 || first_group > 3) || seen_sep && group_len != Some(3) {
                return None;
            }
            seen_sep = true;
            group_len = Some(0);
        } else {
            return None;
        }
        i += 1;
    }
    if seen_sep && !fractional && group_len != Some(3) {
        return None;
    }
    if digits == "." || digits.is_empty() {
        return None;
    }
    if let Some(e) = exponent {
        if e.is_empty() || !e.trim_start_matches(['+', '-']).bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.push('e');
        digits.push_str(e);
        fractional = true;
    }
    let v: f64 = digits.parse().ok()?;
    if !v.is_finite() {
        return None;
    }
    Some(Number { value: if negative { -v } else { v }, fractional, unit })
}

/// Writes a number the way sentences show it: shortest round-trip digits, unit kept.
pub fn write_number(n: f64, unit: Option<&Unit>) -> String {
    let digits = if n.fract() == 0.0 && n.abs() < 1e15 { format!("{}", n as i64) } else { format!("{n}") };
    match unit {
        None => digits,
        Some(Unit::Percent) => format!("{digits}%"),
        Some(Unit::Currency(sym)) if sym.chars().all(|c| c.is_ascii_alphabetic()) => format!("{digits} {sym}"),
        Some(Unit::Currency(sym)) => {
            if let Some(d) = digits.strip_prefix('-') {
                format!("-{sym}{d}")
            } else {
                format!("{sym}{digits}")
            }
        }
    }
}

// ---------------------------------------------------------------- booleans

const TRUTHY: &[&str] = &["true", "yes", "y", "t", "ja", "j", "sí", "si", "s", "oui", "wahr", "cert", "verdadero", "1"];
const FALSY: &[&str] = &["false", "no", "n", "f", "nein", "non", "falsch", "fals", "falso", "0"];

/// Reads a boolean spelling in English, German, Spanish, Catalan or French (or 0/1).
pub fn parse_bool(raw: &str) -> Option<bool> {
    let t = raw.trim();
    if t.len() > 9 {
        return None;
    }
    let l = t.to_lowercase();
    if TRUTHY.contains(&l.as_str()) {
        Some(true)
    } else if FALSY.contains(&l.as_str()) {
        Some(false)
    } else {
        None
    }
}

// ---------------------------------------------------------------- dates

/// A calendar value at the granularity the source gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DateValue {
    pub date: NaiveDate,
    pub time: Option<NaiveTime>,
    pub granularity: DateGranularity,
}

const MONTHS: &[(&str, u32)] = &[
    ("january", 1),
    ("february", 2),
    ("march", 3),
    ("april", 4),
    ("may", 5),
    ("june", 6),
    ("july", 7),
    ("august", 8),
    ("september", 9),
    ("october", 10),
    ("november", 11),
    ("december", 12),
    ("jan", 1),
    ("feb", 2),
    ("mar", 3),
    ("apr", 4),
    ("jun", 6),
    ("jul", 7),
    ("aug", 8),
    ("sep", 9),
    ("sept", 9),
    ("oct", 10),
    ("nov", 11),
    ("dec", 12),
    // Spanish
    ("enero", 1),
    ("febrero", 2),
    ("marzo", 3),
    ("abril", 4),
    ("mayo", 5),
    ("junio", 6),
    ("julio", 7),
    ("agosto", 8),
    ("septiembre", 9),
    ("setiembre", 9),
    ("octubre", 10),
    ("noviembre", 11),
    ("diciembre", 12),
    ("ene", 1),
    ("abr", 4),
    ("ago", 8),
    ("dic", 12),
    // Catalan
    ("gener", 1),
    ("febrer", 2),
    ("març", 3),
    ("maig", 5),
    ("juny", 6),
    ("juliol", 7),
    ("agost", 8),
    ("setembre", 9),
    ("octubre", 10),
    ("novembre", 11),
    ("desembre", 12),
    // German
    ("januar", 1),
    ("februar", 2),
    ("märz", 3),
    ("juni", 6),
    ("juli", 7),
    ("oktober", 10),
    ("dezember", 12),
    ("mär", 3),
    ("mai", 5),
    ("okt", 10),
    ("dez", 12),
];

pub const MONTH_NAMES: [&str; 12] =
    ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

pub fn month_from_name(s: &str) -> Option<u32> {
    let l = s.trim_end_matches('.').to_lowercase();
    MONTHS.iter().find(|(n, _)| *n == l).map(|(_, m)| *m)
}

/// "19580329": a day written as eight digits, year first (only where the column says dates).
pub fn compact_day(s: &str) -> Option<NaiveDate> {
    if s.len() != 8 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    NaiveDate::from_ymd_opt(year_of(&s[..4])?, s[4..6].parse().ok()?, s[6..].parse().ok()?)
}

fn year_of(s: &str) -> Option<i32> {
    if s.len() == 4 && s.bytes().all(|b| b.is_ascii_digit()) {
        let y: i32 = s.parse().ok()?;
        (1000..=2999).contains(&y).then_some(y)
    } else {
        None
    }
}

fn small(s: &str) -> Option<u32> {
    if (1..=2).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit()) {
        s.parse().ok()
    } else {
        None
    }
}

/// The day/month order a slash date reveals: Some(DayMonth) when the first part exceeds 12, etc.
pub fn reveals_order(raw: &str) -> Option<DateOrder> {
    let parts: Vec<&str> = raw.trim().split(['/', '.', '-']).collect();
    if parts.len() < 3 || year_of(parts[0]).is_some() {
        return None;
    }
    let (a, b) = (small(parts[0])?, small(parts[1])?);
    if a > 12 && b <= 12 {
        Some(DateOrder::DayMonth)
    } else if b > 12 && a <= 12 {
        Some(DateOrder::MonthDay)
    } else {
        None
    }
}

fn parse_time(s: &str) -> Option<NaiveTime> {
    let s = s.trim();
    let s = s.strip_suffix('Z').unwrap_or(s);
    // Drop a numeric UTC offset: we keep wall-clock time as written.
    let s = match s.rfind(['+', '-']) {
        Some(i) if i >= 5 => &s[..i],
        _ => s,
    };
    for f in ["%H:%M:%S%.f", "%H:%M:%S", "%H:%M"] {
        if let Ok(t) = NaiveTime::parse_from_str(s, f) {
            return Some(t);
        }
    }
    None
}

/// Parses a date or datetime; `order` settles d/m versus m/d for slash and dot forms.
pub fn parse_date(raw: &str, order: DateOrder) -> Option<DateValue> {
    let s = raw.trim();
    if s.len() < 4 || s.len() > 40 {
        return None;
    }
    // Datetime: a date, then 'T' or a space, then a clock time.
    if let Some(i) = s.find(['T', ' ']) {
        let (d, t) = (&s[..i], &s[i + 1..]);
        if t.contains(':') {
            if let (Some(dv), Some(time)) = (parse_day(d, order), parse_time(t)) {
                return Some(DateValue { date: dv, time: Some(time), granularity: DateGranularity::Time });
            }
        }
    }
    if let Some(d) = parse_day(s, order) {
        return Some(DateValue { date: d, time: None, granularity: DateGranularity::Day });
    }
    parse_coarse(s)
}

fn parse_day(s: &str, order: DateOrder) -> Option<NaiveDate> {
    if order == DateOrder::Compact {
        return compact_day(s);
    }
    let seps = |c: char| c == '-' || c == '/' || c == '.';
    let parts: Vec<&str> = s.split(seps).collect();
    if parts.len() == 3 && parts.iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())) {
        if let Some(y) = year_of(parts[0]) {
            return NaiveDate::from_ymd_opt(y, small(parts[1])?, small(parts[2])?);
        }
        let y = year_of(parts[2])?;
        let (a, b) = (small(parts[0])?, small(parts[1])?);
        let (d, m) = match order {
            DateOrder::MonthDay => (b, a),
            _ => (a, b),
        };
        return NaiveDate::from_ymd_opt(y, m, d);
    }
    // Words: "12 March 2025", "March 12, 2025", "Jan 1 2000", "1. März 2025", "12 de marzo de 2025".
    let words: Vec<&str> = s
        .split(|c: char| c.is_whitespace() || c == ',')
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| !w.is_empty() && *w != "de" && *w != "del")
        .collect();
    if words.len() == 3 {
        let y = year_of(words[2])?;
        if let (Some(m), Some(d)) = (month_from_name(words[0]), small(words[1])) {
            return NaiveDate::from_ymd_opt(y, m, d);
        }
        if let (Some(d), Some(m)) = (small(words[0]), month_from_name(words[1])) {
            return NaiveDate::from_ymd_opt(y, m, d);
        }
    }
    None
}

/// Year-only, year-month and quarter forms: "2025", "March 2025", "2025-03", "2023:Q2", "Q2 2023".
fn parse_coarse(s: &str) -> Option<DateValue> {
    let at = |y: i32, m: u32, g| NaiveDate::from_ymd_opt(y, m, 1).map(|d| DateValue { date: d, time: None, granularity: g });
    if let Some(y) = year_of(s) {
        return at(y, 1, DateGranularity::Year);
    }
    let upper = s.to_uppercase();
    let parts: Vec<&str> = upper.split([':', '-', ' ', '/', '_']).filter(|p| !p.is_empty()).collect();
    let quarter = |p: &str| -> Option<u32> {
        let q = p.strip_prefix('Q').or_else(|| p.strip_suffix('Q'))?;
        let q: u32 = q.parse().ok()?;
        (1..=4).contains(&q).then_some(q)
    };
    match parts.as_slice() {
        [a, b] => {
            if let (Some(y), Some(q)) = (year_of(a), quarter(b)) {
                return at(y, (q - 1) * 3 + 1, DateGranularity::Quarter);
            }
            if let (Some(q), Some(y)) = (quarter(a), year_of(b)) {
                return at(y, (q - 1) * 3 + 1, DateGranularity::Quarter);
            }
            if let (Some(y), Some(m)) = (year_of(a), small(b)) {
                if (1..=12).contains(&m) && b.len() == 2 {
                    return at(y, m, DateGranularity::Month);
                }
            }
            if let Some(y) = year_of(b) {
                // Month names are matched in the source's case.
                let name = s.split([' ', '-', '/']).next()?;
                if let Some(m) = month_from_name(name) {
                    return at(y, m, DateGranularity::Month);
                }
                if let Some(m) = small(a).filter(|m| (1..=12).contains(m)) {
                    return at(y, m, DateGranularity::Month);
                }
            }
            None
        }
        [one] if one.len() == 6 && one.as_bytes()[4] == b'Q' => {
            let (y, q) = (year_of(&one[..4])?, quarter(&one[4..])?);
            at(y, (q - 1) * 3 + 1, DateGranularity::Quarter)
        }
        _ => None,
    }
}

/// Writes a date for a sentence: "12 March 2025", "March 2025", "Q2 2023", "2025", "12 March 2025 14:05".
pub fn write_date(v: &DateValue) -> String {
    use chrono::Datelike;
    let d = v.date;
    let month = MONTH_NAMES[d.month0() as usize];
    match v.granularity {
        DateGranularity::Year => format!("{}", d.year()),
        DateGranularity::Quarter => format!("Q{} {}", d.month0() / 3 + 1, d.year()),
        DateGranularity::Month => format!("{month} {}", d.year()),
        DateGranularity::Day => format!("{} {month} {}", d.day(), d.year()),
        DateGranularity::Time => {
            let t = v.time.unwrap_or_default();
            let clock = if chrono::Timelike::second(&t) == 0 { t.format("%H:%M") } else { t.format("%H:%M:%S") };
            format!("{} {month} {} {clock}", d.day(), d.year())
        }
    }
}

// ---------------------------------------------------------------- formatting for templates

/// The text a template shows for a cell of this column: normalised by type, never re-parsed as template.
pub fn format_value<'a>(col: &ColumnSchema, raw: &'a str) -> Cow<'a, str> {
    let t = raw.trim();
    match (&col.ty, &col.format) {
        (ColumnType::Integer | ColumnType::Decimal, ValueFormat::Number { decimal_comma, unit }) => {
            // Fast path: plain digits are already canonical.
            if unit.is_none() && !t.is_empty() && t.bytes().enumerate().all(|(i, b)| b.is_ascii_digit() || (i == 0 && b == b'-')) {
                return Cow::Borrowed(t);
            }
            match parse_number(t, *decimal_comma) {
                Some(n) => Cow::Owned(write_number(n.value, n.unit.as_ref().or(unit.as_ref()))),
                None => Cow::Borrowed(t),
            }
        }
        (ColumnType::Date | ColumnType::Datetime, ValueFormat::Date { order, granularity }) => match parse_date(t, *order) {
            // A column of 1 January dates is a column of years: say "2010", as a reader would.
            Some(mut d) => {
                if matches!(granularity, DateGranularity::Year | DateGranularity::Month) && d.granularity == DateGranularity::Day {
                    d.granularity = *granularity;
                }
                Cow::Owned(write_date(&d))
            }
            None => Cow::Borrowed(t),
        },
        (ColumnType::Boolean, _) => match parse_bool(t) {
            Some(true) => Cow::Borrowed("yes"),
            Some(false) => Cow::Borrowed("no"),
            None => Cow::Borrowed(t),
        },
        _ => Cow::Borrowed(t),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(s: &str, comma: bool) -> Option<f64> {
        parse_number(s, comma).map(|n| n.value)
    }

    #[test]
    fn numbers_in_both_conventions() {
        assert_eq!(num("1,234.5", false), Some(1234.5));
        assert_eq!(num("1.234,5", true), Some(1234.5));
        assert_eq!(num("1.234,5", false), None);
        assert_eq!(num("1,234.5", true), None);
        assert_eq!(num("1 234,5", true), Some(1234.5));
        assert_eq!(num("12,5", true), Some(12.5));
        assert_eq!(num("12,5", false), None);
        assert_eq!(num("-3", false), Some(-3.0));
        assert_eq!(num("1e3", false), Some(1000.0));
        assert_eq!(num("1,23,4", false), None);
        assert_eq!(num("abc", false), None);
        assert_eq!(num("1.2.3", false), None);
        let p = parse_number("12.5%", false).unwrap();
        assert_eq!((p.value, p.unit), (12.5, Some(Unit::Percent)));
        let c = parse_number("€ 1.200,50", true).unwrap();
        assert_eq!((c.value, c.unit), (1200.5, Some(Unit::Currency("€".into()))));
        let c = parse_number("-$3,000", false).unwrap();
        assert_eq!(c.value, -3000.0);
        assert_eq!(write_number(1200.5, Some(&Unit::Currency("€".into()))), "€1200.5");
        assert_eq!(write_number(-3.0, Some(&Unit::Currency("EUR".into()))), "-3 EUR");
    }

    #[test]
    fn dates_in_many_forms() {
        let d = |s: &str, o| parse_date(s, o).map(|v| write_date(&v));
        assert_eq!(d("2025-03-12", DateOrder::YearFirst).as_deref(), Some("12 March 2025"));
        assert_eq!(d("12/03/2025", DateOrder::DayMonth).as_deref(), Some("12 March 2025"));
        assert_eq!(d("03/12/2025", DateOrder::MonthDay).as_deref(), Some("12 March 2025"));
        assert_eq!(d("12.03.2025", DateOrder::DayMonth).as_deref(), Some("12 March 2025"));
        assert_eq!(d("March 2025", DateOrder::YearFirst).as_deref(), Some("March 2025"));
        assert_eq!(d("März 2025", DateOrder::YearFirst).as_deref(), Some("March 2025"));
        assert_eq!(d("2023:Q2", DateOrder::YearFirst).as_deref(), Some("Q2 2023"));
        assert_eq!(d("Q4 2021", DateOrder::YearFirst).as_deref(), Some("Q4 2021"));
        assert_eq!(d("1999", DateOrder::YearFirst).as_deref(), Some("1999"));
        assert_eq!(d("Jan 1 2000", DateOrder::YearFirst).as_deref(), Some("1 January 2000"));
        assert_eq!(d("12 de marzo de 2025", DateOrder::YearFirst).as_deref(), Some("12 March 2025"));
        assert_eq!(d("2025-03-12T14:05:00Z", DateOrder::YearFirst).as_deref(), Some("12 March 2025 14:05"));
        assert_eq!(d("2025-03-12 14:05:31", DateOrder::YearFirst).as_deref(), Some("12 March 2025 14:05:31"));
        assert_eq!(d("2025-02-30", DateOrder::YearFirst), None);
        assert_eq!(d("hello", DateOrder::YearFirst), None);
        assert_eq!(reveals_order("25/12/2020"), Some(DateOrder::DayMonth));
        assert_eq!(reveals_order("12/25/2020"), Some(DateOrder::MonthDay));
        assert_eq!(reveals_order("01/02/2020"), None);
    }

    #[test]
    fn booleans_in_several_languages() {
        for t in ["yes", "Ja", "sí", "TRUE", "1"] {
            assert_eq!(parse_bool(t), Some(true), "{t}");
        }
        for f in ["no", "Nein", "false", "0"] {
            assert_eq!(parse_bool(f), Some(false), "{f}");
        }
        assert_eq!(parse_bool("maybe"), None);
    }
}
