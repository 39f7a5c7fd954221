//! Tags each stretch of a question: keyword, field, value, row alias, number, date or unknown word.
//!
//! Longest match wins; on equal length a field beats a value and both beat a content keyword
//! ("total" names a column called total), while structural keywords ("more than", "or") always win.

use super::catalog::{Catalog, FieldInfo, ValueHit};
use super::lang::{is_period_word, lexicon, Cue, Lang, ENTITY_NOUNS};
use super::plan::CmpOp;
use super::text::{name_words, parse_number, same_word, Token, LABEL_WORDS};
use super::value_words::plain_spelling;
use crate::schema::values::parse_date;
use crate::schema::DateOrder;

#[derive(Clone, Debug, PartialEq)]
pub enum Tag {
    Cue(Cue),
    /// One field, or several when the words name more than one equally well (ask which).
    Field(Vec<usize>),
    Group(usize),
    Value(Vec<ValueHit>),
    Alias,
    Number(f64),
    /// ISO date.
    Date(String),
    /// Text the user quoted: always a literal.
    Quoted(String),
    Stop,
    Unknown,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Span {
    pub tag: Tag,
    /// Token range [start, end).
    pub start: usize,
    pub end: usize,
    /// The text as typed.
    pub raw: String,
    /// Set once a condition or slot has used this span.
    pub used: bool,
}

impl Span {
    pub fn cue(&self) -> Option<Cue> {
        match self.tag {
            Tag::Cue(c) => Some(c),
            _ => None,
        }
    }
}

const MAX_PHRASE: usize = 6;

/// "Where is council tax lowest?", "¿Dónde…?", "Wo…?": opening a question, the place word asks
/// which row, like "which"; elsewhere ("rows where X > 5") it stays a stop word.
fn place_question(out: &mut [Span], lang: Lang) {
    let Some(first) = out.first_mut() else { return };
    let word = super::text::fold(&first.raw);
    let asks_place = match lang {
        Lang::En => word == "where",
        Lang::Es => word == "donde",
        Lang::Ca => word == "on",
        Lang::De => word == "wo",
    };
    if asks_place && matches!(first.tag, Tag::Stop | Tag::Unknown) {
        first.tag = Tag::Cue(Cue::Who);
    }
}

/// "census div with the largest total population", "the state with the lowest rate": a category
/// field opening a question without a question word, then "with" a superlative, asks which.
fn field_with_superlative(out: &mut Vec<Span>, cat: &Catalog) {
    let k = usize::from(out.first().is_some_and(|s| s.tag == Tag::Stop && super::text::fold(&s.raw) == "the"));
    let opens = out.get(k).is_some_and(|s| {
        matches!(&s.tag, Tag::Field(fs) if fs.len() == 1 && cat.fields[fs[0]].distinct < cat.rows && cat.fields[fs[0]].ty == crate::schema::ColumnType::Text)
    });
    let with = out.get(k + 1).is_some_and(|s| matches!(super::text::fold(&s.raw).as_str(), "with" | "having"));
    let ranked = out.iter().skip(k + 2).take(3).any(|s| matches!(s.cue(), Some(Cue::High | Cue::Low | Cue::Most | Cue::Least)));
    if opens && with && ranked && !out.iter().any(|s| matches!(s.cue(), Some(Cue::Which | Cue::What | Cue::Who | Cue::HowMany))) {
        let at = out[k].start;
        if k == 1 {
            out[0].tag = Tag::Cue(Cue::Which);
        } else {
            out.insert(0, Span { tag: Tag::Cue(Cue::Which), start: at, end: at, raw: String::new(), used: false });
        }
    }
}

/// "first", "earliest", "last", "latest" (and their es/ca/de forms): which end of an order is
/// asked for; `Some(true)` for the first. Never a stop word or part of a field's name.
pub(crate) fn order_word(w: &str) -> Option<bool> {
    match w {
        "first" | "earliest" | "primera" | "primero" | "primer" | "erste" | "ersten" | "erstmals" | "zuerst" => Some(true),
        "last" | "latest" | "ultima" | "ultimo" | "ultim" | "darrer" | "darrera" | "letzte" | "letzten" | "zuletzt" => Some(false),
        _ => None,
    }
}

/// "from 2000 to 2011", "desde 1990 hasta 2000", "de 1990 a 2000", "von 1990 bis 2000": a range,
/// read as "between … and …" (a change word later makes it two values to compare).
fn from_to_range(out: &mut [Span]) {
    for i in 0..out.len().saturating_sub(3) {
        let from = super::text::fold(&out[i].raw);
        let to = super::text::fold(&out[i + 2].raw);
        let ends = matches!(out[i + 1].tag, Tag::Number(_) | Tag::Date(_)) && matches!(out[i + 3].tag, Tag::Number(_) | Tag::Date(_));
        let words = matches!(
            (from.as_str(), to.as_str()),
            ("from" | "desde" | "de" | "des" | "von" | "vom", "to" | "until" | "till" | "through" | "hasta" | "a" | "fins" | "bis")
        );
        if ends
            && words
            && matches!(out[i].tag, Tag::Cue(Cue::In) | Tag::Stop | Tag::Unknown | Tag::Cue(Cue::Of))
            && matches!(out[i + 2].tag, Tag::Stop | Tag::Unknown | Tag::Cue(Cue::In))
        {
            out[i].tag = Tag::Cue(Cue::Between);
            out[i + 2].tag = Tag::Cue(Cue::And);
        }
    }
}

/// "country" between `Country Name` and `Country Code`: a word naming a thing is its name, not its
/// code ("country code" names the code by its whole name and never gets here).
fn names_over_codes(out: &mut [Span], cat: &Catalog) {
    const CODES: &[&str] = &["code", "codes", "iso", "abbr", "abbrev", "abb", "id", "codigo", "codi", "kennung"];
    for s in out.iter_mut() {
        let Tag::Field(fs) = &s.tag else { continue };
        if fs.len() < 2 {
            continue;
        }
        let coded = |f: usize| name_words(&cat.fields[f].name).iter().any(|w| CODES.contains(&w.as_str()));
        let named: Vec<usize> = fs.iter().copied().filter(|&f| !coded(f)).collect();
        if named.len() == 1 && fs.len() > 1 {
            s.tag = Tag::Field(named);
        } else if let Some(f) = code_or_its_label(fs, cat) {
            s.tag = Tag::Field(vec![f]);
        }
    }
    // "the CCS category" for `CCS CATEGORY` ('1', '2'…) beside `CCS CATEGORY DESCRIPTION`.
    for s in out.iter_mut() {
        let Tag::Field(fs) = &s.tag else { continue };
        let [f] = fs[..] else { continue };
        let said = super::text::fold_words(&s.raw);
        let own = name_words(&cat.fields[f].name);
        let labels: Vec<usize> = (0..cat.fields.len())
            .filter(|&g| g != f && code_or_its_label(&[f, g], cat) == Some(g) && name_words(&cat.fields[g].name).len() == own.len() + 1)
            .collect();
        if let [g] = labels[..] {
            if !said.iter().any(|w| name_words(&cat.fields[g].name).last() == Some(w)) {
                s.tag = Tag::Field(vec![g]);
            }
        }
    }
}

/// `MULTI CCS LVL 1` and `MULTI CCS LVL 1 LABEL`, `ICD CODE` and `ICD CODE DESCRIPTION`: of a
/// column and the one that labels its values, a word naming both means the labels (what answers
/// show), unless the column holds the rows' own ids ("how many codes" counts the codes).
fn code_or_its_label(fs: &[usize], cat: &Catalog) -> Option<usize> {
    const LABELS: &[&str] = &["label", "labels", "description", "desc", "name", "title", "text"];
    let [a, b] = fs else { return None };
    let (wa, wb) = (name_words(&cat.fields[*a].name), name_words(&cat.fields[*b].name));
    let (base, labels) = match (wa.len(), wb.len()) {
        (x, y) if y == x + 1 && wb.starts_with(&wa) && LABELS.contains(&wb[x].as_str()) => (*a, *b),
        (x, y) if x == y + 1 && wa.starts_with(&wb) && LABELS.contains(&wa[y].as_str()) => (*b, *a),
        _ => return None,
    };
    Some(if cat.fields[base].ty == crate::schema::ColumnType::Identifier { base } else { labels })
}

/// "level 1 group", "the level 1 category of K219": a word for a kind right after a category's
/// name (and its number) says what the category's values are, nothing more.
fn kinds_after_categories(out: &mut [Span], cat: &Catalog) {
    const KINDS: &[&str] = &[
        "group",
        "groups",
        "category",
        "categories",
        "class",
        "classes",
        "kind",
        "kinds",
        "grupo",
        "grupos",
        "grup",
        "grups",
        "categoria",
        "categorias",
        "clase",
        "clases",
        "classe",
        "gruppe",
        "gruppen",
        "kategorie",
        "kategorien",
        "klasse",
        "klassen",
    ];
    for i in 1..out.len() {
        let w = super::text::fold(&out[i].raw);
        if !KINDS.contains(&w.as_str()) || out[i].end - out[i].start != 1 {
            continue;
        }
        let digits = |s: &Span| s.tag == Tag::Stop && s.raw.chars().all(|c| c.is_ascii_digit());
        let k = if digits(&out[i - 1]) && i >= 2 { i - 2 } else { i - 1 };
        let Tag::Field(fs) = &out[k].tag else { continue };
        let [f] = fs[..] else { continue };
        let own = name_words(&cat.fields[f].name);
        let other = match &out[i].tag {
            Tag::Unknown => true,
            Tag::Field(gs) => !gs.contains(&f),
            _ => false,
        };
        // (Not where the word is the category's own name: "level 1 group" of a column `group`.)
        let numbered = k < i - 1;
        if other && (numbered || (cat.fields[f].categorical && !own.iter().any(|x| same_word(x, &w)))) {
            out[i].tag = Tag::Stop;
        }
    }
}

/// "sub-region" beside `Sub-region Name` and `Region Name`, "level 1" beside `LVL 1` and `LVL 2`:
/// a word next to an ambiguous field's word that only some candidates' names hold narrows them.
fn narrowed_by_neighbours(out: &mut [Span], cat: &Catalog) {
    for i in 0..out.len() {
        let Tag::Field(fs) = &out[i].tag else { continue };
        if fs.len() < 2 || out[i].end - out[i].start != 1 {
            continue;
        }
        let fs = fs.clone();
        // (A number only after the word: "top 5 markdowns" ranks them, "level 1" names one.)
        let before = i.checked_sub(1).filter(|&j| out[j].tag == Tag::Unknown);
        let after = Some(i + 1).filter(|&j| j < out.len() && matches!(out[j].tag, Tag::Unknown | Tag::Number(_)));
        for j in [before, after].into_iter().flatten() {
            let w = super::text::fold(&out[j].raw);
            if w.chars().count() < 2 && !w.chars().all(|c| c.is_ascii_digit()) {
                continue;
            }
            let holds = |f: usize| name_words(&cat.fields[f].name).iter().any(|x| *x == w || (w.len() >= 3 && same_word(x, &w)));
            let kept: Vec<usize> = fs.iter().copied().filter(|&f| holds(f)).collect();
            if !kept.is_empty() && kept.len() < fs.len() {
                out[i].tag = Tag::Field(kept);
                out[j].tag = Tag::Stop;
                break;
            }
        }
    }
}

/// "in 2011" in a wide table with a column per year (and no year column): the number names the column.
fn numbers_naming_columns(out: &mut [Span], cat: &Catalog) {
    if cat.fields.iter().any(|f| f.yearly) {
        return;
    }
    for s in out.iter_mut() {
        let Tag::Number(n) = s.tag else { continue };
        if n.fract() != 0.0 || !(1000.0..=2999.0).contains(&n) {
            continue;
        }
        let name = format!("{}", n as i64);
        let fs: Vec<usize> = cat.fields.iter().enumerate().filter(|(_, f)| f.name.trim() == name).map(|(k, _)| k).collect();
        if fs.len() == 1 {
            s.tag = Tag::Field(fs);
        }
    }
}

/// A number written as itself or as an ordinal ("104", "104th", "3rd", "2.", "3e"), for the
/// numbers that end column names.
fn number_or_ordinal(s: &Span) -> Option<i64> {
    if let Tag::Number(n) = s.tag {
        return (n.fract() == 0.0).then_some(n as i64);
    }
    let digits: String = s.raw.chars().take_while(char::is_ascii_digit).collect();
    let rest = s.raw[digits.len()..].to_lowercase();
    (!digits.is_empty() && matches!(rest.as_str(), "st" | "nd" | "rd" | "th" | "." | "e" | "er" | "te" | "ten"))
        .then(|| digits.parse().ok())
        .flatten()
}

/// Digits with an ordinal's ending ("117th", "3rd", "111º", "1a", "117è", "4t", "86."): their number.
fn ordinal_digits(raw: &str) -> Option<f64> {
    let digits: String = raw.chars().take_while(char::is_ascii_digit).collect();
    let rest = raw[digits.len()..].to_lowercase();
    let ordinal =
        matches!(rest.as_str(), "st" | "nd" | "rd" | "th" | "º" | "ª" | "o" | "a" | "er" | "è" | "r" | "n" | "t" | "." | "te" | "ten");
    (!digits.is_empty() && digits.len() <= 4 && ordinal).then(|| digits.parse().ok()).flatten()
}

/// "bills in the 104th Congress" with columns BILLS103 and BILLS104: a family of columns that share
/// a stem and end in numbers is named by the stem and the number. The noun right after the number
/// ("Congress") only says what the number counts. The stem alone names every member (ask which).
fn numbered_columns(out: &mut [Span], cat: &Catalog) {
    let mut families: Vec<(String, Vec<(i64, usize)>)> = Vec::new();
    for (k, f) in cat.fields.iter().enumerate() {
        let name = super::text::fold(&f.name);
        let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
        let Ok(number) = name[stem.len()..].parse::<i64>() else { continue };
        let stem = stem.trim_end_matches(['_', ' ', '-', '.']).to_string();
        if stem.len() < 3 || !stem.chars().all(char::is_alphabetic) {
            continue;
        }
        match families.iter_mut().find(|(s, _)| *s == stem) {
            Some((_, members)) => members.push((number, k)),
            None => families.push((stem, vec![(number, k)])),
        }
    }
    for (stem, members) in families.iter().filter(|(_, m)| m.len() >= 2) {
        let stem_at: Vec<usize> =
            (0..out.len()).filter(|&i| out[i].tag == Tag::Unknown && same_word(&super::text::fold(&out[i].raw), stem)).collect();
        let [at] = stem_at.as_slice() else { continue };
        let numbered: Vec<(usize, usize)> = (0..out.len())
            .filter_map(|i| number_or_ordinal(&out[i]).and_then(|n| members.iter().find(|(m, _)| *m == n)).map(|&(_, f)| (i, f)))
            .collect();
        match numbered.as_slice() {
            [(i, f)] => {
                out[*at].tag = Tag::Field(vec![*f]);
                out[*i].tag = Tag::Stop;
                if out.get(i + 1).is_some_and(|n| n.tag == Tag::Unknown && n.raw.chars().next().is_some_and(char::is_uppercase)) {
                    out[i + 1].tag = Tag::Stop;
                }
            }
            [] => out[*at].tag = Tag::Field(members.iter().map(|&(_, f)| f).collect()),
            // "bills in the 103rd and in the 104th": the stem takes the first, each later number its own.
            [(i, f), rest @ ..] => {
                out[*at].tag = Tag::Field(vec![*f]);
                out[*i].tag = Tag::Stop;
                for (j, g) in rest {
                    out[*j].tag = Tag::Field(vec![*g]);
                }
                if let Some(last) = rest
                    .last()
                    .map(|(j, _)| j + 1)
                    .filter(|&k| out.get(k).is_some_and(|n| n.tag == Tag::Unknown && n.raw.chars().next().is_some_and(char::is_uppercase)))
                {
                    out[last].tag = Tag::Stop;
                }
            }
        }
    }
}

/// The key with its last word made singular ("transition metals" → "transition metal"; "cities" →
/// "city"), for values people name in the plural.
fn singulars(key: &str) -> Vec<String> {
    let (head, last) = key.rsplit_once(' ').map_or(("", key), |(h, l)| (h, l));
    let join = |l: &str| if head.is_empty() { l.to_string() } else { format!("{head} {l}") };
    let mut out = Vec::new();
    if last.len() >= 4 {
        if let Some(b) = last.strip_suffix("ies") {
            out.push(join(&format!("{b}y")));
        }
        if let Some(b) = last.strip_suffix("es") {
            out.push(join(b));
        }
        if let Some(b) = last.strip_suffix('s').filter(|b| !b.ends_with('s')) {
            out.push(join(b));
        }
    }
    out
}

fn structural(c: Cue) -> bool {
    use Cue::*;
    matches!(
        c,
        HowMany
            | Op(_)
            | Between
            | And
            | Or
            | Not
            | Per
            | Who
            | Which
            | What
            | Contains
            | StartsWith
            | More
            | Most
            | Least
            | Top
            | Bottom
            | Share
            | Columns
            | Help
    )
}

/// Tags the tokens; `quotes` are byte ranges of quoted text in the question.
pub fn tag(q: &str, tokens: &[Token], lang: Lang, cat: &Catalog, quotes: &[(usize, usize)]) -> Vec<Span> {
    let lx = lexicon(lang);
    if std::env::var_os("TABLETALK_DEBUG_CATALOG").is_some() {
        for f in &cat.fields {
            eprintln!("[catalog] {} {:?}", f.name, f.names);
        }
        eprintln!("[catalog] aliases {:?} label {:?}", cat.aliases, cat.label);
    }
    let folds: Vec<&str> = tokens.iter().map(|t| t.fold.as_str()).collect();
    let is_stop = |w: &str| lx.stopwords.contains(&w);
    // Keywords and stopwords name a field or alias only when spelled exactly ("más" is not "mass").
    let strict: Vec<bool> = folds.iter().map(|w| is_stop(w) || lx.phrases.iter().any(|(p, _)| p == w)).collect();
    // "més"/"más" (more) fold to "mes" (month): an accent that makes a function word is kept.
    let comparative = |k: usize| matches!(tokens[k].raw.to_lowercase().as_str(), "més" | "más");
    let matches_at = |i: usize, name: &[String]| -> bool {
        !name.is_empty()
            && i + name.len() <= folds.len()
            && !(i..i + name.len()).any(comparative)
            && name.iter().zip(&folds[i..]).enumerate().all(|(k, (n, f))| {
                if strict[i + k] {
                    n == f || plural_of_name(n, f)
                } else {
                    same_word(n, f) || contracts(n, f)
                }
            })
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        // Quoted text is one literal.
        if let Some(&(qs, qe)) = quotes.iter().find(|(s, e)| tokens[i].start >= *s && tokens[i].end <= *e) {
            let mut j = i;
            while j < tokens.len() && tokens[j].end <= qe {
                j += 1;
            }
            out.push(Span { tag: Tag::Quoted(q[qs..qe].to_string()), start: i, end: j, raw: q[qs..qe].to_string(), used: false });
            i = j;
            continue;
        }
        let mut best: Option<(usize, Tag, u8)> = None; // (len, tag, rank: higher wins ties)
        let mut offer = |len: usize, tag: Tag, rank: u8| {
            if best.as_ref().is_none_or(|(l, _, r)| len > *l || (len == *l && rank > *r)) {
                best = Some((len, tag, rank));
            }
        };
        // Keywords.
        for len in (1..=MAX_PHRASE.min(tokens.len() - i)).rev() {
            let phrase = folds[i..i + len].join(" ");
            if let Some((_, cue)) = lx.phrases.iter().find(|(p, _)| *p == phrase) {
                offer(len, Tag::Cue(*cue), if structural(*cue) { 5 } else { 1 });
                break;
            }
        }
        // Numbers in words.
        if let Some(n) = lx.number_word(folds[i]) {
            offer(1, Tag::Number(n as f64), 2);
        }
        // Dates written in words: "1 de enero de 2012", "July 4, 2014", "4. Juli 2014".
        if let Some((len, iso)) = date_in_words(tokens, i) {
            offer(len, Tag::Date(iso), 7);
        }
        // "August 1960", "diciembre de 1958" in a monthly series: that month's row.
        if cat.fields.iter().any(|f| f.monthly) {
            if let Some((len, iso)) = month_and_year(tokens, i) {
                offer(len, Tag::Date(iso), 7);
            }
        }
        // Digits and dates ("the 1990s", "the 90s", "90er": a decade, read by its first year).
        // "los años 90", "els anys 80": the decade word and its number are one span.
        let decade_after_word = super::lang::is_decade_word(folds[i])
            .then(|| tokens.get(i + 1).and_then(|t| super::lang::decade_of(&format!("{}s", t.raw))))
            .flatten();
        if let Some(d) = decade_after_word {
            offer(2, Tag::Number(d), 7);
        }
        // ("in their 40s" is an age: two digits after a possessive are no decade.)
        let possessive = i > 0
            && matches!(
                folds[i - 1],
                "their"
                    | "his"
                    | "her"
                    | "my"
                    | "our"
                    | "your"
                    | "sus"
                    | "su"
                    | "seus"
                    | "seves"
                    | "seu"
                    | "seva"
                    | "ihren"
                    | "ihrer"
                    | "seinen"
                    | "seiner"
            );
        let two_digits = tokens[i].raw.trim_start_matches(['\'', '’']).chars().take_while(char::is_ascii_digit).count() == 2;
        let decade = super::lang::decade_of(&tokens[i].raw).filter(|_| !(possessive && two_digits));
        if let Some(d) = decade {
            offer(1, Tag::Number(d), 6);
        } else if let Some(n) = super::text::parse_number_in(&tokens[i].raw, lang) {
            offer(1, Tag::Number(n), 6);
            // "6+" in a table whose category is written "6+" (a strength class, an age band).
            if q[tokens[i].end..].starts_with('+') {
                if let Some(hits) = cat.values.get(&format!("{}+", folds[i])) {
                    offer(1, Tag::Value(hits.clone()), 8);
                }
            }
        } else if let Some(n) = ordinal_digits(&tokens[i].raw).filter(|_| {
            // (Not a value written so, "1st" class; nor a threshold: "older than 3rd" says no number.)
            let threshold = i > 0 && matches!(folds[i - 1], "than" | "over" | "above" | "below" | "under" | "que" | "als");
            !(cat.values.contains_key(folds[i]) || threshold)
        }) {
            // "the 117th congress", "el 111º Congreso", "al 117è Congrés": the number an ordinal says.
            offer(1, Tag::Number(n), 5);
        } else if tokens[i].raw.contains(['-', '/', '.']) {
            if let Some(d) = parse_date(&tokens[i].raw, DateOrder::YearFirst).or_else(|| parse_date(&tokens[i].raw, DateOrder::DayMonth)) {
                offer(1, Tag::Date(d.date.format("%Y-%m-%d").to_string()), 6);
            }
        }
        // Field groups and fields (full names).
        for (g, group) in cat.groups.iter().enumerate() {
            for name in &group.names {
                if matches_at(i, name) {
                    offer(name.len(), Tag::Group(g), 4);
                }
            }
        }
        let mut field_hits: Vec<(usize, usize)> = Vec::new();
        for (f, field) in cat.fields.iter().enumerate() {
            for name in &field.names {
                // "any" (Catalan for year) or "data" (a date) is a stop word in an English question,
                // unless the column itself is called so. (Only in English: a German "Art" given as
                // the translation of species is that field, though "Art" is also a German stop word.)
                // ("degrees" is a stop word, but the unit of a temperature.)
                let unit = matches!(name[0].as_str(), "degrees" | "degree");
                let borrowed_stop =
                    lang == Lang::En && name.len() == 1 && is_stop(&name[0]) && !unit && !name_words(&field.name).contains(&name[0]);
                if matches_at(i, name) && !borrowed_stop {
                    field_hits.push((f, name.len()));
                } else if name.len() > 1 && name.concat() == folds[i] {
                    // "MarkDown2" typed as the column is written: the whole name in one word.
                    field_hits.push((f, 1));
                }
            }
        }
        if let Some(longest) = field_hits.iter().map(|(_, l)| *l).max() {
            let mut fs: Vec<usize> = field_hits.iter().filter(|(_, l)| *l == longest).map(|(f, _)| *f).collect();
            fs.sort();
            fs.dedup();
            // "category" with Category and Sub-Category: the field called exactly so is meant.
            let own: Vec<usize> = fs
                .iter()
                .copied()
                .filter(|&f| {
                    cat.fields[f].names.first().is_some_and(|n| n.len() == longest && n.iter().zip(&folds[i..]).all(|(a, b)| a == b))
                })
                .collect();
            if own.len() == 1 && fs.len() > 1 {
                fs = own;
            }
            offer(longest, Tag::Field(fs), 4);
        } else if folds[i].len() >= 4 && !strict[i] {
            // One word of a longer field name ("weight" → Weight_in_lbs; "length" → sepal or petal length).
            let mut fs: Vec<usize> = cat
                .fields
                .iter()
                .enumerate()
                .filter(|(_, f)| {
                    f.names.iter().any(|n| {
                        n.iter().any(|w| {
                            // ("inspected" is not `inspection_score`: a verb says what befell the rows.)
                            let verb = folds[i].ends_with("ed") && !w.ends_with("ed");
                            (n.len() > 1 && w.len() >= 4 && !verb && same_word(w, folds[i])) || abbreviates(w, folds[i])
                        })
                    })
                })
                .map(|(f, _)| f)
                .collect();
            fs.dedup();
            if fs.len() > 1 {
                fs = word_of_names(&fs, folds[i], cat);
            }
            if !fs.is_empty() {
                offer(1, Tag::Field(fs), 0);
            }
        }
        // A run-together name spelled out: "tumour size" → tsize, "GDP per capita" → gdpPercap,
        // "hormone therapy" → horTh.
        for len in 2..=4.min(tokens.len() - i) {
            let words = &folds[i..i + len];
            if words.iter().any(|w| parse_number(w).is_some() || is_stop(w)) {
                continue;
            }
            let fs: Vec<usize> = cat
                .fields
                .iter()
                .enumerate()
                // ("lowest and" does not spell "land", a word of four letters.)
                .filter(|(_, f)| {
                    f.names.iter().any(|n| (n.concat().len() >= 5 && spells_out(&n.concat(), words)) || initials_spell_out(n, words))
                })
                .map(|(f, _)| f)
                .collect();
            if !fs.is_empty() {
                offer(len, Tag::Field(fs), 1);
            }
        }
        // "highway mpg" → mpg_h, "city mpg" → mpg_c: a name of a word and one letter, the letter
        // the initial of the question's word beside the other, in either order.
        if i + 1 < tokens.len() && !is_stop(folds[i]) && !is_stop(folds[i + 1]) {
            let fs: Vec<usize> =
                (0..cat.fields.len()).filter(|&f| cat.fields[f].names.iter().any(|n| letter_and_word(n, folds[i], folds[i + 1]))).collect();
            if fs.len() == 1 {
                offer(2, Tag::Field(fs), 1);
            }
        }
        // Row aliases.
        for alias in &cat.aliases {
            if matches_at(i, alias) {
                // ("town" in towny.csv, where csd_type holds "town": a value said exactly outranks
                // a row noun said only nearly.)
                let exact = alias.iter().zip(&folds[i..]).all(|(a, f)| a == f);
                offer(alias.len(), Tag::Alias, if exact { 3 } else { 2 });
            }
        }
        // A one-word field name in a sibling language: "emisiones" for emissions (not in English,
        // where the same likeness is an inflection: "arrested" for a column `arrest` is its value).
        if !strict[i] && lang != Lang::En {
            // Names of several words run together too: "subcategoría" for Sub-Category.
            let fs: Vec<usize> = cat
                .fields
                .iter()
                .enumerate()
                .filter(|(_, f)| f.names.iter().any(|n| cognate(&n.concat(), folds[i])))
                .map(|(f, _)| f)
                .collect();
            if fs.len() == 1 {
                offer(1, Tag::Field(fs), 0);
            }
        }
        // The file's head noun in another language: "senadores", "senadors", "Senatoren" for senators.
        if let Some(head) = cat.head_noun.as_deref() {
            if (cognate(head, folds[i]) || topic_cognate(head, folds[i])) && !strict[i] {
                offer(1, cat.head_field.map_or(Tag::Alias, |f| Tag::Field(vec![f])), 0);
            }
        }
        // Values named without their field.
        for len in (1..=cat.max_value_words.min(tokens.len() - i)).rev() {
            let key = folds[i..i + len].join(" ");
            // "transition metals" names the value "transition metal": a plural on the last word.
            // ("Catholics", "hindus": the plural of a name in the column that names the rows, too.)
            let plural_of = |k: &str| {
                singulars(k).into_iter().find_map(|s| {
                    // ("the ferraris": a name that repeats over the rows is a kind of row too.)
                    cat.values.get(&s).filter(|hs| {
                        hs.iter().all(|h| cat.fields[h.field].categorical || Some(h.field) == cat.label || (h.rows >= 2 && !h.code))
                    })
                })
            };
            // "fossil fuel generation" names the value "Fossil Fuels": a singular for a plural value of several words.
            let singular_of = |k: &str| {
                (len >= 2)
                    .then(|| {
                        ["s", "es"].iter().find_map(|e| {
                            cat.values.get(&format!("{k}{e}")).filter(|hs| hs.iter().all(|h| cat.fields[h.field].categorical))
                        })
                    })
                    .flatten()
            };
            let Some(hits) = cat.values.get(&key).or_else(|| plural_of(&key)).or_else(|| singular_of(&key)) else { continue };
            let raw_caps = tokens[i..i + len].iter().all(|t| !t.raw.chars().any(char::is_lowercase));
            let keyword_like = len == 1 && (is_stop(folds[i]) || lx.phrases.iter().any(|(p, _)| *p == folds[i]) || folds[i].len() <= 2);
            // "the us population": after "the", a code typed in lower case is the code, not a pronoun.
            let after_the = len == 1 && i > 0 && folds[i - 1] == "the";
            let hits: Vec<ValueHit> =
                hits.iter().filter(|h| !(h.code || keyword_like) || raw_caps || (after_the && h.code)).cloned().collect();
            if !hits.is_empty() {
                // "25 de Mayo", a department, in a table without dates: the value, not the date it reads as.
                let undated =
                    !cat.fields.iter().any(|f| matches!(f.ty, crate::schema::ColumnType::Date | crate::schema::ColumnType::Datetime));
                offer(len, Tag::Value(hits), if len >= 2 && undated { 8 } else { 3 });
                break;
            }
        }
        // "rear wheel drive" for the value "rwd", "all wheel drive" for "awd": a short code of a
        // category, written in lower case, that is the initials of the three or four words said
        // (the first may be a common word). Codes in capitals are not: "strongest wind" is no SW.
        for len in (3..=4.min(tokens.len() - i)).rev() {
            let words = &folds[i..i + len];
            if !words.iter().all(|w| w.len() >= 3 && w.chars().all(char::is_alphabetic)) || words[1..].iter().any(|w| is_stop(w)) {
                continue;
            }
            let initials: String = words.iter().filter_map(|w| w.chars().next()).collect();
            let hits: Vec<ValueHit> = cat
                .values
                .get(&initials)
                .into_iter()
                .flatten()
                .filter(|h| cat.fields[h.field].categorical && h.value.len() == len && h.value.chars().all(|c| c.is_ascii_lowercase()))
                .cloned()
                .collect();
            if !hits.is_empty() {
                offer(len, Tag::Value(hits), 3);
                break;
            }
        }
        // "Q4 2010" for the value "Q42010", "AB 12" for "AB12": a code written in one piece, said
        // in two or three (letters and digits both in it, each piece letters-and-digits).
        for len in (2..=3.min(tokens.len() - i)).rev() {
            let pieces = &folds[i..i + len];
            let glued: String = pieces.concat();
            let plain = pieces.iter().all(|p| p.chars().all(|c| c.is_ascii_alphanumeric()))
                && glued.chars().any(|c| c.is_ascii_digit())
                && glued.chars().any(|c| c.is_ascii_alphabetic())
                && tokens[i..i + len].windows(2).all(|w| q[w[0].end..w[1].start].chars().all(char::is_whitespace));
            if let Some(hits) = cat.values.get(&glued).filter(|_| plain) {
                offer(len, Tag::Value(hits.clone()), 3);
                break;
            }
        }
        // "rainy days", "snowy", "sunny": an adjective made from a category value names that value.
        // Offered last with the lowest rank, so anything else the word could be wins.
        if !strict[i] {
            if let Some(hits) = adjective_base(folds[i]).iter().find_map(|b| cat.values.get(b.as_str())) {
                // Not a day or month written short ("sunny" is not Sun in a column of weekdays).
                let hits: Vec<ValueHit> =
                    hits.iter().filter(|h| !h.code && cat.fields[h.field].categorical && !calendar_field(cat, h.field)).cloned().collect();
                if !hits.is_empty() {
                    offer(1, Tag::Value(hits), 0);
                }
            }
        }
        match best {
            Some((len, tag, _)) => {
                let mut raw = q[tokens[i].start..tokens[i + len - 1].end].to_string();
                // "above 3.5%": the sign stays with the number (a column of fractions reads it /100).
                if matches!(tag, Tag::Number(_)) && q[tokens[i + len - 1].end..].starts_with('%') {
                    raw.push('%');
                }
                out.push(Span { tag, start: i, end: i + len, raw, used: false });
                i += len;
            }
            None => {
                let tag = if is_stop(folds[i]) { Tag::Stop } else { Tag::Unknown };
                out.push(Span { tag, start: i, end: i + 1, raw: tokens[i].raw.clone(), used: false });
                i += 1;
            }
        }
    }
    place_question(&mut out, lang);
    quarters_of_years(&mut out, cat);
    from_to_range(&mut out);
    narrowed_by_neighbours(&mut out, cat);
    names_over_codes(&mut out, cat);
    kinds_after_categories(&mut out, cat);
    numbers_naming_columns(&mut out, cat);
    numbered_columns(&mut out, cat);
    join_number_words(&mut out);
    ordinal_before_field(&mut out, cat);
    comparative_before_value(&mut out);
    scale_numbers(&mut out);
    // Before the words beside a field are read as part of its name ("tretament group").
    slipped_letters(&mut out, cat, lang);
    join_field_words(&mut out, cat, lang);
    relating_verbs(&mut out, cat);
    add_implied_fields(&mut out, tokens, cat);
    resolve_ambiguity(&mut out, cat);
    dimension_adjectives(&mut out, cat);
    named_again(&mut out);
    prefer_extreme(&mut out, cat);
    symbol_names(&mut out, cat);
    spans_of_column_families(&mut out, cat);
    years_of_column_families(&mut out, cat);
    numbers_in_lists(&mut out, cat);
    extreme_pair_nouns(&mut out, cat);
    superlative_first(&mut out);
    stemmed_fields(&mut out, cat, lang);
    partial_names(&mut out, cat);
    words_of_few_values(&mut out, cat);
    filler_phrases(&mut out);
    spans_of_the_data(&mut out);
    out_of(&mut out);
    across_the_rest(&mut out);
    participles_before_places(&mut out, cat);
    verbs_of_lasting(&mut out, cat);
    verbs_of_named_values(&mut out, cat);
    forms_of_named_fields(&mut out, cat);
    qualified_fields(&mut out, cat);
    months_as_columns(&mut out, cat);
    as_many_as(&mut out);
    names_of_a_field(&mut out, cat);
    whole_year_periods(&mut out);
    month_shared_by_years(&mut out);
    trading_days(&mut out, cat);
    shares_held(&mut out, cat);
    units_after_numbers(&mut out, cat);
    units_of_named_fields(&mut out, cat);
    start_and_end_fields(&mut out, cat);
    all_combined(&mut out);
    of_all_the_rows(&mut out, cat);
    starting_in_a_year(&mut out, cat);
    territory_names(&mut out, cat);
    initials_of_values(&mut out, cat);
    words_spelling_a_field(&mut out, cat);
    whole_of_the_data(&mut out);
    if lang == Lang::En {
        topic_words(&mut out, cat);
    } else {
        translated_topic_words(&mut out, cat);
    }
    verb_before_operator(&mut out);
    reach_a_number(&mut out);
    names_of_coded_columns(&mut out, cat);
    period_asked(&mut out, cat);
    if lang != Lang::En {
        cognate_values(&mut out, cat);
    }
    // Again, for values the passes above named ("lower than in Orkney" → Orkney_Islands).
    comparative_before_value(&mut out);
    between_two_values(&mut out, cat);
    percent_of_people_fields(&mut out, cat);
    rain_as_a_verb(&mut out, cat);
    measure_nouns(&mut out, cat);
    label_plural_names_rows(&mut out, cat, tokens, q);
    fewest_rows_named(&mut out);
    rates_per_number(&mut out, cat);
    period_adjectives(&mut out, cat);
    averages_of_one_row(&mut out, cat);
    periods_counted_are_rows(&mut out, cat);
    one_letter_names(&mut out, cat);
    shortened_field_names(&mut out, cat);
    adjectives_of_measures(&mut out, cat);
    counts_over_rates(&mut out, cat);
    number_of_counted_things(&mut out, cat);
    demonym_values(&mut out, cat);
    initials_of_fields(&mut out, cat);
    rows_noun_of_unnamed_rows(&mut out, cat);
    abbreviated_days_and_months(&mut out, cat);
    yes_no_nouns(&mut out, cat);
    fields_by_other_words(&mut out, cat);
    sex_flags(&mut out, cat);
    event_verbs_of_dates(&mut out, cat);
    years_of_dates(&mut out, cat);
    events_of_every_row(&mut out, cat);
    flags_said_of_rows(&mut out, cat);
    truncated_values(&mut out, cat);
    first_period(&mut out, cat);
    entities_of_a_named_row(&mut out, cat);
    prefixed_names(&mut out, cat);
    shortened_plurals(&mut out, cat);
    // Again, for the fields the passes above named ("last observed" → the observation's date).
    named_again(&mut out);
    totals_by_default(&mut out, cat);
    parenthesised_glosses(&mut out, tokens, q);
    comparative_que(&mut out);
    flag_complements(&mut out, cat);
    first_named_first(&mut out, tokens, q);
    comparative_before_value(&mut out);
    evaluative_superlatives(&mut out, cat);
    which_year(&mut out, cat);
    ordinal_values(&mut out, cat);
    times_of_a_time_field(&mut out, cat);
    speed_of_times(&mut out, cat);
    person_nouns(&mut out, cat);
    rows_noun_of_named_rows(&mut out, cat, lang);
    verbs_of_winning(&mut out, cat);
    verbs_of_selling(&mut out, cat);
    if lang == Lang::En {
        verbs_of_row_events(&mut out, cat);
    }
    names_within_names(&mut out, cat);
    quoted_values(&mut out, cat);
    most_of_the_rows(&mut out, lang);
    by_agents_and_counts(&mut out, cat);
    before_a_year(&mut out);
    which_one(&mut out);
    numbered_months(&mut out, cat);
    objects_of_verbs(&mut out);
    aggregates_named_as_columns(&mut out, cat);
    averages_in_names(&mut out, cat);
    base_currency(&mut out, cat);
    text_after_text_operators(&mut out, cat);
    every_value_unique(&mut out);
    shares_of_share_columns(&mut out, cat);
    rate_words_of_fields(&mut out, cat);
    auxiliary_fields(&mut out, cat);
    compass_points(&mut out, cat);
    purpose_gerunds(&mut out, cat);
    lengths_of_time(&mut out, cat);
    kind_after_value(&mut out, cat);
    field_with_superlative(&mut out, cat);
    heads_of_values(&mut out, cat);
    ambiguity_by_a_named_one(&mut out);
    at_least_one_row(&mut out);
    revenue_of_prices(&mut out, cat);
    freezing_point(&mut out, cat);
    restated_comparisons(&mut out);
    named_thresholds(&mut out, cat);
    adding_up_to(&mut out);
    leading_words_of_values(&mut out, cat);
    initials_of_prefixed_fields(&mut out, cat);
    ids_said_of_rows(&mut out, cat);
    codes_named_as_codes(&mut out, cat);
    contains_as_having(&mut out);
    descriptions_as_fields(&mut out, cat);
    if lang == Lang::De {
        german_articles(&mut out, cat);
    }
    rows_noun_before_field(&mut out);
    out
}

/// "no business type given", "the player age": the rows' noun, singular, right before a field
/// only says whose field it is; the two are one name of the field. (Not "which animal sleeps",
/// "one senator appointed": a verb after the rows asked for or counted.)
fn rows_noun_before_field(out: &mut Vec<Span>) {
    let mut i = 0;
    while i + 1 < out.len() {
        let w = super::text::fold(&out[i].raw);
        let singular = !w.ends_with('s') || w.ends_with("ss") || w.ends_with("us") || w.ends_with("is");
        let next = super::text::fold(&out[i + 1].raw);
        let verb_like = next.ends_with("ed") || (next.ends_with('s') && !next.ends_with("ss"));
        let asked_or_counted = out[..i]
            .iter()
            .rev()
            .find(|s| s.tag != Tag::Stop)
            .is_some_and(|s| matches!(s.tag, Tag::Number(_) | Tag::Cue(Cue::Which | Cue::What | Cue::Who)));
        // ("more Latino than Black people die": a value before the noun says which rows; a verb follows.)
        let qualified = i > 0 && matches!(out[i - 1].tag, Tag::Value(_));
        if out[i].tag == Tag::Alias
            && singular
            && !verb_like
            && !asked_or_counted
            && !qualified
            && matches!(&out[i + 1].tag, Tag::Field(fs) if !fs.is_empty())
            && !out[i + 1].raw.is_empty()
        {
            let noun = out.remove(i);
            out[i].raw = format!("{} {}", noun.raw, out[i].raw);
            out[i].start = noun.start;
        }
        i += 1;
    }
}

/// "gab es die wenigsten Fälle" over `Dengue_Deaths`: in German "die" is the article, never the
/// English verb of a family of death words (nor any other field, unless one is so named).
fn german_articles(out: &mut [Span], cat: &Catalog) {
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        let article = matches!(w.as_str(), "die" | "der" | "das" | "den" | "dem" | "des");
        if article && matches!(s.tag, Tag::Field(_)) && !cat.fields.iter().any(|f| name_words(&f.name) == [w.clone()]) {
            s.tag = Tag::Stop;
        }
    }
}

