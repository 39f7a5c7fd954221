//! Any text as SQL a language model wrote: the guard refuses it, or the real engine runs it
//! within small limits (or fails to plan it). Errors are fine; panics, aborts, out-of-memory and
//! timeouts (libFuzzer's -rss_limit_mb and -timeout) are bugs (issue 20).
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use tabletalk_shared::ingest::{load, SourceFile};
use tabletalk_shared::query::guard::check_select;
use tabletalk_shared::query::limits::SqlLimits;
use tabletalk_shared::query::Engine;
use tabletalk_shared::schema::infer_table;

/// Small enough that a campaign's iterations stay fast; the bounds are what is tested.
const LIMITS: SqlLimits = SqlLimits { memory_bytes: 32 << 20, deadline_ms: 5_000, max_rows: 1_000, max_work_rows: 2_000_000, batch_rows: 256 };

fn engine() -> &'static Engine {
    static E: OnceLock<Engine> = OnceLock::new();
    E.get_or_init(|| {
        let mut csv = String::from("name,gender,age,city,salary,joined\n");
        for i in 0..500 {
            csv.push_str(&format!("Person {i},{},{},City {},{},20{:02}-0{}-1{}\n", ["Female", "Male"][i % 2], 20 + i % 60, i % 8, 1000 + i * 7, i % 24, 1 + i % 9, i % 10));
        }
        let up = load(&[SourceFile { name: "people.csv", bytes: csv.as_bytes() }]);
        let t = up.tables.into_iter().next().expect("table loads");
        let e = Engine::with_limits(LIMITS);
        e.register(&t, &infer_table(&t)).expect("registers");
        e
    })
}

fuzz_target!(|data: &[u8]| {
    let sql = String::from_utf8_lossy(data);
    if let Ok(checked) = check_select(&sql, &["people"]) {
        let _ = futures::executor::block_on(engine().query(&checked));
    }
});
