//! Word documents (.docx) → one table per top-level `w:tbl`, with the text around it.
//!
//! `word/document.xml` is read in body order with a streaming XML reader (no recursion, so deep
//! nesting cannot overflow the stack). Cell text is the text of the cell's paragraphs (`w:t`, with
//! `w:tab`, `w:br` and `w:cr` as spaces) joined by a space, whitespace collapsed. `w:gridSpan`
//! repeats a cell across the columns it spans, `w:vMerge` continuation cells take the value above,
//! `w:gridBefore` leaves leading columns empty. A table nested in a cell is flattened into that
//! cell's text, with a warning. Each table gets a `TableContext` (tabular-documents paper): its
//! caption (a paragraph right above, else right below, in a caption style or starting "Table N",
//! "Tabla N", "Tabelle N", "Taula N", …), the nearest other paragraph above and the nearest one below.
//!
//! Not read: tables in headers, footers, footnotes and text boxes.

use std::collections::HashMap;
use std::io::{Cursor, Read};

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use super::headers::table_from_grid;
use super::limits::{office_inflate_cap, over_inflate_cap, Limits};
use crate::error::{IngestError, Location, Warning};
use crate::table::{Table, TableContext};

/// Largest decompressed `word/document.xml` accepted (zip bombs).
pub const MAX_DOCUMENT_BYTES: u64 = 256 * 1024 * 1024;
/// Largest decompressed `word/styles.xml` or relationships part read.
const MAX_SIDE_PART_BYTES: u64 = 32 * 1024 * 1024;

/// One Word table as a grid of text, before header detection.
#[derive(Clone, Debug, PartialEq)]
pub struct DocTable {
    /// "<file stem>:Table N", N counting every top-level table in body order from 1.
    pub name: String,
    pub grid: Vec<Vec<String>>,
    pub context: TableContext,
}

/// Reads every non-empty top-level table of a .docx document.
pub fn read_docx(file: &str, bytes: &[u8], limits: &Limits, warnings: &mut Vec<Warning>) -> Result<Vec<Table>, IngestError> {
    let docs = read_docx_grids(file, bytes, limits, warnings)?;
    let mut tables = Vec::with_capacity(docs.len());
    let mut first_error = None;
    for d in docs {
        match table_from_grid(file, &d.name, d.grid, limits, warnings) {
            Ok(mut t) => {
                t.context = Some(d.context);
                tables.push(t);
            }
            Err(e) => {
                warnings.push(Warning::new(Location::file(file), format!("{} skipped: {e}", d.name)));
                first_error.get_or_insert(e);
            }
        }
    }
    match (tables.is_empty(), first_error) {
        (true, Some(e)) => Err(e),
        _ => Ok(tables),
    }
}

/// The grids and context of every non-empty top-level table, in body order.
pub fn read_docx_grids(file: &str, bytes: &[u8], limits: &Limits, warnings: &mut Vec<Warning>) -> Result<Vec<DocTable>, IngestError> {
    let (xml, styles) = open(file, bytes)?;
    let caption_styles = styles.as_deref().map(caption_style_ids).unwrap_or_default();
    let body = parse_body(file, &xml, limits, warnings)?;
    let stem = crate::names::stem(file);
    let mut out = Vec::new();
    let mut count = 0;
    for (i, item) in body.items.iter().enumerate() {
        let Item::Table(t) = item else { continue };
        count += 1;
        let name = format!("{stem}:Table {count}");
        if t.nested {
            warnings.push(Warning::new(
                Location::file(file),
                format!("{name} holds a nested table; its text was kept inside the outer table's cell"),
            ));
        }
        if t.grid.iter().all(|r| r.iter().all(String::is_empty)) {
            warnings.push(Warning::new(Location::file(file), format!("{name} is empty and was skipped")));
            continue;
        }
        let context = context_for(&body.items, i, &caption_styles);
        out.push(DocTable { name, grid: t.grid.clone(), context });
    }
    if out.is_empty() {
        let reason = if count == 0 { "the document has no tables".to_string() } else { format!("all {count} tables are empty") };
        return Err(IngestError::NoTable { file: file.to_string(), reason });
    }
    Ok(out)
}

fn unsupported(file: &str, reason: impl Into<String>) -> IngestError {
    IngestError::UnsupportedFormat { file: file.to_string(), reason: reason.into() }
}

fn malformed(file: &str, message: impl Into<String>) -> IngestError {
    IngestError::Malformed { at: Location::file(file), message: message.into() }
}

const CFB_MAGIC: &[u8] = &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

