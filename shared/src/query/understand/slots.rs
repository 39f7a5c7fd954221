//! Slots of a plan: the fields asked about, the grouping field, the N of a ranking, order words, the aggregate named.

use crate::query::lang::Cue;
use crate::query::plan::{AggFn, Filter, Plan};
use crate::query::tagger::Tag;
use crate::schema::ColumnType;

use super::parser::{unknown_word, Parser, R};

impl Parser<'_> {
    /// The aggregate the words name first ("average", "total", "median", "lowest"…), if any.
    pub(super) fn agg_named(&self) -> Option<AggFn> {
        [(Cue::Avg, AggFn::Avg), (Cue::Sum, AggFn::Sum), (Cue::Median, AggFn::Median), (Cue::Min, AggFn::Min), (Cue::Max, AggFn::Max)]
            .into_iter()
            .filter_map(|(c, a)| self.pos(c).map(|p| (p, a)))
            .min_by_key(|(p, _)| *p)
            .map(|(_, a)| a)
    }

    /// The first content word the tagger could not place: something the table does not have.
    pub(super) fn unknown_noun(&self) -> Option<usize> {
        self.spans.iter().position(unknown_word)
    }

    /// Two or more fields named one after another, with nothing between them but "and", stop words
    /// and words already read ("high and low", "1970, 1980 and 1990"), in the order named.
    pub(super) fn listed_fields(&self, targets: &[usize]) -> Option<Vec<usize>> {
        if targets.len() < 2 {
            return None;
        }
        let at: Vec<usize> = targets
            .iter()
            .map(|&t| self.spans.iter().position(|s| !s.used && matches!(&s.tag, Tag::Field(fs) if fs.as_slice() == [t])))
            .collect::<Option<_>>()?;
        let mut order: Vec<(usize, usize)> = at.into_iter().zip(targets.iter().copied()).collect();
        order.sort();
        let joined = order.windows(2).all(|w| {
            self.spans[w[0].0 + 1..w[1].0]
                .iter()
                .all(|s| s.used || matches!(s.tag, Tag::Stop | Tag::Cue(Cue::And | Cue::In | Cue::Of | Cue::HowMany)))
        });
        let and = self.spans[order[0].0..=order.last()?.0].iter().any(|s| s.cue() == Some(Cue::And));
        (joined && and).then(|| order.into_iter().map(|(_, f)| f).collect())
    }

    /// "first"/"last" (unplaced so far) over a year or date field: its Min or Max; marks the word used.
    pub(super) fn order_end(&mut self, t: usize) -> Option<AggFn> {
        if !(self.is_numeric(t) && self.cat.fields[t].yearly || self.is_date(t)) {
            return None;
        }
        let (i, first) = self.spans.iter().enumerate().find_map(|(i, s)| {
            (s.tag == Tag::Unknown && !s.used)
                .then(|| crate::query::tagger::order_word(&crate::query::text::fold(&s.raw)).map(|f| (i, f)))
                .flatten()
        })?;
        self.spans[i].used = true;
        Some(if first { AggFn::Min } else { AggFn::Max })
    }

    /// "the most frequent strength": rows per value, or, in a table of counts (a column named
    /// frequency, count, n…), the values' summed counts.
    pub(super) fn frequent(&self, f: usize, most: bool, filter: Option<Filter>) -> Plan {
        match self.counts_column(Some(f)) {
            Some(c) => {
                Plan::GroupTop { func: AggFn::Sum, field: Some(self.fref(c)), by: self.fref(f), n: 1, desc: most, filter, change: None }
            }
            None => Plan::Frequent { field: self.fref(f), most, filter },
        }
    }

    /// In a table of counts, the one column that holds each row's count (named frequency, count, n…).
    pub(super) fn counts_column(&self, besides: Option<usize>) -> Option<usize> {
        const COUNTS: &[&str] = &[
            "frequency",
            "freq",
            "count",
            "counts",
            "n",
            "cases",
            "number",
            "anzahl",
            "haufigkeit",
            "frecuencia",
            "frequencia",
            "recuento",
            "nombre",
        ];
        self.unique(|g| {
            Some(g) != besides
                && self.is_numeric(g)
                && !self.cat.fields[g].yearly
                && matches!(crate::query::text::name_words(&self.cat.fields[g].name).as_slice(), [w] if COUNTS.contains(&w.as_str()))
        })
    }

    /// The year field beside `f` when `f` is a position within the year (quarter, month, week).
    pub(super) fn period_of_year(&self, f: usize) -> Option<usize> {
        const PERIODS: &[&str] = &["quarter", "qtr", "month", "week", "trimestre", "mes", "quartal", "monat", "woche", "setmana", "semana"];
        let field = &self.cat.fields[f];
        if !field.names.iter().any(|n| n.iter().any(|w| PERIODS.iter().any(|p| crate::query::text::same_word(w, p)))) {
            return None;
        }
        self.unique(|g| g != f && self.cat.fields[g].yearly)
    }

    /// A field that names rows (lookups answer from one row): the label, an identifier, a composed
    /// name, or any column whose values are all different.
    pub(super) fn identifies(&self, f: usize) -> bool {
        let fi = &self.cat.fields[f];
        Some(f) == self.cat.label
            || fi.ty == ColumnType::Identifier
            || fi.composed.is_some()
            || (fi.distinct == self.cat.rows && self.cat.rows > 1)
    }

    /// `order_id`, `user_id`: a number that names a thing is no measure, though it repeats.
    pub(super) fn named_id(&self, f: usize) -> bool {
        self.cat.fields[f].named_id()
    }

    pub(super) fn label_named(&self, targets: &[usize]) -> bool {
        self.cat.label.is_some_and(|l| targets.contains(&l))
    }

    pub(super) fn rank_n(&self) -> Option<u32> {
        for (i, s) in self.spans.iter().enumerate() {
            if let Tag::Number(n) = s.tag {
                if s.used || n.fract() != 0.0 || !(1.0..=1000.0).contains(&n) {
                    continue;
                }
                let before = self.prev_content(i).and_then(|j| self.spans[j].cue());
                let after = self.next_content(i).map(|j| &self.spans[j].tag);
                let near_rank = matches!(before, Some(Cue::Top | Cue::Bottom | Cue::Which | Cue::Who | Cue::List | Cue::What))
                    || matches!(
                        after,
                        Some(Tag::Cue(Cue::High | Cue::Low | Cue::Max | Cue::Min | Cue::Most | Cue::Least)) | Some(Tag::Alias)
                    )
                    // "the 3 regions with the highest total sales": a count opening the question
                    // before a plural field's name says how many of its values.
                    || (self.prev_content(i).is_none()
                        && self.next_content(i).is_some_and(|j| {
                            matches!(self.spans[j].tag, Tag::Field(_)) && crate::query::text::fold(&self.spans[j].raw).ends_with('s')
                        }));
                if near_rank {
                    return Some(n as u32);
                }
            }
        }
        None
    }

    /// "per origin", "por tipo de tiempo", "pro Anzahl der Zylinder": the field after a grouping word.
    pub(super) fn group_by(&mut self) -> R<Option<usize>> {
        for i in 0..self.spans.len() {
            if self.spans[i].cue() != Some(Cue::Per) || self.spans[i].used {
                continue;
            }
            let mut k = i;
            for _ in 0..3 {
                let Some(j) = self.next_content(k) else { break };
                match &self.spans[j].tag {
                    // "for each marriage rating from 1 to 5": a range on the grouped field restates its values.
                    Tag::Field(_) | Tag::Group(_) if !self.spans[j].used || (k == i && self.ranged_next(j)) => {
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

    /// A field followed by "from N to M" / "between N and M".
    fn ranged_next(&self, j: usize) -> bool {
        self.next_content(j).is_some_and(|b| self.spans[b].cue() == Some(Cue::Between))
    }

    /// Fields the question asks about (not used by a condition); a supplied field comes first.
    pub(super) fn targets(&mut self) -> R<Vec<usize>> {
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

    /// The field that names the rows in the answer: the one the rows' noun names ("the 3 most
    /// populous counties" with a column `county` beside an id), else the table's label.
    pub(super) fn rows_label(&self) -> Option<usize> {
        let named = self.spans.iter().filter(|s| s.tag == Tag::Alias).find_map(|s| {
            let w = crate::query::text::fold(&s.raw);
            (0..self.cat.fields.len()).find(|&f| {
                let fi = &self.cat.fields[f];
                !self.is_numeric(f)
                    && !fi.derived()
                    && fi.composed.is_none()
                    && fi.names.first().is_some_and(|n| n.len() == 1 && crate::query::text::same_word(&n[0], &w))
            })
        });
        named.or(self.cat.label)
    }

    pub(super) fn unique(&self, pred: impl Fn(usize) -> bool) -> Option<usize> {
        let fs: Vec<usize> = (0..self.cat.fields.len())
            .filter(|&f| pred(f) && self.cat.fields[f].composed.is_none() && !self.cat.fields[f].is_change())
            .collect();
        match fs.as_slice() {
            [f] => Some(*f),
            // "Fecha" beside "Fecha UTC": of dates, the one whose name starts every other's is the date.
            [_, _, ..] if fs.iter().all(|&f| self.is_date(f)) => {
                let words = |f: usize| self.cat.fields[f].names.first().cloned().unwrap_or_default();
                let base: Vec<usize> = fs
                    .iter()
                    .copied()
                    .filter(|&b| {
                        !words(b).is_empty()
                            && fs.iter().all(|&o| o == b || (words(o).len() > words(b).len() && words(o).starts_with(&words(b))))
                    })
                    .collect();
                (base.len() == 1).then(|| base[0])
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parser::with_parser;
    use super::*;

    const CSV: &str =
        "name,origin,mpg,cylinders,hp,year\nA,USA,18,8,150,1970\nB,Japan,31,4,,1972\nC,Europe,26,4,90,1970\nD,USA,15,8,170,1975\n";

    #[test]
    fn the_n_of_a_ranking_comes_from_the_words() {
        assert_eq!(with_parser("cars.csv", CSV, "the 3 heaviest cars by hp", |p| p.rank_n()), Some(3));
        assert_eq!(with_parser("cars.csv", CSV, "top 2 cars by mpg", |p| p.rank_n()), Some(2));
        assert_eq!(with_parser("cars.csv", CSV, "cars with 8 cylinders", |p| p.rank_n()), None);
    }

    #[test]
    fn the_field_after_per_groups_and_is_no_target() {
        with_parser("cars.csv", CSV, "average mpg per origin", |p| {
            let by = p.group_by().ok().flatten().expect("a grouping field");
            assert_eq!(p.cat.fields[by].name, "origin");
            let targets = p.targets().ok().expect("targets");
            assert_eq!(targets.iter().map(|&t| p.cat.fields[t].name.as_str()).collect::<Vec<_>>(), ["mpg"]);
        });
    }

    #[test]
    fn the_first_aggregate_named_wins() {
        assert_eq!(with_parser("cars.csv", CSV, "the median and the average of mpg", |p| p.agg_named()), Some(AggFn::Median));
        assert_eq!(with_parser("cars.csv", CSV, "mpg of car A", |p| p.agg_named()), None);
    }

    #[test]
    fn fields_listed_with_and_keep_their_order() {
        with_parser("cars.csv", CSV, "hp and mpg of car A", |p| {
            let targets = p.targets().ok().expect("targets");
            let listed = p.listed_fields(&targets).expect("a list");
            assert_eq!(listed.iter().map(|&t| p.cat.fields[t].name.as_str()).collect::<Vec<_>>(), ["hp", "mpg"]);
        });
    }
}
