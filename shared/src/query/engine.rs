//! The embedded query engine (Apache DataFusion, one partition): the same SQL runs natively, in
//! the browser and on the edge. Tables become Arrow batches typed by the schema, with a hidden
//! `__row` column so every result can cite its rows.

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, BooleanBuilder, Date32Builder, Float64Builder, Int64Builder, RecordBatch, StringBuilder};
use datafusion::arrow::compute::cast;
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::catalog::MemTable;
use datafusion::common::TableReference;
use datafusion::execution::context::SQLOptions;
use datafusion::prelude::{SessionConfig, SessionContext};
use serde_json::Value as Json;

use super::error::QueryError;
use super::sql::ROW;
use crate::schema::values::{parse_bool, parse_date, parse_number};
use crate::schema::{is_missing, ColumnType, DateOrder, Shape, TableSchema, ValueFormat};
use crate::table::{Table, Value};

/// A query result: column names and rows of JSON scalars (numbers, strings, booleans, null).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rows {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Json>>,
}

impl Rows {
    pub fn col(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == name)
    }
    /// The first row's value in a column (aggregates return one row).
    pub fn scalar(&self, name: &str) -> Json {
        self.col(name).and_then(|c| self.rows.first().map(|r| r[c].clone())).unwrap_or(Json::Null)
    }
}

pub struct Engine {
    ctx: SessionContext,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    pub fn new() -> Self {
        // One partition: the browser has one thread, and small tables gain nothing from more.
        let config = SessionConfig::new().with_target_partitions(1).with_information_schema(true);
        Engine { ctx: SessionContext::new_with_config(config) }
    }

    /// Registers a table under its own name (quoted in SQL, so any name works).
    pub fn register(&self, table: &Table, schema: &TableSchema) -> Result<(), QueryError> {
        let batch = to_batch(table, schema)?;
        let provider = MemTable::try_new(batch.schema(), vec![vec![batch]]).map_err(|e| QueryError::Engine(e.to_string()))?;
        self.ctx
            .register_table(TableReference::bare(table.name.clone()), Arc::new(provider))
            .map_err(|e| QueryError::Engine(e.to_string()))?;
        Ok(())
    }

    /// Runs one read-only statement: DDL, DML and other statements are refused by the planner.
    pub async fn query(&self, sql: &str) -> Result<Rows, QueryError> {
        let options = SQLOptions::new().with_allow_ddl(false).with_allow_dml(false).with_allow_statements(false);
        let df = self.ctx.sql_with_options(sql, options).await.map_err(|e| QueryError::Engine(e.to_string()))?;
        let columns = df.schema().fields().iter().map(|f| f.name().clone()).collect();
        let batches = df.collect().await.map_err(|e| QueryError::Engine(e.to_string()))?;
        let mut rows = Vec::new();
        for b in &batches {
            let cols: Vec<Vec<Json>> = b.columns().iter().map(to_json).collect::<Result<_, _>>()?;
            for r in 0..b.num_rows() {
                rows.push(cols.iter().map(|c| c[r].clone()).collect());
            }
        }
        Ok(Rows { columns, rows })
    }

    /// Native callers without an async runtime (the CLI): DataFusion needs none with one partition.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn query_blocking(&self, sql: &str) -> Result<Rows, QueryError> {
        futures::executor::block_on(self.query(sql))
    }
}

/// The Arrow type a column is stored as.
fn arrow_type(ty: ColumnType) -> DataType {
    match ty {
        ColumnType::Integer => DataType::Int64,
        ColumnType::Decimal => DataType::Float64,
        ColumnType::Date => DataType::Date32,
        ColumnType::Boolean => DataType::Boolean,
        // Datetimes stay ISO text: ordering and comparison with ISO literals are exact.
        ColumnType::Datetime | ColumnType::Identifier | ColumnType::Text => DataType::Utf8,
    }
}

