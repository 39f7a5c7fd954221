//! What the question parser knows about a table: fields and their names in every language, the
//! values a question can name without their field, row aliases, composed fields and field groups.

use std::collections::HashMap;

use crate::description::DatasetDescription;
use crate::schema::{is_missing, ColumnSchema, ColumnType, Shape, TableSchema};
use crate::table::{Table, Value};

use super::text::{fold_words, name_words, same_word};

/// Most distinct values a repeated text column may have and still be indexed by value: names in
/// a panel (countries × years), not free text.
const PANEL_NAMES: usize = 5_000;

/// Tables longer than this are not scanned for their shape (weekly, quarterly, a panel): each
/// scan holds a set of the rows' keys, and a series or panel that long is rare.
const SHAPE_SCAN_ROWS: usize = 200_000;

/// A field a question can name: a scalar column, or a composed field ("name" = first + last).
#[derive(Clone, Debug)]
pub struct FieldInfo {
    /// The engine's column name (the schema's display name).
    pub name: String,
    /// What answers call it: the readable name when given.
    pub label: String,
    pub ty: ColumnType,
    pub categorical: bool,
    /// Folded word sequences that name the field (column words, readable name, synonyms, translations).
    pub names: Vec<Vec<String>>,
    /// For composed fields: the parts and separator.
    pub composed: Option<(Vec<usize>, String)>,
    /// True when the values are years (a date column at year granularity, or a year-like integer).
    pub yearly: bool,
    /// A date column of months ("1960-07"): answers show it that way.
    pub monthly: bool,
    /// A date column of quarters, as the file writes them: the text between year and quarter,
    /// year first ("1970 Q1") or not ("Q1 1970").
    pub quarterly: Option<(bool, String)>,
    pub distinct: u64,
    /// Cells left empty: a column every row fills says something of every row ("death_date").
    pub missing: u64,
    /// Numbers from 0 up, with some 0: a count ("no children" is 0; "no age" is a missing age).
    pub counts: bool,
    /// Whole numbers 0 and 1 only: a yes/no flag written as a number (`survived`).
    pub flag: bool,
    /// A part of a date field (its index) that questions group by: "Which month…".
    pub part: Option<(usize, DatePart)>,
    /// The smallest and largest number of a numeric field: a number outside it is no value of it.
    pub range: Option<(f64, f64)>,
    /// A text column whose cells hold lists ("1, 4, 7" beside "1"): its separator. A value of it
    /// is an element of a cell; counting or grouping its values counts each element.
    pub list_sep: Option<&'static str>,
    /// The most elements one cell of a list field holds (0 for other fields).
    pub list_len: usize,
    /// A field derived as the change of another from the row before (`Lag`): named by no word of
    /// its own; only a change word ("dropped compared with the month before") reads it.
    pub lag: Option<Lag>,
    /// A field derived as the change of a family of columns between two of its points in the same
    /// row (`population_2021` − `population_2016`): named by no word of its own either.
    pub gap: Option<Gap>,
    /// The one year every date of a date column falls in: "on July 4th" names a day of it.
    pub one_year: Option<i32>,
    /// The first and last day of a date column: a period outside them is not in the data.
    pub dates: Option<(chrono::NaiveDate, chrono::NaiveDate)>,
}

/// The change of field `of` from the row before: its value minus the previous row's, rows taken
/// in `order` (pandas' `diff()`), so "months in which passengers dropped" reads one number per row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lag {
    pub of: usize,
    pub order: LagOrder,
}

/// Which rows are "the row before": the table's own order of time, or the file's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LagOrder {
    /// A date (or year) field with one row per value.
    Time(usize),
    /// A year field and a quarter field (1–4), one row per pair.
    YearQuarter(usize, usize),
    /// No field orders the rows: the file's order, read only where a question says "consecutive".
    File,
}

/// The change between two columns of one family, row by row: `later` − `earlier`, or that as a
/// percent of `earlier` ("grew fastest in percent from 2016 to 2021").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gap {
    pub later: usize,
    pub earlier: usize,
    pub percent: bool,
}

/// The part of a date a derived field holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DatePart {
    /// The month's English name ("January"), as the answer names it.
    Month,
    /// The year, a number: "In which year was average employment the lowest?" over monthly rows.
    /// Named by no word of its own (a year in a question is a condition on the date); only
    /// "which year" asks for it.
    Year,
    /// The day of the week's English name ("Monday"): "Which day of the week has the highest volume?".
    Weekday,
}

impl FieldInfo {
    /// A field the catalog computes (a date's part, a change from the row before), not a column of
    /// the file: listings and statistics over "every column" leave it out.
    pub fn derived(&self) -> bool {
        self.part.is_some() || self.is_change()
    }

    /// Whole numbers that are neither a flag nor a few coded values: an amount that adds up
    /// ("passengers", "cases") when several rows are taken together.
    pub fn whole_amount(&self) -> bool {
        self.ty == ColumnType::Integer && !self.flag && !self.categorical
    }

    /// Whole numbers 1, 2, 3 … with none missing between (`Congress` 1…117, `Round`): things
    /// numbered in turn, never an amount.
    pub fn numbers_things(&self) -> bool {
        self.ty == ColumnType::Integer
            && self.distinct >= 5
            && self.range.is_some_and(|(lo, hi)| lo == 1.0 && hi - lo + 1.0 == self.distinct as f64)
    }

    /// A field of counts: by its numbers (whole, from 0 up, some 0) or by its name
    /// (`Number_of_Cases`, `n_deaths`, `total_units`).
    pub fn counts_things(&self) -> bool {
        self.counts
            || (self.ty.is_numeric()
                && name_words(&self.name)
                    .first()
                    .is_some_and(|w| matches!(w.as_str(), "number" | "num" | "count" | "n" | "nb" | "no" | "numero" | "anzahl" | "total")))
    }

    /// A change the catalog computes (from the row before, or between two columns of a family).
    pub fn is_change(&self) -> bool {
        self.lag.is_some() || self.gap.is_some()
    }

    /// A field with nothing known of its values yet: the catalog's own (composed, a date's part, a
    /// change) as they are, a column's before its values are read.
    fn computed(name: String, label: String, ty: ColumnType) -> FieldInfo {
        FieldInfo {
            name,
            label,
            ty,
            categorical: false,
            names: Vec::new(),
            composed: None,
            yearly: false,
            monthly: false,
            quarterly: None,
            distinct: 0,
            missing: 0,
            counts: false,
            flag: false,
            part: None,
            range: None,
            list_sep: None,
            list_len: 0,
            lag: None,
            gap: None,
            one_year: None,
            dates: None,
        }
    }

    /// A yes/no column: boolean, or numbers 0 and 1 only.
    /// `order_id`, `user_id`: named as an id, so its numbers name things and measure nothing.
    pub fn named_id(&self) -> bool {
        name_words(&self.name).last().is_some_and(|w| w == "id" || w == "ids")
    }

    pub fn yes_no(&self) -> bool {
        self.ty == ColumnType::Boolean || self.flag
    }
}

/// A field group ("temperature" → max, min) with its default member.
#[derive(Clone, Debug)]
pub struct GroupInfo {
    pub name: String,
    pub names: Vec<Vec<String>>,
    pub members: Vec<usize>,
    pub default: Option<usize>,
}

/// One place a value occurs: which field, and the value as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueHit {
    pub field: usize,
    pub value: String,
    /// How many rows hold it.
    pub rows: u64,
    /// The value is a short all-caps code ("TX", "IN"): only a token typed in capitals names it.
    pub code: bool,
}

#[derive(Clone, Debug)]
pub struct Catalog {
    pub table: String,
    pub file: String,
    pub rows: u64,
    pub fields: Vec<FieldInfo>,
    pub groups: Vec<GroupInfo>,
    /// Folded word sequences that name a row ("cars", "victims", "personas").
    pub aliases: Vec<Vec<String>>,
    /// The head noun of the file's name ("senators" of canadian_senators.csv), whose cognates in
    /// the other languages also name the rows ("senadores", "Senatoren").
    pub head_noun: Option<String>,
    /// The field the head noun names instead of the rows (`names_of_named_things`).
    pub head_field: Option<usize>,
    /// The event the rows are, named by an attribute's column ("inspection" of `inspection_score`).
    pub event_noun: Option<String>,
    /// Folded value text → where it occurs.
    pub values: HashMap<String, Vec<ValueHit>>,
    /// A text column's values that are one number ("2019" beside "2017-2019"), apart from
    /// `values`: a number in a question is a number first.
    pub number_values: HashMap<String, Vec<ValueHit>>,
    /// Rows that add up the others ("NYS - All Hospitals" in a list of hospitals): left out of
    /// what is computed over rows unless the question names them (`total_rows`).
    pub totals: Option<TotalRows>,
    /// Longest value in words, to bound n-gram lookups.
    pub max_value_words: usize,
    /// The field that names a row in lists and rankings.
    pub label: Option<usize>,
    /// A panel's name and year fields ("firm" × "year"): each pair names one row, so a ranking
    /// within one year names its rows by the name field.
    pub panel: Option<(usize, usize)>,
    /// The engine's row number over the cited row's: 1, or a long view's `series::STRIDE` (its
    /// rows number wide row × stride + member, so they keep the wide order and cite the wide row).
    pub row_stride: u64,
    /// A text column of names that nearly all differ but repeat across another column (county names
    /// across states: the pair is different in every row): the rows are what it names.
    pub repeated_names: Option<usize>,
    /// Translations of the file name's words (the glossary's, the words for women and men), folded:
    /// in es/ca/de questions they name what every row is about and restrict nothing.
    pub translated_topics: Vec<String>,
    pub description: DatasetDescription,
    /// Word lookups over `values`' keys, built at the first question (`values` is fixed by then).
    value_words: std::sync::OnceLock<super::value_words::ValueWords>,
}

impl Catalog {
    /// Word lookups over the value keys (`value_words`), built once.
    pub(crate) fn value_words(&self) -> &super::value_words::ValueWords {
        self.value_words.get_or_init(|| super::value_words::ValueWords::build(self.values.keys()))
    }

