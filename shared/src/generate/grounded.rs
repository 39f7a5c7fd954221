//! Grounded answering, written once for the CLI, the browser and the edge: which answers go to a
//! language model, which rows it reads, the prompt shrunk until it fits, the model's SQL checked
//! and run, and its text turned into a cited [`Answer`]. No I/O: a front end brings the transport
//! ([`SendPrompt`]) and the rows' ranking ([`Passages`]), the way candle's wasm examples keep the
//! model apart from the page.

use super::cite::GroundedAnswer;
use super::cite::{self, scoring_text, sentences, support, Calibration, Candidate};
use super::error::GenerateError;
use super::prompt::{self, is_dont_know, Budget, ContextPassage, GroundedPrompt};
use super::sql;
use super::wire::{ChatMessage, Sampling};
use crate::api::SqlRequest;
use crate::index::bm25::{tokenize, Stemming};
use crate::index::Bm25Params;
use crate::query::guard::check_select;
use crate::query::{Answer, Conversation, Dataset, Intent, Lang, PassageOut, Route};
use crate::table::Citation;
use crate::verbalise::Passage;

/// Passages the model reads; small models answer best from a few.
pub const READ: usize = 6;
/// Rows BM25 adds, per generated sentence, to those the model read when citing it again.
pub const CITE_CANDIDATES: usize = 10;

/// Sends one chat prompt to a language model and returns its text; with `on_text`, streamed (each
/// piece as it arrives). The CLI implements it over ureq, the edge over the Workers fetch.
#[allow(async_fn_in_trait)]
pub trait SendPrompt {
    async fn send(
        &self,
        messages: Vec<ChatMessage>,
        sampling: &Sampling,
        on_text: Option<&mut dyn FnMut(&str)>,
    ) -> Result<String, GenerateError>;
}

/// The rows a model may read and a generated sentence may cite: how they are ranked for a
/// question (words, meaning, or both) and how close a sentence is to each.
#[allow(async_fn_in_trait)]
pub trait Passages {
    /// Every row's passage; the indexes below point into it.
    fn all(&self) -> &[Passage];

    /// The `k` passages best for `q`, best first, with their scores.
    async fn rank(&self, q: &str, k: usize) -> Result<Vec<(usize, f32)>, GenerateError>;

    /// BM25's best `k` passages for `text`.
    fn lexical(&self, text: &str, k: usize) -> Vec<usize>;

    /// The passage of a cited row.
    fn find(&self, c: &Citation) -> Option<usize> {
        self.all().iter().position(|p| p.provenance.file == c.file && p.provenance.row.0 == c.row)
    }

    /// The rows a generated sentence may cite: those the model read, then BM25's best for the
    /// sentence itself (a restated fact may come from a row it did not read).
    fn candidates(&self, sentence: &str, read: &[usize]) -> Vec<usize> {
        let mut ids = read.to_vec();
        for i in self.lexical(sentence, CITE_CANDIDATES) {
            if !ids.contains(&i) {
                ids.push(i);
            }
        }
        ids
    }

    /// How well `sentence` is supported by each of `ids`, the first `read` of which the model
    /// read; by default the share of its words found in the row (no embedder needed).
    async fn scores(&self, sentence: &str, ids: &[usize], read: usize) -> Result<Vec<f32>, GenerateError> {
        let _ = read;
        Ok(lexical_scores(self.all(), sentence, ids, self.stemming()))
    }

    /// The passages of `ranked` (indexes with scores, best first) as the prompt takes them.
    fn context(&self, ranked: &[(usize, f32)]) -> Vec<ContextPassage> {
        let all = self.all();
        ranked
            .iter()
            .filter_map(|&(i, score)| all.get(i).map(|p| ContextPassage { text: p.text.clone(), provenance: p.provenance.clone(), score }))
            .collect()
    }

    /// The threshold and margin for [`scores`](Passages::scores).
    fn calibration(&self) -> Calibration {
        cite::LEXICAL
    }

    /// How words are stemmed for lexical support (as the rows' BM25 index does).
    fn stemming(&self) -> Stemming {
        Bm25Params::default().stemming
    }
}

