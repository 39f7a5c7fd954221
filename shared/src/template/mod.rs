//! Cloze templates: a small `{{placeholder}}` language with list sections, validated against a
//! table's schema and filled without ever re-reading cell text as template (injection-safe).
//!
//! Syntax: `{{Name}}` a field (header paths as shown: `{{Institution > Bank}}`; quote odd names:
//! `{{"a|b"}}`); `{{#Name}}…{{/Name}}` repeats for each list item, or shows once when the field has
//! a value; `{{#Name|; }}` joins items with "; "; `{{^Name}}…{{/Name}}` shows when it has none;
//! `{{.}}` is the current item of a list of plain values; `\{{` is a literal "{{".
//! Hand-written: mustache crates neither report line/column errors nor bind to a typed schema.

mod compile;
mod error;
mod generate;
mod parse;

pub use compile::{compile, Compiled};
pub use error::TemplateError;
pub use generate::{assemble, generate_static, quote_name, static_clauses, Clause};
pub use parse::{parse, Node, Span, Template, MAX_SECTION_DEPTH};

/// Splits a template file for several tables: `=== table: NAME ===` lines start each one.
pub fn split_set(src: &str) -> Vec<(Option<String>, String)> {
    let mut out: Vec<(Option<String>, String)> = Vec::new();
    let mut current: (Option<String>, String) = (None, String::new());
    for line in src.split_inclusive('\n') {
        let t = line.trim();
        if let Some(name) = t.strip_prefix("=== table:").and_then(|r| r.strip_suffix("===")) {
            if current.0.is_some() || !current.1.trim().is_empty() {
                out.push(std::mem::take(&mut current));
            }
            current.0 = Some(name.trim().to_string());
        } else {
            current.1.push_str(line);
        }
    }
    if current.0.is_some() || !current.1.trim().is_empty() {
        out.push(current);
    }
    for (_, body) in &mut out {
        let trimmed = body.trim_end_matches(['\n', '\r']).to_string();
        *body = trimmed;
    }
    out
}

/// Joins per-table templates into one file that `split_set` reads back.
pub fn join_set(items: &[(String, String)]) -> String {
    if items.len() == 1 {
        return format!("{}\n", items[0].1);
    }
    items.iter().map(|(n, t)| format!("=== table: {n} ===\n{t}\n")).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests;
