//! The contract an exact answer must meet: every content word of the question is placed in the
//! plan (a field it reads, a value it filters by, a number it uses, an intent word it computes),
//! and the plan's answer has the shape the words ask for. Anything less is not called exact.

use super::catalog::Catalog;
use super::lang::Cue;
use super::plan::{AggFn, CmpOp, ColumnPick, ColumnStat, CompareAsk, Filter, Plan, Predicate, Test};
use super::shape::Shape;
use super::tagger::{Span, Tag};

/// The shape of answer a plan computes.
pub fn plan_shape(plan: &Plan, cat: &Catalog) -> Shape {
    match plan {
        Plan::Check { .. } => Shape::Boolean,
        Plan::Each { parts } => Shape::List { n: Some(parts.len() as u32) },
        Plan::Nth { inner, .. } => match inner.as_ref() {
            Plan::Rank { label: Some(_), values: false, .. } | Plan::GroupTop { .. } => Shape::Category,
            _ => Shape::Number,
        },
        Plan::Count { .. } | Plan::Columns | Plan::DistinctCount { .. } | Plan::Aggregate { .. } | Plan::Share { .. } => Shape::Number,
        Plan::Compare { ask: CompareAsk::Each, values, .. } => Shape::List { n: Some(values.len() as u32) },
        Plan::LookupFields { fields, .. } => Shape::List { n: Some(fields.len() as u32) },
        Plan::Compare { ask: CompareAsk::Difference, .. } => Shape::Number,
        Plan::Frequent { .. } | Plan::Compare { .. } => Shape::Category,
        Plan::Lookup { field, .. } => match cat.field(&field.0) {
            Some(f) if cat.fields[f].ty.is_numeric() => Shape::Number,
            _ => Shape::Category,
        },
        Plan::Rank { n, label, values, .. } => match (n, label.is_some() && !values) {
            (1, true) => Shape::Category,
            (1, false) => Shape::Number,
            (n, _) => Shape::List { n: Some(*n) },
        },
        Plan::GroupWhere { count: true, .. } => Shape::Number,
        Plan::GroupWhere { .. } | Plan::ColumnStats { pick: ColumnPick::Where { .. }, .. } => Shape::List { n: None },
        Plan::ColumnStats { .. } => Shape::Category,
        Plan::GroupTop { n: 1, .. } => Shape::Category,
        Plan::GroupTop { n, .. } => Shape::List { n: Some(*n) },
        // A scatter plot's value is its correlation.
        Plan::Scatter { .. } => Shape::Number,
        Plan::DistinctValues { .. } | Plan::List { .. } | Plan::Group { .. } | Plan::Distribution { .. } => Shape::List { n: None },
    }
}

/// Whether a plan of shape `got` answers a question asking for `asked`.
pub fn fits(asked: Shape, got: Shape, plan: &Plan) -> bool {
    match (asked, got) {
        (Shape::Boolean, g) | (g, Shape::Boolean) => g == Shape::Boolean && asked == got,
        (Shape::Open, _) => true,
        // "How many cars per origin?" is one number per group.
        (Shape::Number, Shape::Number) => true,
        // "How many people were 17, 18 and 19?" is one number per value.
        // "How many bills in the 103rd and in the 104th Congress?" is one number per field named.
        (Shape::Number, _) => matches!(plan, Plan::Group { .. } | Plan::Compare { ask: CompareAsk::Each, .. } | Plan::LookupFields { .. }),
        (Shape::Category, Shape::Category | Shape::List { .. }) => true,
        (Shape::Category, _) => false,
        (Shape::List { n: Some(k) }, Shape::List { n: Some(m) }) => k == m,
        (Shape::List { n: Some(_) }, Shape::List { n: None }) => true,
        (Shape::List { n: Some(_) }, _) => false,
        (Shape::List { n: None }, Shape::Number) => false,
        (Shape::List { n: None }, _) => true,
    }
}

