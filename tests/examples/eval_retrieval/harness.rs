//! The retrieval-quality harness behind `cargo xtask eval-retrieval` (and its smoke test).
//!
//! For each real table: pick the rows to index, find the columns that identify a row, ask one
//! row-lookup question per sampled row ("What is the <column> of <identifying values>?", several
//! phrasings), and look the question up in a collection of that table's passages, built three ways
//! (raw CSV lines, the static template with leaf column names, the static template with header
//! paths) and searched three ways (dense, BM25, hybrid). A hit is a passage from the question's row.
//!
//! Shared by `examples/eval_retrieval.rs` and `tests/eval_smoke.rs` through `#[path]`, since the
//! tests crate's library cannot depend on `tabletalk-shared` (a dev-dependency).

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use tabletalk_shared::embed::{Embedder, Embeddings, ModelFiles};
use tabletalk_shared::embed_text::{Cut, EmbedText};
use tabletalk_shared::index::{Collection, CollectionMeta, DenseKind, Fusion, SearchResult};
use tabletalk_shared::ingest::{load_file, Limits};
use tabletalk_shared::schema::{format_value, infer_table, is_missing, name_tokens, ColumnSchema, ColumnType, Shape, TableSchema};
use tabletalk_shared::table::{RowRef, Table, Value};
use tabletalk_shared::verbalise::{raw_passages, Passage, Verbaliser};

/// Results are counted within the top `K` passages.
pub const K: usize = 5;
/// Passages embedded per model call.
const BATCH: usize = 32;
/// A key (combination of columns) is accepted at the smallest size that identifies this share of rows.
const KEY_COVERAGE: f64 = 0.9;
/// Key combinations are searched up to this many columns.
const KEY_MAX_COLUMNS: usize = 3;

// ------------------------------------------------------------------------------------------------
// What to run

/// One table of one file under `.cache/fixtures` (fetched by `cargo xtask fixtures`).
#[derive(Clone, Debug)]
pub struct Source {
    /// Path below `.cache/fixtures`, e.g. "vega/cars.json".
    pub path: &'static str,
    /// The table's name when the file holds several ("seattle-weather:temperatures"); None: the only one.
    pub table: Option<&'static str>,
    /// One line on why it is in the set.
    pub note: &'static str,
}

#[derive(Clone, Debug)]
pub struct Options {
    pub sources: Vec<Source>,
    /// Rows indexed per table (a seeded sample when the table is longer): the embedding budget.
    pub max_passages: usize,
    /// Questions per table (one per sampled identifiable row).
    pub max_questions: usize,
    pub seed: u64,
    /// Misses printed to stderr per (table, configuration, mode), for looking into failures.
    pub show_misses: usize,
    /// Also measure configuration (d), a proposed change to the static template (not in shared/).
    pub proposal: bool,
}

impl Options {
    /// The full run: six vega tables and the two real multi-row-header tables.
    pub fn full() -> Self {
        let s = |path, table, note| Source { path, table, note };
        Self {
            sources: vec![
                s("vega/cars.json", None, "cars 1970–82: names repeat across years"),
                s("vega/airports.csv", None, "US airports: IATA codes"),
                s("vega/la-riots.csv", None, "deaths in the 1992 LA riots: people's names"),
                s("vega/seattle-weather.csv", None, "daily weather: dates"),
                s("vega/iowa-electricity.csv", None, "long format: year × source"),
                s("vega/barley.json", None, "site × variety × year"),
                s(
                    "office/seattle-weather.xlsx",
                    Some("seattle-weather:temperatures"),
                    "the same weather under a merged two-row header (Temperature > max/min)",
                ),
                s("office/report.docx", Some("report:Table 1"), "Iowa electricity pivoted by source under a merged header, with a caption"),
            ],
            max_passages: 400,
            max_questions: 150,
            seed: 20261122,
            show_misses: 0,
            proposal: true,
        }
    }

    /// The CI smoke run: one small real table, 20 questions.
    pub fn smoke() -> Self {
        Self {
            sources: vec![Source { path: "vega/la-riots.csv", table: None, note: "deaths in the 1992 LA riots: people's names" }],
            max_passages: 400,
            max_questions: 20,
            seed: 20261122,
            show_misses: 0,
            proposal: false,
        }
    }
}

/// How passages are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Config {
    /// The row as one CSV line (`raw_passages`).
    Raw,
    /// The static template with each column named by the last element of its header path.
    Leaf,
    /// The static template as generated: columns named by their full header path ("A > B").
    Paths,
    /// A proposal measured here, not implemented in shared/: (c), with each value that the template
    /// reformats (dates, numbers, booleans) also written as the file writes it, in brackets.
    Both,
    /// What ships (`embed_text::EmbedText`): (c) is the passage shown and searched by words; the
    /// vectors are made from the columns that carry meaning only, long rows in chunks.
    Embed,
}