    pub fn build(table: &Table, schema: &TableSchema, desc: &DatasetDescription) -> Catalog {
        let mut fields: Vec<FieldInfo> = Vec::new();
        for (i, col) in schema.columns.iter().enumerate() {
            if col.shape != Shape::Scalar {
                continue;
            }
            let mut info = field_info(col, desc, &table.name);
            // "1893", "2005": years are numbers to questions ("average year", "latest year").
            if plain_years(col, table, i) {
                info.ty = ColumnType::Integer;
                info.yearly = true;
            }
            // "1950.0" in a column named year (a float export of years) is a year too.
            if float_years(col, table, i) || first_of_january_years(col, table, i) {
                info.yearly = true;
            }
            // `TIME` of 1970 … 2016 in a country-year panel: the year, and named so.
            if !info.yearly && timed_years(col, table, i) {
                info.yearly = true;
                let words = ["year", "years", "ano", "anos", "any", "anys", "jahr", "jahre", "jahren"];
                for n in words.iter().map(|w| vec![w.to_string()]) {
                    if !info.names.contains(&n) {
                        info.names.push(n);
                    }
                }
            }
            let minutes = durations(col, table, i);
            if minutes {
                info.ty = ColumnType::Decimal;
                // "runtime" for run_time, and the unit its values are read in.
                let own = name_words(&col.name);
                if own.len() == 2 {
                    info.names.push(vec![own.concat()]);
                }
                info.names.push(vec!["minutes".into()]);
            }
            info.counts = info.ty.is_numeric() && !info.yearly && counts_from_zero(table, i);
            info.range = if minutes {
                duration_range(table, i)
            } else if info.ty.is_numeric() {
                number_range(table, i)
            } else {
                None
            };
            info.flag = info.ty == ColumnType::Integer && info.distinct == 2 && every_cell(table, i, |s| s == "0" || s == "1");
            if info.ty == ColumnType::Text {
                info.list_sep = list_separator(table, i);
            }
            if let (ColumnType::Date | ColumnType::Datetime, crate::schema::ValueFormat::Date { order, .. }) = (info.ty, &col.format) {
                use chrono::Datelike;
                info.dates = date_span(table, i, *order);
                if info.ty == ColumnType::Date {
                    info.one_year = info.dates.filter(|(a, b)| a.year() == b.year()).map(|(a, _)| a.year());
                }
            }
            fields.push(info);
        }
        for cf in &desc.composed_fields {
            let parts: Vec<usize> = cf.parts.iter().filter_map(|p| fields.iter().position(|f| &f.name == p)).collect();
            if parts.len() != cf.parts.len() || parts.is_empty() || fields.iter().any(|f| f.name == cf.name) {
                continue;
            }
            let mut names = vec![name_words(&cf.name)];
            if let Some(d) = desc.column(&table.name, &cf.name) {
                names.extend(d.synonyms.iter().chain(d.translations.values()).chain(d.readable_name.iter()).map(|s| fold_words(s)));
            }
            fields.push(FieldInfo {
                names,
                composed: Some((parts, if cf.separator.is_empty() { " ".into() } else { cf.separator.clone() })),
                ..FieldInfo::computed(cf.name.clone(), cf.name.clone(), ColumnType::Text)
            });
        }
        fields.extend(date_parts(table, schema, &fields));
        fields.extend(year_part(table, schema, &fields));
        fields.extend(changes(table, schema, &fields));
        fields.extend(gaps(&fields));
        element_names(&mut fields);
        currency_names(&mut fields);
        sky_names(&mut fields);
        match_sides(&mut fields);
        shortest_names_own_words(&mut fields);
        let groups = desc
            .field_groups
            .iter()
            .filter_map(|g| {
                let members: Vec<usize> = g.members.iter().filter_map(|m| fields.iter().position(|f| &f.name == m)).collect();
                if members.len() < 2 {
                    return None;
                }
                let mut names = vec![fold_words(&g.name)];
                if let Some(d) = desc.column(&table.name, &g.name) {
                    names.extend(d.synonyms.iter().chain(d.translations.values()).map(|s| fold_words(s)));
                }
                let default = g.default.as_ref().and_then(|d| fields.iter().position(|f| &f.name == d));
                Some(GroupInfo { name: g.name.clone(), names, members, default })
            })
            .collect();
        // Words for "rows" and "people" in the four languages name rows in any table.
        // Nouns that name the rows of any table of people or observations ("How many respondents…").
        const GENERIC: &[&str] = &[
            "people",
            "persons",
            "personas",
            "persones",
            "personen",
            "leute",
            "gente",
            "gent",
            "individuals",
            "items",
            "objects",
            "objetos",
            "objectes",
            "objekte",
            "elements",
            "elementos",
            "elemente",
            "respondents",
            "participants",
            "patients",
            "subjects",
            "cases",
            "observations",
            "entries",
            "encuestados",
            "encuestadas",
            "participantes",
            "pacientes",
            "casos",
            "observaciones",
            "enquestats",
            "enquestades",
            "pacients",
            "observacions",
            "befragte",
            "befragten",
            "teilnehmer",
            "patienten",
            "falle",
            "beobachtungen",
            "record",
            "records",
            "registro",
            "registros",
            "registre",
            "registres",
            "datensatz",
            "datensatze",
            // What a row is in a table of measurements, whatever was measured.
            "samples",
            "measurements",
            "readings",
            "muestras",
            "mediciones",
            "mostres",
            "mesures",
            "mesuraments",
            "proben",
            "messungen",
            "messwerte",
        ];
        let mut aliases: Vec<Vec<String>> = desc.row_aliases.iter().map(|a| fold_words(a)).collect();
        aliases.extend(GENERIC.iter().map(|a| vec![a.to_string()]));
        // A table with a population column counts people in it, not as its rows: "more people than
        // China", "over 100 million people" name that column.
        const PEOPLE: &[&str] = &[
            "people",
            "persons",
            "inhabitants",
            "residents",
            "personas",
            "habitantes",
            "persones",
            "habitants",
            "personen",
            "einwohner",
            "menschen",
        ];
        let population = fields.iter().position(|f| {
            let words = name_words(&f.name);
            f.ty.is_numeric() && (words.iter().any(|w| w == "population") || words == ["pop"])
        });
        if let Some(p) = population {
            words_name_field(&mut aliases, &mut fields[p], PEOPLE);
        }
        // Who or what a row is in the registers portals publish most (people, animals, customers):
        // said of a table with no such column or value, they name its rows (see `ENTITY_NOUNS`).
        aliases.extend(super::lang::ENTITY_NOUNS.iter().map(|a| vec![a.to_string()]));
        // A row noun that is a text column's one-word name, where rows repeat its values (stations
        // in cities), names that column: "which cities in region II" lists cities, not stations.
        let n_rows = table.rows.len() as u64;
        for field in fields.iter_mut() {
            if field.ty != ColumnType::Text || field.derived() || field.distinct == 0 || field.distinct >= n_rows {
                continue;
            }
            let [w] = &name_words(&field.name)[..] else { continue };
            let nouns: Vec<String> =
                aliases.iter().filter(|a| a.len() == 1 && super::text::same_word(&a[0], w)).map(|a| a[0].clone()).collect();
            let words: Vec<&str> = nouns.iter().map(String::as_str).collect();
            words_name_field(&mut aliases, field, &words);
        }
        // One row a month (a year column and a month column, each pair once): "how many months
        // were in El Niño phase" counts rows.
        if one_row_a_month(table, schema, &fields) {
            for m in ["months", "meses", "mesos", "monate", "monaten"] {
                aliases.push(vec![m.to_string()]);
            }
        }
        // A noun that names rows in general but is a word of a numeric column's name names that
        // column: in a table of `Dengue_Cases` per region and month, "more cases" sums them.
        for field in fields.iter_mut() {
            if !field.ty.is_numeric() || field.yearly || field.lag.is_some() || field.gap.is_some() {
                continue;
            }
            let generic: Vec<String> = name_words(&field.name)
                .into_iter()
                .filter(|w| GENERIC.contains(&w.as_str()) || super::lang::ENTITY_NOUNS.contains(&w.as_str()))
                .collect();
            if !generic.is_empty() {
                let words: Vec<&str> = generic.iter().map(String::as_str).collect();
                words_name_field(&mut aliases, field, &words);
            }
        }
        // Rows that share an order's id are its lines (a pizza, a product): "how many orders"
        // counts the ids, not the rows.
        const ORDERS: &[&str] = &["orders", "order", "pedidos", "pedido", "comandes", "comanda", "bestellungen", "bestellung"];
        let order_id = fields.iter().position(|f| {
            let w = name_words(&f.name);
            (w == ["id"] || (w.iter().any(|x| x == "order") && w.last().is_some_and(|x| x == "id")))
                && (!f.ty.is_numeric() || f.ty == ColumnType::Integer)
                && f.distinct > 1
                && f.distinct < table.rows.len() as u64
        });
        if let Some(k) = order_id {
            words_name_field(&mut aliases, &mut fields[k], ORDERS);
        }
        // "user_id" repeated over the rows (a user's searches, an order's lines): its noun names the
        // ids, so "how many users" counts them, not the rows.
        for k in 0..fields.len() {
            let words = name_words(&fields[k].name);
            let [noun, id] = words.as_slice() else { continue };
            let f = &fields[k];
            if id != "id"
                || noun.len() < 3
                || !noun.chars().all(char::is_alphabetic)
                || !(f.distinct > 1 && f.distinct < table.rows.len() as u64)
            {
                continue;
            }
            let n = vec![noun.clone()];
            if fields.iter().any(|g| g.names.contains(&n)) {
                continue;
            }
            aliases.retain(|a| !(a.len() == 1 && super::text::same_word(&a[0], noun)));
            fields[k].names.push(n);
        }
        // A table with one row per day (month, year) is a table of days: "How many days had snow?"
        // names its rows even when nobody said so in a description.
        const WEEKS: &[&str] = &["week", "weeks", "semana", "semanas", "setmana", "setmanes", "woche", "wochen"];
        const MONTHS: &[&str] = super::lang::MONTH_NOUNS;
        const QUARTERS: &[&str] = &["quarter", "quarters", "trimestre", "trimestres", "quartal", "quartale", "quartalen"];
        const DAYS: &[&str] = &["day", "days", "dia", "dias", "dies", "tag", "tage", "tagen"];
        let mut period_words: Vec<&[&str]> = Vec::new();
        let mut days_of_readings: Vec<&str> = Vec::new();
        for (ci, col) in schema.columns.iter().enumerate() {
            let crate::schema::ValueFormat::Date { granularity, order } = &col.format else { continue };
            // Readings through the day (gibraltar's every half hour): "how many days had fog"
            // counts the dates, not the rows.
            if *granularity == crate::schema::DateGranularity::Day && col.distinct >= 2 && col.distinct < table.rows.len() as u64 {
                days_of_readings.push(col.name.as_str());
            }
            if !(col.distinct == table.rows.len() as u64 && table.rows.len() > 1 && col.missing == 0) {
                continue;
            }
            period_words.push(match granularity {
                crate::schema::DateGranularity::Day if weekly(table, ci, *order) => WEEKS,
                crate::schema::DateGranularity::Day if monthly_firsts(table, ci, *order) => MONTHS,
                crate::schema::DateGranularity::Day => DAYS,
                crate::schema::DateGranularity::Month => MONTHS,
                crate::schema::DateGranularity::Quarter => QUARTERS,
                crate::schema::DateGranularity::Year => &["year", "years", "ano", "anos", "anys", "jahr", "jahre", "jahren"],
                crate::schema::DateGranularity::Time => &[],
            });
        }
        // A year column beside a quarter column (1..4), the pair different in every row: a table of quarters.
        if quarterly(table, schema) {
            period_words.push(QUARTERS);
        }
        // (Not where a column counts days: "more than 10 days" is then that column.)
        let counts_days = fields.iter().any(|f| f.ty.is_numeric() && name_words(&f.name).iter().any(|w| DAYS.contains(&w.as_str())));
        if let ([name], true, false) = (days_of_readings.as_slice(), period_words.is_empty(), counts_days) {
            if let Some(k) = fields.iter().position(|f| f.name == *name) {
                words_name_field(&mut aliases, &mut fields[k], DAYS);
            }
        }
        for words in period_words {
            for w in words {
                let w = vec![w.to_string()];
                if !aliases.contains(&w) {
                    aliases.push(w);
                }
            }
        }
        let stem_words = name_words(crate::names::stem(&table.name));
        // "canadian_senators": its rows are senators; the last word of a file's name is its head noun.
        // ("restaurant_data": a word for the file's kind ends many names; the noun is before it.)
        const KINDS: &[&str] = &[
            "data", "dataset", "datos", "dades", "daten", "table", "tabla", "list", "records", "info", "raw", "clean", "db", "file",
            "sample", "subset", "extract",
        ];
        let head_words = match stem_words.as_slice() {
            [rest @ .., last] if !rest.is_empty() && KINDS.contains(&last.as_str()) => rest,
            all => all,
        };
        let head_noun = head_words.last().filter(|w| w.len() >= 4 && w.chars().all(char::is_alphabetic)).cloned();
        if stem_words.len() > 1 {
            if let Some(last) = &head_noun {
                aliases.push(vec![last.clone()]);
            }
        }
        // "pizzaplace": a name glued from a noun and a word for where the rows are kept names its
        // rows by the noun ("how many pizzas were sold").
        if let [w] = stem_words.as_slice() {
            const KEPT: &[&str] = &["place", "shop", "store", "house", "market", "sales", "orders", "list", "log", "book", "bar", "data"];
            if let Some(noun) = KEPT.iter().find_map(|k| w.strip_suffix(k)).filter(|n| n.len() >= 4 && n.chars().all(char::is_alphabetic)) {
                for a in [noun.to_string(), format!("{noun}s")] {
                    let a = vec![a];
                    if !aliases.contains(&a) && !fields.iter().any(|f| f.names.contains(&a)) {
                        aliases.push(a);
                    }
                }
            }
        }
        // "terremotos", "Erdbeben" for earthquakes.csv: a plural head noun's words in the glossary
        // name the rows too (not a mass noun's: "us-employment" is no list of employments).
        if let Some(head) = head_noun.as_ref().filter(|h| h.ends_with('s')) {
            let mut nouns = vec![vec![head.clone()]];
            for a in glossary_names(std::slice::from_ref(head)) {
                if a.len() == 1 && !aliases.contains(&a) && !fields.iter().any(|f| f.names.contains(&a)) {
                    nouns.push(a.clone());
                    aliases.push(a);
                }
            }
            // "quakes" in earthquakes.csv, "Beben" for Erdbeben: a compound's last part names its rows too.
            for noun in nouns {
                for tail in compound_tails(&noun[0]) {
                    let a = vec![tail];
                    if !aliases.contains(&a) && !fields.iter().any(|f| f.names.contains(&a)) {
                        aliases.push(a);
                    }
                }
            }
        }
        // "departamentos.csv": a head noun in Spanish, Catalan or German names its rows by the
        // English word it translates and that word's other translations ("departments", "departaments").
        if let Some(head) = head_noun.as_ref().filter(|h| h.ends_with('s')) {
            let singular = [head.strip_suffix("es"), head.strip_suffix('s')];
            // (Not a head noun in English already: "stocks" is no translation of "stock".)
            let translated = |w: &str| english_of(w).filter(|e| e != w && !head.starts_with(e.as_str()));
            if let Some(english) = singular.into_iter().flatten().chain([head.as_str()]).find_map(translated) {
                let mut nouns = vec![vec![english.clone()], vec![format!("{english}s")]];
                nouns.extend(glossary_names(std::slice::from_ref(&english)));
                for a in nouns {
                    if a.len() == 1 && !aliases.contains(&a) && !fields.iter().any(|f| f.names.contains(&a)) {
                        aliases.push(a);
                    }
                }
            }
        }
        if !stem_words.is_empty() {
            aliases.push(stem_words);
        }
        let mut cat = Catalog {
            table: table.name.clone(),
            file: table.file.clone(),
            rows: table.rows.len() as u64,
            fields,
            groups,
            aliases,
            head_noun,
            head_field: None,
            event_noun: None,
            values: HashMap::new(),
            number_values: HashMap::new(),
            totals: None,
            max_value_words: 1,
            label: None,
            panel: None,
            row_stride: 1,
            repeated_names: None,
            translated_topics: translated_topics(&table.file),
            description: desc.clone(),
            value_words: std::sync::OnceLock::new(),
        };
        cat.index_values(table, schema);
        cat.label = cat.pick_label(table);
        cat.totals = total_rows(&cat, table, schema);
        total_of_family(&mut cat, table, schema);
        cat.names_of_named_things();
        cat.codes_of_named_rows();
        cat.rows_named_by_events();
        cat.repeated_names = repeated_names(&cat, table, schema);
        // "Which place has the highest murder rate?": where the rows are named by a place (state,
        // council district, country), the words for a place name the rows.
        const PLACES: &[&str] = &[
            "state",
            "country",
            "city",
            "county",
            "district",
            "dist",
            "region",
            "province",
            "council",
            "municipality",
            "territory",
            "place",
            "location",
            "area",
        ];
        const PLACE_WORDS: &[&str] = &[
            "place",
            "places",
            "area",
            "areas",
            "location",
            "locations",
            "lugar",
            "lugares",
            "zona",
            "zonas",
            "lloc",
            "llocs",
            "zones",
            "ort",
            "orte",
            "gebiet",
            "gebiete",
        ];
        if cat.label.is_some_and(|l| {
            cat.fields[l].ty == ColumnType::Text
                && name_words(&cat.fields[l].name)
                    .iter()
                    .any(|w| PLACES.contains(&w.as_str()) || PLACES.iter().any(|p| w.starts_with(p) && w.len() > p.len() + 2))
        }) {
            // "COUNCILDIST": the place its run-together name starts with ("council areas") names the rows too.
            let own: Vec<String> = name_words(&cat.fields[cat.label.expect("checked above")].name)
                .iter()
                .filter_map(|w| PLACES.iter().find(|p| w.starts_with(*p) && w.len() > p.len() + 2))
                .flat_map(|p| [p.to_string(), format!("{p}s")])
                .collect();
            for w in PLACE_WORDS.iter().map(|w| w.to_string()).chain(own) {
                let a = vec![w];
                if !cat.aliases.contains(&a) && !cat.fields.iter().any(|f| f.names.contains(&a)) {
                    cat.aliases.push(a);
                }
            }
        }
        cat.panel = cat.find_panel(table);
        cat
    }

