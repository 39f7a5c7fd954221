//! Excel workbooks (.xlsx) → one table per non-empty sheet, through calamine.
//!
//! Cells become the text a reader sees: integers without ".0", other numbers as the shortest text
//! that reads back to the same double, dates as ISO 8601, booleans as "true"/"false". Error cells
//! (#DIV/0!, #N/A, …) become empty cells with a warning naming the sheet and cell. Merged regions
//! are expanded (every cell of the region carries its value), so a header merged across columns
//! repeats its label and `headers::table_from_grid` can turn it into header paths.
//!
//! Hostile files: the zip is checked first. Every XML part is decompressed once, counting bytes, so
//! a zip bomb is refused before calamine reads it; the worksheet parts are also parsed and checked
//! for what calamine 0.31 panics on (shared-string indexes past the table, overlong or reversed
//! cell references, XML it might read past) and refused as `Malformed`. That pass costs about a fifth
//! of the load time (200,000 rows × 6 columns: 1.45 s → 1.75 s, release build). The grid's size is
//! bounded before it is allocated, and calamine runs under `catch_unwind` where unwinding exists.

use std::io::{Cursor, Read};

use calamine::{DataRef, ExcelDateTime, Reader, Xlsx, XlsxError};

use super::headers::table_from_grid;
use super::limits::{office_inflate_cap, over_inflate_cap, Limits};
use crate::error::{IngestError, Location, Warning};
use crate::table::Table;

/// Largest decompressed XML part accepted (a sheet, the shared strings).
pub const MAX_PART_BYTES: u64 = 256 * 1024 * 1024;
/// Largest total of decompressed XML parts.
pub const MAX_TOTAL_BYTES: u64 = 1024 * 1024 * 1024;
/// Largest dense grid (rows × columns) built from one sheet. Sparse sheets with a stray far-away
/// cell would otherwise allocate billions of empty cells.
pub const MAX_GRID_CELLS: u64 = 50_000_000;

/// One sheet's cells as text, leading empty rows and columns removed, merged regions expanded.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetGrid {
    /// The table name: "<file stem>:<sheet>", or the stem alone when the workbook gives one table.
    pub name: String,
    pub sheet: String,
    /// 1-based sheet row and column of `grid[0][0]` (where the used area starts).
    pub origin: (u32, u32),
    pub grid: Vec<Vec<String>>,
}

/// Reads every non-empty worksheet of an .xlsx workbook as a table.
pub fn read_xlsx(file: &str, bytes: &[u8], limits: &Limits, warnings: &mut Vec<Warning>) -> Result<Vec<Table>, IngestError> {
    let grids = read_xlsx_grids(file, bytes, limits, warnings)?;
    let mut tables = Vec::with_capacity(grids.len());
    let mut first_error = None;
    for g in grids {
        match table_from_grid(file, &g.name, g.grid, limits, warnings) {
            Ok(t) => tables.push(t),
            Err(e) => {
                warnings.push(Warning::new(Location::file(file), format!("sheet {:?} skipped: {e}", g.sheet)));
                first_error.get_or_insert(e);
            }
        }
    }
    match (tables.is_empty(), first_error) {
        (true, Some(e)) => Err(e),
        _ => Ok(tables),
    }
}

/// The grids of every non-empty worksheet, before header detection.
pub fn read_xlsx_grids(file: &str, bytes: &[u8], limits: &Limits, warnings: &mut Vec<Warning>) -> Result<Vec<SheetGrid>, IngestError> {
    check_container(file, bytes)?;
    let mut local = Vec::new();
    let result = guarded(file, || read_sheets(file, bytes, limits, &mut local));
    // Why no sheet gave a table: the sheets skipped (each also a warning), else all were empty.
    let skipped: Vec<&str> =
        local.iter().map(|w| w.message.as_str()).filter(|m| m.starts_with("sheet ") && m.contains(" skipped: ")).collect();
    let reason = if skipped.is_empty() { "every sheet is empty".to_string() } else { skipped.join("; ") };
    warnings.append(&mut local);
    let (mut sheets, worksheets) = result?;
    if sheets.is_empty() {
        let reason = if worksheets == 0 { "the workbook has no sheets".to_string() } else { reason };
        return Err(IngestError::NoTable { file: file.to_string(), reason });
    }
    let stem = crate::names::stem(file);
    let single = sheets.len() == 1;
    for s in &mut sheets {
        s.name = if single { stem.to_string() } else { format!("{stem}:{}", s.sheet) };
    }
    Ok(sheets)
}

/// Runs calamine so that a panic inside it (arithmetic overflow on hostile cell references, say)
/// becomes an error about this file instead of taking the process down. Without unwinding (wasm32
/// builds with panic=abort) the closure simply runs.
fn guarded<T>(file: &str, f: impl FnOnce() -> Result<T, IngestError>) -> Result<T, IngestError> {
    catch(f).unwrap_or_else(|| {
        Err(IngestError::Malformed {
            at: Location::file(file),
            message: "the spreadsheet reader failed on this workbook (it is probably damaged)".into(),
        })
    })
}

/// `None` when `f` panicked.
fn catch<T>(f: impl FnOnce() -> T) -> Option<T> {
    #[cfg(panic = "unwind")]
    {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).ok()
    }
    #[cfg(not(panic = "unwind"))]
    {
        Some(f())
    }
}

const CFB_MAGIC: &[u8] = &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

fn unsupported(file: &str, reason: impl Into<String>) -> IngestError {
    IngestError::UnsupportedFormat { file: file.to_string(), reason: reason.into() }
}

fn malformed(file: &str, message: impl Into<String>) -> IngestError {
    IngestError::Malformed { at: Location::file(file), message: message.into() }
}

