//! `Dataset`: loaded tables ready for questions, routing each one to the exact path, a meta
//! answer, a question back (`Conversation` resumes it) or retrieval.

use std::sync::OnceLock;

use serde_json::Value as Json;

use super::answer::{capabilities, clarify_text, meta_text, refusal_text, tr, Answer, ClarifyOut, Route};
use super::catalog::Catalog;
use super::engine::Engine;
use super::error::QueryError;
use super::lang::{self, Lang};
use super::limits::SqlLimits;
use super::understand::{self, understand, Clarification, MetaKind, Overrides, Understanding};
use super::{execute, series, sql, text};
use crate::description::DatasetDescription;
use crate::embed_text::{ColumnChoice, Cut, EmbedText, EmbedTexts};
use crate::index::{Bm25Index, Bm25Params};
use crate::schema::{apply_declared, infer_table, TableSchema};
use crate::table::Table;
use crate::verbalise::{Passage, Verbaliser};

/// Below this confidence a question goes to retrieval instead of the exact path.
pub const MIN_CONFIDENCE: f32 = 0.5;

/// Below this similarity a word is not read as a field by meaning.
pub const MIN_FIELD_SIMILARITY: f32 = 0.6;

/// Below this lead over the next field a word's closest field in meaning is a guess: refused.
pub const MIN_FIELD_MARGIN: f32 = 0.1;

/// Scores names by closeness in meaning to a word none of the fields' names match (sentence
/// embeddings in the CLI; none on the edge). Returns one similarity per name, in order; which
/// score is enough is decided here, in `by_meaning`, not by the matcher.
pub trait FieldMatcher {
    fn similarities(&self, word: &str, names: &[String]) -> Option<Vec<f32>>;
}

/// Loaded tables, ready for questions: catalogs for the parser, and the engine holding the rows.
pub struct Dataset {
    pub(super) tables: Vec<Table>,
    pub(super) schemas: Vec<TableSchema>,
    catalogs: Vec<Catalog>,
    pub(super) engine: Engine,
    description: DatasetDescription,
    /// Passages and their BM25 index, built on the first question that needs retrieval.
    lexical: OnceLock<(Vec<Passage>, Bm25Index)>,
    /// The user's (or the refined) template per table; `None` verbalises with the static one.
    templates: Vec<Option<String>>,
    matcher: Option<Box<dyn FieldMatcher>>,
    /// Long views of wide tables: their catalogs follow the tables' in `catalogs`, at `wide + i`.
    long: Vec<series::LongView>,
}

/// The state a clarifying sub-conversation needs: the question waiting for the user's choice.
#[derive(Clone, Debug, Default)]
pub struct Conversation {
    pub lang: Option<Lang>,
    pending: Option<Pending>,
}

#[derive(Clone, Debug)]
struct Pending {
    question: String,
    table: usize,
    clarification: Clarification,
}

impl Conversation {
    pub fn is_waiting(&self) -> bool {
        self.pending.is_some()
    }
}

impl Dataset {
    /// Registers every table with the engine (the schema types its columns).
    pub fn new(tables: Vec<Table>, description: DatasetDescription) -> Result<Dataset, QueryError> {
        if tables.is_empty() {
            return Err(QueryError::NoTable);
        }
        let engine = Engine::new();
        // Declared types as the report shows them (those the values do not allow are ignored).
        let schemas: Vec<TableSchema> = tables
            .iter()
            .map(|t| {
                let mut s = infer_table(t);
                apply_declared(&mut s, &description);
                s
            })
            .collect();
        let mut catalogs = Vec::new();
        for (t, s) in tables.iter().zip(&schemas) {
            engine.register(t, s)?;
            catalogs.push(Catalog::build(t, s, &description));
        }
        // A wide table (a year or a stock per column) is also asked about as its long view.
        let mut long = Vec::new();
        for (i, (t, s)) in tables.iter().zip(&schemas).enumerate() {
            let Some(found) = series::find(t, s) else { continue };
            let view = series::melt(t, &found);
            let mut vs = infer_table(&view.table);
            // An identifier repeats in the long view (a row per member) but still identifies.
            for c in vs.columns.iter_mut() {
                if s.columns.iter().any(|w| w.name == c.name && w.ty == crate::schema::ColumnType::Identifier) {
                    c.ty = crate::schema::ColumnType::Identifier;
                }
            }
            engine.register_cited(&view.table, &vs, Some(&view.rows))?;
            let cat = series::catalog(&view, &vs, &catalogs[i], t, &description);
            catalogs.push(cat);
            long.push(view);
        }
        let templates = vec![None; tables.len()];
        Ok(Dataset { tables, schemas, catalogs, engine, description, lexical: OnceLock::new(), templates, matcher: None, long })
    }

