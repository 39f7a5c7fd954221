//! Lexical search with Okapi BM25, for the names, codes and numbers that embeddings blur.
//!
//! Tokens are lowercased, accent-folded (`deunicode`: "Barça" → "barca", "Straße" → "strasse"),
//! split on anything that is not a letter or digit, and stemmed with Snowball (English by default;
//! tokens holding digits are never stemmed, so "2023" and "b12" stay whole). Dates in any common
//! form become one ISO token and decimals stay whole (see `date_tokens`).

use indexmap::IndexSet;
use rust_stemmers::{Algorithm, Stemmer};
use serde::{Deserialize, Serialize};

use super::topk::TopK;
use super::types::{Hit, IndexError, PassageId, Result, MAX_PASSAGES};

/// Which Snowball stemmer folds word endings ("members" → "member"), if any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stemming {
    None,
    #[default]
    English,
    Spanish,
    French,
    German,
    Italian,
    Portuguese,
    Dutch,
}

impl Stemming {
    fn stemmer(self) -> Option<Stemmer> {
        let algorithm = match self {
            Stemming::None => return None,
            Stemming::English => Algorithm::English,
            Stemming::Spanish => Algorithm::Spanish,
            Stemming::French => Algorithm::French,
            Stemming::German => Algorithm::German,
            Stemming::Italian => Algorithm::Italian,
            Stemming::Portuguese => Algorithm::Portuguese,
            Stemming::Dutch => Algorithm::Dutch,
        };
        Some(Stemmer::create(algorithm))
    }
}

/// BM25's free parameters and the tokenizer's stemming.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bm25Params {
    /// Term-frequency saturation.
    pub k1: f32,
    /// Length normalisation (0 = none, 1 = full).
    pub b: f32,
    pub stemming: Stemming,
}

impl Default for Bm25Params {
    fn default() -> Self {
        Self { k1: 1.2, b: 0.75, stemming: Stemming::English }
    }
}

impl Bm25Params {
    fn check(&self) -> Result<()> {
        if !(self.k1.is_finite() && self.k1 >= 0.0 && (0.0..=1.0).contains(&self.b)) {
            return Err(IndexError::InvalidParams(format!("BM25 needs k1 ≥ 0 and 0 ≤ b ≤ 1, not k1 = {}, b = {}", self.k1, self.b)));
        }
        Ok(())
    }
}

/// Splits text into folded, lowercased, stemmed tokens (see the module doc).
pub fn tokenize(text: &str, stemming: Stemming) -> Vec<String> {
    let stemmer = stemming.stemmer();
    let words = words(text);
    let mut tokens = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        if let Some(used) = date_tokens(&words[i..], &mut tokens).or_else(|| decimal_token(&words[i..], &mut tokens)) {
            i += used;
            continue;
        }
        let word = &words[i].text;
        tokens.push(match &stemmer {
            Some(s) if !word.bytes().any(|b| b.is_ascii_digit()) => s.stem(word).into_owned(),
            _ => word.clone(),
        });
        i += 1;
    }
    tokens
}

/// A folded word and what separates it from the next one.
struct Word {
    text: String,
    /// The one character between this word and the next, when exactly one ("2012/01/06", "2.5").
    joiner: Option<char>,
}

impl Word {
    fn digits(&self) -> bool {
        self.text.bytes().all(|b| b.is_ascii_digit())
    }
    fn number(&self) -> Option<u32> {
        if self.digits() && self.text.len() <= 4 {
            self.text.parse().ok()
        } else {
            None
        }
    }
}