/// Checks that the bytes are a readable zip holding a workbook, that no XML part decompresses
/// beyond the limits (zip bombs), and that the sheets hold nothing calamine would panic on
/// (out-of-range shared-string indexes, overlong or reversed cell references): all before calamine
/// reads anything, so the checks hold in wasm32 too, where a panic cannot be caught.
fn check_container(file: &str, bytes: &[u8]) -> Result<(), IngestError> {
    let inflate = office_inflate_cap(bytes.len());
    let caps = if inflate < MAX_TOTAL_BYTES {
        Caps { part: MAX_PART_BYTES, total: inflate, proportional_to: Some(bytes.len()) }
    } else {
        Caps { part: MAX_PART_BYTES, total: MAX_TOTAL_BYTES, proportional_to: None }
    };
    check_container_with(file, bytes, caps)
}

/// Decompression limits: per XML part and for all parts together.
#[derive(Clone, Copy)]
struct Caps {
    part: u64,
    total: u64,
    /// The file's size when `total` is `office_inflate_cap` of it (the error then says so).
    proportional_to: Option<usize>,
}

fn check_container_with(file: &str, bytes: &[u8], caps: Caps) -> Result<(), IngestError> {
    if bytes.is_empty() {
        return Err(IngestError::Empty { file: file.to_string() });
    }
    if bytes.starts_with(CFB_MAGIC) {
        return Err(unsupported(file, "an encrypted workbook or a legacy binary .xls file; save it as an unencrypted .xlsx"));
    }
    if !bytes.starts_with(b"PK\x03\x04") && !bytes.starts_with(b"PK\x05\x06") {
        return Err(unsupported(file, "not an .xlsx workbook (an .xlsx file is a zip archive; this is not one)"));
    }
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| malformed(file, format!("damaged zip archive: {e}")))?;
    let has = |zip: &zip::ZipArchive<Cursor<&[u8]>>, name: &str| zip.index_for_name(name).is_some();
    if !has(&zip, "xl/workbook.xml") {
        let reason = if has(&zip, "word/document.xml") {
            "this is a Word document, not an Excel workbook".to_string()
        } else {
            "a zip archive without xl/workbook.xml: not an .xlsx workbook".to_string()
        };
        return Err(unsupported(file, reason));
    }
    let mut total: u64 = 0;
    // Shared strings first: the sheets' string indexes are checked against their number.
    let mut shared = 0usize;
    if let Some(i) = zip.index_for_name("xl/sharedStrings.xml") {
        let entry = zip.by_index(i).map_err(|e| malformed(file, format!("damaged zip archive: {e}")))?;
        shared = scan_part(file, "xl/sharedStrings.xml", entry, &mut total, caps, Scan::SharedStrings)?;
    }
    let mut sheets = worksheet_parts(&mut zip);
    sheets.extend(zip.file_names().filter(|n| n.starts_with("xl/worksheets/") && n.ends_with(".xml")).map(str::to_string));
    for i in 0..zip.len() {
        let entry = zip.by_index(i).map_err(|e| malformed(file, format!("damaged zip archive: {e}")))?;
        let name = entry.name().to_string();
        if !(name.ends_with(".xml") || name.ends_with(".rels")) || name == "xl/sharedStrings.xml" {
            continue;
        }
        let scan = if sheets.contains(&name) { Scan::Sheet { shared } } else { Scan::Count };
        scan_part(file, &name, entry, &mut total, caps, scan)?;
    }
    Ok(())
}

/// The worksheet parts named by xl/_rels/workbook.xml.rels, resolved as calamine resolves them.
/// (Read within 32 MiB here; the part is counted against the limits with the others.)
fn worksheet_parts(zip: &mut zip::ZipArchive<Cursor<&[u8]>>) -> Vec<String> {
    let Ok(entry) = zip.by_name("xl/_rels/workbook.xml.rels") else { return Vec::new() };
    let mut xml = Vec::new();
    if entry.take(32 * 1024 * 1024).read_to_end(&mut xml).is_err() {
        return Vec::new();
    }
    let mut r = quick_xml::Reader::from_reader(xml.as_slice());
    let mut out = Vec::new();
    loop {
        match r.read_event() {
            Ok(quick_xml::events::Event::Start(e) | quick_xml::events::Event::Empty(e)) if e.local_name().as_ref() == b"Relationship" => {
                let (mut target, mut worksheet) = (None, false);
                for a in e.attributes().with_checks(false).flatten() {
                    match a.key.as_ref() {
                        b"Target" => target = Some(String::from_utf8_lossy(&a.value).into_owned()),
                        b"Type" => worksheet = a.value.ends_with(b"/worksheet"),
                        _ => {}
                    }
                }
                if let (Some(t), true) = (target, worksheet) {
                    out.push(if let Some(rest) = t.strip_prefix("/xl/") {
                        format!("xl/{rest}")
                    } else if t.starts_with("xl/") {
                        t
                    } else {
                        format!("xl/{t}")
                    });
                }
            }
            Ok(quick_xml::events::Event::Eof) | Err(_) => return out,
            _ => {}
        }
    }
}

#[derive(Clone, Copy)]
enum Scan {
    /// Only count the decompressed bytes.
    Count,
    /// Count the `si` entries calamine keeps (those with a run or a non-phonetic text).
    SharedStrings,
    /// Check cell, row, dimension and merge references and shared-string indexes.
    Sheet { shared: usize },
}

/// Counts the bytes read from a zip entry and stops at the limits.
struct Counted<'t, R> {
    inner: R,
    part: u64,
    total: &'t mut u64,
    caps: Caps,
    over: bool,
}

impl<R: Read> Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.part += n as u64;
        *self.total += n as u64;
        if self.part > self.caps.part || *self.total > self.caps.total {
            self.over = true;
            return Err(std::io::Error::other("decompressed size limit"));
        }
        Ok(n)
    }
}

