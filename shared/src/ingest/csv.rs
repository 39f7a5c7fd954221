//! CSV/TSV: delimiter sniffing, quoted fields with newlines, ragged rows repaired with warnings,
//! and a streaming reader so a million-row file never sits in memory.

use std::io::{Cursor, Read};

use super::encoding::{self, Sniffed};
use super::headers::{table_from_grid, Layout, RowState};
use super::limits::Limits;
use crate::error::{IngestError, Location, Warning};
use crate::table::{Table, Value};

const CANDIDATES: [u8; 4] = [b',', b';', b'\t', b'|'];

/// Picks the delimiter that splits the first records into the most consistent number of fields.
pub fn sniff_delimiter(file: &str, head: &str) -> u8 {
    let tsv = file.to_ascii_lowercase().ends_with(".tsv") || file.to_ascii_lowercase().ends_with(".tab");
    let mut best = (b',', 0.0f64);
    for &d in &CANDIDATES {
        let mut rdr = csv::ReaderBuilder::new().delimiter(d).has_headers(false).flexible(true).from_reader(head.as_bytes());
        let mut lens = Vec::new();
        let mut rec = csv::ByteRecord::new();
        // The last record of a prefix may be cut; only whole ones count.
        while lens.len() < 50 {
            match rdr.read_byte_record(&mut rec) {
                Ok(true) => lens.push(rec.len()),
                _ => break,
            }
        }
        if lens.len() > 2 && head.len() >= 64 * 1024 {
            lens.pop();
        }
        let Some(&first) = lens.first() else { continue };
        if first < 2 {
            continue;
        }
        let consistent = lens.iter().filter(|&&l| l == first).count() as f64 / lens.len() as f64;
        let mut score = consistent * (1.0 + (first as f64).ln());
        if tsv && d == b'\t' {
            score *= 2.0;
        }
        if score > best.1 {
            best = (d, score);
        }
    }
    best.0
}

/// Reads a whole CSV/TSV file into a table (header detection, paths and transposition included).
pub fn read_csv(file: &str, bytes: &[u8], limits: &Limits, warnings: &mut Vec<Warning>) -> Result<Table, IngestError> {
    let mut stream = CsvStream::new(file, bytes, limits, warnings)?;
    let mut grid = Vec::new();
    while let Some(rec) = stream.next_record(warnings)? {
        grid.push(rec);
    }
    if grid.iter().all(|r| r.iter().all(|c| c.trim().is_empty())) {
        return Err(IngestError::NoTable { file: file.to_string(), reason: "only blank lines".into() });
    }
    table_from_grid(file, crate::names::stem(file), grid, limits, warnings)
}

/// A CSV read row by row: its layout and a sample of its first rows come from the first `sample`
/// records, then every later row in order, so memory stays flat however long the file is.
pub enum Streamed<'a> {
    /// `table` has the columns and the sample (the first rows, in order); `rest` reads the others.
    Rows { table: Table, rest: Box<CsvRows<'a>> },
    /// The sample reads as a transposed table, which only the whole file can turn (`read_csv`).
    Transposed,
}

/// The rows after a [`Streamed`] sample, through the sample's layout.
pub struct CsvRows<'a> {
    stream: CsvStream<'a>,
    layout: Layout,
    state: RowState,
}

/// Opens `source` as a streamed CSV (see [`Streamed`]).
pub fn stream_rows<'a, R: Read + Send + 'a>(
    file: &str,
    source: R,
    limits: &Limits,
    sample: usize,
    warnings: &mut Vec<Warning>,
) -> Result<Streamed<'a>, IngestError> {
    let mut stream = CsvStream::new(file, source, limits, warnings)?;
    let mut grid = Vec::new();
    let mut ended = false;
    while grid.len() <= sample {
        match stream.next_record(warnings)? {
            Some(r) => grid.push(r),
            None => {
                ended = true;
                break;
            }
        }
    }
    if grid.is_empty() {
        return Err(IngestError::Empty { file: file.to_string() });
    }
    // As `read_csv` says it: a file of blank lines and delimiters holds no table.
    if ended && grid.iter().all(|r| r.iter().all(|c| c.trim().is_empty())) {
        return Err(IngestError::NoTable { file: file.to_string(), reason: "only blank lines".into() });
    }
    let layout = Layout::detect(&grid, file, warnings);
    if layout.transpose_suggested {
        return Ok(Streamed::Transposed);
    }
    let mut state = RowState::default();
    let header_rows = layout.header_rows.min(grid.len());
    let rows: Vec<Vec<Value>> = grid.drain(header_rows..).filter_map(|r| layout.apply(r, &mut state)).collect();
    let table = Table {
        name: crate::names::stem(file).to_string(),
        file: file.to_string(),
        columns: layout.columns.clone(),
        rows,
        ..Default::default()
    };
    Ok(Streamed::Rows { table, rest: Box::new(CsvRows { stream, layout, state }) })
}