    /// Verbalises the rows of table `table` (by index) with `template` instead of the static one,
    /// so retrieval and generation read the prose the user accepted. Checked against the schema.
    pub fn set_template(&mut self, table: usize, template: &str) -> Result<(), QueryError> {
        let (schema, t) = (self.schemas.get(table).ok_or(QueryError::NoTable)?, &self.tables[table]);
        Verbaliser::new(schema, template).map_err(|e| QueryError::Template { table: t.name.clone(), message: e.to_string() })?;
        self.templates[table] = Some(template.to_string());
        self.lexical = OnceLock::new();
        Ok(())
    }

    /// The loaded tables, in order (templates and citations refer to them by index).
    pub fn tables(&self) -> &[Table] {
        &self.tables
    }

    /// Lets unknown words be read as the field closest in meaning (synonyms nobody declared).
    pub fn set_field_matcher(&mut self, m: Box<dyn FieldMatcher>) {
        self.matcher = Some(m);
    }

    /// "average mileage" → Miles_per_Gallon: the field whose names are closest in meaning to an
    /// unknown word, when similar enough; the question is then parsed again with that field.
    fn by_meaning(
        &self,
        table: usize,
        q: &str,
        word: &str,
        span: (usize, usize),
        hint: Option<Lang>,
    ) -> Option<(understand::Parsed, String, f32)> {
        let m = self.matcher.as_ref()?;
        let cat = &self.catalogs[table];
        // "Argentina, Brasil o Chile": a capitalised word inside the question names a thing, not a column.
        let capitalised = word.chars().next().is_some_and(char::is_uppercase) && word.chars().skip(1).all(char::is_lowercase);
        if capitalised && span.0 > 0 {
            return None;
        }
        let mut names = Vec::new();
        let mut owner = Vec::new();
        for (i, f) in cat.fields.iter().enumerate() {
            for n in std::iter::once(f.label.clone()).chain(f.names.iter().map(|w| w.join(" "))) {
                names.push(n);
                owner.push(i);
            }
        }
        let sims = m.similarities(word, &names)?;
        // Each field's best name, then the best field and its lead over the runner-up: a word
        // halfway between two fields is a guess, not an exact reading.
        let mut per_field = vec![f32::NEG_INFINITY; cat.fields.len()];
        for (&i, &s) in owner.iter().zip(&sims) {
            per_field[i] = per_field[i].max(s);
        }
        let (field, sim) = per_field.iter().copied().enumerate().max_by(|a, b| a.1.total_cmp(&b.1))?;
        let second = per_field.iter().enumerate().filter(|(i, _)| *i != field).map(|(_, s)| *s).fold(f32::NEG_INFINITY, f32::max);
        if std::env::var_os("TABLETALK_DEBUG_PARSE").is_some() {
            eprintln!("[meaning] {word} → {} ({sim:.3}, next {second:.3})", cat.fields[field].name);
        }
        // "leaders" → leaderspellreg (a spell of a regime): the word names the compound's first part only.
        if sim < MIN_FIELD_SIMILARITY || sim - second < MIN_FIELD_MARGIN || text::only_a_modifier(word, &cat.fields[field].name) {
            return None;
        }
        // "How many survived and how many died?": "died" is near `survived` in meaning, but the
        // question names that field already; the word says something else of it.
        if understand::names_field_elsewhere(q, cat, field, span, hint) {
            return None;
        }
        let parsed = understand(q, cat, hint, &Overrides { spans: vec![(span, field)], target: None, quiet: Vec::new() });
        // "average price of a large pizza" with "large" read as `size`: a reading that does not use
        // the field the word was read as has dropped the word.
        let reads = |plan: &crate::query::Plan| crate::query::contract::plan_fields(plan).iter().any(|n| *n == cat.fields[field].name);
        matches!(&parsed.understanding, Understanding::Exact { plan, .. } if reads(plan))
            .then(|| (parsed, cat.fields[field].name.clone(), sim))
    }

