//! Change from one row to the next: "months in which passengers dropped compared with the month
//! before", "the biggest one-month increase in unemploy", "Did consumption fall by more than 2 %?"
//! on a table of changes. Read before every other stage: the measure's words are re-tagged to the
//! field the change is in (a `Lag` field, or the measure itself where it holds changes already),
//! and the change word becomes a sign (> 0, < 0), a direction of a superlative, or of a bound.

use crate::query::catalog::LagOrder;
use crate::query::lang::Cue;
use crate::query::plan::CmpOp;
use crate::query::tagger::{Span, Tag};
use crate::query::text::fold;

use super::parser::Parser;

/// Which way a change word goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Move {
    Up,
    Down,
    /// "change", "growth": names the change, not its sign.
    Either,
}

/// A change word in the four languages, folded.
fn movement(w: &str) -> Option<Move> {
    const UP: &[&str] = &[
        "grow",
        "grew",
        "grown",
        "grows",
        "growing",
        "increase",
        "increased",
        "increases",
        "increasing",
        "rise",
        "rose",
        "risen",
        "rises",
        "rising",
        "gain",
        "gained",
        "gains",
        "climb",
        "climbed",
        "climbs",
        "jump",
        "jumped",
        "jumps",
        "crecio",
        "crecer",
        "crece",
        "crecieron",
        "crecimiento",
        "aumento",
        "aumentar",
        "aumentaron",
        "aumentos",
        "subio",
        "subir",
        "subida",
        "creixer",
        "creix",
        "creixement",
        "augmentar",
        "augment",
        "augmenta",
        "augmentat",
        "pujar",
        "pujada",
        "stieg",
        "steigen",
        "gestiegen",
        "wuchs",
        "gewachsen",
        "wachsen",
        "zunahme",
        "anstieg",
        "zuwachs",
        "zugenommen",
    ];
    const DOWN: &[&str] = &[
        "drop",
        "dropped",
        "drops",
        "dropping",
        "fall",
        "fell",
        "fallen",
        "falls",
        "falling",
        "decline",
        "declined",
        "declines",
        "declining",
        "decrease",
        "decreased",
        "decreases",
        "decreasing",
        "shrink",
        "shrank",
        "shrunk",
        "shrinking",
        "shrinks",
        "dip",
        "dipped",
        "lose",
        "lost",
        "loses",
        "losing",
        "cayo",
        "caer",
        "cae",
        "caida",
        "cayeron",
        "disminuyo",
        "disminuir",
        "disminucion",
        "bajo",
        "bajar",
        "bajada",
        "descenso",
        "descendio",
        "baixar",
        "baixada",
        "caure",
        "caiguda",
        "disminucio",
        "sank",
        "sinken",
        "gesunken",
        "fiel",
        "gefallen",
        "abnahme",
        "ruckgang",
        "einbruch",
        "abgenommen",
    ];
    const EITHER: &[&str] = &["change", "changes", "growth", "cambio", "cambios", "canvi", "canvis", "veranderung", "anderung"];
    if UP.contains(&w) {
        Some(Move::Up)
    } else if DOWN.contains(&w) {
        Some(Move::Down)
    } else if EITHER.contains(&w) {
        Some(Move::Either)
    } else {
        None
    }
}

/// A period's noun, singular or plural, as "the month before" or "in all quarters" says it.
fn period(w: &str) -> bool {
    crate::query::lang::is_period_word(w)
        || ["s", "es", "en", "e", "n"].iter().any(|e| w.strip_suffix(e).is_some_and(crate::query::lang::is_period_word))
        || matches!(w, "dias" | "anos" | "anys" | "setmanes" | "tage" | "point" | "points" | "punto" | "puntos" | "punt" | "punts")
        || matches!(w, "punkt" | "punkte" | "punkten" | "row" | "rows" | "fila" | "filas" | "files" | "zeile" | "zeilen")
}

/// A period's noun in the plural: "in all quarters", "how many months", "Monate".
fn plural_period(w: &str) -> bool {
    period(w) && !crate::query::lang::is_period_word(w) && !matches!(w, "point" | "punto" | "punt" | "punkt" | "row" | "fila" | "zeile")
}

