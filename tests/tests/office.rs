//! Real .xlsx and .docx files (written by openpyxl and python-docx from the Vega datasets by
//! `cargo xtask fixtures`) read back through the shared readers and compared with the source CSVs;
//! plus the committed edge-case files in tests/fixtures/office and broken inputs.

use std::collections::BTreeMap;
use std::fs;

use tabletalk_shared::ingest::docx::{read_docx, read_docx_grids};
use tabletalk_shared::ingest::xlsx::{read_xlsx, read_xlsx_grids};
use tabletalk_shared::ingest::Limits;
use tabletalk_shared::{IngestError, Table, Value, Warning};
use tabletalk_tests::{committed, fetched};

/// A small CSV reader for the Vega files (quotes handled, no embedded newlines in these files).
fn read_csv(name: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let text = fs::read_to_string(fetched(&format!("vega/{name}"))).unwrap();
    let mut lines = text.lines().filter(|l| !l.is_empty()).map(split_csv_line);
    let header = lines.next().unwrap();
    (header, lines.collect())
}

fn split_csv_line(line: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                out.last_mut().unwrap().push('"');
            }
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(String::new()),
            c => out.last_mut().unwrap().push(c),
        }
    }
    out
}

fn bytes(path: std::path::PathBuf) -> Vec<u8> {
    fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn num(s: &str) -> f64 {
    s.parse().unwrap_or_else(|_| panic!("not a number: {s:?}"))
}

fn text(v: &Value) -> &str {
    v.as_text().unwrap_or("")
}

fn table<'a>(tables: &'a [Table], name: &str) -> &'a Table {
    tables
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("no table {name:?} in {:?}", tables.iter().map(|t| &t.name).collect::<Vec<_>>()))
}

/// seattle-weather.csv writes 2012/01/01; the sheet holds real dates, read back as ISO.
fn iso(csv_date: &str) -> String {
    csv_date.replace('/', "-")
}

// ---------------------------------------------------------------------------------------------
// seattle-weather.xlsx

#[test]
fn xlsx_grids_match_the_source_csv() {
    let (header, rows) = read_csv("seattle-weather.csv");
    let mut warnings = Vec::new();
    let grids =
        read_xlsx_grids("seattle-weather.xlsx", &bytes(fetched("office/seattle-weather.xlsx")), &Limits::default(), &mut warnings).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let names: Vec<&str> = grids.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(names, ["seattle-weather:weather", "seattle-weather:temperatures"]);

    // Sheet 1: the first 200 rows, typed cells.
    let g = &grids[0].grid;
    assert_eq!(grids[0].origin, (1, 1));
    assert_eq!(g.len(), 1 + 200);
    assert_eq!(g[0], header);
    for (i, (cells, src)) in g[1..].iter().zip(&rows).enumerate() {
        assert_eq!(cells[0], iso(&src[0]), "row {i} date");
        for c in 1..5 {
            assert_eq!(num(&cells[c]), num(&src[c]), "row {i} {}", header[c]);
        }
        assert_eq!(cells[5], src[5], "row {i} weather");
    }
    assert_eq!(g[1], ["2012-01-01", "0", "12.8", "5", "4.7", "drizzle"], "integers lose their .0, as in Excel");

    // Sheet 2: all rows, from B3, under a merged two-row header.
    let g = &grids[1].grid;
    assert_eq!(grids[1].origin, (3, 2), "two empty rows and one empty column trimmed");
    assert_eq!(g.len(), 2 + rows.len());
    assert_eq!(g[0], ["date", "Temperature", "Temperature", "precipitation", "wind", "weather"]);
    assert_eq!(g[1], ["date", "max", "min", "precipitation", "wind", "weather"]);
    for (i, (cells, src)) in g[2..].iter().zip(&rows).enumerate() {
        assert_eq!(cells[0], iso(&src[0]), "row {i}");
        assert_eq!(num(&cells[1]), num(&src[2]), "row {i} max");
        assert_eq!(num(&cells[2]), num(&src[3]), "row {i} min");
        assert_eq!(num(&cells[3]), num(&src[1]), "row {i} precipitation");
        assert_eq!(num(&cells[4]), num(&src[4]), "row {i} wind");
        assert_eq!(cells[5], src[5], "row {i} weather");
    }
    let last = g.last().unwrap();
    assert_eq!(last[0], "2015-12-31");
}