/// Folded, lowercased alphanumeric runs with their joiners.
fn words(text: &str) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    let mut word = String::new();
    // Non-alphanumeric characters since the last word ended.
    let mut gap: Vec<char> = Vec::new();
    let push = |c: char, word: &mut String, gap: &mut Vec<char>, out: &mut Vec<Word>| {
        if c.is_alphanumeric() {
            if word.is_empty() {
                if let Some(prev) = out.last_mut() {
                    prev.joiner = if gap.len() == 1 { Some(gap[0]) } else { None };
                }
                gap.clear();
            }
            word.extend(c.to_lowercase());
        } else {
            if !word.is_empty() {
                out.push(Word { text: std::mem::take(word), joiner: None });
            }
            gap.push(c);
        }
    };
    for c in text.chars() {
        if c.is_ascii() {
            push(c, &mut word, &mut gap, &mut out);
        } else if let Some(folded) = deunicode::deunicode_char(c) {
            // CJK ideographs fold to a syllable and a space, so each becomes its own token.
            folded.chars().for_each(|f| push(f, &mut word, &mut gap, &mut out));
        } else {
            push(c, &mut word, &mut gap, &mut out);
        }
    }
    if !word.is_empty() {
        out.push(Word { text: word, joiner: None });
    }
    out
}

/// Month names as folded words (English, Spanish, Catalan, German; full and short).
fn month(word: &str) -> Option<u32> {
    const NAMES: &[(&str, u32)] = &[
        ("january", 1),
        ("jan", 1),
        ("enero", 1),
        ("ene", 1),
        ("gener", 1),
        ("januar", 1),
        ("february", 2),
        ("feb", 2),
        ("febrero", 2),
        ("febrer", 2),
        ("februar", 2),
        ("march", 3),
        ("mar", 3),
        ("marzo", 3),
        ("marc", 3),
        ("marz", 3),
        ("april", 4),
        ("apr", 4),
        ("abril", 4),
        ("abr", 4),
        ("may", 5),
        ("mayo", 5),
        ("maig", 5),
        ("mai", 5),
        ("june", 6),
        ("jun", 6),
        ("junio", 6),
        ("juny", 6),
        ("juni", 6),
        ("july", 7),
        ("jul", 7),
        ("julio", 7),
        ("juliol", 7),
        ("juli", 7),
        ("august", 8),
        ("aug", 8),
        ("agosto", 8),
        ("ago", 8),
        ("agost", 8),
        ("september", 9),
        ("sep", 9),
        ("sept", 9),
        ("septiembre", 9),
        ("setiembre", 9),
        ("setembre", 9),
        ("october", 10),
        ("oct", 10),
        ("octubre", 10),
        ("oktober", 10),
        ("okt", 10),
        ("november", 11),
        ("nov", 11),
        ("noviembre", 11),
        ("novembre", 11),
        ("december", 12),
        ("dec", 12),
        ("diciembre", 12),
        ("dic", 12),
        ("desembre", 12),
        ("dezember", 12),
        ("dez", 12),
    ];
    NAMES.iter().find(|(n, _)| *n == word).map(|(_, m)| *m)
}

fn valid(y: u32, m: u32, d: u32) -> bool {
    (1000..=2999).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d)
}

/// Dates written any of the ways tables and people write them ("2012/01/06", "06.01.2012",
/// "6 January 2012", "January 6, 2012") become one ISO token plus the year, so a question and a
/// passage that write the same day differently still share a rare token. Hand-written because no
/// tokenizer crate folds dates; the day and month numbers are dropped (they match every day).
/// Returns how many words were used.
fn date_tokens(w: &[Word], out: &mut Vec<String>) -> Option<usize> {
    let iso = |y: u32, m: u32, d: u32| format!("{y:04}-{m:02}-{d:02}");
    if let [a, b, c, ..] = w {
        let (na, nb, nc) = (a.number(), b.number(), c.number());
        let sep = a.joiner.filter(|j| matches!(j, '-' | '/' | '.'));
        if let (Some(x), Some(y), Some(z), Some(j)) = (na, nb, nc, sep) {
            if b.joiner == Some(j) {
                let mut days = Vec::new();
                if a.text.len() == 4 && valid(x, y, z) {
                    days.push(iso(x, y, z));
                } else if c.text.len() == 4 {
                    if valid(z, y, x) {
                        days.push(iso(z, y, x));
                    }
                    if x != y && valid(z, x, y) {
                        days.push(iso(z, x, y));
                    }
                }
                if !days.is_empty() {
                    let year = if a.text.len() == 4 { &a.text } else { &c.text };
                    out.extend(days);
                    out.push(year.clone());
                    return Some(3);
                }
            }
        }
        // "6 January 2012" / "January 6, 2012"
        let worded = match (na, month(&b.text), month(&a.text), nb) {
            (Some(d), Some(m), _, _) if c.text.len() == 4 => nc.map(|y| (y, m, d)),
            (_, _, Some(m), Some(d)) if c.text.len() == 4 => nc.map(|y| (y, m, d)),
            _ => None,
        };
        if let Some((y, m, d)) = worded.filter(|&(y, m, d)| valid(y, m, d)) {
            out.push(iso(y, m, d));
            out.push(c.text.clone());
            return Some(3);
        }
    }
    // "6 de enero de 2012" (Spanish), "6 de gener de 2012" (Catalan)
    if let [d, de1, m, de2, y, ..] = w {
        if de1.text == "de" && de2.text == "de" && y.text.len() == 4 {
            if let (Some(d), Some(m), Some(yn)) = (d.number(), month(&m.text), y.number()) {
                if valid(yn, m, d) {
                    out.push(iso(yn, m, d));
                    out.push(y.text.clone());
                    return Some(5);
                }
            }
        }
    }
    None
}

