//! Word lookups over a table's value keys, built once per table: the tagger asked them of every
//! value for every word of every question, which took seconds a question on a 72,000-code list.

use std::collections::{HashMap, HashSet};

/// Views of `Catalog::values`' keys (folded value texts), by what the tagger looks up.
#[derive(Clone, Debug, Default)]
pub struct ValueWords {
    /// Every key, sorted (the indices below point here).
    keys: Vec<String>,
    /// A word of a key of several words → those keys.
    in_phrases: HashMap<String, Vec<u32>>,
    /// Initials of a key of several words ("district of columbia" → "dc") → those keys.
    initials: HashMap<String, Vec<u32>>,
    /// The keys of one word, with their plain spelling (`plain_spelling`).
    single: Vec<(u32, String)>,
    /// The first run of letters and digits of every key ("manual" of "manual(m5)").
    first_words: HashSet<String>,
}

impl ValueWords {
    pub fn build<'a>(keys: impl Iterator<Item = &'a String>) -> ValueWords {
        let mut keys: Vec<String> = keys.cloned().collect();
        keys.sort();
        let mut out = ValueWords::default();
        for (i, k) in keys.iter().enumerate() {
            let i = i as u32;
            if let Some(first) = k.split(|c: char| !c.is_alphanumeric()).next() {
                out.first_words.insert(first.to_string());
            }
            if k.contains(' ') {
                let mut words: Vec<&str> = k.split(' ').collect();
                words.sort_unstable();
                words.dedup();
                for w in words {
                    out.in_phrases.entry(w.to_string()).or_default().push(i);
                }
                out.initials.entry(initials(k)).or_default().push(i);
            } else {
                out.single.push((i, plain_spelling(k)));
            }
        }
        out.keys = keys;
        out
    }

    /// The keys of several words that hold `word` as one of them.
    pub fn phrases_with<'a>(&'a self, word: &str) -> impl Iterator<Item = &'a String> + 'a {
        self.in_phrases.get(word).into_iter().flatten().map(|&i| &self.keys[i as usize])
    }

    /// The keys of several words whose initials are `code`.
    pub fn with_initials<'a>(&'a self, code: &str) -> impl Iterator<Item = &'a String> + 'a {
        self.initials.get(code).into_iter().flatten().map(|&i| &self.keys[i as usize])
    }

    /// The keys of one word, each with its plain spelling.
    pub fn single_words(&self) -> impl Iterator<Item = (&String, &str)> + '_ {
        self.single.iter().map(|(i, p)| (&self.keys[*i as usize], p.as_str()))
    }

    /// Whether some key starts with `word` (up to its first sign that is not a letter or digit).
    pub fn starts_some_key(&self, word: &str) -> bool {
        self.first_words.contains(word)
    }
}

/// Initials of the words that carry meaning: "District of Columbia" is DC, not DOC.
pub fn initials(key: &str) -> String {
    key.split(' ').filter(|w| !matches!(*w, "of" | "the" | "and" | "de" | "del" | "la" | "el")).filter_map(|w| w.chars().next()).collect()
}

/// A word as Spanish, Catalan and German spell the English one ("buddhist" → "budist", "psychology"
/// → "psicologi", "Demokratie" → "democratie"): ph, th, rh lose the h, y is i, k is c, doubles single.
pub fn plain_spelling(w: &str) -> String {
    let w = w.replace("ph", "f").replace("th", "t").replace("rh", "r").replace("dh", "d").replace('y', "i").replace('k', "c");
    let mut out = String::with_capacity(w.len());
    for c in w.chars() {
        if !out.ends_with(c) {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups_find_what_a_scan_of_every_key_finds() {
        let keys: Vec<String> =
            ["district of columbia", "new york", "york", "manual(m5)", "philosophy", "asthma"].iter().map(|s| s.to_string()).collect();
        let v = ValueWords::build(keys.iter());
        assert_eq!(v.phrases_with("york").collect::<Vec<_>>(), vec!["new york"]);
        assert_eq!(v.with_initials("dc").collect::<Vec<_>>(), vec!["district of columbia"]);
        assert!(v.starts_some_key("manual") && !v.starts_some_key("auto"));
        let single: Vec<(&String, &str)> = v.single_words().collect();
        assert!(single.iter().any(|(k, p)| *k == "philosophy" && *p == "filosofi"));
        assert!(!single.iter().any(|(k, _)| k.contains(' ')));
    }
}
