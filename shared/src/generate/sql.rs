//! Text-to-SQL for questions the rule-based path could not plan: the prompt (the tables' columns,
//! a worked example over the user's own table) and the SQL taken back out of the reply. What comes
//! back is untrusted: `query::guard` decides whether it runs, and the answer is marked approximate.

use crate::api::{SqlRequest, SqlTable};
use crate::schema::ColumnType;

use super::wire::ChatMessage;

/// One statement is short; a longer reply is the model rambling.
pub const MAX_TOKENS: u32 = 160;
/// Tables and columns described in the prompt (a small model's context is small).
const MAX_TABLES: usize = 8;
const MAX_COLUMNS: usize = 60;

const SYSTEM: &str = "You translate a question about tables into one SQL SELECT statement for Apache DataFusion. \
Write every table and column name in double quotes, exactly as listed. Use only the listed tables and columns. \
Reply with the SQL statement only.";

/// The chat that asks for the statement.
pub fn messages(req: &SqlRequest) -> Vec<ChatMessage> {
    let mut schema = String::new();
    for t in req.tables.iter().take(MAX_TABLES) {
        schema.push_str(&describe(t));
    }
    let mut m = vec![ChatMessage::system(SYSTEM)];
    for (q, sql) in req.tables.first().map(examples).unwrap_or_default() {
        m.push(ChatMessage::user(format!("{schema}Question: {q}")));
        m.push(ChatMessage::assistant(sql));
    }
    // The question is user data: one line, as in the grounded prompt.
    let question = req.question.split_whitespace().collect::<Vec<_>>().join(" ");
    m.push(ChatMessage::user(format!("{schema}Question: {question}")));
    m
}

/// `Table "name": "col" (type, e.g. 'a', 'b'), …` — names and values quoted as SQL would.
fn describe(t: &SqlTable) -> String {
    let cols: Vec<String> = t
        .columns
        .iter()
        .take(MAX_COLUMNS)
        .map(|c| {
            let ty = serde_json::to_value(c.ty).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
            let one_line = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
            if c.examples.is_empty() {
                format!("{} ({ty})", ident(&one_line(&c.name)))
            } else {
                let ex: Vec<String> = c.examples.iter().map(|e| string(&one_line(e))).collect();
                format!("{} ({ty}, e.g. {})", ident(&one_line(&c.name)), ex.join(", "))
            }
        })
        .collect();
    format!("Table {}: {}\n", ident(&t.name), cols.join(", "))
}

/// Worked examples over the user's own table, so a small model sees the quoting and the shapes:
/// a count under two conditions and an average over one category (or a plain count).
fn examples(t: &SqlTable) -> Vec<(String, String)> {
    let table = ident(&t.name);
    let number = t.columns.iter().find(|c| matches!(c.ty, ColumnType::Integer | ColumnType::Decimal));
    let category = t.columns.iter().find(|c| !c.examples.is_empty() && c.ty == ColumnType::Text);
    match (number, category) {
        (Some(n), Some(c)) => {
            let (ex, last) = (&c.examples[0], c.examples.last().unwrap_or(&c.examples[0]));
            vec![
                (
                    format!("How many rows with {} {} have {} above 0?", c.name, ex, n.name),
                    format!("SELECT COUNT(*) FROM {table} WHERE {} = {} AND {} > 0", ident(&c.name), string(ex), ident(&n.name)),
                ),
                (
                    format!("What is the average {} when {} is {}?", n.name, c.name, last),
                    format!("SELECT AVG({}) FROM {table} WHERE {} = {}", ident(&n.name), ident(&c.name), string(last)),
                ),
            ]
        }
        _ => vec![("How many rows are there?".into(), format!("SELECT COUNT(*) FROM {table}"))],
    }
}

/// The statement in a reply: a fenced block if there is one, else from the first SELECT (or WITH),
/// up to the first semicolon. None when there is no statement.
pub fn extract(reply: &str) -> Option<String> {
    let body = match reply.find("```") {
        Some(open) => {
            let rest = &reply[open + 3..];
            let rest = rest.strip_prefix("sql").or_else(|| rest.strip_prefix("SQL")).unwrap_or(rest);
            rest.split("```").next().unwrap_or(rest)
        }
        None => reply,
    };
    let lower = body.to_ascii_lowercase();
    let start = [lower.find("select"), lower.find("with ")].into_iter().flatten().min()?;
    let stmt = body[start..].split(';').next().unwrap_or_default().trim();
    (!stmt.is_empty()).then(|| stmt.to_string())
}

/// A name in double quotes (quotes inside doubled), as SQL reads it.
fn ident(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

/// A value in single quotes (quotes inside doubled).
fn string(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::SqlColumn;

    fn cars() -> SqlRequest {
        let col = |name: &str, ty, ex: &[&str]| SqlColumn { name: name.into(), ty, examples: ex.iter().map(|s| s.to_string()).collect() };
        SqlRequest {
            question: "Mean mpg of\nUSA cars?".into(),
            tables: vec![SqlTable {
                name: "cars".into(),
                columns: vec![
                    col("Car", ColumnType::Text, &[]),
                    col("MPG", ColumnType::Decimal, &[]),
                    col("Origin", ColumnType::Text, &["US'A", "Europe"]),
                ],
            }],
        }
    }

    #[test]
    fn the_prompt_lists_columns_and_a_worked_example_on_the_same_table() {
        let m = messages(&cars());
        assert_eq!(m.len(), 6);
        assert!(
            m[1].content.contains("Table \"cars\": \"Car\" (text), \"MPG\" (decimal), \"Origin\" (text, e.g. 'US''A', 'Europe')"),
            "{}",
            m[1].content
        );
        assert_eq!(m[2].content, "SELECT COUNT(*) FROM \"cars\" WHERE \"Origin\" = 'US''A' AND \"MPG\" > 0");
        assert_eq!(m[4].content, "SELECT AVG(\"MPG\") FROM \"cars\" WHERE \"Origin\" = 'Europe'");
        assert!(m[5].content.ends_with("Question: Mean mpg of USA cars?"));
    }

    #[test]
    fn takes_the_statement_out_of_the_reply() {
        assert_eq!(extract("```sql\nSELECT 1 FROM \"t\";\n```").as_deref(), Some("SELECT 1 FROM \"t\""));
        assert_eq!(extract("Here it is: select count(*) from t; DROP TABLE t").as_deref(), Some("select count(*) from t"));
        assert_eq!(extract("I cannot answer that."), None);
    }
}
