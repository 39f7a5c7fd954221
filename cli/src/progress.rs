//! Progress for long runs: rows done, rate and time left, on stderr. A bar on a terminal, a
//! line per second otherwise (logs and CI).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

pub struct Progress {
    bar: Option<ProgressBar>,
    /// The position's unit: bytes of input (streaming) or rows (when the total is known).
    by_rows: bool,
    total_bytes: u64,
    start: Instant,
    last_line: Instant,
    label: String,
}

impl Progress {
    /// Progress over a source of `total_bytes` (rows are counted as they come; bytes give the ETA).
    pub fn new(label: &str, total_bytes: u64) -> Self {
        Self::with(label, total_bytes, false, "{bytes}/{total_bytes} · {msg}")
    }

    /// Progress over `total_rows` known in advance (position and ETA in rows).
    pub fn rows(label: &str, total_rows: u64) -> Self {
        Self::with(label, total_rows, true, "{pos}/{len} rows · {per_sec}")
    }

    /// A bar on a terminal (with `counts` between the bar and the ETA), lines otherwise.
    fn with(label: &str, total: u64, by_rows: bool, counts: &str) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let b = ProgressBar::new(total);
            b.set_style(
                ProgressStyle::with_template(&format!("{{prefix}} [{{elapsed_precise}}] {{wide_bar}} {counts} · {{eta}} left"))
                    .expect("static template")
                    .progress_chars("=> "),
            );
            b.set_prefix(label.to_string());
            b
        });
        Self { bar, by_rows, total_bytes: total, start: Instant::now(), last_line: Instant::now(), label: label.to_string() }
    }

    pub fn update(&mut self, rows: u64, bytes: u64) {
        let secs = self.start.elapsed().as_secs_f64().max(1e-9);
        let rate = rows as f64 / secs;
        if let Some(b) = &self.bar {
            b.set_position(bytes);
            b.set_message(format!("{rows} rows, {rate:.0} rows/s"));
        } else if self.by_rows && self.last_line.elapsed() >= Duration::from_secs(1) {
            self.last_line = Instant::now();
            let left = if rate > 0.0 { self.total_bytes.saturating_sub(rows) as f64 / rate } else { 0.0 };
            eprintln!("{}: {rows}/{} rows, {rate:.0} rows/s, {left:.1} s left", self.label, self.total_bytes);
        } else if !self.by_rows && self.last_line.elapsed() >= Duration::from_secs(1) {
            self.last_line = Instant::now();
            let left = if bytes > 0 && self.total_bytes > bytes { secs * (self.total_bytes - bytes) as f64 / bytes as f64 } else { 0.0 };
            eprintln!(
                "{}: {rows} rows, {rate:.0} rows/s, {:.0}% of {} MB, {left:.1} s left",
                self.label,
                100.0 * bytes as f64 / self.total_bytes.max(1) as f64,
                self.total_bytes >> 20
            );
        }
    }

    pub fn finish(self, rows: u64) {
        let secs = self.start.elapsed().as_secs_f64().max(1e-9);
        if let Some(b) = self.bar {
            b.finish_and_clear();
        }
        eprintln!("{}: {rows} rows in {secs:.2} s ({:.0} rows/s)", self.label, rows as f64 / secs);
    }
}
