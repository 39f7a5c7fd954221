//! Tagged question → an intent with slots (a `Plan`), a meta question, a question back, or a refusal.

use serde::{Deserialize, Serialize};

use super::catalog::{Catalog, ValueHit};
use super::lang::{detect, Cue, Detected, Lang};
use super::contract::{fits, plan_shape, unplaced};
use super::plan::{AggFn, ChartKind, CmpOp, CompareAsk, FieldRef, Filter, Literal, Measure, Plan, Predicate, Test};
use super::shape::{asked as asked_shape, Shape};
use super::tagger::{quoted_ranges, tag, Span, Tag};
use super::text::tokenize;
use crate::schema::ColumnType;

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

/// Why a question gets no number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    Empty,
    TooLong { chars: usize },
    Sql,
    Language { name: String },
    UnknownField {
        word: String,
        suggestions: Vec<String>,
        /// The word's token range, so a field found by meaning can stand in for it.
        #[serde(skip)]
        span: Option<(usize, usize)>,
    },
    UnknownValue { word: String, suggestions: Vec<String> },
    TypeMismatch { field: String, ty: String, wanted: String },
    Contradiction { field: String, detail: String },
    /// "How many quarters?" over a quarter-of-the-year column beside a year column: the 4 different
    /// values are not the number of quarters in the data; which is meant is asked back in words.
    PeriodOfYear { field: String, year: String },
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
    Exact { plan: Plan, confidence: f32 },
    Meta(MetaKind),
    Clarify(Clarification),
    Refuse(Refusal),
    /// Not an exact question (or not sure enough): retrieval answers it.
    Retrieve { confidence: f32 },
}

/// Choices the user made in a clarifying sub-conversation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overrides {
    /// Token span → field index (an ambiguous word resolved).
    pub spans: Vec<((usize, usize), usize)>,
    /// A field added as the question's target (a missing parameter supplied).
    pub target: Option<usize>,
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
        || (l.contains(';') && words.iter().any(|w| matches!(*w, "drop" | "delete" | "insert" | "update" | "select" | "alter" | "create" | "truncate" | "exec")))
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
    let refuse = |lang, r| Parsed { lang, understanding: Understanding::Refuse(r), score: 0.0, offer: None, computes: false, ignored: Vec::new(), asked: Shape::Open };
    if chars > MAX_QUESTION_CHARS {
        return Parsed { lang: hint.unwrap_or(Lang::En), understanding: Understanding::Refuse(Refusal::TooLong { chars }), score: 0.0, offer: None, computes: false, ignored: Vec::new(), asked: Shape::Open };
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
    let mut lang = lang;
    let mut spans = tag(q, &tokens, lang, cat, &quotes);
    for other in Lang::ALL {
        if other == lang {
            continue;
        }
        let alt = tag(q, &tokens, other, cat, &quotes);
        if unknown(&alt) < unknown(&spans) {
            spans = alt;
            lang = other;
        }
    }
    for ((s, e), f) in &ov.spans {
        if let Some(sp) = spans.iter_mut().find(|sp| sp.start == *s && sp.end == *e) {
            sp.tag = Tag::Field(vec![*f]);
        }
    }
    if std::env::var_os("TABLETALK_DEBUG_PARSE").is_some() {
        eprintln!("[{}] {:?}", lang.code(), spans.iter().map(|s| format!("{}={:?}", s.raw, s.tag)).collect::<Vec<_>>());
    }
    let numbers: Vec<Option<f64>> = tokens.iter().map(|t| super::text::parse_number(&t.raw)).collect();
    let asked = asked_shape(&tokens, lang, &numbers);
    let mut p = Parser { cat, spans, target_override: ov.target, offer: None, asked };
    let understanding = match p.run() {
        // The contract: an exact reading places every content word and answers in the shape asked.
        Understanding::Exact { plan, confidence } => {
            let words = unplaced(&p.spans, &plan, cat);
            let shape_ok = fits(p.effective_shape(), plan_shape(&plan, cat), &plan);
            if words.is_empty() && shape_ok {
                Understanding::Exact { plan, confidence }
            } else {
                p.breach(plan, words, shape_ok, lang)
            }
        }
        u => u,
    };
    let understanding = match understanding {
        // An open question ("Why is…?", "Which cars suit a family?") names no field because it asks
        // for none: with nothing to compute, it goes to retrieval rather than to a refusal.
        Understanding::Refuse(Refusal::UnknownField { .. } | Refusal::UnknownValue { .. }) if !p.computes() => Understanding::Retrieve { confidence: 0.3 },
        u => u,
    };
    let known = p.spans.iter().filter(|s| !matches!(s.tag, Tag::Unknown | Tag::Stop)).count() as f32;
    let unknown = p.spans.iter().filter(|s| matches!(s.tag, Tag::Unknown)).count() as f32;
    let matched = p.spans.iter().filter(|s| matches!(s.tag, Tag::Field(_) | Tag::Value(_) | Tag::Group(_) | Tag::Alias)).count() as f32;
    let computes = p.asks_computation();
    let ignored = p.spans.iter().filter(|s| unknown_word(s) && !s.used).map(|s| s.raw.clone()).collect();
    Parsed { lang, understanding, score: matched * 2.0 + known - unknown, offer: p.offer, computes, ignored, asked }
}

/// The one field named with two or more values ("China … India", "in 1952, 1977 and 2007"), its
/// values in the order named, and the other conditions; `None` unless exactly one field repeats.
fn compared_field(conds: &[At]) -> Option<(usize, Vec<String>, Vec<At>)> {
    let vals: Vec<&(usize, String)> = conds.iter().filter_map(|c| c.eq_value.as_ref()).collect();
    let repeated: Vec<usize> = vals.iter().map(|(f, _)| *f).filter(|f| vals.iter().filter(|(g, _)| g == f).count() >= 2).collect();
    let field = *repeated.first()?;
    if repeated.iter().any(|&g| g != field) {
        return None;
    }
    let values = vals.iter().filter(|(f, _)| *f == field).map(|(_, v)| v.clone()).collect();
    let rest = conds
        .iter()
        .filter(|c| c.eq_value.as_ref().is_none_or(|(f, _)| *f != field))
        .map(|a| At { pos: a.pos, end: a.end, filter: a.filter.clone(), eq_value: None, kind: a.kind })
        .collect();
    Some((field, values, rest))
}

/// A word of change over time: `Some(true)` for a rise ("grow", "stieg"), `Some(false)` for a fall
/// ("drop", "sank"); differences are asked with these too ("difference", "gap").
fn change_word(w: &str) -> Option<bool> {
    const UP: &[&str] = &[
        "grow", "grew", "grown", "growth", "up", "increase", "increased", "rise", "rose", "risen", "gain", "gained", "change", "changed", "difference", "gap", "climb", "climbed",
        "crecio", "crecer", "aumento", "aumentar", "aumentaron", "subio", "subir", "diferencia", "creixer", "augmentar", "augment", "pujar",
        "stieg", "steigen", "gestiegen", "wuchs", "gewachsen", "zunahme", "unterschied", "anstieg",
    ];
    const DOWN: &[&str] = &[
        "drop", "dropped", "down", "fall", "fell", "fallen", "decline", "declined", "decrease", "decreased", "shrink", "shrank", "shrunk",
        "cayo", "caer", "disminuyo", "disminuir", "bajo", "baixar", "caure", "sank", "gesunken", "fiel", "gefallen", "abnahme",
    ];
    if UP.contains(&w) {
        Some(true)
    } else if DOWN.contains(&w) {
        Some(false)
    } else {
        None
    }
}

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
    let filt = |f: &Option<Filter>| f.as_ref().map(|f| format!(" [{}]", super::execute::describe(cat, f, lang))).unwrap_or_default();
    match plan {
        Plan::Count { filter } => format!("{} {of} {rows}{}", func(AggFn::Count), filt(filter)),
        Plan::Columns => format!("{} {of} columns", func(AggFn::Count)),
        Plan::DistinctCount { field, filter } => format!("{} {of} “{}” (distinct){}", func(AggFn::Count), label(field), filt(filter)),
        Plan::DistinctValues { field, filter } | Plan::Frequent { field, filter, .. } => format!("“{}”{}", label(field), filt(filter)),
        Plan::Rank { field, filter, desc, .. } => format!("{} “{}”{}", func(if *desc { AggFn::Max } else { AggFn::Min }), label(field), filt(filter)),
        Plan::Aggregate { func: f, field, filter } => format!("{} {of} “{}”{}", func(*f), label(field), filt(filter)),
        Plan::Group { func: f, field, by, filter, .. } | Plan::GroupTop { func: f, field, by, filter, .. } => {
            let what = field.as_ref().map_or_else(|| rows.to_string(), |x| format!("{} {of} “{}”", func(*f), label(x)));
            format!("{what} {per} “{}”{}", label(by), filt(filter))
        }
        Plan::GroupWhere { func: f, field, by, op, value, filter } => {
            let what = field.as_ref().map_or_else(|| rows.to_string(), |x| format!("{} {of} “{}”", func(*f), label(x)));
            format!("“{}”: {what} {} {}{}", label(by), op.sql(), fmt_number(*value), filt(filter))
        }
        Plan::Share { filter, .. } => format!("% [{}]", super::execute::describe(cat, filter, lang)),
        Plan::Compare { field, values, .. } => format!("“{}”: {}", label(field), values.join(" / ")),
        Plan::Lookup { field, key } => format!("“{}” [{}]", label(field), super::execute::describe(cat, key, lang)),
        Plan::LookupFields { fields, key } => format!("{} [{}]", fields.iter().map(|f| format!("“{}”", label(f))).collect::<Vec<_>>().join(", "), super::execute::describe(cat, key, lang)),
        Plan::List { filter, .. } => format!("{rows}{}", filt(filter)),
        Plan::Distribution { field, .. } => format!("“{}”", label(field)),
        Plan::Scatter { x, y, .. } => format!("“{}” / “{}”", label(y), label(x)),
        Plan::Check { inner, .. } => summary(inner, cat, lang),
    }
}

/// A word of three or more letters the tagger could not place (not a number, date or stray token).
fn unknown_word(s: &Span) -> bool {
    s.tag == Tag::Unknown && content_word(&s.raw)
}

