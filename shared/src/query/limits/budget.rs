//! One statement's running account against its `SqlLimits`: the work, memory and time it has
//! used, and the limit that stopped it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use datafusion::arrow::array::{Array, AsArray, RecordBatch};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::DataFusionError;

use super::sql_limits::SqlLimits;
use crate::query::error::QueryError;

/// Milliseconds since the epoch; `chrono` reads the JS clock in wasm32 (std's `Instant` traps there).
fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// One statement's running account: started when, how many rows so far, and which limit tripped.
#[derive(Debug)]
pub(crate) struct Budget {
    pub(crate) limits: SqlLimits,
    started: i64,
    work: AtomicU64,
    tripped: Mutex<Option<QueryError>>,
}

impl Budget {
    pub(crate) fn new(limits: SqlLimits) -> Arc<Budget> {
        Arc::new(Budget { limits, started: now_ms(), work: AtomicU64::new(0), tripped: Mutex::new(None) })
    }

    /// Records why the statement stopped and returns the engine error that unwinds the plan.
    fn trip(&self, e: QueryError) -> DataFusionError {
        let msg = e.to_string();
        if let Ok(mut t) = self.tripped.lock() {
            t.get_or_insert(e);
        }
        DataFusionError::ResourcesExhausted(msg)
    }

    /// The limit that stopped the statement, if one did.
    pub(crate) fn tripped(&self) -> Option<QueryError> {
        self.tripped.lock().ok().and_then(|t| t.clone())
    }

    /// Past the deadline?
    pub(crate) fn check_time(&self) -> Result<(), DataFusionError> {
        let elapsed = now_ms().saturating_sub(self.started);
        if elapsed > self.limits.deadline_ms as i64 {
            return Err(self.trip(QueryError::TooSlow { seconds: self.limits.deadline_ms.div_ceil(1000) }));
        }
        Ok(())
    }

    /// Counts a batch one operator produced against the work, memory and time bounds. `leaf`
    /// batches are the registered tables' own (already in memory), so only their rows count.
    pub(crate) fn account(&self, batch: &RecordBatch, leaf: bool) -> Result<(), DataFusionError> {
        let work = self.work.fetch_add(batch.num_rows() as u64, Ordering::Relaxed) + batch.num_rows() as u64;
        if work > self.limits.max_work_rows {
            return Err(self.trip(QueryError::TooMuchWork { rows: self.limits.max_work_rows }));
        }
        if !leaf && batch_bytes(batch) > self.limits.memory_bytes {
            return Err(self.trip(QueryError::TooMuchMemory { mb: self.limits.memory_mb() }));
        }
        self.check_time()
    }

    /// The error for an engine failure: the limit that tripped, the memory pool's refusal, or
    /// the engine's own message.
    pub(crate) fn error(&self, e: DataFusionError) -> QueryError {
        if let Some(t) = self.tripped() {
            return t;
        }
        let text = e.to_string();
        if matches!(e.find_root(), DataFusionError::ResourcesExhausted(_)) || text.contains("Resources exhausted") {
            return QueryError::TooMuchMemory { mb: self.limits.memory_mb() };
        }
        QueryError::Engine(text)
    }
}

/// The bytes a batch's values take, counting only what its rows reference (a slice of a table
/// shares the table's buffers, so the buffers' capacity would count the whole table each time).
pub(crate) fn batch_bytes(batch: &RecordBatch) -> usize {
    batch.columns().iter().map(|a| array_bytes(a.as_ref())).fold(0usize, usize::saturating_add)
}

fn array_bytes(a: &dyn Array) -> usize {
    let n = a.len();
    match a.data_type() {
        DataType::Utf8 => {
            let o = a.as_string::<i32>().value_offsets();
            (o[n] - o[0]) as usize + 4 * n
        }
        DataType::LargeUtf8 => {
            let o = a.as_string::<i64>().value_offsets();
            (o[n] - o[0]) as usize + 8 * n
        }
        DataType::Binary => {
            let o = a.as_binary::<i32>().value_offsets();
            (o[n] - o[0]) as usize + 4 * n
        }
        DataType::LargeBinary => {
            let o = a.as_binary::<i64>().value_offsets();
            (o[n] - o[0]) as usize + 8 * n
        }
        DataType::Utf8View => a.as_string_view().lengths().map(|l| l as usize).fold(16 * n, usize::saturating_add),
        DataType::BinaryView => a.as_binary_view().lengths().map(|l| l as usize).fold(16 * n, usize::saturating_add),
        dt => match dt.primitive_width() {
            Some(w) => w * n,
            None => a.get_array_memory_size(),
        },
    }
}