    pub fn catalogs(&self) -> &[Catalog] {
        &self.catalogs
    }

    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Parses against every table and keeps the reading that recognised the most; when no table
    /// reads it exactly, a wide table's long view may ("Which stock was highest on 2018-12-24?").
    pub fn understand(&self, q: &str, hint: Option<Lang>) -> (usize, understand::Parsed) {
        let wide = self.tables.len();
        let mut best: Option<(usize, understand::Parsed)> = None;
        for (i, cat) in self.catalogs[..wide].iter().enumerate() {
            let p = understand(q, cat, hint, &Overrides::default());
            if best.as_ref().is_none_or(|(_, b)| p.score > b.score) {
                best = Some((i, p));
            }
        }
        let best = best.expect("at least one table");
        if matches!(best.1.understanding, Understanding::Exact { .. } | Understanding::Meta(_)) {
            return best;
        }
        for (j, view) in self.long.iter().enumerate() {
            let cat = &self.catalogs[wide + j];
            if let Some(p) = self.understand_long(q, cat, view, hint) {
                return (wide + j, p);
            }
        }
        self.years_values_named(q, hint, &best.1).unwrap_or(best)
    }

    /// "the per capita income of Texas in 1990" over a table with a column per year and no other
    /// measure: the few words nothing names, side by side, are the visitor's name for the years'
    /// values. (A name in capitals is a row the table may lack: never passed over.)
    fn years_values_named(&self, q: &str, hint: Option<Lang>, best: &understand::Parsed) -> Option<(usize, understand::Parsed)> {
        let words: Vec<String> = match &best.understanding {
            Understanding::Refuse(understand::Refusal::UnknownField { word, .. }) => vec![word.clone()],
            Understanding::Refuse(understand::Refusal::Unplaced { words, .. }) => words.clone(),
            _ => return None,
        };
        let tokens = text::tokenize(q);
        let at: Vec<usize> = (0..tokens.len()).filter(|&i| words.contains(&tokens[i].raw)).collect();
        let plain = |i: usize| {
            let w = &tokens[i].raw;
            w.chars().all(char::is_alphabetic) && (i == 0 || best.lang == Lang::De || w.chars().all(char::is_lowercase))
        };
        if at.is_empty()
            || at.len() > 3
            || at.len() != words.len()
            || at.windows(2).any(|w| w[1] != w[0] + 1)
            || !at.iter().all(|&i| plain(i))
        {
            return None;
        }
        let wide = self.tables.len();
        for (j, view) in self.long.iter().enumerate() {
            let cat = &self.catalogs[wide + j];
            let value = cat.field(&view.value)?;
            let measures = cat.fields.iter().enumerate().filter(|(f, fi)| {
                *f != value
                    && fi.ty.is_numeric()
                    && !fi.flag
                    && !fi.yearly
                    && !fi.derived()
                    && fi.ty != crate::schema::ColumnType::Identifier
            });
            if view.kind != series::SeriesKind::Years || measures.count() > 0 {
                continue;
            }
            let Some(i) = self.tables.iter().position(|t| format!("{} (long)", t.name) == view.table.name) else { continue };
            let quiet: Vec<(usize, usize)> = at.iter().map(|&i| (i, i + 1)).collect();
            let named = |mut p: understand::Parsed| {
                p.values_named = at.iter().map(|&i| tokens[i].raw.clone()).collect();
                p
            };
            let p = understand(q, &self.catalogs[i], hint, &Overrides { spans: Vec::new(), target: None, quiet: quiet.clone() });
            if matches!(p.understanding, Understanding::Exact { .. }) {
                return Some((i, named(p)));
            }
            let spans: Vec<((usize, usize), usize)> = quiet.iter().map(|&r| (r, value)).collect();
            let p = understand(q, cat, hint, &Overrides { spans, target: None, quiet: Vec::new() });
            if matches!(&p.understanding, Understanding::Exact { plan, .. } if series::answers_rightly(plan, cat, view)) {
                return Some((wide + j, named(p)));
            }
        }
        None
    }