/// The main document part (and the styles part when present), decompressed within limits.
fn open(file: &str, bytes: &[u8]) -> Result<(Vec<u8>, Option<Vec<u8>>), IngestError> {
    if bytes.is_empty() {
        return Err(IngestError::Empty { file: file.to_string() });
    }
    if bytes.starts_with(CFB_MAGIC) {
        return Err(unsupported(file, "a legacy binary .doc or an encrypted document; save it as an unencrypted .docx"));
    }
    if !bytes.starts_with(b"PK\x03\x04") && !bytes.starts_with(b"PK\x05\x06") {
        return Err(unsupported(file, "not a .docx document (a .docx file is a zip archive; this is not one)"));
    }
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| malformed(file, format!("damaged zip archive: {e}")))?;
    let mut inflate = Inflate { file_len: bytes.len(), left: office_inflate_cap(bytes.len()) };
    // The main part is named by the package relationships; Word always uses word/document.xml.
    let main = read_part(file, &mut zip, "_rels/.rels", MAX_SIDE_PART_BYTES, &mut inflate)
        .ok()
        .flatten()
        .and_then(|rels| office_document_target(&rels))
        .filter(|p| !p.starts_with("xl/") && !p.starts_with("ppt/") && zip.index_for_name(p).is_some())
        .unwrap_or_else(|| "word/document.xml".to_string());
    let Some(xml) = read_part(file, &mut zip, &main, MAX_DOCUMENT_BYTES, &mut inflate)? else {
        let reason = if zip.index_for_name("xl/workbook.xml").is_some() {
            "this is an Excel workbook, not a Word document".to_string()
        } else {
            "a zip archive without word/document.xml: not a Word document".to_string()
        };
        return Err(unsupported(file, reason));
    };
    let dir = main.rsplit_once('/').map_or("", |(d, _)| d);
    let styles_path = if dir.is_empty() { "styles.xml".to_string() } else { format!("{dir}/styles.xml") };
    // Styles only refine caption detection: a damaged styles part is ignored.
    let styles = read_part(file, &mut zip, &styles_path, MAX_SIDE_PART_BYTES, &mut inflate).ok().flatten();
    Ok((xml, styles))
}

/// What the parts read so far may still inflate to: memory proportional to the file's size.
struct Inflate {
    file_len: usize,
    left: u64,
}

/// A part's bytes; `None` when the archive has no such part.
fn read_part(
    file: &str,
    zip: &mut zip::ZipArchive<Cursor<&[u8]>>,
    name: &str,
    limit: u64,
    inflate: &mut Inflate,
) -> Result<Option<Vec<u8>>, IngestError> {
    let Some(index) = zip.index_for_name(name) else { return Ok(None) };
    let entry = zip.by_index(index).map_err(|e| malformed(file, format!("damaged zip entry {name}: {e}")))?;
    let cap = limit.min(inflate.left);
    let too_large = |size: u64| {
        if size > limit {
            IngestError::TooLarge { at: Location::file(file), message: format!("{name} decompresses to more than {} MiB", limit >> 20) }
        } else {
            over_inflate_cap(file, inflate.file_len, name)
        }
    };
    if entry.size() > cap {
        return Err(too_large(entry.size()));
    }
    let mut out = Vec::with_capacity(entry.size().min(cap) as usize);
    // The declared size may lie: read at most one byte more than the cap.
    entry.take(cap + 1).read_to_end(&mut out).map_err(|e| malformed(file, format!("damaged zip entry {name}: {e}")))?;
    if out.len() as u64 > cap {
        return Err(too_large(out.len() as u64));
    }
    inflate.left -= out.len() as u64;
    Ok(Some(out))
}

/// The target of the officeDocument relationship in `_rels/.rels`, as a zip path.
fn office_document_target(rels: &[u8]) -> Option<String> {
    let mut r = Reader::from_reader(rels);
    loop {
        match r.read_event() {
            Ok(Event::Start(e) | Event::Empty(e)) if e.local_name().as_ref() == b"Relationship" => {
                let ty = attr(&e, b"Type")?;
                if ty.ends_with("/officeDocument") {
                    let target = attr(&e, b"Target")?;
                    let t = target.trim_start_matches('/');
                    return (!t.is_empty() && !t.contains("..")).then(|| t.to_string());
                }
            }
            Ok(Event::Eof) | Err(_) => return None,
            _ => {}
        }
    }
}

/// An attribute's value by local name (`w:val` → `val`), unescaped; `None` when absent or broken.
fn attr(e: &BytesStart<'_>, local: &[u8]) -> Option<String> {
    for a in e.attributes().with_checks(false).flatten() {
        if a.key.local_name().as_ref() == local {
            return Some(match a.unescape_value() {
                Ok(v) => v.into_owned(),
                Err(_) => String::from_utf8_lossy(&a.value).into_owned(),
            });
        }
    }
    None
}