/// "2.5" and "1,234.5" stay one token: split, their parts would match unrelated day numbers.
fn decimal_token(w: &[Word], out: &mut Vec<String>) -> Option<usize> {
    let mut n = 0;
    let mut token = String::new();
    while let Some(word) = w.get(n) {
        if !word.digits() {
            break;
        }
        token.push_str(&word.text);
        n += 1;
        match word.joiner {
            Some(j @ ('.' | ',')) if w.get(n).is_some_and(Word::digits) => token.push(j),
            _ => break,
        }
    }
    (n >= 2).then(|| out.push(token)).map(|_| n)
}

/// An inverted index: for each term, the passages holding it and how often.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Bm25Repr")]
pub struct Bm25Index {
    params: Bm25Params,
    /// Term ids are positions in this set.
    terms: IndexSet<String>,
    /// Per term id: `(passage, term frequency)` in passage order.
    postings: Vec<Vec<(u32, u32)>>,
    /// Tokens per passage.
    lengths: Vec<u32>,
    total_length: u64,
}

#[derive(Deserialize)]
struct Bm25Repr {
    params: Bm25Params,
    terms: IndexSet<String>,
    postings: Vec<Vec<(u32, u32)>>,
    lengths: Vec<u32>,
    total_length: u64,
}

impl TryFrom<Bm25Repr> for Bm25Index {
    type Error = IndexError;
    fn try_from(r: Bm25Repr) -> Result<Self> {
        let bad = |what: &str| IndexError::Corrupt(format!("BM25 index: {what}"));
        r.params.check().map_err(|e| bad(&e.to_string()))?;
        let n = r.lengths.len();
        if r.postings.len() != r.terms.len() || n > MAX_PASSAGES {
            return Err(bad("term and posting counts differ"));
        }
        if r.lengths.iter().map(|&l| u64::from(l)).sum::<u64>() != r.total_length {
            return Err(bad("passage lengths do not add up"));
        }
        for list in &r.postings {
            let ordered = list.windows(2).all(|w| w[0].0 < w[1].0);
            if !ordered || list.iter().any(|&(doc, tf)| doc as usize >= n || tf == 0 || tf > r.lengths[doc as usize]) {
                return Err(bad("posting out of range"));
            }
        }
        Ok(Self { params: r.params, terms: r.terms, postings: r.postings, lengths: r.lengths, total_length: r.total_length })
    }
}

impl Default for Bm25Index {
    fn default() -> Self {
        Self::new(Bm25Params::default()).expect("default parameters are valid")
    }
}

impl Bm25Index {
    pub fn new(params: Bm25Params) -> Result<Self> {
        params.check()?;
        Ok(Self { params, terms: IndexSet::new(), postings: Vec::new(), lengths: Vec::new(), total_length: 0 })
    }

    pub fn params(&self) -> Bm25Params {
        self.params
    }

    pub fn len(&self) -> usize {
        self.lengths.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lengths.is_empty()
    }

