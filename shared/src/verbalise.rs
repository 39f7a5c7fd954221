//! Rows → passages with provenance, streamed row by row; plus the "raw" baseline serialisation.

use serde::{Deserialize, Serialize};

use crate::schema::TableSchema;
use crate::table::{Provenance, RowRef, Table, Value};
use crate::template::{compile, generate_static, parse, Compiled, TemplateError};

/// One sentence group for one row, and where it came from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Passage {
    pub text: String,
    pub provenance: Provenance,
}

/// Fills one table's rows; reuses its buffers, so streaming a million rows allocates little.
pub struct Verbaliser {
    compiled: Compiled,
    /// The template text, kept so indexes can record what made their passages.
    source: String,
    file: String,
    table: String,
    used: Vec<usize>,
}

impl Verbaliser {
    /// From a template text (the user's or the static one) and the table's schema.
    pub fn new(schema: &TableSchema, template: &str) -> Result<Self, TemplateError> {
        let compiled = compile(&parse(template)?, &schema.columns)?;
        Ok(Self { compiled, source: template.to_string(), file: schema.file.clone(), table: schema.name.clone(), used: Vec::new() })
    }

    /// With the static template generated from the schema.
    pub fn with_static(schema: &TableSchema, table: &Table) -> Self {
        let src = generate_static(&schema.columns, table.context.as_ref());
        Self::new(schema, &src).expect("generated templates always compile")
    }

    /// The template text this verbaliser fills.
    pub fn template_source(&self) -> &str {
        &self.source
    }

    /// Writes the passage text into `out` (cleared first) and returns the provenance columns' indices.
    pub fn fill_into(&mut self, row: &[Value], out: &mut String) -> &[usize] {
        out.clear();
        self.used.clear();
        self.compiled.fill(row, out, &mut self.used);
        // A skipped first sentence leaves the next one's leading space.
        let lead = out.len() - out.trim_start().len();
        if lead > 0 {
            out.drain(..lead);
        }
        self.used.sort_unstable();
        &self.used
    }

    /// One passage for one row.
    pub fn passage(&mut self, row_ref: RowRef, row: &[Value]) -> Passage {
        let mut text = String::new();
        let used = self.fill_into(row, &mut text).to_vec();
        let names = self.compiled.column_names();
        Passage {
            text,
            provenance: Provenance {
                file: self.file.clone(),
                table: self.table.clone(),
                row: row_ref,
                columns: used.iter().map(|&i| names[i].clone()).collect(),
            },
        }
    }

    pub fn column_names(&self) -> &[String] {
        self.compiled.column_names()
    }

    /// Passages for all rows of a table, lazily.
    pub fn passages<'a>(&'a mut self, table: &'a Table) -> impl Iterator<Item = Passage> + 'a {
        table.rows.iter().enumerate().map(move |(i, r)| self.passage(RowRef::from_index(i), r))
    }
}

/// The baseline: the row as one CSV line of raw cell text, the form naive table RAG embeds.
pub fn raw_line(row: &[Value]) -> String {
    let mut w = csv::WriterBuilder::new().terminator(csv::Terminator::Any(b'\n')).from_writer(Vec::new());
    let cells: Vec<String> = row
        .iter()
        .map(|v| match v {
            Value::Null => String::new(),
            Value::Text(s) => s.clone(),
            other => serde_json::to_string(other).unwrap_or_default(),
        })
        .collect();
    let _ = w.write_record(&cells);
    let bytes = w.into_inner().unwrap_or_default();
    String::from_utf8_lossy(&bytes).trim_end_matches('\n').to_string()
}

/// Raw passages of a table: header line context is the table name; provenance names every column.
pub fn raw_passages(table: &Table) -> impl Iterator<Item = Passage> + '_ {
    let columns = table.column_names();
    table.rows.iter().enumerate().map(move |(i, r)| Passage {
        text: raw_line(r),
        provenance: Provenance {
            file: table.file.clone(),
            table: table.name.clone(),
            row: RowRef::from_index(i),
            columns: columns.clone(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ingest::headers::table_from_grid;
    use crate::ingest::limits::Limits;
    use crate::schema::infer_table;

    #[test]
    fn passages_carry_provenance_and_skip_missing() {
        let g = vec![
            vec!["name".to_string(), "born".into(), "member".into()],
            vec!["Ada".into(), "10/12/1815".into(), "yes".into()],
            vec!["Bob".into(), "".into(), "no".into()],
        ];
        let t = table_from_grid("p.csv", "p", g, &Limits::default(), &mut Vec::new()).unwrap();
        let s = infer_table(&t);
        let mut v = Verbaliser::with_static(&s, &t);
        let ps: Vec<Passage> = v.passages(&t).collect();
        assert_eq!(ps[0].text, "The value for 'name' is Ada. The value for 'born' is 10 December 1815. The value for 'member' is yes.");
        assert_eq!(ps[1].text, "The value for 'name' is Bob. The value for 'member' is no.");
        assert_eq!(ps[1].provenance.row, RowRef(2));
        assert_eq!(ps[1].provenance.columns, ["name", "member"]);
        assert_eq!(raw_line(&t.rows[0]), "Ada,10/12/1815,yes");
    }
}