impl Config {
    /// The configurations always measured; (d) is reported apart, when measured.
    pub const ALL: [Config; 4] = [Config::Raw, Config::Leaf, Config::Paths, Config::Embed];
    pub fn label(self) -> &'static str {
        match self {
            Config::Raw => "(a) raw rows (CSV line)",
            Config::Leaf => "(b) template, leaf column names",
            Config::Paths => "(c) template, header paths",
            Config::Both => "(d) proposal: (c) + values also as in the file",
            Config::Embed => "(e) (c) shown; vectors of the embedding text",
        }
    }
    fn short(self) -> &'static str {
        match self {
            Config::Raw => "(a) raw",
            Config::Leaf => "(b) leaf",
            Config::Paths => "(c) paths",
            Config::Both => "(d) both forms",
            Config::Embed => "(e) embedding text",
        }
    }
    fn index(self) -> usize {
        self as usize
    }
}

/// How the collection is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Cosine over the embeddings, exact (`DenseKind::FlatF32`).
    Dense,
    /// BM25.
    Lexical,
    /// Both, fused the collection's default way (convex combination of normalised scores).
    Hybrid,
    /// Both, fused by reciprocal rank (k = 60), for comparison.
    HybridRrf,
}

impl Mode {
    pub const ALL: [Mode; 4] = [Mode::Dense, Mode::Lexical, Mode::Hybrid, Mode::HybridRrf];
    pub fn label(self) -> &'static str {
        match self {
            Mode::Dense => "dense",
            Mode::Lexical => "lexical",
            Mode::Hybrid => "hybrid",
            Mode::HybridRrf => "hybrid RRF",
        }
    }
    fn index(self) -> usize {
        self as usize
    }
}

/// How the identifying values are written in a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// As the file writes them ("2012/01/05").
    File,
    /// As the sentences show them (`format_value`: "5 January 2012").
    Prose,
}

// ------------------------------------------------------------------------------------------------
// Results

#[derive(Clone, Debug)]
pub struct Question {
    pub row: RowRef,
    pub text: String,
    /// The asked-for column.
    pub target: String,
    /// Which phrasing (index into `FORMS`).
    pub form: usize,
    pub style: Style,
}

/// One table's run.
#[derive(Clone, Debug)]
pub struct TableRun {
    /// "cars.json", "seattle-weather.xlsx · temperatures".
    pub label: String,
    pub table: String,
    pub note: String,
    pub rows: usize,
    pub indexed: usize,
    /// The identifying columns.
    pub key: Vec<String>,
    /// Rows of the whole table that the key does not single out.
    pub unidentifiable: usize,
    /// Indexed rows left out of the question pool because the key does not single them out.
    pub skipped: usize,
    /// Identifiable rows with no column that could be asked without giving the answer away.
    pub unaskable: usize,
    /// Some column has a header path of more than one level.
    pub hierarchical: bool,
    /// (b) and (c) are the same passages (no multi-row headers): (b) reuses (c)'s results.
    pub leaf_same: bool,
    pub questions: Vec<Question>,
    /// `ranks[config][mode][question]`: 1-based rank of the first passage of the question's row
    /// within the top K, or None.
    pub ranks: Vec<Vec<Vec<Option<usize>>>>,
    /// One example passage per configuration (the first indexed row).
    pub examples: Vec<String>,
}

impl TableRun {
    pub fn ranks(&self, config: Config, mode: Mode) -> &[Option<usize>] {
        &self.ranks[config.index()][mode.index()]
    }

    /// Share of questions whose row is within the top `k` (k ≤ K).
    pub fn hit_rate(&self, config: Config, mode: Mode, k: usize) -> f64 {
        let r = self.ranks(config, mode);
        if r.is_empty() {
            return 0.0;
        }
        r.iter().filter(|x| x.is_some_and(|x| x <= k)).count() as f64 / r.len() as f64
    }
}

#[derive(Clone, Debug)]
pub struct Report {
    pub tables: Vec<TableRun>,
    pub seconds: f64,
    pub embedded: usize,
    pub embed_seconds: f64,
    pub model: String,
}

// ------------------------------------------------------------------------------------------------
// Running

/// Loads all-MiniLM-L6-v2 from `.cache/models` (`cargo xtask models`).
pub fn load_embedder() -> Result<Embedder> {
    let dir = tabletalk_tests::root().join(".cache/models/all-MiniLM-L6-v2");
    if !dir.join("model.safetensors").exists() {
        bail!("{} is missing: run `cargo xtask models` first", dir.display());
    }
    let files = ModelFiles::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))?;
    Ok(Embedder::load(&files)?)
}