/// Every field a plan reads (filters included), by engine name.
pub fn plan_fields(plan: &Plan) -> Vec<String> {
    let mut out = Vec::new();
    let add_filter = |f: &Option<Filter>, out: &mut Vec<String>| {
        if let Some(f) = f {
            for (fr, p, _) in f.conds() {
                out.push(fr.0.clone());
                if let Predicate::Than(_, other) = p {
                    out.push(other.0.clone());
                }
            }
        }
    };
    match plan {
        Plan::Count { filter } => add_filter(filter, &mut out),
        Plan::Columns => {}
        Plan::DistinctCount { field, filter }
        | Plan::DistinctValues { field, filter }
        | Plan::Frequent { field, filter, .. }
        | Plan::Aggregate { field, filter, .. }
        | Plan::Distribution { field, filter } => {
            out.push(field.0.clone());
            add_filter(filter, &mut out);
        }
        Plan::Compare { field, filter, measure, .. } => {
            out.push(field.0.clone());
            out.extend(measure.iter().map(|m| m.field.0.clone()));
            add_filter(filter, &mut out);
        }
        Plan::Rank { field, label, filter, .. } => {
            out.push(field.0.clone());
            out.extend(label.iter().map(|l| l.0.clone()));
            add_filter(filter, &mut out);
        }
        Plan::Group { field, by, filter, .. } | Plan::GroupTop { field, by, filter, .. } | Plan::GroupWhere { field, by, filter, .. } => {
            out.extend(field.iter().map(|l| l.0.clone()));
            out.push(by.0.clone());
            add_filter(filter, &mut out);
        }
        Plan::Share { filter, base, of } => {
            out.extend(of.iter().map(|o| o.0.clone()));
            add_filter(&Some(filter.clone()), &mut out);
            add_filter(base, &mut out);
        }
        Plan::Lookup { field, key } => {
            out.push(field.0.clone());
            add_filter(&Some(key.clone()), &mut out);
        }
        Plan::LookupFields { fields, key } => {
            out.extend(fields.iter().map(|f| f.0.clone()));
            add_filter(&Some(key.clone()), &mut out);
        }
        Plan::List { filter, label } => {
            out.extend(label.iter().map(|l| l.0.clone()));
            add_filter(filter, &mut out);
        }
        Plan::Scatter { x, y, label, filter } => {
            out.push(x.0.clone());
            out.push(y.0.clone());
            out.extend(label.iter().map(|l| l.0.clone()));
            add_filter(filter, &mut out);
        }
        Plan::ColumnStats { columns, filter, .. } => {
            out.extend(columns.iter().map(|c| c.0.clone()));
            add_filter(filter, &mut out);
        }
        Plan::Check { inner, .. } | Plan::Nth { inner, .. } => out.extend(plan_fields(inner)),
        Plan::Each { parts } => out.extend(parts.iter().flat_map(plan_fields)),
    }
    out
}

/// A field whose cells list values ("1, 4, 7") that the plan counts or groups as whole cells: its
/// name. Such counts would be of the lists, not of the values, so they are not exact.
pub fn groups_list_cells(plan: &Plan, cat: &Catalog) -> Option<String> {
    let listed = |f: &super::plan::FieldRef| cat.field(&f.0).is_some_and(|i| cat.fields[i].list_sep.is_some()).then(|| f.0.clone());
    match plan {
        Plan::Frequent { field, .. }
        | Plan::DistinctCount { field, .. }
        | Plan::DistinctValues { field, .. }
        | Plan::Distribution { field, .. }
        | Plan::Compare { field, .. } => listed(field),
        Plan::Group { by, .. } | Plan::GroupTop { by, .. } | Plan::GroupWhere { by, .. } => listed(by),
        Plan::Check { inner, .. } | Plan::Nth { inner, .. } => groups_list_cells(inner, cat),
        Plan::Each { parts } => parts.iter().find_map(|p| groups_list_cells(p, cat)),
        _ => None,
    }
}

/// The fields a plan answers with or computes on, its filters left out.
fn plan_outputs(plan: &Plan) -> Vec<String> {
    let one = |f: &super::plan::FieldRef| vec![f.0.clone()];
    match plan {
        Plan::Count { .. } | Plan::Columns | Plan::Share { .. } => Vec::new(),
        Plan::DistinctCount { field, .. }
        | Plan::DistinctValues { field, .. }
        | Plan::Frequent { field, .. }
        | Plan::Aggregate { field, .. }
        | Plan::Distribution { field, .. }
        | Plan::Lookup { field, .. } => one(field),
        Plan::Compare { field, measure, .. } => one(field).into_iter().chain(measure.iter().map(|m| m.field.0.clone())).collect(),
        Plan::Rank { field, label, .. } => one(field).into_iter().chain(label.iter().map(|l| l.0.clone())).collect(),
        Plan::Group { field, by, .. } | Plan::GroupTop { field, by, .. } | Plan::GroupWhere { field, by, .. } => {
            field.iter().map(|f| f.0.clone()).chain([by.0.clone()]).collect()
        }
        Plan::LookupFields { fields, .. } => fields.iter().map(|f| f.0.clone()).collect(),
        Plan::ColumnStats { columns, .. } => columns.iter().map(|f| f.0.clone()).collect(),
        Plan::List { label, .. } => label.iter().map(|l| l.0.clone()).collect(),
        Plan::Scatter { x, y, label, .. } => [x.0.clone(), y.0.clone()].into_iter().chain(label.iter().map(|l| l.0.clone())).collect(),
        Plan::Check { inner, .. } | Plan::Nth { inner, .. } => plan_outputs(inner),
        Plan::Each { parts } => parts.iter().flat_map(plan_outputs).collect(),
    }
}

/// The aggregate functions a plan computes (a yes/no question's inner plan included).
fn plan_funcs(plan: &Plan) -> Vec<AggFn> {
    match plan {
        Plan::Aggregate { func, .. } | Plan::Group { func, .. } | Plan::GroupTop { func, .. } | Plan::GroupWhere { func, .. } => {
            vec![*func]
        }
        Plan::Rank { desc: true, .. } => vec![AggFn::Max],
        Plan::Rank { desc: false, .. } => vec![AggFn::Min],
        Plan::Compare { measure: Some(m), .. } => m.func.into_iter().collect(),
        Plan::ColumnStats { stat: ColumnStat::Agg(f), .. } => vec![*f],
        Plan::Check { inner, .. } | Plan::Nth { inner, .. } => plan_funcs(inner),
        Plan::Each { parts } => parts.iter().flat_map(plan_funcs).collect(),
        _ => Vec::new(),
    }
}

