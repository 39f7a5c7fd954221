//! SQL a language model wrote for a question the rules could not plan: checked by `guard` (one
//! read-only SELECT over known tables), run by the same engine, and marked `approximate`, with the
//! rows its WHERE clause reads cited.

use datafusion::sql::sqlparser::ast::{SetExpr, Statement, TableFactor};
use datafusion::sql::sqlparser::dialect::GenericDialect;
use datafusion::sql::sqlparser::parser::Parser;
use serde_json::Value as Json;

use super::answer::{num, tr, Answer, Citation, Route};
use super::dataset::Dataset;
use super::error::QueryError;
use super::execute::chart;
use super::guard::check_select;
use super::intent::Intent;
use super::lang::Lang;
use super::plan::ChartKind;
use super::sql::{ident, CITE_CAP, LIST_CAP, ROW};
use crate::api::{SqlColumn, SqlRequest, SqlTable};
use crate::schema::Shape;

/// Sample values per column shown to the model, so it spells categories as the data does.
const EXAMPLES: usize = 4;

/// Rows a written statement returns at most: the answer lists `LIST_CAP`, and says "or more".
pub const WRITTEN_ROWS: usize = 1_000;

impl Dataset {
    /// What the model needs to write SQL for `question`: every table's columns, types and a few values.
    pub fn sql_request(&self, question: &str) -> SqlRequest {
        let tables = self
            .tables
            .iter()
            .zip(&self.schemas)
            .map(|(t, s)| SqlTable {
                name: t.name.clone(),
                columns: s
                    .columns
                    .iter()
                    .filter(|c| c.shape == Shape::Scalar)
                    .map(|c| SqlColumn {
                        name: c.name.clone(),
                        ty: c.ty,
                        examples: if c.categorical { c.samples.iter().take(EXAMPLES).cloned().collect() } else { Vec::new() },
                    })
                    .collect(),
            })
            .collect();
        SqlRequest { question: question.to_string(), tables }
    }

    /// Runs SQL a language model wrote, once `guard` accepts it; the answer is marked approximate.
    pub async fn run_written(&self, sql: &str, lang: Lang) -> Result<Answer, QueryError> {
        let names: Vec<&str> = self.tables.iter().map(|t| t.name.as_str()).collect();
        let sql = check_select(sql, &names)?;
        // The engine's limits bound its cost; the LIMIT inside the plan stops it at what is shown.
        let (mut rows, more) = self.engine.query_at_most(&sql, WRITTEN_ROWS).await?;
        if let Some(ri) = rows.col(ROW) {
            rows.columns.remove(ri);
            for r in &mut rows.rows {
                r.remove(ri);
            }
        }
        let total = rows.rows.len();
        rows.rows.truncate(LIST_CAP);
        let mut a = Answer::plain(Route::Exact, lang, String::new());
        a.intent = Some(Intent::WrittenSql);
        a.approximate = true;
        a.confidence = 0.5;
        a.sql = Some(sql.clone());
        let caveat = tr(
            lang,
            " (a language model wrote this SQL: check that it asks what you meant)".into(),
            " (un modelo de lenguaje escribió esta SQL: revisa que pregunte lo que querías)".into(),
            " (un model de llenguatge ha escrit aquesta SQL: revisa que pregunti el que volies)".into(),
            " (ein Sprachmodell hat dieses SQL geschrieben: prüfen Sie, ob es fragt, was Sie meinten)".into(),
        );
        a.answer = match (rows.columns.len(), total) {
            (_, 0) => tr(
                lang,
                "No rows match.".into(),
                "Ninguna fila coincide.".into(),
                "Cap fila coincideix.".into(),
                "Keine Zeile passt.".into(),
            ),
            (1, 1) if rows.rows[0][0].is_null() => tr(
                lang,
                "The query found no value.".into(),
                "La consulta no encontró ningún valor.".into(),
                "La consulta no ha trobat cap valor.".into(),
                "Die Abfrage fand keinen Wert.".into(),
            ),
            (1, 1) => {
                a.value = rows.rows[0][0].clone();
                format!("{}: {}", rows.columns[0], show(lang, &a.value))
            }
            _ => {
                let lines: Vec<String> =
                    rows.rows.iter().take(10).map(|r| r.iter().map(|v| show(lang, v)).collect::<Vec<_>>().join(" · ")).collect();
                let more = match (total > 10, more) {
                    (true, false) => format!(" …(+{})", total - 10),
                    (true, true) => {
                        format!(" …(+{} {})", total - 10, tr(lang, "or more".into(), "o más".into(), "o més".into(), "oder mehr".into()))
                    }
                    _ => String::new(),
                };
                format!("{}: {}{more}", rows.columns.join(" · "), lines.join("; "))
            }
        };
        a.answer.push_str(&caveat);
        // Two columns, text then number, over a few groups: a bar chart as for the exact path's groups.
        if rows.columns.len() == 2 && (2..=50).contains(&total) && rows.rows.iter().all(|r| r[1].is_number() && !r[0].is_number()) {
            a.chart = Some(chart(ChartKind::Bar, &rows.columns[1], &rows.columns[0], &rows.columns[1], &rows, 0, 1));
        }
        a.rows = Some(rows);
        if let Some((table, cite)) = cite_sql(&sql) {
            if let Some(t) = self.tables.iter().find(|t| t.name == table) {
                if let Ok(cited) = self.engine.query(&cite).await {
                    a.citations = cited
                        .rows
                        .iter()
                        .filter_map(|r| r.first().and_then(Json::as_u64))
                        .map(|row| Citation { file: t.file.clone(), row })
                        .collect();
                }
            }
        }
        Ok(a)
    }
}

fn show(lang: Lang, v: &Json) -> String {
    match v {
        Json::Number(_) => num(lang, v),
        Json::String(s) => s.clone(),
        Json::Null => "—".into(),
        other => other.to_string(),
    }
}

/// The rows a single-table SELECT reads: its FROM and WHERE, selecting the hidden row number.
/// Joins and subqueries in FROM are not cited (which row of which table would be ambiguous).
fn cite_sql(sql: &str) -> Option<(String, String)> {
    let statements = Parser::parse_sql(&GenericDialect {}, sql).ok()?;
    let Some(Statement::Query(q)) = statements.first() else { return None };
    let SetExpr::Select(s) = q.body.as_ref() else { return None };
    let [from] = s.from.as_slice() else { return None };
    if !from.joins.is_empty() {
        return None;
    }
    let TableFactor::Table { name, .. } = &from.relation else { return None };
    let table = name.0.last()?.to_string().trim_matches('"').replace("\"\"", "\"");
    let filter = s.selection.as_ref().map(|w| format!(" WHERE {w}")).unwrap_or_default();
    let row = ident(ROW);
    Some((table.clone(), format!("SELECT {row} FROM {}{filter} ORDER BY {row} LIMIT {CITE_CAP}", ident(&table))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cites_the_where_of_one_table() {
        let (t, sql) = cite_sql("SELECT AVG(\"mpg\") FROM \"cars\" WHERE \"origin\" = 'USA'").unwrap();
        assert_eq!(t, "cars");
        assert_eq!(sql, "SELECT \"__row\" FROM \"cars\" WHERE \"origin\" = 'USA' ORDER BY \"__row\" LIMIT 50");
        assert!(cite_sql("SELECT * FROM a JOIN b ON a.x = b.x").is_none());
    }
}
