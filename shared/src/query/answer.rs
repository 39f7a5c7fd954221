//! The answer wire type and the sentences that say it, in the question's language.

use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use super::engine::Rows;
use super::intent::Intent;
use super::lang::Lang;
use super::plan::ChartKind;
use super::shape::Shape;
use super::understand::{Clarification, MetaKind, Refusal};
use crate::verbalise::Passage;

/// How a question was answered. Other tools read these names: keep them stable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Route {
    Exact,
    Lookup,
    Meta,
    Clarify,
    Unanswerable,
    Generated,
}

pub use crate::table::Citation;

/// A chart of a grouped result: the app draws it as SVG.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Chart {
    #[serde(rename = "type")]
    pub kind: ChartKind,
    pub title: String,
    pub x: String,
    pub y: String,
    /// Points: [x, y] (bar, line, pie, histogram: category or bin start → value; scatter: x → y);
    /// box: [group, [min, q1, median, q3, max]].
    pub data: Vec<(Json, Json)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClarifyOut {
    pub question: String,
    pub options: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
}

/// One answer. The first seven fields are the stable contract of `tabletalk ask --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    pub route: Route,
    pub answer: String,
    pub value: Json,
    pub sql: Option<String>,
    pub citations: Vec<Citation>,
    pub chart: Option<Chart>,
    pub clarify: Option<ClarifyOut>,
    /// What the question was read as ("count_filter", "top_n", "retrieval", …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intent: Option<Intent>,
    pub confidence: f32,
    pub lang: Lang,
    /// The result rows (capped), as the engine returned them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows: Option<Rows>,
    /// True when the SQL came from a language model (never for the rule-based path).
    #[serde(default)]
    pub approximate: bool,
    /// A retrieval answer to a question that asks for a computation the rules could not plan:
    /// a language model may write its SQL (`Dataset::run_written`), marked `approximate`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub wants_sql: bool,
    /// Generated answers: each sentence with the rows that support it (unsupported ones flagged).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sentences: Option<Vec<crate::generate::SentenceSupport>>,
    /// Generated answers: the retrieved passages the model read, best first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passages: Option<Vec<PassageOut>>,
}

/// A retrieved passage as shown next to a generated answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PassageOut {
    pub file: String,
    pub row: u64,
    pub score: f32,
    pub text: String,
}

impl Answer {
    /// Rows found by words (and meaning) for a question the rules could not compute.
    pub fn is_retrieval(&self) -> bool {
        self.intent == Some(Intent::Retrieval)
    }

    /// Whether a language model, where one is configured, writes this answer from its rows:
    /// retrieval answers, and lookups of at most five whole rows ("What happened to Cesar A.
    /// Aguilar?"). Counts, aggregates and single values stay exact; a computation the rules could
    /// not plan gets the model's SQL instead (`wants_sql`), never its arithmetic.
    pub fn wants_generation(&self) -> bool {
        !self.wants_sql
            && ((self.is_retrieval() && matches!(self.route, Route::Lookup | Route::Unanswerable))
                || (self.route == Route::Lookup && self.intent == Some(Intent::FilterList) && (1..=5).contains(&self.citations.len())))
    }

    /// The retrieval answer citing `ids` (indexes into `passages`, best first).
    pub fn retrieved(passages: &[Passage], lang: Lang, confidence: f32, ids: &[usize]) -> Answer {
        let mut a = Answer::plain(Route::Lookup, lang, String::new());
        a.confidence = confidence;
        a.intent = Some(Intent::Retrieval);
        let shown: Vec<&Passage> = ids.iter().filter_map(|&i| passages.get(i)).collect();
        if shown.is_empty() {
            a.route = Route::Unanswerable;
            a.answer = tr(
                lang,
                "I don't know: no row matches this question.".into(),
                "No lo sé: ninguna fila responde a esta pregunta.".into(),
                "No ho sé: cap fila respon aquesta pregunta.".into(),
                "Das weiß ich nicht: keine Zeile passt zu dieser Frage.".into(),
            );
            return a;
        }
        let joined = shown.iter().map(|p| p.text.as_str()).collect::<Vec<_>>().join(" | ");
        a.answer = tr(
            lang,
            format!("This is not a question I can compute exactly; the most relevant rows are: {joined}"),
            format!("No puedo calcular esta pregunta exactamente; las filas más relevantes son: {joined}"),
            format!("No puc calcular aquesta pregunta exactament; les files més rellevants són: {joined}"),
            format!("Diese Frage kann ich nicht exakt berechnen; die passendsten Zeilen sind: {joined}"),
        );
        a.citations = shown.iter().map(|p| Citation { file: p.provenance.file.clone(), row: p.provenance.row.0 }).collect();
        a
    }

