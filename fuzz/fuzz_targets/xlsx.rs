//! Any bytes named "fuzz.xlsx" through the whole upload pipeline (detection, reading, header layout,
//! description, join detection): errors are fine, panics and hangs are bugs.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletalk_shared::ingest::{load, SourceFile};

fuzz_target!(|data: &[u8]| {
    let _ = load(&[SourceFile { name: "fuzz.xlsx", bytes: data }]);
});
