//! Citations found again after generation: each sentence of the answer is scored against the
//! candidate rows, and cites those that pass a calibrated threshold; unsupported sentences are
//! flagged, never hidden.

use serde::{Deserialize, Serialize};
use unicode_segmentation::UnicodeSegmentation;

use crate::table::Provenance;

/// When a sentence counts as supported by a row: cosine ≥ `threshold`, and within `margin` of the
/// sentence's best row (so a sentence about one row does not cite its near neighbours too).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Calibration {
    pub threshold: f32,
    pub margin: f32,
}

/// Calibrated for all-MiniLM-L6-v2 on answers SmolLM2 wrote about real tables (docs/decisions.md,
/// "citation threshold"): the cosine between an answer sentence and the row it came from.
pub const MINILM: Calibration = Calibration { threshold: 0.5, margin: 0.05 };

/// One sentence of a generated answer and the rows that support it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SentenceSupport {
    pub text: String,
    pub citations: Vec<Cited>,
    /// The best similarity to any candidate row.
    pub score: f32,
    pub supported: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cited {
    pub file: String,
    pub row: u64,
}

impl From<&Provenance> for Cited {
    fn from(p: &Provenance) -> Self {
        Cited { file: p.file.clone(), row: p.row.0 }
    }
}

/// The answer's sentences, as shown (Unicode sentence boundaries, trimmed, empty ones dropped).
pub fn sentences(answer: &str) -> Vec<String> {
    answer.unicode_sentences().map(str::trim).filter(|s| s.chars().any(char::is_alphanumeric)).map(str::to_string).collect()
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

/// Attaches citations: `scores[s][c]` is the similarity of sentence `s` to candidate row `c`.
pub fn support(sentences: &[String], scores: &[Vec<f32>], candidates: &[Provenance], cal: Calibration) -> Vec<SentenceSupport> {
    sentences
        .iter()
        .zip(scores)
        .map(|(text, row)| {
            let best = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let mut cited: Vec<(f32, Cited)> = row
                .iter()
                .zip(candidates)
                .filter(|(s, _)| **s >= cal.threshold && **s >= best - cal.margin)
                .map(|(s, p)| (*s, Cited::from(p)))
                .collect();
            cited.sort_by(|a, b| b.0.total_cmp(&a.0));
            let mut citations: Vec<Cited> = Vec::new();
            for (_, c) in cited {
                if !citations.contains(&c) {
                    citations.push(c);
                }
            }
            SentenceSupport { text: text.clone(), supported: !citations.is_empty(), citations, score: if best.is_finite() { best } else { 0.0 } }
        })
        .collect()
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
    }

    #[test]
    fn threshold_and_margin() {
        let s = vec!["a".to_string(), "b".to_string()];
        let scores = vec![vec![0.8, 0.77, 0.6, 0.3], vec![0.2, 0.3, 0.1, 0.0]];
        let cands = [prov(1), prov(2), prov(3), prov(4)];
        let out = support(&s, &scores, &cands, MINILM);
        assert_eq!(out[0].citations.iter().map(|c| c.row).collect::<Vec<_>>(), vec![1, 2]);
        assert!(out[0].supported);
        assert!(!out[1].supported && out[1].citations.is_empty());
    }
}
