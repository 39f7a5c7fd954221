//! `understand`: one question against one table, from its words to an `Understanding`, with the
//! contract an exact reading must keep; and the checks around it (SQL typed as a question, a word
//! read by meaning that names a field the question names already).

use crate::query::catalog::Catalog;
use crate::query::contract::{fits, groups_list_cells, plan_shape, unplaced};
use crate::query::lang::{Detected, Lang};
use crate::query::shape::{asked as asked_shape, Shape};
use crate::query::tagger::{quoted_ranges, tag, Span, Tag};
use crate::query::text::tokenize;

use super::parser::{unknown_word, Parser};
use super::types::{Overrides, Parsed, Refusal, Understanding, MAX_QUESTION_CHARS};

pub fn looks_like_sql(q: &str) -> bool {
    let l = q.to_lowercase();
    let words: Vec<&str> = l.split(|c: char| !c.is_alphanumeric() && c != '_').filter(|w| !w.is_empty()).collect();
    let pair = |a: &str, b: &[&str]| words.windows(2).any(|w| w[0] == a && b.contains(&w[1]));
    l.contains("--")
        || l.contains("/*")
        || (l.contains(';')
            && words
                .iter()
                .any(|w| matches!(*w, "drop" | "delete" | "insert" | "update" | "select" | "alter" | "create" | "truncate" | "exec")))
        || pair("drop", &["table", "database", "view"])
        || pair("delete", &["from"])
        || pair("insert", &["into"])
        || pair("union", &["select", "all"])
        || (pair("select", &["from"]) && l.contains(" from "))
        || l.contains("'='")
        || l.contains("1=1")
        || l.contains("' or '")
}

/// Understands `q` against one table. `hint` biases language detection in a conversation.
/// A question not read exactly is read once more with its typing slips corrected (`spelling`).
pub fn understand(q: &str, cat: &Catalog, hint: Option<Lang>, ov: &Overrides) -> Parsed {
    let first = read(q, cat, hint, ov);
    if matches!(first.understanding, Understanding::Exact { .. }) || first.ignored.is_empty() || !ov.spans.is_empty() {
        return first;
    }
    let vocab = crate::query::spelling::vocabulary(cat);
    let mut fixed = q.to_string();
    let mut corrected = Vec::new();
    // Right to left, so the byte offsets of the tokens not yet replaced stay valid.
    for t in tokenize(q).iter().rev() {
        if !first.ignored.contains(&t.raw) {
            continue;
        }
        if let Some(w) = crate::query::spelling::correct(&t.fold, &vocab) {
            fixed.replace_range(t.start..t.end, &w);
            corrected.push((t.raw.clone(), w));
        }
    }
    if corrected.is_empty() {
        return first;
    }
    let mut again = read(&fixed, cat, hint, ov);
    if !matches!(again.understanding, Understanding::Exact { .. }) {
        return first;
    }
    corrected.reverse();
    again.corrected = corrected;
    again
}