    fn index_values(&mut self, table: &Table, schema: &TableSchema) {
        // Schema columns are the table's columns, in order.
        let col_of: HashMap<&str, usize> = schema.columns.iter().enumerate().map(|(i, c)| (c.name.as_str(), i)).collect();
        let rows = self.rows.max(1);
        let mut counts: rustc_hash::FxHashMap<(usize, std::borrow::Cow<'_, str>), u64> = Default::default();
        let mut longest = vec![0usize; self.fields.len()];
        for (fi, f) in self.fields.iter().enumerate() {
            let indexed = match &f.composed {
                Some(_) => true,
                // Categorical text, text that names rows (mostly distinct, short), and the names a
                // panel repeats (142 countries over 12 years each in gapminder).
                None => {
                    matches!(f.ty, ColumnType::Text | ColumnType::Identifier)
                        // (Mostly distinct among the cells that hold one: `iata`, empty for small fields.)
                        && (f.categorical
                            || f.list_sep.is_some()
                            || f.distinct * 2 >= rows.saturating_sub(f.missing).max(1)
                            || f.distinct <= PANEL_NAMES as u64)
                }
            };
            if !indexed {
                continue;
            }
            for row in &table.rows {
                let text = match &f.composed {
                    Some((parts, sep)) => {
                        let ps: Vec<&str> = parts
                            .iter()
                            .filter_map(|&p| col_of.get(self.fields[p].name.as_str()).and_then(|&c| row.get(c)).and_then(Value::as_text))
                            .map(str::trim)
                            .filter(|s| !is_missing(s))
                            .collect();
                        if ps.len() != parts.len() {
                            continue;
                        }
                        std::borrow::Cow::Owned(ps.join(sep))
                    }
                    None => match col_of.get(f.name.as_str()).and_then(|&c| row.get(c)).and_then(Value::as_text) {
                        // A list cell holds its elements, each a value of the field.
                        Some(s) if !is_missing(s) && f.list_sep.is_some() => {
                            let elements: Vec<&str> =
                                f.list_sep.iter().flat_map(|sep| s.split(sep)).map(str::trim).filter(|e| !e.is_empty()).collect();
                            longest[fi] = longest[fi].max(elements.len());
                            for e in elements {
                                *counts.entry((fi, std::borrow::Cow::Borrowed(e))).or_default() += 1;
                            }
                            continue;
                        }
                        Some(s) if !is_missing(s) => std::borrow::Cow::Borrowed(s.trim()),
                        _ => continue,
                    },
                };
                if text.chars().count() > 80 {
                    continue;
                }
                *counts.entry((fi, text)).or_default() += 1;
            }
        }
        for (f, n) in self.fields.iter_mut().zip(longest) {
            f.list_len = n;
        }
        for ((field, value), n) in counts {
            let words = fold_words(&value);
            // "6+": a class above a number is named as typed, digits and plus sign.
            if let Some(num) = value.trim().strip_suffix('+').filter(|d| d.parse::<f64>().is_ok()) {
                self.values.entry(format!("{num}+")).or_default().push(ValueHit { field, value: value.to_string(), rows: n, code: false });
                continue;
            }
            if words.is_empty() || words.iter().all(|w| w.parse::<f64>().is_ok()) {
                if let [w] = words.as_slice() {
                    if self.fields[field].ty == ColumnType::Text && self.fields[field].categorical {
                        self.number_values.entry(w.clone()).or_default().push(ValueHit {
                            field,
                            value: value.into_owned(),
                            rows: n,
                            code: false,
                        });
                    }
                }
                continue;
            }
            self.max_value_words = self.max_value_words.max(words.len());
            let code = value.len() <= 3 && value.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
            // "Dandurand, Raoul" is also asked as "Raoul Dandurand".
            if let Some((last, first)) = value.split_once(", ").filter(|(l, f)| !l.is_empty() && !f.is_empty() && !f.contains(',')) {
                let turned = fold_words(&format!("{first} {last}"));
                self.max_value_words = self.max_value_words.max(turned.len());
                self.values.entry(turned.join(" ")).or_default().push(ValueHit { field, value: value.to_string(), rows: n, code: false });
            }
            self.values.entry(words.join(" ")).or_default().push(ValueHit { field, value: value.into_owned(), rows: n, code });
        }
        self.add_value_synonyms(table);
        self.add_code_names();
        for hits in self.values.values_mut() {
            hits.sort_by(|a, b| b.rows.cmp(&a.rows).then(a.field.cmp(&b.field)));
        }
    }

    /// Other words for stored values: the description's, and the common words for gender codes.
    fn add_value_synonyms(&mut self, table: &Table) {
        let mut extra: Vec<(String, ValueHit)> = Vec::new();
        let mut letters: HashMap<usize, (usize, bool)> = HashMap::new();
        for h in self.values.values().flatten() {
            let folded = fold_words(&h.value).join(" ");
            let e = letters.entry(h.field).or_insert((0, true));
            e.0 += 1;
            e.1 &= SIZES.iter().any(|set| set[0] == folded);
        }
        let sized: Vec<usize> = letters.into_iter().filter(|(_, (n, all))| *n >= 2 && *all).map(|(f, _)| f).collect();
        for hits in self.values.values() {
            for h in hits {
                let f = &self.fields[h.field];
                let folded = fold_words(&h.value).join(" ");
                if f.categorical && f.distinct <= 4 {
                    for set in GENDER.iter().chain(MEDALS) {
                        if set.contains(&folded.as_str()) {
                            extra.extend(
                                set.iter()
                                    .filter(|w| w.len() > 1 && **w != folded)
                                    .map(|w| (w.to_string(), ValueHit { code: false, ..h.clone() })),
                            );
                        }
                    }
                }
                // "ecològics", "Bio-" for the value Organic: a one-word category in the glossary is
                // named by its words in the other languages (not by a word for the rows:
                // "Gemeinde" is any row of towny.csv, not its type "municipality").
                if f.categorical && !folded.contains(' ') && folded.len() >= 4 {
                    let rows_word = |w: &str| self.aliases.iter().any(|a| a.len() == 1 && same_word(&a[0], w));
                    extra.extend(
                        glossary_names(std::slice::from_ref(&folded))
                            .into_iter()
                            .filter(|n| n.len() == 1 && n[0] != folded && !rows_word(&n[0]))
                            .map(|n| (n[0].clone(), ValueHit { code: false, ..h.clone() })),
                    );
                }
                // "a large pizza" for size L: only where every value of the field is a size letter.
                if f.categorical && sized.contains(&h.field) {
                    if let Some(set) = SIZES.iter().find(|set| set[0] == folded) {
                        extra.extend(set[1..].iter().map(|w| (w.to_string(), ValueHit { code: false, ..h.clone() })));
                    }
                }
                if let Some(d) = self.description.column(&table.name, &f.name) {
                    if let Some(words) = d.values.get(&h.value) {
                        extra.extend(words.iter().map(|w| (fold_words(w).join(" "), ValueHit { code: false, ..h.clone() })));
                    }
                }
            }
        }
        for (k, h) in extra {
            if k.is_empty() {
                continue;
            }
            self.max_value_words = self.max_value_words.max(k.split(' ').count());
            let entry = self.values.entry(k).or_default();
            if !entry.iter().any(|e| e.field == h.field && e.value == h.value) {
                entry.push(h);
            }
        }
    }

    /// "Alaska" for AK, "Dänemark" for DNK, "French" for fr, "tin" for Sn: where most of a field's
    /// values are codes of one kind (`codes.tsv`, `elements.tsv`), each code is also named by its names.
    fn add_code_names(&mut self) {
        let lexicon = code_lexicon();
        // Each field's distinct values once (synonyms repeat them under other keys); a field of codes is small.
        let mut seen: std::collections::HashSet<(usize, &str)> = std::collections::HashSet::new();
        let mut by_field: HashMap<usize, Vec<ValueHit>> = HashMap::new();
        for h in self.values.values().flatten() {
            if seen.insert((h.field, h.value.as_str())) {
                by_field.entry(h.field).or_default().push(h.clone());
            }
        }
        let mut extra: Vec<(String, ValueHit)> = Vec::new();
        for hits in by_field.values() {
            let mut kinds: HashMap<CodeKind, usize> = HashMap::new();
            // (Codes are three characters at most: longer values are not looked up.)
            for h in hits.iter().filter(|h| h.value.trim().len() <= 3) {
                for kind in lexicon.get(h.value.trim()).into_iter().flatten().map(|(k, _)| *k).collect::<std::collections::BTreeSet<_>>() {
                    *kinds.entry(kind).or_default() += 1;
                }
            }
            // The kind most values are codes of, when at least 3 and 80 % of them are, and no other kind ties.
            let mut ranked: Vec<(CodeKind, usize)> = kinds.into_iter().collect();
            ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            let Some(&(kind, n)) = ranked.first() else { continue };
            if n < 3 || n * 5 < hits.len() * 4 || ranked.get(1).is_some_and(|r| r.1 == n) {
                continue;
            }
            // Beside a column of the codes' names ("Country Name" = Spain for "Country Code" = ESP,
            // for 80 % of the codes at least), "Spanien" names that value, so "Spanien und Portugal"
            // is read in one column. (A county called Ohio does not make a column of state names.)
            let english =
                |h: &ValueHit| -> Option<String> { lexicon.get(h.value.trim())?.iter().find(|(k, _)| *k == kind)?.1.first().cloned() };
            let holds = |f: usize, en: &str| {
                self.values.get(en).is_some_and(|hs| hs.iter().any(|o| o.field == f && !o.code && fold_words(&o.value).join(" ") == en))
            };
            let code_field = hits[0].field;
            let names_field = (0..self.fields.len()).filter(|&f| f != code_field).find(|&f| {
                let named = hits.iter().filter(|h| english(h).is_some_and(|en| holds(f, &en))).count();
                named >= 3 && named * 5 >= hits.len() * 4
            });
            // `LOCATION` of ISO3 codes: "country", "países", "Länder" name the field, where no
            // other field is called so nor holds the codes' names (that one names the things).
            let noun = match kind {
                CodeKind::Country => "country",
                CodeKind::UsState => "state",
                CodeKind::Language => "language",
                CodeKind::Element => "element",
            };
            let one = |n: &Vec<String>| n.len() == 1 && same_word(&n[0], noun);
            let named_so = self.fields.iter().any(|f| f.names.iter().any(one)) || self.aliases.iter().any(one);
            if !named_so && names_field.is_none() {
                let mut nouns = vec![vec![noun.to_string()], fold_words(&format!("{noun}s"))];
                if noun == "country" {
                    nouns.push(vec!["countries".to_string()]);
                }
                nouns.extend(glossary_names(&[noun.to_string()]));
                let names = &mut self.fields[code_field].names;
                for n in nouns {
                    if !names.contains(&n) {
                        names.push(n);
                    }
                }
            }
            for h in hits {
                for (_, names) in lexicon.get(h.value.trim()).into_iter().flatten().filter(|(k, _)| *k == kind) {
                    let named = names_field.zip(names.first()).and_then(|(f, en)| {
                        self.values.get(en)?.iter().find(|o| o.field == f && !o.code && fold_words(&o.value).join(" ") == *en)
                    });
                    let target = named.unwrap_or(h);
                    extra.extend(names.iter().map(|n| (n.clone(), ValueHit { code: false, ..target.clone() })));
                }
            }
        }
        for (k, h) in extra {
            if k.is_empty() || self.fields.iter().any(|f| f.names.iter().any(|n| n.join(" ") == k)) {
                continue;
            }
            self.max_value_words = self.max_value_words.max(k.split(' ').count());
            let entry = self.values.entry(k).or_default();
            if !entry.iter().any(|e| e.field == h.field && e.value == h.value) {
                entry.push(h);
            }
        }
    }

    /// "business_name" repeated over a table of inspections: its things are not the rows, so its
    /// noun and the file's head noun name that column ("how many restaurants", "which restaurant").
    /// A "<noun>_name" column different in every row ("cmpd_name") names the rows by its noun.
    fn names_of_named_things(&mut self) {
        const NAME: &[&str] = &["name", "title", "nombre", "nom", "titel"];
        // ("original_title" beside "title", "first_name" beside "last_name": words of a name, not things.)
        const NOT_THINGS: &[&str] = &[
            "original",
            "full",
            "short",
            "long",
            "common",
            "official",
            "alt",
            "alternative",
            "display",
            "first",
            "last",
            "middle",
            "given",
            "family",
            "english",
            "local",
            "native",
            "scientific",
            "sci",
        ];
        let names: Vec<usize> = (0..self.fields.len())
            .filter(|&i| !self.fields[i].derived() && name_words(&self.fields[i].name).iter().any(|w| NAME.contains(&w.as_str())))
            .collect();
        let [f] = names.as_slice() else { return };
        let fi = &self.fields[*f];
        let noun = match name_words(&fi.name).as_slice() {
            [noun, n]
                if NAME.contains(&n.as_str())
                    && noun.len() >= 3
                    && noun.chars().all(|c| c.is_ascii_alphabetic())
                    && !NOT_THINGS.contains(&noun.as_str())
                    && fi.ty == ColumnType::Text
                    && fi.composed.is_none() =>
            {
                noun.clone()
            }
            _ => return,
        };
        let f = *f;
        let taken = |cat: &Catalog, w: &str| cat.fields.iter().any(|g| g.names.iter().any(|n| n.len() == 1 && n[0] == w));
        if self.fields[f].distinct < self.rows && self.fields[f].distinct >= 2 {
            let mut words = vec![noun];
            if let Some(h) = self.head_noun.clone().filter(|h| !words.contains(h) && !taken(self, h)) {
                words.push(h);
                self.head_field = Some(f);
            }
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            words_name_field(&mut self.aliases, &mut self.fields[f], &words);
        } else if self.fields[f].distinct == self.rows && !taken(self, &noun) && !self.aliases.contains(&vec![noun.clone()]) {
            self.aliases.push(vec![noun]);
        }
    }

    /// "STATE_FIPS", "car_ids" beside a column of names: the noun before the code word names the
    /// rows, which the label answers ("the poorest state" is a name, not a FIPS code).
    fn codes_of_named_rows(&mut self) {
        const CODE_WORDS: &[&str] = &["id", "ids", "code", "codes", "fips", "geoid", "key", "nr", "no", "num"];
        let Some(l) = self.label else { return };
        if !matches!(self.fields[l].ty, ColumnType::Text | ColumnType::Identifier) || self.fields[l].distinct != self.rows {
            return;
        }
        for f in 0..self.fields.len() {
            let fi = &self.fields[f];
            if f == l || fi.ty != ColumnType::Identifier || fi.composed.is_some() || fi.derived() {
                continue;
            }
            let noun = match name_words(&fi.name).as_slice() {
                [noun, code] if CODE_WORDS.contains(&code.as_str()) && noun.len() >= 3 && noun.chars().all(|c| c.is_ascii_alphabetic()) => {
                    noun.clone()
                }
                _ => continue,
            };
            let plural = format!("{noun}s");
            let one = |w: &str| vec![w.to_string()];
            // (Not where another field is called by the noun alone: it names that one.)
            if self.fields.iter().enumerate().any(|(g, gi)| g != f && gi.names.contains(&one(&noun))) {
                continue;
            }
            // Its one-word names are the noun's (and its translations, "Bundesstaat"), but the code word's.
            let (code, mut nouns) = (name_words(&self.fields[f].name)[1].clone(), vec![one(&noun), one(&plural)]);
            self.fields[f].names.retain(|n| {
                let keep = n.len() > 1 || n[0] == code;
                if !keep && !nouns.contains(n) {
                    nouns.push(n.clone());
                }
                keep
            });
            for a in nouns {
                if !self.aliases.contains(&a) {
                    self.aliases.push(a);
                }
            }
        }
    }

    /// "inspection_score", "arrival_time": the attribute of an event names the rows by the event
    /// ("how many inspections"), where one such noun of an event does (-tion, -ment, -al, -ure…).
    fn rows_named_by_events(&mut self) {
        const ATTRS: &[&str] = &["score", "date", "result", "outcome", "time", "status", "grade", "rating"];
        const EVENT_ENDS: &[&str] = &["tion", "sion", "ment", "al", "ure", "ance", "ence", "th"];
        let mut nouns: Vec<String> = self
            .fields
            .iter()
            .filter_map(|f| match name_words(&f.name).as_slice() {
                [noun, attr]
                    if ATTRS.contains(&attr.as_str())
                        && noun.len() >= 5
                        && noun.chars().all(|c| c.is_ascii_alphabetic())
                        && EVENT_ENDS.iter().any(|e| noun.ends_with(e)) =>
                {
                    Some(noun.clone())
                }
                _ => None,
            })
            .collect();
        nouns.sort();
        nouns.dedup();
        let [noun] = nouns.as_slice() else { return };
        let a = vec![noun.clone()];
        if !self.aliases.contains(&a) && !self.fields.iter().any(|g| g.names.contains(&a)) {
            self.aliases.push(a);
            self.event_noun = Some(noun.clone());
        }
    }

    /// The field that names a row: a composed "name", a column called like a name or title, else an identifier.
    fn pick_label(&self, table: &Table) -> Option<usize> {
        let rows = self.rows.max(1);
        let col = |f: &FieldInfo| table.columns.iter().position(|c| c.name() == f.name);
        // A running number ("ID" 1…256) names a row less well than a column of names beside it
        // ("Preferred Term": Afghanistan, Åland Islands…): answers list the names.
        let running_number = |f: &FieldInfo| col(f).is_some_and(|c| every_cell(table, c, |s| s.bytes().all(|b| b.is_ascii_digit())));
        let names_every_row = |f: &FieldInfo| {
            f.composed.is_none()
                && !f.derived()
                && f.ty == ColumnType::Text
                && f.distinct == self.rows
                && self.rows > 1
                && col(f).is_some_and(|c| {
                    let cells: Vec<&str> = table.rows.iter().filter_map(|r| r.get(c).and_then(crate::table::Value::as_text)).collect();
                    let chars: usize = cells.iter().map(|s| s.chars().count()).sum();
                    let worded = cells
                        .iter()
                        .filter(|s| s.chars().any(char::is_lowercase) && s.chars().next().is_some_and(char::is_alphabetic))
                        .count();
                    !cells.is_empty() && chars <= 40 * cells.len() && worded * 10 >= cells.len() * 9
                })
        };
        let named = |f: &FieldInfo| {
            name_words(&f.name).iter().any(|w| matches!(w.as_str(), "name" | "title" | "nombre" | "nom" | "titel" | "titulo" | "titol"))
        };
        let composed = self.fields.iter().position(|f| f.composed.is_some() && named(f));
        composed
            .or_else(|| {
                self.fields.iter().position(|f| {
                    f.composed.is_none() && named(f) && matches!(f.ty, ColumnType::Text | ColumnType::Identifier) && f.distinct * 2 >= rows
                })
            })
            .or_else(|| {
                let id = self.fields.iter().position(|f| f.ty == ColumnType::Identifier)?;
                if running_number(&self.fields[id]) {
                    if let Some(n) = self.fields.iter().position(names_every_row) {
                        return Some(n);
                    }
                }
                Some(id)
            })
            // A text column whose every row holds a different value names the rows ("state").
            .or_else(|| {
                self.fields.iter().position(|f| {
                    f.composed.is_none() && !f.derived() && f.ty == ColumnType::Text && f.distinct == self.rows && self.rows > 1
                })
            })
            .or_else(|| self.fields.iter().position(|f| f.composed.is_some()))
            // A daily series: each row is named by its date.
            .or_else(|| self.fields.iter().position(|f| matches!(f.ty, ColumnType::Date) && f.distinct == self.rows && self.rows > 1))
    }

    /// A text field and a year field whose pairs are different in every row, the name repeated
    /// over the years (gapminder's country × year, grunfeld's firm × year).
    fn find_panel(&self, table: &Table) -> Option<(usize, usize)> {
        if table.rows.len() > SHAPE_SCAN_ROWS {
            return None;
        }
        let col = |f: usize| table.columns.iter().position(|c| c.name() == self.fields[f].name);
        fn cell(r: &[Value], c: usize) -> Option<&str> {
            r.get(c).and_then(Value::as_text).map(str::trim).filter(|s| !is_missing(s))
        }
        for y in (0..self.fields.len()).filter(|&y| self.fields[y].yearly) {
            for t in (0..self.fields.len()).filter(|&t| {
                self.fields[t].composed.is_none()
                    && self.fields[t].ty == ColumnType::Text
                    && self.fields[t].distinct >= 2
                    && self.fields[t].distinct < self.rows
            }) {
                let (Some(tc), Some(yc)) = (col(t), col(y)) else { continue };
                let mut seen = std::collections::HashSet::with_capacity(table.rows.len());
                if table.rows.iter().all(|r| matches!((cell(r, tc), cell(r, yc)), (Some(a), Some(b)) if seen.insert((a, b)))) {
                    return Some((t, y));
                }
            }
        }
        None
    }

    /// The two date fields each row runs between (`Date.On`/`Date.Off`, start_date/end_date), start
    /// first: "samples collected in 2010" are those that start in 2010.
    pub(crate) fn dated_pair(&self) -> Option<(usize, usize)> {
        const START: &[&str] = START_MARKS;
        const END: &[&str] = END_MARKS;
        let dates: Vec<usize> = (0..self.fields.len())
            .filter(|&f| matches!(self.fields[f].ty, ColumnType::Date | ColumnType::Datetime) && !self.fields[f].derived())
            .collect();
        let [a, b] = dates[..] else { return None };
        let rest = |f: usize, marks: &[&str]| -> Option<Vec<String>> {
            let w = name_words(&self.fields[f].name);
            let k = w.iter().position(|x| marks.contains(&x.as_str()))?;
            Some(w.iter().enumerate().filter(|&(i, _)| i != k).map(|(_, x)| x.clone()).collect())
        };
        match (rest(a, START), rest(b, END), rest(b, START), rest(a, END)) {
            (Some(x), Some(y), _, _) if x == y => Some((a, b)),
            (_, _, Some(x), Some(y)) if x == y => Some((b, a)),
            _ => None,
        }
    }

    pub fn field(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|f| f.name == name)
    }
}

