//! `tabletalk ask` on real tables: bad questions get clear answers and never a wrong number,
//! ambiguous fields are asked back and the conversation resumes, grouped results carry charts,
//! and cell values stay data. Expected numbers are computed here from the JSON/CSV directly.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value as Json;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace").to_path_buf()
}

fn vega(name: &str) -> PathBuf {
    let p = root().join(".cache/fixtures/vega").join(name);
    assert!(p.is_file(), "{} missing: run `cargo xtask fixtures`", p.display());
    p
}

fn describe(suite: &str) -> PathBuf {
    root().join(format!("tests/questions/{suite}.describe.json"))
}

fn ask(files: &[&Path], describe: Option<&Path>, q: &str) -> Json {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tabletalk"));
    cmd.arg("ask").args(files);
    if let Some(d) = describe {
        cmd.arg("--describe").arg(d);
    }
    let out = cmd.arg(q).arg("--json").output().expect("run tabletalk");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

/// A conversation on stdin: one answer per line out.
fn converse(files: &[&Path], describe: Option<&Path>, lines: &[&str]) -> Vec<Json> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tabletalk"));
    cmd.arg("ask").args(files);
    if let Some(d) = describe {
        cmd.arg("--describe").arg(d);
    }
    let mut child = cmd.arg("--json").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("run tabletalk");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        for l in lines {
            writeln!(stdin, "{l}").expect("write");
        }
    }
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success());
    String::from_utf8(out.stdout).expect("utf-8").lines().map(|l| serde_json::from_str(l).expect("json")).collect()
}

fn cars() -> Vec<Json> {
    serde_json::from_slice::<Vec<Json>>(&std::fs::read(vega("cars.json")).expect("read")).expect("cars.json")
}

fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len() as f64
}

fn assert_refused(a: &Json, mentions: &str) {
    assert_eq!(a["route"], "unanswerable", "{a}");
    assert!(a["value"].is_null(), "a refusal carries no number: {a}");
    assert!(a["sql"].is_null(), "{a}");
    let text = a["answer"].as_str().unwrap_or("");
    assert!(text.contains(mentions), "answer should mention {mentions:?}: {text}");
}

#[test]
fn unknown_fields_and_values_get_a_clear_answer() {
    let (c, d) = (vega("cars.json"), describe("cars"));
    let a = ask(&[&c], Some(&d), "What is the average salary?");
    assert_refused(&a, "salary");
    // A letter changed gets the column it was meant to be, asked back.
    let a = ask(&[&c], Some(&d), "What is the average horsepowar?");
    assert_refused(&a, "Horsepower");
    // A letter dropped is read as that column, and the answer names it (issue 19, session 15).
    let a = ask(&[&c], Some(&d), "What is the average horsepwer?");
    assert_eq!(a["route"], "exact", "{a}");
    assert!(a["answer"].as_str().unwrap_or("").contains("Horsepower"), "{a}");
    // A word no name matches, read by meaning (embedding similarity) and said so.
    let mpg: Vec<f64> = cars().iter().filter_map(|r| r["Miles_per_Gallon"].as_f64()).collect();
    let a = ask(&[&c], None, "What is the average mileage?");
    assert_eq!(a["route"], "exact", "{a}");
    assert!((a["value"].as_f64().expect("number") - mean(&mpg)).abs() < 1e-9, "{a}");
    assert!(a["answer"].as_str().expect("text").contains("mileage"), "{a}");
    let a = ask(&[&c], None, "What is the average price?");
    assert_refused(&a, "price");
    // Read by meaning as a field the question names already, a word is a guess, not a reading
    // ("How many survived and how many died?" had counted the survivors twice).
    let a = ask(&[&c], None, "What is the average Miles_per_Gallon and mileage?");
    assert_refused(&a, "mileage");
    let air = vega("airports.csv");
    let a = ask(&[&air], Some(&describe("airports")), "How many airports are in Atlantis?");
    assert_refused(&a, "Atlantis");
}