fn read(q: &str, cat: &Catalog, hint: Option<Lang>, ov: &Overrides) -> Parsed {
    let chars = q.chars().count();
    let refuse = |lang, r| Parsed {
        lang,
        understanding: Understanding::Refuse(r),
        score: 0.0,
        offer: None,
        computes: false,
        ignored: Vec::new(),
        asked: Shape::Open,
        corrected: Vec::new(),
        values_named: Vec::new(),
    };
    if chars > MAX_QUESTION_CHARS {
        return Parsed {
            lang: hint.unwrap_or(Lang::En),
            understanding: Understanding::Refuse(Refusal::TooLong { chars }),
            score: 0.0,
            offer: None,
            computes: false,
            ignored: Vec::new(),
            asked: Shape::Open,
            corrected: Vec::new(),
            values_named: Vec::new(),
        };
    }
    let tokens = tokenize(q);
    let folds: Vec<String> = tokens.iter().map(|t| t.fold.clone()).collect();
    let lang = match crate::query::lang::detect_question(q, &folds, hint) {
        Detected::Supported(l) => l,
        Detected::Unsupported(name) => return refuse(hint.unwrap_or(Lang::En), Refusal::Language { name: name.to_string() }),
    };
    if tokens.is_empty() {
        return refuse(lang, Refusal::Empty);
    }
    if looks_like_sql(q) {
        return refuse(lang, Refusal::Sql);
    }
    // The detected language may be wrong for short questions ("Què puc preguntar?" reads as
    // Spanish too): tag in every language and keep the reading with the fewest unknown words.
    let quotes = quoted_ranges(q);
    let unknown = |sp: &[Span]| sp.iter().filter(|s| matches!(s.tag, Tag::Unknown)).count();
    // German compounds read as their parts ("Gesamthäufigkeit": total frequency).
    let de_tokens = crate::query::compound::split(q, &tokens, cat);
    let tokens_in = |l: Lang| if l == Lang::De { &de_tokens } else { &tokens };
    let mut lang = lang;
    let mut spans = tag(q, tokens_in(lang), lang, cat, &quotes);
    for other in Lang::ALL {
        if other == lang {
            continue;
        }
        let alt = tag(q, tokens_in(other), other, cat, &quotes);
        if unknown(&alt) < unknown(&spans) {
            spans = alt;
            lang = other;
        }
    }
    let tokens = tokens_in(lang).clone();
    for ((s, e), f) in &ov.spans {
        if let Some(sp) = spans.iter_mut().find(|sp| sp.start == *s && sp.end == *e) {
            sp.tag = Tag::Field(vec![*f]);
        }
    }
    for (s, e) in &ov.quiet {
        if let Some(sp) = spans.iter_mut().find(|sp| sp.start == *s && sp.end == *e) {
            sp.tag = Tag::Stop;
        }
    }
    if std::env::var_os("TABLETALK_DEBUG_PARSE").is_some() {
        eprintln!("[{}] {:?}", lang.code(), spans.iter().map(|s| format!("{}={:?}", s.raw, s.tag)).collect::<Vec<_>>());
    }
    let numbers: Vec<Option<f64>> = tokens.iter().map(|t| crate::query::text::parse_number(&t.raw)).collect();
    // "…, right?": the tag asks yes or no and says nothing more.
    let tag_q = crate::query::shape::tag_question(q, &tokens);
    if let Some(k) = tag_q {
        for sp in spans.iter_mut().filter(|s| s.start >= k) {
            sp.tag = Tag::Stop;
        }
    }
    let mut asked = if tag_q.is_some() { Shape::Boolean } else { asked_shape(q, &tokens, lang, &numbers) };
    if asked == Shape::Open && crate::query::shape::yes_no_by_intonation(q, &tokens, lang) {
        asked = Shape::Boolean;
    }
    if let Some(plan) = listed_extremes(&spans).and_then(|at| read_each(cat, &spans, &at, asked, ov)) {
        if std::env::var_os("TABLETALK_DEBUG_PARSE").is_some() {
            eprintln!("[{}] read each {plan:?}", lang.code());
        }
        return Parsed {
            lang,
            understanding: Understanding::Exact { plan, confidence: 0.9 },
            score: spans.len() as f32,
            offer: None,
            computes: true,
            ignored: Vec::new(),
            asked,
            corrected: Vec::new(),
            values_named: Vec::new(),
        };
    }
    let mut p = Parser { cat, spans, target_override: ov.target, offer: None, asked, signs: Vec::new(), group_change: None };
    let understanding = match p.run() {
        // The contract: an exact reading places every content word and answers in the shape asked.
        Understanding::Exact { plan, confidence } => {
            let words = unplaced(&p.spans, &plan, cat);
            let shape_ok = fits(p.effective_shape(), plan_shape(&plan, cat), &plan) && !mode_of_unique(&plan, cat);
            let too_long = groups_list_cells(&plan, cat)
                .filter(|f| cat.field(f).is_some_and(|i| cat.fields[i].list_len > crate::query::sql::EXPLODE_CAP));
            if let Some(field) = too_long {
                Understanding::Refuse(Refusal::ListCells { field })
            } else if let Some(r) = super::coverage::outside_data(&plan, cat).filter(|_| words.is_empty() && shape_ok) {
                Understanding::Refuse(r)
            } else if words.is_empty() && shape_ok {
                Understanding::Exact { plan, confidence }
            } else {
                if std::env::var_os("TABLETALK_DEBUG_PARSE").is_some() {
                    eprintln!("[breach] {plan:?} unplaced {words:?}, shape fits: {shape_ok} (asked {:?})", p.effective_shape());
                }
                p.breach(plan, words, shape_ok, lang)
            }
        }
        u => u,
    };
    if std::env::var_os("TABLETALK_DEBUG_PARSE").is_some() {
        eprintln!("[{}] read {:?}", lang.code(), understanding);
    }
    let understanding = match understanding {
        // A question back with nothing to choose from is no question: say which words were not understood.
        Understanding::Clarify(c) if c.options.is_empty() => {
            let words: Vec<String> = p.spans.iter().filter(|s| unknown_word(s) && !s.used).map(|s| s.raw.clone()).collect();
            Understanding::Refuse(Refusal::Unplaced { understood: String::new(), words, asked: None })
        }
        // An open question ("Why is…?", "Which cars suit a family?") names no field because it asks
        // for none: with nothing to compute, it goes to retrieval rather than to a refusal.
        Understanding::Refuse(Refusal::UnknownField { .. } | Refusal::UnknownValue { .. }) if !p.computes() => {
            Understanding::Retrieve { confidence: 0.3 }
        }
        u => u,
    };
    if std::env::var_os("TABLETALK_DEBUG_PARSE").is_some() {
        eprintln!("[{}] → {:?}", lang.code(), understanding);
    }
    let known = p.spans.iter().filter(|s| !matches!(s.tag, Tag::Unknown | Tag::Stop)).count() as f32;
    let unknown = p.spans.iter().filter(|s| matches!(s.tag, Tag::Unknown)).count() as f32;
    let matched = p.spans.iter().filter(|s| matches!(s.tag, Tag::Field(_) | Tag::Value(_) | Tag::Group(_) | Tag::Alias)).count() as f32;
    let computes = p.asks_computation();
    let ignored = p.spans.iter().filter(|s| unknown_word(s) && !s.used).map(|s| s.raw.clone()).collect();
    Parsed {
        lang,
        understanding,
        score: matched * 2.0 + known - unknown,
        offer: p.offer,
        computes,
        ignored,
        asked,
        corrected: Vec::new(),
        values_named: Vec::new(),
    }
}

