//! Per-language words for question intents, operators and numbers (en, es, ca, de), folded.
//!
//! Phrases are matched longest first on folded tokens, so "at least" wins over "least" and
//! "más de" over "más". Detection-only stopword lists for other languages let us say plainly
//! that a French question is not understood instead of guessing.

use serde::{Deserialize, Serialize};

use super::plan::CmpOp;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    En,
    Es,
    Ca,
    De,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Es, Lang::Ca, Lang::De];
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Ca => "ca",
            Lang::De => "de",
        }
    }
    pub fn from_code(s: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == s)
    }
}

/// What a keyword says about the question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    HowMany,
    Columns,
    Rows,
    Distinct,
    Values,
    Most,
    Least,
    Top,
    Bottom,
    /// Superlatives: "highest", "largest", "most" (before a field).
    High,
    Low,
    Avg,
    Sum,
    Median,
    Min,
    Max,
    Share,
    Per,
    More,
    /// A comparative of less: "lower", "fewer", "weniger" ("Does Utah have less poverty than Idaho?").
    Less,
    Or,
    And,
    Not,
    Op(CmpOp),
    /// An operator written after its number: "6 or more", "2000 lbs or less".
    OpPost(CmpOp),
    Between,
    Contains,
    StartsWith,
    Who,
    Which,
    What,
    List,
    /// A preposition before a year or place: "in 1975", "en 2014", "im Jahr".
    In,
    /// "of"/"de"/"von": links a field to the row it belongs to ("the age of Ada").
    Of,
    Source,
    Description,
    DataDate,
    Title,
    Help,
    Distribution,
    Versus,
    /// "the data", "dataset", "table": talks about the dataset itself.
    Dataset,
    /// How a list is to be shown ("largest first", "de mayor a menor", "in that order"): said of
    /// any answer that is a list, it changes nothing else.
    Order,
}

/// Units a number is asked "in" ("in days", "en años", "in Euro"): such a word names a measure's
/// unit, never the rows (nor a thing after a field's name: "heightinches").
pub fn is_unit_word(w: &str) -> bool {
    const UNITS: &[&str] = &[
        "days", "years", "months", "weeks", "hours", "minutes", "seconds", "dollars", "euros", "percent", "kg", "km", "miles", "dias", "anos", "meses", "semanas", "horas", "minutos",
        "dolares", "dies", "anys", "mesos", "setmanes", "hores", "tagen", "jahren", "monaten", "wochen", "stunden", "minuten", "euro", "prozent", "inches", "inch",
        "feet", "pounds", "lbs", "usd", "eur", "yrs", "mins", "secs", "cm", "mm", "grams", "gram", "g", "gramos", "gramm", "kilograms", "kilos", "meters", "metres", "m", "metros", "metres", "meter",
    ];
    UNITS.contains(&w)
}

/// Phrases that say "all of the data" and nothing else ("over the whole period", "across its
/// years"), in every language: each of their words is a stop word wherever they occur together.
pub const FILLER_PHRASES: &[&str] = &[
    "over the whole period", "over the entire period", "over the whole time", "over all years", "over all the years", "across all years", "across the years",
    "across its years", "during the whole period", "for the whole period", "in the whole period", "en todo el periodo", "durante todo el periodo",
    "en tot el periode", "durant tot el periode", "im gesamten zeitraum", "uber den gesamten zeitraum",
    // "exceed 100 in a single year": any one row of a yearly (daily…) table.
    "in a single year", "in a single month", "in a single week", "in a single day", "on a single day", "in a single quarter",
    "en un solo ano", "en un solo dia", "en un sol any", "en un sol dia", "in einem einzigen jahr", "an einem einzigen tag",
    // "days of the week" in a table of weekdays: the days are the week's.
    "of the week", "de la semana", "de la setmana", "der woche",
    // "the long-term average": of all rows.
    "long term", "long-term",
    // "Which sub-categories fall under Technology?": membership, said between a field and a value.
    "fall under", "falls under", "come under", "belong to", "belongs to", "pertenecen a", "pertenecen al", "pertenece a", "pertenece al", "pertanyen a",
    "pertanyen al", "pertany a", "pertany al", "gehoren zu", "gehoren zur", "gehoren zum", "gehort zu", "gehort zur", "gehort zum",
];

/// Verbs of reaching: right before a number, with no comparison word, they mean "at least" it.
pub const REACH_WORDS: &[&str] = &["reach", "reached", "reaches", "hit", "hits", "attain", "attained", "alcanzo", "alcanzaron", "alcanza", "arribar", "erreichte", "erreichten", "erreicht"];

/// Units written after a number ("5 dollars", "100 mm", "3 dólares"): the number is the value, the unit adds nothing.
pub const UNIT_WORDS: &[&str] = &[
    "dollars", "dollar", "usd", "euros", "euro", "eur", "pounds", "dolares", "dolar", "dolars", "mm", "cm", "km", "kg", "millimetres", "millimeters",
    "centimetres", "centimeters", "kilometres", "kilometers", "kilograms", "kilos", "milimetros", "centimetros", "kilometros", "millimeter",
    "grams", "gramos", "gramm", "mg", "ml", "percent", "prozent", "hours", "hour", "hrs", "horas", "hores", "stunden", "minutes", "mins", "minutos", "minuts",
    "minuten", "seconds", "secs", "segundos", "segons", "sekunden", "m", "metres", "meters", "meter", "metros", "metre", "g", "lbs", "lb", "pfund", "libras",
    "lliures",
];

/// One row of a table in the words people use for it ("per line", "pro Zeile"), singular only.
pub fn is_row_word(w: &str) -> bool {
    const ROWS: &[&str] = &["row", "line", "record", "entry", "observation", "fila", "linea", "registro", "entrada", "zeile", "eintrag", "datensatz", "linia", "registre"];
    ROWS.contains(&w)
}

/// A period one row of a series may stand for, singular only ("per month", "pro Tag").
pub fn is_period_word(w: &str) -> bool {
    const PERIODS: &[&str] = &["day", "week", "month", "quarter", "year", "dia", "semana", "mes", "trimestre", "ano", "setmana", "any", "tag", "woche", "monat", "quartal", "jahr"];
    PERIODS.contains(&w)
}

/// The direction an order phrase asks for: `Some(true)` largest first, `Some(false)` smallest
/// first, `None` for "in that order" and other phrases that keep the order named.
pub fn order_direction(phrase: &str) -> Option<bool> {
    const DESC: &[&str] = &[
        "descending", "in descending order", "largest first", "biggest first", "highest first", "best first", "from highest to lowest", "from largest to smallest",
        "de mayor a menor", "en orden descendente", "de mes a menys", "de major a menor", "absteigend", "absteigend sortiert", "vom hochsten an", "vom hochsten zum niedrigsten",
    ];
    const ASC: &[&str] = &[
        "ascending", "in ascending order", "smallest first", "lowest first", "worst first", "from lowest to highest", "from smallest to largest", "de menor a mayor",
        "en orden ascendente", "de menys a mes", "de menor a major", "aufsteigend", "aufsteigend sortiert", "vom niedrigsten an", "vom niedrigsten zum hochsten",
    ];
    if DESC.contains(&phrase) {
        Some(true)
    } else if ASC.contains(&phrase) {
        Some(false)
    } else {
        None
    }
}

