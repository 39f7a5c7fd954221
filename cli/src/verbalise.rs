//! `tabletalk verbalise`: every row → a passage with provenance. CSVs stream (the layout and the
//! schema come from the first 10,000 records), so memory stays flat however long the file is.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use serde::ser::{SerializeSeq, SerializeStruct};
use serde::Serialize;
use tabletalk_shared::ingest::csv::{stream_rows, Streamed};
use tabletalk_shared::ingest::{detect_format, load_file_parts, merge_records, Format, Limits};
use tabletalk_shared::schema::{infer_table, TableSchema};
use tabletalk_shared::table::{RowRef, Table, Value};
use tabletalk_shared::template::split_set;
use tabletalk_shared::verbalise::{raw_line, Verbaliser};
use tabletalk_shared::IngestError;

use crate::progress::Progress;
use crate::OutFormat;

/// Records used to decide a streamed CSV's layout and schema.
const SAMPLE_RECORDS: usize = 10_000;

pub fn run(files: &[PathBuf], template: Option<&Path>, format: OutFormat, out: Option<&Path>, raw: bool) -> Result<ExitCode> {
    let templates = Templates::read(template)?;
    let writer: Box<dyn Write> = match out {
        Some(p) => Box::new(File::create(p).with_context(|| format!("creating {}", p.display()))?),
        None => Box::new(std::io::stdout().lock()),
    };
    let mut sink = Sink::new(format, BufWriter::with_capacity(1 << 20, writer))?;
    let mut failed = false;
    // Tables of one-object JSON files: those of one shape are verbalised as one table, last.
    let mut records: Vec<(Table, bool)> = Vec::new();
    for path in files {
        let name = crate::files::display_name(path);
        let mut head = Vec::with_capacity(4096);
        File::open(path).with_context(|| format!("opening {name}"))?.take(4096).read_to_end(&mut head)?;
        let result = if detect_format(&name, &head) == Format::Csv && !head.is_empty() {
            stream_csv(path, &name, &templates, raw, &mut sink)
        } else {
            whole_file(path, &name, &templates, raw, &mut sink, &mut records)
        };
        match result {
            Ok(()) => {}
            Err(e) => match e.downcast::<IngestError>() {
                Ok(ie) => {
                    eprintln!("error: {ie}");
                    failed = true;
                }
                Err(other) => return Err(other),
            },
        }
    }
    let mut warnings = Vec::new();
    let joined = merge_records(records, &mut warnings);
    for w in &warnings {
        eprintln!("warning: {w}");
    }
    for table in joined {
        let schema = infer_table(&table);
        let mut v = verbaliser(&schema, &table, &templates)?;
        let mut text = String::new();
        for (i, row) in table.rows.iter().enumerate() {
            emit(&mut sink, &mut v, &table, RowRef::from_index(i), row, raw, &mut text)?;
        }
    }
    sink.finish()?;
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// The templates of a `--template` file (`=== table: NAME ===` sections), with the file's name for
/// errors ("template FILE for table …: line L, column C: …").
#[derive(Default)]
pub(crate) struct Templates {
    pub file: String,
    pub set: Vec<(Option<String>, String)>,
}

impl Templates {
    /// None: every table gets its static template.
    pub(crate) fn read(template: Option<&Path>) -> Result<Templates> {
        Ok(match template {
            Some(p) => Templates {
                file: crate::files::display_name(p),
                set: split_set(&std::fs::read_to_string(p).with_context(|| format!("reading template {}", p.display()))?),
            },
            None => Templates::default(),
        })
    }
}

impl std::ops::Deref for Templates {
    type Target = [(Option<String>, String)];
    fn deref(&self) -> &Self::Target {
        &self.set
    }
}

/// The template for a table: the one named for it, else the file's only unnamed one, else static.
pub(crate) fn template_for<'a>(table: &str, templates: &'a [(Option<String>, String)]) -> Option<&'a str> {
    templates
        .iter()
        .find(|(n, _)| n.as_deref() == Some(table))
        .or_else(|| if templates.len() == 1 && templates[0].0.is_none() { templates.first() } else { None })
        .map(|(_, t)| t.as_str())
}

pub(crate) fn verbaliser(schema: &TableSchema, table: &Table, templates: &Templates) -> Result<Verbaliser> {
    match template_for(&table.name, templates) {
        Some(src) => Verbaliser::new(schema, src).with_context(|| format!("template {} for table {:?}", templates.file, table.name)),
        None => Ok(Verbaliser::with_static(schema, table)),
    }
}

fn whole_file(path: &Path, name: &str, templates: &Templates, raw: bool, sink: &mut Sink, records: &mut Vec<(Table, bool)>) -> Result<()> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {name}"))?;
    let mut warnings = Vec::new();
    let loaded = load_file_parts(name, &bytes, &Limits::default(), &mut warnings);
    for w in &warnings {
        eprintln!("warning: {w}");
    }
    let tables = match loaded {
        Ok(l) if l.one_record => {
            records.extend(l.tables.into_iter().map(|t| (t, true)));
            return Ok(());
        }
        Ok(l) => Ok(l.tables),
        Err(e) => Err(e),
    };
    let mut progress = Progress::new(name, bytes.len() as u64);
    let mut rows = 0u64;
    let mut text = String::new();
    for table in tables? {
        let schema = infer_table(&table);
        let mut v = verbaliser(&schema, &table, templates)?;
        for (i, row) in table.rows.iter().enumerate() {
            emit(sink, &mut v, &table, RowRef::from_index(i), row, raw, &mut text)?;
            rows += 1;
            if rows.is_multiple_of(4096) {
                progress.update(rows, bytes.len() as u64 * (i as u64 + 1) / table.rows.len() as u64);
            }
        }
    }
    progress.finish(rows);
    Ok(())
}

