//! The files of `shared/src` import one another without circles (issue 22).
//!
//! Reads every `.rs` file under `shared/src`, resolves the paths it names (`use crate::…`,
//! `use super::…`, `use self::…`, `crate::a::b` and `super::x` in code, and bare paths into child
//! modules or imported names) to the file that defines what they name, and builds the file-level
//! import graph. A `mod child;` is an edge from the parent's file to the child's; a re-export
//! (`pub use child::X`) is followed to the file that defines `X`; a glob (`use super::*`) is an
//! edge to the module it names. Code under `#[cfg(test)]` is left out: a test may load through the
//! whole crate. A strongly connected component of more than one file is a circle, and the test
//! fails naming its files and the lines that tie them.
//!
//! No parser crate: comments, strings and character literals are blanked, then the tokens are read.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};

type ModPath = Vec<String>;

#[derive(Clone, Debug, PartialEq)]
struct Tok {
    text: String,
    line: usize,
}

/// Identifiers, literals (as `""`, `'c'` or the digits), `::` and single punctuation characters.
fn tokens(src: &str) -> Vec<Tok> {
    let c: Vec<char> = src.chars().collect();
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(c[i] == '\n');
                    i += 1;
                }
            }
        } else if ch == '"' {
            let start = line;
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    i += 1;
                }
                line += usize::from(at(i) == '\n');
                i += 1;
            }
            i += 1;
            out.push(Tok { text: "\"\"".into(), line: start });
        } else if ch == '\'' {
            // A character literal, or the quote of a lifetime (dropped; its name follows as an identifier).
            if at(i + 1) == '\\' {
                i += 3;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push(Tok { text: "'c'".into(), line });
            } else if at(i + 2) == '\'' {
                i += 3;
                out.push(Tok { text: "'c'".into(), line });
            } else {
                i += 1;
            }
        } else if ch.is_alphabetic() || ch == '_' || ch.is_ascii_digit() {
            let s = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            let word: String = c[s..i].iter().collect();
            // Raw strings (r"…", r#"…"#, br"…") and byte or C strings (b"…", c"…", b'…').
            if matches!(word.as_str(), "r" | "br" | "cr") && (at(i) == '"' || at(i) == '#') {
                let mut hashes = 0;
                while at(i) == '#' {
                    hashes += 1;
                    i += 1;
                }
                if at(i) == '"' {
                    let start = line;
                    i += 1;
                    while i < c.len() && !(c[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#')) {
                        line += usize::from(c[i] == '\n');
                        i += 1;
                    }
                    i += 1 + hashes;
                    out.push(Tok { text: "\"\"".into(), line: start });
                    continue;
                }
                out.push(Tok { text: word, line });
                out.extend((0..hashes).map(|_| Tok { text: "#".into(), line }));
                continue;
            }
            if matches!(word.as_str(), "b" | "c") && (at(i) == '"' || at(i) == '\'') {
                continue; // the literal is read on the next turn
            }
            out.push(Tok { text: word, line });
        } else if ch == ':' && at(i + 1) == ':' {
            out.push(Tok { text: "::".into(), line });
            i += 2;
        } else {
            out.push(Tok { text: ch.to_string(), line });
            i += 1;
        }
    }
    out
}

fn is_ident(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
}

const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "false", "fn", "for", "if", "impl",
    "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait",
    "true", "type", "unsafe", "use", "where", "while", "union",
];

/// One module (a file, or an inline `mod x { … }` in one): what it declares and imports.
#[derive(Default, Debug)]
struct Module {
    file: String,
    /// Child modules, file-backed or inline.
    children: BTreeSet<String>,
    /// Items defined here (functions, types, constants, macros).
    defined: HashSet<String>,
    /// Name → the paths imported under it (`use a::b::Name`, `use a::b as Name`).
    imports: HashMap<String, Vec<Vec<String>>>,
    /// `use a::b::*`.
    globs: Vec<Vec<String>>,
}

/// A path named in a file, to be resolved to the file that defines it.
#[derive(Debug)]
struct Reference {
    file: String,
    scope: ModPath,
    path: Vec<String>,
    line: usize,
    /// Edges from `mod child;` go to the child's file whatever it holds.
    declares_child: bool,
}