/// A month as a column or value names it: "October", "Oct", "oct" (folded).
pub fn names_month(folded: &str) -> bool {
    month_word(folded, true).is_some() || (folded.len() == 3 && MONTH_NAMES.iter().any(|n| n.starts_with(folded)))
}

/// "monthly", "mensual", "monatlich": a value per month, not the month itself.
pub fn monthly_word(folded: &str) -> bool {
    MONTHLY.contains(&folded)
}

/// The adjective of a month in the four languages (folded).
pub const MONTHLY: &[&str] = &["monthly", "mensual", "mensuales", "mensuals", "monatlich", "monatliche", "monatlichen", "monatlicher"];

/// A month named alone ("February", "febrero", "febrer", "Februar"): its number. "May" and
/// "März" are months only capitalised as typed (`capital`), since "may" is also a verb.
pub fn month_word(w: &str, capital: bool) -> Option<u32> {
    const MONTHS: [&[&str]; 12] = [
        &["january", "enero", "gener", "januar", "janner"],
        &["february", "febrero", "febrer", "februar"],
        &["march", "marzo", "marc", "marz"],
        &["april", "abril"],
        &["may", "mayo", "maig", "mai"],
        &["june", "junio", "juny", "juni"],
        &["july", "julio", "juliol", "juli"],
        &["august", "agosto", "agost"],
        &["september", "septiembre", "setiembre", "setembre"],
        &["october", "octubre", "oktober"],
        &["november", "noviembre", "novembre"],
        &["december", "diciembre", "desembre", "dezember"],
    ];
    if matches!(w, "may" | "mai" | "marc" | "marz") && !capital {
        return None;
    }
    MONTHS.iter().position(|names| names.contains(&w)).map(|i| i as u32 + 1)
}

/// A day of the week in any of the four languages, singular or plural: its English name.
pub fn weekday_word(w: &str) -> Option<&'static str> {
    const DAYS: [(&str, &[&str]); 7] = [
        ("monday", &["monday", "mondays", "lunes", "dilluns", "montag", "montags"]),
        ("tuesday", &["tuesday", "tuesdays", "martes", "dimarts", "dienstag", "dienstags"]),
        ("wednesday", &["wednesday", "wednesdays", "miercoles", "dimecres", "mittwoch", "mittwochs"]),
        ("thursday", &["thursday", "thursdays", "jueves", "dijous", "donnerstag", "donnerstags"]),
        ("friday", &["friday", "fridays", "viernes", "divendres", "freitag", "freitags"]),
        ("saturday", &["saturday", "saturdays", "sabado", "sabados", "dissabte", "dissabtes", "samstag", "samstags"]),
        ("sunday", &["sunday", "sundays", "domingo", "domingos", "diumenge", "diumenges", "sonntag", "sonntags"]),
    ];
    DAYS.iter().find(|(_, ws)| ws.contains(&w)).map(|(en, _)| *en)
}

/// The days of the week and the months in English, folded: what tables abbreviate ("Sat", "JAN").
pub const DAY_NAMES: &[&str] = &["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
pub const MONTH_NAMES: &[&str] = &["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/// A month's English name (1 = "january").
pub fn month_name(m: u32) -> Option<&'static str> {
    MONTH_NAMES.get(m.checked_sub(1)? as usize).copied()
}

impl Lexicon {
    /// A number written as one word, compounds included: "twenty" and "fünfundzwanzig" (German
    /// units-and-tens), "veinticinco" (Spanish twenties), "zweihundert", "doscientos".
    pub fn number_word(&self, w: &str) -> Option<u32> {
        let plain = |w: &str| self.numbers.iter().find(|(n, _)| *n == w).map(|(_, v)| *v);
        if let Some(n) = plain(w) {
            return Some(n);
        }
        let unit = |w: &str| plain(w).filter(|n| (1..=9).contains(n));
        match self.lang {
            Lang::De => {
                // "einundzwanzig"; "hundert" holds "und" too, so only a unit and a ten count.
                if let Some((u, t)) = w.split_once("und") {
                    let (u, t) = (if u == "ein" { Some(1) } else { unit(u) }, plain(t).filter(|t| (20..=90).contains(t) && t % 10 == 0));
                    if let (Some(u), Some(t)) = (u, t) {
                        return Some(u + t);
                    }
                }
                let (head, m) = [("hundert", 100), ("tausend", 1000)].into_iter().find_map(|(s, m)| w.strip_suffix(s).map(|h| (h, m)))?;
                Some(if head == "ein" { 1 } else { unit(head)? } * m)
            }
            Lang::Es => {
                if let Some(u) = w.strip_prefix("veinti") {
                    return Some(20 + unit(u)?);
                }
                let hundreds = [("doscientos", 200), ("trescientos", 300), ("cuatrocientos", 400), ("quinientos", 500), ("seiscientos", 600), ("setecientos", 700), ("ochocientos", 800), ("novecientos", 900)];
                hundreds.iter().find(|(h, _)| w == *h || w.strip_suffix('s').is_some_and(|x| format!("{x}as") == *h)).map(|(_, n)| *n)
            }
            Lang::Ca => {
                let head = w.strip_suffix("-cents").or_else(|| w.strip_suffix("cents"))?;
                Some(unit(head)? * 100)
            }
            Lang::En => None,
        }
    }
}

pub struct Lexicon {
    pub lang: Lang,
    pub phrases: &'static [(&'static str, Cue)],
    /// Words that carry no meaning for the parser (articles, copulas, auxiliaries).
    pub stopwords: &'static [&'static str],
    /// Numbers written as words (articles such as "un"/"ein" are left out: they are rarely counts).
    pub numbers: &'static [(&'static str, u32)],
}

use CmpOp::*;
use Cue::*;