/// Every non-missing cell of column `i` passes `ok` (trimmed); cells that are not text pass.
fn every_cell(table: &Table, i: usize, ok: impl Fn(&str) -> bool) -> bool {
    table.rows.iter().all(|r| match r.get(i) {
        Some(crate::table::Value::Text(s)) => {
            let s = s.trim();
            is_missing(s) || ok(s)
        }
        _ => true,
    })
}

/// Names of one thing, each a sequence of folded words.
type Names = Vec<Vec<String>>;

/// "calcium" for Ca, "sodio" for Na, "Kalium" for K: in a table with three or more columns named
/// by chemical symbols (as written: "Ca", not "ca"), each such column is named by its element.
/// What a column of codes stands for; one field's codes are read as one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum CodeKind {
    Country,
    UsState,
    Language,
    Element,
}

/// Code as stored ("AK", "DNK", "fr", "Sn") → its kinds and folded names in en, es, ca and de.
type CodeLexicon = HashMap<&'static str, Vec<(CodeKind, Vec<String>)>>;

fn code_lexicon() -> &'static CodeLexicon {
    static LEXICON: std::sync::OnceLock<CodeLexicon> = std::sync::OnceLock::new();
    LEXICON.get_or_init(|| {
        let mut map: CodeLexicon = HashMap::new();
        let names = |cols: std::str::Split<'static, char>| -> Vec<String> {
            let mut out: Vec<String> = Vec::new();
            for n in cols.flat_map(|c| c.split(',')).map(|n| fold_words(n).join(" ")).filter(|n| !n.is_empty()) {
                if !out.contains(&n) {
                    out.push(n);
                }
            }
            out
        };
        for line in include_str!("codes.tsv").lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let mut cols = line.split('\t');
            let kind = match cols.next() {
                Some("country") => CodeKind::Country,
                Some("us_state") => CodeKind::UsState,
                Some("language") => CodeKind::Language,
                _ => continue,
            };
            let Some(code) = cols.next() else { continue };
            map.entry(code).or_default().push((kind, names(cols)));
        }
        for line in include_str!("elements.tsv").lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let mut cols = line.split('\t');
            let Some(symbol) = cols.next() else { continue };
            map.entry(symbol).or_default().push((CodeKind::Element, names(cols)));
        }
        map
    })
}

fn element_names(fields: &mut [FieldInfo]) {
    static ELEMENTS: std::sync::OnceLock<Vec<(&'static str, Names)>> = std::sync::OnceLock::new();
    let elements = ELEMENTS.get_or_init(|| {
        include_str!("elements.tsv")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let mut cols = l.split('\t');
                let symbol = cols.next()?;
                Some((symbol, cols.flat_map(|c| c.split(',')).map(fold_words).collect()))
            })
            .collect()
    });
    let symbol_of = |f: &FieldInfo| elements.iter().position(|(s, _)| f.name.trim() == *s && f.ty.is_numeric());
    if fields.iter().filter(|f| symbol_of(f).is_some()).count() < 3 {
        return;
    }
    for f in fields.iter_mut() {
        if let Some(e) = symbol_of(f) {
            f.names.extend(elements[e].1.iter().cloned());
        }
    }
}

/// `USD`, `JPY`, `CHF` in a table of exchange rates: "the yen", "el dólar", "der Franken" name the
/// columns (`currencies.tsv`), where three or more columns are named by currency codes. A word
/// several of the table's currencies share ("krone") names none, but "dollar" is the US dollar.
fn currency_names(fields: &mut [FieldInfo]) {
    let currencies = currencies();
    let code_of = |f: &FieldInfo| currencies.iter().position(|c| f.name.trim() == c.0 && f.ty.is_numeric());
    let present: Vec<usize> = fields.iter().filter_map(code_of).collect();
    if present.len() < 3 {
        return;
    }
    for f in fields.iter_mut() {
        let Some(c) = code_of(f) else { continue };
        let (_, names, own, kept) = &currencies[c];
        f.names.extend(names.iter().cloned());
        for w in own {
            let shared = present.iter().any(|&o| o != c && (currencies[o].2.contains(w) || currencies[o].3.contains(w)));
            if !shared {
                f.names.push(vec![w.clone()]);
            }
        }
        f.names.extend(kept.iter().map(|w| vec![w.clone()]));
    }
}

/// The side of a match a column holds, by its first or last word: `home_team`, `away_score`,
/// `equipo_local`, `Gastmannschaft`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Home,
    Away,
}

/// Words that say a side of a match, in en/es/ca/de.
pub const SIDE_WORDS: &[(&str, Side)] = &[
    ("home", Side::Home),
    ("local", Side::Home),
    ("casa", Side::Home),
    ("heim", Side::Home),
    ("away", Side::Away),
    ("visitor", Side::Away),
    ("visiting", Side::Away),
    ("visitante", Side::Away),
    ("visitant", Side::Away),
    ("fuera", Side::Away),
    ("fora", Side::Away),
    ("gast", Side::Away),
    ("auswarts", Side::Away),
];

/// The side a folded word says, if any.
pub fn side_word(w: &str) -> Option<Side> {
    SIDE_WORDS.iter().find(|(s, _)| *s == w).map(|(_, side)| *side)
}

impl FieldInfo {
    /// The side of a match this column holds and the rest of its name (`home_team` → Home, "team").
    pub fn side(&self) -> Option<(Side, Vec<String>)> {
        let mut words = name_words(&self.name);
        if words.len() < 2 {
            return None;
        }
        if let Some(s) = side_word(&words[0]) {
            words.remove(0);
            return Some((s, words));
        }
        let last = words.pop()?;
        side_word(&last).map(|s| (s, words))
    }
}

/// The home and away columns of a match: its teams (text) and its scores (numbers), where both
/// pairs are there (goals are a match's only where both sides' teams are columns too).
pub fn match_pairs(fields: &[FieldInfo]) -> Option<((usize, usize), (usize, usize))> {
    const SCORES: &[&str] = &["score", "goals", "gls", "fthg", "ftag", "pts", "points", "resultado", "goles", "gols", "tore"];
    let pair = |numeric: bool| -> Option<(usize, usize)> {
        let sided: Vec<(usize, Side, Vec<String>)> = fields
            .iter()
            .enumerate()
            .filter(|(_, f)| f.ty.is_numeric() == numeric && f.composed.is_none() && !f.derived())
            .filter_map(|(i, f)| f.side().map(|(s, rest)| (i, s, rest)))
            .collect();
        sided.iter().find_map(|(h, s, rest)| {
            let score = !numeric || rest.iter().any(|w| SCORES.contains(&w.as_str()));
            let away = sided.iter().find(|(_, t, r)| *t == Side::Away && r == rest)?;
            (*s == Side::Home && score).then_some((*h, away.0))
        })
    };
    Some((pair(false)?, pair(true)?))
}

/// Columns of the two sides of a match (`home_team`/`away_team`, `home_score`/`away_score`):
/// a score of a side is its goals ("away goals", "goles de local").
fn match_sides(fields: &mut [FieldInfo]) {
    const GOALS: &[(&str, &[&str], &[&str])] = &[
        ("goals", &["home goals", "goals at home"], &["away goals", "goals away"]),
        ("goles", &["goles de local", "goles en casa"], &["goles de visitante", "goles fuera"]),
        ("gols", &["gols de local", "gols a casa"], &["gols de visitant", "gols fora"]),
        ("tore", &["heimtore", "tore zu hause"], &["auswartstore", "gasttore"]),
    ];
    let Some((_, (h, a))) = match_pairs(fields) else { return };
    for (_, home, away) in GOALS {
        fields[h].names.extend(home.iter().map(|n| fold_words(n)));
        fields[a].names.extend(away.iter().map(|n| fold_words(n)));
    }
}

/// `RAJ2000` and `DEJ2000`, `maj` and `min`: astronomical catalogues name a position by right
/// ascension and declination, and an ellipse by its axes; each pair is named so where both are
/// columns ("north of +89 degrees declination", "the biggest major axis").
fn sky_names(fields: &mut [FieldInfo]) {
    /// One side of a pair: the column's own names, and what people call it.
    type Named = (&'static [&'static str], &'static [&'static str]);
    const PAIRS: &[(Named, Named)] = &[
        (
            (
                &["ra", "raj2000", "radeg", "ra_deg", "ra2000", "raj2000deg"],
                &["right ascension", "ascension", "ascension recta", "ascensio recta", "rektaszension"],
            ),
            (
                &["dec", "de", "dej2000", "decdeg", "dec_deg", "de2000", "dej2000deg"],
                &["declination", "degrees", "declinacion", "declinacio", "deklination", "grados", "graus", "grad"],
            ),
        ),
        (
            (&["maj", "major"], &["major axis", "semi major axis", "eje mayor", "eix major", "grosse achse"]),
            (&["min", "minor"], &["minor axis", "semi minor axis", "eje menor", "eix menor", "kleine achse"]),
        ),
    ];
    let own = |f: &FieldInfo| name_words(&f.name).concat();
    for ((a, a_names), (b, b_names)) in PAIRS {
        let find = |keys: &[&str]| fields.iter().position(|f| f.ty.is_numeric() && keys.contains(&own(f).as_str()));
        let (Some(i), Some(j)) = (find(a), find(b)) else { continue };
        fields[i].names.extend(a_names.iter().map(|n| fold_words(n)));
        fields[j].names.extend(b_names.iter().map(|n| fold_words(n)));
        // ("min" is not the minimum there, nor "de" a word of Spanish.)
        for k in [i, j] {
            fields[k].names.retain(|n| !matches!(n.as_slice(), [w] if w == "minimum" || w == "minimo" || w == "minim"));
        }
    }
}

impl Catalog {
    /// The currency every column of rates is quoted against, where three or more columns are
    /// currency codes and none is it: the euro ("EUR/USD", "the euro against the dollar").
    pub fn base_currency(&self) -> bool {
        let codes = self.fields.iter().filter(|f| f.ty.is_numeric() && currencies().iter().any(|c| c.0 == f.name.trim())).count();
        codes >= 3 && !self.fields.iter().any(|f| f.name.trim() == "EUR")
    }
}

type Currency = (&'static str, Names, Vec<String>, Vec<String>);

/// `currencies.tsv`, read once: code, names, own words, words kept where shared.
fn currencies() -> &'static [Currency] {
    static CURRENCIES: std::sync::OnceLock<Vec<Currency>> = std::sync::OnceLock::new();
    CURRENCIES.get_or_init(|| {
        let words =
            |c: Option<&str>| -> Vec<String> { c.unwrap_or("").split(',').map(super::text::fold).filter(|w| !w.is_empty()).collect() };
        include_str!("currencies.tsv")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let mut cols = l.split('\t');
                let code = cols.next()?;
                let names = cols.next()?.split(',').map(fold_words).collect();
                Some((code, names, words(cols.next()), words(cols.next())))
            })
            .collect()
    })
}

/// Every number 0 or more, and some 0 (at most `SHAPE_SCAN_ROWS` rows are read).
/// The range of a column of plain numbers; none where a cell is written otherwise ("1,5", "$3").
fn duration_range(table: &Table, i: usize) -> Option<(f64, f64)> {
    let minutes = table.rows.iter().filter_map(|r| match r.get(i) {
        Some(crate::table::Value::Text(s)) => duration_minutes(s),
        _ => None,
    });
    minutes.fold(None, |range, v| Some(range.map_or((v, v), |(lo, hi): (f64, f64)| (lo.min(v), hi.max(v)))))
}