    /// A long view's exact reading, when it answers what the wide table was asked. A word nothing
    /// else names right after "which" names the series' columns ("Which company…", "Welche Aktien…").
    fn understand_long(&self, q: &str, cat: &Catalog, view: &series::LongView, hint: Option<Lang>) -> Option<understand::Parsed> {
        let exact = |p: &understand::Parsed| matches!(&p.understanding, Understanding::Exact { plan, .. } if series::answers_rightly(plan, cat, view));
        let debug = std::env::var_os("TABLETALK_DEBUG_PARSE").is_some();
        // "fields", "Spalten" name the key here, not the table's columns; "share" the value of percentages.
        let tokens = text::tokenize(q);
        let (key, value) = (cat.field(&view.key)?, cat.field(&view.value)?);
        let mut spans: Vec<((usize, usize), usize)> = Vec::new();
        let mut quiet = Vec::new();
        let months = cat.fields[key].names.iter().any(|n| n.len() == 1 && n[0] == "month");
        for (i, t) in tokens.iter().enumerate() {
            match series::word_names(view.kind, &t.fold) {
                Some(series::Names::Key) => spans.push(((i, i + 1), key)),
                Some(series::Names::Value) => spans.push(((i, i + 1), value)),
                None if months && lang::monthly_word(&t.fold) => quiet.push((i, i + 1)),
                None => {}
            }
        }
        let p = understand(q, cat, hint, &Overrides { spans: spans.clone(), target: None, quiet: quiet.clone() });
        if debug {
            eprintln!("[long] {:?}", p.understanding);
        }
        if exact(&p) {
            return Some(p);
        }
        let unplaced: Vec<String> = match &p.understanding {
            Understanding::Refuse(understand::Refusal::UnknownField { word, .. }) => vec![word.clone()],
            Understanding::Refuse(understand::Refusal::Unplaced { words, .. }) => words.clone(),
            _ => return None,
        };
        if view.kind == series::SeriesKind::Years {
            return None;
        }
        let at = (1..tokens.len()).find(|&i| lang::which_word(&tokens[i - 1].fold) && unplaced.contains(&tokens[i].raw))?;
        spans.push(((at, at + 1), key));
        let again = understand(q, cat, hint, &Overrides { spans, target: None, quiet });
        if debug {
            eprintln!("[long] {:?}", again.understanding);
        }
        exact(&again).then_some(again)
    }

    /// Answers one question; a reply to a pending question back resumes the original question.
    pub async fn ask(&self, conv: &mut Conversation, q: &str) -> Answer {
        if let Some(p) = conv.pending.take() {
            if let Some(choice) = resolve_reply(&self.catalogs[p.table], &p.clarification, q) {
                let field = self.catalogs[p.table].field(&choice).expect("options are fields");
                let ov = match p.clarification.span {
                    Some(span) => Overrides { spans: vec![(span, field)], target: None, quiet: Vec::new() },
                    None => Overrides { spans: Vec::new(), target: Some(field), quiet: Vec::new() },
                };
                let parsed = understand(&p.question, &self.catalogs[p.table], conv.lang, &ov);
                return self.respond(conv, p.table, &p.question, parsed).await;
            }
        }
        let (table, parsed) = self.understand(q, conv.lang);
        self.respond(conv, table, q, parsed).await
    }