#[test]
fn contradictions_types_languages_length_and_sql_are_refused() {
    let (c, d) = (vega("cars.json"), describe("cars"));
    let a = ask(&[&c], Some(&d), "How many cars have more than 8 cylinders and fewer than 4 cylinders?");
    assert_refused(&a, "Cylinders");
    let riots = vega("la-riots.csv");
    let a = ask(&[&riots], Some(&describe("la-riots")), "How many victims were Male and Female?");
    assert_refused(&a, "gender");
    let a = ask(&[&c], Some(&d), "Which cars have a name greater than 1000?");
    assert_refused(&a, "Name");
    let a = ask(&[&c], Some(&d), "Combien de voitures ont plus de six cylindres ?");
    assert_refused(&a, "French");
    let long = format!("How many cars {}?", "have more than 4 cylinders and ".repeat(330));
    assert!(long.len() > 10_000);
    let a = ask(&[&c], Some(&d), &long);
    assert_refused(&a, "too long");
    for q in ["How many cars'; DROP TABLE cars; --", "How many cars where 1=1 UNION SELECT * FROM cars", "SELECT * FROM cars"] {
        let a = ask(&[&c], Some(&d), q);
        assert_refused(&a, "SQL");
    }
}

#[test]
fn cell_values_stay_data() {
    let dir = tempfile::tempdir().expect("tmp");
    let p = dir.path().join("teams.csv");
    std::fs::write(
        &p,
        "person,team,score\nAda,O'Brien's team,3\nBob,O'Brien's team,4\nCy,Robert'); DROP TABLE teams;--,5\nDee,Smith,6\nEve,Smith,7\n",
    )
    .expect("write");
    let a = ask(&[&p], None, "How many rows have team O'Brien's team?");
    assert_eq!(a["route"], "exact", "{a}");
    assert_eq!(a["value"], 2, "{a}");
    assert!(a["sql"].as_str().expect("sql").contains("'O''Brien''s team'"), "quotes are doubled: {}", a["sql"]);
    // The table is intact afterwards, whatever a cell says.
    let a = ask(&[&p], None, "What is the total score?");
    assert_eq!(a["value"], 25, "{a}");
    let a = ask(&[&p], None, "What are the different teams?");
    let teams: Vec<&str> = a["value"].as_array().expect("list").iter().filter_map(Json::as_str).collect();
    assert!(teams.contains(&"Robert'); DROP TABLE teams;--"), "{a}");
}

#[test]
fn ambiguous_fields_are_asked_back_and_the_conversation_resumes() {
    let iris_rows: Vec<Json> = serde_json::from_slice(&std::fs::read(vega("iris.json")).expect("read")).expect("iris");
    let petal_width: Vec<f64> = iris_rows.iter().filter_map(|r| r["petalWidth"].as_f64()).collect();
    let petal_length: Vec<f64> = iris_rows.iter().filter_map(|r| r["petalLength"].as_f64()).collect();
    let (iris, d) = (vega("iris.json"), describe("iris"));
    let answers =
        converse(&[&iris], Some(&d), &["What is the average petal?", "petalWidth", "What is the average petal?", "the first one"]);
    assert_eq!(answers[0]["route"], "clarify");
    let options: Vec<&str> = answers[0]["clarify"]["options"].as_array().expect("options").iter().filter_map(Json::as_str).collect();
    assert_eq!(options, ["petalLength", "petalWidth"]);
    assert_eq!(answers[1]["route"], "exact", "{}", answers[1]);
    assert!((answers[1]["value"].as_f64().expect("number") - mean(&petal_width)).abs() < 1e-9);
    assert_eq!(answers[2]["route"], "clarify");
    assert!((answers[3]["value"].as_f64().expect("number") - mean(&petal_length)).abs() < 1e-9, "{}", answers[3]);

    // A missing parameter is asked for, with the numeric fields as options.
    let cars_rows = cars();
    let hp: Vec<f64> = cars_rows.iter().filter_map(|r| r["Horsepower"].as_f64()).collect();
    let answers = converse(&[&vega("cars.json")], Some(&describe("cars")), &["What is the average?", "Horsepower"]);
    assert_eq!(answers[0]["route"], "clarify", "{}", answers[0]);
    assert!(answers[0]["clarify"]["options"].as_array().expect("options").iter().any(|o| o == "Horsepower"));
    assert!((answers[1]["value"].as_f64().expect("number") - mean(&hp)).abs() < 1e-9, "{}", answers[1]);

    // A field group with a default answers with it, and says which it used.
    let a = ask(&[&vega("seattle-weather.csv")], Some(&describe("seattle-weather")), "What was the average temperature?");
    assert_eq!(a["route"], "exact");
    assert!(a["answer"].as_str().expect("text").contains("temp_min"), "offers the other member: {a}");
}