pub static EN: Lexicon = Lexicon {
    lang: Lang::En,
    phrases: &[
        ("descending", Order), ("ascending", Order), ("in descending order", Order), ("in ascending order", Order), ("largest first", Order), ("smallest first", Order), ("biggest first", Order), ("highest first", Order), ("lowest first", Order), ("worst first", Order), ("best first", Order), ("in that order", Order), ("in this order", Order), ("in order", Order), ("in chronological order", Order), ("chronologically", Order), ("respectively", Order), ("from highest to lowest", Order), ("from lowest to highest", Order), ("from largest to smallest", Order), ("from smallest to largest", Order), ("sorted", Order), ("ordered", Order),
        ("when", DataDate), ("what period", DataDate), ("time period", DataDate), ("how current", DataDate),
        ("north of", Op(Gt)), ("south of", Op(Lt)), ("east of", Op(Gt)), ("west of", Op(Lt)),
        ("furthest north", High), ("farthest north", High), ("northernmost", High), ("most northern", High), ("furthest south", Low), ("farthest south", Low), ("southernmost", Low), ("most southern", Low), ("easternmost", High), ("furthest east", High), ("westernmost", Low), ("furthest west", Low),
        ("in the year", In), ("year", In),
        ("how many", HowMany), ("how often", HowMany), ("number of", HowMany), ("count", HowMany), ("count of", HowMany), ("total number of", HowMany),
        ("columns", Columns), ("column", Columns), ("attributes", Columns), ("fields", Columns), ("variables", Columns),
        ("rows", Rows), ("records", Rows), ("entries", Rows),
        ("different", Distinct), ("distinct", Distinct), ("unique", Distinct),
        ("values", Values), ("possible values", Values), ("categories", Values),
        ("most common", Most), ("most frequent", Most), ("most often", Most), ("most usual", Most), ("commonest", Most), ("most popular", Most),
        ("least common", Least), ("least frequent", Least), ("rarest", Least), ("least often", Least),
        ("top", Top), ("bottom", Bottom),
        ("highest", High), ("richest", High), ("poorest", Low), ("largest", High), ("biggest", High), ("greatest", High), ("most", High), ("heaviest", High), ("longest", High), ("fastest", High), ("oldest", High), ("hottest", High), ("warmest", High), ("coolest", Low), ("windiest", High), ("wettest", High), ("peak", High), ("peaked", High), ("highest point", High), ("lowest point", Low),
        ("lowest", Low), ("smallest", Low), ("least", Low), ("fewest", Low), ("lightest", Low), ("shortest", Low), ("tallest", High), ("youngest", Low), ("coldest", Low),
        ("average", Avg), ("mean", Avg), ("avg", Avg),
        ("sum", Sum), ("total", Sum), ("sum of", Sum), ("in total", Sum),
        ("median", Median),
        ("minimum", Min), ("min", Min),
        ("maximum", Max), ("max", Max),
        ("percentage", Share), ("percent", Share), ("share", Share), ("proportion", Share), ("fraction", Share), ("what part", Share),
        ("per", Per), ("by", Per), ("for each", Per), ("each", Per), ("grouped by", Per), ("broken down by", Per), ("for every", Per),
        ("more", More), ("higher", More), ("larger", More), ("bigger", More), ("greater", More), ("richer", More), ("older", More), ("longer", More), ("lower", Less), ("smaller", Less), ("fewer", Less), ("less", Less), ("poorer", Less), ("younger", Less), ("shorter", Less),
        ("or", Or), ("and", And), ("but", And),
        ("not", Not), ("no", Not), ("other than", Not), ("except", Not), ("excluding", Not), ("isn t", Not), ("aren t", Not), ("don t", Not), ("doesn t", Not),
        ("more than", Op(Gt)), ("greater than", Op(Gt)), ("over", Op(Gt)), ("above", Op(Gt)), ("higher than", Op(Gt)), ("larger than", Op(Gt)), ("bigger than", Op(Gt)), ("heavier than", Op(Gt)), ("taller than", Op(Gt)), ("older than", Op(Gt)), ("after", Op(Gt)), ("later than", Op(Gt)), ("exceeds", Op(Gt)), ("exceed", Op(Gt)), ("exceeding", Op(Gt)), ("warmer than", Op(Gt)), ("colder than", Op(Lt)),
        ("since", Op(Ge)), ("less than", Op(Lt)), ("fewer than", Op(Lt)), ("under", Op(Lt)), ("below", Op(Lt)), ("lower than", Op(Lt)), ("longer than", Op(Gt)), ("shorter than", Op(Lt)), ("richer than", Op(Gt)), ("poorer than", Op(Lt)), ("smaller than", Op(Lt)), ("lighter than", Op(Lt)), ("younger than", Op(Lt)), ("before", Op(Lt)), ("earlier than", Op(Lt)),
        ("at least", Op(Ge)), ("or more", OpPost(Ge)), ("no less than", Op(Ge)), ("greater than or equal to", Op(Ge)), ("minimum of", Op(Ge)),
        ("at most", Op(Le)), ("or less", OpPost(Le)), ("or fewer", OpPost(Le)), ("no more than", Op(Le)), ("up to", Op(Le)), ("less than or equal to", Op(Le)), ("maximum of", Op(Le)),
        ("equal to", Op(Eq)), ("equals", Op(Eq)), ("exactly", Op(Eq)),
        ("different from", Op(Ne)), ("not equal to", Op(Ne)),
        ("between", Between),
        ("contains", Contains), ("contain", Contains), ("containing", Contains), ("include", Contains), ("includes", Contains), ("including", Contains), ("with the word", Contains),
        ("starts with", StartsWith), ("start with", StartsWith), ("starting with", StartsWith), ("begins with", StartsWith), ("begin with", StartsWith), ("beginning with", StartsWith),
        ("who", Who), ("whom", Who), ("whose", Who),
        ("which", Which), ("what", What), ("whats", What),
        ("list", List), ("show", List), ("show me", List), ("give me", List), ("name", List), ("tell me", List),
        ("in", In), ("from", In), ("during", In), ("of", Of),
        ("source", Source), ("come from", Source), ("comes from", Source), ("where does", Source), ("who collected", Source), ("who published", Source), ("origin of the data", Source),
        ("description", Description), ("what is this dataset about", Description), ("about", Description), ("describe", Description),
        ("how old", DataDate), ("how recent", DataDate), ("when was", DataDate), ("date of the data", DataDate), ("up to date", DataDate), ("last updated", DataDate),
        ("title", Title), ("called", Title),
        ("what can i ask", Help), ("what questions", Help), ("help", Help), ("what can you", Help),
        ("distribution", Distribution), ("histogram", Distribution),
        ("versus", Versus), ("vs", Versus), ("against", Versus), ("relationship between", Versus), ("correlation between", Versus),
        ("dataset", Dataset), ("data", Dataset), ("table", Dataset), ("data set", Dataset),
    ],
    stopwords: &["the", "a", "an", "is", "are", "was", "were", "be", "been", "there", "do", "does", "did", "have", "has", "had", "with", "to", "for", "on", "at", "that", "this", "these", "those", "it", "its", "as", "me", "please", "s", "t", "i", "we", "you", "can", "all", "any", "whole", "their", "they", "them", "recorded", "listed", "value", "values", "happen", "happened", "exist", "many", "much", "entire", "give", "find", "get", "times", "one", "ones", "where", "how", "so", "far", "appear", "appears", "occur", "occurs", "has", "having", "take", "takes", "type", "kind", "anyone", "anybody", "someone", "somebody", "everyone", "everybody", "ever", "survey", "study", "sample", "dataset", "table", "data", "overall", "altogether", "exactly", "actually", "possible", "degrees", "among", "amongst", "live", "lives", "lived", "living", "reside", "resides", "located", "based", "different kinds", "kinds", "types", "show up", "shows up", "reported", "report", "reports", "said", "stated", "at all", "hit", "hits", "reach", "reached", "reaches", "got", "gets", "receive", "received", "receives", "covered", "anywhere", "single", "very"],
    numbers: &[
        ("one", 1), ("two", 2), ("three", 3), ("four", 4), ("five", 5), ("six", 6), ("seven", 7), ("eight", 8), ("nine", 9), ("ten", 10),
        ("eleven", 11), ("twelve", 12), ("thirteen", 13), ("fourteen", 14), ("fifteen", 15), ("sixteen", 16), ("seventeen", 17), ("eighteen", 18), ("nineteen", 19), ("twenty", 20),
        ("zero", 0), ("thirty", 30), ("forty", 40), ("fifty", 50), ("sixty", 60), ("seventy", 70), ("eighty", 80), ("ninety", 90), ("hundred", 100), ("a hundred", 100), ("one hundred", 100), ("thousand", 1000), ("a thousand", 1000), ("one thousand", 1000), ("dozen", 12), ("a dozen", 12),
    ],
};

