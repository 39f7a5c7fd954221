//! JSON and JSON Lines: records keep their nested lists and objects (templates recurse into them)
//! instead of being flattened blindly into dotted columns.

use indexmap::IndexSet;
use serde_json::Value as Json;

use super::headers::table_from_grid;
use super::limits::Limits;
use crate::error::{IngestError, Location, Warning};
use crate::table::{ColumnHeader, Table, TableContext, Value};

/// Reads JSON (array of objects, object holding lists, nested lists, keyed objects) into tables.
pub fn read_json(file: &str, text: &str, limits: &Limits, warnings: &mut Vec<Warning>) -> Result<Vec<Table>, IngestError> {
    read_json_parts(file, text, limits, warnings).map(|(tables, _)| tables)
}

/// As `read_json`, and whether the file held one object read as one record (a file of the same
/// shape beside it then joins it in one table: `ingest::merge_records`).
pub fn read_json_parts(file: &str, text: &str, limits: &Limits, warnings: &mut Vec<Warning>) -> Result<(Vec<Table>, bool), IngestError> {
    let root: Json = serde_json::from_str(text).map_err(|e| IngestError::Malformed {
        at: Location::file(file),
        message: format!("invalid JSON at line {}, column {}: {e}", e.line(), e.column()),
    })?;
    let stem = crate::names::stem(file);
    if let Json::Object(map) = &root {
        if is_one_record(map) {
            let t = records_table(file, stem, vec![&root], None, limits, warnings)?;
            return Ok((vec![t], true));
        }
    }
    let mut found = Vec::new();
    collect_tables(&root, stem, 0, &mut found);
    if found.is_empty() {
        return Err(IngestError::NoTable {
            file: file.to_string(),
            reason: "no list of records found (expected an array of objects, or an object holding one)".into(),
        });
    }
    let single = found.len() == 1;
    let mut tables = Vec::new();
    for (path, shape) in found {
        let name = if single { stem.to_string() } else { path.clone() };
        let t = match shape {
            Found::Records(items) => {
                let mut t = records_table(file, &name, items.iter().collect(), None, limits, warnings)?;
                // An envelope's own fields ("count", "type", "title") are kept as the caption.
                if let Some(caption) = envelope_caption(&root, &path, stem) {
                    t.context = Some(TableContext { caption: Some(caption), ..Default::default() });
                }
                t
            }
            Found::Keyed(map) => {
                let items: Vec<&Json> = map.iter().map(|(_, v)| v).collect();
                let keys: Vec<String> = map.iter().map(|(k, _)| k.clone()).collect();
                records_table(file, &name, items, Some(keys), limits, warnings)?
            }
            Found::Grid(rows) => {
                let grid = rows.iter().map(|r| r.as_array().map(|a| a.iter().map(scalar_text).collect()).unwrap_or_default()).collect();
                table_from_grid(file, &name, grid, limits, warnings)?
            }
            Found::Scalars(items) => Table {
                // Nesting is bounded here as in records: templates and inference recurse into it.
                rows: check_depth(file, items, limits)?,
                name: name.clone(),
                file: file.to_string(),
                columns: vec![ColumnHeader::single("value")],
                ..Default::default()
            },
        };
        tables.push(t);
    }
    Ok((tables, false))
}

/// Reads JSON Lines: one record per line; a broken line is skipped with a warning naming it.
pub fn read_jsonl(file: &str, text: &str, limits: &Limits, warnings: &mut Vec<Warning>) -> Result<Table, IngestError> {
    let mut items = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Json>(line) {
            Ok(v) => items.push(v),
            Err(e) if items.is_empty() && i == 0 => {
                return Err(IngestError::Malformed {
                    at: Location::file(file).row(1),
                    message: format!("line 1 is not JSON (column {}): {e}", e.column()),
                })
            }
            Err(e) => warnings.push(Warning::new(
                Location::file(file).row(items.len() as u64 + 1),
                format!("line {} is not valid JSON (column {}: {e}); skipped", i + 1, e.column()),
            )),
        }
    }
    if items.is_empty() {
        return Err(IngestError::Empty { file: file.to_string() });
    }
    records_table(file, crate::names::stem(file), items.iter().collect(), None, limits, warnings)
}