/// Paragraph style ids whose style is a caption style: the built-in "caption" (its name stays
/// English in every language; only the id is translated, e.g. "Beschriftung") or any style whose
/// id or name mentions "caption".
fn caption_style_ids(styles: &[u8]) -> Vec<String> {
    let mut r = Reader::from_reader(styles);
    let mut ids = Vec::new();
    let mut current: Option<String> = None;
    loop {
        match r.read_event() {
            Ok(Event::Start(e)) if e.name().as_ref() == b"w:style" => current = attr(&e, b"styleId"),
            Ok(Event::End(e)) if e.name().as_ref() == b"w:style" => current = None,
            Ok(Event::Start(e) | Event::Empty(e)) if e.name().as_ref() == b"w:name" => {
                if let (Some(id), Some(name)) = (&current, attr(&e, b"val")) {
                    if name.to_lowercase().contains("caption") {
                        ids.push(id.clone());
                    }
                }
            }
            Ok(Event::Eof) | Err(_) => return ids,
            _ => {}
        }
    }
}

/// What the body holds, in order.
#[derive(Debug)]
enum Item {
    Para { text: String, style: Option<String> },
    Table(ParsedTable),
}

#[derive(Debug)]
struct ParsedTable {
    grid: Vec<Vec<String>>,
    nested: bool,
}