pub static ES: Lexicon = Lexicon {
    lang: Lang::Es,
    phrases: &[
        ("de mayor a menor", Order), ("de menor a mayor", Order), ("en ese orden", Order), ("en este orden", Order), ("respectivamente", Order), ("en orden descendente", Order), ("en orden ascendente", Order), ("ordenadas", Order), ("ordenados", Order), ("ordenada", Order), ("ordenado", Order),
        ("cuanto", HowMany), ("cuanta", HowMany), ("mas viejo que", Op(Gt)), ("mas viejos que", Op(Gt)), ("mas joven que", Op(Lt)), ("mas jovenes que", Op(Lt)), ("mas pesado que", Op(Gt)), ("mas pesados que", Op(Gt)), ("mas ligero que", Op(Lt)), ("mas ligeros que", Op(Lt)),
        ("despues del", Op(Gt)), ("antes del", Op(Lt)), ("al norte de", Op(Gt)), ("al sur de", Op(Lt)),
        ("mas al norte", High), ("mas al sur", Low), ("mas viejo", High), ("mas viejos", High), ("mas vieja", High), ("mas viejas", High), ("mas pequena", Low), ("mas pequenas", Low), ("mas pesada", High), ("mas pesadas", High), ("mas ligera", Low), ("mas ligeras", Low), ("mas joven", Low),
        ("el ano", In), ("en el ano", In), ("del ano", In), ("ano", In),
        ("periodo", DataDate), ("de que periodo", DataDate), ("de cuando", DataDate),
        ("cuantos", HowMany), ("cuantas", HowMany), ("con que frecuencia", HowMany), ("numero de", HowMany), ("cantidad de", HowMany), ("cuenta", HowMany), ("total de", HowMany), ("numero total de", HowMany),
        ("columnas", Columns), ("columna", Columns), ("atributos", Columns), ("campos", Columns), ("variables", Columns),
        ("filas", Rows), ("registros", Rows), ("entradas", Rows),
        ("distintos", Distinct), ("distintas", Distinct), ("diferentes", Distinct), ("unicos", Distinct), ("unicas", Distinct),
        ("valores", Values), ("valores posibles", Values), ("posibles valores", Values), ("categorias", Values),
        ("mas comun", Most), ("mas frecuente", Most), ("mas habitual", Most), ("mas repetido", Most), ("mas repetida", Most),
        ("menos comun", Least), ("menos frecuente", Least), ("mas raro", Least), ("mas rara", Least), ("menos habitual", Least),
        ("top", Top),
        ("pico", High), ("punto mas alto", High), ("punto mas bajo", Low), ("mas alto", High), ("mas rico", High), ("mas rica", High), ("mas pobre", Low), ("mas alta", High), ("mas altos", High), ("mas altas", High), ("mayor", High), ("mayores", High), ("mas", High), ("mas grande", High), ("mas grandes", High), ("mas pesado", High), ("mas pesados", High), ("mas potente", High), ("mas potentes", High), ("mas rapido", High),
        ("mas bajo", Low), ("mas baja", Low), ("mas bajos", Low), ("mas bajas", Low), ("menor", Low), ("menores", Low), ("menos", Low), ("mas pequeno", Low), ("mas pequenos", Low), ("mas ligero", Low), ("mas ligeros", Low), ("mas joven", Low), ("mas jovenes", Low),
        ("media", Avg), ("promedio", Avg), ("medio", Avg), ("media de", Avg),
        ("suma", Sum), ("total", Sum), ("totales", Sum), ("en total", Sum),
        ("mediana", Median),
        ("minimo", Min), ("minima", Min),
        ("maximo", Max), ("maxima", Max),
        ("porcentaje", Share), ("proporcion", Share), ("que parte", Share), ("por ciento", Share), ("fraccion", Share),
        ("por", Per), ("por cada", Per), ("para cada", Per), ("cada", Per), ("agrupado por", Per), ("segun", Per),
        ("hay mas", More),
        ("o", Or), ("u", Or), ("y", And), ("e", And), ("pero", And),
        ("no", Not), ("excepto", Not), ("salvo", Not), ("menos los", Not), ("distinto de", Op(Ne)), ("diferente de", Op(Ne)), ("distinta de", Op(Ne)), ("diferente a", Op(Ne)),
        ("mas de", Op(Gt)), ("mayor que", Op(Gt)), ("mayor de", Op(Gt)), ("superior a", Op(Gt)), ("superior al", Op(Gt)), ("superiores a", Op(Gt)), ("superiores al", Op(Gt)), ("inferiores a", Op(Lt)), ("inferior al", Op(Lt)), ("inferiores al", Op(Lt)), ("supera", Op(Gt)), ("superan", Op(Gt)), ("supero", Op(Gt)), ("superaron", Op(Gt)), ("superaba", Op(Gt)), ("superaban", Op(Gt)), ("excede", Op(Gt)), ("exceden", Op(Gt)), ("excedio", Op(Gt)), ("mas que", Op(Gt)), ("por encima de", Op(Gt)), ("despues de", Op(Gt)), ("posterior a", Op(Gt)), ("mas alto que", Op(Gt)),
        ("menos de", Op(Lt)), ("menor que", Op(Lt)), ("menor de", Op(Lt)), ("inferior a", Op(Lt)), ("menos que", Op(Lt)), ("por debajo de", Op(Lt)), ("antes de", Op(Lt)), ("anterior a", Op(Lt)), ("mas bajo que", Op(Lt)),
        ("al menos", Op(Ge)), ("como minimo", Op(Ge)), ("o mas", OpPost(Ge)), ("por lo menos", Op(Ge)), ("mayor o igual a", Op(Ge)), ("mayor o igual que", Op(Ge)),
        ("como maximo", Op(Le)), ("a lo sumo", Op(Le)), ("o menos", OpPost(Le)), ("no mas de", Op(Le)), ("hasta", Op(Le)), ("menor o igual a", Op(Le)), ("menor o igual que", Op(Le)),
        ("igual a", Op(Eq)), ("exactamente", Op(Eq)),
        ("entre", Between),
        ("contiene", Contains), ("contenga", Contains), ("contienen", Contains), ("contengan", Contains), ("que contiene", Contains), ("con la palabra", Contains), ("incluye", Contains), ("incluya", Contains),
        ("empieza por", StartsWith), ("empieza con", StartsWith), ("empiece por", StartsWith), ("empiece con", StartsWith), ("empiezan por", StartsWith), ("empiezan con", StartsWith), ("comienza por", StartsWith), ("comienza con", StartsWith), ("comienzan por", StartsWith), ("comience por", StartsWith), ("comiencen por", StartsWith), ("empiecen por", StartsWith),
        ("quien", Who), ("quienes", Who),
        ("cual", Which), ("cuales", Which), ("que", What), ("cual es", What), ("cual fue", What), ("cual era", What),
        ("lista", List), ("listame", List), ("muestra", List), ("muestrame", List), ("dime", List), ("enumera", List), ("dame", List),
        ("en", In), ("durante", In), ("del", Of), ("de", Of), ("de la", Of), ("de los", Of), ("de las", Of),
        ("fuente", Source), ("de donde", Source), ("procedencia", Source), ("origen de los datos", Source), ("quien publico", Source), ("quien recopilo", Source),
        ("descripcion", Description), ("de que trata", Description), ("sobre que", Description), ("describe", Description), ("trata", Description),
        ("que antiguedad", DataDate), ("cuando", DataDate), ("fecha de los datos", DataDate), ("actualizados", DataDate), ("antiguos", DataDate),
        ("titulo", Title), ("como se llama", Title),
        ("que puedo preguntar", Help), ("que preguntas", Help), ("ayuda", Help), ("que puedo consultar", Help),
        ("distribucion", Distribution), ("histograma", Distribution),
        ("frente a", Versus), ("contra", Versus), ("relacion entre", Versus), ("correlacion entre", Versus),
        ("conjunto de datos", Dataset), ("datos", Dataset), ("tabla", Dataset), ("dataset", Dataset),
    ],
    stopwords: &["el", "la", "los", "las", "un", "una", "unos", "unas", "es", "era", "eran", "estaba", "estaban", "son", "fue", "fueron", "hay", "habia", "hubo", "tiene", "tienen", "tenia", "tenian", "con", "a", "al", "para", "se", "lo", "le", "les", "me", "su", "sus", "este", "esta", "estos", "estas", "todo", "todos", "todas", "valor", "valores", "esta", "estan", "registrado", "registrados", "registradas", "aparece", "aparecen", "existen", "existe", "ha", "han", "veces", "tipo", "donde", "como", "son", "sea", "sean", "tengan", "tenga", "cuyo", "cuya", "cuyos", "cuyas", "por favor", "alguien", "algun", "alguno", "alguna", "algunos", "algunas", "encuesta", "estudio", "muestra", "tabla", "datos", "exactamente", "vive", "viven", "vivia", "vivian", "reside", "residen", "ser", "hacer", "hace", "hizo", "hicieron", "tuvo", "tuvieron", "tener", "estar", "estuvo", "posibles", "posible", "tipos", "clases", "grados"],
    numbers: &[
        ("dos", 2), ("tres", 3), ("cuatro", 4), ("cinco", 5), ("seis", 6), ("siete", 7), ("ocho", 8), ("nueve", 9), ("diez", 10),
        ("once", 11), ("doce", 12), ("trece", 13), ("catorce", 14), ("quince", 15), ("dieciseis", 16), ("diecisiete", 17), ("dieciocho", 18), ("diecinueve", 19), ("veinte", 20),
        ("cero", 0), ("treinta", 30), ("cuarenta", 40), ("cincuenta", 50), ("sesenta", 60), ("setenta", 70), ("ochenta", 80), ("noventa", 90), ("cien", 100), ("ciento", 100), ("mil", 1000),
    ],
};