/// The number the plan takes from the words ("top 5", "the 3 heaviest").
fn plan_n(plan: &Plan) -> Option<u32> {
    match plan {
        Plan::Rank { n, .. } | Plan::GroupTop { n, .. } => Some(*n),
        Plan::Check { inner, .. } => plan_n(inner),
        // The ordinal is the number the words gave.
        Plan::Nth { k, .. } => Some(*k),
        _ => None,
    }
}

fn plan_test_number(plan: &Plan) -> Option<f64> {
    match plan {
        Plan::GroupWhere { value, .. } | Plan::ColumnStats { pick: ColumnPick::Where { value, .. }, .. } => Some(*value),
        Plan::Check { test: Test::Cmp { value, .. }, .. } => Some(*value),
        _ => None,
    }
}

/// The span after `i` (stop words skipped) is a field the plan reads.
fn next_field_used(spans: &[Span], i: usize, uses: &dyn Fn(usize) -> bool) -> bool {
    spans[i + 1..].iter().find(|s| s.tag != Tag::Stop).is_some_and(|s| matches!(&s.tag, Tag::Field(fs) if fs.iter().any(|&f| uses(f))))
}

const NAME_WORDS: &[&str] = &["name", "names", "nombre", "nombres", "nom", "noms"];

/// Whether the plan's answer is a name: a label, a category, a text value.
fn names_rows(plan: &Plan, cat: &Catalog) -> bool {
    let text = |f: &super::plan::FieldRef| cat.field(&f.0).is_some_and(|i| !cat.fields[i].ty.is_numeric());
    match plan {
        Plan::Rank { label, .. } | Plan::List { label, .. } => label.is_some(),
        Plan::GroupTop { .. } | Plan::GroupWhere { .. } | Plan::Frequent { .. } | Plan::Compare { .. } => true,
        Plan::DistinctValues { field, .. } | Plan::Lookup { field, .. } => text(field),
        _ => false,
    }
}

/// "what year", "which year", "qué año", "welches Jahr": a word of years right after a question word.
fn asked_year(spans: &[Span], i: usize) -> bool {
    super::lang::YEAR_WORDS.contains(&super::text::fold(&spans[i].raw).as_str())
        && spans[..i].iter().rev().find(|p| p.tag != Tag::Stop).is_some_and(|p| matches!(p.cue(), Some(Cue::What | Cue::Which)))
}

/// A field with a different value in every row (not a date: "per day" of a daily table is a grouping).
fn one_per_row(t: &Tag, cat: &Catalog) -> bool {
    matches!(t, Tag::Field(fs) if fs.len() == 1 && cat.rows > 1 && cat.fields[fs[0]].distinct == cat.rows && !cat.fields[fs[0]].ty.is_numeric() && !cat.fields[fs[0]].yearly)
}

/// A field whose values cannot answer "who": numbers, dates, or a column named for a time.
fn not_a_person(cat: &Catalog, f: usize) -> bool {
    const TIME: &[&str] = &["year", "date", "day", "month", "time", "when", "ano", "fecha", "any", "data", "jahr", "datum", "zeit"];
    let fi = &cat.fields[f];
    fi.ty.is_numeric()
        || matches!(fi.ty, super::super::schema::ColumnType::Date | super::super::schema::ColumnType::Datetime)
        || super::text::name_words(&fi.name).iter().any(|w| TIME.contains(&w.as_str()))
}

/// The span at `i` comes right after a question word ("Which month", "Quin mes").
fn asked_field(spans: &[Span], i: usize) -> bool {
    spans[..i].iter().rev().find(|s| s.tag != Tag::Stop).is_some_and(|s| matches!(s.cue(), Some(Cue::Which | Cue::What)))
}