/// "the description of code E119" with `ICD CODE` and `ICD CODE DESCRIPTION`: "description" names
/// the column that describes the field said next (or the one column so named), not the whole row.
fn descriptions_as_fields(out: &mut [Span], cat: &Catalog) {
    for i in 0..out.len() {
        if out[i].cue() != Some(Cue::Description) || out[i].end - out[i].start != 1 {
            continue;
        }
        let w = super::text::fold(&out[i].raw);
        let named: Vec<usize> = (0..cat.fields.len()).filter(|&g| name_words(&cat.fields[g].name).last() == Some(&w)).collect();
        if named.is_empty() {
            continue;
        }
        let next = out[i + 1..].iter().find_map(|s| match &s.tag {
            Tag::Field(fs) if fs.len() == 1 => Some(fs[0]),
            _ => None,
        });
        let of_next = next.and_then(|f| {
            let own = name_words(&cat.fields[f].name);
            named.iter().copied().find(|&g| {
                let gw = name_words(&cat.fields[g].name);
                gw.len() == own.len() + 1 && gw.starts_with(&own)
            })
        });
        if let Some(g) = of_next.or(if named.len() == 1 { Some(named[0]) } else { None }) {
            out[i].tag = Tag::Field(vec![g]);
        }
    }
}

/// "which group contains the most categories", "contains more than 10 codes": "contains" before a
/// quantity is having, not a part of a text.
fn contains_as_having(out: &mut [Span]) {
    for i in 0..out.len() {
        if out[i].cue() != Some(Cue::Contains) {
            continue;
        }
        let next = out[i + 1..].iter().find(|s| s.tag != Tag::Stop);
        if next.is_some_and(|s| {
            matches!(s.tag, Tag::Number(_))
                || matches!(s.cue(), Some(Cue::Most | Cue::Least | Cue::High | Cue::Low | Cue::Op(_) | Cue::Distinct))
        }) {
            out[i].tag = Tag::Stop;
        }
    }
}

/// "an IATA code", "den ICAO-Code" with columns `iata`, `icao`: the word "code" after a column's
/// name says what the column holds, nothing more.
fn codes_named_as_codes(out: &mut [Span], cat: &Catalog) {
    for i in 1..out.len() {
        let w = super::text::fold(&out[i].raw);
        if out[i].tag != Tag::Unknown || !matches!(w.as_str(), "code" | "codes" | "codigo" | "codigos" | "codi" | "codis") {
            continue;
        }
        if matches!(&out[i - 1].tag, Tag::Field(fs) if fs.len() == 1 && matches!(cat.fields[fs[0]].ty, crate::schema::ColumnType::Text | crate::schema::ColumnType::Identifier))
        {
            out[i].tag = Tag::Stop;
        }
    }
}

/// "are there any orders from 2012" with a repeated `order_id`: the noun of an id counts the ids
/// ("how many orders") or groups by them ("which order…"); asked of nothing else it is the rows.
fn ids_said_of_rows(out: &mut [Span], cat: &Catalog) {
    let asks_ids = out.iter().any(|s| {
        matches!(
            s.cue(),
            Some(
                Cue::HowMany
                    | Cue::Distinct
                    | Cue::Which
                    | Cue::Who
                    | Cue::What
                    | Cue::Per
                    | Cue::Top
                    | Cue::Bottom
                    | Cue::Most
                    | Cue::Least
                    | Cue::Values
                    | Cue::List
            )
        )
    });
    if asks_ids {
        return;
    }
    // ("does every order have a line 1" asks of each id's rows together: not of every row.)
    let every_word = |s: &Span| super::lang::is_every_word(&super::text::fold(&s.raw));
    for i in 0..out.len() {
        let Tag::Field(fs) = &out[i].tag else { continue };
        let [f] = fs.as_slice() else { continue };
        let fi = &cat.fields[*f];
        let id = fi.named_id() && fi.distinct > 1 && fi.distinct < cat.rows;
        let every = out[..i].iter().rev().find(|s| s.tag != Tag::Stop || every_word(s)).is_some_and(every_word);
        if id
            && !every
            && !out[i].raw.is_empty()
            && !super::text::fold(&out[i].raw).split_whitespace().any(|w| w == "id" || w.ends_with("_id"))
        {
            out[i].tag = Tag::Alias;
        }
    }
}

/// "Do the frequencies add up to exactly 100?": adding up is the sum, and "up to" its equality (an
/// operator said after it stays), not a bound of "at most".
fn adding_up_to(out: &mut [Span]) {
    for i in 0..out.len().saturating_sub(1) {
        let add =
            matches!(super::text::fold(&out[i].raw).as_str(), "add" | "adds" | "added" | "sum" | "sums" | "summed" | "total" | "totals");
        if !add || !matches!(out[i].tag, Tag::Unknown | Tag::Stop | Tag::Cue(Cue::Sum)) || out[i + 1].cue() != Some(Cue::Op(CmpOp::Le)) {
            continue;
        }
        if super::text::fold(&out[i + 1].raw) != "up to" {
            continue;
        }
        out[i].tag = Tag::Cue(Cue::Sum);
        let said = out.get(i + 2).is_some_and(|s| matches!(s.cue(), Some(Cue::Op(_))));
        out[i + 1].tag = if said { Tag::Stop } else { Tag::Cue(Cue::Op(CmpOp::Eq)) };
    }
}

/// "below freezing (under 32F)", "below freezing all day (high under 32)": one comparison said
/// twice, the second in other words; the one that names no field before it is the restatement.
fn restated_comparisons(out: &mut [Span]) {
    let pairs: Vec<(usize, usize)> = (0..out.len())
        .filter(|&i| matches!(out[i].cue(), Some(Cue::Op(_))))
        .filter_map(|i| {
            let j = (i + 1..out.len()).find(|&j| out[j].tag != Tag::Stop)?;
            matches!(out[j].tag, Tag::Number(_)).then_some((i, j))
        })
        .collect();
    let [(a, x), (b, y)] = pairs[..] else { return };
    let same = out[a].cue() == out[b].cue() && matches!((&out[x].tag, &out[y].tag), (Tag::Number(m), Tag::Number(n)) if m == n);
    // Two conditions joined ("more than 5 cylinders and more than 5 gears") are not one restated.
    let joined = out[x + 1..b].iter().any(|s| matches!(s.cue(), Some(Cue::And | Cue::Or)));
    let own_field = |n: usize| out[n + 1..].iter().find(|s| s.tag != Tag::Stop).is_some_and(|s| matches!(s.tag, Tag::Field(_)));
    if !same || joined || own_field(x) || own_field(y) {
        return;
    }
    let fielded = |i: usize| out[..i].iter().rev().find(|s| s.tag != Tag::Stop).is_some_and(|s| matches!(s.tag, Tag::Field(_)));
    let (drop_op, drop_num) = if fielded(a) || !fielded(b) { (b, y) } else { (a, x) };
    for k in [drop_op, drop_num] {
        out[k].tag = Tag::Stop;
        out[k].used = true;
    }
}

/// "below freezing" over temperatures: the freezing point in the table's scale, 32 where the
/// temperatures read as Fahrenheit (some above 70), 0 where as Celsius (none above 50); else unread.
fn freezing_point(out: &mut [Span], cat: &Catalog) {
    let temps: Vec<(f64, f64)> = cat
        .fields
        .iter()
        .filter(|f| {
            f.ty.is_numeric()
                && name_words(&f.name).iter().any(|w| matches!(w.as_str(), "temp" | "temperature" | "tmax" | "tmin" | "tavg" | "tmean"))
        })
        .filter_map(|f| f.range)
        .collect();
    if temps.is_empty() {
        return;
    }
    let top = temps.iter().map(|r| r.1).fold(f64::MIN, f64::max);
    let point = if top > 70.0 {
        32.0
    } else if top <= 50.0 {
        0.0
    } else {
        return;
    };
    for i in 1..out.len() {
        let w = super::text::fold(&out[i].raw);
        if out[i].tag != Tag::Unknown || !matches!(w.as_str(), "freezing" | "gefrierpunkt" | "congelacion" | "congelacio") {
            continue;
        }
        // Only as what is compared with: "below freezing", "unter dem Gefrierpunkt".
        let op = out[..i].iter().rev().find(|s| s.tag != Tag::Stop).is_some_and(|s| matches!(s.cue(), Some(Cue::Op(_))));
        if op {
            out[i].tag = Tag::Number(point);
        }
    }
}

/// Words for the money rows bring in, folded: a sum of the one price column in a table of sales.
const REVENUE_WORDS: &[&str] = &[
    "revenue",
    "revenues",
    "money",
    "takings",
    "turnover",
    "ingresos",
    "facturacion",
    "dinero",
    "recaudacion",
    "ingressos",
    "facturacio",
    "diners",
    "umsatz",
    "umsatze",
    "einnahmen",
    "erlos",
    "erlose",
    "geld",
];

/// "Which name made the most revenue?", "Which month had the lowest sales revenue?" over rows that
/// each sold something at a `price`: the money is the sum of the one price column; "sales" beside it
/// says the same. A total is said where no aggregate is.
fn revenue_of_prices(out: &mut Vec<Span>, cat: &Catalog) {
    let priced: Vec<usize> = (0..cat.fields.len())
        .filter(|&f| {
            let fi = &cat.fields[f];
            fi.ty.is_numeric()
                && !fi.derived()
                && name_words(&fi.name).iter().any(|w| matches!(w.as_str(), "price" | "prices" | "cost" | "fare" | "amount" | "charge"))
        })
        .collect();
    let [price] = priced[..] else { return };
    let Some(i) = out.iter().position(|s| s.tag == Tag::Unknown && REVENUE_WORDS.contains(&super::text::fold(&s.raw).as_str())) else {
        return;
    };
    if out.iter().any(|s| matches!(&s.tag, Tag::Field(fs) if fs.iter().any(|&f| cat.fields[f].ty.is_numeric() && !timely_field(cat, f)))) {
        return;
    }
    out[i].tag = Tag::Field(vec![price]);
    if i > 0
        && out[i - 1].tag == Tag::Unknown
        && matches!(super::text::fold(&out[i - 1].raw).as_str(), "sales" | "ventas" | "vendes" | "verkauf")
    {
        out[i - 1].tag = Tag::Stop;
    }
    // ("made", "brought in", "generated": the verbs of money taken say nothing more.)
    for s in out.iter_mut().filter(|s| s.tag == Tag::Unknown) {
        if matches!(
            super::text::fold(&s.raw).as_str(),
            "made" | "make" | "makes" | "brought" | "bring" | "brings" | "generated" | "generate" | "generates" | "earned" | "earn"
        ) {
            s.tag = Tag::Stop;
        }
    }
    // (Also beside "the most": a ranking of rows by their price is not the money taken.)
    let aggregated = out.iter().any(|s| matches!(s.cue(), Some(Cue::Sum | Cue::Avg | Cue::Median | Cue::Min | Cue::Max)));
    if !aggregated {
        let at = out[i].start;
        out.insert(i, Span { tag: Tag::Cue(Cue::Sum), start: at, end: at, raw: "total".into(), used: false });
    }
}

/// "winning times in 1988 and 1992" with a column `Time`: "times" is the field's plural, not the
/// count of "how many times" (no number or "many" before it).
fn times_of_a_time_field(out: &mut [Span], cat: &Catalog) {
    let timed: Vec<usize> = (0..cat.fields.len())
        .filter(|&f| cat.fields[f].ty.is_numeric() && cat.fields[f].names.iter().any(|n| n.len() == 1 && n[0] == "time"))
        .collect();
    let [f] = timed[..] else { return };
    for i in 0..out.len() {
        if super::text::fold(&out[i].raw) != "times" || out[i].tag != Tag::Stop {
            continue;
        }
        let counted = i > 0
            && (matches!(out[i - 1].tag, Tag::Number(_))
                || out[i - 1].cue() == Some(Cue::HowMany)
                || matches!(super::text::fold(&out[i - 1].raw).as_str(), "many" | "several" | "few" | "multiple"));
        if !counted {
            out[i].tag = Tag::Field(vec![f]);
        }
    }
}

/// "below the replacement level of 2.1", "above a threshold of 100": after a comparison, words that
/// only name the number compared with ("the … of N") restate it; they name no field.
fn named_thresholds(out: &mut [Span], cat: &Catalog) {
    for i in 0..out.len() {
        if !matches!(out[i].cue(), Some(Cue::Op(_))) {
            continue;
        }
        let Some(of) = (i + 1..out.len().min(i + 6)).find(|&k| out[k].cue() == Some(Cue::Of)) else { continue };
        let number = matches!(out.get(of + 1).map(|s| &s.tag), Some(Tag::Number(_)));
        let words = &out[i + 1..of];
        // (A value every row holds restricts nothing: "rate" of a constant indicator name.)
        let everywhere = |s: &Span| matches!(&s.tag, Tag::Value(hs) if hs.iter().all(|h| h.rows == cat.rows));
        let plain =
            words.iter().all(|s| (matches!(s.tag, Tag::Unknown | Tag::Stop) || everywhere(s)) && s.raw.chars().all(char::is_alphabetic));
        let article = words.first().is_some_and(|s| matches!(super::text::fold(&s.raw).as_str(), "the" | "a" | "an"));
        if !number || !plain || !article || words.len() < 2 {
            continue;
        }
        for s in &mut out[i + 1..=of] {
            s.tag = Tag::Stop;
            s.used = true;
        }
    }
}

/// "Which periods contain at least one liquid element?": at least one row of a value (or of the
/// rows' noun) is that some row has it; neither a text match nor a bound on a number.
fn at_least_one_row(out: &mut [Span]) {
    for i in 0..out.len().saturating_sub(2) {
        let at_least = out[i].cue() == Some(Cue::Op(CmpOp::Ge));
        let one = matches!(out[i + 1].tag, Tag::Number(n) if n == 1.0);
        let row = matches!(out.get(i + 2).map(|s| &s.tag), Some(Tag::Value(_) | Tag::Alias));
        if !(at_least && one && row) {
            continue;
        }
        out[i].tag = Tag::Stop;
        out[i + 1].tag = Tag::Stop;
        if let Some(k) = (0..i).rev().find(|&k| out[k].tag != Tag::Stop) {
            if out[k].cue() == Some(Cue::Contains) {
                out[k].tag = Tag::Stop;
            }
        }
    }
}

/// "a grade III tumour", "the largest tumor" with `tsize` and `tgrade`: names that put one word's
/// initial before another ("t" for tumour) are said with the whole word. The word restates the
/// one such field the question names otherwise (by a value or its rest); beside a word of size
/// ("largest") it is the one whose rest is "size".
fn initials_of_prefixed_fields(out: &mut [Span], cat: &Catalog) {
    const SIZE: &[&str] = &[
        "largest",
        "biggest",
        "smallest",
        "larger",
        "bigger",
        "smaller",
        "large",
        "big",
        "small",
        "size",
        "mayor",
        "menor",
        "grande",
        "mas grande",
        "gran",
        "groesste",
        "grosste",
        "kleinste",
        "grosser",
        "kleiner",
    ];
    for i in 0..out.len() {
        let w = super::text::fold(&out[i].raw);
        if out[i].tag != Tag::Unknown || w.len() < 4 || !w.chars().all(|c| c.is_ascii_alphabetic()) {
            continue;
        }
        let initial = &w[..1];
        // Fields of one word, the initial then a rest of four letters or more ("tsize", "tgrade"; not "time").
        let prefixed: Vec<(usize, String)> = (0..cat.fields.len())
            .filter_map(|f| {
                let n = super::text::fold(&cat.fields[f].name);
                (n.len() >= 5
                    && n.starts_with(initial)
                    && n.chars().all(|c| c.is_ascii_alphabetic())
                    && !n.starts_with(&w[..2.min(w.len())]))
                .then(|| (f, n[1..].to_string()))
            })
            .collect();
        if prefixed.len() < 2 {
            continue;
        }
        let named = |f: usize| {
            out.iter().any(|s| match &s.tag {
                Tag::Value(hs) => hs.iter().all(|h| h.field == f),
                Tag::Field(fs) => fs.as_slice() == [f],
                _ => false,
            })
        };
        let said: Vec<usize> = prefixed.iter().map(|(f, _)| *f).filter(|&f| named(f)).collect();
        if let [_] = said.as_slice() {
            out[i].tag = Tag::Stop;
            continue;
        }
        let before = (0..i).rev().find(|&k| out[k].tag != Tag::Stop).map(|k| super::text::fold(&out[k].raw));
        let sized: Vec<usize> = prefixed.iter().filter(|(_, rest)| rest == "size").map(|(f, _)| *f).collect();
        // "a tumor of more than 100 mm", "un tumor de más de 100 mm": the size compared with a number.
        let compared = (i + 1..out.len().min(i + 5))
            .find(|&k| out[k].tag != Tag::Stop && out[k].cue() != Some(Cue::Of))
            .is_some_and(|k| matches!(out[k].cue(), Some(Cue::Op(_))) && out.get(k + 1).is_some_and(|n| matches!(n.tag, Tag::Number(_))));
        if let (Some(b), [f]) = (before, sized.as_slice()) {
            if (SIZE.contains(&b.as_str()) || compared) && said.is_empty() {
                out[i].tag = Tag::Field(vec![*f]);
            }
        } else if let [f] = sized.as_slice() {
            if compared && said.is_empty() {
                out[i].tag = Tag::Field(vec![*f]);
            }
        }
    }
}

/// "Turbo-shaft engines" with columns `engine` (its kind) and `engines` (a count): the word after
/// a value that is its own column's name, in the plural, says the value's kind, not the other column.
fn kind_after_value(out: &mut [Span], cat: &Catalog) {
    for i in 1..out.len() {
        let Tag::Value(hits) = &out[i - 1].tag else { continue };
        let Some(v) = hits.first().map(|h| h.field).filter(|v| hits.iter().all(|h| h.field == *v)) else { continue };
        let w = super::text::fold(&out[i].raw);
        let restates = cat.fields[v].names.iter().any(|n| matches!(n.as_slice(), [one] if *one != w && same_word(one, &w)));
        if restates && matches!(&out[i].tag, Tag::Field(fs) if !fs.contains(&v)) {
            out[i].tag = Tag::Field(vec![v]);
        }
    }
}

/// A field of points in time: dates, a column of years or of months.
fn timely_field(cat: &Catalog, f: usize) -> bool {
    let fi = &cat.fields[f];
    fi.yearly || fi.monthly || matches!(fi.ty, crate::schema::ColumnType::Date | crate::schema::ColumnType::Datetime)
}

/// A whole number a year can be (1000–2999).
fn year_number(t: &Tag) -> bool {
    matches!(t, Tag::Number(y) if y.fract() == 0.0 && (1000.0..=2999.0).contains(y))
}

/// "a life expectancy below 70 years", "més de 10 anys": years (months, days) counted after a
/// compared number are its unit, never the table's year (month, date) column.
fn lengths_of_time(out: &mut [Span], cat: &Catalog) {
    const PLURALS: &[&str] = &[
        "years", "yrs", "months", "days", "weeks", "anos", "meses", "dias", "semanas", "anys", "mesos", "dies", "setmanes", "jahre",
        "jahren", "monate", "monaten", "tage", "tagen", "wochen",
    ];
    for i in 2..out.len() {
        let timely = |f: &usize| timely_field(cat, *f);
        let counted = matches!(out[i - 1].tag, Tag::Number(n) if n < 1000.0) && matches!(out[i - 2].cue(), Some(Cue::Op(_)));
        if counted
            && matches!(&out[i].tag, Tag::Field(fs) if fs.iter().all(timely))
            && PLURALS.contains(&super::text::fold(&out[i].raw).as_str())
        {
            out[i].tag = Tag::Stop;
        }
    }
    // "married more than 20 years" with `yrs_married` and `age`: the unit after a number is
    // the unit of the field named beside it whose name holds that unit, not a field it implies.
    for i in 1..out.len() {
        let unit = super::text::fold(&out[i].raw);
        let Tag::Field(fs) = &out[i].tag else { continue };
        if !matches!(out[i - 1].tag, Tag::Number(_)) || !PLURALS.contains(&unit.as_str()) {
            continue;
        }
        let holds_unit = |g: usize| !fs.contains(&g) && cat.fields[g].names.iter().any(|n| n.len() >= 2 && n.contains(&unit));
        let named = out.iter().enumerate().any(|(j, s)| j != i && matches!(&s.tag, Tag::Field(gs) if gs.len() == 1 && holds_unit(gs[0])));
        if named {
            out[i].tag = Tag::Stop;
        }
    }
}

/// "which city name appears most often" beside a `name` column (the airports'): "name" after a
/// text field names that field's values, not the other column.
fn names_of_a_field(out: &mut [Span], cat: &Catalog) {
    for i in 1..out.len() {
        if !matches!(super::text::fold(&out[i].raw).as_str(), "name" | "names") {
            continue;
        }
        let (Tag::Field(a), Tag::Field(b)) = (&out[i - 1].tag, &out[i].tag) else { continue };
        let text = |f: usize| matches!(cat.fields[f].ty, crate::schema::ColumnType::Text);
        if a.len() == 1 && b.len() == 1 && a[0] != b[0] && text(a[0]) && !out[i - 1].raw.is_empty() {
            out[i].tag = Tag::Stop;
            out[i].used = true;
        }
    }
}

/// "How many entries are there for African countries?", "the most common regime among Asian
/// countries": a text field's noun closing the question right after another field's value is the
/// rows that value names, when something else before it is asked (the rows' noun, a field).
fn heads_of_values(out: &mut [Span], cat: &Catalog) {
    let Some(last) = out.iter().rposition(|s| s.tag != Tag::Stop && !s.raw.is_empty()) else { return };
    let Tag::Field(fs) = &out[last].tag else { return };
    if fs.len() != 1 || !matches!(cat.fields[fs[0]].ty, crate::schema::ColumnType::Text | crate::schema::ColumnType::Identifier) {
        return;
    }
    let Some(v) = (0..last).rev().find(|&k| out[k].tag != Tag::Stop) else { return };
    let valued = matches!(&out[v].tag, Tag::Value(hs) if !hs.is_empty() && hs.iter().all(|h| h.field != fs[0]));
    let asked_before = out[..v].iter().any(|s| s.tag == Tag::Alias || matches!(&s.tag, Tag::Field(gs) if !gs.contains(&fs[0])));
    if valued && v + 1 == last && asked_before && super::text::fold(&out[last].raw).ends_with('s') {
        out[last].tag = Tag::Stop;
        out[last].used = true;
    }
}

/// "Are there exactly as many men as women?", "tantos hombres como mujeres", "genauso viele Männer
/// wie Frauen": a comparison of two values, read as "more … than" (the yes/no stage asks for equality).
fn as_many_as(out: &mut [Span]) {
    let folds: Vec<String> = out.iter().map(|s| super::text::fold(&s.raw)).collect();
    let opening = (0..folds.len()).find_map(|i| {
        let two = folds.get(i + 1).map(String::as_str);
        match (folds[i].as_str(), two) {
            // (Counts only: "tip as much as men" reads "at least as much", not "exactly".)
            ("as", Some("many")) | ("genauso" | "gleich" | "ebenso" | "so", Some("viele")) => Some((i, 2)),
            ("tantos" | "tantas" | "tants" | "tantes", _) => Some((i, 1)),
            _ => None,
        }
    });
    let Some((i, len)) = opening else { return };
    let Some(k) = (i + len + 1..folds.len()).find(|&k| matches!(folds[k].as_str(), "as" | "como" | "com" | "wie")) else { return };
    // Values on both sides: "as many men as women".
    let value = |s: &Span| matches!(s.tag, Tag::Value(_));
    if !out[i + len..k].iter().any(value) || !out[k + 1..].iter().any(value) {
        return;
    }
    if i > 0 && matches!(out[i - 1].cue(), Some(Cue::Op(CmpOp::Eq))) {
        out[i - 1].tag = Tag::Stop;
        out[i - 1].used = true;
    }
    out[i].tag = Tag::Cue(Cue::More);
    for s in &mut out[i + 1..i + len] {
        s.tag = Tag::Stop;
        s.used = true;
    }
    out[k].tag = Tag::Stop;
    out[k].used = true;
}

/// "Which month varies the most?" in a table with a column per month (JAN … DEC): the months are
/// its columns, compared by a statistic each.
fn months_as_columns(out: &mut [Span], cat: &Catalog) {
    let months = cat.fields.iter().filter(|f| f.ty.is_numeric() && super::lang::names_month(&super::text::fold(&f.name))).count();
    if months < 3 {
        return;
    }
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        if s.tag == Tag::Unknown && super::lang::MONTH_NOUNS.contains(&w.as_str()) {
            s.tag = Tag::Cue(Cue::Columns);
        }
    }
}

/// "How many senators did Harper appoint?" where `Appointed on the advice of` holds "Harper, Stephen":
/// a verb whose stem is a word of the named value's field says what the value already does.
fn verbs_of_named_values(out: &mut [Span], cat: &Catalog) {
    let fields: Vec<usize> = out
        .iter()
        .filter_map(|s| match &s.tag {
            Tag::Value(hs) if !hs.is_empty() && hs.iter().all(|h| h.field == hs[0].field) => Some(hs[0].field),
            _ => None,
        })
        .collect();
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        if s.tag != Tag::Unknown || w.chars().count() < 5 || !w.chars().all(char::is_alphabetic) {
            continue;
        }
        let stem_of = |x: &str| {
            let common = x.chars().zip(w.chars()).take_while(|(a, b)| a == b).count();
            common >= 5 && common * 5 >= 4 * x.chars().count().min(w.chars().count())
        };
        if fields.iter().any(|&f| name_words(&cat.fields[f].name).iter().any(|x| stem_of(x))) {
            s.tag = Tag::Stop;
        }
    }
}

/// "How many rated their marriage a 5?", "each marriage rating" with `rate_marriage` named: a
/// verb or noun form of a word of a named field's name restates that field.
fn forms_of_named_fields(out: &mut [Span], cat: &Catalog) {
    let fields: Vec<usize> = out
        .iter()
        .filter_map(|s| match &s.tag {
            Tag::Field(fs) if fs.len() == 1 => Some(fs[0]),
            _ => None,
        })
        .collect();
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        if s.tag != Tag::Unknown || w.len() < 5 || !w.chars().all(|c| c.is_ascii_alphabetic()) {
            continue;
        }
        let mut stems: Vec<String> = Vec::new();
        for end in ["ed", "d", "ing", "s"] {
            if let Some(b) = w.strip_suffix(end) {
                stems.push(b.to_string());
                if end == "ing" {
                    stems.push(format!("{b}e"));
                }
            }
        }
        let restates = |f: usize| {
            let names = &cat.fields[f].names;
            names.iter().any(|n| n.len() >= 2 && n.iter().any(|x| x.len() >= 4 && stems.iter().any(|st| st == x)))
        };
        if fields.iter().any(|&f| restates(f)) {
            s.tag = Tag::Stop;
        }
    }
}

/// "occupation code for husbands" with `occupation` and `occupation_husb`: a field named beside a
/// field whose name is its own name and more is the longer one (the other word qualifies it).
fn qualified_fields(out: &mut [Span], cat: &Catalog) {
    let one = |s: &Span| match &s.tag {
        Tag::Field(fs) if fs.len() == 1 => Some(fs[0]),
        _ => None,
    };
    let own = |f: usize| name_words(&cat.fields[f].name);
    for i in 0..out.len() {
        let Some(a) = one(&out[i]) else { continue };
        let Some(j) = (i + 1..out.len().min(i + 5)).find(|&j| out[j].tag != Tag::Stop) else { continue };
        let Some(b) = one(&out[j]) else { continue };
        if a == b {
            continue;
        }
        let (wa, wb) = (own(a), own(b));
        let (short, long, keep, drop) = if wa.len() < wb.len() { (&wa, &wb, j, i) } else { (&wb, &wa, i, j) };
        // The longer field is named by its qualifier ("husbands" for `husb`), not by a synonym.
        let said = super::text::fold(&out[if wa.len() < wb.len() { j } else { i }].raw);
        let qualifier = long.get(short.len()..).unwrap_or_default().iter().any(|q| same_word(q, &said) || abbreviates(q, &said));
        if !short.is_empty() && long.len() > short.len() && long.starts_with(short) && qualifier {
            let f = if keep == j { b } else { a };
            out[keep].tag = Tag::Field(vec![f]);
            out[drop].tag = Tag::Stop;
        }
    }
}

/// "Who served the longest?", "how many days did senators serve": a verb of lasting names the one
/// field that holds how long each row lasted (`diff_days`, `duration`), or adds nothing when it is named.
fn verbs_of_lasting(out: &mut [Span], cat: &Catalog) {
    const VERBS: &[&str] = &[
        "serve",
        "served",
        "serving",
        "lasted",
        "lasting",
        "stayed",
        "remained",
        "reigned",
        "ruled",
        "sirvio",
        "sirvieron",
        "duro",
        "duraron",
        "diente",
        "dienten",
        "dauerte",
        "dauerten",
    ];
    const UNITS: &[&str] = &["days", "years", "months", "weeks", "duration", "tenure", "length"];
    let lasting: Vec<usize> = (0..cat.fields.len())
        .filter(|&f| {
            let fi = &cat.fields[f];
            fi.ty.is_numeric() && !fi.yearly && !fi.derived() && name_words(&fi.name).iter().any(|w| UNITS.contains(&w.as_str()))
        })
        .collect();
    let [d] = lasting.as_slice() else { return };
    let named = out.iter().any(|s| matches!(&s.tag, Tag::Field(fs) if fs.as_slice() == [*d]));
    // ("How many meals were served?" asks nothing of how long: a length is asked by a measure of it.)
    let measured = out.iter().any(|s| {
        matches!(
            s.cue(),
            Some(Cue::High | Cue::Low | Cue::Op(_) | Cue::Avg | Cue::Sum | Cue::Median | Cue::Max | Cue::Min | Cue::Top | Cue::Bottom)
        )
    });
    if !named && !measured {
        return;
    }
    for s in out.iter_mut() {
        if s.tag != Tag::Unknown || !VERBS.contains(&super::text::fold(&s.raw).as_str()) {
            continue;
        }
        s.tag = if named { Tag::Stop } else { Tag::Field(vec![*d]) };
    }
}

/// "no reason given for leaving": an -ing word after "for" that follows a field of text says what
/// the field is about, nothing its name does not. (Not after "of": "years of schooling" names
/// another column than the years.)
fn purpose_gerunds(out: &mut [Span], cat: &Catalog) {
    for i in 2..out.len() {
        let w = super::text::fold(&out[i].raw);
        if out[i].tag != Tag::Unknown || w.len() < 6 || !w.ends_with("ing") || super::text::fold(&out[i - 1].raw) != "for" {
            continue;
        }
        // The field before, over stop words ("reason given for leaving").
        let field = out[..i - 1]
            .iter()
            .rev()
            .take(3)
            .find(|s| s.tag != Tag::Stop)
            .is_some_and(|s| matches!(&s.tag, Tag::Field(fs) if fs.len() == 1 && !cat.fields[fs[0]].ty.is_numeric()));
        if field {
            out[i].tag = Tag::Stop;
        }
    }
}

/// The sixteen points of a wind rose, as tables code them (folded).
const COMPASS_CODES: &[&str] = &["n", "nne", "ne", "ene", "e", "ese", "se", "sse", "s", "ssw", "sw", "wsw", "w", "wnw", "nw", "nnw"];

/// The word for a point of the compass in four languages (folded), and its code. Spanish "este"
/// is also "this": it counts only after "del" or "al".
fn compass_code(w: &str) -> Option<&'static str> {
    Some(match w {
        "north" | "norte" | "nord" | "norden" => "n",
        "south" | "sur" | "sud" | "suden" => "s",
        "east" | "est" | "ost" | "osten" => "e",
        "west" | "oeste" | "oest" | "westen" => "w",
        "northeast" | "noreste" | "nordeste" | "nordest" | "nordost" | "nordosten" => "ne",
        "northwest" | "noroeste" | "nordoest" | "nordwest" | "nordwesten" => "nw",
        "southeast" | "sureste" | "sudeste" | "sudest" | "sudost" | "sudosten" => "se",
        "southwest" | "suroeste" | "sudoeste" | "sudoest" | "sudwest" | "sudwesten" => "sw",
        _ => return None,
    })
}

/// "north wind", "viento del oeste", "Wind aus Nordost" over a column of wind-rose codes (N, NNE,
/// …, NW): the word is that code. "north east" said in two words is NE.
fn compass_points(out: &mut [Span], cat: &Catalog) {
    // Most questions name no point: the table's values are not scanned for them.
    if !out.iter().any(|s| compass_code(&super::text::fold(&s.raw)).is_some()) {
        return;
    }
    let Some(field) = (0..cat.fields.len()).find(|&f| {
        let codes: std::collections::HashSet<String> =
            cat.values.values().flatten().filter(|h| h.field == f).map(|h| h.value.to_lowercase()).collect();
        codes.len() >= 4 && codes.iter().all(|k| COMPASS_CODES.contains(&k.as_str()))
    }) else {
        return;
    };
    let hit = |code: &str| -> Option<Vec<ValueHit>> {
        // Named by a word, not typed as the code: not the all-caps rule's to check.
        let hits: Vec<ValueHit> =
            cat.values.get(code)?.iter().filter(|h| h.field == field).map(|h| ValueHit { code: false, ..h.clone() }).collect();
        (!hits.is_empty()).then_some(hits)
    };
    for i in 0..out.len() {
        if !matches!(out[i].tag, Tag::Unknown | Tag::Stop) {
            continue;
        }
        let w = super::text::fold(&out[i].raw);
        let Some(mut code) = compass_code(&w).map(str::to_string) else { continue };
        if w == "este" && !(i > 0 && matches!(super::text::fold(&out[i - 1].raw).as_str(), "del" | "al")) {
            continue;
        }
        if out[i].tag == Tag::Stop && w != "este" {
            continue;
        }
        // "north east": one point in two words.
        let next = out.get(i + 1).map(|s| super::text::fold(&s.raw)).and_then(|n| compass_code(&n));
        let joined = matches!(code.as_str(), "n" | "s") && matches!(next, Some("e" | "w"));
        if joined {
            code.push_str(next.unwrap_or_default());
        }
        if let Some(hits) = hit(&code) {
            out[i].tag = Tag::Value(hits);
            if joined {
                out[i + 1].tag = Tag::Stop;
            }
        }
    }
}

/// Words a column's name ends with when it holds a figure about another column's values rather
/// than values of its own: `atomic_mass_uncert` beside `atomic_mass`.
const AUXILIARY: &[&str] = &["uncert", "uncertainty", "unc", "err", "error", "stderr", "se", "sd", "flag", "flags", "note", "notes", "qc"];

/// Of several fields a word names, those it heads: a column's auxiliaries go (`atomic_mass_uncert`
/// beside `atomic_mass`), and names that end with one of `words` win, as English puts the head noun
/// last ("mass" → `atomic_mass`, not `mass_excess`). All of them when no name ends so.
fn headed_by(fs: &[usize], words: &[&str], cat: &Catalog) -> Vec<usize> {
    let main = without_auxiliaries(fs, cat);
    let headed: Vec<usize> = main
        .iter()
        .copied()
        .filter(|&f| name_words(&cat.fields[f].name).last().is_some_and(|l| words.iter().any(|w| same_word(l, w))))
        .collect();
    if headed.is_empty() {
        main
    } else {
        headed
    }
}