/// Keys under which JSON exports commonly put their rows (REST pages, JSON:API, GeoJSON, search hits).
const COLLECTION_KEYS: [&str; 10] = ["data", "results", "items", "records", "rows", "features", "entries", "hits", "objects", "elements"];

fn is_scalar(v: &Json) -> bool {
    matches!(v, Json::String(_) | Json::Number(_) | Json::Bool(_))
}

fn holds_objects(v: &Json) -> bool {
    v.as_array().is_some_and(|a| a.iter().any(Json::is_object))
}

/// The one list of records of an envelope (`{"count": 2, "results": [...]}`): exactly one field
/// holds objects in a list, and it has a collection's name.
fn envelope_key(map: &serde_json::Map<String, Json>) -> Option<&str> {
    let mut lists = map.iter().filter(|(_, v)| holds_objects(v));
    let (key, _) = lists.next()?;
    if lists.next().is_some() {
        return None;
    }
    COLLECTION_KEYS.contains(&key.to_ascii_lowercase().as_str()).then_some(key.as_str())
}

/// A root object with values of its own (a student's Matr_Nr and name) is one record, whatever
/// lists of records (their exams) it holds: they nest in it as in an array of such objects, and
/// nothing is dropped. Objects with no values of their own (keyed maps, `{"students": […], "rooms":
/// […]}`) and envelopes keep their lists as tables.
fn is_one_record(map: &serde_json::Map<String, Json>) -> bool {
    let own_values = map.values().any(|v| is_scalar(v) || v.as_array().is_some_and(|a| a.iter().any(is_scalar)));
    own_values && envelope_key(map).is_none()
}

