//! The inspect report: the stable JSON other tools read (`tabletalk inspect --json`, the app).

use serde::{Deserialize, Serialize};

use crate::description::joins::JoinCandidate;
use crate::ingest::Upload;
use crate::schema::{apply_declared, infer_table, ColumnSchema, ColumnType, TableSchema};

/// `{"tables":[{"name","rows","columns":[{"name","type","categorical","distinct","missing"}]}]}` plus extras.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct InspectReport {
    pub tables: Vec<TableReport>,
    pub errors: Vec<String>,
    pub warnings: Vec<String>,
    pub joins: Vec<JoinCandidate>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TableReport {
    pub name: String,
    pub file: String,
    pub rows: u64,
    pub transposed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    pub columns: Vec<ColumnReport>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ColumnReport {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: ColumnType,
    pub categorical: bool,
    pub distinct: u64,
    pub missing: u64,
    pub samples: Vec<String>,
    /// "list", "list_of_objects" or "object" for nested JSON fields; absent for plain columns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nested: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<ColumnReport>,
}

impl From<&ColumnSchema> for ColumnReport {
    fn from(c: &ColumnSchema) -> Self {
        use crate::schema::Shape;
        ColumnReport {
            name: c.name.clone(),
            ty: c.ty,
            categorical: c.categorical,
            distinct: c.distinct,
            missing: c.missing,
            samples: c.samples.clone(),
            nested: match c.shape {
                Shape::Scalar => None,
                Shape::List => Some("list".into()),
                Shape::ListOfObjects => Some("list_of_objects".into()),
                Shape::Object => Some("object".into()),
            },
            fields: c.fields.iter().map(ColumnReport::from).collect(),
        }
    }
}

/// Schemas of every table of an upload, in order, with the description's declared types applied.
pub fn schemas(upload: &Upload) -> Vec<TableSchema> {
    described_schemas(upload).0
}

/// The schemas, and why a declared type could not be applied.
fn described_schemas(upload: &Upload) -> (Vec<TableSchema>, Vec<String>) {
    let mut notes = Vec::new();
    let schemas = upload
        .tables
        .iter()
        .map(|t| {
            let mut s = infer_table(t);
            notes.extend(apply_declared(&mut s, &upload.description));
            s
        })
        .collect();
    (schemas, notes)
}

/// Builds the report (infers every table's schema).
pub fn inspect(upload: &Upload) -> InspectReport {
    let (schemas, notes) = described_schemas(upload);
    let tables = upload
        .tables
        .iter()
        .zip(schemas)
        .map(|(t, s)| TableReport {
            name: s.name.clone(),
            file: s.file.clone(),
            rows: s.rows,
            transposed: t.transposed,
            caption: t.context.as_ref().and_then(|c| c.caption.clone()),
            columns: s.columns.iter().map(ColumnReport::from).collect(),
        })
        .collect();
    InspectReport {
        tables,
        errors: upload.errors.iter().map(ToString::to_string).collect(),
        warnings: upload.warnings.iter().map(ToString::to_string).chain(notes).collect(),
        joins: upload.joins.clone(),
    }
}