fn to_batch(table: &Table, schema: &TableSchema) -> Result<RecordBatch, QueryError> {
    let mut fields = Vec::new();
    let mut arrays: Vec<ArrayRef> = Vec::new();
    let epoch = chrono::NaiveDate::from_ymd_opt(1970, 1, 1).expect("valid date");
    for (i, col) in schema.columns.iter().enumerate() {
        if col.shape != Shape::Scalar {
            continue;
        }
        let cells = table.rows.iter().map(|r| match r.get(i) {
            Some(Value::Text(s)) if !is_missing(s) => Some(s.trim()),
            _ => None,
        });
        let (decimal_comma, order) = match &col.format {
            ValueFormat::Number { decimal_comma, .. } => (*decimal_comma, DateOrder::YearFirst),
            ValueFormat::Date { order, .. } => (false, *order),
            _ => (false, DateOrder::YearFirst),
        };
        // Bare years are numbers to the engine, as to the catalog (`plain_years`).
        let ty = if super::catalog::plain_years(col, table, i) { ColumnType::Integer } else { col.ty };
        let dt = arrow_type(ty);
        let array: ArrayRef = match ty {
            ColumnType::Integer => {
                let mut b = Int64Builder::with_capacity(table.rows.len());
                for c in cells {
                    b.append_option(c.and_then(|s| parse_number(s, decimal_comma)).filter(|n| n.value.fract() == 0.0).map(|n| n.value as i64));
                }
                Arc::new(b.finish())
            }
            ColumnType::Decimal => {
                let mut b = Float64Builder::with_capacity(table.rows.len());
                for c in cells {
                    b.append_option(c.and_then(|s| parse_number(s, decimal_comma)).map(|n| n.value));
                }
                Arc::new(b.finish())
            }
            ColumnType::Date => {
                let mut b = Date32Builder::with_capacity(table.rows.len());
                for c in cells {
                    b.append_option(c.and_then(|s| parse_date(s, order)).map(|d| (d.date - epoch).num_days() as i32));
                }
                Arc::new(b.finish())
            }
            ColumnType::Boolean => {
                let mut b = BooleanBuilder::with_capacity(table.rows.len());
                for c in cells {
                    b.append_option(c.and_then(parse_bool));
                }
                Arc::new(b.finish())
            }
            ColumnType::Datetime => {
                let mut b = StringBuilder::new();
                for c in cells {
                    b.append_option(c.map(|s| match parse_date(s, order) {
                        Some(d) => match d.time {
                            Some(t) => format!("{} {}", d.date.format("%Y-%m-%d"), t.format("%H:%M:%S")),
                            None => d.date.format("%Y-%m-%d").to_string(),
                        },
                        None => s.to_string(),
                    }));
                }
                Arc::new(b.finish())
            }
            ColumnType::Identifier | ColumnType::Text => {
                let mut b = StringBuilder::new();
                for c in cells {
                    b.append_option(c);
                }
                Arc::new(b.finish())
            }
        };
        fields.push(Field::new(col.name.clone(), dt, true));
        arrays.push(array);
    }
    let mut rows = Int64Builder::with_capacity(table.rows.len());
    for i in 0..table.rows.len() {
        rows.append_value(i as i64 + 1);
    }
    fields.push(Field::new(ROW, DataType::Int64, false));
    arrays.push(Arc::new(rows.finish()));
    RecordBatch::try_new(Arc::new(Schema::new(fields)), arrays).map_err(|e| QueryError::Engine(e.to_string()))
}

/// One result column as JSON scalars.
fn to_json(a: &ArrayRef) -> Result<Vec<Json>, QueryError> {
    let err = |e: datafusion::arrow::error::ArrowError| QueryError::Engine(e.to_string());
    let n = a.len();
    let dt = a.data_type();
    let out = if dt.is_integer() {
        let c = cast(a, &DataType::Int64).map_err(err)?;
        let c = c.as_any().downcast_ref::<datafusion::arrow::array::Int64Array>().expect("cast to Int64");
        (0..n).map(|i| if c.is_null(i) { Json::Null } else { Json::from(c.value(i)) }).collect()
    } else if dt.is_floating() || matches!(dt, DataType::Decimal128(..) | DataType::Decimal256(..)) {
        let c = cast(a, &DataType::Float64).map_err(err)?;
        let c = c.as_any().downcast_ref::<datafusion::arrow::array::Float64Array>().expect("cast to Float64");
        (0..n)
            .map(|i| if c.is_null(i) { Json::Null } else { serde_json::Number::from_f64(c.value(i)).map_or(Json::Null, Json::Number) })
            .collect()
    } else if *dt == DataType::Boolean {
        let c = a.as_any().downcast_ref::<datafusion::arrow::array::BooleanArray>().expect("boolean");
        (0..n).map(|i| if c.is_null(i) { Json::Null } else { Json::Bool(c.value(i)) }).collect()
    } else {
        let c = cast(a, &DataType::Utf8).map_err(err)?;
        let c = c.as_any().downcast_ref::<datafusion::arrow::array::StringArray>().expect("cast to Utf8");
        (0..n).map(|i| if c.is_null(i) { Json::Null } else { Json::String(c.value(i).to_string()) }).collect()
    };
    Ok(out)
}
