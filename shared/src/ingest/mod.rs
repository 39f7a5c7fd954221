//! Bytes → tables: format detection and one reader per format. Several files load independently.

pub mod csv;
pub mod encoding;
pub mod json;
#[cfg(feature = "xlsx")]
pub mod xlsx;
#[cfg(feature = "docx")]
pub mod docx;

use serde::{Deserialize, Serialize};

use crate::description::DatasetDescription;
use crate::error::{IngestError, Warning};
use crate::joins::JoinCandidate;
use crate::table::Table;

/// Guards against hostile or broken inputs; generous for real research tables.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Excel's own column limit; wider rows are refused with the row number.
    pub max_columns: usize,
    /// A single cell larger than this is refused with its row and column.
    pub max_cell_bytes: usize,
    /// Nesting depth for JSON.
    pub max_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self { max_columns: 16_384, max_cell_bytes: 16 * 1024 * 1024, max_depth: 64 }
    }
}

/// One uploaded file: a name (used in every error) and its bytes.
#[derive(Clone, Copy, Debug)]
pub struct SourceFile<'a> {
    pub name: &'a str,
    pub bytes: &'a [u8],
}

/// What a file is, decided from its name and first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    Csv,
    Json,
    JsonLines,
    Xlsx,
    Docx,
    /// CSVW metadata (`*-metadata.json` or JSON with `tableSchema`): describes, holds no rows.
    Csvw,
    /// Frictionless `datapackage.json`: describes, holds no rows.
    DataPackage,
}

/// Everything an upload produced: tables that loaded, per-file errors, warnings, and suggestions.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Upload {
    pub tables: Vec<Table>,
    pub errors: Vec<IngestError>,
    pub warnings: Vec<Warning>,
    pub description: DatasetDescription,
    pub joins: Vec<JoinCandidate>,
}

/// The file name without directories and extension: the default table name.
pub fn stem(file: &str) -> String {
    let base = file.rsplit(['/', '\\']).next().unwrap_or(file);
    match base.rsplit_once('.') {
        Some((s, _)) if !s.is_empty() => s.to_string(),
        _ => base.to_string(),
    }
}

/// Decides the format from the extension, then the first bytes (a renamed file still loads).
pub fn detect_format(name: &str, bytes: &[u8]) -> Format {
    let lower = name.to_ascii_lowercase();
    let ext = lower.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    let zip = bytes.starts_with(b"PK\x03\x04");
    let json_head = || {
        let head = &bytes[..bytes.len().min(4096)];
        let t = String::from_utf8_lossy(head);
        let t = t.trim_start_matches('\u{feff}').trim_start();
        t.starts_with('{') || t.starts_with('[')
    };
    if lower.ends_with("datapackage.json") {
        return Format::DataPackage;
    }
    if lower.ends_with("-metadata.json") || lower.ends_with(".csvw.json") || lower.ends_with("csv-metadata.json") {
        return Format::Csvw;
    }
    match ext {
        "xlsx" | "xlsm" => return Format::Xlsx,
        "docx" => return Format::Docx,
        "jsonl" | "ndjson" => return Format::JsonLines,
        "json" | "geojson" => {
            if looks_like_csvw(bytes) {
                return Format::Csvw;
            }
            return if looks_like_jsonl(bytes) { Format::JsonLines } else { Format::Json };
        }
        _ => {}
    }
    if zip {
        // Office files are zips; the part names say which.
        if memchr::memmem::find(bytes, b"word/").is_some() {
            return Format::Docx;
        }
        if memchr::memmem::find(bytes, b"xl/").is_some() {
            return Format::Xlsx;
        }
    }
    if json_head() {
        return if looks_like_jsonl(bytes) { Format::JsonLines } else { Format::Json };
    }
    Format::Csv
}

fn looks_like_csvw(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(8192)];
    memchr::memmem::find(head, b"tableSchema").is_some() || memchr::memmem::find(head, b"csvw").is_some()
}

