//! Template text → syntax tree, with precise line/column errors.

use super::error::TemplateError;

/// Where a tag starts (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub line: usize,
    pub column: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    Text(String),
    Field {
        name: String,
        span: Span,
    },
    /// `{{.}}` inside a section over plain values.
    Current {
        span: Span,
    },
    Section {
        name: String,
        inverted: bool,
        separator: String,
        body: Vec<Node>,
        span: Span,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    pub nodes: Vec<Node>,
}

struct Cursor<'a> {
    src: &'a str,
    pos: usize,
    line: usize,
    col: usize,
}

impl Cursor<'_> {
    fn span(&self) -> Span {
        Span { line: self.line, column: self.col }
    }
    fn advance(&mut self, n: usize) {
        for ch in self.src[self.pos..self.pos + n].chars() {
            if ch == '\n' {
                self.line += 1;
                self.col = 1;
            } else {
                self.col += 1;
            }
        }
        self.pos += n;
    }
    fn rest(&self) -> &str {
        &self.src[self.pos..]
    }
}

fn err(span: Span, message: impl Into<String>) -> TemplateError {
    TemplateError { line: span.line, column: span.column, message: message.into() }
}

/// Reads a tag's name: plain (trimmed) or quoted with `\"` and `\\` escapes.
fn tag_name(raw: &str, span: Span) -> Result<String, TemplateError> {
    let t = raw.trim();
    if let Some(q) = t.strip_prefix('"') {
        let mut out = String::new();
        let mut chars = q.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some(e) => out.push(e),
                    None => return Err(err(span, "unfinished escape in quoted name")),
                },
                '"' => {
                    if !chars.as_str().trim().is_empty() {
                        return Err(err(span, "text after the closing quote of a name"));
                    }
                    return Ok(out);
                }
                c => out.push(c),
            }
        }
        return Err(err(span, "quoted name without its closing quote"));
    }
    if t.is_empty() {
        return Err(err(span, "empty placeholder {{}}"));
    }
    Ok(t.to_string())
}

/// Finds the `}}` that closes a tag, skipping quoted names.
fn tag_end(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut quoted = false;
    while i + 1 < b.len() || (i < b.len() && quoted) {
        match b[i] {
            b'\\' if quoted => i += 1,
            b'"' => quoted = !quoted,
            b'}' if !quoted && b.get(i + 1) == Some(&b'}') => return Some(i),
            b'\n' if !quoted => return None,
            _ => {}
        }
        i += 1;
    }
    None
}

/// Deepest section nesting accepted: generated templates nest one level per nested list (JSON
/// input stops at 64 levels), and compiling and filling recurse once per level.
pub const MAX_SECTION_DEPTH: usize = 100;

/// Parses template text; the first problem is reported with its line and column.
pub fn parse(src: &str) -> Result<Template, TemplateError> {
    let mut c = Cursor { src, pos: 0, line: 1, col: 1 };
    // Stack of open sections: (name, inverted, separator, span, nodes before it).
    let mut stack: Vec<(String, bool, String, Span, Vec<Node>)> = Vec::new();
    let mut nodes: Vec<Node> = Vec::new();
    let mut text = String::new();
    // After a literal `\{{`, the next `}}` is literal too ("\{{x}}" shows "{{x}}").
    let mut escaped_open = false;
    while !c.rest().is_empty() {
        let rest = c.rest();
        if rest.starts_with("\\{{") || rest.starts_with("\\}}") {
            escaped_open |= rest.starts_with("\\{{");
            text.push_str(&rest[1..3]);
            c.advance(3);
            continue;
        }
        if rest.starts_with("}}") && escaped_open {
            escaped_open = false;
            text.push_str("}}");
            c.advance(2);
            continue;
        }
        if rest.starts_with("}}") {
            return Err(err(c.span(), "`}}` without an opening `{{` (write `\\{{` for literal braces)"));
        }
        if !rest.starts_with("{{") {
            let ch = rest.chars().next().expect("non-empty");
            text.push(ch);
            c.advance(ch.len_utf8());
            continue;
        }
        let span = c.span();
        let inner_start = 2;
        let Some(end) = tag_end(&rest[inner_start..]) else {
            return Err(err(span, "`{{` is not closed by `}}` on the same line"));
        };
        let inner = &rest[inner_start..inner_start + end];
        let consumed = inner_start + end + 2;
        if inner.contains("{{") && !inner.contains('"') {
            return Err(err(span, "`{{` inside a placeholder: braces are unbalanced"));
        }
        if !text.is_empty() {
            nodes.push(Node::Text(std::mem::take(&mut text)));
        }
        let trimmed = inner.trim_start();
        match trimmed.chars().next() {
            Some(op @ ('#' | '^')) => {
                let body = &trimmed[1..];
                let (name_part, sep) = split_separator(body);
                let name = tag_name(name_part, span)?;
                if stack.len() >= MAX_SECTION_DEPTH {
                    return Err(err(span, format!("sections nested more than {MAX_SECTION_DEPTH} deep")));
                }
                stack.push((name, op == '^', sep, span, std::mem::take(&mut nodes)));
            }
            Some('/') => {
                let name = tag_name(&trimmed[1..], span)?;
                let Some((open, inverted, separator, open_span, before)) = stack.pop() else {
                    return Err(err(span, format!("`{{{{/{name}}}}}` closes a section that was never opened")));
                };
                if open != name {
                    return Err(err(
                        span,
                        format!("`{{{{/{name}}}}}` closes `{open}`, opened at line {}, column {}", open_span.line, open_span.column),
                    ));
                }
                let body = std::mem::replace(&mut nodes, before);
                nodes.push(Node::Section { name, inverted, separator, body, span: open_span });
            }
            _ if inner.trim() == "." => nodes.push(Node::Current { span }),
            _ => nodes.push(Node::Field { name: tag_name(inner, span)?, span }),
        }
        c.advance(consumed);
    }
    if let Some((name, _, _, span, _)) = stack.pop() {
        return Err(err(span, format!("section `{name}` is never closed with `{{{{/{name}}}}}`")));
    }
    if !text.is_empty() {
        nodes.push(Node::Text(text));
    }
    Ok(Template { nodes })
}

