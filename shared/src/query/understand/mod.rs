//! Tagged question → an intent with slots (a `Plan`), a meta question, a question back, or a refusal.
//!
//! The stages after tagging, one file each, all methods of one `Parser` over the tagged spans:
//! `conditions` (filters from operators, dates and values) → `slots` (fields asked, grouping, N,
//! order) → `compare` (values of one field set side by side, groups passing a test) → `intent`
//! (which plan) → `yes_no` (a test around it) → the contract in `understand` → `refusal` (what is
//! said when no exact reading holds), with `summary` putting a plan in words.

use serde::{Deserialize, Serialize};

use super::catalog::{Catalog, ValueHit};
use super::contract::{fits, plan_shape, unplaced};
use super::intent::Intent;
use super::lang::{detect, Cue, Detected, Lang};
use super::plan::{AggFn, ChartKind, CmpOp, ColumnPick, ColumnStat, CompareAsk, FieldRef, Filter, Literal, Measure, Plan, Predicate, Test};
use super::shape::{asked as asked_shape, Shape};
use super::tagger::{quoted_ranges, tag, Span, Tag};
use super::text::tokenize;
use crate::schema::ColumnType;

mod columns;
mod compare;
mod conditions;
mod intent;
mod periods;
mod refusal;
mod slots;
mod summary;
mod yes_no;

use super::lang::sign_word;
pub(crate) use compare::change_word;
use compare::compared_field;
use conditions::strip_quotes;
use summary::fmt_number;
pub use summary::summary;
use yes_no::take_cond;

/// Longer questions are refused before parsing: nobody types 500 characters to ask for a count.
pub const MAX_QUESTION_CHARS: usize = 500;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MetaKind {
    Source,
    Description,
    Date,
    Title,
    Capabilities,
}

impl MetaKind {
    pub fn intent(self) -> Intent {
        match self {
            MetaKind::Source => Intent::MetaSource,
            MetaKind::Description => Intent::MetaDescription,
            MetaKind::Date => Intent::MetaDate,
            MetaKind::Title => Intent::MetaTitle,
            MetaKind::Capabilities => Intent::MetaCapabilities,
        }
    }
}

impl Refusal {
    /// The refusal's name in reports ("unknown_field", "unplaced", …).
    pub fn intent(&self) -> Intent {
        match self {
            Refusal::Empty => Intent::Empty,
            Refusal::TooLong { .. } => Intent::TooLong,
            Refusal::Sql => Intent::Sql,
            Refusal::Language { .. } => Intent::Language,
            Refusal::UnknownField { .. } => Intent::UnknownField,
            Refusal::UnknownValue { .. } => Intent::UnknownValue,
            Refusal::TypeMismatch { .. } => Intent::TypeMismatch,
            Refusal::Contradiction { .. } => Intent::Contradiction,
            Refusal::PeriodOfYear { .. } => Intent::PeriodOfYear,
            Refusal::Unplaced { .. } => Intent::Unplaced,
        }
    }
}

/// Why a question gets no number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    Empty,
    TooLong {
        chars: usize,
    },
    Sql,
    Language {
        name: String,
    },
    UnknownField {
        word: String,
        suggestions: Vec<String>,
        /// The word's token range, so a field found by meaning can stand in for it.
        #[serde(skip)]
        span: Option<(usize, usize)>,
    },
    UnknownValue {
        word: String,
        suggestions: Vec<String>,
    },
    TypeMismatch {
        field: String,
        ty: String,
        wanted: String,
    },
    Contradiction {
        field: String,
        detail: String,
    },
    /// "How many quarters?" over a quarter-of-the-year column beside a year column: the 4 different
    /// values are not the number of quarters in the data; which is meant is asked back in words.
    PeriodOfYear {
        field: String,
        year: String,
    },
    /// A reading was found, but it leaves words out or answers in another shape than asked: it is
    /// said, never run as exact ("I understood: average of Literacy. I could not place: region").
    Unplaced {
        /// The reading, in words.
        understood: String,
        /// Words the reading does not account for.
        words: Vec<String>,
        /// The shape the question asks for, when the reading's shape differs.
        asked: Option<Shape>,
    },
}

/// What the user must choose before the question can be answered.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Clarification {
    /// The word that was ambiguous, or None when a parameter is missing.
    pub word: Option<String>,
    /// Field names to choose from (engine names).
    pub options: Vec<String>,
    pub default: Option<String>,
    /// The span to resolve on resumption (token range), or None to add the field as the target.
    pub span: Option<(usize, usize)>,
    /// What is missing: "field", "numeric field", "category field".
    pub missing: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Understanding {
    Exact {
        plan: Plan,
        confidence: f32,
    },
    Meta(MetaKind),
    Clarify(Clarification),
    Refuse(Refusal),
    /// Not an exact question (or not sure enough): retrieval answers it.
    Retrieve {
        confidence: f32,
    },
}

