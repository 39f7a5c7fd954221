//! GlueSQL with its memory storage. Load: `CREATE TABLE` through SQL, then the rows through the
//! storage's public `StoreMut::append_data` (the fastest path its API offers; a batched SQL INSERT
//! parses and evaluates every literal).

use gluesql::core::data::Value;
use gluesql::core::executor::Payload;
use gluesql::core::store::StoreMut;
use gluesql::prelude::{Glue, MemoryStorage};

use crate::{Answer, Data};

pub fn load(d: &Data) -> Result<Glue<MemoryStorage>, String> {
    let mut glue = Glue::new(MemoryStorage::default());
    glue.execute(
        r#"CREATE TABLE t ("id" INT, "category" TEXT, "region" TEXT, "amount" FLOAT, "year" INT, "name" TEXT)"#,
    )
    .map_err(|e| e.to_string())?;
    let rows: Vec<Vec<Value>> = (0..d.len())
        .map(|i| {
            vec![
                Value::I64(d.id[i]),
                Value::Str(d.category[i].clone()),
                Value::Str(d.region[i].to_string()),
                d.amount[i].map_or(Value::Null, Value::F64),
                Value::I64(d.year[i]),
                Value::Str(d.name[i].clone()),
            ]
        })
        .collect();
    glue.storage.append_data("t", rows).map_err(|e| e.to_string())?;
    Ok(glue)
}

/// Batched SQL INSERTs (`batch` rows per statement): the documented SQL loading path, for comparison.
pub fn load_sql(d: &Data, batch: usize) -> Result<Glue<MemoryStorage>, String> {
    let mut glue = Glue::new(MemoryStorage::default());
    glue.execute(
        r#"CREATE TABLE t ("id" INT, "category" TEXT, "region" TEXT, "amount" FLOAT, "year" INT, "name" TEXT)"#,
    )
    .map_err(|e| e.to_string())?;
    let mut i = 0;
    while i < d.len() {
        let end = (i + batch).min(d.len());
        let mut sql = String::from(r#"INSERT INTO t ("id", "category", "region", "amount", "year", "name") VALUES "#);
        for j in i..end {
            if j > i {
                sql.push(',');
            }
            let amount = d.amount[j].map_or("NULL".to_string(), |a| format!("{a:?}"));
            sql.push_str(&format!(
                "({}, '{}', '{}', {amount}, {}, '{}')",
                d.id[j], d.category[j], d.region[j], d.year[j], d.name[j]
            ));
        }
        glue.execute(&sql).map_err(|e| e.to_string())?;
        i = end;
    }
    Ok(glue)
}

/// GlueSQL refuses `NULLS FIRST/LAST` (TranslateError::OrderByNullsFirstOrLastNotSupported) and sorts
/// NULL as the greatest value, i.e. first under DESC; this rewrite gives the same rows.
pub fn fallback_sql(q: usize) -> Option<&'static str> {
    (q == 1).then_some(
        r#"SELECT "name", "amount" FROM t ORDER BY "amount" IS NULL ASC, "amount" DESC, "id" ASC LIMIT 10"#,
    )
}

fn f64_of(v: &Value) -> Result<Option<f64>, String> {
    Ok(match v {
        Value::Null => None,
        Value::F64(x) => Some(*x),
        Value::F32(x) => Some(*x as f64),
        Value::I64(x) => Some(*x as f64),
        Value::Decimal(x) => Some(x.to_string().parse().map_err(|_| "bad decimal")?),
        other => return Err(format!("not a number: {other:?}")),
    })
}

fn i64_of(v: &Value) -> Result<i64, String> {
    match v {
        Value::I64(x) => Ok(*x),
        Value::I32(x) => Ok(*x as i64),
        Value::U64(x) => Ok(*x as i64),
        other => Err(format!("not an integer: {other:?}")),
    }
}

fn str_of(v: &Value) -> Result<String, String> {
    match v {
        Value::Str(s) => Ok(s.clone()),
        other => Err(format!("not a string: {other:?}")),
    }
}

pub fn query(glue: &mut Glue<MemoryStorage>, sql: &str, q: usize) -> Result<Answer, String> {
    let mut payloads = glue.execute(sql).map_err(|e| e.to_string())?;
    let Some(Payload::Select { rows, .. }) = payloads.pop() else {
        return Err("not a SELECT payload".into());
    };
    Ok(match q {
        0 => Answer::Groups(
            rows.iter()
                .map(|r| Ok((str_of(&r[0])?, i64_of(&r[1])?, f64_of(&r[2])?)))
                .collect::<Result<_, String>>()?,
        ),
        1 => Answer::Top(
            rows.iter().map(|r| Ok((str_of(&r[0])?, f64_of(&r[1])?))).collect::<Result<_, String>>()?,
        ),
        _ => Answer::Count(i64_of(rows.first().and_then(|r| r.first()).ok_or("no row")?)?),
    })
}