fn number_range(table: &Table, i: usize) -> Option<(f64, f64)> {
    let mut range: Option<(f64, f64)> = None;
    for r in &table.rows {
        let Some(crate::table::Value::Text(s)) = r.get(i) else { continue };
        let s = s.trim();
        if crate::schema::is_missing(s) {
            continue;
        }
        let v = s.parse::<f64>().ok().filter(|v| v.is_finite())?;
        range = Some(range.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v))));
    }
    range
}

/// "1970 Q1", "1970-Q1", "Q1 1970": how a column of quarters writes them, from its first sample.
fn quarter_form(col: &ColumnSchema) -> Option<(bool, String)> {
    if !matches!(&col.format, crate::schema::ValueFormat::Date { granularity: crate::schema::DateGranularity::Quarter, .. }) {
        return None;
    }
    let s = col.samples.first()?.trim();
    let q = s.find(['Q', 'q'])?;
    // (Cut with `get`: a sample is the user's text, and may hold characters of several bytes.)
    let digits = |t: Option<&str>| t.is_some_and(|y| y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()));
    if digits(s.get(..4)) && q >= 4 {
        Some((true, s.get(4..q)?.to_string()))
    } else if q == 0 && s.len() >= 6 && digits(s.get(s.len() - 4..)) {
        Some((false, s.get(2..s.len() - 4)?.to_string()))
    } else {
        None
    }
}

/// "cv" (horsepower) for `hp` and for `hp_rpm` alike: a one-word name that several fields hold
/// names the one whose own name has the fewest words, when one has fewer than all the others.
fn shortest_names_own_words(fields: &mut [FieldInfo]) {
    let own_len: Vec<usize> = fields.iter().map(|f| name_words(&f.name).len()).collect();
    let mut holders: HashMap<String, Vec<usize>> = HashMap::new();
    for (k, f) in fields.iter().enumerate() {
        for n in f.names.iter().filter(|n| n.len() == 1) {
            holders.entry(n[0].clone()).or_default().push(k);
        }
    }
    for (word, mut ks) in holders {
        ks.dedup();
        if ks.len() < 2 {
            continue;
        }
        let min = ks.iter().map(|&k| own_len[k]).min().unwrap_or(0);
        let shortest: Vec<usize> = ks.iter().copied().filter(|&k| own_len[k] == min).collect();
        if shortest.len() != 1 {
            continue;
        }
        for &k in ks.iter().filter(|&&k| k != shortest[0]) {
            // A field's own words always name it ("hp" in `hp_rpm` stays).
            if name_words(&fields[k].name).contains(&word) {
                continue;
            }
            fields[k].names.retain(|n| !(n.len() == 1 && n[0] == word));
        }
    }
}

/// ", " when the column's cells are lists: some cells hold several elements, and at least two
/// elements stand alone in other cells too ("1" and "1, 4, 7"). Names written "Last, First" and
/// values like "Gambia, The" have no such elements alone, so they stay whole values.
fn list_separator(table: &Table, i: usize) -> Option<&'static str> {
    let cells: Vec<&str> = table.rows[..table.rows.len().min(SHAPE_SCAN_ROWS)]
        .iter()
        .filter_map(|r| match r.get(i) {
            Some(crate::table::Value::Text(s)) if !is_missing(s.trim()) => Some(s.trim()),
            _ => None,
        })
        .collect();
    // "1, 4, 7" and "en,fr" (codes written tight); the first that fits wins.
    [", ", ",", "; "].into_iter().find(|sep| {
        let listed: Vec<&str> = cells.iter().copied().filter(|c| c.contains(sep)).collect();
        if listed.len() < 3 || listed.len() * 20 < cells.len() {
            return false;
        }
        let alone: std::collections::HashSet<&str> = cells.iter().copied().filter(|c| !c.contains(sep)).collect();
        let elements: std::collections::HashSet<&str> = listed.iter().flat_map(|c| c.split(sep)).map(str::trim).collect();
        let both = elements.iter().filter(|e| alone.contains(*e)).count();
        let short = elements.iter().all(|e| !e.is_empty() && e.chars().count() <= 40);
        // Without a space, elements are short words, never numbers ("1,5" is a decimal).
        let words = sep.contains(' ') || elements.iter().all(|e| e.chars().count() <= 12 && e.chars().all(char::is_alphabetic));
        both >= 2 && short && words
    })
}

fn counts_from_zero(table: &Table, i: usize) -> bool {
    let cell = |r: &Vec<crate::table::Value>| match r.get(i) {
        Some(crate::table::Value::Text(s)) => s.trim().parse::<f64>().ok(),
        _ => None,
    };
    let rows = &table.rows[..table.rows.len().min(SHAPE_SCAN_ROWS)];
    rows.iter().all(|r| cell(r).is_none_or(|v| v >= 0.0)) && rows.iter().any(|r| cell(r) == Some(0.0))
}

/// A column whose name has a word for "year" in one of the four languages.
fn named_for_years(name: &str) -> bool {
    name_words(name).iter().any(|w| matches!(w.as_str(), "year" | "jahr" | "ano" | "any" | "yr"))
}

/// A date column of bare four-digit years ("1893"): the engine stores and compares it as a number.
/// "1h 30m", "2h", "45m", "1 h 5 min": a length of time, in minutes.
pub fn duration_minutes(s: &str) -> Option<f64> {
    let s = s.trim().to_ascii_lowercase();
    let (mut minutes, mut rest, mut parts) = (0.0, s.as_str(), 0);
    for (unit, scale) in [("h", 60.0), ("min", 1.0), ("m", 1.0)] {
        let t = rest.trim_start();
        let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
        let Some(after) = t[digits..].trim_start().strip_prefix(unit).filter(|_| digits > 0) else { continue };
        minutes += t[..digits].parse::<f64>().ok()? * scale;
        rest = after;
        parts += 1;
    }
    (parts > 0 && rest.trim().is_empty()).then_some(minutes)
}

/// A text column of lengths of time ("1h 30m", "2h 8m"): the engine and the catalog read it as
/// minutes, so "the longest film" and "average run time" are computed.
pub fn durations(col: &ColumnSchema, table: &Table, i: usize) -> bool {
    col.ty == ColumnType::Text && col.samples.iter().any(|s| s.contains('h')) && every_cell(table, i, |s| duration_minutes(s).is_some())
}

pub fn plain_years(col: &ColumnSchema, table: &Table, i: usize) -> bool {
    let year_format = matches!(&col.format, crate::schema::ValueFormat::Date { granularity: crate::schema::DateGranularity::Year, .. });
    year_format && col.ty == ColumnType::Date && every_cell(table, i, |s| s.len() == 4 && s.bytes().all(|b| b.is_ascii_digit()))
}

/// A date column named for years whose dates are all the first of January ("2001-01-01"): each
/// value stands for its year, and an answer names the year.
fn first_of_january_years(col: &ColumnSchema, table: &Table, i: usize) -> bool {
    col.ty == ColumnType::Date
        && named_for_years(&col.name)
        && every_cell(table, i, |s| s.len() == 10 && s.ends_with("-01-01") && s[..4].bytes().all(|b| b.is_ascii_digit()))
}

/// A column of whole numbers named for time or a period (`TIME`, `period`) that are all years.
fn timed_years(col: &ColumnSchema, table: &Table, i: usize) -> bool {
    col.ty == ColumnType::Integer
        && name_words(&col.name)
            .iter()
            .any(|w| matches!(w.as_str(), "time" | "period" | "periodo" | "zeit" | "zeitraum" | "temps" | "tiempo"))
        && every_cell(table, i, |s| s.len() == 4 && s.parse::<u32>().is_ok_and(|v| (1800..=2100).contains(&v)))
}

/// A float column named for years whose values are all whole years ("1950.0").
fn float_years(col: &ColumnSchema, table: &Table, i: usize) -> bool {
    col.ty == ColumnType::Decimal
        && named_for_years(&col.name)
        && every_cell(table, i, |s| s.parse::<f64>().is_ok_and(|v| v.fract() == 0.0 && (1000.0..=2200.0).contains(&v)))
}

/// Words of a date column's name that mark it as where each row starts (`Date.On`, start_date)…
pub(crate) const START_MARKS: &[&str] = &["on", "start", "begin", "beg", "from"];
/// …and as where it ends (`Date.Off`, end_date).
pub(crate) const END_MARKS: &[&str] = &["off", "end", "to", "until", "fin", "stop"];

/// Translations of words that often name columns, folded (es, ca, de).
const COMMON_NAMES: &[(&str, &[&str])] = &[
    ("country", &["pais", "paises", "land", "lander", "landern"]),
    ("ctryname", &["country", "countries", "pais", "paises", "land", "lander"]),
    // Singular only: "70 anys", "45 Jahre" after a number are a duration, not the year column.
    ("year", &["ano", "any", "jahr"]),
    ("day", &["dia", "dias", "dies", "tag", "tage", "tagen", "wochentag"]),
    ("month", &["mes", "meses", "mesos", "monat", "monate", "monaten"]),
    ("state", &["estado", "estados", "estat", "estats", "staat", "staaten", "bundesstaat", "bundesstaaten"]),
    ("city", &["ciudad", "ciudades", "ciutat", "ciutats", "stadt", "stadte"]),
    ("region", &["regio", "regions", "regiones", "regionen"]),
    ("continent", &["continente", "continentes", "continents", "kontinent", "kontinente"]),
    ("population", &["poblacion", "poblacio", "bevolkerung", "einwohner", "inhabitants", "habitantes", "habitants"]),
    ("pop", &["population", "poblacion", "poblacio", "bevolkerung", "einwohner", "inhabitants", "habitantes", "habitants"]),
    (
        "winner",
        &[
            "won",
            "win",
            "wins",
            "winning",
            "gano",
            "ganaron",
            "gana",
            "ganador",
            "guanya",
            "guanyar",
            "guanyador",
            "gewann",
            "gewinner",
            "sieger",
        ],
    ),
    ("white", &["blanca", "blancas", "blanco", "blancos", "blanc", "blancs", "blanques", "weiss", "weisse", "weissen"]),
    (
        "poptotal",
        &["population", "populous", "poblacion", "poblacio", "bevolkerung", "einwohner", "inhabitants", "habitantes", "habitants"],
    ),
    ("sex", &["sexo", "sexe", "geschlecht", "gender", "genero", "genere"]),
    ("gender", &["sexo", "sexe", "geschlecht", "genero", "genere"]),
    ("age", &["aged", "edad", "edat", "alter"]),
    ("date", &["fecha", "fechas", "data", "datum"]),
    ("price", &["precio", "preu", "preis"]),
    ("income", &["ingresos", "ingressos", "einkommen"]),
    ("time", &["tiempo", "temps", "zeit"]),
    // ("el tiempo": the weather as well as the time; both are named, so one is asked. Not Catalan
    // "temps": it is also the plural of "temp".)
    ("weather", &["tiempo", "clima", "wetter"]),
    ("party", &["partido", "partidos", "partit", "partits", "partei", "parteien"]),
    ("firm", &["company", "companies", "empresa", "empresas", "empreses", "firma", "firmen", "unternehmen"]),
    ("company", &["firm", "firms", "empresa", "empresas", "empreses", "firma", "firmen", "unternehmen"]),
    ("passengers", &["pasajeros", "passatgers", "passagiere", "passagieren"]),
    ("tip", &["propina", "propinas", "propines", "trinkgeld", "trinkgelder"]),
    ("invest", &["investment", "investments", "inversion", "inversiones", "inversio", "inversions", "investition", "investitionen"]),
    ("children", &["kids", "hijos", "fills", "kinder"]),
    ("leader", &["lider", "lideres", "lidere", "lider", "anfuhrer"]),
    ("duration", &["duracion", "durada", "dauer", "length"]),
    ("regime", &["regimen", "regim", "regierungsform"]),
    ("poverty", &["pobreza", "pobresa", "armut"]),
    ("seats", &["asientos", "plazas", "seients", "places", "sitze", "sitzplatze"]),
    (
        "year",
        &[
            "built",
            "construido",
            "construidos",
            "fabricado",
            "fabricados",
            "construit",
            "construits",
            "fabricat",
            "fabricats",
            "gebaut",
            "hergestellt",
        ],
    ),
    ("gear", &["gears", "gang", "gange", "gangen", "marcha", "marchas", "marxa", "marxes"]),
    ("manufacturer", &["maker", "makers", "make", "makes", "made", "fabricante", "fabricantes", "fabricant", "fabricants", "hersteller"]),
    ("south", &["sur", "sud", "sudlich", "sudliche", "sudlichen", "suden"]),
    ("north", &["norte", "nord", "nordlich", "nordliche", "nordlichen", "norden"]),
    ("murder", &["homicide", "homicides", "asesinatos", "homicidios", "homicidis", "mord", "morde"]),
    ("urban", &["urbana", "urbano", "urba", "stadtisch"]),
    ("sales", &["ventas", "venta", "vendes", "venda", "umsatz", "umsatze", "verkaufe"]),
    ("profit", &["beneficio", "beneficios", "ganancia", "ganancias", "benefici", "beneficis", "guany", "guanys", "gewinn", "gewinne"]),
    ("quantity", &["cantidad", "cantidades", "quantitat", "quantitats", "menge", "mengen", "units", "unidades", "unitats"]),
    ("discount", &["descuento", "descuentos", "descompte", "descomptes", "rabatt", "rabatte"]),
    ("order", &["orden", "ordre", "ordnung"]),
    ("group", &["grupo", "grupos", "grup", "grups", "gruppe", "gruppen"]),
    ("type", &["tipo", "tipos", "typ", "typen"]),
    ("category", &["categoria", "categorias", "categories", "kategorie", "kategorien"]),
    ("cost", &["coste", "costo", "costes", "cost", "kosten"]),
    ("weight", &["peso", "pes", "gewicht"]),
    ("height", &["altura", "alcada", "hohe", "grosse"]),
    ("density", &["densidad", "densitat", "dichte"]),
    ("temperature", &["temperatura", "temperatures", "temperaturas"]),
    ("source", &["fuente", "fuentes", "font", "fonts", "quelle", "quellen"]),
    ("staff", &["personal", "plantilla", "mitarbeiter"]),
    ("size", &["tamano", "mida", "grosse"]),
    ("name", &["nombre", "nom", "bezeichnung"]),
    ("emissions", &["emisiones", "emissions", "emissionen"]),
    ("marriages", &["matrimonios", "casaments", "matrimonis", "ehen", "eheschliessungen"]),
    ("divorces", &["divorcios", "divorcis", "scheidungen"]),
    ("horsepower", &["cv", "caballos", "cavalls", "ps", "pferdestarke", "potencia", "leistung"]),
    // An engine's displacement is what people call its size.
    ("displacement", &["engine size", "engine displacement", "cilindrada", "hubraum"]),
    ("discovered", &["discovery", "descubierto", "descubiertos", "descubrieron", "descobert", "descoberts", "entdeckt", "entdeckung"]),
];