/// Decompresses one part within the limits; for `Scan::SharedStrings` returns the string count.
fn scan_part<R: Read>(
    file: &str,
    name: &str,
    entry: zip::read::ZipFile<'_, R>,
    total: &mut u64,
    caps: Caps,
    scan: Scan,
) -> Result<usize, IngestError> {
    if entry.size() > caps.part {
        return Err(too_large_part(file, name, caps.part));
    }
    let mut counted = Counted { inner: entry, part: 0, total, caps, over: false };
    let result: Result<usize, Problem> = match scan {
        Scan::Count if !name.ends_with(".xml") => {
            std::io::copy(&mut counted, &mut std::io::sink()).map(|_| 0).map_err(|e| Problem::Io(e.to_string()))
        }
        _ => {
            let mut reader = quick_xml::Reader::from_reader(std::io::BufReader::new(&mut counted));
            let checked = match check_xml(&mut reader, scan) {
                // Parts calamine may never read are only checked for a DTD; damage there is theirs.
                Err(Problem::Syntax(_)) if matches!(scan, Scan::Count) => Ok(0),
                checked => checked,
            };
            // Whatever the XML holds, the rest of the part still counts towards the limits.
            let rest = std::io::copy(reader.get_mut(), &mut std::io::sink());
            match (checked, rest) {
                (Err(Problem::Invalid(m)), _) => Err(Problem::Invalid(m)),
                (_, Err(e)) => Err(Problem::Io(e.to_string())),
                (checked, Ok(_)) => checked,
            }
        }
    };
    if counted.over {
        return Err(if *counted.total > caps.total {
            match caps.proportional_to {
                Some(file_len) => over_inflate_cap(file, file_len, "the workbook"),
                None => IngestError::TooLarge {
                    at: Location::file(file),
                    message: format!("the workbook decompresses to more than {} MiB of XML", caps.total >> 20),
                },
            }
        } else {
            too_large_part(file, name, caps.part)
        });
    }
    match result {
        Ok(n) => Ok(n),
        Err(Problem::Invalid(m)) => Err(malformed(file, format!("damaged workbook: {name}: {m}"))),
        // Refused rather than left to calamine: its XML reader (another quick-xml version) may read
        // past the damage into what this check never saw.
        Err(Problem::Syntax(e)) => Err(malformed(file, format!("damaged workbook: {name} is not well-formed XML ({e})"))),
        Err(Problem::Io(e)) => Err(malformed(file, format!("damaged zip entry {name}: {e}"))),
    }
}

enum Problem {
    Io(String),
    Syntax(String),
    Invalid(String),
}

fn check_xml<B: std::io::BufRead>(reader: &mut quick_xml::Reader<B>, scan: Scan) -> Result<usize, Problem> {
    use quick_xml::events::Event;
    let mut buf = Vec::new();
    let mut count = 0usize;
    // Shared strings: inside an `si`, whether calamine would keep it.
    let (mut in_si, mut keeps, mut phonetic) = (false, false, false);
    // Sheets: inside a `c` with t="s", and the text of its `v`.
    let (mut shared_cell, mut in_v, mut v) = (false, false, String::new());
    // The cell's reference, for the message.
    let mut cell = String::new();
    loop {
        buf.clear();
        let ev = reader.read_event_into(&mut buf).map_err(|e| Problem::Syntax(format!("at byte {}: {e}", reader.buffer_position())))?;
        match (scan, &ev) {
            (_, Event::Eof) => return Ok(count),
            // Office never writes one; entity declarations are how XXE and billion laughs work.
            (_, Event::DocType(_)) => {
                return Err(Problem::Invalid(format!(
                    "declares a DTD (<!DOCTYPE …> at byte {}); entity declarations are refused (XXE, billion laughs)",
                    reader.buffer_position()
                )))
            }
            (Scan::SharedStrings, Event::Start(e)) => match e.local_name().as_ref() {
                b"si" => (in_si, keeps, phonetic) = (true, false, false),
                b"rPh" => phonetic = true,
                b"r" if in_si => keeps = true,
                b"t" if in_si && !phonetic => keeps = true,
                _ => {}
            },
            (Scan::SharedStrings, Event::End(e)) => match e.local_name().as_ref() {
                b"si" => {
                    count += usize::from(in_si && keeps);
                    in_si = false;
                }
                b"rPh" => phonetic = false,
                b"sst" => return Ok(count),
                _ => {}
            },
            (Scan::Sheet { .. }, Event::Start(e) | Event::Empty(e)) => {
                let start = matches!(ev, Event::Start(_));
                match e.local_name().as_ref() {
                    b"c" => {
                        shared_cell = false;
                        cell.clear();
                        for a in e.attributes().with_checks(false).flatten() {
                            match a.key.as_ref() {
                                b"r" if parse_cell_ref(&a.value).is_none() => return Err(bad_ref("cell", &a.value)),
                                b"r" => cell = String::from_utf8_lossy(&a.value).into_owned(),
                                b"t" => shared_cell = start && a.value.as_ref() == b"s",
                                _ => {}
                            }
                        }
                    }
                    b"row" => {
                        for a in e.attributes().with_checks(false).flatten() {
                            if a.key.as_ref() == b"r" && parse_row(&a.value).is_none() {
                                return Err(bad_ref("row", &a.value));
                            }
                        }
                    }
                    b"dimension" | b"mergeCell" => {
                        for a in e.attributes().with_checks(false).flatten() {
                            if a.key.as_ref() == b"ref" && parse_range(&a.value).is_none() {
                                return Err(bad_ref("range", &a.value));
                            }
                        }
                    }
                    b"v" if shared_cell && start => {
                        in_v = true;
                        v.clear();
                    }
                    _ => {}
                }
            }
            (Scan::Sheet { .. }, Event::Text(t)) if in_v => match t.unescape() {
                Ok(s) => v.push_str(&s),
                Err(e) => return Err(Problem::Syntax(e.to_string())),
            },
            (Scan::Sheet { shared }, Event::End(e)) => match e.local_name().as_ref() {
                b"v" if in_v => {
                    in_v = false;
                    // calamine reads an unparsable index as 0.
                    let index = v.parse::<usize>().unwrap_or(0);
                    if index >= shared {
                        let which = if cell.is_empty() { "a cell".to_string() } else { format!("cell {cell}") };
                        return Err(Problem::Invalid(format!("{which} refers to shared string {index}, but the workbook has {shared}")));
                    }
                }
                b"c" => shared_cell = false,
                _ => {}
            },
            _ => {}
        }
    }
}

