//! The choice of plan: which intent the cues, fields and conditions make, in order of specificity.

use crate::query::lang::{Cue, Lang};
use crate::query::plan::{AggFn, ChartKind, CmpOp, CompareAsk, Filter, Literal, Measure, Plan, Predicate, Test};
use crate::query::shape::Shape;
use crate::query::tagger::{Span, Tag};
use crate::schema::ColumnType;

use super::compare::compared_field;
use super::parser::{At, Fail, Kind, Parser, R};
use super::types::{MetaKind, Refusal, Understanding};
use super::yes_no::take_cond;

impl Parser<'_> {
    pub(super) fn interpret(&mut self) -> R<Understanding> {
        let any_content = self
            .spans
            .iter()
            .any(|s| matches!(s.tag, Tag::Field(_) | Tag::Value(_) | Tag::Group(_) | Tag::Number(_) | Tag::Date(_) | Tag::Quoted(_)));
        // Meta questions about the dataset itself.
        if self.has(Cue::Help) && !any_content {
            return Ok(Understanding::Meta(MetaKind::Capabilities));
        }
        // "the data" can also name a date column in Catalan ("data"): with a meta word it means the dataset.
        let dataset_word = |s: &Span| {
            let f = crate::query::text::fold(&s.raw);
            Lang::ALL.iter().any(|&l| crate::query::lang::lexicon(l).phrases.iter().any(|(p, c)| *c == Cue::Dataset && *p == f))
        };
        let meta_cue = [Cue::Title, Cue::DataDate, Cue::Source, Cue::Description].iter().any(|&c| self.has(c));
        let only_dataset_fields = meta_cue
            && self.spans.iter().all(|s| match &s.tag {
                Tag::Field(_) => dataset_word(s),
                Tag::Value(_) | Tag::Number(_) | Tag::Date(_) | Tag::Quoted(_) | Tag::Group(_) => false,
                _ => true,
            });
        if !any_content
            || only_dataset_fields
            || (self.has(Cue::Dataset) && !self.spans.iter().any(|s| matches!(s.tag, Tag::Field(_) | Tag::Value(_))))
        {
            for (cue, kind) in [
                (Cue::Title, MetaKind::Title),
                (Cue::DataDate, MetaKind::Date),
                (Cue::Source, MetaKind::Source),
                (Cue::Description, MetaKind::Description),
            ] {
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
                // ("How many missing co2 values?" counts the gaps.)
                if matches!(self.spans[j].tag, Tag::Unknown)
                    && self.spans[j].raw.chars().all(char::is_alphabetic)
                    && !super::conditions::MISSING_WORDS.contains(&crate::query::text::fold(&self.spans[j].raw).as_str())
                {
                    return Err(self.unknown_field_at(j));
                }
            }
        }
        if let Some(u) = self.column_stats()? {
            return Ok(u);
        }
        if let Some(u) = self.two_columns_compared()? {
            return Ok(u);
        }
        if let Some(u) = self.group_where()? {
            return Ok(u);
        }
        if let Some(u) = self.repeated_values()? {
            return Ok(u);
        }
        if let Some(u) = self.measure_years_compared()? {
            return Ok(u);
        }
        // "the average profit per line", "Durchschnitt pro Zeile": an average (a median) is already one per row.
        if self.has(Cue::Avg) || self.has(Cue::Median) {
            for i in 0..self.spans.len() {
                if self.spans[i].cue() != Some(Cue::Per) || self.spans[i].used {
                    continue;
                }
                // "the average number of passengers per month" in a table of months: per row too.
                let period_row = |j: usize| {
                    self.spans[j].tag == Tag::Alias
                        && crate::query::lang::is_period_word(&crate::query::text::fold(&self.spans[j].raw))
                        && self.cat.aliases.contains(&vec![crate::query::text::fold(&self.spans[j].raw)])
                };
                if let Some(j) = self.next_content(i).filter(|&j| {
                    (matches!(self.spans[j].tag, Tag::Unknown | Tag::Cue(Cue::Rows))
                        && crate::query::lang::is_row_word(&crate::query::text::fold(&self.spans[j].raw)))
                        || period_row(j)
                }) {
                    self.spans[i].used = true;
                    self.spans[j].used = true;
                }
            }
        }
        let conds = self.conditions()?;
        let by = self.group_by()?;
        let targets = self.targets()?;
        if let Some(u) = self.every_step(&conds, &targets)? {
            return Ok(u);
        }
        if let Some(u) = self.per_value(&conds, &targets)? {
            return Ok(u);
        }
        if let Some(u) = self.years_compared(&conds, &targets)? {
            return Ok(u);
        }
        if let Some(u) = self.range_of_field(&conds, &targets)? {
            return Ok(u);
        }
        if let Some(u) = self.first_periods(&conds, &targets)? {
            return Ok(u);
        }
        if let Some(u) = self.first_in_time(&conds, &targets)? {
            return Ok(u);
        }
        let filter = self.combine(&conds)?;
        self.check_contradictions(filter.as_ref())?;
        let numeric_targets: Vec<usize> = targets.iter().copied().filter(|&f| self.is_numeric(f)).collect();
        let mut agg =
            [(Cue::Avg, AggFn::Avg), (Cue::Sum, AggFn::Sum), (Cue::Median, AggFn::Median), (Cue::Min, AggFn::Min), (Cue::Max, AggFn::Max)]
                .into_iter()
                .filter_map(|(c, a)| self.pos(c).map(|p| (p, a)))
                .min_by_key(|(p, _)| *p)
                .map(|(_, a)| a);
        if agg == Some(AggFn::Sum) && self.has(Cue::HowMany) && numeric_targets.is_empty() {
            agg = None; // "how many … in total"
        }
        // "construction employment" in us-employment.csv: the file's noun right after a field the
        // question typed is that field's head noun ("the employment in construction"), not the rows.
        let alias = self.spans.iter().enumerate().any(|(i, s)| {
            s.tag == Tag::Alias && !(i > 0 && matches!(&self.spans[i - 1].tag, Tag::Field(_)) && !self.spans[i - 1].raw.is_empty())
        });
        let who = self.has(Cue::Who) || self.has(Cue::Which) || self.has(Cue::List);
        let high = self.has(Cue::High) || self.has(Cue::Top);
        let low = self.has(Cue::Low) || self.has(Cue::Bottom);
        let n = self.rank_n();
        // "What is the municipality farthest north?": a question word right before a category's
        // value asks for rows of that kind, by name, as before a row alias.
        let which_value = self.cat.label.is_some()
            && self.spans.iter().enumerate().any(|(i, s)| {
                matches!(s.cue(), Some(Cue::Which | Cue::What))
                    && self.next_content(i).is_some_and(
                        |j| matches!(&self.spans[j].tag, Tag::Value(hs) if hs.iter().all(|h| self.cat.fields[h.field].categorical)),
                    )
            });
        // "which car", "qué coche": a question word right before a row alias asks for rows.
        // "which of the states": "of" may come between.
        let which_alias = self.spans.iter().enumerate().any(|(i, s)| {
            let next = self.next_content(i).and_then(|j| if self.spans[j].cue() == Some(Cue::Of) { self.next_content(j) } else { Some(j) });
            matches!(s.cue(), Some(Cue::Which | Cue::What)) && next.is_some_and(|j| self.spans[j].tag == Tag::Alias)
        });

        // "the single parent percentage in New York", "Quin percentatge de població urbana té
        // Califòrnia?": a share word beside a column, of one named row, is that column's value there
        // (a share of one row's rows is no question anyone asks).
        let one_row = !conds.is_empty()
            && conds.iter().all(|c| c.kind == Kind::Identifying || c.eq_value.as_ref().is_some_and(|(f, _)| self.identifies(*f)));
        if let (true, [t], Some(sh)) = (one_row, numeric_targets.as_slice(), self.pos(Cue::Share)) {
            let beside = self.spans.iter().enumerate().any(|(j, s)| {
                matches!(&s.tag, Tag::Field(fs) if fs.as_slice() == [*t])
                    && !s.raw.is_empty()
                    && (j.min(sh) + 1..j.max(sh)).all(|k| matches!(self.spans[k].tag, Tag::Stop | Tag::Cue(Cue::Of) | Tag::Field(_)))
            });
            if let (true, Some(key)) = (beside && !self.cat.fields[*t].yes_no() && targets.len() == 1, filter.clone()) {
                self.spans[sh].used = true;
                return Ok(Understanding::Exact { plan: Plan::Lookup { field: self.fref(*t), key }, confidence: self.confidence() });
            }
        }
        // Share of rows.
        if self.has(Cue::Share) {
            let base = self.share_base(&conds);
            let Some(f) = filter.clone() else {
                return Err(self.missing_value());
            };
            // "the survival rate in 1st class": a flag's rate is taken over the rows the other conditions keep.
            let rate = self
                .spans
                .iter()
                .any(|s| s.cue() == Some(Cue::Share) && crate::query::lang::is_rate_word(&crate::query::text::fold(&s.raw)));
            let flag_cond = |c: &At| matches!(&c.filter, Filter::Cond { field, pred: Predicate::Cmp(CmpOp::Eq, _), negated: false } if self.cat.field(&field.0).is_some_and(|k| self.cat.fields[k].yes_no()));
            // "Which sex had the higher survival rate?": the group whose rows hold the flag most often.
            let group = self.spans.iter().enumerate().find_map(|(i, s)| match s.cue() {
                Some(Cue::Which | Cue::What) => self.next_content(i).and_then(|j| match &self.spans[j].tag {
                    Tag::Field(fs) if fs.len() == 1 && self.cat.fields[fs[0]].categorical && !self.is_numeric(fs[0]) => Some((j, fs[0])),
                    _ => None,
                }),
                _ => None,
            });
            let (high, low) = (self.has(Cue::High) || self.has(Cue::More), self.has(Cue::Low) || self.has(Cue::Less));
            if let (true, Some((j, g)), Some(fi), true) = (rate, group, conds.iter().position(flag_cond), high != low) {
                if let Filter::Cond { field, .. } = &conds[fi].filter {
                    let flag = field.clone();
                    self.spans[j].used = true;
                    for s in self.spans.iter_mut().filter(|s| s.cue() == Some(Cue::Share)) {
                        s.used = true;
                    }
                    let filter = Filter::and(conds.iter().enumerate().filter(|(k, _)| *k != fi).map(|(_, c)| c.filter.clone()).collect());
                    return Ok(self.exact(Plan::GroupTop {
                        func: AggFn::Avg,
                        field: Some(flag),
                        by: self.fref(g),
                        n: 1,
                        desc: high,
                        filter,
                        change: None,
                    }));
                }
            }
            if let (true, Some(fi)) = (rate && conds.len() >= 2, conds.iter().position(flag_cond)) {
                let others = Filter::and(conds.iter().enumerate().filter(|(k, _)| *k != fi).map(|(_, c)| c.filter.clone()).collect());
                return Ok(self.exact(Plan::Share { filter: conds[fi].filter.clone(), base: others, of: None }));
            }
            let (f, base) = match base {
                Some((i, b)) => (self.combine_without(&conds, i)?.unwrap_or(f), Some(b)),
                None => (f, None),
            };
            // "what share of all units sold were organic": of a count named beside the share, its sum.
            let of = match numeric_targets.as_slice() {
                [t] if self.cat.fields[*t].counts_things() || self.cat.fields[*t].ty == crate::schema::ColumnType::Integer => {
                    for s in self.spans.iter_mut().filter(|s| matches!(&s.tag, Tag::Field(fs) if fs.as_slice() == [*t])) {
                        s.used = true;
                    }
                    Some(self.fref(*t))
                }
                _ => None,
            };
            return Ok(self.exact(Plan::Share { filter: f, base, of }));
        }
        // "Are there more women or men?", "Was China more populous than India in 2007?": the one
        // field named with two values is compared (by rows, or by the number asked about); the
        // other conditions filter.
        if (self.has(Cue::More)
            || self.has(Cue::High)
            || (self.asked == Shape::Boolean && (self.has(Cue::Low) || self.has(Cue::Least) || self.has(Cue::Less))))
            && (self.has(Cue::Or) || self.asked == Shape::Boolean)
        {
            // "more passengers, 1959 or 1960": numbers read as values of the measure asked "more" of are
            // not groups to count (it compared how many rows held 1959 passengers).
            let measure_values = |f: usize| {
                self.is_numeric(f)
                    && !self.cat.fields[f].categorical
                    && !self.cat.fields[f].yearly
                    && !numeric_targets.iter().any(|&t| t != f)
            };
            if let Some((field, values, rest)) = compared_field(&conds).filter(|(f, _, _)| !measure_values(*f)) {
                let filter = self.combine(&rest)?;
                let filtered: Vec<String> =
                    filter.as_ref().map(|f| f.conds().iter().map(|(r, _, _)| r.0.clone()).collect()).unwrap_or_default();
                let measure =
                    numeric_targets.iter().copied().find(|&f| f != field && !filtered.contains(&self.cat.fields[f].name)).map(|f| {
                        // "Were there more cases in 2018 than in 2016?": a count said "more" of adds up.
                        let named = agg.filter(|a| *a != AggFn::Count);
                        let fi = &self.cat.fields[f];
                        let amount = (self.has(Cue::More) || self.has(Cue::Less)) && fi.whole_amount();
                        let func = named.or(amount.then_some(AggFn::Sum));
                        Measure { func, field: self.fref(f), implied: named.is_none() && func.is_some() }
                    });
                return Ok(self.exact(Plan::Compare { field: self.fref(field), values, filter, measure, ask: CompareAsk::Which }));
            }
        }
        if self.has(Cue::Versus) && numeric_targets.len() >= 2 {
            return Ok(self.exact(Plan::Scatter {
                x: self.fref(numeric_targets[0]),
                y: self.fref(numeric_targets[1]),
                label: self.cat.label.map(|l| self.fref(l)),
                filter,
            }));
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
            if let (true, false, Some(fields), Some(key)) =
                (names_one_row, high || low || self.has(Cue::Most) || self.has(Cue::Least), self.listed_fields(&targets), filter.clone())
            {
                return Ok(self.exact(Plan::LookupFields { fields: fields.into_iter().map(|f| self.fref(f)).collect(), key }));
            }
        }
        // Grouped aggregates: "average horsepower per origin".
        // ("la temperatura mínima més baixa de cada any": a superlative of each group is its extreme.)
        let each = self.spans.iter().any(|s| {
            s.cue() == Some(Cue::Per)
                && matches!(crate::query::text::fold(&s.raw).as_str(), "each" | "cada" | "per cada" | "jedes" | "jeden" | "jedem")
        });
        // ("the hottest day of each year" asks for days: rows or dates named beside keep it a ranking.)
        let rows_named = self.spans.iter().any(|s| {
            s.tag == Tag::Alias
                || matches!(&s.tag, Tag::Field(fs) if !s.raw.is_empty() && fs.iter().any(|&f| Some(f) != by && (self.is_date(f) || !self.is_numeric(f))))
        });
        if by.is_some()
            && agg.is_none()
            && each
            && n.is_none()
            && high != low
            && !self.has(Cue::Which)
            && !rows_named
            && numeric_targets.len() == 1
        {
            agg = Some(if high { AggFn::Max } else { AggFn::Min });
        }
        if let Some(by) = by {
            // "the average number of votes per district", one row per district: the average of all rows.
            let per_row = self.identifies(by) && !self.is_date(by) && !self.cat.fields[by].yearly;
            if let (true, Some(AggFn::Avg), false, false, [t]) =
                (per_row, agg, high || low, self.has(Cue::Which), numeric_targets.as_slice())
            {
                if *t != by {
                    return Ok(self.exact(Plan::Aggregate { func: AggFn::Avg, field: self.fref(*t), filter }));
                }
            }
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
                // "ordered from highest to lowest", "largest first": the groups by their value.
                let desc = self
                    .spans
                    .iter()
                    .filter(|s| s.cue() == Some(Cue::Order))
                    .find_map(|s| crate::query::lang::order_direction(&crate::query::text::fold(&s.raw)));
                return Ok(self.exact(Plan::Group { func, field, by: self.fref(by), filter, chart, desc }));
            }
        }
        // "Which origin has the highest average mpg?": the groups ranked by an aggregate, named by the group.
        // "Which gender has the higher average?": a comparative between the groups ranks them too.
        let comparative = !(high || low) && (self.has(Cue::More) || self.has(Cue::Less)) && matches!(self.asked, Shape::Category);
        if let (Some(func), true) = (agg, high || low || comparative) {
            // "Which 3 cities have the lowest total profit?": a number between names how many.
            let past_n = |j: usize| if matches!(self.spans[j].tag, Tag::Number(_)) { self.next_content(j) } else { Some(j) };
            // ("Which year had the lowest average score?": a column of years groups too.)
            let group_word = self.spans.iter().enumerate().find_map(|(i, s)| match s.cue() {
                Some(Cue::Which | Cue::What | Cue::Who) => self.next_content(i).and_then(past_n).and_then(|j| match &self.spans[j].tag {
                    Tag::Field(fs)
                        if fs.len() == 1 && (!self.is_numeric(fs[0]) || self.cat.fields[fs[0]].yearly) && !self.identifies(fs[0]) =>
                    {
                        Some(fs[0])
                    }
                    _ => None,
                }),
                _ => None,
            });
            // "Top 3 firms by average investment": a text field named with the aggregate is the group.
            let group_word = group_word.or_else(|| {
                targets
                    .iter()
                    .copied()
                    .find(|&g| !self.is_numeric(g) && !self.is_date(g) && !self.identifies(g) && self.cat.fields[g].categorical)
            });
            // "Is Europe the continent with the highest average life expectancy?": the group tested names the field.
            let group_word = group_word.or_else(|| {
                (self.asked == Shape::Boolean)
                    .then(|| {
                        conds.iter().find_map(|c| {
                            c.eq_value
                                .as_ref()
                                .map(|(f, _)| *f)
                                .filter(|&f| self.cat.fields[f].categorical && !self.is_numeric(f) && !self.identifies(f))
                        })
                    })
                    .flatten()
            });
            if let Some(g) = group_word {
                if let Some(&f) = numeric_targets.iter().find(|&&f| f != g) {
                    let desc = match (
                        self.spans.iter().position(|s| matches!(s.cue(), Some(Cue::High | Cue::Top))),
                        self.spans.iter().position(|s| matches!(s.cue(), Some(Cue::Low | Cue::Bottom))),
                    ) {
                        (Some(h), Some(l)) => h < l,
                        (None, None) if comparative => self.has(Cue::More),
                        (h, _) => h.is_some(),
                    };
                    return Ok(self.exact(Plan::GroupTop {
                        func,
                        field: Some(self.fref(f)),
                        by: self.fref(g),
                        n: n.unwrap_or(1),
                        desc,
                        filter,
                        change: None,
                    }));
                }
            }
        }
        // "the city with the most airports": a superlative before the row alias counts rows per value.
        let most_rows = self.spans.iter().enumerate().find_map(|(i, s)| match s.cue() {
            // …but "the highest fertility rate" in a file called fertility ranks a measure.
            Some(c @ (Cue::High | Cue::Low))
                if self.next_content(i).is_some_and(|j| {
                    self.spans[j].tag == Tag::Alias
                        && !self.spans.get(j + 1).is_some_and(|n| crate::query::tagger::is_measure_noun(&crate::query::text::fold(&n.raw)))
                }) =>
            {
                Some(c == Cue::High)
            }
            _ => None,
        });
        // …and "Which source generated the most electricity?" names the measure ranked.
        if let Some(most) = most_rows.filter(|_| numeric_targets.iter().all(|&f| self.cat.fields[f].categorical)) {
            if let Some(&f) = targets.iter().find(|&&f| !self.is_numeric(f) || self.cat.fields[f].categorical) {
                // ("the name of the lowest airport": "lowest" is no count, and names nearly all
                // different count no rows; "the city with the most airports" does count them.)
                let word = self.spans.iter().find(|s| matches!(s.cue(), Some(Cue::High | Cue::Low))).map(|s| s.raw.clone());
                let quantity = word.as_deref().is_some_and(|w| {
                    matches!(
                        crate::query::text::fold(w).as_str(),
                        "most"
                            | "fewest"
                            | "least"
                            | "mas"
                            | "menos"
                            | "mes"
                            | "menys"
                            | "meisten"
                            | "wenigsten"
                            | "am meisten"
                            | "am wenigsten"
                    )
                });
                if !quantity && !self.cat.fields[f].categorical && self.cat.fields[f].distinct * 2 > self.cat.rows {
                    return Err(self.superlative_of_names(f));
                }
                return Ok(self.exact(self.frequent(f, most, filter)));
            }
        }
        // Rankings: "the three cars with the highest horsepower", "top 5 by weight".
        // "the years of its three highest emissions": the field after the superlative is ranked.
        let after_superlative = self.spans.iter().enumerate().find_map(|(i, s)| match s.cue() {
            Some(Cue::High | Cue::Low | Cue::Top | Cue::Bottom) => {
                let j = self.next_content(i)?;
                let j = if matches!(self.spans[j].tag, Tag::Number(_)) { self.next_content(j)? } else { j };
                // ("the highest single-quarter inflation": a period before the measure says what one value covers.)
                let j = match (&self.spans[j].tag, self.next_content(j).map(|k| &self.spans[k].tag)) {
                    (Tag::Field(p), Some(Tag::Field(m)))
                        if p.len() == 1
                            && m.len() == 1
                            && self.period_of_year(p[0]).is_some()
                            && numeric_targets.contains(&m[0])
                            && !self.cat.fields[m[0]].categorical =>
                    {
                        self.next_content(j)?
                    }
                    _ => j,
                };
                match &self.spans[j].tag {
                    Tag::Field(fs) if fs.len() == 1 && numeric_targets.contains(&fs[0]) => Some(fs[0]),
                    _ => None,
                }
            }
            _ => None,
        });
        // "In which year was unemployment highest?": a year (or date) right after "which" names the rows,
        // and the other measure named is what is ranked; it was the maximum year.
        let which_period = self.spans.iter().enumerate().find_map(|(i, s)| match s.cue() {
            Some(Cue::Which | Cue::What) => self.next_content(i).and_then(|j| match &self.spans[j].tag {
                Tag::Field(fs) if fs.len() == 1 && (self.cat.fields[fs[0]].yearly || self.is_date(fs[0])) => Some(fs[0]),
                _ => None,
            }),
            _ => None,
        });
        let period_measure = which_period.and_then(|p| {
            numeric_targets.iter().copied().find(|&m| m != p && !self.cat.fields[m].yearly && !self.cat.fields[m].categorical)
        });
        let which_period = which_period.filter(|_| period_measure.is_some());
        let rank_field = after_superlative
            .or(period_measure)
            .or(numeric_targets.first().copied())
            .or(by.filter(|&b| self.is_numeric(b) || self.is_date(b)))
            // "In 1997, which month was the warmest?" over a series of months: its values are what is ranked.
            .or_else(|| (self.cat.row_stride > 1).then(|| self.unique(|f| self.is_numeric(f) && !self.cat.fields[f].yearly)).flatten())
            // ("the latest date"; but "On which day was it windiest?" asks for no date's extreme:
            // with no measure named, an adjective of weather or size never ranks the dates.)
            .or_else(|| targets.iter().copied().find(|&f| self.is_date(f)).filter(|_| !self.measure_adjective()));
        // "Which city has the highest population?": the rows ranked, each named by the field asked for.
        // "In which years … its three highest emissions": a number field asked for names the ranked rows too.
        // "Which Asian country…": a value that qualifies the noun stands between.
        let past_values = |mut j: usize| {
            while matches!(self.spans[j].tag, Tag::Value(_)) && self.spans[j].used {
                j = self.next_content(j)?;
            }
            Some(j)
        };
        let which_field = self.spans.iter().enumerate().find_map(|(i, s)| match s.cue() {
            Some(Cue::Which | Cue::What | Cue::Who) => self.next_content(i).and_then(past_values).and_then(|j| match &self.spans[j].tag {
                Tag::Field(fs) if fs.len() == 1 && !self.is_numeric(fs[0]) && !self.is_date(fs[0]) => Some(fs[0]),
                Tag::Field(fs) if fs.len() == 1 && after_superlative.is_some_and(|r| r != fs[0]) => Some(fs[0]),
                _ => None,
            }),
            _ => None,
        });
        let which_field = which_field.or(which_period);
        // "When was turkey production at its peak?": "when" with a superlative asks for the date (or
        // year) of the ranked row, as "On which date…" does; it was answered with the peak's value.
        let when = (high || low)
            .then(|| {
                self.spans.iter().position(|s| {
                    s.cue() == Some(Cue::DataDate)
                        && matches!(
                            crate::query::text::fold(&s.raw).as_str(),
                            "when" | "when was" | "when did" | "cuando" | "quan" | "wann"
                        )
                })
            })
            .flatten()
            // (A full date before a year beside it: "date" and "year" both say when.)
            .and_then(|i| {
                self.unique(|f| self.is_date(f)).or_else(|| self.unique(|f| self.is_date(f) || self.cat.fields[f].yearly)).map(|f| (i, f))
            })
            .filter(|_| !numeric_targets.is_empty() || self.cat.row_stride > 1);
        if let Some((i, _)) = when {
            self.spans[i].used = true;
        }
        let which_field = which_field.or(when.map(|(_, f)| f));
        let extreme = matches!(agg, Some(AggFn::Max | AggFn::Min));
        // "Of Spain, Italy and France, which had the highest rate?": the rows named together are ranked, by that name.
        let among = (self.has(Cue::Which) || self.has(Cue::Who))
            .then(|| among_values(filter.as_ref()))
            .flatten()
            .and_then(|f| self.cat.field(&f))
            .filter(|&f| !self.is_numeric(f) && !self.is_date(f));
        let which_field = which_field.or(among);
        // "Is Maine the state with the least violent crime?": a row named by its label, tested as the extreme.
        let named_extreme = self.asked == Shape::Boolean
            && (high || low)
            && agg.is_none()
            && !numeric_targets.is_empty()
            && conds.iter().any(|c| c.kind == Kind::Identifying && c.eq_value.as_ref().is_some_and(|(f, _)| Some(*f) == self.cat.label));
        let ranking = named_extreme
            || self.has(Cue::Top)
            || self.has(Cue::Bottom)
            || ((high || low)
                && agg.is_none()
                && (alias
                    || which_value
                    || self.label_named(&targets)
                    || self.has(Cue::Who)
                    || n.is_some()
                    || (which_field.is_some() && (!numeric_targets.is_empty() || self.cat.row_stride > 1))))
            || (extreme && (which_alias || self.has(Cue::Who) || n.is_some() || among.is_some()));
        if ranking && !self.has(Cue::Most) && !self.has(Cue::Least) {
            let desc = !(self.has(Cue::Bottom) || (low && !self.has(Cue::Top)) || (agg == Some(AggFn::Min) && !high));
            let Some(field) = rank_field else {
                if let Some(&c) = targets.iter().find(|&&f| self.cat.fields[f].categorical) {
                    // "the longest address", "the shortest name": a text's length, never its most common value.
                    self.length_of_text(c)?;
                    return Ok(self.exact(self.frequent(c, desc, filter)));
                }
                return Err(self.unknown_field_or_missing(Some(true)));
            };
            // "Which source generated the most electricity?", "Which team scored the most points?":
            // "most" of a measure, asked of a category whose values repeat, is the groups' total.
            // ("the region with the fewest deaths": "fewest", "least" say an amount too.)
            let said_most = self.spans.iter().any(|s| {
                let w = crate::query::text::fold(&s.raw);
                (s.cue() == Some(Cue::High) && matches!(w.as_str(), "most" | "the most" | "meisten" | "am meisten" | "mas" | "mes"))
                    || (s.cue() == Some(Cue::Low)
                        && matches!(
                            w.as_str(),
                            "fewest" | "the fewest" | "least" | "the least" | "wenigsten" | "am wenigsten" | "menos" | "menys"
                        ))
            });
            // "Who made the plane with the most seats?": one row (a singular noun "with" the extreme), not a group's total.
            // ("What type is the sample with the most potassium?", "la mostra amb més potassi": a word
            // for any row, too.)
            // ("What city recorded the fewest sales in a single month?": one row, the month's.)
            let single =
                self.spans.iter().any(|s| matches!(crate::query::text::fold(&s.raw).as_str(), "single" | "einzigen" | "einzelnen"));
            let one_row = single
                || self.spans.iter().enumerate().any(|(i, s)| {
                    let w = crate::query::text::fold(&s.raw);
                    ((s.tag == Tag::Alias && !w.ends_with('s'))
                        || matches!(
                            w.as_str(),
                            "sample"
                                | "row"
                                | "record"
                                | "entry"
                                | "observation"
                                | "muestra"
                                | "fila"
                                | "registro"
                                | "mostra"
                                | "registre"
                                | "probe"
                                | "zeile"
                                | "eintrag"
                        ))
                        && self
                            .spans
                            .get(i + 1)
                            .is_some_and(|n| matches!(crate::query::text::fold(&n.raw).as_str(), "with" | "con" | "amb" | "mit"))
                        && self.next_content(i).is_some_and(|j| matches!(self.spans[j].cue(), Some(Cue::High | Cue::Low)))
                });
            // ("las 3 ciudades con más ventas": a category named with "most", its rows repeating, too.)
            let repeated_target = targets.iter().copied().find(|&g| {
                g != field
                    && !self.is_numeric(g)
                    && self.cat.fields[g].categorical
                    && !self.identifies(g)
                    && self.cat.fields[g].distinct < self.cat.rows
            });
            if let Some(g) = which_field.or(repeated_target).filter(|&g| {
                said_most
                    && !one_row
                    && g != field
                    // ("which year had the most burglaries" over a year's many rows: years group too.)
                    && (self.cat.fields[g].categorical || self.cat.fields[g].yearly)
                    && !self.identifies(g)
                    && self.is_numeric(field)
                    && !self.cat.fields[field].yearly
            }) {
                // "the most missing values in the listings column": the rows where it is missing are counted.
                let missing_here = filter.as_ref().is_some_and(|f| {
                    f.conds().iter().any(|(r, p, neg)| r.0 == self.cat.fields[field].name && matches!(p, Predicate::Missing) && !neg)
                });
                let (func, measure) = if missing_here { (AggFn::Count, None) } else { (AggFn::Sum, Some(self.fref(field))) };
                return Ok(self.exact(Plan::GroupTop {
                    func,
                    field: measure,
                    by: self.fref(g),
                    n: n.unwrap_or(1),
                    desc,
                    filter,
                    change: None,
                }));
            }
            // "the 3 states with…", "Top 5 countries by…": a text field the question names labels the rows.
            // ("the 3 years with the lowest unemployment": a year column names rows too.)
            let named = targets.iter().copied().find(|&t| {
                // ("pidnums of the two oldest patients": a numeric id names rows too.)
                t != field && (!self.is_numeric(t) || self.cat.fields[t].yearly || self.is_date(t) || self.identifies(t))
            });
            // "Who had the largest capital stock in 1935?": within one year of a panel, its name field names the rows.
            let one_year = |y: usize| {
                filter.as_ref().is_some_and(|f| {
                    f.conds().iter().any(|(r, p, neg)| {
                        r.0 == self.cat.fields[y].name && !neg && matches!(p, Predicate::Year(_) | Predicate::Cmp(CmpOp::Eq, _))
                    })
                })
            };
            let panel = self.cat.panel.filter(|&(_, y)| one_year(y) && !matches!(filter, Some(Filter::Or(_)))).map(|(t, _)| t);
            let label = which_field.or(named).or(self.rows_label()).or(panel).filter(|&l| l != field).map(|l| self.fref(l));
            // Nothing names the rows ("the three highest poverty rates"): the answer is the values.
            // "the populations of the 3 biggest countries": the ranked field named first is what is asked.
            let first_field = self.spans.iter().find_map(|s| match &s.tag {
                Tag::Field(fs) if !s.raw.is_empty() => Some(fs.clone()),
                _ => None,
            });
            // "Which month…", "Qué mes…", "Who…": a question word before a name-like word asks for names.
            let asks_names = self.has(Cue::Who)
                || self.spans.iter().enumerate().any(|(i, s)| {
                    let after_n = self.next_content(i).and_then(|j| {
                        if matches!(self.spans[j].tag, Tag::Number(_) | Tag::Cue(Cue::Of)) {
                            self.next_content(j)
                        } else {
                            Some(j)
                        }
                    });
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
                        matches!(&next.tag, Tag::Field(fs) if fs.contains(&field))
                            && crate::query::lang::is_unit_word(&crate::query::text::fold(&next.raw))
                    })
            });
            // "top 3 densest elements": the rows' own noun after the ranked field asks for their names.
            // "Top 5 most populous countries": the text field naming the rows, after the ranked field, asks for them too.
            let rows_after = self.spans.iter().position(|s| matches!(&s.tag, Tag::Field(fs) if fs.contains(&field))).is_some_and(|p| {
                self.spans[p + 1..].iter().any(|s| s.tag == Tag::Alias || matches!(&s.tag, Tag::Field(fs) if named.is_some_and(|t| fs.as_slice() == [t]) && !self.spans[p].raw.is_empty() && crate::query::text::fold(&s.raw).ends_with('s')))
            });
            // "the 3 coldest days by overnight low": the rows' noun right after the superlative asks for them.
            let rows_ranked = self.spans.iter().enumerate().any(|(i, s)| {
                matches!(s.cue(), Some(Cue::High | Cue::Low | Cue::Top | Cue::Bottom))
                    && self.next_content(i).is_some_and(|j| self.spans[j].tag == Tag::Alias)
            });
            // "die drei Elemente mit dem niedrigsten Schmelzpunkt": the rows' noun counted asks for them.
            let rows_counted =
                (1..self.spans.len()).any(|i| self.spans[i].tag == Tag::Alias && matches!(self.spans[i - 1].tag, Tag::Number(_)));
            // "What are the ages of the 3 oldest people?", "the age of the youngest victim": the ranked
            // field, named first and then "of" the rows, is what is asked, whatever names the rows.
            let field_of_rows = field_first
                && self
                    .spans
                    .iter()
                    .position(|s| !s.raw.is_empty() && matches!(&s.tag, Tag::Field(fs) if fs.contains(&field)))
                    .and_then(|p| self.next_content(p))
                    // ("con más pasajeros de la línea 7": "of" a value filters, it names no rows.)
                    .is_some_and(|j| {
                        self.spans[j].cue() == Some(Cue::Of)
                            && !self.next_content(j).is_some_and(|k| matches!(self.spans[k].tag, Tag::Value(_)))
                    });
            // "When was it at its peak?" asks for the row's date, never the value.
            let values = when.is_none()
                && (in_unit
                    || (field_of_rows && among.is_none() && !named_extreme && !self.has(Cue::Who) && which_field.is_none())
                    || among.is_none()
                        && !named_extreme
                        && !asks_names
                        && !((rows_after || rows_ranked || rows_counted) && label.is_some())
                        && !which_value
                        && (field_first || (which_field.is_none() && named.is_none() && !self.has(Cue::Which) && !alias)));
            // "top 3 areas by council tax": one unknown word (or the rows' noun) between "top N" and "by" (or the ranked
            // field) is what the rows are called; it names nothing that could filter them, and asks
            // for their names.
            let mut values = values;
            if label.is_some() {
                for i in 2..self.spans.len() {
                    // ("top 3 sampling periods by concentration": a noun of two words too.)
                    let nounish = |s: &Span| matches!(s.tag, Tag::Unknown | Tag::Alias);
                    let two = self.spans.get(i + 1).is_some_and(nounish);
                    let next = self.spans.get(i + 1 + usize::from(two)).map(|s| &s.tag);
                    if nounish(&self.spans[i])
                        && matches!(self.spans[i - 1].tag, Tag::Number(_))
                        && matches!(self.spans[i - 2].cue(), Some(Cue::Top | Cue::Bottom))
                        && matches!(next, Some(Tag::Cue(Cue::Per)) | Some(Tag::Field(_)) | None)
                    {
                        self.spans[i].used = true;
                        if two {
                            self.spans[i + 1].used = true;
                        }
                        values = false;
                    }
                }
            }
            return Ok(self.exact(Plan::Rank { field: self.fref(field), n: n.unwrap_or(1), desc, label, filter, values }));
        }
        // "Is the average age over 30?": the comparison names the aggregated field and is the test.
        if let (Some(func), Shape::Boolean, true) = (agg, self.asked, numeric_targets.is_empty()) {
            let (taken, rest) = take_cond(filter.clone(), |f, p| {
                self.cat.field(&f.0).is_some_and(|i| self.is_numeric(i)) && matches!(p, Predicate::Cmp(_, Literal::Number(_)))
            });
            if let Some(Predicate::Cmp(op, Literal::Number(v))) = taken {
                let Some(Filter::Cond { field, .. }) = conds
                    .iter()
                    .map(|c| &c.filter)
                    .find(|f| matches!(f, Filter::Cond { pred: Predicate::Cmp(o, Literal::Number(x)), .. } if *o == op && *x == v))
                else {
                    return Err(self.missing(Some(true)));
                };
                return Ok(self.exact(Plan::Check {
                    inner: Box::new(Plan::Aggregate { func, field: field.clone(), filter: rest }),
                    test: Test::Cmp { op, value: v },
                }));
            }
        }
        // "Did any country exceed 100?": a name field right after "any" is the rows being tested, not a field asked for.
        let any_rows: Vec<usize> = (1..self.spans.len())
            .filter(|&j| {
                !self.spans[j].used
                    // ("any year with …", "algún mes …": a year or a date names rows too.)
                    && matches!(&self.spans[j].tag, Tag::Field(fs) if fs.len() == 1 && (matches!(self.cat.fields[fs[0]].ty, ColumnType::Text | ColumnType::Identifier) || self.cat.fields[fs[0]].yearly || self.is_date(fs[0])))
                    && matches!(crate::query::text::fold(&self.spans[j - 1].raw).as_str(), "any" | "some" | "algun" | "alguna" | "alguno" | "cap" | "irgendein" | "irgendeine" | "irgendeinen")
            })
            .collect();
        let targets_are_rows = !targets.is_empty()
            && targets.iter().all(|&t| any_rows.iter().any(|&j| matches!(&self.spans[j].tag, Tag::Field(fs) if fs.as_slice() == [t])));
        // "Is anyone older than 45?", "Are there cars with 8 cylinders?": whether any row matches.
        if self.asked == Shape::Boolean
            && agg.is_none()
            && (targets.is_empty() || (targets_are_rows && filter.is_some()))
            && !(high || low)
            && !self.has(Cue::Most)
            && !self.has(Cue::Least)
            && !self.has(Cue::More)
        {
            if let Some(f) = filter.clone() {
                for &j in &any_rows {
                    self.spans[j].used = true;
                }
                // "Are all cars from USA?": every row passes, a test the yes/no stage makes of the count
                // (an "all" it cannot read as every row leaves the count unanswered).
                if self.every_word().is_some() || self.all_word() {
                    return Ok(self.exact(Plan::Count { filter: Some(f) }));
                }
                return Ok(self.exact(Plan::Check {
                    inner: Box::new(Plan::Count { filter: Some(f) }),
                    test: Test::Cmp { op: CmpOp::Gt, value: 0.0 },
                }));
            }
        }
        if let Some(func) = agg {
            let date_ok = matches!(func, AggFn::Min | AggFn::Max);
            let Some(&field) = numeric_targets.first().or(targets.iter().find(|&&f| date_ok && self.is_date(f))) else {
                if let Some(&t) = targets.first() {
                    return Err(Fail::Refuse(Refusal::TypeMismatch {
                        field: self.cat.fields[t].name.clone(),
                        ty: self.cat.fields[t].ty.as_str().into(),
                        wanted: "number".into(),
                    }));
                }
                return Err(self.unknown_field_or_missing(Some(true)));
            };
            return Ok(self.exact(Plan::Aggregate { func, field: self.fref(field), filter }));
        }
        // Lookups: one field of the row a value or a point condition names.
        let identifying = conds.iter().any(|c| c.kind == Kind::Identifying);
        // "Chile in 2007": a name a panel repeats (not a category) and a year together name one row.
        let panel_name = |c: &At| {
            c.kind == Kind::Category
                && c.eq_value
                    .as_ref()
                    .is_some_and(|(f, _)| !self.cat.fields[*f].categorical || self.cat.panel.is_some_and(|(t, _)| t == *f))
        };
        let year_point = |c: &At| c.kind == Kind::Range && c.eq_value.as_ref().is_some_and(|(f, _)| self.cat.fields[*f].yearly);
        let panel_point = conds.iter().any(panel_name) && conds.iter().any(year_point);
        // "the first quarter of 2000": a point and a year name one row of a series.
        let series_point = conds.iter().any(|c| c.kind == Kind::Point) && conds.iter().any(year_point);
        let points = !conds.is_empty()
            && conds.iter().all(|c| {
                matches!(c.kind, Kind::Identifying | Kind::Point) || ((panel_point || series_point) && (panel_name(c) || year_point(c)))
            })
            && !matches!(filter, Some(Filter::Or(_)));
        // "Which origin do the 5-cylinder cars have?" lists values; "What is the species of the flower
        // with petal length 6.9?" looks one up.
        let lookup = identifying || (points && (self.has(Cue::What) || !self.has(Cue::Which)) && !self.has(Cue::HowMany));
        if lookup && !self.has(Cue::Distinct) {
            // "How old was …?" asks for an age where the table has one; otherwise, like "when", a date.
            let age_asked = self
                .spans
                .iter()
                .any(|s| s.cue() == Some(Cue::DataDate) && matches!(crate::query::text::fold(&s.raw).as_str(), "how old" | "wie alt"));
            let age = || {
                self.unique(|f| {
                    self.is_numeric(f)
                        && self.cat.fields[f]
                            .names
                            .iter()
                            .any(|n| n.iter().any(|w| matches!(w.as_str(), "age" | "edad" | "edat" | "alter")))
                })
            };
            let target = targets
                .first()
                .copied()
                .or_else(|| age_asked.then(age).flatten())
                .or_else(|| (self.has(Cue::DataDate)).then(|| self.unique(|f| self.is_date(f))).flatten());
            if let (Some(t), Some(key)) = (target, filter.clone()) {
                // "Is the Budget committee a high-prestige committee?": a row named by the field that
                // names the rows, tested for a value of another field: whether that row has it.
                let named_row = conds.iter().any(|c| c.kind == Kind::Identifying && c.eq_value.as_ref().is_some_and(|(f, _)| *f == t));
                let tested = conds.iter().any(|c| c.eq_value.as_ref().is_some_and(|(f, _)| *f != t));
                if self.asked == Shape::Boolean && named_row && tested && !matches!(key, Filter::Or(_)) {
                    return Ok(self.exact(Plan::Check {
                        inner: Box::new(Plan::Count { filter: Some(key) }),
                        test: Test::Cmp { op: CmpOp::Gt, value: 0.0 },
                    }));
                }
                if !(alias && self.has(Cue::HowMany) && !self.is_numeric(t)) {
                    return Ok(self.exact(Plan::Lookup { field: self.fref(t), key }));
                }
            }
            if target.is_none() && !self.has(Cue::HowMany) {
                if let Some(j) = self.unknown_noun() {
                    return Err(self.unknown_field_at(j));
                }
                // "What year is the Camaro Z28 from?" in a table with no date: a time asked for that it lacks.
                let period_asked = self.spans.iter().enumerate().find(|(i, s)| {
                    *i > 0
                        && matches!(self.spans[i - 1].cue(), Some(Cue::What | Cue::Which))
                        && matches!(
                            crate::query::text::fold(&s.raw).as_str(),
                            "year" | "month" | "date" | "day" | "ano" | "any" | "jahr" | "fecha" | "data" | "datum"
                        )
                });
                if let Some((i, _)) = period_asked
                    .filter(|_| !self.cat.fields.iter().any(|f| f.yearly || matches!(f.ty, ColumnType::Date | ColumnType::Datetime)))
                {
                    return Err(self.unknown_field_at(i));
                }
                if identifying {
                    return Ok(Understanding::Exact { plan: Plan::List { filter, label: None }, confidence: self.confidence() * 0.9 });
                }
            }
        }
        if self.has(Cue::Most) || self.has(Cue::Least) || ((high || low) && !targets.is_empty()) {
            // "On which day was it windiest?" with no wind column: no count of dates answers it.
            if !self.has(Cue::Most) && !self.has(Cue::Least) && numeric_targets.is_empty() && self.measure_adjective() {
                return Err(self.unknown_field_or_missing(Some(true)));
            }
            let most = self.has(Cue::Most) || (!self.has(Cue::Least) && high);
            // "Is the most common origin USA?": the value tested names the field counted.
            let tested = (targets.is_empty() && self.asked == Shape::Boolean && (self.has(Cue::Most) || self.has(Cue::Least)))
                .then(|| conds.iter().rev().find_map(|c| c.eq_value.as_ref().map(|(f, _)| *f).filter(|&f| self.cat.fields[f].categorical)))
                .flatten();
            if let Some(&f) =
                targets.iter().find(|&&f| !self.is_numeric(f) || self.cat.fields[f].categorical).or(targets.first()).or(tested.as_ref())
            {
                // "the most populous county": a superlative of a measure (not "most common") ranks
                // the rows by it, named by the category; it never counts the category's values.
                let measure =
                    numeric_targets.iter().copied().find(|&m| m != f && !self.cat.fields[m].categorical && !self.cat.fields[m].yearly);
                if let Some(m) = measure.filter(|_| !self.has(Cue::Most) && !self.has(Cue::Least) && !self.is_numeric(f) && n.is_none()) {
                    return Ok(self.exact(Plan::Rank {
                        field: self.fref(m),
                        n: 1,
                        desc: high,
                        label: Some(self.fref(f)),
                        filter,
                        values: false,
                    }));
                }
                // ("the highest coordination number": "highest" of numbers, even few different ones, is
                // their largest; "most" and "most common" count them.)
                // ("Which arm had the lowest event rate?": a value of the field asked for is the answer.)
                if self.has(Cue::Most)
                    || self.has(Cue::Least)
                    || !self.is_numeric(f)
                    || (self.asks_which(f) && self.cat.fields[f].categorical)
                {
                    if !self.has(Cue::Most) && !self.has(Cue::Least) {
                        self.length_of_text(f)?;
                        // "the name of the lowest airport": "lowest" of names nearly all different
                        // says a measure nobody named, never the least common name.
                        if !self.is_numeric(f) && !self.cat.fields[f].categorical && n.is_none() {
                            return Err(self.superlative_of_names(f));
                        }
                    }
                    // "the 4 most common …": that many values, by their number of rows.
                    if let Some(k) = n.filter(|&k| k >= 2) {
                        return Ok(self.exact(Plan::GroupTop {
                            func: AggFn::Count,
                            field: None,
                            by: self.fref(f),
                            n: k,
                            desc: most,
                            filter,
                            change: None,
                        }));
                    }
                    return Ok(self.exact(self.frequent(f, most, filter)));
                }
                let func = if most { AggFn::Max } else { AggFn::Min };
                return Ok(self.exact(Plan::Aggregate { func, field: self.fref(f), filter }));
            }
            return Err(self.unknown_field_or_missing(None));
        }
        if self.has(Cue::HowMany) && !self.has(Cue::Distinct) {
            if let Some(plan) = self.count_of_values(&targets, filter.clone()) {
                return Ok(self.exact(plan));
            }
        }
        if self.has(Cue::HowMany) {
            if self.has(Cue::Distinct) || (!alias && !targets.is_empty() && !self.has(Cue::Rows)) {
                if let Some(&f) = targets.first() {
                    if let (false, Some(y)) = (self.has(Cue::Distinct), self.period_of_year(f)) {
                        // "How many quarters…" in a table of quarters (year and quarter different in every row) counts its rows.
                        let rows_word = self.spans.iter().position(|s| {
                            matches!(&s.tag, Tag::Field(fs) if fs.as_slice() == [f])
                                && self.cat.aliases.contains(&vec![crate::query::text::fold(&s.raw)])
                        });
                        if let Some(i) = rows_word {
                            self.spans[i].used = true;
                            return Ok(self.exact(Plan::Count { filter }));
                        }
                        return Err(Fail::Refuse(Refusal::PeriodOfYear {
                            field: self.cat.fields[f].name.clone(),
                            year: self.cat.fields[y].name.clone(),
                        }));
                    }
                }
                if let Some(&f) = targets.first() {
                    // "how many order lines" with `order_line` (1, 2, 3 … within each order): a row's
                    // place counts the rows; only "different" asks how many places there are.
                    let places = self.cat.fields[f]
                        .range
                        .is_some_and(|(lo, hi)| lo == 1.0 && hi >= 3.0 && hi.fract() == 0.0 && self.cat.fields[f].distinct == hi as u64);
                    let place_word = crate::query::text::name_words(&self.cat.fields[f].name)
                        .iter()
                        .any(|w| matches!(w.as_str(), "line" | "position" | "pos" | "seq" | "sequence" | "item" | "step"));
                    if places
                        && place_word
                        && self.is_numeric(f)
                        && !self.identifies(f)
                        && !self.named_id(f)
                        && !self.cat.fields[f].yearly
                        && !self.has(Cue::Distinct)
                        && !self.has(Cue::Values)
                    {
                        for s in self.spans.iter_mut().filter(|s| matches!(&s.tag, Tag::Field(fs) if fs.as_slice() == [f])) {
                            s.used = true;
                        }
                        return Ok(self.exact(Plan::Count { filter }));
                    }
                }
                // "How many passengers in 1960?" over a measure adds it up; "how many cities" counts names.
                // ("in how many congresses" over `Congress` 1…117: a numbered thing, named in the plural, is counted.)
                if let Some(&f) = targets.first().filter(|&&f| {
                    !self.has(Cue::Distinct)
                        && !self.numbered_things(f)
                        && self.is_numeric(f)
                        // ("how many away goals" over scores 0…9: few values, but counts of things.)
                        && (!self.cat.fields[f].categorical || self.cat.fields[f].counts)
                        && !self.cat.fields[f].yearly
                        && !self.identifies(f)
                        && !self.named_id(f)
                        // (`GRCODE`, `zipcode`: a code names a thing; "how many codes" sums nothing.)
                        && !crate::query::text::name_words(&self.cat.fields[f].name).last().is_some_and(|w| w.len() > 4 && w.ends_with("code"))
                }) {
                    return Ok(self.exact(Plan::Aggregate { func: AggFn::Sum, field: self.fref(f), filter }));
                }
                if let Some(&f) = targets.first() {
                    // "How many times does USA appear in origin?": the field pinned to one value counts rows, not values.
                    let pinned = filter.as_ref().is_some_and(|fl| {
                        let top: Vec<&Filter> = match fl {
                            Filter::And(parts) => parts.iter().collect(),
                            other => vec![other],
                        };
                        top.iter().any(|c| matches!(c, Filter::Cond { field, pred: Predicate::Cmp(CmpOp::Eq, _), negated: false } if field.0 == self.cat.fields[f].name))
                    });
                    if pinned && !self.has(Cue::Distinct) {
                        return Ok(self.exact(Plan::Count { filter }));
                    }
                    // "How many white patients died?" with a flag `is_white`: the rows it holds true for.
                    if self.cat.fields[f].ty == ColumnType::Boolean && !self.has(Cue::Distinct) && !self.has(Cue::Values) {
                        let flag =
                            Filter::Cond { field: self.fref(f), pred: Predicate::Cmp(CmpOp::Eq, Literal::Bool(true)), negated: false };
                        let filter = Filter::and(filter.into_iter().chain(std::iter::once(flag)).collect());
                        return Ok(self.exact(Plan::Count { filter }));
                    }
                    return Ok(self.exact(Plan::DistinctCount { field: self.fref(f), filter }));
                }
                if self.has(Cue::Distinct) {
                    // "how many different athletes are in the table": the rows' noun, different,
                    // counts the names that repeat over the rows (an athlete per medal).
                    let names = self
                        .cat
                        .repeated_names
                        .or(self.cat.label)
                        .filter(|&l| matches!(self.cat.fields[l].ty, ColumnType::Text | ColumnType::Identifier));
                    if let (true, Some(l)) = (alias, names) {
                        return Ok(self.exact(Plan::DistinctCount { field: self.fref(l), filter }));
                    }
                    return Err(self.unknown_field_or_missing(Some(false)));
                }
            }
            if filter.is_none() {
                if let Some(r) = self.unknown_value() {
                    return Err(Fail::Refuse(r));
                }
            }
            // "number of delegates (Del) in the 117th congress" over a table of counts: the rows'
            // counts add up, unless the rows themselves are named.
            if let (false, false, Some(c)) = (alias, self.has(Cue::Rows), self.counts_column(None)) {
                return Ok(self.exact(Plan::Aggregate { func: AggFn::Sum, field: self.fref(c), filter }));
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
        // "consumption in 2008", "Verbrauch 2008": a field named first, then conditions, and no
        // question word or aggregate: the field's values in those rows are asked for.
        // (Only where no category is left open: "price in 2008" over five stocks says no whose.)
        let pinned: Vec<String> = filter
            .as_ref()
            .map(|f| {
                f.conds().iter().filter(|(_, p, n)| !n && matches!(p, Predicate::Cmp(CmpOp::Eq, _))).map(|(r, _, _)| r.0.clone()).collect()
            })
            .unwrap_or_default();
        let open_category = self
            .cat
            .fields
            .iter()
            .any(|f| f.categorical && f.ty == ColumnType::Text && !f.derived() && f.distinct >= 2 && !pinned.contains(&f.name));
        // (Names listed for the rows kept depend on no category: "first names of everyone born in
        // 2000 or later"; "stable elements with z above 80", a value first, names the rows too.)
        let leading = self.spans.iter().position(|s| s.tag != Tag::Stop);
        let leading = match leading.map(|i| &self.spans[i].tag) {
            Some(Tag::Value(_)) => leading.and_then(|i| self.next_content(i)),
            _ => leading,
        };
        let noun_phrase = agg.is_none()
            && !self.spans.iter().any(|s| {
                s.cue().is_some_and(|c| {
                    !matches!(c, Cue::In | Cue::Of | Cue::And | Cue::Or | Cue::Between | Cue::Order | Cue::Op(_) | Cue::OpPost(_))
                })
            })
            && leading.is_some_and(|i| {
                matches!(&self.spans[i].tag, Tag::Field(fs) if fs.len() == 1 && targets.contains(&fs[0])
                    && (!open_category || !self.is_numeric(fs[0])))
            });
        // "deaths in Region VII in 2017" over a row a month: a count of things (whole numbers from
        // 0, a plural name) named alone, with rows of a category left open, adds up.
        let counted = |f: usize| {
            let fi = &self.cat.fields[f];
            fi.whole_amount()
                && !fi.yearly
                && !fi.derived()
                && fi.range.is_some_and(|(lo, _)| lo >= 0.0)
                && crate::query::text::name_words(&fi.name).last().is_some_and(|w| w.len() > 3 && w.ends_with('s'))
        };
        let bare_phrase = agg.is_none()
            && !who
            && !self.spans.iter().any(|s| s.cue().is_some_and(|c| !matches!(c, Cue::In | Cue::Of | Cue::And)))
            && open_category;
        if let (Some(_), true, Some(i)) = (&filter, bare_phrase, leading) {
            if let Tag::Field(fs) = &self.spans[i].tag {
                if let [t] = fs.as_slice() {
                    let in_filter = filter.as_ref().is_some_and(|f| f.conds().iter().any(|(r, _, _)| r.0 == self.cat.fields[*t].name));
                    if counted(*t) && !in_filter {
                        return Ok(self.exact(Plan::Aggregate { func: AggFn::Sum, field: self.fref(*t), filter }));
                    }
                }
            }
        }
        if filter.is_some() && (who || self.has(Cue::What) || alias || noun_phrase) {
            // "Which cars weigh more than 4900 lbs": a field the filter already uses is not what is asked.
            let in_filter: Vec<String> =
                filter.as_ref().map(|f| f.conds().into_iter().map(|(fr, _, _)| fr.0.clone()).collect()).unwrap_or_default();
            let target = targets.iter().copied().find(|&t| Some(t) != self.cat.label && !in_filter.contains(&self.cat.fields[t].name));
            if let Some(t) = target {
                // "In what year did the population first exceed 200 million?": the earliest such year.
                if let Some(func) = self.order_end(t) {
                    return Ok(self.exact(Plan::Aggregate { func, field: self.fref(t), filter }));
                }
                // "What were the unemployment rates in 1960?": a measure's value in each row the
                // filter keeps (5.2 twice is two quarters), not its different values.
                // Years are names of periods, not measures: "what years are the cessna planes from" lists each once.
                let measure = self.is_numeric(t) && !self.cat.fields[t].categorical && !self.cat.fields[t].yearly && !who;
                if (self.has(Cue::List) && !self.has(Cue::Which)) || measure {
                    return Ok(self.exact(Plan::List { filter, label: Some(self.fref(t)) }));
                }
                if let Some(plan) = self.groups_with_none(t, filter.as_ref()) {
                    return Ok(self.exact(plan));
                }
                return Ok(self.exact(Plan::DistinctValues { field: self.fref(t), filter }));
            }
            // "Which income changes were below -2?": the measure asked for and filtered is what is listed.
            let asked_measure = self.spans.iter().enumerate().find_map(|(i, s)| match s.cue() {
                Some(Cue::Which | Cue::What) => self.next_content(i).and_then(|j| match &self.spans[j].tag {
                    Tag::Field(fs) if fs.len() == 1 && self.is_numeric(fs[0]) && in_filter.contains(&self.cat.fields[fs[0]].name) => {
                        Some(fs[0])
                    }
                    _ => None,
                }),
                _ => None,
            });
            if let Some(m) = asked_measure {
                return Ok(self.exact(Plan::List { filter, label: Some(self.fref(m)) }));
            }
            if self.cat.label.is_none() && !who {
                if let Some(j) = self.unknown_noun() {
                    return Err(self.unknown_field_at(j));
                }
            }
            return Ok(self.exact(Plan::List { filter, label: self.rows_label().map(|l| self.fref(l)) }));
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
        if std::env::var_os("TABLETALK_DEBUG_PARSE").is_some() {
            eprintln!("[retrieve] targets {targets:?} filter {filter:?} agg {agg:?} asked {:?}", self.asked);
        }
        Ok(Understanding::Retrieve { confidence: 0.3 })
    }

    /// A superlative that names a measure's degree ("windiest", "warmest", "heaviest", "más
    /// caluroso"), not a place in time: it cannot rank dates.
    fn measure_adjective(&self) -> bool {
        self.spans.iter().any(|s| {
            matches!(s.cue(), Some(Cue::High | Cue::Low))
                && s.raw.split_whitespace().any(|w| {
                    let w = crate::query::text::fold(w);
                    (w.ends_with("iest") || w.ends_with("est") || w.ends_with("sten") || w.ends_with("ste"))
                        && !matches!(
                            w.as_str(),
                            "latest"
                                | "earliest"
                                | "newest"
                                | "oldest"
                                | "highest"
                                | "lowest"
                                | "biggest"
                                | "largest"
                                | "smallest"
                                | "greatest"
                                | "most"
                                | "least"
                                | "best"
                                | "worst"
                                | "spateste"
                                | "spatesten"
                                | "fruheste"
                                | "fruhesten"
                                | "neueste"
                                | "neuesten"
                                | "alteste"
                                | "altesten"
                                | "letzte"
                                | "letzten"
                                | "erste"
                                | "ersten"
                                | "hochste"
                                | "hochsten"
                                | "niedrigste"
                                | "niedrigsten"
                                | "grosste"
                                | "grossten"
                                | "kleinste"
                                | "kleinsten"
                                | "meisten"
                                | "wenigsten"
                        )
                })
                || matches!(
                    crate::query::text::fold(&s.raw).as_str(),
                    "mas calido"
                        | "mas caluroso"
                        | "mas frio"
                        | "mes calid"
                        | "mes fred"
                        | "mas ventoso"
                        | "mes ventos"
                        | "mas lluvioso"
                        | "mes plujos"
                )
        })
    }

    pub(super) fn exact(&self, plan: Plan) -> Understanding {
        Understanding::Exact { plan, confidence: self.confidence() }
    }

    pub(super) fn confidence(&self) -> f32 {
        let unknown = self.spans.iter().filter(|s| matches!(s.tag, Tag::Unknown)).count() as f32;
        (0.95 - 0.12 * unknown).max(0.1)
    }
}

/// The field of a list of values joined by "or" in a filter ("France, Germany and Spain"), at its
/// top or beside other conditions.
fn among_values(filter: Option<&Filter>) -> Option<String> {
    let one = |f: &Filter| -> Option<String> {
        let Filter::Or(parts) = f else { return None };
        let fields: Vec<&str> = parts
            .iter()
            .map(|p| match p {
                Filter::Cond { field, pred: Predicate::Cmp(CmpOp::Eq, Literal::Text(_)), negated: false } => Some(field.0.as_str()),
                _ => None,
            })
            .collect::<Option<_>>()?;
        (fields.len() >= 2 && fields.iter().all(|f| *f == fields[0])).then(|| fields[0].to_string())
    };
    match filter? {
        Filter::And(parts) => parts.iter().find_map(one),
        f => one(f),
    }
}

impl Parser<'_> {
    /// "the lowest airport" of names nearly all different: a measure nobody named, said back.
    fn superlative_of_names(&self, f: usize) -> Fail {
        let word = self.spans.iter().find(|s| matches!(s.cue(), Some(Cue::High | Cue::Low))).map(|s| s.raw.clone());
        Fail::Refuse(Refusal::Unplaced {
            understood: format!("“{}”", self.cat.fields[f].label),
            words: word.into_iter().collect(),
            asked: None,
        })
    }

    /// "the longest address", "the shortest name": a text's length, never its most common value.
    fn length_of_text(&self, f: usize) -> Result<(), Fail> {
        match self.spans.iter().find(|s| LENGTH_SUPERLATIVES.contains(&crate::query::text::fold(&s.raw).as_str())) {
            Some(w) if !self.is_numeric(f) => Err(Fail::Refuse(Refusal::Unplaced {
                understood: format!("“{}”", self.cat.fields[f].label),
                words: vec![w.raw.clone()],
                asked: None,
            })),
            _ => Ok(()),
        }
    }
}