/// The share of the sentence's words found in each passage of `ids`.
pub fn lexical_scores(all: &[Passage], sentence: &str, ids: &[usize], stemming: Stemming) -> Vec<f32> {
    let words = tokenize(sentence, stemming);
    ids.iter().map(|&i| all.get(i).map_or(0.0, |p| cite::overlap(&words, &tokenize(&p.text, stemming)))).collect()
}

/// A question and the rows ranked for it (indexes into [`Passages::all`], best first).
#[derive(Clone, Copy, Debug)]
pub struct Asked<'a> {
    pub question: &'a str,
    pub ranked: &'a [(usize, f32)],
    pub lang: Lang,
}

/// What a language model does for an answer: write SQL for a computation the rules could not
/// plan, and write a cited answer from ranked rows. [`Grounded`] does both over a [`SendPrompt`];
/// the browser asks the edge, which runs [`Grounded`] itself.
#[allow(async_fn_in_trait)]
pub trait Generate {
    /// One SELECT for the question, accepted by the guard.
    async fn sql(&self, req: &SqlRequest) -> Result<String, GenerateError>;

    /// The model's answer from the rows `asked` ranks, each sentence cited to the rows that
    /// support it.
    async fn answer<P: Passages>(&self, rows: &P, asked: Asked<'_>, on_text: Option<&mut dyn FnMut(&str)>)
        -> Result<Answer, GenerateError>;
}

/// Generation over a transport: the prompt within `budget`, greedy sampling, citations found again.
pub struct Grounded<'a, S> {
    pub send: &'a S,
    pub budget: Budget,
}

impl<'a, S: SendPrompt> Grounded<'a, S> {
    pub fn new(send: &'a S, budget: Budget) -> Self {
        Grounded { send, budget }
    }

    /// The model's answer to `q` from `context` (best first), and the prompt that produced it;
    /// the weakest passages are dropped while the backend says the prompt is too long.
    pub async fn write(
        &self,
        q: &str,
        context: &[ContextPassage],
        mut on_text: Option<&mut dyn FnMut(&str)>,
    ) -> Result<(String, GroundedPrompt), GenerateError> {
        let mut prompt = prompt::build(q, context, self.budget);
        let sampling = Sampling { max_tokens: self.budget.answer_tokens, temperature: 0.0, seed: Some(0) };
        loop {
            match self.send.send(prompt.messages.clone(), &sampling, on_text.as_mut().map(|f| &mut **f as &mut dyn FnMut(&str))).await {
                Err(GenerateError::ContextTooLong(_)) if prompt.used > 0 => match prompt::shrink(q, context, &prompt) {
                    Some(p) => prompt = p,
                    None => return Err(GenerateError::ContextTooLong("no passage fits".into())),
                },
                Err(e) => return Err(e),
                Ok(t) => return Ok((prompt::own_answer(&t).to_string(), prompt)),
            }
        }
    }
}

impl<S: SendPrompt> Generate for Grounded<'_, S> {
    async fn sql(&self, req: &SqlRequest) -> Result<String, GenerateError> {
        let sampling = Sampling { max_tokens: sql::MAX_TOKENS, temperature: 0.0, seed: Some(0) };
        let reply = self.send.send(sql::messages(req), &sampling, None).await?;
        let Some(statement) = sql::extract(&reply) else {
            return Err(GenerateError::NoSql(clip(&reply)));
        };
        let names: Vec<&str> = req.tables.iter().map(|t| t.name.as_str()).collect();
        check_select(&statement, &names).map_err(|e| GenerateError::SqlRefused(format!("{e} ({})", clip(&statement))))
    }

    async fn answer<P: Passages>(
        &self,
        rows: &P,
        asked: Asked<'_>,
        on_text: Option<&mut dyn FnMut(&str)>,
    ) -> Result<Answer, GenerateError> {
        let Asked { question: q, ranked, lang } = asked;
        let all = rows.all();
        let (text, prompt) = self.write(q, &rows.context(ranked), on_text).await?;
        let shown = &ranked[..prompt.used.min(ranked.len())];
        let mut a = Answer::plain(Route::Generated, lang, text.trim().to_string());
        a.intent = Some(Intent::Generated);
        a.passages = Some(
            shown
                .iter()
                .filter_map(|&(i, score)| {
                    all.get(i).map(|p| PassageOut { file: p.provenance.file.clone(), row: p.provenance.row.0, score, text: p.text.clone() })
                })
                .collect(),
        );
        if is_dont_know(&text) {
            a.route = Route::Unanswerable;
            return Ok(a);
        }
        let grounded = cite_sentences(rows, &text, shown, prompt.dropped).await?;
        a.citations = grounded.citations();
        a.sentences = Some(grounded.sentences);
        Ok(a)
    }
}

