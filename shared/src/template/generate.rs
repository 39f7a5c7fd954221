//! The static cloze template, generated from a table's structure (verbaliser paper's form),
//! recursing into nested lists and objects.

use crate::schema::{ColumnSchema, Shape};
use crate::table::TableContext;

/// A name as a placeholder: bare when safe, quoted when it holds braces, pipes, quotes or leading marks.
pub fn quote_name(name: &str) -> String {
    let risky =
        name.is_empty() || name.trim() != name || name.contains(['{', '}', '|', '"', '\\', '\n']) || name.starts_with(['#', '^', '/', '.']);
    if risky {
        let escaped = name.replace('\\', "\\\\").replace('"', "\\\"");
        format!("\"{escaped}\"")
    } else {
        name.to_string()
    }
}

/// Literal text in a template: `{{` must not open a tag, and `}}` must not look like a stray close.
fn literal(text: &str) -> String {
    text.replace("{{", "\\{{").replace("}}", "\\}}").replace('\n', " ")
}

fn field(name: &str) -> String {
    format!("{{{{{}}}}}", quote_name(name))
}

fn open(name: &str, sep: &str) -> String {
    if sep.is_empty() {
        format!("{{{{#{}}}}}", quote_name(name))
    } else {
        format!("{{{{#{}|{sep}}}}}", quote_name(name))
    }
}

fn close(name: &str) -> String {
    format!("{{{{/{}}}}}", quote_name(name))
}

/// "Building: {{Building}}, Room: {{Room}}" for the fields of one nested item (recursively).
fn item_fields(fields: &[ColumnSchema]) -> String {
    fields
        .iter()
        .map(|f| {
            let label = literal(&f.name);
            match f.shape {
                Shape::Scalar => format!("{label}: {}", field(&f.name)),
                Shape::List => format!("{label}: [{}{{{{.}}}}{}]", open(&f.name, ", "), close(&f.name)),
                Shape::ListOfObjects => format!("{label}: [{}{}{}]", open(&f.name, "; "), item_fields(&f.fields), close(&f.name)),
                Shape::Object => format!("{label}: ({}{}{})", open(&f.name, ""), item_fields(&f.fields), close(&f.name)),
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// One sentence of the static template: refinement rewrites sentences of single fields and keeps
/// the structure (sections, lists) as generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clause {
    /// Template text of the sentence, without its section wrapper.
    pub text: String,
    /// The scalar field the sentence states, when it states exactly one.
    pub field: Option<String>,
    /// Shown only when the field has a value (`{{#Name}} …{{/Name}}`).
    pub optional: bool,
}

/// One sentence per column; columns with gaps sit in a section so missing values are not spelled out.
pub fn generate_static(columns: &[ColumnSchema], context: Option<&TableContext>) -> String {
    assemble(&static_clauses(columns, context))
}

/// The static template's sentences, in order (the caption first, when there is one).
pub fn static_clauses(columns: &[ColumnSchema], context: Option<&TableContext>) -> Vec<Clause> {
    let mut clauses = Vec::new();
    if let Some(caption) = context.and_then(|c| c.caption.as_deref()) {
        let c = literal(caption.trim());
        clauses.push(Clause { text: if c.ends_with('.') { c } else { format!("{c}.") }, field: None, optional: false });
    }
    for c in columns {
        let label = literal(&c.name);
        let text = match c.shape {
            Shape::Scalar => format!("The value for '{label}' is {}.", field(&c.name)),
            Shape::List => format!("The field '{label}' is a list of: {}{{{{.}}}}{}.", open(&c.name, ", "), close(&c.name)),
            Shape::ListOfObjects => format!(
                "The field '{label}' is a list where each item contains: {}{}{}.",
                open(&c.name, "; "),
                item_fields(&c.fields),
                close(&c.name)
            ),
            Shape::Object => format!("The field '{label}' contains: {}{}{}.", open(&c.name, ""), item_fields(&c.fields), close(&c.name)),
        };
        let scalar = c.shape == Shape::Scalar;
        clauses.push(Clause { text, field: scalar.then(|| c.name.clone()), optional: c.missing > 0 && scalar });
    }
    clauses
}

/// Sentences → template text; an optional sentence's leading space sits inside its section, so a
/// skipped sentence leaves no gap.
pub fn assemble(clauses: &[Clause]) -> String {
    let mut out = String::new();
    for (i, c) in clauses.iter().enumerate() {
        let spaced = if i == 0 { c.text.clone() } else { format!(" {}", c.text) };
        match (&c.field, c.optional) {
            (Some(name), true) => out.push_str(&format!("{}{spaced}{}", open(name, ""), close(name))),
            _ => out.push_str(&spaced),
        }
    }
    out
}
