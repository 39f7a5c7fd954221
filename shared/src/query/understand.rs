//! Tagged question → an intent with slots (a `Plan`), a meta question, a question back, or a refusal.

use serde::{Deserialize, Serialize};

use super::catalog::{Catalog, ValueHit};
use super::lang::{detect, Cue, Detected, Lang};
use super::plan::{AggFn, ChartKind, CmpOp, FieldRef, Filter, Literal, Plan, Predicate};
use super::tagger::{quoted_ranges, tag, Span, Tag};
use super::text::tokenize;
use crate::schema::ColumnType;

/// Longer questions are refused before parsing: nobody types 500 characters to ask for a count.
pub const MAX_QUESTION_CHARS: usize = 500;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MetaKind {
    Source,
    Description,
    Date,
    Title,
    Capabilities,
}

/// Why a question gets no number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    Empty,
    TooLong { chars: usize },
    Sql,
    Language { name: String },
    UnknownField { word: String, suggestions: Vec<String> },
    UnknownValue { word: String, suggestions: Vec<String> },
    TypeMismatch { field: String, ty: String, wanted: String },
    Contradiction { field: String, detail: String },
}

/// What the user must choose before the question can be answered.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Clarification {
    /// The word that was ambiguous, or None when a parameter is missing.
    pub word: Option<String>,
    /// Field names to choose from (engine names).
    pub options: Vec<String>,
    pub default: Option<String>,
    /// The span to resolve on resumption (token range), or None to add the field as the target.
    pub span: Option<(usize, usize)>,
    /// What is missing: "field", "numeric field", "category field".
    pub missing: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Understanding {
    Exact { plan: Plan, confidence: f32 },
    Meta(MetaKind),
    Clarify(Clarification),
    Refuse(Refusal),
    /// Not an exact question (or not sure enough): retrieval answers it.
    Retrieve { confidence: f32 },
}

/// Choices the user made in a clarifying sub-conversation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overrides {
    /// Token span → field index (an ambiguous word resolved).
    pub spans: Vec<((usize, usize), usize)>,
    /// A field added as the question's target (a missing parameter supplied).
    pub target: Option<usize>,
}

/// The parse of one question against one table.
#[derive(Clone, Debug)]
pub struct Parsed {
    pub lang: Lang,
    pub understanding: Understanding,
    /// How much of the question the parser recognised (picks the table when there are several).
    pub score: f32,
}

pub fn looks_like_sql(q: &str) -> bool {
    let l = q.to_lowercase();
    let words: Vec<&str> = l.split(|c: char| !c.is_alphanumeric() && c != '_').filter(|w| !w.is_empty()).collect();
    let pair = |a: &str, b: &[&str]| words.windows(2).any(|w| w[0] == a && b.contains(&w[1]));
    l.contains("--")
        || l.contains("/*")
        || (l.contains(';') && words.iter().any(|w| matches!(*w, "drop" | "delete" | "insert" | "update" | "select" | "alter" | "create" | "truncate" | "exec")))
        || pair("drop", &["table", "database", "view"])
        || pair("delete", &["from"])
        || pair("insert", &["into"])
        || pair("union", &["select", "all"])
        || (pair("select", &["from"]) && l.contains(" from "))
        || l.contains("'='")
        || l.contains("1=1")
        || l.contains("' or '")
}

/// Understands `q` against one table. `hint` biases language detection in a conversation.
pub fn understand(q: &str, cat: &Catalog, hint: Option<Lang>, ov: &Overrides) -> Parsed {
    let chars = q.chars().count();
    let refuse = |lang, r| Parsed { lang, understanding: Understanding::Refuse(r), score: 0.0 };
    if chars > MAX_QUESTION_CHARS {
        return refuse(hint.unwrap_or(Lang::En), Refusal::TooLong { chars });
    }
    let tokens = tokenize(q);
    let folds: Vec<String> = tokens.iter().map(|t| t.fold.clone()).collect();
    let lang = match detect(&folds, hint) {
        Detected::Supported(l) => l,
        Detected::Unsupported(name) => return refuse(hint.unwrap_or(Lang::En), Refusal::Language { name: name.to_string() }),
    };
    if tokens.is_empty() {
        return refuse(lang, Refusal::Empty);
    }
    if looks_like_sql(q) {
        return refuse(lang, Refusal::Sql);
    }
    let mut spans = tag(q, &tokens, lang, cat, &quoted_ranges(q));
    for ((s, e), f) in &ov.spans {
        if let Some(sp) = spans.iter_mut().find(|sp| sp.start == *s && sp.end == *e) {
            sp.tag = Tag::Field(vec![*f]);
        }
    }
    let mut p = Parser { cat, spans, lang, target_override: ov.target };
    let understanding = p.run();
    let known = p.spans.iter().filter(|s| !matches!(s.tag, Tag::Unknown | Tag::Stop)).count() as f32;
    let unknown = p.spans.iter().filter(|s| matches!(s.tag, Tag::Unknown)).count() as f32;
    let matched = p.spans.iter().filter(|s| matches!(s.tag, Tag::Field(_) | Tag::Value(_) | Tag::Group(_) | Tag::Alias)).count() as f32;
    Parsed { lang, understanding, score: matched * 2.0 + known - unknown }
}