/// "count: 2; next: null" for the root envelope's other fields, when `path` is its list.
fn envelope_caption(root: &Json, path: &str, stem: &str) -> Option<String> {
    let map = root.as_object()?;
    let key = envelope_key(map)?;
    if path != format!("{stem}:{key}") {
        return None;
    }
    let parts: Vec<String> = map
        .iter()
        .filter(|(k, _)| k.as_str() != key)
        .map(|(k, v)| match v {
            Json::String(s) => format!("{k}: {s}"),
            other => format!("{k}: {other}"),
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join("; "))
}

enum Found<'a> {
    Records(&'a [Json]),
    Keyed(&'a serde_json::Map<String, Json>),
    Grid(&'a [Json]),
    Scalars(&'a [Json]),
}

/// The shallowest lists (or keyed maps) of records, named by their path.
fn collect_tables<'a>(v: &'a Json, path: &str, depth: usize, out: &mut Vec<(String, Found<'a>)>) {
    if depth > 8 {
        return;
    }
    match v {
        Json::Array(items) if !items.is_empty() => {
            let objects = items.iter().filter(|x| x.is_object()).count();
            let arrays = items.iter().filter(|x| x.is_array()).count();
            if objects * 2 >= items.len() {
                out.push((path.to_string(), Found::Records(items)));
            } else if arrays == items.len() {
                out.push((path.to_string(), Found::Grid(items)));
            } else {
                out.push((path.to_string(), Found::Scalars(items)));
            }
        }
        Json::Object(map) => {
            let before = out.len();
            let objects = map.values().filter(|x| x.is_object()).count();
            let lists = map.values().filter(|x| x.as_array().is_some_and(|a| a.iter().any(Json::is_object))).count();
            if map.len() >= 2 && objects == map.len() && lists == 0 {
                out.push((path.to_string(), Found::Keyed(map)));
                return;
            }
            for (k, child) in map {
                if matches!(child, Json::Array(a) if a.iter().any(Json::is_object)) {
                    out.push((format!("{path}:{k}"), Found::Records(child.as_array().map(Vec::as_slice).unwrap_or(&[]))));
                }
            }
            if out.len() == before {
                for (k, child) in map {
                    if child.is_object() {
                        collect_tables(child, &format!("{path}:{k}"), depth + 1, out);
                    }
                }
            }
            // An object with no list anywhere is one record.
            if out.len() == before && depth == 0 {
                out.push((path.to_string(), Found::Records(std::slice::from_ref(v))));
            }
        }
        _ => {}
    }
}

fn scalar_text(v: &Json) -> String {
    match v {
        Json::Null => String::new(),
        Json::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn depth_of(v: &Json) -> usize {
    match v {
        Json::Array(a) => 1 + a.iter().map(depth_of).max().unwrap_or(0),
        Json::Object(o) => 1 + o.values().map(depth_of).max().unwrap_or(0),
        _ => 0,
    }
}

/// The items as one-cell rows, refused (with the row) when one nests deeper than the limit.
fn check_depth(file: &str, items: &[Json], limits: &Limits) -> Result<Vec<Vec<Value>>, IngestError> {
    items
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let d = depth_of(v);
            if d > limits.max_depth {
                return Err(IngestError::TooLarge {
                    at: Location::file(file).row(i as u64 + 1),
                    message: format!("nested {d} levels deep; at most {} are supported", limits.max_depth),
                });
            }
            Ok(vec![Value::from(v.clone())])
        })
        .collect()
}

fn kind_name(v: &Json) -> &'static str {
    match v {
        Json::Null => "null",
        Json::Array(_) => "a list",
        Json::Object(_) => "an object",
        _ => "a value",
    }
}

fn records_table(
    file: &str,
    name: &str,
    items: Vec<&Json>,
    keys: Option<Vec<String>>,
    limits: &Limits,
    warnings: &mut Vec<Warning>,
) -> Result<Table, IngestError> {
    let mut columns: IndexSet<String> = IndexSet::new();
    if keys.is_some() {
        columns.insert("key".into());
    }
    for (i, it) in items.iter().enumerate() {
        match it {
            Json::Object(o) => {
                for k in o.keys() {
                    columns.insert(k.clone());
                    if columns.len() > limits.max_columns {
                        return Err(IngestError::TooLarge {
                            at: Location::file(file).row(i as u64 + 1),
                            message: format!("more than {} distinct fields", limits.max_columns),
                        });
                    }
                }
            }
            other => warnings.push(Warning::new(
                Location::file(file).row(i as u64 + 1),
                format!("record is {} rather than an object; kept under \"value\"", kind_name(other)),
            )),
        }
        let d = depth_of(it);
        if d > limits.max_depth {
            return Err(IngestError::TooLarge {
                at: Location::file(file).row(i as u64 + 1),
                message: format!("nested {d} levels deep; at most {} are supported", limits.max_depth),
            });
        }
    }
    if items.iter().any(|i| !i.is_object()) {
        columns.insert("value".into());
    }
    let mut rows = Vec::with_capacity(items.len());
    for (i, it) in items.iter().enumerate() {
        let mut row = vec![Value::Null; columns.len()];
        if let Some(k) = &keys {
            row[0] = Value::Text(k[i].clone());
        }
        match it {
            Json::Object(o) => {
                for (k, v) in o {
                    if let Some(c) = columns.get_index_of(k) {
                        check_cells(file, i, k, v, limits)?;
                        row[c] = Value::from(v.clone());
                    }
                }
            }
            other => {
                if let Some(c) = columns.get_index_of("value") {
                    row[c] = Value::from((*other).clone());
                }
            }
        }
        rows.push(row);
    }
    // Mixed shapes in one field (a list here, a string there) are kept, and named.
    for (c, col) in columns.iter().enumerate() {
        let mut first: Option<(&'static str, usize)> = None;
        for (i, it) in items.iter().enumerate() {
            let Some(v) = it.get(col) else { continue };
            if v.is_null() {
                continue;
            }
            let k = match v {
                Json::Array(_) => "a list",
                Json::Object(_) => "an object",
                _ => "a value",
            };
            match first {
                None => first = Some((k, i)),
                Some((f, fi)) if f != k => {
                    warnings.push(Warning::new(
                        Location::file(file).row(i as u64 + 1).column(col.clone()),
                        format!("field holds {k} here but {f} in row {}; both kept", fi + 1),
                    ));
                    break;
                }
                _ => {}
            }
        }
        let _ = c;
    }
    if rows.is_empty() {
        warnings.push(Warning::new(Location::file(file), format!("table {name:?} has no records")));
    }
    Ok(Table {
        name: name.to_string(),
        file: file.to_string(),
        columns: columns.into_iter().map(ColumnHeader::single).collect(),
        rows,
        ..Default::default()
    })
}

fn check_cells(file: &str, row: usize, field: &str, v: &Json, limits: &Limits) -> Result<(), IngestError> {
    match v {
        Json::String(s) if s.len() > limits.max_cell_bytes => Err(IngestError::TooLarge {
            at: Location::file(file).row(row as u64 + 1).column(field),
            message: format!("a value of {} MB; at most {} MB per cell", s.len() >> 20, limits.max_cell_bytes >> 20),
        }),
        Json::Array(a) => a.iter().try_for_each(|x| check_cells(file, row, field, x, limits)),
        Json::Object(o) => o.iter().try_for_each(|(k, x)| check_cells(file, row, &format!("{field}.{k}"), x, limits)),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> (Vec<Table>, Vec<Warning>) {
        let mut w = Vec::new();
        (read_json("s.json", text, &Limits::default(), &mut w).unwrap(), w)
    }

    #[test]
    fn shapes() {
        let (t, _) = read(r#"[{"a":1,"b":[{"x":1}]},{"a":2,"c":"z"}]"#);
        assert_eq!(t[0].column_names(), ["a", "b", "c"]);
        assert!(matches!(t[0].rows[0][1], Value::List(_)));
        assert_eq!(t[0].rows[1][1], Value::Null);
        // An object without values of its own: its lists are the tables.
        let (t, _) = read(r#"{"students":[{"id":1},{"id":2}],"rooms":[{"r":"A"}]}"#);
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].name, "s:students");
        // With a value of its own it is one record (issue 20: "title" was dropped).
        let (t, _) = read(r#"{"title":"x","students":[{"id":1},{"id":2}],"rooms":[{"r":"A"}]}"#);
        assert_eq!((t.len(), t[0].rows.len()), (1, 1));
        assert_eq!(t[0].column_names(), ["title", "students", "rooms"]);
        let (t, _) = read(r#"{"uni":{"faculties":[{"name":"Law"}]}}"#);
        assert_eq!((t.len(), t[0].rows.len()), (1, 1));
        let (t, _) = read(r#"{"ada":{"age":36},"bob":{"age":41}}"#);
        assert_eq!(t[0].column_names(), ["key", "age"]);
        let (t, _) = read(r#"[["name","age"],["Ada","36"]]"#);
        assert_eq!(t[0].column_names(), ["name", "age"]);
    }

    #[test]
    fn one_object_is_one_record_and_keeps_its_scalars() {
        // Issue 20: the verbaliser paper's student record kept only its list of exams.
        let text = r#"{"Matr_Nr": 3184652, "First_Name": "Lena", "Last_Name": "Hoffmann", "Subject": "Computer Science",
                       "Exams": [{"Course": "Databases", "Grade": 1.3}, {"Course": "Analysis I", "Grade": 2.0}],
                       "Languages": ["de", "en"]}"#;
        let mut w = Vec::new();
        let (t, one) = read_json_parts("student-3184652.json", text, &Limits::default(), &mut w).unwrap();
        assert!(one);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].name, "student-3184652");
        assert_eq!(t[0].column_names(), ["Matr_Nr", "First_Name", "Last_Name", "Subject", "Exams", "Languages"]);
        assert_eq!(t[0].rows.len(), 1);
        assert_eq!(t[0].rows[0][0], Value::Text("3184652".into()));
        // The exams nest as they do in an array of such records.
        let (arr, _) = read(&format!("[{text}]"));
        assert_eq!(arr[0].rows[0], t[0].rows[0]);
        assert!(w.is_empty(), "{w:?}");
    }

    #[test]
    fn envelopes_keep_their_list_as_the_table_and_their_fields_as_the_caption() {
        let (t, _) = read(r#"{"count": 2, "next": null, "results": [{"id": 1}, {"id": 2}]}"#);
        assert_eq!((t.len(), t[0].rows.len()), (1, 2));
        assert_eq!(t[0].name, "s");
        assert_eq!(t[0].context.as_ref().and_then(|c| c.caption.as_deref()), Some("count: 2; next: null"));
        let (t, _) = read(r#"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "A"}}]}"#);
        assert_eq!(t[0].rows.len(), 1);
        assert_eq!(t[0].context.as_ref().and_then(|c| c.caption.as_deref()), Some("type: FeatureCollection"));
    }

    #[test]
    fn mixed_and_deep_inputs_warn_or_fail_with_location() {
        let (_, w) = read(r#"[{"a":"x"},{"a":[1,2]}]"#);
        assert_eq!(w[0].at.row, Some(2));
        assert_eq!(w[0].at.column.as_deref(), Some("a"));
        let mut deep = String::from("1");
        for _ in 0..70 {
            deep = format!("[{deep}]");
        }
        let mut w = Vec::new();
        let e = read_json("d.json", &format!(r#"[{{"ok":1}},{{"a":{deep}}}]"#), &Limits::default(), &mut w).unwrap_err();
        assert!(matches!(&e, IngestError::TooLarge { at, .. } if at.row == Some(2)), "{e}");
        let e = read_json("bad.json", "[{\"a\":1},\n{\"a\":}]", &Limits::default(), &mut w).unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
    }

    #[test]
    fn deep_values_in_a_list_of_plain_values_are_refused_not_templated() {
        // A list of mostly plain values skipped the depth check, so its static template could nest
        // past the template limit (100 sections) and `Verbaliser::with_static` would panic.
        let mut deep = String::from("1");
        for _ in 0..120 {
            deep = format!("{{\"a\":{deep}}}");
        }
        let mut w = Vec::new();
        let e = read_json("d.json", &format!("[1, 2, {deep}]"), &Limits::default(), &mut w).unwrap_err();
        assert!(matches!(&e, IngestError::TooLarge { at, .. } if at.row == Some(3)), "{e}");
        // Within the limit, the static template compiles and fills.
        let mut ok = String::from("1");
        for _ in 0..60 {
            ok = format!("{{\"a\":{ok}}}");
        }
        let t = read_json("d.json", &format!("[1, 2, {ok}]"), &Limits::default(), &mut w).unwrap().remove(0);
        let s = crate::schema::infer_table(&t);
        let mut v = crate::verbalise::Verbaliser::with_static(&s, &t);
        let _ = v.passage(crate::table::RowRef(3), &t.rows[2]);
    }

    #[test]
    fn jsonl_skips_broken_lines() {
        let mut w = Vec::new();
        let t = read_jsonl("x.jsonl", "{\"a\":1}\n{oops\n{\"a\":3}\n", &Limits::default(), &mut w).unwrap();
        assert_eq!(t.rows.len(), 2);
        assert!(w[0].message.contains("line 2"));
    }
}
