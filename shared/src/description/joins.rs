//! Foreign keys between tables of one upload, offered to the user as joins.

use serde::{Deserialize, Serialize};

/// `from_table.from_column` values are (mostly) contained in the unique `to_table.to_column`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JoinCandidate {
    pub from_table: String,
    pub from_column: String,
    pub to_table: String,
    pub to_column: String,
    /// Share of the non-missing `from` values found in `to`.
    pub coverage: f64,
    /// Ranking score: coverage plus name evidence.
    pub score: f64,
    /// Declared by metadata (datapackage.json) rather than detected.
    pub declared: bool,
}

/// One line for people: "grades.student_id → students.id (100% of values match)".
impl std::fmt::Display for JoinCandidate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}.{} → {}.{} ({:.0}% of values match{})",
            self.from_table,
            self.from_column,
            self.to_table,
            self.to_column,
            self.coverage * 100.0,
            if self.declared { ", declared" } else { "" }
        )
    }
}

use std::collections::HashSet;

use crate::schema::values::is_missing;
use crate::table::{Table, Value};

fn column_values(t: &Table, c: usize) -> Vec<&str> {
    t.rows
        .iter()
        .filter_map(|r| match r.get(c) {
            Some(Value::Text(s)) if !is_missing(s) => Some(s.trim()),
            _ => None,
        })
        .collect()
}

fn singular(s: &str) -> String {
    let l = s.to_lowercase();
    l.strip_suffix("ies").map(|x| format!("{x}y")).or_else(|| l.strip_suffix('s').map(str::to_string)).unwrap_or(l)
}

/// Foreign-key candidates: values of one column contained in another table's unique column.
///
/// Containment alone over-matches (every `id` 1..n is inside every other `id` 1..n), so a candidate
/// also needs name evidence ("student_id" → students.id) or a many-to-one shape (repeated values).
pub fn detect(tables: &[Table]) -> Vec<JoinCandidate> {
    let mut out = Vec::new();
    for (bi, b) in tables.iter().enumerate() {
        for (yc, y) in b.columns.iter().enumerate() {
            let yv = column_values(b, yc);
            if yv.len() < 2 || yv.len() != b.rows.len() {
                continue;
            }
            let keys: HashSet<&str> = yv.iter().copied().collect();
            if keys.len() != yv.len() {
                continue;
            }
            let yname = y.name().to_lowercase();
            let bname = singular(crate::names::stem(&b.name));
            for (ai, a) in tables.iter().enumerate() {
                if ai == bi {
                    continue;
                }
                for (xc, x) in a.columns.iter().enumerate() {
                    let xv = column_values(a, xc);
                    if xv.is_empty() {
                        continue;
                    }
                    let found = xv.iter().filter(|v| keys.contains(*v)).count();
                    let coverage = found as f64 / xv.len() as f64;
                    if coverage < 0.95 {
                        continue;
                    }
                    let xname = x.name().to_lowercase();
                    let tokens = crate::schema::name_tokens(&xname);
                    let names_table = tokens.iter().any(|t| singular(t) == bname) || xname.contains(&bname);
                    let same_name = xname == yname && !matches!(xname.as_str(), "id" | "name" | "key");
                    let distinct: HashSet<&str> = xv.iter().copied().collect();
                    let many_to_one = distinct.len() < xv.len();
                    let evidence = if names_table { 0.5 } else { 0.0 } + if same_name { 0.25 } else { 0.0 };
                    if evidence == 0.0 && !many_to_one {
                        continue;
                    }
                    out.push(JoinCandidate {
                        from_table: a.name.clone(),
                        from_column: x.name(),
                        to_table: b.name.clone(),
                        to_column: y.name(),
                        coverage,
                        score: coverage + evidence + if many_to_one { 0.1 } else { 0.0 },
                        declared: false,
                    });
                }
            }
        }
    }
    out.sort_by(|p, q| q.score.total_cmp(&p.score));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ingest::headers::table_from_grid;
    use crate::ingest::limits::Limits;

    fn t(name: &str, rows: &[&[&str]]) -> Table {
        let g = rows.iter().map(|r| r.iter().map(|c| c.to_string()).collect()).collect();
        table_from_grid("f.csv", name, g, &Limits::default(), &mut Vec::new()).unwrap()
    }

    #[test]
    fn finds_student_id_to_students_id() {
        let students = t("students", &[&["id", "name"], &["1", "Ada"], &["2", "Bob"], &["3", "Cy"]]);
        let grades = t("grades", &[&["id", "student_id", "grade"], &["1", "1", "A"], &["2", "1", "B"], &["3", "3", "C"]]);
        let j = detect(&[students, grades]);
        assert_eq!(j.len(), 1, "{j:?}");
        assert_eq!(
            (j[0].from_table.as_str(), j[0].from_column.as_str(), j[0].to_table.as_str(), j[0].to_column.as_str()),
            ("grades", "student_id", "students", "id")
        );
    }
}