fn bad_ref(what: &str, value: &[u8]) -> Problem {
    let shown: String = String::from_utf8_lossy(value).chars().take(40).collect();
    Problem::Invalid(format!("invalid {what} reference {shown:?}"))
}

/// "B12" → (11, 1), 0-based; Excel's bounds (XFD1048576), 1-3 letters then 1-7 digits.
fn parse_cell_ref(s: &[u8]) -> Option<(u32, u32)> {
    let letters = s.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    if !(1..=3).contains(&letters) {
        return None;
    }
    let col = s[..letters].iter().fold(0u32, |acc, c| acc * 26 + u32::from(c.to_ascii_uppercase() - b'A') + 1);
    let row = parse_row(&s[letters..])?;
    (col <= 16_384).then_some((row, col - 1))
}

/// "12" → 11, 0-based, 1..=1048576 in the source.
fn parse_row(s: &[u8]) -> Option<u32> {
    if s.is_empty() || s.len() > 7 || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let row = s.iter().fold(0u32, |acc, c| acc * 10 + u32::from(c - b'0'));
    (1..=1_048_576).contains(&row).then(|| row - 1)
}

/// "A1" or "A1:C3" with the start above and left of the end.
fn parse_range(s: &[u8]) -> Option<()> {
    let mut parts = s.split(|&c| c == b':');
    let a = parse_cell_ref(parts.next()?)?;
    match (parts.next(), parts.next()) {
        (None, _) => Some(()),
        (Some(b), None) => {
            let b = parse_cell_ref(b)?;
            (a.0 <= b.0 && a.1 <= b.1).then_some(())
        }
        _ => None,
    }
}

fn too_large_part(file: &str, name: &str, cap: u64) -> IngestError {
    IngestError::TooLarge { at: Location::file(file), message: format!("{name} decompresses to more than {} MiB", cap >> 20) }
}

fn xlsx_error(file: &str, e: XlsxError) -> IngestError {
    match e {
        XlsxError::Password => unsupported(file, "the workbook is password-protected"),
        other => malformed(file, format!("not a readable workbook: {other}")),
    }
}

/// Spreadsheet column letters for a 0-based index: 0 → A, 26 → AA.
pub(crate) fn column_letters(mut col: u32) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'A' + (col % 26) as u8);
        if col < 26 {
            break;
        }
        col = col / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

fn cell_ref(row: u32, col: u32) -> String {
    format!("{}{}", column_letters(col), u64::from(row) + 1)
}

/// The grids of the sheets that hold cells, and how many worksheets the workbook names.
fn read_sheets(file: &str, bytes: &[u8], limits: &Limits, warnings: &mut Vec<Warning>) -> Result<(Vec<SheetGrid>, usize), IngestError> {
    let mut wb: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).map_err(|e| xlsx_error(file, e))?;
    let sheets: Vec<(String, bool)> =
        wb.sheets_metadata().iter().map(|s| (s.name.clone(), matches!(s.typ, calamine::SheetType::WorkSheet))).collect();
    let mut out = Vec::new();
    let worksheets = sheets.iter().filter(|(_, w)| *w).count();
    for (sheet, is_worksheet) in sheets {
        if !is_worksheet {
            continue; // chart sheets, dialog sheets: no cells
        }
        let read = catch(|| read_sheet(file, &mut wb, &sheet, limits, warnings))
            .unwrap_or_else(|| Err(SheetError::Skip("the spreadsheet reader failed on this sheet (it is probably damaged)".into())));
        match read {
            Ok(Some(g)) => out.push(g),
            Ok(None) => {}
            Err(SheetError::Fatal(e)) => return Err(e),
            Err(SheetError::Skip(message)) => {
                warnings.push(Warning::new(Location::file(file), format!("sheet {sheet:?} skipped: {message}")));
            }
        }
    }
    Ok((out, worksheets))
}

enum SheetError {
    /// The whole file is refused (a limit was hit).
    Fatal(IngestError),
    /// This sheet could not be read; the others still load.
    Skip(String),
}

struct Cell {
    row: u32,
    col: u32,
    text: String,
}