#[derive(Default)]
struct Crate {
    modules: BTreeMap<ModPath, Module>,
    references: Vec<Reference>,
    /// Modules declared under `#[cfg(test)]` (`mod tests;`): their files are left out too.
    test_modules: Vec<ModPath>,
}

enum UseEntry {
    Named { name: String, path: Vec<String> },
    Glob(Vec<String>),
}

/// Reads one use tree at `t[*i]` (after `use` or inside braces) with `prefix` before it.
fn use_tree(t: &[Tok], i: &mut usize, prefix: Vec<String>, out: &mut Vec<UseEntry>) {
    let mut path = prefix;
    if t.get(*i).is_some_and(|x| x.text == "::") {
        *i += 1;
    }
    while let Some(tok) = t.get(*i) {
        match tok.text.as_str() {
            "{" => {
                *i += 1;
                while t.get(*i).is_some_and(|x| x.text != "}") {
                    use_tree(t, i, path.clone(), out);
                    if t.get(*i).is_some_and(|x| x.text == ",") {
                        *i += 1;
                    }
                }
                *i += 1;
                return;
            }
            "*" => {
                *i += 1;
                out.push(UseEntry::Glob(path));
                return;
            }
            // `$crate::…` in a macro body reads as `crate::…`.
            "$" => *i += 1,
            w if is_ident(w) => {
                path.push(w.to_string());
                *i += 1;
                if t.get(*i).is_some_and(|x| x.text == "::") {
                    *i += 1;
                    continue;
                }
                let mut name = path.last().cloned().unwrap_or_default();
                if t.get(*i).is_some_and(|x| x.text == "as") {
                    name = t.get(*i + 1).map(|x| x.text.clone()).unwrap_or_default();
                    *i += 2;
                }
                if path.last().is_some_and(|s| s == "self") {
                    path.pop();
                    if name == "self" {
                        name = path.last().cloned().unwrap_or_default();
                    }
                }
                out.push(UseEntry::Named { name, path });
                return;
            }
            _ => {
                // Something this reader does not know; stop at it so the caller resynchronises.
                *i += 1;
                return;
            }
        }
    }
}

/// Whether the attribute's tokens (between the brackets) say test-only code.
fn test_only(attr: &[Tok]) -> bool {
    let words: Vec<&str> = attr.iter().map(|t| t.text.as_str()).collect();
    words.starts_with(&["cfg", "(", "test", ")"]) || words.starts_with(&["cfg", "(", "all", "(", "test"])
}

/// The index after the group opened at `t[i]` (one of `(`, `[`, `{`).
fn group_end(t: &[Tok], i: usize) -> usize {
    let mut depth = 0usize;
    let mut k = i;
    while k < t.len() {
        match t[k].text.as_str() {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth -= 1;
                if depth == 0 {
                    return k + 1;
                }
            }
            _ => {}
        }
        k += 1;
    }
    k
}

/// The index after the item starting at `t[i]`: its `;`, or its first `{ … }` at depth 0.
fn item_end(t: &[Tok], mut i: usize) -> usize {
    while i < t.len() {
        match t[i].text.as_str() {
            ";" => return i + 1,
            "{" => return group_end(t, i),
            "(" | "[" => i = group_end(t, i),
            _ => i += 1,
        }
    }
    i
}

impl Crate {
    fn read(src_dir: &Path) -> Crate {
        let mut files = Vec::new();
        collect_rs(src_dir, &mut files);
        files.sort();
        let mut krate = Crate::default();
        for path in &files {
            let rel = path.strip_prefix(src_dir).unwrap().to_string_lossy().replace('\\', "/");
            let module = module_path(&rel);
            let src = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            krate.modules.entry(module.clone()).or_default().file = rel.clone();
            krate.scan(&rel, &module, &tokens(&src));
        }
        krate
    }

