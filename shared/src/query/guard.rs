//! The only door for SQL we did not build (a language model's): one read-only SELECT over
//! known tables whose cost the engine's limits can bound, or nothing. The engine's read-only
//! options and its `limits` are the locks behind this one.
//!
//! Refused, besides writes and unknown tables (issue 20): recursive CTEs (they never end), CTE
//! and table aliases that shadow a table (they forge its rows), SELECT without FROM, FROM items
//! other than tables, subqueries and joins (table functions, UNNEST), joins without a condition
//! comparing columns (cross joins, comma joins, NATURAL), VALUES lists, functions outside an
//! allowlist, and string functions that could grow a value past `MAX_GROWTH`-fold.

use std::collections::HashSet;
use std::ops::ControlFlow;

use datafusion::sql::sqlparser::ast::{
    BinaryOperator, Expr, Function, FunctionArg, FunctionArgExpr, FunctionArguments, JoinConstraint, JoinOperator, ObjectName,
    ObjectNamePart, Query, Select, SetExpr, Statement, TableFactor, Value, Visit, Visitor,
};
use datafusion::sql::sqlparser::dialect::GenericDialect;
use datafusion::sql::sqlparser::parser::Parser;

use super::error::QueryError;

/// Longest statement accepted, in bytes.
pub const MAX_SQL_BYTES: usize = 20_000;
/// How many times string functions together may multiply a value's length (a column's
/// `repeat` count, `||` and `concat` operands, `replace` ratios), across the whole statement.
pub const MAX_GROWTH: u64 = 100;
/// Longest value built from literals alone (`repeat('-', 20)`) or padded to (`lpad(x, 12, '0')`).
pub const MAX_BUILT_BYTES: u64 = 10_000;

/// Functions the SQL may call: aggregates, windows, arithmetic, conditionals, dates and string
/// functions whose output is no longer than their input (or is bounded below).
const ALLOWED: &[&str] = &[
    // aggregates
    "count",
    "sum",
    "avg",
    "mean",
    "min",
    "max",
    "median",
    "stddev",
    "stddev_samp",
    "stddev_pop",
    "var",
    "variance",
    "var_samp",
    "var_pop",
    "corr",
    "covar",
    "covar_samp",
    "covar_pop",
    "approx_distinct",
    "approx_median",
    "approx_percentile_cont",
    "percentile_cont",
    "bool_and",
    "bool_or",
    "first_value",
    "last_value",
    "nth_value",
    "string_agg",
    "any_value",
    // windows
    "row_number",
    "rank",
    "dense_rank",
    "percent_rank",
    "cume_dist",
    "ntile",
    "lag",
    "lead",
    // numbers
    "abs",
    "round",
    "ceil",
    "ceiling",
    "floor",
    "trunc",
    "sqrt",
    "cbrt",
    "power",
    "pow",
    "exp",
    "ln",
    "log",
    "log2",
    "log10",
    "sign",
    "signum",
    "greatest",
    "least",
    "pi",
    "degrees",
    "radians",
    "isnan",
    "iszero",
    "gcd",
    "lcm",
    "factorial",
    // conditionals
    "coalesce",
    "nullif",
    "nvl",
    "nvl2",
    "ifnull",
    // strings that do not grow
    "lower",
    "upper",
    "initcap",
    "length",
    "char_length",
    "character_length",
    "octet_length",
    "bit_length",
    "trim",
    "btrim",
    "ltrim",
    "rtrim",
    "substr",
    "substring",
    "left",
    "right",
    "starts_with",
    "ends_with",
    "strpos",
    "instr",
    "position",
    "split_part",
    "reverse",
    "translate",
    "ascii",
    "contains",
    "regexp_like",
    "regexp_match",
    "regexp_count",
    "to_hex",
    "md5",
    // strings that grow, checked below
    "repeat",
    "lpad",
    "rpad",
    "replace",
    "concat",
    "concat_ws",
    // dates
    "date_part",
    "datepart",
    "date_trunc",
    "datetrunc",
    "to_date",
    "to_timestamp",
    "to_char",
    "date_format",
    "make_date",
    "current_date",
    "now",
    "extract",
    "to_unixtime",
    "from_unixtime",
];