fn fixture(path: &str) -> Result<PathBuf> {
    let p = tabletalk_tests::root().join(".cache/fixtures").join(path);
    if !p.exists() {
        bail!("{} is missing: run `cargo xtask fixtures` first", p.display());
    }
    Ok(p)
}

pub fn load_table(source: &Source) -> Result<Table> {
    let path = fixture(source.path)?;
    let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
    let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
    let mut warnings = Vec::new();
    let tables = load_file(&name, &bytes, &Limits::default(), &mut warnings)?;
    let names: Vec<String> = tables.iter().map(|t| t.name.clone()).collect();
    let table = match source.table {
        Some(want) => tables.into_iter().find(|t| t.name == want),
        None => tables.into_iter().next(),
    };
    table.with_context(|| format!("{}: no table {:?} (found {names:?})", source.path, source.table))
}

/// Runs the whole evaluation; progress goes to stderr.
pub fn run(options: &Options, embedder: &Embedder) -> Result<Report> {
    let start = Instant::now();
    let mut embed = EmbedMeter::default();
    let mut tables = Vec::new();
    for (i, source) in options.sources.iter().enumerate() {
        let table = load_table(source)?;
        let seed = options.seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        tables.push(run_table(source, &table, options, seed, embedder, &mut embed)?);
    }
    Ok(Report {
        tables,
        seconds: start.elapsed().as_secs_f64(),
        embedded: embed.texts,
        embed_seconds: embed.seconds,
        model: embedder.name().to_string(),
    })
}