/// The fields that are not another one's auxiliary (`atomic_mass_uncert` beside `atomic_mass`).
fn without_auxiliaries(fs: &[usize], cat: &Catalog) -> Vec<usize> {
    let words_of = |f: usize| name_words(&cat.fields[f].name);
    fs.iter()
        .copied()
        .filter(|&f| {
            let a = words_of(f);
            !fs.iter().any(|&g| {
                let b = words_of(g);
                g != f && b.len() < a.len() && a.starts_with(&b) && a[b.len()..].iter().all(|w| AUXILIARY.contains(&w.as_str()))
            })
        })
        .collect()
}

/// "Which mass do you mean: atomic_mass, atomic_mass_uncert…?": a word still naming several
/// fields after every other pass does not name their auxiliaries. (Not the head-noun rule: "mass
/// numbers" is neither `atomic_mass` nor `mass_excess`.)
fn auxiliary_fields(out: &mut [Span], cat: &Catalog) {
    for s in out.iter_mut() {
        let Tag::Field(fs) = &s.tag else { continue };
        if fs.len() < 2 {
            continue;
        }
        let narrowed = without_auxiliaries(fs, cat);
        if !narrowed.is_empty() && narrowed.len() < fs.len() {
            s.tag = Tag::Field(narrowed);
        }
    }
}

/// "la tasa media de mortalidad" for `MOR`, "the mortality rate": a word for a rate beside a
/// numeric field (across "de"/"of" and an aggregate) says what the field is, nothing more.
fn rate_words_of_fields(out: &mut [Span], cat: &Catalog) {
    let numeric_field = |s: &Span| matches!(&s.tag, Tag::Field(fs) if !fs.is_empty() && fs.iter().all(|&f| cat.fields[f].ty.is_numeric()));
    let skip = |s: &Span| s.tag == Tag::Stop || matches!(s.cue(), Some(Cue::Of | Cue::Avg | Cue::Median));
    for i in 0..out.len() {
        if out[i].tag != Tag::Unknown || !super::lang::is_rate_word(&super::text::fold(&out[i].raw)) {
            continue;
        }
        let next = out[i + 1..].iter().find(|s| !skip(s));
        let prev = out[..i].iter().rev().find(|s| !skip(s));
        if next.is_some_and(numeric_field) || prev.is_some_and(numeric_field) {
            out[i].tag = Tag::Stop;
        }
    }
}

/// "the highest share of college degrees" where `DEGREE` holds proportions, "the smallest black
/// population percentage" for `PERBLACK`: the share word says what the column holds already.
fn shares_of_share_columns(out: &mut [Span], cat: &Catalog) {
    let file_of_percents =
        name_words(&cat.table).iter().any(|w| matches!(w.as_str(), "percent" | "percentage" | "percentages" | "pct" | "shares"));
    let share_like = |f: usize| {
        let fi = &cat.fields[f];
        let words = name_words(&fi.name);
        let named = words.iter().any(|w| {
            ["percent", "pct", "share", "prop", "proportion", "ratio", "rate"].contains(&w.as_str())
                || (w.starts_with("per") && w.len() >= 7)
                || w.starts_with("pct")
        });
        let proportions = fi.ty == crate::schema::ColumnType::Decimal && fi.range.is_some_and(|(lo, hi)| lo >= 0.0 && hi <= 1.0);
        // "percent-bachelors-degrees-women-usa.csv": a file named for percentages holds them in
        // every column between 0 and 100.
        let percents = file_of_percents && !fi.yearly && fi.range.is_some_and(|(lo, hi)| lo >= 0.0 && hi <= 100.0);
        fi.ty.is_numeric() && (named || proportions || percents)
    };
    for i in 0..out.len() {
        if out[i].cue() != Some(Cue::Share) {
            continue;
        }
        let after = out[i + 1..].iter().position(|s| s.tag != Tag::Stop && s.cue() != Some(Cue::Of)).map(|k| i + 1 + k);
        // ("percentage of psychology degrees", "porcentaje de títulos de psicología": the rows' noun between.)
        let after = after.map(|j| match out[j].tag {
            Tag::Alias => out[j + 1..].iter().position(|s| s.tag != Tag::Stop && s.cue() != Some(Cue::Of)).map_or(j, |k| j + 1 + k),
            _ => j,
        });
        let before = out[..i].iter().rposition(|s| s.tag != Tag::Stop);
        let field_at = |j: Option<usize>| j.filter(|&j| matches!(&out[j].tag, Tag::Field(fs) if fs.len() == 1 && share_like(fs[0])));
        let compared =
            after.and_then(|j| out[j + 1..].iter().find(|s| s.tag != Tag::Stop)).is_some_and(|s| matches!(s.cue(), Some(Cue::Op(_))));
        if (field_at(after).is_some() || field_at(before).is_some()) && !compared {
            out[i].tag = Tag::Stop;
            // "What percentage of engineering degrees went to women?": who received the share is
            // what the column holds already; the verb of receiving says nothing more.
            for s in out.iter_mut().filter(|s| s.tag == Tag::Unknown) {
                if RECEIVING_VERBS.contains(&super::text::fold(&s.raw).as_str()) {
                    s.tag = Tag::Stop;
                }
            }
        }
    }
}

/// Verbs saying who received a share ("went to women", "obtuvieron las mujeres"), folded.
const RECEIVING_VERBS: &[&str] = &[
    "went",
    "go",
    "goes",
    "earn",
    "earned",
    "earns",
    "received",
    "receive",
    "receives",
    "got",
    "get",
    "obtained",
    "awarded",
    "obtuvieron",
    "obtenian",
    "obtienen",
    "recibieron",
    "recibian",
    "reciben",
    "obtenir",
    "obtingueren",
    "obtenien",
    "rebien",
    "rebut",
    "erhielten",
    "bekamen",
    "erwarben",
    "gingen",
    "ging",
];

/// "la mediana de preu" where the table's column is `median` (of each row's prices): the
/// aggregate's word names that column when the question names no other measure.
fn aggregates_named_as_columns(out: &mut [Span], cat: &Catalog) {
    let other_measure =
        out.iter().any(|s| matches!(&s.tag, Tag::Field(fs) if fs.iter().any(|&f| cat.fields[f].ty.is_numeric() && !cat.fields[f].yearly)));
    if other_measure {
        return;
    }
    for i in 0..out.len() {
        let name = match out[i].cue() {
            Some(Cue::Median) => "median",
            Some(Cue::Avg) => "mean",
            _ => continue,
        };
        let fs: Vec<usize> =
            (0..cat.fields.len()).filter(|&f| cat.fields[f].ty.is_numeric() && name_words(&cat.fields[f].name) == [name]).collect();
        if fs.len() == 1 {
            out[i].tag = Tag::Field(fs);
            // "de preu": the measure's noun after it.
            if let Some(j) = (i + 1..out.len()).find(|&j| out[j].tag != Tag::Stop && out[j].cue() != Some(Cue::Of)) {
                const PRICE: &[&str] = &["price", "prices", "precio", "precios", "preu", "preus", "preis", "preise"];
                let w = super::text::fold(&out[j].raw);
                if out[j].tag == Tag::Unknown && (is_measure_noun(&w) || PRICE.contains(&w.as_str())) {
                    out[j].tag = Tag::Stop;
                }
            }
        }
    }
}

/// "the highest weekly average price" where the column is `avg_selling_price`: beside another
/// aggregate and no group, "average" is the column's own word, not a second aggregate.
fn averages_in_names(out: &mut [Span], cat: &Catalog) {
    const AVERAGE: &[&str] = &["avg", "average", "mean", "ave"];
    let extreme = out.iter().any(|s| matches!(s.cue(), Some(Cue::High | Cue::Low | Cue::Max | Cue::Min | Cue::Top | Cue::Bottom)));
    let grouped = out
        .iter()
        .any(|s| matches!(&s.tag, Tag::Field(fs) if fs.iter().any(|&f| cat.fields[f].categorical && !cat.fields[f].ty.is_numeric())));
    if !extreme || grouped {
        return;
    }
    for i in 0..out.len() {
        if out[i].cue() != Some(Cue::Avg) {
            continue;
        }
        let Some(j) = (i + 1..out.len()).find(|&j| out[j].tag != Tag::Stop) else { continue };
        let averaged = matches!(&out[j].tag, Tag::Field(fs) if fs.len() == 1
            && cat.fields[fs[0]].ty.is_numeric()
            && name_words(&cat.fields[fs[0]].name).iter().any(|n| AVERAGE.contains(&n.as_str())));
        if averaged {
            out[i].tag = Tag::Stop;
            out[i].used = true;
        }
    }
}

/// "names starting with NGC", "containing Bay": the one unknown word after a text operator is the
/// text it tests, as if quoted.
fn text_after_text_operators(out: &mut [Span], cat: &Catalog) {
    const NAMES: &[&str] = &["name", "names", "nombre", "nombres", "nom", "noms", "namen"];
    for i in 1..out.len() {
        let after = matches!(out[i - 1].cue(), Some(Cue::StartsWith | Cue::Contains));
        let last = out[i + 1..].iter().all(|s| s.tag == Tag::Stop || matches!(s.cue(), Some(Cue::And | Cue::Or)));
        if after && last && out[i].tag == Tag::Unknown && out[i].raw.chars().any(char::is_alphanumeric) {
            out[i].tag = Tag::Quoted(out[i].raw.clone());
            // ("names starting with": the rows' names are the label's values.)
            if let (Some(l), Some(k)) = (cat.label, (0..i - 1).rev().find(|&k| out[k].tag != Tag::Stop)) {
                if out[k].tag == Tag::Alias && NAMES.contains(&super::text::fold(&out[k].raw).as_str()) {
                    out[k].tag = Tag::Field(vec![l]);
                }
            }
        }
    }
}

/// "Is every NED name unique?", "¿es único cada nombre?": "every" before a field said to be
/// unique says what "all" says.
fn every_value_unique(out: &mut [Span]) {
    const EVERY: &[&str] = &["every", "each", "cada", "jeder", "jede", "jedes"];
    if !out.iter().any(|s| s.cue() == Some(Cue::Distinct)) {
        return;
    }
    for i in 0..out.len().saturating_sub(1) {
        if EVERY.contains(&super::text::fold(&out[i].raw).as_str()) && matches!(out[i + 1].tag, Tag::Field(_)) {
            out[i].tag = Tag::Stop;
        }
    }
}

/// "EUR/USD", "the euro against the dollar" over columns of rates per euro: the euro is what
/// every rate is of, so it names nothing.
fn base_currency(out: &mut [Span], cat: &Catalog) {
    const EURO: &[&str] = &["eur", "euro", "euros", "euro's"];
    if !out.iter().any(|s| s.tag == Tag::Unknown && EURO.contains(&super::text::fold(&s.raw).as_str())) || !cat.base_currency() {
        return;
    }
    for s in out.iter_mut() {
        if s.tag == Tag::Unknown && EURO.contains(&super::text::fold(&s.raw).as_str()) {
            s.tag = Tag::Stop;
        }
    }
}

/// "the 50-75k bracket" for a column `$50-75k`: a name of digits and symbols typed without a symbol.
fn symbol_names(out: &mut [Span], cat: &Catalog) {
    let bare = |s: &str| s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect::<String>();
    for k in 0..out.len() {
        let s = &out[k];
        if !matches!(s.tag, Tag::Unknown | Tag::Number(_)) || !s.raw.chars().any(|c| c.is_ascii_digit()) {
            continue;
        }
        let b = bare(&s.raw);
        let fs: Vec<usize> = (0..cat.fields.len()).filter(|&f| b.len() >= 3 && bare(&cat.fields[f].name) == b).collect();
        let [f] = fs[..] else { continue };
        if s.raw.chars().any(|c| !c.is_alphanumeric()) {
            out[k].tag = Tag::Field(fs);
            continue;
        }
        // ">150k", "<$10k", "65+": a bracket named by its bound; the tokens keep only "150k", and
        // the word before it ("over 150k", "über 150k") says the bracket's side, not a test.
        let name = cat.fields[f].name.trim();
        let side = if name.starts_with('>') || name.ends_with('+') {
            Some(CmpOp::Gt)
        } else if name.starts_with('<') {
            Some(CmpOp::Lt)
        } else {
            None
        };
        let Some(side) = side else { continue };
        out[k].tag = Tag::Field(fs);
        let mut before = k;
        if let Some(p) = k.checked_sub(1).filter(|&p| matches!(out[p].tag, Tag::Cue(Cue::Op(op)) if same_side(op, side))) {
            out[p].tag = Tag::Stop;
            before = p;
        }
        // "people earning >150k", "Hindus who make over 150k": the verb leads to the bracket.
        if let Some(p) = before.checked_sub(1).filter(|&p| out[p].tag == Tag::Unknown && earn_verb(&super::text::fold(&out[p].raw))) {
            out[p].tag = Tag::Stop;
        }
    }
}

/// Verbs of earning, before an income bracket named by its bound.
fn earn_verb(w: &str) -> bool {
    matches!(
        w,
        "earn"
            | "earns"
            | "earning"
            | "earned"
            | "make"
            | "makes"
            | "making"
            | "ganan"
            | "gana"
            | "ganen"
            | "guanyen"
            | "guanya"
            | "verdienen"
            | "verdient"
    )
}

/// "line 4" where `lines` lists "1, 4, 7": a whole number right after a field whose cells are
/// lists is one of its elements (a value), not a count or a threshold.
fn numbers_in_lists(out: &mut [Span], cat: &Catalog) {
    for i in 1..out.len() {
        let Tag::Number(n) = out[i].tag else { continue };
        let Tag::Field(fs) = &out[i - 1].tag else { continue };
        let [f] = fs[..] else { continue };
        if cat.fields[f].list_sep.is_none() || n.fract() != 0.0 || n < 0.0 {
            continue;
        }
        out[i].tag = Tag::Value(vec![ValueHit { field: f, value: format!("{n:.0}"), rows: 0, code: false }]);
        out[i - 1].tag = Tag::Stop;
    }
}

/// "population in 2021" with `population_1996` … `population_2021`: a year said beside a name
/// shared by a family of yearly columns picks the column of that year (the one with the fewest
/// words: `population_2021`, not `pop_change_2016_2021_pct`); the year then filters nothing.
fn years_of_column_families(out: &mut [Span], cat: &Catalog) {
    // Right to left: in "population density in 2021" the head noun, last, takes the year.
    for a in (0..out.len()).rev() {
        let Tag::Field(fs) = &out[a].tag else { continue };
        let fs = fs.clone();
        let years: Vec<(usize, String)> = (0..out.len())
            .filter_map(|y| match out[y].tag {
                Tag::Number(v) if v.fract() == 0.0 && (1000.0..=2999.0).contains(&v) => Some((y, format!("{v:.0}"))),
                _ => None,
            })
            .collect();
        let mut picks: Vec<(usize, usize)> = Vec::new();
        // The span's own words and a year are a whole name too ("population" + 2021), though
        // the word alone names only the longer names that hold it.
        let said = name_words(&out[a].raw);
        for (y, year) in &years {
            let whole = (0..cat.fields.len()).filter(|f| {
                let words = name_words(&cat.fields[*f].name);
                !said.is_empty() && words.len() == said.len() + 1 && words.last() == Some(year) && words[..said.len()] == said[..]
            });
            let mut fs = fs.clone();
            fs.extend(whole);
            fs.sort_unstable();
            fs.dedup();
            let holding: Vec<(usize, usize)> = fs
                .iter()
                .copied()
                // Only a name that is a stem and this one year ("population_2021"): a name that
                // holds other numbers too ("pop_change_2016_2021_pct") is another measure.
                .filter_map(|f| {
                    let words = name_words(&cat.fields[f].name);
                    let numbers = words.iter().filter(|w| w.chars().all(|c| c.is_ascii_digit())).count();
                    (words.last() == Some(year) && numbers == 1).then_some((f, words.len()))
                })
                .collect();
            let Some(fewest) = holding.iter().map(|(_, n)| *n).min() else { continue };
            let best: Vec<usize> = holding.iter().filter(|(_, n)| *n == fewest).map(|(f, _)| *f).collect();
            if let [f] = best[..] {
                picks.push((*y, f));
            }
        }
        let [(y, f)] = picks[..] else { continue };
        out[a].tag = Tag::Field(vec![f]);
        // A field's word right before it qualifies it ("population density").
        if a > 0 && matches!(&out[a - 1].tag, Tag::Field(g) if !g.contains(&f)) {
            out[a - 1].tag = Tag::Stop;
        }
        out[y].tag = Tag::Stop;
        if let Some(p) = y.checked_sub(1).filter(|&p| matches!(out[p].cue(), Some(Cue::In))) {
            out[p].tag = Tag::Stop;
        }
    }
}

/// "population change from 2016 to 2021" over `pop_change_2011_2016_pct`, `pop_change_2016_2021_pct`…:
/// the one member named by both years, in order, is the field; the years are its name.
fn spans_of_column_families(out: &mut [Span], cat: &Catalog) {
    let year = |s: &Span| match s.tag {
        Tag::Number(v) if v.fract() == 0.0 && (1000.0..=2999.0).contains(&v) => Some(format!("{v:.0}")),
        _ => None,
    };
    for b in 0..out.len() {
        if out[b].cue() != Some(Cue::Between) {
            continue;
        }
        let content: Vec<usize> = (b + 1..out.len()).filter(|&k| out[k].tag != Tag::Stop).take(3).collect();
        let [y1, and, y2] = content.as_slice() else { continue };
        let (Some(from), Some(to)) = (year(&out[*y1]), year(&out[*y2])) else { continue };
        if out[*and].cue() != Some(Cue::And) {
            continue;
        }
        let families: Vec<usize> = (0..b).filter(|&a| matches!(&out[a].tag, Tag::Field(fs) if fs.len() >= 2)).collect();
        let Some(&last) = families.last() else { continue };
        let Tag::Field(fs) = out[last].tag.clone() else { continue };
        let both: Vec<usize> = fs
            .iter()
            .copied()
            .filter(|&f| {
                let words = name_words(&cat.fields[f].name);
                let at = |y: &str| words.iter().position(|w| w == y);
                matches!((at(&from), at(&to)), (Some(i), Some(j)) if i < j)
            })
            .collect();
        let [f] = both.as_slice() else { continue };
        for a in families {
            if out[a].tag == Tag::Field(fs.clone()) {
                out[a].tag = if a == last { Tag::Field(vec![*f]) } else { Tag::Stop };
            }
        }
        // A field's word right before it qualifies it ("population change").
        if last > 0 && matches!(&out[last - 1].tag, Tag::Field(g) if !g.contains(f)) {
            out[last - 1].tag = Tag::Stop;
        }
        for k in [b, *y1, *and, *y2] {
            out[k].tag = Tag::Stop;
        }
    }
}

/// A comparison on the same side as a bracket's bound (">" with "over" or "at least").
fn same_side(op: CmpOp, side: CmpOp) -> bool {
    matches!((op, side), (CmpOp::Gt | CmpOp::Ge, CmpOp::Gt) | (CmpOp::Lt | CmpOp::Le, CmpOp::Lt))
}

/// "juliol de 2015" where `month` holds 1–12: a month's name is its number there.
fn numbered_months(out: &mut [Span], cat: &Catalog) {
    let months: Vec<usize> = (0..cat.fields.len())
        .filter(|&f| {
            let fi = &cat.fields[f];
            fi.ty == crate::schema::ColumnType::Integer
                && name_words(&fi.name).iter().any(|w| matches!(w.as_str(), "month" | "mes" | "monat" | "mo"))
                && fi.range.is_some_and(|(lo, hi)| lo >= 1.0 && hi <= 12.0)
        })
        .collect();
    let [f] = months.as_slice() else { return };
    for s in out.iter_mut() {
        let capital = s.raw.chars().next().is_some_and(char::is_uppercase);
        if s.tag != Tag::Unknown {
            continue;
        }
        if let Some(m) = super::lang::month_word(&super::text::fold(&s.raw), capital) {
            s.tag = Tag::Value(vec![ValueHit { field: *f, value: m.to_string(), rows: 1, code: false }]);
        }
    }
}

/// Verbs that name a count column ("sold" → sales): their object after a number or a superlative
/// ("sold more than 2800 homes", "sold the fewest homes") is what was counted, not a column.
fn objects_of_verbs(out: &mut [Span]) {
    for i in 0..out.len() {
        if !matches!(out[i].tag, Tag::Field(_)) || !super::catalog::is_count_verb(&super::text::fold(&out[i].raw)) {
            continue;
        }
        let mut j = i + 1;
        while j < out.len()
            && (matches!(out[j].tag, Tag::Stop | Tag::Number(_))
                || matches!(out[j].cue(), Some(Cue::Op(_) | Cue::High | Cue::Low | Cue::Most | Cue::Least | Cue::Top | Cue::Bottom)))
        {
            j += 1;
        }
        let noun =
            j > i + 1 && j < out.len() && out[j].tag == Tag::Unknown && out[j].raw.chars().all(|c| c.is_alphabetic() && c.is_lowercase());
        let ends = out.get(j + 1).is_none_or(|n| matches!(n.tag, Tag::Stop | Tag::Cue(_)));
        if noun && ends {
            out[j].tag = Tag::Stop;
        }
        // "How many homes did Houston sell": the object asked for comes first.
        if let Some(h) = out[..i].iter().position(|s| s.cue() == Some(Cue::HowMany)) {
            if out.get(h + 1).is_some_and(|s| s.tag == Tag::Unknown && s.raw.chars().all(|c| c.is_alphabetic() && c.is_lowercase())) {
                out[h + 1].tag = Tag::Stop;
            }
        }
    }
}

/// "the most planes", "die meisten Flugzeuge": "most" before the rows' plural noun counts rows
/// ("the most electricity" in iowa-electricity.csv is an amount).
fn most_of_the_rows(out: &mut [Span], lang: Lang) {
    for i in 0..out.len().saturating_sub(1) {
        let most = matches!(
            super::text::fold(&out[i].raw).as_str(),
            "most" | "the most" | "meisten" | "die meisten" | "fewest" | "the fewest" | "wenigsten" | "die wenigsten"
        );
        let noun = super::text::fold(&out[i + 1].raw);
        let plural = noun.ends_with('s') || (lang == Lang::De && (noun.ends_with('e') || noun.ends_with("en") || noun.ends_with("er")));
        if most && plural && matches!(out[i].cue(), Some(Cue::High | Cue::Low)) && out[i + 1].tag == Tag::Alias {
            out[i].tag = Tag::Cue(if out[i].cue() == Some(Cue::High) { Cue::Most } else { Cue::Least });
        }
    }
}

/// "made by EMBRAER" names an agent, not a grouping; "top 3 models by number of planes" ranks by
/// how common they are ("smallest … by number of …": the fewest), where rows group at all.
fn by_agents_and_counts(out: &mut [Span], cat: &Catalog) {
    for i in 0..out.len() {
        if out[i].cue() != Some(Cue::Per) || !matches!(super::text::fold(&out[i].raw).as_str(), "by" | "por" | "per" | "von") {
            continue;
        }
        if out.get(i + 1).is_some_and(|s| matches!(s.tag, Tag::Value(_))) {
            out[i].tag = Tag::Stop;
        }
        // (Not where each row is its own group: "smallest committee by number of members" asks for a size.)
        let grouped = out[..i].iter().rev().find_map(|s| match &s.tag {
            Tag::Field(fs) if fs.len() == 1 => Some(cat.fields[fs[0]].distinct < cat.rows),
            _ => None,
        });
        if grouped == Some(true)
            && out.get(i + 1).is_some_and(|s| s.cue() == Some(Cue::HowMany))
            && out.get(i + 2).is_some_and(|s| s.tag == Tag::Alias)
            && i + 3 == out.len()
        {
            let extreme = out[..i].iter().position(|s| matches!(s.cue(), Some(Cue::High | Cue::Low)));
            let fewest = extreme.is_some_and(|k| out[k].cue() == Some(Cue::Low));
            if let Some(k) = extreme {
                out[k].tag = Tag::Stop;
            }
            out[i].tag = Tag::Stop;
            out[i + 1].tag = Tag::Cue(if fewest { Cue::Least } else { Cue::Most });
        }
    }
}

/// "vor 1990": before a year ("kommt … vor" is a verb's particle, so not in the lexicon).
fn before_a_year(out: &mut [Span]) {
    let is_year = |s: &Span| matches!(s.tag, Tag::Number(n) if n.fract() == 0.0 && (1000.0..=2999.0).contains(&n));
    for i in 0..out.len().saturating_sub(1) {
        // ("nach Mai 1992": a month and its year.)
        let month_year =
            super::lang::month_word(&super::text::fold(&out[i + 1].raw), true).is_some() && out.get(i + 2).is_some_and(is_year);
        let year = is_year(&out[i + 1]) || month_year;
        // "vor 1950", and "nach 1950" (after; "nach Jahr sortiert" is by).
        match super::text::fold(&out[i].raw).as_str() {
            "vor" if year => out[i].tag = Tag::Cue(Cue::Op(CmpOp::Lt)),
            "nach" if year => out[i].tag = Tag::Cue(Cue::Op(CmpOp::Gt)),
            _ => {}
        }
    }
}

/// "which one has the most hp": a pronoun for a row, not a number.
fn which_one(out: &mut [Span]) {
    for i in 1..out.len() {
        if matches!(out[i].tag, Tag::Number(_))
            && matches!(super::text::fold(&out[i].raw).as_str(), "one" | "ones")
            && matches!(out[i - 1].cue(), Some(Cue::Which | Cue::What))
        {
            out[i].tag = Tag::Alias;
        }
    }
}

/// "how many pizzas were sold", "pizzas venudes": in a table of single sales (no column of
/// quantities), a verb of selling after the rows' noun says what every row is.
fn verbs_of_selling(out: &mut [Span], cat: &Catalog) {
    const SOLD: &[&str] = &[
        "sold",
        "ordered",
        "placed",
        "bought",
        "purchased",
        "vendido",
        "vendidos",
        "vendida",
        "vendidas",
        "venut",
        "venuts",
        "venuda",
        "venudes",
        "verkauft",
        "bestellt",
        // Said before or away from the rows' noun: "se vende menos", "¿se vendió alguna pizza…?".
        "vende",
        "venden",
        "vendio",
        "vendieron",
        "ven",
        "venen",
        "verkaufte",
        "verkauften",
    ];
    // "On which days were lunches served?": a meal of the rows' kind, served, is a row of it.
    for i in 1..out.len() {
        let served = matches!(
            super::text::fold(&out[i].raw).as_str(),
            "served" | "servido" | "servidos" | "servidas" | "servit" | "servits" | "serviert"
        );
        if served
            && out[i].tag == Tag::Unknown
            && matches!(out[..i].iter().rev().find(|s| s.tag != Tag::Stop), Some(Span { tag: Tag::Value(_), .. }))
        {
            out[i].tag = Tag::Stop;
        }
    }
    let quantities = cat.fields.iter().any(|f| {
        f.ty.is_numeric()
            && name_words(&f.name).iter().any(|w| matches!(w.as_str(), "quantity" | "qty" | "units" | "unit" | "count" | "amount"))
    });
    if quantities {
        quantities_sold(out, cat, SOLD);
        return;
    }
    for i in 1..out.len() {
        if !matches!(out[i].tag, Tag::Unknown | Tag::Stop) || !SOLD.contains(&super::text::fold(&out[i].raw).as_str()) {
            continue;
        }
        let sold_thing = |s: &Span| {
            s.tag == Tag::Alias
                || matches!(super::text::fold(&s.raw).as_str(), "orders" | "order" | "pedidos" | "comandes" | "bestellungen")
        };
        // ("la pizza menys venuda": a comparative may come between; "se vendió alguna pizza": the verb first.)
        let before = out[..i].iter().rev().find(|s| {
            s.tag != Tag::Stop && !matches!(s.cue(), Some(Cue::Less | Cue::More | Cue::Least | Cue::Most | Cue::Low | Cue::High))
        });
        let after = out[i + 1..].iter().find(|s| s.tag != Tag::Stop);
        if before.is_some_and(sold_thing) || after.is_some_and(sold_thing) {
            out[i].tag = Tag::Stop;
        }
    }
}

/// "units sold", "unidades … se vendieron" beside a column of units: the verb says what the
/// quantity counts; alone ("die meisten … verkauft"), it names the one column of quantities sold.
fn quantities_sold(out: &mut [Span], cat: &Catalog, sold: &[&str]) {
    const QUANTITY: &[&str] = &["quantity", "qty", "units", "unit"];
    let quantity =
        |f: usize| cat.fields[f].ty.is_numeric() && name_words(&cat.fields[f].name).iter().any(|w| QUANTITY.contains(&w.as_str()));
    let named = out.iter().any(|s| matches!(&s.tag, Tag::Field(fs) if fs.iter().any(|&f| quantity(f))));
    let alone: Vec<usize> = (0..cat.fields.len())
        .filter(|&f| quantity(f) && cat.fields[f].names.iter().any(|n| matches!(n.as_slice(), [w] if QUANTITY.contains(&w.as_str()))))
        .collect();
    for s in out.iter_mut() {
        if !matches!(s.tag, Tag::Unknown | Tag::Stop) || !sold.contains(&super::text::fold(&s.raw).as_str()) {
            continue;
        }
        if named {
            s.tag = Tag::Stop;
        } else if alone.len() == 1 {
            s.tag = Tag::Field(alone.clone());
        }
    }
}

/// "the condition 'Fair'": quoted text right after its field, a whole value of it, is that value
/// (elsewhere quoted text stays text: "'International' in the name" is a part of names).
fn quoted_values(out: &mut [Span], cat: &Catalog) {
    for i in 0..out.len() {
        let Tag::Quoted(q) = &out[i].tag else { continue };
        let key = super::text::fold(&super::text::strip_quotes(q));
        let all: Vec<ValueHit> = cat.values.get(&key).into_iter().flatten().cloned().collect();
        let hits: Vec<ValueHit> = match i.checked_sub(1).map(|j| &out[j].tag) {
            Some(Tag::Field(fs)) => all.iter().filter(|h| fs.contains(&h.field)).cloned().collect(),
            // ("Is 'Fracture of lower limb' the category with the most codes?": a whole value of
            // one category, quoted anywhere, is that value.)
            _ if !all.is_empty() && all.iter().all(|h| h.field == all[0].field && cat.fields[h.field].categorical) => all,
            _ => Vec::new(),
        };
        if !hits.is_empty() {
            out[i].tag = Tag::Value(hits);
        }
    }
}

/// "which starbucks were inspected" where STARBUCKS is one name among "STARBUCKS STORE #25371",
/// "TARGET - STARBUCKS"…: after "which", a name that other names contain asks for those names,
/// not for the rows of the one spelled so; left unknown, the question is refused, not misread.
fn names_within_names(out: &mut [Span], cat: &Catalog) {
    for i in 1..out.len() {
        let Tag::Value(hits) = &out[i].tag else { continue };
        let asked = out[..i].iter().rev().find(|s| s.tag != Tag::Stop).is_some_and(|s| s.cue() == Some(Cue::Which));
        let Some(f) = hits.first().map(|h| h.field).filter(|&f| hits.iter().all(|h| h.field == f)) else { continue };
        if !asked || out[i].end - out[i].start != 1 || cat.fields[f].categorical {
            continue;
        }
        let w = super::text::fold(&out[i].raw);
        let w = w.strip_suffix('s').filter(|s| cat.values.contains_key(*s)).unwrap_or(&w).to_string();
        let within = cat.value_words().phrases_with(&w).filter(|k| cat.values[*k].iter().any(|h| h.field == f)).count();
        if within >= 2 {
            out[i].tag = Tag::Unknown;
        }
    }
}

/// "inspected" where the rows are inspections (`Catalog::rows_named_by_events`): the verb of the
/// rows' event says what every row is ("the restaurant inspected the most times").
fn verbs_of_row_events(out: &mut [Span], cat: &Catalog) {
    // (Nouns of action only: "-tion", "-sion", "-ment" come from the verb said.)
    let Some(event) = cat.event_noun.as_deref().filter(|e| ["tion", "sion", "ment"].iter().any(|x| e.ends_with(x))) else { return };
    let stemmer = rust_stemmers::Stemmer::create(rust_stemmers::Algorithm::English);
    let event = stemmer.stem(event);
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        if s.tag == Tag::Unknown && w.ends_with("ed") && event.len() >= 5 && stemmer.stem(&w) == event {
            s.tag = Tag::Alias;
        }
    }
}

/// "Who won gold in 1996?", "¿Quién ganó el oro?", "Hat er Gold gewonnen?": a verb of winning
/// or getting right before a value only says the row has it; the value is the condition.
fn verbs_of_winning(out: &mut [Span], cat: &Catalog) {
    // (Where rows are matches, who won is read from the scores, which no plan here compares.)
    if super::catalog::match_pairs(&cat.fields).is_some() {
        return;
    }
    const WIN: &[&str] = &[
        "won",
        "win",
        "wins",
        "got",
        "earned",
        "received",
        "took",
        "gano",
        "ganaron",
        "gana",
        "ganado",
        "obtuvo",
        "guanya",
        "guanyar",
        "guanyat",
        "guanyaren",
        "gewann",
        "gewannen",
        "gewonnen",
        "gewinnt",
        "holte",
        "erhielt",
    ];
    for i in 0..out.len() {
        if out[i].tag != Tag::Unknown || !WIN.contains(&super::text::fold(&out[i].raw).as_str()) {
            continue;
        }
        let next = out[i + 1..].iter().find(|s| s.tag != Tag::Stop);
        let prev_value = out[..i].iter().rev().find(|s| s.tag != Tag::Stop).is_some_and(|s| matches!(s.tag, Tag::Value(_)));
        // "Gold gewonnen": German puts the verb after its object.
        if next.is_some_and(|s| matches!(s.tag, Tag::Value(_)))
            || (prev_value && next.is_none_or(|s| !matches!(s.tag, Tag::Field(_) | Tag::Unknown)))
        {
            out[i].tag = Tag::Stop;
        }
    }
}

/// "the fastest time", "the slowest lap" where the field is a time taken: fast is a short time.
fn speed_of_times(out: &mut [Span], cat: &Catalog) {
    const TIME: &[&str] = &["time", "times", "duration", "seconds", "secs", "minutes", "hours", "tiempo", "temps", "zeit", "dauer"];
    for i in 0..out.len() {
        let w = super::text::fold(&out[i].raw);
        let (fast, comparative) = match w.as_str() {
            "fastest" | "quickest" | "schnellste" | "schnellsten" => (true, false),
            "slowest" | "langsamste" | "langsamsten" => (false, false),
            "faster" | "quicker" | "schneller" => (true, true),
            "slower" | "langsamer" => (false, true),
            _ => continue,
        };
        let named = |words: &[&str]| {
            out[i + 1..].iter().take(3).any(|s| matches!(&s.tag, Tag::Field(fs) if fs.len() == 1 && cat.fields[fs[0]].names.iter().flatten().any(|n| words.contains(&n.as_str()))))
        };
        // "Was the winning time in 2012 faster than in 2008?": the time is named before.
        let named_before = |words: &[&str]| {
            out[..i].iter().any(|s| matches!(&s.tag, Tag::Field(fs) if fs.len() == 1 && cat.fields[fs[0]].names.iter().flatten().any(|n| words.contains(&n.as_str()))))
        };
        if comparative {
            if out[i].tag == Tag::Unknown && (named(TIME) || named_before(TIME)) {
                out[i].tag = Tag::Cue(if fast { Cue::Less } else { Cue::More });
            }
            continue;
        }
        if named(TIME) {
            out[i].tag = Tag::Cue(if fast { Cue::Low } else { Cue::High });
        } else if !fast && out[i].tag == Tag::Unknown && named(&["speed", "velocity", "velocidad", "velocitat", "geschwindigkeit", "pace"])
        {
            // "the slowest speed" is its lowest.
            out[i].tag = Tag::Cue(Cue::Low);
        }
    }
}

/// "the medallists", "los medallistas", "die Medaillengewinner": a person's noun made from a field's
/// name (medal → medallist) names the rows that hold its values, not the values themselves.
fn person_nouns(out: &mut [Span], cat: &Catalog) {
    const PERSON: &[&str] = &["ist", "ists", "ista", "istas", "iste", "istes", "isten"];
    for s in out.iter_mut() {
        let Tag::Field(fs) = &s.tag else { continue };
        let w = super::text::fold(&s.raw);
        let derived = fs.iter().all(|&f| {
            cat.fields[f].names.iter().any(|n| {
                n.len() == 1
                    && n[0] != w
                    && PERSON.iter().any(|e| {
                        w.strip_suffix(e).is_some_and(|stem| stem.len() >= 4 && (n[0].starts_with(stem) || stem.starts_with(n[0].as_str())))
                    })
            })
        });
        if derived && !fs.is_empty() {
            s.tag = Tag::Alias;
        }
    }
}

/// "first, second and third class" where the classes are written 1st, 2nd, 3rd: an ordinal in
/// words names the value written in digits, when exactly one category field holds it.
fn ordinal_values(out: &mut [Span], cat: &Catalog) {
    for i in 0..out.len() {
        if !matches!(out[i].tag, Tag::Unknown | Tag::Stop) {
            continue;
        }
        let Some(k) = ordinal_value(&super::text::fold(&out[i].raw)) else { continue };
        let digits = match k {
            1 => "1st",
            2 => "2nd",
            3 => "3rd",
            _ => continue,
        };
        let Some(hits) = cat.values.get(digits).filter(|hs| hs.len() == 1 && cat.fields[hs[0].field].categorical) else { continue };
        // The field must be named after the ordinals ("first class"): "the first passenger" is no class.
        let f = hits[0].field;
        let named_after = out[i + 1..]
            .iter()
            .take_while(|s| matches!(s.tag, Tag::Stop | Tag::Unknown | Tag::Cue(Cue::And | Cue::Or) | Tag::Value(_) | Tag::Field(_)))
            .take(6)
            .any(|s| matches!(&s.tag, Tag::Field(fs) if fs.as_slice() == [f]));
        if named_after {
            out[i].tag = Tag::Value(hits.clone());
        }
    }
}