/// Superlatives of length (folded): of a text they ask its length, which no plan computes.
const LENGTH_SUPERLATIVES: &[&str] = &[
    "longest",
    "shortest",
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
    "langster",
    "kurzeste",
    "kurzesten",
    "kurzester",
];

/// Nouns for the values a measure holds ("how many co2 values", "wie viele Messwerte").
const VALUE_NOUNS: &[&str] = &[
    "values",
    "readings",
    "measurements",
    "entries",
    "observations",
    "valores",
    "mediciones",
    "lecturas",
    "valors",
    "mesures",
    "lectures",
    "werte",
    "messungen",
    "messwerte",
    "eintrage",
];

/// Row nouns of measured tables ("how many readings"): they count what was measured.
const MEASURED_ROWS: &[&str] = &[
    "readings",
    "measurements",
    "samples",
    "mediciones",
    "lecturas",
    "muestras",
    "mesures",
    "mostres",
    "lectures",
    "messungen",
    "messwerte",
    "proben",
];

impl Parser<'_> {
    /// "how many co2 values in 1958", "how many readings" in a table of one measure with gaps:
    /// values are the cells that hold one, not the rows (nor their sum).
    fn count_of_values(&mut self, targets: &[usize], filter: Option<Filter>) -> Option<Plan> {
        let fold = |s: &Span| crate::query::text::fold(&s.raw);
        // "How many missing co2 values?" counts the others.
        if self.spans.iter().any(|s| s.cue() == Some(Cue::Not) || super::conditions::MISSING_WORDS.contains(&fold(s).as_str())) {
            return None;
        }
        let measured = |p: &Self, f: usize| {
            p.is_numeric(f) && !p.cat.fields[f].yearly && !p.cat.fields[f].categorical && !p.cat.fields[f].derived() && !p.identifies(f)
        };
        let (field, noun) = if let [f] = targets {
            let at = self.spans.iter().position(|s| matches!(&s.tag, Tag::Field(fs) if fs.as_slice() == [*f]))?;
            let noun = self.next_content(at).filter(|&j| VALUE_NOUNS.contains(&fold(&self.spans[j]).as_str()))?;
            (*f, noun)
        } else if targets.is_empty() {
            let noun = self.spans.iter().position(|s| s.tag == Tag::Alias && MEASURED_ROWS.contains(&fold(s).as_str()))?;
            let measures: Vec<usize> = (0..self.cat.fields.len()).filter(|&f| measured(self, f)).collect();
            match measures.as_slice() {
                [f] if self.cat.fields[*f].missing > 0 => (*f, noun),
                _ => return None,
            }
        } else {
            return None;
        };
        if !measured(self, field) {
            return None;
        }
        self.spans[noun].used = true;
        let present = Filter::Cond { field: self.fref(field), pred: Predicate::Missing, negated: true };
        Some(Plan::Count { filter: Filter::and(std::iter::once(present).chain(filter).collect()) })
    }
}