/// The words of the question the plan does not account for (empty when all are placed).
pub fn unplaced(spans: &[Span], plan: &Plan, cat: &Catalog) -> Vec<String> {
    let fields = plan_fields(plan);
    let uses = |f: usize| fields.iter().any(|n| *n == cat.fields[f].name);
    let outputs = plan_outputs(plan);
    let funcs = plan_funcs(plan);
    let inner = match plan {
        Plan::Check { inner, .. } | Plan::Nth { inner, .. } => inner.as_ref(),
        p => p,
    };
    // "Which province did Raoul Dandurand represent?": in a lookup of one named row, a trailing
    // lowercase verb relates the row to the field asked for; it does not change the answer.
    let last_content = spans.iter().rposition(|s| s.tag != Tag::Stop);
    // So does one between the field asked for and the row's name ("En quina classe viatjava
    // Zimmerman, Leo?", "Aus welcher Provinz kam Willie Adams?").
    let verb_like = |s: &Span, min: usize| {
        s.tag == Tag::Unknown && s.raw.chars().count() >= min && s.raw.chars().all(|c| c.is_alphabetic() && c.is_lowercase())
    };
    let trailing_verb = |i: usize, s: &Span| {
        let after_value = Some(i) == last_content && verb_like(s, 4) && spans[..i].iter().any(|p| matches!(p.tag, Tag::Value(_)) && p.used);
        let between = verb_like(s, 3)
            && i > 0
            && matches!(spans[i - 1].tag, Tag::Field(_))
            && spans.get(i + 1).is_some_and(|n| matches!(n.tag, Tag::Value(_)) && n.used)
            && spans.iter().filter(|p| p.tag == Tag::Unknown).count() == 1;
        matches!(inner, Plan::Lookup { .. }) && (after_value || between)
    };
    // "What discount levels are used in the data?", "Which reasons show up?": of a field's values,
    // a verb of presence only says they are there.
    let presence = |i: usize, s: &Span| {
        let w = super::text::fold(&s.raw);
        let show_up = w == "up" && i > 0 && super::text::fold(&spans[i - 1].raw) == "show";
        matches!(inner, Plan::DistinctValues { .. } | Plan::DistinctCount { .. })
            && s.tag == Tag::Unknown
            && (show_up
                || matches!(
                    w.as_str(),
                    "used"
                        | "appear"
                        | "appears"
                        | "occur"
                        | "occurs"
                        | "exist"
                        | "exists"
                        | "present"
                        | "found"
                        | "listed"
                        | "aparecen"
                        | "aparece"
                        | "existen"
                        | "apareixen"
                        | "apareix"
                        | "existeixen"
                        | "vorkommen"
                        | "erscheinen"
                        | "existieren"
                ))
    };
    let mut out = Vec::new();
    for (i, s) in spans.iter().enumerate() {
        if trailing_verb(i, s) || presence(i, s) {
            continue;
        }
        // "What's the name of the oldest person?" needs a field that names rows.
        if i > 0
            && matches!(s.tag, Tag::Unknown | Tag::Cue(Cue::List))
            && NAME_WORDS.contains(&super::text::fold(&s.raw).as_str())
            && !names_rows(inner, cat)
        {
            out.push(s.raw.clone());
            continue;
        }
        // "Which field grew the most from 1970 to 2011?": a word of change asks for a difference;
        // a plan that sums or ranks the two years answers another question ("drop below 0" compares).
        let folded = super::text::fold(&s.raw);
        let compares_next = spans.get(i + 1).is_some_and(|n| matches!(n.cue(), Some(Cue::Op(_))));
        if matches!(s.tag, Tag::Stop | Tag::Unknown)
            && !s.used
            && !compares_next
            && !matches!(folded.as_str(), "up" | "down")
            && super::understand::change_word(&folded).is_some()
            && !matches!(inner, Plan::Compare { ask: CompareAsk::Difference, .. })
        {
            out.push(s.raw.clone());
            continue;
        }
        // "min and max finalwgt": two extremes asked together are two answers; one of them is not
        // what was asked (a range or a gap between them is one).
        let extreme = |c: Option<Cue>| match c {
            Some(Cue::Min | Cue::Low | Cue::Least) => Some(false),
            Some(Cue::Max | Cue::High | Cue::Most) => Some(true),
            _ => None,
        };
        // (An empty span between them is the field "youngest" implied.)
        let before_and = spans[..i].iter().rposition(|p| !p.raw.is_empty());
        let first = before_and.and_then(|j| spans[..j].iter().rposition(|p| !p.raw.is_empty()));
        let paired = match (before_and, first) {
            (Some(j), Some(k)) => {
                matches!(spans[j].cue(), Some(Cue::And)) && extreme(spans[k].cue()).is_some_and(|a| extreme(s.cue()) == Some(!a))
            }
            _ => false,
        };
        if paired
            && matches!(
                inner,
                Plan::Aggregate { func: AggFn::Min | AggFn::Max, .. } | Plan::Rank { .. } | Plan::GroupTop { .. } | Plan::Frequent { .. }
            )
        {
            out.push(s.raw.clone());
            continue;
        }
        // "the most common month" of a table of days is the longest month: never what was asked.
        if let (Tag::Field(fs), Plan::Frequent { field, .. }) = (&s.tag, inner) {
            if fs.iter().any(|&f| cat.fields[f].part.is_some() && cat.fields[f].name == field.0) {
                out.push(s.raw.clone());
                continue;
            }
        }
        let placed = match &s.tag {
            // An empty span is a field a superlative implied ("oldest" → age): the superlative speaks for it.
            Tag::Field(_) if s.raw.is_empty() => true,
            // "rain days or snow days": a field word that is also what the rows are called.
            // "marriages and divorces": a field listed after another is asked for, even when the rows are called so too.
            // "Which month of 1957 had the most passengers?": the field asked for must be answered, not only filtered on.
            Tag::Field(fs)
                if asked_field(spans, i)
                    && !fs.iter().any(|&f| outputs.contains(&cat.fields[f].name))
                    && fs.iter().all(|&f| cat.fields[f].ty == super::super::schema::ColumnType::Date || cat.fields[f].yearly) =>
            {
                false
            }
            Tag::Field(fs) => {
                // ("temperature and number of deaths": "number of" between them lists the field too.)
                let j = if i >= 1 && spans[i - 1].cue() == Some(Cue::HowMany) { i - 1 } else { i };
                let listed = j >= 2 && matches!(spans[j - 1].cue(), Some(Cue::And | Cue::Or)) && matches!(spans[j - 2].tag, Tag::Field(_));
                // "the average population of European countries": the plural of the field that names
                // the rows, after a value that qualifies them, says what the rows are.
                let qualified_rows = i > 0
                    && matches!(spans[i - 1].tag, Tag::Value(_))
                    && spans[i - 1].used
                    && super::text::fold(&s.raw).ends_with('s')
                    && fs.iter().any(|&f| Some(f) == cat.label || cat.panel.is_some_and(|(n, _)| n == f))
                    && !matches!(inner, Plan::Count { .. } | Plan::Share { .. } | Plan::DistinctCount { .. });
                // "How many senators were appointed as Liberals?": the word tagged as another field
                // ("Appointed on the advice of") is also a form of a word of a field the plan reads
                // ("Political Affiliation at Appointment").
                let names_a_used_field = || {
                    fields
                        .iter()
                        .filter_map(|n| cat.field(n))
                        .any(|f| cat.fields[f].names.iter().flatten().any(|w| super::text::same_stem(w, &s.raw)))
                };
                // "the average number of votes per district", one row per district: per row.
                let per_row = i > 0
                    && spans[..i].iter().rev().find(|p| p.tag != Tag::Stop).is_some_and(|p| p.cue() == Some(Cue::Per))
                    && (funcs.contains(&AggFn::Avg) || funcs.contains(&AggFn::Median))
                    && matches!(inner, Plan::Aggregate { .. })
                    && one_per_row(&s.tag, cat);
                qualified_rows
                    || per_row
                    || fs.iter().any(|&f| uses(f))
                    || names_a_used_field()
                    // "Did any country exceed 100?": the name after "any" says which rows are counted.
                    || (s.used && matches!(inner, Plan::Count { .. }))
                    || (!listed && (super::tagger::event_of_rows(&super::text::fold(&s.raw), cat) || cat.aliases.iter().any(|a| a.len() == 1 && super::text::same_word(&a[0], &super::text::fold(&s.raw)))))
            }
            Tag::Group(g) => cat.groups[*g].members.iter().any(|&f| uses(f)),
            Tag::Value(_) | Tag::Quoted(_) | Tag::Date(_) => s.used,
            // "War die Arbeitslosigkeit 1982 höher als 2009?": a year of the table compared with a
            // measure it could never be a value of is the other year, not a threshold.
            Tag::Number(n) if year_as_threshold(plan, *n, cat) => false,
            // ("busiest station on line 1": a number right after a field's name is a value of it,
            // never how many rows the ranking keeps.)
            Tag::Number(n) => {
                // ("Netflix's 3 highest values": before a superlative it counts them all the same.)
                let before_rank = spans[i + 1..]
                    .iter()
                    .find(|p| p.tag != Tag::Stop)
                    .is_some_and(|p| matches!(p.cue(), Some(Cue::High | Cue::Low | Cue::Most | Cue::Least)));
                let after_field =
                    !before_rank && spans[..i].iter().rev().find(|p| p.tag != Tag::Stop).is_some_and(|p| matches!(p.tag, Tag::Field(_)));
                s.used || (plan_n(plan) == Some(*n as u32) && !after_field) || plan_test_number(plan) == Some(*n)
            }
            Tag::Unknown => s.used || !super::understand::content_word(&s.raw),
            Tag::Cue(c) => match c {
                // "In what year was the maximum co2 value recorded?" with no year or date column
                // read as such: a year asked needs a year or date in the answer, never the value.
                Cue::In if asked_year(spans, i) => outputs_time(&outputs, cat),
                // "When were deaths highest?" asks for a date: the peak's value is no answer. (Not
                // "Quin partit tenia quan el van nomenar?": after the question's word it relates.)
                Cue::DataDate
                    if matches!(super::text::fold(&s.raw).as_str(), "when" | "cuando" | "quan" | "wann" | "quand")
                        && spans[..i].iter().all(|p| p.tag == Tag::Stop) =>
                {
                    s.used || outputs_time(&outputs, cat)
                }
                // "how many months had a mean temperature below 3": the average named is of the
                // field after it, so an average of another field answers another question.
                Cue::Avg | Cue::Median if matches!(inner, Plan::Aggregate { field, .. } if spans[i + 1..].iter().find(|p| p.tag != Tag::Stop).is_some_and(|p| matches!(&p.tag, Tag::Field(fs) if !fs.iter().any(|&f| cat.fields[f].name == field.0)))) => {
                    false
                }
                Cue::Avg => funcs.contains(&AggFn::Avg),
                // "How many Jewish respondents in total?" in a table with one row per religion: a
                // count of the one row it names totals nothing.
                Cue::Sum if matches!(inner, Plan::Count { filter: Some(f) } if f.conds().iter().any(|(r, p, n)| !n && matches!(p, Predicate::Cmp(CmpOp::Eq, _)) && cat.field(&r.0).is_some_and(|k| cat.fields[k].distinct >= cat.rows && cat.rows > 1))) => {
                    false
                }
                Cue::Sum => {
                    funcs.contains(&AggFn::Sum)
                        || matches!(inner, Plan::Count { .. } | Plan::DistinctCount { .. } | Plan::Group { func: AggFn::Count, .. })
                }
                Cue::Median => funcs.contains(&AggFn::Median),
                Cue::Min | Cue::Max => {
                    funcs.iter().any(|f| matches!(f, AggFn::Min | AggFn::Max | AggFn::Range))
                        || matches!(inner, Plan::Rank { .. } | Plan::GroupTop { .. } | Plan::Frequent { .. })
                }
                Cue::High | Cue::Low | Cue::Top | Cue::Bottom | Cue::Most | Cue::Least => matches!(
                    inner,
                    Plan::ColumnStats { pick: ColumnPick::Top { .. }, .. }
                        | Plan::Rank { .. }
                        | Plan::Frequent { .. }
                        | Plan::GroupTop { .. }
                        | Plan::Compare { .. }
                        | Plan::Aggregate { func: AggFn::Min | AggFn::Max | AggFn::Range, .. }
                        | Plan::Group { func: AggFn::Min | AggFn::Max, .. }
                ),
                // An average of a flag is its rate ("the higher survival rate" per group).
                // A share word beside a column of shares, looked up in one row, is that column.
                Cue::Share => {
                    matches!(inner, Plan::Share { .. })
                        || (s.used && matches!(inner, Plan::Lookup { .. }))
                        || matches!(inner, Plan::GroupTop { func: AggFn::Avg, field: Some(f), .. } if cat.field(&f.0).is_some_and(|k| cat.fields[k].yes_no()))
                }
                // "largest first", "in that order": said of an answer that is a list.
                // A direction ("largest first") is placed only by a plan that ranks.
                // "alphabetically": only an answer listed by name is in that order.
                Cue::Order if super::lang::alphabetical(&super::text::fold(&s.raw)) => {
                    matches!(inner, Plan::Group { desc: None, .. } | Plan::DistinctValues { .. } | Plan::List { label: Some(_), .. })
                }
                Cue::Order => match super::lang::order_direction(&super::text::fold(&s.raw)) {
                    Some(d) => {
                        matches!(inner, Plan::Rank { desc, .. } | Plan::GroupTop { desc, .. } if *desc == d)
                            || matches!(inner, Plan::Group { desc: Some(g), .. } if *g == d)
                    }
                    // "who won gold from 2000 to 2012, in order" asks for time's order; a list is sorted by name.
                    None if matches!(inner, Plan::List { filter: Some(f), .. } if f.conds().iter().any(|(field, p, _)| matches!(p, Predicate::Between(..) | Predicate::Cmp(CmpOp::Gt | CmpOp::Ge | CmpOp::Lt | CmpOp::Le, _)) && cat.field(&field.0).is_some_and(|k| cat.fields[k].yearly || matches!(cat.fields[k].ty, super::super::schema::ColumnType::Date | super::super::schema::ColumnType::Datetime)))) => {
                        false
                    }
                    None => matches!(
                        inner,
                        Plan::Rank { .. }
                            | Plan::GroupTop { .. }
                            | Plan::Group { .. }
                            | Plan::Compare { .. }
                            | Plan::DistinctValues { .. }
                            | Plan::List { .. }
                    ),
                },
                // "fields of study" are a domain's, not the table's columns ("columns of the table" are).
                // "Which columns have no data for 1944?" asks for columns: no plan over rows answers it.
                Cue::Columns
                    if !matches!(inner, Plan::Columns | Plan::ColumnStats { .. })
                        && !fields.iter().any(|n| n == "column")
                        && !spans[i.saturating_sub(1)..(i + 2).min(spans.len())]
                            .iter()
                            .any(|n| matches!(n.tag, Tag::Field(_) | Tag::Quoted(_))) =>
                {
                    false
                }
                Cue::Columns => {
                    !(matches!(spans.get(i + 1).and_then(Span::cue), Some(Cue::Of))
                        && spans.get(i + 2).is_some_and(|n| {
                            !matches!(n.tag, Tag::Cue(Cue::Dataset))
                                && !matches!(
                                    super::text::fold(&n.raw).as_str(),
                                    "the" | "this" | "la" | "el" | "der" | "die" | "das" | "les" | "els" | "los" | "las"
                                )
                        }))
                }
                // "Who discovered oxygen?" asks for a person: a year or a number looked up is not one.
                // "Who was the top emitter?" with nothing naming the rows is no answer either.
                // "the median age of those who were arrested": after the rows' noun or "those", "who" relates, it does not ask.
                Cue::Who
                    if i > 0
                        && super::text::fold(&s.raw) == "who"
                        && (spans[i - 1].tag == Tag::Alias
                            || matches!(
                                super::text::fold(&spans[i - 1].raw).as_str(),
                                "those" | "people" | "ones" | "anyone" | "everyone" | "someone"
                            )) =>
                {
                    true
                }
                Cue::Who => {
                    names_rows(inner, cat)
                        && !matches!(inner, Plan::Lookup { field, .. } if cat.field(&field.0).is_some_and(|f| not_a_person(cat, f)))
                }
                // "higher", "fewer": a comparative is answered by comparing.
                // "Which gender has the higher average?": the top of the groups compared.
                // Rows counted for names that each hold one row compare nothing ("Is Vader taller than Chewbacca?").
                Cue::More | Cue::Less if matches!(inner, Plan::Compare { measure: None, field, .. } if cat.field(&field.0).is_some_and(|f| cat.fields[f].distinct >= cat.rows)) => {
                    false
                }
                Cue::More | Cue::Less => matches!(
                    inner,
                    Plan::Compare { .. } | Plan::GroupTop { n: 1, .. } | Plan::ColumnStats { pick: ColumnPick::Top { .. }, .. }
                ),
                // "older than 5e": a comparison needs something in the plan that compares.
                Cue::Op(op) => compares(plan, *op),
                // "Which months of 1964 have no readings?": a negation needs something in the plan
                // that negates, tests for nothing, or counts to zero.
                Cue::Not => s.used || negates(plan),
                // "Hat jeder Flughafen …?": "jeder" read as every row by the yes/no stage.
                Cue::Per if s.used && matches!(plan, Plan::Check { .. }) => true,
                // "top 3 areas by council tax": after a ranking, "by" names the field ranked.
                Cue::Per => {
                    matches!(inner, Plan::Group { .. } | Plan::GroupTop { .. } | Plan::Compare { ask: CompareAsk::Each, .. })
                        || matches!(inner, Plan::Rank { field, .. } if ranked_after(spans, i, field, cat))
                        // "the average profit per line": per row is what an average is.
                        || ((funcs.contains(&AggFn::Avg) || funcs.contains(&AggFn::Median)) && spans[i + 1..].iter().find(|s| s.tag != Tag::Stop).is_some_and(|s| super::lang::is_row_word(&super::text::fold(&s.raw)) || (s.used && s.tag == Tag::Alias) || one_per_row(&s.tag, cat)))
                }
                // "How many miles per gallon does X do?" looks a number up; "the most common number of cylinders".
                Cue::HowMany
                    if matches!(inner, Plan::Lookup { .. } | Plan::LookupFields { .. } | Plan::Aggregate { .. })
                        || (next_field_used(spans, i, &uses) && !matches!(inner, Plan::Count { .. })) =>
                {
                    true
                }
                Cue::HowMany => {
                    matches!(
                        inner,
                        Plan::Compare { ask: CompareAsk::Each, measure: None, .. }
                            | Plan::Count { .. }
                            | Plan::DistinctCount { .. }
                            | Plan::Columns
                            | Plan::Group { func: AggFn::Count, .. }
                            | Plan::GroupTop { func: AggFn::Count, .. }
                            | Plan::Share { .. }
                    ) || matches!(inner, Plan::Aggregate { func: AggFn::Sum, .. })
                }
                _ => true,
            },
            // "Which committees are the prestige ones?": the rows asked for are answered by their
            // names, not by another field's values.
            Tag::Alias if asked_field(spans, i) => match inner {
                Plan::DistinctValues { field, .. } | Plan::Frequent { field, .. } | Plan::Lookup { field, .. } => {
                    cat.label.is_some_and(|l| cat.fields[l].name == field.0)
                }
                Plan::Group { .. } | Plan::GroupTop { .. } | Plan::GroupWhere { .. } => false,
                _ => true,
            },
            Tag::Alias | Tag::Stop => true,
        };
        if !placed {
            out.push(s.raw.clone());
        }
    }
    out
}

