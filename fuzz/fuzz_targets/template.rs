//! Any text through the template parser and the multi-table template splitter.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletalk_shared::template;

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data);
    let _ = template::parse(&src);
    for (_, body) in template::split_set(&src) {
        let _ = template::parse(&body);
    }
});