fn run_table(
    source: &Source,
    table: &Table,
    options: &Options,
    seed: u64,
    embedder: &Embedder,
    meter: &mut EmbedMeter,
) -> Result<TableRun> {
    let mut rng = Rng::new(seed);
    let schema = infer_table(table);
    let file = source.path.rsplit('/').next().unwrap_or(source.path);
    let label = match source.table {
        Some(t) => format!("{file} · {}", t.rsplit(':').next().unwrap_or(t)),
        None => file.to_string(),
    };

    // Rows to index: all of them, or a seeded sample.
    let n = table.rows.len();
    let indexed: Vec<usize> = if n <= options.max_passages {
        (0..n).collect()
    } else {
        let mut s = rng.sample(n, options.max_passages);
        s.sort_unstable();
        s
    };

    // The identifying columns and which rows they single out (over the whole table).
    let key = find_key(table, &schema);
    let unique = unique_rows(table, &key);
    let unidentifiable = n - unique.len();
    let pool: Vec<usize> = indexed.iter().copied().filter(|r| unique.contains(r)).collect();
    let skipped = indexed.len() - pool.len();
    let mut order = pool.clone();
    rng.shuffle(&mut order);

    let mut questions = Vec::new();
    let mut unaskable = 0;
    for &r in &order {
        if questions.len() >= options.max_questions {
            break;
        }
        match ask(table, &schema, &key, r, &mut rng) {
            Some(q) => questions.push(q),
            None => unaskable += 1,
        }
    }
    questions.sort_by_key(|q| q.row);
    let key_names: Vec<String> = key.iter().map(|&c| schema.columns[c].name.clone()).collect();
    eprintln!(
        "{label}: {n} rows, {} indexed; key {}; {} questions ({skipped} indexed rows not identifiable, {unaskable} with nothing to ask)",
        indexed.len(),
        if key_names.is_empty() { "none".to_string() } else { key_names.join(" + ") },
        questions.len()
    );

    // Passages per configuration; (b) only when it differs from (c).
    let indexed_set: HashSet<usize> = indexed.iter().copied().collect();
    let raw: Vec<Passage> = raw_passages(table).enumerate().filter(|(i, _)| indexed_set.contains(i)).map(|(_, p)| p).collect();
    let mut paths_v = Verbaliser::with_static(&schema, table);
    let paths_template = paths_v.template_source().to_string();
    let leaf_template = leaf_names(&paths_template, &schema.columns);
    let hierarchical = schema.columns.iter().any(|c| c.path.len() > 1);
    let leaf_same = leaf_template == paths_template;
    let fill = |v: &mut Verbaliser| -> Vec<Passage> { indexed.iter().map(|&i| v.passage(RowRef::from_index(i), &table.rows[i])).collect() };
    let paths = fill(&mut paths_v);
    let leaf = if leaf_same {
        None
    } else {
        let mut v = Verbaliser::new(&schema, &leaf_template).map_err(|e| anyhow::anyhow!("leaf-name template for {label}: {e}"))?;
        Some(fill(&mut v))
    };

    // Questions embedded once, shared by every configuration.
    let q_texts: Vec<&str> = questions.iter().map(|q| q.text.as_str()).collect();
    let q_vectors = if q_texts.is_empty() { None } else { Some(meter.embed(embedder, &format!("{label} questions"), &q_texts)?) };

    let both: Option<Vec<Passage>> = match paths.first() {
        Some(first) if options.proposal => indexed.iter().map(|&i| both_forms(&schema, table, first, i)).collect(),
        _ => None,
    };
    let same_as_paths = |ps: &[Passage]| ps.len() == paths.len() && ps.iter().zip(&paths).all(|(a, b)| a.text == b.text);

    // (e): the passages of (c), embedded through the table's embedding text.
    let plan = EmbedText::new(&schema);
    let mut cut = Cut::default();
    let embed_texts: Vec<Vec<String>> = indexed.iter().zip(&paths).map(|(&i, p)| plan.texts(&table.rows[i], &p.text, &mut cut)).collect();

    let mut ranks = vec![vec![Vec::new(); Mode::ALL.len()]; 5];
    let mut examples = vec![String::new(); 5];
    for config in [Config::Raw, Config::Paths, Config::Leaf, Config::Both, Config::Embed] {
        let passages = match config {
            Config::Raw => &raw,
            Config::Paths | Config::Embed => &paths,
            Config::Both => match &both {
                Some(b) if same_as_paths(b) => {
                    ranks[Config::Both.index()] = ranks[Config::Paths.index()].clone();
                    examples[Config::Both.index()] = examples[Config::Paths.index()].clone();
                    continue;
                }
                Some(b) => b,
                None => continue,
            },
            Config::Leaf => match &leaf {
                Some(l) => l,
                None => {
                    ranks[Config::Leaf.index()] = ranks[Config::Paths.index()].clone();
                    examples[Config::Leaf.index()] = examples[Config::Paths.index()].clone();
                    continue;
                }
            },
        };
        let texts: Vec<&str> = if config == Config::Embed {
            examples[config.index()] = embed_texts.first().map(|t| t.join(" | ")).unwrap_or_default();
            embed_texts.iter().flatten().map(String::as_str).collect()
        } else {
            examples[config.index()] = passages.first().map(|p| p.text.clone()).unwrap_or_default();
            passages.iter().map(|p| p.text.as_str()).collect()
        };
        let vectors = meter.embed(embedder, &format!("{label} {}", config.short()), &texts)?;
        let mut meta = CollectionMeta { model: embedder.name().to_string(), dim: embedder.dim(), ..Default::default() };
        let template = match config {
            Config::Raw => "(raw CSV line)".to_string(),
            Config::Leaf => leaf_template.clone(),
            Config::Paths => paths_template.clone(),
            Config::Both => "(proposal (d), filled by the harness)".to_string(),
            Config::Embed => paths_template.clone(),
        };
        meta.templates.insert(table.name.clone(), template);
        let mut collection = Collection::new(meta, DenseKind::FlatF32)?;
        if config == Config::Embed {
            let mut rows = vectors.rows();
            for (p, chunks) in passages.iter().zip(&embed_texts) {
                let flat: Vec<f32> = rows.by_ref().take(chunks.len()).flatten().copied().collect();
                collection.add_chunks(p.clone(), &flat)?;
            }
        } else {
            for (p, v) in passages.iter().zip(vectors.rows()) {
                collection.add(p.clone(), v)?;
            }
        }
        let mut per_mode: Vec<Vec<Option<usize>>> = (0..Mode::ALL.len()).map(|_| Vec::with_capacity(questions.len())).collect();
        let mut misses = [0usize; Mode::ALL.len()];
        for (qi, q) in questions.iter().enumerate() {
            let qv = q_vectors.as_ref().and_then(|e| e.get(qi)).expect("one vector per question");
            for mode in Mode::ALL {
                let results = match mode {
                    Mode::Dense => collection.search_dense(qv, K)?,
                    Mode::Lexical => collection.search_lexical(&q.text, K),
                    Mode::Hybrid => collection.search_hybrid(qv, &q.text, K)?,
                    Mode::HybridRrf => collection.search_hybrid_with(qv, &q.text, K, Fusion::Rrf)?,
                };
                let rank = results
                    .iter()
                    .position(|r| r.passage.provenance.row == q.row && r.passage.provenance.table == table.name)
                    .map(|p| p + 1);
                if rank.is_none() && misses[mode.index()] < options.show_misses {
                    misses[mode.index()] += 1;
                    show_miss(&label, config, mode, q, &results, passages);
                }
                per_mode[mode.index()].push(rank);
            }
        }
        ranks[config.index()] = per_mode;
    }

    Ok(TableRun {
        label,
        table: table.name.clone(),
        note: source.note.to_string(),
        rows: n,
        indexed: indexed.len(),
        key: key_names,
        unidentifiable,
        skipped,
        unaskable,
        hierarchical,
        leaf_same,
        questions,
        ranks,
        examples,
    })
}