#[test]
fn xlsx_tables_have_header_paths_and_all_rows() {
    let (header, rows) = read_csv("seattle-weather.csv");
    let mut warnings = Vec::new();
    let tables =
        read_xlsx("seattle-weather.xlsx", &bytes(fetched("office/seattle-weather.xlsx")), &Limits::default(), &mut warnings).unwrap();
    assert_eq!(tables.len(), 2);

    let t = table(&tables, "seattle-weather:weather");
    assert_eq!(t.file, "seattle-weather.xlsx");
    assert_eq!(t.column_names(), header);
    assert_eq!(t.rows.len(), 200);
    assert_eq!(text(&t.rows[99][5]), rows[99][5]);
    assert_eq!(num(text(&t.rows[199][2])), num(&rows[199][2]));

    let t = table(&tables, "seattle-weather:temperatures");
    assert_eq!(t.column_names(), ["date", "Temperature > max", "Temperature > min", "precipitation", "wind", "weather"]);
    assert_eq!(t.rows.len(), rows.len(), "every data row of the CSV");
    let max = t.column_index("Temperature > max").unwrap();
    let min = t.column_index("Temperature > min").unwrap();
    for (i, src) in [0usize, 500, 1460].into_iter().map(|i| (i, &rows[i])) {
        assert_eq!(text(&t.rows[i][0]), iso(&src[0]));
        assert_eq!(num(text(&t.rows[i][max])), num(&src[2]));
        assert_eq!(num(text(&t.rows[i][min])), num(&src[3]));
    }
}

// ---------------------------------------------------------------------------------------------
// report.docx

/// iowa-electricity.csv pivoted as the document shows it: year → source → value.
fn iowa() -> (Vec<String>, BTreeMap<String, BTreeMap<String, String>>) {
    let (_, rows) = read_csv("iowa-electricity.csv");
    let mut sources: Vec<String> = Vec::new();
    let mut by_year: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for r in rows {
        if !sources.contains(&r[1]) {
            sources.push(r[1].clone());
        }
        by_year.entry(r[0][..4].to_string()).or_default().insert(r[1].clone(), r[2].clone());
    }
    (sources, by_year)
}