pub static CA: Lexicon = Lexicon {
    lang: Lang::Ca,
    phrases: &[
        ("de mes a menys", Order), ("de menys a mes", Order), ("de major a menor", Order), ("de menor a major", Order), ("en aquest ordre", Order), ("en aquell ordre", Order), ("respectivament", Order), ("ordenades", Order), ("ordenats", Order), ("ordenada", Order), ("ordenat", Order),
        ("quant", HowMany), ("quanta", HowMany), ("mes vell que", Op(Gt)), ("mes vells que", Op(Gt)), ("mes jove que", Op(Lt)), ("mes joves que", Op(Lt)), ("mes pesat que", Op(Gt)), ("mes pesats que", Op(Gt)), ("mes lleuger que", Op(Lt)), ("mes lleugers que", Op(Lt)),
        ("despres del", Op(Gt)), ("abans del", Op(Lt)), ("al nord de", Op(Gt)), ("al sud de", Op(Lt)),
        ("mes al nord", High), ("mes al sud", Low), ("mes vell", High), ("mes vells", High), ("mes vella", High), ("mes velles", High), ("mes petita", Low), ("mes petites", Low), ("mes pesant", High), ("mes pesants", High), ("mes lleugera", Low), ("mes lleugeres", Low),
        ("l any", In), ("de l any", In), ("any", In),
        ("periode", DataDate), ("de quin periode", DataDate), ("de quan", DataDate),
        ("quants", HowMany), ("quantes", HowMany), ("amb quina frequencia", HowMany), ("nombre de", HowMany), ("quantitat de", HowMany), ("compta", HowMany), ("total de", HowMany), ("nombre total de", HowMany),
        ("columnes", Columns), ("columna", Columns), ("atributs", Columns), ("camps", Columns), ("variables", Columns),
        ("files", Rows), ("registres", Rows), ("entrades", Rows),
        ("diferents", Distinct), ("distints", Distinct), ("distintes", Distinct), ("unics", Distinct), ("uniques", Distinct),
        ("valors", Values), ("valors possibles", Values), ("possibles valors", Values), ("categories", Values),
        ("mes comu", Most), ("mes frequent", Most), ("mes habitual", Most), ("mes repetit", Most), ("mes repetida", Most),
        ("menys comu", Least), ("menys frequent", Least), ("mes rar", Least), ("mes rara", Least), ("menys habitual", Least),
        ("top", Top),
        ("pic", High), ("mes alt", High), ("mes ric", High), ("mes rica", High), ("mes pobre", Low), ("mes alta", High), ("mes alts", High), ("mes altes", High), ("major", High), ("majors", High), ("mes", High), ("mes gran", High), ("mes grans", High), ("mes pesat", High), ("mes pesats", High), ("mes potent", High), ("mes potents", High),
        ("mes baix", Low), ("mes baixa", Low), ("mes baixos", Low), ("mes baixes", Low), ("menor", Low), ("menors", Low), ("menys", Low), ("mes petit", Low), ("mes petits", Low), ("mes lleuger", Low), ("mes lleugers", Low), ("mes jove", Low), ("mes joves", Low),
        ("mitjana", Avg), ("promig", Avg), ("mitja", Avg), ("terme mitja", Avg),
        ("suma", Sum), ("total", Sum), ("totals", Sum), ("en total", Sum),
        ("mediana", Median),
        ("minim", Min), ("minima", Min),
        ("maxim", Max), ("maxima", Max),
        ("percentatge", Share), ("proporcio", Share), ("quina part", Share), ("per cent", Share), ("fraccio", Share),
        ("per", Per), ("per cada", Per), ("cada", Per), ("agrupat per", Per), ("segons", Per),
        ("hi ha mes", More),
        ("o", Or), ("i", And), ("pero", And),
        ("no", Not), ("excepte", Not), ("llevat de", Not), ("diferent de", Op(Ne)), ("diferents de", Op(Ne)), ("distint de", Op(Ne)),
        ("mes de", Op(Gt)), ("mes que", Op(Gt)), ("major que", Op(Gt)), ("superior a", Op(Gt)), ("superior al", Op(Gt)), ("superiors a", Op(Gt)), ("inferiors a", Op(Lt)), ("inferior al", Op(Lt)), ("per sobre de", Op(Gt)), ("per sobre d", Op(Gt)), ("per sota d", Op(Lt)), ("supera", Op(Gt)), ("superen", Op(Gt)), ("va superar", Op(Gt)), ("van superar", Op(Gt)), ("superava", Op(Gt)), ("superaven", Op(Gt)), ("despres de", Op(Gt)), ("posterior a", Op(Gt)),
        ("menys de", Op(Lt)), ("menys que", Op(Lt)), ("menor que", Op(Lt)), ("inferior a", Op(Lt)), ("per sota de", Op(Lt)), ("abans de", Op(Lt)), ("anterior a", Op(Lt)),
        ("almenys", Op(Ge)), ("com a minim", Op(Ge)), ("o mes", OpPost(Ge)), ("si mes no", Op(Ge)), ("major o igual a", Op(Ge)),
        ("com a maxim", Op(Le)), ("o menys", OpPost(Le)), ("no mes de", Op(Le)), ("fins a", Op(Le)), ("menor o igual a", Op(Le)),
        ("igual a", Op(Eq)), ("exactament", Op(Eq)),
        ("entre", Between),
        ("conte", Contains), ("contenen", Contains), ("contingui", Contains), ("continguin", Contains), ("amb la paraula", Contains), ("inclou", Contains), ("inclogui", Contains),
        ("comenca per", StartsWith), ("comenca amb", StartsWith), ("comencen per", StartsWith), ("comencen amb", StartsWith), ("comenci per", StartsWith), ("comencin per", StartsWith), ("comenci amb", StartsWith), ("comencin amb", StartsWith),
        ("qui", Who),
        ("quin", Which), ("quina", Which), ("quins", Which), ("quines", Which), ("que", What),
        ("llista", List), ("llista m", List), ("mostra", List), ("mostra m", List), ("digues", List), ("digues me", List), ("enumera", List), ("dona m", List),
        ("a", In), ("en", In), ("durant", In), ("de", Of), ("del", Of), ("de la", Of), ("dels", Of), ("de les", Of), ("d", Of),
        ("font", Source), ("d on", Source), ("d on provenen", Source), ("procedencia", Source), ("origen de les dades", Source), ("qui va publicar", Source),
        ("descripcio", Description), ("de que tracta", Description), ("sobre que", Description), ("descriu", Description), ("tracta", Description),
        ("quina antiguitat", DataDate), ("quan", DataDate), ("data de les dades", DataDate), ("actualitzades", DataDate), ("antigues", DataDate),
        ("titol", Title), ("com es diu", Title),
        ("que puc preguntar", Help), ("quines preguntes", Help), ("ajuda", Help), ("que puc consultar", Help),
        ("distribucio", Distribution), ("histograma", Distribution),
        ("enfront de", Versus), ("contra", Versus), ("relacio entre", Versus), ("correlacio entre", Versus),
        ("conjunt de dades", Dataset), ("dades", Dataset), ("taula", Dataset),
    ],
    stopwords: &["el", "la", "els", "les", "l", "un", "una", "uns", "unes", "es", "son", "va", "van", "era", "eren", "hi", "ha", "han", "hi ha", "te", "tenen", "tenia", "tenien", "amb", "al", "als", "per a", "se", "s", "es", "li", "els", "seu", "seva", "seus", "seves", "aquest", "aquesta", "aquests", "aquestes", "tot", "tots", "totes", "valor", "valors", "registrat", "registrats", "apareix", "apareixen", "existeixen", "vegades", "tipus", "on", "com", "sigui", "siguin", "tingui", "tinguin", "m", "n", "si us plau", "dades de", "algu", "algun", "alguna", "alguns", "algunes", "enquesta", "estudi", "mostra", "taula", "dades", "exactament", "viu", "viuen", "vivia", "vivien", "resideix", "resideixen", "ser", "fer", "feia", "estar", "tenir", "haver", "hagi", "hagin", "estat", "va", "van", "possibles", "tipus", "classes", "graus"],
    numbers: &[
        ("dos", 2), ("dues", 2), ("tres", 3), ("quatre", 4), ("cinc", 5), ("sis", 6), ("set", 7), ("vuit", 8), ("nou", 9), ("deu", 10),
        ("onze", 11), ("dotze", 12), ("tretze", 13), ("catorze", 14), ("quinze", 15), ("setze", 16), ("disset", 17), ("divuit", 18), ("dinou", 19), ("vint", 20),
        ("trenta", 30), ("quaranta", 40), ("cinquanta", 50), ("seixanta", 60), ("setanta", 70), ("vuitanta", 80), ("noranta", 90), ("cent", 100), ("mil", 1000),
    ],
};

