//! A yes/no question wraps the reading it asks about in a test (`Plan::Check`).

use crate::query::lang::{sign_word, Cue};
use crate::query::plan::{AggFn, CmpOp, CompareAsk, FieldRef, Filter, Literal, Measure, Plan, Predicate, Test};
use crate::query::shape::Shape;
use crate::query::tagger::Tag;

use super::parser::Parser;
use super::types::Understanding;

impl Parser<'_> {
    /// A yes/no question wraps its reading: the comparison it asks about becomes the test
    /// ("Is the highest X negative?", "Is the most common day Saturday?", "more A than B?").
    pub(super) fn as_yes_no(&mut self, u: Understanding) -> Understanding {
        if self.asked != Shape::Boolean {
            return u;
        }
        let Understanding::Exact { plan, confidence } = u else { return u };
        let sign = self.spans.iter().position(|s| s.tag == Tag::Unknown && sign_word(&crate::query::text::fold(&s.raw)).is_some());
        let wrap = |inner: Plan, test: Test| Understanding::Exact { plan: Plan::Check { inner: Box::new(inner), test }, confidence };
        let of_extreme = match &plan {
            Plan::Aggregate { func: AggFn::Max | AggFn::Min, field, filter } | Plan::Rank { field, n: 1, filter, .. } if sign.is_none() => {
                self.asked_of_extreme(field, filter)
            }
            _ => None,
        };
        match plan {
            // "Is the oldest passenger male?", "Is the animal with the longest sleep a carnivore?":
            // the value said after the superlative is asked of the row at the top (its label).
            Plan::Aggregate { func, field, filter } if of_extreme.is_some() => {
                let (label, value) = of_extreme.expect("checked");
                let (_, rest) =
                    take_cond(filter, |f, p| f == &label && matches!(p, Predicate::Cmp(CmpOp::Eq, Literal::Text(v)) if *v == value));
                wrap(
                    Plan::Rank { field, n: 1, desc: func == AggFn::Max, label: Some(label), filter: rest, values: false },
                    Test::Is { value },
                )
            }
            Plan::Rank { field, desc, filter, .. } if of_extreme.is_some() => {
                let (label, value) = of_extreme.expect("checked");
                let (_, rest) =
                    take_cond(filter, |f, p| f == &label && matches!(p, Predicate::Cmp(CmpOp::Eq, Literal::Text(v)) if *v == value));
                wrap(Plan::Rank { field, n: 1, desc, label: Some(label), filter: rest, values: false }, Test::Is { value })
            }
            // "Is the maximum horsepower found in only one car?": the top of the ranking held by one row.
            // Only a ranking that names its rows returns every row tied at the top, so the test needs a label.
            Plan::Aggregate { func: func @ (AggFn::Max | AggFn::Min), field, filter }
                if self.only_one().is_some() && self.cat.label.is_some() =>
            {
                self.mark_only_one();
                wrap(
                    Plan::Rank {
                        field,
                        n: 1,
                        desc: func == AggFn::Max,
                        label: self.cat.label.map(|l| self.fref(l)),
                        filter,
                        values: false,
                    },
                    Test::OneRow,
                )
            }
            Plan::Rank { field, n: 1, desc, label, filter, .. }
                if self.only_one().is_some() && (label.is_some() || self.cat.label.is_some()) =>
            {
                self.mark_only_one();
                wrap(
                    Plan::Rank { field, n: 1, desc, label: label.or_else(|| self.cat.label.map(|l| self.fref(l))), filter, values: false },
                    Test::OneRow,
                )
            }
            Plan::Aggregate { func, field, filter } => {
                if let Some(i) = sign {
                    self.spans[i].used = true;
                    let op = sign_word(&crate::query::text::fold(&self.spans[i].raw)).expect("checked");
                    return wrap(Plan::Aggregate { func, field, filter }, Test::Cmp { op, value: 0.0 });
                }
                if let Some((plan, test)) = self.aggregate_compared(func, &field, &filter) {
                    return wrap(plan, test);
                }
                // "Is the average tip above 3?": the comparison on the aggregated field is the test.
                let (taken, rest) = take_cond(filter.clone(), |f, p| f == &field && matches!(p, Predicate::Cmp(_, Literal::Number(_))));
                match taken {
                    Some(Predicate::Cmp(op, Literal::Number(v))) => {
                        wrap(Plan::Aggregate { func, field, filter: rest }, Test::Cmp { op, value: v })
                    }
                    _ => Understanding::Exact { plan: Plan::Aggregate { func, field, filter }, confidence },
                }
            }
            // "Was the yes share above 50% in every council area?", "Were all of Harper's appointees
            // Conservatives?": every row (of those the other conditions keep) passes the last condition.
            Plan::Count { filter: Some(f) } if self.every_word().is_some() => {
                let i = self.every_word().expect("checked");
                self.spans[i].used = true;
                let (filter, base) = match f {
                    Filter::And(mut parts) if parts.len() >= 2 => {
                        // A change's sign is what "every" tests ("grew in all quarters of 2010").
                        let signed = parts.iter().position(|p| {
                            self.signs.iter().any(|s| matches!(p, Filter::Cond { field, .. } if field.0 == self.cat.fields[s.2].name))
                        });
                        let tested = parts.remove(signed.unwrap_or(parts.len() - 1));
                        (tested, Filter::and(parts))
                    }
                    f => (f, None),
                };
                // A change has no value in the first row: "every quarter" is every quarter with one.
                let known: Vec<Filter> = match &filter {
                    Filter::Cond { field, .. } if self.cat.field(&field.0).is_some_and(|i| self.cat.fields[i].is_change()) => {
                        vec![Filter::Cond { field: field.clone(), pred: Predicate::Missing, negated: true }]
                    }
                    _ => Vec::new(),
                };
                let base = Filter::and(base.into_iter().chain(known).collect());
                wrap(Plan::Share { filter, base, of: None }, Test::Cmp { op: CmpOp::Eq, value: 100.0 })
            }
            Plan::Share { filter, base, of } if self.every_word().is_some() => {
                let i = self.every_word().expect("checked");
                self.spans[i].used = true;
                wrap(Plan::Share { filter, base, of }, Test::Cmp { op: CmpOp::Eq, value: 100.0 })
            }
            // "all" that no rule above read as "every row" is not "some row": left unanswered.
            Plan::Count { filter: Some(f) } if self.all_word() => {
                Understanding::Exact { plan: Plan::Count { filter: Some(f) }, confidence }
            }
            Plan::Count { filter: Some(f) } => wrap(Plan::Count { filter: Some(f) }, Test::Cmp { op: CmpOp::Gt, value: 0.0 }),
            Plan::Frequent { field, most, filter } => {
                let (taken, rest) =
                    take_cond(filter.clone(), |f, p| f == &field && matches!(p, Predicate::Cmp(CmpOp::Eq, Literal::Text(_))));
                match taken {
                    Some(Predicate::Cmp(_, Literal::Text(v))) => wrap(Plan::Frequent { field, most, filter: rest }, Test::Is { value: v }),
                    _ => Understanding::Exact { plan: Plan::Frequent { field, most, filter }, confidence },
                }
            }
            Plan::Rank { field, n: 1, desc, label: Some(label), filter, values: false } => {
                let (taken, rest) =
                    take_cond(filter.clone(), |f, p| f == &label && matches!(p, Predicate::Cmp(CmpOp::Eq, Literal::Text(_))));
                match taken {
                    Some(Predicate::Cmp(_, Literal::Text(v))) => {
                        wrap(Plan::Rank { field, n: 1, desc, label: Some(label), filter: rest, values: false }, Test::Is { value: v })
                    }
                    // "Was the oldest victim over 80 years old?": the extreme's value is the test.
                    _ if take_cond(filter.clone(), |f, p| f == &field && matches!(p, Predicate::Cmp(_, Literal::Number(_))))
                        .0
                        .is_some() =>
                    {
                        let (taken, rest) = take_cond(filter, |f, p| f == &field && matches!(p, Predicate::Cmp(_, Literal::Number(_))));
                        let Some(Predicate::Cmp(op, Literal::Number(v))) = taken else { unreachable!("checked by the guard") };
                        wrap(
                            Plan::Aggregate { func: if desc { AggFn::Max } else { AggFn::Min }, field, filter: rest },
                            Test::Cmp { op, value: v },
                        )
                    }
                    _ => Understanding::Exact {
                        plan: Plan::Rank { field, n: 1, desc, label: Some(label), filter, values: false },
                        confidence,
                    },
                }
            }
            // "Is the oldest patient over 80?": the extreme's value is the test.
            Plan::Rank { field, n: 1, desc, filter, .. }
                if take_cond(filter.clone(), |f, p| f == &field && matches!(p, Predicate::Cmp(_, Literal::Number(_)))).0.is_some() =>
            {
                let (taken, rest) = take_cond(filter, |f, p| f == &field && matches!(p, Predicate::Cmp(_, Literal::Number(_))));
                let Some(Predicate::Cmp(op, Literal::Number(v))) = taken else { unreachable!("checked by the guard") };
                wrap(Plan::Aggregate { func: if desc { AggFn::Max } else { AggFn::Min }, field, filter: rest }, Test::Cmp { op, value: v })
            }
            Plan::GroupTop { func, field, by, n: 1, desc, filter, change } => {
                let (taken, rest) = take_cond(filter.clone(), |f, p| f == &by && matches!(p, Predicate::Cmp(CmpOp::Eq, Literal::Text(_))));
                match taken {
                    Some(Predicate::Cmp(_, Literal::Text(v))) => {
                        wrap(Plan::GroupTop { func, field, by, n: 1, desc, filter: rest, change }, Test::Is { value: v })
                    }
                    _ => Understanding::Exact { plan: Plan::GroupTop { func, field, by, n: 1, desc, filter, change }, confidence },
                }
            }
            // "More Catholics than Evangelical Prot in the $100-150k bracket?": a number looked up for
            // two named rows, asked with a comparative, compares them.
            Plan::Lookup { field, key: Filter::Or(parts) }
                if (self.has(Cue::More) || self.has(Cue::Less))
                    && self.cat.field(&field.0).is_some_and(|f| self.is_numeric(f))
                    && two_values_of_one_field(&parts).is_some() =>
            {
                let (by, values) = two_values_of_one_field(&parts).expect("checked");
                for s in self.spans.iter_mut() {
                    if s.tag == Tag::Unknown && crate::query::lang::is_than(&crate::query::text::fold(&s.raw)) {
                        s.used = true;
                    }
                }
                let test = if self.has(Cue::Less) { Test::FirstFewer } else { Test::FirstMore };
                let measure = Some(Measure { func: None, field, implied: false });
                wrap(Plan::Compare { field: by, values, filter: None, measure, ask: CompareAsk::Which }, test)
            }
            Plan::Compare { field, values, filter, measure, ask: CompareAsk::Which } if values.len() == 2 => {
                for s in self.spans.iter_mut() {
                    if s.tag == Tag::Unknown && crate::query::lang::is_than(&crate::query::text::fold(&s.raw)) {
                        s.used = true;
                    }
                }
                let test = if self.as_many_as() {
                    Test::Same
                } else if self.has(Cue::Low) || self.has(Cue::Least) || self.has(Cue::Less) {
                    Test::FirstFewer
                } else {
                    Test::FirstMore
                };
                wrap(Plan::Compare { field, values, filter, measure, ask: CompareAsk::Which }, test)
            }
            // "War die Arbeitslosigkeit 1982 im Schnitt höher als 2009?", read as a test of the
            // average against 2009: the year compared, when the measure never reaches that number.
            Plan::Check { inner, test: Test::Cmp { op, value } } if matches!(inner.as_ref(), Plan::Aggregate { .. }) && op != CmpOp::Eq => {
                let Plan::Aggregate { func, field, filter } = *inner else { unreachable!("matched an aggregate") };
                let cond = Filter::Cond { field: field.clone(), pred: Predicate::Cmp(op, Literal::Number(value)), negated: false };
                let joined = Filter::and(std::iter::once(cond).chain(filter.clone()).collect());
                match self.aggregate_compared(func, &field, &joined) {
                    Some((plan, test)) => wrap(plan, test),
                    None => wrap(Plan::Aggregate { func, field, filter }, Test::Cmp { op, value }),
                }
            }
            Plan::DistinctValues { field, filter } if self.has(Cue::Distinct) => {
                wrap(Plan::DistinctCount { field, filter }, Test::AllDistinct)
            }
            // "Are all mpg values positive?": every value is, when the smallest is (the largest, for negative).
            Plan::DistinctValues { field, filter }
                if sign.is_some() && self.all_word() && self.cat.field(&field.0).is_some_and(|f| self.is_numeric(f)) =>
            {
                let i = sign.expect("checked");
                self.spans[i].used = true;
                let op = sign_word(&crate::query::text::fold(&self.spans[i].raw)).expect("checked");
                let func = if matches!(op, CmpOp::Gt | CmpOp::Ge) { AggFn::Min } else { AggFn::Max };
                wrap(Plan::Aggregate { func, field, filter }, Test::Cmp { op, value: 0.0 })
            }
            // "Were there any months in 2013 with a negative change?", "are there any stations with
            // no passenger count": the rows listed, asked whether any exist, are counted.
            Plan::List { filter: Some(f), .. } if self.any_word() && !self.all_word() => {
                wrap(Plan::Count { filter: Some(f) }, Test::Cmp { op: CmpOp::Gt, value: 0.0 })
            }
            plan => Understanding::Exact { plan, confidence },
        }
    }

    /// "Are there (exactly) as many men as women?", "¿Hay tantos hombres como mujeres?": the
    /// comparison asks whether the two are equal (`tagger::as_many_as` read it as "more … than").
    fn as_many_as(&self) -> bool {
        let folds: Vec<String> = self.spans.iter().map(|s| crate::query::text::fold(&s.raw)).collect();
        folds
            .windows(2)
            .any(|w| matches!((w[0].as_str(), w[1].as_str()), ("as", "many") | ("genauso" | "gleich" | "ebenso" | "so", "viele")))
            || folds.iter().any(|w| matches!(w.as_str(), "tantos" | "tantas" | "tants" | "tantes"))
    }

    /// An aggregate asked "higher than" of two groups is a comparison of the two
    /// ("do german cars get better mpg on average than italian ones", "is average cholesterol
    /// higher for women (sex 0) than for men", "War die Arbeitslosigkeit 1982 im Schnitt höher als
    /// 2009?"): the groups are two values of one field, a yes/no value and the other one, or a year
    /// and the number after "than" that the measure never reaches.
    fn aggregate_compared(&mut self, func: AggFn, field: &FieldRef, filter: &Option<Filter>) -> Option<(Plan, Test)> {
        // "than" alone, or ending a comparison read as an operator ("höher als", "warmer than").
        let than_op = self.spans.iter().position(|s| {
            matches!(s.cue(), Some(Cue::Op(CmpOp::Gt | CmpOp::Ge | CmpOp::Lt | CmpOp::Le)))
                && crate::query::lang::ends_in_than(&crate::query::text::fold(&s.raw))
        });
        let (more, less) = match than_op.and_then(|i| self.spans[i].cue()) {
            Some(Cue::Op(op)) => (matches!(op, CmpOp::Gt | CmpOp::Ge), matches!(op, CmpOp::Lt | CmpOp::Le)),
            _ => (self.has(Cue::More) || self.has(Cue::High), self.has(Cue::Less) || self.has(Cue::Low)),
        };
        if more == less {
            return None;
        }
        let than = than_op.or_else(|| {
            self.spans.iter().position(|s| s.tag == Tag::Unknown && crate::query::lang::is_than(&crate::query::text::fold(&s.raw)))
        })?;
        let test = if more { Test::FirstMore } else { Test::FirstFewer };
        let measure = Some(Measure { func: Some(func), field: field.clone(), implied: false });
        let compared = |by: FieldRef, values: Vec<String>, rest: Option<Filter>, measure: Option<Measure>| {
            (Plan::Compare { field: by, values, filter: rest, measure, ask: CompareAsk::Which }, test.clone())
        };
        match filter {
            // Two values of one field, and nothing else kept.
            Some(Filter::Or(parts)) => {
                let (by, values) = two_values_of_one_field(parts)?;
                self.spans[than].used = true;
                Some(compared(by, values, None, measure))
            }
            Some(f) => {
                // A year compared with the number after "than", which the measure never reaches.
                let (taken, rest) =
                    take_cond(Some(f.clone()), |r, p| r == field && matches!(p, Predicate::Cmp(o, Literal::Number(_)) if *o != CmpOp::Eq));
                if let Some(Predicate::Cmp(_, Literal::Number(v))) = taken {
                    let outside = self.cat.field(&field.0).and_then(|k| self.cat.fields[k].range).is_some_and(|(lo, hi)| v < lo || v > hi);
                    let (year, rest) = take_cond(rest, |r, p| {
                        self.cat.field(&r.0).is_some_and(|k| {
                            (self.cat.fields[k].yearly && matches!(p, Predicate::Cmp(CmpOp::Eq, Literal::Number(_))))
                                || (self.is_date(k) && matches!(p, Predicate::Year(_)))
                        })
                    });
                    let by = f.conds().iter().find(|(_, p, _)| Some(*p) == year.as_ref()).map(|(r, _, _)| (*r).clone())?;
                    let y = match year? {
                        Predicate::Cmp(_, Literal::Number(y)) => y,
                        Predicate::Year(y) => f64::from(y),
                        _ => return None,
                    };
                    let k = self.cat.field(&by.0)?;
                    let in_years = self.cat.fields[k].range.map_or((1000.0..=2999.0).contains(&v), |(lo, hi)| (lo..=hi).contains(&v));
                    if !outside || v.fract() != 0.0 || !in_years || v == y {
                        return None;
                    }
                    if let Some(s) = self.spans.iter_mut().find(|s| s.tag == Tag::Number(v)) {
                        s.used = true;
                    }
                    self.spans[than].used = true;
                    return Some(compared(by, vec![(y as i64).to_string(), (v as i64).to_string()], rest, measure));
                }
                // A yes/no value and, after "than", the other one in words of its own ("than for
                // men", "than weekday ones", "than those without"): at most two words, none known.
                let Filter::Cond { field: by, pred: Predicate::Cmp(CmpOp::Eq, Literal::Bool(b)), negated: false } = f else { return None };
                let k = self.cat.field(&by.0)?;
                if !self.cat.fields[k].yes_no() || by == field {
                    return None;
                }
                let after: Vec<usize> = (than + 1..self.spans.len()).filter(|&i| self.spans[i].tag != Tag::Stop).collect();
                let other_words = !after.is_empty()
                    && after.len() <= 2
                    && after.iter().all(|&i| self.spans[i].tag == Tag::Unknown || matches!(self.spans[i].cue(), Some(Cue::Not)))
                    && after.iter().any(|&i| self.spans[i].tag == Tag::Unknown);
                if !other_words {
                    return None;
                }
                for i in std::iter::once(than).chain(after) {
                    self.spans[i].used = true;
                }
                Some(compared(by.clone(), vec![b.to_string(), (!b).to_string()], None, measure))
            }
            None => None,
        }
    }

    /// "any", "ever", "algún", "irgendein": the question asks whether some row exists.
    fn any_word(&self) -> bool {
        self.spans.iter().any(|s| crate::query::lang::is_existence_word(&crate::query::text::fold(&s.raw)))
    }
}

