//! Values of one field compared by a number: which is larger, each in order, or the difference; groups that pass a test.

use crate::query::lang::{sign_word, Cue};
use crate::query::plan::{AggFn, CmpOp, CompareAsk, Filter, Measure, Plan, Predicate, Test};
use crate::query::shape::Shape;
use crate::query::tagger::Tag;
use crate::schema::ColumnType;

use super::parser::{content_word, At, Parser, R};
use super::types::Understanding;

impl Parser<'_> {
    /// One field named with several values and a number asked of each: "Brazil's life expectancy
    /// in 1952, 1977 and 2007" (each, in order), "How much higher is X in Alaska than in Hawaii?",
    /// "By how much did it grow from 1935 to 1954?" (a difference), "Did it drop between …?".
    pub(super) fn per_value(&mut self, conds: &[At], targets: &[usize]) -> R<Option<Understanding>> {
        let Some((field, mut values, rest)) = compared_field(conds).or_else(|| self.compared_years(conds)) else { return Ok(None) };
        let change = self
            .spans
            .iter()
            .position(|s| matches!(s.tag, Tag::Unknown | Tag::Stop) && change_word(&crate::query::text::fold(&s.raw)).is_some());
        let comparative = self.has(Cue::More) || self.has(Cue::Less) || self.has(Cue::High) || self.has(Cue::Low);
        let ask = match (change, comparative, self.asked) {
            (Some(_), _, Shape::Number | Shape::Open | Shape::Boolean) if values.len() == 2 => CompareAsk::Difference,
            (None, true, Shape::Number) if values.len() == 2 => CompareAsk::Difference,
            // "Watts or Compton" counts the rows of either; "Manitoba, Saskatchewan and Alberta" each.
            (None, false, Shape::Number | Shape::Open | Shape::List { .. }) if !self.has(Cue::Or) => CompareAsk::Each,
            _ => return Ok(None),
        };
        // "for each thal value, 0 to 3", "each year 2012 to 2015": the whole run of whole numbers.
        if ask == CompareAsk::Each {
            if let Some(run) = self.run_of_values(&values) {
                values = run;
            }
        }
        let filter = self.combine(&rest)?;
        self.check_contradictions(filter.as_ref())?;
        let filtered: Vec<String> = filter.as_ref().map(|f| f.conds().iter().map(|(r, _, _)| r.0.clone()).collect()).unwrap_or_default();
        let measure = targets
            .iter()
            .copied()
            .find(|&f| self.is_numeric(f) && f != field && !filtered.contains(&self.cat.fields[f].name))
            .map(|f| Measure { func: self.agg_named().filter(|a| *a != AggFn::Count), field: self.fref(f), implied: false })
            .or_else(|| self.sole_measure_summed(field, &filtered));
        // Counts of each value: "17, 18 und 19 Jahre"; two values joined by "and" ("Male and
        // Female") stay a contradiction asked back, unless "each" says so.
        // ("How many are pre- and how many postmenopausal?": the count asked twice is each.)
        let each_word = self.spans.iter().any(|s| {
            crate::query::text::fold(&s.raw)
                .split_whitespace()
                .any(|w| matches!(w, "each" | "respectively" | "cada" | "cadascun" | "jeweils" | "je"))
        }) || self.spans.iter().filter(|s| s.cue() == Some(Cue::HowMany)).count() >= 2;
        if measure.is_none() && !(ask == CompareAsk::Each && self.has(Cue::HowMany) && (values.len() >= 3 || each_word)) {
            return Ok(None);
        }
        for s in self.spans.iter_mut() {
            let w = crate::query::text::fold(&s.raw);
            if s.tag == Tag::Unknown
                && (change_word(&w).is_some()
                    || matches!(w.as_str(), "than" | "que" | "als" | "from" | "to" | "de" | "a" | "von" | "bis" | "del" | "al"))
            {
                s.used = true;
            }
            // "By how much": not "per".
            if s.tag == Tag::Cue(Cue::Per) && w == "by" {
                s.tag = Tag::Stop;
            }
        }
        let than = self.spans.iter().any(|s| crate::query::lang::is_than(&crate::query::text::fold(&s.raw)));
        let falls = change.and_then(|i| change_word(&crate::query::text::fold(&self.spans[i].raw))) == Some(false);
        let less = self.has(Cue::Less) || self.has(Cue::Low);
        // The difference is first minus second: "A than B" as named ("lower": B − A); a change
        // "from A to B" is B − A, a fall A − B (both positive when the words are true).
        // "the difference between manual and automatic": no direction in time, so first minus
        // second as named (between years it is still the later minus the earlier).
        let neutral = change.is_some_and(|i| {
            matches!(crate::query::text::fold(&self.spans[i].raw).as_str(), "difference" | "gap" | "diferencia" | "unterschied")
        }) && !values.iter().all(|v| v.parse::<f64>().is_ok_and(|y| (1000.0..=2999.0).contains(&y)));
        if ask == CompareAsk::Difference && ((than && less) || (!than && !falls && !neutral)) {
            values.reverse();
        }
        let plan = Plan::Compare { field: self.fref(field), values, filter, measure, ask };
        Ok(Some(match (self.asked, change) {
            // "Did life expectancy in Rwanda drop between 1987 and 1992?": the change's sign is the answer.
            (Shape::Boolean, Some(_)) => Understanding::Exact {
                plan: Plan::Check { inner: Box::new(plan), test: Test::Cmp { op: CmpOp::Gt, value: 0.0 } },
                confidence: 0.9,
            },
            (Shape::Boolean, None) => return Ok(None),
            _ => self.exact(plan),
        }))
    }

    /// "Did renewable generation grow every single year?", "did robberies go down every year from
    /// 2012 to 2016": the measure per period (added up where it counts things, else averaged),
    /// each step going the way the change word says.
    pub(super) fn every_step(&mut self, conds: &[At], targets: &[usize]) -> R<Option<Understanding>> {
        if self.asked != Shape::Boolean {
            return Ok(None);
        }
        let fold = |p: &Self, i: usize| crate::query::text::fold(&p.spans[i].raw);
        const NEUTRAL: &[&str] = &["change", "changed", "difference", "gap", "diferencia", "unterschied", "cambio", "canvi"];
        let Some((c, rising)) = (0..self.spans.len()).find_map(|i| {
            let w = fold(self, i);
            (matches!(self.spans[i].tag, Tag::Unknown | Tag::Stop) && !NEUTRAL.contains(&w.as_str()))
                .then(|| change_word(&w).map(|r| (i, r)))
                .flatten()
        }) else {
            return Ok(None);
        };
        // "every (single) year", "each month", "cada año", "jedes Jahr".
        const EVERY: &[&str] = &["every", "each", "cada", "jedes", "jeden", "jedem", "cadascun"];
        let Some((e, p_at)) = (0..self.spans.len()).find_map(|i| {
            if !EVERY.contains(&fold(self, i).as_str()) {
                return None;
            }
            let mut j = self.next_content_or_stop(i)?;
            if matches!(fold(self, j).as_str(), "single" | "einzelne" | "einzelnen") {
                j = self.next_content_or_stop(j)?;
            }
            crate::query::lang::is_period_word(&fold(self, j)).then_some((i, j))
        }) else {
            return Ok(None);
        };
        let period = match &self.spans[p_at].tag {
            Tag::Field(fs)
                if fs.len() == 1 && (self.cat.fields[fs[0]].yearly || self.is_date(fs[0]) || self.cat.fields[fs[0]].derived()) =>
            {
                Some(fs[0])
            }
            _ => self.unique(|f| self.cat.fields[f].yearly).or_else(|| self.unique(|f| self.is_date(f))),
        };
        let Some(period) = period else { return Ok(None) };
        let measures: Vec<usize> = targets
            .iter()
            .copied()
            .filter(|&t| t != period && self.is_numeric(t) && !self.cat.fields[t].yearly && !self.cat.fields[t].derived())
            .collect();
        let [m] = measures.as_slice() else { return Ok(None) };
        let named = self.agg_named().filter(|a| matches!(a, AggFn::Avg | AggFn::Sum | AggFn::Median | AggFn::Max | AggFn::Min));
        let func = named.unwrap_or(if self.cat.fields[*m].whole_amount() { AggFn::Sum } else { AggFn::Avg });
        // "from 2012 to 2016" read as the two years a change compares: here, every year between.
        let name = self.cat.fields[period].name.clone();
        let year_of = |c: &At| match &c.filter {
            Filter::Cond { field, pred: Predicate::Cmp(CmpOp::Eq, crate::query::plan::Literal::Number(y)), negated: false }
                if field.0 == name =>
            {
                Some(*y)
            }
            Filter::Cond { field, pred: Predicate::Year(y), negated: false } if field.0 == name => Some(f64::from(*y)),
            _ => None,
        };
        let ends: Vec<f64> = conds.iter().filter_map(year_of).collect();
        let mut conds: Vec<At> = conds.to_vec();
        if let [a, b] = ends.as_slice() {
            let (lo, hi) = (a.min(*b), a.max(*b));
            let (pos, end) = (conds.iter().map(|c| c.pos).min().unwrap_or(0), conds.iter().map(|c| c.end).max().unwrap_or(0));
            conds.retain(|c| year_of(c).is_none());
            let pred = if self.is_date(period) {
                Predicate::Between(
                    crate::query::plan::Literal::Date(format!("{lo:.0}-01-01")),
                    crate::query::plan::Literal::Date(format!("{hi:.0}-12-31")),
                )
            } else {
                Predicate::Between(crate::query::plan::Literal::Number(lo), crate::query::plan::Literal::Number(hi))
            };
            conds.push(At {
                pos,
                end,
                filter: Filter::Cond { field: self.fref(period), pred, negated: false },
                eq_value: None,
                kind: super::parser::Kind::Range,
            });
        }
        let filter = self.combine(&conds)?;
        self.check_contradictions(filter.as_ref())?;
        for i in [c, e, p_at] {
            self.spans[i].used = true;
        }
        for i in e..p_at {
            if matches!(fold(self, i).as_str(), "single" | "einzelne" | "einzelnen") {
                self.spans[i].used = true;
            }
        }
        // ("go down", "went up": the verb of the change says no more.)
        if c > 0 && matches!(fold(self, c - 1).as_str(), "go" | "went" | "gone" | "going") {
            self.spans[c - 1].used = true;
        }
        let inner = Plan::Group {
            func,
            field: Some(self.fref(*m)),
            by: self.fref(period),
            filter,
            chart: crate::query::plan::ChartKind::Line,
            desc: None,
        };
        Ok(Some(self.exact(Plan::Check { inner: Box::new(inner), test: Test::Steps { rising } })))
    }

    /// "yearly totals for 1982, 1983 and 1984" naming no field: a sum or average over the table's
    /// one measure (a number that is no date, year, id, flag or derived change), where it has one.
    fn sole_measure_summed(&self, compared: usize, filtered: &[String]) -> Option<Measure> {
        let func = self.agg_named().filter(|a| matches!(a, AggFn::Sum | AggFn::Avg | AggFn::Median))?;
        if self.spans.iter().any(|s| matches!(s.tag, Tag::Field(_) | Tag::Group(_) | Tag::Unknown) && !s.used && content_word(&s.raw)) {
            return None;
        }
        let f = self.unique(|f| {
            let fi = &self.cat.fields[f];
            f != compared
                && fi.ty.is_numeric()
                && !fi.flag
                && !fi.yearly
                && !fi.derived()
                && !self.identifies(f)
                && !filtered.contains(&fi.name)
        })?;
        Some(Measure { func: Some(func), field: self.fref(f), implied: false })
    }

    /// Two or more years of one date column ("renewable generation in 2015, 2016 and 2017" over a
    /// column of 2015-01-01 …): the years are the compared values (read as one filter no row meets).
    fn compared_years(&self, conds: &[At]) -> Option<(usize, Vec<String>, Vec<At>)> {
        let years: Vec<(usize, usize, i32)> = conds
            .iter()
            .enumerate()
            .filter_map(|(k, c)| match &c.filter {
                Filter::Cond { field, pred: Predicate::Year(y), negated: false } => {
                    self.cat.field(&field.0).filter(|&f| self.is_date(f)).map(|f| (k, f, *y))
                }
                _ => None,
            })
            .collect();
        let field = years.first()?.1;
        let mut values: Vec<String> = Vec::new();
        for (_, f, y) in &years {
            let y = y.to_string();
            if *f != field || values.contains(&y) {
                return None;
            }
            values.push(y);
        }
        if values.len() < 2 {
            return None;
        }
        let rest = conds
            .iter()
            .enumerate()
            .filter(|(k, _)| !years.iter().any(|(j, _, _)| j == k))
            .map(|(_, a)| At { pos: a.pos, end: a.end, filter: a.filter.clone(), eq_value: None, kind: a.kind })
            .collect();
        Some((field, values, rest))
    }

    /// Two whole numbers named as the ends of a run ("0 to 3", "2012 bis 2015"): every whole number
    /// from the first to the second (at most 60), or `None` when the two are named otherwise.
    fn run_of_values(&self, values: &[String]) -> Option<Vec<String>> {
        let [a, b] = values else { return None };
        let (x, y) = (a.parse::<i64>().ok()?, b.parse::<i64>().ok()?);
        if y <= x || y - x > 60 {
            return None;
        }
        let at = |v: i64| self.spans.iter().position(|s| s.raw.trim().parse::<i64>().ok() == Some(v));
        let (i, k) = (at(x)?, at(y)?);
        let joined = k == i + 2
            && matches!(
                crate::query::text::fold(&self.spans[i + 1].raw).as_str(),
                "to" | "through" | "thru" | "until" | "till" | "a" | "al" | "hasta" | "fins" | "bis"
            );
        joined.then(|| (x..=y).map(|v| v.to_string()).collect())
    }

    /// "Were there more passengers in 1960 than in 1959?", "War die Arbeitslosigkeit 1982 im Schnitt
    /// höher als 2009?": two years of one date column, a measure added up (a count) or averaged (as
    /// named) in each. (Both years were read as one filter that no row can meet.)
    pub(super) fn years_compared(&mut self, conds: &[At], targets: &[usize]) -> R<Option<Understanding>> {
        let comparative = self.has(Cue::More) || self.has(Cue::Less) || self.has(Cue::High) || self.has(Cue::Low);
        if !comparative || !matches!(self.asked, Shape::Boolean | Shape::Category) {
            return Ok(None);
        }
        let years: Vec<(usize, usize, i32)> = conds
            .iter()
            .enumerate()
            .filter_map(|(k, c)| match &c.filter {
                Filter::Cond { field, pred: Predicate::Year(y), negated: false } => {
                    self.cat.field(&field.0).filter(|&f| self.is_date(f)).map(|f| (k, f, *y))
                }
                _ => None,
            })
            .collect();
        let [(_, f, a), (_, g, b)] = years.as_slice() else { return Ok(None) };
        if f != g || a == b {
            return Ok(None);
        }
        let rest: Vec<At> = conds
            .iter()
            .enumerate()
            .filter(|(k, _)| !years.iter().any(|(j, _, _)| j == k))
            .map(|(_, c)| At { pos: c.pos, end: c.end, filter: c.filter.clone(), eq_value: c.eq_value.clone(), kind: c.kind })
            .collect();
        let filter = self.combine(&rest)?;
        self.check_contradictions(filter.as_ref())?;
        let Some(&m) = targets.iter().find(|&&t| self.is_numeric(t) && t != *f && !self.cat.fields[t].yearly) else { return Ok(None) };
        // A count per period ("passengers") adds up; anything else is compared as named, or asked back.
        let named = self.agg_named().filter(|a| matches!(a, AggFn::Avg | AggFn::Sum | AggFn::Median | AggFn::Max | AggFn::Min));
        let counts = self.cat.fields[m].whole_amount();
        let func = named.or(counts.then_some(AggFn::Sum));
        let measure = Some(Measure { func, field: self.fref(m), implied: named.is_none() && func.is_some() });
        Ok(Some(self.exact(Plan::Compare {
            field: self.fref(*f),
            values: vec![a.to_string(), b.to_string()],
            filter,
            measure,
            ask: CompareAsk::Which,
        })))
    }

    /// "Was January 1998 warmer than January 1983?": a measure and a year, a comparison ending in
    /// "than", the same measure and another year, and nothing else: the measure's values in the
    /// two years compared (each year must name one row, else the answer asks which).
    pub(super) fn measure_years_compared(&mut self) -> R<Option<Understanding>> {
        if self.asked != Shape::Boolean {
            return Ok(None);
        }
        let content: Vec<usize> = (0..self.spans.len()).filter(|&i| self.spans[i].tag != Tag::Stop).collect();
        let [a, y1, op, b, y2] = content.as_slice() else { return Ok(None) };
        let (Tag::Field(fa), Tag::Field(fb), Tag::Number(n1), Tag::Number(n2)) =
            (&self.spans[*a].tag, &self.spans[*b].tag, &self.spans[*y1].tag, &self.spans[*y2].tag)
        else {
            return Ok(None);
        };
        let (n1, n2) = (*n1, *n2);
        let ([f], true) = (fa.as_slice(), fa == fb) else { return Ok(None) };
        let f = *f;
        let than = crate::query::lang::ends_in_than(&crate::query::text::fold(&self.spans[*op].raw));
        let more = match self.spans[*op].cue() {
            Some(Cue::Op(CmpOp::Gt | CmpOp::Ge) | Cue::More | Cue::High) => true,
            Some(Cue::Op(CmpOp::Lt | CmpOp::Le) | Cue::Less | Cue::Low) => false,
            _ => return Ok(None),
        };
        if !than || !self.is_numeric(f) || self.cat.fields[f].yearly || n1 == n2 || n1.fract() != 0.0 || n2.fract() != 0.0 {
            return Ok(None);
        }
        // Numbers the measure never holds, and years of the one year column.
        let outside = |n: f64| self.cat.fields[f].range.is_some_and(|(lo, hi)| n < lo || n > hi);
        let Some(year) = self.unique(|g| self.cat.fields[g].yearly) else { return Ok(None) };
        let in_years = |n: f64| self.cat.fields[year].range.is_some_and(|(lo, hi)| (lo..=hi).contains(&n));
        if !(outside(n1) && outside(n2) && in_years(n1) && in_years(n2)) {
            return Ok(None);
        }
        for &i in &content {
            self.spans[i].used = true;
        }
        let plan = Plan::Compare {
            field: self.fref(year),
            values: vec![(n1 as i64).to_string(), (n2 as i64).to_string()],
            filter: None,
            measure: Some(Measure { func: None, field: self.fref(f), implied: false }),
            ask: CompareAsk::Which,
        };
        let test = if more { Test::FirstMore } else { Test::FirstFewer };
        Ok(Some(self.exact(Plan::Check { inner: Box::new(plan), test })))
    }

    /// "What is the range of X?", "the gap between the highest and the lowest X", "diferencia entre
    /// el valor máximo y el mínimo de Si": the largest value less the smallest, one number.
    pub(super) fn range_of_field(&mut self, conds: &[At], targets: &[usize]) -> R<Option<Understanding>> {
        // "Which month has the biggest spread between its highest and lowest value?": the groups
        // named after "which", ranked by their own range.
        let group = (self.asked == Shape::Category)
            .then(|| {
                let i = self.spans.iter().position(|s| matches!(s.cue(), Some(Cue::Which | Cue::What)))?;
                let j = self.next_content(i)?;
                match &self.spans[j].tag {
                    Tag::Field(fs) if fs.len() == 1 && (!self.is_numeric(fs[0]) || self.cat.fields[fs[0]].categorical) => Some(fs[0]),
                    _ => None,
                }
            })
            .flatten();
        if !matches!(self.asked, Shape::Number | Shape::Open) && group.is_none() {
            return Ok(None);
        }
        let folds: Vec<String> = self.spans.iter().map(|s| crate::query::text::fold(&s.raw)).collect();
        let free_at: Vec<bool> = self.spans.iter().map(|s| matches!(s.tag, Tag::Unknown | Tag::Stop) && !s.used).collect();
        let free = |k: usize| free_at[k];
        let both_ends = (self.has(Cue::High) || self.has(Cue::Max)) && (self.has(Cue::Low) || self.has(Cue::Min));
        let word = (0..folds.len())
            .find(|&k| free(k) && RANGE.contains(&folds[k].as_str()))
            .or_else(|| (0..folds.len()).find(|&k| free(k) && GAP.contains(&folds[k].as_str()) && both_ends));
        let Some(w) = word else { return Ok(None) };
        let numeric: Vec<usize> = targets.iter().copied().filter(|&f| self.is_numeric(f) && Some(f) != group).collect();
        let [f] = numeric.as_slice() else { return Ok(None) };
        // "on a single day", "between the high and the low" of two columns, "how many in the 20–30
        // price range": another question.
        if self.has(Cue::Per) || self.has(Cue::HowMany) || targets.iter().filter(|&&t| Some(t) != group).count() != 1 {
            return Ok(None);
        }
        // The groups' order is the superlative before the range's word ("the biggest spread").
        let desc =
            match self.spans[..w].iter().rev().find_map(|s| s.cue().filter(|c| matches!(c, Cue::High | Cue::Low | Cue::Max | Cue::Min))) {
                Some(Cue::High | Cue::Max) => Some(true),
                Some(_) => Some(false),
                None => None,
            };
        if group.is_some() && desc.is_none() {
            return Ok(None);
        }
        self.spans[w].used = true;
        for ((k, span), fold) in self.spans.iter_mut().enumerate().zip(&folds) {
            // "oldest minus youngest": the subtraction the range is.
            let minus = both_ends && matches!(fold.as_str(), "minus" | "menos" | "menys");
            if span.cue() == Some(Cue::Between) || (free(k) && (minus || matches!(fold.as_str(), "between" | "entre" | "zwischen"))) {
                span.used = true;
            }
        }
        // ("between its highest and lowest value" is the range's own phrase, never a condition.)
        let ends_inside = |c: &At| {
            both_ends
                && (c.pos..(c.end + 1).min(self.spans.len())).any(|k| self.spans[k].cue() == Some(Cue::Between))
                && (c.pos..(c.end + 1).min(self.spans.len()))
                    .any(|k| matches!(self.spans[k].cue(), Some(Cue::High | Cue::Low | Cue::Max | Cue::Min)))
        };
        let kept: Vec<At> = conds.iter().filter(|c| !ends_inside(c)).cloned().collect();
        let filter = self.combine(&kept)?;
        self.check_contradictions(filter.as_ref())?;
        if let (Some(g), Some(desc)) = (group, desc) {
            // The superlative before the word is what orders the groups: it is read.
            for s in self.spans[..w].iter_mut().filter(|s| matches!(s.cue(), Some(Cue::High | Cue::Low | Cue::Max | Cue::Min))) {
                s.used = true;
            }
            return Ok(Some(self.exact(Plan::GroupTop {
                func: AggFn::Range,
                field: Some(self.fref(*f)),
                by: self.fref(g),
                n: 1,
                desc,
                filter,
                change: None,
            })));
        }
        Ok(Some(self.exact(Plan::Aggregate { func: AggFn::Range, field: self.fref(*f), filter })))
    }

    /// "Which names appear more than once?", "Welche Namen kommen doppelt vor?", "duplicated
    /// names": the values of the field named that more than one row holds. ("more than once" was
    /// read as name > "once" and answered with no rows.) Only asked as which or a list.
    pub(super) fn repeated_values(&mut self) -> R<Option<Understanding>> {
        const REPEATED: &[&str] = &[
            "duplicate",
            "duplicates",
            "duplicated",
            "repeated",
            "repeat",
            "repeats",
            "doppelt",
            "mehrfach",
            "duplicado",
            "duplicados",
            "duplicada",
            "duplicadas",
            "repetido",
            "repetidos",
            "repetida",
            "repetidas",
            "duplicat",
            "duplicats",
            "duplicada",
            "repetit",
            "repetits",
            "repetida",
            "repetides",
        ];
        const ONCE: &[&str] = &["once", "vez", "vegada", "einmal"];
        const VERBS: &[&str] = &[
            "appear",
            "appears",
            "occur",
            "occurs",
            "show",
            "shows",
            "kommen",
            "kommt",
            "vor",
            "aparecen",
            "aparece",
            "apareixen",
            "apareix",
            "list",
            "liste",
            "data",
        ];
        // ("¿Qué nombres…?" opens no shape of its own: "qué" is also "that".) "Does any title appear
        // more than once?": whether some value is repeated ("every" asks another question).
        let any = self.asked == Shape::Boolean && self.every_word().is_none() && !self.all_word();
        if !matches!(self.asked, Shape::List { .. } | Shape::Category | Shape::Open) && !any {
            return Ok(None);
        }
        let folds: Vec<String> = self.spans.iter().map(|s| crate::query::text::fold(&s.raw)).collect();
        let fold = |i: usize| folds[i].clone();
        let mut marks: Vec<usize> = (0..self.spans.len()).filter(|&i| REPEATED.contains(&fold(i).as_str())).collect();
        // "more than once", "más de una vez", "mehr als einmal".
        for i in 0..self.spans.len() {
            if ONCE.contains(&fold(i).as_str()) {
                // "más de una vez": a one between the operator and the word.
                let one = self.prev_content(i).filter(|&j| matches!(self.spans[j].tag, Tag::Number(n) if n == 1.0));
                if let Some(j) =
                    one.or(Some(i)).and_then(|k| self.prev_content(k)).filter(|&j| self.spans[j].cue() == Some(Cue::Op(CmpOp::Gt)))
                {
                    marks.extend((j..=i).filter(|&k| k == j || k == i || Some(k) == one || self.spans[k].tag == Tag::Stop));
                }
            }
        }
        if marks.is_empty() {
            return Ok(None);
        }
        let fields: Vec<(usize, usize)> = (0..self.spans.len())
            .filter_map(|i| match &self.spans[i].tag {
                Tag::Field(fs) if fs.len() == 1 && !self.is_numeric(fs[0]) => Some((i, fs[0])),
                _ => None,
            })
            .collect();
        let [(g, by)] = fields.as_slice() else { return Ok(None) };
        for i in marks.into_iter().chain([*g]) {
            self.spans[i].used = true;
        }
        for i in 0..self.spans.len() {
            if VERBS.contains(&fold(i).as_str()) {
                self.spans[i].used = true;
            }
        }
        let conds = self.conditions()?;
        let filter = self.combine(&conds)?;
        let repeated =
            Plan::GroupWhere { func: AggFn::Count, field: None, by: self.fref(*by), op: CmpOp::Gt, value: 1.0, filter, count: false };
        if any {
            for i in 0..self.spans.len() {
                if matches!(fold(i).as_str(), "any" | "algun" | "alguna" | "alguno" | "cap" | "irgendein" | "irgendeine") {
                    self.spans[i].used = true;
                }
            }
            return Ok(Some(self.exact(Plan::Check { inner: Box::new(repeated), test: Test::Cmp { op: CmpOp::Gt, value: 0.0 } })));
        }
        Ok(Some(self.exact(repeated)))
    }

    /// "Which grades have an average tumour size above 28?", "Which parties had exactly one
    /// senator?": the groups named after the question word whose aggregate (or number of rows,
    /// counted by the rows' noun) passes the comparison; other conditions filter the rows.
    pub(super) fn group_where(&mut self) -> R<Option<Understanding>> {
        // "Is there any year with more than 3 medalists?": whether some group passes.
        let any = self.asked == Shape::Boolean;
        // "restaurants with more than 150 inspections", "Dörfer mit weniger als 10 Haushalten": a
        // plural field opening the question, "with" after it, lists the groups as "which" would.
        // ("cities in the Cariboo region with more than 5 businesses": a value of another field may qualify it first.)
        let with_at = |i: usize| {
            let k = (i + 1..self.spans.len())
                .find(|&k| matches!(crate::query::text::fold(&self.spans[k].raw).as_str(), "with" | "having" | "con" | "amb" | "mit"))?;
            let qualified = self.spans[i + 1..k].iter().any(|s| matches!(s.tag, Tag::Value(_)));
            let between_ok = self.spans[i + 1..k]
                .iter()
                .all(|s| matches!(s.tag, Tag::Stop | Tag::Value(_) | Tag::Field(_) | Tag::Cue(Cue::In | Cue::Of)));
            (k == i + 1 || (qualified && between_ok)).then_some(k)
        };
        let opening = self.spans.iter().position(|s| s.tag != Tag::Stop).filter(|&i| {
            matches!(&self.spans[i].tag, Tag::Field(fs) if fs.len() == 1)
                && crate::query::text::fold(&self.spans[i].raw).ends_with(['s', 'n'])
                && with_at(i).is_some()
        });
        let noun_phrase = opening.is_some() && self.asked == Shape::Open;
        // "How many provinces have more than 20 departments?": the groups that pass, counted.
        let how_many = self.asked == Shape::Number && !any;
        if !matches!(self.asked, Shape::List { .. } | Shape::Category) && !any && !noun_phrase && !how_many {
            return Ok(None);
        }
        // "did every month have more than 130 quakes": every group passes, none fails.
        let every = if any { self.every_word() } else { None };
        let asks = |p: &Self, i: usize| match p.spans[i].cue() {
            Some(Cue::Which | Cue::What | Cue::Who | Cue::List) => !any && !how_many,
            Some(Cue::HowMany) => how_many,
            _ => any && (crate::query::lang::is_existence_word(&crate::query::text::fold(&p.spans[i].raw)) || every == Some(i)),
        };
        let opened = opening.filter(|_| noun_phrase).map(|i| (i, i));
        let Some((w, g)) = opened.or_else(|| {
            self.spans.iter().enumerate().find_map(|(i, _)| match asks(self, i) {
                // "list the cities whose average … is above 180k" too.
                true => self.next_content(i).and_then(|j| match &self.spans[j].tag {
                    // (A column of years groups too: "which years have more than 40 films"; so does a
                    // numeric code of a few values: "which arms have more than 525 patients".)
                    Tag::Field(fs)
                        if fs.len() == 1
                            && (!self.is_numeric(fs[0])
                                || self.cat.fields[fs[0]].yearly
                                || (self.cat.fields[fs[0]].distinct <= 12 && self.cat.fields[fs[0]].distinct < self.cat.rows)
                                // A numbered period ("week" 1 to 52) groups rows that fall in it.
                                || (self.cat.fields[fs[0]].distinct < self.cat.rows
                                    && self.cat.fields[fs[0]].names.first().is_some_and(|n| {
                                        matches!(n.as_slice(), [w] if crate::query::lang::is_period_word(w))
                                    })))
                            && !self.is_date(fs[0])
                            && !self.identifies(fs[0]) =>
                    {
                        Some((i, j))
                    }
                    _ => None,
                }),
                false => None,
            })
        }) else {
            return Ok(None);
        };
        let Tag::Field(gf) = &self.spans[g].tag else { return Ok(None) };
        let by = gf[0];
        // The comparison: an operator and its number, or a bare number before the rows' noun ("exactly one senator").
        // Or a sign: "Which years had a negative total return?" (the aggregate compared with 0).
        let number = (0..self.spans.len()).find(|&i| matches!(self.spans[i].tag, Tag::Number(_)) && !self.spans[i].used);
        let sign = (0..self.spans.len()).find(|&i| {
            self.spans[i].tag == Tag::Unknown && !self.spans[i].used && sign_word(&crate::query::text::fold(&self.spans[i].raw)).is_some()
        });
        let (n_at, value, op_at, op) = match (number, sign) {
            (Some(n_at), None) => {
                let Tag::Number(value) = self.spans[n_at].tag else { return Ok(None) };
                let op_at = self.prev_content(n_at).filter(|&j| matches!(self.spans[j].cue(), Some(Cue::Op(_))));
                let op = match op_at.and_then(|j| self.spans[j].cue()) {
                    Some(Cue::Op(op)) => op,
                    _ => CmpOp::Eq,
                };
                (n_at, value, op_at, op)
            }
            (None, Some(at)) => {
                let op = sign_word(&crate::query::text::fold(&self.spans[at].raw)).expect("checked");
                // The sign stands for the operator and its number.
                (at, 0.0, Some(at), op)
            }
            _ => return Ok(None),
        };
        let agg = self.agg_named().filter(|a| *a != AggFn::Count);
        let rows_noun = self.next_content(n_at).filter(|&j| self.spans[j].tag == Tag::Alias);
        // "weeks with at least 5 arrests": the noun of a yes/no field's true value counts the rows
        // that hold it (the value stays a condition).
        let flag_noun = self.next_content(n_at).filter(|&j| {
            matches!(&self.spans[j].tag, Tag::Value(hs) if hs.len() == 1 && hs[0].value == "true" && self.cat.fields[hs[0].field].yes_no())
        });
        let measure = self.spans.iter().enumerate().find_map(|(i, s)| match &s.tag {
            Tag::Field(fs) if i != g && fs.len() == 1 && self.is_numeric(fs[0]) && fs[0] != by => Some((i, fs[0])),
            _ => None,
        });
        // "Which months have an average above 25?" in the long view of a month per column: with one
        // measure in the table, an aggregate needs no field named.
        let measures: Vec<usize> = (0..self.cat.fields.len())
            .filter(|&f| f != by && self.column_measure(f) && !self.cat.fields[f].derived() && self.cat.fields[f].composed.is_none())
            .collect();
        // "a booking rate above 8%": the rate of a yes/no field is the mean of its 0/1 values, and a
        // percentage is compared as the fraction it is.
        let rate = self.spans.iter().enumerate().find_map(|(i, s)| {
            let b = match &s.tag {
                Tag::Field(fs) if fs.len() == 1 => fs[0],
                Tag::Value(hs) if hs.len() == 1 && hs[0].value == "true" => hs[0].field,
                _ => return None,
            };
            let yes_no = self.cat.fields[b].ty == ColumnType::Boolean || self.cat.fields[b].flag;
            let word = crate::query::text::fold(&self.spans.get(i + 1)?.raw);
            (yes_no && b != by && RATE_WORDS.contains(&word.as_str())).then_some((i, b))
        });
        let percent = self.spans[n_at].raw.ends_with('%')
            || self
                .spans
                .get(n_at + 1)
                .is_some_and(|s| matches!(crate::query::text::fold(&s.raw).as_str(), "%" | "percent" | "pct" | "prozent" | "per cent"));
        let (value, rate) = match rate {
            Some((i, b)) if op_at.is_some() && agg.is_none() => (if percent || value > 1.0 { value / 100.0 } else { value }, Some((i, b))),
            _ => (value, None),
        };
        let (func, field, used) = match (agg, measure, rows_noun) {
            _ if rate.is_some() => {
                let (i, b) = rate.expect("checked");
                (AggFn::Avg, Some(b), vec![i, i + 1])
            }
            (Some(a), Some((i, f)), _) if op_at.is_some() => (a, Some(f), vec![i]),
            (Some(a), None, _) if op_at.is_some() && measures.len() == 1 => (a, Some(measures[0]), vec![]),
            (None, _, Some(j)) if measure.is_none() => (AggFn::Count, None, vec![j]),
            (None, None, None) if flag_noun.is_some() => (AggFn::Count, None, vec![]),
            _ => return Ok(None),
        };
        for i in used.into_iter().chain([w, g, n_at]).chain(op_at) {
            self.spans[i].used = true;
        }
        // "exactly one senator appointed", "más de 10 pacientes diagnosticados": a participle after
        // the rows' noun says what made them rows; it adds no condition.
        if let Some(p) = rows_noun.and_then(|j| self.next_content_or_stop(j)) {
            let w = crate::query::text::fold(&self.spans[p].raw);
            let participle =
                w.len() > 4 && ["ed", "ados", "adas", "idos", "idas", "ats", "ades", "its", "ides"].iter().any(|e| w.ends_with(e));
            if participle && matches!(self.spans[p].tag, Tag::Unknown | Tag::Field(_)) && self.next_content(p).is_none() {
                self.spans[p].tag = Tag::Stop;
                self.spans[p].used = true;
            }
        }
        let conds = self.conditions()?;
        let filter = self.combine(&conds)?;
        self.check_contradictions(filter.as_ref())?;
        // "fewer than 50 measurements": a measurement is a value recorded, so rows where the one
        // measure is empty are not counted.
        let measured = rows_noun
            .filter(|&j| func == AggFn::Count && measurement_noun(&crate::query::text::fold(&self.spans[j].raw)))
            .and(match measures[..] {
                [m] if self.cat.fields[m].missing > 0 => Some(m),
                _ => None,
            })
            .map(|m| Filter::Cond { field: self.fref(m), pred: Predicate::Missing, negated: true });
        let filter = match (filter, measured) {
            (f, None) => f,
            (None, Some(m)) => Some(m),
            (Some(f), Some(m)) => Some(Filter::And(vec![f, m])),
        };
        if let Some(e) = every.filter(|&e| e == w) {
            // A group the other conditions leave without rows is no group of the result, and it
            // could fail: only over all the rows is "none fails" the same as "every one passes".
            if filter.is_some() {
                return Ok(None);
            }
            self.spans[e].used = true;
            let failing = Plan::GroupWhere {
                func,
                field: field.map(|f| self.fref(f)),
                by: self.fref(by),
                op: op.negate(),
                value,
                filter,
                count: false,
            };
            return Ok(Some(self.exact(Plan::Check { inner: Box::new(failing), test: Test::Cmp { op: CmpOp::Eq, value: 0.0 } })));
        }
        let plan = Plan::GroupWhere { func, field: field.map(|f| self.fref(f)), by: self.fref(by), op, value, filter, count: how_many };
        if any {
            return Ok(Some(self.exact(Plan::Check { inner: Box::new(plan), test: Test::Cmp { op: CmpOp::Gt, value: 0.0 } })));
        }
        Ok(Some(self.exact(plan)))
    }
}

