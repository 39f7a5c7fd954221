//! The input is word/document.xml of an otherwise valid .docx (stored, correct CRC), so every
//! mutation reaches the WordprocessingML reader.
#![no_main]

use std::io::{Cursor, Write};

use libfuzzer_sys::fuzz_target;
use tabletalk_shared::ingest::{load, SourceFile};
use zip::write::SimpleFileOptions;
use zip::CompressionMethod;

fuzz_target!(|data: &[u8]| {
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let o = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    w.start_file("word/document.xml", o).unwrap();
    w.write_all(data).unwrap();
    let bytes = w.finish().unwrap().into_inner();
    let _ = load(&[SourceFile { name: "fuzz.docx", bytes: &bytes }]);
});
