//! Conditions: operators, dates, years, named values, missing cells, and how and/or join them into a `Filter`.

use crate::query::catalog::ValueHit;
use crate::query::lang::Cue;
use crate::query::plan::{CmpOp, FieldRef, Filter, Literal, Predicate};
use crate::query::shape::Shape;
use crate::query::tagger::{Span, Tag};
pub(super) use crate::query::text::strip_quotes;
use crate::schema::ColumnType;

use super::compare::change_word;
use super::parser::{At, Fail, Kind, Parser, R};
use super::summary::fmt_number;
use super::types::Refusal;

impl Parser<'_> {
    /// An operator, a month word and then the year at `i` ("after May 1992", "después de mayo de
    /// 1992"): the operator's place, the month and the comparison.
    fn op_before_month(&self, i: usize) -> Option<(usize, u32, CmpOp)> {
        let mut j = self.prev_content(i)?;
        if matches!(self.spans[j].cue(), Some(Cue::Of)) || crate::query::text::fold(&self.spans[j].raw) == "de" {
            j = self.prev_content(j)?;
        }
        let w = &self.spans[j].raw;
        let m = crate::query::lang::month_word(&crate::query::text::fold(w), w.chars().next().is_some_and(char::is_uppercase))?;
        if !matches!(self.spans[j].tag, Tag::Unknown | Tag::Value(_)) || self.spans[j].used {
            return None;
        }
        let o = self.prev_content(j)?;
        match self.spans[o].cue() {
            Some(Cue::Op(op @ (CmpOp::Gt | CmpOp::Ge | CmpOp::Lt | CmpOp::Le))) if !self.spans[o].used => Some((o, m, op)),
            _ => None,
        }
    }

    /// Whether the number `n` can be a value of field `f` (a year column takes years, a flag 0 or 1,
    /// a name none); NaN (no number) is taken by any numeric field.
    pub(super) fn takes_number(&self, f: usize, n: f64) -> bool {
        let fi = &self.cat.fields[f];
        let year_like = n.is_nan() || (n.fract() == 0.0 && (1000.0..=2999.0).contains(&n));
        match fi.ty {
            ColumnType::Boolean => n.is_nan() || n == 0.0 || n == 1.0,
            ColumnType::Date | ColumnType::Datetime => year_like,
            t if t.is_numeric() => !fi.yearly || year_like,
            _ => false,
        }
    }

    /// A "not" shortly before position `i` (skipping the field, prepositions, aliases and verbs).
    pub(super) fn negation_before(&self, i: usize) -> Option<usize> {
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
    pub(super) fn conditions(&mut self) -> R<Vec<At>> {
        let mut out = Vec::new();
        self.ends_of_the_series(&mut out);
        // 0a. Counts of something: "no affairs", "without children", "sin hijos" (= 0); "had an affair",
        // "with any children" (> 0). The field counts what the noun names.
        for i in 0..self.spans.len() {
            let w = crate::query::text::fold(&self.spans[i].raw);
            let none = matches!(
                w.as_str(),
                "no" | "without" | "zero" | "sin" | "ningun" | "ninguna" | "sense" | "cap" | "ohne" | "kein" | "keine" | "keinen"
            );
            let some = matches!(w.as_str(), "had" | "have" | "has" | "with" | "having" | "any");
            if !(none || some) || self.spans[i].used || !matches!(self.spans[i].tag, Tag::Unknown | Tag::Stop | Tag::Cue(Cue::Not)) {
                continue;
            }
            // The field right after, past an article ("an affair", "any children").
            let Some(j) = (i + 1..self.spans.len().min(i + 4))
                .find(|&j| !matches!(crate::query::text::fold(&self.spans[j].raw).as_str(), "a" | "an" | "any" | "some"))
            else {
                continue;
            };
            let Tag::Field(fs) = &self.spans[j].tag else { continue };
            let f = fs[0];
            // "no age", "a longitude": a field that is not a count is missing or present (step 0).
            if fs.len() != 1
                || self.spans[j].used
                || !self.is_numeric(f)
                || self.cat.fields[f].yearly
                || self.is_date(f)
                || !self.cat.fields[f].counts
            {
                continue;
            }
            // "with age 30", "had more than 2": a number or an operator after the field is another condition.
            let then = self.spans[j + 1..].iter().filter(|s| !matches!(s.tag, Tag::Stop | Tag::Cue(Cue::Of))).take(2);
            if then.clone().any(|s| matches!(s.tag, Tag::Number(_) | Tag::Cue(Cue::Op(_) | Cue::OpPost(_) | Cue::Between))) {
                continue;
            }
            // "no cd496 value", "no children recorded": the field's value is missing (step 0), not 0.
            if self.spans.get(j + 1).is_some_and(|s| {
                matches!(
                    crate::query::text::fold(&s.raw).as_str(),
                    "value" | "values" | "data" | "reading" | "readings" | "entry" | "recorded" | "listed" | "given" | "reported"
                )
            }) {
                continue;
            }
            self.spans[i].used = true;
            self.spans[j].used = true;
            let op = if none { CmpOp::Eq } else { CmpOp::Gt };
            out.push(At {
                pos: i,
                end: j,
                filter: Filter::Cond { field: self.fref(f), pred: Predicate::Cmp(op, Literal::Number(0.0)), negated: false },
                eq_value: None,
                kind: Kind::Range,
            });
        }
        // 0a'. "passengers dropped", "consumption and income declining": the sign of a change (`changes`).
        for (k, word, g, op) in self.signs.clone() {
            self.spans[k].used = true;
            self.spans[word].used = true;
            out.push(At {
                pos: k,
                end: k.max(word),
                filter: Filter::Cond { field: self.fref(g), pred: Predicate::Cmp(op, Literal::Number(0.0)), negated: false },
                eq_value: None,
                kind: Kind::Range,
            });
        }
        // 0b. "Are there negative RI values?", "How many positive returns?": a sign right before a
        // numeric field compares it with 0 ("Is the highest X negative?" tests after the field).
        for i in 0..self.spans.len().saturating_sub(1) {
            let Some(op) = crate::query::lang::sign_word(&crate::query::text::fold(&self.spans[i].raw)) else { continue };
            let Tag::Field(fs) = &self.spans[i + 1].tag else { continue };
            let [f] = fs.as_slice() else { continue };
            let f = *f;
            // ("the smallest positive value": the field ranked is also the one tested.)
            // ("the most negative value" is the lowest: "most" there is the sign's degree, not a rank.)
            let ranked = i > 0
                && matches!(self.spans[i - 1].cue(), Some(Cue::High | Cue::Low))
                && !matches!(
                    crate::query::text::fold(&self.spans[i - 1].raw).as_str(),
                    "most" | "the most" | "least" | "the least" | "mas" | "mes" | "meisten" | "am meisten" | "menos" | "menys"
                );
            if self.spans[i].tag != Tag::Unknown || (self.spans[i + 1].used && !ranked) || !self.is_numeric(f) || self.cat.fields[f].yearly
            {
                continue;
            }
            self.spans[i].used = true;
            if !ranked {
                self.spans[i + 1].used = true;
            }
            out.push(At {
                pos: i,
                end: i + 1,
                filter: Filter::Cond { field: self.fref(f), pred: Predicate::Cmp(op, Literal::Number(0.0)), negated: false },
                eq_value: None,
                kind: Kind::Range,
            });
        }
        // 0b'. "el menor valor positivo": in Spanish and Catalan the sign follows the field ranked.
        for i in 1..self.spans.len().saturating_sub(1) {
            let Some(op) = crate::query::lang::sign_word(&crate::query::text::fold(&self.spans[i + 1].raw)) else { continue };
            let Tag::Field(fs) = &self.spans[i].tag else { continue };
            let [f] = fs.as_slice() else { continue };
            let f = *f;
            // ("Is the highest value negative?" tests the top row instead.)
            if !matches!(self.spans[i - 1].cue(), Some(Cue::High | Cue::Low))
                || self.asked == Shape::Boolean
                || self.spans[i + 1].tag != Tag::Unknown
                || self.spans[i + 1].used
                || !self.is_numeric(f)
                || self.cat.fields[f].yearly
            {
                continue;
            }
            self.spans[i + 1].used = true;
            out.push(At {
                pos: i,
                end: i + 1,
                filter: Filter::Cond { field: self.fref(f), pred: Predicate::Cmp(op, Literal::Number(0.0)), negated: false },
                eq_value: None,
                kind: Kind::Range,
            });
        }
        // 0c. "days when DJ_return was negative", "months of 2010 was the nonfarm change negative":
        // a sign after a numeric field and its verb. Not after an aggregate or a superlative ("Is
        // the highest X negative?", "the total return of 1986 positive?"): there the sign tests
        // the aggregate (`as_yes_no`), not the rows.
        let aggregated = self.spans.iter().any(|s| {
            matches!(
                s.cue(),
                Some(
                    Cue::Avg
                        | Cue::Sum
                        | Cue::Median
                        | Cue::Min
                        | Cue::Max
                        | Cue::High
                        | Cue::Low
                        | Cue::Most
                        | Cue::Least
                        | Cue::Top
                        | Cue::Bottom
                        | Cue::Share
                )
            )
        });
        for j in 1..self.spans.len() {
            if aggregated {
                break;
            }
            let Some(op) = crate::query::lang::sign_word(&crate::query::text::fold(&self.spans[j].raw)) else { continue };
            if self.spans[j].tag != Tag::Unknown || self.spans[j].used {
                continue;
            }
            // The field, then at most one verb ("was", "is", "war", "fue", "era"), then the sign.
            let copula = |s: &Span| {
                matches!(
                    crate::query::text::fold(&s.raw).as_str(),
                    "was"
                        | "is"
                        | "were"
                        | "are"
                        | "been"
                        | "war"
                        | "ist"
                        | "waren"
                        | "sind"
                        | "fue"
                        | "era"
                        | "es"
                        | "fueron"
                        | "eran"
                        | "son"
                )
            };
            let i = if copula(&self.spans[j - 1]) && j >= 2 { j - 2 } else { j - 1 };
            let Tag::Field(fs) = &self.spans[i].tag else { continue };
            let [f] = fs.as_slice() else { continue };
            let f = *f;
            if self.spans[i].used || !self.is_numeric(f) || self.cat.fields[f].yearly {
                continue;
            }
            self.spans[i].used = true;
            self.spans[j].used = true;
            if i + 1 < j {
                self.spans[i + 1].used = true;
            }
            out.push(At {
                pos: i,
                end: j,
                filter: Filter::Cond { field: self.fref(f), pred: Predicate::Cmp(op, Literal::Number(0.0)), negated: false },
                eq_value: None,
                kind: Kind::Range,
            });
        }
        // 0. Missing values: "no value for X", "missing X", "X is empty", "sin valor en X", "ohne Wert".
        for i in 0..self.spans.len() {
            let w = crate::query::text::fold(&self.spans[i].raw);
            let free = matches!(self.spans[i].tag, Tag::Unknown | Tag::Stop | Tag::Cue(Cue::Not));
            let word = free && MISSING_WORDS.contains(&w.as_str());
            let no_value = free
                && matches!(w.as_str(), "no" | "without" | "sin" | "sense" | "ohne" | "kein" | "keinen" | "keine" | "not")
                && self.next_content_or_stop(i).is_some_and(|j| {
                    matches!(
                        crate::query::text::fold(&self.spans[j].raw).as_str(),
                        "value"
                            | "values"
                            | "valor"
                            | "valors"
                            | "wert"
                            | "werte"
                            | "data"
                            | "entry"
                            | "recorded"
                            | "dato"
                            | "dada"
                            | "angabe"
                    )
                });
            // "rows with no age", "people without a longitude": a field that is not a count (step 0a)
            // right after "no" is missing; "Do all people have a latitude?" asks it is present.
            // "Hat jeder Flughafen einen IATA-Code?": a verb that opens the question has its subject
            // (every row) between it and the field.
            let opening = i == 0;
            let subject = |j: usize| {
                opening
                    && (self.spans[j].tag == Tag::Alias || crate::query::lang::is_every_word(&crate::query::text::fold(&self.spans[j].raw)))
            };
            let next_field = || {
                let reach = 6;
                let j = (i + 1..self.spans.len().min(i + reach)).find(|&j| {
                    !subject(j)
                        && !matches!(
                            crate::query::text::fold(&self.spans[j].raw).as_str(),
                            // Articles ("tenen el radi informat", "haben einen Radius") and "any".
                            "a" | "an"
                            | "any"
                            | "recorded"
                            | "el"
                            | "la"
                            | "l"
                            | "los"
                            | "las"
                            | "els"
                            | "les"
                            | "un"
                            | "una"
                            | "der"
                            | "die"
                            | "das"
                            | "den"
                            | "ein"
                            | "eine"
                            | "einen"
                            // "tienen datos de MarkDown1", "have data for X": a value of the field.
                            | "datos"
                            | "dades"
                            | "daten"
                            | "data"
                            | "values"
                            | "valores"
                            | "valors"
                            | "werte"
                            | "de"
                            | "d"
                            | "del"
                            | "for"
                            | "fur"
                        )
                })?;
                let Tag::Field(fs) = &self.spans[j].tag else { return None };
                // Only where the field ends the clause: "a name starting with 'San'" says more of it.
                let said = |s: &Span| said_of_field(&crate::query::text::fold(&s.raw));
                let filled_in = |k: usize| filled_in(&self.spans, k);
                let ends = (j + 1..self.spans.len())
                    .find(|&k| self.spans[k].tag != Tag::Stop && !said(&self.spans[k]) && !filled_in(k))
                    .map(|k| &self.spans[k])
                    .is_none_or(|s| matches!(s.cue(), Some(Cue::And | Cue::Or)));
                // ("no passengers" is none; "no passenger count", "no passengers listed" is missing.)
                let said_after = self.spans.get(j + 1).is_some_and(said);
                (fs.len() == 1 && !self.spans[j].used && (!self.cat.fields[fs[0]].counts || said_after) && ends).then_some((j, fs[0]))
            };
            let none_of = free && matches!(w.as_str(), "no" | "without" | "sin" | "sense" | "ohne" | "kein" | "keinen" | "keine");
            // ("for how many days is there a ruble rate": a value there is one the field holds.)
            let has = matches!(
                w.as_str(),
                "have" | "has" | "had" | "with" | "tienen" | "tiene" | "tenen" | "te" | "haben" | "hat" | "there" | "hay"
            );
            if !(word || no_value) && (none_of || has) && !self.spans[i].used {
                if let Some((j, f)) = next_field() {
                    // "don't have a birth year", "no tenen any de naixement": the verb denied says missing.
                    let denied = has && i > 0 && self.spans[i - 1].cue() == Some(Cue::Not) && !self.spans[i - 1].used;
                    if denied {
                        self.spans[i - 1].used = true;
                    }
                    self.spans[i].used = true;
                    self.spans[j].used = true;
                    for k in j + 1..self.spans.len() {
                        let w = crate::query::text::fold(&self.spans[k].raw);
                        if self.spans[k].tag != Tag::Stop && !said_of_field(&w) && !filled_in(&self.spans, k) {
                            break;
                        }
                        self.spans[k].used = true;
                    }
                    out.push(At {
                        pos: i,
                        end: j,
                        filter: Filter::Cond { field: self.fref(f), pred: Predicate::Missing, negated: has && !denied },
                        eq_value: None,
                        kind: Kind::Range,
                    });
                    continue;
                }
            }
            if !(word || no_value) || self.spans[i].used {
                continue;
            }
            let mut found = None;
            // ("missing values in the listings column": at equal distance the field after wins.)
            for d in 1..=4usize {
                for j in [Some(i + d), i.checked_sub(d)].into_iter().flatten() {
                    if found.is_none() && j < self.spans.len() && !self.spans[j].used {
                        if let Tag::Field(fs) = &self.spans[j].tag {
                            if fs.len() == 1 {
                                found = Some((j, fs[0]));
                            }
                        }
                    }
                }
            }
            // "Are there any missing values in this dataset?": no field named, a cell missing anywhere.
            // Only asked yes or no: "How many missing values?" counts cells, not rows.
            let anywhere = found.is_none()
                && word
                && self.asked == Shape::Boolean
                && self
                    .spans
                    .iter()
                    .all(|s| !matches!(s.tag, Tag::Field(_) | Tag::Group(_) | Tag::Value(_) | Tag::Number(_) | Tag::Date(_)))
                && self.spans.iter().any(|s| DATA_WORDS.contains(&crate::query::text::fold(&s.raw).as_str()));
            if anywhere {
                let each: Vec<Filter> = self
                    .cat
                    .fields
                    .iter()
                    .filter(|f| f.composed.is_none() && !f.derived())
                    .map(|f| Filter::Cond { field: FieldRef(f.name.clone()), pred: Predicate::Missing, negated: false })
                    .collect();
                for s in self.spans.iter_mut().filter(|s| {
                    DATA_WORDS.contains(&crate::query::text::fold(&s.raw).as_str())
                        || matches!(crate::query::text::fold(&s.raw).as_str(), "dataset" | "table")
                }) {
                    s.used = true;
                }
                self.spans[i].used = true;
                out.push(At { pos: i, end: i, filter: Filter::Or(each), eq_value: None, kind: Kind::Range });
                continue;
            }
            let Some((j, f)) = found else { continue };
            self.spans[i].used = true;
            self.spans[j].used = true;
            if no_value {
                if let Some(k) = self.next_content_or_stop(i) {
                    self.spans[k].used = true;
                }
            }
            out.push(At {
                pos: i.min(j),
                end: i.max(j),
                filter: Filter::Cond { field: self.fref(f), pred: Predicate::Missing, negated: false },
                eq_value: None,
                kind: Kind::Range,
            });
        }
        // 0b. "Is meal.cal recorded for every patient?", "Is the age known for all victims?": a field
        // and a participle that says it holds something is the field having a value.
        for j in 0..self.spans.len().saturating_sub(1) {
            let Tag::Field(fs) = &self.spans[j].tag else { continue };
            if fs.len() != 1 || self.spans[j].used || self.asked != Shape::Boolean {
                continue;
            }
            let f = fs[0];
            let participle = |k: usize| PRESENT_PARTICIPLES.contains(&crate::query::text::fold(&self.spans[k].raw).as_str());
            let Some(k) = (j + 1..self.spans.len()).find(|&k| self.spans[k].tag != Tag::Stop || participle(k)) else { continue };
            let w = crate::query::text::fold(&self.spans[k].raw);
            if self.spans[k].used || !matches!(self.spans[k].tag, Tag::Unknown | Tag::Stop) || !PRESENT_PARTICIPLES.contains(&w.as_str()) {
                continue;
            }
            // Only where the clause ends there, or "for every …" follows.
            let next = (k + 1..self.spans.len()).find(|&m| self.spans[m].tag != Tag::Stop && !filled_in(&self.spans, m));
            let every = next.filter(|&m| {
                let n = crate::query::text::fold(&self.spans[m].raw);
                let before = |w: &str| self.spans[k + 1..m].iter().any(|s| crate::query::text::fold(&s.raw) == w);
                matches!(n.as_str(), "for every" | "for each" | "for all" | "in every" | "in all")
                    || (self.spans[m].tag == Tag::Alias && ["every", "all", "each"].iter().any(|w| before(w)))
            });
            if next.is_some() && every.is_none() {
                continue;
            }
            if let Some(m) = every {
                // Read as "every" by the yes/no stage, not as "per".
                self.spans[m].tag = Tag::Stop;
            }
            self.spans[j].used = true;
            self.spans[k].used = true;
            if k + 1 < self.spans.len() && filled_in(&self.spans, k + 1) {
                self.spans[k + 1].used = true;
            }
            out.push(At {
                pos: j,
                end: k,
                filter: Filter::Cond { field: self.fref(f), pred: Predicate::Missing, negated: true },
                eq_value: None,
                kind: Kind::Range,
            });
        }
        // 1. Operators. "Did it drop between 1987 and 1992?" names two years to compare (step 3), not a range.
        let change = self
            .spans
            .iter()
            .any(|s| matches!(s.tag, Tag::Unknown | Tag::Stop) && change_word(&crate::query::text::fold(&s.raw)).is_some());
        for i in 0..self.spans.len() {
            let Some(cue) = self.spans[i].cue() else { continue };
            if self.spans[i].used || !matches!(cue, Cue::Op(_) | Cue::OpPost(_) | Cue::Between | Cue::Contains | Cue::StartsWith) {
                continue;
            }
            let years_after = self
                .next_content(i)
                .is_some_and(|j| matches!(self.spans[j].tag, Tag::Number(y) if y.fract() == 0.0 && (1000.0..=2999.0).contains(&y)));
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
                // "hit 90 or more": the verb before the number already compared it; "or more" says it again.
                if self.spans[a].used
                    && matches!(self.prev_content(a).and_then(|p| self.spans[p].cue()), Some(Cue::Op(o)) if Some(o) == op_of(cue))
                {
                    self.spans[i].used = true;
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
            // "1950 or older" is a date at most 1950, but "aged 70 or older" an age at least 70.
            let of_age = matches!(crate::query::text::fold(&self.spans[i].raw).as_str(), "or older" | "or younger");
            let timed = matches!(self.cat.fields[field].ty, ColumnType::Date | ColumnType::Datetime) || self.cat.fields[field].yearly;
            let op = op.map(|o| if of_age && !timed { o.flipped() } else { o });
            let mut kind = Kind::Range;
            let pred = match cue {
                Cue::Op(_) | Cue::OpPost(_) => {
                    let op = op.expect("operator");
                    // "Which names appear more than once?" is not name > 'once': a text is never
                    // ordered against a word nobody quoted.
                    let text = matches!(self.cat.fields[field].ty, ColumnType::Text | ColumnType::Identifier);
                    if text && !matches!(op, CmpOp::Eq | CmpOp::Ne) && self.spans[a].tag == Tag::Unknown {
                        return Err(Fail::Refuse(Refusal::TypeMismatch {
                            field: self.cat.fields[field].name.clone(),
                            ty: "text".into(),
                            wanted: "number".into(),
                        }));
                    }
                    // "a cd420 higher than the cd40", "close above open": another field of the row.
                    let other = match &self.spans[a].tag {
                        Tag::Field(gs)
                            if gs.len() == 1 && gs[0] != field && !self.cat.fields[gs[0]].yearly && !self.cat.fields[field].yearly =>
                        {
                            let g = gs[0];
                            ((self.is_numeric(g) && self.is_numeric(field)) || (self.is_date(g) && self.is_date(field))).then_some(g)
                        }
                        _ => None,
                    };
                    if let Some(g) = other {
                        Predicate::Than(op, self.fref(g))
                    } else {
                        let lit = self.literal(field, a)?;
                        if op == CmpOp::Eq {
                            kind = Kind::Point;
                        }
                        self.year_aware(field, op, lit)
                    }
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
                        return Err(Fail::Refuse(Refusal::TypeMismatch {
                            field: fi.name.clone(),
                            ty: fi.ty.as_str().into(),
                            wanted: "text".into(),
                        }));
                    }
                    let text = strip_quotes(&self.spans[a].raw);
                    if cue == Cue::Contains {
                        Predicate::Contains(text)
                    } else {
                        Predicate::StartsWith(text)
                    }
                }
                _ => unreachable!("filtered above"),
            };
            for k in [Some(i), Some(a), b_idx, neg_at].into_iter().flatten() {
                self.spans[k].used = true;
            }
            out.push(At {
                pos: neg_at.unwrap_or(i).min(i).min(a),
                end,
                filter: Filter::Cond { field: self.fref(field), pred, negated: neg_at.is_some() },
                eq_value: None,
                kind,
            });
        }
        // 2. Quoted text "in" a field: "'toyota' in their name", "'International' im Namen"; and a
        // capitalised word that is part of some names "in their name" ("Ayrshire in their name").
        for i in 0..self.spans.len() {
            let part_of_names = |p: &Self| {
                let raw = &p.spans[i].raw;
                let folded = crate::query::text::fold(raw);
                p.spans[i].tag == Tag::Unknown
                    && raw.chars().next().is_some_and(char::is_uppercase)
                    && folded.len() >= 3
                    && p.cat.label.is_some_and(|l| {
                        let names_it = |hits: &[crate::query::catalog::ValueHit]| hits.iter().any(|h| h.field == l);
                        p.cat.values.get(&folded).is_some_and(|hits| names_it(hits))
                            || p.cat.value_words().phrases_with(&folded).any(|k| names_it(&p.cat.values[k]))
                    })
            };
            if self.spans[i].used || !(matches!(self.spans[i].tag, Tag::Quoted(_)) || part_of_names(self)) {
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
                    // "in their name": the field that names the rows.
                    Tag::Cue(Cue::List)
                        if k > i
                            && matches!(
                                crate::query::text::fold(&self.spans[j].raw).as_str(),
                                "name" | "names" | "namen" | "nombre" | "nom"
                            ) =>
                    {
                        field = Some(j);
                        break;
                    }
                    _ => break,
                }
            }
            let Some(j) = field else { continue };
            let f = match &self.spans[j].tag {
                Tag::Cue(Cue::List) => match self.cat.label {
                    Some(l) => l,
                    None => continue,
                },
                _ => match self.field(j)? {
                    Some(f) => f,
                    None => continue,
                },
            };
            self.spans[i].used = true;
            self.spans[j].used = true;
            let neg = self.negation_before(i);
            out.push(At {
                pos: i,
                end: j,
                filter: Filter::Cond {
                    field: self.fref(f),
                    pred: Predicate::Contains(strip_quotes(&self.spans[i].raw)),
                    negated: neg.is_some(),
                },
                eq_value: None,
                kind: Kind::Range,
            });
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
                out.push(At {
                    pos: prev.unwrap_or(i),
                    end: i,
                    filter: Filter::Cond { field: self.fref(f), pred, negated: false },
                    eq_value,
                    kind: Kind::Range,
                });
                year_of.push((i, f));
                continue;
            }
            let after_between = change && prev.is_some_and(|j| self.spans[j].cue() == Some(Cue::Between));
            // "el 1950", "del 1957": Catalan and Spanish name a year with the article alone.
            let article = i > 0 && matches!(crate::query::text::fold(&self.spans[i - 1].raw).as_str(), "el" | "del" | "al");
            // "hatte 2007 die niedrigste…", "had in 2007": a year right after a verb, naming nothing after it.
            // ("hatten 2022 weniger als 20.000 Einwohner": an operator with a number of its own after it.)
            let own_operand = |j: usize| {
                matches!(self.spans[j].cue(), Some(Cue::Op(_)))
                    && self.next_content(j).is_some_and(|k| matches!(self.spans[k].tag, Tag::Number(_)))
            };
            // A verb the tagger does not know, in lower case ("erzeugten 2001 weniger als 5000").
            let verb = |j: usize| {
                let s = &self.spans[j];
                s.tag == Tag::Unknown && s.raw.chars().count() >= 4 && s.raw.chars().all(|c| c.is_alphabetic() && c.is_lowercase())
            };
            let after_stop = i > 0 && self.spans[i - 1].tag == Tag::Stop;
            let next = self.next_content(i);
            // "gab es 1950 einen Tag": an article right after the year; it counts nothing after it.
            // "Wie viele Medaillen wurden 1896 vergeben?": the verb that ends the question.
            let names_nothing_after = after_stop
                && (self.spans.get(i + 1).is_some_and(|n| n.tag == Tag::Stop)
                    || next.is_some_and(|j| verb(j) && self.next_content(j).is_none()));
            let bare = (after_stop || (i > 0 && verb(i - 1)))
                && y.fract() == 0.0
                && (1000.0..=2999.0).contains(&y)
                && (names_nothing_after
                    || !next.is_some_and(|j| {
                        matches!(
                            self.spans[j].tag,
                            Tag::Field(_) | Tag::Alias | Tag::Unknown | Tag::Value(_) | Tag::Cue(Cue::Op(_) | Cue::OpPost(_))
                        ) && !own_operand(j)
                    }));
            // "October 2009" where October is a value (a month column of a long view).
            // ("May 2013" over a column of days: the month is read apart, the year here.)
            let after_month = prev.is_some_and(|j| {
                matches!(&self.spans[j].tag, Tag::Value(_) | Tag::Unknown)
                    && crate::query::lang::names_month(&crate::query::text::fold(&self.spans[j].raw))
            }) && y.fract() == 0.0
                && (1000.0..=2999.0).contains(&y);
            // "die Arbeitslosigkeit 1948 am niedrigsten": a year right after a measure it cannot be a value of.
            // "average close 2015": a measure taken as an average or extreme is not compared with the year after it.
            let aggregated = |j: usize| {
                self.prev_content(j).is_some_and(|k| {
                    matches!(self.spans[k].cue(), Some(Cue::Avg | Cue::Sum | Cue::Median | Cue::Max | Cue::Min | Cue::High | Cue::Low))
                })
            };
            let beside_measure = prev.is_some_and(|j| matches!(&self.spans[j].tag, Tag::Field(fs) if fs.len() == 1 && !self.is_date(fs[0]) && !self.cat.fields[fs[0]].yearly && (aggregated(j) || self.cat.fields[fs[0]].range.is_some_and(|(lo, hi)| y < lo || y > hi))))
                && y.fract() == 0.0
                && (1000.0..=2999.0).contains(&y)
                && !self.next_content(i).is_some_and(|j| matches!(self.spans[j].tag, Tag::Field(_) | Tag::Alias | Tag::Unknown | Tag::Value(_) | Tag::Number(_) | Tag::Cue(Cue::Op(_) | Cue::OpPost(_))));
            // "china population 2020 2021 2022": years listed right after a measure are years, even
            // where the measure could hold such numbers (nobody lists three populations of 2020).
            let year_like = |k: usize| matches!(self.spans[k].tag, Tag::Number(n) if n.fract() == 0.0 && (1000.0..=2999.0).contains(&n));
            let listed_after_measure = prev.is_some_and(|j| matches!(&self.spans[j].tag, Tag::Field(fs) if fs.len() == 1 && self.is_numeric(fs[0]) && !self.is_date(fs[0]) && !self.cat.fields[fs[0]].yearly))
                && self.next_content(i).is_some_and(|j| match self.spans[j].cue() {
                    Some(Cue::And) => self.next_content(j).is_some_and(year_like),
                    _ => year_like(j),
                });
            // "which 1960s films …": a decade before the rows' noun.
            let decade_of_rows = says_decade(&self.spans[i].raw) && self.next_content(i).is_some_and(|j| self.spans[j].tag == Tag::Alias);
            // "Quellen erzeugten 2001 weniger als 5000": between a measure and its own bound, a
            // year is when, not what is compared.
            let before_bound = prev.is_some_and(|j| matches!(&self.spans[j].tag, Tag::Field(fs) if fs.len() == 1 && self.is_numeric(fs[0]) && !self.is_date(fs[0]) && !self.cat.fields[fs[0]].yearly))
                && y.fract() == 0.0
                && (1000.0..=2999.0).contains(&y)
                && next.is_some_and(own_operand);
            // "In welchem Monat 2020…", "which month of 2020": a year right after a column of
            // months (weeks, days) is when.
            let after_period_field = prev.is_some_and(|j| {
                matches!(&self.spans[j].tag, Tag::Field(fs) if fs.len() == 1 && !self.is_numeric(fs[0]) && !self.is_date(fs[0])
                    && crate::query::text::name_words(&self.cat.fields[fs[0]].name).first().is_some_and(|n| matches!(n.as_str(), "month" | "mon" | "mes" | "monat" | "week" | "day")))
            }) && y.fract() == 0.0;
            let after_in = after_between
                || after_period_field
                || before_bound
                || decade_of_rows
                || article
                || bare
                || after_month
                || beside_measure
                || listed_after_measure
                || prev.is_some_and(|j| matches!(self.spans[j].cue(), Some(Cue::In | Cue::Of)));
            let dated_field = |j: usize| match &self.spans[j].tag {
                Tag::Field(fs) if fs.len() == 1 && (self.is_date(fs[0]) || self.cat.fields[fs[0]].yearly) => Some((j, fs[0])),
                _ => None,
            };
            // "diagnosed in 1951", "born in 1990": the date field named right before "in".
            let before_in = prev.filter(|&j| self.spans[j].cue() == Some(Cue::In)).and_then(|j| self.prev_content(j));
            let after_field = prev.and_then(dated_field).or_else(|| before_in.and_then(dated_field));
            let field = match after_field {
                Some((j, f)) => {
                    self.spans[j].used = true;
                    Some(f)
                }
                None if after_in => {
                    self.unique(|f| self.is_date(f) || self.cat.fields[f].yearly).or_else(|| self.cat.dated_pair().map(|(start, _)| start))
                }
                None => None,
            };
            // "in 2019" where periods are a text column's values ("2019", "2017-2019") beside
            // several year columns (start, end, middle): the period written so.
            if let (None, true) = (field, after_in && y.fract() == 0.0) {
                let key = fmt_number(y);
                let hits: Vec<&crate::query::catalog::ValueHit> =
                    self.cat.number_values.get(&key).map(|hs| hs.iter().collect()).unwrap_or_default();
                if let [hit] = hits.as_slice() {
                    self.spans[i].used = true;
                    if let Some(p) = prev.filter(|&p| self.spans[p].cue() == Some(Cue::In)) {
                        self.spans[p].used = true;
                    }
                    out.push(At {
                        pos: i,
                        end: i,
                        filter: Filter::Cond {
                            field: self.fref(hit.field),
                            pred: Predicate::Cmp(CmpOp::Eq, Literal::Text(hit.value.clone())),
                            negated: false,
                        },
                        eq_value: Some((hit.field, hit.value.clone())),
                        kind: Kind::Category,
                    });
                    continue;
                }
            }
            let Some(field) = field else { continue };
            // "after May 1992", "después de mayo de 1992", "vor Mai 1992": an operator before a
            // month and its year compares the dates with that month (after it: from the next month on).
            if let Some((o, m, op)) = self.op_before_month(i).filter(|_| self.is_date(field) && y.fract() == 0.0) {
                let y = y as i32;
                let first = chrono::NaiveDate::from_ymd_opt(y, m, 1);
                let last = first.and_then(|d| d.checked_add_months(chrono::Months::new(1))).and_then(|d| d.pred_opt());
                let bound = match op {
                    CmpOp::Gt | CmpOp::Le => last,
                    _ => first,
                };
                if let Some(d) = bound {
                    for k in o..=i {
                        self.spans[k].used = true;
                    }
                    year_of.push((i, field));
                    out.push(At {
                        pos: o,
                        end: i,
                        filter: Filter::Cond {
                            field: self.fref(field),
                            pred: Predicate::Cmp(op, Literal::Date(d.format("%Y-%m-%d").to_string())),
                            negated: false,
                        },
                        eq_value: None,
                        kind: Kind::Range,
                    });
                    continue;
                }
            }
            self.spans[i].used = true;
            year_of.push((i, field));
            if let Some(p) = prev {
                if matches!(self.spans[p].cue(), Some(Cue::In | Cue::Between)) {
                    self.spans[p].used = true;
                }
            }
            // "in the 1990s": the ten years of a decade.
            let decade = says_decade(&self.spans[i].raw) && y % 10.0 == 0.0;
            let pred = match (decade, self.is_date(field)) {
                (true, true) => {
                    Predicate::Between(Literal::Date(format!("{:04}-01-01", y as i32)), Literal::Date(format!("{:04}-12-31", y as i32 + 9)))
                }
                (true, false) => Predicate::Between(Literal::Number(y), Literal::Number(y + 9.0)),
                (false, true) => Predicate::Year(y as i32),
                (false, false) => Predicate::Cmp(CmpOp::Eq, Literal::Number(y)),
            };
            // A year column's value can be compared with another ("higher in 1954 than in 1953").
            let eq_value = (!self.is_date(field) && !decade).then(|| (field, fmt_number(y)));
            // "Divorces in 1867?": in a table with one row per year, a year names its row.
            let kind = if self.cat.fields[field].yearly && self.cat.fields[field].distinct == self.cat.rows && self.cat.rows > 1 {
                Kind::Identifying
            } else {
                Kind::Range
            };
            out.push(At {
                pos: prev.unwrap_or(i),
                end: i,
                filter: Filter::Cond { field: self.fref(field), pred, negated: false },
                eq_value,
                kind,
            });
        }
        // 3b. A month alone over the one date column: "in February", "im Juni", "al juny". Two
        // months named are left to refuse (they would need "or", and a list asks each).
        let months: Vec<(usize, u32)> = (0..self.spans.len())
            .filter(|&i| self.spans[i].tag == Tag::Unknown && !self.spans[i].used)
            .filter_map(|i| {
                crate::query::lang::month_word(
                    &crate::query::text::fold(&self.spans[i].raw),
                    self.spans[i].raw.chars().next().is_some_and(char::is_uppercase),
                )
                .map(|m| (i, m))
            })
            .collect();
        if let ([(i, m)], Some(f)) = (months.as_slice(), self.unique(|f| self.is_date(f) && !self.cat.fields[f].yearly)) {
            self.spans[*i].used = true;
            let neg = self.negation_before(*i);
            out.push(At {
                pos: *i,
                end: *i,
                filter: Filter::Cond { field: self.fref(f), pred: Predicate::Month(*m), negated: neg.is_some() },
                eq_value: None,
                kind: Kind::Range,
            });
        }
        // 4. Dates on their own: "on April 30, 1992", "am 25.12.2013".
        for i in 0..self.spans.len() {
            let Tag::Date(d) = self.spans[i].tag.clone() else { continue };
            if self.spans[i].used {
                continue;
            }
            let Some(field) = self.unique(|f| self.is_date(f)) else { continue };
            // "on July 4th" in a table of one year's days is that day of that year.
            let d = match (d.strip_prefix("????"), self.cat.fields[field].one_year) {
                (Some(rest), Some(y)) => format!("{y:04}{rest}"),
                (Some(_), None) => continue,
                (None, _) => d,
            };
            self.spans[i].used = true;
            let neg = self.negation_before(i);
            let kind = if self.identifies(field) { Kind::Identifying } else { Kind::Point };
            out.push(At {
                pos: neg.unwrap_or(i),
                end: i,
                filter: Filter::Cond {
                    field: self.fref(field),
                    pred: Predicate::Cmp(CmpOp::Eq, Literal::Date(d.clone())),
                    negated: neg.is_some(),
                },
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
            // ("the 4-cylinder cars": a singular noun after the number says what each row has.)
            let attribute = n > 1.0
                && self
                    .spans
                    .get(i + 1)
                    .is_some_and(|s| matches!(s.tag, Tag::Field(_)) && !crate::query::text::fold(&s.raw).ends_with('s'));
            if i > 0
                && !attribute
                && !crate::query::tagger::is_ordinal(&self.spans[i].raw)
                && matches!(
                    crate::query::text::fold(&self.spans[i - 1].raw).as_str(),
                    "the" | "los" | "las" | "els" | "les" | "die" | "all" | "todos" | "todas" | "tots" | "totes" | "alle"
                )
            {
                continue;
            }
            // "status 1": a yes/no column written 1/0 takes the number as its truth value.
            let coded_bool = |p: &Self, f: usize| (n == 0.0 || n == 1.0) && matches!(p.cat.fields[f].ty, ColumnType::Boolean);
            let numeric_field = |p: &Self, j: usize| match &p.spans[j].tag {
                Tag::Field(fs) if fs.len() == 1 && (p.is_numeric(fs[0]) || coded_bool(p, fs[0])) && !p.spans[j].used => Some(fs[0]),
                _ => None,
            };
            let after = self.next_content(i).and_then(|j| numeric_field(self, j).map(|f| (j, f)));
            let after =
                after.filter(|(j, _)| !self.next_content(*j).is_some_and(|k| matches!(self.spans[k].cue(), Some(Cue::High | Cue::Low))));
            // "field [of|=] number"
            let before = match prev {
                Some(j) if matches!(self.spans[j].cue(), Some(Cue::Of | Cue::Op(CmpOp::Eq))) => {
                    self.prev_content(j).and_then(|k| numeric_field(self, k).map(|f| (k, f)))
                }
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
            // "100% humidity" over a column of fractions: 1.
            let n = self.percent_as_fraction(f, i).unwrap_or(n);
            out.push(At {
                pos: i.min(j),
                end: i.max(j),
                filter: Filter::Cond {
                    field: self.fref(f),
                    pred: Predicate::Cmp(CmpOp::Eq, if coded_bool(self, f) { Literal::Bool(n == 1.0) } else { Literal::Number(n) }),
                    negated: neg.is_some(),
                },
                // (A flag written 0/1 is stored as a boolean: its values compare as "true"/"false".)
                eq_value: neg.is_none().then(|| (f, if coded_bool(self, f) { (n == 1.0).to_string() } else { fmt_number(n) })),
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
                        Some(Cue::And | Cue::Or) => {
                            if forward {
                                self.next_content(j)
                            } else {
                                self.prev_content(j)
                            }
                        }
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
            // "manual transmission", "Merc cars": the word leading several values of one field
            // names them all (`tagger::leading_words_of_values`).
            if let Some(prefix) = crate::query::tagger::leading_word_of(&self.spans[i].raw, &hits) {
                self.spans[i].used = true;
                let f = hits[0].field;
                for j in [self.prev_content(i), self.next_content(i)].into_iter().flatten() {
                    if self.spans[j].tag == Tag::Field(vec![f]) {
                        self.spans[j].used = true;
                    }
                }
                out.push(At {
                    pos: i,
                    end: i,
                    filter: Filter::Cond { field: self.fref(f), pred: Predicate::StartsWith(prefix), negated: false },
                    eq_value: None,
                    kind: Kind::Category,
                });
                continue;
            }
            // "Newcastle" in both `home_team` and `away_team`: the side said picks one ("away
            // goals"); none said, a team's matches are on either side.
            let hit = match self.sides_of(&hits) {
                Some((home, away)) => match self.side_said(i) {
                    Some(crate::query::catalog::Side::Home) => home,
                    Some(crate::query::catalog::Side::Away) => away,
                    None => {
                        self.spans[i].used = true;
                        let negated = self.negation_before(i).inspect(|&k| self.spans[k].used = true).is_some();
                        let cond = |h: &ValueHit, p: &Self| Filter::Cond {
                            field: p.fref(h.field),
                            pred: Predicate::Cmp(CmpOp::Eq, p.value_literal(h.field, &h.value)),
                            negated,
                        };
                        let both = vec![cond(&home, self), cond(&away, self)];
                        let filter = if negated { Filter::And(both) } else { Filter::Or(both) };
                        out.push(At { pos: i, end: i, filter, eq_value: None, kind: Kind::Category });
                        continue;
                    }
                },
                None => self.pick_hit(i, &hits),
            };
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

    /// "in the last week", "in der ersten Woche", "ended the period above 1.5", "Did Apple finish
    /// higher…?": in a table with one date column, the first or last of its dates (of the whole
    /// table: the series' start or end, not of the rows the other words pick).
    fn ends_of_the_series(&mut self, out: &mut Vec<At>) {
        const END_VERBS: &[&str] = &[
            "ended",
            "ending",
            "finish",
            "finished",
            "finishing",
            "acabo",
            "acabar",
            "acaba",
            "termino",
            "terminar",
            "endete",
            "beendete",
        ];
        const SPAN_NOUNS: &[&str] = &["period", "series", "periodo", "serie", "periode", "zeitraum", "reihe", "messreihe"];
        const DATE_NOUNS: &[&str] = &["date", "dates", "fecha", "data", "datum", "observation", "reading", "entry"];
        let dates: Vec<usize> = (0..self.cat.fields.len())
            .filter(|&f| matches!(self.cat.fields[f].ty, ColumnType::Date | ColumnType::Datetime) && !self.cat.fields[f].derived())
            .collect();
        let [d] = dates[..] else { return };
        let fold = |p: &Self, k: usize| crate::query::text::fold(&p.spans[k].raw);
        let free = |p: &Self, k: usize| !p.spans[k].used && matches!(p.spans[k].tag, Tag::Unknown | Tag::Stop);
        for i in 0..self.spans.len() {
            if !free(self, i) {
                continue;
            }
            let w = fold(self, i);
            let noun_at = |p: &Self, k: usize| {
                k < p.spans.len()
                    && !p.spans[k].used
                    && matches!(&p.spans[k].tag, Tag::Unknown | Tag::Stop | Tag::Alias | Tag::Cue(_) | Tag::Field(_))
                    && (!matches!(&p.spans[k].tag, Tag::Field(_)) || matches!(&p.spans[k].tag, Tag::Field(fs) if fs.as_slice() == [d]))
                    && {
                        let n = fold(p, k);
                        let one = n.strip_suffix('s').unwrap_or(&n).to_string();
                        crate::query::lang::is_period_word(&n)
                            || crate::query::lang::is_period_word(&one)
                            || DATE_NOUNS.contains(&n.as_str())
                    }
            };
            let (last, taken) = match crate::query::tagger::order_word(&w) {
                // ("What's the last month in the data?" asks the date itself: only "in"/"on" the end is a condition.)
                Some(first)
                    if noun_at(self, i + 1)
                        && (0..i)
                            .rev()
                            .find(|&k| self.spans[k].tag != Tag::Stop && !matches!(fold(self, k).as_str(), "der" | "die" | "la" | "el"))
                            .is_some_and(|k| {
                                self.spans[k].cue() == Some(Cue::In)
                                    || matches!(fold(self, k).as_str(), "on" | "at" | "during" | "am" | "im")
                            }) =>
                {
                    // "in der ersten Woche der Messreihe": of the series, said after.
                    let mut taken = vec![i, i + 1];
                    let after: Vec<usize> = (i + 2..self.spans.len()).filter(|&k| self.spans[k].tag != Tag::Stop).take(2).collect();
                    if let [of, noun] = after[..] {
                        if self.spans[of].cue() == Some(Cue::Of)
                            && SPAN_NOUNS.contains(&fold(self, noun).as_str())
                            && !self.spans[noun].used
                        {
                            taken.extend([of, noun]);
                        }
                    }
                    (!first, taken)
                }
                // ("Which wars ended in 1945?": a date or year said is when the rows ended, not the series.)
                _ if END_VERBS.contains(&w.as_str())
                    && !self.spans.iter().any(|s| match s.tag {
                        Tag::Date(_) => true,
                        Tag::Number(n) => n.fract() == 0.0 && (1000.0..=2999.0).contains(&n),
                        _ => false,
                    }) =>
                {
                    // "ended the period": the span's noun goes with the verb.
                    let mut taken = vec![i];
                    if let Some(k) = (i + 1..self.spans.len()).find(|&k| self.spans[k].tag != Tag::Stop) {
                        if SPAN_NOUNS.contains(&fold(self, k).as_str()) && !self.spans[k].used {
                            taken.push(k);
                        }
                    }
                    (true, taken)
                }
                _ => continue,
            };
            for &k in &taken {
                self.spans[k].used = true;
            }
            out.push(At {
                pos: i,
                end: *taken.last().unwrap_or(&i),
                filter: Filter::Cond { field: self.fref(d), pred: Predicate::Edge { last }, negated: false },
                eq_value: None,
                // (A date different in every row: the end is one row, as a date named would be.)
                kind: if self.cat.fields[d].distinct == self.cat.rows { Kind::Identifying } else { Kind::Range },
            });
        }
    }

    /// True when the number at `i` is the N of a ranking ("the 3 heaviest cars").
    pub(super) fn rank_context(&self, i: usize) -> bool {
        let after = self.next_content(i).map(|j| &self.spans[j].tag);
        matches!(after, Some(Tag::Cue(Cue::High | Cue::Low)))
    }

    /// "entre el 29 d'abril i el 4 de maig de 1992": the end with a year lends it to the other.
    pub(super) fn fill_partial_dates(&mut self, a: usize, b: usize) {
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

    pub(super) fn value_literal(&self, f: usize, v: &str) -> Literal {
        match self.cat.fields[f].ty {
            ColumnType::Boolean => Literal::Bool(crate::schema::values::parse_bool(v).unwrap_or(false)),
            // A month's name read as the number a `month` column holds.
            ColumnType::Integer | ColumnType::Decimal => v.parse::<f64>().map_or_else(|_| Literal::Text(v.to_string()), Literal::Number),
            _ => Literal::Text(v.to_string()),
        }
    }

    /// The hit for a named value: in a field the question also names, else the most common reading.
    /// The hits of one value in the home and the away column of a pair (`FieldInfo::side`).
    fn sides_of(&self, hits: &[ValueHit]) -> Option<(ValueHit, ValueHit)> {
        use crate::query::catalog::Side;
        let side = |h: &ValueHit| self.cat.fields[h.field].side();
        let home = hits.iter().find(|h| side(h).is_some_and(|(s, _)| s == Side::Home))?;
        let (_, rest) = side(home)?;
        let away = hits.iter().find(|h| h.value == home.value && side(h).is_some_and(|(s, r)| s == Side::Away && r == rest))?;
        Some((home.clone(), away.clone()))
    }

    /// The one side of a match the question says, by a field of that side or a side word
    /// ("away goals", "at home"), other than span `except`.
    fn side_said(&self, except: usize) -> Option<crate::query::catalog::Side> {
        let mut said = self.spans.iter().enumerate().filter(|&(j, _)| j != except).filter_map(|(_, s)| match &s.tag {
            Tag::Field(fs) if !fs.is_empty() => {
                let sides: Vec<_> = fs.iter().filter_map(|&f| self.cat.fields[f].side().map(|(s, _)| s)).collect();
                (sides.len() == fs.len() && sides.windows(2).all(|w| w[0] == w[1])).then(|| sides[0])
            }
            _ => crate::query::text::fold(&s.raw).split_whitespace().find_map(crate::query::catalog::side_word),
        });
        let first = said.next()?;
        said.all(|s| s == first).then_some(first)
    }

    pub(super) fn pick_hit(&mut self, i: usize, hits: &[ValueHit]) -> ValueHit {
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
                let adjacent = self.next_content(j) == Some(i)
                    || self.prev_content(i).is_some_and(|k| {
                        self.prev_content(k) == Some(j)
                            && matches!(self.spans[k].cue(), Some(Cue::Op(CmpOp::Eq)) | Some(Cue::Of) | Some(Cue::In))
                    })
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
    pub(super) fn operator_field(&mut self, op: usize, a: usize, end: usize) -> R<Option<usize>> {
        // "más de 2,4 millones de matrimonios": the field may follow its number after "of".
        let after = self.next_content(end).map(|j| {
            if self.spans[j].cue() == Some(Cue::Of) && matches!(self.spans[a].tag, Tag::Number(_)) {
                self.next_content(j).unwrap_or(j)
            } else {
                j
            }
        });
        if let Some(j) = after {
            if matches!(self.spans[j].tag, Tag::Field(_) | Tag::Group(_))
                && !self.spans[j].used
                && matches!(self.spans[a].tag, Tag::Number(_) | Tag::Date(_))
            {
                let f = self.field(j)?;
                self.spans[j].used = true;
                return Ok(f);
            }
        }
        // "marriages from 2000 to 2011": a range of whole years, with a year column, is a range of years.
        let year = |p: &Self, k: usize| matches!(p.spans[k].tag, Tag::Number(y) if y.fract() == 0.0 && (1000.0..=2999.0).contains(&y));
        // "the lowest KSI before 1983": a word of time before a year or a date orders the dates, not the measure named.
        const TEMPORAL: &[&str] = &[
            "before",
            "after",
            "since",
            "earlier than",
            "later than",
            "antes de",
            "despues de",
            "abans de",
            "despres de",
            "vor",
            "nach",
            "seit",
        ];
        let temporal = TEMPORAL.contains(&crate::query::text::fold(&self.spans[op].raw).as_str());
        if temporal && (year(self, a) || matches!(self.spans[a].tag, Tag::Date(_))) {
            if let Some(y) = self.unique(|f| self.cat.fields[f].yearly || (self.is_date(f) && !self.cat.fields[f].derived())) {
                return Ok(Some(y));
            }
        }
        if self.spans[op].cue() == Some(Cue::Between) && year(self, a) && year(self, end) {
            if let Some(y) = self.unique(|f| self.cat.fields[f].yearly || self.is_date(f)) {
                return Ok(Some(y));
            }
        }
        let number = matches!(self.spans[a].tag, Tag::Number(_));
        let operand = match self.spans[a].tag {
            Tag::Number(n) => n,
            _ => f64::NAN,
        };
        // The subject asked for ("Which firms …", "How many countries …") is a name, never the operand's field.
        let text_field = |p: &Self, j: usize| {
            matches!(&p.spans[j].tag, Tag::Field(fs) if fs.iter().all(|&f| !p.is_numeric(f) && !p.is_date(f)))
                && p.prev_content(j)
                    .is_some_and(|w| w == 0 && matches!(p.spans[w].cue(), Some(Cue::Which | Cue::What | Cue::Who | Cue::HowMany)))
        };
        let mut k = op;
        let mut steps = 0;
        // A field passed over because the number cannot be its value: compared after all (and
        // refused as a type mismatch) when nothing else can take the number.
        let mut skipped: Option<usize> = None;
        while let Some(j) = self.prev_content(k) {
            match &self.spans[j].tag {
                // "Which firms were worth more than 1000": a number is not compared with a name.
                Tag::Field(_) if number && text_field(self, j) => {}
                // "Did any country exceed 100", "In what year did X exceed 10,000": a number that
                // cannot be a value of the field (a name, a year out of range) compares something else.
                Tag::Field(fs) if number && fs.iter().all(|&f| !self.takes_number(f, operand)) => {
                    skipped = skipped.or(Some(j));
                }
                Tag::Field(_) | Tag::Group(_) if !self.spans[j].used => {
                    let f = self.field(j)?;
                    self.spans[j].used = true;
                    return Ok(f);
                }
                Tag::Cue(Cue::Not | Cue::Of | Cue::In | Cue::What | Cue::Which | Cue::Who) | Tag::Alias => {}
                Tag::Cue(Cue::And | Cue::Or) | Tag::Cue(Cue::Op(_)) | Tag::Cue(Cue::Between) => break,
                // ("the value of IBM in 1954 above 1000": a value and a year between are other conditions.)
                Tag::Value(_) | Tag::Number(_) => {}
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
                    Tag::Field(fs)
                        if fs.len() == 1 && self.is_numeric(fs[0]) && self.takes_number(fs[0], operand) && !self.spans[j].used =>
                    {
                        Some(fs[0])
                    }
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
        // "how many patients are under 18", "victims over 80": a bound said of the rows' noun, a
        // number a person's age can be, is their age where one field holds ages.
        // ("fewer than 10 households": a number before the rows' noun counts rows.)
        let of_rows = self.next_content(a).is_some_and(|j| self.spans[j].tag == Tag::Alias || self.spans[j].cue() == Some(Cue::Rows));
        if number && !of_rows && !self.spans[a].used && (0.0..=120.0).contains(&operand) && self.spans.iter().any(|s| s.tag == Tag::Alias) {
            let age = self.unique(|f| {
                self.is_numeric(f)
                    && self.cat.fields[f].names.iter().any(|n| n.iter().any(|w| matches!(w.as_str(), "age" | "edad" | "edat" | "alter")))
            });
            if let Some(f) = age.filter(|&f| self.takes_number(f, operand)) {
                return Ok(Some(f));
            }
        }
        // "did renewables exceed 10,000": a bare number, no field near it, the table's one measure.
        // (Not a number of rows: "more than 40 films", "more than 40 rows".)
        if number && !self.spans[a].used && !of_rows {
            // Not an unnamed running index ("column_1"), nor whole numbers for a fraction ("above 0.2").
            let measure = |f: usize| {
                let fi = &self.cat.fields[f];
                let index =
                    fi.name.strip_prefix("column_").is_some_and(|n| n.chars().all(|c| c.is_ascii_digit())) && fi.distinct == self.cat.rows;
                let whole_for_fraction = fi.ty == ColumnType::Integer && operand.fract() != 0.0;
                !index && !whole_for_fraction
            };
            if let Some(m) = self.unique(|f| {
                self.is_numeric(f)
                    && !self.cat.fields[f].yearly
                    && Some(f) != self.cat.label
                    && self.cat.fields[f].ty != ColumnType::Identifier
                    && self.takes_number(f, operand)
                    && measure(f)
            }) {
                if self.spans.iter().all(|s| !matches!(&s.tag, Tag::Field(fs) if fs.contains(&m))) {
                    return Ok(Some(m));
                }
            }
        }
        // "How many days hit 90 degrees?", "days above 75": in a table of highs and lows, a day
        // reaches a number from below by its high (whether it fell under one is not so plain).
        // Only words that compare any amount ("above", "hit", "or more"), never another dimension
        // ("older than 35" asks for an age the table lacks).
        const REACHING: &[&str] = &[
            "above",
            "over",
            "more than",
            "greater than",
            "higher than",
            "at least",
            "or more",
            "exceed",
            "hit",
            "reach",
            "warmer",
            "hotter",
            "superior",
            "mas de",
            "mes de",
            "por encima",
            "per sobre",
            "uber",
            "mehr als",
            "mindestens",
            "almenys",
            "al menos",
        ];
        let reaching = REACHING.iter().any(|w| crate::query::text::fold(&self.spans[op].raw).contains(w));
        // ("more than 100 rainy days" counts days: a value and the rows' noun after the number.)
        let counted_rows = self.next_content(a).is_some_and(|j| {
            matches!(self.spans[j].tag, Tag::Value(_)) && self.next_content(j).is_some_and(|k| self.spans[k].tag == Tag::Alias)
        });
        if number
            && reaching
            && !of_rows
            && !counted_rows
            && !self.spans[a].used
            && matches!(self.spans[op].cue(), Some(Cue::Op(CmpOp::Gt | CmpOp::Ge) | Cue::OpPost(CmpOp::Ge)))
        {
            if let Some((hi, lo)) = crate::query::tagger::max_min_pair(self.cat) {
                let others = self.spans.iter().any(|s| matches!(&s.tag, Tag::Field(fs) if fs.iter().any(|&f| self.is_numeric(f))));
                if !others && self.takes_number(hi, operand) && self.takes_number(lo, operand) {
                    return Ok(Some(hi));
                }
            }
        }
        // "Which cars have a name greater than 1000?": the name it is, refused as a type mismatch.
        if let Some(j) = skipped.filter(|&j| !self.spans[j].used) {
            let f = self.field(j)?;
            self.spans[j].used = true;
            return Ok(f);
        }
        match &self.spans[a].tag {
            Tag::Date(_) => Ok(self.unique(|f| self.is_date(f))),
            Tag::Value(hits) => Ok(Some(hits[0].field)),
            _ => Ok(None),
        }
    }

    /// A number said as a percent (span `a`, "3.5%") of a field holding fractions (-1 … 1): as a fraction.
    pub(super) fn percent_as_fraction(&self, f: usize, a: usize) -> Option<f64> {
        let Tag::Number(n) = self.spans[a].tag else { return None };
        let fi = &self.cat.fields[f];
        (fi.ty.is_numeric()
            && self.spans[a].raw.ends_with('%')
            && fi.range.is_some_and(|(lo, hi)| lo >= -1.0 && hi <= 1.0)
            && n.abs() > 1.0)
            .then_some(n / 100.0)
    }

    /// A number said in a metric unit (span `a`, then "m", "kg"…) of a field stored in another
    /// unit of the same kind ("taller than 2.05 m" of heights 160 … 205): in the field's unit,
    /// the one its name carries or else the one whose scale puts the number nearest its values.
    pub(super) fn in_field_unit(&self, f: usize, a: usize) -> Option<f64> {
        let Tag::Number(n) = self.spans[a].tag else { return None };
        let said = crate::query::text::fold(&self.spans.get(a + 1)?.raw);
        let (kind, scale) = metric_unit(&said)?;
        let fi = &self.cat.fields[f];
        let (lo, hi) = fi.range?;
        if n <= 0.0 || lo <= 0.0 {
            return None;
        }
        let named = crate::query::text::name_words(&fi.name).iter().find_map(|w| metric_unit(w).filter(|(k, _)| *k == kind));
        // In whole units of ten digits: 2.05 m is 205 cm, not 204.99999999999997.
        let exact = |v: f64| format!("{v:.10e}").parse::<f64>().unwrap_or(v);
        if let Some((_, own)) = named {
            return Some(exact(n * scale / own));
        }
        let distance = |v: f64| {
            if v < lo {
                (lo / v).ln()
            } else if v > hi {
                (v / hi).ln()
            } else {
                0.0
            }
        };
        let best = METRIC_UNITS
            .iter()
            .filter(|(k, _, _)| *k == kind)
            .map(|(_, _, own)| exact(n * scale / own))
            .min_by(|x, y| distance(*x).total_cmp(&distance(*y)))?;
        // The number as said wins unless another unit is clearly nearer the values.
        (distance(best) + 1.0 < distance(n)).then_some(best)
    }

    /// The operand at span `a` as a literal of field `f`'s type, or a refusal explaining the mismatch.
    pub(super) fn literal(&self, f: usize, a: usize) -> R<Literal> {
        let fi = &self.cat.fields[f];
        let mismatch =
            |wanted: &str| Fail::Refuse(Refusal::TypeMismatch { field: fi.name.clone(), ty: fi.ty.as_str().into(), wanted: wanted.into() });
        match (&self.spans[a].tag, fi.ty) {
            // "años … por encima de 85": 85 is not a year; the number belongs to a field not found.
            (Tag::Number(n), t) if t.is_numeric() && fi.yearly && !(1000.0..=2999.0).contains(n) => {
                Err(Fail::Refuse(Refusal::TypeMismatch { field: fi.name.clone(), ty: "year".into(), wanted: format!("number like {n}") }))
            }
            // "a return above 3.5%" over a column of fractions (-0.25 … 0.1): the percent as a fraction.
            (Tag::Number(n), t) if t.is_numeric() => {
                Ok(Literal::Number(self.percent_as_fraction(f, a).or_else(|| self.in_field_unit(f, a)).unwrap_or(*n)))
            }
            // "cens equal to 1": a flag compared with 0 or 1.
            (Tag::Number(n), ColumnType::Boolean) if *n == 0.0 || *n == 1.0 => Ok(Literal::Bool(*n == 1.0)),
            (Tag::Number(n), ColumnType::Date | ColumnType::Datetime) if n.fract() == 0.0 && (1000.0..=2999.0).contains(n) => {
                Ok(Literal::Number(*n))
            }
            (Tag::Date(d), ColumnType::Date | ColumnType::Datetime) => Ok(Literal::Date(d.clone())),
            (Tag::Number(_) | Tag::Date(_), _) => Err(mismatch("number")),
            (Tag::Value(hits), t) if !t.is_numeric() => {
                Ok(self.value_literal(f, &hits.iter().find(|h| h.field == f).unwrap_or(&hits[0]).value))
            }
            (_, t) if t.is_numeric() => Err(mismatch("text")),
            _ => Ok(Literal::Text(strip_quotes(&self.spans[a].raw))),
        }
    }

    /// Comparisons with a bare year on a date column compare with that year's first or last day.
    pub(super) fn year_aware(&self, f: usize, op: CmpOp, lit: Literal) -> Predicate {
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

    pub(super) fn year_bounds(&self, f: usize, lit: &Literal) -> Option<(Literal, Literal)> {
        match (self.is_date(f), lit) {
            (true, Literal::Number(y)) => {
                Some((Literal::Date(format!("{:04}-01-01", *y as i32)), Literal::Date(format!("{:04}-12-31", *y as i32))))
            }
            _ => None,
        }
    }

    /// "the Nissan GT-R … than the Acura NSX": two rows each named by a maker and a model, compared.
    /// The field that names rows (the model) is kept; the maker beside each adds nothing. Only
    /// for pairs in that order on both sides of a comparison; otherwise "Nissan and Acura" is a
    /// contradiction, as before.
    fn named_pairs(&self, conds: &[At]) -> Option<Vec<At>> {
        let [a1, b1, a2, b2] = conds else { return None };
        let f = |c: &At| c.eq_value.as_ref().map(|(f, _)| *f);
        let (fa, fb) = (f(a1)?, f(b1)?);
        if fa == fb || f(a2)? != fa || f(b2)? != fb {
            return None;
        }
        let compared = self.has(Cue::More) || self.has(Cue::Less) || self.spans.iter().any(|s| matches!(s.cue(), Some(Cue::Op(_))));
        let between = &self.spans[b1.end + 1..a2.pos.max(b1.end + 1)];
        if !compared || between.iter().any(|s| matches!(s.cue(), Some(Cue::Or | Cue::And))) {
            return None;
        }
        let keep = match (self.identifies(fa), self.identifies(fb)) {
            (false, true) => fb,
            (true, false) => fa,
            _ => return None,
        };
        Some(conds.iter().filter(|c| f(c) == Some(keep)).cloned().collect())
    }

    /// And/or between conditions: "or" splits, "and" (or nothing) joins; one field's values join by "or".
    pub(super) fn combine(&self, conds: &[At]) -> R<Option<Filter>> {
        if conds.is_empty() {
            return Ok(None);
        }
        if let Some(kept) = self.named_pairs(conds) {
            return self.combine(&kept);
        }
        let mut groups: Vec<Vec<&At>> = vec![vec![&conds[0]]];
        for w in conds.windows(2) {
            let between = &self.spans[w[0].end + 1..w[1].pos.max(w[0].end + 1)];
            let or = between.iter().any(|s| s.cue() == Some(Cue::Or));
            let explicit_and = between.iter().any(|s| s.cue() == Some(Cue::And));
            let same_field_values = matches!((&w[0].eq_value, &w[1].eq_value), (Some((a, _)), Some((b, _))) if a == b);
            // "Of Spain, Italy and France, which had the highest rate?": a superlative among values
            // named together ranks their rows; one cell never holds two values, so "and" lists them.
            let among = [Cue::High, Cue::Low, Cue::Top, Cue::Bottom].iter().any(|&c| self.has(c))
                && (self.has(Cue::Which) || self.has(Cue::Who))
                && !matches!(self.asked, Shape::Number | Shape::Boolean);
            if same_field_values && explicit_and && !or && !among {
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
        // "France, Germany and the UK in 1970": when every split is between values of one field,
        // the other conditions hold for each of them, wherever they were said.
        let field_of = |a: &At| a.eq_value.as_ref().map(|(f, _)| *f);
        if groups.len() > 1 {
            let heads: Vec<Option<usize>> = groups.iter().skip(1).map(|g| field_of(g[0])).collect();
            let listed = heads[0].filter(|f| {
                heads.iter().all(|h| *h == Some(*f)) && groups.iter().all(|g| g.iter().filter(|a| field_of(a) == Some(*f)).count() == 1)
            });
            if let Some(f) = listed {
                let (values, others): (Vec<&At>, Vec<&At>) = conds.iter().partition(|a| field_of(a) == Some(f));
                let mut parts: Vec<Filter> = others.into_iter().map(|a| a.filter.clone()).collect();
                parts.push(Filter::Or(values.into_iter().map(|a| a.filter.clone()).collect()));
                return Ok(if parts.len() == 1 { parts.pop() } else { Filter::and(parts) });
            }
        }
        let ors: Vec<Filter> =
            groups.into_iter().map(|g| Filter::and(g.into_iter().map(|a| a.filter.clone()).collect()).expect("non-empty group")).collect();
        Ok(if ors.len() == 1 { ors.into_iter().next() } else { Some(Filter::Or(ors)) })
    }

    pub(super) fn combine_without(&self, conds: &[At], skip: usize) -> R<Option<Filter>> {
        let kept: Vec<At> = conds.iter().enumerate().filter(|(i, _)| *i != skip).map(|(_, a)| a.clone()).collect();
        self.combine(&kept)
    }

    /// "what percentage of women were Latino", "de los coches de 4 cilindros": the condition right
    /// after "percentage of" (aliases and prepositions between) is the base.
    pub(super) fn share_base(&self, conds: &[At]) -> Option<(usize, Filter)> {
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
        // "Among people married 23 years, what fraction had affairs?": the condition after
        // "among", before the share word, is the base (not one more condition on the rows counted).
        let share_at = self.spans.iter().position(|s| s.cue() == Some(Cue::Share))?;
        conds.iter().enumerate().find_map(|(ci, c)| {
            let among = (0..c.pos)
                .rev()
                .take_while(|&j| matches!(self.spans[j].tag, Tag::Stop | Tag::Alias | Tag::Cue(Cue::In | Cue::Of)))
                // ("Out of all the metals, …": "out of" as "among".)
                .any(|j| {
                    let w = crate::query::text::fold(&self.spans[j].raw);
                    // ("Of all the halogens, what percentage…": "of" opening the question too.)
                    matches!(w.as_str(), "among" | "amongst" | "entre" | "unter" | "out")
                        || (j == 0 && matches!(w.as_str(), "of" | "de" | "del" | "dels" | "von"))
                });
            (among && c.pos < share_at).then(|| (ci, c.filter.clone()))
        })
    }

    pub(super) fn check_contradictions(&self, f: Option<&Filter>) -> R<()> {
        let Some(Filter::And(parts)) = f else { return Ok(()) };
        let mut lo: std::collections::HashMap<&str, f64> = Default::default();
        let mut hi: std::collections::HashMap<&str, f64> = Default::default();
        // "Was January 1998 warmer than January 1983?" read as JAN = 1998 and JAN > 1983: a number
        // pinned and bounded again on one field is a misreading, never a question.
        let pinned: Vec<&str> = parts
            .iter()
            .filter_map(|p| match p {
                Filter::Cond { field, pred: Predicate::Cmp(CmpOp::Eq, Literal::Number(_)), negated: false } => Some(field.0.as_str()),
                _ => None,
            })
            .collect();
        for p in parts {
            if let Filter::Cond { field, pred: Predicate::Cmp(_, Literal::Number(_)) | Predicate::Between(Literal::Number(_), _), .. } = p {
                let other_bound = !matches!(pred_op(p), Some(CmpOp::Eq));
                if other_bound && pinned.contains(&field.0.as_str()) {
                    return Err(Fail::Refuse(Refusal::Contradiction { field: field.0.clone(), detail: "=|≠".into() }));
                }
            }
        }
        // "as many men as women": two different values asked of one cell at once.
        let mut texts: std::collections::HashMap<&str, &str> = Default::default();
        for p in parts {
            if let Filter::Cond { field, pred: Predicate::Cmp(CmpOp::Eq, Literal::Text(v)), negated: false } = p {
                match texts.get(field.0.as_str()) {
                    Some(other) if !other.eq_ignore_ascii_case(v) => {
                        return Err(Fail::Refuse(Refusal::Contradiction { field: field.0.clone(), detail: format!("{other}|{v}") }));
                    }
                    _ => {
                        texts.insert(field.0.as_str(), v.as_str());
                    }
                }
            }
        }
        // "in 2015, 2016 and 2017" on a date column: two different years (months) of one cell.
        let mut periods: std::collections::HashMap<(&str, bool), i64> = Default::default();
        for p in parts {
            let Filter::Cond { field, pred, negated: false } = p else { continue };
            let period = match pred {
                Predicate::Year(y) => Some((true, *y as i64)),
                Predicate::Month(m) => Some((false, *m as i64)),
                _ => None,
            };
            if let Some((year, y)) = period {
                let key = (field.0.as_str(), year);
                if let Some(&other) = periods.get(&key) {
                    if other != y {
                        return Err(Fail::Refuse(Refusal::Contradiction { field: field.0.clone(), detail: format!("{other}|{y}") }));
                    }
                }
                periods.insert(key, y);
                continue;
            }
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
}

/// The comparison a condition makes, if it is one.
fn pred_op(f: &Filter) -> Option<CmpOp> {
    match f {
        Filter::Cond { pred: Predicate::Cmp(op, _), .. } => Some(*op),
        _ => None,
    }
}

/// The comparison an operator cue makes.
fn op_of(cue: Cue) -> Option<CmpOp> {
    match cue {
        Cue::Op(o) | Cue::OpPost(o) => Some(o),
        _ => None,
    }
}

/// Words for a table's cells ("any missing values", "datos faltantes"), folded.
const DATA_WORDS: &[&str] = &["values", "value", "data", "cells", "entries", "valores", "valors", "datos", "dades", "werte", "daten"];

/// Words that say a cell has no value, in the four languages (folded).
pub(super) const MISSING_WORDS: &[&str] = &[
    "missing",
    "empty",
    "blank",
    "null",
    "nan",
    "unrecorded",
    "unknown",
    "desconocido",
    "desconocida",
    "desconegut",
    "desconeguda",
    "unbekannt",
    "faltan",
    "falta",
    "faltante",
    "faltantes",
    "vacio",
    "vacia",
    "vacios",
    "vacias",
    "nulo",
    "nulos",
    "buit",
    "buida",
    "buits",
    "buides",
    "manca",
    "fehlt",
    "fehlen",
    "fehlend",
    "fehlende",
    "fehlenden",
    "leer",
    "leere",
    "leeren",
];

/// The span names a decade, not a year: "1990s", "90er", "años 90".
fn says_decade(raw: &str) -> bool {
    let words = crate::query::text::fold_words(raw);
    crate::query::lang::decade_of(raw).is_some()
        || (words.len() == 2 && crate::query::lang::is_decade_word(&words[0]) && words[1].len() == 2)
}

/// Participles saying a field holds a value ("recorded", "known", "filled in"), folded.
const PRESENT_PARTICIPLES: &[&str] = &[
    "recorded",
    "known",
    "given",
    "listed",
    "reported",
    "filled",
    "available",
    "present",
    "registrado",
    "registrada",
    "conocido",
    "conocida",
    "informado",
    "informada",
    "registrat",
    "conegut",
    "coneguda",
    "informat",
    "bekannt",
    "angegeben",
    "eingetragen",
    "erfasst",
    "vorhanden",
];

/// Words after a field that only say it holds something ("a latitude recorded", "a state filled in").
fn said_of_field(w: &str) -> bool {
    matches!(
        w,
        "recorded"
            | "given"
            | "listed"
            | "known"
            | "reported"
            | "informado"
            | "informada"
            | "informados"
            | "informadas"
            | "informat"
            | "informats"
            | "informades"
            | "angegeben"
            | "eingetragen"
            | "value"
            | "values"
            | "entry"
            | "count"
            | "data"
            | "reading"
            | "readings"
            | "filled"
    )
}

/// "a state filled in": the particle after "filled" says nothing more either.
fn filled_in(spans: &[Span], k: usize) -> bool {
    crate::query::text::fold(&spans[k].raw) == "in" && k > 0 && crate::query::text::fold(&spans[k - 1].raw) == "filled"
}

/// Metric units of length and mass as written after a number: (kind, words, size in the kind's base unit).
const METRIC_UNITS: &[(u8, &[&str], f64)] = &[
    (0, &["mm", "millimeters", "millimetres", "millimeter", "milimetros"], 0.001),
    (0, &["cm", "centimeters", "centimetres", "centimeter", "centimetros", "zentimeter"], 0.01),
    (0, &["m", "meters", "metres", "meter", "metre", "metros", "metro"], 1.0),
    (0, &["km", "kilometers", "kilometres", "kilometer", "kilometros"], 1000.0),
    (1, &["mg", "milligrams", "miligramos"], 0.001),
    (1, &["g", "grams", "gram", "gramos", "gramm"], 1.0),
    (1, &["kg", "kilograms", "kilos", "kilogramos", "kilogramm"], 1000.0),
];

/// A metric unit word's kind and size (see `METRIC_UNITS`).
fn metric_unit(w: &str) -> Option<(u8, f64)> {
    METRIC_UNITS.iter().find(|(_, words, _)| words.contains(&w)).map(|(k, _, size)| (*k, *size))
}

#[cfg(test)]
mod tests {
    use super::super::parser::with_parser;
    use super::*;

    const CSV: &str =
        "name,origin,mpg,cylinders,hp,year\nA,USA,18,8,150,1970\nB,Japan,31,4,,1972\nC,Europe,26,4,90,1970\nD,USA,15,8,170,1975\n";

    fn filter(q: &str) -> Result<Option<Filter>, String> {
        with_parser("cars.csv", CSV, q, |p| {
            let conds = p.conditions().map_err(|_| "conditions failed".to_string())?;
            let said = |e: Fail| match e {
                Fail::Refuse(r) => format!("{r:?}"),
                Fail::Clarify(c) => format!("{c:?}"),
            };
            let filter = p.combine(&conds).map_err(said)?;
            p.check_contradictions(filter.as_ref()).map_err(said)?;
            Ok(filter)
        })
    }

    #[test]
    fn an_operator_takes_the_field_after_its_number_and_and_joins() {
        let f = filter("cars with more than 100 hp and 8 cylinders").expect("reads").expect("a filter");
        let Filter::And(parts) = &f else { panic!("{f:?}") };
        assert_eq!(parts.len(), 2, "{f:?}");
        let conds = f.conds();
        assert!(conds.iter().any(|(r, p, _)| r.0 == "hp" && **p == Predicate::Cmp(CmpOp::Gt, Literal::Number(100.0))), "{f:?}");
        assert!(conds.iter().any(|(r, p, _)| r.0 == "cylinders" && **p == Predicate::Cmp(CmpOp::Eq, Literal::Number(8.0))), "{f:?}");
    }

    #[test]
    fn values_of_one_field_join_by_or() {
        let f = filter("cars from USA or Japan").expect("reads").expect("a filter");
        let Filter::Or(parts) = &f else { panic!("{f:?}") };
        assert_eq!(parts.len(), 2);
        assert!(f.conds().iter().all(|(r, _, negated)| r.0 == "origin" && !negated));
    }

    #[test]
    fn bounds_that_cannot_both_hold_are_a_contradiction() {
        let e = filter("cars with mpg above 30 and mpg below 20").expect_err("contradiction");
        assert!(e.contains("Contradiction"), "{e}");
    }

    #[test]
    fn no_value_is_a_missing_condition() {
        let f = filter("cars with no value for hp").expect("reads").expect("a filter");
        assert!(matches!(&f, Filter::Cond { field, pred: Predicate::Missing, negated: false } if field.0 == "hp"), "{f:?}");
    }
}