/// Words for the share of rows a yes/no field holds true for, after its name ("booking rate").
const RATE_WORDS: &[&str] =
    &["rate", "rates", "share", "percentage", "proportion", "ratio", "tasa", "taxa", "quote", "anteil", "porcentaje", "percentatge"];

/// The one field named with two or more values ("China … India", "in 1952, 1977 and 2007"), its
/// values in the order named, and the other conditions; `None` unless exactly one field repeats.
pub(super) fn compared_field(conds: &[At]) -> Option<(usize, Vec<String>, Vec<At>)> {
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
/// Words for a range of values, and for the gap between two ends (`range_of_field`).
pub(super) const RANGE: &[&str] = &["range", "rango", "recorrido", "rang", "spannweite"];
pub(super) const GAP: &[&str] = &["difference", "gap", "spread", "diferencia", "unterschied", "abstand"];

pub(crate) fn change_word(w: &str) -> Option<bool> {
    const UP: &[&str] = &[
        "grow",
        "grew",
        "grown",
        "growth",
        "up",
        "increase",
        "increased",
        "rise",
        "rose",
        "risen",
        "gain",
        "gained",
        "change",
        "changed",
        "difference",
        "gap",
        "climb",
        "climbed",
        "crecio",
        "crecer",
        "aumento",
        "aumentar",
        "aumentaron",
        "subio",
        "subir",
        "diferencia",
        "creixer",
        "augmentar",
        "augment",
        "pujar",
        "stieg",
        "steigen",
        "gestiegen",
        "wuchs",
        "gewachsen",
        "zunahme",
        "unterschied",
        "anstieg",
    ];
    const DOWN: &[&str] = &[
        "drop",
        "dropped",
        "down",
        "fall",
        "fell",
        "fallen",
        "decline",
        "declined",
        "decrease",
        "decreased",
        "shrink",
        "shrank",
        "shrunk",
        "cayo",
        "caer",
        "disminuyo",
        "disminuir",
        "bajo",
        "baixar",
        "caure",
        "sank",
        "gesunken",
        "fiel",
        "gefallen",
        "abnahme",
    ];
    if UP.contains(&w) {
        Some(true)
    } else if DOWN.contains(&w) {
        Some(false)
    } else {
        None
    }
}

/// Nouns for a recorded value ("measurements", "Messwerte", "mesures"): a row counts as one only
/// where its value is there.
fn measurement_noun(w: &str) -> bool {
    matches!(
        w,
        "measurements"
            | "readings"
            | "observations"
            | "mediciones"
            | "medidas"
            | "observaciones"
            | "mesures"
            | "mesuraments"
            | "observacions"
            | "messungen"
            | "messwerte"
            | "beobachtungen"
    )
}

#[cfg(test)]
mod tests {
    use super::super::parser::with_parser;
    use super::*;

    const CSV: &str =
        "name,origin,mpg,cylinders,hp,year\nA,USA,18,8,150,1970\nB,Japan,31,4,,1972\nC,Europe,26,4,90,1970\nD,USA,15,8,170,1975\n";

    fn compare(q: &str) -> Option<Plan> {
        with_parser("cars.csv", CSV, q, |p| {
            let conds = p.conditions().ok()?;
            let targets = p.targets().ok()?;
            match p.per_value(&conds, &targets).ok()?? {
                Understanding::Exact { plan, .. } => Some(plan),
                _ => None,
            }
        })
    }

    #[test]
    fn how_much_higher_is_the_difference_in_the_order_named() {
        match compare("How much higher is the average mpg in Japan than in USA?") {
            Some(Plan::Compare { field, values, ask: CompareAsk::Difference, measure: Some(m), .. }) => {
                assert_eq!(field.0, "origin");
                assert_eq!(values, ["Japan", "USA"]);
                assert_eq!((m.func, m.field.0.as_str()), (Some(AggFn::Avg), "mpg"));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_rise_from_one_year_to_another_is_the_later_minus_the_earlier() {
        match compare("By how much did the average mpg grow from 1970 to 1975?") {
            Some(Plan::Compare { values, ask: CompareAsk::Difference, .. }) => assert_eq!(values, ["1975", "1970"]),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn years_of_a_date_column_are_compared_values() {
        const DATED: &str = "year,source,output\n2015-01-01,wind,5\n2016-01-01,wind,7\n2017-01-01,wind,9\n2015-01-01,coal,50\n2016-01-01,coal,40\n2017-01-01,coal,30\n";
        let plan = with_parser("power.csv", DATED, "wind output in 2015, 2016 and 2017", |p| {
            let conds = p.conditions().ok()?;
            let targets = p.targets().ok()?;
            match p.per_value(&conds, &targets).ok()?? {
                Understanding::Exact { plan, .. } => Some(plan),
                _ => None,
            }
        });
        match plan {
            Some(Plan::Compare { field, values, ask: CompareAsk::Each, measure: Some(m), filter: Some(_) }) => {
                assert_eq!((field.0.as_str(), m.field.0.as_str(), m.func), ("year", "output", None));
                assert_eq!(values, ["2015", "2016", "2017"]);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn one_value_alone_is_no_comparison() {
        assert_eq!(compare("average mpg in Japan"), None);
    }

    #[test]
    fn groups_pass_a_test_on_their_aggregate() {
        let u = with_parser("cars.csv", CSV, "Which origins have an average mpg above 20?", |p| p.group_where().ok().flatten());
        match u {
            Some(Understanding::Exact { plan: Plan::GroupWhere { func: AggFn::Avg, by, op: CmpOp::Gt, value, .. }, .. }) => {
                assert_eq!(by.0, "origin");
                assert_eq!(value, 20.0);
            }
            other => panic!("{other:?}"),
        }
    }
}