/// Verbs for the events a count column holds ("sold" → sales): they name the column, and their
/// object after a number or a superlative is what was counted (`tagger::objects_of_verbs`).
const COUNT_VERBS: &[(&str, &[&str])] = &[
    ("sales", &["sold", "sell", "sells", "selling", "vendio", "vendieron", "vendido", "venut", "venuts", "verkauft", "verkaufte"]),
    ("deaths", &["died", "die", "murieron", "murio", "morts", "gestorben", "starben"]),
    ("births", &["born", "nacieron", "nascuts", "geboren"]),
    ("production", &["produced"]),
    ("exports", &["exported"]),
    ("imports", &["imported"]),
    ("visits", &["visited"]),
    ("visitors", &["visited"]),
];

/// Whether a folded word is one of `COUNT_VERBS`' verbs.
pub(crate) fn is_count_verb(w: &str) -> bool {
    COUNT_VERBS.iter().any(|(_, verbs)| verbs.contains(&w))
}

/// The text column whose names nearly all differ (half the rows or more, 20 or more), some repeating,
/// with another text column that makes each row's pair different: "county" with "state". Then its
/// plural counts rows. (Neighbourhoods of deaths repeat with no such partner: they are not the rows.)
fn repeated_names(cat: &Catalog, table: &Table, schema: &TableSchema) -> Option<usize> {
    // Cells are compared as text: bounded so a large table's load stays fast.
    if table.rows.len() > 50_000 {
        return None;
    }
    let col = |f: usize| schema.columns.iter().position(|c| c.name == cat.fields[f].name);
    let text = |f: usize| matches!(cat.fields[f].ty, ColumnType::Text | ColumnType::Identifier);
    (0..cat.fields.len()).find(|&f| {
        let fi = &cat.fields[f];
        let candidate = text(f)
            && !fi.categorical
            && fi.missing == 0
            && fi.distinct < cat.rows
            && fi.distinct * 2 >= cat.rows
            && fi.distinct >= 20
            && !fi.derived();
        let Some(cf) = col(f).filter(|_| candidate) else { return false };
        // (The partner is a coarser level, as states are of counties: a column of other names, one per
        // row, makes any pair different and says nothing: stations' names beside their cities.)
        let coarser = |g: usize| cat.fields[g].distinct < fi.distinct;
        (0..cat.fields.len()).filter(|&g| g != f && text(g) && !cat.fields[g].derived() && coarser(g)).filter_map(col).any(|cg| {
            let mut seen = std::collections::HashSet::new();
            table.rows.iter().all(|r| seen.insert((r.get(cf).map(|v| format!("{v:?}")), r.get(cg).map(|v| format!("{v:?}")))))
        })
    })
}

/// Column names of two or more words, or of common domains (prices, people, films), and what
/// visitors call them in en, es, ca and de. Written from general vocabulary, not from a question suite.
const PHRASE_NAMES: &[(&str, &[&str])] = &[
    (
        "name family",
        &[
            "last name",
            "last names",
            "surname",
            "surnames",
            "family name",
            "apellido",
            "apellidos",
            "cognom",
            "cognoms",
            "nachname",
            "nachnamen",
            "familienname",
        ],
    ),
    (
        "family name",
        &["last name", "last names", "surname", "surnames", "apellido", "apellidos", "cognom", "cognoms", "nachname", "nachnamen"],
    ),
    ("last name", &["surname", "surnames", "family name", "apellido", "apellidos", "cognom", "cognoms", "nachname", "nachnamen"]),
    ("name given", &["first name", "first names", "given name", "forename", "nombre de pila", "nom de pila", "vorname", "vornamen"]),
    ("first name", &["given name", "forename", "nombre de pila", "nom de pila", "vorname", "vornamen"]),
    (
        "close",
        &[
            "closing",
            "closing price",
            "closing prices",
            "close price",
            "cierre",
            "precio de cierre",
            "tancament",
            "preu de tancament",
            "schlusskurs",
            "schlusskurse",
            "schlusskurses",
            "schlusspreis",
        ],
    ),
    (
        "open",
        &[
            "opening",
            "opening price",
            "opening prices",
            "open price",
            "apertura",
            "precio de apertura",
            "obertura",
            "preu d obertura",
            "eroffnungskurs",
            "eroffnung",
        ],
    ),
    ("adj close", &["adjusted close", "adjusted closing price"]),
    ("latitude", &["latitud", "breitengrad", "breiten"]),
    ("longitude", &["longitud", "langengrad"]),
    (
        "half life",
        &[
            "halflife",
            "vida media",
            "semivida",
            "periodo de semidesintegracion",
            "vida mitjana",
            "periode de semidesintegracio",
            "halbwertszeit",
            "halbwertszeiten",
        ],
    ),
    (
        "director",
        &["directed", "direct", "directs", "dirigida", "dirigidas", "dirigio", "dirigides", "dirigit", "regie", "regisseur", "regisseurin"],
    ),
    ("radius", &["radio", "radi"]),
    // A firm's value is what it is worth ("worth more than 1000", "el valor de mercado").
    ("value", &["worth", "market value", "valor de mercado", "valor de mercat", "marktwert"]),
    ("country code", &["phone code", "dialing code", "calling code"]),
    // Electricity generated is a source's output.
    ("net generation", &["output", "outputs", "produccion", "generacion", "produccio", "generacio", "erzeugung", "stromerzeugung"]),
];

/// Common abbreviations in column names and the words they stand for (folded). Written from
/// general usage (data dictionaries, statistical packages), not from any question suite.
const ABBREVIATIONS: &[(&str, &str)] = &[
    ("dob", "date of birth"),
    ("dod", "date of death"),
    ("lon", "longitude"),
    ("dir", "direction"),
    ("lng", "longitude"),
    ("long", "longitude"),
    ("lat", "latitude"),
    ("alt", "altitude"),
    ("elev", "elevation"),
    ("pct", "percent"),
    ("perc", "percent"),
    ("qty", "quantity"),
    ("cap", "per capita"),
    ("xp", "expenditure"),
    ("amt", "amount"),
    ("yr", "year"),
    ("yrs", "years"),
    ("wt", "weight"),
    ("ht", "height"),
    ("hgt", "height"),
    ("hwy", "highway"),
    ("cty", "city"),
    ("displ", "displacement"),
    ("disp", "displacement"),
    ("temp", "temperature"),
    ("prcp", "precipitation"),
    ("precip", "precipitation"),
    ("dist", "distance"),
    ("dur", "duration"),
    ("num", "number"),
    ("nr", "number"),
    ("cnt", "count"),
    ("avg", "average"),
    ("tot", "total"),
    ("dept", "department"),
    ("govt", "government"),
    ("educ", "education"),
    ("edu", "education"),
    ("emp", "employment"),
    ("mfg", "manufacturing"),
    ("intl", "international"),
    ("natl", "national"),
    ("accel", "acceleration"),
    ("cyl", "cylinders"),
    ("hp", "horsepower"),
    ("msrp", "price"),
    ("mfr", "manufacturer"),
    ("mfgr", "manufacturer"),
    ("ctry", "country"),
    ("trans", "transmission"),
    ("drv", "drive"),
    ("wk", "week"),
    ("mo", "month"),
    ("qtr", "quarter"),
    ("desc", "description"),
    ("cat", "category"),
    ("grp", "group"),
    ("addr", "address"),
    ("lang", "language"),
    ("ctry", "country"),
    ("cntry", "country"),
    ("pos", "position"),
    ("min", "minimum"),
    ("max", "maximum"),
    ("std", "standard deviation"),
    ("sd", "standard deviation"),
    ("dens", "density"),
    ("popn", "population"),
    ("inc", "income"),
    ("cons", "consumption"),
    ("infl", "inflation"),
    ("unemp", "unemployment"),
    ("gov", "government"),
    ("fl", "fuel"),
    ("yob", "year of birth"),
    ("dob", "date of birth"),
    ("sal", "salary"),
    ("rev", "revenue"),
    ("sqft", "square feet"),
    ("bmi", "body mass index"),
    ("bp", "blood pressure"),
    ("chol", "cholesterol"),
    ("wgt", "weight"),
    ("len", "length"),
    ("wid", "width"),
    ("vol", "volume"),
    ("freq", "frequency"),
    ("prop", "proportion"),
    ("obs", "observation"),
    ("prov", "province"),
    ("muni", "municipality"),
    ("mor", "mortality"),
    ("mag", "magnitude"),
    ("tz", "time zone"),
    ("rm", "rooms"),
    ("nom", "nominal"),
    ("lvl", "level"),
];

/// Short forms people type for a column's whole word ("lat and lon of France" for `Latitude`):
/// only those no question uses as a word of its own.
const SAID_SHORT: &[(&str, &str)] = &[
    ("lat", "latitude"),
    ("lon", "longitude"),
    ("lng", "longitude"),
    ("elev", "elevation"),
    ("temp", "temperature"),
    ("temps", "temperature"),
    ("qty", "quantity"),
    ("dept", "department"),
    ("depts", "department"),
    ("pop", "population"),
    ("govt", "government"),
    ("unemp", "unemployment"),
    ("precip", "precipitation"),
];

/// Words people use for the values of a sex/gender column, in our four languages (folded).
const GENDER: &[&[&str]] = &[
    &[
        "female", "f", "woman", "women", "mujer", "mujeres", "dona", "dones", "frau", "frauen", "weiblich", "femenino", "femeni", "girls",
        "girl", "madchen",
    ],
    &[
        "male",
        "m",
        "man",
        "men",
        "hombre",
        "hombres",
        "home",
        "homes",
        "mann",
        "manner",
        "mannlich",
        "masculino",
        "masculi",
        "boys",
        "boy",
        "jungen",
    ],
];

/// Words for the values of a medal column: the winner's is gold (four languages, folded).
const MEDALS: &[&[&str]] = &[
    &[
        "gold",
        "oro",
        "goldmedaille",
        "winner",
        "winners",
        "winning",
        "ganador",
        "ganadora",
        "ganadores",
        "guanyador",
        "guanyadora",
        "guanyadors",
        "sieger",
        "siegerin",
        "siegers",
    ],
    &["silver", "plata", "silber", "silbermedaille"],
    &["bronze", "bronce", "bronzemedaille"],
];

/// Words for the values of a size column written as letters (S, M, L, XL), in four languages (folded).
const SIZES: &[&[&str]] = &[
    &["s", "small", "pequeno", "pequena", "pequenas", "pequenos", "petit", "petita", "petites", "petits", "klein", "kleine", "kleinen"],
    &["m", "medium", "mediano", "mediana", "medianas", "medianos", "mitjana", "mitjanes", "mittel", "mittlere", "mittleren"],
    &["l", "large", "grande", "grandes", "gran", "grans", "gross", "grosse", "grossen"],
    &["xl", "extra large", "x large"],
    &["xxl", "extra extra large", "xx large"],
];

/// The other languages' words for the words of a file's name, computed once per table.
fn translated_topics(file: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in super::text::file_words(crate::names::stem(file)) {
        out.extend(glossary_names(std::slice::from_ref(&w)).into_iter().filter(|n| n.len() == 1).map(|mut n| n.remove(0)));
        for set in GENDER.iter().filter(|set| set.contains(&w.as_str())) {
            out.extend(set.iter().filter(|s| s.len() > 3).map(|s| s.to_string()));
        }
    }
    out
}

/// `glossary.tsv`: words of statistical tables' column names (English, folded) and what visitors
/// call them in Spanish, Catalan and German (folded word sequences).
fn glossary() -> &'static [(Vec<String>, Names)] {
    static GLOSSARY: std::sync::OnceLock<Vec<(Vec<String>, Names)>> = std::sync::OnceLock::new();
    GLOSSARY.get_or_init(|| {
        include_str!("glossary.tsv")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let mut cols = l.split('\t');
                let anchor = fold_words(cols.next()?);
                let words = cols.flat_map(|c| c.split(',')).map(fold_words).filter(|w| !w.is_empty()).collect();
                (!anchor.is_empty()).then_some((anchor, words))
            })
            .collect()
    })
}

/// A one-word name made of a known prefix and a word of four letters or more: whether the prefix
/// says a share (per, pct) and the word.
fn glued_prefix(own: &[String]) -> Option<(bool, String)> {
    const PREFIXES: &[(&str, bool)] = &[
        ("percent", true),
        ("perc", true),
        ("pct", true),
        ("per", true),
        ("prop", true),
        ("num", false),
        ("avg", false),
        ("mean", false),
        ("tot", false),
    ];
    let [w] = own else { return None };
    PREFIXES.iter().find_map(|(p, share)| {
        let rest = w.strip_prefix(p)?;
        (rest.len() >= 4 && rest.chars().all(|c| c.is_ascii_alphabetic())).then(|| (*share, rest.to_string()))
    })
}

/// Species measured as concentrations, by formula, and what people call them (folded).
const SPECIES: &[(&str, &[&str])] = &[
    ("nh4", &["ammonium"]),
    ("nh3", &["ammonia"]),
    ("no3", &["nitrate"]),
    ("no2", &["nitrogen dioxide", "nitrite"]),
    ("po4", &["phosphate"]),
    ("so4", &["sulfate", "sulphate"]),
    ("so2", &["sulfur dioxide", "sulphur dioxide"]),
    ("co2", &["carbon dioxide"]),
    ("co", &["carbon monoxide"]),
    ("o3", &["ozone"]),
    ("ch4", &["methane"]),
    ("n2o", &["nitrous oxide"]),
    ("pb", &["lead"]),
    ("hg", &["mercury"]),
];

/// A column measured in a unit of concentration ("NH4.mg.per.L", "co2_ppm", "pm10_ug_m3") is asked
/// for as a concentration or a level, and by its species' name ("ammonium concentration").
fn concentration_names(own: &[String]) -> Vec<Vec<String>> {
    const UNITS: &[&[&str]] = &[
        &["mg", "per", "l"],
        &["mg", "l"],
        &["mgl"],
        &["ug", "m3"],
        &["ugm3"],
        &["ppm"],
        &["ppb"],
        &["mmol"],
        &["umol"],
        &["ug", "l"],
        &["mg", "kg"],
    ];
    if !UNITS.iter().any(|u| own.windows(u.len()).any(|w| w.iter().zip(u.iter()).all(|(a, b)| a == b))) {
        return Vec::new();
    }
    const SAID: &[&str] = &["concentration", "level", "concentracion", "concentracio", "konzentration"];
    let mut out: Vec<Vec<String>> = SAID.iter().map(|w| vec![w.to_string()]).collect();
    for (formula, names) in SPECIES.iter().filter(|(formula, _)| own.first().is_some_and(|w| w == formula)) {
        out.push(vec![formula.to_string(), "concentration".to_string()]);
        for n in names.iter().map(|n| fold_words(n)) {
            for w in ["concentration", "level"] {
                out.push(n.iter().cloned().chain([w.to_string()]).collect());
            }
            out.push(n);
        }
    }
    out
}

/// Every word of the glossary, in all four languages (folded): words of column names people type.
pub(crate) fn glossary_words() -> impl Iterator<Item = &'static String> {
    glossary().iter().flat_map(|(anchor, names)| anchor.iter().chain(names.iter().flatten()))
}

/// The other languages' names of a column whose name (words) holds a glossary word or phrase.
/// The endings of a long noun that could be its compound's last word ("earthquakes" → "quakes"):
/// at least 5 letters, after a first part of at least 3; only words a visitor types ever match.
fn compound_tails(noun: &str) -> Vec<String> {
    let chars: Vec<char> = noun.chars().collect();
    if chars.len() < 8 || !chars.iter().all(|c| c.is_alphabetic()) {
        return Vec::new();
    }
    (3..=chars.len() - 5).map(|k| chars[k..].iter().collect()).collect()
}

