//! Citations found again after generation: each sentence of the answer is scored against the
//! candidate rows, and cites those that pass a calibrated threshold; unsupported sentences are
//! flagged, never hidden.

use serde::{Deserialize, Serialize};
use unicode_segmentation::UnicodeSegmentation;

use crate::table::{Citation, Provenance};

/// When a sentence counts as supported by a row: cosine ≥ `threshold`, within `margin` of the
/// sentence's best row (so a sentence about one row does not cite its near neighbours too), and
/// every number the sentence states occurs in the row (embeddings see the topic, not the values).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Calibration {
    pub threshold: f32,
    pub margin: f32,
}

/// Calibrated for all-MiniLM-L6-v2 on the cars table (xtask/scripts/calibrate_citations.py,
/// docs/decisions.md): true sentences about a row pass 93 %, false or invented ones 20 %.
pub const MINILM: Calibration = Calibration { threshold: 0.5, margin: 0.05 };

/// Lexical support: the share of a sentence's (stemmed) words found in the row. Where there are no
/// sentence embeddings (the edge) this stands in for cosine; 0.5 with a 0.1 margin keeps a sentence
/// on the rows that state most of what it says. Numbers must still agree (`support`).
pub const LEXICAL: Calibration = Calibration { threshold: 0.5, margin: 0.1 };

/// A sentence cites at most this many rows; more equally close rows mean it is not specific.
pub const MAX_CITATIONS_PER_SENTENCE: usize = 3;

/// A row a sentence may cite: its provenance and the passage text it was scored on.
#[derive(Clone, Copy, Debug)]
pub struct Candidate<'a> {
    pub provenance: &'a Provenance,
    pub text: &'a str,
}