    async fn respond(&self, conv: &mut Conversation, table: usize, q: &str, parsed: understand::Parsed) -> Answer {
        if let Understanding::Refuse(understand::Refusal::UnknownField { word, span: Some(span), .. }) = &parsed.understanding {
            if let Some((mut again, field, sim)) = self.by_meaning(table, q, word, *span, conv.lang) {
                let lang = again.lang;
                if let Understanding::Exact { confidence, .. } = &mut again.understanding {
                    *confidence = confidence.min(sim);
                }
                let word = word.clone();
                let mut a = Box::pin(self.respond(conv, table, q, again)).await;
                if a.route == Route::Exact || a.route == Route::Lookup {
                    a.answer.push_str(&tr(
                        lang,
                        format!(" (“{word}” read as “{field}”, the closest field in meaning)"),
                        format!(" («{word}» entendido como «{field}», el campo más parecido en significado)"),
                        format!(" («{word}» entès com a «{field}», el camp més proper en significat)"),
                        format!(" („{word}“ als „{field}“ gelesen, das bedeutungsnächste Feld)"),
                    ));
                }
                return a;
            }
        }
        let lang = parsed.lang;
        conv.lang = Some(lang);
        let cat = &self.catalogs[table];
        match parsed.understanding {
            Understanding::Exact { plan, confidence } if confidence >= MIN_CONFIDENCE => {
                match execute::run(&self.engine, cat, &plan, lang, confidence).await {
                    Ok(mut a) => {
                        // A field group's default answered: say so, and offer the other members.
                        if let (Some(c), Some(d)) = (&parsed.offer, parsed.offer.as_ref().and_then(|c| c.default.clone())) {
                            let others = c.options.iter().filter(|o| **o != d).cloned().collect::<Vec<_>>().join(", ");
                            let w = c.word.clone().unwrap_or_default();
                            a.answer.push_str(&tr(
                                lang,
                                format!(" (“{w}” read as {d}, the default; also: {others})"),
                                format!(" («{w}» entendido como {d}, por defecto; también: {others})"),
                                format!(" («{w}» entès com a {d}, per defecte; també: {others})"),
                                format!(" („{w}“ als {d} gelesen, Standard; außerdem: {others})"),
                            ));
                        }
                        // A slip read as a word the table knows: say which, so a wrong guess is seen.
                        if !parsed.corrected.is_empty() {
                            let pairs = |o: &str, c: &str| {
                                parsed.corrected.iter().map(|(w, r)| format!("{o}{w}{c} → {o}{r}{c}")).collect::<Vec<_>>().join(", ")
                            };
                            a.answer.push_str(&tr(
                                lang,
                                format!(" (spelling corrected: {})", pairs("“", "”")),
                                format!(" (ortografía corregida: {})", pairs("«", "»")),
                                format!(" (ortografia corregida: {})", pairs("«", "»")),
                                format!(" (Schreibweise korrigiert: {})", pairs("„", "“")),
                            ));
                        }
                        // Words read as the values of the columns per year: said, so a wrong guess is seen.
                        if !parsed.values_named.is_empty() {
                            let w = parsed.values_named.join(" ");
                            a.answer.push_str(&tr(
                                lang,
                                format!(" (“{w}” read as the values of the columns per year)"),
                                format!(" («{w}» entendido como los valores de las columnas por año)"),
                                format!(" («{w}» entès com els valors de les columnes per any)"),
                                format!(" („{w}“ als die Werte der Spalten je Jahr gelesen)"),
                            ));
                        }
                        // Honest about what the answer did not take into account ("rainy" in a table
                        // without such a value): the user can rephrase rather than trust a wrong filter.
                        if !parsed.ignored.is_empty() {
                            let en = parsed.ignored.iter().map(|w| format!("“{w}”")).collect::<Vec<_>>().join(", ");
                            let es = parsed.ignored.iter().map(|w| format!("«{w}»")).collect::<Vec<_>>().join(", ");
                            let de = parsed.ignored.iter().map(|w| format!("„{w}“")).collect::<Vec<_>>().join(", ");
                            a.answer.push_str(&tr(
                                lang,
                                format!(" (words not used: {en})"),
                                format!(" (palabras no usadas: {es})"),
                                format!(" (paraules no usades: {es})"),
                                format!(" (nicht verwendete Wörter: {de})"),
                            ));
                        }
                        a
                    }
                    Err(e) => {
                        let mut a = Answer::plain(
                            Route::Unanswerable,
                            lang,
                            tr(
                                lang,
                                format!("I could not run the query: {e}"),
                                format!("No pude ejecutar la consulta: {e}"),
                                format!("No he pogut executar la consulta: {e}"),
                                format!("Die Abfrage ließ sich nicht ausführen: {e}"),
                            ),
                        );
                        a.sql = Some(sql::main_sql(cat, &plan));
                        a
                    }
                }
            }
            Understanding::Exact { confidence, .. } | Understanding::Retrieve { confidence } => {
                let mut a = self.retrieve(q, lang, confidence);
                a.wants_sql = parsed.computes;
                a
            }
            Understanding::Meta(kind) => self.meta(cat, kind, lang),
            Understanding::Clarify(c) => {
                let mut a = Answer::plain(Route::Clarify, lang, clarify_text(lang, &c));
                a.clarify = Some(ClarifyOut { question: a.answer.clone(), options: c.options.clone(), default: c.default.clone() });
                a.confidence = 0.9;
                conv.pending = Some(Pending { question: q.to_string(), table, clarification: c });
                a
            }
            Understanding::Refuse(r) => {
                let mut a = Answer::plain(Route::Unanswerable, lang, refusal_text(lang, &r));
                a.intent = Some(r.intent());
                // A computation the rules read only in part: guarded LLM SQL where a backend is
                // configured (approximate, shown), else this refusal.
                a.wants_sql = parsed.computes && matches!(r, understand::Refusal::Unplaced { .. });
                // "…; did you mean date?": each suggested field is a button, and choosing it asks
                // the question again with the word read as that field.
                if let understand::Refusal::UnknownField { word, suggestions, span: Some(span) } = &r {
                    let options: Vec<String> = suggestions.iter().filter(|s| cat.field(s).is_some()).cloned().collect();
                    if !options.is_empty() {
                        a.clarify = Some(ClarifyOut { question: a.answer.clone(), options: options.clone(), default: None });
                        let clarification = understand::Clarification {
                            word: Some(word.clone()),
                            options,
                            default: None,
                            span: Some(*span),
                            missing: None,
                        };
                        conv.pending = Some(Pending { question: q.to_string(), table, clarification });
                    }
                }
                a
            }
        }
    }