/// The English word a one-word name in Spanish, Catalan or German translates ("provincia" →
/// province, "nombre" → name), by the glossary and the common names.
fn english_of(w: &str) -> Option<String> {
    if w.chars().count() < 3 {
        return None;
    }
    let one = |ws: &[Vec<String>]| ws.iter().any(|x| x.len() == 1 && x[0] == w);
    glossary().iter().find(|(anchor, words)| anchor.len() == 1 && one(words)).map(|(anchor, _)| anchor[0].clone()).or_else(|| {
        COMMON_NAMES
            .iter()
            .find(|(_, words)| one(&words.iter().map(|x| fold_words(x)).collect::<Vec<_>>()))
            .map(|(anchor, _)| anchor.to_string())
    })
}

pub(crate) fn glossary_names(own: &[String]) -> Vec<Vec<String>> {
    glossary()
        .iter()
        .filter(|(anchor, _)| own.windows(anchor.len()).any(|w| w == anchor.as_slice()))
        .flat_map(|(_, words)| words.iter().cloned())
        .collect()
}

fn field_info(col: &ColumnSchema, desc: &DatasetDescription, table: &str) -> FieldInfo {
    let mut names = vec![name_words(&col.name)];
    if col.path.len() > 1 {
        if let Some(leaf) = col.path.last() {
            names.push(name_words(leaf));
        }
    }
    let d = desc.column(table, &col.name);
    let mut label = col.name.clone();
    if let Some(d) = d {
        if let Some(r) = &d.readable_name {
            label = r.clone();
        }
        names.extend(d.readable_name.iter().chain(d.synonyms.iter()).chain(d.translations.values()).map(|s| fold_words(s)));
    }
    // Units that name a field: "18 years", "2000 lbs", "50 Jahre".
    const UNITS: &[(&[&str], &[&str])] = &[
        (&["age", "edad", "edat", "alter"], &["years", "years old", "anos", "anys", "jahre", "jahren", "jahre alt", "old"]),
        (
            &["distance", "dist", "distancia", "entfernung"],
            &["mpc", "kpc", "pc", "parsecs", "light years", "away", "far", "lejos", "lluny", "entfernt"],
        ),
        (
            &["weight", "peso", "pes", "gewicht"],
            &["lbs", "pounds", "libras", "lliures", "pfund", "weigh", "weighs", "pesan", "pesen", "wiegen", "wiegt"],
        ),
    ];
    for (anchors, units) in UNITS {
        if names.iter().any(|n| n.iter().any(|w| anchors.contains(&w.as_str()))) {
            names.extend(units.iter().map(|u| fold_words(u)));
        }
    }
    // "above 35 degrees" of `meantemp`, `temp_max`, `Temperatur`: degrees measure a temperature.
    let temperature = |w: &str| w.starts_with("temp") && !w.starts_with("tempo") || w.ends_with("temp");
    if col.ty.is_numeric() && names.iter().any(|n| n.iter().any(|w| temperature(w))) {
        names.extend(["degrees", "grados", "graus", "grad", "celsius"].iter().map(|u| fold_words(u)));
    }
    // Common column words in the other languages ("país" for country, "Jahr" for year): a visitor
    // asks in their language about a table whose headers are English.
    let own = name_words(&col.name);
    // "PERPOVERTY", "pctblack", "numdeaths": a prefix glued to a word; the word names the field
    // ("poverty rate", "tasa de pobreza"), as its other languages' words do.
    let glued = glued_prefix(&own);
    if let Some((share, rest)) = &glued {
        names.push(vec![rest.clone()]);
        if *share {
            for tail in ["rate", "percentage", "percent", "share"] {
                names.push(vec![rest.clone(), tail.to_string()]);
            }
        }
        names.extend(glossary_names(std::slice::from_ref(rest)));
    }
    // "popdensity": a population's measure glued to "pop" is asked for in the other languages by
    // the measure's words ("densidad de población"); the rest alone stays unnamed in English, where
    // "white" would be `popwhite` and `percwhite` at once.
    if let [w] = own.as_slice() {
        if let Some(rest) = w.strip_prefix("pop").filter(|r| r.len() >= 5 && r.chars().all(|c| c.is_ascii_alphabetic())) {
            names.extend(glossary_names(&[rest.to_string()]));
        }
    }
    // "day" in `day_of_week` is not the column ("dies" there are the rows, days of trading).
    let headed = !own.iter().any(|w| matches!(w.as_str(), "of" | "per" | "de" | "del" | "von"));
    // "msrp" is a price, "ctry_origin" a country: the spelled-out words of abbreviations have the
    // other languages' words too.
    let spelled_one: Vec<String> =
        own.iter().flat_map(|w| ABBREVIATIONS.iter().filter(move |(short, _)| short == w)).flat_map(|(_, long)| fold_words(long)).collect();
    for (anchor, words) in COMMON_NAMES.iter().chain(COUNT_VERBS) {
        if headed && own.iter().chain(glued.as_ref().map(|(_, r)| r)).chain(&spelled_one).any(|w| w == anchor) {
            names.extend(words.iter().map(|w| fold_words(w)));
        }
    }
    // Abbreviated words of a name spelled out: "wt.loss" is "weight loss", "lon" is "longitude".
    let spell = |w: &String| ABBREVIATIONS.iter().find(|(short, _)| short == w).map(|(_, long)| fold_words(long));
    if own.len() > 1 && own.iter().filter(|w| spell(w).is_some()).count() > 1 {
        names.push(own.iter().flat_map(|w| spell(w).unwrap_or_else(|| vec![w.clone()])).collect());
    }
    for (k, w) in own.iter().enumerate() {
        if let Some(long) = spell(w) {
            let mut spelled = own.clone();
            spelled.splice(k..=k, long);
            // ("tz" is "time zone", and so "zona horaria" and "Zeitzone".)
            names.extend(glossary_names(&spelled).into_iter().filter(|g| !names.contains(g)).collect::<Vec<_>>());
            names.push(spelled);
        }
    }
    // ("hospital" translates a word of `Year_of_Hospital_Discharge` that only qualifies its head:
    // a translation spelled like that word would name the field by it alone. The head, last but
    // for a label word, may: "region" of `Sub-region Name`.)
    let head = own.iter().rev().find(|w| !super::text::LABEL_WORDS.contains(&w.as_str()));
    names.extend(glossary_names(&own).into_iter().filter(|g| !matches!(g.as_slice(), [w] if own.contains(w) && Some(w) != head)));
    // "Fecha", "Profundidad", "Tiefe": a header written in Spanish, Catalan or German is named by
    // the English word (and the other languages' words) it translates.
    if let [w] = own.as_slice() {
        if w.chars().count() >= 4 && !matches!(w.as_str(), "data" | "temps" | "dades") {
            let one = |ws: &[Vec<String>]| ws.iter().any(|x| x.len() == 1 && x[0] == *w);
            for (anchor, words) in glossary() {
                if one(words) && !names.contains(anchor) {
                    names.push(anchor.clone());
                    names.extend(words.iter().filter(|x| x.as_slice() != [w.clone()]).cloned().collect::<Vec<_>>());
                }
            }
            for (anchor, words) in COMMON_NAMES {
                let folded: Vec<Vec<String>> = words.iter().map(|x| fold_words(x)).collect();
                if one(&folded) && !names.iter().any(|n| n.len() == 1 && n[0] == *anchor) {
                    names.push(vec![anchor.to_string()]);
                }
            }
        }
    }
    // `codigo_departamento`, `provincia_nombre`: a header of two words in Spanish, Catalan or
    // German, each translated, is named in English in English order ("department code", "province
    // name") and, where the second names the first, by the first alone ("province").
    if let [a, b] = own.as_slice() {
        if let (Some(ea), Some(eb)) = (english_of(a), english_of(b)) {
            // (Both orders: `provincia_codigo` is written in English order already.)
            if ea != *a || eb != *b {
                for said in [vec![eb.clone(), ea.clone()], vec![ea.clone(), eb.clone()]] {
                    if !names.contains(&said) {
                        names.push(said);
                    }
                }
                if matches!(eb.as_str(), "name" | "title") && !names.contains(&vec![ea.clone()]) {
                    names.push(vec![ea]);
                }
            }
        }
    }
    for (short, long) in SAID_SHORT {
        if let Some(k) = own.iter().position(|w| w == long) {
            let mut said = own.clone();
            said[k] = short.to_string();
            names.push(said);
        }
    }
    if col.ty.is_numeric() {
        names.extend(concentration_names(&own));
    }
    for (anchor, words) in PHRASE_NAMES {
        let anchor = fold_words(anchor);
        // The whole name: `adj_close` is not called the closing price.
        if own == anchor {
            names.extend(words.iter().map(|w| fold_words(w)));
        }
    }
    // `day_of_week` is asked for as "the day of the week".
    let with_article: Vec<Vec<String>> = names
        .iter()
        .filter_map(|n| {
            let k = n.iter().position(|w| w == "of").filter(|&k| k > 0 && k + 1 < n.len() && n[k + 1] != "the")?;
            let mut v = n.clone();
            v.insert(k + 1, "the".to_string());
            Some(v)
        })
        .collect();
    names.extend(with_article);
    // British spelling: "eye colour" for `eye_color`.
    let british: Vec<Vec<String>> = names
        .iter()
        .filter(|n| n.iter().any(|w| w == "color"))
        .map(|n| n.iter().map(|w| if w == "color" { "colour".to_string() } else { w.clone() }).collect())
        .collect();
    names.extend(british);
    names.retain(|n| !n.is_empty());
    names.dedup();
    let yearly = match &col.format {
        crate::schema::ValueFormat::Date { granularity, .. } => *granularity == crate::schema::DateGranularity::Year,
        _ => false,
    } || (col.ty == ColumnType::Integer && named_for_years(&col.name));
    FieldInfo {
        categorical: col.categorical,
        names,
        yearly,
        monthly: matches!(&col.format, crate::schema::ValueFormat::Date { granularity: crate::schema::DateGranularity::Month, .. })
            && col.ty == ColumnType::Date,
        quarterly: quarter_form(col),
        distinct: col.distinct,
        missing: col.missing,
        ..FieldInfo::computed(col.name.clone(), label, col.ty)
    }
}

/// What names the day of the week of a date, in the four languages.
const WEEKDAY_NAMES: &[&str] =
    &["weekday", "day of the week", "day of week", "dia de la semana", "dia de la setmana", "wochentag", "wochentage", "wochentagen"];

/// The month of a table's first date column of days, as a field of its own: "Which month had the
/// highest average high?". Only where no column is named month and the dates cover two months or
/// more. (The year of a date is a condition, "in 2013", not a field: a year field beside the date
/// took those words from the date and left them unplaced.)
fn date_parts(table: &Table, schema: &TableSchema, fields: &[FieldInfo]) -> Vec<FieldInfo> {
    use crate::schema::DateGranularity;
    if table.rows.len() > SHAPE_SCAN_ROWS {
        return Vec::new();
    }
    let named = |w: &str| fields.iter().any(|f| name_words(&f.name).iter().any(|n| n == w));
    let Some((ci, col, order)) = schema.columns.iter().enumerate().find_map(|(i, c)| match &c.format {
        crate::schema::ValueFormat::Date { granularity: DateGranularity::Day, order }
            if c.ty == ColumnType::Date && c.shape == crate::schema::Shape::Scalar =>
        {
            Some((i, c, *order))
        }
        _ => None,
    }) else {
        return Vec::new();
    };
    let Some(fi) = fields.iter().position(|f| f.name == col.name) else { return Vec::new() };
    let mut months = std::collections::HashSet::new();
    let mut weekdays = std::collections::HashSet::new();
    for r in &table.rows {
        if let Some(Value::Text(t)) = r.get(ci) {
            if let Some(d) = crate::schema::values::parse_date(t, order) {
                use chrono::Datelike;
                months.insert(d.date.month());
                weekdays.insert(d.date.weekday());
            }
        }
    }
    let mut out = Vec::new();
    let words = |anchor: &str| {
        let mut names = vec![vec![anchor.to_string()]];
        if let Some((_, ws)) = COMMON_NAMES.iter().find(|(a, _)| *a == anchor) {
            names.extend(ws.iter().map(|w| fold_words(w)));
        }
        names
    };
    if months.len() >= 2 && !named("month") {
        out.push(FieldInfo {
            categorical: true,
            names: words("month"),
            distinct: months.len() as u64,
            part: Some((fi, DatePart::Month)),
            ..FieldInfo::computed("month".into(), "month".into(), ColumnType::Text)
        });
    }
    // Only phrases name it: "day" alone is the date.
    let weekday_named = fields.iter().any(|f| {
        let w = name_words(&f.name);
        w.iter().any(|n| n == "weekday" || n == "wday" || n == "dow") || (w.iter().any(|n| n == "day") && w.iter().any(|n| n == "week"))
    });
    if weekdays.len() >= 2 && !weekday_named {
        out.push(FieldInfo {
            categorical: true,
            names: WEEKDAY_NAMES.iter().map(|w| fold_words(w)).collect(),
            distinct: weekdays.len() as u64,
            part: Some((fi, DatePart::Weekday)),
            ..FieldInfo::computed("weekday".into(), "day of the week".into(), ColumnType::Text)
        });
    }
    out
}

/// One-word nouns that name `field` rather than the rows: taken from the rows' aliases, added to its names.
/// A table of one row a month: a year field and a month field (named so, or of month names)
/// whose pairs are all different (tables of at most `SHAPE_SCAN_ROWS` rows are read).
fn one_row_a_month(table: &Table, schema: &TableSchema, fields: &[FieldInfo]) -> bool {
    if table.rows.len() < 12 || table.rows.len() > SHAPE_SCAN_ROWS {
        return false;
    }
    let column = |f: &FieldInfo| schema.columns.iter().position(|c| c.name == f.name);
    let Some(year) = fields.iter().filter(|f| f.yearly && f.lag.is_none()).find_map(column) else { return false };
    let month = fields.iter().filter(|f| f.composed.is_none() && f.lag.is_none() && !f.yearly).find_map(|f| {
        let words = name_words(&f.name);
        let named = words.first().is_some_and(|w| matches!(w.as_str(), "month" | "mon" | "mes" | "monat" | "mm"));
        (named && (2..=12).contains(&f.distinct)).then(|| column(f)).flatten()
    });
    let Some(month) = month else { return false };
    let mut seen = std::collections::HashSet::with_capacity(table.rows.len());
    table.rows.iter().all(|r| match (r.get(year), r.get(month)) {
        (Some(Value::Text(y)), Some(Value::Text(m))) => seen.insert((y.as_str(), m.as_str())),
        _ => false,
    })
}

fn words_name_field(aliases: &mut Vec<Vec<String>>, field: &mut FieldInfo, words: &[&str]) {
    aliases.retain(|a| !(a.len() == 1 && words.contains(&a[0].as_str())));
    for w in words {
        let n = vec![w.to_string()];
        if !field.names.contains(&n) {
            field.names.push(n);
        }
    }
}

/// The first and last day of date column `i` (tables of at most `SHAPE_SCAN_ROWS` rows are read,
/// as for the other shapes).
fn date_span(table: &Table, i: usize, order: crate::schema::DateOrder) -> Option<(chrono::NaiveDate, chrono::NaiveDate)> {
    if table.rows.len() > SHAPE_SCAN_ROWS {
        return None;
    }
    let mut span: Option<(chrono::NaiveDate, chrono::NaiveDate)> = None;
    for r in &table.rows {
        let Some(Value::Text(t)) = r.get(i) else { continue };
        let Some(d) = crate::schema::values::parse_date(t, order) else { continue };
        span = Some(match span {
            None => (d.date, d.date),
            Some((a, b)) => (a.min(d.date), b.max(d.date)),
        });
    }
    span
}