/// "In which year was average employment the lowest?", "Welches Jahr …" over rows of days or
/// months: the year asked for is the dates' year part (a year named with a number stays a condition).
fn which_year(out: &mut [Span], cat: &Catalog) {
    let Some(y) = cat.fields.iter().position(|f| matches!(f.part, Some((_, super::catalog::DatePart::Year)))) else { return };
    // Only with an aggregate said ("average", "total", "most" of rows): "In which year was
    // precipitation the highest?" over days may mean the wettest day's year or the wettest year.
    let aggregate = out.iter().any(|s| matches!(s.cue(), Some(Cue::Avg | Cue::Sum | Cue::Median | Cue::HowMany)))
        || (out.iter().any(|s| matches!(s.cue(), Some(Cue::Most | Cue::Least)))
            && !out.iter().any(|s| matches!(&s.tag, Tag::Field(fs) if fs.iter().any(|&f| cat.fields[f].ty.is_numeric()))));
    // "Which years have fewer than 50 measurements?": rows counted per year (a number, then the rows' noun).
    let counted = out.windows(2).any(|w| matches!(w[0].tag, Tag::Number(_)) && w[1].tag == Tag::Alias);
    // "the lowest minimum temperature of each year": an extreme per group is no ambiguity.
    let extreme = out.iter().any(|s| matches!(s.cue(), Some(Cue::Min | Cue::Max | Cue::High | Cue::Low)));
    if !aggregate && !counted && !extreme {
        return;
    }
    for i in 0..out.len() {
        // ("average temp_max per year", "de cada any": the groups, too.)
        let each = out[i].cue() == Some(Cue::Per)
            || (matches!(out[i].tag, Tag::Stop | Tag::Unknown)
                && matches!(super::text::fold(&out[i].raw).as_str(), "each" | "every" | "cada" | "jedes" | "jedem" | "jeden"));
        if !(matches!(out[i].cue(), Some(Cue::Which | Cue::What)) && (aggregate || counted)) && !each {
            continue;
        }
        let Some(j) = (i + 1..out.len()).find(|&j| out[j].tag != Tag::Stop) else { continue };
        if each && out.get(j + 1).is_some_and(|n| matches!(n.tag, Tag::Number(_))) {
            continue;
        }
        let w = super::text::fold(&out[j].raw);
        let years = matches!(w.as_str(), "years" | "jahre" | "anos" | "anys");
        if (matches!(w.as_str(), "year" | "jahr" | "ano" | "any") || years)
            && matches!(out[j].tag, Tag::Cue(Cue::In) | Tag::Unknown | Tag::Field(_))
        {
            if each {
                out[i].tag = Tag::Cue(Cue::Per);
            }
            out[j].tag = Tag::Field(vec![y]);
        }
    }
}

/// Fields where more is better by the sense of their names: fuel economy, scores, earnings.
const MORE_IS_BETTER: &[&str] = &[
    "mpg",
    "mileage",
    "gallon",
    "hwy",
    "cty",
    "score",
    "scores",
    "rating",
    "ratings",
    "points",
    "wins",
    "goals",
    "profit",
    "revenue",
    "yield",
    "efficiency",
    "accuracy",
    "return",
    "returns",
    "gain",
    "gains",
    "income",
];

/// "the best average highway mileage", "the worst avg city mpg": best and worst rank a field
/// whose name says more is better (never a time, a price or a rank, where it is the other way).
fn evaluative_superlatives(out: &mut [Span], cat: &Catalog) {
    for i in 0..out.len() {
        let w = super::text::fold(&out[i].raw);
        let high = match w.as_str() {
            "best" | "better" | "mejor" | "mejores" | "millor" | "millors" | "beste" | "besten" | "besser" | "bessere" => true,
            "worst" | "worse" | "peor" | "peores" | "pitjor" | "pitjors" | "schlechteste" | "schlechtesten" | "schlechter" => false,
            _ => continue,
        };
        if out[i].tag != Tag::Unknown {
            continue;
        }
        let field = out[i + 1..].iter().take(4).find_map(|s| match &s.tag {
            Tag::Field(fs) if fs.len() == 1 => Some(fs[0]),
            _ => None,
        });
        let better = field.is_some_and(|f| {
            cat.fields[f].ty.is_numeric()
                && name_words(&cat.fields[f].name)
                    .iter()
                    .chain(cat.fields[f].names.iter().flatten())
                    .any(|n| MORE_IS_BETTER.contains(&n.as_str()))
        });
        if better {
            out[i].tag = Tag::Cue(if high { Cue::High } else { Cue::Low });
        }
    }
}

/// "non-smokers", and "than those who didn't" after a flag's rows ("Are the people who got arrested
/// younger than those who didn't?"): the flag's other value, so the two groups can be compared.
fn flag_complements(out: &mut [Span], cat: &Catalog) {
    let flag_of = |s: &Span| match &s.tag {
        Tag::Value(hs) => match hs.as_slice() {
            [h] if cat.fields[h.field].yes_no() && h.value == flag_true(cat, h.field) => Some(h.field),
            _ => None,
        },
        _ => None,
    };
    let no = |f: usize| {
        Tag::Value(vec![ValueHit { field: f, value: if cat.fields[f].flag { "0" } else { "false" }.into(), rows: 0, code: false }])
    };
    for i in 0..out.len().saturating_sub(1) {
        if super::text::fold(&out[i].raw) == "non" && matches!(out[i].tag, Tag::Unknown | Tag::Stop) {
            if let Some(f) = flag_of(&out[i + 1]) {
                out[i].tag = Tag::Stop;
                out[i + 1].tag = no(f);
            }
        }
    }
    const THAN: &[&str] = &["than", "que", "als"];
    const NOT: &[&str] =
        &["not", "didn", "don", "doesn", "wasn", "weren", "haven", "hasn", "hadn", "without", "no", "nicht", "ohne", "sin", "sense", "non"];
    // ("higher than" may be one operator.)
    let last_word = |s: &Span| super::text::fold(&s.raw).split_whitespace().last().is_some_and(|w| THAN.contains(&w));
    let Some(t) = out.iter().position(|s| matches!(s.tag, Tag::Unknown | Tag::Stop | Tag::Cue(Cue::Op(_))) && last_word(s)) else { return };
    let flags: Vec<usize> = out[..t].iter().filter_map(flag_of).collect();
    let [f] = flags.as_slice() else { return };
    let after = t + 1..out.len();
    let Some(n) = after.clone().find(|&k| {
        NOT.contains(&super::text::fold(&out[k].raw).as_str()) && matches!(out[k].tag, Tag::Unknown | Tag::Stop | Tag::Cue(Cue::Not))
    }) else {
        return;
    };
    // Nothing else may follow but the flag itself said again, verbs and stop words ("did not survive").
    let rest_ok = after.clone().filter(|&k| k != n).all(|k| match &out[k].tag {
        Tag::Stop | Tag::Unknown | Tag::Cue(Cue::Who | Cue::Not | Cue::Of | Cue::In) => true,
        Tag::Field(fs) => fs == &vec![*f],
        _ => flag_of(&out[k]) == Some(*f),
    });
    if !rest_ok {
        return;
    }
    for k in after {
        out[k].tag = if k == n { no(*f) } else { Tag::Stop };
    }
}

/// "(control first)", "(arrested first)": in parentheses, the value named first in the question and
/// an order word say the list keeps the order named, which it does; both are read.
fn first_named_first(out: &mut [Span], tokens: &[Token], q: &str) {
    for (open, _) in q.match_indices('(') {
        let Some(close) = q[open..].find(')').map(|k| open + k) else { continue };
        let inside: Vec<usize> = (0..out.len())
            .filter(|&k| tokens[out[k].start].start > open && tokens[out[k].end - 1].end <= close && out[k].tag != Tag::Stop)
            .collect();
        let [v, w] = inside.as_slice() else { continue };
        if order_word(&super::text::fold(&out[*w].raw)) != Some(true) {
            continue;
        }
        let Tag::Value(hits) = out[*v].tag.clone() else { continue };
        let first = out[..*v].iter().find_map(|s| match &s.tag {
            Tag::Value(hs) if hs.iter().any(|h| hits.iter().any(|g| g.field == h.field)) => Some(hs.clone()),
            _ => None,
        });
        if first.is_some_and(|hs| hs.iter().any(|h| hits.iter().any(|g| g.field == h.field && g.value == h.value))) {
            out[*v].tag = Tag::Stop;
            out[*w].tag = Tag::Stop;
        }
    }
}

/// "un cd420 més alt que el cd40", "más bajo que 5": a comparative adjective before "que" and a
/// field or a number compares with it.
fn comparative_que(out: &mut [Span]) {
    for i in 0..out.len().saturating_sub(2) {
        let op = match out[i].cue() {
            Some(Cue::High | Cue::More) => CmpOp::Gt,
            Some(Cue::Low | Cue::Less) => CmpOp::Lt,
            _ => continue,
        };
        if super::text::fold(&out[i + 1].raw) != "que" {
            continue;
        }
        let operand = out[i + 2..].iter().find(|s| s.tag != Tag::Stop).is_some_and(|s| matches!(s.tag, Tag::Field(_) | Tag::Number(_)));
        if operand {
            out[i].tag = Tag::Cue(Cue::Op(op));
            out[i + 1].tag = Tag::Stop;
        }
    }
}

/// "float window glass (WinF)", "labour force participation (ACT)", "vedella (veal)": a value or
/// field in parentheses names what the words just before it describe, so those words are read as
/// its gloss (and a value named twice, "headlamp glass (Head)", counts once).
fn parenthesised_glosses(out: &mut [Span], tokens: &[Token], q: &str) {
    let exact_name = |s: &Span| matches!(&s.tag, Tag::Field(_)) && s.raw.chars().all(|c| c.is_alphanumeric() || c == '_');
    let opens: Vec<usize> = q.match_indices('(').map(|(b, _)| b).collect();
    for open in opens {
        let Some(close) = q[open..].find(')').map(|k| open + k) else { continue };
        let inside: Vec<usize> =
            (0..out.len()).filter(|&k| tokens[out[k].start].start > open && tokens[out[k].end - 1].end <= close).collect();
        let content: Vec<usize> = inside.iter().copied().filter(|&k| out[k].tag != Tag::Stop).collect();
        // "women (sex = 0)", "manual (am = 1)": a condition in the parenthesis glosses the words
        // before it as a whole; the condition itself is read as written.
        // ("unprofitable (negative profit)": a sign said of a field is a condition too.)
        let condition = match content.as_slice() {
            [s, f] if super::lang::sign_word(&super::text::fold(&out[*s].raw)).is_some() => matches!(out[*f].tag, Tag::Field(_)),
            [f, v] => matches!(out[*f].tag, Tag::Field(_)) && matches!(out[*v].tag, Tag::Number(_) | Tag::Value(_)),
            [f, op, v] => {
                matches!(out[*f].tag, Tag::Field(_))
                    && out[*op].cue() == Some(Cue::Op(CmpOp::Eq))
                    && matches!(out[*v].tag, Tag::Number(_) | Tag::Value(_))
            }
            _ => false,
        };
        if condition {
            // ("nicht-weiße Patienten (race = 1)": past the rows' noun, a negation and the words it
            // glosses; "el brazo 0 (arms = 0)": the number the condition repeats.)
            let said = match out[*content.last().expect("a condition")].tag {
                Tag::Number(n) => Some(n),
                _ => None,
            };
            let mut k = inside[0];
            let mut noun = false;
            while k > 0 {
                k -= 1;
                match out[k].tag {
                    Tag::Unknown => out[k].tag = Tag::Stop,
                    Tag::Cue(Cue::Not) => out[k].tag = Tag::Stop,
                    Tag::Number(n) if Some(n) == said && k + 1 == inside[0] => out[k].tag = Tag::Stop,
                    Tag::Alias if !noun && k + 1 == inside[0] => noun = true,
                    Tag::Stop => {}
                    _ => break,
                }
            }
            continue;
        }
        let [named] = content.as_slice() else { continue };
        let same = |t: &Tag| match (t, &out[*named].tag) {
            (Tag::Value(a), Tag::Value(b)) => a.iter().any(|h| b.iter().any(|g| g.field == h.field && g.value == h.value)),
            (Tag::Field(a), Tag::Field(b)) => a == b,
            _ => false,
        };
        if !matches!(&out[*named].tag, Tag::Value(_) | Tag::Field(_)) || matches!(&out[*named].tag, Tag::Field(fs) if fs.len() != 1) {
            continue;
        }
        // "niveles de educación (años)": a unit of time in parentheses says how the words before
        // it are counted; it is not the field of ages it would name alone.
        const UNITS: &[&str] =
            &["years", "year", "anos", "anys", "jahre", "jahren", "months", "meses", "mesos", "monate", "days", "dias", "dies", "tage"];
        if UNITS.contains(&super::text::fold(&out[*named].raw).as_str()) {
            continue;
        }
        let Some(&first) = inside.first() else { continue };
        // The words right before the parenthesis, back to anything else (a stop word, a cue, another field).
        // (Stop words may come between: "tipus d'alimentació (vore)".)
        let mut glossed = Vec::new();
        let mut k = first;
        while k > 0 && glossed.len() < 4 {
            k -= 1;
            match &out[k].tag {
                Tag::Unknown => glossed.push(k),
                Tag::Alias => {}
                Tag::Stop => {}
                t if same(t) => glossed.push(k),
                // "la cilindrada (disp)": a column's own name in the parenthesis outranks a guess
                // at the word before it (read as `cyl`).
                Tag::Field(_) if glossed.is_empty() && exact_name(&out[*named]) => {
                    glossed.push(k);
                    break;
                }
                // "the strongest category (6+)": the superlative names the value in the parenthesis.
                Tag::Cue(Cue::High | Cue::Low) if matches!(out[*named].tag, Tag::Value(_)) => {
                    glossed.push(k);
                    break;
                }
                _ => break,
            }
        }
        for k in glossed {
            out[k].tag = Tag::Stop;
        }
    }
}

/// "Which animal sleeps the most?" with sleep_total, sleep_rem and sleep_cycle: a word naming
/// several fields, one of which is its total, names the total.
fn totals_by_default(out: &mut [Span], cat: &Catalog) {
    const TOTAL: &[&str] = &["total", "overall", "all", "gesamt", "insgesamt", "todo", "tot"];
    for s in out.iter_mut() {
        let Tag::Field(fs) = &s.tag else { continue };
        if fs.len() < 2 {
            continue;
        }
        let totals: Vec<usize> =
            fs.iter().copied().filter(|&f| name_words(&cat.fields[f].name).iter().any(|w| TOTAL.contains(&w.as_str()))).collect();
        if let [t] = totals.as_slice() {
            s.tag = Tag::Field(vec![*t]);
        }
    }
}

/// "How many deaths were not riot-related?" where every row is a death: "deaths" names the rows,
/// not the value Death of a column of causes.
fn events_of_every_row(out: &mut [Span], cat: &Catalog) {
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        if matches!(s.tag, Tag::Value(_)) && !w.contains(' ') && event_of_rows(&w, cat) {
            s.tag = Tag::Alias;
        }
    }
}

/// "birth years", "years of birth": the year beside a date field is that date's year (the
/// catalog's year part of it), listed as numbers, not dates.
fn years_of_dates(out: &mut [Span], cat: &Catalog) {
    const YEARS: &[&str] = super::lang::YEAR_WORDS;
    for i in 0..out.len() {
        let Tag::Field(fs) = &out[i].tag else { continue };
        let [f] = fs[..] else { continue };
        let Some(part) = (0..cat.fields.len()).find(|&p| cat.fields[p].part == Some((f, super::catalog::DatePart::Year))) else { continue };
        let year_at = |j: usize| {
            out.get(j).is_some_and(|s| {
                matches!(s.tag, Tag::Stop | Tag::Unknown | Tag::Cue(Cue::In)) && YEARS.contains(&super::text::fold(&s.raw).as_str())
            })
        };
        // "birth years" (after), "years of birth" (before, across "of").
        let at = if year_at(i + 1) {
            Some(i + 1)
        } else if i >= 2 && out[i - 1].cue() == Some(Cue::Of) && year_at(i - 2) {
            Some(i - 2)
        } else {
            None
        };
        if let Some(j) = at {
            out[i].tag = Tag::Field(vec![part]);
            out[j].tag = Tag::Stop;
        }
    }
}

/// "diagnosed in 1951", "born after 1980", "appointed", "released": a verb left unknown that
/// names the event a date column records (year_month_of_diagnosis, birth_date) names that column.
/// Only date and year columns, and only one: "diagnosis" alone may name four fields.
fn event_verbs_of_dates(out: &mut [Span], cat: &Catalog) {
    const IRREGULAR: &[(&str, &str)] = &[
        ("born", "birth"),
        ("geboren", "geburt"),
        ("nacido", "nacimiento"),
        ("nacida", "nacimiento"),
        ("nacidos", "nacimiento"),
        ("nacieron", "nacimiento"),
        ("nacio", "nacimiento"),
        ("nascut", "naixement"),
        ("nascuts", "naixement"),
        ("neixer", "naixement"),
        ("naixer", "naixement"),
    ];
    for s in out.iter_mut() {
        if s.tag != Tag::Unknown {
            continue;
        }
        let w = super::text::fold(&s.raw);
        if !w.chars().all(char::is_alphabetic) {
            continue;
        }
        let noun = IRREGULAR.iter().find(|(v, _)| *v == w).map(|(_, n)| n.to_string());
        let stem = match &noun {
            Some(n) => n.clone(),
            None => match w.strip_suffix("ed") {
                Some(st) if st.len() >= 5 => st.to_string(),
                _ => continue,
            },
        };
        let names_event = |n: &str| {
            if noun.is_some() {
                // A birth in any of the four languages ("van néixer" over `dob`, date of birth).
                const BIRTH: &[&str] = &["birth", "nacimiento", "naixement", "geburt"];
                return n == stem || (BIRTH.contains(&stem.as_str()) && BIRTH.contains(&n));
            }
            let common = n.chars().zip(stem.chars()).take_while(|(a, b)| a == b).count();
            n.len() >= 5 && common >= 5 && common + 2 >= stem.len()
        };
        let dated = |f: &super::catalog::FieldInfo| {
            matches!(f.ty, crate::schema::ColumnType::Date | crate::schema::ColumnType::Datetime) || f.yearly
        };
        let fs: Vec<usize> = (0..cat.fields.len())
            .filter(|&f| dated(&cat.fields[f]) && !cat.fields[f].derived() && cat.fields[f].names.iter().flatten().any(|n| names_event(n)))
            .collect();
        if fs.len() == 1 {
            s.tag = Tag::Field(fs);
        }
    }
}

/// "grades" for tgrade, "nodes" for pnodes, "size" for tsize: a word left unknown that is a
/// one-word column name less a prefix of one or two consonants (a coded name, "t" for tumour;
/// not "in" of income).
fn prefixed_names(out: &mut [Span], cat: &Catalog) {
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        if s.tag != Tag::Unknown || w.len() < 4 || !w.chars().all(|c| c.is_ascii_alphabetic()) {
            continue;
        }
        let fs: Vec<usize> = (0..cat.fields.len())
            .filter(|&f| {
                let own = name_words(&cat.fields[f].name);
                let [n] = own.as_slice() else { return false };
                (1..=2).any(|k| {
                    n.len() >= k + 4 && n.is_char_boundary(k) && !n[..k].contains(['a', 'e', 'i', 'o', 'u', 'y']) && same_word(&n[k..], &w)
                })
            })
            .collect();
        if fs.len() == 1 {
            s.tag = Tag::Field(fs);
        }
    }
}

/// "subcommittees" for `SUBS`: a one-word name that is a plural's first letters and its "s" (a
/// coded count column), for a plural word left unknown that begins with them.
fn shortened_plurals(out: &mut [Span], cat: &Catalog) {
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        if s.tag != Tag::Unknown || w.len() < 7 || !w.ends_with('s') || !w.chars().all(|c| c.is_ascii_alphabetic()) {
            continue;
        }
        let fs: Vec<usize> = (0..cat.fields.len())
            .filter(|&f| {
                let own = name_words(&cat.fields[f].name);
                let [n] = own.as_slice() else { return false };
                let Some(stem) = n.strip_suffix('s') else { return false };
                (3..=4).contains(&stem.len()) && w.len() >= n.len() + 3 && w.starts_with(stem)
            })
            .collect();
        if fs.len() == 1 {
            s.tag = Tag::Field(fs);
        }
    }
}

/// "particpants", "patiens", "temprature": a word left unknown, six letters or more, that is a name
/// of the table (a field's word, a row noun, a category value) with one letter dropped or two
/// swapped, and no other name. Not a letter changed: "weight" is never "height".
fn slipped_letters(out: &mut [Span], cat: &Catalog, lang: Lang) {
    /// `w` is `name` less one letter, or `name` with two neighbours swapped.
    fn slip(w: &str, name: &str) -> bool {
        // Most names differ in length by more than a letter or two: skip them before collecting.
        if name.len() + 2 < w.len() || w.len() + 3 < name.len() {
            return false;
        }
        let (a, b): (Vec<char>, Vec<char>) = (w.chars().collect(), name.chars().collect());
        if a.len() + 1 == b.len() {
            let k = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
            return a[k..] == b[k + 1..];
        }
        if a.len() == b.len() && a != b {
            let d: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
            return d.len() == 2 && d[1] == d[0] + 1 && a[d[0]] == b[d[1]] && a[d[1]] == b[d[0]];
        }
        false
    }
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        // ("positiven" is a sign, not a slip of some name.)
        if s.tag != Tag::Unknown || w.chars().count() < 6 || !w.chars().all(char::is_alphabetic) || super::lang::sign_word(&w).is_some() {
            continue;
        }
        let mut found: Vec<Tag> = Vec::new();
        let fs: Vec<usize> = (0..cat.fields.len()).filter(|&f| cat.fields[f].names.iter().flatten().any(|n| slip(&w, n))).collect();
        if !fs.is_empty() {
            found.push(Tag::Field(fs));
        }
        if cat.aliases.iter().any(|a| a.len() == 1 && slip(&w, &a[0])) {
            found.push(Tag::Alias);
        }
        let values: Vec<&Vec<ValueHit>> = cat
            .value_words()
            .single_words()
            .filter(|(k, _)| slip(&w, k))
            .map(|(k, _)| &cat.values[k])
            .filter(|hs| hs.iter().all(|h| cat.fields[h.field].categorical && !h.code))
            .collect();
        if let [hits] = values.as_slice() {
            found.push(Tag::Value((*hits).clone()));
        } else if values.len() > 1 {
            continue;
        }
        // "avrage", "averge", "maximun": a keyword of six letters or more, slipped the same way.
        if found.is_empty() {
            // A changed letter only in a keyword of seven letters or more ("maximun").
            let changed = |p: &str| p.len() >= 7 && p.len() == w.len() && p.chars().zip(w.chars()).filter(|(a, b)| a != b).count() == 1;
            let cues: Vec<Cue> = lexicon(lang)
                .phrases
                .iter()
                .filter(|(p, _)| p.len() >= 6 && !p.contains(' ') && (slip(&w, p) || changed(p)))
                .map(|(_, c)| *c)
                .collect();
            if let Some(c) = cues.first().filter(|c| cues.iter().all(|d| d == *c)) {
                found.push(Tag::Cue(*c));
            }
        }
        if let [tag] = found.as_slice() {
            s.tag = tag.clone();
        }
    }
}

/// "the men", "women", "Männer" in a table with a flag `is_male` (or `male`, `is_female`): the
/// rows whose flag says so (true for the sex it names, false for the other).
fn sex_flags(out: &mut [Span], cat: &Catalog) {
    const MEN: &[&str] = &["men", "man", "males", "male", "hombres", "hombre", "varones", "manner", "mann"];
    const WOMEN: &[&str] = &["women", "woman", "females", "female", "mujeres", "mujer", "dones", "dona", "frauen", "frau"];
    let flag = |names: &[&str]| {
        cat.fields
            .iter()
            .position(|f| f.ty == crate::schema::ColumnType::Boolean && names.contains(&name_words(&f.name).join(" ").as_str()))
    };
    let (male, female) = (flag(&["is male", "male", "ismale"]), flag(&["is female", "female", "isfemale"]));
    if male.is_none() && female.is_none() {
        return;
    }
    for s in out.iter_mut() {
        if !matches!(s.tag, Tag::Unknown | Tag::Alias) {
            continue;
        }
        let w = super::text::fold(&s.raw);
        let says_male = if MEN.contains(&w.as_str()) {
            true
        } else if WOMEN.contains(&w.as_str()) {
            false
        } else {
            continue;
        };
        let (f, value) = match (male, female) {
            (Some(m), _) => (m, says_male),
            (None, Some(fe)) => (fe, !says_male),
            (None, None) => continue,
        };
        s.tag = Tag::Value(vec![ValueHit { field: f, value: value.to_string(), rows: 0, code: false }]);
    }
}

/// "the earliest diagnosis date", "the longest time in months between estimated onset and
/// diagnosis": a word naming several long fields names the one whose other words the question
/// also says (a date field counts "date" or "when"), when exactly one says the most; the words
/// that only served to pick it are placed with it.
fn fields_by_other_words(out: &mut [Span], cat: &Catalog) {
    for i in 0..out.len() {
        let Tag::Field(fs) = out[i].tag.clone() else { continue };
        if fs.len() < 2 {
            continue;
        }
        let own: Vec<String> = super::text::fold(&out[i].raw).split_whitespace().map(str::to_string).collect();
        let others: Vec<(usize, String)> = out
            .iter()
            .enumerate()
            .filter(|(j, s)| *j != i && !matches!(s.tag, Tag::Field(_) | Tag::Value(_) | Tag::Number(_) | Tag::Date(_)))
            .flat_map(|(j, s)| super::text::fold(&s.raw).split_whitespace().map(move |w| (j, w.to_string())).collect::<Vec<_>>())
            .collect();
        let score = |f: usize| -> (usize, Vec<usize>) {
            let words = name_words(&cat.fields[f].name);
            let mut hit = Vec::new();
            for (j, w) in &others {
                // ("physician-rated" for `ph.karno` beside `pat.karno`: a name word that shortens it.)
                let shortens = |n: &String| n.len() >= 2 && w.len() >= n.len() + 3 && w.starts_with(n.as_str());
                let said = w.len() >= 3 && !own.contains(w) && words.iter().any(|n| same_word(n, w) || shortens(n));
                let date_word = matches!(w.as_str(), "date" | "dates" | "when" | "fecha" | "data" | "datum" | "cuando" | "quan" | "wann")
                    && matches!(cat.fields[f].ty, crate::schema::ColumnType::Date | crate::schema::ColumnType::Datetime);
                if said || date_word {
                    hit.push(*j);
                }
            }
            (hit.len(), hit)
        };
        let scored: Vec<(usize, usize, Vec<usize>)> = fs
            .iter()
            .map(|&f| {
                let (n, hit) = score(f);
                (f, n, hit)
            })
            .collect();
        let best = scored.iter().map(|(_, n, _)| *n).max().unwrap_or(0);
        let top: Vec<&(usize, usize, Vec<usize>)> = scored.iter().filter(|(_, n, _)| *n == best).collect();
        if best == 0 || top.len() != 1 {
            continue;
        }
        let (f, _, hit) = top[0].clone();
        out[i].tag = Tag::Field(vec![f]);
        for j in hit {
            if out[j].tag == Tag::Unknown {
                out[j].tag = Tag::Stop;
            }
            // ("physician-rated", "patient-reported": the participle after who gave the value.)
            if out.get(j + 1).is_some_and(|n| n.tag == Tag::Unknown && n.start == out[j].end && super::text::fold(&n.raw).ends_with("ed")) {
                out[j + 1].tag = Tag::Stop;
            }
        }
    }
}

/// "In which month were the most patients diagnosed?" with three month fields, one of them named
/// by "diagnosed": a word naming several fields, and another naming one of them alone, is that one.
fn ambiguity_by_a_named_one(out: &mut [Span]) {
    for a in 0..out.len() {
        let Tag::Field(ca) = out[a].tag.clone() else { continue };
        if ca.len() < 2 || out[a].raw.is_empty() {
            continue;
        }
        let singles: Vec<usize> = (0..out.len())
            .filter(|&b| b != a && !out[b].raw.is_empty())
            .filter(|&b| matches!(&out[b].tag, Tag::Field(fs) if fs.len() == 1 && ca.contains(&fs[0])))
            .collect();
        let others = (0..out.len()).any(|b| b != a && matches!(&out[b].tag, Tag::Field(fs) if !fs.iter().all(|f| ca.contains(f))));
        if let ([b], false) = (singles.as_slice(), others) {
            out[a].tag = out[*b].tag.clone();
            out[*b].tag = Tag::Stop;
        }
    }
}

/// A category column of days of the week or of months written short ("Thur", "Fri", "Sat"): three
/// of its values or more are the start of a day's or a month's English name.
fn calendar_field(cat: &Catalog, f: usize) -> bool {
    use super::lang::{DAY_NAMES, MONTH_NAMES};
    let short = cat
        .values
        .iter()
        .filter(|(k, hs)| {
            k.len() >= 3
                && hs.iter().any(|h| h.field == f)
                && DAY_NAMES.iter().chain(MONTH_NAMES).any(|n| n.len() > k.len() && n.starts_with(k.as_str()))
        })
        .count();
    short >= 3
}

/// "Saturday" for the value "Sat", "Thursdays" for "Thur", "sábado" for "Sat", "January" for
/// "Jan": a day or month named in full where a column of days or months holds its abbreviation.
fn abbreviated_days_and_months(out: &mut [Span], cat: &Catalog) {
    for s in out.iter_mut() {
        if s.tag != Tag::Unknown {
            continue;
        }
        let w = super::text::fold(&s.raw);
        let capital = s.raw.chars().next().is_some_and(char::is_uppercase);
        let Some(full) = super::lang::weekday_word(&w).or_else(|| super::lang::month_word(&w, capital).and_then(super::lang::month_name))
        else {
            continue;
        };
        let start = |k: &str| k.len() >= 3 && k.len() < full.len() && full.starts_with(k);
        if let Some(hits) = one_single_word_value(cat, start, |_, hits| {
            hits.iter().any(|h| cat.fields[h.field].categorical && calendar_field(cat, h.field))
        }) {
            s.tag = Tag::Value(hits);
        }
    }
}

/// "How many smokers…", "paid by smokers": the plural of a field whose values are Yes and No
/// names the rows that say yes.
fn yes_no_nouns(out: &mut [Span], cat: &Catalog) {
    // "How many different smokers values…" asks about the field itself.
    if out.iter().any(|s| matches!(s.cue(), Some(Cue::Distinct | Cue::Values))) {
        return;
    }
    for s in out.iter_mut() {
        let Tag::Field(fs) = &s.tag else { continue };
        let [f] = fs.as_slice() else { continue };
        let w = super::text::fold(&s.raw);
        let own = name_words(&cat.fields[*f].name);
        if own.len() != 1 || !w.ends_with('s') || own[0].ends_with('s') || !same_word(&own[0], &w) {
            continue;
        }
        if cat.fields[*f].ty == crate::schema::ColumnType::Boolean {
            s.tag = Tag::Value(vec![ValueHit { field: *f, value: "true".into(), rows: 0, code: false }]);
            continue;
        }
        if cat.fields[*f].distinct != 2 {
            continue;
        }
        let hit = |v: &str| cat.values.get(v).and_then(|hs| hs.iter().find(|h| h.field == *f).cloned());
        if let (Some(yes), Some(_)) = (hit("yes"), hit("no")) {
            s.tag = Tag::Value(vec![yes]);
        }
    }
}

/// "How many of the bills…", "What percentage of the meals were lunches?" in a table whose rows
/// nothing names (no label column): the plural noun of the whole is what a row is.
/// Not where an amount is asked ("in total", "overall") or the noun is a unit counted by a measure.
fn rows_noun_of_unnamed_rows(out: &mut [Span], cat: &Catalog) {
    const AMOUNTS: &[&str] = &[
        "total",
        "overall",
        "altogether",
        "combined",
        "sum",
        "insgesamt",
        "gesamt",
        "summe",
        "units",
        "votes",
        "points",
        "goals",
        "dollars",
        "euros",
        "sales",
        "hours",
        "minutes",
        "seconds",
        "days",
        "years",
        "months",
        "weeks",
        "miles",
        "pounds",
        "unidades",
        "votos",
        "puntos",
        "unitats",
        "vots",
        "punts",
        "einheiten",
        "stimmen",
        "punkte",
        "money",
        "dinero",
    ];
    // Rows that are an entity's periods (a firm's years) are not what "how many employees" counts.
    if cat.label.is_some()
        || cat.panel.is_some()
        || out.iter().any(|s| s.cue() == Some(Cue::Sum) || AMOUNTS.contains(&super::text::fold(&s.raw).as_str()))
    {
        return;
    }
    for i in 0..out.len() {
        let w = super::text::fold(&out[i].raw);
        let plural = (w.ends_with('s') && !["less", "ss", "ous", "ics"].iter().any(|e| w.ends_with(e)))
            || matches!(w.as_str(), "women" | "men" | "children" | "frauen" | "manner" | "kinder");
        // "childless respondents": a word before another noun qualifies it.
        let qualifies = out[i + 1..].iter().find(|s| s.tag != Tag::Stop).is_some_and(|s| matches!(s.tag, Tag::Alias | Tag::Field(_)));
        if out[i].tag != Tag::Unknown || w.len() < 3 || !plural || qualifies || !w.chars().all(char::is_alphabetic) {
            continue;
        }
        // Only a partitive ("how many of the bills", "what percentage of the meals") presumes the
        // noun is the whole table: "How many roses are there?" in iris stays a noun it lacks.
        let Some(p) = out[..i].iter().rposition(|s| s.tag != Tag::Stop) else { continue };
        let of_whole = out[p].cue() == Some(Cue::Of)
            && p > 0
            && out[..p].iter().rev().find(|s| s.tag != Tag::Stop).is_some_and(|s| matches!(s.cue(), Some(Cue::Share | Cue::HowMany)));
        if of_whole {
            out[i].tag = Tag::Alias;
        }
    }
}

/// "How many characters are human?", "the tallest character", "the average height of the
/// characters": where a column names every row, the noun a visitor gives the rows is rarely in the
/// table. A word nothing else names is that noun where only rows can stand: after "how many" with a
/// condition to count by, after "which"/"who"/"top N", after a superlative, or as "of the …" at the
/// end of an aggregate.
fn rows_noun_of_named_rows(out: &mut [Span], cat: &Catalog, lang: Lang) {
    let Some(label) = cat.label else { return };
    if !matches!(cat.fields[label].ty, crate::schema::ColumnType::Text | crate::schema::ColumnType::Identifier) {
        return;
    }
    // "what type of aircraft is N508AA": the noun after "type of" says what the named row is.
    for i in 2..out.len() {
        if out[i].tag == Tag::Unknown
            && out[i - 1].cue() == Some(Cue::Of)
            && matches!(&out[i - 2].tag, Tag::Field(fs) if fs.len() == 1 && cat.fields[fs[0]].categorical)
            && matches!(
                super::text::fold(&out[i - 2].raw).as_str(),
                "type" | "kind" | "sort" | "class" | "tipo" | "tipus" | "clase" | "classe" | "art" | "typ"
            )
        {
            out[i].tag = Tag::Stop;
        }
    }
    // A row named in the question ("Luke's children") makes the noun an attribute it lacks.
    // (Any value that names one row: "how many runways does JFK have" names an airport by its code.)
    let names_a_row = out.iter().any(|s| matches!(&s.tag, Tag::Value(hs) if hs.iter().any(|h| h.field == label || h.rows == 1 || cat.fields[h.field].ty == crate::schema::ColumnType::Identifier)));
    let content = |s: &Span| s.tag != Tag::Stop;
    for i in 0..out.len() {
        let w = super::text::fold(&out[i].raw);
        // (German nouns are capitalised; elsewhere a capital is a name.)
        let capital = out[i].raw.chars().next().is_some_and(char::is_uppercase) && lang != Lang::De;
        // ("the 3 densest elements": a superlative adjective is no noun.)
        // ("den kleinsten positiven Wert": a sign is no noun either.)
        let noun = out[i].tag == Tag::Unknown && w.len() >= 4 && out[i].raw.chars().all(|c| c.is_alphabetic()) && !capital && !is_measure_noun(&w) && !w.ends_with("est")
            && super::lang::sign_word(&w).is_none()
            // ("la velocidad más alta registrada": a participle, not a noun.)
            && !["ed", "ado", "ada", "ados", "adas", "ido", "ida", "idos", "idas"].iter().any(|e| w.ends_with(e));
        if !noun || names_a_row {
            continue;
        }
        let prev = out[..i].iter().rposition(content);
        let next = out[i + 1..].iter().position(content).map(|k| i + 1 + k);
        // "number of children", "characters per planet": the noun is measured, not counted; "the
        // longest serving senator", "the most negative monthly change": a word before a noun qualifies it.
        // (German puts the verb last: "die meisten Flugzeuge gebaut".)
        let verb_last = lang == Lang::De && next.is_some_and(|j| j + 1 == out.len());
        // ("un avion de CESSNA": a row of a value.)
        let of_value = |j: usize| out[j + 1..].iter().find(|s| content(s)).is_some_and(|s| matches!(s.tag, Tag::Value(_)));
        if next.is_some_and(|j| {
            (matches!(out[j].cue(), Some(Cue::Of | Cue::Per)) && !of_value(j))
                || (matches!(out[j].tag, Tag::Alias | Tag::Field(_)) && !verb_last)
        }) || w.ends_with("ing")
        {
            continue;
        }
        let cue_at = |j: Option<usize>| j.and_then(|j| out[j].cue());
        let rest_conditions = out[i + 1..].iter().any(|s| {
            matches!(s.tag, Tag::Value(_) | Tag::Number(_) | Tag::Field(_))
                || matches!(s.cue(), Some(Cue::Op(_) | Cue::High | Cue::Low | Cue::Most | Cue::Least | Cue::Not))
        });
        // ("How many moons does Tatooine have?": the value is the subject, the noun what it has.)
        let asks_of_a_value = out.get(i + 1).is_some_and(|s| matches!(super::text::fold(&s.raw).as_str(), "does" | "do" | "did"));
        let after_how_many = cue_at(prev) == Some(Cue::HowMany) && rest_conditions && !asks_of_a_value;
        let any_word = i.checked_sub(1).is_some_and(|j| {
            matches!(
                super::text::fold(&out[j].raw).as_str(),
                "any" | "some" | "algun" | "alguna" | "algunos" | "algunas" | "cap" | "irgendein" | "irgendeine" | "irgendwelche"
            )
        });
        let after_which = (matches!(cue_at(prev), Some(Cue::Which | Cue::Who | Cue::List)) || any_word) && rest_conditions;
        // "the tallest character", "top 3 charaters": after a superlative (its implied field between).
        let before_field = prev
            .filter(|&j| matches!(&out[j].tag, Tag::Field(_)) && out[j].raw.is_empty())
            .and_then(|j| out[..j].iter().rposition(content))
            .or(prev);
        let after_rank = matches!(cue_at(before_field), Some(Cue::High | Cue::Low | Cue::Top | Cue::Bottom))
            || prev.is_some_and(|j| {
                matches!(out[j].tag, Tag::Number(_))
                    && out[..j].iter().rev().find(|s| content(s)).is_some_and(|s| matches!(s.cue(), Some(Cue::Top | Cue::Bottom)))
            });
        // "the average height of the characters": "of the" and the noun at the end, after a field.
        let of_all = cue_at(prev) == Some(Cue::Of)
            && next.is_none()
            && out[..prev.unwrap_or(0)].iter().rev().find(|s| content(s)).is_some_and(|s| matches!(s.tag, Tag::Field(_)));
        if after_how_many || after_which || after_rank || of_all {
            out[i].tag = Tag::Alias;
        }
    }
}