fn show_miss(label: &str, config: Config, mode: Mode, q: &Question, results: &[SearchResult<'_>], passages: &[Passage]) {
    let want = passages.iter().find(|p| p.provenance.row == q.row).map(|p| p.text.as_str()).unwrap_or("?");
    eprintln!("miss · {label} · {} · {}: {:?} (row {})", config.short(), mode.label(), q.text, q.row);
    eprintln!("    want: {want}");
    for r in results.iter().take(2) {
        eprintln!("    got {:>4}: {}", r.passage.provenance.row, r.passage.text);
    }
}

/// Counts what was embedded and how fast, and shows progress on stderr.
#[derive(Default)]
struct EmbedMeter {
    texts: usize,
    seconds: f64,
}

impl EmbedMeter {
    fn embed(&mut self, embedder: &Embedder, what: &str, texts: &[&str]) -> Result<Embeddings> {
        let start = Instant::now();
        let total = texts.len();
        let mut err = std::io::stderr();
        let out = embedder.embed(texts, BATCH, &mut |done| {
            let s = start.elapsed().as_secs_f64().max(1e-9);
            let _ = write!(err, "\r  embedding {what}: {done}/{total} ({:.0}/s)   ", done as f64 / s);
            let _ = err.flush();
        })?;
        let s = start.elapsed().as_secs_f64();
        eprintln!("\r  embedded {what}: {total} in {s:.1} s ({:.0}/s)   ", total as f64 / s.max(1e-9));
        self.texts += total;
        self.seconds += s;
        Ok(out)
    }
}

// ------------------------------------------------------------------------------------------------
// Templates

/// The static template with each column labelled by its leaf name: `'Temperature > max'` becomes
/// `'max'`; placeholders keep the full path, so the template still binds to the schema.
pub fn leaf_names(template: &str, columns: &[ColumnSchema]) -> String {
    let mut out = template.to_string();
    for c in columns.iter().filter(|c| c.path.len() > 1) {
        let leaf = c.path.last().expect("paths have a last element");
        for (before, after) in [("The value for '", "' is "), ("The field '", "' ")] {
            out = out.replace(&format!("{before}{}{after}", c.name), &format!("{before}{leaf}{after}"));
        }
    }
    out
}

/// Configuration (d) for one row: the static template's sentences for a flat table, each value
/// shown as the template formats it and, where that differs, also as the file writes it:
/// "The value for 'date' is 6 January 2012 (2012/01/06)." None for tables with nested columns.
fn both_forms(schema: &TableSchema, table: &Table, like: &Passage, r: usize) -> Option<Passage> {
    if schema.columns.iter().any(|c| c.shape != Shape::Scalar) {
        return None;
    }
    let mut sentences = Vec::new();
    if let Some(caption) = table.context.as_ref().and_then(|c| c.caption.as_deref()) {
        let c = caption.trim();
        sentences.push(if c.ends_with('.') { c.to_string() } else { format!("{c}.") });
    }
    let mut columns = Vec::new();
    for (i, col) in schema.columns.iter().enumerate() {
        let Some(raw) = cell(table, r, i) else {
            continue;
        };
        let shown = format_value(col, raw);
        let value = if shown == raw { raw.to_string() } else { format!("{shown} ({raw})") };
        sentences.push(format!("The value for '{}' is {value}.", col.name));
        columns.push(col.name.clone());
    }
    let mut provenance = like.provenance.clone();
    provenance.row = RowRef::from_index(r);
    provenance.columns = columns;
    Some(Passage { text: sentences.join(" "), provenance })
}

// ------------------------------------------------------------------------------------------------
// Identifying rows

fn cell(table: &Table, row: usize, col: usize) -> Option<&str> {
    table.rows[row].get(col).and_then(Value::as_text).map(str::trim).filter(|s| !is_missing(s))
}

fn name_like(c: &ColumnSchema) -> bool {
    let leaf = c.path.last().map(String::as_str).unwrap_or(&c.name);
    name_tokens(leaf).iter().any(|t| matches!(t.as_str(), "name" | "title" | "label"))
}

/// How good a column is at naming a row, lower is better; None: not a naming column (measurements,
/// free text). Name columns are ranked as one unit (see `find_key`).
fn key_rank(c: &ColumnSchema) -> Option<u32> {
    if c.shape != Shape::Scalar {
        return None;
    }
    match c.ty {
        ColumnType::Identifier => Some(0),
        ColumnType::Text if name_like(c) => Some(1),
        ColumnType::Date | ColumnType::Datetime => Some(2),
        ColumnType::Text if c.categorical => Some(3),
        ColumnType::Integer | ColumnType::Boolean if c.categorical => Some(4),
        _ => None,
    }
}

/// Rows whose key values are all present and occur once in the table.
fn unique_rows(table: &Table, key: &[usize]) -> HashSet<usize> {
    if key.is_empty() {
        return HashSet::new();
    }
    let mut seen: HashMap<Vec<&str>, Vec<usize>> = HashMap::new();
    for r in 0..table.rows.len() {
        let values: Option<Vec<&str>> = key.iter().map(|&c| cell(table, r, c)).collect();
        if let Some(v) = values {
            seen.entry(v).or_default().push(r);
        }
    }
    seen.into_values().filter(|rows| rows.len() == 1).map(|rows| rows[0]).collect()
}

/// The smallest combination of naming units that singles out at least `KEY_COVERAGE` of the rows;
/// ties go to more rows, then better naming columns, then earlier ones. Without one, the
/// combination singling out the most rows. Units are identifiers, dates, categorical columns and
/// the name: all name columns together ("first_name" + "last_name" name a person; a first name
/// alone may happen to be unique, but nobody asks about "Gregory").
pub fn find_key(table: &Table, schema: &TableSchema) -> Vec<usize> {
    let mut units: Vec<(Vec<usize>, u32)> = Vec::new();
    let names: Vec<usize> = (0..schema.columns.len()).filter(|&i| key_rank(&schema.columns[i]) == Some(1)).collect();
    for (i, c) in schema.columns.iter().enumerate() {
        match key_rank(c) {
            Some(1) if names[0] == i => units.push((names.clone(), 1)),
            Some(1) | None => {}
            Some(r) => units.push((vec![i], r)),
        }
    }
    let n = table.rows.len();
    let mut best_any: Option<(usize, Vec<usize>)> = None;
    for size in 1..=KEY_MAX_COLUMNS.min(units.len()) {
        let mut best: Option<(usize, u32, Vec<usize>)> = None;
        for combo in combinations(units.len(), size) {
            let mut cols: Vec<usize> = combo.iter().flat_map(|&j| units[j].0.iter().copied()).collect();
            cols.sort_unstable();
            let rank: u32 = combo.iter().map(|&j| units[j].1).sum();
            let covered = unique_rows(table, &cols).len();
            let better = match &best {
                None => true,
                Some((c, r, _)) => covered > *c || (covered == *c && rank < *r),
            };
            if better {
                best = Some((covered, rank, cols));
            }
        }
        if let Some((covered, _, cols)) = best {
            if covered as f64 >= KEY_COVERAGE * n as f64 {
                return cols;
            }
            if best_any.as_ref().is_none_or(|(c, _)| covered > *c) {
                best_any = Some((covered, cols));
            }
        }
    }
    best_any.filter(|(c, _)| *c > 0).map(|(_, cols)| cols).unwrap_or_default()
}

/// All `k`-element subsets of `0..n`, in lexicographic order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur = Vec::with_capacity(k);
    fn rec(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            cur.push(i);
            rec(i + 1, n, k, cur, out);
            cur.pop();
        }
    }
    rec(0, n, k, &mut cur, &mut out);
    out
}

