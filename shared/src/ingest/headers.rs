//! Header understanding for grids (CSV, sheets, Word tables): multi-row headers become header paths,
//! blank-repeated index cells and label-only section rows become row paths, and tables whose first
//! column carries the field labels are detected for transposition.
//!
//! Hand-written: no crate reads layout like this; the rules follow the hierarchical-headers paper's
//! four table types (simple/complex structure × with/without domain hierarchy).

use std::collections::{HashMap, HashSet};

use super::limits::Limits;
use crate::error::{IngestError, Location, Warning};
use crate::schema::values::{is_missing, parse_date, parse_number};
use crate::schema::DateOrder;
use crate::table::{ColumnHeader, Table, Value};

/// The layout of a grid: decided once from a prefix, applied row by row (so large CSVs stream).
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub header_rows: usize,
    pub columns: Vec<ColumnHeader>,
    /// Leading label columns whose blank cells repeat the label above.
    pub fill_down: Vec<usize>,
    /// Rows holding only a label in column 0 open a section: later labels become "Section > Label".
    pub sections: bool,
    pub transpose_suggested: bool,
}

/// What `Layout::apply` carries from row to row.
#[derive(Clone, Debug, Default)]
pub struct RowState {
    last: Vec<String>,
    /// (indent, label) of the open sections.
    stack: Vec<(usize, String)>,
    seen_data_since_section: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Kind {
    Empty,
    Number,
    Date,
    Text,
}

fn kind(cell: &str) -> Kind {
    if is_missing(cell) {
        Kind::Empty
    } else if parse_number(cell, false).is_some() || parse_number(cell, true).is_some() {
        Kind::Number
    } else if parse_date(cell, DateOrder::DayMonth).is_some() {
        Kind::Date
    } else {
        Kind::Text
    }
}

fn blank(s: &str) -> bool {
    s.trim().is_empty()
}

impl Layout {
    /// Decides the layout from the first rows of a grid (header rows first).
    pub fn detect(grid: &[Vec<String>], file: &str, warnings: &mut Vec<Warning>) -> Layout {
        let width = grid.iter().map(Vec::len).max().unwrap_or(0);
        let cell = |r: usize, c: usize| grid.get(r).and_then(|row| row.get(c)).map(String::as_str).unwrap_or("");
        // 1. Header rows: a row below a header row with spans (blank cells after a label) is a header
        //    row too when it fills those spans and holds no numbers.
        let mut h = 1;
        while h + 1 < grid.len() {
            let prev = &grid[h - 1];
            // Spans: blank cells after a label, or a label repeated from its left neighbour (spreadsheet
            // and Word readers expand merged cells that way).
            let repeated = |c: usize| !blank(cell(h - 1, c)) && cell(h - 1, c).trim() == cell(h - 1, c - 1).trim();
            let gaps: Vec<usize> =
                (1..width).filter(|&c| (blank(cell(h - 1, c)) && prev.iter().take(c).any(|p| !blank(p))) || repeated(c)).collect();
            let leading_gap = blank(cell(h - 1, 0)) && (1..width).any(|c| !blank(cell(h - 1, c)));
            if gaps.is_empty() && !leading_gap {
                break;
            }
            let row_kinds: Vec<Kind> = (0..width).map(|c| kind(cell(h, c))).collect();
            // Lower header rows often hold years ("2020", "2021" under "Loans"); other numbers mean data,
            // unless the row above is mostly spans (at most half its cells labelled).
            let labels_above = (0..width).filter(|&c| !blank(cell(h - 1, c)) && (c == 0 || !repeated(c))).count();
            let spans_above = labels_above * 2 <= width;
            let yearish =
                |c: usize| cell(h, c).trim().len() == 4 && cell(h, c).trim().parse::<u32>().is_ok_and(|y| (1000..=2999).contains(&y));
            let no_numbers = (0..width).all(|c| match row_kinds[c] {
                Kind::Empty | Kind::Text => true,
                Kind::Number => yearish(c) || spans_above,
                Kind::Date => spans_above,
            });
            let fills_gaps = !gaps.is_empty() && gaps.iter().all(|&c| !blank(cell(h, c)));
            let fills_corner = leading_gap && !blank(cell(h, 0));
            if no_numbers && (fills_gaps || fills_corner) {
                h += 1;
            } else {
                break;
            }
        }
        let h = h.min(grid.len());
        // 2. Header paths: spans repeat to the right in every header row but the last.
        let mut paths: Vec<Vec<String>> = vec![Vec::new(); width];
        for r in 0..h {
            let mut carry: Option<String> = None;
            for (c, path) in paths.iter_mut().enumerate() {
                let v = cell(r, c).trim();
                let label = if !v.is_empty() {
                    carry = Some(v.to_string());
                    Some(v.to_string())
                } else if r + 1 < h {
                    carry.clone()
                } else {
                    None
                };
                if let Some(l) = label {
                    if path.last() != Some(&l) {
                        path.push(l);
                    }
                }
            }
        }
        let mut seen: HashSet<String> = HashSet::new();
        // The next suffix to try per repeated name, so n copies of one name cost O(n), not O(n²).
        let mut next_suffix: HashMap<String, usize> = HashMap::new();
        let mut columns = Vec::with_capacity(width);
        for (c, mut path) in paths.into_iter().enumerate() {
            if path.is_empty() {
                let name = format!("column_{}", c + 1);
                warnings.push(Warning::new(
                    Location::file(file).row(h as u64).column(name.clone()),
                    format!("column {} has no header; named it {name:?}", c + 1),
                ));
                path = vec![name];
            }
            let mut header = ColumnHeader { path };
            if !seen.insert(header.name()) {
                let base = header.name();
                let k = next_suffix.entry(base.clone()).or_insert(2);
                while seen.contains(&format!("{base} ({k})")) {
                    *k += 1;
                }
                let taken = *k;
                *k += 1;
                let k = taken;
                let renamed = format!("{base} ({k})");
                warnings.push(Warning::new(
                    Location::file(file).column(base.clone()),
                    format!("duplicate column name {base:?} (column {}); renamed it {renamed:?}", c + 1),
                ));
                if let Some(last) = header.path.last_mut() {
                    *last = format!("{last} ({k})");
                }
                seen.insert(header.name());
            }
            columns.push(header);
        }
        let data = &grid[h..];
        // 3. Section rows: a label in column 0 and nothing else, followed by a data row.
        let is_section = |row: &Vec<String>| width >= 2 && section_row(row);
        let section_rows =
            data.windows(2).filter(|w| is_section(&w[0]) && !is_section(&w[1]) || is_section(&w[0]) && is_section(&w[1])).count();
        let sections = section_rows > 0 && data.iter().any(|r| !is_section(r));
        // 4. Fill-down: leading text label columns with blank cells inside groups.
        let mut fill_down = Vec::new();
        for c in 0..width.saturating_sub(1).min(3) {
            if c > 0 && !fill_down.contains(&(c - 1)) {
                break;
            }
            let rows: Vec<&Vec<String>> = data.iter().filter(|r| !is_section(r)).collect();
            let blanks = rows.iter().filter(|r| blank(r.get(c).map(String::as_str).unwrap_or(""))).count();
            let labels: Vec<&str> = rows.iter().filter_map(|r| r.get(c).map(String::as_str)).filter(|s| !blank(s)).collect();
            let texty = labels.iter().all(|s| kind(s) == Kind::Text);
            let first_filled = rows.first().is_some_and(|r| !blank(r.get(c).map(String::as_str).unwrap_or("")));
            let rest_filled =
                rows.iter().filter(|r| blank(r.get(c).map(String::as_str).unwrap_or(""))).all(|r| r.iter().skip(c + 1).any(|x| !blank(x)));
            if blanks > 0 && texty && first_filled && rest_filled && !labels.is_empty() {
                fill_down.push(c);
            } else {
                break;
            }
        }
        let transpose_suggested = h == 1 && !sections && fill_down.is_empty() && suggests_transpose(grid, width);
        Layout { header_rows: h, columns, fill_down, sections, transpose_suggested }
    }