/// "mpg" for Miles_per_Gallon, "GDP" for gross_domestic_product: a word left unknown that is the
/// initials of exactly one field's name of two words or more.
fn initials_of_fields(out: &mut [Span], cat: &Catalog) {
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        if s.tag != Tag::Unknown || !(2..=5).contains(&w.len()) || !w.chars().all(|c| c.is_ascii_alphabetic()) {
            continue;
        }
        let fs: Vec<usize> = cat
            .fields
            .iter()
            .enumerate()
            .filter(|(_, f)| {
                let words = name_words(&f.name);
                words.len() >= 2 && words.len() == w.len() && words.iter().zip(w.chars()).all(|(n, c)| n.starts_with(c))
            })
            .map(|(k, _)| k)
            .collect();
        if fs.len() == 1 {
            s.tag = Tag::Field(fs);
        }
    }
}

/// "Japanese cars", "African countries", "asiatische Länder", "país europeu": a word left unknown
/// that is a one-word category value with an ending of origin (-ese, -an, -ian, -isch…) names it.
fn demonym_values(out: &mut [Span], cat: &Catalog) {
    const ENDINGS: &[&str] = &[
        "ese", "eses", "an", "ans", "ian", "ians", "ean", "eans", "n", "ns", "ano", "anos", "ana", "anas", "iano", "ianos", "iana",
        "ianas", "eo", "eos", "ea", "eas", "eu", "eus", "es", "o", "os", "isch", "ische", "ischen", "ischer", "isches", "aisch", "aische",
        "aischen", "aischer", "tisch", "tische", "tischen", "tischer", "atisch", "atische", "atischen", "atischer", "",
    ];
    for s in out.iter_mut() {
        if s.tag != Tag::Unknown {
            continue;
        }
        let w = super::text::fold(&s.raw);
        if w.len() < 5 || !w.chars().all(char::is_alphabetic) {
            continue;
        }
        let demonym = |k: &str, hits: &[ValueHit]| {
            hits.iter().any(|h| cat.fields[h.field].categorical && !h.code) && {
                // The value less a final vowel, "y" or "s": Japan, Europ(e), Afric(a), Ital(y), America(s).
                let stems = [k, k.trim_end_matches(['a', 'e', 'o', 'y', 's'])];
                stems.iter().any(|st| {
                    st.len() >= 4
                        && w.strip_prefix(st).is_some_and(|rest| ENDINGS.contains(&rest) && (!rest.is_empty() || k.ends_with('y')))
                })
            }
        };
        if let Some(hits) = one_single_word_value(cat, |k| k.len() >= 4 && k != w, demonym) {
            s.tag = Tag::Value(hits);
        }
    }
}

/// "Wie viele Scheidungen…", "Quants divorcis…" with Divorces and Divorces_per_1000: a word that
/// names a count and its rate per N is the count, unless the question speaks of a rate.
fn counts_over_rates(out: &mut [Span], cat: &Catalog) {
    const RATE_WORDS: &[&str] =
        &["rate", "rates", "ratio", "tasa", "tasas", "taxa", "taxes", "quote", "per", "por", "pro", "je", "cada", "capita"];
    let rate_said =
        out.iter().any(|s| s.cue() == Some(Cue::Per) || super::text::fold(&s.raw).split_whitespace().any(|w| RATE_WORDS.contains(&w)));
    if rate_said {
        return;
    }
    for s in out.iter_mut() {
        let Tag::Field(fs) = &s.tag else { continue };
        let [a, b] = fs.as_slice() else { continue };
        let (wa, wb) = (name_words(&cat.fields[*a].name), name_words(&cat.fields[*b].name));
        let rate_of =
            |rate: &[String], count: &[String]| rate.len() == count.len() + 2 && rate.starts_with(count) && rate[count.len()] == "per";
        if rate_of(&wb, &wa) {
            s.tag = Tag::Field(vec![*a]);
        } else if rate_of(&wa, &wb) {
            s.tag = Tag::Field(vec![*b]);
        }
    }
}

/// "the median number of all PCI cases" for `Number_of_Cases`: after an average or median, "number
/// of" before a field that counts says what the field is already, not a count of rows. (Not with
/// "per": "the median number of cases per hospital" is a median over hospitals, not over rows.)
fn number_of_counted_things(out: &mut [Span], cat: &Catalog) {
    if out.iter().any(|s| s.cue() == Some(Cue::Per)) {
        return;
    }
    for i in 1..out.len() {
        if out[i].cue() != Some(Cue::HowMany) || !super::text::fold(&out[i].raw).contains(' ') {
            continue;
        }
        let aggregated = out[..i]
            .iter()
            .rev()
            .find(|s| s.tag != Tag::Stop)
            .is_some_and(|s| matches!(s.cue(), Some(Cue::Avg | Cue::Median | Cue::Sum | Cue::High | Cue::Low | Cue::Max | Cue::Min)));
        let counted = out[i + 1..]
            .iter()
            .find(|s| !matches!(s.tag, Tag::Stop | Tag::Value(_)))
            .is_some_and(|s| matches!(&s.tag, Tag::Field(fs) if fs.len() == 1 && cat.fields[fs[0]].counts_things()));
        if aggregated && counted {
            out[i].tag = Tag::Stop;
        }
    }
}

/// "monthly passengers" in a table of months, "the lowest yearly output" in a table of years: the
/// adjective of the table's own period says what every row is, so it restricts nothing.
fn period_adjectives(out: &mut [Span], cat: &Catalog) {
    const PERIODS: &[(&[&str], &str)] = &[
        (&["daily", "diario", "diaria", "diarios", "diarias", "diari", "diaris", "taglich", "tagliche", "taglichen"], "day"),
        (&["weekly", "semanal", "semanales", "setmanal", "setmanals", "wochentlich", "wochentliche", "wochentlichen"], "week"),
        (super::lang::MONTHLY, "month"),
        (
            &["quarterly", "trimestral", "trimestrales", "trimestrals", "vierteljahrlich", "vierteljahrliche", "vierteljahrlichen"],
            "quarter",
        ),
        (&["yearly", "annual", "anual", "anuales", "anuals", "jahrlich", "jahrliche", "jahrlichen"], "year"),
    ];
    let timed = (0..cat.fields.len()).any(|f| timely_field(cat, f));
    // "the most negative monthly nonfarm change": before a measure, the adjective says what one
    // value covers; it does not name the month column.
    for i in 0..out.len().saturating_sub(1) {
        let w = super::text::fold(&out[i].raw);
        // (A column of month names, "Month" or "MON", is a period too: "average monthly cases".)
        let timely = |f: &usize| {
            timely_field(cat, *f)
                || (cat.fields[*f].distinct <= 31
                    && name_words(&cat.fields[*f].name)
                        .first()
                        .is_some_and(|n| matches!(n.as_str(), "month" | "mon" | "mes" | "monat" | "week" | "day" | "quarter")))
        };
        let adjective = PERIODS.iter().any(|(words, _)| words.contains(&w.as_str()));
        let measure_next = matches!(&out[i + 1].tag, Tag::Field(fs) if fs.iter().all(|f| cat.fields[*f].ty.is_numeric() && !timely(f)));
        if adjective && measure_next && matches!(&out[i].tag, Tag::Field(fs) if fs.iter().all(timely)) {
            out[i].tag = Tag::Stop;
        }
        // "yearly totals for 1982, 1983 and 1984": before a total, the adjective says what each sum
        // covers, and the periods named say which; it names no column.
        let total_next = out[i + 1].cue() == Some(Cue::Sum);
        if adjective && total_next && timed && matches!(out[i].tag, Tag::Unknown | Tag::Field(_)) {
            out[i].tag = Tag::Stop;
        }
    }
    let any_year = out.iter().any(|t| year_number(&t.tag) && t.raw.len() == 4);
    for s in out.iter_mut() {
        if s.tag != Tag::Unknown {
            continue;
        }
        let w = super::text::fold(&s.raw);
        let Some((words, period)) = PERIODS.iter().find(|(words, _)| words.contains(&w.as_str())) else { continue };
        // "el desempleo anual" beside a column `Annual`: the adjective in any language names it.
        let named: Vec<usize> = (0..cat.fields.len())
            .filter(|&f| !cat.fields[f].is_change() && name_words(&cat.fields[f].name).iter().any(|n| words.contains(&n.as_str())))
            .collect();
        if named.len() == 1 {
            s.tag = Tag::Field(named);
            continue;
        }
        // "average weekly price" over rows of `week_ending` dates: a date column named by the
        // period says what every row is.
        let dated_by = (0..cat.fields.len()).any(|f| {
            matches!(cat.fields[f].ty, crate::schema::ColumnType::Date | crate::schema::ColumnType::Datetime)
                && cat.fields[f].part.is_none()
                && name_words(&cat.fields[f].name).iter().any(|n| n == period)
        });
        let rows_are = dated_by || cat.aliases.iter().any(|a| a.len() == 1 && a[0] == *period);
        let yearly = *period == "year" && cat.fields.iter().any(|f| f.yearly);
        let monthly = *period == "month" && cat.fields.iter().any(|f| f.monthly);
        // "yearly KSI totals for 1982, 1983 and 1984" over dated rows: the years named say which sums.
        let years_named = *period == "year" && timed && any_year;
        if rows_are || yearly || monthly || years_named {
            s.tag = Tag::Stop;
        }
    }
}

/// "Which months had an average temperature below 1 degree?", "Wie viele Monate hatten eine
/// Durchschnittstemperatur unter 1 Grad?" over monthly rows: the rows' own noun, then "an average"
/// of a measure compared with a number, is each row's value (the month's mean), not a group's
/// average over a month column of 1 to 12.
fn averages_of_one_row(out: &mut [Span], cat: &Catalog) {
    const ARTICLES: &[&str] = &["a", "an", "un", "una", "une", "ein", "eine", "einen", "einem", "einer"];
    let content: Vec<usize> =
        (0..out.len()).filter(|&k| out[k].tag != Tag::Stop || ARTICLES.contains(&super::text::fold(&out[k].raw).as_str())).collect();
    // The question opens "which <noun>" or "how many <noun>", the noun one the rows answer to.
    let [first, subject, ..] = content.as_slice() else { return };
    if !matches!(out[*first].cue(), Some(Cue::Which | Cue::HowMany)) {
        return;
    }
    let noun = super::text::fold(&out[*subject].raw);
    let rows_noun = cat.aliases.iter().any(|a| a.len() == 1 && a[0] == noun);
    if !rows_noun || !matches!(out[*subject].tag, Tag::Field(_) | Tag::Alias) {
        return;
    }
    for w in content.windows(4) {
        let [a, avg, field, op] = [w[0], w[1], w[2], w[3]];
        let article = ARTICLES.contains(&super::text::fold(&out[a].raw).as_str());
        let measure = matches!(&out[field].tag, Tag::Field(fs) if fs.len() == 1 && cat.fields[fs[0]].ty.is_numeric());
        let compared = matches!(out[op].cue(), Some(Cue::Op(_) | Cue::More | Cue::Less));
        if article && matches!(out[avg].cue(), Some(Cue::Avg | Cue::Median)) && measure && compared {
            out[avg].tag = Tag::Stop;
            out[avg].used = true;
            out[*subject].tag = Tag::Alias;
        }
    }
}

/// "the three months with the most deaths" over monthly rows with a month column (1 to 12): a
/// number of the rows' own period is that many rows, not months of the year.
fn periods_counted_are_rows(out: &mut [Span], cat: &Catalog) {
    for i in 1..out.len() {
        let noun = super::text::fold(&out[i].raw);
        let period = ["s", "es", "e", "en"].iter().any(|e| noun.strip_suffix(e).is_some_and(is_period_word));
        let rows_noun = period && cat.aliases.iter().any(|a| a.len() == 1 && a[0] == noun);
        let repeated = matches!(&out[i].tag, Tag::Field(fs) if fs.len() == 1 && cat.fields[fs[0]].distinct < cat.rows);
        if rows_noun && repeated && matches!(out[i - 1].tag, Tag::Number(n) if n >= 2.0 && n.fract() == 0.0) {
            out[i].tag = Tag::Alias;
        }
    }
}

/// "what's the round value for y?" over a table of sounds named by one letter: a single letter
/// that ends the question after "for" or "of" is the row it names, spelled as the label holds it
/// (elsewhere one letter is too often a word: "a", "y", "i").
fn one_letter_names(out: &mut [Span], cat: &Catalog) {
    let Some(label) = cat.label else { return };
    let Some(last) = out.iter().rposition(|s| s.tag != Tag::Stop || s.raw.chars().any(char::is_alphanumeric)) else { return };
    if last == 0 || out[last].tag != Tag::Unknown || out[last].raw.chars().count() != 1 {
        return;
    }
    let before = super::text::fold(&out[last - 1].raw);
    if !matches!(before.as_str(), "for" | "of" | "de" | "para" | "per" | "pour" | "fur" | "von") {
        return;
    }
    let raw = out[last].raw.clone();
    let hits: Vec<ValueHit> =
        cat.values.get(&super::text::fold(&raw)).into_iter().flatten().filter(|h| h.field == label && h.value == raw).cloned().collect();
    if !hits.is_empty() {
        out[last].tag = Tag::Value(hits);
    }
}

/// "the most valuable players" with `MarketValue`, "the most profitable" with `profit`: an English
/// adjective in -able left unknown whose noun is a word of exactly one numeric field names it.
fn adjectives_of_measures(out: &mut [Span], cat: &Catalog) {
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        let Some(stem) = w.strip_suffix("able").filter(|t| t.len() >= 3) else { continue };
        if s.tag != Tag::Unknown {
            continue;
        }
        let nouns = [stem.to_string(), format!("{stem}e")];
        let fields: Vec<usize> = (0..cat.fields.len())
            .filter(|&f| {
                cat.fields[f].ty.is_numeric()
                    && !cat.fields[f].derived()
                    && name_words(&cat.fields[f].name).iter().any(|n| nouns.contains(n))
            })
            .collect();
        if let [f] = fields.as_slice() {
            s.tag = Tag::Field(vec![*f]);
        }
    }
}

/// "nasal" for `nas`, "consonantal" for `cons`, "voiced" for `voi`: a word left unknown that starts
/// with the whole one-word name of exactly one field (three letters or more) names that field.
fn shortened_field_names(out: &mut [Span], cat: &Catalog) {
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        if s.tag != Tag::Unknown || w.len() < 4 || !w.chars().all(char::is_alphabetic) {
            continue;
        }
        let fields: Vec<usize> = (0..cat.fields.len())
            .filter(|&f| {
                let words = name_words(&cat.fields[f].name);
                cat.fields[f].composed.is_none()
                    && matches!(words.as_slice(), [n] if n.len() >= 3 && n.len() < w.len() && w.starts_with(n.as_str()))
            })
            .collect();
        if let [f] = fields.as_slice() {
            s.tag = Tag::Field(vec![*f]);
        }
    }
}

/// "the divorce rate per 1000" for Divorces_per_1000: a field's word, then "per" and a number that
/// end another field's name, name that field; "people" or "inhabitants" after them say per what.
fn rates_per_number(out: &mut [Span], cat: &Catalog) {
    const PER_WHOM: &[&str] = &[
        "people",
        "persons",
        "inhabitants",
        "residents",
        "population",
        "capita",
        "personas",
        "habitantes",
        "persones",
        "habitants",
        "einwohner",
        "personen",
        "menschen",
    ];
    for i in 0..out.len() {
        let Tag::Field(named) = out[i].tag.clone() else { continue };
        let Some(j) = out[i + 1..].iter().position(|s| s.tag != Tag::Stop).map(|k| i + 1 + k) else { continue };
        let (Some(Cue::Per), Some(Tag::Number(n))) = (out[j].cue(), out.get(j + 1).map(|s| &s.tag)) else { continue };
        if n.fract() != 0.0 || *n < 1.0 || *n > 1e9 {
            continue;
        }
        let n = format!("{}", *n as i64);
        let word = super::text::fold(&out[i].raw);
        let Some(first) = word.split_whitespace().next() else { continue };
        let fits: Vec<usize> = cat
            .fields
            .iter()
            .enumerate()
            .filter(|(k, f)| {
                let w = name_words(&f.name);
                w.len() >= 3 && w[w.len() - 2] == "per" && w[w.len() - 1] == n && (same_word(&w[0], first) || named.contains(k))
            })
            .map(|(k, _)| k)
            .collect();
        if fits.len() != 1 {
            continue;
        }
        out[i].tag = Tag::Field(fits);
        out[j].tag = Tag::Stop;
        out[j + 1].tag = Tag::Stop;
        if out.get(j + 2).is_some_and(|s| PER_WHOM.contains(&super::text::fold(&s.raw).as_str())) {
            out[j + 2].tag = Tag::Stop;
        }
    }
    // "divorces per 1000 people": the whole name typed, then whom it counts.
    for i in 1..out.len() {
        let after_rate = matches!(&out[i - 1].tag, Tag::Field(fs) if fs.iter().all(|&f| name_words(&cat.fields[f].name).iter().rev().nth(1).is_some_and(|w| w == "per")));
        if after_rate
            && matches!(out[i].tag, Tag::Alias | Tag::Unknown | Tag::Field(_))
            && PER_WHOM.contains(&super::text::fold(&out[i].raw).as_str())
        {
            out[i].tag = Tag::Stop;
        }
    }
    // "the most unemployed people": people said after another field are those it counts, not
    // the population column that "people" names otherwise.
    for i in 1..out.len() {
        let w = super::text::fold(&out[i].raw);
        let people = PER_WHOM.contains(&w.as_str()) && !matches!(w.as_str(), "population" | "capita");
        if let (true, Tag::Field(this), Tag::Field(before)) = (people, &out[i].tag, &out[i - 1].tag) {
            if !before.iter().any(|f| this.contains(f)) {
                out[i].tag = Tag::Stop;
            }
        }
    }
}

/// "What percent of the states…" in a table with one row per state: the plural of the field that
/// names the rows, different in every row and never empty, is the rows' noun.
fn label_plural_names_rows(out: &mut [Span], cat: &Catalog, tokens: &[Token], q: &str) {
    // Or a text column of names that repeat a little ("county": 320 names over 437 counties, the same
    // name in several states): its plural counts rows, unless "different" names are asked.
    let repeating = cat.repeated_names;
    // (Besides the label, any text column different in every row: "district" beside a `district_id` label.)
    let unique = |l: usize| cat.fields[l].distinct == cat.rows && cat.rows >= 2;
    let label = cat.label.filter(|&l| unique(l));
    let others = (0..cat.fields.len()).filter(|&f| {
        Some(f) != cat.label && cat.fields[f].composed.is_none() && cat.fields[f].ty == crate::schema::ColumnType::Text && unique(f)
    });
    // "¿quiénes murieron…? (apellidos)": a field in parentheses says what to answer with.
    let glosses: Vec<(usize, Tag)> = out
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(s.tag, Tag::Field(_)) && in_parentheses(q, tokens, s))
        .map(|(k, s)| (k, s.tag.clone()))
        .collect();
    for l in label.into_iter().chain(repeating) {
        names_rows_by_plural(out, cat, l, Some(l) == repeating, false);
    }
    // (Another such column names them only as what is counted: "Who won the most districts?".)
    for l in others {
        names_rows_by_plural(out, cat, l, false, true);
    }
    for (k, tag) in glosses {
        out[k].tag = tag;
    }
}

/// The span is inside a pair of parentheses of the question.
fn in_parentheses(q: &str, tokens: &[Token], s: &Span) -> bool {
    // (Spans the passes implied, with no words of their own, are in no parentheses.)
    let (Some(first), Some(last)) = (tokens.get(s.start), s.end.checked_sub(1).and_then(|e| tokens.get(e))) else { return false };
    if s.end <= s.start {
        return false;
    }
    let (from, to) = (first.start, last.end);
    q.match_indices('(').any(|(open, _)| open < from && q[open..].find(')').is_some_and(|c| open + c >= to))
}

fn names_rows_by_plural(out: &mut [Span], cat: &Catalog, l: usize, repeating: bool, counted_only: bool) {
    let f = &cat.fields[l];
    for i in 0..out.len() {
        if repeating && out[..i].iter().rev().find(|s| s.tag != Tag::Stop).is_some_and(|b| b.cue() == Some(Cue::Distinct)) {
            continue;
        }
        let w = super::text::fold(&out[i].raw);
        let plural = w.ends_with('s') && !f.names.first().and_then(|n| n.last()).is_some_and(|x| x.ends_with('s'));
        // "Which genus has the most bacteria?", "What percentage of bacteria…" with a column Bacteria:
        // the name counted, whatever its plural, is the rows'.
        let before = out[..i].iter().rev().find(|s| s.tag != Tag::Stop);
        let counted = before.is_some_and(|b| {
            matches!(b.cue(), Some(Cue::High | Cue::Low | Cue::Most | Cue::Least))
                && matches!(
                    super::text::fold(&b.raw).as_str(),
                    "most" | "the most" | "fewest" | "the fewest" | "least" | "the least" | "more" | "fewer"
                )
        }) || (before.is_some_and(|b| b.cue() == Some(Cue::Of)) && out[..i].iter().any(|s| s.cue() == Some(Cue::Share)));
        if out[i].tag == Tag::Field(vec![l]) && out[i].end - out[i].start == 1 && ((plural && !counted_only) || counted) {
            out[i].tag = Tag::Alias;
        }
    }
}

/// "violent crime rate" in statecrime.csv: a measure noun after a field's name and a word of the
/// file's name (placed only now) is the field's too, as it is right beside it (`join_field_words`).
fn measure_nouns(out: &mut [Span], cat: &Catalog) {
    let named = |w: &str| {
        cat.fields.iter().any(|f| {
            f.names.iter().any(|n| n.iter().any(|x| x == w || x.strip_suffix('s') == Some(w) || w.strip_suffix('s') == Some(x.as_str())))
        })
    };
    for i in 1..out.len() {
        let w = super::text::fold(&out[i].raw);
        if out[i].tag != Tag::Unknown || !is_measure_noun(&w) || named(&w) {
            continue;
        }
        // A word of the file's name may come between ("violent crime rate" in statecrime.csv).
        let before = out[..i].iter().rposition(|s| s.tag != Tag::Stop);
        // "the median score in experiment 3": the field the measure is of, named after it.
        // ("la puntuació mínima de l'experiment 3": an aggregate word and stop words may come between.)
        let mut k = i + 1;
        while out.get(k).is_some_and(|s| {
            s.tag == Tag::Stop || matches!(s.cue(), Some(Cue::Min | Cue::Max | Cue::Avg | Cue::Median | Cue::High | Cue::Low))
        }) && k < i + 3
        {
            k += 1;
        }
        let of = matches!(out.get(k).and_then(Span::cue), Some(Cue::In | Cue::Of));
        let of_field_after = of && out[k + 1..].iter().take(2).find(|s| s.tag != Tag::Stop).is_some_and(|s| matches!(s.tag, Tag::Field(_)));
        // "el precio mediano" (`median`): in Spanish and Catalan the field's word may follow right after.
        let field_after = matches!(out.get(i + 1).map(|s| &s.tag), Some(Tag::Field(fs)) if fs.len() == 1);
        if before.is_some_and(|j| matches!(out[j].tag, Tag::Field(_)) && i - j <= 2) || of_field_after || field_after {
            out[i].tag = Tag::Stop;
        }
    }
}

/// The category hits of the one one-word value key `pre` and `keep` accept (`None` when none or
/// several do): how a word read as a value by a likeness (cognate, demonym, abbreviation) becomes
/// that value. `pre` sees the key alone, so most keys are passed over without their hits.
fn one_single_word_value(cat: &Catalog, pre: impl Fn(&str) -> bool, keep: impl Fn(&str, &[ValueHit]) -> bool) -> Option<Vec<ValueHit>> {
    let keys = cat.value_words().single_words().map(|(k, _)| k).filter(|k| pre(k));
    one_category_value_among(cat, keys.map(|k| (k, &cat.values[k])), keep)
}

/// `one_single_word_value` over the (key, hits) pairs given.
fn one_category_value_among<'a>(
    cat: &Catalog,
    entries: impl Iterator<Item = (&'a String, &'a Vec<ValueHit>)>,
    keep: impl Fn(&str, &[ValueHit]) -> bool,
) -> Option<Vec<ValueHit>> {
    let keys: Vec<&String> = entries.filter(|(k, hits)| keep(k, hits)).map(|(k, _)| k).collect();
    match keys.as_slice() {
        [k] => Some(cat.values[*k].iter().filter(|h| cat.fields[h.field].categorical).cloned().collect()),
        _ => None,
    }
}

/// "metaloides" for metalloid, "Konservative" for Conservative: in a question not in English, a
/// word left unknown that is the cognate of exactly one one-word category value names it.
fn cognate_values(out: &mut [Span], cat: &Catalog) {
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        // "metaloides" read as the field metal by its first letters is its value metalloid.
        let field_of = match &s.tag {
            Tag::Unknown => None,
            Tag::Field(fs) if fs.len() == 1 && !cat.fields[fs[0]].names.iter().any(|n| n.concat() == w) => Some(fs[0]),
            _ => continue,
        };
        if !w.chars().all(char::is_alphabetic) {
            continue;
        }
        let plain = plain_spelling(&w);
        let cognates =
            cat.value_words().single_words().filter(|(k, p)| cognate_spelled(k, p, &w, &plain)).map(|(k, _)| (k, &cat.values[k]));
        if let Some(hits) = one_category_value_among(cat, cognates, |_, hits| {
            hits.iter().any(|h| cat.fields[h.field].categorical && field_of.is_none_or(|f| f == h.field))
        }) {
            s.tag = Tag::Value(hits);
        }
    }
}

/// "over the whole period": a phrase that only says "all of it" leaves nothing to place.
fn filler_phrases(out: &mut [Span]) {
    for phrase in super::lang::FILLER_PHRASES {
        let words: Vec<&str> = phrase.split(' ').collect();
        for i in 0..out.len().saturating_sub(words.len() - 1) {
            if out[i..i + words.len()].iter().zip(&words).all(|(s, w)| super::text::fold(&s.raw) == *w) {
                for s in &mut out[i..i + words.len()] {
                    s.tag = Tag::Stop;
                    // ("fall under" is not a fall.)
                    s.used = true;
                }
            }
        }
    }
}

/// "which quarter had the highest average rate across states": across the rows of another field
/// than the one asked for is over all of them (an average of every row), not a grouping.
fn across_the_rest(out: &mut [Span]) {
    let asked = out.windows(2).find_map(|w| match (&w[0].tag, &w[1].tag) {
        (Tag::Cue(Cue::Which | Cue::What), Tag::Field(fs)) if fs.len() == 1 => Some(fs[0]),
        _ => None,
    });
    let Some(asked) = asked else { return };
    for i in 0..out.len() {
        if !matches!(super::text::fold(&out[i].raw).as_str(), "across" | "over") {
            continue;
        }
        let mut j = i + 1;
        while out.get(j).is_some_and(|s| matches!(super::text::fold(&s.raw).as_str(), "all" | "the")) {
            j += 1;
        }
        let last = j + 1 == out.len();
        let plural = out.get(j).is_some_and(|s| super::text::fold(&s.raw).ends_with('s'));
        if last && plural && matches!(&out[j].tag, Tag::Field(fs) if fs.len() == 1 && fs[0] != asked) {
            for s in &mut out[i..=j] {
                s.tag = Tag::Stop;
            }
        }
    }
}

/// "Out of all the metals, what percentage…": "out" before "of" is no word of the data ("out of"
/// names a share's base, read by `share_base`).
fn out_of(out: &mut [Span]) {
    for i in 0..out.len().saturating_sub(1) {
        if out[i].tag == Tag::Unknown && super::text::fold(&out[i].raw) == "out" && out[i + 1].cue() == Some(Cue::Of) {
            out[i].tag = Tag::Stop;
        }
    }
}

/// "over the two years", "across the years", "over time": the whole span of the data, never a bound
/// ("over" read as "more than 2" filtered the rows).
fn spans_of_the_data(out: &mut [Span]) {
    const PERIODS: &[&str] = &[
        "years", "months", "weeks", "days", "quarters", "decades", "period", "time", "series", "rows", "records", "entries", "data",
        "table", "file",
    ];
    for i in 0..out.len() {
        if !matches!(super::text::fold(&out[i].raw).as_str(), "over" | "across" | "throughout" | "during") {
            continue;
        }
        let mut j = i + 1;
        while out.get(j).is_some_and(|s| matches!(super::text::fold(&s.raw).as_str(), "the" | "all" | "these" | "its" | "whole" | "entire"))
        {
            j += 1;
        }
        if out.get(j).is_some_and(|s| matches!(s.tag, Tag::Number(n) if (1.0..=100.0).contains(&n) && n.fract() == 0.0) && j > i + 1) {
            j += 1;
        }
        let Some(noun) = out.get(j) else { continue };
        let ends = PERIODS.contains(&super::text::fold(&noun.raw).as_str()) && (j > i + 1 || super::text::fold(&noun.raw) == "time");
        // ("over the years 2000 to 2010" names a range, kept.)
        if ends && !out.get(j + 1).is_some_and(|s| matches!(s.tag, Tag::Number(_) | Tag::Date(_))) {
            for s in &mut out[i..=j] {
                s.tag = Tag::Stop;
                s.used = true;
            }
        }
    }
}

/// "the smallest percentage of white residents" where `white` holds percentages: the share is the
/// field's own values, not a share of rows, when a ranking or an aggregate is asked of it.
fn shares_held(out: &mut [Span], cat: &Catalog) {
    let ranked = out
        .iter()
        .any(|s| matches!(s.cue(), Some(Cue::High | Cue::Low | Cue::Max | Cue::Min | Cue::Most | Cue::Least | Cue::Avg | Cue::Median)));
    if !ranked {
        return;
    }
    for i in 0..out.len() {
        if out[i].cue() != Some(Cue::Share) {
            continue;
        }
        let percents = |fs: &[usize]| {
            !fs.is_empty()
                && fs.iter().all(|&f| {
                    let fi = &cat.fields[f];
                    fi.ty.is_numeric() && !fi.yes_no() && !fi.derived() && fi.range.is_some_and(|(lo, hi)| lo >= 0.0 && hi <= 100.0)
                })
        };
        // "the percentage of white residents", or "the urban share" (the field just before).
        let mut j = i + 1;
        while j < out.len() && (out[j].tag == Tag::Stop || out[j].cue() == Some(Cue::Of)) {
            j += 1;
        }
        let after = matches!(out.get(j).map(|s| &s.tag), Some(Tag::Field(fs)) if percents(fs));
        let before = i > 0 && matches!(&out[i - 1].tag, Tag::Field(fs) if percents(fs));
        if after || before {
            let end = if after { j } else { i + 1 };
            for s in &mut out[i..end] {
                s.tag = Tag::Stop;
                s.used = true;
            }
        }
    }
}

/// "trading days", "días de cotización", "dies de cotització" in a table of dated rows: the days of
/// a market are its rows' days; the qualifier says nothing more.
fn trading_days(out: &mut [Span], cat: &Catalog) {
    if !cat.fields.iter().any(|f| matches!(f.ty, crate::schema::ColumnType::Date | crate::schema::ColumnType::Datetime)) {
        return;
    }
    let fold = |s: &Span| super::text::fold(&s.raw);
    let day = |w: &str| matches!(w, "day" | "days" | "dia" | "dias" | "dies" | "session" | "sessions" | "sesiones");
    for i in 0..out.len() {
        let w = fold(&out[i]);
        let before = matches!(w.as_str(), "trading" | "business" | "market") && out.get(i + 1).is_some_and(|n| day(&fold(n)));
        // "días de cotización", "dies hàbils": the qualifier after the noun.
        let after = matches!(w.as_str(), "cotizacion" | "cotitzacio" | "habiles" | "habils" | "bursatiles" | "borsaris")
            && (i.saturating_sub(2)..i).any(|k| day(&fold(&out[k])));
        if (before || after) && matches!(out[i].tag, Tag::Unknown | Tag::Stop) {
            out[i].tag = Tag::Stop;
            out[i].used = true;
            if after && i > 0 && matches!(fold(&out[i - 1]).as_str(), "de") {
                out[i - 1].tag = Tag::Stop;
                out[i - 1].used = true;
            }
        }
    }
}

/// "January 2000, 2010 and 2020": the years listed after a month's date are that month of each.
fn month_shared_by_years(out: &mut [Span]) {
    let mut i = 0;
    while i < out.len() {
        let Tag::Date(d) = &out[i].tag else {
            i += 1;
            continue;
        };
        // A month said with its year only ("January 2000"), not a day ("1 January 2000").
        let digit_runs = out[i].raw.split(|c: char| !c.is_ascii_digit()).filter(|r| !r.is_empty()).count();
        let Some(month_day) = d.get(4..).filter(|_| digit_runs == 1 && d.len() == 10 && d.ends_with("-01")).map(str::to_string) else {
            i += 1;
            continue;
        };
        let mut j = i + 1;
        while j < out.len() {
            match out[j].tag {
                Tag::Number(y) if y.fract() == 0.0 && (1000.0..=2999.0).contains(&y) => {
                    out[j].tag = Tag::Date(format!("{y:.0}{month_day}"));
                }
                Tag::Cue(Cue::And) => {}
                _ => break,
            }
            j += 1;
        }
        i = j;
    }
}

/// "the four quarters of 2008", "los 12 meses de 1990": every period of a year is the year.
fn whole_year_periods(out: &mut [Span]) {
    const PERIODS: &[(&str, f64)] =
        &[("quarters", 4.0), ("trimestres", 4.0), ("quartale", 4.0), ("months", 12.0), ("meses", 12.0), ("mesos", 12.0), ("monate", 12.0)];
    for i in 0..out.len().saturating_sub(3) {
        let Tag::Number(n) = out[i].tag else { continue };
        let word = super::text::fold(&out[i + 1].raw);
        let whole = PERIODS.iter().any(|(w, k)| *w == word && *k == n);
        let of_year = matches!(out[i + 2].tag, Tag::Cue(Cue::Of | Cue::In))
            && matches!(out[i + 3].tag, Tag::Number(y) if y.fract() == 0.0 && (1000.0..=2999.0).contains(&y));
        if whole && of_year {
            out[i].tag = Tag::Stop;
            out[i + 1].tag = Tag::Stop;
            out[i + 2].tag = Tag::Cue(Cue::In);
        }
    }
}

/// Country names in es, ca and de (Unicode CLDR, `territories.tsv`), folded, to the English name folded.
fn territories() -> &'static std::collections::HashMap<String, String> {
    static MAP: std::sync::OnceLock<std::collections::HashMap<String, String>> = std::sync::OnceLock::new();
    MAP.get_or_init(|| {
        let mut map = std::collections::HashMap::new();
        for line in include_str!("territories.tsv").lines().filter(|l| !l.starts_with('#')) {
            let names: Vec<String> = line.split('\t').map(|n| super::text::fold_words(n).join(" ")).collect();
            for other in &names[1..] {
                if *other != names[0] {
                    map.entry(other.clone()).or_insert_with(|| names[0].clone());
                }
            }
        }
        map
    })
}

/// "Deutschland", "Alemanya", "Estados Unidos", "Spaniens": a country named in another language,
/// where the table spells it in English, is that value.
fn territory_names(out: &mut Vec<Span>, cat: &Catalog) {
    let map = territories();
    let mut i = 0;
    while i < out.len() {
        for len in (1..=3.min(out.len() - i)).rev() {
            if !out[i..i + len].iter().all(|s| s.tag == Tag::Unknown) || !out[i].raw.chars().next().is_some_and(char::is_uppercase) {
                continue;
            }
            let words: Vec<String> = out[i..i + len].iter().map(|s| super::text::fold(&s.raw)).collect();
            let key = words.join(" ");
            // German genitive: "Deutschlands", "Spaniens".
            let english = map.get(&key).or_else(|| key.strip_suffix('s').and_then(|k| map.get(k)));
            let Some(hits) = english.and_then(|e| cat.values.get(e)) else { continue };
            let hits: Vec<ValueHit> = hits.iter().filter(|h| !h.code).cloned().collect();
            if hits.is_empty() {
                continue;
            }
            let end = out[i + len - 1].end;
            let raw = out[i..i + len].iter().map(|s| s.raw.as_str()).collect::<Vec<_>>().join(" ");
            out[i] = Span { tag: Tag::Value(hits), start: out[i].start, end, raw, used: false };
            out.drain(i + 1..i + len);
            break;
        }
        i += 1;
    }
}

/// "GM" for General Motors, "DC" for District of Columbia, "US" for United States: a word in
/// capitals, 2–4 letters, that is the initials of exactly one value of two or more words.
fn initials_of_values(out: &mut [Span], cat: &Catalog) {
    for i in 0..out.len() {
        let s = &out[i];
        let n = s.raw.chars().count();
        if s.tag != Tag::Unknown || !(2..=4).contains(&n) || !s.raw.chars().all(|c| c.is_ascii_uppercase()) {
            continue;
        }
        let code = s.raw.to_ascii_lowercase();
        // "UN region" for `un_region_name`: a word of the next field's own name, not initials.
        let of_next_field = matches!(out.get(i + 1).map(|n| &n.tag), Some(Tag::Field(fs)) if fs.iter().all(|&f| name_words(&cat.fields[f].name).contains(&code)));
        if of_next_field {
            out[i].tag = Tag::Stop;
            out[i].used = true;
            continue;
        }
        let s = &mut out[i];
        // Initials of the words that carry meaning: "District of Columbia" is DC, not DOC.
        let keys: Vec<&String> = cat.value_words().with_initials(&code).collect();
        let hits: Vec<ValueHit> = keys.iter().flat_map(|k| cat.values[*k].iter().filter(|h| !h.code).cloned()).collect();
        let values: std::collections::HashSet<&str> = hits.iter().map(|h| h.value.as_str()).collect();
        if values.len() == 1 {
            s.tag = Tag::Value(hits);
        }
    }
}

/// "line of business" for `LOB`, "net earned premium" for `NEP`: question words whose initials
/// spell a column's name of two to four capitals name that column.
fn words_spelling_a_field(out: &mut [Span], cat: &Catalog) {
    let short = |f: &FieldInfo| {
        let n = f.name.trim();
        (2..=4).contains(&n.chars().count()) && n.chars().all(|c| c.is_ascii_uppercase())
    };
    let joins = |s: &Span| {
        matches!(super::text::fold(&s.raw).as_str(), "of" | "and" | "the" | "de" | "del" | "la" | "el" | "der" | "und" | "i" | "y")
    };
    let mut i = 0;
    while i < out.len() {
        let mut found = None;
        for len in (2..=4).rev() {
            let Some(w) = out.get(i..i + len) else { continue };
            let open = |s: &Span| s.tag == Tag::Unknown && s.raw.chars().all(char::is_alphabetic);
            if !open(&w[0]) || !open(&w[len - 1]) || !w.iter().all(|s| open(s) || joins(s)) {
                continue;
            }
            let every: String = w.iter().filter_map(|s| super::text::fold(&s.raw).chars().next()).collect();
            let meaning: String = w.iter().filter(|s| !joins(s)).filter_map(|s| super::text::fold(&s.raw).chars().next()).collect();
            let hits: Vec<usize> = (0..cat.fields.len())
                .filter(|&f| short(&cat.fields[f]) && !cat.fields[f].derived())
                .filter(|&f| {
                    let code = cat.fields[f].name.trim().to_ascii_lowercase();
                    code == every || code == meaning
                })
                .collect();
            if let [f] = hits[..] {
                found = Some((f, len));
                break;
            }
        }
        let Some((f, len)) = found else {
            i += 1;
            continue;
        };
        out[i].tag = Tag::Field(vec![f]);
        for s in &mut out[i + 1..i + len] {
            s.tag = Tag::Stop;
            s.used = true;
        }
        i += len;
    }
}

