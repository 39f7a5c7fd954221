//! German compounds split into the parts the table knows: "Gesamthäufigkeit" → "Gesamt" +
//! "häufigkeit" (total + frequency), "Frauenanteil" → "Frauen" + "anteil". Written by hand: the
//! compound splitters on crates.io carry a dictionary of the language, where what matters here is
//! whether both parts name something in this table or in the parser's own German words.

use super::catalog::Catalog;
use super::lang::{lexicon, Lang};
use super::text::{fold, Token};

/// Letters German puts between the parts of a compound ("Durchschnitt·s·wert", "Frau·en·anteil").
const LINKS: &[&str] = &["", "s", "es", "n", "en", "e"];

/// Shortest part a split may leave: shorter ones match by accident.
const MIN_PART: usize = 4;

/// A folded German word the parser or the table knows on its own.
fn known(w: &str, cat: &Catalog) -> bool {
    let lx = lexicon(Lang::De);
    lx.phrases.iter().any(|(p, _)| *p == w)
        || (w.len() >= MIN_PART && lx.stopwords.contains(&w))
        || cat.fields.iter().any(|f| f.names.iter().any(|n| n.len() == 1 && n[0] == w))
        || cat.values.contains_key(w)
        || super::tagger::is_measure_noun(w)
        // "zweithöchsten": an ordinal's stem before a superlative.
        || super::tagger::ordinal_value(w).is_some()
}

/// The tokens with each unknown compound of two known parts split in two; the linking letters stay
/// with the first part's text, which is folded without them.
pub fn split(q: &str, tokens: &[Token], cat: &Catalog) -> Vec<Token> {
    let mut out = Vec::with_capacity(tokens.len());
    for t in tokens {
        match split_one(q, t, cat) {
            Some((a, b)) => {
                out.push(a);
                out.push(b);
            }
            None => out.push(t.clone()),
        }
    }
    out
}

fn split_one(q: &str, t: &Token, cat: &Catalog) -> Option<(Token, Token)> {
    let w = &t.fold;
    if w.len() < 2 * MIN_PART || !w.chars().all(|c| c.is_ascii_alphabetic()) || known(w, cat) {
        return None;
    }
    let raw = &q[t.start..t.end];
    // The longest known last part first: German puts the head noun last.
    for k in MIN_PART..=w.len() - MIN_PART {
        let head = &w[..k];
        if !known(head, cat) {
            continue;
        }
        for link in LINKS {
            let Some(tail) = w[k..].strip_prefix(link) else { continue };
            if tail.len() < MIN_PART || !known(tail, cat) {
                continue;
            }
            let cut = raw_offset(raw, k + link.len())?;
            let first = Token { fold: head.to_string(), raw: raw[..cut].to_string(), start: t.start, end: t.start + cut };
            let second = Token { fold: tail.to_string(), raw: raw[cut..].to_string(), start: t.start + cut, end: t.end };
            return Some((first, second));
        }
    }
    None
}

/// The byte offset in `raw` where its folded text reaches `n` letters (none inside a letter that folds to two).
fn raw_offset(raw: &str, n: usize) -> Option<usize> {
    let mut folded = 0;
    for (b, c) in raw.char_indices() {
        if folded == n {
            return Some(b);
        }
        folded += fold(&c.to_string()).len();
        if folded > n {
            return None;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::catalog::test_catalog;
    use crate::query::text::tokenize;

    const WIND: &str = "direction,strength,frequency\nN,0-1,0.5\nN,1-2,1.6\nE,0-1,0.4\n";

    fn parts(q: &str) -> Vec<String> {
        let cat = test_catalog("wind.csv", WIND);
        split(q, &tokenize(q), &cat).into_iter().map(|t| format!("{}:{}", t.raw, t.fold)).collect()
    }

    #[test]
    fn compounds_of_known_parts_split() {
        // "gesamt" is a German keyword, "häufigkeit" the glossary's frequency.
        assert_eq!(parts("Gesamthäufigkeit"), ["Gesamt:gesamt", "häufigkeit:haufigkeit"]);
        assert_eq!(parts("Durchschnittsfrequency"), ["Durchschnitts:durchschnitt", "frequency:frequency"]);
        // An unknown part keeps the word whole.
        assert_eq!(parts("Marktwert"), ["Marktwert:marktwert"]);
    }
}
