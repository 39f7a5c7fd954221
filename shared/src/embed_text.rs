//! What each row's vector is made from: the columns that carry meaning, short by construction.
//! The passage that is shown, cited and given to the model stays the template's; numbers are found
//! by the exact path and by words (BM25), so embedding them costs time and buys little.
//!
//! Each value is written as the static template writes it ("The value for 'weather' is snow."):
//! measured with `cargo xtask eval-retrieval` (docs/retrieval.md, configuration (e)) against the
//! shorter "weather: snow", which finds rows by name slightly better and ranks rows by meaning worse.

use serde::{Deserialize, Serialize};

use crate::schema::{format_value, is_missing, name_tokens, ColumnSchema, ColumnType, Shape, TableSchema};
use crate::table::Value;

/// Characters per embedded text: about 120 word pieces, well inside the model's 256.
pub const CHUNK_CHARS: usize = 480;
/// Characters of one row that are embedded at most (identity repeated per chunk not counted): a
/// 50,000-character cell must not cost a hundred model calls.
pub const ROW_CHARS: usize = 2_000;
/// A whole-number column with at most this many values is a code (cylinders, engines, quarters).
const CODE_VALUES: u64 = 12;
/// Characters of one value that are embedded at most.
const VALUE_CHARS: usize = 1_000;

/// Why a column is in the embedding text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Names the row (an identifier, a name or title column): repeated in every chunk.
    Names,
    /// A date or time: rows of a series are told apart by it.
    Date,
    /// A category, a flag or a numeric code (a few distinct values).
    Category,
    /// Free text: split into chunks when long.
    Text,
}

/// Why a column is not in the embedding text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Left {
    /// A measurement: the exact path computes with it and BM25 finds its values.
    Measurement,
    /// Nested objects: their fields are in the passage, not in the vector.
    Nested,
    /// Every value is missing.
    Empty,
    /// One value in every row: it tells no row from another.
    Constant,
}

/// One column's part in the embedding text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ColumnChoice {
    pub column: String,
    /// `Ok(role)`: embedded; `Err(why)`: left out.
    pub choice: Result<Role, Left>,
}

/// What a table's vectors are made from, decided once from its schema.
#[derive(Clone, Debug)]
pub struct EmbedText {
    /// Embedded columns: index, role and name (the header path, as the static template names it).
    columns: Vec<(usize, Role, String)>,
    choices: Vec<ColumnChoice>,
    schema: TableSchema,
}

/// Every passage's texts to embed, in passage order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EmbedTexts {
    pub texts: Vec<Vec<String>>,
    pub cut: Cut,
}

impl EmbedTexts {
    /// All texts, one after the other (what the embedder is given).
    pub fn flat(&self) -> Vec<&str> {
        self.texts.iter().flatten().map(String::as_str).collect()
    }

    /// How many texts there are in all.
    pub fn count(&self) -> usize {
        self.texts.iter().map(Vec::len).sum()
    }

    /// Texts per passage, or empty when every passage has one (as `BundleVectors::chunks`).
    pub fn chunks(&self) -> Vec<u32> {
        if self.texts.iter().all(|t| t.len() == 1) {
            Vec::new()
        } else {
            self.texts.iter().map(|t| t.len() as u32).collect()
        }
    }

    /// A hash of every text and where passages start: kept vectors are reused only if it matches.
    pub fn hash(&self) -> u64 {
        let mut h = xxhash_rust::xxh3::Xxh3::new();
        for row in &self.texts {
            h.update(&(row.len() as u32).to_le_bytes());
            for t in row {
                h.update(&(t.len() as u32).to_le_bytes());
                h.update(t.as_bytes());
            }
        }
        h.digest()
    }
}

/// The vector cache's key for one text (model and precision are the cache's namespace).
pub fn text_key(text: &str) -> u128 {
    xxhash_rust::xxh3::xxh3_128(text.as_bytes())
}

/// What one row's texts were cut to, for the note shown when preparing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cut {
    /// Rows whose text was longer than [`ROW_CHARS`]: their tail is not embedded.
    pub rows_cut: usize,
    /// Rows embedded as more than one text.
    pub rows_split: usize,
}

impl EmbedText {
    /// The plan for one table.
    pub fn new(schema: &TableSchema) -> Self {
        let mut columns = Vec::new();
        let mut choices = Vec::new();
        for (i, c) in schema.columns.iter().enumerate() {
            let choice = role(c, schema.rows);
            if let Ok(r) = choice {
                columns.push((i, r, c.name.clone()));
            }
            choices.push(ColumnChoice { column: c.name.clone(), choice });
        }
        // Names first, then dates, categories, text: the identity leads every chunk.
        columns.sort_by_key(|&(i, r, _)| (r, i));
        EmbedText { columns, choices, schema: schema.clone() }
    }

    /// Each column, embedded or not and why (in the table's order).
    pub fn choices(&self) -> &[ColumnChoice] {
        &self.choices
    }

    /// Whether any column carries meaning; if not, the row's passage is embedded, cut to one chunk.
    pub fn is_empty(&self) -> bool {
        self.columns.is_empty()
    }