/// Each sentence of `text` matched again to the rows: those the model read (`shown`) and the
/// others [`Passages::candidates`] adds; it cites those that pass the calibrated threshold.
pub async fn cite_sentences<P: Passages>(
    rows: &P,
    text: &str,
    shown: &[(usize, f32)],
    dropped: usize,
) -> Result<GroundedAnswer, GenerateError> {
    let all = rows.all();
    let read: Vec<usize> = shown.iter().map(|&(i, _)| i).collect();
    let mut supported = Vec::new();
    for s in sentences(text) {
        let plain = scoring_text(&s);
        let ids: Vec<usize> = rows.candidates(&plain, &read).into_iter().filter(|&i| i < all.len()).collect();
        let scores = rows.scores(&plain, &ids, read.len()).await?;
        let candidates: Vec<Candidate> = ids.iter().map(|&i| Candidate { provenance: &all[i].provenance, text: &all[i].text }).collect();
        supported.push(support(&s, &scores, &candidates, rows.calibration()));
    }
    Ok(GroundedAnswer {
        text: text.to_string(),
        sentences: supported,
        dont_know: false,
        passages_used: shown.len(),
        passages_dropped: dropped,
    })
}

/// A reply quoted in an error, on one line and short.
fn clip(s: &str) -> String {
    let one: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    match one.char_indices().nth(200) {
        Some((i, _)) => format!("{}…", &one[..i]),
        None => one,
    }
}

/// How a question is taken through the model.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Passages the model reads.
    pub read: usize,
    /// Re-rank a retrieval answer's rows to this many with [`Passages::rank`] even when no model
    /// writes the answer (the browser's "rows to retrieve"); `None` keeps the exact path's rows.
    pub list: Option<usize>,
}

impl Default for Options {
    fn default() -> Self {
        Options { read: READ, list: None }
    }
}

/// Why the language model's part of an answer is missing; the answer is then the exact path's.
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// The SQL it was asked for: not written, refused by the guard, or failed to run.
    Sql(GenerateError),
    /// The answer it was asked to write from the rows.
    Answer(GenerateError),
}

impl Failure {
    pub fn error(&self) -> &GenerateError {
        match self {
            Failure::Sql(e) | Failure::Answer(e) => e,
        }
    }
}

/// The exact path's answer, and what follows it.
#[derive(Clone, Debug)]
pub struct Started {
    pub answer: Answer,
    pub failure: Option<Failure>,
    /// A model writes the final answer from the rows ([`Flow::finish`]).
    pub generate: bool,
}

/// A finished answer.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub answer: Answer,
    /// The passages ranked for the question, best first (retrieval and generated answers).
    pub ranked: Vec<(usize, f32)>,
    pub failure: Option<Failure>,
}

impl Outcome {
    /// The answer with a note saying why the model's part is missing, where it is.
    pub fn noted(self) -> Answer {
        let mut a = self.answer;
        match self.failure {
            None => {}
            Some(Failure::Sql(e)) => {
                a.answer = format!(
                    "No rule computes this question, and the SQL a language model wrote for it could not be used ({e}). {}",
                    a.answer
                )
            }
            Some(Failure::Answer(e)) => {
                a.answer = format!("{} (The language model gave no answer: {e}.)", a.answer).trim_start().to_string()
            }
        }
        a
    }
}

/// One question through the whole answering path: the exact path first; SQL from the model for
/// a computation the rules could not plan (checked, run, marked approximate), never its
/// arithmetic; retrieval answers and lookups of whole rows written by the model from the rows
/// it is given, each sentence cited. Without a model, the exact path's answer (re-ranked where
/// [`Options::list`] says).
pub struct Flow<'a, G, P> {
    pub dataset: &'a Dataset,
    pub model: Option<&'a G>,
    pub rows: Option<&'a P>,
    pub options: Options,
}

