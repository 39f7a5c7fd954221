//! The first rows of a series: "monthly KSI for the first three months of 1969"; the first or last
//! in time: "the first date in the data", "the last co2 value", "the year passengers first went over 300".

use crate::query::catalog::DatePart;
use crate::query::lang::Cue;
use crate::query::plan::{AggFn, Plan};
use crate::query::tagger::Tag;

use super::parser::{At, Parser, R};
use super::types::Understanding;

/// A period's noun in the plural as people write it ("months", "Wochen", "trimestres").
fn period_noun(w: &str) -> bool {
    crate::query::lang::is_period_word(w)
        || ["s", "es", "en", "e"].iter().any(|e| w.strip_suffix(e).is_some_and(crate::query::lang::is_period_word))
        || matches!(w, "dias" | "anos" | "anys" | "setmanes" | "monate" | "tage")
}

impl Parser<'_> {
    /// "monthly KSI for the first three months of 1969", "Microsoft's values in the first 4 weeks of
    /// 2019": in a table of one row per date, the first N rows by date (of the rows the filter
    /// keeps), oldest first, giving the one measure named. ("The last N" is left: in which order a
    /// person wants them listed is not said.)
    pub(super) fn first_periods(&mut self, conds: &[At], targets: &[usize]) -> R<Option<Understanding>> {
        let dates: Vec<usize> = (0..self.cat.fields.len())
            .filter(|&f| self.is_date(f) && self.cat.fields[f].distinct == self.cat.rows && !self.cat.fields[f].derived())
            .collect();
        let [d] = dates.as_slice() else { return Ok(None) };
        let fold = |k: usize| crate::query::text::fold(&self.spans[k].raw);
        let Some(at) = (0..self.spans.len())
            .find(|&i| matches!(self.spans[i].tag, Tag::Unknown | Tag::Stop) && crate::query::tagger::order_word(&fold(i)) == Some(true))
        else {
            return Ok(None);
        };
        let Some(j) = self.next_content(at) else { return Ok(None) };
        let Tag::Number(n) = self.spans[j].tag else { return Ok(None) };
        if self.spans[j].used || n.fract() != 0.0 || !(1.0..=1000.0).contains(&n) {
            return Ok(None);
        }
        let Some(k) =
            self.next_content(j).filter(|&k| matches!(self.spans[k].tag, Tag::Alias | Tag::Unknown | Tag::Stop) && period_noun(&fold(k)))
        else {
            return Ok(None);
        };
        let measures: Vec<usize> = targets.iter().copied().filter(|&f| f != *d && self.is_numeric(f)).collect();
        let [m] = measures.as_slice() else { return Ok(None) };
        if targets.len() != 1 || self.agg_named().is_some() || self.has(Cue::HowMany) {
            return Ok(None);
        }
        let filter = self.combine(conds)?;
        self.check_contradictions(filter.as_ref())?;
        for s in [at, j, k] {
            self.spans[s].used = true;
        }
        Ok(Some(self.exact(Plan::Rank {
            field: self.fref(*d),
            n: n as u32,
            desc: false,
            label: Some(self.fref(*m)),
            filter,
            values: false,
        })))
    }

    /// "first date in the data", "In what year did passengers first go over 300?" (a time asked:
    /// its earliest or latest value, of the rows the conditions keep); "what was the last co2 value"
    /// (a measure asked, in a table of one row per date: its value in the latest row). Not with a
    /// number after the word (`first_periods`) nor beside another superlative or aggregate.
    pub(super) fn first_in_time(&mut self, conds: &[At], targets: &[usize]) -> R<Option<Understanding>> {
        let fold = |k: usize| crate::query::text::fold(&self.spans[k].raw);
        let Some(at) = (0..self.spans.len()).find(|&i| {
            !self.spans[i].used
                && matches!(self.spans[i].tag, Tag::Unknown | Tag::Stop)
                && crate::query::tagger::order_word(&fold(i)).is_some()
        }) else {
            return Ok(None);
        };
        let first = crate::query::tagger::order_word(&fold(at)) == Some(true);
        if self.next_content(at).is_some_and(|j| matches!(self.spans[j].tag, Tag::Number(_)))
            || self.agg_named().is_some()
            || [Cue::HowMany, Cue::High, Cue::Low, Cue::Most, Cue::Least, Cue::Top, Cue::Bottom, Cue::Distinct, Cue::Share]
                .iter()
                .any(|&c| self.has(c))
        {
            return Ok(None);
        }
        let time_like = |f: usize| {
            let fi = &self.cat.fields[f];
            !fi.is_change() && (fi.yearly || (self.is_date(f) && fi.part.is_none()) || matches!(fi.part, Some((_, DatePart::Year))))
        };
        let (target, asked_at) = match targets {
            [t] => (*t, None),
            [] => match self.time_asked(&time_like) {
                Some((t, k)) => (t, Some(k)),
                None => return Ok(None),
            },
            _ => return Ok(None),
        };
        let filter = self.combine(conds)?;
        self.check_contradictions(filter.as_ref())?;
        let plan = if time_like(target) {
            Plan::Aggregate { func: if first { AggFn::Min } else { AggFn::Max }, field: self.fref(target), filter }
        } else {
            // The measure's value in the first (last) row of a table of one row per date.
            let times: Vec<usize> = (0..self.cat.fields.len())
                .filter(|&f| {
                    let fi = &self.cat.fields[f];
                    time_like(f) && fi.part.is_none() && fi.distinct == self.cat.rows && fi.missing == 0
                })
                .collect();
            let [t] = times.as_slice() else { return Ok(None) };
            if !self.is_numeric(target) || time_like(target) {
                return Ok(None);
            }
            Plan::Rank { field: self.fref(*t), n: 1, desc: !first, label: Some(self.fref(target)), filter, values: false }
        };
        self.spans[at].used = true;
        if let Some(k) = asked_at {
            self.spans[k].used = true;
        }
        // "in the data", "in der Messreihe": the dataset as a whole, said of the time's end.
        for s in self.spans.iter_mut() {
            if s.cue() == Some(Cue::Dataset) {
                s.used = true;
            }
        }
        Ok(Some(self.exact(plan)))
    }

    /// "In what year…" (a year part of the dates, or the one year field), "When…" (the one date
    /// field): the time a question asks for without naming its field. With the span that asks.
    fn time_asked(&self, time_like: &dyn Fn(usize) -> bool) -> Option<(usize, usize)> {
        let fold = |k: usize| crate::query::text::fold(&self.spans[k].raw);
        let one = |pred: &dyn Fn(usize) -> bool| {
            let fs: Vec<usize> = (0..self.cat.fields.len()).filter(|&f| pred(f)).collect();
            (fs.len() == 1).then(|| fs[0])
        };
        for k in 0..self.spans.len() {
            let year_word = matches!(fold(k).as_str(), "year" | "ano" | "any" | "jahr");
            let asked = k > 0 && matches!(self.spans[k - 1].cue(), Some(Cue::What | Cue::Which));
            if year_word && asked && !self.spans[k].used {
                let year = one(&|f| matches!(self.cat.fields[f].part, Some((_, DatePart::Year))))
                    .or_else(|| one(&|f| self.cat.fields[f].yearly && !self.cat.fields[f].is_change()));
                return year.map(|y| (y, k));
            }
            if self.spans[k].cue() == Some(Cue::DataDate) && matches!(fold(k).as_str(), "when" | "cuando" | "quan" | "wann") {
                return one(&|f| time_like(f) && self.is_date(f) && self.cat.fields[f].part.is_none()).map(|d| (d, k));
            }
        }
        None
    }
}