    /// The texts to embed for one row (at least one), given its passage; `cut` counts what was lost.
    pub fn texts(&self, row: &[Value], passage: &str, cut: &mut Cut) -> Vec<String> {
        if self.columns.is_empty() {
            let text = clip(passage.trim(), CHUNK_CHARS);
            if text.len() < passage.trim().len() {
                cut.rows_cut += 1;
            }
            return vec![text.to_string()];
        }
        let mut identity = Vec::new();
        let mut parts = Vec::new();
        for (i, role, label) in &self.columns {
            let Some(value) = row.get(*i).and_then(|v| render(&self.schema.columns[*i], v)) else {
                continue;
            };
            let part = format!("The value for '{label}' is {}.", clip(&value, VALUE_CHARS));
            if *role == Role::Names {
                identity.push(part);
            } else {
                parts.push(part);
            }
        }
        if identity.is_empty() && parts.is_empty() {
            // Every chosen cell of this row is empty: its passage says what it has.
            return vec![clip(passage.trim(), CHUNK_CHARS).to_string()];
        }
        let identity = identity.join(" ");
        chunks(&identity, &parts, cut)
    }
}

/// Splits `parts` into texts of at most [`CHUNK_CHARS`], each led by the row's identity.
fn chunks(identity: &str, parts: &[String], cut: &mut Cut) -> Vec<String> {
    let room = CHUNK_CHARS.saturating_sub(identity.len() + 2).max(CHUNK_CHARS / 2);
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut spent = 0usize;
    let mut was_cut = false;
    let lead = |s: &str| {
        if identity.is_empty() {
            s.to_string()
        } else if s.is_empty() {
            identity.to_string()
        } else {
            format!("{identity} {s}")
        }
    };
    'parts: for part in parts {
        let mut rest = part.as_str();
        while !rest.is_empty() {
            if spent >= ROW_CHARS {
                was_cut = true;
                break 'parts;
            }
            let free = room.saturating_sub(current.len() + if current.is_empty() { 0 } else { 2 });
            if rest.len() <= free {
                if !current.is_empty() {
                    current.push(' ');
                }
                current.push_str(rest);
                spent += rest.len();
                rest = "";
            } else if !current.is_empty() && rest.len() <= room {
                // The part fits a fresh chunk whole: do not split it.
                out.push(lead(&std::mem::take(&mut current)));
            } else {
                // Longer than a chunk: cut at a word boundary and carry on in the next.
                let take = clip(rest, if current.is_empty() { room } else { free });
                let take = if take.is_empty() { clip(rest, room) } else { take };
                if !current.is_empty() {
                    current.push(' ');
                }
                current.push_str(take);
                spent += take.len();
                rest = rest[take.len()..].trim_start();
                out.push(lead(&std::mem::take(&mut current)));
            }
        }
    }
    if !current.is_empty() || out.is_empty() {
        out.push(lead(&current));
    }
    if was_cut {
        cut.rows_cut += 1;
    }
    if out.len() > 1 {
        cut.rows_split += 1;
    }
    out
}

/// At most `max` bytes of `s`, ending at a word boundary where there is one (and on a char boundary).
fn clip(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    match s[..end].rfind(char::is_whitespace) {
        Some(space) if space > max / 2 => s[..space].trim_end(),
        _ => &s[..end],
    }
}

/// Whether a column's values say what a row is about, and as what.
fn role(c: &ColumnSchema, rows: u64) -> Result<Role, Left> {
    if rows > 0 && c.missing >= rows {
        return Err(Left::Empty);
    }
    if rows > 1 && c.distinct <= 1 {
        return Err(Left::Constant);
    }
    match c.shape {
        Shape::Object | Shape::ListOfObjects => return Err(Left::Nested),
        Shape::List => return Ok(if c.ty == ColumnType::Text || c.ty == ColumnType::Identifier { Role::Category } else { Role::Text }),
        Shape::Scalar => {}
    }
    match c.ty {
        ColumnType::Identifier => Ok(Role::Names),
        ColumnType::Date | ColumnType::Datetime => Ok(Role::Date),
        ColumnType::Boolean => Ok(Role::Category),
        ColumnType::Text if c.categorical => Ok(Role::Category),
        ColumnType::Text if names_rows(c) || (c.distinct * 10 >= rows.max(1) * 9 && short(c)) => Ok(Role::Names),
        ColumnType::Text => Ok(Role::Text),
        // A number with a few values is a code ("8 cylinders", a region code): it groups rows. Days
        // of the month, hours and minutes have more values and are numbers to the model.
        ColumnType::Integer if c.categorical && c.distinct <= CODE_VALUES => Ok(Role::Category),
        ColumnType::Integer | ColumnType::Decimal => Err(Left::Measurement),
    }
}

/// "name", "title", "label" in a column's own name.
fn names_rows(c: &ColumnSchema) -> bool {
    let leaf = c.path.last().map(String::as_str).unwrap_or(&c.name);
    name_tokens(leaf).iter().any(|t| matches!(t.as_str(), "name" | "title" | "label" | "nombre" | "nom" | "titel" | "titulo" | "título"))
}

