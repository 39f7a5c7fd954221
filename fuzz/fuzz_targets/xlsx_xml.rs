//! The input is a worksheet's XML, then (after a 0xFF byte, if any) the shared strings, inside an
//! otherwise valid .xlsx (stored, correct CRC), so every mutation reaches the spreadsheet reader.
#![no_main]

use std::io::{Cursor, Write};

use libfuzzer_sys::fuzz_target;
use tabletalk_shared::ingest::{load, SourceFile};
use zip::write::SimpleFileOptions;
use zip::CompressionMethod;

const WORKBOOK: &str = r#"<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>"#;
const RELS: &str = r#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#;
const STYLES: &str = r#"<?xml version="1.0"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs></styleSheet>"#;

fuzz_target!(|data: &[u8]| {
    let (sheet, shared) = match data.iter().position(|&b| b == 0xFF) {
        Some(i) => (&data[..i], Some(&data[i + 1..])),
        None => (data, None),
    };
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let o = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    let mut put = |name: &str, body: &[u8]| {
        w.start_file(name, o).unwrap();
        w.write_all(body).unwrap();
    };
    put("xl/workbook.xml", WORKBOOK.as_bytes());
    put("xl/_rels/workbook.xml.rels", RELS.as_bytes());
    put("xl/styles.xml", STYLES.as_bytes());
    put("xl/worksheets/sheet1.xml", sheet);
    if let Some(s) = shared {
        put("xl/sharedStrings.xml", s);
    }
    let bytes = w.finish().unwrap().into_inner();
    let _ = load(&[SourceFile { name: "fuzz.xlsx", bytes: &bytes }]);
});