/// A word saying "the one before": "previous", "vorherigen", "anterior".
fn before_word(w: &str) -> bool {
    matches!(
        w,
        "previous"
            | "preceding"
            | "prior"
            | "before"
            | "earlier"
            | "anterior"
            | "anteriores"
            | "precedente"
            | "antes"
            | "abans"
            | "vorherigen"
            | "vorherige"
            | "vorigen"
            | "vorige"
            | "davor"
            | "vormonat"
            | "vorjahr"
            | "vorquartal"
            | "vortag"
    )
}

/// A word saying "one after another": "consecutive", "aufeinanderfolgenden".
fn consecutive_word(w: &str) -> bool {
    matches!(
        w,
        "consecutive"
            | "successive"
            | "consecutivos"
            | "consecutivas"
            | "consecutius"
            | "consecutives"
            | "seguidos"
            | "aufeinanderfolgenden"
            | "aufeinanderfolgende"
    )
}

/// A field's change is what its values are already: its or its table's name says so ("Uschange",
/// "nonfarm_change", "DJ_return"), and its values go both ways.
fn holds_changes(name: &str, table: &str) -> bool {
    let said = |s: &str| {
        let s = s.to_lowercase();
        ["change", "growth", "return", "diff", "delta", "chg"].iter().any(|w| s.contains(w))
    };
    said(name) || said(table)
}

