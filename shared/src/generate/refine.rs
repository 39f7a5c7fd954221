//! Template refinement: one LLM call per table structure rewrites the static template's
//! one-field sentences as natural prose. A sentence is accepted only if it keeps its placeholder
//! and invents none; the rest are asked once more, then keep their static text, with a note why.
//! Sections and lists keep the generated structure, so optional fields still vanish cleanly.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::schema::ColumnSchema;
use crate::table::{TableContext, Value};
use crate::template::{assemble, compile, parse, static_clauses, Clause, Node, Template, TemplateError};

use super::wire::ChatMessage;
use super::GenerateError;

/// The result the user sees, edits and accepts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Refined {
    /// The template to show (refined sentences where accepted, static ones elsewhere).
    pub template: String,
    /// The static template it started from.
    pub original: String,
    /// How many sentences the model rewrote acceptably, out of how many it was asked for.
    pub refined: usize,
    pub asked: usize,
    /// True when nothing was accepted and the static template is returned as it was.
    pub fell_back: bool,
    /// Why sentences were rejected or the backend failed, for the user.
    pub notes: Vec<String>,
}

/// What a placeholder is, for the keep-every-placeholder check.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Placeholder {
    Field(String),
    Section { name: String, inverted: bool },
    Current,
}

/// Every placeholder of a template, nested ones included.
pub fn placeholders(template: &Template) -> BTreeSet<Placeholder> {
    fn walk(nodes: &[Node], out: &mut BTreeSet<Placeholder>) {
        for n in nodes {
            match n {
                Node::Text(_) => {}
                Node::Field { name, .. } => {
                    out.insert(Placeholder::Field(name.clone()));
                }
                Node::Current { .. } => {
                    out.insert(Placeholder::Current);
                }
                Node::Section { name, inverted, body, .. } => {
                    out.insert(Placeholder::Section { name: name.clone(), inverted: *inverted });
                    walk(body, out);
                }
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(&template.nodes, &mut out);
    out
}

/// Checks that `candidate` parses, fits the schema, and has exactly the placeholders of `original`.
pub fn check_same_placeholders(original: &str, candidate: &str, columns: &[ColumnSchema]) -> Result<(), String> {
    let a = parse(original).map_err(|e| format!("the original template does not parse: {e}"))?;
    let b = parse(candidate).map_err(|e| format!("it does not parse: {e}"))?;
    compile(&b, columns).map_err(|e: TemplateError| format!("it does not fit the table: {e}"))?;
    let (pa, pb) = (placeholders(&a), placeholders(&b));
    if let Some(missing) = pa.difference(&pb).next() {
        return Err(format!("it drops the placeholder {}", show(missing)));
    }
    if let Some(invented) = pb.difference(&pa).next() {
        return Err(format!("it invents the placeholder {}", show(invented)));
    }
    Ok(())
}

fn show(p: &Placeholder) -> String {
    match p {
        Placeholder::Field(n) => format!("{{{{{n}}}}}"),
        Placeholder::Section { name, inverted } => format!("{{{{{}{name}}}}}", if *inverted { '^' } else { '#' }),
        Placeholder::Current => "{{.}}".into(),
    }
}

/// A refinement in progress: `request` gives the next prompt (none when finished), `reply` takes
/// the backend's answer. Sans I/O, so the CLI (blocking) and the edge (async) share it.
pub struct Refinement {
    columns: Vec<ColumnSchema>,
    clauses: Vec<Clause>,
    original: String,
    table: String,
    /// Rendered with the first row, shown to the model as an example of each sentence.
    examples: Vec<Option<String>>,
    /// Clause indices still to rewrite.
    todo: Vec<usize>,
    attempts: u8,
    refined: usize,
    asked: usize,
    notes: Vec<String>,
}

const MAX_ATTEMPTS: u8 = 2;

impl Refinement {
    pub fn new(table: &str, columns: &[ColumnSchema], context: Option<&TableContext>, first_row: Option<&[Value]>) -> Refinement {
        let clauses = static_clauses(columns, context);
        let original = assemble(&clauses);
        let examples = clauses
            .iter()
            .map(|c| {
                let row = first_row?;
                let t = parse(&c.text).ok()?;
                let text = compile(&t, columns).ok()?.render(row);
                (!text.trim().is_empty()).then_some(text)
            })
            .collect();
        let todo: Vec<usize> = clauses.iter().enumerate().filter(|(_, c)| c.field.is_some()).map(|(i, _)| i).collect();
        let asked = todo.len();
        Refinement { columns: columns.to_vec(), clauses, original, table: table.to_string(), examples, todo, attempts: 0, refined: 0, asked, notes: Vec::new() }
    }

    /// The messages for the next call, or `None` when finished.
    pub fn request(&self) -> Option<Vec<ChatMessage>> {
        if self.todo.is_empty() || self.attempts >= MAX_ATTEMPTS {
            return None;
        }
        let mut lines = String::new();
        for (n, &i) in self.todo.iter().enumerate() {
            let c = &self.clauses[i];
            lines.push_str(&format!("{}. {}", n + 1, c.text));
            if let Some(e) = &self.examples[i] {
                lines.push_str(&format!("   (for example: {})", e.replace('\n', " ")));
            }
            lines.push('\n');
        }
        let user = format!(
            "Each numbered sentence below describes one field of a row of the table \"{}\". Rewrite each sentence as short, \
natural English. Keep the placeholder in double curly braces exactly as written, and add no other curly braces.\n\n\
Example input:\n1. The value for 'birth_city' is {{{{birth_city}}}}.\n2. The value for 'Weight_in_lbs' is {{{{Weight_in_lbs}}}}.\n\
Example output:\n1. It was born in {{{{birth_city}}}}.\n2. It weighs {{{{Weight_in_lbs}}}} pounds.\n\n\
Sentences:\n{lines}\nAnswer with the rewritten sentences only, one per line, numbered the same way.",
            self.table.replace(['"', '\n'], " ")
        );
        Some(vec![
            ChatMessage::system("You rewrite template sentences into natural English. You keep every placeholder written in double curly braces exactly as it is."),
            ChatMessage::user(user),
        ])
    }

    /// Takes the backend's reply (or its failure) to the last `request`.
    pub fn reply(&mut self, reply: Result<String, GenerateError>) {
        self.attempts += 1;
        let text = match reply {
            Ok(t) => t,
            Err(e) => {
                self.notes.push(format!("the language model could not be reached: {e}"));
                self.attempts = MAX_ATTEMPTS;
                return;
            }
        };
        let numbered = numbered_lines(&text);
        let mut still = Vec::new();
        for (n, &i) in self.todo.iter().enumerate() {
            let field = self.clauses[i].field.clone().unwrap_or_default();
            let verdict = match numbered.iter().find(|(k, _)| *k == n + 1) {
                None => Err("the model gave no sentence for it".to_string()),
                Some((_, line)) => self.check_clause(i, line),
            };
            match verdict {
                Ok(line) => {
                    self.clauses[i].text = line;
                    self.refined += 1;
                }
                Err(why) => {
                    if self.attempts >= MAX_ATTEMPTS {
                        self.notes.push(format!("kept the static sentence for '{field}': {why}"));
                    }
                    still.push(i);
                }
            }
        }
        self.todo = still;
    }

    /// A rewritten sentence is kept only if, alone, it has exactly its field's placeholder.
    fn check_clause(&self, i: usize, line: &str) -> Result<String, String> {
        let line = line.trim().trim_matches('"').trim();
        if line.is_empty() || line.len() > 400 {
            return Err("the sentence is empty or too long".into());
        }
        let line = if line.ends_with(['.', '!', '?']) { line.to_string() } else { format!("{line}.") };
        check_same_placeholders(&self.clauses[i].text, &line, &self.columns)?;
        Ok(line)
    }

    pub fn finish(mut self) -> Refined {
        if self.todo.is_empty() && self.refined == 0 && self.asked > 0 {
            self.notes.push("no sentence was refined".into());
        }
        let template = assemble(&self.clauses);
        // The whole template is checked once more: it must keep every placeholder of the static one.
        let (template, fell_back) = match check_same_placeholders(&self.original, &template, &self.columns) {
            Ok(()) if self.refined > 0 => (template, false),
            Ok(()) => (self.original.clone(), true),
            Err(why) => {
                self.notes.push(format!("the refined template was rejected ({why}); showing the static template"));
                (self.original.clone(), true)
            }
        };
        if fell_back && self.notes.is_empty() {
            self.notes.push("the static template is shown as it was".into());
        }
        Refined { template, original: self.original, refined: if fell_back { 0 } else { self.refined }, asked: self.asked, fell_back, notes: self.notes }
    }
}

/// "3. text" / "3) text" lines of a reply.
fn numbered_lines(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .filter_map(|l| {
            let l = l.trim().trim_start_matches(['-', '*', ' ']);
            let digits: String = l.chars().take_while(char::is_ascii_digit).collect();
            let n: usize = digits.parse().ok()?;
            let rest = l[digits.len()..].trim_start_matches(['.', ')', ':']).trim();
            Some((n, rest.to_string()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::infer_table;
    use crate::ingest::csv::read_csv;
    use crate::ingest::Limits;
    use crate::table::Table;

    fn table() -> Table {
        let csv = "Name,Cylinders,Horsepower\nford torino,8,\nvw rabbit,4,70\n";
        read_csv("cars.csv", csv.as_bytes(), &Limits::default(), &mut Vec::new()).unwrap()
    }

    #[test]
    fn accepts_kept_placeholders_and_retries_the_rest_once() {
        let t = table();
        let s = infer_table(&t);
        let mut r = Refinement::new("cars", &s.columns, None, t.rows.first().map(Vec::as_slice));
        let ask = r.request().unwrap();
        assert!(ask[1].content.contains("(for example: The value for 'Name' is ford torino.)"), "{}", ask[1].content);
        r.reply(Ok("1. The car is the {{Name}}.\n2. It has {{Cylinders}} cylinders and {{Weight}} pounds.\n3. It makes {{Horsepower}} horsepower".into()));
        assert_eq!(r.todo.len(), 1, "the invented {{Weight}} is rejected");
        let again = r.request().unwrap();
        assert!(again[1].content.contains("1. The value for 'Cylinders'"));
        r.reply(Ok("1. It has cylinders.".into()));
        assert!(r.request().is_none());
        let out = r.finish();
        assert!(!out.fell_back);
        assert_eq!(out.refined, 2);
        assert_eq!(out.template, "The car is the {{Name}}. The value for 'Cylinders' is {{Cylinders}}.{{#Horsepower}} It makes {{Horsepower}} horsepower.{{/Horsepower}}");
        assert!(out.notes[0].contains("'Cylinders'") && out.notes[0].contains("drops the placeholder {{Cylinders}}"), "{:?}", out.notes);
        check_same_placeholders(&out.original, &out.template, &s.columns).unwrap();
    }

    #[test]
    fn backend_failure_falls_back_with_a_note() {
        let t = table();
        let s = infer_table(&t);
        let mut r = Refinement::new("cars", &s.columns, None, None);
        r.reply(Err(GenerateError::Unreachable("connection refused".into())));
        assert!(r.request().is_none());
        let out = r.finish();
        assert!(out.fell_back);
        assert_eq!(out.template, out.original);
        assert!(out.notes[0].contains("connection refused"));
    }
}
