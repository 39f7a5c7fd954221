//! Columns compared by a statistic each: the answer is column names ("Which column has the most
//! missing values?", "Of consumption, income and production, which has the highest average?").

use crate::query::lang::Cue;
use crate::query::plan::{AggFn, CmpOp, ColumnPick, ColumnStat, Plan, Test};
use crate::query::shape::Shape;
use crate::query::tagger::Tag;
use crate::schema::ColumnType;

use super::parser::{Parser, R};
use super::types::Understanding;

/// Words of a statistic computed per column (folded), besides the aggregate keywords.
const SPREAD: &[&str] = &[
    "deviation",
    "std",
    "variable",
    "variability",
    "varies",
    "vary",
    "variation",
    "spread",
    "desviacion",
    "variacion",
    "variabilidad",
    "desviacio",
    "variacio",
    "variabilitat",
    "standardabweichung",
    "streuung",
    "schwankt",
    "schwankung",
    "variiert",
];
const RANGE: &[&str] = &["range", "rango", "recorrido", "rang", "spannweite"];
const ZERO: &[&str] = &["zero", "zeros", "zeroes", "cero", "ceros", "zeros", "nullen", "nullwert", "nullwerte"];
const STAT_FILLER: &[&str] = &[
    "standard",
    "estandar",
    "estandard",
    "somewhere",
    "anywhere",
    "data",
    "datos",
    "dades",
    "daten",
    "contain",
    "contains",
    "hold",
    "holds",
    "value",
    "values",
];