/// Values a few words long, as names are (free text is not an identity to repeat in every chunk).
fn short(c: &ColumnSchema) -> bool {
    !c.samples.is_empty() && c.samples.iter().all(|s| s.chars().count() <= 60)
}

/// A cell as the template would show it; None when missing.
fn render(c: &ColumnSchema, v: &Value) -> Option<String> {
    match v {
        Value::Text(raw) if !is_missing(raw) => {
            let shown = format_value(c, raw);
            let shown = shown.trim();
            (!shown.is_empty()).then(|| shown.to_string())
        }
        Value::List(items) => {
            let texts: Vec<&str> =
                items.iter().filter_map(Value::as_text).map(str::trim).filter(|s| !s.is_empty() && !is_missing(s)).collect();
            (!texts.is_empty()).then(|| texts.join(", "))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ingest::headers::table_from_grid;
    use crate::ingest::limits::Limits;
    use crate::schema::infer_table;

    fn grid(rows: &[&[&str]]) -> (crate::table::Table, TableSchema) {
        let g: Vec<Vec<String>> = rows.iter().map(|r| r.iter().map(|s| s.to_string()).collect()).collect();
        let t = table_from_grid("t.csv", "t", g, &Limits::default(), &mut Vec::new()).unwrap();
        let s = infer_table(&t);
        (t, s)
    }

    #[test]
    fn names_and_categories_are_embedded_measurements_are_not() {
        let mut rows: Vec<Vec<String>> = vec![vec!["Name".into(), "Origin".into(), "Horsepower".into(), "Weight".into()]];
        for i in 0..40 {
            let origin = ["USA", "Europe", "Japan"][i % 3];
            rows.push(vec![format!("car model {i}"), origin.into(), format!("{}", 60 + i * 3), format!("{}.5", 2000 + i * 37)]);
        }
        let refs: Vec<Vec<&str>> = rows.iter().map(|r| r.iter().map(String::as_str).collect()).collect();
        let refs: Vec<&[&str]> = refs.iter().map(Vec::as_slice).collect();
        let (t, s) = grid(&refs);
        let plan = EmbedText::new(&s);
        let roles: Vec<_> = plan.choices().iter().map(|c| c.choice).collect();
        assert_eq!(roles, [Ok(Role::Names), Ok(Role::Category), Err(Left::Measurement), Err(Left::Measurement)]);
        let mut cut = Cut::default();
        let texts = plan.texts(&t.rows[4], "(the passage)", &mut cut);
        assert_eq!(texts, ["The value for 'Name' is car model 4. The value for 'Origin' is Europe."]);
        assert_eq!(cut, Cut::default());
    }

    #[test]
    fn long_text_is_split_into_chunks_that_keep_the_identity() {
        let long = "word ".repeat(300);
        let (t, s) = grid(&[&["title", "review"], &["First", long.trim()], &["Second", "short review"]]);
        let plan = EmbedText::new(&s);
        let mut cut = Cut::default();
        let texts = plan.texts(&t.rows[0], "", &mut cut);
        assert!(texts.len() >= 3, "{texts:?}");
        assert!(texts.iter().all(|x| x.starts_with("The value for 'title' is First. ") && x.len() <= CHUNK_CHARS), "{texts:?}");
        assert_eq!(cut, Cut { rows_cut: 0, rows_split: 1 });
        assert_eq!(plan.texts(&t.rows[1], "", &mut cut), ["The value for 'title' is Second. The value for 'review' is short review."]);
    }

    #[test]
    fn a_huge_cell_is_cut_and_counted() {
        let huge = "x".repeat(50_000);
        let (t, s) = grid(&[&["id", "note"], &["a1", &huge], &["a2", "fine"]]);
        let plan = EmbedText::new(&s);
        let mut cut = Cut::default();
        let texts = plan.texts(&t.rows[0], "", &mut cut);
        let embedded: usize = texts.iter().map(String::len).sum();
        assert!(embedded <= ROW_CHARS + texts.len() * 20, "{embedded}");
        assert!(texts.iter().all(|x| x.len() <= CHUNK_CHARS));
        assert_eq!(cut.rows_cut, 0, "a 1,000-character value is within the row's budget");
    }

    #[test]
    fn a_table_of_numbers_embeds_its_passage_cut_to_one_chunk() {
        let (t, s) = grid(&[&["x", "y"], &["1.5", "2.25"], &["3.5", "4.75"], &["5.5", "6.5"]]);
        let plan = EmbedText::new(&s);
        assert!(plan.is_empty());
        let passage = "The value for 'x' is 1.5. ".repeat(40);
        let mut cut = Cut::default();
        let texts = plan.texts(&t.rows[0], &passage, &mut cut);
        assert_eq!(texts.len(), 1);
        assert!(texts[0].len() <= CHUNK_CHARS);
        assert_eq!(cut.rows_cut, 1);
    }
}
