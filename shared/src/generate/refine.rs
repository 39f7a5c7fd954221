//! Template refinement: one LLM call per table structure rewrites the static template's
//! one-field sentences as natural prose. A sentence is accepted only if it keeps its placeholder
//! and invents none; the rest are asked once more, then keep their static text, with a note why.
//! Sections and lists keep the generated structure, so optional fields still vanish cleanly.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::schema::ColumnSchema;
use crate::table::{TableContext, Value};
use crate::template::{assemble, compile, parse, quote_name, static_clauses, Clause, Node, Template, TemplateError};

use super::error::GenerateError;
use super::wire::ChatMessage;

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
///
/// One short call per one-field sentence, with a real value in place of the placeholder: small
/// models (SmolLM2-135M) rewrite "Horsepower = 140" as "It has 140 horsepower." reliably, but mangle
/// placeholders and mix up facts asked for all at once (measured, docs/decisions.md). The value is
/// then mapped back to its placeholder, so no cell text ever enters the template.
pub struct Refinement {
    columns: Vec<ColumnSchema>,
    clauses: Vec<Clause>,
    original: String,
    table: String,
    /// Per clause: the field's value as the template renders it, from up to two rows that have one.
    examples: Vec<Vec<String>>,
    /// Clause indices still to rewrite; the first is the one asked about.
    todo: Vec<usize>,
    /// Per clause: how many replies were rejected so far.
    attempts: Vec<u8>,
    refined: usize,
    asked: usize,
    notes: Vec<String>,
}

/// Tries per sentence: the first with one row's value, the retry with another row's.
const MAX_ATTEMPTS: u8 = 2;
/// Longest value shown to the model: long texts are not rephrased (their sentence stays static).
const MAX_EXAMPLE_CHARS: usize = 80;
/// A rewritten sentence is one short line; the backend may stop there.
pub const MAX_TOKENS: u32 = 60;

const SYSTEM: &str = "Turn a fact about a row of a table into one short, natural English sentence that keeps the value exactly.";

/// Few-shot turns (table, field, value, sentence): they teach the form better than any instruction.
const SHOTS: [(&str, &str, &str, &str); 5] = [
    ("people", "birth_city", "Paris", "They were born in Paris."),
    ("films", "title", "Casablanca", "The film is called Casablanca."),
    ("products", "Weight_in_lbs", "12", "It weighs 12 pounds."),
    ("airports", "iata", "LAX", "Its IATA code is LAX."),
    ("students", "enrolled", "2019", "They enrolled in 2019."),
];

impl Refinement {
    /// Examples from `first_row` only (one try per sentence gets a value; the retry reuses it).
    pub fn new(table: &str, columns: &[ColumnSchema], context: Option<&TableContext>, first_row: Option<&[Value]>) -> Refinement {
        let rows: Vec<&[Value]> = first_row.into_iter().collect();
        Self::with_rows(table, columns, context, &rows)
    }

    /// Examples from the first rows that have a value for each field (the retry uses a second row).
    pub fn with_rows(table: &str, columns: &[ColumnSchema], context: Option<&TableContext>, rows: &[&[Value]]) -> Refinement {
        let clauses = static_clauses(columns, context);
        let original = assemble(&clauses);
        let examples: Vec<Vec<String>> = clauses
            .iter()
            .map(|c| {
                let Some(field) = &c.field else { return Vec::new() };
                // Inside its own section, a missing value renders as nothing (not as "unknown").
                let q = quote_name(field);
                let Some(compiled) = parse(&format!("{{{{#{q}}}}}{{{{{q}}}}}{{{{/{q}}}}}")).ok().and_then(|t| compile(&t, columns).ok())
                else {
                    return Vec::new();
                };
                let mut seen: Vec<String> = Vec::new();
                for row in rows {
                    let v = compiled.render(row).trim().to_string();
                    if !v.is_empty() && !seen.contains(&v) {
                        seen.push(v);
                    }
                    if seen.len() == MAX_ATTEMPTS as usize {
                        break;
                    }
                }
                seen
            })
            .collect();
        let mut notes = Vec::new();
        let mut todo = Vec::new();
        for (i, c) in clauses.iter().enumerate() {
            let Some(field) = &c.field else { continue };
            match examples[i].first() {
                None => notes.push(format!("kept the static sentence for '{field}': no row has a value to show the model")),
                Some(v) if v.chars().count() > MAX_EXAMPLE_CHARS || v.contains(['\n', '\r']) => {
                    notes.push(format!("kept the static sentence for '{field}': its values are long texts"))
                }
                Some(_) => todo.push(i),
            }
        }
        let asked = clauses.iter().filter(|c| c.field.is_some()).count();
        let attempts = vec![0; clauses.len()];
        Refinement {
            columns: columns.to_vec(),
            clauses,
            original,
            table: table.to_string(),
            examples,
            todo,
            attempts,
            refined: 0,
            asked,
            notes,
        }
    }