/// "de toda la tabla", "in the whole file": the whole of the data restricts nothing.
fn whole_of_the_data(out: &mut [Span]) {
    const WHOLE: &[&str] = &["all", "whole", "entire", "toda", "todo", "tota", "tot", "ganze", "ganzen", "gesamte", "gesamten"];
    for i in 0..out.len() {
        if out[i].cue() != Some(Cue::Dataset) {
            continue;
        }
        let mut j = i;
        while j > 0 && matches!(super::text::fold(&out[j - 1].raw).as_str(), "the" | "la" | "el" | "der" | "die" | "das" | "den") {
            j -= 1;
        }
        if j > 0 && out[j - 1].tag == Tag::Unknown && WHOLE.contains(&super::text::fold(&out[j - 1].raw).as_str()) {
            out[j - 1].tag = Tag::Stop;
            out[j - 1].used = true;
        }
    }
}

/// "violent crime rate" in statecrime.csv, "electricity" in iowa-electricity.csv, "women" in
/// percent-bachelors-degrees-women-usa.csv: a word of the file's name is what every row is about,
/// so it restricts nothing.
fn topic_words(out: &mut [Span], cat: &Catalog) {
    let stem = crate::names::stem(&cat.file);
    let words = super::text::file_words(stem);
    let glued: String = words.concat();
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        if s.tag != Tag::Unknown || w.len() < 4 || !w.chars().all(|c| c.is_ascii_alphabetic()) {
            continue;
        }
        let singular = w.strip_suffix('s').unwrap_or(&w);
        let named = words.iter().any(|n| *n == w || n == singular)
            || (w.len() >= 5 && words.len() == 1 && (glued.starts_with(&w) || glued.ends_with(&w) || glued.ends_with(singular)));
        if named {
            s.tag = Tag::Stop;
        }
    }
}

/// "mujeres" in percent-bachelors-degrees-women-usa.csv: in Spanish, Catalan and German, a word
/// that translates a word of the file's name (`Catalog::translated_topics`) is the topic too. The
/// English words themselves are not: "fair" or "tips" may mean something else.
fn translated_topic_words(out: &mut [Span], cat: &Catalog) {
    for s in out.iter_mut() {
        if s.tag == Tag::Unknown && cat.translated_topics.contains(&super::text::fold(&s.raw)) {
            s.tag = Tag::Stop;
        }
    }
}

/// "5 dollars", "100 mm": a unit right after a number belongs to it.
fn units_after_numbers(out: &mut [Span], cat: &Catalog) {
    for i in 1..out.len() {
        let w = super::text::fold(&out[i].raw);
        // "longer than 3 hours" over lengths of time read as minutes (`catalog::durations`): 180.
        const HOURS: &[&str] = &["hour", "hours", "hr", "hrs", "hora", "horas", "hores", "stunde", "stunden"];
        let in_minutes = cat.fields.iter().any(|f| f.ty.is_numeric() && f.names.iter().any(|n| n == &["minutes"]));
        if in_minutes && HOURS.contains(&w.as_str()) {
            if let Tag::Number(n) = out[i - 1].tag {
                out[i - 1].tag = Tag::Number(n * 60.0);
                out[i].tag = Tag::Stop;
                continue;
            }
        }
        // "kleiner als 190 cm" where one numeric field is named for that unit (height_cm): that field.
        let unit_of =
            |f: &super::catalog::FieldInfo| f.ty.is_numeric() && name_words(&f.name).len() > 1 && name_words(&f.name).last() == Some(&w);
        if out[i].tag == Tag::Unknown && matches!(out[i - 1].tag, Tag::Number(_)) && super::lang::UNIT_WORDS.contains(&w.as_str()) {
            if let [f] = (0..cat.fields.len()).filter(|&f| unit_of(&cat.fields[f])).collect::<Vec<_>>()[..] {
                if !out.iter().any(|s| matches!(&s.tag, Tag::Field(fs) if fs.contains(&f))) {
                    out[i].tag = Tag::Field(vec![f]);
                    continue;
                }
            }
        }
        // "mehr als 3 Prozent Barium": a percent sign in words after a number is its unit, not a share asked.
        let percent = out[i].cue() == Some(Cue::Share) && matches!(w.as_str(), "percent" | "prozent" | "por ciento" | "per cent" | "%");
        if (out[i].tag == Tag::Unknown || percent)
            && matches!(out[i - 1].tag, Tag::Number(_))
            && (percent || super::lang::UNIT_WORDS.contains(&w.as_str()))
        {
            out[i].tag = Tag::Stop;
        }
    }
}

/// "weight of the heaviest penguin in grams" with `body_mass_g`: "in" a unit that the named
/// field's own name carries restates it (a unit the name does not carry is left unplaced).
fn units_of_named_fields(out: &mut [Span], cat: &Catalog) {
    const UNITS: &[(&[&str], &[&str])] = &[
        (&["grams", "gram", "gramos", "gramm"], &["g", "gr", "gram", "grams"]),
        (&["kilograms", "kilos", "kilogramos", "kilogramm"], &["kg", "kilograms", "kilos"]),
        (&["millimeters", "millimetres", "milimetros", "millimeter"], &["mm", "millimeters", "millimetres"]),
        (&["centimeters", "centimetres", "centimetros", "zentimeter"], &["cm", "centimeters", "centimetres"]),
        (&["kilometers", "kilometres", "kilometros", "kilometer"], &["km", "kilometers", "kilometres"]),
        (&["seconds", "segundos", "segons", "sekunden"], &["s", "sec", "secs", "seconds"]),
        (&["minutes", "minutos", "minuts", "minuten"], &["min", "mins", "minutes"]),
        (&["hours", "horas", "hores", "stunden"], &["h", "hr", "hrs", "hours"]),
        (&["days", "dias", "dies", "tagen", "tage"], &["d", "days"]),
        (&["years", "anos", "anys", "jahren", "jahre"], &["yr", "yrs", "years"]),
        (&["dollars", "dolares", "dolars", "dollar"], &["usd", "dollars", "dollar"]),
        (&["pounds", "libras", "lliures", "pfund"], &["lb", "lbs", "pounds"]),
    ];
    for i in 1..out.len() {
        let w = super::text::fold(&out[i].raw);
        if out[i - 1].cue() != Some(Cue::In) || !matches!(out[i].tag, Tag::Unknown | Tag::Field(_)) {
            continue;
        }
        let Some((_, marks)) = UNITS.iter().find(|(said, _)| said.contains(&w.as_str())) else { continue };
        let carries =
            |f: usize| cat.fields[f].ty.is_numeric() && name_words(&cat.fields[f].name).iter().any(|x| marks.contains(&x.as_str()));
        let named: Vec<usize> = out
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .filter_map(|(_, s)| match &s.tag {
                Tag::Field(fs) if fs.len() == 1 => Some(fs[0]),
                _ => None,
            })
            .collect();
        let own = matches!(&out[i].tag, Tag::Field(fs) if fs.iter().all(|f| named.contains(f)));
        if !named.is_empty() && named.iter().all(|&f| named[0] == f) && carries(named[0]) && (out[i].tag == Tag::Unknown || own) {
            out[i - 1].tag = Tag::Stop;
            out[i].tag = Tag::Stop;
        }
    }
    // "mean NH4 concentration in mg per L" of `NH4.mg.per.L`: the unit written in the one named
    // field's own name, word for word ("per" included), restates it.
    let named: Vec<usize> = out
        .iter()
        .filter_map(|s| match &s.tag {
            Tag::Field(fs) if fs.len() == 1 => Some(fs[0]),
            _ => None,
        })
        .collect();
    let [f] = named.as_slice() else { return };
    let own_words = name_words(&cat.fields[*f].name);
    let in_name = |s: &Span| {
        matches!(s.tag, Tag::Unknown | Tag::Cue(Cue::Per)) && s.end == s.start + 1 && own_words.contains(&super::text::fold(&s.raw))
    };
    for i in 1..out.len() {
        if out[i - 1].cue() != Some(Cue::In) || !in_name(&out[i]) {
            continue;
        }
        let run = out[i..].iter().take_while(|s| in_name(s)).count();
        let ends = i + run == out.len() || out[i + run].cue().is_some_and(|c| matches!(c, Cue::And | Cue::Or));
        if ends && out[i..i + run].iter().any(|s| s.tag == Tag::Unknown) {
            for s in &mut out[i - 1..i + run] {
                s.tag = Tag::Stop;
            }
        }
    }
}

/// A value's leading word as written ("manual" of "manual(m5)", "Merc" of "Merc 450SE").
fn leading_word(value: &str) -> &str {
    let end = value.find(|c: char| !c.is_alphanumeric()).unwrap_or(value.len());
    &value[..end]
}

/// The leading word `raw` names when every hit is a different value of one field that starts with
/// it and goes on ("manual" for manual(m5), manual(m6)): the values' own spelling of it.
pub(crate) fn leading_word_of(raw: &str, hits: &[ValueHit]) -> Option<String> {
    let w = super::text::fold(raw);
    let first = hits.first()?;
    let all = hits.len() >= 2
        && hits.iter().all(|h| {
            h.field == first.field && leading_word(&h.value).len() < h.value.len() && super::text::fold(leading_word(&h.value)) == w
        });
    all.then(|| leading_word(&first.value).to_string())
}

/// "how many cars have a manual transmission" (trans: manual(m5), auto(l4)…), "Which Merc cars
/// have 8 cylinders?": an unknown word that leads several values of one text field, but not all,
/// names those values, where the field is named beside it or the word stands before the rows' noun.
fn leading_words_of_values(out: &mut [Span], cat: &Catalog) {
    for i in 0..out.len() {
        let w = super::text::fold(&out[i].raw);
        if out[i].tag != Tag::Unknown || w.len() < 3 || !out[i].raw.chars().all(char::is_alphanumeric) {
            continue;
        }
        let content = |k: usize| out.get(k).filter(|s| s.tag != Tag::Stop);
        let prev = (0..i).rev().find(|&k| out[k].tag != Tag::Stop);
        let next = (i + 1..out.len()).find(|&k| out[k].tag != Tag::Stop);
        let beside = |f: usize| [prev, next].into_iter().flatten().any(|k| content(k).is_some_and(|s| s.tag == Tag::Field(vec![f])));
        // "SUSHI in the name", "SUSHI al nom": a part of names anywhere (`conditions`), not their start.
        let in_name = next.is_some_and(|k| {
            matches!(out[k].cue(), Some(Cue::In | Cue::Contains))
                || matches!(
                    super::text::fold(&out[k].raw).as_str(),
                    "name" | "names" | "nom" | "noms" | "nombre" | "nombres" | "namen" | "title"
                )
        });
        if in_name {
            continue;
        }
        // ("coches Merc": the rows' noun may come first.)
        let rows_beside = [prev, next].into_iter().flatten().any(|k| out[k].tag == Tag::Alias);
        let mut found: Option<(usize, Vec<ValueHit>)> = None;
        for f in 0..cat.fields.len() {
            let fi = &cat.fields[f];
            let text = matches!(fi.ty, crate::schema::ColumnType::Text | crate::schema::ColumnType::Identifier);
            if !text || fi.composed.is_some() || !(beside(f) || (rows_beside && cat.label == Some(f))) {
                continue;
            }
            let mut hits: Vec<ValueHit> = Vec::new();
            let mut others = false;
            for hs in cat.values.values() {
                for h in hs.iter().filter(|h| h.field == f) {
                    let lead = leading_word(&h.value);
                    if super::text::fold(lead) == w && lead.len() < h.value.len() {
                        if !hits.iter().any(|x| x.value == h.value) {
                            hits.push(h.clone());
                        }
                    } else {
                        others = true;
                    }
                }
            }
            if hits.len() >= 2 && others {
                if found.is_some() {
                    found = None;
                    break;
                }
                found = Some((f, hits));
            }
        }
        if let Some((_, hits)) = found {
            out[i].tag = Tag::Value(hits);
        }
    }
}

/// "how much did it rain on 2012/11/19", "how much rain fell": rain said as what falls is the
/// precipitation column, not the weather value "rain".
fn rain_as_a_verb(out: &mut [Span], cat: &Catalog) {
    const RAIN: &[&str] = &["rain", "rained", "rains", "raining", "rainfall", "llovio", "llueve", "llovido", "regnete", "geregnet"];
    const BEFORE: &[&str] = &["it", "much", "did", "es", "hat"];
    const NAMES: &[&str] = &["precipitation", "precip", "prcp", "prec", "rain", "rainfall", "precipitacion", "niederschlag"];
    let fields: Vec<usize> = (0..cat.fields.len())
        .filter(|&f| {
            cat.fields[f].ty.is_numeric()
                && !cat.fields[f].derived()
                && name_words(&cat.fields[f].name).iter().any(|w| NAMES.contains(&w.as_str()))
        })
        .collect();
    let [f] = fields.as_slice() else { return };
    // ("Did it rain on …?" may ask the weather's value as well: left as it was.)
    if out.first().is_some_and(|s| matches!(super::text::fold(&s.raw).as_str(), "did" | "does" | "do" | "was" | "is" | "has" | "were")) {
        return;
    }
    for i in 0..out.len() {
        let w = super::text::fold(&out[i].raw);
        let before = (0..i).rev().find(|&k| !out[k].raw.is_empty()).map(|k| super::text::fold(&out[k].raw));
        let verb = RAIN.contains(&w.as_str())
            && (before.as_deref().is_some_and(|b| BEFORE.contains(&b)) || w.starts_with("llov") || w.contains("regne"));
        if verb && matches!(out[i].tag, Tag::Unknown | Tag::Value(_) | Tag::Stop) {
            out[i].tag = Tag::Field(vec![*f]);
        }
    }
}

/// "the highest percentage of people below poverty" of `percbelowpoverty`: a column of percentages
/// of the people already; the share and its people restate it.
fn percent_of_people_fields(out: &mut [Span], cat: &Catalog) {
    const PEOPLE: &[&str] = &[
        "people",
        "persons",
        "residents",
        "inhabitants",
        "population",
        "personas",
        "poblacion",
        "habitantes",
        "persones",
        "poblacio",
        "habitants",
        "menschen",
        "personen",
        "bevolkerung",
        "einwohner",
    ];
    let percent = |f: usize| {
        name_words(&cat.fields[f].name).first().is_some_and(|w| w.starts_with("perc") || w.starts_with("pct") || w.starts_with("pc"))
            && cat.fields[f].ty.is_numeric()
    };
    for i in 0..out.len().saturating_sub(3) {
        let content: Vec<usize> = (i + 1..out.len()).filter(|&k| out[k].tag != Tag::Stop).take(3).collect();
        let [of, people, field] = content.as_slice() else { continue };
        if out[i].cue() == Some(Cue::Share)
            && out[*of].cue() == Some(Cue::Of)
            && PEOPLE.contains(&super::text::fold(&out[*people].raw).as_str())
            && matches!(&out[*field].tag, Tag::Field(fs) if fs.len() == 1 && percent(fs[0]))
        {
            for k in [i, *of, *people] {
                out[k].tag = Tag::Stop;
            }
        }
    }
}

/// "between Male and Female", "entre el Q4 2010 y el Q1 2012": two values of one text field bound
/// no range; they are the two things compared (as "from A to B" or "A and B" are).
fn between_two_values(out: &mut [Span], cat: &Catalog) {
    let text_field = |s: &Span| match &s.tag {
        Tag::Value(hs) if !hs.is_empty() => {
            let f = hs[0].field;
            (hs.iter().all(|h| h.field == f) && cat.fields[f].ty == crate::schema::ColumnType::Text).then_some(f)
        }
        _ => None,
    };
    for i in 0..out.len() {
        if out[i].cue() != Some(Cue::Between) {
            continue;
        }
        let mut rest = out[i + 1..].iter().filter(|s| s.tag != Tag::Stop);
        let (Some(a), Some(and), Some(b)) = (rest.next(), rest.next(), rest.next()) else { continue };
        if and.cue() == Some(Cue::And) && text_field(a).is_some() && text_field(a) == text_field(b) {
            out[i].tag = Tag::Stop;
        }
    }
}

/// A quarter written as a label ("Q42010", "2010Q4", "Q4-2010"): its number and year.
fn quarter_label(v: &str) -> Option<(u32, i32)> {
    let s: String = v.chars().filter(|c| !matches!(c, ' ' | '-' | '_' | '/')).collect::<String>().to_ascii_lowercase();
    let (q, y) = if let Some(rest) = s.strip_prefix('q') {
        (rest.get(..1)?, rest.get(1..)?)
    } else {
        let (y, q) = s.split_once('q')?;
        (q, y)
    };
    let q: u32 = q.parse().ok().filter(|q| (1..=4).contains(q))?;
    let y: i32 = y.parse().ok().filter(|_| y.len() == 4)?;
    Some((q, y))
}

/// "im 1. Quartal 2012", "the first quarter of 2012", "primer trimestre de 2012" where a column
/// holds quarters as labels ("Q12012"): the words name that label.
fn quarters_of_years(out: &mut [Span], cat: &Catalog) {
    const QUARTER: &[&str] = &["quarter", "qtr", "trimestre", "quartal"];
    const BETWEEN: &[&str] = &["of", "de", "del", "des", "the", "year", "jahres", "ano", "any", "im", "el", "l"];
    // (Only a question that says a quarter reads the table's values for labels.)
    let said = out.iter().any(|s| {
        let w = super::text::fold(&s.raw);
        QUARTER.contains(&w.as_str()) || (w.len() == 2 && w.starts_with('q') && w[1..].parse::<u32>().is_ok_and(|n| (1..=4).contains(&n)))
    });
    if !said {
        return;
    }
    let mut labels: Vec<((u32, i32), ValueHit)> = Vec::new();
    for hits in cat.values.values() {
        for h in hits {
            if let Some(k) = quarter_label(&h.value) {
                if !labels.iter().any(|(_, x)| x.field == h.field && x.value == h.value) {
                    labels.push((k, h.clone()));
                }
            }
        }
    }
    if labels.is_empty() {
        return;
    }
    let fold = |s: &Span| super::text::fold(&s.raw);
    for i in 0..out.len() {
        // The quarter's number: "1.", "first", "Q1" before the quarter word, or "Q1" alone.
        let w = fold(&out[i]);
        let (n, after) = match w.strip_prefix('q').and_then(|d| d.parse::<u32>().ok()) {
            Some(n) if (1..=4).contains(&n) => (n, i + 1),
            _ => {
                let n = match out[i].tag {
                    Tag::Number(x) if x.fract() == 0.0 && (1.0..=4.0).contains(&x) => x as u32,
                    _ => match ordinal_value(&w) {
                        Some(n @ 1..=4) => n,
                        _ => continue,
                    },
                };
                if !out.get(i + 1).is_some_and(|s| QUARTER.contains(&fold(s).as_str())) {
                    continue;
                }
                (n, i + 2)
            }
        };
        let mut j = after;
        while j < out.len() && j < after + 3 && BETWEEN.contains(&fold(&out[j]).as_str()) {
            j += 1;
        }
        let Some(Tag::Number(y)) = out.get(j).map(|s| s.tag.clone()) else { continue };
        let hits: Vec<ValueHit> = labels.iter().filter(|(k, _)| *k == (n, y as i32)).map(|(_, h)| h.clone()).collect();
        if hits.is_empty() || y.fract() != 0.0 {
            continue;
        }
        out[i].tag = Tag::Value(hits);
        for s in &mut out[i + 1..=j] {
            s.tag = Tag::Stop;
        }
    }
}

/// "the start dates" with `Date.On` and `Date.Off` (start_date/end_date): a word of starting or
/// ending beside a word naming both picks the one whose name marks it.
fn start_and_end_fields(out: &mut [Span], cat: &Catalog) {
    const START: &[&str] =
        &["start", "starts", "started", "starting", "begin", "begins", "began", "beginning", "inicio", "comienzo", "inici", "beginn"];
    const END: &[&str] = &["end", "ends", "ended", "ending", "finish", "finished", "stop", "stopped", "fin", "final", "ende"];
    for i in 0..out.len() {
        let Tag::Field(fs) = &out[i].tag else { continue };
        if fs.len() < 2 {
            continue;
        }
        let said = |s: &Span, list: &[&str]| s.tag == Tag::Unknown && list.contains(&super::text::fold(&s.raw).as_str());
        let near = i.saturating_sub(2)..(i + 2).min(out.len());
        let Some((k, marks)) = near.clone().filter(|&k| k != i).find_map(|k| {
            if said(&out[k], START) {
                Some((k, super::catalog::START_MARKS))
            } else if said(&out[k], END) {
                Some((k, super::catalog::END_MARKS))
            } else {
                None
            }
        }) else {
            continue;
        };
        let picked: Vec<usize> =
            fs.iter().copied().filter(|&f| name_words(&cat.fields[f].name).iter().any(|w| marks.contains(&w.as_str()))).collect();
        if let [one] = picked[..] {
            out[i].tag = Tag::Field(vec![one]);
            out[k].tag = Tag::Stop;
        }
    }
}

/// "total generation (all sources combined)": a field between "all" and "combined" is summed
/// over, not asked or grouped.
fn all_combined(out: &mut [Span]) {
    for i in 1..out.len().saturating_sub(1) {
        let all = matches!(super::text::fold(&out[i - 1].raw).as_str(), "all" | "every");
        let combined = out[i + 1].cue() == Some(Cue::Sum) && super::text::fold(&out[i + 1].raw) == "combined";
        if all && combined && matches!(out[i].tag, Tag::Field(_) | Tag::Alias | Tag::Unknown) {
            out[i].tag = Tag::Stop;
            if out[..i - 1].iter().any(|s| s.cue() == Some(Cue::Sum)) {
                out[i + 1].tag = Tag::Stop;
            }
        }
    }
}

/// "the combined investment of all firms": "all" and a plural naming a text column whose values
/// repeat, after "of"/"for"/"across", beside an aggregate, is every row, not a column asked.
fn of_all_the_rows(out: &mut [Span], cat: &Catalog) {
    let aggregate =
        out.iter().any(|s| matches!(s.cue(), Some(Cue::Sum | Cue::Avg | Cue::Median | Cue::Min | Cue::Max | Cue::High | Cue::Low)));
    if !aggregate {
        return;
    }
    for i in 1..out.len().saturating_sub(1) {
        let before = super::text::fold(&out[i - 1].raw);
        let all = matches!(super::text::fold(&out[i].raw).as_str(), "all" | "todos" | "todas" | "tots" | "totes" | "alle");
        if !all || !matches!(before.as_str(), "of" | "for" | "across" | "among" | "de" | "von" | "fur" | "para" | "per") {
            continue;
        }
        let mut j = i + 1;
        while out.get(j).is_some_and(|s| matches!(super::text::fold(&s.raw).as_str(), "the" | "los" | "las" | "els" | "les" | "die")) {
            j += 1;
        }
        let Some(noun) = out.get(j) else { continue };
        let text = matches!(&noun.tag, Tag::Field(fs) if fs.len() == 1 && cat.fields[fs[0]].ty == crate::schema::ColumnType::Text);
        let asked = matches!(&noun.tag, Tag::Field(fs) if out[..i].windows(2).any(|w| matches!(w[0].cue(), Some(Cue::Which | Cue::What)) && w[1].tag == Tag::Field(fs.clone())));
        if text && !asked && super::text::fold(&noun.raw).ends_with('s') {
            for s in &mut out[i - 1..=j] {
                s.tag = Tag::Stop;
                s.used = true;
            }
        }
    }
}

/// "samples starting in 2011", "collected in 2010" where rows run from one date to another: a
/// verb of starting or collecting before "in" a year says the year each row starts, which a year
/// of those rows is read as (`Catalog::dated_pair`). Words of ending are left: they name the other.
fn starting_in_a_year(out: &mut [Span], cat: &Catalog) {
    const STARTING: &[&str] = &["starting", "started", "starts", "beginning", "began", "begun", "collected", "taken", "sampled"];
    if cat.dated_pair().is_none() {
        return;
    }
    for i in 0..out.len().saturating_sub(2) {
        let year = year_number(&out[i + 2].tag);
        if out[i].tag == Tag::Unknown
            && STARTING.contains(&super::text::fold(&out[i].raw).as_str())
            && out[i + 1].cue() == Some(Cue::In)
            && year
        {
            out[i].tag = Tag::Stop;
        }
    }
}

/// "quin any té menys pel·lícules", "which year has the least films": few or many of the rows
/// themselves is a count per group, the least or most common value.
fn fewest_rows_named(out: &mut [Span]) {
    for i in 0..out.len() {
        let most = match out[i].cue() {
            Some(Cue::Low | Cue::Less) => false,
            Some(Cue::High | Cue::More) => true,
            _ => continue,
        };
        let Some(j) = (i + 1..out.len()).find(|&j| out[j].tag != Tag::Stop) else { continue };
        let compared = out[j..].iter().any(|s| matches!(super::text::fold(&s.raw).as_str(), "than" | "que" | "als" | "wie"));
        let rest_plain =
            out[j + 1..].iter().all(|s| matches!(s.tag, Tag::Stop | Tag::Cue(Cue::In | Cue::Of) | Tag::Value(_) | Tag::Number(_)));
        // (A plural: "the most electricity" in iowa-electricity.csv is an amount, not rows.)
        let plural = super::text::fold(&out[j].raw).ends_with(['s', 'e', 'n']);
        if out[j].tag == Tag::Alias && plural && !compared && rest_plain {
            out[i].tag = Tag::Cue(if most { Cue::Most } else { Cue::Least });
        }
    }
}

/// "In which week…", "Which month…", "¿Qué día…?": a period asked for, where no field is called
/// so, is the table's one date column.
fn period_asked(out: &mut [Span], cat: &Catalog) {
    const PERIODS: &[&str] =
        &["week", "month", "day", "date", "semana", "mes", "dia", "fecha", "setmana", "data", "woche", "monat", "tag", "datum"];
    let dates: Vec<usize> = (0..cat.fields.len())
        .filter(|&f| matches!(cat.fields[f].ty, crate::schema::ColumnType::Date | crate::schema::ColumnType::Datetime))
        .collect();
    let [date] = dates.as_slice() else { return };
    for i in 1..out.len() {
        if matches!(out[i].tag, Tag::Unknown | Tag::Alias)
            && matches!(out[i - 1].cue(), Some(Cue::Which | Cue::What))
            && PERIODS.contains(&super::text::fold(&out[i].raw).as_str())
        {
            out[i].tag = Tag::Field(vec![*date]);
        }
    }
}

/// "Netflix" for NFLX, "Google" for GOOG, "Microsoft" for MSFT: in a wide table whose columns are
/// coded entities (two or more all-capital names of 2–5 letters), a capitalised word whose letters
/// hold one code in order, from its first letter, names that column.
fn names_of_coded_columns(out: &mut [Span], cat: &Catalog) {
    let coded: Vec<(usize, String)> = cat
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| f.ty.is_numeric() && (2..=5).contains(&f.name.len()) && f.name.chars().all(|c| c.is_ascii_uppercase()))
        .map(|(k, f)| (k, f.name.to_ascii_lowercase()))
        .collect();
    if coded.len() < 2 {
        return;
    }
    let holds = |word: &str, code: &str| {
        let mut letters = word.chars();
        word.chars().next() == code.chars().next() && code.chars().all(|c| letters.any(|w| w == c))
    };
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        if s.tag != Tag::Unknown
            || w.len() < 5
            || !s.raw.chars().next().is_some_and(char::is_uppercase)
            || !w.chars().all(|c| c.is_ascii_alphabetic())
        {
            continue;
        }
        let fs: Vec<usize> = coded.iter().filter(|(_, code)| holds(&w, code)).map(|(k, _)| *k).collect();
        if fs.len() == 1 {
            s.tag = Tag::Field(fs);
        }
    }
}

/// "reached 20%", "hit 90 degrees": a verb of reaching right before a number, with no comparison
/// word, is "at least" that number.
fn reach_a_number(out: &mut [Span]) {
    for i in 0..out.len().saturating_sub(1) {
        let next_post = out.get(i + 2).is_some_and(|s| matches!(s.cue(), Some(Cue::OpPost(_))));
        if matches!(out[i].tag, Tag::Stop | Tag::Unknown)
            && matches!(out[i + 1].tag, Tag::Number(_))
            && !next_post
            && super::lang::REACH_WORDS.contains(&super::text::fold(&out[i].raw).as_str())
        {
            out[i].tag = Tag::Cue(Cue::Op(CmpOp::Ge));
        }
    }
}

/// "drop below zero", "go over 300", "rise above 5": a verb of movement right before a comparison
/// only says how the value got there.
fn verb_before_operator(out: &mut [Span]) {
    const MOVES: &[&str] = &[
        "drop", "dropped", "drops", "fall", "fell", "falls", "go", "went", "goes", "dip", "dipped", "rise", "rose", "rises", "climb",
        "climbed", "climbs", "stay", "stayed", "stays", "remain", "remained", "remains",
    ];
    for i in 0..out.len().saturating_sub(1) {
        if out[i].tag == Tag::Unknown
            && matches!(out[i + 1].cue(), Some(Cue::Op(_)))
            && MOVES.contains(&super::text::fold(&out[i].raw).as_str())
        {
            out[i].tag = Tag::Stop;
        }
    }
}

/// "Glasgow" for Glasgow_City, "the Western Isles" for Eilean_Siar_(Western_Isles): capitalised
/// words left unknown that appear, whole and in order (two or more in any order: "Jean Chrétien"
/// for "Chrétien, Jean"), in exactly one value of the table's text columns name that value.
fn partial_names(out: &mut [Span], cat: &Catalog) {
    let names = |f: usize| !cat.fields[f].ty.is_numeric() && cat.fields[f].composed.is_none();
    let capital = |s: &Span| {
        s.tag == Tag::Unknown
            && s.raw.chars().count() >= 3
            && s.raw.chars().next().is_some_and(char::is_uppercase)
            && s.raw.chars().all(char::is_alphabetic)
    };
    let mut i = 0;
    while i < out.len() {
        if !capital(&out[i]) {
            i += 1;
            continue;
        }
        // The longest run from here that names one value ("Western Isles"); lists are not commas
        // apart here ("Glasgow, Edinburgh"), so a shorter run is tried when a longer names none.
        let end = (i..out.len()).take_while(|&k| capital(&out[k])).last().map_or(i + 1, |k| k + 1);
        let mut taken = 1;
        for stop in (i + 1..=end).rev() {
            let words: Vec<String> = out[i..stop].iter().map(|s| super::text::fold(&s.raw)).collect();
            // (Only keys that hold the first word can: those of several words, and that word alone.)
            let holding = cat.values.get_key_value(&words[0]).into_iter().map(|(k, _)| k).chain(cat.value_words().phrases_with(&words[0]));
            let hits: Vec<&ValueHit> = holding
                .map(|k| (k, &cat.values[k]))
                .filter(|(key, _)| {
                    let kw: Vec<&str> = key.split(' ').collect();
                    // "Jean Chrétien" for "Chrétien, Jean": two words or more may come in any order.
                    kw.windows(words.len()).any(|w| w.iter().zip(&words).all(|(a, b)| a == b))
                        || (words.len() >= 2 && words.iter().all(|w| kw.contains(&w.as_str())))
                })
                .flat_map(|(_, hits)| hits.iter().filter(|h| names(h.field)))
                .collect();
            // One value can have two keys ("chretien jean" and "jean chretien").
            let mut hits = hits;
            hits.sort_by(|a, b| (a.field, &a.value).cmp(&(b.field, &b.value)));
            hits.dedup_by(|a, b| a.field == b.field && a.value == b.value);
            // "Harper" is the surname of "Harper, Stephen", not a given name of "Prowse, James Harper".
            if hits.len() > 1 && words.len() == 1 {
                let surname: Vec<&ValueHit> =
                    hits.iter().copied().filter(|h| super::text::fold(&h.value).split(',').next() == Some(words[0].as_str())).collect();
                if surname.len() == 1 && hits.iter().all(|h| h.value.contains(',')) {
                    hits = surname;
                }
            }
            if let [hit] = hits.as_slice() {
                out[i].tag = Tag::Value(vec![(*hit).clone()]);
                for s in &mut out[i + 1..stop] {
                    s.tag = Tag::Stop;
                }
                taken = stop - i;
                break;
            }
        }
        i += taken;
    }
}

/// "nuclear" for "Nuclear Energy" where `source` holds three kinds: a word left unknown that is a
/// word of exactly one value of a category of few values names that value, as a capital would.
fn words_of_few_values(out: &mut [Span], cat: &Catalog) {
    const FEW: u64 = 20;
    let few = |f: usize| {
        let fi = &cat.fields[f];
        fi.categorical && fi.distinct <= FEW && fi.list_sep.is_none() && !fi.ty.is_numeric() && fi.composed.is_none()
    };
    // ("bike" in bike_sales is what every row is about, not the kind "Fat Bike".)
    let topic = super::text::file_words(&cat.table);
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        if s.tag != Tag::Unknown || w.chars().count() < 4 || !w.chars().all(char::is_alphabetic) {
            continue;
        }
        if topic.iter().any(|t| same_word(t, &w)) {
            continue;
        }
        let mut hits: Vec<&ValueHit> =
            cat.value_words().phrases_with(&w).flat_map(|key| cat.values[key].iter().filter(|h| few(h.field))).collect();
        hits.sort_by(|a, b| (a.field, &a.value).cmp(&(b.field, &b.value)));
        hits.dedup_by(|a, b| a.field == b.field && a.value == b.value);
        if let [hit] = hits.as_slice() {
            s.tag = Tag::Value(vec![(*hit).clone()]);
        }
    }
}

/// "generated" → net_generation, "discovered" → year discovered: a word left unknown whose stem
/// (Snowball, in the question's language) is the stem of a word in exactly one field's name.
/// Stems shorter than five letters say too little to name a field.
fn stemmed_fields(out: &mut [Span], cat: &Catalog, lang: Lang) {
    let algorithm = match lang {
        Lang::En => rust_stemmers::Algorithm::English,
        Lang::Es => rust_stemmers::Algorithm::Spanish,
        Lang::De => rust_stemmers::Algorithm::German,
        Lang::Ca => return,
    };
    let stemmer = rust_stemmers::Stemmer::create(algorithm);
    let stem = |w: &str| stemmer.stem(w).into_owned();
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        if s.tag != Tag::Unknown || w.len() < 5 || !w.chars().all(char::is_alphabetic) {
            continue;
        }
        let st = stem(&w);
        if st.len() < 5 {
            continue;
        }
        // ("inspected" is not `inspection_score`: a verb's form names no modifier of a longer name.)
        let modifier_of = |name: &[String], n: &String| name.len() > 1 && name.last() != Some(n);
        let verb = lang == Lang::En && w.ends_with("ed");
        let fs: Vec<usize> = (0..cat.fields.len())
            .filter(|&f| {
                cat.fields[f].names.iter().any(|name| name.iter().any(|n| n.len() >= 5 && stem(n) == st && !(verb && modifier_of(name, n))))
            })
            .collect();
        if fs.len() == 1 {
            s.tag = Tag::Field(fs);
        }
    }
}

/// "the 3 coldest days, coldest first", "worst first", "wärmste zuerst": a superlative before
/// "first" says how to order the list when another superlative already said what to rank.
fn superlative_first(out: &mut [Span]) {
    for i in 1..out.len() {
        if !matches!(super::text::fold(&out[i].raw).as_str(), "first" | "zuerst") || out[i].tag != Tag::Unknown {
            continue;
        }
        // (Over a field the superlative implied: "coldest" → temperature, an empty span.)
        let Some(b) = (0..i).rev().find(|&k| !out[k].raw.is_empty()) else { continue };
        let before = &out[b];
        let ranks = |s: &Span| matches!(s.cue(), Some(Cue::High | Cue::Low | Cue::Top | Cue::Bottom | Cue::Most | Cue::Least));
        let evaluative = matches!(super::text::fold(&before.raw).as_str(), "worst" | "best");
        if (ranks(before) || (evaluative && before.tag == Tag::Unknown)) && out[..b].iter().any(ranks) {
            out[b].tag = Tag::Cue(Cue::Order);
            for s in &mut out[b + 1..=i] {
                s.tag = Tag::Stop;
            }
            continue;
        }
        // "for each age, youngest first": the groups' own ascending order, which they keep anyway.
        let implied = out.get(b + 1).and_then(|s| match &s.tag {
            Tag::Field(fs) if s.raw.is_empty() && fs.len() == 1 && b + 2 == i => Some(fs[0]),
            _ => None,
        });
        let grouped = |f: usize| {
            out.iter().enumerate().any(|(k, s)| {
                s.cue() == Some(Cue::Per) && out.get(k + 1).is_some_and(|n| matches!(&n.tag, Tag::Field(fs) if fs.as_slice() == [f]))
            })
        };
        if before.cue() == Some(Cue::Low) && implied.is_some_and(grouped) {
            for s in &mut out[b..=i] {
                s.tag = Tag::Stop;
            }
        }
    }
}

/// A pair of numeric columns for the highest and lowest of one measure: TMAX/TMIN, temp_max/temp_min.
pub(crate) fn max_min_pair(cat: &Catalog) -> Option<(usize, usize)> {
    let folded: Vec<String> = cat.fields.iter().map(|f| super::text::fold(&f.name)).collect();
    let mut pairs = Vec::new();
    for (hi, name) in folded.iter().enumerate() {
        for (max, min) in [("maximum", "minimum"), ("max", "min"), ("high", "low")] {
            if !cat.fields[hi].ty.is_numeric()
                || cat.fields[hi].is_change()
                || !name.contains(max)
                || (max == "max" && name.contains("maximum"))
            {
                continue;
            }
            let want = name.replacen(max, min, 1);
            if let Some(lo) =
                folded.iter().position(|n| *n == want).filter(|&lo| cat.fields[lo].ty.is_numeric() && !cat.fields[lo].is_change())
            {
                pairs.push((hi, lo));
            }
        }
    }
    // Two pairs (temperature and pressure) leave "the high" ambiguous: then nothing is read.
    (pairs.len() == 1).then(|| pairs[0])
}