/// Two or more lines that each parse as a JSON value.
fn looks_like_jsonl(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(64 * 1024)]);
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let first = lines.next();
    let second = lines.next();
    match (first, second) {
        (Some(a), Some(b)) => {
            let a = a.trim_start_matches('\u{feff}');
            serde_json::from_str::<serde_json::Value>(a).is_ok_and(|v| v.is_object())
                && serde_json::from_str::<serde_json::Value>(b).is_ok_and(|v| v.is_object())
        }
        _ => false,
    }
}

/// Reads one file into its tables. Metadata files (CSVW, datapackage.json) yield no tables.
pub fn load_file(
    file: &str,
    bytes: &[u8],
    limits: &Limits,
    warnings: &mut Vec<Warning>,
) -> Result<Vec<Table>, IngestError> {
    if bytes.is_empty() {
        return Err(IngestError::Empty { file: file.to_string() });
    }
    match detect_format(file, bytes) {
        Format::Csv => csv::read_csv(file, bytes, limits, warnings).map(|t| vec![t]),
        Format::Json => {
            let text = encoding::decode(file, bytes, warnings)?;
            json::read_json(file, &text, limits, warnings)
        }
        Format::JsonLines => {
            let text = encoding::decode(file, bytes, warnings)?;
            json::read_jsonl(file, &text, limits, warnings).map(|t| vec![t])
        }
        #[cfg(feature = "xlsx")]
        Format::Xlsx => xlsx::read_xlsx(file, bytes, limits, warnings),
        #[cfg(feature = "docx")]
        Format::Docx => docx::read_docx(file, bytes, limits, warnings),
        #[allow(unreachable_patterns)]
        f @ (Format::Xlsx | Format::Docx) => Err(IngestError::UnsupportedFormat {
            file: file.to_string(),
            reason: format!("{f:?} support is not compiled into this build"),
        }),
        Format::Csvw | Format::DataPackage => Ok(Vec::new()),
    }
}

/// Loads an upload of several files: each file succeeds or fails alone, metadata files pre-fill the
/// description, table names are made unique, and foreign keys between the tables are detected.
pub fn load(files: &[SourceFile<'_>]) -> Upload {
    load_with(files, &Limits::default())
}

pub fn load_with(files: &[SourceFile<'_>], limits: &Limits) -> Upload {
    let mut up = Upload::default();
    let mut metadata = Vec::new();
    for f in files {
        let format = if f.bytes.is_empty() { Format::Csv } else { detect_format(f.name, f.bytes) };
        if matches!(format, Format::Csvw | Format::DataPackage) {
            metadata.push((f.name, format, f.bytes));
            continue;
        }
        let mut warnings = Vec::new();
        match load_file(f.name, f.bytes, limits, &mut warnings) {
            Ok(tables) => up.tables.extend(tables),
            Err(e) => up.errors.push(e),
        }
        up.warnings.extend(warnings);
    }
    for (name, format, bytes) in metadata {
        let mut w = Vec::new();
        let parsed = encoding::decode(name, bytes, &mut w).and_then(|text| {
            serde_json::from_str::<serde_json::Value>(&text).map_err(|e| IngestError::Malformed {
                at: crate::error::Location::file(name),
                message: format!("invalid JSON at line {}, column {}: {e}", e.line(), e.column()),
            })
        });
        match parsed {
            Ok(meta) if format == Format::Csvw => up.description.merge_csvw(&meta),
            Ok(meta) => up.description.merge_datapackage(&meta),
            Err(e) => up.errors.push(e),
        }
        up.warnings.extend(w);
    }
    make_names_unique(&mut up.tables);
    up.joins = crate::joins::detect(&up.tables);
    for declared in &up.description.joins {
        if !up.joins.iter().any(|j| j.from_table == declared.from_table && j.from_column == declared.from_column) {
            up.joins.push(declared.clone());
        }
    }
    up
}

fn make_names_unique(tables: &mut [Table]) {
    let mut seen = std::collections::HashSet::new();
    for t in tables.iter_mut() {
        if !seen.insert(t.name.clone()) {
            let mut k = 2;
            while seen.contains(&format!("{} ({k})", t.name)) {
                k += 1;
            }
            t.name = format!("{} ({k})", t.name);
            seen.insert(t.name.clone());
        }
    }
}
