//! Any text through the template parser, the multi-table splitter, and — when it parses — binding to
//! a nested schema and filling real rows: errors are fine, panics are bugs.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use tabletalk_shared::ingest::{load, SourceFile};
use tabletalk_shared::schema::{infer_table, TableSchema};
use tabletalk_shared::table::Table;
use tabletalk_shared::template;

const STUDENTS: &[u8] = include_bytes!("../../tests/fixtures/students.json");

fn students() -> &'static (Table, TableSchema) {
    static S: OnceLock<(Table, TableSchema)> = OnceLock::new();
    S.get_or_init(|| {
        let up = load(&[SourceFile { name: "students.json", bytes: STUDENTS }]);
        let t = up.tables.into_iter().next().expect("fixture loads");
        let s = infer_table(&t);
        (t, s)
    })
}

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data);
    let (table, schema) = students();
    for (_, body) in template::split_set(&src) {
        if let Ok(t) = template::parse(&body) {
            if let Ok(c) = template::compile(&t, &schema.columns) {
                for row in &table.rows {
                    let _ = c.render(row);
                }
            }
        }
    }
});