// ------------------------------------------------------------------------------------------------
// Questions

/// The phrasings; `{x}` is the asked-for column, `{y}` the identifying values. The last one is
/// only used for numeric columns.
pub const FORMS: [&str; 5] =
    ["What is the {x} of {y}?", "{y}: what {x}?", "Tell me the {x} for {y}.", "Which {x} does {y} have?", "How much {x} for {y}?"];

/// A column name as words: "Miles_per_Gallon" → "miles per gallon", "Temperature > max" →
/// "temperature max".
pub fn readable(c: &ColumnSchema) -> String {
    let parts: Vec<String> = if c.path.is_empty() { vec![c.name.clone()] } else { c.path.clone() };
    parts.iter().flat_map(|p| name_tokens(p)).collect::<Vec<_>>().join(" ")
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// True when every word of the answer (as written, or as the sentences write it) is in the question.
pub fn gives_away(question: &str, answer: &str, formatted: &str) -> bool {
    let q: HashSet<String> = words(question).into_iter().collect();
    [answer, formatted].iter().any(|a| {
        let w = words(a);
        !w.is_empty() && w.iter().all(|x| q.contains(x))
    })
}

/// One question for row `r`, or None when no column can be asked about without giving the answer away.
fn ask(table: &Table, schema: &TableSchema, key: &[usize], r: usize, rng: &mut Rng) -> Option<Question> {
    let style = if rng.below(2) == 0 { Style::File } else { Style::Prose };
    let values: Vec<String> = key
        .iter()
        .map(|&c| {
            let raw = cell(table, r, c).unwrap_or_default();
            match style {
                Style::File => raw.to_string(),
                Style::Prose => format_value(&schema.columns[c], raw).into_owned(),
            }
        })
        .collect();
    // The name bare ("ford torino", "Cesar A. Aguilar"), other identifying columns with their
    // names: "ford torino with year 1970-01-01", "variety Manchuria, year 1931 and site Morris".
    type Pairs<'a> = Vec<(usize, &'a String)>;
    let (name, others): (Pairs, Pairs) = key.iter().copied().zip(&values).partition(|(c, _)| key_rank(&schema.columns[*c]) == Some(1));
    let name = name.iter().map(|(_, v)| v.as_str()).collect::<Vec<_>>().join(" ");
    let y = if key.len() == 1 {
        values[0].clone()
    } else if others.is_empty() {
        name
    } else {
        let pairs: Vec<String> = others.iter().map(|(c, v)| format!("{} {v}", readable(&schema.columns[*c]))).collect();
        let (last, rest) = pairs.split_last().expect("checked non-empty");
        let others = if rest.is_empty() { last.clone() } else { format!("{} and {last}", rest.join(", ")) };
        if name.is_empty() {
            others
        } else {
            format!("{name} with {others}")
        }
    };
    let mut targets: Vec<usize> = (0..schema.columns.len())
        .filter(|c| !key.contains(c) && schema.columns[*c].shape == Shape::Scalar && cell(table, r, *c).is_some())
        .collect();
    rng.shuffle(&mut targets);
    for t in targets {
        let col = &schema.columns[t];
        let forms = if col.ty.is_numeric() { FORMS.len() } else { FORMS.len() - 1 };
        let form = rng.below(forms);
        let text = FORMS[form].replace("{x}", &readable(col)).replace("{y}", &y);
        let text = capitalise(&text);
        let answer = cell(table, r, t).unwrap_or_default();
        if gives_away(&text, answer, &format_value(col, answer)) {
            continue;
        }
        return Some(Question { row: RowRef::from_index(r), text, target: col.name.clone(), form, style });
    }
    None
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

// ------------------------------------------------------------------------------------------------
// Seeded randomness (SplitMix64: no dependency, same numbers everywhere)

pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
    /// `k` distinct indices from `0..n`.
    pub fn sample(&mut self, n: usize, k: usize) -> Vec<usize> {
        let mut all: Vec<usize> = (0..n).collect();
        self.shuffle(&mut all);
        all.truncate(k);
        all
    }
}