/// `Name|sep` → ("Name", "sep"); a quoted name may itself contain `|`.
fn split_separator(body: &str) -> (&str, String) {
    let t = body.trim_start();
    let search_from = if t.starts_with('"') { closing_quote(t).map_or(t.len(), |i| i + 1) } else { 0 };
    match t[search_from.min(t.len())..].find('|') {
        Some(i) => (&t[..search_from + i], t[search_from + i + 1..].to_string()),
        None => (t, String::new()),
    }
}

/// The byte index of the quote that closes the quoted name `t` starts with, skipping `\"` and
/// `\\` escapes (a name such as `"|` is written `"\"|"`).
fn closing_quote(t: &str) -> Option<usize> {
    let mut escaped = false;
    for (i, c) in t.char_indices().skip(1) {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => return Some(i),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_names_with_escaped_quotes_keep_their_pipes() {
        // Found by the static-template property test: a column named `"|`.
        let t = parse(r#"{{"\"|"}} and {{#"a\"|b"|; }}{{.}}{{/"a\"|b"}}"#).unwrap();
        assert!(matches!(&t.nodes[0], Node::Field { name, .. } if name == "\"|"), "{:?}", t.nodes);
        assert!(matches!(&t.nodes[2], Node::Section { name, separator, .. } if name == "a\"|b" && separator == "; "), "{:?}", t.nodes);
    }

    #[test]
    fn parses_fields_sections_and_escapes() {
        let t = parse("A {{x}} \\{{y}} {{#L|; }}{{.}}{{/L}}{{^M}}none{{/M}}").unwrap();
        assert_eq!(t.nodes.len(), 5, "{:?}", t.nodes);
        assert!(matches!(&t.nodes[3], Node::Section { name, separator, .. } if name == "L" && separator == "; "));
        assert!(matches!(&t.nodes[2], Node::Text(s) if s == " {{y}} "));
        let t = parse(r#"{{"odd}} | name"}}"#).unwrap();
        assert!(matches!(&t.nodes[0], Node::Field { name, .. } if name == "odd}} | name"));
    }

    #[test]
    fn errors_carry_line_and_column() {
        let e = parse("ok\nThe {{name").unwrap_err();
        assert_eq!((e.line, e.column), (2, 5));
        let e = parse("x }} y").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        let e = parse("{{#a}}\n  {{/b}}").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        assert!(e.message.contains("opened at line 1"));
        let e = parse("{{#a}} open").unwrap_err();
        assert!(e.message.contains("never closed"));
        assert!(parse("{{}}").is_err());
        assert!(parse("{{a {{b}}").is_err());
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        // Issue 20: 20,000 nested sections overflowed the stack when compiled (and when dropped).
        let depth = 20_000;
        let src = format!("{}x{}", "{{#a}}".repeat(depth), "{{/a}}".repeat(depth));
        let e = parse(&src).unwrap_err();
        assert_eq!((e.line, e.column), (1, 6 * MAX_SECTION_DEPTH + 1), "{e}");
        assert!(e.message.contains(&format!("more than {MAX_SECTION_DEPTH} deep")), "{e}");
        // At the limit it still parses.
        let ok = format!("{}x{}", "{{#a}}".repeat(MAX_SECTION_DEPTH), "{{/a}}".repeat(MAX_SECTION_DEPTH));
        assert!(parse(&ok).is_ok());
    }
}