fn read_sheet(
    file: &str,
    wb: &mut Xlsx<Cursor<&[u8]>>,
    sheet: &str,
    limits: &Limits,
    warnings: &mut Vec<Warning>,
) -> Result<Option<SheetGrid>, SheetError> {
    let mut cells: Vec<Cell> = Vec::new();
    let mut text_bytes: u64 = 0;
    {
        let mut reader = match wb.worksheet_cells_reader(sheet) {
            Ok(r) => r,
            Err(XlsxError::NotAWorksheet(_)) => return Ok(None),
            Err(e) => return Err(SheetError::Skip(e.to_string())),
        };
        loop {
            let cell = match reader.next_cell() {
                Ok(Some(c)) => c,
                Ok(None) => break,
                Err(e) => return Err(SheetError::Skip(format!("damaged sheet XML: {e}"))),
            };
            let (row, col) = cell.get_position();
            let text = match cell_text(cell.get_value()) {
                CellText::Text(t) => t,
                CellText::Error(code) => {
                    warnings.push(Warning::new(
                        Location::file(file).row(u64::from(row) + 1).column(column_letters(col)),
                        format!("sheet {sheet:?}, cell {}: the error value {code} was read as an empty cell", cell_ref(row, col)),
                    ));
                    continue;
                }
            };
            if text.is_empty() {
                continue;
            }
            if text.len() > limits.max_cell_bytes {
                return Err(SheetError::Fatal(IngestError::TooLarge {
                    at: Location::file(file).row(u64::from(row) + 1).column(column_letters(col)),
                    message: format!(
                        "sheet {sheet:?}, cell {}: {} bytes in one cell; at most {} are supported",
                        cell_ref(row, col),
                        text.len(),
                        limits.max_cell_bytes
                    ),
                }));
            }
            text_bytes += text.len() as u64;
            cells.push(Cell { row, col, text });
        }
    }
    if cells.is_empty() {
        return Ok(None);
    }
    let min_row = cells.iter().map(|c| c.row).min().unwrap_or(0);
    let max_row = cells.iter().map(|c| c.row).max().unwrap_or(0);
    let min_col = cells.iter().map(|c| c.col).min().unwrap_or(0);
    let max_col = cells.iter().map(|c| c.col).max().unwrap_or(0);
    let height = u64::from(max_row - min_row) + 1;
    let width = u64::from(max_col - min_col) + 1;
    if width > limits.max_columns as u64 {
        let widest = cells.iter().find(|c| c.col == max_col).map_or(min_row, |c| c.row);
        return Err(SheetError::Fatal(IngestError::TooLarge {
            at: Location::file(file).row(u64::from(widest) + 1),
            message: format!(
                "sheet {sheet:?} spans {width} columns ({} to {}); at most {} are supported",
                column_letters(min_col),
                column_letters(max_col),
                limits.max_columns
            ),
        }));
    }
    if height.saturating_mul(width) > MAX_GRID_CELLS {
        return Err(SheetError::Fatal(IngestError::TooLarge {
            at: Location::file(file),
            message: format!(
                "sheet {sheet:?} spans {} to {} ({height} rows × {width} columns), more than {MAX_GRID_CELLS} cells; \
                 delete stray cells far from the table",
                cell_ref(min_row, min_col),
                cell_ref(max_row, max_col)
            ),
        }));
    }
    let (h, w) = (height as usize, width as usize);
    let mut grid: Vec<Vec<String>> = vec![vec![String::new(); w]; h];
    for c in cells {
        grid[(c.row - min_row) as usize][(c.col - min_col) as usize] = c.text;
    }

    // Merged regions: every cell of a region takes the value of its top-left cell. Clipped to the
    // used area; the work and the bytes copied are bounded so crafted merges cannot blow up.
    // calamine can panic on a reversed merge reference ("C2:A1") in builds with overflow checks:
    // only the merges are lost then, not the sheet.
    let merges = match catch(|| wb.worksheet_merge_cells(sheet)) {
        None => Err("the spreadsheet reader failed on them".to_string()),
        Some(Some(Err(e))) => Err(e.to_string()),
        Some(m) => Ok(m.and_then(Result::ok)),
    };
    match merges {
        Ok(None) => {}
        Err(e) => warnings.push(Warning::new(
            Location::file(file),
            format!("sheet {sheet:?}: merged cells could not be read ({e}); they are left unexpanded"),
        )),
        Ok(Some(regions)) => {
            let mut budget_cells = (h as u64 * w as u64).saturating_mul(2) + 1024;
            let mut budget_bytes = text_bytes.saturating_mul(2) + 16 * 1024 * 1024;
            for d in regions {
                let (r0, r1) = (d.start.0.min(d.end.0), d.start.0.max(d.end.0));
                let (c0, c1) = (d.start.1.min(d.end.1), d.start.1.max(d.end.1));
                if r0 < min_row || c0 < min_col || r0 > max_row || c0 > max_col {
                    continue; // the top-left cell is outside the used area: it is empty
                }
                let (gr0, gc0) = ((r0 - min_row) as usize, (c0 - min_col) as usize);
                let value = grid[gr0][gc0].clone();
                if value.is_empty() {
                    continue;
                }
                let gr1 = (r1.min(max_row) - min_row) as usize;
                let gc1 = (c1.min(max_col) - min_col) as usize;
                let area = (gr1 - gr0 + 1) as u64 * (gc1 - gc0 + 1) as u64;
                let bytes = area.saturating_mul(value.len() as u64);
                if area > budget_cells || bytes > budget_bytes {
                    warnings.push(Warning::new(
                        Location::file(file),
                        format!("sheet {sheet:?}: too many merged cells; the rest are left unexpanded"),
                    ));
                    break;
                }
                budget_cells -= area;
                budget_bytes -= bytes;
                for row in grid.iter_mut().take(gr1 + 1).skip(gr0) {
                    for cell in row.iter_mut().take(gc1 + 1).skip(gc0) {
                        if cell.is_empty() {
                            cell.clone_from(&value);
                        }
                    }
                }
            }
        }
    }
    Ok(Some(SheetGrid { name: String::new(), sheet: sheet.to_string(), origin: (min_row + 1, min_col + 1), grid }))
}

enum CellText {
    Text(String),
    Error(String),
}

fn cell_text(v: &DataRef<'_>) -> CellText {
    CellText::Text(match v {
        DataRef::Empty => String::new(),
        DataRef::String(s) => s.clone(),
        DataRef::SharedString(s) => (*s).to_string(),
        DataRef::Int(i) => i.to_string(),
        DataRef::Float(f) => format_number(*f),
        DataRef::Bool(b) => b.to_string(),
        DataRef::DateTime(d) => format_datetime(d),
        DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => s.clone(),
        DataRef::Error(e) => return CellText::Error(e.to_string()),
    })
}