    /// Applies the layout to one data row; `None` when the row only opened a section (or is empty).
    pub fn apply(&self, mut row: Vec<String>, st: &mut RowState) -> Option<Vec<Value>> {
        let width = self.columns.len();
        row.resize(width, String::new());
        if row.iter().all(|c| blank(c)) {
            return None;
        }
        if self.sections && section_row(&row) {
            let indent = row[0].len() - row[0].trim_start().len();
            if st.seen_data_since_section && indent == 0 {
                st.stack.clear();
            }
            st.stack.retain(|(i, _)| *i < indent);
            st.stack.push((indent, row[0].trim().to_string()));
            st.seen_data_since_section = false;
            return None;
        }
        st.last.resize(width, String::new());
        for &c in &self.fill_down {
            if blank(&row[c]) {
                row[c] = st.last[c].clone();
            } else {
                st.last[c] = row[c].trim().to_string();
                // A new group in column c restarts the groups to its right.
                for &d in self.fill_down.iter().filter(|&&d| d > c) {
                    st.last[d].clear();
                }
            }
        }
        if self.sections && !st.stack.is_empty() && !blank(&row[0]) {
            st.seen_data_since_section = true;
            let mut path: Vec<&str> = st.stack.iter().map(|(_, l)| l.as_str()).collect();
            let label = row[0].trim().to_string();
            path.push(&label);
            row[0] = path.join(ColumnHeader::SEPARATOR);
        }
        Some(row.into_iter().map(|c| if c.is_empty() { Value::Null } else { Value::Text(c) }).collect())
    }
}

/// A label in column 0 and nothing else. A number or a date there is a data row whose other
/// cells are missing ("19581011," in a weekly series), never a section's title.
fn section_row(row: &[String]) -> bool {
    row.first().is_some_and(|c| kind(c) == Kind::Text) && row.iter().skip(1).all(|c| blank(c))
}

/// Field labels down the first column: every row is one type while the columns mix types.
fn suggests_transpose(grid: &[Vec<String>], width: usize) -> bool {
    if width < 2 || grid.len() < 3 {
        return false;
    }
    let data = &grid[1..];
    let labels: Vec<&str> = data.iter().map(|r| r.first().map(String::as_str).unwrap_or("")).collect();
    let unique: HashSet<&str> = labels.iter().copied().collect();
    if unique.len() != labels.len() || labels.iter().any(|l| kind(l) != Kind::Text) {
        return false;
    }
    let uniform = |cells: Vec<Kind>| -> Option<Kind> {
        let mut it = cells.into_iter().filter(|k| *k != Kind::Empty);
        let first = it.next()?;
        it.all(|k| k == first).then_some(first)
    };
    let row_kinds: Vec<Option<Kind>> = data.iter().map(|r| uniform(r.iter().skip(1).map(|c| kind(c)).collect())).collect();
    let rows_uniform = row_kinds.iter().all(Option::is_some);
    let distinct_row_kinds: HashSet<Kind> = row_kinds.iter().flatten().copied().collect();
    let cols_mixed = (1..width).all(|c| uniform(data.iter().map(|r| kind(r.get(c).map(String::as_str).unwrap_or(""))).collect()).is_none());
    rows_uniform && distinct_row_kinds.len() >= 2 && cols_mixed
}

/// Turns a grid so its first column's labels become the header row.
pub fn transpose_grid(grid: &[Vec<String>]) -> Vec<Vec<String>> {
    let width = grid.iter().map(Vec::len).max().unwrap_or(0);
    (0..width).map(|c| grid.iter().map(|r| r.get(c).cloned().unwrap_or_default()).collect()).collect()
}

/// Turns a grid of strings (header rows first) into a `Table`, transposing it when the layout says so.
pub fn table_from_grid(
    file: &str,
    name: &str,
    grid: Vec<Vec<String>>,
    limits: &Limits,
    warnings: &mut Vec<Warning>,
) -> Result<Table, IngestError> {
    let mut grid: Vec<Vec<String>> = grid.into_iter().filter(|r| r.iter().any(|c| !blank(c))).collect();
    if grid.is_empty() {
        return Err(IngestError::NoTable { file: file.to_string(), reason: "no non-empty rows".into() });
    }
    let width = grid.iter().map(Vec::len).max().unwrap_or(0);
    if width > limits.max_columns {
        let row = grid.iter().position(|r| r.len() == width).unwrap_or(0) as u64 + 1;
        return Err(IngestError::TooLarge {
            at: Location::file(file).row(row),
            message: format!("{width} columns; at most {} are supported", limits.max_columns),
        });
    }
    // Trailing columns that are empty everywhere are spreadsheet noise.
    let used = (0..width).rev().find(|&c| grid.iter().any(|r| r.get(c).is_some_and(|v| !blank(v)))).map_or(0, |c| c + 1);
    for r in &mut grid {
        r.truncate(used);
    }
    let mut layout = Layout::detect(&grid, file, warnings);
    let mut transposed = false;
    if layout.transpose_suggested {
        grid = transpose_grid(&grid);
        let mut ignored = Vec::new();
        layout = Layout::detect(&grid, file, &mut ignored);
        warnings.extend(ignored);
        layout.transpose_suggested = false;
        transposed = true;
    }
    Ok(build(file, name, grid, layout, transposed, warnings))
}

fn build(file: &str, name: &str, grid: Vec<Vec<String>>, layout: Layout, transposed: bool, warnings: &mut Vec<Warning>) -> Table {
    let mut st = RowState::default();
    let rows: Vec<Vec<Value>> = grid.into_iter().skip(layout.header_rows).filter_map(|r| layout.apply(r, &mut st)).collect();
    if rows.is_empty() {
        warnings.push(Warning::new(Location::file(file), format!("table {name:?} has a header but no data rows")));
    }
    Table {
        name: name.to_string(),
        file: file.to_string(),
        columns: layout.columns,
        rows,
        context: None,
        transposed,
        transpose_suggested: transposed,
    }
}

/// The user's transpose toggle: turns a grid-born table the other way.
pub fn toggle_transpose(table: &Table) -> Table {
    let mut grid = vec![table.column_names()];
    grid.extend(table.rows.iter().map(|r| r.iter().map(|v| v.as_text().unwrap_or("").to_string()).collect()));
    let turned = transpose_grid(&grid);
    let mut ignored = Vec::new();
    let mut layout = Layout::detect(&turned, &table.file, &mut ignored);
    layout.transpose_suggested = false;
    let mut t = build(&table.file, &table.name, turned, layout, !table.transposed, &mut ignored);
    t.context = table.context.clone();
    t.transpose_suggested = table.transpose_suggested;
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&[&str]]) -> Vec<Vec<String>> {
        rows.iter().map(|r| r.iter().map(|c| c.to_string()).collect()).collect()
    }

    fn load(rows: &[&[&str]]) -> (Table, Vec<Warning>) {
        let mut w = Vec::new();
        let t = table_from_grid("t.csv", "t", grid(rows), &Limits::default(), &mut w).unwrap();
        (t, w)
    }

    #[test]
    fn simple_header() {
        let (t, w) = load(&[&["name", "age"], &["Ada", "36"], &["Bob", "41"]]);
        assert_eq!(t.column_names(), ["name", "age"]);
        assert_eq!(t.rows.len(), 2);
        assert!(w.is_empty());
    }

    #[test]
    fn two_row_header_becomes_paths() {
        let (t, _) =
            load(&[&["", "Institution", "", "Other"], &["Year", "Credit Guarantee Fund", "Bank", "Total"], &["2020", "5", "7", "12"]]);
        assert_eq!(t.column_names(), ["Year", "Institution > Credit Guarantee Fund", "Institution > Bank", "Other > Total"]);
        assert_eq!(t.rows.len(), 1);
    }

    #[test]
    fn expanded_merged_cells_become_paths() {
        let (t, _) = load(&[
            &["date", "Temperature", "Temperature", "wind"],
            &["date", "max", "min", "wind"],
            &["2012-01-01", "12.8", "5.0", "4.7"],
        ]);
        assert_eq!(t.column_names(), ["date", "Temperature > max", "Temperature > min", "wind"]);
        assert_eq!(t.rows.len(), 1);
    }

    #[test]
    fn fill_down_and_sections() {
        let (t, _) = load(&[&["Region", "City", "Pop"], &["Europe", "Paris", "2"], &["", "Berlin", "3"], &["Asia", "Tokyo", "14"]]);
        assert_eq!(t.rows[1][0], Value::Text("Europe".into()));
        let (t, _) = load(&[
            &["Item", "2020", "2021"],
            &["Institution", "", ""],
            &["Credit Guarantee Fund", "5", "6"],
            &["Bank", "7", "8"],
            &["Households", "", ""],
            &["Deposits", "1", "2"],
        ]);
        let labels: Vec<&str> = t.rows.iter().map(|r| r[0].as_text().unwrap()).collect();
        assert_eq!(labels, ["Institution > Credit Guarantee Fund", "Institution > Bank", "Households > Deposits"]);
    }

    #[test]
    fn transposed_tables_are_detected_and_turned() {
        let (t, _) = load(&[
            &["Field", "Ada", "Jaume", "Eva"],
            &["Age", "50", "62", "41"],
            &["Party", "BComú", "PSC", "ERC"],
            &["Born", "1974-03-03", "1960-01-01", "1983-05-05"],
        ]);
        assert!(t.transposed);
        assert_eq!(t.column_names(), ["Field", "Age", "Party", "Born"]);
        assert_eq!(t.rows.len(), 3);
        let back = toggle_transpose(&t);
        assert!(!back.transposed);
        assert_eq!(back.column_names(), ["Field", "Ada", "Jaume", "Eva"]);
        let (t, _) = load(&[&["Country", "2019", "2020"], &["ES", "1", "2"], &["DE", "3", "4"]]);
        assert!(!t.transposed);
    }

    #[test]
    fn duplicate_and_empty_names_are_repaired_with_warnings() {
        let (t, w) = load(&[&["a", "a", ""], &["1", "2", "3"]]);
        assert_eq!(t.column_names(), ["a", "a (2)", "column_3"]);
        assert_eq!(w.len(), 2);
        // A name that is already taken by a later suffix is skipped, not repeated.
        let (t, _) = load(&[&["a", "a (2)", "a", "a"], &["1", "2", "3", "4"]]);
        assert_eq!(t.column_names(), ["a", "a (2)", "a (3)", "a (4)"]);
    }

    #[test]
    fn many_duplicate_names_are_renamed_in_linear_time() {
        // Issue 20: 16,000 columns all named "a" (a 64 KB file) took 11.7 s to inspect.
        let n = 16_000;
        let header = vec!["a".to_string(); n];
        let row = vec!["1".to_string(); n];
        let started = std::time::Instant::now();
        let mut w = Vec::new();
        let t = table_from_grid("wide.csv", "wide", vec![header, row], &Limits::default(), &mut w).unwrap();
        let took = started.elapsed();
        assert_eq!(t.columns.len(), n);
        assert_eq!(t.columns[n - 1].name(), format!("a ({n})"));
        assert_eq!(w.len(), n - 1);
        // Quadratic renaming took seconds here even optimised; linear takes milliseconds.
        assert!(took < std::time::Duration::from_secs(1), "renaming {n} duplicate names took {took:?}");
    }
}