/// A word that carries meaning: three letters or more, or a short capitalised code ("GM", "DC").
pub(crate) fn content_word(raw: &str) -> bool {
    let n = raw.chars().count();
    raw.chars().all(char::is_alphabetic) && (n > 2 || (n == 2 && raw.chars().all(char::is_uppercase)))
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
                || matches!(s.cue(), Some(HowMany | Distinct | Most | Least | Top | Bottom | High | Low | Avg | Sum | Median | Min | Max | Share | Per | More | Op(_) | OpPost(_) | Between | Of))
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
                let c = Clarification { word: Some(self.spans[i].raw.clone()), options, default, span: Some((self.spans[i].start, self.spans[i].end)), missing: None };
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

    /// A reading that breaks the contract: retrieval for an open question, an unknown field when one
    /// word is all that is missing, else a refusal saying what was understood.
    fn breach(&self, plan: Plan, words: Vec<String>, shape_ok: bool, lang: Lang) -> Understanding {
        // One unknown word is all that is missing: a field by another name, read by meaning where
        // an embedder is loaded ("average mileage"), else a refusal naming it.
        let lone = self.spans.iter().enumerate().filter(|(_, s)| unknown_word(s) && !s.used).map(|(i, _)| i).collect::<Vec<_>>();
        if !self.computes() && self.asked != Shape::Boolean {
            Understanding::Retrieve { confidence: 0.3 }
        } else if let ([j], true, 1) = (lone.as_slice(), shape_ok, words.len()) {
            match self.unknown_field_at(*j) {
                Fail::Refuse(r) => Understanding::Refuse(r),
                Fail::Clarify(c) => Understanding::Clarify(c),
            }
        } else {
            Understanding::Refuse(Refusal::Unplaced { understood: summary(&plan, self.cat, lang), words, asked: (!shape_ok).then_some(self.asked) })
        }
    }

    /// "Quina edat…", "Which year…": a question word before a numeric field asks for a number.
    fn effective_shape(&self) -> Shape {
        if self.asked != Shape::Category {
            return self.asked;
        }
        let numeric_next = self.spans.iter().enumerate().any(|(i, s)| {
            // "Which year…" asks for a number; "Who discovered…" asks for a person, never a number.
            matches!(s.cue(), Some(Cue::Which | Cue::What))
                && self.next_content(i).is_some_and(|j| matches!(&self.spans[j].tag, Tag::Field(fs) if fs.iter().all(|&f| self.is_numeric(f) || self.is_date(f))))
        });
        if numeric_next { Shape::Open } else { self.asked }
    }

    fn run(&mut self) -> Understanding {
        match self.interpret().map(|u| self.as_yes_no(u)) {
            Ok(u) => u,
            Err(Fail::Clarify(c)) => Understanding::Clarify(c),
            Err(Fail::Refuse(r)) => Understanding::Refuse(r),
        }
    }

    /// A yes/no question wraps its reading: the comparison it asks about becomes the test
    /// ("Is the highest X negative?", "Is the most common day Saturday?", "more A than B?").
    fn as_yes_no(&mut self, u: Understanding) -> Understanding {
        if self.asked != Shape::Boolean {
            return u;
        }
        let Understanding::Exact { plan, confidence } = u else { return u };
        let sign = self.spans.iter().position(|s| s.tag == Tag::Unknown && sign_word(&super::text::fold(&s.raw)).is_some());
        let wrap = |inner: Plan, test: Test| Understanding::Exact { plan: Plan::Check { inner: Box::new(inner), test }, confidence };
        match plan {
            Plan::Aggregate { func, field, filter } => {
                if let Some(i) = sign {
                    self.spans[i].used = true;
                    let op = sign_word(&super::text::fold(&self.spans[i].raw)).expect("checked");
                    return wrap(Plan::Aggregate { func, field, filter }, Test::Cmp { op, value: 0.0 });
                }
                // "Is the average tip above 3?": the comparison on the aggregated field is the test.
                let (taken, rest) = take_cond(filter.clone(), |f, p| f == &field && matches!(p, Predicate::Cmp(_, Literal::Number(_))));
                match taken {
                    Some(Predicate::Cmp(op, Literal::Number(v))) => wrap(Plan::Aggregate { func, field, filter: rest }, Test::Cmp { op, value: v }),
                    _ => Understanding::Exact { plan: Plan::Aggregate { func, field, filter }, confidence },
                }
            }
            Plan::Count { filter: Some(f) } => wrap(Plan::Count { filter: Some(f) }, Test::Cmp { op: CmpOp::Gt, value: 0.0 }),
            Plan::Frequent { field, most, filter } => {
                let (taken, rest) = take_cond(filter.clone(), |f, p| f == &field && matches!(p, Predicate::Cmp(CmpOp::Eq, Literal::Text(_))));
                match taken {
                    Some(Predicate::Cmp(_, Literal::Text(v))) => wrap(Plan::Frequent { field, most, filter: rest }, Test::Is { value: v }),
                    _ => Understanding::Exact { plan: Plan::Frequent { field, most, filter }, confidence },
                }
            }
            Plan::Rank { field, n: 1, desc, label: Some(label), filter, values: false } => {
                let (taken, rest) = take_cond(filter.clone(), |f, p| f == &label && matches!(p, Predicate::Cmp(CmpOp::Eq, Literal::Text(_))));
                match taken {
                    Some(Predicate::Cmp(_, Literal::Text(v))) => wrap(Plan::Rank { field, n: 1, desc, label: Some(label), filter: rest, values: false }, Test::Is { value: v }),
                    _ => Understanding::Exact { plan: Plan::Rank { field, n: 1, desc, label: Some(label), filter, values: false }, confidence },
                }
            }
            Plan::GroupTop { func, field, by, n: 1, desc, filter } => {
                let (taken, rest) = take_cond(filter.clone(), |f, p| f == &by && matches!(p, Predicate::Cmp(CmpOp::Eq, Literal::Text(_))));
                match taken {
                    Some(Predicate::Cmp(_, Literal::Text(v))) => wrap(Plan::GroupTop { func, field, by, n: 1, desc, filter: rest }, Test::Is { value: v }),
                    _ => Understanding::Exact { plan: Plan::GroupTop { func, field, by, n: 1, desc, filter }, confidence },
                }
            }
            Plan::Compare { field, values, filter, measure, ask: CompareAsk::Which } if values.len() == 2 => {
                for s in self.spans.iter_mut() {
                    if s.tag == Tag::Unknown && matches!(super::text::fold(&s.raw).as_str(), "than" | "que" | "als") {
                        s.used = true;
                    }
                }
                let test = if self.has(Cue::Low) || self.has(Cue::Least) || self.has(Cue::Less) { Test::FirstFewer } else { Test::FirstMore };
                wrap(Plan::Compare { field, values, filter, measure, ask: CompareAsk::Which }, test)
            }
            Plan::DistinctValues { field, filter } if self.has(Cue::Distinct) => wrap(Plan::DistinctCount { field, filter }, Test::AllDistinct),
            plan => Understanding::Exact { plan, confidence },
        }
    }

    /// One field named with several values and a number asked of each: "Brazil's life expectancy
    /// in 1952, 1977 and 2007" (each, in order), "How much higher is X in Alaska than in Hawaii?",
    /// "By how much did it grow from 1935 to 1954?" (a difference), "Did it drop between …?".
    fn per_value(&mut self, conds: &[At], targets: &[usize]) -> R<Option<Understanding>> {
        let Some((field, mut values, rest)) = compared_field(conds) else { return Ok(None) };
        let change = self.spans.iter().position(|s| matches!(s.tag, Tag::Unknown | Tag::Stop) && change_word(&super::text::fold(&s.raw)).is_some());
        let comparative = self.has(Cue::More) || self.has(Cue::Less) || self.has(Cue::High) || self.has(Cue::Low);
        let ask = match (change, comparative, self.asked) {
            (Some(_), _, Shape::Number | Shape::Open | Shape::Boolean) if values.len() == 2 => CompareAsk::Difference,
            (None, true, Shape::Number) if values.len() == 2 => CompareAsk::Difference,
            // "Watts or Compton" counts the rows of either; "Manitoba, Saskatchewan and Alberta" each.
            (None, false, Shape::Number | Shape::Open | Shape::List { .. }) if !self.has(Cue::Or) => CompareAsk::Each,
            _ => return Ok(None),
        };
        let filter = self.combine(&rest)?;
        self.check_contradictions(filter.as_ref())?;
        let filtered: Vec<String> = filter.as_ref().map(|f| f.conds().iter().map(|(r, _, _)| r.0.clone()).collect()).unwrap_or_default();
        let measure = targets
            .iter()
            .copied()
            .find(|&f| self.is_numeric(f) && f != field && !filtered.contains(&self.cat.fields[f].name))
            .map(|f| Measure { func: self.agg_named().filter(|a| *a != AggFn::Count), field: self.fref(f) });
        // Counts of each value: "17, 18 und 19 Jahre"; two values joined by "and" ("Male and
        // Female") stay a contradiction asked back, unless "each" says so.
        let each_word = self.spans.iter().any(|s| super::text::fold(&s.raw).split_whitespace().any(|w| matches!(w, "each" | "respectively" | "cada" | "cadascun" | "jeweils" | "je")));
        if measure.is_none() && !(ask == CompareAsk::Each && self.has(Cue::HowMany) && (values.len() >= 3 || each_word)) {
            return Ok(None);
        }
        for s in self.spans.iter_mut() {
            let w = super::text::fold(&s.raw);
            if s.tag == Tag::Unknown && (change_word(&w).is_some() || matches!(w.as_str(), "than" | "que" | "als" | "from" | "to" | "de" | "a" | "von" | "bis" | "del" | "al")) {
                s.used = true;
            }
            // "By how much": not "per".
            if s.tag == Tag::Cue(Cue::Per) && w == "by" {
                s.tag = Tag::Stop;
            }
        }
        let than = self.spans.iter().any(|s| matches!(super::text::fold(&s.raw).as_str(), "than" | "que" | "als"));
        let falls = change.and_then(|i| change_word(&super::text::fold(&self.spans[i].raw))) == Some(false);
        let less = self.has(Cue::Less) || self.has(Cue::Low);
        // The difference is first minus second: "A than B" as named ("lower": B − A); a change
        // "from A to B" is B − A, a fall A − B (both positive when the words are true).
        if ask == CompareAsk::Difference && ((than && less) || (!than && !falls)) {
            values.reverse();
        }
        let plan = Plan::Compare { field: self.fref(field), values, filter, measure, ask };
        Ok(Some(match (self.asked, change) {
            // "Did life expectancy in Rwanda drop between 1987 and 1992?": the change's sign is the answer.
            (Shape::Boolean, Some(_)) => Understanding::Exact { plan: Plan::Check { inner: Box::new(plan), test: Test::Cmp { op: CmpOp::Gt, value: 0.0 } }, confidence: 0.9 },
            (Shape::Boolean, None) => return Ok(None),
            _ => self.exact(plan),
        }))
    }

    /// "Which grades have an average tumour size above 28?", "Which parties had exactly one
    /// senator?": the groups named after the question word whose aggregate (or number of rows,
    /// counted by the rows' noun) passes the comparison; other conditions filter the rows.
    fn group_where(&mut self) -> R<Option<Understanding>> {
        if !matches!(self.asked, Shape::List { .. } | Shape::Category) {
            return Ok(None);
        }
        let Some((w, g)) = self.spans.iter().enumerate().find_map(|(i, s)| match s.cue() {
            Some(Cue::Which | Cue::What | Cue::Who) => self.next_content(i).and_then(|j| match &self.spans[j].tag {
                Tag::Field(fs) if fs.len() == 1 && !self.is_numeric(fs[0]) && !self.is_date(fs[0]) && !self.identifies(fs[0]) => Some((i, j)),
                _ => None,
            }),
            _ => None,
        }) else {
            return Ok(None);
        };
        let Tag::Field(gf) = &self.spans[g].tag else { return Ok(None) };
        let by = gf[0];
        // The comparison: an operator and its number, or a bare number before the rows' noun ("exactly one senator").
        let Some(n_at) = (0..self.spans.len()).find(|&i| matches!(self.spans[i].tag, Tag::Number(_)) && !self.spans[i].used) else { return Ok(None) };
        let Tag::Number(value) = self.spans[n_at].tag else { return Ok(None) };
        let op_at = self.prev_content(n_at).filter(|&j| matches!(self.spans[j].cue(), Some(Cue::Op(_))));
        let op = match op_at.and_then(|j| self.spans[j].cue()) {
            Some(Cue::Op(op)) => op,
            _ => CmpOp::Eq,
        };
        let agg = self.agg_named().filter(|a| *a != AggFn::Count);
        let rows_noun = self.next_content(n_at).filter(|&j| self.spans[j].tag == Tag::Alias);
        let measure = self.spans.iter().enumerate().find_map(|(i, s)| match &s.tag {
            Tag::Field(fs) if i != g && fs.len() == 1 && self.is_numeric(fs[0]) && fs[0] != by => Some((i, fs[0])),
            _ => None,
        });
        let (func, field, used) = match (agg, measure, rows_noun) {
            (Some(a), Some((i, f)), _) if op_at.is_some() => (a, Some(f), vec![i]),
            (None, _, Some(j)) if measure.is_none() => (AggFn::Count, None, vec![j]),
            _ => return Ok(None),
        };
        for i in used.into_iter().chain([w, g, n_at]).chain(op_at) {
            self.spans[i].used = true;
        }
        let conds = self.conditions()?;
        let filter = self.combine(&conds)?;
        self.check_contradictions(filter.as_ref())?;
        Ok(Some(self.exact(Plan::GroupWhere { func, field: field.map(|f| self.fref(f)), by: self.fref(by), op, value, filter })))
    }

    /// The aggregate the words name first ("average", "total", "median", "lowest"…), if any.
    fn agg_named(&self) -> Option<AggFn> {
        [(Cue::Avg, AggFn::Avg), (Cue::Sum, AggFn::Sum), (Cue::Median, AggFn::Median), (Cue::Min, AggFn::Min), (Cue::Max, AggFn::Max)]
            .into_iter()
            .filter_map(|(c, a)| self.pos(c).map(|p| (p, a)))
            .min_by_key(|(p, _)| *p)
            .map(|(_, a)| a)
    }

    /// An unknown word right after a question word: something the table does not have.
    fn unknown_noun(&self) -> Option<usize> {
        self.spans.iter().position(unknown_word)
    }

    fn interpret(&mut self) -> R<Understanding> {
        let any_content = self.spans.iter().any(|s| matches!(s.tag, Tag::Field(_) | Tag::Value(_) | Tag::Group(_) | Tag::Number(_) | Tag::Date(_) | Tag::Quoted(_)));
        // Meta questions about the dataset itself.
        if self.has(Cue::Help) && !any_content {
            return Ok(Understanding::Meta(MetaKind::Capabilities));
        }
        // "the data" can also name a date column in Catalan ("data"): with a meta word it means the dataset.
        let dataset_word = |s: &Span| {
            let f = super::text::fold(&s.raw);
            Lang::ALL.iter().any(|&l| super::lang::lexicon(l).phrases.iter().any(|(p, c)| *c == Cue::Dataset && *p == f))
        };
        let meta_cue = [Cue::Title, Cue::DataDate, Cue::Source, Cue::Description].iter().any(|&c| self.has(c));
        let only_dataset_fields = meta_cue
            && self.spans.iter().all(|s| match &s.tag {
                Tag::Field(_) => dataset_word(s),
                Tag::Value(_) | Tag::Number(_) | Tag::Date(_) | Tag::Quoted(_) | Tag::Group(_) => false,
                _ => true,
            });
        if !any_content || only_dataset_fields || (self.has(Cue::Dataset) && !self.spans.iter().any(|s| matches!(s.tag, Tag::Field(_) | Tag::Value(_)))) {
            for (cue, kind) in [(Cue::Title, MetaKind::Title), (Cue::DataDate, MetaKind::Date), (Cue::Source, MetaKind::Source), (Cue::Description, MetaKind::Description)] {
                if self.has(cue) && !self.has(Cue::HowMany) {
                    return Ok(Understanding::Meta(kind));
                }
            }
        }
        if self.has(Cue::Columns) && self.has(Cue::HowMany) && !self.spans.iter().any(|s| matches!(s.tag, Tag::Value(_))) {
            return Ok(self.exact(Plan::Columns));
        }
        // "How many roses…", "Wie viele Passagiere…": counting something the table does not hold.
        if let Some(h) = self.pos(Cue::HowMany) {
            if let Some(j) = self.next_content(h) {
                if matches!(self.spans[j].tag, Tag::Unknown) && self.spans[j].raw.chars().all(char::is_alphabetic) {
                    return Err(self.unknown_field_at(j));
                }
            }
        }
        if let Some(u) = self.group_where()? {
            return Ok(u);
        }
        // "the average profit per line", "Durchschnitt pro Zeile": an average is already one per row.
        if self.has(Cue::Avg) {
            for i in 0..self.spans.len() {
                if self.spans[i].cue() != Some(Cue::Per) || self.spans[i].used {
                    continue;
                }
                if let Some(j) = self.next_content(i).filter(|&j| matches!(self.spans[j].tag, Tag::Unknown | Tag::Cue(Cue::Rows)) && super::lang::is_row_word(&super::text::fold(&self.spans[j].raw))) {
                    self.spans[i].used = true;
                    self.spans[j].used = true;
                }
            }
        }
        let conds = self.conditions()?;
        let by = self.group_by()?;
        let targets = self.targets()?;
        if let Some(u) = self.per_value(&conds, &targets)? {
            return Ok(u);
        }
        let filter = self.combine(&conds)?;
        self.check_contradictions(filter.as_ref())?;
        let numeric_targets: Vec<usize> = targets.iter().copied().filter(|&f| self.is_numeric(f)).collect();
        let mut agg = [(Cue::Avg, AggFn::Avg), (Cue::Sum, AggFn::Sum), (Cue::Median, AggFn::Median), (Cue::Min, AggFn::Min), (Cue::Max, AggFn::Max)]
            .into_iter()
            .filter_map(|(c, a)| self.pos(c).map(|p| (p, a)))
            .min_by_key(|(p, _)| *p)
            .map(|(_, a)| a);
        if agg == Some(AggFn::Sum) && self.has(Cue::HowMany) && numeric_targets.is_empty() {
            agg = None; // "how many … in total"
        }
        // "construction employment" in us-employment.csv: the file's noun right after a field the
        // question typed is that field's head noun ("the employment in construction"), not the rows.
        let alias = self.spans.iter().enumerate().any(|(i, s)| s.tag == Tag::Alias && !(i > 0 && matches!(&self.spans[i - 1].tag, Tag::Field(_)) && !self.spans[i - 1].raw.is_empty()));
        let who = self.has(Cue::Who) || self.has(Cue::Which) || self.has(Cue::List);
        let high = self.has(Cue::High) || self.has(Cue::Top);
        let low = self.has(Cue::Low) || self.has(Cue::Bottom);
        let n = self.rank_n();
        // "which car", "qué coche": a question word right before a row alias asks for rows.
        let which_alias = self.spans.iter().enumerate().any(|(i, s)| {
            matches!(s.cue(), Some(Cue::Which | Cue::What)) && self.next_content(i).is_some_and(|j| self.spans[j].tag == Tag::Alias)
        });

        // Share of rows.
        if self.has(Cue::Share) {
            let base = self.share_base(&conds);
            let Some(f) = filter.clone() else {
                return Err(self.missing_value());
            };
            let (f, base) = match base {
                Some((i, b)) => (self.combine_without(&conds, i)?.unwrap_or(f), Some(b)),
                None => (f, None),
            };
            return Ok(self.exact(Plan::Share { filter: f, base }));
        }
        // "Are there more women or men?", "Was China more populous than India in 2007?": the one
        // field named with two values is compared (by rows, or by the number asked about); the
        // other conditions filter.
        if (self.has(Cue::More) || self.has(Cue::High) || (self.asked == Shape::Boolean && (self.has(Cue::Low) || self.has(Cue::Least) || self.has(Cue::Less)))) && (self.has(Cue::Or) || self.asked == Shape::Boolean) {
            if let Some((field, values, rest)) = compared_field(&conds) {
                let filter = self.combine(&rest)?;
                let filtered: Vec<String> = filter.as_ref().map(|f| f.conds().iter().map(|(r, _, _)| r.0.clone()).collect()).unwrap_or_default();
                let measure = numeric_targets
                    .iter()
                    .copied()
                    .find(|&f| f != field && !filtered.contains(&self.cat.fields[f].name))
                    .map(|f| Measure { func: agg.filter(|a| *a != AggFn::Count), field: self.fref(f) });
                return Ok(self.exact(Plan::Compare { field: self.fref(field), values, filter, measure, ask: CompareAsk::Which }));
            }
        }
        if self.has(Cue::Versus) && numeric_targets.len() >= 2 {
            return Ok(self.exact(Plan::Scatter { x: self.fref(numeric_targets[0]), y: self.fref(numeric_targets[1]), label: self.cat.label.map(|l| self.fref(l)), filter }));
        }
        if self.has(Cue::Distribution) {
            let Some(&f) = numeric_targets.first() else { return Err(self.missing(Some(true))) };
            return Ok(self.exact(Plan::Distribution { field: self.fref(f), filter }));
        }
        // "number of marriages and divorces in 1980", "the high and low on July 4th": fields listed
        // together, of the one row the conditions name (a value or date that identifies a row, or
        // a year in a table with one row per year).
        if agg.is_none() || (agg == Some(AggFn::Sum) && self.has(Cue::HowMany)) {
            let names_one_row = !conds.is_empty()
                && !matches!(filter, Some(Filter::Or(_)))
                && conds.iter().all(|c| c.kind == Kind::Identifying || c.eq_value.as_ref().is_some_and(|(f, _)| self.identifies(*f)))
                && conds.iter().any(|c| c.kind == Kind::Identifying || c.eq_value.as_ref().is_some_and(|(f, _)| self.identifies(*f)));
            if let (true, false, Some(fields), Some(key)) = (names_one_row, high || low || self.has(Cue::Most) || self.has(Cue::Least), self.listed_fields(&targets), filter.clone()) {
                return Ok(self.exact(Plan::LookupFields { fields: fields.into_iter().map(|f| self.fref(f)).collect(), key }));
            }
        }
        // Grouped aggregates: "average horsepower per origin".
        if let Some(by) = by {
            if !(high || low) || agg.is_some() || self.has(Cue::HowMany) {
                let func = agg.unwrap_or(AggFn::Count);
                let field = match func {
                    AggFn::Count => None,
                    _ => match numeric_targets.iter().find(|&&f| f != by) {
                        Some(&f) => Some(self.fref(f)),
                        None => return Err(self.unknown_field_or_missing(Some(true))),
                    },
                };
                let chart = if self.is_date(by) || self.cat.fields[by].yearly { ChartKind::Line } else { ChartKind::Bar };
                return Ok(self.exact(Plan::Group { func, field, by: self.fref(by), filter, chart }));
            }
        }
        // "Which origin has the highest average mpg?": the groups ranked by an aggregate, named by the group.
        if let (Some(func), true) = (agg, high || low) {
            // "Which 3 cities have the lowest total profit?": a number between names how many.
            let past_n = |j: usize| if matches!(self.spans[j].tag, Tag::Number(_)) { self.next_content(j) } else { Some(j) };
            let group_word = self.spans.iter().enumerate().find_map(|(i, s)| match s.cue() {
                Some(Cue::Which | Cue::What | Cue::Who) => self.next_content(i).and_then(past_n).and_then(|j| match &self.spans[j].tag {
                    Tag::Field(fs) if fs.len() == 1 && !self.is_numeric(fs[0]) && !self.identifies(fs[0]) => Some(fs[0]),
                    _ => None,
                }),
                _ => None,
            });
            // "Top 3 firms by average investment": a text field named with the aggregate is the group.
            let group_word = group_word.or_else(|| targets.iter().copied().find(|&g| !self.is_numeric(g) && !self.is_date(g) && !self.identifies(g) && self.cat.fields[g].categorical));
            if let Some(g) = group_word {
                if let Some(&f) = numeric_targets.iter().find(|&&f| f != g) {
                    let desc = match (self.spans.iter().position(|s| matches!(s.cue(), Some(Cue::High | Cue::Top))), self.spans.iter().position(|s| matches!(s.cue(), Some(Cue::Low | Cue::Bottom)))) {
                        (Some(h), Some(l)) => h < l,
                        (h, _) => h.is_some(),
                    };
                    return Ok(self.exact(Plan::GroupTop { func, field: Some(self.fref(f)), by: self.fref(g), n: n.unwrap_or(1), desc, filter }));
                }
            }
        }
        // "the city with the most airports": a superlative before the row alias counts rows per value.
        let most_rows = self.spans.iter().enumerate().find_map(|(i, s)| match s.cue() {
            // …but "the highest fertility rate" in a file called fertility ranks a measure.
            Some(c @ (Cue::High | Cue::Low))
                if self.next_content(i).is_some_and(|j| self.spans[j].tag == Tag::Alias && !self.spans.get(j + 1).is_some_and(|n| super::tagger::is_measure_noun(&super::text::fold(&n.raw)))) =>
            {
                Some(c == Cue::High)
            }
            _ => None,
        });
        // …and "Which source generated the most electricity?" names the measure ranked.
        if let Some(most) = most_rows.filter(|_| numeric_targets.iter().all(|&f| self.cat.fields[f].categorical)) {
            if let Some(&f) = targets.iter().find(|&&f| !self.is_numeric(f) || self.cat.fields[f].categorical) {
                return Ok(self.exact(self.frequent(f, most, filter)));
            }
        }
        // Rankings: "the three cars with the highest horsepower", "top 5 by weight".
        // "the years of its three highest emissions": the field after the superlative is ranked.
        let after_superlative = self.spans.iter().enumerate().find_map(|(i, s)| match s.cue() {
            Some(Cue::High | Cue::Low | Cue::Top | Cue::Bottom) => {
                let j = self.next_content(i)?;
                let j = if matches!(self.spans[j].tag, Tag::Number(_)) { self.next_content(j)? } else { j };
                match &self.spans[j].tag {
                    Tag::Field(fs) if fs.len() == 1 && numeric_targets.contains(&fs[0]) => Some(fs[0]),
                    _ => None,
                }
            }
            _ => None,
        });
        let rank_field = after_superlative
            .or(numeric_targets.first().copied())
            .or(by.filter(|&b| self.is_numeric(b) || self.is_date(b)))
            .or_else(|| targets.iter().copied().find(|&f| self.is_date(f)));
        // "Which city has the highest population?": the rows ranked, each named by the field asked for.
        // "In which years … its three highest emissions": a number field asked for names the ranked rows too.
        let which_field = self.spans.iter().enumerate().find_map(|(i, s)| match s.cue() {
            Some(Cue::Which | Cue::What | Cue::Who) => self.next_content(i).and_then(|j| match &self.spans[j].tag {
                Tag::Field(fs) if fs.len() == 1 && !self.is_numeric(fs[0]) && !self.is_date(fs[0]) => Some(fs[0]),
                Tag::Field(fs) if fs.len() == 1 && after_superlative.is_some_and(|r| r != fs[0]) => Some(fs[0]),
                _ => None,
            }),
            _ => None,
        });
        let extreme = matches!(agg, Some(AggFn::Max | AggFn::Min));
        let ranking = self.has(Cue::Top)
            || self.has(Cue::Bottom)
            || ((high || low) && agg.is_none() && (alias || self.label_named(&targets) || self.has(Cue::Who) || n.is_some() || (which_field.is_some() && !numeric_targets.is_empty())))
            || (extreme && (which_alias || self.has(Cue::Who) || n.is_some()));
        if ranking && !self.has(Cue::Most) && !self.has(Cue::Least) {
            let desc = !(self.has(Cue::Bottom) || (low && !self.has(Cue::Top)) || (agg == Some(AggFn::Min) && !high));
            let Some(field) = rank_field else {
                if let Some(&c) = targets.iter().find(|&&f| self.cat.fields[f].categorical) {
                    return Ok(self.exact(self.frequent(c, desc, filter)));
                }
                return Err(self.unknown_field_or_missing(Some(true)));
            };
            // "Which source generated the most electricity?", "Which team scored the most points?":
            // "most" of a measure, asked of a category whose values repeat, is the groups' total.
            let said_most = self.spans.iter().any(|s| s.cue() == Some(Cue::High) && matches!(super::text::fold(&s.raw).as_str(), "most" | "the most" | "meisten" | "am meisten" | "mas" | "mes"));
            if let Some(g) = which_field.filter(|&g| said_most && g != field && self.cat.fields[g].categorical && !self.identifies(g) && self.is_numeric(field) && !self.cat.fields[field].yearly) {
                return Ok(self.exact(Plan::GroupTop { func: AggFn::Sum, field: Some(self.fref(field)), by: self.fref(g), n: n.unwrap_or(1), desc, filter }));
            }
            // "the 3 states with…", "Top 5 countries by…": a text field the question names labels the rows.
            let named = targets.iter().copied().find(|&t| t != field && !self.is_numeric(t));
            let label = which_field.or(named).or(self.cat.label).filter(|&l| l != field).map(|l| self.fref(l));
            // Nothing names the rows ("the three highest poverty rates"): the answer is the values.
            // "the populations of the 3 biggest countries": the ranked field named first is what is asked.
            let first_field = self.spans.iter().find_map(|s| match &s.tag {
                Tag::Field(fs) if !s.raw.is_empty() => Some(fs.clone()),
                _ => None,
            });
            // "Which month…", "Qué mes…", "Who…": a question word before a name-like word asks for names.
            let asks_names = self.has(Cue::Who)
                || self.spans.iter().enumerate().any(|(i, s)| {
                    let after_n = self.next_content(i).and_then(|j| if matches!(self.spans[j].tag, Tag::Number(_)) { self.next_content(j) } else { Some(j) });
                    matches!(s.cue(), Some(Cue::Which | Cue::What))
                        && after_n.is_some_and(|j| match &self.spans[j].tag {
                            Tag::Field(fs) => fs.iter().all(|&f| !self.is_numeric(f)),
                            Tag::Alias | Tag::Unknown => true,
                            _ => false,
                        })
                });
            let field_first = first_field.is_some_and(|fs| fs.contains(&field));
            // "the three longest terms, in days": the ranked field named as a unit asks for its numbers.
            let in_unit = self.spans.iter().enumerate().any(|(i, s)| {
                s.cue() == Some(Cue::In)
                    && self.next_content(i).is_some_and(|j| {
                        let next = &self.spans[j];
                        matches!(&next.tag, Tag::Field(fs) if fs.contains(&field)) && super::lang::is_unit_word(&super::text::fold(&next.raw))
                    })
            });
            // "top 3 densest elements": the rows' own noun after the ranked field asks for their names.
            let rows_after = self.spans.iter().position(|s| matches!(&s.tag, Tag::Field(fs) if fs.contains(&field))).is_some_and(|p| self.spans[p + 1..].iter().any(|s| s.tag == Tag::Alias));
            // "the 3 coldest days by overnight low": the rows' noun right after the superlative asks for them.
            let rows_ranked = self.spans.iter().enumerate().any(|(i, s)| {
                matches!(s.cue(), Some(Cue::High | Cue::Low | Cue::Top | Cue::Bottom)) && self.next_content(i).is_some_and(|j| self.spans[j].tag == Tag::Alias)
            });
            let values = in_unit || !asks_names && !((rows_after || rows_ranked) && label.is_some()) && (field_first || (which_field.is_none() && named.is_none() && !self.has(Cue::Which) && !alias));
            // "top 3 areas by council tax": one unknown word between "top N" and "by" (or the ranked
            // field) is what the rows are called; it names nothing that could filter them, and asks
            // for their names.
            let mut values = values;
            if label.is_some() {
                for i in 2..self.spans.len() {
                    let next = self.spans.get(i + 1).map(|s| &s.tag);
                    if self.spans[i].tag == Tag::Unknown
                        && matches!(self.spans[i - 1].tag, Tag::Number(_))
                        && matches!(self.spans[i - 2].cue(), Some(Cue::Top | Cue::Bottom))
                        && matches!(next, Some(Tag::Cue(Cue::Per)) | Some(Tag::Field(_)) | None)
                    {
                        self.spans[i].used = true;
                        values = false;
                    }
                }
            }
            return Ok(self.exact(Plan::Rank { field: self.fref(field), n: n.unwrap_or(1), desc, label, filter, values }));
        }
        // "Is the average age over 30?": the comparison names the aggregated field and is the test.
        if let (Some(func), Shape::Boolean, true) = (agg, self.asked, numeric_targets.is_empty()) {
            let (taken, rest) = take_cond(filter.clone(), |f, p| self.cat.field(&f.0).is_some_and(|i| self.is_numeric(i)) && matches!(p, Predicate::Cmp(_, Literal::Number(_))));
            if let Some(Predicate::Cmp(op, Literal::Number(v))) = taken {
                let Some(Filter::Cond { field, .. }) = conds.iter().map(|c| &c.filter).find(|f| matches!(f, Filter::Cond { pred: Predicate::Cmp(o, Literal::Number(x)), .. } if *o == op && *x == v)) else {
                    return Err(self.missing(Some(true)));
                };
                return Ok(self.exact(Plan::Check { inner: Box::new(Plan::Aggregate { func, field: field.clone(), filter: rest }), test: Test::Cmp { op, value: v } }));
            }
        }
        // "Is anyone older than 45?", "Are there cars with 8 cylinders?": whether any row matches.
        if self.asked == Shape::Boolean && agg.is_none() && targets.is_empty() && !(high || low) && !self.has(Cue::Most) && !self.has(Cue::Least) && !self.has(Cue::More) {
            if let Some(f) = filter.clone() {
                return Ok(self.exact(Plan::Check { inner: Box::new(Plan::Count { filter: Some(f) }), test: Test::Cmp { op: CmpOp::Gt, value: 0.0 } }));
            }
        }
        if let Some(func) = agg {
            let date_ok = matches!(func, AggFn::Min | AggFn::Max);
            let Some(&field) = numeric_targets.first().or(targets.iter().find(|&&f| date_ok && self.is_date(f))) else {
                if let Some(&t) = targets.first() {
                    return Err(Fail::Refuse(Refusal::TypeMismatch { field: self.cat.fields[t].name.clone(), ty: self.cat.fields[t].ty.as_str().into(), wanted: "number".into() }));
                }
                return Err(self.unknown_field_or_missing(Some(true)));
            };
            return Ok(self.exact(Plan::Aggregate { func, field: self.fref(field), filter }));
        }
        // Lookups: one field of the row a value or a point condition names.
        let identifying = conds.iter().any(|c| c.kind == Kind::Identifying);
        // "Chile in 2007": a name a panel repeats (not a category) and a year together name one row.
        let panel_name = |c: &At| c.kind == Kind::Category && c.eq_value.as_ref().is_some_and(|(f, _)| !self.cat.fields[*f].categorical);
        let year_point = |c: &At| c.kind == Kind::Range && c.eq_value.as_ref().is_some_and(|(f, _)| self.cat.fields[*f].yearly);
        let panel_point = conds.iter().any(panel_name) && conds.iter().any(year_point);
        // "the first quarter of 2000": a point and a year name one row of a series.
        let series_point = conds.iter().any(|c| c.kind == Kind::Point) && conds.iter().any(year_point);
        let points = !conds.is_empty()
            && conds.iter().all(|c| matches!(c.kind, Kind::Identifying | Kind::Point) || ((panel_point || series_point) && (panel_name(c) || year_point(c))))
            && !matches!(filter, Some(Filter::Or(_)));
        // "Which origin do the 5-cylinder cars have?" lists values; "What is the species of the flower
        // with petal length 6.9?" looks one up.
        let lookup = identifying || (points && (self.has(Cue::What) || !self.has(Cue::Which)) && !self.has(Cue::HowMany));
        if lookup && !self.has(Cue::Distinct) {
            // "How old was …?" asks for an age where the table has one; otherwise, like "when", a date.
            let age_asked = self.spans.iter().any(|s| s.cue() == Some(Cue::DataDate) && matches!(super::text::fold(&s.raw).as_str(), "how old" | "wie alt"));
            let age = || self.unique(|f| self.is_numeric(f) && self.cat.fields[f].names.iter().any(|n| n.iter().any(|w| matches!(w.as_str(), "age" | "edad" | "edat" | "alter"))));
            let target = targets
                .first()
                .copied()
                .or_else(|| age_asked.then(age).flatten())
                .or_else(|| (self.has(Cue::DataDate)).then(|| self.unique(|f| self.is_date(f))).flatten());
            if let (Some(t), Some(key)) = (target, filter.clone()) {
                if !(alias && self.has(Cue::HowMany) && !self.is_numeric(t)) {
                    return Ok(self.exact(Plan::Lookup { field: self.fref(t), key }));
                }
            }
            if target.is_none() && !self.has(Cue::HowMany) {
                if let Some(j) = self.unknown_noun() {
                    return Err(self.unknown_field_at(j));
                }
                if identifying {
                    return Ok(Understanding::Exact { plan: Plan::List { filter, label: None }, confidence: self.confidence() * 0.9 });
                }
            }
        }
        if self.has(Cue::Most) || self.has(Cue::Least) || ((high || low) && !targets.is_empty()) {
            let most = self.has(Cue::Most) || (!self.has(Cue::Least) && high);
            if let Some(&f) = targets.iter().find(|&&f| !self.is_numeric(f) || self.cat.fields[f].categorical).or(targets.first()) {
                if self.has(Cue::Most) || self.has(Cue::Least) || !self.is_numeric(f) || self.cat.fields[f].categorical {
                    // "the 4 most common …": that many values, by their number of rows.
                    if let Some(k) = n.filter(|&k| k >= 2) {
                        return Ok(self.exact(Plan::GroupTop { func: AggFn::Count, field: None, by: self.fref(f), n: k, desc: most, filter }));
                    }
                    return Ok(self.exact(self.frequent(f, most, filter)));
                }
                let func = if most { AggFn::Max } else { AggFn::Min };
                return Ok(self.exact(Plan::Aggregate { func, field: self.fref(f), filter }));
            }
            return Err(self.unknown_field_or_missing(None));
        }
        if self.has(Cue::HowMany) {
            if self.has(Cue::Distinct) || (!alias && !targets.is_empty() && !self.has(Cue::Rows)) {
                if let Some(&f) = targets.first() {
                    if let (false, Some(y)) = (self.has(Cue::Distinct), self.period_of_year(f)) {
                        return Err(Fail::Refuse(Refusal::PeriodOfYear { field: self.cat.fields[f].name.clone(), year: self.cat.fields[y].name.clone() }));
                    }
                }
                // "How many passengers in 1960?" over a measure adds it up; "how many cities" counts names.
                if let Some(&f) = targets.first().filter(|&&f| !self.has(Cue::Distinct) && self.is_numeric(f) && !self.cat.fields[f].categorical && !self.cat.fields[f].yearly && !self.identifies(f)) {
                    return Ok(self.exact(Plan::Aggregate { func: AggFn::Sum, field: self.fref(f), filter }));
                }
                if let Some(&f) = targets.first() {
                    return Ok(self.exact(Plan::DistinctCount { field: self.fref(f), filter }));
                }
                if self.has(Cue::Distinct) {
                    return Err(self.unknown_field_or_missing(Some(false)));
                }
            }
            if filter.is_none() {
                if let Some(r) = self.unknown_value() {
                    return Err(Fail::Refuse(r));
                }
            }
            return Ok(self.exact(Plan::Count { filter }));
        }
        if (self.has(Cue::Distinct) || self.has(Cue::Values)) && !targets.is_empty() {
            return Ok(self.exact(Plan::DistinctValues { field: self.fref(targets[0]), filter }));
        }
        // "What is the latest year in the data?": an order word over the one year or date asked for is its end.
        if let (None, true, [t]) = (&filter, who || self.has(Cue::What), targets.as_slice()) {
            if let Some(func) = self.order_end(*t) {
                return Ok(self.exact(Plan::Aggregate { func, field: self.fref(*t), filter }));
            }
        }
        if filter.is_some() && (who || self.has(Cue::What) || alias) {
            // "Which cars weigh more than 4900 lbs": a field the filter already uses is not what is asked.
            let in_filter: Vec<String> = filter.as_ref().map(|f| f.conds().into_iter().map(|(fr, _, _)| fr.0.clone()).collect()).unwrap_or_default();
            let target = targets.iter().copied().find(|&t| Some(t) != self.cat.label && !in_filter.contains(&self.cat.fields[t].name));
            if let Some(t) = target {
                // "In what year did the population first exceed 200 million?": the earliest such year.
                if let Some(func) = self.order_end(t) {
                    return Ok(self.exact(Plan::Aggregate { func, field: self.fref(t), filter }));
                }
                if self.has(Cue::List) && !self.has(Cue::Which) {
                    return Ok(self.exact(Plan::List { filter, label: Some(self.fref(t)) }));
                }
                return Ok(self.exact(Plan::DistinctValues { field: self.fref(t), filter }));
            }
            if self.cat.label.is_none() && !who {
                if let Some(j) = self.unknown_noun() {
                    return Err(self.unknown_field_at(j));
                }
            }
            return Ok(self.exact(Plan::List { filter, label: self.cat.label.map(|l| self.fref(l)) }));
        }
        if (who || self.has(Cue::What)) && targets.len() == 1 && (self.cat.fields[targets[0]].categorical || self.has(Cue::Which)) {
            return Ok(self.exact(Plan::DistinctValues { field: self.fref(targets[0]), filter }));
        }
        if let Some(r) = self.unknown_value() {
            if who || self.has(Cue::What) {
                return Err(Fail::Refuse(r));
            }
        }
        if (who || self.has(Cue::What)) && targets.is_empty() {
            if let Some(j) = self.unknown_noun() {
                return Err(self.unknown_field_at(j));
            }
        }
        Ok(Understanding::Retrieve { confidence: 0.3 })
    }

    fn exact(&self, plan: Plan) -> Understanding {
        Understanding::Exact { plan, confidence: self.confidence() }
    }

    fn confidence(&self) -> f32 {
        let unknown = self.spans.iter().filter(|s| matches!(s.tag, Tag::Unknown)).count() as f32;
        (0.95 - 0.12 * unknown).max(0.1)
    }

    /// Two or more fields named one after another, with nothing between them but "and", stop words
    /// and words already read ("high and low", "1970, 1980 and 1990"), in the order named.
    fn listed_fields(&self, targets: &[usize]) -> Option<Vec<usize>> {
        if targets.len() < 2 {
            return None;
        }
        let at: Vec<usize> = targets.iter().map(|&t| self.spans.iter().position(|s| !s.used && matches!(&s.tag, Tag::Field(fs) if fs.as_slice() == [t]))).collect::<Option<_>>()?;
        let mut order: Vec<(usize, usize)> = at.into_iter().zip(targets.iter().copied()).collect();
        order.sort();
        let joined = order.windows(2).all(|w| {
            self.spans[w[0].0 + 1..w[1].0].iter().all(|s| s.used || matches!(s.tag, Tag::Stop | Tag::Cue(Cue::And | Cue::In | Cue::Of)))
        });
        let and = self.spans[order[0].0..=order.last()?.0].iter().any(|s| s.cue() == Some(Cue::And));
        (joined && and).then(|| order.into_iter().map(|(_, f)| f).collect())
    }

    /// "first"/"last" (unplaced so far) over a year or date field: its Min or Max; marks the word used.
    fn order_end(&mut self, t: usize) -> Option<AggFn> {
        if !(self.is_numeric(t) && self.cat.fields[t].yearly || self.is_date(t)) {
            return None;
        }
        let (i, first) = self.spans.iter().enumerate().find_map(|(i, s)| (s.tag == Tag::Unknown && !s.used).then(|| super::tagger::order_word(&super::text::fold(&s.raw)).map(|f| (i, f))).flatten())?;
        self.spans[i].used = true;
        Some(if first { AggFn::Min } else { AggFn::Max })
    }

    /// "the most frequent strength": rows per value, or, in a table of counts (a column named
    /// frequency, count, n…), the values' summed counts.
    fn frequent(&self, f: usize, most: bool, filter: Option<Filter>) -> Plan {
        const COUNTS: &[&str] = &["frequency", "freq", "count", "counts", "n", "cases", "number", "anzahl", "haufigkeit", "frecuencia", "frequencia", "recuento", "nombre"];
        let counts = self.unique(|g| g != f && self.is_numeric(g) && !self.cat.fields[g].yearly && matches!(super::text::name_words(&self.cat.fields[g].name).as_slice(), [w] if COUNTS.contains(&w.as_str())));
        match counts {
            Some(c) => Plan::GroupTop { func: AggFn::Sum, field: Some(self.fref(c)), by: self.fref(f), n: 1, desc: most, filter },
            None => Plan::Frequent { field: self.fref(f), most, filter },
        }
    }

    /// The year field beside `f` when `f` is a position within the year (quarter, month, week).
    fn period_of_year(&self, f: usize) -> Option<usize> {
        const PERIODS: &[&str] = &["quarter", "qtr", "month", "week", "trimestre", "mes", "quartal", "monat", "woche", "setmana", "semana"];
        let field = &self.cat.fields[f];
        if !field.names.iter().any(|n| n.iter().any(|w| PERIODS.iter().any(|p| super::text::same_word(w, p)))) {
            return None;
        }
        self.unique(|g| g != f && self.cat.fields[g].yearly)
    }

    /// A field that names rows (lookups answer from one row): the label, an identifier, a composed
    /// name, or any column whose values are all different.
    fn identifies(&self, f: usize) -> bool {
        let fi = &self.cat.fields[f];
        Some(f) == self.cat.label || fi.ty == ColumnType::Identifier || fi.composed.is_some() || (fi.distinct == self.cat.rows && self.cat.rows > 1)
    }

    fn label_named(&self, targets: &[usize]) -> bool {
        self.cat.label.is_some_and(|l| targets.contains(&l))
    }

    fn rank_n(&self) -> Option<u32> {
        for (i, s) in self.spans.iter().enumerate() {
            if let Tag::Number(n) = s.tag {
                if s.used || n.fract() != 0.0 || !(1.0..=1000.0).contains(&n) {
                    continue;
                }
                let before = self.prev_content(i).and_then(|j| self.spans[j].cue());
                let after = self.next_content(i).map(|j| &self.spans[j].tag);
                let near_rank = matches!(before, Some(Cue::Top | Cue::Bottom | Cue::Which | Cue::Who | Cue::List | Cue::What))
                    || matches!(after, Some(Tag::Cue(Cue::High | Cue::Low | Cue::Max | Cue::Min | Cue::Most | Cue::Least)) | Some(Tag::Alias));
                if near_rank {
                    return Some(n as u32);
                }
            }
        }
        None
    }

    /// A "not" shortly before position `i` (skipping the field, prepositions, aliases and verbs).
    fn negation_before(&self, i: usize) -> Option<usize> {
        let mut k = i;
        for _ in 0..4 {
            let j = self.prev_content(k)?;
            match &self.spans[j].tag {
                Tag::Cue(Cue::Not) | Tag::Cue(Cue::Op(CmpOp::Ne)) => return Some(j),
                Tag::Field(_) | Tag::Alias | Tag::Cue(Cue::In | Cue::Of) | Tag::Unknown => k = j,
                _ => return None,
            }
        }
        None
    }

    /// Builds conditions from operators, dates, years, "N field" pairs and named values, marking what they use.
    fn conditions(&mut self) -> R<Vec<At>> {
        let mut out = Vec::new();
        // 0a. Counts of something: "no affairs", "without children", "sin hijos" (= 0); "had an affair",
        // "with any children" (> 0). The field counts what the noun names.
        for i in 0..self.spans.len() {
            let w = super::text::fold(&self.spans[i].raw);
            let none = matches!(w.as_str(), "no" | "without" | "zero" | "sin" | "ningun" | "ninguna" | "sense" | "cap" | "ohne" | "kein" | "keine" | "keinen");
            let some = matches!(w.as_str(), "had" | "have" | "has" | "with" | "having" | "any");
            if !(none || some) || self.spans[i].used || !matches!(self.spans[i].tag, Tag::Unknown | Tag::Stop | Tag::Cue(Cue::Not)) {
                continue;
            }
            // The field right after, past an article ("an affair", "any children").
            let Some(j) = (i + 1..self.spans.len().min(i + 4)).find(|&j| !matches!(super::text::fold(&self.spans[j].raw).as_str(), "a" | "an" | "any" | "some")) else { continue };
            let Tag::Field(fs) = &self.spans[j].tag else { continue };
            let f = fs[0];
            if fs.len() != 1 || self.spans[j].used || !self.is_numeric(f) || self.cat.fields[f].yearly || self.is_date(f) {
                continue;
            }
            // "with age 30", "had more than 2": a number or an operator after the field is another condition.
            let then = self.spans[j + 1..].iter().filter(|s| !matches!(s.tag, Tag::Stop | Tag::Cue(Cue::Of))).take(2);
            if then.clone().any(|s| matches!(s.tag, Tag::Number(_) | Tag::Cue(Cue::Op(_) | Cue::OpPost(_) | Cue::Between))) {
                continue;
            }
            self.spans[i].used = true;
            self.spans[j].used = true;
            let op = if none { CmpOp::Eq } else { CmpOp::Gt };
            out.push(At { pos: i, end: j, filter: Filter::Cond { field: self.fref(f), pred: Predicate::Cmp(op, Literal::Number(0.0)), negated: false }, eq_value: None, kind: Kind::Range });
        }
        // 0. Missing values: "no value for X", "missing X", "X is empty", "sin valor en X", "ohne Wert".
        for i in 0..self.spans.len() {
            let w = super::text::fold(&self.spans[i].raw);
            let free = matches!(self.spans[i].tag, Tag::Unknown | Tag::Stop | Tag::Cue(Cue::Not));
            let word = free && MISSING_WORDS.contains(&w.as_str());
            let no_value = free
                && matches!(w.as_str(), "no" | "without" | "sin" | "sense" | "ohne" | "kein" | "keinen" | "keine" | "not")
                && self.next_content_or_stop(i).is_some_and(|j| matches!(super::text::fold(&self.spans[j].raw).as_str(), "value" | "values" | "valor" | "valors" | "wert" | "werte" | "data" | "entry" | "recorded" | "dato" | "dada" | "angabe"));
            if !(word || no_value) || self.spans[i].used {
                continue;
            }
            let mut found = None;
            for d in 1..=4usize {
                for j in [i.checked_sub(d), Some(i + d)].into_iter().flatten() {
                    if found.is_none() && j < self.spans.len() && !self.spans[j].used {
                        if let Tag::Field(fs) = &self.spans[j].tag {
                            if fs.len() == 1 {
                                found = Some((j, fs[0]));
                            }
                        }
                    }
                }
            }
            let Some((j, f)) = found else { continue };
            self.spans[i].used = true;
            self.spans[j].used = true;
            if no_value {
                if let Some(k) = self.next_content_or_stop(i) {
                    self.spans[k].used = true;
                }
            }
            out.push(At { pos: i.min(j), end: i.max(j), filter: Filter::Cond { field: self.fref(f), pred: Predicate::Missing, negated: false }, eq_value: None, kind: Kind::Range });
        }
        // 1. Operators. "Did it drop between 1987 and 1992?" names two years to compare (step 3), not a range.
        let change = self.spans.iter().any(|s| matches!(s.tag, Tag::Unknown | Tag::Stop) && change_word(&super::text::fold(&s.raw)).is_some());
        for i in 0..self.spans.len() {
            let Some(cue) = self.spans[i].cue() else { continue };
            if self.spans[i].used || !matches!(cue, Cue::Op(_) | Cue::OpPost(_) | Cue::Between | Cue::Contains | Cue::StartsWith) {
                continue;
            }
            let years_after = self.next_content(i).is_some_and(|j| matches!(self.spans[j].tag, Tag::Number(y) if y.fract() == 0.0 && (1000.0..=2999.0).contains(&y)));
            if cue == Cue::Between && change && years_after {
                continue;
            }
            let neg_at = self.prev_content(i).filter(|&j| self.spans[j].cue() == Some(Cue::Not));
            // The operand: after the operator, or before it for "6 or more"; "north of latitude 65" names the field first.
            let mut named_field = None;
            let a = if let Cue::OpPost(_) = cue {
                let Some(mut a) = self.prev_content(i) else { continue };
                if matches!(self.spans[a].tag, Tag::Field(_)) {
                    named_field = Some(a);
                    let Some(b) = self.prev_content(a) else { continue };
                    a = b;
                }
                if !matches!(self.spans[a].tag, Tag::Number(_)) {
                    continue;
                }
                a
            } else {
                let Some(mut a) = self.next_content(i) else { continue };
                if matches!(self.spans[a].tag, Tag::Field(_)) && matches!(cue, Cue::Op(_)) {
                    if let Some(b) = self.next_content(a).filter(|&b| matches!(self.spans[b].tag, Tag::Number(_) | Tag::Date(_))) {
                        named_field = Some(a);
                        a = b;
                    }
                }
                a
            };
            let mut end = a.max(i);
            let mut b_idx = None;
            if cue == Cue::Between {
                let Some(and) = self.next_content(a) else { continue };
                if self.spans[and].cue() != Some(Cue::And) {
                    continue;
                }
                let Some(b) = self.next_content(and) else { continue };
                self.spans[and].used = true;
                b_idx = Some(b);
                end = b;
            }
            let field = match named_field {
                Some(nf) => {
                    let f = self.field(nf)?;
                    self.spans[nf].used = true;
                    f
                }
                None => self.operator_field(i, a, end)?,
            };
            let Some(field) = field else {
                if matches!(self.spans[a].tag, Tag::Number(_)) {
                    return Err(self.missing(Some(true)));
                }
                continue;
            };
            let op = match cue {
                Cue::Op(op) | Cue::OpPost(op) => Some(op),
                _ => None,
            };
            let mut kind = Kind::Range;
            let pred = match cue {
                Cue::Op(_) | Cue::OpPost(_) => {
                    let op = op.expect("operator");
                    let lit = self.literal(field, a)?;
                    if op == CmpOp::Eq {
                        kind = Kind::Point;
                    }
                    self.year_aware(field, op, lit)
                }
                Cue::Between => {
                    let b = b_idx.expect("between has two ends");
                    self.fill_partial_dates(a, b);
                    let lo = self.literal(field, a)?;
                    let hi = self.literal(field, b)?;
                    match (self.year_bounds(field, &lo), self.year_bounds(field, &hi)) {
                        (Some((lo, _)), Some((_, hi))) => Predicate::Between(lo, hi),
                        _ => Predicate::Between(lo, hi),
                    }
                }
                Cue::Contains | Cue::StartsWith => {
                    let fi = &self.cat.fields[field];
                    if fi.ty.is_numeric() || matches!(fi.ty, ColumnType::Boolean) {
                        return Err(Fail::Refuse(Refusal::TypeMismatch { field: fi.name.clone(), ty: fi.ty.as_str().into(), wanted: "text".into() }));
                    }
                    let text = strip_quotes(&self.spans[a].raw);
                    if cue == Cue::Contains { Predicate::Contains(text) } else { Predicate::StartsWith(text) }
                }
                _ => unreachable!("filtered above"),
            };
            for k in [Some(i), Some(a), b_idx, neg_at].into_iter().flatten() {
                self.spans[k].used = true;
            }
            out.push(At { pos: neg_at.unwrap_or(i).min(i).min(a), end, filter: Filter::Cond { field: self.fref(field), pred, negated: neg_at.is_some() }, eq_value: None, kind });
        }
        // 2. Quoted text "in" a field: "'toyota' in their name", "'International' im Namen".
        for i in 0..self.spans.len() {
            if self.spans[i].used || !matches!(self.spans[i].tag, Tag::Quoted(_)) {
                continue;
            }
            let mut k = i;
            let mut field = None;
            for _ in 0..3 {
                let Some(j) = self.next_content(k) else { break };
                match &self.spans[j].tag {
                    Tag::Cue(Cue::In | Cue::Of) | Tag::Unknown => k = j,
                    Tag::Field(_) => {
                        field = Some(j);
                        break;
                    }
                    _ => break,
                }
            }
            let Some(j) = field else { continue };
            let Some(f) = self.field(j)? else { continue };
            self.spans[i].used = true;
            self.spans[j].used = true;
            let neg = self.negation_before(i);
            out.push(At { pos: i, end: j, filter: Filter::Cond { field: self.fref(f), pred: Predicate::Contains(strip_quotes(&self.spans[i].raw)), negated: neg.is_some() }, eq_value: None, kind: Kind::Range });
        }
        // 3. Years: "in 1975", "en 2014", "im Jahr 2014", "l'any 2012"; and the years listed after
        // one ("in 1952, 1977 and 2007"); "between 1987 and 1992" with a word of change names two.
        let mut year_of: Vec<(usize, usize)> = Vec::new(); // (span, field) of each year read
        for i in 0..self.spans.len() {
            let Tag::Number(y) = self.spans[i].tag else { continue };
            if self.spans[i].used || y.fract() != 0.0 || !(1000.0..=2999.0).contains(&y) {
                continue;
            }
            let prev = self.prev_content(i);
            let listed = prev.and_then(|j| match self.spans[j].cue() {
                Some(Cue::And | Cue::Or) => self.prev_content(j),
                _ => Some(j),
            });
            if let Some(&(_, f)) = listed.and_then(|j| year_of.iter().find(|(s, _)| *s == j)) {
                self.spans[i].used = true;
                if let Some(j) = prev.filter(|&j| matches!(self.spans[j].cue(), Some(Cue::And | Cue::Or))) {
                    self.spans[j].used = self.spans[j].cue() == Some(Cue::And);
                }
                let pred = if self.is_date(f) { Predicate::Year(y as i32) } else { Predicate::Cmp(CmpOp::Eq, Literal::Number(y)) };
                let eq_value = (!self.is_date(f)).then(|| (f, fmt_number(y)));
                out.push(At { pos: prev.unwrap_or(i), end: i, filter: Filter::Cond { field: self.fref(f), pred, negated: false }, eq_value, kind: Kind::Range });
                year_of.push((i, f));
                continue;
            }
            let after_between = change && prev.is_some_and(|j| self.spans[j].cue() == Some(Cue::Between));
            // "el 1950", "del 1957": Catalan and Spanish name a year with the article alone.
            let article = i > 0 && matches!(super::text::fold(&self.spans[i - 1].raw).as_str(), "el" | "del" | "al");
            let after_in = after_between || article || prev.is_some_and(|j| matches!(self.spans[j].cue(), Some(Cue::In | Cue::Of)));
            let after_field = prev.and_then(|j| match &self.spans[j].tag {
                Tag::Field(fs) if fs.len() == 1 && (self.is_date(fs[0]) || self.cat.fields[fs[0]].yearly) => Some((j, fs[0])),
                _ => None,
            });
            let field = match after_field {
                Some((j, f)) => {
                    self.spans[j].used = true;
                    Some(f)
                }
                None if after_in => self.unique(|f| self.is_date(f) || self.cat.fields[f].yearly),
                None => None,
            };
            let Some(field) = field else { continue };
            self.spans[i].used = true;
            year_of.push((i, field));
            if let Some(p) = prev {
                if matches!(self.spans[p].cue(), Some(Cue::In | Cue::Between)) {
                    self.spans[p].used = true;
                }
            }
            let pred = if self.is_date(field) { Predicate::Year(y as i32) } else { Predicate::Cmp(CmpOp::Eq, Literal::Number(y)) };
            // A year column's value can be compared with another ("higher in 1954 than in 1953").
            let eq_value = (!self.is_date(field)).then(|| (field, fmt_number(y)));
            out.push(At { pos: prev.unwrap_or(i), end: i, filter: Filter::Cond { field: self.fref(field), pred, negated: false }, eq_value, kind: Kind::Range });
        }
        // 3b. A month alone over the one date column: "in February", "im Juni", "al juny". Two
        // months named are left to refuse (they would need "or", and a list asks each).
        let months: Vec<(usize, u32)> = (0..self.spans.len())
            .filter(|&i| self.spans[i].tag == Tag::Unknown)
            .filter_map(|i| super::lang::month_word(&super::text::fold(&self.spans[i].raw), self.spans[i].raw.chars().next().is_some_and(char::is_uppercase)).map(|m| (i, m)))
            .collect();
        if let ([(i, m)], Some(f)) = (months.as_slice(), self.unique(|f| self.is_date(f) && !self.cat.fields[f].yearly)) {
            self.spans[*i].used = true;
            let neg = self.negation_before(*i);
            out.push(At { pos: *i, end: *i, filter: Filter::Cond { field: self.fref(f), pred: Predicate::Month(*m), negated: neg.is_some() }, eq_value: None, kind: Kind::Range });
        }
        // 4. Dates on their own: "on April 30, 1992", "am 25.12.2013".
        for i in 0..self.spans.len() {
            let Tag::Date(d) = self.spans[i].tag.clone() else { continue };
            if self.spans[i].used || d.starts_with('?') {
                continue;
            }
            let Some(field) = self.unique(|f| self.is_date(f)) else { continue };
            self.spans[i].used = true;
            let neg = self.negation_before(i);
            let kind = if self.identifies(field) { Kind::Identifying } else { Kind::Point };
            out.push(At {
                pos: neg.unwrap_or(i),
                end: i,
                filter: Filter::Cond { field: self.fref(field), pred: Predicate::Cmp(CmpOp::Eq, Literal::Date(d.clone())), negated: neg.is_some() },
                eq_value: neg.is_none().then_some((field, d)),
                kind,
            });
        }
        // 5. "8 cylinders", "petal length of 6.9", "wind speed 3".
        let mut number_of: Vec<(usize, usize)> = Vec::new(); // (span, field) of each number read
        for i in 0..self.spans.len() {
            let Tag::Number(n) = self.spans[i].tag else { continue };
            if self.spans[i].used {
                continue;
            }
            let prev = self.prev_content(i);
            let prev_cue = prev.and_then(|j| self.spans[j].cue());
            if matches!(prev_cue, Some(Cue::Top | Cue::Bottom | Cue::Which | Cue::Who | Cue::List | Cue::What | Cue::High | Cue::Low)) {
                continue;
            }
            // "the four quarters of 2008" counts the rows it asks about; "cars with 8 cylinders" filters.
            if i > 0 && !super::tagger::is_ordinal(&self.spans[i].raw) && matches!(super::text::fold(&self.spans[i - 1].raw).as_str(), "the" | "los" | "las" | "els" | "les" | "die" | "all" | "todos" | "todas" | "tots" | "totes" | "alle") {
                continue;
            }
            // "status 1": a yes/no column written 1/0 takes the number as its truth value.
            let coded_bool = |p: &Self, f: usize| (n == 0.0 || n == 1.0) && matches!(p.cat.fields[f].ty, ColumnType::Boolean);
            let numeric_field = |p: &Self, j: usize| match &p.spans[j].tag {
                Tag::Field(fs) if fs.len() == 1 && (p.is_numeric(fs[0]) || coded_bool(p, fs[0])) && !p.spans[j].used => Some(fs[0]),
                _ => None,
            };
            let after = self.next_content(i).and_then(|j| numeric_field(self, j).map(|f| (j, f)));
            let after = after.filter(|(j, _)| !self.next_content(*j).is_some_and(|k| matches!(self.spans[k].cue(), Some(Cue::High | Cue::Low))));
            // "field [of|=] number"
            let before = match prev {
                Some(j) if matches!(self.spans[j].cue(), Some(Cue::Of | Cue::Op(CmpOp::Eq))) => self.prev_content(j).and_then(|k| numeric_field(self, k).map(|f| (k, f))),
                Some(j) => numeric_field(self, j).map(|f| (j, f)),
                None => None,
            };
            let Some((j, f)) = after.or(before) else { continue };
            if self.rank_context(i) {
                continue;
            }
            self.spans[i].used = true;
            self.spans[j].used = true;
            let neg = self.negation_before(i.min(j));
            out.push(At {
                pos: i.min(j),
                end: i.max(j),
                filter: Filter::Cond { field: self.fref(f), pred: Predicate::Cmp(CmpOp::Eq, if coded_bool(self, f) { Literal::Bool(n == 1.0) } else { Literal::Number(n) }), negated: neg.is_some() },
                eq_value: neg.is_none().then(|| (f, fmt_number(n))),
                kind: Kind::Point,
            });
            if neg.is_none() && self.is_numeric(f) {
                number_of.push((i, f));
            }
        }
        // "17, 18 und 19 Jahre", "4, 6 or 8 cylinders": numbers listed beside one read take its field.
        loop {
            let listed = (0..self.spans.len()).find_map(|i| {
                let Tag::Number(n) = self.spans[i].tag else { return None };
                if self.spans[i].used {
                    return None;
                }
                let step = |j: Option<usize>, forward: bool| {
                    j.and_then(|j| match self.spans[j].cue() {
                        Some(Cue::And | Cue::Or) => if forward { self.next_content(j) } else { self.prev_content(j) },
                        _ => Some(j),
                    })
                };
                [step(self.next_content(i), true), step(self.prev_content(i), false)]
                    .into_iter()
                    .flatten()
                    .find_map(|j| number_of.iter().find(|(s, _)| *s == j).map(|&(_, f)| (i, n, f)))
            });
            let Some((i, n, f)) = listed else { break };
            self.spans[i].used = true;
            for j in [self.next_content(i), self.prev_content(i)].into_iter().flatten() {
                if self.spans[j].cue() == Some(Cue::And) {
                    self.spans[j].used = true;
                }
            }
            out.push(At {
                pos: i,
                end: i,
                filter: Filter::Cond { field: self.fref(f), pred: Predicate::Cmp(CmpOp::Eq, Literal::Number(n)), negated: false },
                eq_value: Some((f, fmt_number(n))),
                kind: Kind::Point,
            });
            number_of.push((i, f));
        }
        // 6. Values named without their field ("women", "Latino", "ford torino").
        for i in 0..self.spans.len() {
            let Tag::Value(hits) = self.spans[i].tag.clone() else { continue };
            if self.spans[i].used {
                continue;
            }
            let hit = self.pick_hit(i, &hits);
            self.spans[i].used = true;
            let mut pos = i;
            let mut negated = false;
            if let Some(k) = self.negation_before(i) {
                negated = true;
                self.spans[k].used = true;
                pos = k;
            } else if let Some(k) = self.prev_content(i).filter(|&k| self.spans[k].cue() == Some(Cue::Op(CmpOp::Eq))) {
                self.spans[k].used = true;
            }
            let lit = self.value_literal(hit.field, &hit.value);
            let kind = if self.identifies(hit.field) { Kind::Identifying } else { Kind::Category };
            out.push(At {
                pos,
                end: i,
                filter: Filter::Cond { field: self.fref(hit.field), pred: Predicate::Cmp(CmpOp::Eq, lit), negated },
                eq_value: (!negated).then(|| (hit.field, hit.value.clone())),
                kind,
            });
        }
        out.sort_by_key(|a| a.pos);
        Ok(out)
    }

    /// True when the number at `i` is the N of a ranking ("the 3 heaviest cars").
    fn rank_context(&self, i: usize) -> bool {
        let after = self.next_content(i).map(|j| &self.spans[j].tag);
        matches!(after, Some(Tag::Cue(Cue::High | Cue::Low)))
    }

    /// "entre el 29 d'abril i el 4 de maig de 1992": the end with a year lends it to the other.
    fn fill_partial_dates(&mut self, a: usize, b: usize) {
        let year = |t: &Tag| match t {
            Tag::Date(d) if !d.starts_with('?') => Some(d[..4].to_string()),
            _ => None,
        };
        let (ya, yb) = (year(&self.spans[a].tag), year(&self.spans[b].tag));
        for (k, y) in [(a, yb), (b, ya)] {
            if let (Tag::Date(d), Some(y)) = (&self.spans[k].tag, y) {
                if d.starts_with('?') {
                    self.spans[k].tag = Tag::Date(format!("{y}{}", &d[4..]));
                }
            }
        }
    }

    fn value_literal(&self, f: usize, v: &str) -> Literal {
        match self.cat.fields[f].ty {
            ColumnType::Boolean => Literal::Bool(crate::schema::values::parse_bool(v).unwrap_or(false)),
            _ => Literal::Text(v.to_string()),
        }
    }

    /// The hit for a named value: in a field the question also names, else the most common reading.
    fn pick_hit(&mut self, i: usize, hits: &[ValueHit]) -> ValueHit {
        let named: Vec<(usize, usize)> = self
            .spans
            .iter()
            .enumerate()
            .filter_map(|(j, s)| match &s.tag {
                Tag::Field(fs) if !s.used => Some(fs.iter().map(move |&f| (j, f)).collect::<Vec<_>>()),
                _ => None,
            })
            .flatten()
            .collect();
        for h in hits {
            if let Some(&(j, _)) = named.iter().find(|(_, f)| *f == h.field) {
                // "gender female", "weather is rain": the field word belongs to the value.
                let adjacent = self.next_content(j) == Some(i) || self.prev_content(i).is_some_and(|k| self.prev_content(k) == Some(j) && matches!(self.spans[k].cue(), Some(Cue::Op(CmpOp::Eq)) | Some(Cue::Of) | Some(Cue::In)))
                    || self.next_content(i) == Some(j);
                if adjacent {
                    self.spans[j].used = true;
                }
                return h.clone();
            }
        }
        hits[0].clone()
    }

    /// The field an operator compares: the nearest field before it, else the one after its operand.
    /// The field an operator compares: the one right after its operand ("more than 30 miles per
    /// gallon"), else the nearest one before it ("weight is at least 3000").
    fn operator_field(&mut self, op: usize, a: usize, end: usize) -> R<Option<usize>> {
        if let Some(j) = self.next_content(end) {
            if matches!(self.spans[j].tag, Tag::Field(_) | Tag::Group(_)) && !self.spans[j].used && matches!(self.spans[a].tag, Tag::Number(_) | Tag::Date(_)) {
                let f = self.field(j)?;
                self.spans[j].used = true;
                return Ok(f);
            }
        }
        // "marriages from 2000 to 2011": a range of whole years, with a year column, is a range of years.
        let year = |p: &Self, k: usize| matches!(p.spans[k].tag, Tag::Number(y) if y.fract() == 0.0 && (1000.0..=2999.0).contains(&y));
        if self.spans[op].cue() == Some(Cue::Between) && year(self, a) && year(self, end) {
            if let Some(y) = self.unique(|f| self.cat.fields[f].yearly || self.is_date(f)) {
                return Ok(Some(y));
            }
        }
        let number = matches!(self.spans[a].tag, Tag::Number(_));
        // The subject asked for ("Which firms …", "How many countries …") is a name, never the operand's field.
        let text_field = |p: &Self, j: usize| {
            matches!(&p.spans[j].tag, Tag::Field(fs) if fs.iter().all(|&f| !p.is_numeric(f) && !p.is_date(f)))
                && p.prev_content(j).is_some_and(|w| w == 0 && matches!(p.spans[w].cue(), Some(Cue::Which | Cue::What | Cue::Who | Cue::HowMany)))
        };
        let mut k = op;
        let mut steps = 0;
        while let Some(j) = self.prev_content(k) {
            match &self.spans[j].tag {
                // "Which firms were worth more than 1000": a number is not compared with a name.
                Tag::Field(_) if number && text_field(self, j) => {}
                Tag::Field(_) | Tag::Group(_) if !self.spans[j].used => {
                    let f = self.field(j)?;
                    self.spans[j].used = true;
                    return Ok(f);
                }
                Tag::Cue(Cue::Not | Cue::Of | Cue::In | Cue::What | Cue::Which | Cue::Who) | Tag::Alias => {}
                Tag::Cue(Cue::And | Cue::Or) | Tag::Cue(Cue::Op(_)) | Tag::Cue(Cue::Between) => break,
                _ => steps += 1,
            }
            steps += 1;
            if steps > 4 {
                break;
            }
            k = j;
        }
        // "less than 10% of people in poverty": the numeric field a few words after the number.
        if number {
            let mut k = end;
            for _ in 0..4 {
                let Some(j) = self.next_content(k) else { break };
                let hit = match &self.spans[j].tag {
                    Tag::Field(fs) if fs.len() == 1 && self.is_numeric(fs[0]) && !self.spans[j].used => Some(fs[0]),
                    _ => None,
                };
                if let Some(f) = hit {
                    self.spans[j].used = true;
                    return Ok(Some(f));
                }
                if matches!(self.spans[j].tag, Tag::Cue(Cue::And | Cue::Or | Cue::Op(_) | Cue::Between)) {
                    break;
                }
                k = j;
            }
        }
        match &self.spans[a].tag {
            Tag::Date(_) => Ok(self.unique(|f| self.is_date(f))),
            Tag::Value(hits) => Ok(Some(hits[0].field)),
            _ => Ok(None),
        }
    }

    fn unique(&self, pred: impl Fn(usize) -> bool) -> Option<usize> {
        let fs: Vec<usize> = (0..self.cat.fields.len()).filter(|&f| pred(f) && self.cat.fields[f].composed.is_none()).collect();
        (fs.len() == 1).then(|| fs[0])
    }

    /// The operand at span `a` as a literal of field `f`'s type, or a refusal explaining the mismatch.
    fn literal(&self, f: usize, a: usize) -> R<Literal> {
        let fi = &self.cat.fields[f];
        let mismatch = |wanted: &str| Fail::Refuse(Refusal::TypeMismatch { field: fi.name.clone(), ty: fi.ty.as_str().into(), wanted: wanted.into() });
        match (&self.spans[a].tag, fi.ty) {
            // "años … por encima de 85": 85 is not a year; the number belongs to a field not found.
            (Tag::Number(n), t) if t.is_numeric() && fi.yearly && !(1000.0..=2999.0).contains(n) => {
                Err(Fail::Refuse(Refusal::TypeMismatch { field: fi.name.clone(), ty: "year".into(), wanted: format!("number like {n}") }))
            }
            (Tag::Number(n), t) if t.is_numeric() => Ok(Literal::Number(*n)),
            // "cens equal to 1": a flag compared with 0 or 1.
            (Tag::Number(n), ColumnType::Boolean) if *n == 0.0 || *n == 1.0 => Ok(Literal::Bool(*n == 1.0)),
            (Tag::Number(n), ColumnType::Date | ColumnType::Datetime) if n.fract() == 0.0 && (1000.0..=2999.0).contains(n) => Ok(Literal::Number(*n)),
            (Tag::Date(d), ColumnType::Date | ColumnType::Datetime) => Ok(Literal::Date(d.clone())),
            (Tag::Number(_) | Tag::Date(_), _) => Err(mismatch("number")),
            (Tag::Value(hits), t) if !t.is_numeric() => Ok(self.value_literal(f, &hits.iter().find(|h| h.field == f).unwrap_or(&hits[0]).value)),
            (_, t) if t.is_numeric() => Err(mismatch("text")),
            _ => Ok(Literal::Text(strip_quotes(&self.spans[a].raw))),
        }
    }

    /// Comparisons with a bare year on a date column compare with that year's first or last day.
    fn year_aware(&self, f: usize, op: CmpOp, lit: Literal) -> Predicate {
        if let (true, Literal::Number(y)) = (self.is_date(f), &lit) {
            let y = *y as i32;
            return match op {
                CmpOp::Eq => Predicate::Year(y),
                CmpOp::Gt | CmpOp::Le => Predicate::Cmp(op, Literal::Date(format!("{y:04}-12-31"))),
                CmpOp::Lt | CmpOp::Ge => Predicate::Cmp(op, Literal::Date(format!("{y:04}-01-01"))),
                CmpOp::Ne => Predicate::Cmp(op, lit),
            };
        }
        Predicate::Cmp(op, lit)
    }

    fn year_bounds(&self, f: usize, lit: &Literal) -> Option<(Literal, Literal)> {
        match (self.is_date(f), lit) {
            (true, Literal::Number(y)) => Some((Literal::Date(format!("{:04}-01-01", *y as i32)), Literal::Date(format!("{:04}-12-31", *y as i32)))),
            _ => None,
        }
    }

    /// "per origin", "por tipo de tiempo", "pro Anzahl der Zylinder": the field after a grouping word.
    fn group_by(&mut self) -> R<Option<usize>> {
        for i in 0..self.spans.len() {
            if self.spans[i].cue() != Some(Cue::Per) || self.spans[i].used {
                continue;
            }
            let mut k = i;
            for _ in 0..3 {
                let Some(j) = self.next_content(k) else { break };
                match &self.spans[j].tag {
                    Tag::Field(_) | Tag::Group(_) if !self.spans[j].used => {
                        let f = self.field(j)?;
                        self.spans[i].used = true;
                        self.spans[j].used = true;
                        return Ok(f);
                    }
                    Tag::Cue(Cue::Of | Cue::In | Cue::HowMany) | Tag::Unknown => k = j,
                    _ => break,
                }
            }
        }
        Ok(None)
    }

    /// Fields the question asks about (not used by a condition); a supplied field comes first.
    fn targets(&mut self) -> R<Vec<usize>> {
        let mut out = Vec::new();
        if let Some(t) = self.target_override {
            out.push(t);
        }
        for i in 0..self.spans.len() {
            if self.spans[i].used || !matches!(self.spans[i].tag, Tag::Field(_) | Tag::Group(_)) {
                continue;
            }
            if let Some(f) = self.field(i)? {
                if !out.contains(&f) {
                    out.push(f);
                }
            }
        }
        Ok(out)
    }

    /// And/or between conditions: "or" splits, "and" (or nothing) joins; one field's values join by "or".
    fn combine(&self, conds: &[At]) -> R<Option<Filter>> {
        if conds.is_empty() {
            return Ok(None);
        }
        let mut groups: Vec<Vec<&At>> = vec![vec![&conds[0]]];
        for w in conds.windows(2) {
            let between = &self.spans[w[0].end + 1..w[1].pos.max(w[0].end + 1)];
            let or = between.iter().any(|s| s.cue() == Some(Cue::Or));
            let explicit_and = between.iter().any(|s| s.cue() == Some(Cue::And));
            let same_field_values = matches!((&w[0].eq_value, &w[1].eq_value), (Some((a, _)), Some((b, _))) if a == b);
            if same_field_values && explicit_and && !or {
                let (f, a) = w[0].eq_value.clone().expect("checked");
                let b = w[1].eq_value.clone().expect("checked").1;
                return Err(Fail::Refuse(Refusal::Contradiction { field: self.cat.fields[f].name.clone(), detail: format!("{a}|{b}") }));
            }
            if or || same_field_values {
                groups.push(vec![&w[1]]);
            } else {
                groups.last_mut().expect("one group").push(&w[1]);
            }
        }
        let ors: Vec<Filter> = groups
            .into_iter()
            .map(|g| Filter::and(g.into_iter().map(|a| a.filter.clone()).collect()).expect("non-empty group"))
            .collect();
        Ok(if ors.len() == 1 { ors.into_iter().next() } else { Some(Filter::Or(ors)) })
    }

    fn combine_without(&self, conds: &[At], skip: usize) -> R<Option<Filter>> {
        let kept: Vec<At> = conds.iter().enumerate().filter(|(i, _)| *i != skip).map(|(_, a)| At { pos: a.pos, end: a.end, filter: a.filter.clone(), eq_value: a.eq_value.clone(), kind: a.kind }).collect();
        self.combine(&kept)
    }

    /// "what percentage of women were Latino", "de los coches de 4 cilindros": the condition right
    /// after "percentage of" (aliases and prepositions between) is the base.
    fn share_base(&self, conds: &[At]) -> Option<(usize, Filter)> {
        if conds.len() < 2 {
            return None;
        }
        for (ci, c) in conds.iter().enumerate() {
            let mut k = c.pos;
            let mut saw_of = false;
            while let Some(j) = self.prev_content(k) {
                match &self.spans[j].tag {
                    Tag::Cue(Cue::Of) => saw_of = true,
                    Tag::Alias | Tag::Cue(Cue::In) => {}
                    Tag::Cue(Cue::Share) if saw_of => return Some((ci, c.filter.clone())),
                    _ => break,
                }
                k = j;
            }
        }
        None
    }

    fn unknown_field_at(&self, j: usize) -> Fail {
        let word = self.spans[j].raw.clone();
        let folded = super::text::fold(&word);
        let mut scored: Vec<(f64, &str)> = self
            .cat
            .fields
            .iter()
            .map(|f| (f.names.iter().map(|n| strsim::normalized_levenshtein(&n.join(" "), &folded)).fold(0.0, f64::max), f.name.as_str()))
            .filter(|(s, _)| *s >= 0.4)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        let span = Some((self.spans[j].start, self.spans[j].end));
        Fail::Refuse(Refusal::UnknownField { word, suggestions: scored.into_iter().take(3).map(|(_, n)| n.to_string()).collect(), span })
    }

    fn check_contradictions(&self, f: Option<&Filter>) -> R<()> {
        let Some(Filter::And(parts)) = f else { return Ok(()) };
        let mut lo: std::collections::HashMap<&str, f64> = Default::default();
        let mut hi: std::collections::HashMap<&str, f64> = Default::default();
        for p in parts {
            let Filter::Cond { field, pred, negated: false } = p else { continue };
            let (l, h) = match pred {
                Predicate::Cmp(CmpOp::Gt | CmpOp::Ge, Literal::Number(n)) => (Some(*n), None),
                Predicate::Cmp(CmpOp::Lt | CmpOp::Le, Literal::Number(n)) => (None, Some(*n)),
                Predicate::Cmp(CmpOp::Eq, Literal::Number(n)) => (Some(*n), Some(*n)),
                Predicate::Between(Literal::Number(a), Literal::Number(b)) => (Some(*a), Some(*b)),
                _ => continue,
            };
            if let Some(l) = l {
                let e = lo.entry(field.0.as_str()).or_insert(f64::NEG_INFINITY);
                *e = e.max(l);
            }
            if let Some(h) = h {
                let e = hi.entry(field.0.as_str()).or_insert(f64::INFINITY);
                *e = e.min(h);
            }
            if let (Some(l), Some(h)) = (lo.get(field.0.as_str()), hi.get(field.0.as_str())) {
                if l > h {
                    return Err(Fail::Refuse(Refusal::Contradiction { field: field.0.clone(), detail: format!("{l}>{h}") }));
                }
            }
        }
        Ok(())
    }

    fn missing(&self, numeric: Option<bool>) -> Fail {
        let options: Vec<String> = self
            .cat
            .fields
            .iter()
            .filter(|f| match numeric {
                Some(true) => f.ty.is_numeric(),
                Some(false) => f.categorical,
                None => true,
            })
            .map(|f| f.name.clone())
            .collect();
        let missing = match numeric {
            Some(true) => "numeric field",
            Some(false) => "category field",
            None => "field",
        };
        Fail::Clarify(Clarification { word: None, options, default: None, span: None, missing: Some(missing.into()) })
    }

    fn missing_value(&self) -> Fail {
        match self.unknown_value() {
            Some(r) => Fail::Refuse(r),
            None => self.missing(Some(false)),
        }
    }

    /// An aggregate without a field: an unknown word there is a column we do not have; else ask.
    fn unknown_field_or_missing(&self, numeric: Option<bool>) -> Fail {
        let words: Vec<usize> = (0..self.spans.len()).filter(|&i| matches!(self.spans[i].tag, Tag::Unknown) && self.spans[i].raw.chars().any(char::is_alphabetic)).collect();
        let Some(&first) = words.first() else { return self.missing(numeric) };
        // Suggestions come from the first unknown word; the refusal quotes them all.
        match self.unknown_field_at(first) {
            Fail::Refuse(Refusal::UnknownField { suggestions, span, .. }) => {
                let word = words.iter().map(|&i| self.spans[i].raw.as_str()).collect::<Vec<_>>().join(" ");
                let span = if words.len() == 1 { span } else { None };
                Fail::Refuse(Refusal::UnknownField { word, suggestions, span })
            }
            other => other,
        }
    }

    /// A word that reads like a value ("in Paris", a capitalised name, quoted text) but is in no column.
    fn unknown_value(&self) -> Option<Refusal> {
        for (i, s) in self.spans.iter().enumerate() {
            let candidate = match &s.tag {
                Tag::Quoted(_) => !s.used,
                Tag::Unknown => {
                    let after_prep = self.prev_content(i).is_some_and(|k| matches!(self.spans[k].cue(), Some(Cue::In | Cue::Of)));
                    let capital = i > 0 && s.raw.chars().next().is_some_and(char::is_uppercase);
                    (after_prep || capital) && s.raw.chars().any(char::is_alphabetic)
                }
                _ => false,
            };
            if !candidate {
                continue;
            }
            let word = strip_quotes(&s.raw);
            let folded = super::text::fold(&word);
            let mut scored: Vec<(f64, String)> = self
                .cat
                .values
                .iter()
                .map(|(k, hits)| (strsim::normalized_levenshtein(k, &folded), hits[0].value.clone()))
                .filter(|(sc, _)| *sc >= 0.6)
                .collect();
            scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            return Some(Refusal::UnknownValue { word, suggestions: scored.into_iter().take(3).map(|(_, v)| v).collect() });
        }
        None
    }
}

