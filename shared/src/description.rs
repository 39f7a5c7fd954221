//! What the user (or CSVW / datapackage.json metadata) tells us about a dataset beyond its cells.

pub mod joins;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use crate::names::stem;

/// Serialisable and editable: the app's schema editor and the query path read and write it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct DatasetDescription {
    pub title: Option<String>,
    pub description: Option<String>,
    pub source: Option<String>,
    /// Publication or reference date of the data, as given (ISO when known).
    pub date: Option<String>,
    pub license: Option<String>,
    /// Per column, keyed by "table/column" name as inspect shows it; tables with one column set omit nothing.
    pub columns: Vec<ColumnDescription>,
    /// What one row is called: "officials", "people", "students".
    pub row_aliases: Vec<String>,
    pub composed_fields: Vec<ComposedField>,
    pub field_groups: Vec<FieldGroup>,
    /// Tables whose orientation the user set explicitly (true = transposed).
    pub transposed: BTreeMap<String, bool>,
    /// Joins the user accepted or metadata declared.
    pub joins: Vec<joins::JoinCandidate>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ColumnDescription {
    /// The table this column belongs to (None: any table with a column of this name).
    pub table: Option<String>,
    pub name: String,
    pub readable_name: Option<String>,
    pub description: Option<String>,
    pub synonyms: Vec<String>,
    /// Language code → name in that language ("es" → "salario").
    pub translations: BTreeMap<String, String>,
    /// A type the user or metadata declared, overriding inference ("integer", "date", …).
    #[serde(rename = "type")]
    pub ty: Option<String>,
    pub unit: Option<String>,
    /// Stored value → other words for it ("Female" → ["women", "mujeres"]), so questions can name it.
    pub values: BTreeMap<String, Vec<String>>,
}

/// A field made of others: "address" = street + city + postcode; "name" = first + last.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ComposedField {
    pub name: String,
    pub parts: Vec<String>,
    pub separator: String,
}

/// Fields asked about together ("salary" → gross, net); `default` answers when the user does not pick.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FieldGroup {
    pub name: String,
    pub members: Vec<String>,
    pub default: Option<String>,
}

impl DatasetDescription {
    pub fn column(&self, table: &str, name: &str) -> Option<&ColumnDescription> {
        self.columns.iter().find(|c| c.name == name && c.table.as_deref().is_none_or(|t| t == table))
    }

    /// Turns every table whose orientation the user set the other way (`transposed`), so the
    /// schema, templates and questions all see the orientation the user chose.
    pub fn orient(&self, tables: &mut [crate::table::Table]) {
        for t in tables.iter_mut() {
            if self.transposed.get(&t.name).is_some_and(|&want| want != t.transposed) {
                *t = crate::ingest::headers::toggle_transpose(t);
            }
        }
    }

    /// The user's description wins; metadata that came with the files fills what it leaves out.
    pub fn over(mut self, found: DatasetDescription) -> DatasetDescription {
        for (g, f) in [
            (&mut self.title, found.title),
            (&mut self.description, found.description),
            (&mut self.source, found.source),
            (&mut self.date, found.date),
            (&mut self.license, found.license),
        ] {
            if g.is_none() {
                *g = f;
            }
        }
        for c in found.columns {
            if self.column(c.table.as_deref().unwrap_or(""), &c.name).is_none() {
                self.columns.push(c);
            }
        }
        for a in found.row_aliases {
            if !self.row_aliases.contains(&a) {
                self.row_aliases.push(a);
            }
        }
        for f in found.composed_fields {
            if !self.composed_fields.iter().any(|g| g.name == f.name) {
                self.composed_fields.push(f);
            }
        }
        for f in found.field_groups {
            if !self.field_groups.iter().any(|g| g.name == f.name) {
                self.field_groups.push(f);
            }
        }
        for (t, v) in found.transposed {
            self.transposed.entry(t).or_insert(v);
        }
        for j in found.joins {
            if !self.joins.contains(&j) {
                self.joins.push(j);
            }
        }
        self
    }

    fn column_mut(&mut self, table: Option<&str>, name: &str) -> &mut ColumnDescription {
        let pos = self.columns.iter().position(|c| c.name == name && c.table.as_deref() == table);
        match pos {
            Some(i) => &mut self.columns[i],
            None => {
                self.columns.push(ColumnDescription { table: table.map(str::to_string), name: name.to_string(), ..Default::default() });
                self.columns.last_mut().expect("just pushed")
            }
        }
    }