    fn scan(&mut self, file: &str, module: &ModPath, t: &[Tok]) {
        // Each open brace: the inline module it opens, if any.
        let mut frames: Vec<Option<String>> = Vec::new();
        let scope = |frames: &[Option<String>]| {
            let mut m = module.clone();
            m.extend(frames.iter().flatten().cloned());
            m
        };
        let mut i = 0;
        while i < t.len() {
            let w = t[i].text.as_str();
            let next = |k: usize| t.get(i + k).map(|x| x.text.as_str()).unwrap_or("");
            if w == "#" && (next(1) == "[" || (next(1) == "!" && next(2) == "[")) {
                let open = if next(1) == "[" { i + 1 } else { i + 2 };
                let end = group_end(t, open);
                if test_only(&t[open + 1..end.saturating_sub(1)]) {
                    if open == i + 2 {
                        return; // #![cfg(test)]: the whole file
                    }
                    // Skip this item with any further attributes on it.
                    let mut k = end;
                    while t.get(k).is_some_and(|x| x.text == "#") && t.get(k + 1).is_some_and(|x| x.text == "[") {
                        k = group_end(t, k + 1);
                    }
                    let item: Vec<&str> = t[k..item_end(t, k)].iter().map(|x| x.text.as_str()).collect();
                    if let Some(p) = item.iter().position(|w| *w == "mod").filter(|p| item.get(p + 2) == Some(&";")) {
                        let mut m = scope(&frames);
                        m.push(item[p + 1].to_string());
                        self.test_modules.push(m);
                    }
                    i = item_end(t, k);
                } else {
                    i = end;
                }
                continue;
            }
            match w {
                "mod" if is_ident(next(1)) && (next(2) == ";" || next(2) == "{") => {
                    let here = scope(&frames);
                    let name = next(1).to_string();
                    self.modules.entry(here.clone()).or_default().children.insert(name.clone());
                    if next(2) == ";" {
                        let mut path = here.clone();
                        path.push(name);
                        self.references.push(Reference { file: file.into(), scope: here, path, line: t[i].line, declares_child: true });
                        i += 3;
                    } else {
                        let mut child = here;
                        child.push(name.clone());
                        self.modules.entry(child).or_default().file = file.into();
                        frames.push(Some(name));
                        i += 3;
                    }
                }
                "use" if next(1) != "<" => {
                    let line = t[i].line;
                    i += 1;
                    let mut entries = Vec::new();
                    use_tree(t, &mut i, Vec::new(), &mut entries);
                    while i < t.len() && t[i].text != ";" {
                        i += 1;
                    }
                    let here = scope(&frames);
                    let m = self.modules.entry(here.clone()).or_default();
                    for e in entries {
                        let path = match e {
                            UseEntry::Named { name, path } => {
                                m.imports.entry(name).or_default().push(path.clone());
                                path
                            }
                            UseEntry::Glob(path) => {
                                m.globs.push(path.clone());
                                path
                            }
                        };
                        self.references.push(Reference { file: file.into(), scope: here.clone(), path, line, declares_child: false });
                    }
                }
                "fn" | "struct" | "enum" | "trait" | "type" | "const" | "static" | "union"
                    if is_ident(next(1)) && !KEYWORDS.contains(&next(1)) =>
                {
                    self.modules.entry(scope(&frames)).or_default().defined.insert(next(1).to_string());
                    i += 2;
                }
                "macro_rules" if next(1) == "!" => {
                    self.modules.entry(scope(&frames)).or_default().defined.insert(next(2).to_string());
                    i += 3;
                }
                "{" => {
                    frames.push(None);
                    i += 1;
                }
                "}" => {
                    frames.pop();
                    i += 1;
                }
                // A path in code (`$crate::x` in a macro body reads as `crate::x`).
                _ if is_ident(w) && next(1) == "::" && (i == 0 || t[i - 1].text != "::") => {
                    let line = t[i].line;
                    let mut path = vec![w.to_string()];
                    i += 1;
                    while t.get(i).is_some_and(|x| x.text == "::") && t.get(i + 1).is_some_and(|x| is_ident(&x.text)) {
                        path.push(t[i + 1].text.clone());
                        i += 2;
                    }
                    if path.len() >= 2 {
                        self.references.push(Reference { file: file.into(), scope: scope(&frames), path, line, declares_child: false });
                    }
                }
                _ => i += 1,
            }
        }
    }

    /// Whether `name` means something in module `m`.
    fn knows(&self, m: &ModPath, name: &str) -> bool {
        self.modules.get(m).is_some_and(|x| x.children.contains(name) || x.defined.contains(name) || x.imports.contains_key(name))
    }

