//! Apache DataFusion: the vectors as one Arrow RecordBatch (sliced into 8192-row batches, as a file
//! scan would yield them) in a MemTable, one partition.

use std::sync::Arc;

use datafusion::arrow::array::{
    Array, ArrayRef, AsArray, Float64Array, Int64Array, RecordBatch, StringArray,
};
use datafusion::arrow::compute::cast;
use datafusion::arrow::datatypes::{DataType, Field, Float64Type, Int64Type, Schema};
use datafusion::datasource::MemTable;
use datafusion::execution::context::SQLOptions;
use datafusion::prelude::{SessionConfig, SessionContext};

use crate::{Answer, Data};

pub fn load(d: &Data) -> Result<SessionContext, String> {
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("category", DataType::Utf8, false),
        Field::new("region", DataType::Utf8, false),
        Field::new("amount", DataType::Float64, true),
        Field::new("year", DataType::Int64, false),
        Field::new("name", DataType::Utf8, false),
    ]));
    let cols: Vec<ArrayRef> = vec![
        Arc::new(Int64Array::from(d.id.clone())),
        Arc::new(StringArray::from_iter_values(d.category.iter())),
        Arc::new(StringArray::from_iter_values(d.region.iter())),
        Arc::new(Float64Array::from(d.amount.clone())),
        Arc::new(Int64Array::from(d.year.clone())),
        Arc::new(StringArray::from_iter_values(d.name.iter())),
    ];
    let batch = RecordBatch::try_new(schema.clone(), cols).map_err(|e| e.to_string())?;
    let n = batch.num_rows();
    let batches: Vec<RecordBatch> =
        (0..n).step_by(8192).map(|o| batch.slice(o, 8192.min(n - o))).collect();
    let table = MemTable::try_new(schema, vec![batches]).map_err(|e| e.to_string())?;
    let ctx = SessionContext::new_with_config(SessionConfig::new().with_target_partitions(1));
    ctx.register_table("t", Arc::new(table)).map_err(|e| e.to_string())?;
    Ok(ctx)
}

fn col(b: &RecordBatch, i: usize, t: &DataType) -> Result<ArrayRef, String> {
    cast(b.column(i), t).map_err(|e| e.to_string())
}

pub async fn query(ctx: &SessionContext, sql: &str, q: usize) -> Result<Answer, String> {
    // The read-only guard the app would use: no DDL/DML/SET, one statement.
    let opts = SQLOptions::new()
        .with_allow_ddl(false)
        .with_allow_dml(false)
        .with_allow_statements(false);
    let df = ctx.sql_with_options(sql, opts).await.map_err(|e| e.to_string())?;
    let batches = df.collect().await.map_err(|e| e.to_string())?;
    let mut groups = Vec::new();
    let mut top = Vec::new();
    let mut count = None;
    for b in &batches {
        match q {
            0 => {
                let c = col(b, 0, &DataType::Utf8)?;
                let n = col(b, 1, &DataType::Int64)?;
                let a = col(b, 2, &DataType::Float64)?;
                let (c, n, a) = (
                    c.as_string::<i32>(),
                    n.as_primitive::<Int64Type>(),
                    a.as_primitive::<Float64Type>(),
                );
                for i in 0..b.num_rows() {
                    groups.push((
                        c.value(i).to_string(),
                        n.value(i),
                        (!a.is_null(i)).then(|| a.value(i)),
                    ));
                }
            }
            1 => {
                let c = col(b, 0, &DataType::Utf8)?;
                let a = col(b, 1, &DataType::Float64)?;
                let (c, a) = (c.as_string::<i32>(), a.as_primitive::<Float64Type>());
                for i in 0..b.num_rows() {
                    top.push((c.value(i).to_string(), (!a.is_null(i)).then(|| a.value(i))));
                }
            }
            _ => {
                if b.num_rows() > 0 {
                    let n = col(b, 0, &DataType::Int64)?;
                    count = Some(n.as_primitive::<Int64Type>().value(0));
                }
            }
        }
    }
    Ok(match q {
        0 => Answer::Groups(groups),
        1 => Answer::Top(top),
        _ => Answer::Count(count.ok_or("no row")?),
    })
}