    /// The value shown for the clause on its current attempt.
    fn example(&self, i: usize) -> &str {
        let e = &self.examples[i];
        &e[(self.attempts[i] as usize).min(e.len() - 1)]
    }

    /// The messages for the next call, or `None` when finished.
    pub fn request(&self) -> Option<Vec<ChatMessage>> {
        let &i = self.todo.first()?;
        let field = self.clauses[i].field.as_deref().unwrap_or_default();
        let mut messages = vec![ChatMessage::system(SYSTEM)];
        for (table, f, v, sentence) in SHOTS {
            messages.push(ChatMessage::user(format!("Table: {table}. Fact: {f} = {v}")));
            messages.push(ChatMessage::assistant(sentence));
        }
        messages.push(ChatMessage::user(format!(
            "Table: {}. Fact: {} = {}",
            one_line(&self.table),
            one_line(field),
            one_line(self.example(i))
        )));
        Some(messages)
    }

    /// Takes the backend's reply (or its failure) to the last `request`.
    pub fn reply(&mut self, reply: Result<String, GenerateError>) {
        let Some(&i) = self.todo.first() else { return };
        let text = match reply {
            Ok(t) => t,
            Err(e) => {
                self.notes.push(format!("the language model could not be reached: {e}"));
                self.todo.clear();
                return;
            }
        };
        match self.check_clause(i, &text) {
            Ok(sentence) => {
                self.clauses[i].text = sentence;
                self.refined += 1;
                self.todo.remove(0);
            }
            Err(why) => {
                self.attempts[i] += 1;
                if self.attempts[i] >= MAX_ATTEMPTS {
                    let field = self.clauses[i].field.clone().unwrap_or_default();
                    self.notes.push(format!("kept the static sentence for '{field}': {why}"));
                    self.todo.remove(0);
                }
            }
        }
    }

    /// The model's sentence with the example value turned back into the placeholder; kept only if
    /// the value occurs exactly once, nothing else looks like a value or a tag, and the sentence
    /// alone has exactly its field's placeholder.
    fn check_clause(&self, i: usize, reply: &str) -> Result<String, String> {
        let line = reply.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or_default();
        let line = line.trim_matches(['"', '\'', '`', ' ']).trim();
        if line.is_empty() || line.chars().count() > 200 {
            return Err("the sentence is empty or too long".into());
        }
        if line.contains(['{', '}']) {
            return Err("the sentence has braces".into());
        }
        let field = self.clauses[i].field.as_deref().unwrap_or_default();
        let value = self.example(i);
        let spots = occurrences(line, value);
        let at = match spots.as_slice() {
            [one] => *one,
            [] => return Err(format!("the sentence does not state the value ({value})")),
            _ => return Err(format!("the sentence states the value ({value}) more than once")),
        };
        // Braces were refused above, so the model's words are plain template text as they stand.
        let templated = format!("{}{{{{{}}}}}{}", &line[..at], quote_name(field), &line[at + value.len()..]);
        // Digits outside the placeholder would be numbers the model made up.
        let rest = format!("{}{}", &line[..at], &line[at + value.len()..]);
        if rest.chars().any(|c| c.is_ascii_digit()) {
            return Err("the sentence adds a number of its own".into());
        }
        let sentence = if templated.ends_with(['.', '!', '?']) { templated } else { format!("{templated}.") };
        check_same_placeholders(&self.clauses[i].text, &sentence, &self.columns)?;
        Ok(sentence)
    }