fn emit(sink: &mut Sink, v: &mut Verbaliser, table: &Table, row_ref: RowRef, row: &[Value], raw: bool, text: &mut String) -> Result<()> {
    if raw {
        let line = raw_line(row);
        let all: Vec<usize> = (0..row.len()).collect();
        sink.write(&line, &table.file, &table.name, row_ref, &all, v.column_names())
    } else {
        let used = v.fill_into(row, text).to_vec();
        sink.write(text, &table.file, &table.name, row_ref, &used, v.column_names())
    }
}

fn stream_csv(path: &Path, name: &str, templates: &Templates, raw: bool, sink: &mut Sink) -> Result<()> {
    let file = File::open(path).with_context(|| format!("opening {name}"))?;
    let total = file.metadata().map(|m| m.len()).unwrap_or(0);
    let limits = Limits::default();
    let mut warnings = Vec::new();
    let streamed = stream_rows(name, BufReader::with_capacity(1 << 20, file), &limits, SAMPLE_RECORDS, &mut warnings)?;
    let Streamed::Rows { mut table, mut rest } = streamed else {
        // A transposed table has to be read whole to be turned.
        // (A CSV is never one JSON record: nothing lands in `records`.)
        return whole_file(path, name, templates, raw, sink, &mut Vec::new());
    };
    let schema = infer_table(&table);
    let mut v = verbaliser(&schema, &table, templates)?;
    let mut progress = Progress::new(name, total);
    let mut text = String::new();
    let mut n = 0u64;
    for row in std::mem::take(&mut table.rows) {
        n += 1;
        emit(sink, &mut v, &table, RowRef(n), &row, raw, &mut text)?;
    }
    loop {
        let row = match rest.next_row(&mut warnings) {
            Ok(Some(r)) => r,
            Ok(None) => break,
            Err(e) => {
                progress.finish(n);
                return Err(e.into());
            }
        };
        n += 1;
        emit(sink, &mut v, &table, RowRef(n), &row, raw, &mut text)?;
        if n.is_multiple_of(8192) {
            progress.update(n, rest.bytes_read());
        }
    }
    progress.finish(n);
    for w in warnings.iter().take(50) {
        eprintln!("warning: {w}");
    }
    Ok(())
}

/// Provenance serialised without building owned strings per row.
struct ProvOut<'a> {
    file: &'a str,
    table: &'a str,
    row: RowRef,
    used: &'a [usize],
    names: &'a [String],
}

struct Columns<'a>(&'a [usize], &'a [String]);

impl Serialize for Columns<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for &i in self.0 {
            seq.serialize_element(&self.1[i])?;
        }
        seq.end()
    }
}

impl Serialize for ProvOut<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Provenance", 4)?;
        st.serialize_field("file", self.file)?;
        st.serialize_field("table", self.table)?;
        st.serialize_field("row", &self.row)?;
        st.serialize_field("columns", &Columns(self.used, self.names))?;
        st.end()
    }
}

#[derive(Serialize)]
struct PassageOut<'a> {
    text: &'a str,
    provenance: ProvOut<'a>,
}

/// Where passages go, in the chosen format. JSONL lines match `verbalise::Passage`'s JSON.
enum Sink {
    Jsonl(BufWriter<Box<dyn Write>>),
    Csv(Box<csv::Writer<BufWriter<Box<dyn Write>>>>),
    Txt(BufWriter<Box<dyn Write>>),
}

impl Sink {
    fn new(format: OutFormat, w: BufWriter<Box<dyn Write>>) -> Result<Self> {
        Ok(match format {
            OutFormat::Jsonl => Sink::Jsonl(w),
            OutFormat::Txt => Sink::Txt(w),
            OutFormat::Csv => {
                // Quoted and formula-safe, as the app's export (OWASP's CSV-injection rule).
                let mut c = tabletalk_shared::export::csv_writer(w);
                tabletalk_shared::export::write_record(&mut c, &["file", "table", "row", "columns", "text"])?;
                Sink::Csv(Box::new(c))
            }
        })
    }

    fn write(&mut self, text: &str, file: &str, table: &str, row: RowRef, used: &[usize], names: &[String]) -> Result<()> {
        match self {
            Sink::Jsonl(w) => {
                serde_json::to_writer(&mut *w, &PassageOut { text, provenance: ProvOut { file, table, row, used, names } })?;
                w.write_all(b"\n")?;
            }
            Sink::Txt(w) => {
                w.write_all(text.replace('\n', " ").as_bytes())?;
                w.write_all(b"\n")?;
            }
            Sink::Csv(c) => {
                let cols: Vec<&str> = used.iter().map(|&i| names[i].as_str()).collect();
                tabletalk_shared::export::write_record(c, &[file, table, &row.to_string(), &cols.join("|"), text])?;
            }
        }
        Ok(())
    }

    fn finish(self) -> Result<()> {
        match self {
            Sink::Jsonl(mut w) | Sink::Txt(mut w) => w.flush()?,
            Sink::Csv(mut c) => c.flush()?,
        }
        Ok(())
    }
}