/// Checks `sql` and returns it normalised (as the parser prints it) when it is safe to run.
pub fn check_select(sql: &str, tables: &[&str]) -> Result<String, QueryError> {
    let refuse = |why: &str| Err(QueryError::Refused(why.to_string()));
    if sql.len() > MAX_SQL_BYTES {
        return refuse("the statement is too long");
    }
    let statements = Parser::parse_sql(&GenericDialect {}, sql).map_err(|e| QueryError::Refused(format!("not valid SQL: {e}")))?;
    let [statement] = statements.as_slice() else {
        return refuse("exactly one statement is allowed");
    };
    let Statement::Query(_) = statement else {
        return refuse("only SELECT queries are allowed");
    };
    // First the names WITH introduces (so FROM may use them), then every rule in one walk.
    let mut names = CteNames::default();
    let _ = statement.visit(&mut names);
    let mut check = Check { tables, ctes: names.0, growth: 1 };
    if let ControlFlow::Break(why) = statement.visit(&mut check) {
        return Err(QueryError::Refused(why));
    }
    if check.growth > MAX_GROWTH {
        return Err(QueryError::Refused(format!(
            "string functions here could make a value more than {MAX_GROWTH} times longer (repeat, concat, ||, replace); ask a narrower question"
        )));
    }
    Ok(statement.to_string())
}

/// The bare name of one identifier: unquoted as written, case kept (comparison ignores case).
fn bare(name: &ObjectName) -> Option<String> {
    match name.0.as_slice() {
        [ObjectNamePart::Identifier(i)] => Some(i.value.clone()),
        _ => None,
    }
}

fn same(a: &str, b: &str) -> bool {
    a == b || a.eq_ignore_ascii_case(b)
}

#[derive(Default)]
struct CteNames(Vec<String>);

impl Visitor for CteNames {
    type Break = ();
    fn pre_visit_query(&mut self, q: &Query) -> ControlFlow<()> {
        if let Some(w) = &q.with {
            self.0.extend(w.cte_tables.iter().map(|c| c.alias.name.value.clone()));
        }
        ControlFlow::Continue(())
    }
}

struct Check<'a> {
    tables: &'a [&'a str],
    ctes: Vec<String>,
    /// The product of every string function's growth factor so far (saturating).
    growth: u64,
}

impl Check<'_> {
    fn is_table(&self, name: &str) -> bool {
        self.tables.iter().any(|t| same(t, name))
    }
}

