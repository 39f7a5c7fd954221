//! What a question was read as: one name per plan, refusal, meta question and answering route.
//! `ask --json`, reports and votes carry it as snake_case text; code compares the enum.

use serde::{Deserialize, Serialize};

/// The recognised intent of an answer. Other tools read these names: keep them stable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Intent {
    // Plans of the exact path (`Plan::intent`).
    RowsCount,
    CountFilter,
    ColumnsCount,
    ColumnStats,
    DistinctCount,
    DistinctValues,
    MostFrequent,
    LeastFrequent,
    TopN,
    BottomN,
    Aggregate,
    GroupAggregate,
    Share,
    Compare,
    Lookup,
    LookupFields,
    FilterList,
    Distribution,
    Scatter,
    GroupTop,
    GroupBottom,
    GroupWhere,
    Check,
    Nth,
    Each,
    // Refusals: why no number came.
    Empty,
    TooLong,
    Sql,
    Language,
    UnknownField,
    UnknownValue,
    TypeMismatch,
    Contradiction,
    PeriodOfYear,
    ListCells,
    OutsideData,
    Unplaced,
    // Questions about the dataset itself.
    MetaSource,
    MetaDescription,
    MetaDate,
    MetaTitle,
    MetaCapabilities,
    /// Rows found by words (and meaning), not computed.
    Retrieval,
    /// SQL a language model wrote, run after the guard accepted it.
    WrittenSql,
    /// Written by a language model from retrieved rows, each sentence cited again.
    Generated,
}

impl Intent {
    /// The name as `ask --json` writes it ("top_n", "retrieval", …).
    pub fn name(self) -> String {
        serde_json::to_value(self).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::Intent;

    #[test]
    fn names_are_the_reports_names() {
        assert_eq!(Intent::TopN.name(), "top_n");
        assert_eq!(Intent::MetaCapabilities.name(), "meta_capabilities");
        assert_eq!(Intent::WrittenSql.name(), "written_sql");
        assert_eq!(serde_json::from_str::<Intent>("\"filter_list\"").unwrap(), Intent::FilterList);
    }
}
