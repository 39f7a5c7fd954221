//! The first rows of a series: "monthly KSI for the first three months of 1969".

use crate::query::lang::Cue;
use crate::query::plan::Plan;
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
}
