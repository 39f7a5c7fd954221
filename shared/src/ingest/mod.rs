//! Bytes → tables: format detection and one reader per format. Several files load independently.

pub mod csv;
#[cfg(feature = "docx")]
pub mod docx;
pub(crate) mod encoding;
pub mod headers;
pub mod json;
pub(crate) mod limits;
#[cfg(feature = "xlsx")]
pub mod xlsx;

pub use limits::Limits;

use serde::{Deserialize, Serialize};

use crate::description::joins::{self, JoinCandidate};
use crate::description::DatasetDescription;
use crate::error::{IngestError, Warning};
use crate::table::{ColumnHeader, Table, Value};

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
pub fn load_file(file: &str, bytes: &[u8], limits: &Limits, warnings: &mut Vec<Warning>) -> Result<Vec<Table>, IngestError> {
    load_file_parts(file, bytes, limits, warnings).map(|f| f.tables)
}

/// The tables of one file, and whether the file held one JSON object read as one record.
#[derive(Clone, Debug)]
pub struct FileTables {
    pub tables: Vec<Table>,
    /// Files of the same shape loaded together become one table (`merge_records`).
    pub one_record: bool,
}

/// As `load_file`, saying whether the file was one JSON record (so callers can `merge_records`).
pub fn load_file_parts(file: &str, bytes: &[u8], limits: &Limits, warnings: &mut Vec<Warning>) -> Result<FileTables, IngestError> {
    if bytes.is_empty() {
        return Err(IngestError::Empty { file: file.to_string() });
    }
    let tables = match detect_format(file, bytes) {
        Format::Json => {
            let text = encoding::decode(file, bytes, warnings)?;
            let (tables, one_record) = json::read_json_parts(file, &text, limits, warnings)?;
            return Ok(FileTables { tables, one_record });
        }
        _ => read_tables(file, bytes, limits, warnings)?,
    };
    Ok(FileTables { tables, one_record: false })
}

fn read_tables(file: &str, bytes: &[u8], limits: &Limits, warnings: &mut Vec<Warning>) -> Result<Vec<Table>, IngestError> {
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
        f @ (Format::Xlsx | Format::Docx) => {
            Err(IngestError::UnsupportedFormat { file: file.to_string(), reason: format!("{f:?} support is not compiled into this build") })
        }
        Format::Csvw | Format::DataPackage => Ok(Vec::new()),
    }
}