pub static DE: Lexicon = Lexicon {
    lang: Lang::De,
    phrases: &[
        ("absteigend", Order), ("aufsteigend", Order), ("in dieser reihenfolge", Order), ("in der reihenfolge", Order), ("jeweils", Order), ("vom hochsten an", Order), ("vom niedrigsten an", Order), ("vom hochsten zum niedrigsten", Order), ("vom niedrigsten zum hochsten", Order), ("sortiert", Order), ("absteigend sortiert", Order), ("aufsteigend sortiert", Order),
        ("nordlich von", Op(Gt)), ("sudlich von", Op(Lt)), ("am weitesten nordlich", High), ("am weitesten sudlich", Low), ("nordlichsten", High), ("sudlichsten", Low), ("am nordlichsten", High), ("am sudlichsten", Low),
        ("jahr", In), ("zeitraum", DataDate), ("aus welchem zeitraum", DataDate), ("welchem zeitraum", DataDate),
        ("wie viele", HowMany), ("wieviele", HowMany), ("wie oft", HowMany), ("wie haufig", HowMany), ("wie viel", HowMany), ("wieviel", HowMany), ("anzahl", HowMany), ("anzahl der", HowMany), ("anzahl an", HowMany), ("zahl der", HowMany), ("gesamtzahl", HowMany),
        ("spalten", Columns), ("spalte", Columns), ("attribute", Columns), ("felder", Columns), ("merkmale", Columns), ("variablen", Columns),
        ("zeilen", Rows), ("datensatze", Rows), ("eintrage", Rows),
        ("verschiedene", Distinct), ("verschiedenen", Distinct), ("unterschiedliche", Distinct), ("unterschiedlichen", Distinct), ("eindeutige", Distinct), ("eindeutigen", Distinct),
        ("werte", Values), ("mogliche werte", Values), ("moglichen werte", Values), ("kategorien", Values), ("auspragungen", Values),
        ("haufigste", Most), ("haufigsten", Most), ("am haufigsten", Most), ("haufigster", Most), ("haufigstes", Most), ("meisten", High),
        ("seltenste", Least), ("seltensten", Least), ("am seltensten", Least), ("seltenster", Least), ("seltenstes", Least),
        ("top", Top),
        ("hochststand", High), ("spitzenwert", High), ("tiefststand", Low), ("warmste", High), ("warmsten", High), ("kalteste", Low), ("kaltesten", Low), ("hochste", High), ("reichste", High), ("reichsten", High), ("armste", Low), ("armsten", Low), ("langste", High), ("langsten", High), ("kurzeste", Low), ("kurzesten", Low), ("hochsten", High), ("hochster", High), ("hochstes", High), ("grosste", High), ("grossten", High), ("grosster", High), ("meiste", High), ("am meisten", High), ("schwerste", High), ("schwersten", High), ("starkste", High), ("starksten", High), ("alteste", High), ("altesten", High),
        ("niedrigste", Low), ("niedrigsten", Low), ("niedrigster", Low), ("kleinste", Low), ("kleinsten", Low), ("kleinster", Low), ("geringste", Low), ("geringsten", Low), ("wenigsten", Low), ("leichteste", Low), ("leichtesten", Low), ("jungste", Low), ("jungsten", Low),
        ("durchschnitt", Avg), ("durchschnittliche", Avg), ("durchschnittlichen", Avg), ("durchschnittlicher", Avg), ("durchschnittlich", Avg), ("mittelwert", Avg), ("mittlere", Avg), ("mittleren", Avg), ("im schnitt", Avg), ("schnitt", Avg),
        ("summe", Sum), ("gesamt", Sum), ("insgesamt", Sum), ("gesamte", Sum), ("gesamten", Sum),
        ("median", Median),
        ("minimum", Min), ("minimale", Min), ("minimalen", Min), ("minimaler", Min),
        ("maximum", Max), ("maximale", Max), ("maximalen", Max), ("maximaler", Max),
        ("prozent", Share), ("anteil", Share), ("prozentsatz", Share), ("prozentanteil", Share), ("welcher anteil", Share),
        ("pro", Per), ("je", Per), ("nach", Per), ("fur jede", Per), ("fur jeden", Per), ("fur jedes", Per), ("gruppiert nach", Per), ("aufgeschlusselt nach", Per),
        ("gibt es mehr", More), ("mehr", More), ("hoher", More), ("hohere", More), ("hoheren", More), ("hoherer", More), ("grosser", More), ("grossere", More), ("grosseren", More), ("weniger", Less), ("niedriger", Less), ("niedrigere", Less), ("niedrigeren", Less), ("kleiner", Less), ("kleinere", Less), ("kleineren", Less),
        ("oder", Or), ("und", And), ("aber", And),
        ("nicht", Not), ("kein", Not), ("keine", Not), ("keinen", Not), ("ausser", Not), ("ungleich", Op(Ne)),
        ("seit", Op(Ge)), ("mehr als", Op(Gt)), ("grosser als", Op(Gt)), ("uber", Op(Gt)), ("uberstieg", Op(Gt)), ("uberstiegen", Op(Gt)), ("ubersteigt", Op(Gt)), ("ubersteigen", Op(Gt)), ("uberschritt", Op(Gt)), ("uberschritten", Op(Gt)), ("hoher als", Op(Gt)), ("schwerer als", Op(Gt)), ("alter als", Op(Gt)), ("nach dem", Op(Gt)), ("spater als", Op(Gt)), ("oberhalb von", Op(Gt)),
        ("weniger als", Op(Lt)), ("kleiner als", Op(Lt)), ("unter", Op(Lt)), ("niedriger als", Op(Lt)), ("leichter als", Op(Lt)), ("junger als", Op(Lt)), ("vor dem", Op(Lt)), ("fruher als", Op(Lt)), ("unterhalb von", Op(Lt)),
        ("mindestens", Op(Ge)), ("oder mehr", OpPost(Ge)), ("wenigstens", Op(Ge)), ("grosser oder gleich", Op(Ge)),
        ("hochstens", Op(Le)), ("maximal", Op(Le)), ("oder weniger", OpPost(Le)), ("nicht mehr als", Op(Le)), ("bis zu", Op(Le)), ("kleiner oder gleich", Op(Le)),
        ("gleich", Op(Eq)), ("genau", Op(Eq)),
        ("zwischen", Between),
        ("enthalt", Contains), ("enthalten", Contains), ("mit dem wort", Contains),
        ("beginnt mit", StartsWith), ("beginnen mit", StartsWith), ("fangt mit", StartsWith), ("anfangt", StartsWith), ("fangen mit", StartsWith), ("startet mit", StartsWith),
        ("wer", Who),
        ("welche", Which), ("welcher", Which), ("welches", Which), ("welchen", Which), ("welchem", Which), ("was", What),
        ("liste", List), ("zeige", List), ("zeig", List), ("nenne", List), ("nenn", List), ("gib", List), ("auflisten", List), ("liste auf", List),
        ("in", In), ("im", In), ("im jahr", In), ("wahrend", In), ("aus", In), ("von", Of), ("des", Of), ("der", Of),
        ("quelle", Source), ("woher", Source), ("herkunft", Source), ("wer hat", Source), ("stammen", Source),
        ("beschreibung", Description), ("worum geht", Description), ("wovon handelt", Description), ("beschreibe", Description), ("geht es", Description),
        ("wie alt", DataDate), ("wie aktuell", DataDate), ("wann", DataDate), ("datum der daten", DataDate), ("stand der daten", DataDate),
        ("titel", Title), ("wie heisst", Title),
        ("was kann ich fragen", Help), ("welche fragen", Help), ("hilfe", Help), ("was kann ich", Help),
        ("verteilung", Distribution), ("histogramm", Distribution),
        ("gegen", Versus), ("gegenuber", Versus), ("zusammenhang zwischen", Versus), ("korrelation zwischen", Versus),
        ("datensatz", Dataset), ("daten", Dataset), ("tabelle", Dataset),
    ],
    stopwords: &["der", "die", "das", "den", "dem", "ein", "eine", "einen", "einem", "einer", "ist", "sind", "war", "waren", "gibt", "es", "hat", "haben", "hatte", "hatten", "mit", "zu", "fur", "auf", "an", "am", "bei", "sich", "sie", "ihr", "ihre", "dieser", "diese", "dieses", "alle", "allen", "aller", "alles", "wert", "werte", "wird", "werden", "wurde", "wurden", "vorkommen", "kommt", "kommen", "vor", "mal", "art", "wo", "wie", "bitte", "mir", "dem", "deren", "dessen", "denen", "hoch", "liegt", "liegen", "betragt", "lautet", "ab", "sehr", "jemand", "irgendein", "irgendeine", "irgendwer", "umfrage", "studie", "stichprobe", "tabelle", "daten", "genau", "insgesamt", "wohnt", "wohnen", "wohnte", "wohnten", "lebt", "leben", "lebte", "lebten", "gab", "kam", "kamen", "lag", "lagen", "gross", "moglich", "moglichen", "arten", "sorten", "grad"],
    numbers: &[
        ("eins", 1), ("zwei", 2), ("drei", 3), ("vier", 4), ("funf", 5), ("sechs", 6), ("sieben", 7), ("acht", 8), ("neun", 9), ("zehn", 10),
        ("elf", 11), ("zwolf", 12), ("dreizehn", 13), ("vierzehn", 14), ("funfzehn", 15), ("sechzehn", 16), ("siebzehn", 17), ("achtzehn", 18), ("neunzehn", 19), ("zwanzig", 20),
        ("dreissig", 30), ("vierzig", 40), ("funfzig", 50), ("sechzig", 60), ("siebzig", 70), ("achtzig", 80), ("neunzig", 90), ("hundert", 100), ("einhundert", 100), ("tausend", 1000),
    ],
};