    /// Fills empty fields from CSVW metadata (W3C "Metadata Vocabulary for Tabular Data").
    pub fn merge_csvw(&mut self, meta: &Json) {
        let tables: Vec<&Json> = match meta.get("tables").and_then(Json::as_array) {
            Some(ts) => ts.iter().collect(),
            None => vec![meta],
        };
        set_if_empty(&mut self.title, text_of(meta.get("dc:title").or_else(|| meta.get("title"))));
        set_if_empty(&mut self.description, text_of(meta.get("dc:description").or_else(|| meta.get("description"))));
        set_if_empty(&mut self.source, text_of(meta.get("dc:source").or_else(|| meta.get("dc:publisher")).or_else(|| meta.get("url"))));
        set_if_empty(&mut self.date, text_of(meta.get("dc:modified").or_else(|| meta.get("dc:issued"))));
        set_if_empty(&mut self.license, text_of(meta.get("dc:license").or_else(|| meta.get("license"))));
        for t in tables {
            let table = t.get("url").and_then(Json::as_str).map(|u| stem(u).to_string());
            let Some(cols) = t.pointer("/tableSchema/columns").and_then(Json::as_array) else { continue };
            for c in cols {
                let Some(name) = c.get("name").and_then(Json::as_str).or_else(|| first_title(c)) else { continue };
                let d = self.column_mut(table.as_deref(), name);
                if d.readable_name.is_none() {
                    d.readable_name = first_title(c).filter(|t| *t != name).map(str::to_string);
                }
                set_if_empty(&mut d.description, text_of(c.get("dc:description").or_else(|| c.get("description"))));
                set_if_empty(&mut d.ty, text_of(c.get("datatype").and_then(|d| d.get("base").or(Some(d)))).map(|t| csvw_type(&t)));
                // Extra titles (several, or per language) become synonyms and translations.
                match c.get("titles") {
                    Some(Json::Array(a)) => {
                        for t in a.iter().skip(1).filter_map(Json::as_str) {
                            push_unique(&mut d.synonyms, t);
                        }
                    }
                    Some(Json::Object(m)) => {
                        for (lang, v) in m {
                            if let Some(s) = text_of(Some(v)) {
                                d.translations.entry(lang.clone()).or_insert(s);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// Fills empty fields from a Frictionless Data `datapackage.json`.
    pub fn merge_datapackage(&mut self, pkg: &Json) {
        set_if_empty(&mut self.title, text_of(pkg.get("title").or_else(|| pkg.get("name"))));
        set_if_empty(&mut self.description, text_of(pkg.get("description")));
        set_if_empty(
            &mut self.source,
            pkg.get("sources")
                .and_then(Json::as_array)
                .and_then(|s| s.first())
                .and_then(|s| text_of(s.get("title").or_else(|| s.get("path"))))
                .or_else(|| text_of(pkg.get("homepage"))),
        );
        set_if_empty(&mut self.date, text_of(pkg.get("created").or_else(|| pkg.get("version"))));
        set_if_empty(
            &mut self.license,
            pkg.get("licenses")
                .and_then(Json::as_array)
                .and_then(|l| l.first())
                .and_then(|l| text_of(l.get("name").or_else(|| l.get("title")))),
        );
        for res in pkg.get("resources").and_then(Json::as_array).into_iter().flatten() {
            let table = res
                .get("path")
                .and_then(Json::as_str)
                .map(|p| stem(p).to_string())
                .or_else(|| res.get("name").and_then(Json::as_str).map(str::to_string));
            let schema = res.get("schema");
            for f in schema.and_then(|s| s.get("fields")).and_then(Json::as_array).into_iter().flatten() {
                let Some(name) = f.get("name").and_then(Json::as_str) else { continue };
                let d = self.column_mut(table.as_deref(), name);
                set_if_empty(&mut d.readable_name, text_of(f.get("title")));
                set_if_empty(&mut d.description, text_of(f.get("description")));
                set_if_empty(&mut d.ty, text_of(f.get("type")).map(|t| frictionless_type(&t)));
            }
            for fk in schema.and_then(|s| s.get("foreignKeys")).and_then(Json::as_array).into_iter().flatten() {
                let (Some(from), Some(table_from)) = (one_field(fk.get("fields")), table.clone()) else { continue };
                let Some(reference) = fk.get("reference") else { continue };
                let Some(to) = one_field(reference.get("fields")) else { continue };
                let to_table = reference
                    .get("resource")
                    .and_then(Json::as_str)
                    .filter(|r| !r.is_empty())
                    .map(str::to_string)
                    .unwrap_or_else(|| table_from.clone());
                let j = joins::JoinCandidate {
                    from_table: table_from,
                    from_column: from,
                    to_table,
                    to_column: to,
                    coverage: 1.0,
                    score: 1.0,
                    declared: true,
                };
                if !self.joins.contains(&j) {
                    self.joins.push(j);
                }
            }
        }
    }
}

fn one_field(v: Option<&Json>) -> Option<String> {
    match v? {
        Json::String(s) => Some(s.clone()),
        Json::Array(a) if a.len() == 1 => a[0].as_str().map(str::to_string),
        _ => None,
    }
}

fn first_title(c: &Json) -> Option<&str> {
    match c.get("titles")? {
        Json::String(s) => Some(s),
        Json::Array(a) => a.first().and_then(Json::as_str),
        Json::Object(m) => m.values().next().and_then(|v| match v {
            Json::String(s) => Some(s.as_str()),
            Json::Array(a) => a.first().and_then(Json::as_str),
            _ => None,
        }),
        _ => None,
    }
}

/// Metadata strings may be plain, `{"@value": …}`, or language maps; take the first text.
fn text_of(v: Option<&Json>) -> Option<String> {
    match v? {
        Json::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Json::Array(a) => a.iter().find_map(|x| text_of(Some(x))),
        Json::Object(m) => {
            m.get("@value").or_else(|| m.get("@id")).and_then(|x| text_of(Some(x))).or_else(|| m.values().find_map(|x| text_of(Some(x))))
        }
        Json::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn set_if_empty(slot: &mut Option<String>, v: Option<String>) {
    if slot.is_none() {
        *slot = v;
    }
}

fn push_unique(v: &mut Vec<String>, s: &str) {
    if !v.iter().any(|x| x == s) {
        v.push(s.to_string());
    }
}

fn csvw_type(t: &str) -> String {
    match t {
        "integer" | "int" | "long" | "short" | "byte" | "nonNegativeInteger" | "positiveInteger" => "integer",
        "decimal" | "double" | "float" | "number" => "decimal",
        "date" | "gYear" | "gYearMonth" => "date",
        "dateTime" | "datetime" | "dateTimeStamp" => "datetime",
        "boolean" => "boolean",
        _ => "text",
    }
    .to_string()
}

fn frictionless_type(t: &str) -> String {
    match t {
        "integer" => "integer",
        "number" => "decimal",
        "date" | "year" | "yearmonth" => "date",
        "datetime" => "datetime",
        "boolean" => "boolean",
        _ => "text",
    }
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csvw_fills_titles_types_and_translations() {
        let meta: Json = serde_json::from_str(
            r#"{"@context":"http://www.w3.org/ns/csvw","url":"data/officials.csv","dc:title":"Officials",
               "dc:source":"Ajuntament de Barcelona",
               "tableSchema":{"columns":[
                 {"name":"salary","titles":{"en":"Salary","es":"Salario"},"datatype":"decimal","dc:description":"Gross"},
                 {"name":"born","titles":["Born","Birth date"],"datatype":{"base":"date","format":"dd/MM/yyyy"}}]}}"#,
        )
        .unwrap();
        let mut d = DatasetDescription::default();
        d.merge_csvw(&meta);
        assert_eq!(d.title.as_deref(), Some("Officials"));
        assert_eq!(d.source.as_deref(), Some("Ajuntament de Barcelona"));
        let s = d.column("officials", "salary").unwrap();
        assert_eq!(s.ty.as_deref(), Some("decimal"));
        assert_eq!(s.translations.get("es").map(String::as_str), Some("Salario"));
        assert_eq!(s.description.as_deref(), Some("Gross"));
        let b = d.column("officials", "born").unwrap();
        assert_eq!(b.ty.as_deref(), Some("date"));
        assert_eq!(b.readable_name.as_deref(), Some("Born"));
        assert_eq!(b.synonyms, vec!["Birth date".to_string()]);
    }

    #[test]
    fn datapackage_fills_fields_and_foreign_keys() {
        let pkg: Json = serde_json::from_str(
            r#"{"name":"school","title":"School records","sources":[{"title":"Uni Registry"}],
               "resources":[
                 {"path":"students.csv","schema":{"fields":[{"name":"id","type":"integer","title":"Student ID"}]}},
                 {"path":"grades.csv","schema":{"fields":[{"name":"student","type":"integer"}],
                   "foreignKeys":[{"fields":"student","reference":{"resource":"students","fields":"id"}}]}}]}"#,
        )
        .unwrap();
        let mut d = DatasetDescription::default();
        d.merge_datapackage(&pkg);
        assert_eq!(d.title.as_deref(), Some("School records"));
        assert_eq!(d.source.as_deref(), Some("Uni Registry"));
        assert_eq!(d.column("students", "id").unwrap().readable_name.as_deref(), Some("Student ID"));
        assert_eq!(d.joins.len(), 1);
        assert_eq!(d.joins[0].from_table, "grades");
        assert_eq!(d.joins[0].to_column, "id");
    }

    #[test]
    fn orient_turns_only_the_tables_the_user_set_the_other_way() {
        let csv = b"Field,Ada,Jaume\nAge,50,62\nParty,BComu,PSC\n";
        let plain = b"city,n\nVic,1\nReus,2\n";
        let files =
            [crate::ingest::SourceFile { name: "people.csv", bytes: csv }, crate::ingest::SourceFile { name: "towns.csv", bytes: plain }];
        let mut up = crate::ingest::load(&files);
        assert!(up.tables[0].transposed, "detected as transposed");
        let mut d = DatasetDescription::default();
        d.transposed.insert(up.tables[0].name.clone(), false);
        d.transposed.insert(up.tables[1].name.clone(), false);
        let towns = up.tables[1].clone();
        d.orient(&mut up.tables);
        assert!(!up.tables[0].transposed);
        assert_eq!(up.tables[0].column_names(), ["Field", "Ada", "Jaume"]);
        assert_eq!(up.tables[1], towns, "already as the user wants it");
    }
}