/// Loads an upload of several files: each file succeeds or fails alone, metadata files pre-fill the
/// description, table names are made unique, and foreign keys between the tables are detected.
pub fn load(files: &[SourceFile<'_>]) -> Upload {
    load_with(files, &Limits::default())
}

/// An upload as the app and the CLI read it: `load`, then the user's description (`given`) over
/// what the files' metadata said, and every table turned the way that description sets (`orient`).
pub fn prepare(files: &[SourceFile<'_>], given: Option<&DatasetDescription>) -> Upload {
    let mut up = load(files);
    if let Some(g) = given {
        up.description = g.clone().over(std::mem::take(&mut up.description));
    }
    up.description.orient(&mut up.tables);
    up
}

pub fn load_with(files: &[SourceFile<'_>], limits: &Limits) -> Upload {
    let mut up = Upload::default();
    let mut metadata = Vec::new();
    let mut read: Vec<(Table, bool)> = Vec::new();
    for f in files {
        let format = if f.bytes.is_empty() { Format::Csv } else { detect_format(f.name, f.bytes) };
        if matches!(format, Format::Csvw | Format::DataPackage) {
            metadata.push((f.name, format, f.bytes));
            continue;
        }
        let mut warnings = Vec::new();
        match load_file_parts(f.name, f.bytes, limits, &mut warnings) {
            Ok(loaded) => read.extend(loaded.tables.into_iter().map(|t| (t, loaded.one_record))),
            Err(e) => up.errors.push(e),
        }
        up.warnings.extend(warnings);
    }
    up.tables = merge_records(read, &mut up.warnings);
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
    up.joins = joins::detect(&up.tables);
    for declared in &up.description.joins {
        if !up.joins.iter().any(|j| j.from_table == declared.from_table && j.from_column == declared.from_column) {
            up.joins.push(declared.clone());
        }
    }
    up
}

/// Joins the tables of one-object JSON files that have the same fields (one student per file) into
/// one table, in the place of the first, with a column naming each row's file; other tables (the
/// flag false) and one-record files of a shape of their own are returned as they were.
pub fn merge_records(tables: Vec<(Table, bool)>, warnings: &mut Vec<Warning>) -> Vec<Table> {
    let mut slots: Vec<Vec<Table>> = Vec::with_capacity(tables.len());
    let mut groups: std::collections::HashMap<Vec<String>, usize> = std::collections::HashMap::new();
    for (t, one_record) in tables {
        if !one_record {
            slots.push(vec![t]);
            continue;
        }
        let mut shape = t.column_names();
        shape.sort_unstable();
        match groups.get(&shape) {
            Some(&i) => slots[i].push(t),
            None => {
                groups.insert(shape, slots.len());
                slots.push(vec![t]);
            }
        }
    }
    slots.into_iter().filter_map(|mut group| if group.len() == 1 { group.pop() } else { Some(join_records(group, warnings)) }).collect()
}

/// The column that names each row's file in a joined table: "file", unless a field has that name.
fn provenance_column(names: &[String]) -> String {
    let mut name = "file".to_string();
    while names.contains(&name) {
        name = format!("source {name}");
    }
    name
}

fn join_records(group: Vec<Table>, warnings: &mut Vec<Warning>) -> Table {
    let names = group[0].column_names();
    let file_column = provenance_column(&names);
    let files: Vec<String> = group.iter().map(|t| t.file.clone()).collect();
    let name = shared_name(&group.iter().map(|t| t.name.as_str()).collect::<Vec<_>>(), &files);
    let mut columns = vec![ColumnHeader::single(file_column.clone())];
    columns.extend(group[0].columns.iter().cloned());
    let mut rows = Vec::with_capacity(group.len());
    for t in group {
        let order: Vec<Option<usize>> = names.iter().map(|n| t.column_index(n)).collect();
        for r in t.rows {
            let mut row = Vec::with_capacity(names.len() + 1);
            row.push(Value::Text(t.file.clone()));
            row.extend(order.iter().map(|i| i.and_then(|i| r.get(i).cloned()).unwrap_or(Value::Null)));
            rows.push(row);
        }
    }
    let file = if files.len() <= 3 {
        files.join(", ")
    } else {
        format!("{}, {}, … {} ({} files)", files[0], files[1], files[files.len() - 1], files.len())
    };
    warnings.push(crate::error::Warning::new(
        crate::error::Location::file(&file),
        format!(
            "{} files holding one record each, with the same fields, were read as one table {name:?}; column {file_column:?} names each row's file",
            files.len()
        ),
    ));
    Table { name, file, columns, rows, ..Default::default() }
}

/// "student" for student-1001 … student-1012: the stems' common start without trailing digits and
/// separators; else the files' common folder; else "records".
fn shared_name(stems: &[&str], files: &[String]) -> String {
    let first = stems.first().copied().unwrap_or("");
    let mut end = first.len();
    for s in &stems[1..] {
        end =
            first.char_indices().zip(s.chars()).take_while(|((_, a), b)| a == b).last().map_or(0, |((i, c), _)| i + c.len_utf8()).min(end);
    }
    let prefix = first[..end].trim_end_matches(|c: char| c.is_ascii_digit() || "-_. ".contains(c));
    if prefix.chars().count() >= 3 {
        return prefix.to_string();
    }
    let folder = |f: &str| f.rsplit_once(['/', '\\']).map(|(d, _)| d.rsplit(['/', '\\']).next().unwrap_or(d).to_string());
    match folder(&files[0]) {
        Some(d) if !d.is_empty() && files.iter().all(|f| folder(f).as_deref() == Some(d.as_str())) => d,
        _ => "records".to_string(),
    }
}

/// Linear in the number of tables: the next suffix to try is kept per repeated name.
fn make_names_unique(tables: &mut [Table]) {
    let mut seen = std::collections::HashSet::new();
    let mut next_suffix: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for t in tables.iter_mut() {
        if !seen.insert(t.name.clone()) {
            let k = next_suffix.entry(t.name.clone()).or_insert(2);
            while seen.contains(&format!("{} ({k})", t.name)) {
                *k += 1;
            }
            t.name = format!("{} ({k})", t.name);
            *k += 1;
            seen.insert(t.name.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> Vec<u8> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures").join(name);
        std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    const STUDENTS: [&str; 4] = ["student-3184652.json", "student-3190217.json", "student-3201548.json", "student-3207733.json"];

    #[test]
    fn one_record_files_of_one_shape_are_one_table_with_their_file_names() {
        // Issue 20: twelve one-student files became 24 one-row tables of exams, names dropped.
        let bytes: Vec<Vec<u8>> = STUDENTS.iter().map(|f| fixture(&format!("student-records/{f}"))).collect();
        let files: Vec<SourceFile<'_>> = STUDENTS.iter().zip(&bytes).map(|(n, b)| SourceFile { name: n, bytes: b }).collect();
        let up = load(&files);
        assert!(up.errors.is_empty(), "{:?}", up.errors);
        assert_eq!(up.tables.len(), 1, "{:?}", up.tables.iter().map(|t| &t.name).collect::<Vec<_>>());
        let t = &up.tables[0];
        assert_eq!(t.name, "student");
        assert_eq!(t.file, "student-3184652.json, student-3190217.json, … student-3207733.json (4 files)");
        assert_eq!(t.column_names(), ["file", "Matr_Nr", "First_Name", "Last_Name", "Subject", "Exams"]);
        assert_eq!(t.rows.len(), 4);
        let files_column: Vec<&str> = t.rows.iter().map(|r| r[0].as_text().unwrap()).collect();
        assert_eq!(files_column, STUDENTS);
        assert_eq!(t.rows[2][2], Value::Text("Aylin".into()));
        assert!(matches!(&t.rows[0][5], Value::List(exams) if exams.len() == 3));
        assert!(up.warnings.iter().any(|w| w.message.contains("4 files holding one record each")), "{:?}", up.warnings);

        let schema = crate::schema::infer_table(t);
        let template = crate::template::generate_static(&schema.columns, None);
        assert_eq!(template, EXPECTED_TEMPLATE);
        let mut v = crate::verbalise::Verbaliser::with_static(&schema, t);
        let first = v.passage(crate::table::RowRef(1), &t.rows[0]).text;
        assert_eq!(first, EXPECTED_FIRST_PASSAGE);
    }

    /// The verbaliser paper's form: one sentence per field, the list of exams as a section.
    const EXPECTED_TEMPLATE: &str = "The value for 'file' is {{file}}. The value for 'Matr_Nr' is {{Matr_Nr}}. \
        The value for 'First_Name' is {{First_Name}}. The value for 'Last_Name' is {{Last_Name}}. \
        The value for 'Subject' is {{Subject}}. The field 'Exams' is a list where each item contains: \
        {{#Exams|; }}Course: {{Course}}, Date: {{Date}}, ECTS: {{ECTS}}, Grade: {{Grade}}{{/Exams}}.";
    const EXPECTED_FIRST_PASSAGE: &str = "The value for 'file' is student-3184652.json. The value for 'Matr_Nr' is 3184652. \
        The value for 'First_Name' is Lena. The value for 'Last_Name' is Hoffmann. The value for 'Subject' is Computer Science. \
        The field 'Exams' is a list where each item contains: Course: Algorithms and Data Structures, Date: 14 February 2024, \
        ECTS: 8, Grade: 1.7; Course: Linear Algebra I, Date: 21 February 2024, ECTS: 9, Grade: 2.3; Course: Databases, \
        Date: 18 July 2024, ECTS: 6, Grade: 1.3.";

    #[test]
    fn one_record_files_of_other_shapes_stay_apart() {
        let a = br#"{"id": 1, "name": "A", "tags": [{"t": "x"}]}"#;
        let b = br#"{"id": 2, "name": "B", "tags": [{"t": "y"}]}"#;
        let c = br#"{"id": 3, "label": "C"}"#;
        let rows = b"id,name\n9,Z\n";
        let up = load(&[
            SourceFile { name: "data/a.json", bytes: a },
            SourceFile { name: "plain.csv", bytes: rows },
            SourceFile { name: "data/b.json", bytes: b },
            SourceFile { name: "data/c.json", bytes: c },
        ]);
        let names: Vec<&str> = up.tables.iter().map(|t| t.name.as_str()).collect();
        // a and b share a shape (and only their folder names them); c has its own.
        assert_eq!(names, ["data", "plain", "c"]);
        assert_eq!(up.tables[0].rows.len(), 2);
        assert_eq!(up.tables[0].column_names()[0], "file");
        assert_eq!(up.tables[2].column_names(), ["id", "label"]);
        // A field called "file" is kept; the provenance column takes another name.
        let d = br#"{"file": "x.pdf", "n": 1}"#;
        let e = br#"{"file": "y.pdf", "n": 2}"#;
        let up = load(&[SourceFile { name: "scan-01.json", bytes: d }, SourceFile { name: "scan-02.json", bytes: e }]);
        assert_eq!(up.tables[0].column_names(), ["source file", "file", "n"]);
        assert_eq!(up.tables[0].name, "scan");
    }

    #[test]
    fn prepare_puts_the_users_description_over_the_files_and_orients() {
        let people = b"Field,Ada,Jaume\nAge,50,62\nParty,BComu,PSC\n";
        let pkg = br#"{"title": "From the files", "description": "kept", "resources": [{"path": "people.csv"}]}"#;
        let files = [SourceFile { name: "people.csv", bytes: people }, SourceFile { name: "datapackage.json", bytes: pkg }];
        let plain = prepare(&files, None);
        assert!(plain.tables[0].transposed, "no description of the user's: as detected");
        assert_eq!(plain.description.title.as_deref(), Some("From the files"));
        let mut given = DatasetDescription { title: Some("Mine".into()), ..Default::default() };
        given.transposed.insert("people".into(), false);
        let up = prepare(&files, Some(&given));
        assert_eq!(up.description.title.as_deref(), Some("Mine"));
        assert_eq!(up.description.description.as_deref(), Some("kept"), "the files' metadata fills what the user left out");
        assert!(!up.tables[0].transposed);
        assert_eq!(up.tables[0].column_names(), ["Field", "Ada", "Jaume"]);
    }

    #[test]
    fn duplicate_table_names_get_suffixes_in_linear_time() {
        let mut tables: Vec<Table> = (0..20_000).map(|_| Table { name: "t".into(), ..Default::default() }).collect();
        tables[1].name = "t (2)".into();
        let started = std::time::Instant::now();
        make_names_unique(&mut tables);
        assert!(started.elapsed() < std::time::Duration::from_secs(1), "{:?}", started.elapsed());
        assert_eq!(tables[2].name, "t (3)");
        assert_eq!(tables[19_999].name, "t (20000)");
    }
}
