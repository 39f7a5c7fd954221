//! The embedded query engine (Apache DataFusion, one partition): the same SQL runs natively, in
//! the browser and on the edge. Tables become Arrow batches typed by the schema, with a hidden
//! `__row` column so every result can cite its rows.

use std::sync::{Arc, RwLock};

use datafusion::arrow::array::{
    Array, ArrayRef, BooleanBuilder, Date32Builder, Float64Builder, Int64Builder, RecordBatch, StringBuilder, UInt32Array,
};
use datafusion::arrow::compute::{cast, take_record_batch};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::catalog::MemTable;
use datafusion::common::TableReference;
use datafusion::execution::context::SQLOptions;
use datafusion::execution::disk_manager::{DiskManagerBuilder, DiskManagerMode};
use datafusion::execution::memory_pool::{GreedyMemoryPool, MemoryConsumer, MemoryPool};
use datafusion::execution::runtime_env::RuntimeEnvBuilder;
use datafusion::execution::TaskContext;
use datafusion::physical_plan::execute_stream;
use datafusion::prelude::{SessionConfig, SessionContext};
use futures::StreamExt;
use serde_json::Value as Json;

use super::error::QueryError;
use super::limits::{batch_bytes, bound, Budget, SqlLimits};
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
    /// Cost bounds for every statement (`limits`); the edge tightens them after loading.
    limits: RwLock<SqlLimits>,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    /// An engine bounded by this build's place (`SqlLimits::for_target`).
    pub fn new() -> Self {
        Self::with_limits(SqlLimits::for_target())
    }

    /// An engine whose every statement runs within `limits`.
    pub fn with_limits(limits: SqlLimits) -> Self {
        // One partition: the browser has one thread, and small tables gain nothing from more.
        let mut config = SessionConfig::new().with_target_partitions(1).with_information_schema(true).with_batch_size(limits.batch_rows);
        // A recursive CTE may never end, and an iteration of one row passes the work bound slowly.
        config.options_mut().execution.enable_recursive_ctes = false;
        Engine { ctx: SessionContext::new_with_config(config), limits: RwLock::new(limits) }
    }

    /// The bounds statements run within now.
    pub fn limits(&self) -> SqlLimits {
        self.limits.read().map(|l| *l).unwrap_or_else(|p| *p.into_inner())
    }

    /// Changes the bounds for the statements that follow.
    pub fn set_limits(&self, limits: SqlLimits) {
        match self.limits.write() {
            Ok(mut l) => *l = limits,
            Err(p) => *p.into_inner() = limits,
        }
    }

    /// Registers a table under its own name (quoted in SQL, so any name works), in batches of
    /// `batch_rows` rows so every operator's step is bounded. Each batch owns its buffers: the
    /// engine's operators (a top-k sort, a hash join's build side) account a batch they keep by
    /// the buffers it holds, and a slice of the whole table would count the whole table each time
    /// (a top-k sort over 50,000 rows of text kept a hundred slices: gigabytes by that count).
    pub fn register(&self, table: &Table, schema: &TableSchema) -> Result<(), QueryError> {
        self.register_cited(table, schema, None)
    }

    /// Registers a derived table (a wide table's long view) whose hidden row numbers are `rows`
    /// (there: wide row × `series::STRIDE` + member) instead of their own 1-based positions.
    pub fn register_cited(&self, table: &Table, schema: &TableSchema, rows: Option<&[i64]>) -> Result<(), QueryError> {
        let batch = to_batch(table, schema, rows)?;
        let step = self.limits().batch_rows.max(1);
        let slices: Vec<RecordBatch> = (0..batch.num_rows())
            .step_by(step)
            .map(|o| {
                let rows = UInt32Array::from_iter_values(o as u32..(o + step).min(batch.num_rows()) as u32);
                take_record_batch(&batch, &rows).map_err(|e| QueryError::Engine(e.to_string()))
            })
            .collect::<Result<_, _>>()?;
        let slices = if slices.is_empty() { vec![batch.clone()] } else { slices };
        let provider = MemTable::try_new(batch.schema(), vec![slices]).map_err(|e| QueryError::Engine(e.to_string()))?;
        self.ctx
            .register_table(TableReference::bare(table.name.clone()), Arc::new(provider))
            .map_err(|e| QueryError::Engine(e.to_string()))?;
        Ok(())
    }

    /// Runs one read-only statement within the limits: DDL, DML and other statements are
    /// refused by the planner; more rows than `max_rows` is an error, never a silent cut.
    pub async fn query(&self, sql: &str) -> Result<Rows, QueryError> {
        let limits = self.limits();
        let (rows, more) = self.run(sql, limits.max_rows, limits).await?;
        if more {
            return Err(QueryError::TooManyRows { rows: limits.max_rows });
        }
        Ok(rows)
    }

    /// Runs one statement within the limits, returning at most `max` rows (and the place's
    /// `max_rows` at most) and whether there were more: for SQL we did not write.
    pub async fn query_at_most(&self, sql: &str, max: usize) -> Result<(Rows, bool), QueryError> {
        let limits = self.limits();
        self.run(sql, max.min(limits.max_rows), limits).await
    }

    /// Plans `sql` with one more row than `fetch` as a LIMIT inside the plan, puts a `Bounded`
    /// node above every operator, and collects batch by batch in a memory pool of the limit's
    /// size, stopping at the first limit crossed.
    async fn run(&self, sql: &str, fetch: usize, limits: SqlLimits) -> Result<(Rows, bool), QueryError> {
        let budget = Budget::new(limits);
        let options = SQLOptions::new().with_allow_ddl(false).with_allow_dml(false).with_allow_statements(false);
        let df = self.ctx.sql_with_options(sql, options).await.map_err(|e| QueryError::Engine(e.to_string()))?;
        let columns: Vec<String> = df.schema().fields().iter().map(|f| f.name().clone()).collect();
        let df = df.limit(0, Some(fetch.saturating_add(1))).map_err(|e| QueryError::Engine(e.to_string()))?;
        let plan = df.create_physical_plan().await.map_err(|e| budget.error(e))?;
        one_partition(&plan)?;
        let plan = bound(plan, &budget).map_err(|e| budget.error(e))?;
        let pool: Arc<dyn MemoryPool> = Arc::new(GreedyMemoryPool::new(limits.memory_bytes));
        let runtime = RuntimeEnvBuilder::new()
            .with_memory_pool(Arc::clone(&pool))
            .with_disk_manager_builder(DiskManagerBuilder::default().with_mode(DiskManagerMode::Disabled))
            .build_arc()
            .map_err(|e| QueryError::Engine(e.to_string()))?;
        let state = self.ctx.state();
        let mut config = state.config().clone().with_batch_size(limits.batch_rows);
        // A sort sets this much of the pool aside for merging its sorted runs before it holds a
        // row (10 MB by default): at most an eighth of a small pool.
        let merge = &mut config.options_mut().execution.sort_spill_reservation_bytes;
        *merge = (*merge).min(limits.memory_bytes / 8);
        let task = Arc::new(TaskContext::from(&state).with_session_config(config).with_runtime(runtime));
        // The result is held in the same pool as the operators' state.
        let result = MemoryConsumer::new("result").register(&pool);
        let mut stream = execute_stream(plan, task).map_err(|e| budget.error(e))?;
        let mut rows: Vec<Vec<Json>> = Vec::new();
        while let Some(b) = stream.next().await {
            let b = b.map_err(|e| budget.error(e))?;
            // JSON values take about twice the Arrow bytes.
            result.try_grow(batch_bytes(&b).saturating_mul(2)).map_err(|_| QueryError::TooMuchMemory { mb: limits.memory_mb() })?;
            let cols: Vec<Vec<Json>> = b.columns().iter().map(to_json).collect::<Result<_, _>>()?;
            for r in 0..b.num_rows() {
                rows.push(cols.iter().map(|c| c[r].clone()).collect());
            }
            if rows.len() > fetch {
                break;
            }
        }
        let more = rows.len() > fetch;
        rows.truncate(fetch);
        Ok((Rows { columns, rows }, more))
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

fn to_batch(table: &Table, schema: &TableSchema, cited: Option<&[i64]>) -> Result<RecordBatch, QueryError> {
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
        let minutes = super::catalog::durations(col, table, i);
        let ty = if super::catalog::plain_years(col, table, i) {
            ColumnType::Integer
        } else if minutes {
            ColumnType::Decimal
        } else {
            col.ty
        };
        let dt = arrow_type(ty);
        let array: ArrayRef = match ty {
            ColumnType::Integer => {
                let mut b = Int64Builder::with_capacity(table.rows.len());
                for c in cells {
                    b.append_option(
                        c.and_then(|s| parse_number(s, decimal_comma)).filter(|n| n.value.fract() == 0.0).map(|n| n.value as i64),
                    );
                }
                Arc::new(b.finish())
            }
            ColumnType::Decimal => {
                let mut b = Float64Builder::with_capacity(table.rows.len());
                for c in cells {
                    b.append_option(c.and_then(|s| match minutes {
                        true => super::catalog::duration_minutes(s),
                        false => parse_number(s, decimal_comma).map(|n| n.value),
                    }));
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
        rows.append_value(cited.and_then(|c| c.get(i).copied()).unwrap_or(i as i64 + 1));
    }
    fields.push(Field::new(ROW, DataType::Int64, false));
    arrays.push(Arc::new(rows.finish()));
    RecordBatch::try_new(Arc::new(Schema::new(fields)), arrays).map_err(|e| QueryError::Engine(e.to_string()))
}

/// Every operator of the plan yields one partition: merging several (a UNION's inputs) runs them
/// as Tokio tasks, and the engine has no Tokio runtime (natively nor in wasm), so it would panic.
fn one_partition(plan: &Arc<dyn datafusion::physical_plan::ExecutionPlan>) -> Result<(), QueryError> {
    use datafusion::physical_plan::ExecutionPlanProperties;
    if plan.output_partitioning().partition_count() > 1 {
        return Err(QueryError::Engine("UNION, INTERSECT and EXCEPT are not supported here; ask one SELECT".into()));
    }
    plan.children().into_iter().try_for_each(one_partition)
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