/// Whether the answer's columns hold a time: a year, a date or a part of one.
fn outputs_time(outputs: &[String], cat: &Catalog) -> bool {
    outputs.iter().any(|n| {
        cat.field(n).is_some_and(|f| {
            let fi = &cat.fields[f];
            fi.yearly
                || fi.part.is_some()
                || matches!(fi.ty, super::super::schema::ColumnType::Date | super::super::schema::ColumnType::Datetime)
                || super::text::name_words(&fi.name).iter().any(|w| w == "year" || w == "yr")
        })
    })
}

/// "by council tax" at `per`: the next content span is the field the ranking orders by.
fn ranked_after(spans: &[Span], per: usize, field: &super::plan::FieldRef, cat: &Catalog) -> bool {
    spans[per + 1..]
        .iter()
        .find(|s| s.tag != Tag::Stop)
        .is_some_and(|s| matches!(&s.tag, Tag::Field(fs) if fs.iter().any(|&f| cat.fields[f].name == field.0)))
}

/// Whether anything in the plan says "not": a negated or missing condition, or a test against zero or all.
fn negates(plan: &Plan) -> bool {
    let filter_negates =
        |f: &Filter| f.conds().iter().any(|(_, p, neg)| *neg || matches!(p, Predicate::Missing | Predicate::Cmp(CmpOp::Ne, _)));
    match plan {
        Plan::Check { inner, test } => matches!(test, Test::Cmp { .. } | Test::AllDistinct | Test::OneRow) || negates(inner),
        Plan::Nth { inner, .. } => negates(inner),
        p => p.filter().is_some_and(filter_negates),
    }
}

