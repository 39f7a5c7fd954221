//! The `Parser` over one question's tagged spans, whose methods the stages (`conditions`, `slots`,
//! `compare`, `columns`, `periods`, `intent`, `yes_no`, `refusal`) add to, with what they share:
//! the kinds of condition, a condition found (`At`), how a stage fails, and what a content word is.

use crate::query::catalog::Catalog;
use crate::query::lang::Cue;
use crate::query::plan::{AggFn, CmpOp, FieldRef, Filter, Plan};
use crate::query::shape::Shape;
use crate::query::tagger::{Span, Tag};
use crate::schema::ColumnType;

use super::types::{Clarification, Refusal, Understanding};
#[cfg(test)]
use crate::query::{lang::Lang, shape::asked as asked_shape, tagger::quoted_ranges, tagger::tag, text::tokenize};

/// A word of three or more letters the tagger could not place (not a number, date or stray token).
pub(super) fn unknown_word(s: &Span) -> bool {
    s.tag == Tag::Unknown && content_word(&s.raw)
}

/// A word that carries meaning: three letters or more, or a short capitalised code ("GM", "DC").
pub(crate) fn content_word(raw: &str) -> bool {
    let n = raw.chars().count();
    // ("1990s", "B52": letters with digits say something too; dropped, they made wrong answers.)
    // ("2013-2016", "900-1100": digits the tagger could not read are a condition left out.)
    let code = raw.chars().any(|c| c.is_ascii_digit());
    code || (raw.chars().all(char::is_alphabetic) && (n > 2 || (n == 2 && raw.chars().all(char::is_uppercase))))
}

pub(super) struct Parser<'a> {
    pub(super) cat: &'a Catalog,
    pub(super) spans: Vec<Span>,
    /// The shape of answer the words ask for.
    pub(super) asked: Shape,
    pub(super) target_override: Option<usize>,
    /// A field group answered with its default: the other members are offered with the answer.
    pub(super) offer: Option<Clarification>,
    /// Changes read as signs (`changes`): the field's span, the change word's, the field, > or < 0.
    pub(super) signs: Vec<(usize, usize, usize, CmpOp)>,
    /// A change between two points per group (`changes`): the ranking of groups is by it.
    pub(super) group_change: Option<crate::query::plan::Points>,
}

/// What kind of condition: lookups need point conditions (one row), lists take any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
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
#[derive(Clone)]
pub(super) struct At {
    pub(super) pos: usize,
    pub(super) end: usize,
    pub(super) filter: Filter,
    /// A plain "field = value" (compare and lookup read these).
    pub(super) eq_value: Option<(usize, String)>,
    pub(super) kind: Kind,
}

pub(super) enum Fail {
    Clarify(Clarification),
    Refuse(Refusal),
}

pub(super) type R<T> = Result<T, Fail>;

