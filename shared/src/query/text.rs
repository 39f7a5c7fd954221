//! Question text → folded tokens with their source spans: the unit every matcher works on.

use deunicode::deunicode;

/// One word of a question: `fold` is lower-case ASCII (accents folded), `raw` the text as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub fold: String,
    pub raw: String,
    /// Byte offsets into the question, so quoted or cased text can be recovered.
    pub start: usize,
    pub end: usize,
}

/// Folds one word the way values and field names are folded: lower case, accents removed.
pub fn fold(s: &str) -> String {
    deunicode(&s.to_lowercase()).to_lowercase()
}

/// Splits into words; digits keep their inner '.', ',', '-', '/' and ':' ("12.5", "2014-06-01").
///
/// Hand-written because word-boundary crates split "12.5" and "2014-06-01", which the value
/// matchers need whole; everything else is Unicode alphanumeric runs.
pub fn tokenize(q: &str) -> Vec<Token> {
    let chars: Vec<(usize, char)> = q.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (mut start, c) = chars[i];
        // A minus sign before digits, at the start of a word, belongs to the number ("-5").
        let negative = c == '-'
            && chars.get(i + 1).is_some_and(|(_, n)| n.is_ascii_digit())
            && (i == 0 || chars[i - 1].1.is_whitespace() || matches!(chars[i - 1].1, '(' | '¿' | '¡'));
        // "what % of…": a percent sign is a word of its own.
        if c == '%' {
            out.push(Token { fold: "%".into(), raw: "%".into(), start, end: start + 1 });
            i += 1;
            continue;
        }
        if !c.is_alphanumeric() && !negative {
            i += 1;
            continue;
        }
        if negative {
            start = chars[i].0;
        }
        let mut j = i + 1;
        while j < chars.len() {
            let ch = chars[j].1;
            if ch.is_alphanumeric() {
                j += 1;
                continue;
            }
            let joins = matches!(ch, '.' | ',' | '-' | '/' | ':')
                && chars[j - 1].1.is_ascii_digit()
                && chars.get(j + 1).is_some_and(|(_, n)| n.is_ascii_digit());
            // Catalan's geminated l: "pel·lícula", "col·lecció" are one word.
            let geminate = ch == '·' && chars[j - 1].1.is_alphabetic() && chars.get(j + 1).is_some_and(|(_, n)| n.is_alphabetic());
            if joins || geminate {
                j += 1;
                continue;
            }
            break;
        }
        // "32F", "600hp", "5kg": a unit written onto digits is a word of its own.
        let digits = chars[i..j].iter().take_while(|(_, c)| c.is_ascii_digit() || matches!(c, '.' | ',' | '-')).count();
        if digits > 0 && i + digits < j {
            let raw: String = chars[i + digits..j].iter().map(|(_, c)| c).collect();
            // ("3M" is three million to `parse_number`.)
            if raw != "M" && GLUED_UNITS.contains(&raw.to_lowercase().as_str()) && chars[i + digits - 1].1.is_ascii_digit() {
                j = i + digits;
            }
        }
        let end = chars.get(j).map_or(q.len(), |(b, _)| *b);
        let raw = &q[start..end];
        // "2013-2016", "1990–2000": two years joined are the years between them, read as such.
        if let Some((a, b)) = year_span(raw) {
            out.push(Token { fold: "between".into(), raw: String::new(), start, end: start });
            out.push(Token { fold: a.to_string(), raw: a.to_string(), start, end: start + 4 });
            out.push(Token { fold: "and".into(), raw: "-".into(), start: start + 4, end: start + 5 });
            out.push(Token { fold: b.to_string(), raw: b.to_string(), start: start + 5, end });
            i = j;
            continue;
        }
        out.push(Token { fold: fold(&raw.replace('·', "")), raw: raw.to_string(), start, end });
        i = j;
    }
    out
}

/// Two years joined by a hyphen, the later second ("2013-2016"): the pair.
fn year_span(raw: &str) -> Option<(u32, u32)> {
    let (a, b) = raw.split_once('-')?;
    let year = |s: &str| (s.len() == 4 && s.bytes().all(|c| c.is_ascii_digit())).then(|| s.parse::<u32>().ok()).flatten();
    let (a, b) = (year(a)?, year(b)?);
    ((1000..=2999).contains(&a) && a < b && b <= 2999).then_some((a, b))
}

