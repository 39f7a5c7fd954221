//! The bounds one statement runs under, and their values for each place it runs.

/// Bounds for one statement. Every field is a ceiling; crossing one is a clear error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SqlLimits {
    /// The engine's memory pool (sorts, hash tables, joins) and the collected result, in bytes.
    pub memory_bytes: usize,
    /// Wall-clock milliseconds, checked after every batch any operator produces.
    pub deadline_ms: u64,
    /// Rows one statement may return (applied inside the plan as a LIMIT).
    pub max_rows: usize,
    /// Rows produced by all operators together: a clock-free bound on work (the edge's clock
    /// stands still while code runs, so the deadline alone would not stop a loop there).
    pub max_work_rows: u64,
    /// Rows per batch, so one operator step allocates a bounded amount.
    pub batch_rows: usize,
}

impl SqlLimits {
    /// The command line: a desktop's memory and patience.
    pub const CLI: SqlLimits =
        SqlLimits { memory_bytes: 1 << 30, deadline_ms: 30_000, max_rows: 1_000_000, max_work_rows: 200_000_000, batch_rows: 8192 };
    /// The browser page: wasm32 has 4 GiB of address space and one thread shared with the UI.
    pub const PAGE: SqlLimits =
        SqlLimits { memory_bytes: 256 << 20, deadline_ms: 10_000, max_rows: 100_000, max_work_rows: 50_000_000, batch_rows: 4096 };
    /// A published collection's Durable Object: 128 MB per isolate, holding the tables too. A
    /// statement's WebAssembly memory peaks at about 2.5 × the pool (a buffer doubles before the
    /// pool refuses it; a WebAssembly memory never shrinks), so 16 MiB, in batches whose values
    /// (up to 10 kB each) stay small: tests/security/edge_memory.test.mjs caps the growth at 40 MiB.
    pub const DURABLE_OBJECT: SqlLimits =
        SqlLimits { memory_bytes: 16 << 20, deadline_ms: 5_000, max_rows: 50_000, max_work_rows: 20_000_000, batch_rows: 256 };

    /// The place this build runs in by default: the CLI natively, the page in wasm32 (the edge
    /// sets `DURABLE_OBJECT` itself).
    pub const fn for_target() -> SqlLimits {
        if cfg!(target_arch = "wasm32") {
            SqlLimits::PAGE
        } else {
            SqlLimits::CLI
        }
    }

    pub(crate) fn memory_mb(&self) -> usize {
        self.memory_bytes.div_ceil(1 << 20)
    }
}

impl Default for SqlLimits {
    fn default() -> Self {
        SqlLimits::for_target()
    }
}
