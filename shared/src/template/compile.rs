//! Binds a parsed template to a table's schema (unknown names get a did-you-mean) and fills it.

use super::error::TemplateError;
use super::parse::{Node, Span, Template, MAX_SECTION_DEPTH};
use crate::schema::{format_value, is_missing, ColumnSchema, Shape};
use crate::table::{CellRef, Object, Value};

/// Where a placeholder reads from: a row column, a key of the enclosing object, or the current item.
#[derive(Clone, Debug)]
enum Src {
    Column(usize),
    Key { frame: usize, key: String },
    Current { frame: usize },
}

#[derive(Clone, Debug)]
enum CNode {
    Text(String),
    Value { src: Src, schema: ColumnSchema, root: usize },
    Section { src: Src, root: usize, inverted: bool, separator: String, body: Vec<CNode> },
}

/// A template ready to fill rows of one schema.
#[derive(Clone, Debug)]
pub struct Compiled {
    nodes: Vec<CNode>,
    columns: Vec<String>,
}

/// What names a scope makes visible while compiling.
enum Scope<'a> {
    Row(&'a [ColumnSchema]),
    Fields { fields: &'a [ColumnSchema], root: usize },
    Items { schema: &'a ColumnSchema, root: usize },
    Once,
}

/// The run-time counterpart of a scope.
#[derive(Clone, Copy)]
enum Frame<'a> {
    Row,
    Object(&'a Object),
    Item(&'a Value),
}

fn err(span: Span, message: String) -> TemplateError {
    TemplateError { line: span.line, column: span.column, message }
}

fn did_you_mean(name: &str, scopes: &[Scope<'_>]) -> String {
    let mut best: Option<(f64, &str)> = None;
    let lower = name.to_lowercase();
    for s in scopes {
        let fields = match s {
            Scope::Row(f) | Scope::Fields { fields: f, .. } => *f,
            _ => continue,
        };
        for f in fields {
            let cand = f.name.to_lowercase();
            let mut score = strsim::normalized_levenshtein(&lower, &cand);
            if cand.contains(&lower) || lower.contains(&cand) {
                score = score.max(0.7);
            }
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, &f.name));
            }
        }
    }
    match best {
        Some((s, n)) if s >= 0.4 => format!("; did you mean `{}`?", super::quote_name(n)),
        _ => String::new(),
    }
}

fn resolve<'a>(name: &str, span: Span, scopes: &[Scope<'a>]) -> Result<(Src, &'a ColumnSchema, usize), TemplateError> {
    for (depth, s) in scopes.iter().enumerate().rev() {
        match s {
            Scope::Row(cols) => {
                if let Some(i) = cols.iter().position(|c| c.name == name) {
                    return Ok((Src::Column(i), &cols[i], i));
                }
            }
            Scope::Fields { fields, root } => {
                if let Some(f) = fields.iter().find(|f| f.name == name) {
                    return Ok((Src::Key { frame: depth, key: name.to_string() }, f, *root));
                }
            }
            _ => {}
        }
    }
    Err(err(span, format!("unknown placeholder `{name}`{}", did_you_mean(name, scopes))))
}

fn compile_nodes(nodes: &[Node], scopes: &mut Vec<Scope<'_>>) -> Result<Vec<CNode>, TemplateError> {
    let mut out = Vec::with_capacity(nodes.len());
    for n in nodes {
        match n {
            Node::Text(t) => out.push(CNode::Text(t.clone())),
            Node::Current { span } => {
                let found = scopes.iter().enumerate().rev().find_map(|(d, s)| match s {
                    Scope::Items { schema, root } => Some((d, (*schema).clone(), *root)),
                    _ => None,
                });
                let Some((frame, schema, root)) = found else {
                    return Err(err(*span, "`{{.}}` is only allowed inside a section over a list of values".into()));
                };
                out.push(CNode::Value { src: Src::Current { frame }, schema, root });
            }
            Node::Field { name, span } => {
                let (src, schema, root) = resolve(name, *span, scopes)?;
                if schema.shape == Shape::ListOfObjects || schema.shape == Shape::Object {
                    return Err(err(
                        *span,
                        format!("`{name}` holds nested records; write `{{{{#{name}}}}}…{{{{/{name}}}}}` and name its fields inside"),
                    ));
                }
                out.push(CNode::Value { src, schema: schema.clone(), root });
            }
            Node::Section { name, inverted, separator, body, span } => {
                // `parse` stops at this depth; a tree built by hand must not recurse deeper either
                // (one scope per open section, plus the row's).
                if scopes.len() > MAX_SECTION_DEPTH {
                    return Err(err(*span, format!("sections nested more than {MAX_SECTION_DEPTH} deep")));
                }
                let (src, schema, root) = resolve(name, *span, scopes)?;
                let scope = match schema.shape {
                    _ if *inverted => Scope::Once,
                    Shape::ListOfObjects | Shape::Object => Scope::Fields { fields: &schema.fields, root },
                    Shape::List | Shape::Scalar => Scope::Items { schema, root },
                };
                scopes.push(scope);
                let body = compile_nodes(body, scopes);
                scopes.pop();
                out.push(CNode::Section { src, root, inverted: *inverted, separator: separator.clone(), body: body? });
            }
        }
    }
    Ok(out)
}