impl Parser<'_> {
    /// A column of measurements: a number that is no year, id, label or flag. (Not `identifies`:
    /// in a small table every measurement differs from row to row.)
    pub(super) fn column_measure(&self, f: usize) -> bool {
        let fi = &self.cat.fields[f];
        self.is_numeric(f) && !fi.yearly && !fi.yes_no() && fi.ty != ColumnType::Identifier && Some(f) != self.cat.label
    }

    /// "Which column…" (or "Of A, B and C, which…" over numeric fields only): each candidate
    /// column's statistic, and the top one or those passing a comparison.
    pub(super) fn column_stats(&mut self) -> R<Option<Understanding>> {
        if !matches!(self.asked, Shape::Category | Shape::List { .. } | Shape::Open)
            || self.has(Cue::HowMany)
            || !(self.has(Cue::Which) || self.has(Cue::What))
        {
            return Ok(None);
        }
        let folds: Vec<String> = self.spans.iter().map(|s| crate::query::text::fold(&s.raw)).collect();
        let words =
            |set: &[&str]| (0..folds.len()).filter(|&i| folds[i].split_whitespace().any(|w| set.contains(&w))).collect::<Vec<usize>>();
        let columns_word = self.spans.iter().position(|s| s.cue() == Some(Cue::Columns));
        // The fields the question names: one word may name several ("the poverty columns").
        let named: Vec<usize> = self
            .spans
            .iter()
            .filter(|s| !s.raw.is_empty())
            .filter_map(|s| match &s.tag {
                Tag::Field(fs) => Some(fs.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        // "Of A, B and C, which…", "Which of A and B…": the fields named are the choices.
        let first = self.spans.iter().position(|s| s.tag != Tag::Stop);
        let of_form = first.is_some_and(|i| {
            self.spans[i].cue() == Some(Cue::Of)
                || (matches!(self.spans[i].cue(), Some(Cue::Which | Cue::What))
                    && self.next_content(i).is_some_and(|j| self.spans[j].cue() == Some(Cue::Of)))
        });
        let numeric_listed = of_form && named.len() >= 2 && named.iter().all(|&f| self.is_numeric(f) && !self.cat.fields[f].yearly);
        if columns_word.is_none() && !numeric_listed {
            return Ok(None);
        }
        // "For Hindus, which income column is highest?": a value naming one row asks of that row's
        // columns; the rows' noun right before "column" says which columns ("income column").
        let one_row = |s: &crate::query::tagger::Span| matches!(&s.tag, Tag::Value(hs) if !hs.is_empty() && hs.iter().all(|h| h.rows == 1));
        let before_columns = |i: usize| columns_word.is_some_and(|c| self.next_content(i) == Some(c));
        if self
            .spans
            .iter()
            .enumerate()
            .any(|(i, s)| (matches!(s.tag, Tag::Value(_)) && !one_row(s)) || (s.tag == Tag::Alias && !before_columns(i)))
        {
            return Ok(None);
        }
        if let Some(i) = self.spans.iter().position(|s| s.tag == Tag::Alias) {
            self.spans[i].used = true;
        }
        let (missing, spread, range, zero) = (words(super::conditions::MISSING_WORDS), words(SPREAD), words(RANGE), words(ZERO));
        let op_at = self.spans.iter().position(|s| matches!(s.cue(), Some(Cue::Op(_))));
        let number = op_at.and_then(|i| self.next_content(i)).and_then(|j| match self.spans[j].tag {
            Tag::Number(n) => Some((j, n)),
            _ => None,
        });
        let most = self.has(Cue::High) || self.has(Cue::Most) || self.has(Cue::Top) || self.has(Cue::More);
        let least = self.has(Cue::Low) || self.has(Cue::Least) || self.has(Cue::Bottom) || self.has(Cue::Less);
        let ranked = most || least;
        let no_data = (0..folds.len()).any(|i| {
            self.spans[i].cue() == Some(Cue::Not)
                && self.next_content(i).is_some_and(|j| {
                    matches!(folds[j].as_str(), "data" | "value" | "values" | "datos" | "valores" | "dades" | "valors" | "daten" | "werte")
                })
        });
        let agg = self.agg_named();
        // "more than 100 missing values": the number is the test of the count.
        let counted = |desc: bool| match (number, op_at.and_then(|i| self.spans[i].cue())) {
            (Some((_, n)), Some(Cue::Op(op))) => ColumnPick::Where { op, value: n },
            _ if ranked => ColumnPick::Top { desc },
            _ => ColumnPick::Where { op: CmpOp::Gt, value: 0.0 },
        };
        let (stat, pick) = if no_data {
            (ColumnStat::Present, ColumnPick::Where { op: CmpOp::Eq, value: 0.0 })
        } else if !missing.is_empty() {
            (ColumnStat::Missing, counted(most))
        } else if !zero.is_empty() {
            // "a zero somewhere" (the zero itself may be read as the number 0); "more than 2 zeros".
            let own = number.is_some_and(|(j, _)| zero.contains(&j));
            (ColumnStat::Zeros, if own { ColumnPick::Where { op: CmpOp::Gt, value: 0.0 } } else { counted(most) })
        } else if self.has(Cue::Distinct) && ranked {
            (ColumnStat::Distinct, ColumnPick::Top { desc: most })
        } else if !spread.is_empty() && ranked && self.has(Cue::Between) && self.has(Cue::High) && self.has(Cue::Low) {
            // "the biggest spread between its highest and lowest value": the range.
            (
                ColumnStat::Range,
                ColumnPick::Top {
                    desc: self.spans.iter().find_map(|s| s.cue().filter(|c| matches!(c, Cue::High | Cue::Low))) == Some(Cue::High),
                },
            )
        } else if !spread.is_empty() && ranked {
            (ColumnStat::StdDev, ColumnPick::Top { desc: most })
        } else if !range.is_empty() && ranked {
            (ColumnStat::Range, ColumnPick::Top { desc: most })
        } else if let (Some((_, n)), Some(i)) = (number, op_at) {
            // "values above 50": some value is; "all values above 50": the smallest is.
            let Some(Cue::Op(op)) = self.spans[i].cue() else { return Ok(None) };
            let every = self.all_word();
            let func = match (op, every) {
                (CmpOp::Gt | CmpOp::Ge, false) | (CmpOp::Lt | CmpOp::Le, true) => AggFn::Max,
                (CmpOp::Lt | CmpOp::Le, false) | (CmpOp::Gt | CmpOp::Ge, true) => AggFn::Min,
                _ => return Ok(None),
            };
            (ColumnStat::Agg(func), ColumnPick::Where { op, value: n })
        } else if ranked {
            match agg {
                Some(f @ (AggFn::Avg | AggFn::Sum | AggFn::Median)) => (ColumnStat::Agg(f), ColumnPick::Top { desc: most }),
                Some(AggFn::Min) => (ColumnStat::Agg(AggFn::Min), ColumnPick::Top { desc: most }),
                // "the highest value", "the lowest value": of each column its extreme.
                _ => (ColumnStat::Agg(if least { AggFn::Min } else { AggFn::Max }), ColumnPick::Top { desc: most }),
            }
        } else if columns_word.is_some() && named.is_empty() && number.is_none() {
            // "What columns does this table have?": every column (each has 0 values or more).
            (ColumnStat::Present, ColumnPick::Where { op: CmpOp::Ge, value: 0.0 })
        } else {
            return Ok(None);
        };
        // The comparison is the columns' test, not a condition on rows.
        if let (ColumnPick::Where { value, .. }, Some((j, n)), Some(i)) = (pick, number, op_at) {
            if value == n {
                self.spans[i].used = true;
                self.spans[j].used = true;
            }
        }
        let conds = self.conditions()?;
        let filter = self.combine(&conds)?;
        let filtered: Vec<String> = filter.as_ref().map(|f| f.conds().iter().map(|(r, _, _)| r.0.clone()).collect()).unwrap_or_default();
        // Counts of cells are asked of every column; a zero or a threshold of every number column
        // (ids and flags too); a ranking by a statistic of the measures only.
        let candidate = |f: usize| {
            let fi = &self.cat.fields[f];
            let real = fi.composed.is_none() && !fi.derived() && !filtered.contains(&fi.name);
            let measure = self.column_measure(f);
            real && match (stat, pick) {
                (ColumnStat::Missing | ColumnStat::Present | ColumnStat::Distinct, _) => true,
                (ColumnStat::Zeros, _) | (_, ColumnPick::Where { .. }) => (self.is_numeric(f) || fi.yes_no()) && !fi.yearly,
                _ => measure,
            }
        };
        // "Which month…" over a column per month: the months only (not an "Annual" total beside them).
        let months_said = columns_word.is_some_and(|c| crate::query::lang::MONTH_NOUNS.contains(&folds[c].as_str()));
        let month_column = |f: usize| crate::query::lang::names_month(&crate::query::text::fold(&self.cat.fields[f].name));
        let mut columns: Vec<usize> = if named.is_empty() {
            (0..self.cat.fields.len()).filter(|&f| candidate(f) && (!months_said || month_column(f))).collect()
        } else {
            named.clone()
        };
        columns.dedup();
        if columns.len() < 2 || columns.iter().any(|&f| !candidate(f)) {
            return Ok(None);
        }
        for i in columns_word.into_iter().chain(missing).chain(spread).chain(range).chain(zero) {
            self.spans[i].used = true;
        }
        for (span, fold) in self.spans.iter_mut().zip(&folds) {
            if span.tag == Tag::Unknown && STAT_FILLER.contains(&fold.as_str()) {
                span.used = true;
            }
            if span.cue() == Some(Cue::Not) && no_data {
                span.used = true;
            }
        }
        Ok(Some(self.exact(Plan::ColumnStats {
            stat,
            columns: columns.into_iter().map(|f| self.fref(f)).collect(),
            filter,
            pick,
            implied: false,
        })))
    }

    /// "Was more pork than beef produced in 2020?", "Is the average X higher than the average Y?":
    /// two measures compared, asked yes or no; the first named is tested as the top.
    pub(super) fn two_columns_compared(&mut self) -> R<Option<Understanding>> {
        const THAN: &[&str] = &["than", "que", "als"];
        const MEASURE_VERBS: &[&str] = &[
            "produced",
            "generated",
            "made",
            "sold",
            "consumed",
            "produjo",
            "produjeron",
            "producido",
            "generado",
            "vendido",
            "produit",
            "produida",
            "produits",
            "generat",
            "venut",
            "produziert",
            "erzeugt",
            "verkauft",
        ];
        if self.asked != Shape::Boolean {
            return Ok(None);
        }
        let folds: Vec<String> = self.spans.iter().map(|s| crate::query::text::fold(&s.raw)).collect();
        let fields: Vec<(usize, usize)> = self
            .spans
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.raw.is_empty())
            .filter_map(|(i, s)| match &s.tag {
                Tag::Field(fs) if fs.len() == 1 => Some((i, fs[0])),
                _ => None,
            })
            .collect();
        let [(i, a), (j, b)] = fields.as_slice() else { return Ok(None) };
        // "Is the tip ever higher than the bill?", "in any row": the rows compared one by one, not the columns' totals.
        const EACH_ROW: &[&str] = &[
            "any",
            "ever",
            "row",
            "rows",
            "every",
            "each",
            "all",
            "always",
            "never",
            "algun",
            "alguna",
            "alguno",
            "alguien",
            "nunca",
            "siempre",
            "cap",
            "mai",
            "sempre",
            "irgendein",
            "irgendeine",
            "jemals",
            "immer",
            "nie",
            "fila",
            "filas",
            "files",
            "zeile",
            "zeilen",
        ];
        if folds.iter().any(|w| EACH_ROW.contains(&w.as_str())) || self.has(Cue::Rows) {
            return Ok(None);
        }
        if a == b
            || !self.column_measure(*a)
            || !self.column_measure(*b)
            || self.spans.iter().any(|s| matches!(s.tag, Tag::Value(_) | Tag::Alias))
        {
            return Ok(None);
        }
        // The comparison stands between the two ("more pork than beef", "X higher than Y").
        let than = (*i + 1..*j)
            .find(|&k| THAN.contains(&folds[k].as_str()) || matches!(self.spans[k].cue(), Some(Cue::Op(CmpOp::Gt | CmpOp::Lt))));
        let Some(t) = than else { return Ok(None) };
        let op = self.spans[t].cue();
        let less = self.has(Cue::Less) || self.has(Cue::Low) || matches!(op, Some(Cue::Op(CmpOp::Lt)));
        let more = self.has(Cue::More) || self.has(Cue::High) || matches!(op, Some(Cue::Op(CmpOp::Gt)));
        if less == more {
            return Ok(None);
        }
        let named = self.agg_named().filter(|f| matches!(f, AggFn::Avg | AggFn::Sum | AggFn::Median | AggFn::Max | AggFn::Min));
        // "higher than" is the test between the columns, not a condition on rows.
        if matches!(op, Some(Cue::Op(_))) {
            self.spans[t].used = true;
        }
        for (span, fold) in self.spans.iter_mut().zip(&folds) {
            if (span.tag == Tag::Unknown || span.tag == Tag::Stop)
                && (THAN.contains(&fold.as_str()) || MEASURE_VERBS.contains(&fold.as_str()))
            {
                span.used = true;
            }
        }
        let conds = self.conditions()?;
        let filter = self.combine(&conds)?;
        self.check_contradictions(filter.as_ref())?;
        let (fa, fb) = (self.fref(*a), self.fref(*b));
        let inner = Plan::ColumnStats {
            stat: ColumnStat::Agg(named.unwrap_or(AggFn::Sum)),
            columns: vec![fa.clone(), fb],
            filter,
            pick: ColumnPick::Top { desc: more },
            implied: named.is_none(),
        };
        let value = self.cat.fields[*a].label.clone();
        Ok(Some(Understanding::Exact {
            plan: Plan::Check { inner: Box::new(inner), test: Test::Is { value } },
            confidence: self.confidence(),
        }))
    }
}