#[test]
fn docx_grids_and_context_match_the_sources() {
    let (sources, by_year) = iowa();
    let mut warnings = Vec::new();
    let docs = read_docx_grids("report.docx", &bytes(fetched("office/report.docx")), &Limits::default(), &mut warnings).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let names: Vec<&str> = docs.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, ["report:Table 1", "report:Table 2"]);

    let t1 = &docs[0];
    let span = "Net generation (thousand MWh)";
    assert_eq!(t1.grid[0], ["Year", span, span, span], "gridSpan repeats the label");
    let mut second = vec!["Year".to_string()];
    second.extend(sources.iter().cloned());
    assert_eq!(t1.grid[1], second, "vMerge continuation takes the value above");
    assert_eq!(t1.grid.len(), 2 + by_year.len());
    for (row, (year, values)) in t1.grid[2..].iter().zip(&by_year) {
        assert_eq!(&row[0], year);
        for (j, s) in sources.iter().enumerate() {
            assert_eq!(&row[1 + j], &values[s], "{year} {s}");
        }
    }
    assert_eq!(t1.context.caption.as_deref(), Some("Table 1: Iowa electricity by source"));
    assert_eq!(
        t1.context.before.as_deref(),
        Some(
            "Net generation of electricity in Iowa by source from 2001 to 2017, in thousand megawatt hours, \
             as published in the Vega example datasets."
        )
    );
    let (first, last) = (by_year.keys().next().unwrap(), by_year.keys().last().unwrap());
    let after = format!(
        "Renewable generation grew from {} thousand MWh in {first} to {} thousand MWh in {last}.",
        by_year[first]["Renewables"], by_year[last]["Renewables"]
    );
    assert_eq!(t1.context.after.as_deref(), Some(after.as_str()));

    let (header, rows) = read_csv("la-riots.csv");
    let keep = ["first_name", "last_name", "age", "neighborhood", "type"];
    let idx: Vec<usize> = keep.iter().map(|k| header.iter().position(|h| h == k).unwrap()).collect();
    let t2 = &docs[1];
    assert_eq!(t2.grid[0], keep);
    assert_eq!(t2.grid.len(), 16);
    for (row, src) in t2.grid[1..].iter().zip(&rows) {
        let want: Vec<&str> = idx.iter().map(|&i| src[i].as_str()).collect();
        assert_eq!(row, &want);
    }
    assert_eq!(
        t2.context.caption.as_deref(),
        Some("Table 2: The first 15 deaths in the 1992 Los Angeles riots"),
        "a caption below the table"
    );
    assert_eq!(t2.context.before.as_deref(), Some("The first fifteen people listed in the Los Angeles Times database."));
    assert_eq!(t2.context.after.as_deref(), Some("Source: Los Angeles Times, via the Vega datasets."));
}

#[test]
fn docx_tables_have_header_paths_and_context() {
    let (sources, by_year) = iowa();
    let mut warnings = Vec::new();
    let tables = read_docx("report.docx", &bytes(fetched("office/report.docx")), &Limits::default(), &mut warnings).unwrap();
    assert_eq!(tables.len(), 2);
    let t = table(&tables, "report:Table 1");
    let mut want = vec!["Year".to_string()];
    want.extend(sources.iter().map(|s| format!("Net generation (thousand MWh) > {s}")));
    assert_eq!(t.column_names(), want);
    assert_eq!(t.rows.len(), by_year.len());
    assert_eq!(text(&t.rows[0][0]), "2001");
    assert_eq!(text(&t.rows[16][3]), by_year["2017"]["Renewables"]);
    let ctx = t.context.as_ref().expect("Word tables carry their context");
    assert_eq!(ctx.caption.as_deref(), Some("Table 1: Iowa electricity by source"));
    let t2 = table(&tables, "report:Table 2");
    assert_eq!(t2.rows.len(), 15);
    assert_eq!(t2.column_names(), ["first_name", "last_name", "age", "neighborhood", "type"]);
}

// ---------------------------------------------------------------------------------------------
// Committed edge cases (tests/fixtures/office, written by the same script with --edge)

#[test]
fn xlsx_edge_cases() {
    let mut warnings = Vec::new();
    let grids = read_xlsx_grids("edge-cases.xlsx", &bytes(committed("office/edge-cases.xlsx")), &Limits::default(), &mut warnings).unwrap();
    let names: Vec<&str> = grids.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(names, ["edge-cases:types", "edge-cases:offset"], "the empty sheet gives no table");

    let values: BTreeMap<&str, &str> = grids[0].grid[1..].iter().map(|r| (r[0].as_str(), r[1].as_str())).collect();
    let expect = [
        ("int", "42"),
        ("negative int", "-7"),
        ("big int", "12345678901234"),
        ("float", "0.1"),
        ("third", "0.3333333333333333"),
        ("tiny", "1e-7"),
        ("huge", "1.5e300"),
        ("true", "true"),
        ("false", "false"),
        ("date", "2024-02-29"),
        ("datetime", "2024-02-29T13:45:30"),
        ("time", "07:30:00"),
        ("div0", ""),
        ("na", ""),
        ("unicode", "Zürich – 東京"),
        ("padded", "  padded  "),
        ("empty", ""),
        ("text number", "007"),
        ("percent", "0.25"),
        ("formula", ""),
    ];
    for (k, v) in expect {
        assert_eq!(values.get(k).copied(), Some(v), "{k}");
    }
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    for (w, (cell, code)) in warnings.iter().zip([("B14", "#DIV/0!"), ("B15", "#N/A")]) {
        assert!(w.message.contains("\"types\"") && w.message.contains(cell) && w.message.contains(code), "{w}");
        assert_eq!(w.at.file, "edge-cases.xlsx");
        assert_eq!(w.at.column.as_deref(), Some("B"));
    }
    assert_eq!(warnings[0].at.row, Some(14));

    let g = &grids[1];
    assert_eq!(g.origin, (4, 3));
    assert_eq!(g.grid, [["Group", "Score", "Score"], ["Group", "first", "second"], ["A", "1", "2"], ["A", "3", "4"], ["B", "5", "6"],]);
}

