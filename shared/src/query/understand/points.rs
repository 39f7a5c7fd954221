//! Two named points of a family of columns: "lost population between 2016 and 2021" over
//! `population_2016` … `population_2021`, "the biggest drop in bills from the 103rd to the 104th
//! Congress" over `BILLS103`, `BILLS104`, "a higher rate in 2011 than in 1960" over columns named
//! by years. The change between them is a field of each row (`Gap`); the change stage reads its
//! sign or superlative as it reads a change from the row before. In a long table the same words
//! over groups ("Which company grew its investment the most between 1935 and 1954?") rank each
//! group by its value at the later point minus the earlier (`Points`).

use crate::query::catalog::family_point;
use crate::query::catalog::DatePart;
use crate::query::lang::Cue;
use crate::query::plan::{CmpOp, Filter, Literal, Plan, Points};
use crate::query::tagger::Tag;
use crate::query::text::fold;

use super::parser::Parser;
use super::types::Understanding;

/// The change between two points a question names: the span now naming it, the `Gap` field, the
/// spans that said the points, and whether the later point was named first ("in 2011 than in 1960").
pub(super) struct TwoPoints {
    pub field_span: usize,
    pub gap: usize,
    pub said: Vec<usize>,
    pub later_first: bool,
}

/// The number a span says as a point: "2016", "104th", "103rd".
fn point_of(raw: &str) -> Option<i64> {
    let w = fold(raw);
    let digits: String = w.chars().take_while(char::is_ascii_digit).collect();
    let rest = &w[digits.len()..];
    if digits.is_empty() || !matches!(rest, "" | "st" | "nd" | "rd" | "th" | "o" | "a" | "er" | "e" | "te" | "ten" | "ter") {
        return None;
    }
    digits.parse().ok()
}

/// Words that join or frame two points ("between … and", "from … to", "in … than in").
fn joins(w: &str) -> bool {
    matches!(
        w,
        "between"
            | "from"
            | "to"
            | "and"
            | "in"
            | "than"
            | "the"
            | "vs"
            | "versus"
            | "entre"
            | "de"
            | "desde"
            | "hasta"
            | "a"
            | "al"
            | "del"
            | "y"
            | "i"
            | "fins"
            | "el"
            | "en"
            | "que"
            | "zwischen"
            | "von"
            | "bis"
            | "und"
            | "im"
            | "als"
    )
}

/// Words asking a change in percent of where it started.
fn percent_word(w: &str) -> bool {
    matches!(
        w,
        "percent"
            | "percentage"
            | "%"
            | "pct"
            | "relative"
            | "porcentaje"
            | "porcentual"
            | "por ciento"
            | "percentatge"
            | "percentual"
            | "per cent"
            | "prozent"
            | "prozentual"
            | "prozentualen"
            | "prozentuale"
            | "relativ"
    )
}

impl Parser<'_> {
    /// The spans that said two points: the points, the words joining them back to `field` ("between
    /// … and", "from the … to the"), and the percent word where one is asked.
    fn points_said(&self, points: [usize; 2], field: usize, percent: bool) -> Vec<usize> {
        let mut said = points.to_vec();
        for p in points {
            let mut k = p;
            while let Some(q) = k.checked_sub(1) {
                let s = &self.spans[q];
                if q == field || s.used || !(joins(&fold(&s.raw)) || matches!(s.cue(), Some(Cue::Between | Cue::And | Cue::In))) {
                    break;
                }
                said.push(q);
                k = q;
            }
        }
        said.extend((0..self.spans.len()).filter(|&k| percent && !self.spans[k].used && percent_word(&fold(&self.spans[k].raw))));
        said.retain(|&k| k != field);
        said.sort_unstable();
        said.dedup();
        said
    }

    /// The two points a question names of one family of columns, and the `Gap` field between them
    /// (in percent where a percent word is said); `None` unless exactly two points are named and
    /// one family holds both.
    pub(super) fn two_points(&self) -> Option<TwoPoints> {
        // A number compared ("more than 1000 in 1954") is a bound, not a point.
        let bound = |i: usize| self.prev_content(i).is_some_and(|p| matches!(self.spans[p].cue(), Some(Cue::Op(_) | Cue::OpPost(_))));
        let points: Vec<(usize, i64)> = (0..self.spans.len())
            .filter(|&i| !self.spans[i].used && !bound(i))
            .filter_map(|i| {
                let s = &self.spans[i];
                match &s.tag {
                    Tag::Number(n) if n.fract() == 0.0 && *n >= 0.0 => Some((i, *n as i64)),
                    Tag::Number(_) => None,
                    _ => point_of(&s.raw).map(|n| (i, n)),
                }
            })
            .collect();
        let [(a, na), (b, nb)] = points[..] else { return None };
        if na == nb {
            return None;
        }
        let percent = self.spans.iter().any(|s| !s.used && percent_word(&fold(&s.raw)));
        let (lo, hi) = (na.min(nb), na.max(nb));
        let point = |f: usize| family_point(&self.cat.fields[f].name);
        let gaps: Vec<usize> = (0..self.cat.fields.len())
            .filter(|&g| {
                self.cat.fields[g].gap.is_some_and(|gap| {
                    gap.percent == percent
                        && point(gap.earlier).is_some_and(|(_, p)| p == lo)
                        && point(gap.later).is_some_and(|(_, p)| p == hi)
                })
            })
            .collect();
        let stem_of = |g: usize| self.cat.fields[g].gap.and_then(|gap| point(gap.later)).map(|(stem, _)| stem).unwrap_or_default();
        // The family's own word said ("population", "bills"), or one of its columns named.
        let names_family = |k: usize, g: usize| {
            let stem = stem_of(g);
            let said = crate::query::text::name_words(&self.spans[k].raw);
            let member = |f: usize| point(f).is_some_and(|(s, _)| s == stem) && self.cat.fields[f].gap.is_none();
            (!stem.is_empty() && said == stem) || matches!(&self.spans[k].tag, Tag::Field(fs) if fs.iter().any(|&f| member(f)))
        };
        let named: Vec<(usize, usize)> = (0..self.spans.len())
            .filter(|&k| k != a && k != b && !self.spans[k].used)
            .flat_map(|k| gaps.iter().filter(move |&&g| names_family(k, g)).map(move |&g| (k, g)))
            .collect();
        let (field_span, gap) = match named[..] {
            [(k, g)] => (k, g),
            // No word names the family: only a family named by its numbers alone ("1960", "2011").
            [] => match gaps[..] {
                [g] if stem_of(g).is_empty() => (a, g),
                _ => return None,
            },
            _ => return None,
        };
        let said = self.points_said([a, b], field_span, percent);
        Some(TwoPoints { field_span, gap, said, later_first: na > nb })
    }
}

