//! The only door for SQL we did not build (a language model's): one read-only SELECT over
//! known tables, or nothing. The engine's read-only options are a second lock behind this one.

use std::ops::ControlFlow;

use datafusion::sql::sqlparser::ast::{visit_relations, SetExpr, Statement};
use datafusion::sql::sqlparser::dialect::GenericDialect;
use datafusion::sql::sqlparser::parser::Parser;

use super::error::QueryError;

/// Checks `sql` and returns it normalised (as the parser prints it) when it is safe to run.
pub fn check_select(sql: &str, tables: &[&str]) -> Result<String, QueryError> {
    let refuse = |why: &str| Err(QueryError::Refused(why.to_string()));
    if sql.len() > 20_000 {
        return refuse("the statement is too long");
    }
    let statements = Parser::parse_sql(&GenericDialect {}, sql).map_err(|e| QueryError::Refused(format!("not valid SQL: {e}")))?;
    let [statement] = statements.as_slice() else {
        return refuse("exactly one statement is allowed");
    };
    let Statement::Query(query) = statement else {
        return refuse("only SELECT queries are allowed");
    };
    if let SetExpr::Select(select) = query.body.as_ref() {
        if select.into.is_some() {
            return refuse("SELECT … INTO writes a table");
        }
    }
    let mut unknown = None;
    let _ = visit_relations(statement, |rel| {
        let name = rel.0.last().map(|p| p.to_string()).unwrap_or_default();
        let bare = name.trim_matches('"').replace("\"\"", "\"");
        let schema_qualified = rel.0.len() > 1;
        if schema_qualified || !tables.iter().any(|t| *t == bare || t.eq_ignore_ascii_case(&bare)) {
            unknown = Some(rel.to_string());
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    if let Some(t) = unknown {
        return Err(QueryError::Refused(format!("unknown table {t}")));
    }
    Ok(statement.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_one_select_over_known_tables() {
        assert!(check_select("SELECT COUNT(*) FROM \"cars\" WHERE \"Origin\" = 'USA'", &["cars"]).is_ok());
        assert!(check_select("SELECT a FROM cars JOIN cars c2 ON cars.a = c2.a", &["cars"]).is_ok());
    }

    #[test]
    fn refuses_everything_else() {
        for bad in [
            "DROP TABLE cars",
            "SELECT 1; DROP TABLE cars",
            "DELETE FROM cars",
            "INSERT INTO cars VALUES (1)",
            "UPDATE cars SET a = 1",
            "CREATE TABLE x AS SELECT * FROM cars",
            "SELECT * FROM secrets",
            "SELECT * FROM information_schema.tables",
            "SELECT * INTO x FROM cars",
            "COPY cars TO '/tmp/x'",
            "SELECT * FROM cars WHERE a IN (SELECT b FROM other)",
            "not sql at all",
        ] {
            assert!(check_select(bad, &["cars"]).is_err(), "{bad}");
        }
    }
}