    pub fn plain(route: Route, lang: Lang, answer: String) -> Answer {
        Answer {
            route,
            answer,
            value: Json::Null,
            sql: None,
            citations: Vec::new(),
            chart: None,
            clarify: None,
            intent: None,
            confidence: 1.0,
            lang,
            rows: None,
            approximate: false,
            wants_sql: false,
            sentences: None,
            passages: None,
        }
    }
}

/// Picks the sentence for the language.
pub fn tr(lang: Lang, en: String, es: String, ca: String, de: String) -> String {
    match lang {
        Lang::En => en,
        Lang::Es => es,
        Lang::Ca => ca,
        Lang::De => de,
    }
}

/// A number as a reader expects it: whole numbers plain, others to two decimals (three significant
/// digits below 0.1), with the language's decimal mark.
pub fn num(lang: Lang, v: &Json) -> String {
    match v {
        Json::Number(n) => {
            let f = n.as_f64().unwrap_or(0.0);
            // (Physical constants: 6.2354e-65 and 1.3564e50 rather than "0." and fifty digits.)
            let s = if n.is_i64() || n.is_u64() || (f.fract() == 0.0 && f.abs() < 1e15) {
                format!("{}", f as i64)
            } else if f != 0.0 && (f.abs() < 1e-4 || f.abs() >= 1e15) {
                let e = format!("{f:.4e}");
                match e.split_once('e') {
                    Some((m, x)) => format!("{}e{x}", m.trim_end_matches('0').trim_end_matches('.')),
                    None => e,
                }
            } else if f.abs() < 0.1 {
                // Small numbers keep three significant digits: a bound of 0.015 is not "0.01".
                let places = (2 - f.abs().log10().floor() as i32).clamp(2, 6) as usize;
                let r = format!("{f:.places$}");
                r.trim_end_matches('0').trim_end_matches('.').to_string()
            } else {
                let r = format!("{:.2}", f);
                let r = r.trim_end_matches('0').trim_end_matches('.').to_string();
                if r == "0" || r == "-0" {
                    format!("{f:.4}").trim_end_matches('0').to_string()
                } else {
                    r
                }
            };
            if lang == Lang::En {
                s
            } else {
                s.replace('.', ",")
            }
        }
        Json::String(s) => s.clone(),
        Json::Null => "—".into(),
        other => other.to_string(),
    }
}

pub fn list(lang: Lang, items: &[String]) -> String {
    const SHOWN: usize = 12;
    let mut s = items.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(", ");
    if items.len() > SHOWN {
        let more = items.len() - SHOWN;
        s.push_str(&tr(
            lang,
            format!(" and {more} more"),
            format!(" y {more} más"),
            format!(" i {more} més"),
            format!(" und {more} weitere"),
        ));
    }
    s
}

pub fn meta_text(lang: Lang, kind: MetaKind, value: Option<&str>, title: &str) -> String {
    match (kind, value) {
        (MetaKind::Source, Some(v)) => tr(
            lang,
            format!("Source of {title}: {v}"),
            format!("Fuente de {title}: {v}"),
            format!("Font de {title}: {v}"),
            format!("Quelle von {title}: {v}"),
        ),
        (MetaKind::Date, Some(v)) => tr(
            lang,
            format!("The data of {title} is from {v}."),
            format!("Los datos de {title} son de {v}."),
            format!("Les dades de {title} són de {v}."),
            format!("Die Daten von {title} stammen von {v}."),
        ),
        (MetaKind::Title, Some(v)) => tr(
            lang,
            format!("The dataset is called “{v}”."),
            format!("El conjunto de datos se llama «{v}»."),
            format!("El conjunt de dades es diu «{v}»."),
            format!("Der Datensatz heißt „{v}“."),
        ),
        (MetaKind::Description, Some(v)) => v.to_string(),
        (_, None) => tr(
            lang,
            format!("The description of {title} does not say."),
            format!("La descripción de {title} no lo indica."),
            format!("La descripció de {title} no ho indica."),
            format!("Die Beschreibung von {title} sagt dazu nichts."),
        ),
        (MetaKind::Capabilities, Some(v)) => v.to_string(),
    }
}