    /// The module a path starts from, and how many of its segments that used.
    fn start(&self, scope: &ModPath, path: &[String]) -> Option<(ModPath, usize)> {
        match path.first()?.as_str() {
            "crate" => Some((Vec::new(), 1)),
            "self" => Some((scope.clone(), 1)),
            "super" => {
                let mut m = scope.clone();
                let mut k = 0;
                while path.get(k).is_some_and(|s| s == "super") {
                    m.pop()?;
                    k += 1;
                }
                Some((m, k))
            }
            // A bare name: a child module or a name of this scope (otherwise another crate, or a local).
            first if self.knows(scope, first) => Some((scope.clone(), 0)),
            _ => None,
        }
    }

    /// The module whose file defines what `path`, named in `scope`, names; None for other crates.
    fn resolve(&self, scope: &ModPath, path: &[String], depth: usize) -> Option<ModPath> {
        let (m, k) = self.start(scope, path)?;
        self.walk(m, &path[k..], depth)
    }

    fn walk(&self, mut m: ModPath, segs: &[String], depth: usize) -> Option<ModPath> {
        if depth > 24 {
            return Some(m);
        }
        for (k, s) in segs.iter().enumerate() {
            let module = self.modules.get(&m)?;
            if module.children.contains(s) {
                m.push(s.clone());
                continue;
            }
            if module.defined.contains(s) {
                return Some(m);
            }
            let rest = &segs[k + 1..];
            if let Some(paths) = module.imports.get(s) {
                // Follow the import (a re-export, or a private `use` a child reaches through `super::`).
                return paths.iter().find_map(|p| self.resolve(&m, &[p.as_slice(), rest].concat(), depth + 1));
            }
            for g in &module.globs {
                if let Some(base) = self.resolve(&m, g, depth + 1) {
                    if base != m && self.knows(&base, s) {
                        return self.walk(base, &segs[k..], depth + 1);
                    }
                }
            }
            // A name this reader did not see defined (a variant, a generated item): this module.
            return Some(m);
        }
        Some(m)
    }

    /// file → (file it imports → the first line and path that says so).
    fn graph(&self) -> BTreeMap<String, BTreeMap<String, String>> {
        let test_files: HashSet<&str> =
            self.modules.iter().filter(|(p, _)| self.test_modules.iter().any(|t| p.starts_with(t))).map(|(_, m)| m.file.as_str()).collect();
        let mut g: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
        for m in self.modules.values().filter(|m| !test_files.contains(m.file.as_str())) {
            g.entry(m.file.clone()).or_default();
        }
        for r in self.references.iter().filter(|r| !test_files.contains(r.file.as_str())) {
            let target = if r.declares_child { Some(r.path.clone()) } else { self.resolve(&r.scope, &r.path, 0) };
            let Some(to) = target.and_then(|m| self.modules.get(&m)).map(|m| m.file.clone()) else { continue };
            if to != r.file && !test_files.contains(to.as_str()) {
                g.entry(r.file.clone()).or_default().entry(to).or_insert_with(|| format!("{}:{} {}", r.file, r.line, r.path.join("::")));
            }
        }
        g
    }
}