// ------------------------------------------------------------------------------------------------
// Markdown

fn rate(hits: usize, n: usize) -> String {
    if n == 0 {
        "—".to_string()
    } else {
        format!("{:.3}", hits as f64 / n as f64)
    }
}

/// (hits@1, hits@5, questions) for one configuration and mode over some tables' questions,
/// optionally filtered.
fn count(tables: &[&TableRun], config: Config, mode: Mode, keep: &dyn Fn(&Question) -> bool) -> (usize, usize, usize) {
    let (mut h1, mut h5, mut n) = (0, 0, 0);
    for t in tables {
        for (q, r) in t.questions.iter().zip(t.ranks(config, mode)) {
            if !keep(q) {
                continue;
            }
            n += 1;
            h1 += usize::from(*r == Some(1));
            h5 += usize::from(r.is_some());
        }
    }
    (h1, h5, n)
}

fn header() -> String {
    let mut s = String::from("| passages |");
    for m in Mode::ALL {
        s.push_str(&format!(" {0} hit@1 | {0} hit@5 |", m.label()));
    }
    s.push_str(" questions |\n|---|");
    for _ in 0..Mode::ALL.len() * 2 + 1 {
        s.push_str("---:|");
    }
    s.push('\n');
    s
}

fn row(label: &str, tables: &[&TableRun], config: Config, keep: &dyn Fn(&Question) -> bool) -> String {
    let mut s = format!("| {label} |");
    let mut questions = 0;
    for m in Mode::ALL {
        let (h1, h5, n) = count(tables, config, m, keep);
        questions = n;
        s.push_str(&format!(" {} | {} |", rate(h1, n), rate(h5, n)));
    }
    s.push_str(&format!(" {questions} |\n"));
    s
}