/// "the earliest and latest year formed", "smallest, median and largest magnitude", "which year
/// had the most burglaries and which the fewest": extremes (or a median) listed with "and", with
/// nothing but stop words, question words and fields between them; their places.
fn listed_extremes(spans: &[Span]) -> Option<Vec<usize>> {
    use crate::query::lang::Cue;
    // (Its kind: a cue, or an order word, "earliest" or "latest".)
    let kind = |s: &Span| match s.cue() {
        Some(c @ (Cue::High | Cue::Low | Cue::Max | Cue::Min | Cue::Median)) => Some(format!("{c:?}")),
        _ if s.tag == Tag::Unknown => crate::query::tagger::order_word(&crate::query::text::fold(&s.raw)).map(|first| first.to_string()),
        _ => None,
    };
    // ("the gap between the highest and lowest", "from highest to lowest": one question.)
    if spans.iter().any(|s| matches!(s.cue(), Some(Cue::Between | Cue::Order | Cue::Per | Cue::Top | Cue::Bottom))) {
        return None;
    }
    use super::compare::{GAP, RANGE};
    let one_question = |w: &str| RANGE.contains(&w) || GAP.contains(&w) || matches!(w, "minus" | "menos" | "menys");
    if spans.iter().any(|s| one_question(&crate::query::text::fold(&s.raw))) {
        return None;
    }
    let at: Vec<usize> = (0..spans.len()).filter(|&i| kind(&spans[i]).is_some()).collect();
    if !(2..=4).contains(&at.len()) {
        return None;
    }
    let kinds: Vec<Option<String>> = at.iter().map(|&i| kind(&spans[i])).collect();
    if (1..kinds.len()).any(|k| kinds[..k].contains(&kinds[k])) {
        return None;
    }
    let between_ok = |a: usize, b: usize| {
        spans[a + 1..b].iter().all(|s| matches!(s.tag, Tag::Stop | Tag::Field(_) | Tag::Cue(Cue::And | Cue::Which | Cue::What)))
    };
    let last = at.len() - 1;
    let and_last = spans[at[last - 1] + 1..at[last]].iter().any(|s| s.cue() == Some(Cue::And));
    (and_last && at.windows(2).all(|w| between_ok(w[0], w[1]))).then_some(at)
}