/// The numbers written in a text ("1,234.5" → "1234.5"), for the value-agreement check.
pub fn numbers(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let digit_at = |i: usize| chars.get(i).is_some_and(char::is_ascii_digit);
    let mut out = Vec::new();
    let mut cur = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_digit() {
            cur.push(c);
        } else if !cur.is_empty() && (c == ',' || c == '.') && digit_at(i + 1) {
            // A thousands separator is dropped, a decimal point kept.
            if c == '.' {
                cur.push('.');
            }
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Every number of `sentence` occurs in `passage` ("17" matches 17 and 17.0).
fn numbers_agree(sentence: &[String], passage: &str) -> bool {
    let have = numbers(passage);
    let norm = |n: &str| n.strip_suffix(".0").unwrap_or(n).to_string();
    sentence.iter().all(|n| have.iter().any(|h| norm(h) == norm(n)))
}

/// One sentence of a generated answer and the rows that support it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SentenceSupport {
    pub text: String,
    pub citations: Vec<Citation>,
    /// The best similarity to any candidate row.
    pub score: f32,
    pub supported: bool,
}

/// The share of `words` that occur in `row` (0 for a sentence without words).
pub fn overlap(words: &[String], row: &[String]) -> f32 {
    if words.is_empty() {
        return 0.0;
    }
    words.iter().filter(|w| row.contains(w)).count() as f32 / words.len() as f32
}

/// The answer's sentences, as shown (Unicode sentence boundaries, trimmed, empty ones dropped).
pub fn sentences(answer: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in answer.unicode_sentences().map(str::trim).filter(|s| s.chars().any(char::is_alphanumeric)) {
        // "Cesar A. Aguilar": a boundary after an initial is not the end of a sentence.
        let after_initial = out.last().is_some_and(|p| {
            let w = p.rsplit(' ').next().unwrap_or("");
            w.len() == 2 && w.starts_with(|c: char| c.is_uppercase()) && w.ends_with('.')
        });
        match out.last_mut() {
            Some(prev) if after_initial => {
                prev.push(' ');
                prev.push_str(s);
            }
            _ => out.push(s.to_string()),
        }
    }
    out
}

/// The sentence without its "[2]" markers, for scoring: the numbers are not evidence.
pub fn scoring_text(sentence: &str) -> String {
    let mut out = String::with_capacity(sentence.len());
    let mut rest = sentence;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find(']') {
            Some(close) if after[..close].chars().all(|c| c.is_ascii_digit() || c == ',' || c == ' ') => rest = &after[close + 1..],
            _ => {
                out.push('[');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Attaches citations to one sentence: `scores[c]` is its similarity to candidate row `c`.
pub fn support(text: &str, scores: &[f32], candidates: &[Candidate], cal: Calibration) -> SentenceSupport {
    let stated = numbers(&scoring_text(text));
    let agreeing: Vec<(f32, &Candidate)> =
        scores.iter().zip(candidates).filter(|(_, c)| numbers_agree(&stated, c.text)).map(|(s, c)| (*s, c)).collect();
    let best = agreeing.iter().map(|(s, _)| *s).fold(f32::NEG_INFINITY, f32::max);
    let mut cited: Vec<(f32, Citation)> = agreeing
        .iter()
        .filter(|(s, _)| *s >= cal.threshold && *s >= best - cal.margin)
        .map(|(s, c)| (*s, Citation::from(c.provenance)))
        .collect();
    cited.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut citations: Vec<Citation> = Vec::new();
    for (_, c) in cited {
        if !citations.contains(&c) && citations.len() < MAX_CITATIONS_PER_SENTENCE {
            citations.push(c);
        }
    }
    let best_any = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    SentenceSupport {
        text: text.to_string(),
        supported: !citations.is_empty(),
        citations,
        score: if best_any.is_finite() { best_any } else { 0.0 },
    }
}

/// A generated answer with its support, ready to become the `generated` route's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GroundedAnswer {
    pub text: String,
    pub sentences: Vec<SentenceSupport>,
    /// The model said it does not know (nothing is cited then).
    pub dont_know: bool,
    /// Passages in the prompt, and passages dropped to fit the context.
    pub passages_used: usize,
    pub passages_dropped: usize,
}

impl GroundedAnswer {
    /// Every row some sentence cites, once, in order of first mention.
    pub fn citations(&self) -> Vec<Citation> {
        let mut out: Vec<Citation> = Vec::new();
        for c in self.sentences.iter().flat_map(|s| &s.citations) {
            if !out.contains(c) {
                out.push(c.clone());
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::RowRef;

    fn prov(row: u64) -> Provenance {
        Provenance { file: "cars.json".into(), table: "cars".into(), row: RowRef(row), columns: vec![] }
    }

    #[test]
    fn splits_and_strips_markers() {
        let s = sentences("The Ford Torino has 8 cylinders [1]. It was made in 1970 [1, 3].  ");
        assert_eq!(s, vec!["The Ford Torino has 8 cylinders [1].", "It was made in 1970 [1, 3]."]);
        assert_eq!(scoring_text(&s[1]), "It was made in 1970 .");
        assert_eq!(scoring_text("a [b] c"), "a [b] c");
        assert_eq!(sentences("Cesar A. Aguilar died. He was 18."), vec!["Cesar A. Aguilar died.", "He was 18."]);
    }

    #[test]
    fn threshold_margin_and_numbers() {
        let provs = [prov(1), prov(2), prov(3), prov(4)];
        let texts = ["Horsepower is 140.", "Horsepower is 140.0.", "Horsepower is 97.", "Horsepower is 140."];
        let cands: Vec<Candidate> = provs.iter().zip(texts).map(|(p, t)| Candidate { provenance: p, text: t }).collect();
        let a = support("It has 140 horsepower [1].", &[0.8, 0.77, 0.9, 0.3], &cands, MINILM);
        assert_eq!(a.citations.iter().map(|c| c.row).collect::<Vec<_>>(), vec![1, 2], "row 3 is closer but states 97");
        assert!(a.supported);
        let b = support("It has 150 horsepower.", &[0.8, 0.77, 0.9, 0.3], &cands, MINILM);
        assert!(!b.supported && b.citations.is_empty());
        let c = support("It is American.", &[0.2, 0.3, 0.1, 0.0], &cands, MINILM);
        assert!(!c.supported);
        assert_eq!(numbers("1,234.5 and 17. Then 3.14"), vec!["1234.5", "17", "3.14"]);
    }
}
