//! The shape of answer a question asks for, read from its words alone (before any field is
//! linked): yes/no, a number, one category, or a list. The contract in `contract` compares it with
//! the shape a plan computes, so "Is the highest X negative?" never gets a number as its answer.

use serde::{Deserialize, Serialize};

use super::lang::{lexicon, Lang};
use super::text::Token;

/// What kind of answer the words ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// "Is…?", "Are there more…than…?", "Gibt es…?", "¿Hay…?": true or false.
    Boolean,
    /// "How many…", "What is the average…": one number.
    Number,
    /// "Which origin…", "Who…": one name or category (a list when several tie).
    Category,
    /// "List…", "the 3 heaviest…", "top 5…": several values; `n` when the words say how many.
    List { n: Option<u32> },
    /// Nothing in the words fixes the shape ("average mpg per origin", "Tell me about…").
    Open,
}

/// Auxiliaries that open a yes/no question, per language (folded).
fn opens_yes_no(lang: Lang, first: &str, second: Option<&str>) -> bool {
    match lang {
        Lang::En => matches!(
            first,
            "is" | "are"
                | "was"
                | "were"
                | "do"
                | "does"
                | "did"
                | "has"
                | "have"
                | "had"
                | "any"
                | "can"
                | "could"
                | "will"
                | "would"
                | "should"
                | "isn"
                | "aren"
                | "wasn"
                | "doesn"
                | "don"
        ),
        Lang::Es => matches!(
            first,
            "es" | "son"
                | "hay"
                | "habia"
                | "hubo"
                | "existe"
                | "existen"
                | "tiene"
                | "tienen"
                | "tuvo"
                | "fue"
                | "fueron"
                | "era"
                | "eran"
                | "esta"
                | "estan"
                | "supera"
                | "superan"
                | "todos"
                | "todas"
                | "algun"
                | "alguna"
                | "alguno"
                // A past verb first asks whether it happened ("¿Murió una proporción mayor…?").
                | "dejaron"
                | "voto"
                | "votaron"
                | "murio"
                | "murieron"
                | "gano"
                | "ganaron"
                | "supero"
                | "superaron"
                | "vendio"
                | "vendieron"
                | "estuvo"
                | "estuvieron"
                | "tuvieron"
        ),
        Lang::Ca => {
            matches!(
                first,
                "es" | "son"
                    | "hi"
                    | "existeix"
                    | "existeixen"
                    | "te"
                    | "tenen"
                    | "era"
                    | "eren"
                    | "esta"
                    | "estan"
                    | "supera"
                    | "superen"
                    | "tots"
                    | "totes"
                    | "algun"
                    | "alguna"
            ) || (first == "va" && second.is_some_and(|s| matches!(s, "ser" | "haver" | "tenir")))
        }
        Lang::De => matches!(
            first,
            "ist"
                | "sind"
                | "gibt"
                | "gab"
                | "hat"
                | "haben"
                | "hatte"
                | "hatten"
                | "war"
                | "waren"
                | "kann"
                | "konnen"
                | "liegt"
                | "liegen"
                | "existiert"
                | "existieren"
                | "stimmt"
                | "ubersteigt"
                | "ubersteigen"
                | "kommt"
                | "kommen"
                // A verb first asks whether it held ("Lag die Rate … über 0,4?", "Wurden mehr … verkauft?").
                | "lag"
                | "lagen"
                | "wurde"
                | "wurden"
                | "bekam"
                | "bekamen"
                | "gewann"
                | "gewannen"
                | "stieg"
                | "stiegen"
                | "sank"
                | "sanken"
                | "fiel"
                | "fielen"
                | "ubertraf"
                | "ubertrafen"
                | "uberstieg"
                | "uberstiegen"
                | "erreichte"
                | "erreichten"
                | "starb"
                | "starben"
        ),
    }
}