impl CsvRows<'_> {
    /// The next data row (header, section and blank rows are skipped as in the sample).
    pub fn next_row(&mut self, warnings: &mut Vec<Warning>) -> Result<Option<Vec<Value>>, IngestError> {
        while let Some(rec) = self.stream.next_record(warnings)? {
            if let Some(row) = self.layout.apply(rec, &mut self.state) {
                return Ok(Some(row));
            }
        }
        Ok(None)
    }

    /// Bytes of the source consumed so far (for progress).
    pub fn bytes_read(&self) -> u64 {
        self.stream.bytes_read()
    }
}

/// Records of a CSV from any reader, decoded to UTF-8, with limits checked per record.
pub struct CsvStream<'a> {
    file: String,
    reader: csv::Reader<Box<dyn Read + Send + 'a>>,
    limits: Limits,
    record: csv::ByteRecord,
    /// Records read so far (the header counts as record 1).
    records: u64,
    /// Fields in the first record; later ones are padded or trimmed to it.
    width: Option<usize>,
    ragged: u64,
    pub delimiter: u8,
    pub encoding: &'static encoding_rs::Encoding,
}

impl<'a> CsvStream<'a> {
    /// Sniffs encoding and delimiter from the first 64 KiB, then reads everything through.
    pub fn new<R: Read + Send + 'a>(file: &str, mut source: R, limits: &Limits, warnings: &mut Vec<Warning>) -> Result<Self, IngestError> {
        let mut head = Vec::with_capacity(64 * 1024);
        (&mut source)
            .take(64 * 1024)
            .read_to_end(&mut head)
            .map_err(|e| IngestError::Malformed { at: Location::file(file), message: format!("could not read: {e}") })?;
        let Sniffed { encoding, bom_len } = encoding::sniff(file, &head)?;
        if encoding != encoding_rs::UTF_8 && encoding != encoding_rs::UTF_16LE && encoding != encoding_rs::UTF_16BE {
            warnings.push(encoding::not_utf8(file, &head[bom_len..], encoding));
        }
        let chained = Cursor::new(head).chain(source);
        let text: Box<dyn Read + Send + 'a> = if encoding == encoding_rs::UTF_8 {
            let mut c = chained;
            let mut skip = vec![0u8; bom_len];
            let _ = c.read_exact(&mut skip);
            Box::new(c)
        } else {
            Box::new(encoding_rs_io::DecodeReaderBytesBuilder::new().encoding(Some(encoding)).bom_override(true).build(chained))
        };
        // Sniff the delimiter on decoded text: read up to 64 KiB of it, then put it back in front.
        let mut text = text;
        let mut head_text = Vec::with_capacity(64 * 1024);
        (&mut text)
            .take(64 * 1024)
            .read_to_end(&mut head_text)
            .map_err(|e| IngestError::Malformed { at: Location::file(file), message: e.to_string() })?;
        let delimiter = sniff_delimiter(file, &String::from_utf8_lossy(&head_text));
        let buffered = std::io::BufReader::with_capacity(128 * 1024, Cursor::new(head_text).chain(text));
        let reader = csv::ReaderBuilder::new()
            .delimiter(delimiter)
            .has_headers(false)
            .flexible(true)
            .buffer_capacity(256 * 1024)
            .from_reader(Box::new(buffered) as Box<dyn Read + Send + 'a>);
        Ok(Self {
            file: file.to_string(),
            reader,
            limits: *limits,
            record: csv::ByteRecord::new(),
            records: 0,
            width: None,
            ragged: 0,
            delimiter,
            encoding,
        })
    }

    /// Lines of the source consumed so far (for progress).
    pub fn bytes_read(&self) -> u64 {
        self.reader.position().byte()
    }

    /// The next record as strings; ragged records are padded to the first record's width with a warning.
    pub fn next_record(&mut self, warnings: &mut Vec<Warning>) -> Result<Option<Vec<String>>, IngestError> {
        let more = self.reader.read_byte_record(&mut self.record).map_err(|e| {
            let line = e.position().map(|p| p.line()).unwrap_or(0);
            IngestError::Malformed { at: Location::file(&self.file).row(self.records), message: format!("CSV error near line {line}: {e}") }
        })?;
        if !more {
            if self.ragged > 20 {
                warnings.push(Warning::new(Location::file(&self.file), format!("{} ragged rows in all (first 20 listed)", self.ragged)));
            }
            return Ok(None);
        }
        self.records += 1;
        let n = self.record.len();
        // Data-row number when the first record is the header; the header itself has none (its
        // messages say "line 1" or "the header").
        let row = self.records.saturating_sub(1);
        let at = || if row == 0 { Location::file(&self.file) } else { Location::file(&self.file).row(row) };
        if n > self.limits.max_columns {
            return Err(IngestError::TooLarge {
                at: at(),
                message: format!(
                    "{n} fields on line {}; at most {} columns are supported",
                    self.record.position().map_or(0, |p| p.line()),
                    self.limits.max_columns
                ),
            });
        }
        let mut out = Vec::with_capacity(self.width.unwrap_or(n).max(n));
        for (i, field) in self.record.iter().enumerate() {
            if field.len() > self.limits.max_cell_bytes {
                return Err(IngestError::TooLarge {
                    at: at().column(format!("column {}", i + 1)),
                    message: format!("a cell of {} MB; at most {} MB per cell", field.len() >> 20, self.limits.max_cell_bytes >> 20),
                });
            }
            out.push(match std::str::from_utf8(field) {
                Ok(s) => padded_quotes(s).unwrap_or_else(|| s.to_string()),
                Err(_) => {
                    warnings.push(Warning::new(
                        at().column(format!("column {}", i + 1)),
                        if row == 0 { "invalid UTF-8 in the header replaced with U+FFFD" } else { "invalid UTF-8 replaced with U+FFFD" },
                    ));
                    String::from_utf8_lossy(field).into_owned()
                }
            });
        }
        match self.width {
            None => self.width = Some(n),
            Some(w) if n != w => {
                let extra_nonempty = out.iter().skip(w).any(|c| !c.trim().is_empty());
                self.ragged += 1;
                if self.ragged <= 20 {
                    let what = if n < w {
                        format!("{n} fields where the header has {w}; padded with empty cells")
                    } else if extra_nonempty {
                        format!("{n} fields where the header has {w}; the extra cells were kept as unnamed columns")
                    } else {
                        format!("{n} fields where the header has {w}; the empty extra cells were dropped")
                    };
                    warnings.push(Warning::new(Location::file(&self.file).row(row), what));
                }
                if n < w {
                    out.resize(w, String::new());
                } else if !extra_nonempty {
                    out.truncate(w);
                }
            }
            _ => {}
        }
        Ok(Some(out))
    }
}