impl Parser<'_> {
    /// "Which arm …", "Welcher Arm …": a question word right before field `f`.
    /// A column that numbers things 1, 2, 3 … over rows that repeat them (`Congress`, `Round`),
    /// named in the plural of its name ("congresses"): the things are counted, never summed.
    fn numbered_things(&self, f: usize) -> bool {
        let fi = &self.cat.fields[f];
        let words = crate::query::text::name_words(&fi.name);
        let [name] = words.as_slice() else { return false };
        let plural_said = self.spans.iter().any(|s| {
            matches!(&s.tag, Tag::Field(fs) if fs.as_slice() == [f]) && {
                let w = crate::query::text::fold(&s.raw);
                w != *name && (w == format!("{name}s") || w == format!("{name}es"))
            }
        });
        fi.numbers_things() && fi.distinct < self.cat.rows && plural_said
    }

    fn asks_which(&self, f: usize) -> bool {
        self.spans.iter().enumerate().any(|(i, s)| {
            matches!(s.cue(), Some(Cue::Which | Cue::What))
                && self.next_content(i).is_some_and(|j| matches!(&self.spans[j].tag, Tag::Field(fs) if fs.as_slice() == [f]))
        })
    }

    /// "Which regions have no low-income countries?": the values of `t` none of whose rows is one
    /// (a count of 0 per group), not the values of the rows that are not ("no" negates a noun).
    fn groups_with_none(&self, t: usize, filter: Option<&Filter>) -> Option<Plan> {
        let Some(Filter::Cond { field, pred: pred @ Predicate::Cmp(CmpOp::Eq, Literal::Text(_)), negated: true }) = filter else {
            return None;
        };
        let noun_negation = self.spans.iter().any(|s| {
            s.cue() == Some(Cue::Not)
                && matches!(
                    crate::query::text::fold(&s.raw).as_str(),
                    "no" | "without" | "sin" | "ningun" | "ninguna" | "sense" | "cap" | "ohne" | "kein" | "keine" | "keinen" | "keiner"
                )
        });
        let fi = &self.cat.fields[t];
        // ("which congress has no senate rows": a column numbering things groups as a category does.)
        let repeats = (fi.categorical || fi.yearly || fi.numbers_things()) && !self.identifies(t) && fi.distinct < self.cat.rows;
        (noun_negation && repeats && field.0 != fi.name).then(|| Plan::GroupWhere {
            func: AggFn::Count,
            field: None,
            by: self.fref(t),
            op: CmpOp::Eq,
            value: 0.0,
            filter: Some(Filter::Cond { field: field.clone(), pred: pred.clone(), negated: false }),
            count: false,
        })
    }
}