impl Parser<'_> {
    /// Over groups of a long table: two years, a time field they are of, a group asked for
    /// ("Which company…") and a ranking. The years' and the percent word's spans are taken; the
    /// ranking of groups is then by the change (`by_group_change`). `measure` is the field's span.
    pub(super) fn read_group_points(&mut self, measure: usize) -> bool {
        let bound = |i: usize| self.prev_content(i).is_some_and(|p| matches!(self.spans[p].cue(), Some(Cue::Op(_) | Cue::OpPost(_))));
        let years: Vec<(usize, f64)> = (0..self.spans.len())
            .filter(|&i| !self.spans[i].used && !bound(i))
            .filter_map(|i| match self.spans[i].tag {
                Tag::Number(y) if y.fract() == 0.0 && (1000.0..=2999.0).contains(&y) => Some((i, y)),
                _ => None,
            })
            .collect();
        let [(a, ya), (b, yb)] = years[..] else { return false };
        let ranked =
            self.spans.iter().any(|s| matches!(s.cue(), Some(Cue::High | Cue::Low | Cue::Most | Cue::Least | Cue::Max | Cue::Min)));
        let Tag::Field(ms) = &self.spans[measure].tag else { return false };
        let [m] = ms[..] else { return false };
        // The group asked: "Which company", "Welches Fach" (a category, not the measure).
        let asked = (0..measure).any(|k| {
            matches!(self.spans[k].cue(), Some(Cue::Which | Cue::What))
                && self.next_content(k).is_some_and(|g| {
                    matches!(&self.spans[g].tag, Tag::Field(gs) if gs.len() == 1 && gs[0] != m && !self.is_numeric(gs[0]) && !self.cat.fields[gs[0]].derived())
                })
        });
        let times: Vec<usize> = (0..self.cat.fields.len())
            .filter(|&f| {
                let fi = &self.cat.fields[f];
                !fi.is_change() && (fi.yearly || (self.is_date(f) && fi.part.is_none()) || matches!(fi.part, Some((_, DatePart::Year))))
            })
            .collect();
        let [t] = times[..] else { return false };
        if ya == yb || !ranked || !asked {
            return false;
        }
        let percent = self.spans.iter().any(|s| !s.used && percent_word(&fold(&s.raw)));
        let point = |y: f64| Filter::Cond { field: self.fref(t), pred: self.year_aware(t, CmpOp::Eq, Literal::Number(y)), negated: false };
        let (from, to) = if ya < yb { (point(ya), point(yb)) } else { (point(yb), point(ya)) };
        self.group_change = Some(Points { from, to, percent });
        for k in self.points_said([a, b], measure, percent) {
            self.spans[k].tag = Tag::Stop;
            self.spans[k].used = true;
        }
        true
    }

    /// The groups' ranking read with a change between two points (`read_group_points`) is by that
    /// change: a ranking of rows by the measure becomes one of groups.
    pub(super) fn by_group_change(&mut self, u: Understanding) -> Understanding {
        let Some(points) = self.group_change.take() else { return u };
        let Understanding::Exact { plan, confidence } = u else { return u };
        if std::env::var_os("TABLETALK_DEBUG_PARSE").is_some() {
            eprintln!("[group change] {plan:?}");
        }
        let plan = match plan {
            Plan::Rank { field, n, desc, label: Some(by), filter, values: false } => Plan::GroupTop {
                func: crate::query::plan::AggFn::Max,
                field: Some(field),
                by,
                n,
                desc,
                filter,
                change: Some(Box::new(points)),
            },
            Plan::GroupTop { func, field: Some(field), by, n, desc, filter, change: None } => {
                Plan::GroupTop { func, field: Some(field), by, n, desc, filter, change: Some(Box::new(points)) }
            }
            // Read otherwise, the change is not in the answer: not exact.
            _ => return Understanding::Retrieve { confidence: 0.0 },
        };
        Understanding::Exact { plan, confidence }
    }
}