#[test]
fn xlsx_shared_strings_rich_text_and_cached_formulas() {
    // Written by XlsxWriter, which (like Excel) keeps text in xl/sharedStrings.xml.
    let mut warnings = Vec::new();
    let grids =
        read_xlsx_grids("shared-strings.xlsx", &bytes(committed("office/shared-strings.xlsx")), &Limits::default(), &mut warnings).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(grids.len(), 1);
    assert_eq!(grids[0].name, "shared-strings", "one sheet: the stem alone");
    assert_eq!(
        grids[0].grid,
        [
            ["respondent", "answer", "answer", "when"],
            ["respondent", "first", "second", ""],
            ["r1", "yes", "no", "2023-12-31"],
            ["r2", "no", "no", "2024-01-01"],
            ["r3", "yes", "yes", ""],
            ["r4 rich text", "3.25", "false", "6.5"],
        ]
    );
}

#[test]
fn docx_edge_cases() {
    let mut warnings = Vec::new();
    let docs = read_docx_grids("edge-cases.docx", &bytes(committed("office/edge-cases.docx")), &Limits::default(), &mut warnings).unwrap();
    let names: Vec<&str> = docs.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, ["edge-cases:Table 1", "edge-cases:Table 2"], "the empty third table is skipped");
    assert_eq!(docs[0].grid, [["name", "notes"], ["tabs", "one two three second paragraph inner a inner b"]]);
    assert_eq!(docs[0].context.before.as_deref(), Some("Before the first table."));
    assert_eq!(docs[0].context.caption, None);
    assert_eq!(docs[0].context.after.as_deref(), Some("Tabla 2. Resultados por grupo"));
    assert_eq!(
        docs[1].grid,
        [["grupo", "medida", "valor"], ["A", "alto", "1,5"], ["A", "bajo", "2"], ["B", "alto", "3"], ["C", "sin datos", "sin datos"],]
    );
    assert_eq!(docs[1].context.caption.as_deref(), Some("Tabla 2. Resultados por grupo"));
    assert_eq!(docs[1].context.before, None);
    assert_eq!(docs[1].context.after.as_deref(), Some("After the second table."));
    let messages: Vec<&str> = warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(messages.iter().any(|m| m.contains("Table 1") && m.contains("nested")));
    assert!(messages.iter().any(|m| m.contains("Table 3") && m.contains("empty")));
}

// ---------------------------------------------------------------------------------------------
// Broken inputs: specific errors naming the file, never a panic.

fn xlsx_err(name: &str, data: &[u8]) -> IngestError {
    let mut w: Vec<Warning> = Vec::new();
    read_xlsx(name, data, &Limits::default(), &mut w).expect_err("should fail")
}

fn docx_err(name: &str, data: &[u8]) -> IngestError {
    let mut w: Vec<Warning> = Vec::new();
    read_docx(name, data, &Limits::default(), &mut w).expect_err("should fail")
}