/// The configurations measured for all of `tables`: (a)–(c), and (d) when it was run.
fn measured(tables: &[&TableRun]) -> Vec<Config> {
    let mut out = Config::ALL.to_vec();
    if !tables.is_empty() && tables.iter().all(|t| t.ranks(Config::Both, Mode::Dense).len() == t.questions.len()) {
        out.push(Config::Both);
    }
    out
}

/// One table's results.
pub fn table_markdown(t: &TableRun) -> String {
    let mut s = format!("#### {}\n\n", t.label);
    let key =
        if t.key.is_empty() { "none found".to_string() } else { t.key.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(" + ") };
    s.push_str(&format!(
        "{}. {} rows, {} indexed; identified by {key} ({} of {} rows not unique, {} of the indexed rows skipped{}); {} questions{}.\n\n",
        t.note,
        t.rows,
        t.indexed,
        t.unidentifiable,
        t.rows,
        t.skipped,
        if t.unaskable > 0 {
            format!(", {} with nothing to ask that the question would not give away", t.unaskable)
        } else {
            String::new()
        },
        t.questions.len(),
        if t.hierarchical { "; multi-row headers" } else { "" }
    ));
    s.push_str(&header());
    let all = |_: &Question| true;
    for config in measured(&[t]) {
        if config == Config::Leaf && t.leaf_same {
            let cells = "= (c) | ".repeat(Mode::ALL.len() * 2);
            s.push_str(&format!("| {} | {cells}{} |\n", config.label(), t.questions.len()));
            continue;
        }
        s.push_str(&row(config.label(), &[t], config, &all));
    }
    if t.leaf_same {
        s.push_str("\nNo multi-row headers: (b) and (c) are the same passages.\n");
    }
    s
}

/// Every table, the overall tables and the breakdowns, as Markdown.
pub fn markdown(report: &Report) -> String {
    let mut s = String::new();
    let all: Vec<&TableRun> = report.tables.iter().collect();
    let hier: Vec<&TableRun> = report.tables.iter().filter(|t| !t.leaf_same).collect();
    let every = |_: &Question| true;
    let questions: usize = all.iter().map(|t| t.questions.len()).sum();
    let passages: usize = all.iter().map(|t| t.indexed).sum();

    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    s.push_str(&format!("### Overall: {}, {questions} questions, {passages} passages per configuration\n\n", plural(all.len(), "table")));
    s.push_str(&header());
    for config in measured(&all) {
        s.push_str(&row(config.label(), &all, config, &every));
    }
    s.push_str(&format!(
        "\nHit rates over all questions (each table searched in its own collection). For the {} without \
         multi-row headers (b) is (c): the passages are the same.\n\n",
        plural(all.len() - hier.len(), "table")
    ));

    if !hier.is_empty() {
        let names: Vec<&str> = hier.iter().map(|t| t.label.as_str()).collect();
        s.push_str(&format!("### Tables with multi-row headers only ({})\n\n", names.join(", ")));
        s.push_str(&header());
        for config in measured(&hier) {
            s.push_str(&row(config.label(), &hier, config, &every));
        }
        s.push('\n');
    }

    s.push_str("### By how the question writes the identifying values (all tables)\n\n");
    s.push_str("Half the questions write them as the file does (\"2012/01/05\"), half as the sentences do (\"5 January 2012\"); they differ only for dates, numbers and booleans.\n\n");
    s.push_str(&header());
    for (style, name) in [(Style::File, "as in the file"), (Style::Prose, "as in the sentences")] {
        for config in measured(&all).into_iter().filter(|&c| c != Config::Leaf) {
            let keep = move |q: &Question| q.style == style;
            s.push_str(&row(&format!("{} · {name}", config.label()), &all, config, &keep));
        }
    }
    s.push('\n');

    s.push_str("### By phrasing (all tables)\n\n");
    s.push_str(&header());
    for (f, form) in FORMS.iter().enumerate() {
        for config in [Config::Raw, Config::Paths] {
            let keep = move |q: &Question| q.form == f;
            s.push_str(&row(&format!("{} · \"{form}\"", config.label()), &all, config, &keep));
        }
    }
    s.push('\n');

    s.push_str("### Per table\n\n");
    for t in &report.tables {
        s.push_str(&table_markdown(t));
        s.push('\n');
    }

    s.push_str("### Example passages and questions\n\n");
    for t in &report.tables {
        s.push_str(&format!("- **{}**\n", t.label));
        for config in measured(&[t]) {
            if config == Config::Leaf && t.leaf_same {
                continue;
            }
            s.push_str(&format!("  - {}: `{}`\n", config.label(), t.examples[config.index()].replace('`', "'")));
        }
        for q in t.questions.iter().take(3) {
            s.push_str(&format!("  - question (row {}, asks `{}`): \"{}\"\n", q.row, q.target, q.text));
        }
    }
    s
}