/// The year of a table's first date column of days or months, where the rows cover two years or
/// more and no column is a year already: grouped by when a question asks "which year".
fn year_part(table: &Table, schema: &TableSchema, fields: &[FieldInfo]) -> Vec<FieldInfo> {
    use crate::schema::DateGranularity;
    if table.rows.len() > SHAPE_SCAN_ROWS || fields.iter().any(|f| f.yearly || name_words(&f.name).iter().any(|n| n == "year")) {
        return Vec::new();
    }
    let Some((ci, col, order)) = schema.columns.iter().enumerate().find_map(|(i, c)| match &c.format {
        crate::schema::ValueFormat::Date { granularity: DateGranularity::Day | DateGranularity::Month, order }
            if c.ty == ColumnType::Date && c.shape == crate::schema::Shape::Scalar =>
        {
            Some((i, c, *order))
        }
        _ => None,
    }) else {
        return Vec::new();
    };
    let Some(fi) = fields.iter().position(|f| f.name == col.name) else { return Vec::new() };
    let mut years = std::collections::HashSet::new();
    for r in &table.rows {
        if let Some(Value::Text(t)) = r.get(ci) {
            if let Some(d) = crate::schema::values::parse_date(t, order) {
                use chrono::Datelike;
                years.insert(d.date.year());
            }
        }
    }
    if years.len() < 2 {
        return Vec::new();
    }
    // Typed as a category so questions group by it (a numeric type would make it a measure); the
    // engine computes it as a number, so the answer is 2009, not "2009".
    vec![FieldInfo {
        categorical: true,
        distinct: years.len() as u64,
        part: Some((fi, DatePart::Year)),
        ..FieldInfo::computed("year".into(), "year".into(), ColumnType::Text)
    }]
}

/// Most change fields derived for one table (one per numeric field, in the table's order).
const MAX_CHANGES: usize = 64;

/// For each numeric measure, its change from the row before (`Lag`), in the order of the table's
/// time (a date or year field with one row per value, or year and quarter), else the file's order.
fn changes(table: &Table, schema: &TableSchema, fields: &[FieldInfo]) -> Vec<FieldInfo> {
    if table.rows.len() < 3 || table.rows.len() > SHAPE_SCAN_ROWS {
        return Vec::new();
    }
    let rows = table.rows.len() as u64;
    let one_per_row = |f: &FieldInfo| f.distinct == rows && f.missing == 0 && f.composed.is_none() && f.part.is_none();
    let time = fields
        .iter()
        .position(|f| one_per_row(f) && (matches!(f.ty, ColumnType::Date | ColumnType::Datetime) || (f.yearly && f.ty.is_numeric())));
    let order = match time {
        Some(t) => LagOrder::Time(t),
        None if quarterly(table, schema) => {
            let named = |n: &str| fields.iter().position(|f| name_words(&f.name).as_slice() == [n.to_string()]);
            match (named("year"), named("quarter")) {
                (Some(y), Some(q)) => LagOrder::YearQuarter(y, q),
                _ => LagOrder::File,
            }
        }
        None => LagOrder::File,
    };
    let orders = match order {
        LagOrder::Time(t) => vec![t],
        LagOrder::YearQuarter(y, q) => vec![y, q],
        LagOrder::File => Vec::new(),
    };
    // (A column already called "pop change" keeps the name: the derived field would shadow it.)
    let taken = |f: &FieldInfo| fields.iter().any(|g| g.name == format!("{} change", f.name));
    let measures = fields.iter().enumerate().filter(|(i, f)| {
        f.ty.is_numeric() && !f.yearly && !f.flag && !f.derived() && f.composed.is_none() && !orders.contains(i) && !taken(f)
    });
    measures
        .take(MAX_CHANGES)
        .map(|(i, f)| FieldInfo {
            lag: Some(Lag { of: i, order }),
            ..FieldInfo::computed(format!("{} change", f.name), format!("change in {}", f.label), ColumnType::Decimal)
        })
        .collect()
}

/// A column's place in a family of columns that differ only by a trailing number: `population_2021`
/// is ("population", 2021), `BILLS104` ("bills", 104), a column named `1960` ("", 1960).
pub fn family_point(name: &str) -> Option<(Vec<String>, i64)> {
    let mut words = super::text::file_words(name);
    let last = words.pop()?;
    if last.is_empty()
        || last.len() > 4
        || !last.chars().all(|c| c.is_ascii_digit())
        || words.iter().any(|w| w.chars().any(|c| c.is_ascii_digit()))
    {
        return None;
    }
    Some((words, last.parse().ok()?))
}

/// Most gap fields derived for one table (a family of many points gets only its steps and its span).
const MAX_GAPS: usize = 256;

/// For each family of two or more numeric columns (`population_1996` … `population_2021`), the
/// change between two of its points, in the row (`Gap`): every pair for a family of up to eight
/// points, else each step and first to last; each as a difference and as a percent.
fn gaps(fields: &[FieldInfo]) -> Vec<FieldInfo> {
    // Each family's stem and its members (point, field).
    type Family = (Vec<String>, Vec<(i64, usize)>);
    let mut families: Vec<Family> = Vec::new();
    for (i, f) in fields.iter().enumerate() {
        if !f.ty.is_numeric() || f.yearly || f.flag || f.derived() || f.composed.is_some() {
            continue;
        }
        let Some((stem, point)) = family_point(&f.name) else { continue };
        match families.iter_mut().find(|(s, _)| *s == stem) {
            Some((_, members)) => members.push((point, i)),
            None => families.push((stem, vec![(point, i)])),
        }
    }
    let mut out = Vec::new();
    for (_, mut members) in families {
        members.sort_unstable();
        members.dedup_by_key(|m| m.0);
        if members.len() < 2 {
            continue;
        }
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        if members.len() <= 8 {
            for a in 0..members.len() {
                pairs.extend((a + 1..members.len()).map(|b| (a, b)));
            }
        } else {
            pairs.extend((1..members.len()).map(|b| (b - 1, b)));
            pairs.push((0, members.len() - 1));
        }
        for (a, b) in pairs {
            let (earlier, later) = (members[a].1, members[b].1);
            for percent in [false, true] {
                let (el, ll) = (&fields[earlier].label, &fields[later].label);
                let (name, label) = if percent {
                    (format!("{} - {} (%)", fields[later].name, fields[earlier].name), format!("change from {el} to {ll} in percent"))
                } else {
                    (format!("{} - {}", fields[later].name, fields[earlier].name), format!("change from {el} to {ll}"))
                };
                if fields.iter().any(|g| g.name == name) {
                    continue;
                }
                out.push(FieldInfo { gap: Some(Gap { later, earlier, percent }), ..FieldInfo::computed(name, label, ColumnType::Decimal) });
            }
        }
    }
    out.truncate(MAX_GAPS);
    out
}

/// One row per week: the date column's days, in any order, are 7 days apart from first to last.
fn weekly(table: &Table, col: usize, order: crate::schema::DateOrder) -> bool {
    steps(table, col, order, |a, b| (b - a).num_days() == 7)
}

/// One row per month written as its first day ("1969-01-01", "1969-02-01", …): a table of months.
fn monthly_firsts(table: &Table, col: usize, order: crate::schema::DateOrder) -> bool {
    use chrono::Datelike;
    steps(table, col, order, |a, b| {
        a.day() == 1 && b.day() == 1 && (b.year() * 12 + b.month() as i32) - (a.year() * 12 + a.month() as i32) == 1
    })
}

/// The column's dates, sorted, each one step (`next`) after the one before.
fn steps(table: &Table, col: usize, order: crate::schema::DateOrder, next: impl Fn(chrono::NaiveDate, chrono::NaiveDate) -> bool) -> bool {
    if table.rows.len() > SHAPE_SCAN_ROWS {
        return false;
    }
    let mut days: Vec<chrono::NaiveDate> = table
        .rows
        .iter()
        .filter_map(|r| match r.get(col) {
            Some(crate::table::Value::Text(t)) => crate::schema::values::parse_date(t, order).map(|d| d.date),
            _ => None,
        })
        .collect();
    if days.len() != table.rows.len() || days.len() < 3 {
        return false;
    }
    days.sort();
    days.windows(2).all(|w| next(w[0], w[1]))
}

/// A column named year and one named quarter (values 1–4) whose pairs are all different: each row is a quarter.
fn quarterly(table: &Table, schema: &TableSchema) -> bool {
    if table.rows.len() > SHAPE_SCAN_ROWS {
        return false;
    }
    let named = |n: &str| schema.columns.iter().position(|c| name_words(&c.name).as_slice() == [n.to_string()]);
    let (Some(y), Some(q)) = (named("year"), named("quarter")) else { return false };
    let cell = |r: &Vec<crate::table::Value>, i: usize| match r.get(i) {
        Some(crate::table::Value::Text(t)) => Some(t.trim().to_string()),
        _ => None,
    };
    let mut seen = std::collections::HashSet::new();
    table.rows.len() > 1
        && table.rows.iter().all(|r| match (cell(r, y), cell(r, q)) {
            (Some(a), Some(b)) => matches!(b.as_str(), "1" | "2" | "3" | "4") && seen.insert((a, b)),
            _ => false,
        })
}

/// A catalog of a small CSV, for the parser stages' unit tests.
#[cfg(test)]
pub(crate) fn test_catalog(name: &str, csv: &str) -> Catalog {
    let up = crate::ingest::load(&[crate::ingest::SourceFile { name, bytes: csv.as_bytes() }]);
    let t = up.tables.into_iter().next().expect("one table");
    let s = crate::schema::infer_table(&t);
    Catalog::build(&t, &s, &DatasetDescription::default())
}

/// The rows of a table that hold the sum of the others: a value of a text field.
#[derive(Clone, Debug, PartialEq)]
pub struct TotalRows {
    pub field: usize,
    pub values: Vec<String>,
}

/// Words a value that totals the other rows is named with ("NYS - All Hospitals", "Total", "Gesamt").
const TOTAL_WORDS: &[&str] = &["all", "total", "totals", "overall", "todos", "todas", "tots", "totes", "gesamt", "insgesamt", "alle"];

/// "NYS - All Hospitals" among hospitals: a value named like a total whose rows add up to what the
/// other rows add up to, in the fields that count things. Such rows double any sum, average or
/// ranking over the rows; a value named "All PCI" beside other procedures does not add up so.
/// "units sold" over `plu4046_units`, …, `total_bagged_units` and `total_bulk_and_bags_units`: of
/// a family of counts named by one head word, the total named so that is at least every other
/// member on every row is the one the head word alone names.
fn total_of_family(cat: &mut Catalog, table: &Table, schema: &TableSchema) {
    let col = |name: &str| schema.columns.iter().position(|c| c.name == name);
    let head = |f: &FieldInfo| name_words(&f.name).last().cloned().filter(|w| w.len() >= 4);
    let counted =
        |f: &FieldInfo| f.composed.is_none() && f.ty == ColumnType::Integer && !f.yearly && f.range.is_some_and(|(lo, _)| lo >= 0.0);
    let mut heads: Vec<String> = cat.fields.iter().filter(|f| counted(f)).filter_map(head).collect();
    heads.sort();
    heads.dedup();
    let number = |v: &Value| v.as_text().and_then(|s| s.trim().parse::<f64>().ok());
    for h in heads {
        let family: Vec<usize> =
            (0..cat.fields.len()).filter(|&f| counted(&cat.fields[f]) && head(&cat.fields[f]).as_ref() == Some(&h)).collect();
        // (The word must name no other field already.)
        let named_elsewhere = cat.fields.iter().any(|f| f.names.iter().any(|n| n.as_slice() == [h.clone()]));
        if family.len() < 3 || named_elsewhere {
            continue;
        }
        let totals: Vec<usize> = family
            .iter()
            .copied()
            .filter(|&f| name_words(&cat.fields[f].name).iter().any(|w| TOTAL_WORDS.contains(&w.as_str())))
            .filter(|&f| {
                let Some(tc) = col(&cat.fields[f].name) else { return false };
                let others: Vec<usize> = family.iter().filter(|&&o| o != f).filter_map(|&o| col(&cat.fields[o].name)).collect();
                let (mut seen, mut below) = (0usize, 0usize);
                for row in &table.rows {
                    let Some(t) = row.get(tc).and_then(number) else { continue };
                    for &o in &others {
                        if let Some(v) = row.get(o).and_then(number) {
                            seen += 1;
                            below += usize::from(v > t);
                        }
                    }
                }
                seen > 0 && below * 100 <= seen
            })
            .collect();
        let [t] = totals[..] else { continue };
        let one = h.strip_suffix('s').map(str::to_string).unwrap_or_else(|| h.clone());
        let mut said = vec![vec![h.clone()], vec!["total".to_string(), h.clone()]];
        said.extend(glossary_names(std::slice::from_ref(&h)));
        said.extend(glossary_names(&[one]));
        for n in said {
            if !cat.fields[t].names.contains(&n) {
                cat.fields[t].names.push(n);
            }
        }
    }
}

fn total_rows(cat: &Catalog, table: &Table, schema: &TableSchema) -> Option<TotalRows> {
    let col = |name: &str| schema.columns.iter().position(|c| c.name == name);
    let mut candidates: Vec<(usize, String)> = Vec::new();
    for hits in cat.values.values() {
        for h in hits {
            let fi = &cat.fields[h.field];
            if fi.composed.is_none()
                && fi.ty == ColumnType::Text
                && fold_words(&h.value).iter().any(|w| TOTAL_WORDS.contains(&w.as_str()))
                && h.rows >= 1
            {
                candidates.push((h.field, h.value.clone()));
            }
        }
    }
    candidates.sort();
    candidates.dedup();
    let measures: Vec<usize> = cat
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| f.composed.is_none() && f.ty == ColumnType::Integer && !f.yearly && f.range.is_some_and(|(lo, _)| lo >= 0.0))
        .filter(|(_, f)| !name_words(&f.name).last().is_some_and(|w| matches!(w.as_str(), "id" | "code" | "key")))
        .filter(|(_, f)| f.counts_things())
        .filter_map(|(_, f)| col(&f.name))
        .collect();
    if std::env::var_os("TABLETALK_DEBUG_CATALOG").is_some() {
        eprintln!("[totals] candidates {candidates:?} measures {measures:?}");
    }
    if measures.is_empty() {
        return None;
    }
    let number = |v: &Value| v.as_text().and_then(|s| s.trim().parse::<f64>().ok());
    let mut found: Option<TotalRows> = None;
    for (field, value) in candidates {
        let Some(lc) = col(&cat.fields[field].name) else { continue };
        let adds_up = measures.iter().filter(|&&mc| {
            let (mut inside, mut outside) = (0.0, 0.0);
            for row in &table.rows {
                let (Some(l), Some(m)) = (row.get(lc).and_then(Value::as_text), row.get(mc).and_then(number)) else { continue };
                if l.trim() == value {
                    inside += m;
                } else {
                    outside += m;
                }
            }
            inside > 0.0 && (0.8..=1.25).contains(&(inside / outside.max(f64::MIN_POSITIVE)))
        });
        let adds_up = adds_up.count() * 2 > measures.len();
        if adds_up {
            match &mut found {
                Some(t) if t.field == field => t.values.push(value),
                Some(_) => {}
                None => found = Some(TotalRows { field, values: vec![value] }),
            }
        }
    }
    found
}
