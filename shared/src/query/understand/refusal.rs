//! What is said when no exact reading holds: the contract breached, an unknown field or value, a missing parameter.

use crate::query::lang::{Cue, Lang};
use crate::query::plan::Plan;
use crate::query::shape::Shape;
use crate::query::tagger::Tag;

use super::conditions::strip_quotes;
use super::parser::{unknown_word, Fail, Parser};
use super::summary::summary;
use super::types::{Clarification, Refusal, Understanding};

impl Parser<'_> {
    /// A reading that breaks the contract: retrieval for an open question, an unknown field when one
    /// word is all that is missing, else a refusal saying what was understood.
    pub(super) fn breach(&self, plan: Plan, words: Vec<String>, shape_ok: bool, lang: Lang) -> Understanding {
        // One unknown word is all that is missing: a field by another name, read by meaning where
        // an embedder is loaded ("average mileage"), else a refusal naming it.
        let lone = self.spans.iter().enumerate().filter(|(_, s)| unknown_word(s) && !s.used).map(|(i, _)| i).collect::<Vec<_>>();
        if !self.computes() && self.asked != Shape::Boolean {
            Understanding::Retrieve { confidence: 0.3 }
        } else if let ([j], true, 1) = (lone.as_slice(), shape_ok, words.len()) {
            match self.unknown_field_at(*j) {
                Fail::Refuse(r) => Understanding::Refuse(r),
                Fail::Clarify(c) => Understanding::Clarify(c),
            }
        } else {
            Understanding::Refuse(Refusal::Unplaced {
                understood: summary(&plan, self.cat, lang),
                words,
                asked: (!shape_ok).then_some(self.asked),
            })
        }
    }

    pub(super) fn unknown_field_at(&self, j: usize) -> Fail {
        let word = self.spans[j].raw.clone();
        let folded = crate::query::text::fold(&word);
        let mut scored: Vec<(f64, &str)> = self
            .cat
            .fields
            .iter()
            .map(|f| (f.names.iter().map(|n| strsim::normalized_levenshtein(&n.join(" "), &folded)).fold(0.0, f64::max), f.name.as_str()))
            .filter(|(s, _)| *s >= 0.4)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        let span = Some((self.spans[j].start, self.spans[j].end));
        Fail::Refuse(Refusal::UnknownField { word, suggestions: scored.into_iter().take(3).map(|(_, n)| n.to_string()).collect(), span })
    }

    pub(super) fn missing(&self, numeric: Option<bool>) -> Fail {
        let options: Vec<String> = self
            .cat
            .fields
            .iter()
            .filter(|f| !f.is_change())
            .filter(|f| match numeric {
                Some(true) => f.ty.is_numeric(),
                Some(false) => f.categorical,
                None => true,
            })
            .map(|f| f.name.clone())
            .collect();
        let missing = match numeric {
            Some(true) => "numeric field",
            Some(false) => "category field",
            None => "field",
        };
        Fail::Clarify(Clarification { word: None, options, default: None, span: None, missing: Some(missing.into()) })
    }

    pub(super) fn missing_value(&self) -> Fail {
        match self.unknown_value() {
            Some(r) => Fail::Refuse(r),
            None => self.missing(Some(false)),
        }
    }

    /// An aggregate without a field: an unknown word there is a column we do not have; else ask.
    pub(super) fn unknown_field_or_missing(&self, numeric: Option<bool>) -> Fail {
        let words: Vec<usize> = (0..self.spans.len())
            .filter(|&i| matches!(self.spans[i].tag, Tag::Unknown) && self.spans[i].raw.chars().any(char::is_alphabetic))
            .collect();
        let Some(&first) = words.first() else { return self.missing(numeric) };
        // Suggestions come from the first unknown word; the refusal quotes them all.
        match self.unknown_field_at(first) {
            Fail::Refuse(Refusal::UnknownField { suggestions, span, .. }) => {
                let word = words.iter().map(|&i| self.spans[i].raw.as_str()).collect::<Vec<_>>().join(" ");
                let span = if words.len() == 1 { span } else { None };
                Fail::Refuse(Refusal::UnknownField { word, suggestions, span })
            }
            other => other,
        }
    }

    /// A word that reads like a value ("in Paris", a capitalised name, quoted text) but is in no column.
    pub(super) fn unknown_value(&self) -> Option<Refusal> {
        for (i, s) in self.spans.iter().enumerate() {
            let candidate = match &s.tag {
                Tag::Quoted(_) => !s.used,
                Tag::Unknown => {
                    let after_prep = self.prev_content(i).is_some_and(|k| matches!(self.spans[k].cue(), Some(Cue::In | Cue::Of)));
                    let capital = i > 0 && s.raw.chars().next().is_some_and(char::is_uppercase);
                    (after_prep || capital) && s.raw.chars().any(char::is_alphabetic)
                }
                _ => false,
            };
            if !candidate {
                continue;
            }
            let word = strip_quotes(&s.raw);
            let folded = crate::query::text::fold(&word);
            let mut scored: Vec<(f64, String)> = self
                .cat
                .values
                .iter()
                .map(|(k, hits)| (strsim::normalized_levenshtein(k, &folded), hits[0].value.clone()))
                .filter(|(sc, _)| *sc >= 0.6)
                .collect();
            scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            return Some(Refusal::UnknownValue { word, suggestions: scored.into_iter().take(3).map(|(_, v)| v).collect() });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::parser::with_parser;
    use super::*;

    const CSV: &str =
        "name,origin,mpg,cylinders,hp,year\nA,USA,18,8,150,1970\nB,Japan,31,4,,1972\nC,Europe,26,4,90,1970\nD,USA,15,8,170,1975\n";

    #[test]
    fn a_capitalised_word_in_no_column_is_an_unknown_value_with_suggestions() {
        match with_parser("cars.csv", CSV, "average mpg of cars from Japna", |p| p.unknown_value()) {
            Some(Refusal::UnknownValue { word, suggestions }) => {
                assert_eq!(word, "Japna");
                assert_eq!(suggestions.first().map(String::as_str), Some("Japan"));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_unknown_word_suggests_the_closest_fields() {
        let fail = with_parser("cars.csv", CSV, "average cylinder count", |p| {
            let j = p.spans.iter().position(|s| s.raw == "count").expect("the word");
            p.unknown_field_at(j)
        });
        assert!(matches!(fail, Fail::Refuse(Refusal::UnknownField { ref word, .. }) if word == "count"));
    }

    #[test]
    fn a_missing_number_field_asks_among_the_numeric_ones() {
        match with_parser("cars.csv", CSV, "What is the average?", |p| p.missing(Some(true))) {
            Fail::Clarify(c) => {
                assert_eq!(c.missing.as_deref(), Some("numeric field"));
                assert!(c.options.iter().all(|o| o != "name" && o != "origin"), "{:?}", c.options);
                assert!(c.options.iter().any(|o| o == "mpg"));
            }
            Fail::Refuse(r) => panic!("{r:?}"),
        }
    }
}