/// Words that say a cell has no value, in the four languages (folded).
const MISSING_WORDS: &[&str] = &[
    "missing", "empty", "blank", "null", "nan", "unrecorded", "faltan", "falta", "faltante", "faltantes", "vacio", "vacia", "vacios", "vacias", "nulo", "nulos",
    "buit", "buida", "buits", "buides", "manca", "fehlt", "fehlen", "fehlend", "fehlende", "fehlenden", "leer", "leere", "leeren",
];

/// "negative" / "positive" as a comparison with zero, in the four languages.
fn sign_word(w: &str) -> Option<CmpOp> {
    match w {
        "negative" | "negativ" | "negativo" | "negativa" | "negatiu" | "negativos" | "negativas" | "negatius" | "negatives" => Some(CmpOp::Lt),
        "positive" | "positiv" | "positivo" | "positiva" | "positiu" | "positius" | "positivos" => Some(CmpOp::Gt),
        _ => None,
    }
}

/// Takes the first top-level condition matching `pick` out of a filter: (its predicate, the rest).
fn take_cond(filter: Option<Filter>, pick: impl Fn(&FieldRef, &Predicate) -> bool) -> (Option<Predicate>, Option<Filter>) {
    match filter {
        Some(Filter::Cond { field, pred, negated: false }) if pick(&field, &pred) => (Some(pred), None),
        Some(Filter::And(parts)) => {
            let Some(i) = parts.iter().rposition(|p| matches!(p, Filter::Cond { field, pred, negated: false } if pick(field, pred))) else {
                return (None, Some(Filter::And(parts)));
            };
            let mut parts = parts;
            let Filter::Cond { pred, .. } = parts.remove(i) else { unreachable!("matched a condition") };
            (Some(pred), Filter::and(parts))
        }
        other => (None, other),
    }
}

fn strip_quotes(s: &str) -> String {
    s.trim().trim_matches(|c| matches!(c, '"' | '\'' | '«' | '»' | '“' | '”' | '‘' | '’' | '„')).to_string()
}

fn fmt_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 { format!("{}", n as i64) } else { format!("{n}") }
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