/// `Name,   Country` over `"Usain Bolt",   "JAM"`: a file padded into columns puts spaces before
/// the quote, which CSV then keeps as text; the quotes of such a cell are quoting, not data.
fn padded_quotes(s: &str) -> Option<String> {
    let t = s.trim_matches([' ', '\t']);
    let inner = t.strip_prefix('"')?.strip_suffix('"')?;
    (t.len() != s.len() && !inner.replace("\"\"", "").contains('"')).then(|| inner.replace("\"\"", "\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_after_padding_are_quoting() {
        let mut w = Vec::new();
        let t = read_csv(
            "sprint.csv",
            b"Name,    Country, Medal\n\"Usain Bolt\",   \"JAM\",   \"GOLD\"\nA,  \"say \"\"hi\"\"\",  x\n",
            &Limits::default(),
            &mut w,
        )
        .unwrap();
        let cells: Vec<String> = t.rows.iter().flat_map(|r| r.iter().filter_map(|v| v.as_text().map(str::to_string))).collect();
        assert!(cells.contains(&"JAM".to_string()) && cells.contains(&"GOLD".to_string()), "{cells:?}");
        assert!(cells.contains(&"say \"hi\"".to_string()), "{cells:?}");
    }

    #[test]
    fn delimiters() {
        assert_eq!(sniff_delimiter("a.csv", "a,b,c\n1,2,3\n"), b',');
        assert_eq!(sniff_delimiter("a.csv", "a;b;c\n1,5;2;3\n"), b';');
        assert_eq!(sniff_delimiter("a.tsv", "a\tb\n1\t2\n"), b'\t');
        assert_eq!(sniff_delimiter("a.txt", "a|b|c\n1|2|3\n"), b'|');
        assert_eq!(sniff_delimiter("a.csv", "name,note\n\"x\",\"a; b; c\"\n"), b',');
    }

    #[test]
    fn quoted_newlines_and_ragged_rows() {
        let mut w = Vec::new();
        let t = read_csv("q.csv", b"id,note,n\n1,\"two\nlines, here\",3\n2,short\n3,x,4,extra\n", &Limits::default(), &mut w).unwrap();
        assert_eq!(t.rows.len(), 3);
        assert_eq!(t.rows[0][1].as_text(), Some("two\nlines, here"));
        assert_eq!(t.columns.len(), 4);
        assert!(w.iter().any(|x| x.at.row == Some(2) && x.message.contains("padded")), "{w:?}");
        assert!(w.iter().any(|x| x.at.row == Some(3) && x.message.contains("kept")), "{w:?}");
    }

    #[test]
    fn limits_name_row_and_column() {
        let mut w = Vec::new();
        let limits = Limits { max_columns: 5, max_cell_bytes: 10, max_depth: 8 };
        let e = read_csv("w.csv", b"a,b\n1,2\n1,2,3,4,5,6,7\n", &limits, &mut w).unwrap_err();
        assert!(matches!(&e, IngestError::TooLarge { at, .. } if at.row == Some(2)), "{e}");
        let e = read_csv("c.csv", b"a,b\n1,01234567890123\n", &limits, &mut w).unwrap_err();
        assert!(matches!(&e, IngestError::TooLarge { at, .. } if at.row == Some(1) && at.column.as_deref() == Some("column 2")), "{e}");
    }
}