impl<G: Generate, P: Passages> Flow<'_, G, P> {
    pub async fn answer(&self, conv: &mut Conversation, q: &str, on_text: Option<&mut dyn FnMut(&str)>) -> Outcome {
        let started = self.start(conv, q).await;
        self.finish(q, started, on_text).await
    }

    /// The exact path and, where it wants one, the model's SQL: all that happens before the
    /// answer may be streamed.
    pub async fn start(&self, conv: &mut Conversation, q: &str) -> Started {
        let mut answer = self.dataset.ask(conv, q).await;
        let mut failure = None;
        if let (true, Some(model)) = (answer.wants_sql, self.model) {
            let written = match model.sql(&self.dataset.sql_request(q)).await {
                Ok(statement) => self
                    .dataset
                    .run_written(&statement, answer.lang)
                    .await
                    .map_err(|e| GenerateError::SqlRefused(format!("{e} ({})", clip(&statement)))),
                Err(e) => Err(e),
            };
            match written {
                Ok(w) => answer = w,
                Err(e) => failure = Some(Failure::Sql(e)),
            }
        }
        let generate = self.model.is_some() && self.rows.is_some() && answer.wants_generation();
        Started { answer, failure, generate }
    }

    /// The rows ranked and, where [`Started::generate`] says, the model's cited answer from them.
    pub async fn finish(&self, q: &str, started: Started, on_text: Option<&mut dyn FnMut(&str)>) -> Outcome {
        let Started { mut answer, mut failure, generate } = started;
        let mut ranked = Vec::new();
        let (Some(rows), list) = (self.rows, answer.is_retrieval() && self.options.list.is_some()) else {
            return Outcome { answer, ranked, failure };
        };
        if generate || list {
            let k = self.options.list.unwrap_or(self.options.read);
            // Rows the exact path looked up come first, and alone: they are the answer's subject
            // (other rows would be distractors; small models latch onto them).
            if !answer.is_retrieval() {
                ranked = answer.citations.iter().filter_map(|c| rows.find(c)).map(|i| (i, 1.0)).collect();
            }
            if ranked.is_empty() {
                match rows.rank(q, k).await {
                    Ok(r) => ranked = r,
                    Err(e) => failure = Some(Failure::Answer(e)),
                }
            }
            ranked.truncate(k);
            if list {
                let ids: Vec<usize> = ranked.iter().map(|&(i, _)| i).collect();
                let mut listed = Answer::retrieved(rows.all(), answer.lang, answer.confidence, &ids);
                listed.wants_sql = answer.wants_sql;
                answer = listed;
            }
        }
        if let (true, None, Some(model)) = (generate && !ranked.is_empty(), &failure, self.model) {
            match model.answer(rows, Asked { question: q, ranked: &ranked, lang: answer.lang }, on_text).await {
                Ok(mut g) => {
                    g.confidence = answer.confidence;
                    answer = g;
                }
                Err(e) => failure = Some(Failure::Answer(e)),
            }
        }
        Outcome { answer, ranked, failure }
    }
}

/// Passages sent with the question, best first (the browser's `/v1/answer`): the model reads
/// them in that order, and any of them may be cited.
pub struct Given {
    pub passages: Vec<Passage>,
    pub scores: Vec<f32>,
}

impl Given {
    /// Every passage with its score, in the order sent.
    pub fn ranked(&self) -> Vec<(usize, f32)> {
        self.scores.iter().copied().enumerate().collect()
    }
}

impl Passages for Given {
    fn all(&self) -> &[Passage] {
        &self.passages
    }

    async fn rank(&self, _q: &str, k: usize) -> Result<Vec<(usize, f32)>, GenerateError> {
        Ok(self.ranked().into_iter().take(k).collect())
    }

    fn lexical(&self, _text: &str, _k: usize) -> Vec<usize> {
        Vec::new()
    }

    /// Every sent passage, not only those that fitted: a sentence that restates a passage the
    /// model did not read is still supported by that row.
    fn candidates(&self, _sentence: &str, _read: &[usize]) -> Vec<usize> {
        (0..self.passages.len()).collect()
    }
}
