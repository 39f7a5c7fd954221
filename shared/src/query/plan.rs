//! What a question asks for, as data: intents with their slots, independent of language and engine.

use serde::{Deserialize, Serialize};

use super::intent::Intent;

/// A field the query reads: a real column, or a composed field materialised as one.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FieldRef(pub String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
}

impl CmpOp {
    pub fn sql(self) -> &'static str {
        match self {
            CmpOp::Eq => "=",
            CmpOp::Ne => "<>",
            CmpOp::Lt => "<",
            CmpOp::Gt => ">",
            CmpOp::Le => "<=",
            CmpOp::Ge => ">=",
        }
    }
    /// The same test with its sides swapped: `a < b` is `b > a`.
    pub fn flipped(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Ge => CmpOp::Le,
            other => other,
        }
    }
    pub fn negate(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Le => CmpOp::Gt,
            CmpOp::Ge => CmpOp::Lt,
        }
    }
}

/// A constant from the question, typed by the column it is compared with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Literal {
    Number(f64),
    Text(String),
    /// ISO date ("2014-06-01").
    Date(String),
    Bool(bool),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Predicate {
    Cmp(CmpOp, Literal),
    Between(Literal, Literal),
    /// Case-insensitive substring.
    Contains(String),
    /// Case-insensitive prefix.
    StartsWith(String),
    /// The year of a date column.
    Year(i32),
    /// The month (1–12) of a date column, in any year: "in February", "im Juni".
    Month(u32),
    /// No value in the cell: "rows with no value for X", "missing X".
    Missing,
    /// Compared with another field of the same row: "a cd420 higher than the cd40", "close above open".
    Than(CmpOp, FieldRef),
    /// The field's first or last value in the whole table: "in the last week", "ended the period".
    Edge {
        last: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Filter {
    Cond { field: FieldRef, pred: Predicate, negated: bool },
    And(Vec<Filter>),
    Or(Vec<Filter>),
}

impl Filter {
    pub fn and(mut parts: Vec<Filter>) -> Option<Filter> {
        match parts.len() {
            0 => None,
            1 => parts.pop(),
            _ => Some(Filter::And(parts)),
        }
    }
    /// Every condition, for type checks and contradiction tests.
    pub fn conds(&self) -> Vec<(&FieldRef, &Predicate, bool)> {
        match self {
            Filter::Cond { field, pred, negated } => vec![(field, pred, *negated)],
            Filter::And(v) | Filter::Or(v) => v.iter().flat_map(Filter::conds).collect(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AggFn {
    Count,
    Sum,
    Avg,
    Median,
    Min,
    Max,
    /// Largest minus smallest: "the range of X", "the gap between the highest and lowest X".
    Range,
}

/// What is computed of each column for `Plan::ColumnStats`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColumnStat {
    Agg(AggFn),
    StdDev,
    /// Largest minus smallest value.
    Range,
    /// Cells left empty.
    Missing,
    /// Cells with a value.
    Present,
    Distinct,
    /// Cells holding exactly 0.
    Zeros,
}

/// Which columns `Plan::ColumnStats` answers with.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "pick", rename_all = "snake_case")]
pub enum ColumnPick {
    /// The column(s) with the largest (smallest) statistic, ties included.
    Top { desc: bool },
    /// Every column whose statistic passes the comparison, in the table's order.
    Where { op: CmpOp, value: f64 },
}

/// Which chart fits a grouped result (rendered as SVG by the app).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChartKind {
    Bar,
    Histogram,
    Line,
    Pie,
    Scatter,
    Box,
}

/// One intent with its slots; every variant compiles to one read-only SELECT.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "intent", rename_all = "snake_case")]
pub enum Plan {
    /// Rows (matching the filter); no filter = the dataset's size.
    Count {
        filter: Option<Filter>,
    },
    Columns,
    /// Columns compared by one statistic each, the answer being column names: "Which column has
    /// the most missing values?", "Of consumption, income and production, which has the highest
    /// average?", "Which columns have values above 50?".
    ColumnStats {
        stat: ColumnStat,
        columns: Vec<FieldRef>,
        filter: Option<Filter>,
        pick: ColumnPick,
        /// The total was implied, not named ("more pork than beef"): it holds only where every column
        /// has as many values (else a total and an average disagree).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        implied: bool,
    },
    DistinctCount {
        field: FieldRef,
        filter: Option<Filter>,
    },
    DistinctValues {
        field: FieldRef,
        filter: Option<Filter>,
    },
    Frequent {
        field: FieldRef,
        most: bool,
        filter: Option<Filter>,
    },
    /// Top-N (desc) or bottom-N rows by a field, listed by `label`.
    Rank {
        field: FieldRef,
        n: u32,
        desc: bool,
        label: Option<FieldRef>,
        filter: Option<Filter>,
        /// The answer is the ranked values ("the three highest poverty rates"); the label only names them.
        #[serde(default)]
        values: bool,
    },
    Aggregate {
        func: AggFn,
        field: FieldRef,
        filter: Option<Filter>,
    },
    Group {
        func: AggFn,
        field: Option<FieldRef>,
        by: FieldRef,
        filter: Option<Filter>,
        chart: ChartKind,
        /// The groups by their value, largest first (true) or smallest first, when the question
        /// says so ("ordered from highest to lowest"); else by the group's name.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        desc: Option<bool>,
    },
    /// Percentage of (base) rows matching `filter`, or of the sum of `of` ("what share of all
    /// units sold were organic").
    Share {
        filter: Filter,
        base: Option<Filter>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        of: Option<FieldRef>,
    },
    /// Which of several values of one field has more rows, or the larger `measure` ("Was China more
    /// populous than India in 2007?", "Who tips more on average, men or women?").
    Compare {
        field: FieldRef,
        values: Vec<String>,
        filter: Option<Filter>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        measure: Option<Measure>,
        /// What is asked of the values' numbers: which is larger, each in turn, or a difference.
        #[serde(default)]
        ask: CompareAsk,
    },
    /// One field of the row(s) named by an identifying value.
    Lookup {
        field: FieldRef,
        key: Filter,
    },
    /// Several fields of the one row a key names, in the order asked ("the high and low on July
    /// 4th", "China's rate in 1970, 1980 and 1990" with a column per year).
    LookupFields {
        fields: Vec<FieldRef>,
        key: Filter,
    },
    /// Rows matching a filter, listed by `label` (or all their fields without one).
    List {
        filter: Option<Filter>,
        label: Option<FieldRef>,
    },
    /// A field's values, for a histogram.
    Distribution {
        field: FieldRef,
        filter: Option<Filter>,
    },
    /// Two numeric fields against each other, for a scatter plot.
    Scatter {
        x: FieldRef,
        y: FieldRef,
        label: Option<FieldRef>,
        filter: Option<Filter>,
    },
    /// The `n` groups of `by` with the highest (or lowest) aggregate: "Which origin has the highest
    /// average mpg?", "the 4 most common …" (func Count).
    GroupTop {
        func: AggFn,
        field: Option<FieldRef>,
        by: FieldRef,
        n: u32,
        desc: bool,
        filter: Option<Filter>,
        /// Groups ranked by the change of `field` between two points instead of an aggregate
        /// ("Which company grew its investment the most between 1935 and 1954?").
        #[serde(default, skip_serializing_if = "Option::is_none")]
        change: Option<Box<Points>>,
    },
    /// The groups of `by` whose aggregate passes a test: "Which grades have an average tumour size
    /// above 28?", "Which parties had exactly one senator?" (func Count, no field).
    GroupWhere {
        func: AggFn,
        field: Option<FieldRef>,
        by: FieldRef,
        op: CmpOp,
        value: f64,
        filter: Option<Filter>,
        /// The answer is how many groups pass ("How many provinces have more than 20 departments?").
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        count: bool,
    },
    /// A yes/no question: the inner plan's answer tested ("Is the highest X negative?").
    Check {
        inner: Box<Plan>,
        test: Test,
    },
    /// The `k`-th of a ranking ("the second most senators", "die zweithöchsten Emissionen"): the
    /// inner `Rank` or `GroupTop` is asked for `k + 1`, so a tie at the `k`-th place is seen and said.
    Nth {
        inner: Box<Plan>,
        k: u32,
    },
    /// One question asked of several extremes in turn ("the earliest and latest year", "which
    /// year had the most burglaries and which the fewest"): each part's answer, in the order said.
    Each {
        parts: Vec<Plan>,
    },
}

/// Two points of a group's rows (one row each) and the change between them: the value in the row
/// `to` keeps minus the value in the row `from` keeps, or that in percent of the `from` value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Points {
    pub from: Filter,
    pub to: Filter,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub percent: bool,
}

/// The number each compared value is measured by: an aggregate of a field over the value's rows,
/// or (no function) the field of the one row the value names; several rows then cannot be compared.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Measure {
    pub func: Option<AggFn>,
    pub field: FieldRef,
    /// The aggregate was implied, not named ("more passengers in 1960 than in 1959" adds them up):
    /// it answers only where every compared value has as many rows (else a total and an average disagree).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub implied: bool,
}

/// What a question asks of the compared values' numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CompareAsk {
    /// The value with the larger number (or more rows).
    #[default]
    Which,
    /// Each value's number, in the order named ("Brazil's life expectancy in 1952, 1977 and 2007").
    Each,
    /// The first value's number minus the second's ("How much higher is X in Alaska than in Hawaii?";
    /// "grow from 1935 to 1954" names the later value first).
    Difference,
}

/// What a yes/no question tests about its inner plan's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "test", rename_all = "snake_case")]
pub enum Test {
    /// The inner number compared with a constant ("Is the average above 50?", "negative" = below 0).
    Cmp { op: CmpOp, value: f64 },
    /// Each group's number above (rising) or below the one before, in the groups' order: "Did
    /// renewable generation grow every single year?".
    Steps { rising: bool },
    /// The inner category is this value ("Is the most common day Saturday?").
    Is { value: String },
    /// The first of the compared values has more rows (or the larger measure) than the second
    /// ("more smokers than non-smokers", "Was GM's investment higher in 1954 than in 1953?").
    FirstMore,
    /// The first of the compared values has fewer rows than the second.
    FirstFewer,
    /// The compared values have as many rows (or the same measure): "as many men as women".
    Same,
    /// The count of distinct values equals the count of rows with a value ("all different").
    AllDistinct,
    /// The inner ranking's top is held by exactly one row ("Is the maximum found in only one row?").
    OneRow,
}

impl Plan {
    /// The rows the plan reads: its filter (a lookup's key), if any.
    pub fn filter(&self) -> Option<&Filter> {
        match self {
            Plan::Count { filter }
            | Plan::DistinctCount { filter, .. }
            | Plan::DistinctValues { filter, .. }
            | Plan::Frequent { filter, .. }
            | Plan::Rank { filter, .. }
            | Plan::Aggregate { filter, .. }
            | Plan::Group { filter, .. }
            | Plan::GroupTop { filter, .. }
            | Plan::GroupWhere { filter, .. }
            | Plan::Compare { filter, .. }
            | Plan::List { filter, .. }
            | Plan::Distribution { filter, .. }
            | Plan::Scatter { filter, .. } => filter.as_ref(),
            Plan::Share { filter, .. } | Plan::Lookup { key: filter, .. } | Plan::LookupFields { key: filter, .. } => Some(filter),
            Plan::Columns => None,
            Plan::ColumnStats { filter, .. } => filter.as_ref(),
            Plan::Check { inner, .. } | Plan::Nth { inner, .. } => inner.filter(),
            Plan::Each { parts } => parts.first().and_then(Plan::filter),
        }
    }

    /// The plan's intent, named in reports (`docs/accuracy.md`).
    pub fn intent(&self) -> Intent {
        match self {
            Plan::Count { filter: None } => Intent::RowsCount,
            Plan::Count { .. } => Intent::CountFilter,
            Plan::Columns => Intent::ColumnsCount,
            Plan::ColumnStats { .. } => Intent::ColumnStats,
            Plan::DistinctCount { .. } => Intent::DistinctCount,
            Plan::DistinctValues { .. } => Intent::DistinctValues,
            Plan::Frequent { most: true, .. } => Intent::MostFrequent,
            Plan::Frequent { .. } => Intent::LeastFrequent,
            Plan::Rank { desc: true, .. } => Intent::TopN,
            Plan::Rank { .. } => Intent::BottomN,
            Plan::Aggregate { .. } => Intent::Aggregate,
            Plan::Group { .. } => Intent::GroupAggregate,
            Plan::Share { .. } => Intent::Share,
            Plan::Compare { .. } => Intent::Compare,
            Plan::Lookup { .. } => Intent::Lookup,
            Plan::LookupFields { .. } => Intent::LookupFields,
            Plan::List { .. } => Intent::FilterList,
            Plan::Distribution { .. } => Intent::Distribution,
            Plan::Scatter { .. } => Intent::Scatter,
            Plan::GroupTop { desc: true, .. } => Intent::GroupTop,
            Plan::GroupTop { .. } => Intent::GroupBottom,
            Plan::GroupWhere { .. } => Intent::GroupWhere,
            Plan::Check { .. } => Intent::Check,
            Plan::Nth { .. } => Intent::Nth,
            Plan::Each { .. } => Intent::Each,
        }
    }
}