/// The plan compares a measure with `n`, a year of the table's years that lies outside the measure's range.
fn year_as_threshold(plan: &Plan, n: f64, cat: &Catalog) -> bool {
    let a_year = n.fract() == 0.0
        && cat
            .fields
            .iter()
            .any(|f| f.yearly && f.range.map_or((1000.0..=2999.0).contains(&n), |(lo, hi)| (lo - 50.0..=hi + 50.0).contains(&n)));
    if !a_year {
        return false;
    }
    let outside =
        |name: &str| cat.field(name).is_some_and(|f| !cat.fields[f].yearly && cat.fields[f].range.is_some_and(|(lo, hi)| n < lo || n > hi));
    let tested = match plan {
        Plan::Check { inner, test: Test::Cmp { value, .. } } if *value == n => match inner.as_ref() {
            Plan::Aggregate { field, .. } | Plan::Lookup { field, .. } => outside(&field.0),
            _ => false,
        },
        _ => false,
    };
    tested
        || plan.filter().is_some_and(|f| {
            f.conds().iter().any(|(field, p, _)| {
                matches!(p, Predicate::Cmp(o, super::plan::Literal::Number(v)) if *o != CmpOp::Eq && *v == n) && outside(&field.0)
            })
        })
}

/// The plan compares: a condition with an order or a range, or a test of one number against another.
fn compares(plan: &Plan, op: CmpOp) -> bool {
    let ordered = |f: &Filter| {
        f.conds().iter().any(|(_, p, _)| {
            matches!(p, Predicate::Cmp(o, _) | Predicate::Than(o, _) if *o != CmpOp::Eq || op == CmpOp::Eq)
                || matches!(p, Predicate::Between(..) | Predicate::Year(_) | Predicate::Month(_))
        })
    };
    match plan {
        // "Was X of 2016 lower than of 2015?" read as "are there rows of 2016 or 2015": an
        // existence test compares nothing the question compared.
        Plan::Check { inner, test: Test::Cmp { op: CmpOp::Gt, value } }
            if *value == 0.0 && matches!(inner.as_ref(), Plan::Count { .. } | Plan::DistinctCount { .. }) =>
        {
            compares(inner, op)
        }
        Plan::Check { inner, test } => {
            matches!(test, Test::Cmp { .. } | Test::FirstMore | Test::FirstFewer | Test::Same | Test::Steps { .. })
                || matches!(inner.as_ref(), Plan::ColumnStats { pick: ColumnPick::Top { .. }, .. })
                || compares(inner, op)
        }
        Plan::GroupWhere { .. } | Plan::ColumnStats { pick: ColumnPick::Where { .. }, .. } => true,
        Plan::Compare { .. } => true,
        p => p.filter().is_some_and(ordered),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::catalog::test_catalog;
    use crate::query::plan::FieldRef;

    const CSV: &str = "name,origin,mpg,cylinders\nA,USA,18,8\nB,Japan,31,4\nC,Europe,26,4\nD,USA,15,8\n";

    #[test]
    fn shapes_fit_only_what_is_asked() {
        let cat = test_catalog("cars.csv", CSV);
        let avg = Plan::Aggregate { func: AggFn::Avg, field: FieldRef("mpg".into()), filter: None };
        let top = Plan::GroupTop {
            func: AggFn::Avg,
            field: Some(FieldRef("mpg".into())),
            by: FieldRef("origin".into()),
            n: 1,
            desc: true,
            filter: None,
            change: None,
        };
        assert_eq!(plan_shape(&avg, &cat), Shape::Number);
        assert_eq!(plan_shape(&top, &cat), Shape::Category);
        assert!(!fits(Shape::Category, Shape::Number, &avg));
        assert!(fits(Shape::Category, Shape::Category, &top));
        assert!(!fits(Shape::Boolean, Shape::Number, &avg));
        assert!(!fits(Shape::List { n: Some(3) }, Shape::Category, &top));
        assert!(fits(Shape::Open, Shape::Number, &avg));
    }

    #[test]
    fn a_field_the_plan_does_not_read_is_unplaced() {
        let cat = test_catalog("cars.csv", CSV);
        let q = "Which origin has the highest average mpg?";
        let spans = super::super::tagger::tag(q, &super::super::text::tokenize(q), super::super::lang::Lang::En, &cat, &[]);
        let avg = Plan::Aggregate { func: AggFn::Avg, field: FieldRef("mpg".into()), filter: None };
        let words = unplaced(&spans, &avg, &cat);
        assert!(words.iter().any(|w| w == "origin"), "{words:?}");
        assert!(words.iter().any(|w| w == "highest"), "{words:?}");
        let top = Plan::GroupTop {
            func: AggFn::Avg,
            field: Some(FieldRef("mpg".into())),
            by: FieldRef("origin".into()),
            n: 1,
            desc: true,
            filter: None,
            change: None,
        };
        assert!(unplaced(&spans, &top, &cat).is_empty());
    }
}