struct Parser<'a> {
    cat: &'a Catalog,
    spans: Vec<Span>,
    lang: Lang,
    target_override: Option<usize>,
}

/// A condition and where it was found (connectors between positions decide and/or).
struct At {
    pos: usize,
    end: usize,
    filter: Filter,
    /// A plain "field = value" from a named value (compare and lookup read these).
    eq_value: Option<(usize, String)>,
}

enum Fail {
    Clarify(Clarification),
    Refuse(Refusal),
}

type R<T> = Result<T, Fail>;

impl Parser<'_> {
    fn has(&self, c: Cue) -> bool {
        self.spans.iter().any(|s| s.cue() == Some(c))
    }
    fn pos(&self, c: Cue) -> Option<usize> {
        self.spans.iter().position(|s| s.cue() == Some(c))
    }
    fn next_content(&self, i: usize) -> Option<usize> {
        (i + 1..self.spans.len()).find(|&j| !matches!(self.spans[j].tag, Tag::Stop))
    }
    fn prev_content(&self, i: usize) -> Option<usize> {
        (0..i).rev().find(|&j| !matches!(self.spans[j].tag, Tag::Stop))
    }
    fn field(&self, i: usize) -> R<Option<usize>> {
        match &self.spans[i].tag {
            Tag::Field(fs) if fs.len() == 1 => Ok(Some(fs[0])),
            Tag::Field(fs) => Err(Fail::Clarify(Clarification {
                word: Some(self.spans[i].raw.clone()),
                options: fs.iter().map(|&f| self.cat.fields[f].name.clone()).collect(),
                default: None,
                span: Some((self.spans[i].start, self.spans[i].end)),
                missing: None,
            })),
            Tag::Group(g) => {
                let group = &self.cat.groups[*g];
                let mut options: Vec<String> = group.members.iter().map(|&f| self.cat.fields[f].name.clone()).collect();
                let default = group.default.map(|d| self.cat.fields[d].name.clone());
                if let Some(d) = &default {
                    options.retain(|o| o != d);
                    options.insert(0, d.clone());
                }
                Err(Fail::Clarify(Clarification { word: Some(self.spans[i].raw.clone()), options, default, span: Some((self.spans[i].start, self.spans[i].end)), missing: None }))
            }
            _ => Ok(None),
        }
    }
    fn fref(&self, f: usize) -> FieldRef {
        FieldRef(self.cat.fields[f].name.clone())
    }
    fn is_numeric(&self, f: usize) -> bool {
        self.cat.fields[f].ty.is_numeric()
    }
    fn is_date(&self, f: usize) -> bool {
        matches!(self.cat.fields[f].ty, ColumnType::Date | ColumnType::Datetime)
    }

    fn run(&mut self) -> Understanding {
        match self.interpret() {
            Ok(u) => u,
            Err(Fail::Clarify(c)) => Understanding::Clarify(c),
            Err(Fail::Refuse(r)) => Understanding::Refuse(r),
        }
    }

    fn interpret(&mut self) -> R<Understanding> {
        let any_content = self.spans.iter().any(|s| matches!(s.tag, Tag::Field(_) | Tag::Value(_) | Tag::Group(_) | Tag::Number(_) | Tag::Date(_) | Tag::Quoted(_)));
        // Meta questions about the dataset itself.
        if self.has(Cue::Help) && !any_content {
            return Ok(Understanding::Meta(MetaKind::Capabilities));
        }
        if !any_content || (self.has(Cue::Dataset) && !self.spans.iter().any(|s| matches!(s.tag, Tag::Field(_) | Tag::Value(_)))) {
            for (cue, kind) in [(Cue::Source, MetaKind::Source), (Cue::Title, MetaKind::Title), (Cue::DataDate, MetaKind::Date), (Cue::Description, MetaKind::Description)] {
                if self.has(cue) && !self.has(Cue::HowMany) {
                    return Ok(Understanding::Meta(kind));
                }
            }
        }
        if self.has(Cue::Columns) && self.has(Cue::HowMany) && !self.spans.iter().any(|s| matches!(s.tag, Tag::Value(_))) {
            return Ok(self.exact(Plan::Columns));
        }
        let conds = self.conditions()?;
        let by = self.group_by()?;
        let targets = self.targets()?;
        let filter = self.combine(&conds)?;
        self.check_contradictions(filter.as_ref())?;
        let numeric_targets: Vec<usize> = targets.iter().copied().filter(|&f| self.is_numeric(f)).collect();
        let agg = [(Cue::Avg, AggFn::Avg), (Cue::Sum, AggFn::Sum), (Cue::Median, AggFn::Median), (Cue::Min, AggFn::Min), (Cue::Max, AggFn::Max)]
            .into_iter()
            .filter_map(|(c, a)| self.pos(c).map(|p| (p, a)))
            .min_by_key(|(p, _)| *p)
            .map(|(_, a)| a);
        let alias = self.spans.iter().any(|s| s.tag == Tag::Alias);
        let who = self.has(Cue::Who) || self.has(Cue::Which) || self.has(Cue::List);
        let high = self.has(Cue::High) || self.has(Cue::Top);
        let low = self.has(Cue::Low) || self.has(Cue::Bottom);
        let n = self.rank_n();

        // Share of rows.
        if self.has(Cue::Share) {
            let base = self.share_base(&conds)?;
            let Some(f) = filter.clone() else {
                return Err(self.missing_value());
            };
            let (f, base) = match base {
                Some(b) => (self.combine_without(&conds, b.0)?.unwrap_or(f), Some(b.1)),
                None => (f, None),
            };
            return Ok(self.exact(Plan::Share { filter: f, base }));
        }
        // "Are there more women or men?"
        if (self.has(Cue::More) || self.has(Cue::High)) && self.has(Cue::Or) {
            let vals: Vec<&(usize, String)> = conds.iter().filter_map(|c| c.eq_value.as_ref()).collect();
            if vals.len() >= 2 && vals.iter().all(|(f, _)| *f == vals[0].0) {
                let field = vals[0].0;
                let rest: Vec<&At> = conds.iter().filter(|c| c.eq_value.as_ref().is_none_or(|(f, _)| *f != field)).collect();
                let filter = self.combine(&rest.into_iter().map(|a| At { pos: a.pos, end: a.end, filter: a.filter.clone(), eq_value: None }).collect::<Vec<_>>())?;
                return Ok(self.exact(Plan::Compare { field: self.fref(field), values: vals.iter().map(|(_, v)| v.clone()).collect(), filter }));
            }
        }
        if self.has(Cue::Versus) && numeric_targets.len() >= 2 {
            return Ok(self.exact(Plan::Scatter { x: self.fref(numeric_targets[0]), y: self.fref(numeric_targets[1]), label: self.cat.label.map(|l| self.fref(l)), filter }));
        }
        if self.has(Cue::Distribution) {
            let Some(&f) = numeric_targets.first() else { return Err(self.missing(Some(true))) };
            return Ok(self.exact(Plan::Distribution { field: self.fref(f), filter }));
        }
        // Grouped aggregates: "average horsepower per origin".
        if let Some(by) = by {
            if !(high || low) || agg.is_some() || self.has(Cue::HowMany) {
                let func = agg.unwrap_or(AggFn::Count);
                let field = match func {
                    AggFn::Count => None,
                    _ => match numeric_targets.first() {
                        Some(&f) => Some(self.fref(f)),
                        None => return Err(self.unknown_field_or_missing(Some(true))),
                    },
                };
                let chart = if self.is_date(by) || self.cat.fields[by].yearly { ChartKind::Line } else { ChartKind::Bar };
                return Ok(self.exact(Plan::Group { func, field, by: self.fref(by), filter, chart }));
            }
        }
        // Rankings: "the three cars with the highest horsepower", "top 5 by weight".
        let rank_field = numeric_targets.first().copied().or(by.filter(|&b| self.is_numeric(b) || self.is_date(b))).or_else(|| targets.iter().copied().find(|&f| self.is_date(f)));
        let ranking = (self.has(Cue::Top) || self.has(Cue::Bottom))
            || ((high || low || agg == Some(AggFn::Max) || agg == Some(AggFn::Min)) && (alias || self.label_named(&targets) || self.has(Cue::Who) || n.is_some()) && agg != Some(AggFn::Avg) && agg != Some(AggFn::Sum) && agg != Some(AggFn::Median));
        if ranking && !self.has(Cue::Most) && !self.has(Cue::Least) {
            let desc = !(self.has(Cue::Bottom) || (low && !self.has(Cue::Top)) || (agg == Some(AggFn::Min) && !high));
            let Some(field) = rank_field else {
                let categorical = targets.iter().copied().find(|&f| self.cat.fields[f].categorical);
                if let Some(c) = categorical {
                    return Ok(self.exact(Plan::Frequent { field: self.fref(c), most: desc, filter }));
                }
                return Err(self.unknown_field_or_missing(Some(true)));
            };
            let label = self.cat.label.filter(|&l| l != field).map(|l| self.fref(l));
            return Ok(self.exact(Plan::Rank { field: self.fref(field), n: n.unwrap_or(1), desc, label, filter }));
        }
        if let Some(func) = agg {
            let Some(&field) = numeric_targets.first().or(targets.iter().find(|&&f| self.is_date(f) && matches!(func, AggFn::Min | AggFn::Max))) else {
                if let Some(&t) = targets.first() {
                    return Err(Fail::Refuse(Refusal::TypeMismatch { field: self.cat.fields[t].name.clone(), ty: self.cat.fields[t].ty.as_str().into(), wanted: "number".into() }));
                }
                return Err(self.unknown_field_or_missing(Some(true)));
            };
            return Ok(self.exact(Plan::Aggregate { func, field: self.fref(field), filter }));
        }
        if self.has(Cue::Most) || self.has(Cue::Least) || ((high || low) && !targets.is_empty()) {
            let most = self.has(Cue::Most) || (!self.has(Cue::Least) && high);
            if let Some(&f) = targets.iter().find(|&&f| !self.is_numeric(f) || self.cat.fields[f].categorical).or(targets.first()) {
                if self.has(Cue::Most) || self.has(Cue::Least) || !self.is_numeric(f) || self.cat.fields[f].categorical {
                    return Ok(self.exact(Plan::Frequent { field: self.fref(f), most, filter }));
                }
                let func = if most { AggFn::Max } else { AggFn::Min };
                return Ok(self.exact(Plan::Aggregate { func, field: self.fref(f), filter }));
            }
            return Err(self.unknown_field_or_missing(None));
        }
        if self.has(Cue::HowMany) {
            if self.has(Cue::Distinct) || (!alias && !targets.is_empty() && !self.has(Cue::Rows)) {
                if let Some(&f) = targets.first() {
                    return Ok(self.exact(Plan::DistinctCount { field: self.fref(f), filter }));
                }
                if self.has(Cue::Distinct) {
                    return Err(self.unknown_field_or_missing(Some(false)));
                }
            }
            if filter.is_none() {
                if let Some(r) = self.unknown_value() {
                    return Err(Fail::Refuse(r));
                }
            }
            return Ok(self.exact(Plan::Count { filter }));
        }
        if (self.has(Cue::Distinct) || self.has(Cue::Values)) && !targets.is_empty() {
            return Ok(self.exact(Plan::DistinctValues { field: self.fref(targets[0]), filter }));
        }
        // Lookups: a field of the row named by an identifying value.
        let identifying = conds.iter().any(|c| c.eq_value.as_ref().is_some_and(|(f, _)| self.identifies(*f)));
        if identifying {
            if let Some(&t) = targets.first() {
                let key = filter.clone().expect("an identifying condition");
                return Ok(Understanding::Exact { plan: Plan::Lookup { field: self.fref(t), key }, confidence: self.confidence() });
            }
            return Ok(Understanding::Exact { plan: Plan::List { filter, label: None }, confidence: self.confidence() * 0.9 });
        }
        if filter.is_some() && (who || self.has(Cue::What) || alias) {
            if let (Some(&t), true) = (targets.first(), !who || self.has(Cue::What)) {
                if self.cat.fields[t].categorical || !self.label_named(&targets) {
                    return Ok(self.exact(Plan::DistinctValues { field: self.fref(t), filter }));
                }
            }
            return Ok(self.exact(Plan::List { filter, label: self.cat.label.map(|l| self.fref(l)) }));
        }
        if (who || self.has(Cue::What)) && targets.len() == 1 && self.cat.fields[targets[0]].categorical {
            return Ok(self.exact(Plan::DistinctValues { field: self.fref(targets[0]), filter }));
        }
        if let Some(r) = self.unknown_value() {
            if who || self.has(Cue::What) {
                return Err(Fail::Refuse(r));
            }
        }
        Ok(Understanding::Retrieve { confidence: 0.3 })
    }

    fn exact(&self, plan: Plan) -> Understanding {
        Understanding::Exact { plan, confidence: self.confidence() }
    }

    fn confidence(&self) -> f32 {
        let unknown = self.spans.iter().filter(|s| matches!(s.tag, Tag::Unknown)).count() as f32;
        (0.95 - 0.12 * unknown).max(0.1)
    }

    /// A field that names rows (lookups answer from one row).
    fn identifies(&self, f: usize) -> bool {
        let fi = &self.cat.fields[f];
        Some(f) == self.cat.label || fi.ty == ColumnType::Identifier || (!fi.categorical && fi.distinct * 2 >= self.cat.rows)
    }

    fn label_named(&self, targets: &[usize]) -> bool {
        self.cat.label.is_some_and(|l| targets.contains(&l))
    }

    fn rank_n(&self) -> Option<u32> {
        for (i, s) in self.spans.iter().enumerate() {
            if let Tag::Number(n) = s.tag {
                if s.used || n.fract() != 0.0 || !(1.0..=1000.0).contains(&n) {
                    continue;
                }
                let before = self.prev_content(i).and_then(|j| self.spans[j].cue());
                let after = self.next_content(i).map(|j| &self.spans[j].tag);
                let near_rank = matches!(before, Some(Cue::Top | Cue::Bottom | Cue::Which | Cue::Who | Cue::List | Cue::What))
                    || matches!(after, Some(Tag::Cue(Cue::High | Cue::Low | Cue::Max | Cue::Min)) | Some(Tag::Alias));
                if near_rank {
                    return Some(n as u32);
                }
            }
        }
        None
    }

    /// Builds conditions from operators, years, "N field" pairs and named values, marking what they use.
    fn conditions(&mut self) -> R<Vec<At>> {
        let mut out = Vec::new();
        // 1. Operators.
        for i in 0..self.spans.len() {
            let Some(cue) = self.spans[i].cue() else { continue };
            if self.spans[i].used || !matches!(cue, Cue::Op(_) | Cue::Between | Cue::Contains | Cue::StartsWith) {
                continue;
            }
            let neg_at = self.prev_content(i).filter(|&j| self.spans[j].cue() == Some(Cue::Not));
            let Some(a) = self.next_content(i) else { continue };
            let mut end = a;
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
            let field = self.operator_field(i, a, end)?;
            let Some(field) = field else {
                if matches!(self.spans[a].tag, Tag::Number(_)) {
                    return Err(self.missing(Some(true)));
                }
                continue;
            };
            let pred = match cue {
                Cue::Op(op) => {
                    let lit = self.literal(field, a)?;
                    self.year_aware(field, op, lit)
                }
                Cue::Between => {
                    let lo = self.literal(field, a)?;
                    let hi = self.literal(field, b_idx.expect("between has two ends"))?;
                    match (self.year_bounds(field, &lo), self.year_bounds(field, &hi)) {
                        (Some((lo, _)), Some((_, hi))) => Predicate::Between(lo, hi),
                        _ => Predicate::Between(lo, hi),
                    }
                }
                Cue::Contains | Cue::StartsWith => {
                    let fi = &self.cat.fields[field];
                    if fi.ty.is_numeric() || matches!(fi.ty, ColumnType::Boolean) {
                        return Err(Fail::Refuse(Refusal::TypeMismatch { field: fi.name.clone(), ty: fi.ty.as_str().into(), wanted: "text".into() }));
                    }
                    let text = strip_quotes(&self.spans[a].raw);
                    if cue == Cue::Contains { Predicate::Contains(text) } else { Predicate::StartsWith(text) }
                }
                _ => unreachable!("filtered above"),
            };
            for k in [Some(i), Some(a), b_idx, neg_at].into_iter().flatten() {
                self.spans[k].used = true;
            }
            out.push(At { pos: neg_at.unwrap_or(i).min(i), end, filter: Filter::Cond { field: self.fref(field), pred, negated: neg_at.is_some() }, eq_value: None });
        }
        // 2. Years: "in 1975", "en 2014", "im Jahr 2014".
        for i in 0..self.spans.len() {
            let Tag::Number(y) = self.spans[i].tag else { continue };
            if self.spans[i].used || y.fract() != 0.0 || !(1000.0..=2999.0).contains(&y) {
                continue;
            }
            let prev = self.prev_content(i);
            let after_in = prev.is_some_and(|j| matches!(self.spans[j].cue(), Some(Cue::In | Cue::Of)));
            let after_field = prev.and_then(|j| match &self.spans[j].tag {
                Tag::Field(fs) if fs.len() == 1 && (self.is_date(fs[0]) || self.cat.fields[fs[0]].yearly) => Some((j, fs[0])),
                _ => None,
            });
            let field = match after_field {
                Some((j, f)) => {
                    self.spans[j].used = true;
                    Some(f)
                }
                None if after_in => self.unique(|f| self.is_date(f) || self.cat.fields[f].yearly),
                None => None,
            };
            let Some(field) = field else { continue };
            self.spans[i].used = true;
            let pred = if self.is_date(field) { Predicate::Year(y as i32) } else { Predicate::Cmp(CmpOp::Eq, Literal::Number(y)) };
            out.push(At { pos: prev.unwrap_or(i), end: i, filter: Filter::Cond { field: self.fref(field), pred, negated: false }, eq_value: None });
        }
        // 3. "8 cylinders", "cylinders 8".
        for i in 0..self.spans.len() {
            let Tag::Number(n) = self.spans[i].tag else { continue };
            if self.spans[i].used {
                continue;
            }
            let prev_cue = self.prev_content(i).and_then(|j| self.spans[j].cue());
            if matches!(prev_cue, Some(Cue::Top | Cue::Bottom | Cue::Which | Cue::Who | Cue::List | Cue::What | Cue::High | Cue::Low)) {
                continue;
            }
            let Some(j) = self.next_content(i) else { continue };
            let Tag::Field(fs) = &self.spans[j].tag else { continue };
            if fs.len() != 1 || !self.is_numeric(fs[0]) || self.spans[j].used {
                continue;
            }
            let f = fs[0];
            if self.next_content(j).is_some_and(|k| matches!(self.spans[k].cue(), Some(Cue::High | Cue::Low))) {
                continue;
            }
            self.spans[i].used = true;
            self.spans[j].used = true;
            let neg = self.prev_content(i).filter(|&k| self.spans[k].cue() == Some(Cue::Not));
            out.push(At { pos: i, end: j, filter: Filter::Cond { field: self.fref(f), pred: Predicate::Cmp(CmpOp::Eq, Literal::Number(n)), negated: neg.is_some() }, eq_value: None });
        }
        // 4. Values named without their field ("women", "Latino", "ford torino").
        for i in 0..self.spans.len() {
            let Tag::Value(hits) = self.spans[i].tag.clone() else { continue };
            if self.spans[i].used {
                continue;
            }
            let hit = self.pick_hit(i, &hits);
            self.spans[i].used = true;
            let mut pos = i;
            let mut negated = false;
            if let Some(k) = self.prev_content(i) {
                if self.spans[k].cue() == Some(Cue::Not) || self.spans[k].cue() == Some(Cue::Op(CmpOp::Ne)) {
                    negated = true;
                    self.spans[k].used = true;
                    pos = k;
                } else if self.spans[k].cue() == Some(Cue::Op(CmpOp::Eq)) {
                    self.spans[k].used = true;
                }
            }
            let lit = self.value_literal(hit.field, &hit.value);
            out.push(At {
                pos,
                end: i,
                filter: Filter::Cond { field: self.fref(hit.field), pred: Predicate::Cmp(CmpOp::Eq, lit), negated },
                eq_value: (!negated).then(|| (hit.field, hit.value.clone())),
            });
        }
        out.sort_by_key(|a| a.pos);
        Ok(out)
    }

    fn value_literal(&self, f: usize, v: &str) -> Literal {
        match self.cat.fields[f].ty {
            ColumnType::Boolean => Literal::Bool(crate::schema::values::parse_bool(v).unwrap_or(false)),
            _ => Literal::Text(v.to_string()),
        }
    }

    /// The hit for a named value: in a field the question also names, else the most common reading.
    fn pick_hit(&mut self, i: usize, hits: &[ValueHit]) -> ValueHit {
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
                let adjacent = self.next_content(j) == Some(i) || self.prev_content(i).is_some_and(|k| self.prev_content(k) == Some(j) && matches!(self.spans[k].cue(), Some(Cue::Op(CmpOp::Eq)) | Some(Cue::Of) | Some(Cue::In)))
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
    fn operator_field(&mut self, op: usize, a: usize, end: usize) -> R<Option<usize>> {
        let mut k = op;
        let mut steps = 0;
        while let Some(j) = self.prev_content(k) {
            match &self.spans[j].tag {
                Tag::Field(_) | Tag::Group(_) => {
                    let f = self.field(j)?;
                    self.spans[j].used = true;
                    return Ok(f);
                }
                Tag::Cue(Cue::Not | Cue::Of | Cue::In | Cue::What | Cue::Which | Cue::Who) | Tag::Alias => {}
                Tag::Cue(Cue::And | Cue::Or) | Tag::Cue(Cue::Op(_)) | Tag::Cue(Cue::Between) => break,
                _ => {
                    steps += 1;
                }
            }
            steps += 1;
            if steps > 3 {
                break;
            }
            k = j;
        }
        if let Some(j) = self.next_content(end) {
            if matches!(self.spans[j].tag, Tag::Field(_) | Tag::Group(_)) {
                let f = self.field(j)?;
                self.spans[j].used = true;
                return Ok(f);
            }
        }
        match &self.spans[a].tag {
            Tag::Date(_) => Ok(self.unique(|f| self.is_date(f))),
            Tag::Value(hits) => Ok(Some(hits[0].field)),
            _ => Ok(None),
        }
    }

    fn unique(&self, pred: impl Fn(usize) -> bool) -> Option<usize> {
        let fs: Vec<usize> = (0..self.cat.fields.len()).filter(|&f| pred(f) && self.cat.fields[f].composed.is_none()).collect();
        (fs.len() == 1).then(|| fs[0])
    }

    /// The operand at span `a` as a literal of field `f`'s type, or a refusal explaining the mismatch.
    fn literal(&self, f: usize, a: usize) -> R<Literal> {
        let fi = &self.cat.fields[f];
        let mismatch = |wanted: &str| Fail::Refuse(Refusal::TypeMismatch { field: fi.name.clone(), ty: fi.ty.as_str().into(), wanted: wanted.into() });
        match (&self.spans[a].tag, fi.ty) {
            (Tag::Number(n), t) if t.is_numeric() => Ok(Literal::Number(*n)),
            (Tag::Number(n), ColumnType::Date | ColumnType::Datetime) if n.fract() == 0.0 && (1000.0..=2999.0).contains(n) => Ok(Literal::Number(*n)),
            (Tag::Date(d), ColumnType::Date | ColumnType::Datetime) => Ok(Literal::Date(d.clone())),
            (Tag::Number(_) | Tag::Date(_), _) => Err(mismatch("number")),
            (Tag::Value(hits), t) if !t.is_numeric() => Ok(self.value_literal(f, &hits.iter().find(|h| h.field == f).unwrap_or(&hits[0]).value)),
            (_, t) if t.is_numeric() => Err(mismatch("text")),
            _ => Ok(Literal::Text(strip_quotes(&self.spans[a].raw))),
        }
    }

    /// Comparisons with a bare year on a date column compare with that year's first or last day.
    fn year_aware(&self, f: usize, op: CmpOp, lit: Literal) -> Predicate {
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

    fn year_bounds(&self, f: usize, lit: &Literal) -> Option<(Literal, Literal)> {
        match (self.is_date(f), lit) {
            (true, Literal::Number(y)) => Some((Literal::Date(format!("{:04}-01-01", *y as i32)), Literal::Date(format!("{:04}-12-31", *y as i32)))),
            _ => None,
        }
    }

    /// "per origin", "por origen", "pro Herkunft": the field after a grouping word.
    fn group_by(&mut self) -> R<Option<usize>> {
        for i in 0..self.spans.len() {
            if self.spans[i].cue() != Some(Cue::Per) || self.spans[i].used {
                continue;
            }
            let Some(j) = self.next_content(i) else { continue };
            if self.spans[j].used {
                continue;
            }
            if matches!(self.spans[j].tag, Tag::Field(_) | Tag::Group(_)) {
                let f = self.field(j)?;
                self.spans[i].used = true;
                self.spans[j].used = true;
                return Ok(f);
            }
        }
        Ok(None)
    }

    /// Fields the question asks about (not used by a condition); a supplied field comes first.
    fn targets(&mut self) -> R<Vec<usize>> {
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

    /// And/or between conditions: "or" splits, "and" (or nothing) joins; one field's values join by "or".
    fn combine(&self, conds: &[At]) -> R<Option<Filter>> {
        if conds.is_empty() {
            return Ok(None);
        }
        let mut groups: Vec<Vec<&At>> = vec![vec![&conds[0]]];
        for w in conds.windows(2) {
            let between = &self.spans[w[0].end + 1..w[1].pos.max(w[0].end + 1)];
            let or = between.iter().any(|s| s.cue() == Some(Cue::Or));
            let explicit_and = between.iter().any(|s| s.cue() == Some(Cue::And));
            let same_field_values = matches!((&w[0].eq_value, &w[1].eq_value), (Some((a, _)), Some((b, _))) if a == b);
            if same_field_values && explicit_and && !or {
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
        let ors: Vec<Filter> = groups
            .into_iter()
            .map(|g| Filter::and(g.into_iter().map(|a| a.filter.clone()).collect()).expect("non-empty group"))
            .collect();
        Ok(if ors.len() == 1 { ors.into_iter().next() } else { Some(Filter::Or(ors)) })
    }

    fn combine_without(&self, conds: &[At], skip: usize) -> R<Option<Filter>> {
        let kept: Vec<At> = conds.iter().enumerate().filter(|(i, _)| *i != skip).map(|(_, a)| At { pos: a.pos, end: a.end, filter: a.filter.clone(), eq_value: a.eq_value.clone() }).collect();
        self.combine(&kept)
    }

    /// "what percentage of women were Latino": the condition right after "of"/"among" is the base.
    fn share_base(&self, conds: &[At]) -> R<Option<(usize, Filter)>> {
        if conds.len() < 2 {
            return Ok(None);
        }
        for (ci, c) in conds.iter().enumerate() {
            let Some(k) = self.prev_content(c.pos) else { continue };
            let k = if matches!(self.spans[k].tag, Tag::Alias) { self.prev_content(k).unwrap_or(k) } else { k };
            if matches!(self.spans[k].cue(), Some(Cue::Of)) && self.prev_content(k).is_some_and(|s| self.spans[s].cue() == Some(Cue::Share)) {
                return Ok(Some((ci, c.filter.clone())));
            }
        }
        Ok(None)
    }

    fn check_contradictions(&self, f: Option<&Filter>) -> R<()> {
        let Some(Filter::And(parts)) = f else { return Ok(()) };
        let mut lo: std::collections::HashMap<&str, f64> = Default::default();
        let mut hi: std::collections::HashMap<&str, f64> = Default::default();
        for p in parts {
            let Filter::Cond { field, pred, negated: false } = p else { continue };
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

    fn missing(&self, numeric: Option<bool>) -> Fail {
        let options: Vec<String> = self
            .cat
            .fields
            .iter()
            .filter(|f| match numeric {
                Some(true) => f.ty.is_numeric(),
                Some(false) => f.categorical,
                None => true,
            })
            .map(|f| f.name.clone())
            .collect();
        let missing = match numeric {
            Some(true) => "numeric field",
            Some(false) => "category field",
            None => "field",
        };
        Fail::Clarify(Clarification { word: None, options, default: None, span: None, missing: Some(missing.into()) })
    }

    fn missing_value(&self) -> Fail {
        match self.unknown_value() {
            Some(r) => Fail::Refuse(r),
            None => self.missing(Some(false)),
        }
    }

    /// An aggregate without a field: an unknown word there is a column we do not have; else ask.
    fn unknown_field_or_missing(&self, numeric: Option<bool>) -> Fail {
        let words: Vec<&Span> = self.spans.iter().filter(|s| matches!(s.tag, Tag::Unknown) && s.raw.chars().any(char::is_alphabetic)).collect();
        if let Some(w) = words.first() {
            let word = words.iter().map(|s| s.raw.as_str()).collect::<Vec<_>>().join(" ");
            let folded = super::text::fold(&w.raw);
            let mut scored: Vec<(f64, &str)> = self
                .cat
                .fields
                .iter()
                .map(|f| {
                    let s = f.names.iter().map(|n| strsim::normalized_levenshtein(&n.join(" "), &folded)).fold(0.0, f64::max);
                    (s, f.name.as_str())
                })
                .filter(|(s, _)| *s >= 0.4)
                .collect();
            scored.sort_by(|a, b| b.0.total_cmp(&a.0));
            let suggestions = scored.into_iter().take(3).map(|(_, n)| n.to_string()).collect();
            return Fail::Refuse(Refusal::UnknownField { word, suggestions });
        }
        self.missing(numeric)
    }

    /// A word that reads like a value ("in Paris", a capitalised name, quoted text) but is in no column.
    fn unknown_value(&self) -> Option<Refusal> {
        for (i, s) in self.spans.iter().enumerate() {
            let candidate = match &s.tag {
                Tag::Quoted(_) => !s.used,
                Tag::Unknown => {
                    let after_prep = self.prev_content(i).is_some_and(|k| matches!(self.spans[k].cue(), Some(Cue::In | Cue::Of)));
                    let capital = i > 0 && s.raw.chars().next().is_some_and(char::is_uppercase);
                    (after_prep || capital) && s.raw.chars().any(char::is_alphabetic)
                }
                _ => false,
            };
            if !candidate {
                continue;
            }
            let word = strip_quotes(&s.raw);
            let folded = super::text::fold(&word);
            let mut scored: Vec<(f64, String)> = self
                .cat
                .values
                .iter()
                .map(|(k, hits)| (strsim::normalized_levenshtein(k, &folded), hits[0].value.clone()))
                .filter(|(sc, _)| *sc >= 0.6)
                .collect();
            scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            return Some(Refusal::UnknownValue { word, suggestions: scored.into_iter().take(3).map(|(_, v)| v).collect() });
        }
        None
    }
}

fn strip_quotes(s: &str) -> String {
    s.trim().trim_matches(|c| matches!(c, '"' | '\'' | '«' | '»' | '“' | '”' | '‘' | '’' | '„')).to_string()
}