    fn meta(&self, cat: &Catalog, kind: MetaKind, lang: Lang) -> Answer {
        let d = &self.description;
        let title = d.title.clone().unwrap_or_else(|| cat.table.clone());
        let value = match kind {
            MetaKind::Source => d.source.clone(),
            MetaKind::Description => d.description.clone(),
            MetaKind::Date => d.date.clone(),
            MetaKind::Title => d.title.clone(),
            MetaKind::Capabilities => None,
        };
        let text = match kind {
            MetaKind::Capabilities => {
                let fields: Vec<String> = cat.fields.iter().map(|f| f.label.clone()).collect();
                let example = cat.values.values().flatten().find(|h| cat.fields[h.field].categorical).map(|h| h.value.clone());
                capabilities(lang, &title, &fields, example.as_deref())
            }
            _ => meta_text(lang, kind, value.as_deref(), &title),
        };
        let mut a = Answer::plain(Route::Meta, lang, text);
        a.value = value.map_or(Json::Null, Json::String);
        a.intent = Some(kind.intent());
        a
    }

    /// Every row as a passage (its table's template) with its BM25 index, built on first use.
    pub fn lexical(&self) -> &(Vec<Passage>, Bm25Index) {
        self.lexical.get_or_init(|| {
            let mut passages = Vec::new();
            for ((t, s), template) in self.tables.iter().zip(&self.schemas).zip(&self.templates) {
                // set_template compiled it already; the static template always compiles.
                let mut v =
                    template.as_deref().and_then(|src| Verbaliser::new(s, src).ok()).unwrap_or_else(|| Verbaliser::with_static(s, t));
                passages.extend(v.passages(t));
            }
            let mut index = Bm25Index::new(Bm25Params::default()).expect("default BM25 parameters are valid");
            for p in &passages {
                // Passages are short; an error here would be a bug in the index, not user data.
                let _ = index.add(&p.text);
            }
            (passages, index)
        })
    }