/// Binds a template to the columns of one table.
pub fn compile(template: &Template, columns: &[ColumnSchema]) -> Result<Compiled, TemplateError> {
    let mut scopes = vec![Scope::Row(columns)];
    let nodes = compile_nodes(&template.nodes, &mut scopes)?;
    Ok(Compiled { nodes, columns: columns.iter().map(|c| c.name.clone()).collect() })
}

fn absent(cell: CellRef<'_>) -> bool {
    match cell {
        CellRef::Missing => true,
        CellRef::Text(s) => is_missing(s),
        CellRef::List(l) => l.is_empty(),
        CellRef::Object(o) => o.is_empty(),
    }
}

fn lookup<'a>(src: &Src, row: &'a [Value], frames: &[Frame<'a>]) -> Option<&'a Value> {
    match src {
        Src::Column(i) => row.get(*i),
        Src::Key { frame, key } => match frames.get(*frame) {
            Some(Frame::Object(o)) => o.get(key),
            _ => None,
        },
        Src::Current { frame } => match frames.get(*frame) {
            Some(Frame::Item(v)) => Some(*v),
            _ => None,
        },
    }
}

/// Cell text for a sentence. The value is appended as data: it is never parsed as template.
fn write_cell(schema: &ColumnSchema, cell: CellRef<'_>, out: &mut String) {
    match cell {
        CellRef::Missing => out.push_str("unknown"),
        CellRef::Text(s) if is_missing(s) => out.push_str("unknown"),
        CellRef::Text(s) => out.push_str(&format_value(schema, s)),
        CellRef::List(items) => {
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_cell(schema, v.as_cell(), out);
            }
        }
        CellRef::Object(o) => {
            for (i, (k, v)) in o.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(k);
                out.push_str(": ");
                let inner = schema.fields.iter().find(|f| &f.name == k).unwrap_or(schema);
                write_cell(inner, v.as_cell(), out);
            }
        }
    }
}

fn mark(used: &mut Vec<usize>, root: usize) {
    if !used.contains(&root) {
        used.push(root);
    }
}

fn render<'a>(nodes: &[CNode], row: &'a [Value], frames: &mut Vec<Frame<'a>>, out: &mut String, used: &mut Vec<usize>) {
    for n in nodes {
        match n {
            CNode::Text(t) => out.push_str(t),
            CNode::Value { src, schema, root } => {
                let cell = lookup(src, row, frames).map_or(CellRef::Missing, Value::as_cell);
                if !absent(cell) {
                    mark(used, *root);
                }
                write_cell(schema, cell, out);
            }
            CNode::Section { src, root, inverted, separator, body, .. } => {
                let value = lookup(src, row, frames);
                let cell = value.map_or(CellRef::Missing, Value::as_cell);
                if *inverted {
                    if absent(cell) {
                        frames.push(Frame::Row);
                        render(body, row, frames, out, used);
                        frames.pop();
                    }
                    continue;
                }
                if absent(cell) {
                    continue;
                }
                mark(used, *root);
                match cell {
                    CellRef::List(items) => {
                        let mut first = true;
                        for item in items {
                            if matches!(item, Value::Null) {
                                continue;
                            }
                            if !first {
                                out.push_str(separator);
                            }
                            first = false;
                            frames.push(match item {
                                Value::Object(o) => Frame::Object(o),
                                other => Frame::Item(other),
                            });
                            render(body, row, frames, out, used);
                            frames.pop();
                        }
                    }
                    CellRef::Object(o) => {
                        frames.push(Frame::Object(o));
                        render(body, row, frames, out, used);
                        frames.pop();
                    }
                    CellRef::Text(_) => {
                        frames.push(value.map_or(Frame::Row, Frame::Item));
                        render(body, row, frames, out, used);
                        frames.pop();
                    }
                    CellRef::Missing => {}
                }
            }
        }
    }
}

impl Compiled {
    /// Appends the row's passage to `out`; `used` receives the indices of columns whose values appear.
    pub fn fill(&self, row: &[Value], out: &mut String, used: &mut Vec<usize>) {
        let mut frames = vec![Frame::Row];
        render(&self.nodes, row, &mut frames, out, used);
    }

    /// Convenience: the passage as a new string.
    pub fn render(&self, row: &[Value]) -> String {
        let mut s = String::new();
        self.fill(row, &mut s, &mut Vec::new());
        s
    }

    /// The top-level column names, by index (for provenance).
    pub fn column_names(&self) -> &[String] {
        &self.columns
    }
}