pub fn capabilities(lang: Lang, title: &str, fields: &[String], example_value: Option<&str>) -> String {
    let fs = list(lang, fields);
    let v = example_value.unwrap_or("…");
    let f0 = fields.first().map(String::as_str).unwrap_or("…");
    tr(
        lang,
        format!("You can ask about {title}: how many rows match a condition (\"How many rows have {v}?\"), averages, sums, medians, minimums and maximums of a field, the top or bottom N, the most common values, percentages, values per group (\"average {f0} per …\"), one row's field, and where the data comes from. Fields: {fs}."),
        format!("Puedes preguntar sobre {title}: cuántas filas cumplen una condición («¿Cuántas filas tienen {v}?»), medias, sumas, medianas, mínimos y máximos de un campo, los N primeros o últimos, los valores más comunes, porcentajes, valores por grupo, un campo de una fila y de dónde vienen los datos. Campos: {fs}."),
        format!("Pots preguntar sobre {title}: quantes files compleixen una condició («Quantes files tenen {v}?»), mitjanes, sumes, medianes, mínims i màxims d'un camp, els N primers o últims, els valors més comuns, percentatges, valors per grup, un camp d'una fila i d'on provenen les dades. Camps: {fs}."),
        format!("Du kannst zu {title} fragen: wie viele Zeilen eine Bedingung erfüllen („Wie viele Zeilen haben {v}?“), Durchschnitt, Summe, Median, Minimum und Maximum eines Feldes, die ersten oder letzten N, die häufigsten Werte, Anteile, Werte pro Gruppe, ein Feld einer Zeile und woher die Daten stammen. Felder: {fs}."),
    )
}

pub fn clarify_text(lang: Lang, c: &Clarification) -> String {
    let opts: Vec<String> = c
        .options
        .iter()
        .map(|o| {
            if Some(o) == c.default.as_ref() {
                format!("{o} ({})", tr(lang, "default".into(), "por defecto".into(), "per defecte".into(), "Standard".into()))
            } else {
                o.clone()
            }
        })
        .collect();
    let opts = opts.join(", ");
    match (&c.word, c.missing.as_deref()) {
        (Some(w), _) => tr(
            lang,
            format!("Which “{w}” do you mean: {opts}?"),
            format!("¿A qué «{w}» te refieres: {opts}?"),
            format!("A quin «{w}» et refereixes: {opts}?"),
            format!("Welches „{w}“ meinst du: {opts}?"),
        ),
        (None, _) => tr(
            lang,
            format!("Of which field? Options: {opts}."),
            format!("¿De qué campo? Opciones: {opts}."),
            format!("De quin camp? Opcions: {opts}."),
            format!("Von welchem Feld? Möglich: {opts}."),
        ),
    }
}