#[derive(Debug)]
struct Body {
    items: Vec<Item>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum VMerge {
    None,
    Restart,
    Continue,
}

#[derive(Debug)]
struct CellSpec {
    text: String,
    span: usize,
    vmerge: VMerge,
    hcontinue: bool,
}

#[derive(Debug, Default)]
struct RowSpec {
    grid_before: usize,
    cells: Vec<CellSpec>,
}

#[derive(Debug)]
struct CellBuilder {
    paragraphs: Vec<String>,
    span: usize,
    vmerge: VMerge,
    hcontinue: bool,
}

/// Bounds the bytes a table grid may hold after spans and merges repeat cells.
struct Budget {
    left: u64,
}

fn parse_body(file: &str, xml: &[u8], limits: &Limits, warnings: &mut Vec<Warning>) -> Result<Body, IngestError> {
    let mut r = Reader::from_reader(xml);
    let mut items = Vec::new();
    let mut budget = Budget { left: (xml.len() as u64).saturating_mul(2) + 16 * 1024 * 1024 };

    let mut depth: usize = 0; // element depth
    let mut skip_until: Option<usize> = None; // inside mc:Fallback / w:txbxContent / deleted text
    let mut tbl_depth: usize = 0;
    let mut rows: Vec<RowSpec> = Vec::new();
    let mut row: Option<RowSpec> = None;
    let mut cell: Option<CellBuilder> = None;
    let mut nested = false;
    let mut para: Option<String> = None;
    let mut para_style: Option<String> = None;
    let mut in_t = false;
    let mut in_tc_pr = false;

    loop {
        let ev = match r.read_event() {
            Ok(ev) => ev,
            Err(e) => {
                return Err(IngestError::Malformed {
                    at: Location::file(file),
                    message: format!("damaged word/document.xml at byte {}: {e}", r.buffer_position()),
                })
            }
        };
        let (start, empty) = match &ev {
            Event::Start(_) => (true, false),
            Event::Empty(_) => (false, true),
            _ => (false, false),
        };
        if let Event::End(_) = ev {
            depth = depth.saturating_sub(1);
            if let Some(d) = skip_until {
                if depth == d {
                    skip_until = None;
                }
                continue;
            }
        }
        if skip_until.is_some() {
            if start {
                depth += 1;
            }
            if let Event::Eof = ev {
                break;
            }
            continue;
        }
        match ev {
            Event::Start(ref e) | Event::Empty(ref e) => {
                let name = e.name();
                let n = name.as_ref();
                if start {
                    depth += 1;
                }
                match n {
                    b"mc:Fallback" | b"w:txbxContent" | b"w:delText" | b"w:instrText" if start => {
                        skip_until = Some(depth - 1);
                    }
                    b"w:tbl" if start => {
                        tbl_depth += 1;
                        if tbl_depth == 1 {
                            rows.clear();
                            nested = false;
                        } else {
                            nested = true;
                        }
                    }
                    b"w:tr" if tbl_depth == 1 => {
                        row = Some(RowSpec::default());
                        if empty {
                            if let Some(rw) = row.take() {
                                rows.push(rw);
                            }
                        }
                    }
                    b"w:tc" if tbl_depth == 1 => {
                        cell = Some(CellBuilder { paragraphs: Vec::new(), span: 1, vmerge: VMerge::None, hcontinue: false });
                        if empty {
                            finish_cell(&mut cell, &mut row);
                        }
                    }
                    b"w:tcPr" if tbl_depth == 1 && start => in_tc_pr = true,
                    b"w:gridSpan" if tbl_depth == 1 && in_tc_pr => {
                        if let Some(c) = cell.as_mut() {
                            let v = attr(e, b"val").and_then(|v| v.trim().parse::<usize>().ok()).unwrap_or(1);
                            c.span = v.clamp(1, limits.max_columns.max(1));
                        }
                    }
                    b"w:vMerge" if tbl_depth == 1 && in_tc_pr => {
                        if let Some(c) = cell.as_mut() {
                            c.vmerge = match attr(e, b"val").as_deref() {
                                Some("restart") => VMerge::Restart,
                                _ => VMerge::Continue,
                            };
                        }
                    }
                    b"w:hMerge" if tbl_depth == 1 && in_tc_pr => {
                        if let Some(c) = cell.as_mut() {
                            c.hcontinue = attr(e, b"val").as_deref() != Some("restart");
                        }
                    }
                    b"w:gridBefore" if tbl_depth == 1 => {
                        if let Some(rw) = row.as_mut() {
                            let v = attr(e, b"val").and_then(|v| v.trim().parse::<usize>().ok()).unwrap_or(0);
                            rw.grid_before = v.min(limits.max_columns);
                        }
                    }
                    b"w:p" => {
                        if start {
                            para = Some(String::new());
                            para_style = None;
                        } else if tbl_depth == 0 {
                            items.push(Item::Para { text: String::new(), style: None });
                        }
                    }
                    b"w:pStyle" if para.is_some() => para_style = attr(e, b"val"),
                    b"w:t" if start => in_t = true,
                    b"w:tab" | b"w:br" | b"w:cr" => {
                        if let Some(p) = para.as_mut() {
                            p.push(' ');
                        }
                    }
                    b"w:noBreakHyphen" => {
                        if let Some(p) = para.as_mut() {
                            p.push('-');
                        }
                    }
                    _ => {}
                }
            }
            Event::Text(ref t) if in_t => {
                if let Some(p) = para.as_mut() {
                    match t.unescape() {
                        Ok(s) => p.push_str(&s),
                        Err(_) => p.push_str(&String::from_utf8_lossy(t)),
                    }
                    if p.len() > limits.max_cell_bytes {
                        return Err(IngestError::TooLarge {
                            at: Location::file(file),
                            message: format!("a paragraph of more than {} bytes", limits.max_cell_bytes),
                        });
                    }
                }
            }
            Event::CData(ref t) if in_t => {
                if let Some(p) = para.as_mut() {
                    p.push_str(&String::from_utf8_lossy(t));
                }
            }
            Event::End(ref e) => match e.name().as_ref() {
                b"w:t" => in_t = false,
                b"w:tcPr" => in_tc_pr = false,
                b"w:p" => {
                    let text = collapse(&para.take().unwrap_or_default());
                    let style = para_style.take();
                    if tbl_depth == 0 {
                        items.push(Item::Para { text, style });
                    } else if let Some(c) = cell.as_mut() {
                        if !text.is_empty() {
                            c.paragraphs.push(text);
                        }
                    }
                }
                b"w:tc" if tbl_depth == 1 => finish_cell(&mut cell, &mut row),
                b"w:tr" if tbl_depth == 1 => {
                    finish_cell(&mut cell, &mut row);
                    if let Some(rw) = row.take() {
                        rows.push(rw);
                    }
                }
                b"w:tbl" if tbl_depth > 0 => {
                    tbl_depth -= 1;
                    if tbl_depth == 0 {
                        finish_cell(&mut cell, &mut row);
                        if let Some(rw) = row.take() {
                            rows.push(rw);
                        }
                        let grid =
                            build_grid(file, items.iter().filter(|i| matches!(i, Item::Table(_))).count() + 1, &rows, limits, &mut budget)?;
                        rows.clear();
                        items.push(Item::Table(ParsedTable { grid, nested }));
                    }
                }
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
    }
    if tbl_depth > 0 || para.is_some() {
        warnings.push(Warning::new(Location::file(file), "word/document.xml ends in the middle of the text; the rest is missing"));
        if tbl_depth > 0 {
            finish_cell(&mut cell, &mut row);
            if let Some(rw) = row.take() {
                rows.push(rw);
            }
            let grid = build_grid(file, items.iter().filter(|i| matches!(i, Item::Table(_))).count() + 1, &rows, limits, &mut budget)?;
            items.push(Item::Table(ParsedTable { grid, nested }));
        }
    }
    Ok(Body { items })
}

fn finish_cell(cell: &mut Option<CellBuilder>, row: &mut Option<RowSpec>) {
    if let Some(c) = cell.take() {
        let spec = CellSpec { text: c.paragraphs.join(" "), span: c.span, vmerge: c.vmerge, hcontinue: c.hcontinue };
        row.get_or_insert_with(RowSpec::default).cells.push(spec);
    }
}

/// Whitespace runs (spaces, tabs, line breaks, no-break spaces) become one space; ends trimmed.
fn collapse(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for w in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

fn build_grid(file: &str, number: usize, rows: &[RowSpec], limits: &Limits, budget: &mut Budget) -> Result<Vec<Vec<String>>, IngestError> {
    let mut grid: Vec<Vec<String>> = Vec::with_capacity(rows.len());
    let too_wide = |row: usize| IngestError::TooLarge {
        at: Location::file(file).row(row as u64 + 1),
        message: format!("Table {number}, row {}: more than {} columns", row + 1, limits.max_columns),
    };
    let over_budget = || IngestError::TooLarge {
        at: Location::file(file),
        message: format!("Table {number}: merged cells repeat more text than supported"),
    };
    for (ri, rs) in rows.iter().enumerate() {
        let mut out: Vec<String> = Vec::new();
        if rs.grid_before > limits.max_columns {
            return Err(too_wide(ri));
        }
        out.resize(rs.grid_before, String::new());
        for c in &rs.cells {
            if c.text.len() > limits.max_cell_bytes {
                return Err(IngestError::TooLarge {
                    at: Location::file(file).row(ri as u64 + 1).column(format!("{}", out.len() + 1)),
                    message: format!(
                        "Table {number}, row {}, column {}: {} bytes in one cell; at most {} are supported",
                        ri + 1,
                        out.len() + 1,
                        c.text.len(),
                        limits.max_cell_bytes
                    ),
                });
            }
            if out.len() + c.span > limits.max_columns {
                return Err(too_wide(ri));
            }
            for _ in 0..c.span {
                let col = out.len();
                let value = if c.vmerge == VMerge::Continue {
                    grid.last().and_then(|above: &Vec<String>| above.get(col)).cloned().unwrap_or_default()
                } else if c.hcontinue {
                    out.last().cloned().unwrap_or_default()
                } else {
                    c.text.clone()
                };
                let cost = value.len() as u64 + 24;
                if cost > budget.left {
                    return Err(over_budget());
                }
                budget.left -= cost;
                out.push(value);
            }
        }
        grid.push(out);
    }
    let width = grid.iter().map(Vec::len).max().unwrap_or(0);
    for r in &mut grid {
        r.resize(width, String::new());
    }
    Ok(grid)
}

/// "Table 1: …", "Tabla 2. …", "Tabelle III – …", "Table S4 …": a caption by its wording.
pub fn looks_like_caption(text: &str) -> bool {
    let lower = text.trim_start().to_lowercase();
    for word in ["table", "tabla", "tabelle", "taula", "tableau", "tabel", "tabella", "tab."] {
        let Some(rest) = lower.strip_prefix(word) else { continue };
        let rest = rest.trim_start();
        let rest = rest.strip_prefix('s').filter(|r| r.starts_with(|c: char| c.is_ascii_digit())).unwrap_or(rest);
        let label: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        let after = if label.is_empty() {
            let roman: String = rest.chars().take_while(|c| "ivxlc".contains(*c)).collect();
            if roman.is_empty() {
                continue;
            }
            &rest[roman.len()..]
        } else {
            &rest[label.len()..]
        };
        if after.chars().next().is_none_or(|c| !c.is_alphabetic()) {
            return true;
        }
    }
    false
}

fn is_caption(item: &Item, caption_styles: &[String]) -> bool {
    match item {
        Item::Para { text, style } => {
            !text.is_empty()
                && (style.as_deref().is_some_and(|s| s.to_lowercase().contains("caption") || caption_styles.iter().any(|c| c == s))
                    || looks_like_caption(text))
        }
        Item::Table(_) => false,
    }
}

fn non_empty(item: &Item) -> bool {
    !matches!(item, Item::Para { text, .. } if text.is_empty())
}

fn para_text(item: &Item) -> Option<&str> {
    match item {
        Item::Para { text, .. } => Some(text),
        Item::Table(_) => None,
    }
}

/// Caption, paragraph before and paragraph after the table at `items[i]`; never crosses another table.
fn context_for(items: &[Item], i: usize, caption_styles: &[String]) -> TableContext {
    let above = items[..i].iter().enumerate().rev().find(|(_, it)| non_empty(it)).map(|(j, _)| j);
    let below = items[i + 1..].iter().enumerate().find(|(_, it)| non_empty(it)).map(|(j, _)| i + 1 + j);
    let mut caption_at = None;
    if let Some(j) = above.filter(|&j| is_caption(&items[j], caption_styles)) {
        caption_at = Some(j);
    } else if let Some(j) = below.filter(|&j| is_caption(&items[j], caption_styles)) {
        // A caption below counts unless it sits right above the next table (then it is that one's).
        let next = items[j + 1..].iter().find(|it| non_empty(it));
        if !matches!(next, Some(Item::Table(_))) {
            caption_at = Some(j);
        }
    }
    let caption = caption_at.and_then(|j| para_text(&items[j])).map(str::to_string);
    let mut before = None;
    for it in items[..i].iter().rev() {
        match it {
            Item::Table(_) => break,
            Item::Para { text, .. } if text.is_empty() || is_caption(it, caption_styles) => continue,
            Item::Para { text, .. } => {
                before = Some(text.clone());
                break;
            }
        }
    }
    let mut after = None;
    for (j, it) in items.iter().enumerate().skip(i + 1) {
        match it {
            Item::Table(_) => break,
            Item::Para { text, .. } if text.is_empty() || Some(j) == caption_at => continue,
            Item::Para { text, .. } => {
                after = Some(text.clone());
                break;
            }
        }
    }
    TableContext { caption, before, after }
}

/// Style ids mapped to names, for tests and diagnostics.
#[allow(dead_code)]
fn style_names(styles: &[u8]) -> HashMap<String, String> {
    let mut r = Reader::from_reader(styles);
    let mut map = HashMap::new();
    let mut current: Option<String> = None;
    loop {
        match r.read_event() {
            Ok(Event::Start(e)) if e.name().as_ref() == b"w:style" => current = attr(&e, b"styleId"),
            Ok(Event::Start(e) | Event::Empty(e)) if e.name().as_ref() == b"w:name" => {
                if let (Some(id), Some(name)) = (current.take(), attr(&e, b"val")) {
                    map.insert(id, name);
                }
            }
            Ok(Event::Eof) | Err(_) => return map,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    const NS: &str = r#"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006""#;

    fn docx_with(parts: &[(&str, &[u8])]) -> Vec<u8> {
        let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, body) in parts {
            w.start_file(*name, zip::write::SimpleFileOptions::default()).unwrap();
            w.write_all(body).unwrap();
        }
        w.finish().unwrap().into_inner()
    }

    fn docx(body: &str) -> Vec<u8> {
        let doc = format!(r#"<?xml version="1.0" encoding="UTF-8"?><w:document {NS}><w:body>{body}</w:body></w:document>"#);
        let styles = format!(
            r#"<w:styles {NS}><w:style w:type="paragraph" w:styleId="Beschriftung"><w:name w:val="caption"/></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>"#
        );
        docx_with(&[("word/document.xml", doc.as_bytes()), ("word/styles.xml", styles.as_bytes())])
    }

    fn p(text: &str) -> String {
        format!("<w:p><w:r><w:t>{text}</w:t></w:r></w:p>")
    }

    fn ps(style: &str, text: &str) -> String {
        format!(r#"<w:p><w:pPr><w:pStyle w:val="{style}"/></w:pPr><w:r><w:t>{text}</w:t></w:r></w:p>"#)
    }

    fn tc(text: &str) -> String {
        format!("<w:tc>{}</w:tc>", p(text))
    }

    fn tbl(rows: &[&[&str]]) -> String {
        let rows: String = rows.iter().map(|r| format!("<w:tr>{}</w:tr>", r.iter().map(|c| tc(c)).collect::<String>())).collect();
        format!("<w:tbl><w:tblPr/>{rows}</w:tbl>")
    }

    fn grids(bytes: &[u8]) -> (Result<Vec<DocTable>, IngestError>, Vec<Warning>) {
        let mut w = Vec::new();
        let r = read_docx_grids("docs/report.docx", bytes, &Limits::default(), &mut w);
        (r, w)
    }

    fn strs(g: &[Vec<String>]) -> Vec<Vec<&str>> {
        g.iter().map(|r| r.iter().map(String::as_str).collect()).collect()
    }

    #[test]
    fn spans_merges_and_text() {
        let body = format!(
            r#"{}{}<w:p/>{}<w:tbl>
              <w:tr><w:tc><w:tcPr><w:vMerge w:val="restart"/></w:tcPr>{}</w:tc><w:tc><w:tcPr><w:gridSpan w:val="2"/></w:tcPr>{}</w:tc></w:tr>
              <w:tr><w:tc><w:tcPr><w:vMerge/></w:tcPr><w:p/></w:tc>{}{}</w:tr>
              <w:tr>{}<w:tc><w:p><w:r><w:t xml:space="preserve">a </w:t><w:tab/><w:t>b</w:t><w:br/><w:t>c&amp;d</w:t></w:r></w:p><w:p><w:r><w:t>second</w:t></w:r></w:p></w:tc>{}</w:tr>
              <w:tr><w:trPr><w:gridBefore w:val="1"/></w:trPr>{}</w:tr>
            </w:tbl><w:p/>{}"#,
            ps("Heading1", "Results"),
            p("Intro text."),
            ps("Beschriftung", "Iowa electricity by source"),
            p("Year"),
            p("Net generation"),
            tc("Fossil"),
            tc("Nuclear"),
            tc("2001"),
            tc("3853"),
            tc("late"),
            p("After.")
        );
        let (r, w) = grids(&docx(&body));
        let t = r.unwrap();
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].name, "report:Table 1");
        assert_eq!(
            strs(&t[0].grid),
            vec![
                vec!["Year", "Net generation", "Net generation"],
                vec!["Year", "Fossil", "Nuclear"],
                vec!["2001", "a b c&d second", "3853"],
                vec!["", "late", ""],
            ]
        );
        assert_eq!(
            t[0].context,
            TableContext {
                caption: Some("Iowa electricity by source".into()),
                before: Some("Intro text.".into()),
                after: Some("After.".into())
            }
        );
        assert!(w.is_empty(), "{w:?}");
    }

    #[test]
    fn captions_by_wording_below_and_between_tables() {
        let body = [
            p("Tabla 1. Resultados"),
            tbl(&[&["a", "b"], &["1", "2"]]),
            p("Table 2: second"),
            tbl(&[&["c"], &["3"]]),
            p("Text after two."),
            tbl(&[&["d"], &["4"]]),
            p("Table III – below the third"),
            p("Closing."),
        ]
        .concat();
        let t = grids(&docx(&body)).0.unwrap();
        assert_eq!(t.len(), 3);
        assert_eq!(t[0].context.caption.as_deref(), Some("Tabla 1. Resultados"));
        assert_eq!(t[0].context.before, None);
        assert_eq!(t[0].context.after, Some("Table 2: second".into()), "the nearest paragraph below");
        assert_eq!(t[1].context.caption.as_deref(), Some("Table 2: second"));
        assert_eq!(t[1].context.before, None, "a caption is never `before`");
        assert_eq!(t[1].context.after.as_deref(), Some("Text after two."));
        assert_eq!(t[2].context.caption.as_deref(), Some("Table III – below the third"));
        assert_eq!(t[2].context.before.as_deref(), Some("Text after two."));
        assert_eq!(t[2].context.after.as_deref(), Some("Closing."), "the caption below is not `after`");
    }

    #[test]
    fn caption_wording() {
        for yes in ["Table 1: x", "TABLE 2. y", "Tabelle 3 – z", "Taula 4", "Table S1 Supplementary", "Table IV. Roman", "Tab. 5"] {
            assert!(looks_like_caption(yes), "{yes}");
        }
        for no in ["Table of contents", "Tablet sales", "Tables are fun", "The table 1 below", "Table"] {
            assert!(!looks_like_caption(no), "{no}");
        }
    }

    #[test]
    fn nested_tables_flatten_with_a_warning_and_empty_tables_are_skipped() {
        let inner = tbl(&[&["inner a", "inner b"]]);
        let body = format!(
            "{}<w:tbl><w:tr>{}<w:tc>{}{}</w:tc></w:tr><w:tr>{}{}</w:tr></w:tbl>{}",
            tbl(&[&["", ""]]),
            tc("outer"),
            p("text"),
            inner,
            tc("1"),
            tc("2"),
            p("end")
        );
        let (r, w) = grids(&docx(&body));
        let t = r.unwrap();
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].name, "report:Table 2", "numbering counts the skipped empty table");
        assert_eq!(strs(&t[0].grid), vec![vec!["outer", "text inner a inner b"], vec!["1", "2"]]);
        assert_eq!(w.len(), 2, "{w:?}");
        assert!(w.iter().any(|w| w.message.contains("Table 1 is empty")));
        assert!(w.iter().any(|w| w.message.contains("nested")));
    }

    #[test]
    fn alternate_content_is_read_once() {
        let body = format!(
            r#"<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:t>shape</w:t></mc:Choice><mc:Fallback><w:t>shape</w:t></mc:Fallback></mc:AlternateContent></w:r></w:p>{}"#,
            tbl(&[&["x"], &["1"]])
        );
        let t = grids(&docx(&body)).0.unwrap();
        assert_eq!(t[0].context.before.as_deref(), Some("shape"));
    }

    #[test]
    fn bad_inputs_give_specific_errors() {
        let (r, _) = grids(b"");
        assert!(matches!(r, Err(IngestError::Empty { .. })));
        let (r, _) = grids(b"\x00\x01random bytes that are not a zip");
        assert!(matches!(r, Err(IngestError::UnsupportedFormat { ref file, .. }) if file == "docs/report.docx"), "{r:?}");
        let good = docx(&tbl(&[&["a"], &["1"]]));
        let (r, _) = grids(&good[..good.len() - 30]);
        assert!(matches!(r, Err(IngestError::Malformed { .. })), "{r:?}");
        let (r, _) = grids(&docx_with(&[("xl/workbook.xml", b"<workbook/>")]));
        assert!(matches!(r, Err(IngestError::UnsupportedFormat { ref reason, .. }) if reason.contains("Excel")), "{r:?}");
        let (r, _) = grids(&docx_with(&[("hello.txt", b"hi")]));
        assert!(matches!(r, Err(IngestError::UnsupportedFormat { ref reason, .. }) if reason.contains("word/document.xml")), "{r:?}");
        let (r, _) = grids(&docx(&p("no tables here")));
        assert!(matches!(r, Err(IngestError::NoTable { .. })), "{r:?}");
        let (r, _) = grids(&docx_with(&[("word/document.xml", b"<w:document><w:body><w:p></w:tbl></w:body></w:document>")]));
        assert!(matches!(r, Err(IngestError::Malformed { .. })), "{r:?}");
    }

    #[test]
    fn hostile_spans_are_bounded() {
        // One cell spanning more columns than allowed.
        let body = r#"<w:tbl><w:tr><w:tc><w:tcPr><w:gridSpan w:val="99999999999"/></w:tcPr><w:p><w:r><w:t>x</w:t></w:r></w:p></w:tc></w:tr></w:tbl>"#;
        let mut w = Vec::new();
        let limits = Limits { max_columns: 100, ..Limits::default() };
        let r = read_docx_grids("a.docx", &docx(body), &limits, &mut w);
        let g = r.unwrap();
        assert_eq!(g[0].grid[0].len(), 100);
        let body = r#"<w:tbl><w:tr><w:tc><w:p/></w:tc><w:tc><w:tcPr><w:gridSpan w:val="100"/></w:tcPr><w:p><w:r><w:t>x</w:t></w:r></w:p></w:tc></w:tr></w:tbl>"#;
        let r = read_docx_grids("a.docx", &docx(body), &limits, &mut w);
        assert!(matches!(r, Err(IngestError::TooLarge { ref at, .. }) if at.row == Some(1)), "{r:?}");
        // Deep nesting: no recursion, so no stack overflow.
        let deep = format!("{}{}", "<w:tbl><w:tr><w:tc>".repeat(20_000), "</w:tc></w:tr></w:tbl>".repeat(20_000));
        let (r, w) = grids(&docx(&format!("{deep}{}", tbl(&[&["a"], &["1"]]))));
        assert!(r.is_ok(), "{r:?}");
        assert!(w.is_empty() || w.iter().all(|w| w.message.contains("empty") || w.message.contains("nested")));
    }

    #[test]
    fn main_part_from_relationships() {
        let doc = format!(r#"<w:document {NS}><w:body>{}</w:body></w:document>"#, tbl(&[&["a"], &["1"]]));
        let rels = br#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="/word/document2.xml"/></Relationships>"#;
        let bytes = docx_with(&[("_rels/.rels", rels), ("word/document2.xml", doc.as_bytes())]);
        let t = grids(&bytes).0.unwrap();
        assert_eq!(strs(&t[0].grid), vec![vec!["a"], vec!["1"]]);
    }

    #[test]
    fn style_names_map_ids() {
        let styles = format!(r#"<w:styles {NS}><w:style w:styleId="Beschriftung"><w:name w:val="caption"/></w:style></w:styles>"#);
        assert_eq!(style_names(styles.as_bytes()).get("Beschriftung").map(String::as_str), Some("caption"));
        assert_eq!(caption_style_ids(styles.as_bytes()), ["Beschriftung"]);
    }

    #[test]
    fn documents_inflating_far_beyond_their_size_are_refused_naming_the_file() {
        // Issue 20: a 985 KB .docx inflated to 834 MB of memory before any cap. A table of 20 MiB
        // of XML compresses to a few dozen KB: over 100 times its size, so it is refused unread.
        let row = format!("<w:tr>{}</w:tr>", tc("1").repeat(8));
        let body = tbl(&[&["a", "b", "c", "d", "e", "f", "g", "h"]])
            .replace("</w:tbl>", &format!("{}</w:tbl>", row.repeat(20 * 1024 * 1024 / row.len())));
        let bytes = docx(&body);
        assert!((bytes.len() as u64) * crate::ingest::limits::MAX_INFLATE_RATIO < 20 * 1024 * 1024, "{} bytes", bytes.len());
        let mut w = Vec::new();
        let e = read_docx("reports/bomb.docx", &bytes, &Limits::default(), &mut w).unwrap_err();
        assert!(
            matches!(&e, IngestError::TooLarge { at, message } if at.file == "reports/bomb.docx" && message.contains("word/document.xml") && message.contains("100 times")),
            "{e}"
        );
        assert!(e.to_string().starts_with("reports/bomb.docx: "), "{e}");
        // The same table, small enough, still reads.
        let small = tbl(&[&["a", "b"], &["1", "2"]]);
        assert_eq!(read_docx("ok.docx", &docx(&small), &Limits::default(), &mut w).unwrap()[0].rows.len(), 1);
    }
}