/// Integers without ".0"; otherwise the shortest text that parses back to the same double
/// (exponent notation only for very large or very small magnitudes).
pub fn format_number(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if f == 0.0 {
        return "0".into();
    }
    let a = f.abs();
    if f.fract() == 0.0 && a < 1e15 {
        return format!("{}", f as i64);
    }
    if !(1e-5..1e16).contains(&a) {
        return format!("{f:e}");
    }
    format!("{f}")
}

/// Excel serial days after 9999-12-31 (and negative ones) are not dates.
const LAST_EXCEL_SERIAL: f64 = 2_958_466.0;

/// Dates as YYYY-MM-DD, date-times as YYYY-MM-DDTHH:MM:SS(.mmm), times of day as HH:MM:SS,
/// durations as [h]:mm:ss (Excel's own duration display).
pub fn format_datetime(d: &ExcelDateTime) -> String {
    let v = d.as_f64();
    if d.is_duration() {
        if !v.is_finite() || v.abs() > 1e9 {
            return format_number(v);
        }
        let ms = (v.abs() * 86_400_000.0).round() as u64;
        let (h, m, s, milli) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
        let sign = if v < 0.0 && ms > 0 { "-" } else { "" };
        return if milli > 0 { format!("{sign}{h}:{m:02}:{s:02}.{milli:03}") } else { format!("{sign}{h}:{m:02}:{s:02}") };
    }
    if !v.is_finite() || !(0.0..LAST_EXCEL_SERIAL).contains(&v) {
        return format_number(v);
    }
    // calamine exposes no getter for the epoch; equality compares it.
    let is_1904 = *d != ExcelDateTime::new(v, calamine::ExcelDateTimeType::DateTime, false);
    // Rounded to Excel's millisecond precision here: calamine's own split can yield 1000 ms.
    let mut days = v.floor();
    let mut ms = ((v - days) * 86_400_000.0).round() as u64;
    if ms >= 86_400_000 {
        days += 1.0;
        ms = 0;
    }
    let (y, mo, day, ..) = ExcelDateTime::new(days, calamine::ExcelDateTimeType::DateTime, is_1904).to_ymd_hms_milli();
    let (h, mi, s, ms) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    let time = if ms > 0 { format!("{h:02}:{mi:02}:{s:02}.{ms:03}") } else { format!("{h:02}:{mi:02}:{s:02}") };
    if v < 1.0 {
        return time; // a time of day without a date
    }
    if h == 0 && mi == 0 && s == 0 && ms == 0 {
        format!("{y:04}-{mo:02}-{day:02}")
    } else {
        format!("{y:04}-{mo:02}-{day:02}T{time}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use calamine::ExcelDateTimeType;
    use std::io::Write;

    /// A minimal but complete workbook, written by hand (what every writer emits at least).
    fn workbook(sheets: &[(&str, &str)], shared: &[&str], styles: &str) -> Vec<u8> {
        let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let o = zip::write::SimpleFileOptions::default();
        let mut put = |name: &str, body: &str| {
            w.start_file(name, o).unwrap();
            w.write_all(body.as_bytes()).unwrap();
        };
        put("[Content_Types].xml", r#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>"#);
        put(
            "_rels/.rels",
            r#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#,
        );
        let mut wbx = String::from(
            r#"<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>"#,
        );
        let mut rels =
            String::from(r#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#);
        for (i, (name, _)) in sheets.iter().enumerate() {
            wbx += &format!(r#"<sheet name="{name}" sheetId="{}" r:id="rId{}"/>"#, i + 1, i + 1);
            rels += &format!(
                r#"<Relationship Id="rId{}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet{}.xml"/>"#,
                i + 1,
                i + 1
            );
        }
        wbx += "</sheets></workbook>";
        rels += "</Relationships>";
        put("xl/workbook.xml", &wbx);
        put("xl/_rels/workbook.xml.rels", &rels);
        for (i, (_, body)) in sheets.iter().enumerate() {
            put(
                &format!("xl/worksheets/sheet{}.xml", i + 1),
                &format!(
                    r#"<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">{body}</worksheet>"#
                ),
            );
        }
        if !shared.is_empty() {
            let si: String = shared.iter().map(|s| format!("<si><t>{s}</t></si>")).collect();
            put(
                "xl/sharedStrings.xml",
                &format!(r#"<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">{si}</sst>"#),
            );
        }
        if !styles.is_empty() {
            put(
                "xl/styles.xml",
                &format!(
                    r#"<?xml version="1.0"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">{styles}</styleSheet>"#
                ),
            );
        }
        w.finish().unwrap().into_inner()
    }

    fn grids(bytes: &[u8]) -> (Result<Vec<SheetGrid>, IngestError>, Vec<Warning>) {
        let mut w = Vec::new();
        let r = read_xlsx_grids("data/book.xlsx", bytes, &Limits::default(), &mut w);
        (r, w)
    }

    fn strs(g: &[Vec<String>]) -> Vec<Vec<&str>> {
        g.iter().map(|r| r.iter().map(String::as_str).collect()).collect()
    }

    #[test]
    fn numbers_format_faithfully() {
        assert_eq!(format_number(42.0), "42");
        assert_eq!(format_number(-7.0), "-7");
        assert_eq!(format_number(-0.0), "0");
        assert_eq!(format_number(0.1), "0.1");
        assert_eq!(format_number(1.0 / 3.0), "0.3333333333333333");
        assert_eq!(format_number(12345678901234.0), "12345678901234");
        assert_eq!(format_number(1e-7), "1e-7");
        assert_eq!(format_number(1.5e300), "1.5e300");
        assert_eq!(format_number(2.5e15), "2500000000000000");
        for f in [0.1, 1.0 / 3.0, 1e-7, 1.5e300, 123.456, -9.99e-9, 2.5e15, 1e16 + 2.0] {
            assert_eq!(format_number(f).parse::<f64>().unwrap(), f, "{f}");
        }
        assert_eq!(format_number(f64::NAN), "NaN");
    }

    #[test]
    fn dates_format_as_iso() {
        let dt = |v| ExcelDateTime::new(v, ExcelDateTimeType::DateTime, false);
        assert_eq!(format_datetime(&dt(45351.0)), "2024-02-29");
        assert_eq!(format_datetime(&dt(45351.57326388889)), "2024-02-29T13:45:30");
        assert_eq!(format_datetime(&dt(0.3125)), "07:30:00");
        assert_eq!(format_datetime(&dt(-3.0)), "-3");
        assert_eq!(format_datetime(&dt(1e300)), "1e300");
        assert_eq!(format_datetime(&dt(f64::NAN)), "NaN");
        assert_eq!(format_datetime(&ExcelDateTime::new(45351.0, ExcelDateTimeType::DateTime, true)), "2028-03-01");
        let dur = ExcelDateTime::new(1.5104166666666667, ExcelDateTimeType::TimeDelta, false);
        assert_eq!(format_datetime(&dur), "36:15:00");
    }

    #[test]
    fn column_letters_match_excel() {
        assert_eq!(column_letters(0), "A");
        assert_eq!(column_letters(25), "Z");
        assert_eq!(column_letters(26), "AA");
        assert_eq!(column_letters(701), "ZZ");
        assert_eq!(column_letters(702), "AAA");
        assert_eq!(column_letters(16383), "XFD");
        assert_eq!(column_letters(u32::MAX).len(), 7);
    }

    const DATE_STYLES: &str = r#"<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs>"#;

    #[test]
    fn sheet_cells_trim_merge_and_errors() {
        let sheet1 = r#"<sheetData>
            <row r="3"><c r="B3" t="s"><v>0</v></c><c r="C3" t="s"><v>1</v></c><c r="E3" t="s"><v>2</v></c></row>
            <row r="4"><c r="C4" t="inlineStr"><is><t>max</t></is></c><c r="D4" t="inlineStr"><is><t>min</t></is></c></row>
            <row r="5"><c r="B5" s="1"><v>40909</v></c><c r="C5"><v>12.8</v></c><c r="D5"><v>5</v></c><c r="E5" t="b"><v>1</v></c></row>
            <row r="6"><c r="B6" s="1"><v>40910</v></c><c r="C6" t="e"><v>#DIV/0!</v></c><c r="D6"><v>2.8</v></c><c r="E6" t="str"><v>x</v></c></row>
            </sheetData><mergeCells count="3"><mergeCell ref="C3:D3"/><mergeCell ref="B3:B4"/><mergeCell ref="E3:E4"/></mergeCells>"#;
        let bytes = workbook(&[("weather", sheet1), ("blank", "<sheetData/>")], &["date", "Temperature", "ok"], DATE_STYLES);
        let (r, w) = grids(&bytes);
        let g = r.unwrap();
        assert_eq!(g.len(), 1, "the empty sheet gives no table");
        assert_eq!(g[0].name, "book", "one table: the stem alone");
        assert_eq!(g[0].sheet, "weather");
        assert_eq!(g[0].origin, (3, 2));
        assert_eq!(
            strs(&g[0].grid),
            vec![
                vec!["date", "Temperature", "Temperature", "ok"],
                vec!["date", "max", "min", "ok"],
                vec!["2012-01-01", "12.8", "5", "true"],
                vec!["2012-01-02", "", "2.8", "x"],
            ]
        );
        assert_eq!(w.len(), 1, "{w:?}");
        assert_eq!(w[0].at.row, Some(6));
        assert_eq!(w[0].at.column.as_deref(), Some("C"));
        assert!(w[0].message.contains("\"weather\"") && w[0].message.contains("C6") && w[0].message.contains("#DIV/0!"));
    }

    #[test]
    fn several_sheets_are_named_by_sheet() {
        let s = r#"<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row><row r="2"><c r="A2"><v>1</v></c></row></sheetData>"#;
        let bytes = workbook(&[("One", s), ("Two", s)], &[], "");
        let g = grids(&bytes).0.unwrap();
        let names: Vec<&str> = g.iter().map(|g| g.name.as_str()).collect();
        assert_eq!(names, ["book:One", "book:Two"]);
    }

    #[test]
    fn bad_inputs_give_specific_errors() {
        let (r, _) = grids(b"");
        assert!(matches!(r, Err(IngestError::Empty { .. })));
        let (r, _) = grids(b"date,value\n2020-01-01,3\n");
        assert!(matches!(r, Err(IngestError::UnsupportedFormat { ref file, .. }) if file == "data/book.xlsx"), "{r:?}");
        let (r, _) = grids(&[CFB_MAGIC, &[0u8; 600]].concat());
        assert!(matches!(r, Err(IngestError::UnsupportedFormat { ref reason, .. }) if reason.contains("legacy")), "{r:?}");
        let good = workbook(&[("S", "<sheetData/>")], &[], "");
        let (r, _) = grids(&good[..good.len() / 2]);
        assert!(matches!(r, Err(IngestError::Malformed { ref at, .. }) if at.file == "data/book.xlsx"), "{r:?}");
        // A zip, but not a workbook.
        let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
        w.start_file("word/document.xml", zip::write::SimpleFileOptions::default()).unwrap();
        w.write_all(b"<x/>").unwrap();
        let docx = w.finish().unwrap().into_inner();
        let (r, _) = grids(&docx);
        assert!(matches!(r, Err(IngestError::UnsupportedFormat { ref reason, .. }) if reason.contains("Word")), "{r:?}");
        // Every sheet empty.
        let (r, _) = grids(&good);
        assert!(matches!(r, Err(IngestError::NoTable { .. })), "{r:?}");
    }

    #[test]
    fn decompression_is_capped() {
        let big = format!("<sheetData>{}</sheetData>", "<row/>".repeat(400_000)); // 2.4 MB, compresses well
        let bytes = workbook(&[("S", &big)], &[], "");
        assert!(bytes.len() < 100_000);
        let mib = 1024 * 1024;
        let r = check_container_with("bomb.xlsx", &bytes, Caps { part: mib, total: 64 * mib, proportional_to: None });
        assert!(matches!(r, Err(IngestError::TooLarge { ref message, .. }) if message.contains("xl/worksheets/sheet1.xml")), "{r:?}");
        let r = check_container_with("bomb.xlsx", &bytes, Caps { part: 64 * mib, total: 2 * mib, proportional_to: None });
        assert!(matches!(r, Err(IngestError::TooLarge { ref message, .. }) if message.contains("the workbook")), "{r:?}");
        assert!(check_container_with("bomb.xlsx", &bytes, Caps { part: 64 * mib, total: 64 * mib, proportional_to: None }).is_ok());
    }

    #[test]
    fn workbooks_inflating_far_beyond_their_size_are_refused_naming_the_file() {
        // Issue 20: decompressed parts were capped at 1 GiB whatever the file's size; now at
        // 100 times the file (at least 16 MiB). 20 MiB of rows compress to a few dozen KB.
        let big = format!("<sheetData>{}</sheetData>", "<row/>".repeat(20 * 1024 * 1024 / 6));
        let bytes = workbook(&[("S", &big)], &[], "");
        assert!((bytes.len() as u64) * crate::ingest::limits::MAX_INFLATE_RATIO < 20 * 1024 * 1024, "{} bytes", bytes.len());
        let (r, _) = grids(&bytes);
        assert!(
            matches!(&r, Err(IngestError::TooLarge { at, message }) if at.file == "data/book.xlsx" && message.contains("100 times")),
            "{r:?}"
        );
    }

    #[test]
    fn hostile_sheets_are_refused_not_allocated() {
        // Two cells at opposite corners of the sheet: 1,048,576 × 16,384 cells if allocated.
        let s = r#"<sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="1048576"><c r="XFD1048576"><v>2</v></c></row></sheetData>"#;
        let (r, _) = grids(&workbook(&[("S", s)], &[], ""));
        assert!(matches!(r, Err(IngestError::TooLarge { .. })), "{r:?}");
        // Too wide for the limit.
        let s = r#"<sheetData><row r="1"><c r="A1"><v>1</v></c><c r="Z1"><v>2</v></c></row></sheetData>"#;
        let mut w = Vec::new();
        let limits = Limits { max_columns: 10, ..Limits::default() };
        let r = read_xlsx_grids("b.xlsx", &workbook(&[("S", s)], &[], ""), &limits, &mut w);
        assert!(matches!(r, Err(IngestError::TooLarge { ref at, .. }) if at.row == Some(1)), "{r:?}");
        // A merged region covering the whole sheet only fills the used area.
        let s = r#"<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c><c r="C2"><v>1</v></c></row></sheetData><mergeCells><mergeCell ref="A1:XFD1048576"/></mergeCells>"#;
        let g = grids(&workbook(&[("S", s)], &[], "")).0.unwrap();
        assert_eq!(strs(&g[0].grid), vec![vec!["x", "x", "x"], vec!["x", "x", "1"]]);
        // A reversed merge reference makes calamine overflow (a panic with overflow checks): the
        // sheet still loads, with its merges expanded (release) or left alone with a warning.
        // Everything calamine 0.31 would panic on (even in release builds, for the shared-string
        // index) is refused by the pre-check, naming the part.
        let cases = [
            (r#"<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData><mergeCells><mergeCell ref="C2:A1"/></mergeCells>"#, "range"),
            (r#"<dimension ref="C3:A1"/><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>"#, "range"),
            (r#"<sheetData><row r="1"><c r="A00000000001"><v>1</v></c></row></sheetData>"#, "cell"),
            (r#"<sheetData><row r="1"><c r="AAAAAAAA1"><v>1</v></c></row></sheetData>"#, "cell"),
            (r#"<sheetData><row r="1"><c r="1A"><v>1</v></c></row></sheetData>"#, "cell"),
            (r#"<sheetData><row r="99999999999"><c><v>1</v></c></row></sheetData>"#, "row"),
            (r#"<sheetData><row r="1"><c r="A1" t="s"><v>1</v></c></row></sheetData>"#, "shared string 1"),
            (r#"<sheetData><row r="1"><c r="A1" t="s"><v>x</v></c></row></sheetData>"#, "shared string 0"),
        ];
        for (sheet, what) in cases {
            let shared: &[&str] = if what == "shared string 1" { &["only"] } else { &[] };
            let (r, _) = grids(&workbook(&[("S", sheet)], shared, ""));
            assert!(
                matches!(r, Err(IngestError::Malformed { ref message, .. }) if message.contains("xl/worksheets/sheet1.xml") && message.contains(what)),
                "{sheet}: {r:?}"
            );
        }
        // Not well-formed sheet XML is refused before calamine reads past the damage.
        let s = r#"<sheetData><row r="1"><c r="A1" t="s">8v>0</v></c><c r="B1" t="s"><v>1</v></c></row></sheetData>"#;
        let (r, _) = grids(&workbook(&[("S", s)], &[], ""));
        assert!(matches!(r, Err(IngestError::Malformed { ref message, .. }) if message.contains("well-formed")), "{r:?}");
        // In range: fine.
        let s =
            r#"<dimension ref="a1:b2"/><sheetData><row r="1"><c r="A1" t="s"><v>1</v></c><c r="XFD1" t="s"><v>0</v></c></row></sheetData>"#;
        let g = grids(&workbook(&[("S", s)], &["zero", "one"], "")).0.unwrap();
        assert_eq!(g[0].grid[0][0], "one");
        assert_eq!(g[0].grid[0][16383], "zero");
    }
}