impl Parser<'_> {
    /// The spans that say "compared with the month before", "consecutive" (`strong`: a change from
    /// the row before is asked), or "one-month", "in one day", "in a quarter" (a change within one
    /// row's period: from the row before where the field is a level, the field itself where it
    /// holds changes already).
    fn consecutive_marker(&self) -> (Vec<usize>, Vec<usize>) {
        let mut weak = Vec::new();
        let n = self.spans.len();
        let w = |i: usize| fold(&self.spans[i].raw);
        let mut out = Vec::new();
        for i in 0..n {
            let word = w(i);
            if consecutive_word(&word) {
                out.push(i);
                continue;
            }
            // "the month before", "the previous quarter", "compared with the year before".
            if before_word(&word) {
                let near: Vec<usize> = [i.checked_sub(1), Some(i + 1)].into_iter().flatten().filter(|&j| j < n && period(&w(j))).collect();
                if let Some(&j) = near.first() {
                    out.extend([i, j]);
                    // "compared with the", "than the", "from the".
                    let mut k = i.min(j);
                    while k > 0 {
                        k -= 1;
                        let p = w(k);
                        if matches!(self.spans[k].tag, Tag::Stop)
                            || matches!(p.as_str(), "compared" | "comparado" | "comparada" | "comparat" | "verglichen" | "than")
                        {
                            out.push(k);
                            if matches!(p.as_str(), "compared" | "comparado" | "comparada" | "comparat" | "verglichen") {
                                break;
                            }
                        } else {
                            break;
                        }
                    }
                }
                continue;
            }
            // "one-month increase", "in one day", "in a single day", "in a quarter"; "day-over-day".
            if period(&word) && i > 0 {
                let prev = w(i - 1);
                let one = matches!(self.spans[i - 1].tag, Tag::Number(x) if x == 1.0) || matches!(prev.as_str(), "single" | "one");
                let a = i >= 2 && matches!(w(i - 2).as_str(), "in" | "en" | "im") && matches!(prev.as_str(), "a" | "un" | "una" | "einem");
                if one || a {
                    weak.extend([i - 1, i]);
                    if i >= 2 && matches!(w(i - 2).as_str(), "a" | "in" | "en" | "im") {
                        weak.push(i - 2);
                    }
                }
            }
            if word.contains("-over-") || word == "over" && i > 0 && i + 1 < n && period(&w(i - 1)) && period(&w(i + 1)) {
                out.extend([i.saturating_sub(1), i, (i + 1).min(n - 1)]);
            }
        }
        out.sort_unstable();
        out.dedup();
        weak.sort_unstable();
        weak.dedup();
        weak.retain(|k| !out.contains(k));
        (out, weak)
    }

    /// The change word at `i`: one of `movement`'s, or "down"/"up" after a verb of going ("go down").
    fn movement_at(&self, i: usize) -> Option<Move> {
        let w = fold(&self.spans[i].raw);
        let going = || i > 0 && matches!(fold(&self.spans[i - 1].raw).as_str(), "go" | "goes" | "went" | "gone" | "going");
        match w.as_str() {
            "down" if going() => Some(Move::Down),
            "up" if going() => Some(Move::Up),
            _ => movement(&w),
        }
    }

    /// The numeric fields the change word at `i` is said of: "passengers dropped", "consumption
    /// and income declining" (before it), "increase in unemploy", "aumento del desempleo" (after).
    fn changed_fields(&self, i: usize) -> Vec<usize> {
        let measure = |k: usize| match &self.spans[k].tag {
            Tag::Field(fs)
                if fs.len() == 1 && self.is_numeric(fs[0]) && !self.cat.fields[fs[0]].yearly && !self.cat.fields[fs[0]].derived() =>
            {
                Some(k)
            }
            _ => None,
        };
        // After: "increase in unemploy", "drop in consumption", "aumento del desempleo".
        // ("gained the most people", "lost the least population": past the superlative.)
        let past_superlative = |j: usize| {
            if matches!(self.spans[j].cue(), Some(Cue::High | Cue::Low | Cue::Most | Cue::Least)) {
                self.next_content(j)
            } else {
                Some(j)
            }
        };
        if let Some(j) = self.next_content(i).and_then(past_superlative) {
            let k = if matches!(self.spans[j].cue(), Some(Cue::In | Cue::Of)) { self.next_content(j) } else { Some(j) };
            if let Some(k) = k.and_then(measure) {
                return vec![k];
            }
        }
        // Before, past "did", "ever", "va": a field, or a run of fields joined by "and".
        let mut k = i;
        while let Some(p) = self.prev_content(k).filter(|&p| i - p <= 3) {
            if measure(p).is_some() {
                break;
            }
            if !matches!(fold(&self.spans[p].raw).as_str(), "ever" | "va" | "van" | "has" | "have" | "had" | "did" | "was" | "were") {
                return Vec::new();
            }
            k = p;
        }
        let mut out = Vec::new();
        let mut p = self.prev_content(k);
        while let Some(f) = p.and_then(measure) {
            out.push(f);
            p = self.prev_content(f).filter(|&a| self.spans[a].cue() == Some(Cue::And)).and_then(|a| self.prev_content(a));
        }
        out
    }

    /// Re-tags a change from the row before (see the module's doc); changes nothing where the
    /// words do not say one or the table has no order to read it in.
    pub(super) fn read_changes(&mut self) {
        let Some((i, dir)) = (0..self.spans.len()).find_map(|i| {
            let s = &self.spans[i];
            (!s.used && matches!(s.tag, Tag::Unknown | Tag::Stop | Tag::Alias)).then(|| self.movement_at(i).map(|m| (i, m))).flatten()
        }) else {
            self.read_compared_points();
            return;
        };
        // "go down": the verb is the change word's.
        if i > 0 && matches!(fold(&self.spans[i].raw).as_str(), "up" | "down") {
            self.spans[i - 1].tag = Tag::Stop;
            self.spans[i - 1].used = true;
        }
        // "lost population between 2016 and 2021": the change between two columns of a family.
        if let Some(tp) = self.two_points() {
            self.take_points(&tp);
            self.apply_change(i, dir, &[tp.field_span], &[tp.gap]);
            return;
        }
        let at = self.changed_fields(i);
        if at.is_empty() {
            return;
        }
        // "Which company grew its investment the most between 1935 and 1954": per group.
        if let [k] = at[..] {
            if self.read_group_points(k) {
                let Tag::Field(fs) = self.spans[k].tag.clone() else { return };
                self.apply_change(i, dir, &[k], &fs);
                return;
            }
        }
        let (marker, weak) = self.consecutive_marker();
        // "in a quarter" says a period, not "one period": a level's change needs "one" or "single".
        let one_period =
            weak.iter().any(|&k| matches!(fold(&self.spans[k].raw).as_str(), "one" | "single") || self.spans[k].tag == Tag::Number(1.0));
        let fields: Vec<usize> = at.iter().map(|&k| if let Tag::Field(fs) = &self.spans[k].tag { fs[0] } else { usize::MAX }).collect();
        let lag_of = |f: usize| self.cat.fields.iter().position(|g| g.lag.is_some_and(|l| l.of == f));
        let two_ways = |f: usize| self.cat.fields[f].range.is_some_and(|(lo, hi)| lo < 0.0 && hi > 0.0);
        let words: Vec<String> = self.spans.iter().map(|s| fold(&s.raw)).collect();
        // Without "the month before": a change over the rows' periods ("in all quarters", "how many
        // months"), never between two named points ("from 1935 to 1954", "the first and the last").
        let over_periods = words.iter().any(|w| plural_period(w))
            && !self.has(Cue::Between)
            && !words.iter().any(|w| crate::query::tagger::order_word(w).is_some() || matches!(w.as_str(), "from" | "desde" | "von"));
        let mut changed = Vec::new();
        for &f in &fields {
            let g = if !marker.is_empty() {
                lag_of(f)
            } else if two_ways(f) && holds_changes(&self.cat.fields[f].name, &self.cat.table) {
                Some(f)
            } else if (over_periods || one_period) && !two_ways(f) {
                lag_of(f).filter(|&g| self.cat.fields[g].lag.is_some_and(|l| l.order != LagOrder::File))
            } else {
                None
            };
            match g {
                Some(g) => changed.push(g),
                None => return,
            }
        }
        for &m in marker.iter().chain(&weak) {
            self.spans[m].tag = Tag::Stop;
            self.spans[m].used = true;
        }
        self.apply_change(i, dir, &at, &changed);
    }

    /// "a higher fertility rate in 2011 than in 1960": two points of a family compared, without a
    /// change word; the later minus the earlier is above 0 (or below, the other way round).
    fn read_compared_points(&mut self) {
        const THAN: &[&str] = &["than", "que", "als"];
        let Some(c) = (0..self.spans.len()).find(|&c| {
            !self.spans[c].used
                && matches!(self.spans[c].cue(), Some(Cue::High | Cue::Low | Cue::More | Cue::Less | Cue::Op(CmpOp::Gt | CmpOp::Lt)))
        }) else {
            return;
        };
        let than_said = matches!(self.spans[c].cue(), Some(Cue::Op(_)))
            || (c + 1..self.spans.len()).any(|k| THAN.contains(&fold(&self.spans[k].raw).as_str()));
        let other_test =
            self.spans.iter().enumerate().any(|(k, s)| k != c && matches!(s.cue(), Some(Cue::Op(_) | Cue::OpPost(_) | Cue::Between)));
        // "a rate higher than 7 in 1960 and 2011" bounds each year's value; it compares no two points.
        let bound = self.next_content(c).is_some_and(|j| matches!(self.spans[j].tag, Tag::Number(_)));
        if !than_said || other_test || bound {
            return;
        }
        let Some(tp) = self.two_points() else { return };
        let more = matches!(self.spans[c].cue(), Some(Cue::High | Cue::More | Cue::Op(CmpOp::Gt)));
        // "higher in 1960 than in 2011" says the later is lower.
        let op = if more == tp.later_first { CmpOp::Gt } else { CmpOp::Lt };
        self.take_points(&tp);
        for s in self.spans.iter_mut().skip(c + 1).filter(|s| THAN.contains(&fold(&s.raw).as_str())) {
            s.tag = Tag::Stop;
            s.used = true;
        }
        self.spans[c].tag = Tag::Stop;
        self.spans[c].used = true;
        self.spans[tp.field_span].tag = Tag::Stop;
        self.spans[tp.field_span].used = true;
        self.signs.push((tp.field_span, c, tp.gap, op));
    }

    /// The points' words said; the family's word now names the change between them.
    fn take_points(&mut self, tp: &super::points::TwoPoints) {
        for &k in &tp.said {
            self.spans[k].tag = Tag::Stop;
            self.spans[k].used = true;
        }
        self.spans[tp.field_span].tag = Tag::Field(vec![tp.gap]);
    }

    /// The change word at `i` said of the fields at spans `at`, whose changes are fields `changed`:
    /// a superlative's direction, a bound on its size, or its sign.
    fn apply_change(&mut self, i: usize, dir: Move, at: &[usize], changed: &[usize]) {
        for (&k, &g) in at.iter().zip(changed) {
            self.spans[k].tag = Tag::Field(vec![g]);
        }
        // "Which month saw the biggest increase": the verb only carries the change.
        for s in self.spans.iter_mut() {
            if matches!(s.tag, Tag::Unknown | Tag::Stop)
                && matches!(
                    fold(&s.raw).as_str(),
                    "saw" | "see" | "sees" | "seen" | "experienced" | "experience" | "registered" | "recorded"
                )
            {
                s.tag = Tag::Stop;
                s.used = true;
            }
        }
        if std::env::var_os("TABLETALK_DEBUG_PARSE").is_some() {
            eprintln!("[changes] {:?}", self.spans.iter().map(|s| format!("{}={:?}", s.raw, s.tag)).collect::<Vec<_>>());
        }
        // "the biggest drop": the superlative just before turns the other way for a fall.
        let extreme = |s: &Span| matches!(s.cue(), Some(Cue::High | Cue::Low | Cue::Max | Cue::Min | Cue::Most | Cue::Least));
        // "grew fastest", "grew the most": the superlative may follow the verb.
        if let Some(j) = self.next_content(i).filter(|&j| self.spans[j].tag == Tag::Unknown) {
            match fold(&self.spans[j].raw).as_str() {
                "fastest" | "quickest" => self.spans[j].tag = Tag::Cue(Cue::High),
                "slowest" => self.spans[j].tag = Tag::Cue(Cue::Low),
                _ => {}
            }
        }
        // "grew its investment the most": or after the field the change is of.
        let after = self
            .next_content(i)
            .filter(|&j| extreme(&self.spans[j]))
            .or_else(|| at.iter().find_map(|&k| self.next_content(k).filter(|&j| j > i && extreme(&self.spans[j]))));
        let superlative = (i.saturating_sub(3)..i).rev().find(|&s| extreme(&self.spans[s])).or(after);
        if let Some(s) = superlative {
            if dir == Move::Down {
                let flipped = match self.spans[s].cue() {
                    Some(Cue::High) => Cue::Low,
                    Some(Cue::Low) => Cue::High,
                    Some(Cue::Max) => Cue::Min,
                    Some(Cue::Min) => Cue::Max,
                    Some(Cue::Most) => Cue::Least,
                    Some(Cue::Least) => Cue::Most,
                    _ => return,
                };
                self.spans[s].tag = Tag::Cue(flipped);
            }
            self.spans[i].tag = Tag::Stop;
            self.spans[i].used = true;
            return;
        }
        // "fall by more than 2": a bound on the size of the fall, below minus 2.
        let by = self.next_content(i).filter(|&j| matches!(fold(&self.spans[j].raw).as_str(), "by" | "en" | "um" | "per"));
        let op_at = by.map_or_else(|| self.next_content(i), |j| self.next_content(j));
        if let Some(o) = op_at.filter(|&o| matches!(self.spans[o].cue(), Some(Cue::Op(_)))) {
            let Some(Cue::Op(op)) = self.spans[o].cue() else { return };
            let Some(nj) = self.next_content(o) else { return };
            let Tag::Number(x) = self.spans[nj].tag else { return };
            if dir == Move::Either || !matches!(op, CmpOp::Gt | CmpOp::Ge | CmpOp::Lt | CmpOp::Le) {
                return;
            }
            if dir == Move::Down {
                let flipped = match op {
                    CmpOp::Gt => CmpOp::Lt,
                    CmpOp::Ge => CmpOp::Le,
                    CmpOp::Lt => CmpOp::Gt,
                    CmpOp::Le => CmpOp::Ge,
                    other => other,
                };
                self.spans[o].tag = Tag::Cue(Cue::Op(flipped));
                self.spans[nj].tag = Tag::Number(-x);
            }
            if let Some(b) = by {
                self.spans[b].tag = Tag::Stop;
                self.spans[b].used = true;
            }
            self.spans[i].tag = Tag::Stop;
            self.spans[i].used = true;
            return;
        }
        // "passengers dropped", "consumption and income declining": the sign of each change.
        let op = match dir {
            Move::Up => CmpOp::Gt,
            Move::Down => CmpOp::Lt,
            Move::Either => return,
        };
        self.spans[i].tag = Tag::Stop;
        self.spans[i].used = true;
        for (&k, &g) in at.iter().zip(changed) {
            // "Did the total number of bills go down?": the sign is the total's, so the field stays
            // what is added up; elsewhere the condition carries the field, and a listing names the
            // rows by their own label.
            let summed = (k.saturating_sub(4)..k).find(|&p| {
                matches!(self.spans[p].cue(), Some(Cue::Sum | Cue::Avg))
                    || self.spans[p].cue() == Some(Cue::HowMany) && fold(&self.spans[p].raw).split(' ').any(|w| w == "total")
            });
            if let Some(p) = summed.filter(|&p| self.spans[p].cue() == Some(Cue::HowMany)) {
                // "the total number of bills" adds a count column up.
                self.spans[p].tag = Tag::Cue(Cue::Sum);
            }
            if summed.is_none() {
                self.spans[k].tag = Tag::Stop;
                self.spans[k].used = true;
            }
            self.signs.push((k, i, g, op));
        }
    }
}