impl Parser<'_> {
    /// The category value a yes/no question asks of the row at the top of a ranking: the last value
    /// named after the superlative and the measure ("Is the oldest passenger in 1st class male?":
    /// sex = male; 1st class still filters), with nothing after it but its own field's name.
    fn asked_of_extreme(&self, field: &FieldRef, filter: &Option<Filter>) -> Option<(FieldRef, String)> {
        let sup = self.spans.iter().position(|s| matches!(s.cue(), Some(Cue::High | Cue::Low)))?;
        let measure = self.cat.field(&field.0)?;
        let at = self.spans.iter().rposition(|s| matches!(s.tag, Tag::Value(_)))?;
        let Tag::Value(hits) = &self.spans[at].tag else { return None };
        let f = hits.first()?.field;
        let value = hits.first()?.value.clone();
        if at <= sup || hits.iter().any(|h| h.field != f) || f == measure || !self.cat.fields[f].categorical || self.is_numeric(f) {
            return None;
        }
        // The measure is named between the superlative and the value ("the oldest passenger", "the highest age").
        let named_measure = self.spans[sup..at].iter().any(|s| matches!(&s.tag, Tag::Field(fs) if fs.contains(&measure)));
        let after_ok =
            self.spans[at + 1..].iter().all(|s| matches!(&s.tag, Tag::Stop) || matches!(&s.tag, Tag::Field(fs) if fs == &vec![f]));
        // Between them only the rows' noun and what filters them ("in 1st class").
        let valued = |g: usize| self.spans.iter().any(|s| matches!(&s.tag, Tag::Value(hs) if hs.iter().all(|h| h.field == g)));
        let between_ok = self.spans[sup + 1..at].iter().all(|s| {
            matches!(s.tag, Tag::Stop | Tag::Alias | Tag::Value(_) | Tag::Cue(Cue::In | Cue::Of))
                || matches!(&s.tag, Tag::Field(fs) if fs.contains(&measure) || fs.iter().all(|&g| valued(g)))
        });
        let label = self.fref(f);
        let in_filter =
            take_cond(filter.clone(), |r, p| *r == label && matches!(p, Predicate::Cmp(CmpOp::Eq, Literal::Text(v)) if *v == value))
                .0
                .is_some();
        (named_measure && after_ok && between_ok && in_filter).then_some((label, value))
    }

    /// "all", "every", "todos", "alle", "tots": the question is about each value.
    pub(super) fn all_word(&self) -> bool {
        self.spans.iter().enumerate().any(|(i, s)| {
            let w = crate::query::text::fold(&s.raw);
            // "did it snow at all in 2015": "at all" stresses "any", it says no "every".
            let at_all = w == "all" && i > 0 && crate::query::text::fold(&self.spans[i - 1].raw) == "at";
            !at_all
                && matches!(
                    w.as_str(),
                    "all"
                        | "every"
                        | "each"
                        | "always"
                        | "siempre"
                        | "sempre"
                        | "immer"
                        | "stets"
                        | "todos"
                        | "todas"
                        | "tots"
                        | "totes"
                        | "alle"
                        | "jeder"
                        | "jede"
                        | "jedes"
                        | "cada"
                )
        })
    }

    /// "only one", "a single", "just one", "un solo", "una sola", "només un", "nur ein": the
    /// spans that say one row alone (their positions), if the question says so.
    fn only_one(&self) -> Option<Vec<usize>> {
        let folds: Vec<String> = self.spans.iter().map(|s| crate::query::text::fold(&s.raw)).collect();
        (0..self.spans.len().saturating_sub(1)).find_map(|i| {
            let (w, next) = (folds[i].as_str(), folds[i + 1].as_str());
            let one = matches!(self.spans[i + 1].tag, Tag::Number(n) if n == 1.0)
                || matches!(next, "one" | "un" | "una" | "ein" | "einer" | "einem" | "einen");
            let lead = matches!(w, "only" | "just" | "solo" | "nomes" | "nur") && one;
            let single =
                matches!(w, "a" | "un" | "una" | "einer" | "einem") && matches!(next, "single" | "solo" | "sola" | "sol" | "einzigen");
            (lead || single).then(|| vec![i, i + 1])
        })
    }

    fn mark_only_one(&mut self) {
        for i in self.only_one().unwrap_or_default() {
            self.spans[i].used = true;
        }
        // "found in", "held by", "in a single row": the verb and the row only say where.
        for s in self.spans.iter_mut() {
            let w = crate::query::text::fold(&s.raw);
            if s.tag == Tag::Unknown
                && (matches!(w.as_str(), "found" | "held" | "shared" | "reached" | "seen" | "present" | "achieved")
                    || crate::query::lang::is_row_word(&w))
            {
                s.used = true;
            }
            if s.tag == Tag::Cue(Cue::Per) && w == "by" {
                s.used = true;
            }
        }
    }

    /// A word that quantifies over every row ("every", "all of", "jeder", "cada", "totes"), not yet used.
    pub(super) fn every_word(&self) -> Option<usize> {
        (0..self.spans.len()).find(|&i| {
            let s = &self.spans[i];
            let w = crate::query::text::fold(&s.raw);
            let all_of = w == "all" && self.spans.get(i + 1).is_some_and(|n| crate::query::text::fold(&n.raw) == "of");
            // "Are all cars from USA?", "Sind alle Autos…": "all" before the rows' noun.
            // "Are all Japanese cars …", "Are all the smokers male?": or a value that names the rows.
            let all_rows = matches!(w.as_str(), "all" | "alle")
                && self.next_content(i).is_some_and(|j| matches!(self.spans[j].tag, Tag::Alias | Tag::Value(_)));
            // ("Hat jeder Flughafen …?": "jeder" before the rows' noun, in a yes/no question, is no "per".)
            let each_row = s.tag == Tag::Cue(Cue::Per)
                && self.asked == Shape::Boolean
                && self.next_content(i).is_some_and(|j| self.spans[j].tag == Tag::Alias);
            !s.used
                && (matches!(s.tag, Tag::Unknown | Tag::Stop) || each_row)
                && (all_of
                    || all_rows
                    || matches!(
                        w.as_str(),
                        "every"
                            // "Is the crystal radius always bigger than the ionic radius?": in every row.
                            | "always"
                            | "siempre"
                            | "sempre"
                            | "immer"
                            | "stets"
                            | "jeder"
                            | "jede"
                            | "jedem"
                            | "jeden"
                            | "jedes"
                            | "cada"
                            | "todos"
                            | "todas"
                            | "tots"
                            | "totes"
                            | "for every"
                            | "for each"
                            | "for all"
                            | "in every"
                            | "in all"
                    ))
        })
    }
}