/// "the daily high", "overnight lows", "la media de mínimas", "Tiefstwerte": where the table has a
/// maximum/minimum pair, these nouns name its two columns (a word around them that only says
/// "temperature" or "daily" adds nothing).
fn extreme_pair_nouns(out: &mut [Span], cat: &Catalog) {
    const HIGH: &[&str] = &[
        "high",
        "highs",
        "maxima",
        "maximas",
        "maximes",
        "hochstwert",
        "hochstwerte",
        "hochstwerten",
        "hochsttemperatur",
        "hochsttemperaturen",
    ];
    const LOW: &[&str] = &[
        "low",
        "lows",
        "minima",
        "minimas",
        "minimes",
        "tiefstwert",
        "tiefstwerte",
        "tiefstwerten",
        "tiefsttemperatur",
        "tiefsttemperaturen",
    ];
    const BEFORE: &[&str] = &[
        "daily",
        "overnight",
        "nightly",
        "diaria",
        "diarias",
        "diaria",
        "diaries",
        "nocturna",
        "nocturnas",
        "taglich",
        "tagliche",
        "taglichen",
    ];
    const AFTER: &[&str] = &[
        "temperature",
        "temperatures",
        "temp",
        "reading",
        "readings",
        "temperatura",
        "temperaturas",
        "temperatures",
        "temperatur",
        "temperaturen",
    ];
    let Some((hi, lo)) = max_min_pair(cat) else { return };
    for i in 0..out.len() {
        if out[i].tag != Tag::Unknown {
            continue;
        }
        let w = super::text::fold(&out[i].raw);
        let f = if HIGH.contains(&w.as_str()) {
            hi
        } else if LOW.contains(&w.as_str()) {
            lo
        } else {
            continue;
        };
        out[i].tag = Tag::Field(vec![f]);
        if i > 0 && out[i - 1].tag == Tag::Unknown && BEFORE.contains(&super::text::fold(&out[i - 1].raw).as_str()) {
            out[i - 1].tag = Tag::Stop;
        }
        if out.get(i + 1).is_some_and(|n| n.tag == Tag::Unknown && AFTER.contains(&super::text::fold(&n.raw).as_str())) {
            out[i + 1].tag = Tag::Stop;
        }
    }
}

/// "twenty five", "one hundred and fifty", "treinta y cinco", "vint-i-cinc", "two thousand five
/// hundred": number words in a row are one number, so none of them is left over or dropped.
fn join_number_words(out: &mut [Span]) {
    let word_number = |s: &Span| match s.tag {
        Tag::Number(n) if s.raw.chars().all(char::is_alphabetic) => Some(n),
        Tag::Unknown | Tag::Stop => multiplier(&s.raw).filter(|m| *m >= 1e6),
        _ => None,
    };
    let connector = |s: &Span| matches!(super::text::fold(&s.raw).as_str(), "and" | "y" | "i" | "und");
    // The largest power of ten that divides n: what may still be added after it ("twenty" → 10).
    let place = |n: f64| {
        let mut p = 1.0;
        while n % (p * 10.0) == 0.0 && p < 1e9 {
            p *= 10.0;
        }
        p
    };
    let mut i = 0;
    while i < out.len() {
        let Some(first) = word_number(&out[i]) else {
            i += 1;
            continue;
        };
        // Thousands done so far, and the group below a thousand being read.
        let (mut total, mut group) = (0.0, first);
        let mut j = i + 1;
        loop {
            let k = if j < out.len() && connector(&out[j]) { j + 1 } else { j };
            let Some(n) = out.get(k).and_then(word_number) else { break };
            if n == 100.0 && k == j && group > 0.0 && group < 10.0 {
                group *= 100.0;
            } else if [1e3, 1e6, 1e9].contains(&n) && k == j && group > 0.0 && group < 1e3 {
                total += group * n;
                group = 0.0;
            } else if (group == 0.0 && total > 0.0) || (group >= 20.0 && n < place(group)) {
                group += n;
            } else {
                break;
            }
            for s in &mut out[j..=k] {
                s.tag = Tag::Stop;
            }
            j = k + 1;
        }
        out[i].tag = Tag::Number(total + group);
        i = j;
    }
}

/// "the first quarter", "el tercer trimestre", "im dritten Quartal": an ordinal before a numeric
/// field is that field's number (elsewhere "first" ranks, and stays a word).
const ORDINALS: &[(&[&str], f64)] = &[
    (&["first", "1st", "primer", "primero", "primera", "erste", "ersten", "erster", "erstes"], 1.0),
    (&["second", "2nd", "segundo", "segunda", "segon", "segona", "zweite", "zweiten", "zweiter", "zweit"], 2.0),
    (&["third", "3rd", "tercer", "tercero", "tercera", "dritte", "dritten", "dritter", "dritt"], 3.0),
    (&["fourth", "4th", "cuarto", "cuarta", "quart", "quarta", "vierte", "vierten", "vierter", "viert"], 4.0),
    (&["fifth", "5th", "quinto", "quinta", "cinque", "cinquena", "funfte", "funften", "funft"], 5.0),
];

/// The number an ordinal word says ("second" → 2, "dritten" → 3).
pub(crate) fn ordinal_value(w: &str) -> Option<u32> {
    ORDINALS.iter().find(|(ws, _)| ws.contains(&w)).map(|(_, n)| *n as u32)
}

/// Whether a word is an ordinal ("third", "tercer", "dritten").
pub(crate) fn is_ordinal(raw: &str) -> bool {
    let w = super::text::fold(raw);
    ORDINALS.iter().any(|(ws, _)| ws.contains(&w.as_str()))
        || (raw.starts_with(|c: char| c.is_ascii_digit()) && !raw.chars().all(|c| c.is_ascii_digit()) && ordinal_digits(raw).is_some())
}

fn ordinal_before_field(out: &mut [Span], cat: &Catalog) {
    for i in 0..out.len() {
        if !matches!(out[i].tag, Tag::Unknown | Tag::Stop) {
            continue;
        }
        let w = super::text::fold(&out[i].raw);
        let Some(&(_, n)) = ORDINALS.iter().find(|(ws, _)| ws.contains(&w.as_str())) else { continue };
        let next = out[i + 1..].iter().find(|s| s.tag != Tag::Stop);
        if next.is_some_and(
            |s| matches!(&s.tag, Tag::Field(fs) if fs.len() == 1 && cat.fields[fs[0]].ty.is_numeric() && !cat.fields[fs[0]].yearly),
        ) {
            out[i].tag = Tag::Number(n);
        }
    }
}

/// "higher than India", "menys … que Idaho": an order before a value (not a number) compares two
/// values of a field, so the words are a comparative, not a threshold.
fn comparative_before_value(out: &mut [Span]) {
    for i in 0..out.len() {
        let Tag::Cue(Cue::Op(op)) = out[i].tag else { continue };
        // "lower than in Orkney", "higher than for Iowa": a preposition before the value says no more.
        let next = out[i + 1..].iter().find(|s| !matches!(s.tag, Tag::Stop | Tag::Cue(Cue::In)));
        // "precipitation in 2014 higher than in 2012": "in" a year on both sides compares the years.
        let in_year =
            |k: usize| out.get(k).is_some_and(|s| s.cue() == Some(Cue::In)) && out.get(k + 1).is_some_and(|s| year_number(&s.tag));
        let years = in_year(i + 1) && (0..i.saturating_sub(1)).any(in_year);
        if next.is_some_and(|s| matches!(s.tag, Tag::Value(_))) || years {
            match op {
                CmpOp::Gt | CmpOp::Ge => out[i].tag = Tag::Cue(Cue::More),
                CmpOp::Lt | CmpOp::Le => out[i].tag = Tag::Cue(Cue::Less),
                CmpOp::Eq | CmpOp::Ne => {}
            }
        }
    }
}

/// "150 million", "2,5 Millionen", "3 mil": a number and its multiplier are one number.
fn scale_numbers(out: &mut [Span]) {
    for i in 1..out.len() {
        let Tag::Number(n) = out[i - 1].tag else { continue };
        // Number words took theirs in `join_number_words`.
        if !out[i - 1].raw.chars().any(|c| c.is_ascii_digit()) {
            continue;
        }
        // A word the table uses for a field ("30 miles") is not a multiplier.
        if !matches!(out[i].tag, Tag::Unknown | Tag::Stop | Tag::Number(_)) {
            continue;
        }
        let Some(m) = multiplier(&out[i].raw) else { continue };
        out[i - 1].tag = Tag::Number(n * m);
        out[i].tag = Tag::Stop;
    }
}

/// The same word in a sibling language: the first four letters equal and little else changed
/// ("senators" ~ "senadores", "Senatoren"); six letters or more, so short words never match.
/// The file's noun in another spelling: "pingüinos", "Pinguine" for penguins (same first letter,
/// six letters or more, 70 % alike).
fn topic_cognate(head: &str, w: &str) -> bool {
    head.len() >= 6 && w.len() >= 6 && head.chars().next() == w.chars().next() && strsim::normalized_levenshtein(head, w) >= 0.7
}

fn cognate(a: &str, b: &str) -> bool {
    cognate_spelled(a, &plain_spelling(a), b, &plain_spelling(b))
}

/// `cognate` with both words' plain spellings already made (`plain_spelling`).
fn cognate_spelled(a: &str, a_plain: &str, b: &str, b_plain: &str) -> bool {
    let alike = |a: &str, b: &str| {
        a.len() >= 6
            && b.len() >= 6
            && a.is_char_boundary(4)
            && b.is_char_boundary(4)
            && a[..4] == b[..4]
            && strsim::normalized_levenshtein(a, b) >= 0.7
    };
    // ("fase" for `PHASE`: shorter words only where their plain spellings are the same.)
    alike(a, b) || alike(a_plain, b_plain) || (a != b && a_plain == b_plain && a_plain.len() >= 4)
}

/// A word that multiplies the number before it: "thousand", "millones", "Mrd".
fn multiplier(raw: &str) -> Option<f64> {
    Some(match super::text::fold(raw).as_str() {
        "thousand" | "thousands" | "tausend" | "mil" => 1e3,
        "million" | "millions" | "millon" | "millones" | "milio" | "milions" | "millionen" | "mio" => 1e6,
        "billion" | "billions" | "milliarde" | "milliarden" | "mrd" => 1e9,
        _ => return None,
    })
}

/// "Which senators served more than 16,000 days?": a past form between the rows' noun and a
/// comparison whose number is in a field's unit relates the rows to that field; it names nothing.
fn relating_verbs(out: &mut [Span], cat: &Catalog) {
    for i in 1..out.len() {
        let s = &out[i];
        // A past form only: after the rows' noun an adjective ("coches italianos") filters them.
        if s.tag != Tag::Unknown
            || s.raw.chars().count() < 5
            || !s.raw.ends_with("ed")
            || !s.raw.chars().all(|c| c.is_alphabetic() && c.is_lowercase())
        {
            continue;
        }
        let after_rows = out[..i].iter().rev().find(|p| p.tag != Tag::Stop).is_some_and(|p| p.tag == Tag::Alias);
        let rest: Vec<&Span> = out[i + 1..].iter().filter(|p| p.tag != Tag::Stop).take(3).collect();
        let compared = matches!(
            rest.as_slice(),
            [op, n, f, ..] if matches!(op.tag, Tag::Cue(Cue::Op(_)))
                && matches!(n.tag, Tag::Number(_))
                && matches!(&f.tag, Tag::Field(fs) if fs.len() == 1 && cat.fields[fs[0]].ty.is_numeric())
        );
        if after_rows && compared {
            out[i].tag = Tag::Stop;
        }
    }
}

/// "Were more senators appointed from Ontario than …": a past form between the rows' noun and a
/// place ("from", "in") of another field's value relates them; one word of a field named by a
/// verb phrase (`Appointed on the advice of`) is not that field here.
fn participles_before_places(out: &mut [Span], cat: &Catalog) {
    for i in 1..out.len() {
        let Tag::Field(fs) = &out[i].tag else { continue };
        let raw = &out[i].raw;
        if fs.len() != 1
            || raw.contains(' ')
            || raw.chars().count() < 5
            || !raw.ends_with("ed")
            || !raw.chars().all(|c| c.is_alphabetic() && c.is_lowercase())
        {
            continue;
        }
        let f = fs[0];
        if name_words(&cat.fields[f].name).len() < 3 {
            continue;
        }
        let after_rows = out[..i].iter().rev().find(|p| p.tag != Tag::Stop).is_some_and(|p| p.tag == Tag::Alias);
        let rest: Vec<&Span> = out[i + 1..].iter().filter(|p| p.tag != Tag::Stop).take(2).collect();
        let placed = matches!(
            rest.as_slice(),
            [p, v] if p.cue() == Some(Cue::In) && matches!(&v.tag, Tag::Value(hs) if hs.iter().all(|h| h.field != f))
        );
        if after_rows && placed {
            out[i].tag = Tag::Stop;
        }
    }
}

/// Links the words no name matched the way visitors use them: a verb of the rows' event, a boolean
/// column's verb, a past form of a field's name, a value's stem, and words beside a field that are
/// part of its name ("life expectancy" for `lifeExp`, "poverty rate", "capital stock").
fn join_field_words(out: &mut [Span], cat: &Catalog, lang: Lang) {
    for i in 0..out.len() {
        if out[i].tag != Tag::Unknown {
            continue;
        }
        let w = super::text::fold(&out[i].raw);
        if w.len() < 3 || !w.chars().all(char::is_alphabetic) {
            continue;
        }
        // "died" in a table of deaths names its rows; in a table with a value "Death" it names that value.
        if let Some(family) = EVENT_FAMILIES.iter().find(|f| f.contains(&w.as_str())) {
            if event_of_rows(&w, cat) {
                out[i].tag = Tag::Stop;
                continue;
            }
            let hits: Vec<ValueHit> = family
                .iter()
                .filter_map(|k| cat.values.get(*k))
                .flat_map(|hs| hs.iter().filter(|h| cat.fields[h.field].categorical).cloned())
                .collect();
            if hits.len() == 1 {
                out[i].tag = Tag::Value(hits);
                continue;
            }
        }
        // A boolean column named by the word's base: "arrested" → arrest, "married" → married = true.
        if let Some(f) = boolean_field(&w, cat) {
            out[i].tag = Tag::Value(vec![ValueHit { field: f, value: flag_true(cat, f).into(), rows: 0, code: false }]);
            continue;
        }
        // "When did X join?" for a column `joined`: the verb's past form names the field.
        let past: Vec<usize> = cat
            .fields
            .iter()
            .enumerate()
            .filter(|(_, f)| f.names.iter().any(|n| n.len() == 1 && (n[0] == format!("{w}ed") || n[0] == format!("{w}d"))))
            .map(|(k, _)| k)
            .collect();
        if past.len() == 1 {
            out[i].tag = Tag::Field(past);
            continue;
        }
        // "resigned" for the value Resignation, "retired" for Retirement: a shared stem of 6+ letters.
        if let Some(hits) = value_by_stem(&w, cat) {
            out[i].tag = Tag::Value(hits);
            continue;
        }
        // "Provinz" for `Province / Territory`, "quartal" for `quarter`: in es/ca/de a word that no
        // name, glossary entry or value matched is often the English name's cognate.
        if lang != Lang::En {
            let fields: Vec<usize> = (0..cat.fields.len())
                .filter(|&f| cat.fields[f].composed.is_none() && name_words(&cat.fields[f].name).iter().any(|n| cognate(n, &w)))
                .collect();
            if (1..=3).contains(&fields.len()) {
                out[i].tag = Tag::Field(fields);
                continue;
            }
        }
        let near: Vec<usize> = [i.checked_sub(1), Some(i + 1)].into_iter().flatten().filter(|&j| j < out.len()).collect();
        let next_to_field =
            |pred: &dyn Fn(usize) -> bool| near.iter().any(|&j| matches!(&out[j].tag, Tag::Field(fs) if fs.iter().any(|&f| pred(f))));
        // "life expectancy" for lifeExp: a name word that shortens this word.
        let shortened = next_to_field(&|f| {
            cat.fields[f].names.iter().flatten().any(|n| n.len() >= 3 && n.len() < w.len() && w.starts_with(n.as_str()))
        });
        // "poverty rate", "passenger numbers", "affairs score": a word for a measure adds nothing.
        let of_field =
            out.get(i + 1).is_some_and(|s| s.tag == Tag::Cue(Cue::Of)) && out.get(i + 2).is_some_and(|s| matches!(s.tag, Tag::Field(_)));
        // "fertility rate in 2011" in a file called fertility: the measure word after the rows' noun.
        let after_alias = i > 0 && out[i - 1].tag == Tag::Alias;
        let measure = MEASURE_NOUNS.contains(&w.as_str()) && (next_to_field(&|_| true) || of_field || after_alias);
        let alias_measure = measure && after_alias;
        // "capital stock", "market value": a plain noun beside a one-word field name is part of it.
        let capital = i > 0 && out[i].raw.chars().next().is_some_and(char::is_uppercase);
        // English only: in es/ca/de the word beside a field is as often what qualifies the rows
        // ("metalls alcalinoterris", "emisiones superiores").
        let compound = lang == Lang::En
            && w.len() >= 4
            && !capital
            && order_word(&w).is_none()
            && super::lang::sign_word(&w).is_none()
            // Nor the start of a value ("manual transmission" with values "manual(m5)", "auto(l4)").
            && !cat.value_words().starts_some_key(&w)
            // Nor an adjective: "the most populous county" is not the most common county.
            && !["est", "ed", "ing", "ly", "er", "ous", "ful", "less", "able", "ible", "ive"].iter().any(|e| w.ends_with(e))
            // "sunny days" in tips.csv: an adjective of a value ("Sun", a day) is not a plain noun.
            && adjective_base(&w).iter().all(|b| !cat.values.contains_key(b.as_str()))
            // Nor a word another column's name holds ("population densities" with poptotal and popdensity).
            && !names_elsewhere(&w, &near, out, cat)
            && next_to_field(&|f| name_words(&cat.fields[f].name).len() == 1);
        // "població urbana", "población blanca": in any language, the population a share is of,
        // beside the field of that share, where no column is the population.
        let population = matches!(w.as_str(), "population" | "poblacion" | "poblacio" | "bevolkerung")
            && next_to_field(&|f| cat.fields[f].ty.is_numeric());
        if shortened || measure || compound || population {
            out[i].tag = Tag::Stop;
        }
        // …and then the rows' noun before it names the measure, not the rows.
        if alias_measure {
            out[i - 1].tag = Tag::Stop;
        }
    }
}

/// Whether a column other than the fields beside the word holds its stem (its first five letters, or all
/// of a shorter word) in its name, run-together names included.
fn names_elsewhere(w: &str, near: &[usize], out: &[Span], cat: &Catalog) -> bool {
    let stem: String = w.chars().take(5).collect();
    let beside: Vec<usize> =
        near.iter().filter_map(|&j| if let Tag::Field(fs) = &out[j].tag { Some(fs.clone()) } else { None }).flatten().collect();
    cat.fields
        .iter()
        .enumerate()
        .any(|(f, fi)| !beside.contains(&f) && fi.composed.is_none() && super::text::fold(&fi.name).contains(stem.as_str()))
}

/// Words of one event in four languages (folded): a verb of the family names the rows of a table
/// about that event, or the value that records it.
const EVENT_FAMILIES: &[&[&str]] = &[&[
    "die",
    "died",
    "dies",
    "dying",
    "dead",
    "death",
    "deaths",
    "deceased",
    "murio",
    "murieron",
    "morir",
    "muere",
    "mueren",
    "muerte",
    "muertes",
    "muerto",
    "muertos",
    "muerta",
    "muertas",
    "mor",
    "moren",
    "moriren",
    "mort",
    "morts",
    "morta",
    "mortes",
    "sterben",
    "starb",
    "starben",
    "gestorben",
    "stirbt",
    "tod",
    "tot",
    "tote",
    "toten",
    "todesopfer",
]];

/// "died" in a table whose title or row names say deaths, or where every row has a date of death
/// (`death_date` filled in each row): the verb says what every row is, even beside a value "Death"
/// of a column of causes (in la-riots only 8 of 63 deaths are typed "Death").
pub fn event_of_rows(w: &str, cat: &Catalog) -> bool {
    let Some(family) = EVENT_FAMILIES.iter().find(|f| f.contains(&w)) else { return false };
    let dated_for_each = cat.fields.iter().any(|f| {
        matches!(f.ty, crate::schema::ColumnType::Date | crate::schema::ColumnType::Datetime)
            && f.missing == 0
            && name_words(&f.name).iter().any(|n| family.contains(&n.as_str()))
    });
    dated_for_each
        || cat
            .aliases
            .iter()
            .flatten()
            .map(String::as_str)
            .chain(cat.description.title.iter().flat_map(|t| t.split_whitespace()))
            .any(|a| family.contains(&super::text::fold(a).as_str()))
}

/// Nouns that name a quantity of whatever field they stand beside.
/// Whether a word names a measure ("rate", "Zahl"), not a thing.
pub(crate) fn is_measure_noun(w: &str) -> bool {
    MEASURE_NOUNS.contains(&w)
}

const MEASURE_NOUNS: &[&str] = &[
    // ("el número medio de votos": a number averaged is the field's values.)
    "numero",
    "speed",
    "speeds",
    "reading",
    "readings",
    "rate",
    "rates",
    "number",
    "numbers",
    "count",
    "counts",
    "level",
    "levels",
    "score",
    "scores",
    "amount",
    "amounts",
    "figure",
    "figures",
    "value",
    "values",
    "size",
    "sizes",
    "tasa",
    "tasas",
    "indice",
    "nivel",
    "niveles",
    "numero",
    "numeros",
    "cifra",
    "cifras",
    "taxa",
    "taxes",
    "nivell",
    "nivells",
    "nombre",
    "xifra",
    "quote",
    "niveau",
    "zahl",
    "zahlen",
    "wert",
    "werte",
    "puntuacion",
    "puntuaciones",
    "puntuacio",
    "puntuacions",
    "punktzahl",
    "punktzahlen",
    "precio",
    "precios",
    "preu",
    "preus",
    // A column of a range of values ("the $50-75k bracket").
    "bracket",
    "brackets",
    "band",
    "bands",
    "tramo",
    "tramos",
    "tram",
    "trams",
];

/// The boolean column a verb or adjective form names ("arrested" → `arrest`).
fn boolean_field(w: &str, cat: &Catalog) -> Option<usize> {
    // "died" for a column `dead`: a word of an event's family names the flag that records it.
    if let Some(family) = EVENT_FAMILIES.iter().find(|f| f.contains(&w)) {
        let fs: Vec<usize> = cat
            .fields
            .iter()
            .enumerate()
            .filter(|(_, f)| {
                f.ty == crate::schema::ColumnType::Boolean && f.names.iter().any(|n| n.len() == 1 && family.contains(&n[0].as_str()))
            })
            .map(|(i, _)| i)
            .collect();
        if fs.len() == 1 {
            return Some(fs[0]);
        }
    }
    let mut bases = vec![w.to_string()];
    bases.extend(adjective_base(w));
    if let Some(b) = w.strip_suffix('d').filter(|b| b.len() >= 4) {
        bases.push(b.to_string());
    }
    // "survive" and "survivors" for a flag `survived`: the verb and its agent noun.
    if w.len() >= 5 {
        bases.push(format!("{w}d"));
        bases.push(format!("{w}ed"));
    }
    if let Some(stem) = w.strip_suffix("ors").or_else(|| w.strip_suffix("or")).filter(|b| b.len() >= 4) {
        bases.push(format!("{stem}ed"));
        bases.push(format!("{stem}ing"));
    }
    let fs: Vec<usize> = cat
        .fields
        .iter()
        .enumerate()
        // "white" for `is_white`: a flag named "is"/"has"/"was" and one word is named by that word.
        .filter(|(_, f)| {
            f.yes_no()
                && f.names.iter().any(|n| {
                    let word = match n.as_slice() {
                        [one] => one,
                        [lead, one] if matches!(lead.as_str(), "is" | "has" | "was") => one,
                        _ => return false,
                    };
                    bases.iter().any(|b| same_word(word, b))
                })
        })
        .map(|(i, _)| i)
        .collect();
    (fs.len() == 1).then(|| fs[0])
}

/// "what's the first month in the data", "the last day": in a table with one row per period, an
/// order word before the period's noun asks the end of its one date column.
fn first_period(out: &mut [Span], cat: &Catalog) {
    let dates: Vec<usize> = (0..cat.fields.len())
        .filter(|&f| {
            matches!(cat.fields[f].ty, crate::schema::ColumnType::Date | crate::schema::ColumnType::Datetime)
                && cat.fields[f].distinct == cat.rows
                && !cat.fields[f].derived()
        })
        .collect();
    let [d] = dates.as_slice() else { return };
    for i in 1..out.len() {
        let ordered = order_word(&super::text::fold(&out[i - 1].raw)).is_some();
        if ordered && out[i].tag == Tag::Alias && is_period_word(&super::text::fold(&out[i].raw)) {
            out[i].tag = Tag::Field(vec![*d]);
        }
    }
}

/// "omnivores" for omni, "herbivores" for herbi, "insectivores" for insecti: a word left unknown
/// that begins with one category value written cut short (four letters or more, the word three
/// longer), where no other value so begins it. Not days or months ("Sunday" is handled apart).
fn truncated_values(out: &mut [Span], cat: &Catalog) {
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        if s.tag != Tag::Unknown || !w.chars().all(char::is_alphabetic) {
            continue;
        }
        let cut = |k: &str| k.len() >= 4 && w.len() >= k.len() + 3 && w.starts_with(k);
        let kept =
            |_: &str, hits: &[ValueHit]| hits.iter().any(|h| cat.fields[h.field].categorical && !h.code && !calendar_field(cat, h.field));
        if let Some(hits) = one_single_word_value(cat, cut, kept) {
            s.tag = Tag::Value(hits);
        }
    }
}

/// "How many employees did General Electric have in 1950?", "Wie viele Passagiere hatte der
/// Flughafen ATL?": beside a value naming one row's entity (a firm, an airport), such a noun is a
/// quantity the row would hold, not the rows; left unknown, the question is refused.
fn entities_of_a_named_row(out: &mut [Span], cat: &Catalog) {
    let entity =
        |f: usize| Some(f) == cat.label || cat.panel.is_some_and(|(e, _)| e == f) || (cat.fields[f].distinct == cat.rows && cat.rows > 1);
    // A quoted name counts when it is one row's whole value ("'toyota' in their name" is a part of many).
    let quoted_row = |q: &str| {
        cat.values.get(&super::text::fold(q.trim_matches(|c| c == '\'' || c == '"'))).is_some_and(|hs| hs.iter().any(|h| entity(h.field)))
    };
    let named_row = out.iter().any(|s| {
        matches!(&s.tag, Tag::Value(hs) if hs.iter().any(|h| entity(h.field))) || matches!(&s.tag, Tag::Quoted(q) if quoted_row(q))
    });
    if !named_row {
        return;
    }
    // (A noun the description gives the rows keeps naming them.)
    let described = |w: &str| cat.description.row_aliases.iter().any(|a| super::text::fold(a) == w);
    for s in out.iter_mut() {
        let w = super::text::fold(&s.raw);
        if s.tag == Tag::Alias && ENTITY_NOUNS.contains(&w.as_str()) && !described(&w) {
            s.tag = Tag::Unknown;
        }
    }
}

/// "Did more women than men survive?", "How many people survived in 1st class?", "those who
/// survived" with a flag `survived`: the flag's name said of the rows is its true rows. Not where
/// it is computed on ("the average of survived", "values of survived") or compared ("survived = 0").
fn flags_said_of_rows(out: &mut [Span], cat: &Catalog) {
    for i in 0..out.len() {
        let Tag::Field(fs) = &out[i].tag else { continue };
        let [f] = fs.as_slice() else { continue };
        let f = *f;
        if !cat.fields[f].yes_no() || out[i].raw.is_empty() {
            continue;
        }
        // "Which southern state…", "el estado del sur": a flag said of the rows' noun qualifies them.
        let rows_noun = |s: &Span| s.tag == Tag::Alias || matches!(&s.tag, Tag::Field(gs) if gs.len() == 1 && Some(gs[0]) == cat.label);
        let of_rows = out[i + 1..].iter().find(|s| s.tag != Tag::Stop).is_some_and(rows_noun)
            || (i >= 2
                && out[i - 1].cue() == Some(Cue::Of)
                && out[..i - 1].iter().rev().find(|s| s.tag != Tag::Stop).is_some_and(rows_noun));
        let computed = i > 0
            && matches!(
                out[i - 1].cue(),
                Some(
                    Cue::Avg
                        | Cue::Sum
                        | Cue::Median
                        | Cue::Of
                        | Cue::Distinct
                        | Cue::Values
                        | Cue::Which
                        | Cue::What
                        | Cue::High
                        | Cue::Low
                        | Cue::Most
                        | Cue::Least
                        | Cue::Share
                )
            )
            && !of_rows;
        let compared = out[i + 1..].iter().find(|s| s.tag != Tag::Stop).is_some_and(|s| {
            matches!(s.tag, Tag::Number(_) | Tag::Cue(Cue::Op(_) | Cue::OpPost(_)))
                || matches!(&s.tag, Tag::Value(hs) if hs.iter().any(|h| h.field == f))
        });
        // "the survival rate", "la tasa de supervivencia": the share of rows the flag holds for.
        let rate_at = [i.checked_sub(2), i.checked_sub(1), Some(i + 1)]
            .into_iter()
            .flatten()
            .find(|&j| j < out.len() && j != i && super::lang::is_rate_word(&super::text::fold(&out[j].raw)))
            .filter(|&j| j > i || out[j + 1..i].iter().all(|s| s.tag == Tag::Stop || s.cue() == Some(Cue::Of)));
        if let Some(j) = rate_at.filter(|_| !compared) {
            out[j].tag = Tag::Cue(Cue::Share);
            out[i].tag = Tag::Value(vec![ValueHit { field: f, value: flag_true(cat, f).into(), rows: 0, code: false }]);
        } else if !computed && !compared {
            out[i].tag = Tag::Value(vec![ValueHit { field: f, value: flag_true(cat, f).into(), rows: 0, code: false }]);
        }
    }
}

/// How a flag's "yes" is written: `true`, or 1 in a column of 0 and 1.
fn flag_true(cat: &Catalog, f: usize) -> &'static str {
    if cat.fields[f].flag {
        "1"
    } else {
        "true"
    }
}

/// Category values sharing a stem of six or more letters with the word ("resigned" ~ "Resignation").
fn value_by_stem(w: &str, cat: &Catalog) -> Option<Vec<ValueHit>> {
    if w.len() < 6 {
        return None;
    }
    let stem = &w[..6];
    let mut hits: Vec<ValueHit> = cat
        .value_words()
        .single_words()
        .map(|(k, _)| k)
        .filter(|k| k.len() >= 6 && k.starts_with(stem) && k.as_str() != w)
        .flat_map(|k| cat.values[k].iter().filter(|h| !h.code && cat.fields[h.field].categorical).cloned())
        .collect();
    hits.sort_by(|a, b| a.value.cmp(&b.value));
    hits.dedup_by(|a, b| a.field == b.field && a.value == b.value);
    (hits.len() == 1).then_some(hits)
}

/// "maximum temperature" with temp_max and temp_min: the superlative picks the field named for it.
fn prefer_extreme(out: &mut [Span], cat: &Catalog) {
    let existence = out.iter().any(|s| super::lang::is_existence_word(&super::text::fold(&s.raw)));
    for i in 1..out.len() {
        let Tag::Field(fs) = &out[i].tag else { continue };
        if fs.len() < 2 {
            continue;
        }
        let Some(prev) = (0..i).rev().find(|&j| out[j].tag != Tag::Stop) else { continue };
        let words: &[&str] = match out[prev].cue() {
            Some(Cue::Max | Cue::High | Cue::Top) => &["max", "maximum", "high", "highest", "maximo", "maxim", "hochst", "hoechst"],
            Some(Cue::Min | Cue::Low | Cue::Bottom) => &["min", "minimum", "low", "lowest", "minimo", "minim", "niedrigst", "tiefst"],
            _ => continue,
        };
        let named: Vec<usize> =
            fs.iter().copied().filter(|&f| cat.fields[f].names.iter().any(|n| n.iter().any(|w| words.contains(&w.as_str())))).collect();
        if named.len() == 1 {
            out[i].tag = Tag::Field(named);
            // "is there any day where the max temp stayed below zero", "how many days had a max
            // temp above 30": asked of rows, the superlative right before the field is the
            // field's name, not its aggregate.
            let compared = matches!(out.get(i + 1).and_then(Span::cue), Some(Cue::Op(_)));
            if prev + 1 == i && (existence || (compared && out.iter().any(|s| s.cue() == Some(Cue::HowMany)))) {
                out[prev].tag = Tag::Stop;
            }
        }
    }
}

/// Whether a run-together field name is the question's words shortened, each word giving the next
/// piece of the name as its prefix, in order ("tsize" = t·size ← "tumour size", "progrec" ←
/// "progesterone receptor"). Every word and letter is used; one piece has three letters or more.
/// Hand-written: a small backtracking match, as no abbreviation crate matches names to phrases.
fn spells_out(name: &str, words: &[&str]) -> bool {
    // `first`: only the first word may give a single letter ("t·size", not "temp·m·in").
    // `whole`: the word before was taken whole.
    fn go(name: &str, words: &[&str], long: bool, first: bool, whole: bool, short: usize) -> bool {
        match words.split_first() {
            None => name.is_empty() && long,
            // A word the name holds whole is taken whole ("estat TX" does not spell "estat").
            Some((w, rest)) if name.starts_with(w) => go(&name[w.len()..], rest, long || w.len() >= 3, false, true, short),
            // "body weight" → bodywt, "brain weight" → brainwt: after a word taken whole, the last
            // word as its first and last letters ("països europeus" does not spell "paises").
            Some((w, []))
                if whole
                    && name.len() == 2
                    && w.len() >= 4
                    && name.as_bytes()[0] == w.as_bytes()[0]
                    && name.as_bytes()[1] == w.as_bytes()[w.len() - 1] =>
            {
                long
            }
            // The last word in the plural: "population densities" → popdensity.
            Some((w, [])) if name.len() >= 4 && same_word(name, w) => true,
            Some((w, rest)) => {
                // Each word gives all it shares with the rest of the name: "metalls alcalinoterris"
                // does not spell "metal" as met·al.
                let shortest = if first { 1 } else { short };
                let l = name.bytes().zip(w.bytes()).take_while(|(a, b)| a == b).count();
                if l >= shortest && name.is_char_boundary(l) && go(&name[l..], rest, long || l >= 3, false, false, short) {
                    return true;
                }
                // "estrogen receptor" → est·rec: a shorter piece of three letters or more, when
                // the whole share leaves the rest unspelt; every piece after it has three too.
                (3..l).rev().any(|k| name.is_char_boundary(k) && !rest.is_empty() && go(&name[k..], rest, true, false, false, 3))
            }
        }
    }
    // Words of one or two letters ("CA", "TX") are codes and particles, not parts of a name.
    name.len() >= 4 && name.is_ascii() && words.iter().all(|w| w.len() >= 3) && go(name, words, false, true, false, 2)
}

/// A name of two words, one a single letter: the question's two words `a b` are its other word
/// and a word of four letters or more that the letter begins ("highway mpg" for `mpg_h`).
fn letter_and_word(name: &[String], a: &str, b: &str) -> bool {
    let [x, y] = name else { return false };
    let initial = |l: &str, w: &str| l.len() == 1 && w.len() >= 4 && w.is_ascii() && w.starts_with(l);
    let word = |m: &str, w: &str| m.len() >= 2 && same_word(m, w);
    (initial(x, a) && word(y, b)) || (initial(y, a) && word(x, b)) || (word(x, a) && initial(y, b)) || (word(y, a) && initial(x, b))
}

/// "high school graduation" → hs_grad: each word of the name is a word of the question, one it
/// shortens, or the initials of as many question words as it has letters (2 or 3); at least one
/// word is initials (the other cases are matched elsewhere).
fn initials_spell_out(name: &[String], words: &[&str]) -> bool {
    fn go(name: &[String], words: &[&str], initials: bool) -> bool {
        let Some((nw, rest)) = name.split_first() else { return words.is_empty() && initials };
        let whole = words.first().is_some_and(|w| *w == nw.as_str() || (nw.len() >= 3 && w.starts_with(nw.as_str())));
        let k = nw.len();
        let by_initials = (2..=3).contains(&k)
            && words.len() >= k
            && words[..k].iter().map(|w| w.chars().next()).collect::<Option<String>>().as_deref() == Some(nw.as_str());
        (whole && go(rest, &words[1..], initials)) || (by_initials && go(rest, &words[k..], true))
    }
    name.len() >= 2 && words.iter().all(|w| w.len() >= 3) && go(name, words, false)
}

/// "compounds" for `cmpd`, "household" for `hhld`, "percent" for `pct`: a name written as some
/// consonants of a longer word, its first and last letters kept. Not a verb's form: "compared"
/// has the letters of `cmpd` too.
fn contracts(name_word: &str, question_word: &str) -> bool {
    let n = name_word.as_bytes();
    if !(3..=5).contains(&n.len()) || !n.iter().all(u8::is_ascii_lowercase) || n[1..].iter().any(|c| b"aeiou".contains(c)) {
        return false;
    }
    let w = question_word.strip_suffix('s').unwrap_or(question_word);
    if w.len() < n.len() + 2 || !w.is_ascii() || w.ends_with("ed") || (w.ends_with("ing") && !name_word.ends_with('g')) {
        return false;
    }
    let wb = w.as_bytes();
    if wb[0] != n[0] || wb[wb.len() - 1] != n[n.len() - 1] {
        return false;
    }
    let mut k = 0;
    for &c in wb {
        if k < n.len() && c == n[k] {
            k += 1;
        }
    }
    k == n.len()
}

/// Of several fields one word of whose names the question's word is, those it names best: a word
/// said whole over one it only begins ("week" → `week_ending`, not `weekday`), and the thing a
/// label names over a name it only qualifies ("hospital" → `Hospital_Name`, not
/// `Year_of_Hospital_Discharge`). All of them when none is better.
fn word_of_names(fs: &[usize], w: &str, cat: &Catalog) -> Vec<usize> {
    let names = |f: usize| cat.fields[f].names.iter().chain(std::iter::once(&name_words(&cat.fields[f].name))).cloned().collect::<Vec<_>>();
    let whole: Vec<usize> = fs.iter().copied().filter(|&f| names(f).iter().any(|n| n.iter().any(|x| same_word(x, w)))).collect();
    let fs = if whole.is_empty() { fs.to_vec() } else { whole };
    // "which week" over `week_ending` and the weekday computed from it: the column itself.
    let own: Vec<usize> = fs.iter().copied().filter(|&f| !cat.fields[f].part.is_some_and(|(src, _)| fs.contains(&src))).collect();
    let fs = if own.is_empty() { fs } else { own };
    let labelled: Vec<usize> = fs
        .iter()
        .copied()
        .filter(|&f| {
            names(f).iter().any(|n| matches!(n.as_slice(), [x, rest @ ..] if !rest.is_empty() && same_word(x, w) && rest.iter().all(|r| LABEL_WORDS.contains(&r.as_str()))))
        })
        .collect();
    if labelled.len() == 1 {
        labelled
    } else {
        fs
    }
}