/// The question read once per listed extreme (the others set aside): each reading must be exact,
/// place every word and answer one number or name.
fn read_each(cat: &Catalog, spans: &[Span], at: &[usize], asked: Shape, ov: &Overrides) -> Option<crate::query::plan::Plan> {
    use crate::query::lang::Cue;
    let part_asked = if matches!(asked, Shape::Number | Shape::Category) { asked } else { Shape::Open };
    let mut parts = Vec::new();
    for &k in at {
        let mut mine = spans.to_vec();
        for &j in at.iter().filter(|&&j| j != k) {
            mine[j].tag = Tag::Stop;
            mine[j].used = true;
        }
        // The joints between the extremes ("and", "and which the") say no more in any one reading.
        let (first, last) = (at[0], at[at.len() - 1]);
        for (i, s) in mine.iter_mut().enumerate().take(last + 1).skip(first) {
            if matches!(s.cue(), Some(Cue::And)) || (i > first && matches!(s.cue(), Some(Cue::Which | Cue::What))) {
                s.tag = Tag::Stop;
                s.used = true;
            }
        }
        let mut p =
            Parser { cat, spans: mine, target_override: ov.target, offer: None, asked: part_asked, signs: Vec::new(), group_change: None };
        let Understanding::Exact { plan, .. } = p.run() else { return None };
        let one =
            matches!(plan_shape(&plan, cat), Shape::Number | Shape::Category) && !matches!(plan, crate::query::plan::Plan::Check { .. });
        if !one
            || !unplaced(&p.spans, &plan, cat).is_empty()
            || groups_list_cells(&plan, cat).is_some()
            || super::coverage::outside_data(&plan, cat).is_some()
        {
            return None;
        }
        parts.push(plan);
    }
    Some(crate::query::plan::Plan::Each { parts })
}

/// The most common value of a field whose every value occurs once: no value is, and the tie of
/// all of them answers nothing ("la estación más austral" read as the most frequent name).
fn mode_of_unique(plan: &crate::query::plan::Plan, cat: &Catalog) -> bool {
    let crate::query::plan::Plan::Frequent { field, filter: None, .. } = plan else { return false };
    cat.field(&field.0).is_some_and(|i| {
        let f = &cat.fields[i];
        cat.rows > 2 && f.list_sep.is_none() && f.distinct + f.missing >= cat.rows
    })
}

/// Whether words of `q` other than the token range `except` name field `f` or a value of it: a word
/// read by meaning as a field the question names already is a guess ("survived and how many died").
pub fn names_field_elsewhere(q: &str, cat: &Catalog, f: usize, except: (usize, usize), hint: Option<Lang>) -> bool {
    let tokens = tokenize(q);
    let folds: Vec<String> = tokens.iter().map(|t| t.fold.clone()).collect();
    let lang = match crate::query::lang::detect_question(q, &folds, hint) {
        Detected::Supported(l) => l,
        Detected::Unsupported(_) => return false,
    };
    let tokens = if lang == Lang::De { crate::query::compound::split(q, &tokens, cat) } else { tokens };
    tag(q, &tokens, lang, cat, &quoted_ranges(q)).iter().any(|s| {
        (s.start, s.end) != except
            && match &s.tag {
                Tag::Field(fs) => fs.contains(&f),
                Tag::Value(hs) => hs.iter().any(|h| h.field == f),
                _ => false,
            }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::catalog::test_catalog;
    use crate::query::plan::{AggFn, CmpOp, Filter, Plan, Predicate, Test};

    const CSV: &str = "name,origin,mpg,cylinders,hp\nA,USA,18,8,150\nB,Japan,31,4,\nC,Europe,26,4,90\nD,USA,15,8,170\n";

    fn plan(q: &str) -> Understanding {
        understand(q, &test_catalog("cars.csv", CSV), None, &Overrides::default()).understanding
    }

    #[test]
    fn group_superlatives_rank_groups() {
        match plan("Which origin has the highest average mpg?") {
            Understanding::Exact { plan: Plan::GroupTop { func: AggFn::Avg, by, n: 1, desc: true, .. }, .. } => assert_eq!(by.0, "origin"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn yes_no_questions_test_their_reading() {
        match plan("Is the average mpg over 30?") {
            Understanding::Exact { plan: Plan::Check { test: Test::Cmp { op: CmpOp::Gt, value }, .. }, .. } => assert_eq!(value, 30.0),
            other => panic!("{other:?}"),
        }
        assert!(matches!(plan("Is there any car with 8 cylinders?"), Understanding::Exact { plan: Plan::Check { .. }, .. }));
    }

    #[test]
    fn missing_values_are_a_condition() {
        match plan("How many cars have no value for hp?") {
            Understanding::Exact { plan: Plan::Count { filter: Some(Filter::Cond { pred: Predicate::Missing, .. }) }, .. } => {}
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_dropped_word_is_never_exact() {
        assert!(!matches!(plan("What is the average mpg of gloomy cars?"), Understanding::Exact { .. }));
        assert!(!matches!(plan("Which origin has the highest average price?"), Understanding::Exact { .. }));
    }
}