impl Visitor for Check<'_> {
    type Break = String;

    fn pre_visit_query(&mut self, q: &Query) -> ControlFlow<String> {
        if let Some(w) = &q.with {
            if w.recursive {
                return ControlFlow::Break("recursive queries (WITH RECURSIVE) are not allowed".into());
            }
            let mut seen = HashSet::new();
            for c in &w.cte_tables {
                let name = &c.alias.name.value;
                if self.is_table(name) {
                    return ControlFlow::Break(format!("WITH {name} reuses the name of a table; a query may not shadow a table"));
                }
                if !seen.insert(name.to_lowercase()) {
                    return ControlFlow::Break(format!("WITH names {name} twice"));
                }
            }
        }
        if !q.pipe_operators.is_empty()
            || q.settings.is_some()
            || q.format_clause.is_some()
            || q.for_clause.is_some()
            || !q.locks.is_empty()
        {
            return ControlFlow::Break("only plain SELECT queries are allowed".into());
        }
        body(&q.body)
    }

    fn pre_visit_select(&mut self, s: &Select) -> ControlFlow<String> {
        if s.into.is_some() {
            return ControlFlow::Break("SELECT … INTO writes a table".into());
        }
        if s.from.is_empty() {
            return ControlFlow::Break("a query must read FROM a table".into());
        }
        if s.from.len() > 1 {
            return ControlFlow::Break("tables listed with commas are a cross join; join them with JOIN … ON a condition".into());
        }
        if !s.lateral_views.is_empty() || !s.connect_by.is_empty() || s.prewhere.is_some() {
            return ControlFlow::Break("only plain SELECT queries are allowed".into());
        }
        for j in s.from.iter().flat_map(|f| &f.joins) {
            join(&j.join_operator)?;
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_table_factor(&mut self, f: &TableFactor) -> ControlFlow<String> {
        match f {
            TableFactor::Table { name, alias, args, sample, version, with_ordinality, json_path, .. } => {
                if args.is_some() || sample.is_some() || version.is_some() || *with_ordinality || json_path.is_some() {
                    return ControlFlow::Break(format!("{name} is not a plain table"));
                }
                if let Some(a) = alias {
                    let own = bare(name).unwrap_or_default();
                    if (self.is_table(&a.name.value) && !same(&a.name.value, &own))
                        || self.ctes.iter().any(|c| same(c, &a.name.value) && !same(c, &own))
                    {
                        return ControlFlow::Break(format!(
                            "the alias {} reuses the name of a table; a query may not shadow a table",
                            a.name.value
                        ));
                    }
                }
                ControlFlow::Continue(())
            }
            TableFactor::Derived { lateral, alias, .. } => {
                if *lateral {
                    return ControlFlow::Break("LATERAL subqueries are not allowed".into());
                }
                if let Some(a) = alias {
                    if self.is_table(&a.name.value) || self.ctes.iter().any(|c| same(c, &a.name.value)) {
                        return ControlFlow::Break(format!(
                            "the alias {} reuses the name of a table; a query may not shadow a table",
                            a.name.value
                        ));
                    }
                }
                ControlFlow::Continue(())
            }
            TableFactor::NestedJoin { .. } => ControlFlow::Continue(()),
            _ => ControlFlow::Break("only tables, subqueries and joins may appear in FROM".into()),
        }
    }

    fn pre_visit_relation(&mut self, rel: &ObjectName) -> ControlFlow<String> {
        match bare(rel) {
            Some(n) if self.is_table(&n) || self.ctes.iter().any(|c| same(c, &n)) => ControlFlow::Continue(()),
            _ => ControlFlow::Break(format!("unknown table {rel}")),
        }
    }

    fn pre_visit_expr(&mut self, e: &Expr) -> ControlFlow<String> {
        let factor = match e {
            Expr::Function(f) => function(f)?,
            Expr::BinaryOp { left, op: BinaryOperator::StringConcat, right } => (!is_literal(left)) as u64 + (!is_literal(right)) as u64,
            Expr::Overlay { .. } => 2,
            Expr::Lambda(_) | Expr::Prefixed { .. } => return ControlFlow::Break("this expression is not allowed".into()),
            _ => 1,
        };
        self.growth = self.growth.saturating_mul(factor.max(1));
        ControlFlow::Continue(())
    }
}

/// The body of a query: SELECTs, nested queries and set operations only (no VALUES lists).
fn body(b: &SetExpr) -> ControlFlow<String> {
    match b {
        SetExpr::Select(_) | SetExpr::Query(_) => ControlFlow::Continue(()),
        SetExpr::SetOperation { left, right, .. } => {
            body(left)?;
            body(right)
        }
        SetExpr::Values(_) => ControlFlow::Break("VALUES lists are not allowed; read FROM a table".into()),
        _ => ControlFlow::Break("only SELECT queries are allowed".into()),
    }
}

/// A join must compare columns (ON a.x = b.y, or USING): anything else multiplies the tables.
fn join(op: &JoinOperator) -> ControlFlow<String> {
    let constraint = match op {
        JoinOperator::Join(c)
        | JoinOperator::Inner(c)
        | JoinOperator::Left(c)
        | JoinOperator::LeftOuter(c)
        | JoinOperator::Right(c)
        | JoinOperator::RightOuter(c)
        | JoinOperator::FullOuter(c)
        | JoinOperator::Semi(c)
        | JoinOperator::LeftSemi(c)
        | JoinOperator::RightSemi(c)
        | JoinOperator::Anti(c)
        | JoinOperator::LeftAnti(c)
        | JoinOperator::RightAnti(c) => c,
        JoinOperator::CrossJoin(_) => {
            return ControlFlow::Break("CROSS JOIN multiplies the tables; join them with JOIN … ON a condition".into())
        }
        _ => return ControlFlow::Break("this kind of join is not allowed; use JOIN … ON a condition".into()),
    };
    match constraint {
        JoinConstraint::On(on) if compares_columns(on) => ControlFlow::Continue(()),
        JoinConstraint::Using(cols) if !cols.is_empty() => ControlFlow::Continue(()),
        JoinConstraint::Natural => ControlFlow::Break("NATURAL joins are not allowed; name the columns with JOIN … ON".into()),
        _ => ControlFlow::Break("a join needs a condition comparing a column of each side (JOIN … ON a.x = b.y)".into()),
    }
}

/// Whether a join condition holds an equality between two columns (in any AND/OR branch).
fn compares_columns(e: &Expr) -> bool {
    let column = |e: &Expr| matches!(e, Expr::Identifier(_) | Expr::CompoundIdentifier(_));
    match e {
        Expr::BinaryOp { left, op: BinaryOperator::Eq, right } => column(left) && column(right),
        Expr::BinaryOp { left, op: BinaryOperator::And, right } => compares_columns(left) || compares_columns(right),
        Expr::BinaryOp { left, op: BinaryOperator::Or, right } => compares_columns(left) && compares_columns(right),
        Expr::Nested(inner) => compares_columns(inner),
        _ => false,
    }
}

fn is_literal(e: &Expr) -> bool {
    matches!(e, Expr::Value(_))
}

/// A string literal's length in bytes.
fn str_len(e: &Expr) -> Option<u64> {
    match e {
        Expr::Value(v) => match &v.value {
            Value::SingleQuotedString(s)
            | Value::DoubleQuotedString(s)
            | Value::EscapedStringLiteral(s)
            | Value::UnicodeStringLiteral(s)
            | Value::NationalStringLiteral(s) => Some(s.len() as u64),
            _ => None,
        },
        _ => None,
    }
}

/// A whole-number literal (`2e9` and `1.5` are not).
fn whole(e: &Expr) -> Option<u64> {
    match e {
        Expr::Value(v) => match &v.value {
            Value::Number(n, _) => n.to_string().parse().ok(),
            _ => None,
        },
        _ => None,
    }
}

/// Checks a function call against the allowlist and returns how many times it may lengthen a
/// string value (1 for all but the growing ones).
fn function(f: &Function) -> ControlFlow<String, u64> {
    let [ObjectNamePart::Identifier(id)] = f.name.0.as_slice() else {
        return ControlFlow::Break(format!("function {} is not allowed", f.name));
    };
    let name = id.value.to_lowercase();
    if !ALLOWED.contains(&name.as_str()) {
        return ControlFlow::Break(format!("function {name} is not allowed"));
    }
    let args: Vec<Option<&Expr>> = match &f.args {
        FunctionArguments::None => Vec::new(),
        FunctionArguments::List(l) => l
            .args
            .iter()
            .map(|a| match a {
                FunctionArg::Unnamed(FunctionArgExpr::Expr(e))
                | FunctionArg::Named { arg: FunctionArgExpr::Expr(e), .. }
                | FunctionArg::ExprNamed { arg: FunctionArgExpr::Expr(e), .. } => Some(e),
                _ => None,
            })
            .collect(),
        FunctionArguments::Subquery(_) => return ControlFlow::Break(format!("{name} cannot take a subquery as its argument")),
    };
    let arg = |i: usize| args.get(i).copied().flatten();
    let count = |i: usize, what: &str| match arg(i).and_then(whole) {
        Some(n) => ControlFlow::Continue(n),
        None => ControlFlow::Break(format!("{name}'s {what} must be a whole number written in the query")),
    };
    let factor = match name.as_str() {
        "repeat" => {
            let n = count(1, "count")?;
            match arg(0).and_then(str_len) {
                // A literal repeated: an absolute length.
                Some(len) if len.saturating_mul(n) <= MAX_BUILT_BYTES => 1,
                Some(_) => return ControlFlow::Break(format!("repeat would build a value longer than {MAX_BUILT_BYTES} bytes")),
                None if n <= MAX_GROWTH => n,
                None => return ControlFlow::Break(format!("repeat's count may be at most {MAX_GROWTH} for a column")),
            }
        }
        "lpad" | "rpad" => {
            let n = count(1, "length")?;
            if n > MAX_BUILT_BYTES {
                return ControlFlow::Break(format!("{name} may pad to at most {MAX_BUILT_BYTES} characters"));
            }
            1
        }
        "replace" => match (arg(1).and_then(str_len), arg(2).and_then(str_len)) {
            (Some(from), Some(to)) if from > 0 => to.div_ceil(from).max(1),
            (_, Some(to)) => to + 1,
            (_, None) => return ControlFlow::Break("replace's replacement must be text written in the query".into()),
        },
        "concat" | "concat_ws" => args.iter().filter(|a| !a.is_some_and(is_literal)).count() as u64,
        _ => 1,
    };
    ControlFlow::Continue(factor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_one_select_over_known_tables() {
        for ok in [
            "SELECT COUNT(*) FROM \"cars\" WHERE \"Origin\" = 'USA'",
            "SELECT a FROM cars JOIN cars c2 ON cars.a = c2.a",
            "SELECT \"Origin\", AVG(mpg) FROM cars GROUP BY \"Origin\" ORDER BY 2 DESC LIMIT 5",
            "WITH usa AS (SELECT * FROM cars WHERE origin = 'USA') SELECT COUNT(*) FROM usa",
            "SELECT name || ' (' || origin || ')' FROM cars",
            "SELECT lpad(CAST(year AS VARCHAR), 4, '0'), repeat('-', 20), replace(name, ',', '') FROM cars",
            "SELECT * FROM (SELECT origin, COUNT(*) AS n FROM cars GROUP BY origin) t WHERE n > 2",
            "SELECT a FROM cars WHERE a IN (SELECT a FROM cars WHERE b > 1)",
            "SELECT CURRENT_DATE, date_trunc('month', d) FROM cars",
        ] {
            assert!(check_select(ok, &["cars"]).is_ok(), "{ok}: {:?}", check_select(ok, &["cars"]));
        }
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
            // issue 20
            "WITH RECURSIVE \"cars\" AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM \"cars\") SELECT COUNT(*) FROM \"cars\"",
            "WITH cars AS (SELECT 999 AS n) SELECT n FROM cars",
            "SELECT n FROM (SELECT 999 AS n) AS cars",
            "SELECT n FROM (SELECT COUNT(*) AS n FROM cars) AS people",
            "SELECT * FROM cars AS people",
            "SELECT length(repeat('x', 2000000000)) FROM cars",
            "SELECT lpad('a', 2e9, 'b') FROM cars",
            "SELECT repeat(\"name\", 100000000) FROM cars",
            "SELECT repeat(name, n) FROM cars",
            "SELECT * FROM cars, cars c2, cars c3",
            "SELECT * FROM cars CROSS JOIN cars c2",
            "SELECT * FROM cars JOIN cars c2 ON true",
            "SELECT * FROM cars NATURAL JOIN cars c2",
            "SELECT version()",
            "SELECT 1",
            "VALUES (1)",
            "SELECT * FROM generate_series(1, 1000000000)",
            "SELECT * FROM UNNEST([1, 2])",
            "SELECT version() FROM cars",
            "SELECT replace(name, 'a', name) FROM cars",
            "SELECT a || a || a || a || a || a || a || a FROM cars",
        ] {
            assert!(check_select(bad, &["cars", "people"]).is_err(), "{bad}");
        }
    }

    #[test]
    fn growth_multiplies_through_subqueries() {
        // Each level doubles what the one below built: refused once the product passes the bound.
        let mut sql = "SELECT name AS a0 FROM cars".to_string();
        for i in 1..=8 {
            sql = format!("SELECT a{p} || a{p} AS a{i} FROM ({sql}) t{i}", p = i - 1);
        }
        assert!(check_select(&sql, &["cars"]).is_err());
    }
}