pub fn refusal_text(lang: Lang, r: &Refusal) -> String {
    match r {
        Refusal::Empty => tr(lang, "Please ask a question.".into(), "Haz una pregunta, por favor.".into(), "Fes una pregunta, si us plau.".into(), "Bitte stelle eine Frage.".into()),
        Refusal::TooLong { chars } => tr(
            lang,
            format!("The question is too long ({chars} characters; at most {}). Please ask it in a sentence or two.", super::understand::MAX_QUESTION_CHARS),
            format!("La pregunta es demasiado larga ({chars} caracteres; como máximo {}).", super::understand::MAX_QUESTION_CHARS),
            format!("La pregunta és massa llarga ({chars} caràcters; com a màxim {}).", super::understand::MAX_QUESTION_CHARS),
            format!("Die Frage ist zu lang ({chars} Zeichen; höchstens {}).", super::understand::MAX_QUESTION_CHARS),
        ),
        Refusal::Sql => tr(
            lang,
            "That looks like SQL. Ask in words; I only run read-only queries I build myself.".into(),
            "Eso parece SQL. Pregunta con palabras; solo ejecuto consultas de lectura que construyo yo.".into(),
            "Això sembla SQL. Pregunta amb paraules; només executo consultes de lectura que construeixo jo.".into(),
            "Das sieht nach SQL aus. Frag in Worten; ich führe nur selbst gebaute Leseabfragen aus.".into(),
        ),
        Refusal::Language { name } => format!(
            "This looks like {name}. I answer questions in English, Spanish, Catalan and German. / Respondo en inglés, español, catalán y alemán. / Responc en anglès, castellà, català i alemany. / Ich antworte auf Englisch, Spanisch, Katalanisch und Deutsch."
        ),
        Refusal::UnknownField { word, suggestions, .. } => {
            let s = suggestions.join(", ");
            match suggestions.is_empty() {
                false => tr(lang, format!("There is no column like “{word}”; did you mean {s}?"), format!("No hay ninguna columna como «{word}»; ¿querías decir {s}?"), format!("No hi ha cap columna com «{word}»; volies dir {s}?"), format!("Es gibt keine Spalte wie „{word}“; meintest du {s}?")),
                true => tr(lang, format!("There is no column like “{word}”."), format!("No hay ninguna columna como «{word}»."), format!("No hi ha cap columna com «{word}»."), format!("Es gibt keine Spalte wie „{word}“.")),
            }
        }
        Refusal::UnknownValue { word, suggestions } => {
            let s = suggestions.join(", ");
            match suggestions.is_empty() {
                false => tr(lang, format!("“{word}” does not occur in the data; did you mean {s}?"), format!("«{word}» no aparece en los datos; ¿querías decir {s}?"), format!("«{word}» no apareix a les dades; volies dir {s}?"), format!("„{word}“ kommt in den Daten nicht vor; meintest du {s}?")),
                true => tr(lang, format!("“{word}” does not occur in the data."), format!("«{word}» no aparece en los datos."), format!("«{word}» no apareix a les dades."), format!("„{word}“ kommt in den Daten nicht vor.")),
            }
        }
        Refusal::TypeMismatch { field, ty, wanted } => tr(
            lang,
            format!("“{field}” holds {ty} values, so it cannot be compared with a {wanted}."),
            format!("«{field}» contiene valores de tipo {ty}; no se puede comparar con un valor de tipo {wanted}."),
            format!("«{field}» conté valors de tipus {ty}; no es pot comparar amb un valor de tipus {wanted}."),
            format!("„{field}“ enthält Werte vom Typ {ty} und lässt sich nicht mit einem Wert vom Typ {wanted} vergleichen."),
        ),
        Refusal::Contradiction { field, detail } => {
            let d = detail.replace('|', " / ");
            tr(
                lang,
                format!("No row can match: the conditions on “{field}” contradict each other ({d}). Did you mean “or”?"),
                format!("Ninguna fila puede cumplirlo: las condiciones sobre «{field}» se contradicen ({d}). ¿Querías decir «o»?"),
                format!("Cap fila ho pot complir: les condicions sobre «{field}» es contradiuen ({d}). Volies dir «o»?"),
                format!("Keine Zeile kann passen: die Bedingungen zu „{field}“ widersprechen sich ({d}). Meintest du „oder“?"),
            )
        }
        Refusal::PeriodOfYear { field, year } => tr(
            lang,
            format!("“{field}” is a position within the year, so its different values are not the number of {field}s in the data. Ask “how many rows”, or for the number of rows per “{year}”."),
            format!("«{field}» es una posición dentro del año: sus valores distintos no son el número de periodos de los datos. Pregunta «cuántas filas», o por el número de filas por «{year}»."),
            format!("«{field}» és una posició dins de l'any: els seus valors diferents no són el nombre de períodes de les dades. Pregunta «quantes files», o pel nombre de files per «{year}»."),
            format!("„{field}“ ist eine Position im Jahr; seine verschiedenen Werte sind nicht die Zahl der Zeiträume in den Daten. Frag „wie viele Zeilen“ oder nach der Zahl der Zeilen je „{year}“."),
        ),
        Refusal::ListCells { field } => tr(
            lang,
            format!("The cells of “{field}” hold lists of values (“a, b, c”): counting or grouping its values is not computed exactly. Ask for the rows that hold one value instead."),
            format!("Las celdas de «{field}» contienen listas de valores («a, b, c»): contar o agrupar sus valores no se calcula exactamente. Pregunta por las filas que contienen un valor."),
            format!("Les cel·les de «{field}» contenen llistes de valors («a, b, c»): comptar o agrupar-ne els valors no es calcula exactament. Pregunta per les files que contenen un valor."),
            format!("Die Zellen von „{field}“ enthalten Listen von Werten („a, b, c“): ihre Werte zu zählen oder zu gruppieren wird nicht exakt berechnet. Frag nach den Zeilen, die einen Wert enthalten."),
        ),
        Refusal::OutsideData { field, first, last } => tr(
            lang,
            format!("The data does not cover that period: “{field}” runs from {first} to {last}."),
            format!("Los datos no cubren ese periodo: «{field}» va del {first} al {last}."),
            format!("Les dades no cobreixen aquest període: «{field}» va del {first} al {last}."),
            format!("Die Daten decken diesen Zeitraum nicht ab: „{field}“ reicht von {first} bis {last}."),
        ),
        Refusal::Unplaced { understood, words, asked } => {
            let ws = words.iter().map(|w| format!("“{w}”")).collect::<Vec<_>>().join(", ");
            let shape = |l: Lang| match (asked, l) {
                (Some(Shape::Boolean), Lang::En) => " The question asks yes or no; that reading does not.",
                (Some(Shape::Boolean), Lang::Es) => " La pregunta pide sí o no; esa lectura no.",
                (Some(Shape::Boolean), Lang::Ca) => " La pregunta demana sí o no; aquesta lectura no.",
                (Some(Shape::Boolean), Lang::De) => " Die Frage verlangt Ja oder Nein; diese Lesart nicht.",
                (Some(Shape::List { .. }), Lang::En) => " The question asks for a list; that reading gives one value.",
                (Some(Shape::List { .. }), Lang::Es) => " La pregunta pide una lista; esa lectura da un valor.",
                (Some(Shape::List { .. }), Lang::Ca) => " La pregunta demana una llista; aquesta lectura dona un valor.",
                (Some(Shape::List { .. }), Lang::De) => " Die Frage verlangt eine Liste; diese Lesart liefert einen Wert.",
                (Some(Shape::Category), Lang::En) => " The question asks which one; that reading gives a number.",
                (Some(Shape::Category), Lang::Es) => " La pregunta pide cuál; esa lectura da un número.",
                (Some(Shape::Category), Lang::Ca) => " La pregunta demana quin; aquesta lectura dona un nombre.",
                (Some(Shape::Category), Lang::De) => " Die Frage fragt nach einem Namen; diese Lesart liefert eine Zahl.",
                (Some(Shape::Number), Lang::En) => " The question asks for a number; that reading does not give one.",
                (Some(Shape::Number), Lang::Es) => " La pregunta pide un número; esa lectura no lo da.",
                (Some(Shape::Number), Lang::Ca) => " La pregunta demana un nombre; aquesta lectura no el dona.",
                (Some(Shape::Number), Lang::De) => " Die Frage verlangt eine Zahl; diese Lesart liefert keine.",
                _ => "",
            };
            let (en, es, ca, de) = if words.is_empty() {
                (String::new(), String::new(), String::new(), String::new())
            } else {
                (format!(" I could not place: {ws}."), format!(" No supe ubicar: {ws}."), format!(" No he sabut situar: {ws}."), format!(" Nicht zuordnen konnte ich: {ws}."))
            };
            // Nothing understood: only the words not placed are said.
            let got = |said: &str| if understood.is_empty() { String::new() } else { format!(" {said}: {understood}.") };
            tr(
                lang,
                format!("I am not sure I understood.{}{en}{} Please rephrase.", got("I understood"), shape(Lang::En)),
                format!("No estoy seguro de haber entendido.{}{es}{} Reformula la pregunta, por favor.", got("Entendí"), shape(Lang::Es)),
                format!("No estic segur d'haver-ho entès.{}{ca}{} Reformula la pregunta, si us plau.", got("He entès"), shape(Lang::Ca)),
                format!("Ich bin nicht sicher, ob ich die Frage verstanden habe.{}{de}{} Bitte formuliere sie anders.", got("Verstanden"), shape(Lang::De)),
            )
        }
    }
}
