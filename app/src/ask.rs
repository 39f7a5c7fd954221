//! Questions → answers through the shared core's `Dataset::ask` (the exact path on DataFusion,
//! compiled into this wasm), plus what the page needs around an answer.

use std::cell::RefCell;
use std::rc::Rc;

use tabletalk_shared::api::{AnswerRequest, SearchHit, SqlRequest};
use tabletalk_shared::generate::grounded::{Asked, Generate, Passages};
use tabletalk_shared::generate::GenerateError;
use tabletalk_shared::index::Collection;
use tabletalk_shared::query::{Answer, Citation, Dataset};
use tabletalk_shared::table::Table;
use tabletalk_shared::verbalise::Passage;

use crate::analyse::Loaded;
use crate::edge::LlmAccess;
use crate::i18n::{fill, Texts};
use crate::pool::EmbedPool;
use crate::search;

/// One question and what came back.
#[derive(Clone, Debug)]
pub struct Entry {
    pub question: String,
    pub answer: Answer,
    /// Retrieval answers: each cited row's passage (the row's sentences through the template).
    pub passages: Vec<Passage>,
    /// Each passage's score under `ranking` (BM25, or the fused rank score of hybrid search).
    pub scores: Vec<f32>,
    /// Retrieval answers: how the rows were ranked.
    pub ranking: Option<Ranking>,
    /// Why the language model's part is missing (it could not be reached, its SQL was refused).
    pub note: Option<String>,
}

/// How a retrieval answer's rows were ranked, said under the answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Ranking {
    /// Meaning (the question's vector against the rows') fused with BM25.
    Hybrid,
    /// BM25 only: the rows are not embedded yet (or embedding was cancelled).
    Words,
    /// BM25 only because embedding the question failed.
    WordsBecause(String),
}

impl Ranking {
    pub fn describe(&self, t: &Texts) -> String {
        match self {
            Ranking::Hybrid => t.ranked_hybrid.into(),
            Ranking::Words => t.ranked_words.into(),
            Ranking::WordsBecause(e) => fill(t.ranked_words_because, &[("error", e)]),
        }
    }
}

/// A row of a loaded table: index of the table, 1-based data-row number.
pub type RowAt = (usize, u64);

/// The dataset for questions: every table, read through the accepted templates.
pub fn prepare(loaded: &Loaded, templates: &[String]) -> Result<Dataset, String> {
    let mut dataset = Dataset::new(loaded.tables.clone(), loaded.description.clone()).map_err(|e| e.to_string())?;
    for (i, t) in templates.iter().enumerate() {
        dataset.set_template(i, t).map_err(|e| e.to_string())?;
    }
    Ok(dataset)
}

/// A click on a cited row: the citation and, when known, the name of the table it is in (files
/// such as workbooks hold several).
#[derive(Clone, Debug)]
pub struct Cite {
    pub citation: Citation,
    pub table: Option<String>,
}

/// The table an exact answer's SQL reads: `FROM "name"` (quotes doubled inside).
pub fn table_of_sql(sql: &str) -> Option<String> {
    let rest = &sql[sql.find("FROM \"")? + 6..];
    let mut name = String::new();
    let mut chars = rest.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if chars.peek() == Some(&'"') => {
                chars.next();
                name.push('"');
            }
            '"' => return Some(name),
            c => name.push(c),
        }
    }
    None
}

/// The table and row a citation points to: the table of its file with the hinted name, else the
/// file's first table.
pub fn locate(tables: &[Table], cite: &Cite) -> Option<RowAt> {
    let c = &cite.citation;
    let of_file: Vec<usize> = (0..tables.len()).filter(|&i| tables[i].file == c.file).collect();
    let pick =
        of_file.iter().copied().find(|&i| cite.table.as_deref() == Some(tables[i].name.as_str())).or_else(|| of_file.first().copied())?;
    (c.row >= 1 && c.row as usize <= tables[pick].rows.len()).then_some((pick, c.row))
}

/// The lead of a retrieval answer ("…the most relevant rows are"), without the passages the
/// page lists one by one.
pub fn lead(answer: &Answer) -> &str {
    if answer.is_retrieval() && !answer.citations.is_empty() {
        if let Some((lead, _)) = answer.answer.split_once(": ") {
            return lead;
        }
    }
    &answer.answer
}

/// The page's rows for the shared answering path: ranked by words at once, and by meaning too
/// once they are embedded; how they were ranked is kept for the answer's note.
pub struct PageRows<'a> {
    pub dataset: &'a Dataset,
    pub semantic: Option<Rc<Collection>>,
    pub pool: EmbedPool,
    pub ranking: RefCell<Option<Ranking>>,
}

impl Passages for PageRows<'_> {
    fn all(&self) -> &[Passage] {
        &self.dataset.lexical().0
    }

    async fn rank(&self, q: &str, k: usize) -> Result<Vec<(usize, f32)>, GenerateError> {
        let mut hits = search::rank_words(self.dataset, q, k);
        let mut ranking = Ranking::Words;
        if let Some(c) = &self.semantic {
            match self.pool.embed_one(vec![q.to_string()]).await.and_then(|v| search::rank(c, &v.data, q, k)) {
                Ok(h) => {
                    hits = h;
                    ranking = Ranking::Hybrid;
                }
                Err(e) => ranking = Ranking::WordsBecause(e),
            }
        }
        self.ranking.replace(Some(ranking));
        Ok(hits)
    }

    fn lexical(&self, text: &str, k: usize) -> Vec<usize> {
        self.dataset.search_passages(text, k).into_iter().map(|(i, _)| i).collect()
    }
}

/// The edge's language model, reached over HTTP: it writes SQL (`/v1/sql`) and cited answers from
/// the rows this page ranked (`/v1/answer`), running the same shared code the CLI runs locally.
pub struct EdgeModel {
    pub base: String,
    pub access: LlmAccess,
}

impl Generate for EdgeModel {
    async fn sql(&self, req: &SqlRequest) -> Result<String, GenerateError> {
        crate::edge::write_sql(&self.base, &self.access, req).await.map(|w| w.sql).map_err(GenerateError::Remote)
    }

    async fn answer<P: Passages>(
        &self,
        rows: &P,
        asked: Asked<'_>,
        _on_text: Option<&mut dyn FnMut(&str)>,
    ) -> Result<Answer, GenerateError> {
        let passages = rows.context(asked.ranked).into_iter().map(SearchHit::from).collect();
        let lang = serde_json::to_value(asked.lang).ok().and_then(|v| v.as_str().map(str::to_string));
        let req = AnswerRequest { question: asked.question.to_string(), passages, lang };
        crate::edge::answer(&self.base, &self.access, &req).await.map_err(GenerateError::Remote)
    }
}