/// Words that ask for a number.
fn asks_number(folds: &[&str]) -> bool {
    let joined = format!(" {} ", folds.join(" "));
    [
        " how many ",
        " how much ",
        " cuantos ",
        " cuantas ",
        " cuanto ",
        " cuanta ",
        " quants ",
        " quantes ",
        " quant ",
        " quanta ",
        " wie viele ",
        " wie viel ",
        " wieviele ",
        " what percentage ",
        " what share ",
        " what proportion ",
        " what fraction ",
        " que porcentaje ",
        " quin percentatge ",
        " welcher anteil ",
        " wie hoch ist der anteil ",
        " how often ",
        // An age asked: "How old was the oldest patient?", "Wie alt…", "¿Qué edad…?".
        " how old ",
        " wie alt ",
        " que edad ",
        " quina edat ",
    ]
    .iter()
    .any(|p| joined.contains(p))
}

/// Words that introduce a name or category: "which", "who", "qué", "welche".
fn asks_which(w: &str) -> bool {
    matches!(
        w,
        "which"
            | "who"
            | "whom"
            | "whose"
            | "cual"
            | "cuales"
            | "quien"
            | "quienes"
            | "quin"
            | "quina"
            | "quins"
            | "quines"
            | "qui"
            | "welche"
            | "welcher"
            | "welches"
            | "welchen"
            | "welchem"
            | "wer"
            | "wem"
            | "wen"
    )
}

/// Words that ask for a list.
fn asks_list(w: &str) -> bool {
    matches!(
        w,
        "list" | "name" | "enumerate" | "lista" | "enumera" | "nombra" | "llista" | "anomena" | "liste" | "nenne" | "nennen" | "auflisten"
    )
}

fn plural_rank_word(w: &str) -> bool {
    matches!(
        w,
        "top"
            | "first"
            | "last"
            | "primeros"
            | "primeras"
            | "ultimos"
            | "ultimas"
            | "primers"
            | "primeres"
            | "darrers"
            | "ersten"
            | "letzten"
            | "bottom"
    )
}

/// Reads the shape the question asks for. `numbers` gives a number per token where the token is one.
pub fn asked(q: &str, tokens: &[Token], lang: Lang, numbers: &[Option<f64>]) -> Shape {
    let folds: Vec<&str> = tokens.iter().map(|t| t.fold.as_str()).collect();
    let Some(first) = folds.first() else { return Shape::Open };
    // "Top 5…", "the 3 heaviest…", "die 4 häufigsten…": a count of items next to a ranking word.
    let n = (0..folds.len()).find_map(|i| {
        let v = numbers.get(i).copied().flatten().or_else(|| lexicon(lang).number_word(folds[i]).map(f64::from))?;
        if v.fract() != 0.0 || !(2.0..=100.0).contains(&v) {
            return None;
        }
        let before = i.checked_sub(1).map(|j| folds[j]);
        let after = folds.get(i + 1).copied();
        // ("the 4-cylinder cars": a number joined to its noun is what the rows have, not how many.)
        let hyphened = q.get(tokens[i].end..).is_some_and(|rest| rest.starts_with('-') && rest[1..].starts_with(char::is_alphabetic));
        let near = before.is_some_and(|b| {
            plural_rank_word(b)
                || matches!(
                    b,
                    "the"
                        | "los"
                        | "las"
                        | "els"
                        | "les"
                        | "die"
                        | "list"
                        | "lista"
                        | "llista"
                        | "which"
                        | "what"
                        | "cuales"
                        | "quins"
                        | "quines"
                        | "welche"
                )
        }) && after.is_some_and(|a| !a.chars().all(|c| c.is_ascii_digit()))
            && !hyphened
            // ("over the two years": the span of the data, not how many.)
            && !i.checked_sub(2).is_some_and(|j| matches!(folds[j], "over" | "across" | "during" | "throughout"));
        near.then_some(v as u32)
    });
    let second = folds.get(1).copied();
    if opens_yes_no(lang, first, second) {
        // "Are there more women or men?" chooses between two values.
        let choice = folds.contains(&"or") || folds.contains(&"o") || folds.contains(&"oder");
        return if choice { Shape::Category } else { Shape::Boolean };
    }
    // "More Catholics than Evangelical Prot in the $100-150k bracket?": a comparative with its
    // "than", opening a question that has no question word, asks yes or no.
    let comparative =
        matches!(*first, "more" | "fewer" | "less" | "higher" | "lower" | "mas" | "menos" | "mes" | "menys" | "mehr" | "weniger");
    let than = folds.iter().any(|w| super::lang::is_than(w));
    if comparative && than && q.trim_end().ends_with('?') && !folds.contains(&"or") && !folds.contains(&"o") && !folds.contains(&"oder") {
        return Shape::Boolean;
    }
    // A yes/no question after a short lead-in: "In 2007, was…", "Tell me: is…" are rare; the
    // auxiliary must open the question.
    if let Some(n) = n {
        return Shape::List { n: Some(n) };
    }
    if asks_number(&folds) {
        return Shape::Number;
    }
    if folds.iter().take(2).any(|w| asks_list(w)) {
        return Shape::List { n: None };
    }
    // "Which cars…", "Who…"; but "¿Cuál es la media…?", "Quina és la potència…?", "Which is…" ask
    // for whatever follows the copula, number or name.
    // ("¿qué town tenía…?": an accented "qué"/"què" asks which, as "cuál" does; unaccented it is "that".)
    let accented_what = |i: usize| tokens.get(i).is_some_and(|t| matches!(t.raw.to_lowercase().as_str(), "qué" | "què"));
    if let Some(i) = (0..folds.len().min(3)).find(|&i| asks_which(folds[i]) || accented_what(i)) {
        let next = folds.get(i + 1).copied().unwrap_or("");
        if matches!(next, "is" | "was" | "es" | "fue" | "era" | "son" | "fueron" | "ist" | "war" | "sind" | "waren" | "va" | "van") {
            return Shape::Open;
        }
        return Shape::Category;
    }
    Shape::Open
}

