//! The retrieval harness (`cargo xtask eval-retrieval`) on one small real table, so CI runs its
//! code path: key finding, questions, the three passage configurations, the three search modes and
//! the Markdown report. Needs `cargo xtask fixtures` and `cargo xtask models`.

#[allow(dead_code)]
#[path = "../examples/eval_retrieval/harness.rs"]
mod harness;

use harness::{Config, Mode, Options};

#[test]
fn smoke_run_finds_the_asked_rows_with_the_template_and_hybrid_search() {
    let options = Options::smoke();
    let embedder = harness::load_embedder().unwrap();
    let report = harness::run(&options, &embedder).unwrap();
    assert_eq!(report.tables.len(), 1);
    let t = &report.tables[0];
    assert_eq!(t.label, "la-riots.csv");
    assert_eq!(t.key, ["first_name", "last_name"], "a person is named by first and last name together");
    assert_eq!(t.questions.len(), 20);
    assert!(t.leaf_same, "la-riots.csv has a one-row header, so (b) and (c) are the same passages");

    let table = harness::load_table(&options.sources[0]).unwrap();
    for q in &t.questions {
        // The question names the row by the person's name, and never holds the answer.
        let row = &table.rows[q.row.index()];
        let first = row[0].as_text().unwrap().trim();
        let last = row[1].as_text().unwrap().trim();
        assert!(q.text.contains(&format!("{first} {last}")), "{:?} should name {first} {last}", q.text);
        let answer = row[table.column_index(&q.target).unwrap()].as_text().unwrap();
        assert!(!harness::gives_away(&q.text, answer, answer), "{:?} gives away {answer:?}", q.text);
    }

    let hybrid5 = t.hit_rate(Config::Paths, Mode::Hybrid, 5);
    let report_md = harness::markdown(&report);
    eprintln!("{report_md}");
    assert!(hybrid5 >= 0.9, "template + hybrid hit@5 is {hybrid5:.3} on la-riots.csv, below 0.9");
    for config in Config::ALL {
        for mode in Mode::ALL {
            let at1 = t.hit_rate(config, mode, 1);
            let at5 = t.hit_rate(config, mode, 5);
            assert!(at1 <= at5, "{config:?} {mode:?}: hit@1 {at1} > hit@5 {at5}");
        }
    }
    assert!(report_md.contains("| (c) template, header paths |"));
    assert!(report_md.contains("= (c)"), "(b) is shown as the same as (c)");
}