/// The field's word shortens the question's ("educ" → education, "temp" → temperature). Not the
/// other way: "leader" is not "leaderspellreg", a run-together name of which it is one part.
fn abbreviates(field_word: &str, question_word: &str) -> bool {
    field_word.len() >= 4 && question_word.len() >= field_word.len() + 3 && question_word.starts_with(field_word)
}

/// The nouns an English adjective or verb form may come from: "rainy" → "rain", "sunny" → "sun",
/// "snowed" → "snow", "raining" → "rain".
fn adjective_base(w: &str) -> Vec<String> {
    let Some(base) = ["y", "ed", "ing"].iter().find_map(|end| w.strip_suffix(end)).filter(|b| b.len() >= 3 && b.is_ascii()) else {
        return Vec::new();
    };
    let mut out = vec![base.to_string()];
    let b = base.as_bytes();
    if b[b.len() - 1] == b[b.len() - 2] {
        out.push(base[..base.len() - 1].to_string());
    }
    out
}

/// A stop word that is the plural of a column's one-word name ("types" with a column `type`) names
/// it; "times", "values" and "ones" stay what they say.
fn plural_of_name(name: &str, w: &str) -> bool {
    name.len() >= 4
        && !matches!(w, "times" | "values" | "ones")
        && (w.strip_suffix('s') == Some(name) || w.strip_suffix("es") == Some(name))
}

/// A month name and a year ("August 1960", "diciembre de 1958", "Januar 1959"): its first day.
fn month_and_year(tokens: &[Token], i: usize) -> Option<(usize, String)> {
    let m = crate::schema::values::month_from_name(&tokens[i].raw.to_lowercase())?;
    let mut j = i + 1;
    while j < tokens.len() && matches!(tokens[j].fold.as_str(), "de" | "del" | "of" | "d") {
        j += 1;
    }
    let t = tokens.get(j)?;
    let y: i32 = (t.fold.len() == 4).then(|| t.fold.parse().ok()).flatten().filter(|y| (1000..=2999).contains(y))?;
    Some((j + 1 - i, format!("{y:04}-{m:02}-01")))
}

/// A day, a month name and a year within a few words (fillers such as "de", "of", "the" allowed).
fn date_in_words(tokens: &[Token], i: usize) -> Option<(usize, String)> {
    const FILLER: &[&str] = &["de", "del", "of", "the", "d", "el", "den", "der"];
    let day_of = |t: &Token| {
        let digits: String = t.fold.chars().take_while(char::is_ascii_digit).collect();
        let rest = &t.fold[digits.len()..];
        (matches!(rest, "" | "st" | "nd" | "rd" | "th" | "o" | "a") && !digits.is_empty())
            .then(|| digits.parse::<u32>().ok())
            .flatten()
            .filter(|d| (1..=31).contains(d))
    };
    let year_of = |t: &Token| (t.fold.len() == 4).then(|| t.fold.parse::<i32>().ok()).flatten().filter(|y| (1000..=2999).contains(y));
    let month_of = |t: &Token| crate::schema::values::month_from_name(&t.raw.to_lowercase());
    let mut j = i;
    let mut day = None;
    let mut month = None;
    let mut year = None;
    while j < tokens.len() && j < i + 7 {
        let t = &tokens[j];
        if FILLER.contains(&t.fold.as_str()) && j > i {
            j += 1;
            continue;
        }
        if month.is_none() && day.is_none() && year.is_none() {
            if let Some(d) = day_of(t) {
                day = Some(d);
            } else if let Some(m) = month_of(t) {
                month = Some(m);
            } else {
                return None;
            }
        } else if month.is_none() {
            month = Some(month_of(t)?);
        } else if day.is_none() {
            day = Some(day_of(t)?);
        } else {
            year = year_of(t);
            break;
        }
        j += 1;
    }
    let (month, day) = (month?, day?);
    match year {
        Some(y) => Some((j + 1 - i, chrono::NaiveDate::from_ymd_opt(y, month, day)?.format("%Y-%m-%d").to_string())),
        // "29 d'abril" without a year: "????-04-29"; a range's other end supplies the year.
        None => {
            let last = (i..j).rev().find(|&k| !FILLER.contains(&tokens[k].fold.as_str()))?;
            chrono::NaiveDate::from_ymd_opt(2000, month, day)?;
            Some((last + 1 - i, format!("????-{month:02}-{day:02}")))
        }
    }
}

/// Byte ranges of text inside quotes: "…", '…', «…», “…”, ‘…’ (an apostrophe inside a word is not a quote).
pub fn quoted_ranges(q: &str) -> Vec<(usize, usize)> {
    let pairs = [('"', '"'), ('«', '»'), ('“', '”'), ('‘', '’'), ('\'', '\''), ('„', '“')];
    let chars: Vec<(usize, char)> = q.char_indices().collect();
    let mut out = Vec::new();
    let mut k = 0;
    while k < chars.len() {
        let (b, c) = chars[k];
        let opens = pairs.iter().find(|(o, _)| *o == c).map(|(_, cl)| *cl);
        let word_before = k > 0 && chars[k - 1].1.is_alphanumeric();
        if let (Some(close), false) = (opens, word_before && c == '\'') {
            if let Some(m) = (k + 1..chars.len())
                .find(|&m| chars[m].1 == close && !(close == '\'' && chars.get(m + 1).is_some_and(|(_, n)| n.is_alphanumeric())))
            {
                if m > k + 1 {
                    out.push((b + c.len_utf8(), chars[m].0));
                    k = m + 1;
                    continue;
                }
            }
        }
        k += 1;
    }
    out
}

/// Words of weight said of the rows (folded): a column of weight, or else of mass, is meant.
const HEAVY_LIGHT: &[&str] = &[
    "heavier than",
    "lighter than",
    "mas pesado que",
    "mas pesados que",
    "mas ligero que",
    "mas ligeros que",
    "mes pesat que",
    "mes pesats que",
    "mes lleuger que",
    "mes lleugers que",
    "schwerer als",
    "leichter als",
    "heaviest",
    "lightest",
    "mas pesado",
    "mas pesados",
    "mas pesada",
    "mas pesadas",
    "mas ligero",
    "mas ligeros",
    "mas ligera",
    "mas ligeras",
    "mes pesat",
    "mes pesats",
    "mes pesant",
    "mes pesants",
    "mes lleuger",
    "mes lleugers",
    "mes lleugera",
    "mes lleugeres",
    "schwerste",
    "schwersten",
    "leichteste",
    "leichtesten",
];

/// Superlatives that name their field: "oldest" is about age, "furthest north" about latitude.
const IMPLIED: &[(&[&str], &[&str])] = &[
    (
        &[
            "older than",
            "younger than",
            "mas viejo que",
            "mas viejos que",
            "mas joven que",
            "mas jovenes que",
            "mes vell que",
            "mes vells que",
            "mes jove que",
            "mes joves que",
            "alter als",
            "junger als",
            "oldest",
            "youngest",
            "mas viejo",
            "mas viejos",
            "mas vieja",
            "mas viejas",
            "mas joven",
            "mas jovenes",
            "mes vell",
            "mes vells",
            "mes vella",
            "mes velles",
            "mes jove",
            "mes joves",
            "alteste",
            "altesten",
            "jungste",
            "jungsten",
        ],
        &["age", "edad", "edat", "alter"],
    ),
    (HEAVY_LIGHT, &["weight", "peso", "pes", "gewicht"]),
    // Where no column says weight, its mass ("the lightest penguins": body_mass_g).
    (HEAVY_LIGHT, &["mass", "masa", "massa", "masse"]),
    (
        &[
            "furthest north",
            "farthest north",
            "northernmost",
            "most northern",
            "furthest south",
            "farthest south",
            "southernmost",
            "most southern",
            "mas al norte",
            "mas al sur",
            "mes al nord",
            "mes al sud",
            "am weitesten nordlich",
            "am weitesten sudlich",
            "nordlichsten",
            "sudlichsten",
            "am nordlichsten",
            "am sudlichsten",
        ],
        &["latitude", "latitud", "breitengrad", "breite"],
    ),
    (
        &[
            "easternmost",
            "furthest east",
            "farthest east",
            "most eastern",
            "westernmost",
            "furthest west",
            "farthest west",
            "most western",
            "mas al este",
            "mas al oeste",
        ],
        &["longitude", "longitud", "langengrad"],
    ),
    (
        &[
            "longest",
            "shortest",
            "longer than",
            "shorter than",
            "mas largo",
            "mas larga",
            "mas corto",
            "mas corta",
            "mes llarg",
            "mes llarga",
            "mes curt",
            "mes curta",
            "langste",
            "langsten",
            "kurzeste",
            "kurzesten",
        ],
        &["duration", "duracion", "durada", "dauer", "minutes"],
    ),
    // Price, power, traffic and population, said by their adjectives ("the most expensive model").
    (
        &[
            "most expensive",
            "least expensive",
            "cheapest",
            "priciest",
            "more expensive than",
            "pricier than",
            "cheaper than",
            "less expensive than",
            "mas caro",
            "mas cara",
            "mas barato",
            "mas barata",
            "mes car",
            "mes cara",
            "mes barat",
            "mes barata",
            "teuerste",
            "teuersten",
            "billigste",
            "billigsten",
        ],
        &["price", "prices", "msrp", "cost", "precio", "preu", "preis"],
    ),
    (
        &[
            "most powerful",
            "least powerful",
            "mas potente",
            "menos potente",
            "mes potent",
            "menys potent",
            "leistungsstarkste",
            "leistungsstarksten",
        ],
        &["horsepower", "hp", "power", "potencia", "leistung", "ps"],
    ),
    (&["busiest"], &["passengers", "traffic", "visitors", "ridership", "riders"]),
    (
        &[
            "warmest",
            "hottest",
            "coldest",
            "coolest",
            "warmer than",
            "colder than",
            "hotter than",
            "cooler than",
            "mas calido",
            "mas calida",
            "mas caluroso",
            "mas calurosa",
            "mas frio",
            "mas fria",
            "mes calid",
            "mes calida",
            "mes calent",
            "mes fred",
            "mes freda",
            "warmste",
            "warmsten",
            "kalteste",
            "kaltesten",
        ],
        &["temperature", "temp", "temperatura", "temperatur"],
    ),
    (
        &[
            "windiest",
            "windier than",
            "mas ventoso",
            "mas ventosa",
            "mes ventos",
            "mes ventosa",
            "windigste",
            "windigsten",
            "am windigsten",
        ],
        &["wind", "viento", "vent"],
    ),
    (
        &[
            "wettest",
            "rainiest",
            "wetter than",
            "rainier than",
            "mas lluvioso",
            "mas lluviosa",
            "mes plujos",
            "mes plujosa",
            "regenreichste",
            "regenreichsten",
            "nasseste",
            "nassesten",
        ],
        &["precipitation", "precip", "prcp", "rain", "rainfall", "precipitacion", "precipitacio", "niederschlag"],
    ),
    (
        &[
            "most populous",
            "least populous",
            "mas poblado",
            "mas poblada",
            "mes poblat",
            "mes poblada",
            "bevolkerungsreichste",
            "bevolkerungsreichsten",
        ],
        &["population", "pop", "poptotal", "poblacion", "poblacio", "bevolkerung", "einwohner"],
    ),
    // Where no column says duration, a height ("the shortest character").
    (&["tallest", "shortest", "taller than", "shorter than"], &["height", "altura", "alcada", "hohe", "grosse"]),
    (
        &[
            "richest",
            "poorest",
            "mas rico",
            "mas rica",
            "mas pobre",
            "mes ric",
            "mes rica",
            "mes pobre",
            "reichste",
            "reichsten",
            "armste",
            "armsten",
        ],
        &["gdp", "income", "wealth", "pib", "bip", "renta", "einkommen"],
    ),
];

/// Superlatives whose field measures the opposite: the poorest has the highest poverty rate.
const IMPLIED_INVERSE: &[(&[&str], &[&str])] = &[
    (
        &[
            "richest",
            "poorest",
            "mas rico",
            "mas rica",
            "mas pobre",
            "mes ric",
            "mes rica",
            "mes pobre",
            "reichste",
            "reichsten",
            "armste",
            "armsten",
        ],
        &["poverty", "pobreza", "pobresa", "armut"],
    ),
    // Where no column says age, the oldest was made in the earliest year ("the oldest plane").
    (
        &[
            "oldest",
            "youngest",
            "mas viejo",
            "mas vieja",
            "mas antiguo",
            "mas antigua",
            "mes vell",
            "mes vella",
            "mes antic",
            "mes antiga",
            "alteste",
            "altesten",
            "jungste",
            "jungsten",
        ],
        &["year", "built", "ano", "any", "jahr", "baujahr"],
    ),
];

/// Adds the field a superlative implies, as an empty span right after it.
fn add_implied_fields(out: &mut Vec<Span>, tokens: &[Token], cat: &Catalog) {
    let mut k = 0;
    let mut nouns: Vec<(Vec<usize>, &[&str])> = Vec::new();
    while k < out.len() {
        if matches!(out[k].tag, Tag::Cue(Cue::High | Cue::Low | Cue::Op(_) | Cue::More | Cue::Less)) {
            let phrase: Vec<&str> = tokens[out[k].start..out[k].end].iter().map(|t| t.fold.as_str()).collect();
            let mut phrase = phrase.join(" ");
            // "older on average than": the comparative apart from its "than".
            if matches!(out[k].tag, Tag::Cue(Cue::More | Cue::Less)) {
                if ![" than", " als", " que"].iter().any(|t| phrase.ends_with(t)) {
                    phrase.push_str(" than");
                }
                if !IMPLIED.iter().any(|(ps, _)| ps.contains(&phrase.as_str())) {
                    k += 1;
                    continue;
                }
            }
            // Every field the nouns name: several ("population_1996" … "population_2021") stay
            // ambiguous, for a year beside them or a question back to choose.
            let named = |anchors: &[&str]| {
                let fs: Vec<usize> = (0..cat.fields.len())
                    .filter(|&f| cat.fields[f].names.iter().any(|n| n.iter().any(|w| anchors.contains(&w.as_str()))))
                    .collect();
                // "hp" over "hp_rpm": a field named by the noun alone.
                let whole: Vec<usize> = fs
                    .iter()
                    .copied()
                    .filter(|&f| cat.fields[f].names.iter().any(|n| matches!(n.as_slice(), [w] if anchors.contains(&w.as_str()))))
                    .collect();
                if whole.len() == 1 {
                    return Some(whole);
                }
                // "the heaviest nuclide" with atomic_mass, its _uncert and mass_excess: the one
                // the noun heads.
                let headed = headed_by(&fs, anchors, cat);
                if headed.len() == 1 {
                    return Some(headed);
                }
                // "most populous" with population_2021 and density_2021 (glossed "population
                // density"): the fields whose own names hold the noun, where some do.
                let own: Vec<usize> =
                    fs.iter().copied().filter(|&f| name_words(&cat.fields[f].name).iter().any(|w| anchors.contains(&w.as_str()))).collect();
                if !own.is_empty() {
                    return Some(own);
                }
                (!fs.is_empty()).then_some(fs)
            };
            let direct = IMPLIED.iter().filter(|(ps, _)| ps.contains(&phrase.as_str())).find_map(|(_, anchors)| named(anchors));
            let inverse = IMPLIED_INVERSE.iter().filter(|(ps, _)| ps.contains(&phrase.as_str())).find_map(|(_, anchors)| named(anchors));
            if let (None, Some(_), Tag::Cue(c @ (Cue::High | Cue::Low))) = (&direct, &inverse, &out[k].tag) {
                out[k].tag = Tag::Cue(if *c == Cue::High { Cue::Low } else { Cue::High });
            }
            if let Some(fs) = direct.or(inverse) {
                let end = out[k].end;
                // (Every noun of the phrase: "heaviest" is said of weight or of mass.)
                for (ps, a) in IMPLIED.iter().chain(IMPLIED_INVERSE) {
                    if ps.contains(&phrase.as_str()) {
                        nouns.push((fs.clone(), a));
                    }
                }
                out.insert(k + 1, Span { tag: Tag::Field(fs), start: end, end, raw: String::new(), used: false });
                k += 1;
            }
        }
        k += 1;
    }
    // "weight of the heaviest penguin": the noun a superlative implies, said too, names the same field.
    for s in out.iter_mut().filter(|s| s.tag == Tag::Unknown) {
        let w = super::text::fold(&s.raw);
        let timely = matches!(w.as_str(), "year" | "years" | "built" | "date" | "time");
        if let Some((fs, _)) = nouns.iter().find(|(_, a)| !timely && a.iter().any(|x| x.len() >= 4 && same_word(x, &w))) {
            s.tag = Tag::Field(fs.clone());
        }
    }
}

/// Two nearby ambiguous words that together name one field ("anchura … del pétalo" → petal width).
fn resolve_ambiguity(out: &mut [Span], cat: &Catalog) {
    let candidates = |t: &Tag| -> Option<Vec<usize>> {
        match t {
            Tag::Field(fs) if fs.len() > 1 => Some(fs.clone()),
            Tag::Group(g) => Some(cat.groups[*g].members.clone()),
            _ => None,
        }
    };
    for a in 0..out.len() {
        let Some(ca) = candidates(&out[a].tag) else { continue };
        let mut seen = 0;
        for b in a + 1..out.len() {
            if matches!(out[b].tag, Tag::Stop | Tag::Cue(Cue::Of)) {
                continue;
            }
            seen += 1;
            if seen > 3 {
                break;
            }
            let Some(cb) = candidates(&out[b].tag) else { continue };
            let both: Vec<usize> = ca.iter().copied().filter(|f| cb.contains(f)).collect();
            if both.len() == 1 {
                out[a].tag = Tag::Field(both);
                out[b].tag = Tag::Stop;
            }
            break;
        }
    }
}

/// Adjectives of a dimension and the words of the fields that measure it (folded).
const DIMENSIONS: &[(&[&str], &[&str])] = &[
    (
        &[
            "long",
            "longer",
            "longest",
            "short",
            "shorter",
            "shortest",
            "largo",
            "larga",
            "largos",
            "largas",
            "corto",
            "corta",
            "llarg",
            "llarga",
            "llargs",
            "llargues",
            "curt",
            "curta",
            "lang",
            "lange",
            "langer",
            "langen",
            "langste",
            "langsten",
            "kurz",
            "kurze",
            "kurzer",
            "kurzeste",
            "kurzesten",
        ],
        &["length", "len", "longitud", "llargada", "lange"],
    ),
    (
        &[
            "deep", "deeper", "deepest", "shallow", "profundo", "profunda", "profund", "tief", "tiefe", "tiefer", "tieferen", "tiefste",
            "tiefsten", "flach",
        ],
        &["depth", "profundidad", "profunditat", "tiefe"],
    ),
    (
        &[
            "wide",
            "wider",
            "widest",
            "narrow",
            "ancho",
            "ancha",
            "estrecho",
            "ample",
            "ampla",
            "estret",
            "breit",
            "breiter",
            "breiteste",
            "schmal",
        ],
        &["width", "anchura", "amplada", "breite"],
    ),
    (
        &[
            "heavy",
            "heavier",
            "heaviest",
            "light",
            "lighter",
            "lightest",
            "pesado",
            "pesada",
            "ligero",
            "ligera",
            "pesat",
            "pesada",
            "lleuger",
            "lleugera",
            "schwer",
            "schwerer",
            "schwerste",
            "leicht",
            "leichter",
            "leichteste",
        ],
        &["weight", "mass", "wt", "peso", "masa", "pes", "massa", "gewicht", "masse"],
    ),
];

/// "the longest bills", "einen tieferen Schnabel" with bill_length_mm and bill_depth_mm: an
/// adjective of a dimension beside a word naming several fields picks the one measuring it.
fn dimension_adjectives(out: &mut [Span], cat: &Catalog) {
    for a in 0..out.len() {
        let Tag::Field(fs) = &out[a].tag else { continue };
        if fs.len() < 2 {
            continue;
        }
        let near = a.saturating_sub(3)..(a + 4).min(out.len());
        let picked: Vec<usize> = DIMENSIONS
            .iter()
            .filter(|(adjectives, _)| {
                near.clone().any(|b| b != a && super::text::fold(&out[b].raw).split_whitespace().any(|w| adjectives.contains(&w)))
            })
            .flat_map(|(_, nouns)| {
                fs.iter()
                    .copied()
                    .filter(|&f| cat.fields[f].names.iter().any(|n| n.iter().any(|w| nouns.contains(&w.as_str()))))
                    .collect::<Vec<_>>()
            })
            .collect();
        if let [one] = picked.as_slice() {
            out[a].tag = Tag::Field(vec![*one]);
        }
    }
    // "l'aleta més llarga", "la longitud más larga": the adjective beside a field measuring its
    // dimension says nothing more than the superlative before it.
    for b in 0..out.len() {
        if out[b].tag != Tag::Unknown {
            continue;
        }
        let w = super::text::fold(&out[b].raw);
        let Some((_, nouns)) = DIMENSIONS.iter().find(|(adjectives, _)| adjectives.contains(&w.as_str())) else { continue };
        let near = b.saturating_sub(3)..(b + 3).min(out.len());
        let measures = near.clone().any(|a| matches!(&out[a].tag, Tag::Field(fs) if fs.len() == 1 && cat.fields[fs[0]].names.iter().any(|n| n.iter().any(|x| nouns.contains(&x.as_str())))));
        let ranked = near.clone().any(|a| matches!(out[a].cue(), Some(Cue::High | Cue::Low | Cue::More | Cue::Less)));
        if measures && ranked {
            out[b].tag = Tag::Stop;
        }
    }
    // "a deeper bill on average than Gentoo", "einen tieferen Schnabel als …": the adjective before
    // "than", beside the field of its dimension, is the comparison.
    let than = |s: &Span| matches!(s.tag, Tag::Unknown | Tag::Stop) && matches!(super::text::fold(&s.raw).as_str(), "than" | "als" | "que");
    for b in 0..out.len() {
        let w = super::text::fold(&out[b].raw);
        let Some((_, nouns)) = DIMENSIONS.iter().find(|(adjectives, _)| adjectives.contains(&w.as_str())) else { continue };
        if !out[b + 1..].iter().any(than) || out[b].raw.is_empty() {
            continue;
        }
        let dimension = |s: &Span| matches!(&s.tag, Tag::Field(fs) if fs.len() == 1 && cat.fields[fs[0]].names.iter().any(|n| n.iter().any(|x| nouns.contains(&x.as_str()))));
        let own = dimension(&out[b]);
        let field_after = out[b + 1..].iter().take(2).any(|s| dimension(s) && !s.raw.is_empty());
        if matches!(out[b].tag, Tag::Unknown | Tag::Field(_)) && (field_after || (own && out[..b].iter().any(dimension))) {
            let less = [
                "short", "shallow", "narrow", "light", "corto", "corta", "estrecho", "ligero", "ligera", "curt", "curta", "estret",
                "lleuger", "lleugera", "kurz", "flach", "schmal", "leicht",
            ]
            .iter()
            .any(|p| w.starts_with(p));
            out[b].tag = Tag::Cue(if less { Cue::Less } else { Cue::More });
        }
    }
}

/// "younger than 15 at diagnosis" with age_at_diagnosis and three other fields of diagnosis: a word
/// naming several fields, one of which the question already named nearby, names that one again.
fn named_again(out: &mut [Span]) {
    for a in 0..out.len() {
        let Tag::Field(fs) = &out[a].tag else { continue };
        if fs.len() < 2 {
            continue;
        }
        let near: Vec<usize> = (0..out.len())
            .filter(|&b| b != a && a.abs_diff(b) <= 4)
            .filter_map(|b| match &out[b].tag {
                Tag::Field(one) if one.len() == 1 && fs.contains(&one[0]) => Some(one[0]),
                _ => None,
            })
            .collect();
        let mut near = near;
        near.dedup();
        if near.len() == 1 {
            out[a].tag = Tag::Stop;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::catalog::test_catalog;
    use crate::query::text::tokenize;

    const CSV: &str = "country,lifeExp,pop,arrest,reason\nChile,78.5,16000000,1,Death\nPeru,71.4,28000000,0,Resignation\nCuba,78.3,11000000,1,Death\nIran,70.1,65000000,0,Death\nMali,50.2,12000000,1,Resignation\nOman,75.6,3000000,0,Death\nLaos,63.2,6000000,1,Resignation\nFiji,69.0,900000,0,Death\n";

    fn tags(q: &str) -> Vec<(String, Tag)> {
        tags_in(q, Lang::En)
    }

    fn tags_in(q: &str, lang: Lang) -> Vec<(String, Tag)> {
        let cat = test_catalog("senators.csv", CSV);
        tag(q, &tokenize(q), lang, &cat, &[]).into_iter().map(|s| (s.raw, s.tag)).collect()
    }

    fn tags_of(file: &str, csv: &str, q: &str, lang: Lang) -> Vec<(String, Tag)> {
        let cat = test_catalog(file, csv);
        tag(q, &tokenize(q), lang, &cat, &[]).into_iter().map(|s| (s.raw, s.tag)).collect()
    }

    #[test]
    fn slips_prefixes_and_event_verbs() {
        const TRIAL: &str = "id,group,tgrade,pnodes,date_of_diagnosis,weight\n1,control,II,3,1950-02-01,70\n2,treatment,III,9,1951-03-01,80\n3,treatment,II,1,1951-05-01,65\n4,control,III,2,1951-06-01,72\n5,treatment,II,4,1952-01-01,68\n6,control,II,6,1952-02-01,75\n";
        let t = |q: &str| tags_of("trial.csv", TRIAL, q, Lang::En);
        // A letter dropped or two swapped name the one field or value so spelled.
        let tt = t("How many particpants are in the tretament group?");
        assert!(tt.iter().any(|(w, tag)| w == "tretament" && matches!(tag, Tag::Value(_))), "{tt:?}");
        assert!(t("average wieght").iter().any(|(w, tag)| w == "wieght" && *tag == Tag::Field(vec![5])));
        // A letter changed is another word: "height" is not weight.
        assert!(t("average height").iter().any(|(w, tag)| w == "height" && *tag == Tag::Unknown));
        // A coded name less a consonant prefix.
        assert!(t("Which grades have the most nodes?").iter().any(|(w, tag)| w == "grades" && *tag == Tag::Field(vec![2])));
        // A verb naming a date column's event, only for a date column.
        assert!(t("How many were diagnosed in 1951?").iter().any(|(w, tag)| w == "diagnosed" && *tag == Tag::Field(vec![4])));
        assert!(t("How many were weighed?").iter().any(|(w, tag)| w == "weighed" && *tag != Tag::Field(vec![4])));
    }

    #[test]
    fn stems_partial_names_and_cognate_values() {
        const POWER: &str =
            "year,source,net_generation\n2001,Fossil Fuels,35361\n2001,Nuclear,3853\n2002,Fossil Fuels,35991\n2002,Nuclear,4574\n";
        let t = tags_of("power.csv", POWER, "Which source generated the most?", Lang::En);
        assert_eq!(t[2], ("generated".into(), Tag::Field(vec![2])), "{t:?}");
        // A stem too short to say anything names nothing.
        let t = tags_of("power.csv", POWER, "Which source got the most?", Lang::En);
        assert!(!t.iter().any(|(w, tag)| w == "got" && matches!(tag, Tag::Field(_))), "{t:?}");
        const AREAS: &str =
            "AREA,YES\nGlasgow_City,75\nEdinburgh_City,62\nEilean_Siar_(Western_Isles),68.4\nEast_Ayrshire,70.5\nSouth_Ayrshire,66\n";
        let t = tags_of("areas.csv", AREAS, "YES in Glasgow, Edinburgh and the Western Isles", Lang::En);
        let named: Vec<&str> = t
            .iter()
            .filter_map(|(_, tag)| match tag {
                Tag::Value(h) => Some(h[0].value.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(named, ["Glasgow_City", "Edinburgh_City", "Eilean_Siar_(Western_Isles)"], "{t:?}");
        // A word in two names names neither.
        let t = tags_of("areas.csv", AREAS, "YES in Ayrshire", Lang::En);
        assert!(!t.iter().any(|(_, tag)| matches!(tag, Tag::Value(_))), "{t:?}");
        const KINDS: &str = "name,kind\nBoron,metalloid\nSilicon,metalloid\nIron,metal\nNeon,gas\nArgon,gas\nCopper,metal\nZinc,metal\nXenon,gas\nKrypton,gas\nGold,metal\nSilver,metal\nRadon,gas\n";
        let t = tags_of("elements.csv", KINDS, "¿Cuántos elementos son metaloides?", Lang::Es);
        assert!(t.iter().any(|(w, tag)| w == "metaloides" && matches!(tag, Tag::Value(h) if h[0].value == "metalloid")), "{t:?}");
    }

    #[test]
    fn a_max_min_pair_and_numbered_columns_are_named_by_their_words() {
        const W: &str = "DATE,TMAX,TMIN\n2016-07-03,85,60\n2016-07-04,81,63\n";
        let t = tags_of("w.csv", W, "the daily high and overnight low", Lang::En);
        assert!(t.contains(&("high".into(), Tag::Field(vec![1]))) && t.contains(&("low".into(), Tag::Field(vec![2]))), "{t:?}");
        assert!(t.iter().filter(|(_, tag)| *tag == Tag::Stop).count() >= 3, "{t:?}");
        const C: &str = "COMMITTEE,BILLS103,BILLS104\nBudget,101,23\nRules,50,80\n";
        let t = tags_of("c.csv", C, "bills in the 104th Congress", Lang::En);
        assert_eq!(t[0].1, Tag::Field(vec![2]), "{t:?}");
        assert!(t[3..].iter().all(|(_, tag)| *tag == Tag::Stop), "{t:?}");
        let t = tags_of("c.csv", C, "bills of Budget", Lang::En);
        assert_eq!(t[0].1, Tag::Field(vec![1, 2]), "{t:?}");
    }

    #[test]
    fn a_word_a_field_name_shortens_joins_it() {
        // "life expectancy" is lifeExp: one field span, or the field and a joined word.
        let t = tags("life expectancy of Chile");
        assert!(matches!(t[0].1, Tag::Field(_)), "{t:?}");
        assert!(t[0].0 == "life expectancy" || t[1].1 == Tag::Stop, "{t:?}");
    }

    #[test]
    fn poorest_is_the_lowest_income_or_the_highest_poverty() {
        let implied = |csv: &str, q: &str| {
            let cat = test_catalog("t.csv", csv);
            let spans = tag(q, &tokenize(q), Lang::En, &cat, &[]);
            let cue = spans.iter().find_map(|s| if let Tag::Cue(c @ (Cue::High | Cue::Low)) = s.tag { Some(c) } else { None });
            let field = spans.iter().find_map(|s| match &s.tag {
                Tag::Field(f) if s.raw.is_empty() => Some(cat.fields[f[0]].name.clone()),
                _ => None,
            });
            (cue, field)
        };
        assert_eq!(implied("state,poverty\nA,1\nB,2\n", "Which state is the poorest?"), (Some(Cue::High), Some("poverty".to_string())));
        assert_eq!(
            implied("country,gdpPercap\nA,1\nB,2\n", "Which country is the poorest?"),
            (Some(Cue::Low), Some("gdpPercap".to_string()))
        );
        assert_eq!(
            implied("regime,duration\nA,1\nB,2\n", "Which regime lasts the longest?"),
            (Some(Cue::High), Some("duration".to_string()))
        );
    }

    #[test]
    fn an_ordinal_before_a_numeric_field_is_its_number() {
        let cat = test_catalog("m.csv", "year,quarter,realgdp\n2000,1,5.5\n2000,2,6.5\n");
        let q = "real GDP in the third quarter of 2000";
        let spans = tag(q, &tokenize(q), Lang::En, &cat, &[]);
        assert!(matches!(&spans[0].tag, Tag::Field(f) if cat.fields[f[0]].name == "realgdp"), "{spans:?}");
        assert!(spans.iter().any(|s| s.raw == "third" && s.tag == Tag::Number(3.0)), "{spans:?}");
        // Elsewhere an ordinal ranks and stays a word.
        let q = "the first leader";
        assert!(tag(q, &tokenize(q), Lang::En, &cat, &[]).iter().all(|s| !matches!(s.tag, Tag::Number(_))));
    }

    #[test]
    fn the_file_head_noun_in_other_languages_names_the_rows() {
        let cat = test_catalog("canadian_senators.csv", "name,province\nA,Ontario\nB,Quebec\n");
        for (q, lang) in
            [("Cuántos senadores hay", Lang::Es), ("Quants senadors hi ha", Lang::Ca), ("Wie viele Senatoren gibt es", Lang::De)]
        {
            assert!(tag(q, &tokenize(q), lang, &cat, &[]).iter().any(|s| s.tag == Tag::Alias), "{q}");
        }
        assert!(!cognate("senators", "sentences"));
        assert!(cognate("buddhist", "budistas"));
        assert!(cognate("psychology", "psicologia"));
        assert!(cognate("democracy", "demokratien"));
        assert!(!cognate("states", "statue"));
    }

    #[test]
    fn run_together_names_are_spelled_out_by_prefixes() {
        assert!(spells_out("tsize", &["tumour", "size"]));
        assert!(spells_out("gdppercap", &["gdp", "per", "capita"]));
        assert!(spells_out("progrec", &["progesterone", "receptor"]));
        assert!(spells_out("estrec", &["estrogen", "receptor"]));
        assert!(!spells_out("metal", &["metalls", "alcalinoterris"]));
        assert!(spells_out("horth", &["hormone", "therapy"]));
        // What once matched: a name inside a longer word, single letters in the middle, whole words split.
        assert!(!spells_out("area", &["average", "age"]));
        assert!(!spells_out("tempmin", &["temperatura", "maxima", "inferior"]));
        assert!(!spells_out("estat", &["estat", "tx"]));
        assert!(!spells_out("code", &["ca", "oder"]));
        let name = |ws: &[&str]| ws.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        assert!(initials_spell_out(&name(&["hs", "grad"]), &["high", "school", "graduation"]));
        assert!(!initials_spell_out(&name(&["hs", "grad"]), &["high", "grades"]), "every name word must be spelled");
        assert!(!initials_spell_out(&name(&["total", "bill"]), &["total", "bill"]), "no initials: matched as words elsewhere");
    }

    #[test]
    fn number_words_in_a_row_are_one_number() {
        for (q, lang, n) in [
            ("more than twenty-five", Lang::En, 25.0),
            ("more than one hundred and fifty", Lang::En, 150.0),
            ("more than two thousand five hundred", Lang::En, 2500.0),
            ("more than fifty thousand", Lang::En, 50e3),
            ("more than two million", Lang::En, 2e6),
            ("more than 2,5 millones", Lang::Es, 2.5e6),
            ("más de treinta y cinco", Lang::Es, 35.0),
            ("más de veinticinco", Lang::Es, 25.0),
            ("més de vint-i-cinc", Lang::Ca, 25.0),
            ("mehr als fünfundzwanzig", Lang::De, 25.0),
            ("mehr als zweihundert", Lang::De, 200.0),
            ("more than 5e1", Lang::En, 50.0),
            ("more than 1.5k", Lang::En, 1500.0),
        ] {
            let t = tags_in(q, lang);
            let nums: Vec<f64> = t.iter().filter_map(|(_, g)| if let Tag::Number(x) = g { Some(*x) } else { None }).collect();
            assert_eq!(nums, [n], "{q}: {t:?}");
        }
        // Two numbers side by side stay two.
        let t = tags("between twenty and thirty");
        assert_eq!(t.iter().filter(|(_, g)| matches!(g, Tag::Number(_))).count(), 2, "{t:?}");
    }

    #[test]
    fn numbers_take_their_multiplier() {
        let t = tags("more than 15 million");
        assert!(t.iter().any(|(_, g)| *g == Tag::Number(15e6)), "{t:?}");
    }

    #[test]
    fn verbs_name_boolean_columns_and_values() {
        let t = tags("how many were arrested");
        assert!(matches!(&t.last().expect("a span").1, Tag::Value(h) if h[0].value == "true"), "{t:?}");
        // "resigned" shares six letters with the value Resignation; "died" is a word of the value Death.
        let t = tags("how many resigned");
        assert!(matches!(&t.last().expect("a span").1, Tag::Value(h) if h[0].value == "Resignation"), "{t:?}");
        let t = tags("how many died");
        assert!(matches!(&t.last().expect("a span").1, Tag::Value(h) if h[0].value == "Death"), "{t:?}");
    }

    #[test]
    fn a_value_in_parentheses_glosses_the_words_before_it() {
        let t = tags("How many in the sad row (Death)?");
        let values: Vec<&Tag> = t.iter().map(|(_, g)| g).filter(|g| matches!(g, Tag::Value(_))).collect();
        assert_eq!(values.len(), 1, "{t:?}");
        assert!(t.iter().all(|(w, g)| !(w == "sad" && *g == Tag::Unknown)), "{t:?}");
        // Two values or words in parentheses gloss nothing.
        let t = tags("How many in the sad row (Death or Resignation)?");
        assert!(t.iter().any(|(w, g)| w == "sad" && *g == Tag::Unknown), "{t:?}");
    }

    #[test]
    fn a_flag_has_its_complement() {
        let t = tags("Is the average lifeExp of the arrested higher than of those who were not?");
        let flags: Vec<&str> = t.iter().filter_map(|(_, g)| if let Tag::Value(h) = g { Some(h[0].value.as_str()) } else { None }).collect();
        assert_eq!(flags, ["true", "false"], "{t:?}");
        let t = tags("How many non-arrested countries?");
        assert!(t.iter().any(|(_, g)| matches!(g, Tag::Value(h) if h[0].value == "false")), "{t:?}");
        // Another value after "than" is no complement.
        let t = tags("Is lifeExp higher for the arrested than for Chile?");
        assert!(!t.iter().any(|(_, g)| matches!(g, Tag::Value(h) if h[0].value == "false")), "{t:?}");
    }

    #[test]
    fn fast_times_are_short_and_medallists_are_rows() {
        const SPRINT: &str = "Name,Country,Medal,Time,Year\nUsain Bolt,JAM,GOLD,9.63,2012\nYohan Blake,JAM,SILVER,9.75,2012\nJustin Gatlin,USA,BRONZE,9.79,2012\n";
        let t = tags_of("sprint.csv", SPRINT, "What is the fastest time?", Lang::En);
        assert!(t.iter().any(|(w, g)| w == "fastest" && *g == Tag::Cue(Cue::Low)), "{t:?}");
        let t = tags_of("sprint.csv", SPRINT, "Who were the medallists of 2012?", Lang::En);
        assert!(t.iter().any(|(w, g)| w == "medallists" && *g == Tag::Alias), "{t:?}");
        // The field's own name stays the field.
        let t = tags_of("sprint.csv", SPRINT, "Which medals were given?", Lang::En);
        assert!(t.iter().any(|(w, g)| w == "medals" && matches!(g, Tag::Field(_))), "{t:?}");
    }
}