fn collect_rs(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_rs(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `lib.rs` → crate root, `a/mod.rs` and `a.rs` → `a`, `a/b.rs` → `a::b`.
fn module_path(rel: &str) -> ModPath {
    let mut parts: Vec<String> = rel.trim_end_matches(".rs").split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// Strongly connected components of more than one file (Tarjan's algorithm), each sorted.
fn circles(g: &BTreeMap<String, BTreeMap<String, String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        g: &'a BTreeMap<String, BTreeMap<String, String>>,
        index: HashMap<&'a str, usize>,
        low: HashMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: HashSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.g.get(v).into_iter().flat_map(|e| e.keys()) {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.out.push(component);
            }
        }
    }
    let mut s = State { g, index: HashMap::new(), low: HashMap::new(), stack: Vec::new(), on_stack: HashSet::new(), out: Vec::new() };
    for v in g.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out.sort();
    s.out
}

fn report(g: &BTreeMap<String, BTreeMap<String, String>>, found: &[Vec<String>]) -> String {
    let mut text = String::new();
    for c in found {
        text += &format!("circle of {} files: {}\n", c.len(), c.join(", "));
        for from in c {
            for (to, why) in &g[from] {
                if c.contains(to) {
                    text += &format!("    {from} -> {to}   ({why})\n");
                }
            }
        }
    }
    text
}

/// Folders whose circles are not untied yet. Issue 22 untied `generate/` (children imported
/// `GenerateError` from its mod.rs) and then `query/` (`understand`'s stages and its mod.rs,
/// `catalog` ↔ `tagger`, the dataset in `query/mod.rs` and its parts, `limits` and its child): none
/// is left, so any circle anywhere in shared/src fails the test. A folder listed here has its
/// circles tolerated while they stay inside it, and fails the test once none is left in it.
const NOT_YET_UNTIED: &[&str] = &[];

#[test]
fn shared_src_has_no_import_circles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let krate = Crate::read(&src);
    let g = krate.graph();
    // The reader sees the graph at all: files, and edges it must find (and their direction).
    assert!(g.len() > 50, "{} files", g.len());
    for (from, to) in [
        ("lib.rs", "ingest/mod.rs"),
        ("ingest/mod.rs", "ingest/csv.rs"),
        ("ingest/csv.rs", "table.rs"),
        ("ingest/csv.rs", "ingest/headers.rs"),
        ("ingest/csv.rs", "ingest/limits.rs"),
        ("ingest/csv.rs", "names.rs"),
        ("ingest/mod.rs", "description.rs"),
        ("ingest/mod.rs", "description/joins.rs"),
        ("query/mod.rs", "query/dataset.rs"),
        ("query/written.rs", "query/dataset.rs"),
        ("query/understand/intent.rs", "query/understand/parser.rs"),
        ("query/understand/parse.rs", "query/contract.rs"),
    ] {
        assert!(g[from].contains_key(to), "no edge {from} -> {to}: {:?}", g[from]);
    }
    let found = circles(&g);
    let tolerated = |c: &Vec<String>| NOT_YET_UNTIED.iter().any(|d| c.iter().all(|f| f.starts_with(d)));
    let (known, new): (Vec<Vec<String>>, Vec<Vec<String>>) = found.into_iter().partition(tolerated);
    if !known.is_empty() {
        eprintln!("circles not untied yet (NOT_YET_UNTIED):\n{}", report(&g, &known));
    }
    assert!(new.is_empty(), "import circles in shared/src:\n{}", report(&g, &new));
    for d in NOT_YET_UNTIED {
        assert!(known.iter().any(|c| c[0].starts_with(d)), "{d} has no import circle left: take it off NOT_YET_UNTIED");
    }
}

#[test]
fn reader_resolves_reexports_supers_and_skips_tests() {
    let mut k = Crate::default();
    let files = [
        ("lib.rs", "pub mod a; pub mod b; pub use a::Thing;"),
        ("a/mod.rs", "mod inner; pub use inner::Thing; use crate::b::helper; fn f() { helper() } #[cfg(test)] mod tests;"),
        ("a/tests.rs", "use super::*; use crate::b::helper;"),
        ("a/inner.rs", "pub struct Thing; pub fn g() -> u8 { super::own() } #[cfg(test)] mod tests { use crate::b::x; }"),
        ("b.rs", "pub fn helper() { let _ = crate::Thing; let _s = \"crate::a::own\"; } // crate::a::own\n"),
    ];
    for (rel, src) in files {
        let m = module_path(rel);
        k.modules.entry(m.clone()).or_default().file = rel.into();
        k.scan(rel, &m, &tokens(src));
    }
    // a/mod.rs defines nothing named `own`: the unknown name stays with the module that was asked.
    let g = k.graph();
    let edges = |f: &str| g[f].keys().cloned().collect::<Vec<_>>();
    assert_eq!(edges("lib.rs"), ["a/inner.rs", "a/mod.rs", "b.rs"]);
    assert_eq!(edges("a/mod.rs"), ["a/inner.rs", "b.rs"]);
    assert_eq!(edges("a/inner.rs"), ["a/mod.rs"], "super::own, and not the test's crate::b::x");
    assert_eq!(edges("b.rs"), ["a/inner.rs"], "crate::Thing is a/inner.rs's, through two re-exports; strings and comments are not read");
    assert_eq!(circles(&g), [["a/inner.rs", "a/mod.rs", "b.rs"].map(String::from).to_vec()]);
}