/// Takes the first top-level condition matching `pick` out of a filter: (its predicate, the rest).
pub(super) fn take_cond(filter: Option<Filter>, pick: impl Fn(&FieldRef, &Predicate) -> bool) -> (Option<Predicate>, Option<Filter>) {
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

/// `A = x or A = y`: the field and its two text values, in the order named.
fn two_values_of_one_field(parts: &[Filter]) -> Option<(FieldRef, Vec<String>)> {
    let [Filter::Cond { field: a, pred: Predicate::Cmp(CmpOp::Eq, Literal::Text(x)), negated: false }, Filter::Cond { field: b, pred: Predicate::Cmp(CmpOp::Eq, Literal::Text(y)), negated: false }] =
        parts
    else {
        return None;
    };
    (a == b && x != y).then(|| (a.clone(), vec![x.clone(), y.clone()]))
}

#[cfg(test)]
mod tests {
    use super::super::parser::with_parser;
    use super::*;

    const CSV: &str =
        "name,origin,mpg,cylinders,hp,year\nA,USA,18,8,150,1970\nB,Japan,31,4,,1972\nC,Europe,26,4,90,1970\nD,USA,15,8,170,1975\n";

    fn wrapped(q: &str, plan: Plan) -> Understanding {
        with_parser("cars.csv", CSV, q, |p| p.as_yes_no(Understanding::Exact { plan, confidence: 0.9 }))
    }

    fn avg_mpg(filter: Option<Filter>) -> Plan {
        Plan::Aggregate { func: AggFn::Avg, field: FieldRef("mpg".into()), filter }
    }

    #[test]
    fn a_sign_word_tests_against_zero() {
        match wrapped("Is the average mpg negative?", avg_mpg(None)) {
            Understanding::Exact { plan: Plan::Check { test: Test::Cmp { op: CmpOp::Lt, value }, .. }, .. } => assert_eq!(value, 0.0),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_comparison_on_the_aggregated_field_becomes_the_test() {
        let over = Filter::Cond { field: FieldRef("mpg".into()), pred: Predicate::Cmp(CmpOp::Gt, Literal::Number(30.0)), negated: false };
        match wrapped("Is the average mpg over 30?", avg_mpg(Some(over))) {
            Understanding::Exact { plan: Plan::Check { inner, test: Test::Cmp { op: CmpOp::Gt, value } }, .. } => {
                assert_eq!(value, 30.0);
                assert_eq!(*inner, avg_mpg(None));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_question_that_is_not_yes_no_is_left_alone() {
        assert_eq!(wrapped("What is the average mpg?", avg_mpg(None)), Understanding::Exact { plan: avg_mpg(None), confidence: 0.9 });
    }

    #[test]
    fn take_cond_removes_only_the_condition_picked() {
        let a = Filter::Cond { field: FieldRef("mpg".into()), pred: Predicate::Cmp(CmpOp::Gt, Literal::Number(30.0)), negated: false };
        let b =
            Filter::Cond { field: FieldRef("origin".into()), pred: Predicate::Cmp(CmpOp::Eq, Literal::Text("USA".into())), negated: false };
        let (taken, rest) = take_cond(Some(Filter::And(vec![a, b.clone()])), |f, _| f.0 == "mpg");
        assert_eq!(taken, Some(Predicate::Cmp(CmpOp::Gt, Literal::Number(30.0))));
        assert_eq!(rest, Some(b));
    }
}
