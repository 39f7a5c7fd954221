//! The static cloze template, generated from a table's structure (verbaliser paper's form),
//! recursing into nested lists and objects.

use crate::schema::{ColumnSchema, Shape};
use crate::table::TableContext;

/// A name as a placeholder: bare when safe, quoted when it holds braces, pipes, quotes or leading marks.
pub fn quote_name(name: &str) -> String {
    let risky = name.is_empty()
        || name.trim() != name
        || name.contains(['{', '}', '|', '"', '\\', '\n'])
        || name.starts_with(['#', '^', '/', '.']);
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

/// One sentence per column; columns with gaps sit in a section so missing values are not spelled out.
pub fn generate_static(columns: &[ColumnSchema], context: Option<&TableContext>) -> String {
    let mut sentences = Vec::new();
    if let Some(caption) = context.and_then(|c| c.caption.as_deref()) {
        let c = literal(caption.trim());
        sentences.push(if c.ends_with('.') { c } else { format!("{c}.") });
    }
    for c in columns {
        let label = literal(&c.name);
        let sentence = match c.shape {
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
        let optional = c.missing > 0 && c.shape == Shape::Scalar;
        // The space before a sentence sits inside its section, so a skipped sentence leaves no gap.
        let spaced = if sentences.is_empty() { sentence } else { format!(" {sentence}") };
        sentences.push(if optional { format!("{}{spaced}{}", open(&c.name, ""), close(&c.name)) } else { spaced });
    }
    sentences.concat()
}