    /// What each passage's vectors are made from (`embed_text`), in `lexical()` order.
    pub fn embed_texts(&self) -> EmbedTexts {
        let passages = &self.lexical().0;
        let mut out = EmbedTexts { texts: Vec::with_capacity(passages.len()), cut: Cut::default() };
        let mut at = 0;
        for (t, s) in self.tables.iter().zip(&self.schemas) {
            let plan = EmbedText::new(s);
            for (row, p) in t.rows.iter().zip(&passages[at..]) {
                out.texts.push(plan.texts(row, &p.text, &mut out.cut));
            }
            at += t.rows.len();
        }
        out
    }

    /// Per table, which columns its vectors are made from and why the others are not.
    pub fn embed_plans(&self) -> Vec<(String, Vec<ColumnChoice>)> {
        self.tables.iter().zip(&self.schemas).map(|(t, s)| (t.name.clone(), EmbedText::new(s).choices().to_vec())).collect()
    }

    /// The `k` passages BM25 ranks highest for `text`, best first, with their scores.
    pub fn search_passages(&self, text: &str, k: usize) -> Vec<(usize, f32)> {
        let (_, index) = self.lexical();
        index.search(text, k).into_iter().map(|h| (h.id.index(), h.score)).collect()
    }

    /// Not an exact question: the most relevant rows by BM25 over the verbalised rows, cited.
    fn retrieve(&self, q: &str, lang: Lang, confidence: f32) -> Answer {
        let (_, index) = self.lexical();
        let ids: Vec<usize> = index.search(q, 5).into_iter().map(|h| h.id.index()).collect();
        self.retrieved(lang, confidence, &ids)
    }

    /// The retrieval answer citing `ids` (indexes into `lexical().0`, best first): the browser
    /// calls it again with its own dense or hybrid ranking once its embeddings are ready.
    pub fn retrieved(&self, lang: Lang, confidence: f32, ids: &[usize]) -> Answer {
        Answer::retrieved(&self.lexical().0, lang, confidence, ids)
    }
}

impl Dataset {
    /// Sets the cost bounds for every statement this dataset runs (the edge's are tighter).
    pub fn set_sql_limits(&self, limits: SqlLimits) {
        self.engine.set_limits(limits);
    }
}

/// The option a reply picks: a field name or synonym, an ordinal ("2", "the second"), or "default".
pub fn resolve_reply(cat: &Catalog, c: &Clarification, reply: &str) -> Option<String> {
    let words = text::fold_words(reply);
    if words.is_empty() {
        return c.default.clone();
    }
    // A reply picks an option in a few words; a longer text is a new question.
    if words.len() > 4 {
        return None;
    }
    let joined = words.join(" ");
    for o in &c.options {
        let Some(f) = cat.field(o) else { continue };
        if text::fold_words(o).join(" ") == joined || cat.fields[f].names.iter().any(|n| n.join(" ") == joined) {
            return Some(o.clone());
        }
    }
    const ORDINALS: &[&[&str]] = &[
        &["1", "first", "primero", "primera", "primer", "erste", "ersten", "one", "uno", "un", "eins"],
        &["2", "second", "segundo", "segunda", "segon", "segona", "zweite", "zweiten", "two", "dos", "zwei"],
        &["3", "third", "tercero", "tercera", "tercer", "dritte", "three", "tres", "drei"],
    ];
    for (i, ws) in ORDINALS.iter().enumerate() {
        if words.iter().any(|w| ws.contains(&w.as_str())) {
            return c.options.get(i).cloned();
        }
    }
    if words.iter().any(|w| matches!(w.as_str(), "default" | "defecto" | "defecte" | "standard" | "any" | "whatever" | "igual" | "egal")) {
        return c.default.clone();
    }
    // A reply naming one option among other words ("the max one", "la temperatura mínima").
    let mut hits =
        c.options.iter().filter(|o| cat.field(o).is_some_and(|f| cat.fields[f].names.iter().any(|n| n.iter().all(|w| words.contains(w)))));
    match (hits.next(), hits.next()) {
        (Some(o), None) => Some(o.clone()),
        _ => None,
    }
}