/// Units of measure written onto digits ("32F", "600hp", "5kg"), split off as words of their own;
/// not "s" ("1990s" is a decade), "g" ("5G"), "min" (a minimum) nor the multipliers `parse_number`
/// reads ("5k", "3M").
const GLUED_UNITS: &[&str] = &[
    "f", "c", "mm", "cm", "m", "km", "ft", "mi", "mg", "kg", "lb", "lbs", "oz", "ml", "h", "hr", "hrs", "hp", "bhp", "ps", "mph", "kmh",
    "kph", "kw", "mw", "gw", "kwh", "mwh", "gwh", "twh", "ppm", "ppb",
];

/// The folded words of a name or value, for matching against question tokens.
pub fn fold_words(s: &str) -> Vec<String> {
    tokenize(s).into_iter().map(|t| t.fold).collect()
}

/// Words a column's name ends with when it labels the thing before them (`Hospital_Name`,
/// `provincia_nombre`, `Facility_ID`).
pub(crate) const LABEL_WORDS: &[&str] = &["name", "names", "id", "code", "title", "label", "nombre", "nom", "titel"];

/// Splits camelCase and snake_case names into words ("Miles_per_Gallon" → miles per gallon).
pub fn name_words(name: &str) -> Vec<String> {
    crate::schema::name_tokens(name).iter().flat_map(|t| fold_words(t)).collect()
}