#[test]
fn truncated_archives_are_malformed() {
    let x = bytes(fetched("office/seattle-weather.xlsx"));
    let d = bytes(fetched("office/report.docx"));
    for cut in [x.len() / 2, x.len() - 10, 100] {
        let e = xlsx_err("cut.xlsx", &x[..cut]);
        assert!(matches!(e, IngestError::Malformed { ref at, .. } if at.file == "cut.xlsx"), "{cut}: {e}");
    }
    for cut in [d.len() / 2, d.len() - 10, 100] {
        let e = docx_err("cut.docx", &d[..cut]);
        assert!(matches!(e, IngestError::Malformed { ref at, .. } if at.file == "cut.docx"), "{cut}: {e}");
        assert!(e.to_string().starts_with("cut.docx: damaged zip archive"), "{e}");
    }
}

#[test]
fn zips_that_are_not_the_right_document() {
    let none = bytes(committed("office/no-document.docx"));
    let e = docx_err("no-document.docx", &none);
    assert!(
        matches!(e, IngestError::UnsupportedFormat { ref file, ref reason } if file == "no-document.docx" && reason.contains("word/document.xml")),
        "{e}"
    );
    let e = xlsx_err("no-document.xlsx", &none);
    assert!(matches!(e, IngestError::UnsupportedFormat { ref reason, .. } if reason.contains("xl/workbook.xml")), "{e}");
    let e = docx_err("swapped.docx", &bytes(fetched("office/seattle-weather.xlsx")));
    assert!(matches!(e, IngestError::UnsupportedFormat { ref reason, .. } if reason.contains("Excel workbook")), "{e}");
    let e = xlsx_err("swapped.xlsx", &bytes(fetched("office/report.docx")));
    assert!(matches!(e, IngestError::UnsupportedFormat { ref reason, .. } if reason.contains("Word document")), "{e}");
}

#[test]
fn random_bytes_are_not_office_files() {
    // A fixed pseudo-random sequence (xorshift), so failures reproduce.
    let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
    let noise: Vec<u8> = (0..4096)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s as u8
        })
        .collect();
    assert!(matches!(xlsx_err("noise.xlsx", &noise), IngestError::UnsupportedFormat { .. }));
    assert!(matches!(docx_err("noise.docx", &noise), IngestError::UnsupportedFormat { .. }));
    // Zip signature, then noise: a damaged archive.
    let mut pk = b"PK\x03\x04".to_vec();
    pk.extend_from_slice(&noise);
    assert!(matches!(xlsx_err("pk.xlsx", &pk), IngestError::Malformed { .. }));
    assert!(matches!(docx_err("pk.docx", &pk), IngestError::Malformed { .. }));
    assert!(matches!(xlsx_err("e.xlsx", b""), IngestError::Empty { .. }));
    assert!(matches!(docx_err("e.docx", b""), IngestError::Empty { .. }));
    // The CSV the user meant to upload.
    let csv = fs::read(fetched("vega/seattle-weather.csv")).unwrap();
    assert!(matches!(xlsx_err("weather.xlsx", &csv), IngestError::UnsupportedFormat { .. }));
}

#[test]
fn flipped_bytes_never_panic() {
    // Damage every 97th byte of real files in turn: any outcome but a panic is acceptable.
    for (name, data) in [("f.xlsx", bytes(fetched("office/seattle-weather.xlsx"))), ("f.docx", bytes(fetched("office/report.docx")))] {
        for start in (0..data.len()).step_by(97).take(200) {
            let mut d = data.clone();
            d[start] ^= 0x5A;
            let mut w = Vec::new();
            if name.ends_with("xlsx") {
                let _ = read_xlsx_grids(name, &d, &Limits::default(), &mut w);
            } else {
                let _ = read_docx_grids(name, &d, &Limits::default(), &mut w);
            }
        }
    }
}
