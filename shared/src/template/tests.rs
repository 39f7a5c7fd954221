use super::*;
use crate::schema::infer_table;
use crate::table::{ColumnHeader, Table, Value};

fn students() -> Table {
    let rows: Vec<serde_json::Value> = serde_json::from_str(
        r#"[{"Matr_Nr": "S1001", "Name": "Ada", "Building": [{"Building": "A", "Room": 101}, {"Building": "B", "Room": 7}], "Tags": ["math", "cs"]},
            {"Matr_Nr": "S1002", "Name": "{{Matr_Nr}}", "Building": [], "Tags": []}]"#,
    )
    .unwrap();
    let cols = ["Matr_Nr", "Name", "Building", "Tags"];
    Table {
        name: "students".into(),
        file: "students.json".into(),
        columns: cols.iter().map(|c| ColumnHeader::single(*c)).collect(),
        rows: rows.into_iter().map(|r| cols.iter().map(|c| Value::from(r[*c].clone())).collect()).collect(),
        ..Default::default()
    }
}

#[test]
fn static_template_covers_nested_lists_and_fills_safely() {
    let t = students();
    let s = infer_table(&t);
    let src = generate_static(&s.columns, None);
    assert!(src.contains("The value for 'Matr_Nr' is {{Matr_Nr}}."), "{src}");
    assert!(
        src.contains(
            "The field 'Building' is a list where each item contains: {{#Building|; }}Building: {{Building}}, Room: {{Room}}{{/Building}}."
        ),
        "{src}"
    );
    let c = compile(&parse(&src).unwrap(), &s.columns).unwrap();
    let mut used = Vec::new();
    let mut out = String::new();
    c.fill(&t.rows[0], &mut out, &mut used);
    assert!(out.contains("Building: A, Room: 101; Building: B, Room: 7"), "{out}");
    assert!(out.contains("is a list of: math, cs."), "{out}");
    assert_eq!(used, vec![0, 1, 2, 3]);
    // A cell holding template syntax stays text.
    let second = c.render(&t.rows[1]);
    assert!(second.contains("The value for 'Name' is {{Matr_Nr}}."), "{second}");
    assert!(!second.contains("S1002 is S1002"));
}

#[test]
fn unknown_placeholders_get_suggestions_with_positions() {
    let s = infer_table(&students());
    let e = compile(&parse("Student {{Matr_nr}}").unwrap(), &s.columns).unwrap_err();
    assert_eq!((e.line, e.column), (1, 9));
    assert!(e.message.contains("did you mean `Matr_Nr`"), "{}", e.message);
    let e = compile(&parse("x\n{{Building}}").unwrap(), &s.columns).unwrap_err();
    assert!(e.message.contains("nested records"), "{}", e.message);
    let e = compile(&parse("{{Room}}").unwrap(), &s.columns).unwrap_err();
    assert!(e.message.contains("unknown placeholder"));
}

#[test]
fn compile_refuses_hand_built_trees_deeper_than_parse_allows() {
    let s = infer_table(&students());
    let span = Span { line: 1, column: 1 };
    let mut node = Node::Text("x".into());
    for _ in 0..=MAX_SECTION_DEPTH {
        node = Node::Section { name: "Matr_Nr".into(), inverted: true, separator: String::new(), body: vec![node], span };
    }
    let e = compile(&Template { nodes: vec![node] }, &s.columns).unwrap_err();
    assert!(e.message.contains("nested more than"), "{e}");
}

#[test]
fn sets_round_trip() {
    let set = join_set(&[("a".into(), "A {{x}}".into()), ("b".into(), "B".into())]);
    assert_eq!(split_set(&set), vec![(Some("a".into()), "A {{x}}".into()), (Some("b".into()), "B".into())]);
    assert_eq!(split_set("just {{one}}\n"), vec![(None, "just {{one}}".into())]);
}

mod props {
    use super::*;
    use proptest::prelude::*;

    fn table_of(names: &[String], cells: &[Vec<String>]) -> Table {
        Table {
            name: "p".into(),
            file: "p.csv".into(),
            columns: names.iter().map(|n| ColumnHeader::single(n.clone())).collect(),
            rows: cells.iter().map(|r| r.iter().map(|c| Value::Text(c.clone())).collect()).collect(),
            ..Default::default()
        }
    }

    proptest! {
        /// Any column names (braces, pipes, quotes included) give a static template that parses and binds.
        #[test]
        fn static_templates_always_compile(names in proptest::collection::hash_set("\\PC{1,12}", 1..6),
                                           cell in "\\PC{0,20}") {
            let names: Vec<String> = names.into_iter().collect();
            let row: Vec<String> = names.iter().map(|_| cell.clone()).collect();
            let t = table_of(&names, &[row.clone(), row]);
            let s = infer_table(&t);
            let src = generate_static(&s.columns, None);
            let c = compile(&parse(&src).unwrap(), &s.columns).unwrap();
            let _ = c.render(&t.rows[0]);
        }

        /// Cell values appear verbatim (trimmed) and are never expanded, whatever they contain.
        #[test]
        fn fill_is_injection_safe(value in "[a-z{}#/^ ]{1,30}") {
            prop_assume!(!crate::schema::is_missing(&value));
            let names = vec!["a".to_string(), "b".to_string()];
            let t = table_of(&names, &[vec![value.clone(), "SECRET".into()], vec!["x y".into(), "z".into()]]);
            let s = infer_table(&t);
            let c = compile(&parse("[{{a}}]").unwrap(), &s.columns).unwrap();
            prop_assert_eq!(c.render(&t.rows[0]), format!("[{}]", value.trim()));
        }

        /// Text without braces is its own template.
        #[test]
        fn plain_text_round_trips(text in "[^{}\\\\]{0,60}") {
            let t = parse(&text).unwrap();
            let c = compile(&t, &[]).unwrap();
            prop_assert_eq!(c.render(&[]), text);
        }
    }
}