/// The words of a file's name, letters apart from digits: "unemployment1948" → ["unemployment", "1948"].
pub fn file_words(stem: &str) -> Vec<String> {
    name_words(stem)
        .iter()
        .flat_map(|w| {
            let mut parts: Vec<String> = Vec::new();
            let mut cur = String::new();
            for c in w.chars() {
                if !cur.is_empty() && cur.chars().last().is_some_and(|l| l.is_ascii_digit()) != c.is_ascii_digit() {
                    parts.push(std::mem::take(&mut cur));
                }
                cur.push(c);
            }
            parts.push(cur);
            parts
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Equal up to a plural, gender or case ending ("cylinders" ~ "cylinder", "Zylindern" ~ "zylinder",
/// "countries" ~ "country", "amplades" ~ "amplada").
pub fn same_word(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if short.len() >= 3 && long.starts_with(short) && matches!(&long[short.len()..], "s" | "es" | "n" | "en" | "e" | "er" | "ern") {
        return true;
    }
    // Catalan plurals of words ending in -s: "país" ~ "països", "mes" ~ "mesos", "interès" ~ "interessos".
    if short.len() >= 3 && short.ends_with('s') && matches!(&long.strip_prefix(short), Some("os" | "sos")) {
        return true;
    }
    // Latin plurals: "radius" ~ "radii", "nucleus" ~ "nuclei".
    if let (Some(i), Some(us)) = (short.strip_suffix('i'), long.strip_suffix("us")) {
        if i.len() >= 3 && i == us {
            return true;
        }
    }
    // "city" ~ "cities": too short for the stemmer.
    if short.len() >= 3
        && short.ends_with('y')
        && long.len() == short.len() + 2
        && long.ends_with("ies")
        && long.starts_with(&short[..short.len() - 1])
    {
        return true;
    }
    let sa = stem(a);
    let sb = stem(b);
    sa.len() >= 4 && sa == sb
}

/// Whether two words share a Snowball stem of five or more letters in English, Spanish or German
/// ("appointed" ~ "appointment"): forms of one word, whatever the question's language.
pub fn same_stem(a: &str, b: &str) -> bool {
    use rust_stemmers::{Algorithm, Stemmer};
    let (a, b) = (fold(a), fold(b));
    [Algorithm::English, Algorithm::Spanish, Algorithm::German].into_iter().any(|alg| {
        let s = Stemmer::create(alg);
        let sa = s.stem(&a);
        sa.chars().count() >= 5 && sa == s.stem(&b)
    })
}

/// Whether `word` names only the first part of a run-together compound name ("leaders" in
/// "leaderspellreg", a spell of a regime, not a leader): such a field is not what the word means.
/// A name that goes on with a preposition ("incomeperperson") or a unit ("heightinches") still
/// names the word's thing.
pub fn only_a_modifier(word: &str, name: &str) -> bool {
    const LINKS: &[&str] = &["per", "of", "in", "at", "by", "for", "from", "to", "pct", "percent"];
    let compact: String = fold(name).chars().filter(char::is_ascii_alphanumeric).collect();
    let w = fold(word);
    // The longest form the name starts with: "income" rather than its stem "incom".
    let Some(rest) = [w.as_str(), w.strip_suffix('s').unwrap_or(&w), stem(&w)]
        .into_iter()
        .filter(|s| s.len() >= 3)
        .find_map(|s| compact.strip_prefix(s))
    else {
        return false;
    };
    rest.len() >= 3
        && !rest.chars().all(|c| c.is_ascii_digit())
        && !LINKS.iter().any(|l| rest.starts_with(l))
        && !super::lang::is_unit_word(rest)
        && !same_word(&compact, &w)
}

/// Drops one inflection ending (plural, gender): a light stemmer for names in four languages.
fn stem(w: &str) -> &str {
    for end in ["ies", "es", "en", "s", "n", "e", "a", "o", "y"] {
        if let Some(s) = w.strip_suffix(end) {
            if s.len() >= 4 {
                return s;
            }
        }
    }
    w
}

/// Parses a number written with digits: "1,000", "12.5", "12,5", "-3", and the short forms people
/// type: "5e1", "1.5e3" (scientific), "1.5k", "2M", "3bn" (thousand, million, billion).
pub fn parse_number(s: &str) -> Option<f64> {
    let t = s.trim();
    // A multiplier written onto the digits. Lower-case "m" is left alone: it is as often metres.
    for (suffix, m) in [("k", 1e3), ("K", 1e3), ("M", 1e6), ("mn", 1e6), ("bn", 1e9)] {
        if let Some(digits) = t.strip_suffix(suffix) {
            if digits.ends_with(|c: char| c.is_ascii_digit()) {
                return plain_number(digits).map(|n| n * m);
            }
        }
    }
    // Scientific notation: digits, 'e', an integer exponent of at most two digits.
    if let Some((mantissa, exp)) = t.split_once(['e', 'E']) {
        let exp_ok = !exp.is_empty() && exp.len() <= 2 && exp.bytes().all(|b| b.is_ascii_digit());
        if exp_ok && mantissa.ends_with(|c: char| c.is_ascii_digit()) && !mantissa.contains(',') {
            let exp: i32 = exp.parse().ok()?;
            return plain_number(mantissa).map(|n| n * 10f64.powi(exp));
        }
        return None;
    }
    plain_number(t)
}

/// A number as written in a question in `lang`: in Spanish, Catalan and German a dot groups
/// thousands ("35.000", "1.234,5"), where English would read a decimal point.
pub fn parse_number_in(s: &str, lang: super::Lang) -> Option<f64> {
    let t = s.trim();
    let grouped = |int: &str| {
        let mut groups = int.split('.');
        groups.next().is_some_and(|g| (1..=3).contains(&g.len()) && g.bytes().all(|b| b.is_ascii_digit()))
            && int.contains('.')
            && groups.all(|g| g.len() == 3 && g.bytes().all(|b| b.is_ascii_digit()))
    };
    if lang != super::Lang::En {
        let (int, frac) = t.split_once(',').unwrap_or((t, ""));
        if grouped(int) && frac.bytes().all(|b| b.is_ascii_digit()) {
            let joined = if frac.is_empty() { int.replace('.', "") } else { format!("{}.{frac}", int.replace('.', "")) };
            return joined.parse().ok();
        }
    }
    parse_number(t)
}

/// Digits with grouping or decimal separators only.
fn plain_number(t: &str) -> Option<f64> {
    if t.is_empty() || !t.bytes().any(|b| b.is_ascii_digit()) || t.contains(['-', '/']) && !t.starts_with('-') {
        return None;
    }
    if !t.bytes().enumerate().all(|(i, b)| b.is_ascii_digit() || b == b'.' || b == b',' || (i == 0 && b == b'-')) {
        return None;
    }
    // A comma followed by exactly three digits groups thousands; otherwise it is a decimal comma.
    let normalised = match (t.find(','), t.find('.')) {
        (Some(_), Some(_)) => t.replace(',', ""),
        (Some(c), None) if t.len() - c - 1 == 3 && t.matches(',').count() >= 1 => t.replace(',', ""),
        (Some(_), None) => t.replace(',', "."),
        _ => t.to_string(),
    };
    normalised.parse().ok()
}

/// Quoted text without its quotes, in any of the four languages' quotation marks.
pub(crate) fn strip_quotes(s: &str) -> String {
    s.trim().trim_matches(|c| matches!(c, '"' | '\'' | '«' | '»' | '“' | '”' | '‘' | '’' | '„')).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dots_group_thousands_outside_english() {
        use super::super::Lang;
        assert_eq!(parse_number_in("35.000", Lang::Ca), Some(35_000.0));
        assert_eq!(parse_number_in("1.234,5", Lang::De), Some(1234.5));
        assert_eq!(parse_number_in("2,4", Lang::Es), Some(2.4));
        assert_eq!(parse_number_in("7.874", Lang::En), Some(7.874));
        assert_eq!(parse_number_in("3.9", Lang::Es), Some(3.9));
    }

    #[test]
    fn a_unit_written_onto_digits_is_a_word_of_its_own() {
        let words = |q: &str| tokenize(q).into_iter().map(|t| t.raw).collect::<Vec<_>>();
        assert_eq!(words("under 32F and 600hp"), ["under", "32", "F", "and", "600", "hp"]);
        assert_eq!(words("12.5mm"), ["12.5", "mm"]);
        // Multipliers, decades, ordinals and codes stay whole.
        assert_eq!(words("3M 5k 1990s 2nd 5G Q4"), ["3M", "5k", "1990s", "2nd", "5G", "Q4"]);
    }

    #[test]
    fn keeps_numbers_and_dates_whole() {
        let t: Vec<String> = tokenize("¿Cuántos días después del 2014-06-01 con más de 12,5 mm?").into_iter().map(|t| t.fold).collect();
        assert_eq!(t, ["cuantos", "dias", "despues", "del", "2014-06-01", "con", "mas", "de", "12,5", "mm"]);
        assert_eq!(parse_number("12,5"), Some(12.5));
        assert_eq!(parse_number("1,000"), Some(1000.0));
        assert_eq!(parse_number("2014-06-01"), None);
        assert_eq!(parse_number("-3.5"), Some(-3.5));
        assert_eq!(parse_number("5e1"), Some(50.0));
        assert_eq!(parse_number("1.5e3"), Some(1500.0));
        assert_eq!(parse_number("1.5k"), Some(1500.0));
        assert_eq!(parse_number("2M"), Some(2e6));
        assert_eq!(parse_number("3bn"), Some(3e9));
        assert_eq!(parse_number("5m"), None);
        assert_eq!(parse_number("3rd"), None);
        assert_eq!(parse_number("1990s"), None);
        assert_eq!(parse_number("e5"), None);
        let t: Vec<String> = tokenize("unter -5 und 3-4").into_iter().map(|t| t.raw).collect();
        assert_eq!(t, ["unter", "-5", "und", "3-4"]);
    }

    #[test]
    fn plurals_match() {
        assert!(same_word("cylinders", "cylinder"));
        assert!(same_word("zylindern", "zylinder"));
        assert!(!same_word("age", "ages2"));
        assert!(!same_word("a", "as"));
        assert!(same_word("countries", "country"));
        assert!(same_word("amplades", "amplada"));
        assert!(same_word("paisos", "pais"));
        assert!(same_word("mesos", "mes"));
        assert!(same_word("interessos", "interes"));
        assert!(!same_word("petal", "sepal"));
    }

    #[test]
    fn a_word_naming_only_the_first_part_of_a_compound_is_a_modifier() {
        assert!(only_a_modifier("leaders", "leaderspellreg"));
        assert!(only_a_modifier("leader", "leader_spell_reg"));
        assert!(!only_a_modifier("income", "incomeperperson"));
        assert!(!only_a_modifier("height", "height_inches"));
        assert!(!only_a_modifier("leaders", "ehead"));
        assert!(!only_a_modifier("cities", "city"));
        assert!(!only_a_modifier("pop", "pop2007"));
    }
}