/// Function words of languages we do not answer in, to recognise them (detection only).
const OTHER: &[(&str, &[&str])] = &[
    ("French", &["combien", "quel", "quelle", "quels", "quelles", "est", "sont", "le", "les", "des", "du", "une", "avec", "plus", "moins", "moyenne", "personnes", "il", "y", "a", "qui", "dans", "pour", "voitures", "ou", "et", "au", "aux", "ont", "je", "peux", "demander"]),
    ("Italian", &["quanti", "quante", "quale", "quali", "sono", "il", "gli", "della", "delle", "degli", "con", "media", "persone", "ci", "per", "chi", "nel", "nella", "e"]),
    ("Portuguese", &["quantos", "quantas", "qual", "quais", "sao", "os", "as", "da", "das", "do", "dos", "com", "media", "pessoas", "em", "no", "na", "e", "tem", "voce"]),
    ("Dutch", &["hoeveel", "welke", "zijn", "het", "de", "een", "met", "gemiddelde", "mensen", "er", "van", "voor", "wie", "niet"]),
];

pub fn lexicon(lang: Lang) -> &'static Lexicon {
    match lang {
        Lang::En => &EN,
        Lang::Es => &ES,
        Lang::Ca => &CA,
        Lang::De => &DE,
    }
}

/// Which language a question is in, or the name of an unsupported one it clearly is.
#[derive(Clone, Debug, PartialEq)]
pub enum Detected {
    Supported(Lang),
    Unsupported(&'static str),
}

/// Scores each language by how many of the question's words are its keywords or stopwords.
pub fn detect(tokens: &[String], hint: Option<Lang>) -> Detected {
    let score_words = |words: &mut dyn Iterator<Item = &str>| -> usize {
        let set: std::collections::HashSet<&str> = words.collect();
        tokens.iter().filter(|t| set.contains(t.as_str())).count()
    };
    let mut best: Option<(Lang, usize)> = None;
    for lang in Lang::ALL {
        let lx = lexicon(lang);
        // Multi-word phrases count by their first word; numbers count too.
        let mut words = lx
            .phrases
            .iter()
            .map(|(p, _)| p.split(' ').next().unwrap_or(p))
            .chain(lx.stopwords.iter().copied())
            .chain(lx.numbers.iter().map(|(w, _)| *w));
        let mut s = score_words(&mut words) * 4;
        // Distinctive question openers weigh more.
        if let Some(first) = tokens.first() {
            let opener = match lang {
                Lang::En => ["how", "what", "which", "who", "are", "is", "was", "were", "did", "does", "do", "has", "have", "list", "show"].contains(&first.as_str()),
                Lang::Es => ["cuantos", "cuantas", "cual", "cuales", "quien", "quienes", "hay", "que", "dime", "lista", "muestra"].contains(&first.as_str()),
                Lang::Ca => ["quants", "quantes", "quin", "quina", "quins", "quines", "qui", "hi", "que", "digues", "llista", "mostra"].contains(&first.as_str()),
                Lang::De => ["wie", "was", "welche", "welcher", "welches", "wer", "gibt", "zeige", "nenne", "liste"].contains(&first.as_str()),
            };
            if opener {
                s += 6;
            }
        }
        if Some(lang) == hint {
            s += 1;
        }
        if best.is_none_or(|(_, b)| s > b) {
            best = Some((lang, s));
        }
    }
    let (lang, score) = best.expect("four languages");
    for (name, words) in OTHER {
        let other = score_words(&mut words.iter().copied()) * 4;
        // Clearly another language: more of its function words than of ours, and several.
        if other >= 8 && other > score {
            return Detected::Unsupported(name);
        }
    }
    Detected::Supported(lang)
}

/// "negative" / "positive" as a comparison with zero, in the four languages.
pub fn sign_word(w: &str) -> Option<super::plan::CmpOp> {
    match w {
        "negative" | "negativ" | "negativo" | "negativa" | "negatiu" | "negativos" | "negativas" | "negatius" | "negatives" => Some(super::plan::CmpOp::Lt),
        "positive" | "positiv" | "positivo" | "positiva" | "positiu" | "positius" | "positivos" => Some(super::plan::CmpOp::Gt),
        _ => None,
    }
}

/// A word for a rate ("survival rate", "tasa de supervivencia", "Überlebensquote" said apart).
pub fn is_rate_word(w: &str) -> bool {
    matches!(w, "rate" | "tasa" | "taxa" | "quote")
}

/// A determiner that asks which thing ("which", "qué", "quins", "welche"), before the noun naming it.
pub fn which_word(w: &str) -> bool {
    matches!(w, "which" | "what" | "que" | "cual" | "cuales" | "quin" | "quina" | "quins" | "quines" | "welche" | "welcher" | "welches" | "welchen" | "welchem")
}