    /// Indexes one passage's text; its id is the number of passages before it.
    pub fn add(&mut self, text: &str) -> Result<PassageId> {
        if self.len() >= MAX_PASSAGES {
            return Err(IndexError::Full { max: MAX_PASSAGES });
        }
        let id = self.len() as u32;
        let tokens = tokenize(text, self.params.stemming);
        let mut ids: Vec<usize> = Vec::with_capacity(tokens.len());
        for token in &tokens {
            let (term, _) = self.terms.insert_full(token.clone());
            if term == self.postings.len() {
                self.postings.push(Vec::new());
            }
            ids.push(term);
        }
        ids.sort_unstable();
        for run in ids.chunk_by(|a, b| a == b) {
            self.postings[run[0]].push((id, run.len() as u32));
        }
        let length = u32::try_from(tokens.len()).unwrap_or(u32::MAX);
        self.lengths.push(length);
        self.total_length += u64::from(length);
        Ok(PassageId(id))
    }

    /// The `k` best-scoring passages for `query`, best first; passages sharing no term are left out.
    pub fn search(&self, query: &str, k: usize) -> Vec<Hit> {
        let n = self.len();
        if n == 0 || k == 0 {
            return Vec::new();
        }
        let Bm25Params { k1, b, .. } = self.params;
        let avg = (self.total_length as f32 / n as f32).max(1.0);
        let mut terms: Vec<usize> =
            tokenize(query, self.params.stemming).iter().filter_map(|t| self.terms.get_index_of(t.as_str())).collect();
        terms.sort_unstable();
        terms.dedup();
        let mut scores = vec![0.0f32; n];
        let mut touched = Vec::new();
        for term in terms {
            let list = &self.postings[term];
            let df = list.len() as f32;
            let idf = (1.0 + (n as f32 - df + 0.5) / (df + 0.5)).ln();
            for &(doc, tf) in list {
                let tf = tf as f32;
                let norm = k1 * (1.0 - b + b * self.lengths[doc as usize] as f32 / avg);
                let slot = &mut scores[doc as usize];
                if *slot == 0.0 {
                    touched.push(doc);
                }
                *slot += idf * tf * (k1 + 1.0) / (tf + norm);
            }
        }
        let mut top = TopK::new(k);
        for doc in touched {
            top.push(doc, scores[doc as usize]);
        }
        top.into_hits()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_fold_accents_case_and_endings() {
        assert_eq!(tokenize("Barça won 3–1 in the Camp Nou!", Stemming::English), ["barca", "won", "3", "1", "in", "the", "camp", "nou"]);
        assert_eq!(tokenize("Straße, Łódź; MÜNCHEN", Stemming::None), ["strasse", "lodz", "munchen"]);
        assert_eq!(tokenize("members' salaries in 2023Q2", Stemming::English), ["member", "salari", "in", "2023q2"]);
        assert!(tokenize("  —  ", Stemming::English).is_empty());
    }

    #[test]
    fn dates_fold_to_one_token_whichever_way_they_are_written() {
        let want = ["2012-01-06", "2012"];
        for text in ["2012/01/06", "2012-01-06", "6 January 2012", "January 6, 2012", "6. Januar 2012", "6 de gener de 2012"] {
            let t = tokenize(text, Stemming::English);
            assert!(t.contains(&want[0].to_string()) && t.contains(&want[1].to_string()), "{text}: {t:?}");
        }
        // Day-first or month-first when both read as dates: both days are kept.
        assert_eq!(tokenize("06.01.2012", Stemming::None), ["2012-01-06", "2012-06-01", "2012"]);
        assert_eq!(tokenize("on 31/12/1999", Stemming::None), ["on", "1999-12-31", "1999"]);
        // Not dates: scores, ranges, version numbers.
        assert_eq!(tokenize("won 3-1", Stemming::None), ["won", "3", "1"]);
        assert_eq!(tokenize("rooms 10-20", Stemming::None), ["rooms", "10", "20"]);
    }

    #[test]
    fn decimals_stay_whole() {
        assert_eq!(tokenize("precipitation 2.5 mm", Stemming::None), ["precipitation", "2.5", "mm"]);
        assert_eq!(tokenize("1,234.5 euros", Stemming::None), ["1,234.5", "euros"]);
        assert_eq!(tokenize("end. 5 more", Stemming::None), ["end", "5", "more"]);
    }
}
