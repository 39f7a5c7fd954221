//! `tabletalk index` + `tabletalk search` + `tabletalk embed` on real public tables with the real
//! all-MiniLM-L6-v2 weights (`cargo xtask fixtures` and `cargo xtask models` fetch both).

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn vega(name: &str) -> String {
    let p = root().join(".cache/fixtures/vega").join(name);
    assert!(p.exists(), "{} is missing: run `cargo xtask fixtures`", p.display());
    p.display().to_string()
}

fn run(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_tabletalk")).args(args).current_dir(root()).output().expect("tabletalk runs");
    out
}

fn ok_json(args: &[&str]) -> Value {
    let out = run(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

fn top_row(result: &Value) -> (String, u64) {
    let p = &result["results"][0]["provenance"];
    (p["table"].as_str().unwrap().to_string(), p["row"].as_u64().unwrap())
}

/// The 1-based data row of the first line of `file` containing `needle`.
fn row_of(file: &str, needle: &str) -> u64 {
    let text = std::fs::read_to_string(file).unwrap();
    text.lines().skip(1).position(|l| l.contains(needle)).expect("needle in file") as u64 + 1
}

#[test]
fn index_then_search_finds_the_row_a_lookup_question_is_about() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("idx");
    let riots = vega("la-riots.csv");
    let power = vega("iowa-electricity.csv");
    let out = run(&["index", &riots, &power, "--out", out_dir.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("rows/s"), "progress with a rate: {stderr}");
    assert!(stderr.contains("indexed 114 passages from 2 table(s)"), "{stderr}");
    let manifest: Value = serde_json::from_slice(&std::fs::read(out_dir.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["model"], "all-MiniLM-L6-v2");
    assert_eq!(manifest["dim"], 384);
    assert_eq!(manifest["passages"], 114);

    let idx = out_dir.to_str().unwrap();
    // Questions in the words of a reader, not the sentence's: each must land on its row.
    for (question, table, needle, file) in [
        ("How old was Cesar A. Aguilar?", "la-riots", "Cesar A.,Aguilar", &riots),
        ("In which neighborhood did George Alvarez die?", "la-riots", "George,Alvarez", &riots),
    ] {
        let result = ok_json(&["search", idx, question, "-k", "5", "--json"]);
        assert_eq!(result["mode"], "hybrid");
        assert_eq!(result["results"].as_array().unwrap().len(), 5);
        assert_eq!(top_row(&result), (table.to_string(), row_of(file, needle)), "{question}: {result:#}");
        let dense = ok_json(&["search", idx, question, "--mode", "dense", "--json"]);
        let scores: Vec<f64> = dense["results"].as_array().unwrap().iter().map(|r| r["score"].as_f64().unwrap()).collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "scores descend: {scores:?}");
        assert!(scores[0] > 0.3 && scores[0] <= 1.0001, "cosine range: {scores:?}");
    }

    // Rows told apart only by a year: the embedding barely separates 2009 from 2010 (dense ranks
    // neighbours first), BM25 matches the token exactly, and the fusion keeps it in the top 3.
    let question = "How much electricity came from nuclear energy in Iowa in 2010?";
    let want = ("iowa-electricity".to_string(), row_of(&power, "2010-01-01,Nuclear Energy"));
    let lexical = ok_json(&["search", idx, question, "--mode", "lexical", "--json"]);
    assert_eq!(top_row(&lexical), want, "{lexical:#}");
    let hybrid = ok_json(&["search", idx, question, "-k", "3", "--json"]);
    let rows: Vec<(String, u64)> = hybrid["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["provenance"]["table"].as_str().unwrap().to_string(), r["provenance"]["row"].as_u64().unwrap()))
        .collect();
    assert!(rows.contains(&want), "{hybrid:#}");

    // Human output names file, table, row and the passage.
    let out = run(&["search", idx, "How old was Cesar A. Aguilar?", "-k", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("1. "), "{text}");
    assert!(text.contains("la-riots.csv · table la-riots · row 1"), "{text}");
    assert!(text.contains("Aguilar"), "{text}");

    // Lexical search needs no model.
    let lex = ok_json(&["search", idx, "Aguilar", "--mode", "lexical", "-k", "1", "--json"]);
    assert_eq!(top_row(&lex), ("la-riots".to_string(), 1));

    // The vectors are made from the columns that carry meaning; the coordinates are left to words.
    let riots_entry = &manifest["tables"][0];
    let made: Vec<&str> = riots_entry["embedded_columns"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert!(made.contains(&"last_name") && made.contains(&"neighborhood"), "{riots_entry:#}");
    assert!(riots_entry["left_to_words"].as_array().unwrap().iter().any(|c| c == "latitude"), "{riots_entry:#}");
    assert_eq!(manifest["cached"], 0);

    // Indexing the same files into the same folder again embeds nothing: every vector is cached,
    // and the collection is the same, byte for byte but for its date.
    let before = std::fs::read(out_dir.join("collection.ttc")).unwrap();
    let again = run(&["index", &riots, &power, "--out", out_dir.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&again.stderr);
    assert!(again.status.success(), "{stderr}");
    let vectors = manifest["vectors"].as_u64().unwrap();
    assert!(stderr.contains(&format!("{vectors} of {vectors} texts' vectors came from the cache; 0 embedded")), "{stderr}");
    let manifest: Value = serde_json::from_slice(&std::fs::read(out_dir.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["cached"].as_u64(), Some(vectors));
    let after = std::fs::read(out_dir.join("collection.ttc")).unwrap();
    assert_eq!(before.len(), after.len());
    let hybrid_again = ok_json(&["search", idx, question, "-k", "3", "--json"]);
    assert_eq!(hybrid_again["results"], hybrid["results"], "the cached vectors rank as the embedded ones did");
}

#[test]
fn hnsw_and_int8_collections_answer_like_the_exact_one() {
    let dir = tempfile::tempdir().unwrap();
    let riots = vega("la-riots.csv");
    let q = "What was the age of George Alvarez?";
    let mut tops = Vec::new();
    for dense in ["flat", "int8", "hnsw"] {
        let out_dir = dir.path().join(dense);
        let out = run(&["index", &riots, "--out", out_dir.to_str().unwrap(), "--dense", dense]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        tops.push(top_row(&ok_json(&["search", out_dir.to_str().unwrap(), q, "--mode", "dense", "--json"])));
    }
    assert_eq!(tops[0], ("la-riots".to_string(), row_of(&riots, "George,Alvarez")));
    assert!(tops.iter().all(|t| *t == tops[0]), "{tops:?}");
}

#[test]
fn embed_prints_unit_vectors_as_json() {
    let v = ok_json(&["embed", "--json", "Barcelona city council salaries", "Ada Colau"]);
    assert_eq!(v["model"], "all-MiniLM-L6-v2");
    assert_eq!(v["dim"], 384);
    let vectors = v["vectors"].as_array().unwrap();
    assert_eq!(vectors.len(), 2);
    for vec in vectors {
        let xs: Vec<f64> = vec.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
        assert_eq!(xs.len(), 384);
        assert!((xs.iter().map(|x| x * x).sum::<f64>() - 1.0).abs() < 1e-4);
    }
    assert_ne!(vectors[0], vectors[1]);
}

#[test]
fn bad_inputs_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    // No collection there.
    let out = run(&["search", dir.path().to_str().unwrap(), "anything"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("collection.ttc"), "{}", String::from_utf8_lossy(&out.stderr));
    // A corrupt collection.
    std::fs::write(dir.path().join("collection.ttc"), b"TTCOLL garbage that is not a collection").unwrap();
    let out = run(&["search", dir.path().to_str().unwrap(), "anything"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("loading") && err.contains("collection.ttc"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // An unknown model.
    let out = run(&["embed", "hello", "--model", "no-such-model"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("model \"no-such-model\" not found"));
    // A header-only file: nothing to index.
    let empty = dir.path().join("empty.csv");
    std::fs::write(&empty, "a,b\n").unwrap();
    let out = run(&["index", empty.to_str().unwrap(), "--out", dir.path().join("x").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing to index"), "{}", String::from_utf8_lossy(&out.stderr));
}