impl Parser<'_> {
    /// Whether the question asks for a computation (a count, an aggregate, a ranking, a comparison,
    /// a number or date to filter by) or for a field of a row ("the elevation of LAX").
    pub(super) fn computes(&self) -> bool {
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
    pub(super) fn asks_computation(&self) -> bool {
        use Cue::*;
        let number = self.spans.iter().any(|s| matches!(s.tag, Tag::Number(_)));
        self.spans.iter().any(|s| match s.cue() {
            Some(HowMany | Distinct | Most | Least | Top | Bottom | Avg | Sum | Median | Min | Max | Share | Per) => true,
            Some(High | Low | More | Op(_) | OpPost(_) | Between) => number,
            _ => false,
        })
    }

    pub(super) fn has(&self, c: Cue) -> bool {
        self.spans.iter().any(|s| s.cue() == Some(c))
    }
    pub(super) fn pos(&self, c: Cue) -> Option<usize> {
        self.spans.iter().position(|s| s.cue() == Some(c))
    }
    pub(super) fn next_content(&self, i: usize) -> Option<usize> {
        (i + 1..self.spans.len()).find(|&j| !matches!(self.spans[j].tag, Tag::Stop))
    }
    pub(super) fn next_content_or_stop(&self, i: usize) -> Option<usize> {
        (i + 1 < self.spans.len()).then_some(i + 1)
    }
    pub(super) fn prev_content(&self, i: usize) -> Option<usize> {
        (0..i).rev().find(|&j| !matches!(self.spans[j].tag, Tag::Stop))
    }
    pub(super) fn field(&mut self, i: usize) -> R<Option<usize>> {
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
    pub(super) fn fref(&self, f: usize) -> FieldRef {
        FieldRef(self.cat.fields[f].name.clone())
    }
    pub(super) fn is_numeric(&self, f: usize) -> bool {
        self.cat.fields[f].ty.is_numeric()
    }
    pub(super) fn is_date(&self, f: usize) -> bool {
        matches!(self.cat.fields[f].ty, ColumnType::Date | ColumnType::Datetime)
    }

    /// "Quina edat…", "Which year…": a question word before a numeric field asks for a number.
    pub(super) fn effective_shape(&self) -> Shape {
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

    pub(super) fn run(&mut self) -> Understanding {
        self.read_units();
        self.read_row_nouns();
        self.read_changes();
        let place = self.ordinal_place();
        let u = match self.interpret().map(|u| self.by_group_change(u)).map(|u| self.as_yes_no(u)).map(|u| self.as_number(u)) {
            Ok(u) => u,
            Err(Fail::Clarify(c)) => Understanding::Clarify(c),
            Err(Fail::Refuse(r)) => Understanding::Refuse(r),
        };
        match place {
            Some((i, k)) => self.at_place(u, i, k),
            None => u,
        }
    }

    /// "How old was the oldest patient?": a number asked of the top row of a ranking by a number
    /// is the number it was ranked by, not the row's name.
    fn as_number(&self, u: Understanding) -> Understanding {
        match u {
            Understanding::Exact { plan: Plan::Rank { field, n: 1, desc, label: Some(label), filter, values: false }, confidence }
                if self.asked == Shape::Number && self.cat.field(&field.0).is_some_and(|f| self.is_numeric(f)) =>
            {
                Understanding::Exact { plan: Plan::Rank { field, n: 1, desc, label: Some(label), filter, values: true }, confidence }
            }
            u => u,
        }
    }

    /// "the second most senators", "die zweithöchsten Emissionen": an ordinal (2nd to 5th) right
    /// before a superlative, set aside while the superlative is read.
    fn ordinal_place(&mut self) -> Option<(usize, u32)> {
        let i = (0..self.spans.len()).find(|&i| {
            matches!(self.spans[i].tag, Tag::Unknown | Tag::Stop | Tag::Number(_))
                && crate::query::tagger::ordinal_value(&crate::query::text::fold(&self.spans[i].raw)).is_some_and(|k| k >= 2)
                && self.next_content(i).is_some_and(|j| {
                    matches!(self.spans[j].cue(), Some(Cue::High | Cue::Low | Cue::Most | Cue::Least | Cue::Max | Cue::Min))
                })
        })?;
        let k = crate::query::tagger::ordinal_value(&crate::query::text::fold(&self.spans[i].raw))?;
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
            Plan::GroupTop { func, field, by, n: 1, desc, filter, change } => {
                Plan::GroupTop { func, field, by, n: k + 1, desc, filter, change }
            }
            Plan::Aggregate { func: func @ (AggFn::Max | AggFn::Min), field, filter } => {
                Plan::Rank { field, n: k + 1, desc: func == AggFn::Max, label: None, filter, values: true }
            }
            Plan::Frequent { field, most, filter } => {
                Plan::GroupTop { func: AggFn::Count, field: None, by: field, n: k + 1, desc: most, filter, change: None }
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
pub(super) fn with_parser<T>(name: &str, csv: &str, q: &str, run: impl FnOnce(&mut Parser) -> T) -> T {
    let cat = crate::query::catalog::test_catalog(name, csv);
    let tokens = tokenize(q);
    let spans = tag(q, &tokens, Lang::En, &cat, &quoted_ranges(q));
    let numbers: Vec<Option<f64>> = tokens.iter().map(|t| crate::query::text::parse_number(&t.raw)).collect();
    let asked = asked_shape(q, &tokens, Lang::En, &numbers);
    let mut p = Parser { cat: &cat, spans, target_override: None, offer: None, asked, signs: Vec::new(), group_change: None };
    run(&mut p)
}