/// Choices the user made in a clarifying sub-conversation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overrides {
    /// Token span → field index (an ambiguous word resolved).
    pub spans: Vec<((usize, usize), usize)>,
    /// A field added as the question's target (a missing parameter supplied).
    pub target: Option<usize>,
    /// Token spans that only modify ("monthly rate" where each value is a month's).
    pub quiet: Vec<(usize, usize)>,
}

/// The parse of one question against one table.
#[derive(Clone, Debug)]
pub struct Parsed {
    pub lang: Lang,
    pub understanding: Understanding,
    /// How much of the question the parser recognised (picks the table when there are several).
    pub score: f32,
    /// Other members of a field group whose default answered the question.
    pub offer: Option<Clarification>,
    /// The question asks for a computation (a count, an average, a number to compare with).
    pub computes: bool,
    /// Words the parser could not place: an exact answer says it did not use them.
    pub ignored: Vec<String>,
    /// The shape of answer the words ask for.
    pub asked: Shape,
}

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
pub fn understand(q: &str, cat: &Catalog, hint: Option<Lang>, ov: &Overrides) -> Parsed {
    let chars = q.chars().count();
    let refuse = |lang, r| Parsed {
        lang,
        understanding: Understanding::Refuse(r),
        score: 0.0,
        offer: None,
        computes: false,
        ignored: Vec::new(),
        asked: Shape::Open,
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
        };
    }
    let tokens = tokenize(q);
    let folds: Vec<String> = tokens.iter().map(|t| t.fold.clone()).collect();
    let lang = match detect(&folds, hint) {
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
    let de_tokens = super::compound::split(q, &tokens, cat);
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
    let numbers: Vec<Option<f64>> = tokens.iter().map(|t| super::text::parse_number(&t.raw)).collect();
    let mut asked = asked_shape(q, &tokens, lang, &numbers);
    if asked == Shape::Open && super::shape::yes_no_by_intonation(q, &tokens, lang) {
        asked = Shape::Boolean;
    }
    let mut p = Parser { cat, spans, target_override: ov.target, offer: None, asked };
    let understanding = match p.run() {
        // The contract: an exact reading places every content word and answers in the shape asked.
        Understanding::Exact { plan, confidence } => {
            let words = unplaced(&p.spans, &plan, cat);
            let shape_ok = fits(p.effective_shape(), plan_shape(&plan, cat), &plan);
            if words.is_empty() && shape_ok {
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
    Parsed { lang, understanding, score: matched * 2.0 + known - unknown, offer: p.offer, computes, ignored, asked }
}

/// Whether words of `q` other than the token range `except` name field `f` or a value of it: a word
/// read by meaning as a field the question names already is a guess ("survived and how many died").
pub fn names_field_elsewhere(q: &str, cat: &Catalog, f: usize, except: (usize, usize), hint: Option<Lang>) -> bool {
    let tokens = tokenize(q);
    let folds: Vec<String> = tokens.iter().map(|t| t.fold.clone()).collect();
    let lang = match detect(&folds, hint) {
        Detected::Supported(l) => l,
        Detected::Unsupported(_) => return false,
    };
    let tokens = if lang == Lang::De { super::compound::split(q, &tokens, cat) } else { tokens };
    tag(q, &tokens, lang, cat, &quoted_ranges(q)).iter().any(|s| {
        (s.start, s.end) != except
            && match &s.tag {
                Tag::Field(fs) => fs.contains(&f),
                Tag::Value(hs) => hs.iter().any(|h| h.field == f),
                _ => false,
            }
    })
}

/// A word of three or more letters the tagger could not place (not a number, date or stray token).
fn unknown_word(s: &Span) -> bool {
    s.tag == Tag::Unknown && content_word(&s.raw)
}

/// A word that carries meaning: three letters or more, or a short capitalised code ("GM", "DC").
pub(crate) fn content_word(raw: &str) -> bool {
    let n = raw.chars().count();
    // ("1990s", "B52": letters with digits say something too; dropped, they made wrong answers.)
    let code = raw.chars().any(|c| c.is_ascii_digit()) && raw.chars().any(char::is_alphabetic);
    code || (raw.chars().all(char::is_alphabetic) && (n > 2 || (n == 2 && raw.chars().all(char::is_uppercase))))
}

struct Parser<'a> {
    cat: &'a Catalog,
    spans: Vec<Span>,
    /// The shape of answer the words ask for.
    asked: Shape,
    target_override: Option<usize>,
    /// A field group answered with its default: the other members are offered with the answer.
    offer: Option<Clarification>,
}

/// What kind of condition: lookups need point conditions (one row), lists take any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A value that names one row ("Cesar A. Aguilar", "LAX", a date in a daily table).
    Identifying,
    /// A category value ("Female", "Compton").
    Category,
    /// field = number or date ("petal length of 6.9", "on 2014-07-04").
    Point,
    /// Ranges, text matches, years.
    Range,
}

/// A condition and where it was found (connectors between positions decide and/or).
struct At {
    pos: usize,
    end: usize,
    filter: Filter,
    /// A plain "field = value" (compare and lookup read these).
    eq_value: Option<(usize, String)>,
    kind: Kind,
}

enum Fail {
    Clarify(Clarification),
    Refuse(Refusal),
}

type R<T> = Result<T, Fail>;

impl Parser<'_> {
    /// Whether the question asks for a computation (a count, an aggregate, a ranking, a comparison,
    /// a number or date to filter by) or for a field of a row ("the elevation of LAX").
    fn computes(&self) -> bool {
        use Cue::*;
        self.spans.iter().any(|s| {
            matches!(s.tag, Tag::Number(_) | Tag::Date(_))
                || matches!(
                    s.cue(),
                    Some(
                        HowMany
                            | Distinct
                            | Most
                            | Least
                            | Top
                            | Bottom
                            | High
                            | Low
                            | Avg
                            | Sum
                            | Median
                            | Min
                            | Max
                            | Share
                            | Per
                            | More
                            | Op(_)
                            | OpPost(_)
                            | Between
                            | Of
                    )
                )
        })
    }

    /// The question asks for a number to be computed: an aggregate, count or ranking word, or a
    /// comparison with a number ("warmer than 15"). A date or a number alone is not enough
    /// ("Which days felt like winter?" is an open question).
    fn asks_computation(&self) -> bool {
        use Cue::*;
        let number = self.spans.iter().any(|s| matches!(s.tag, Tag::Number(_)));
        self.spans.iter().any(|s| match s.cue() {
            Some(HowMany | Distinct | Most | Least | Top | Bottom | Avg | Sum | Median | Min | Max | Share | Per) => true,
            Some(High | Low | More | Op(_) | OpPost(_) | Between) => number,
            _ => false,
        })
    }

    fn has(&self, c: Cue) -> bool {
        self.spans.iter().any(|s| s.cue() == Some(c))
    }
    fn pos(&self, c: Cue) -> Option<usize> {
        self.spans.iter().position(|s| s.cue() == Some(c))
    }
    fn next_content(&self, i: usize) -> Option<usize> {
        (i + 1..self.spans.len()).find(|&j| !matches!(self.spans[j].tag, Tag::Stop))
    }
    fn next_content_or_stop(&self, i: usize) -> Option<usize> {
        (i + 1 < self.spans.len()).then_some(i + 1)
    }
    fn prev_content(&self, i: usize) -> Option<usize> {
        (0..i).rev().find(|&j| !matches!(self.spans[j].tag, Tag::Stop))
    }
    fn field(&mut self, i: usize) -> R<Option<usize>> {
        match self.spans[i].tag.clone() {
            Tag::Field(fs) if fs.len() == 1 => Ok(Some(fs[0])),
            Tag::Field(fs) => Err(Fail::Clarify(Clarification {
                word: Some(self.spans[i].raw.clone()),
                options: fs.iter().map(|&f| self.cat.fields[f].name.clone()).collect(),
                default: None,
                span: Some((self.spans[i].start, self.spans[i].end)),
                missing: None,
            })),
            Tag::Group(g) => {
                let group = &self.cat.groups[g];
                let mut options: Vec<String> = group.members.iter().map(|&f| self.cat.fields[f].name.clone()).collect();
                let default = group.default.map(|d| self.cat.fields[d].name.clone());
                if let Some(d) = &default {
                    options.retain(|o| o != d);
                    options.insert(0, d.clone());
                }
                let c = Clarification {
                    word: Some(self.spans[i].raw.clone()),
                    options,
                    default,
                    span: Some((self.spans[i].start, self.spans[i].end)),
                    missing: None,
                };
                // A group with a default answers with it at once, and offers the others.
                match group.default {
                    Some(d) => {
                        self.offer = Some(c);
                        Ok(Some(d))
                    }
                    None => Err(Fail::Clarify(c)),
                }
            }
            _ => Ok(None),
        }
    }
    fn fref(&self, f: usize) -> FieldRef {
        FieldRef(self.cat.fields[f].name.clone())
    }
    fn is_numeric(&self, f: usize) -> bool {
        self.cat.fields[f].ty.is_numeric()
    }
    fn is_date(&self, f: usize) -> bool {
        matches!(self.cat.fields[f].ty, ColumnType::Date | ColumnType::Datetime)
    }

    /// "Quina edat…", "Which year…": a question word before a numeric field asks for a number.
    fn effective_shape(&self) -> Shape {
        if self.asked != Shape::Category {
            return self.asked;
        }
        let numeric_next = self.spans.iter().enumerate().any(|(i, s)| {
            // "Which year…" asks for a number; "Who discovered…" asks for a person, never a number.
            matches!(s.cue(), Some(Cue::Which | Cue::What))
                && self.next_content(i).is_some_and(
                    |j| matches!(&self.spans[j].tag, Tag::Field(fs) if fs.iter().all(|&f| self.is_numeric(f) || self.is_date(f))),
                )
        });
        if numeric_next {
            Shape::Open
        } else {
            self.asked
        }
    }

    fn run(&mut self) -> Understanding {
        let place = self.ordinal_place();
        let u = match self.interpret().map(|u| self.as_yes_no(u)) {
            Ok(u) => u,
            Err(Fail::Clarify(c)) => Understanding::Clarify(c),
            Err(Fail::Refuse(r)) => Understanding::Refuse(r),
        };
        match place {
            Some((i, k)) => self.at_place(u, i, k),
            None => u,
        }
    }

    /// "the second most senators", "die zweithöchsten Emissionen": an ordinal (2nd to 5th) right
    /// before a superlative, set aside while the superlative is read.
    fn ordinal_place(&mut self) -> Option<(usize, u32)> {
        let i = (0..self.spans.len()).find(|&i| {
            matches!(self.spans[i].tag, Tag::Unknown | Tag::Stop)
                && super::tagger::ordinal_value(&crate::query::text::fold(&self.spans[i].raw)).is_some_and(|k| k >= 2)
                && self.next_content(i).is_some_and(|j| {
                    matches!(self.spans[j].cue(), Some(Cue::High | Cue::Low | Cue::Most | Cue::Least | Cue::Max | Cue::Min))
                })
        })?;
        let k = super::tagger::ordinal_value(&crate::query::text::fold(&self.spans[i].raw))?;
        self.spans[i].tag = Tag::Stop;
        self.spans[i].used = true;
        Some((i, k))
    }

    /// The reading of the superlative, taken at place `k`; a reading that ranks nothing leaves
    /// the ordinal unplaced (and so not exact).
    fn at_place(&mut self, u: Understanding, i: usize, k: u32) -> Understanding {
        let Understanding::Exact { plan, confidence } = u else { return u };
        let inner = match plan {
            Plan::Rank { field, n: 1, desc, label, filter, values } => Plan::Rank { field, n: k + 1, desc, label, filter, values },
            Plan::GroupTop { func, field, by, n: 1, desc, filter } => Plan::GroupTop { func, field, by, n: k + 1, desc, filter },
            Plan::Aggregate { func: func @ (AggFn::Max | AggFn::Min), field, filter } => {
                Plan::Rank { field, n: k + 1, desc: func == AggFn::Max, label: None, filter, values: true }
            }
            Plan::Frequent { field, most, filter } => {
                Plan::GroupTop { func: AggFn::Count, field: None, by: field, n: k + 1, desc: most, filter }
            }
            plan => {
                self.spans[i].tag = Tag::Unknown;
                self.spans[i].used = false;
                return Understanding::Exact { plan, confidence };
            }
        };
        Understanding::Exact { plan: Plan::Nth { inner: Box::new(inner), k }, confidence }
    }
}

/// A parser over `q` tagged in English against a small CSV, for the stages' unit tests.
#[cfg(test)]
fn with_parser<T>(name: &str, csv: &str, q: &str, run: impl FnOnce(&mut Parser) -> T) -> T {
    let cat = crate::query::catalog::test_catalog(name, csv);
    let tokens = tokenize(q);
    let spans = tag(q, &tokens, Lang::En, &cat, &quoted_ranges(q));
    let numbers: Vec<Option<f64>> = tokens.iter().map(|t| super::text::parse_number(&t.raw)).collect();
    let asked = asked_shape(q, &tokens, Lang::En, &numbers);
    let mut p = Parser { cat: &cat, spans, target_override: None, offer: None, asked };
    run(&mut p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::catalog::test_catalog;

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
