//! Typing slips ("yaer", "recored", "langauge"): a word nothing knows, one slip inside the word
//! from exactly one word the table's names, values or the lexicons know, is read as that word.
//!
//! Only the inside of a word is edited (its first and last letters kept), so an inflection ("line"
//! → "lines", "serve" → "served") is never taken for a slip; and the caller only reads a question
//! again this way when its first reading was not exact.

use std::collections::HashSet;

use super::catalog::Catalog;
use super::lang::{lexicon, Lang};

/// Words this short are too easily another word one edit away ("cars" / "case").
const MIN_LETTERS: usize = 4;

/// The words a slip may be corrected to: field names and their other names, value words, the
/// glossary's words of column names, and every lexicon's words (cues, stopwords, numbers), folded.
pub fn vocabulary(cat: &Catalog) -> HashSet<String> {
    let mut out: HashSet<String> = HashSet::new();
    for f in &cat.fields {
        out.extend(f.names.iter().flatten().cloned());
    }
    for key in cat.values.keys() {
        out.extend(key.split_whitespace().map(str::to_string));
    }
    for alias in &cat.aliases {
        out.extend(alias.iter().cloned());
    }
    out.extend(super::catalog::glossary_words().cloned());
    for lang in Lang::ALL {
        let lex = lexicon(lang);
        out.extend(lex.phrases.iter().flat_map(|(p, _)| p.split_whitespace()).map(str::to_string));
        out.extend(lex.stopwords.iter().map(|w| w.to_string()));
        out.extend(lex.numbers.iter().map(|(w, _)| w.to_string()));
    }
    out.retain(|w| w.chars().count() >= MIN_LETTERS && w.chars().all(char::is_alphabetic));
    out
}

/// Slips of question words too short for the rule ("wich" is also "kids" → "kinds" by one letter).
const SHORT_SLIPS: &[(&str, &str)] = &[("wich", "which"), ("whic", "which"), ("wat", "what"), ("hw", "how"), ("hwo", "how")];

/// The one known word `folded` is a slip of, if there is exactly one.
pub fn correct(folded: &str, vocab: &HashSet<String>) -> Option<String> {
    if let Some((_, w)) = SHORT_SLIPS.iter().find(|(slip, _)| *slip == folded) {
        return Some(w.to_string());
    }
    let n = folded.chars().count();
    if n < MIN_LETTERS || !folded.chars().all(char::is_alphabetic) || vocab.contains(folded) {
        return None;
    }
    let word: Vec<char> = folded.chars().collect();
    let mut found = vocab.iter().filter(|w| {
        let known: Vec<char> = w.chars().collect();
        slip(&word, &known)
    });
    let one = found.next()?;
    found.next().is_none().then(|| one.clone())
}

/// Whether `typed` is `known` with two neighbouring letters swapped, or (six letters or more) one
/// letter left out or added, inside the word: the slips people make. A letter changed for another
/// is not one of them here: real words differ so ("mile", "male"), and nothing tells them apart.
fn slip(typed: &[char], known: &[char]) -> bool {
    let keep =
        |a: &[char], b: &[char], k: usize| a.len() > 2 * k && b.len() > 2 * k && a[..k] == b[..k] && a[a.len() - k..] == b[b.len() - k..];
    if typed.len() == known.len() {
        let diff: Vec<usize> = (0..typed.len()).filter(|&i| typed[i] != known[i]).collect();
        return matches!(diff.as_slice(), [i, j] if *j == i + 1 && typed[*i] == known[*j] && typed[*j] == known[*i])
            && keep(typed, known, 1);
    }
    let (short, long) = if typed.len() < known.len() { (typed, known) } else { (known, typed) };
    if long.len() != short.len() + 1 || short.len() < 6 || !keep(short, long, 2) {
        return false;
    }
    // One letter of the longer word left out gives the shorter.
    (0..long.len()).any(|k| long[..k] == short[..k] && long[k + 1..] == short[k..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vocab(words: &[&str]) -> HashSet<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn a_slip_inside_a_word_is_corrected() {
        let v = vocab(&["year", "language", "recorded", "which", "different"]);
        assert_eq!(correct("yaer", &v).as_deref(), Some("year"));
        assert_eq!(correct("langauge", &v).as_deref(), Some("language"));
        assert_eq!(correct("recored", &v).as_deref(), Some("recorded"));
        assert_eq!(correct("diffrent", &v).as_deref(), Some("different"));
    }

    #[test]
    fn endings_known_words_and_ties_are_left_alone() {
        let v = vocab(&["line", "serve", "year", "data", "date", "cast", "cost", "male", "kinds", "which"]);
        assert_eq!(correct("mile", &v), None, "a letter changed: real words differ so");
        assert_eq!(correct("kids", &v), None, "a letter added to a short word");
        assert_eq!(correct("wich", &v).as_deref(), Some("which"), "a known slip of a question word");
        assert_eq!(correct("lines", &v), None);
        assert_eq!(correct("served", &v), None);
        assert_eq!(correct("year", &v), None);
        let v = vocab(&["stead", "sated"]);
        assert_eq!(correct("staed", &v), None, "two words one slip away");
        assert_eq!(correct("yr", &v), None);
    }
}