    pub fn finish(mut self) -> Refined {
        // Whatever is left was not asked (the backend failed): note each field once.
        if self.refined == 0 && self.asked > 0 && self.notes.is_empty() {
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
        Refined {
            template,
            original: self.original,
            refined: if fell_back { 0 } else { self.refined },
            asked: self.asked,
            fell_back,
            notes: self.notes,
        }
    }
}

/// Where `value` stands in `line` as a whole word (not inside a longer number or word); models
/// like to capitalise names ("Buick Skylark 320"), so ASCII case is ignored when exact fails.
fn occurrences(line: &str, value: &str) -> Vec<usize> {
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let find = |hay: &str, needle: &str| -> Vec<usize> {
        hay.match_indices(needle)
            .map(|(at, _)| at)
            .filter(|&at| !word(hay[..at].chars().next_back()) && !word(hay[at + needle.len()..].chars().next()))
            .collect()
    };
    let exact = find(line, value);
    if exact.is_empty() {
        // ASCII lowering keeps every byte offset, so the spots index `line` as well.
        find(&line.to_ascii_lowercase(), &value.to_ascii_lowercase())
    } else {
        exact
    }
}

/// Names, tables and values are data: one line each in the prompt.
fn one_line(s: &str) -> String {
    s.replace(['\n', '\r'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ingest::csv::read_csv;
    use crate::ingest::Limits;
    use crate::schema::infer_table;
    use crate::table::Table;

    fn table() -> Table {
        let csv = "Name,Cylinders,Horsepower\nford torino,8,\nvw rabbit,4,70\n";
        read_csv("cars.csv", csv.as_bytes(), &Limits::default(), &mut Vec::new()).unwrap()
    }

    #[test]
    fn maps_example_values_back_to_placeholders_and_retries_with_another_row() {
        let t = table();
        let s = infer_table(&t);
        let rows: Vec<&[Value]> = t.rows.iter().map(Vec::as_slice).collect();
        let mut r = Refinement::with_rows("cars", &s.columns, None, &rows);
        let ask = r.request().unwrap();
        assert_eq!(ask.last().unwrap().content, "Table: cars. Fact: Name = ford torino");
        assert_eq!(ask[2].role, "assistant", "few-shot turns come first");
        r.reply(Ok("The car is the Ford Torino.\nIt is fast.".into()));
        // Cylinders: a made-up number is refused, then the retry shows the second row's value.
        assert!(r.request().unwrap().last().unwrap().content.ends_with("Cylinders = 8"));
        r.reply(Ok("It has 8 cylinders and 2 doors.".into()));
        assert!(r.request().unwrap().last().unwrap().content.ends_with("Cylinders = 4"));
        r.reply(Ok("It has {{Cylinders}} cylinders.".into()));
        // Horsepower: only the second row has one; "70" inside "170" is not the value.
        let hp = r.request().unwrap().last().unwrap().content.clone();
        assert!(hp.ends_with("Horsepower = 70"), "{hp}");
        r.reply(Ok("It makes 170 horsepower".into()));
        r.reply(Ok("\"It makes 70 horsepower\"".into()));
        assert!(r.request().is_none());
        let out = r.finish();
        assert!(!out.fell_back);
        assert_eq!((out.refined, out.asked), (2, 3));
        assert_eq!(out.template, "The car is the {{Name}}. The value for 'Cylinders' is {{Cylinders}}.{{#Horsepower}} It makes {{Horsepower}} horsepower.{{/Horsepower}}");
        assert_eq!(out.notes.len(), 1, "{:?}", out.notes);
        assert!(out.notes[0].contains("'Cylinders'") && out.notes[0].contains("braces"), "{:?}", out.notes);
        check_same_placeholders(&out.original, &out.template, &s.columns).unwrap();
    }

    #[test]
    fn a_value_the_model_leaves_out_or_repeats_is_refused() {
        let t = table();
        let s = infer_table(&t);
        let mut r = Refinement::new("cars", &s.columns, None, t.rows.first().map(Vec::as_slice));
        r.reply(Ok("It is a famous car model.".into()));
        r.reply(Ok("The ford torino is a ford torino.".into()));
        let out = r.finish();
        assert!(out.fell_back && out.template == out.original);
        assert!(out.notes.iter().any(|n| n.contains("'Name'") && n.contains("more than once")), "{:?}", out.notes);
        assert!(out.notes.iter().any(|n| n.contains("'Horsepower'") && n.contains("no row has a value")), "{:?}", out.notes);
    }

    #[test]
    fn backend_failure_falls_back_with_a_note() {
        let t = table();
        let s = infer_table(&t);
        let mut r = Refinement::new("cars", &s.columns, None, t.rows.first().map(Vec::as_slice));
        r.reply(Err(GenerateError::Unreachable("connection refused".into())));
        assert!(r.request().is_none());
        let out = r.finish();
        assert!(out.fell_back);
        assert_eq!(out.template, out.original);
        assert!(out.notes.iter().any(|n| n.contains("connection refused")), "{:?}", out.notes);
    }
}