#[test]
fn grouped_results_carry_charts_chosen_by_intent() {
    let (c, d) = (vega("cars.json"), describe("cars"));
    let rows = cars();
    let a = ask(&[&c], Some(&d), "What is the average horsepower per origin?");
    assert_eq!(a["chart"]["type"], "bar");
    let data = a["chart"]["data"].as_array().expect("points");
    assert_eq!(data.len(), 3);
    let usa: Vec<f64> = rows.iter().filter(|r| r["Origin"] == "USA").filter_map(|r| r["Horsepower"].as_f64()).collect();
    let got = data.iter().find(|p| p[0] == "USA").expect("USA bar")[1].as_f64().expect("number");
    assert!((got - mean(&usa)).abs() < 1e-9);
    let a = ask(&[&c], Some(&d), "How many cars per year?");
    assert_eq!(a["chart"]["type"], "line", "{a}");
    assert_eq!(a["chart"]["data"].as_array().expect("points").len(), 12);
    let a = ask(&[&c], Some(&d), "What percentage of cars are from Japan?");
    assert_eq!(a["chart"]["type"], "pie");
    let a = ask(&[&c], Some(&d), "Show the distribution of horsepower");
    assert_eq!(a["chart"]["type"], "histogram", "{a}");
    let binned: f64 = a["chart"]["data"].as_array().expect("bins").iter().map(|b| b[1].as_f64().unwrap_or(0.0)).sum();
    assert_eq!(binned as usize, hp_count(&rows));
    let a = ask(&[&c], Some(&d), "horsepower vs weight");
    assert_eq!(a["chart"]["type"], "scatter", "{a}");
}

fn hp_count(rows: &[Json]) -> usize {
    rows.iter().filter(|r| r["Horsepower"].is_number()).count()
}

#[test]
fn answers_show_sql_and_cite_the_rows_that_contributed() {
    let (c, d) = (vega("cars.json"), describe("cars"));
    let rows = cars();
    let a = ask(&[&c], Some(&d), "Which 3 cars have the highest horsepower?");
    assert_eq!(a["route"], "exact");
    let sql = a["sql"].as_str().expect("sql");
    assert!(sql.starts_with("SELECT") && sql.contains("ORDER BY \"Horsepower\" DESC"), "{sql}");
    for c in a["citations"].as_array().expect("citations") {
        let row = c["row"].as_u64().expect("row") as usize;
        let hp = rows[row - 1]["Horsepower"].as_f64().expect("cited rows have horsepower");
        assert!(hp >= 215.0, "row {row} is not among the top 3 ({hp})");
    }
    // Many tables: the question goes to the table it is about.
    let a = ask(&[&vega("iris.json"), &c], None, "What is the average Horsepower of cars with 8 Cylinders?");
    let eight: Vec<f64> = rows.iter().filter(|r| r["Cylinders"] == 8).filter_map(|r| r["Horsepower"].as_f64()).collect();
    assert!((a["value"].as_f64().expect("number") - mean(&eight)).abs() < 1e-9, "{a}");
    assert!(a["citations"][0]["file"].as_str().expect("file").ends_with("cars.json"));
}