/// A Spanish or Catalan question with no question word that ends in "?" asks yes or no, as its
/// intonation does: "El model més freqüent és el caravan 2wd?", "¿El 1960 tuvo más pasajeros que el 1959?".
/// "robbery numbers fell every year, right?", "¿…, verdad?", "…, oder?": a statement with a tag
/// asks yes or no; the index of the tag's first token.
pub fn tag_question(q: &str, tokens: &[Token]) -> Option<usize> {
    let q = q.trim_end();
    let body = q.strip_suffix('?')?;
    let comma = body.rfind(',')?;
    let tail = super::text::fold(body[comma + 1..].trim());
    const TAGS: &[&str] = &[
        "right",
        "correct",
        "true",
        "yes",
        "no",
        "isn t it",
        "didn t it",
        "verdad",
        "cierto",
        "no es asi",
        "veritat",
        "cert",
        "oi",
        "oder",
        "nicht wahr",
        "stimmt s",
        "stimmt das",
        "richtig",
    ];
    let k = tokens.iter().position(|t| t.start > comma)?;
    (k > 0 && TAGS.contains(&tail.as_str())).then_some(k)
}

pub fn yes_no_by_intonation(q: &str, tokens: &[Token], lang: Lang) -> bool {
    if !matches!(lang, Lang::Es | Lang::Ca) || !q.trim_end().ends_with('?') {
        return false;
    }
    // Accented "qué"/"què" ask; unaccented "que" is "that" or "than".
    const ASKING: &[&str] = &[
        "qué", "què", "cuál", "cuáles", "cual", "cuales", "cuánto", "cuánta", "cuántos", "cuántas", "cuanto", "cuanta", "cuantos",
        "cuantas", "quién", "quiénes", "quien", "quienes", "dónde", "donde", "cuándo", "cuando", "cómo", "quin", "quina", "quins",
        "quines", "quant", "quanta", "quants", "quantes", "qui", "on", "quan", "com", "per", "por",
    ];
    let words: Vec<String> = tokens.iter().map(|t| t.raw.to_lowercase()).collect();
    let first = words.first().map(String::as_str).unwrap_or("");
    // A finite verb says it is a sentence asked, not a noun phrase ("¿Media de edad por ciudad?").
    const VERBS: &[&str] = &[
        "es", "era", "fue", "son", "eran", "fueron", "hay", "había", "hubo", "tiene", "tienen", "tenía", "tuvo", "tuvieron", "ha", "han",
        "está", "están", "estaba", "supera", "superan", "superó", "és", "són", "eren", "va", "van", "té", "tenen", "tenia", "tenien",
        "està", "estan", "supera", "superen",
    ];
    // Spanish preterites end in a stressed "ó" ("creció", "cayó", "ganó"); few nouns do.
    let preterite = |w: &str| lang == Lang::Es && w.chars().count() >= 4 && w.ends_with('ó');
    if !words.iter().any(|w| VERBS.contains(&w.as_str()) || preterite(w)) {
        return false;
    }
    // "Per què…", "¿Por qué…?" ask why; a list or a count opens with its own word.
    !words.iter().any(|w| ASKING.contains(&w.as_str()) && w != "per" && w != "por" && w != "on" && w != "com")
        && !matches!(first, "per" | "por" | "on" | "com")
        && !tokens.iter().any(|t| asks_list(&t.fold))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::text::{parse_number, tokenize};

    fn shape(q: &str, lang: Lang) -> Shape {
        let t = tokenize(q);
        let nums: Vec<Option<f64>> = t.iter().map(|t| parse_number(&t.raw)).collect();
        asked(q, &t, lang, &nums)
    }

    #[test]
    fn yes_no_questions() {
        assert_eq!(shape("Is the highest value negative?", Lang::En), Shape::Boolean);
        assert!(yes_no_by_intonation(
            "¿La población creció en todos los trimestres?",
            &tokenize("¿La población creció en todos los trimestres?"),
            Lang::Es
        ));
        assert_eq!(shape("Are there more smokers than non-smokers?", Lang::En), Shape::Boolean);
        assert_eq!(shape("More smokers than non-smokers on Sunday?", Lang::En), Shape::Boolean);
        assert_eq!(shape("Do all rows have a different id?", Lang::En), Shape::Boolean);
        assert_eq!(shape("¿Hay algún país con más de 80 años de esperanza de vida?", Lang::Es), Shape::Boolean);
        assert_eq!(shape("Gibt es Länder mit mehr als 1000 Einwohnern?", Lang::De), Shape::Boolean);
        assert_eq!(shape("Hi ha cap fila sense valor?", Lang::Ca), Shape::Boolean);
        // A choice between two values is not yes/no.
        assert_eq!(shape("Are there more women or men?", Lang::En), Shape::Category);
        // No question word and a question mark: yes or no, by intonation.
        let t = tokenize("El model més freqüent és el caravan 2wd?");
        assert!(yes_no_by_intonation("El model més freqüent és el caravan 2wd?", &t, Lang::Ca));
        let t = tokenize("¿Qué modelo es el más frecuente?");
        assert!(!yes_no_by_intonation("¿Qué modelo es el más frecuente?", &t, Lang::Es));
    }

    #[test]
    fn numbers_categories_and_lists() {
        assert_eq!(shape("How many cars have 8 cylinders?", Lang::En), Shape::Number);
        assert_eq!(shape("Wie viele Länder gibt es?", Lang::De), Shape::Number);
        assert_eq!(shape("Which origin has the highest average mpg?", Lang::En), Shape::Category);
        assert_eq!(shape("List the 3 heaviest cars", Lang::En), Shape::List { n: Some(3) });
        assert_eq!(shape("What are the top 5 countries by population?", Lang::En), Shape::List { n: Some(5) });
        assert_eq!(shape("average mpg per origin", Lang::En), Shape::Open);
    }
}
