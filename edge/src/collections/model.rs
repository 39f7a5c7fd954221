//! A published collection decoded for questions: the index (passages, BM25, vectors), the exact
//! path's dataset, and what `GET` shows. Built once per Durable Object instance and kept in
//! memory between requests.

use std::collections::HashMap;

use tabletalk_shared::api::{CollectionInfo, ColumnInfo, PublishRequest, TableInfo, TablesPart};
use tabletalk_shared::index::Collection;
use tabletalk_shared::query::limits::SqlLimits;
use tabletalk_shared::query::Dataset;
use tabletalk_shared::schema::{infer_table, ColumnType};

use crate::error::EdgeError;

pub struct Loaded {
    pub info: CollectionInfo,
    pub collection: Collection,
    pub dataset: Dataset,
    /// (file, row) → passage index, to turn the exact path's cited rows into passages.
    pub by_row: HashMap<(String, u64), usize>,
}

/// Decodes both parts; bytes that are not a collection or tables are a 400 naming what is wrong.
pub fn decode(index: &[u8], tables: &[u8]) -> Result<(Collection, TablesPart), EdgeError> {
    let collection = Collection::from_bytes(index).map_err(|e| EdgeError::BadRequest(format!("part index: {e}")))?;
    let tables: TablesPart = serde_json::from_slice(tables).map_err(|e| EdgeError::BadRequest(format!("part tables: {e}")))?;
    if tables.tables.is_empty() {
        return Err(EdgeError::BadRequest("part tables holds no table".into()));
    }
    Ok((collection, tables))
}

pub fn load(info: CollectionInfo, collection: Collection, tables: TablesPart) -> Result<Loaded, EdgeError> {
    let by_row = collection.passages().iter().enumerate().map(|(i, p)| ((p.provenance.file.clone(), p.provenance.row.0), i)).collect();
    let dataset =
        Dataset::new(tables.tables, tables.description).map_err(|e| EdgeError::BadRequest(format!("the tables cannot be queried: {e}")))?;
    // A Durable Object shares 128 MB with the tables: every statement gets the tightest bounds.
    dataset.set_sql_limits(SqlLimits::DURABLE_OBJECT);
    Ok(Loaded { info, collection, dataset, by_row })
}

/// What `GET /v1/collections/{id}` shows, computed once at commit.
pub fn info(id: &str, req: &PublishRequest, collection: &Collection, tables: &TablesPart, now: String) -> CollectionInfo {
    let schemas: Vec<_> = tables.tables.iter().map(infer_table).collect();
    let schema: Vec<TableInfo> = schemas
        .iter()
        .map(|s| TableInfo {
            name: s.name.clone(),
            file: s.file.clone(),
            rows: s.rows,
            columns: s.columns.iter().map(|c| ColumnInfo { name: c.name.clone(), ty: c.ty }).collect(),
        })
        .collect();
    let d = &tables.description;
    let title = req
        .title
        .clone()
        .or_else(|| d.title.clone())
        .unwrap_or_else(|| schema.first().map(|t| t.name.clone()).unwrap_or_else(|| id.to_string()));
    let examples = if req.examples.is_empty() { suggest(&schema, d.row_aliases.first().map(String::as_str)) } else { req.examples.clone() };
    CollectionInfo {
        id: id.to_string(),
        title,
        source: req.source.clone().or_else(|| d.source.clone()),
        description: d.description.clone(),
        schema,
        examples,
        passages: collection.len() as u64,
        model: collection.meta().model.clone(),
        dim: collection.meta().dim as u64,
        dense: format!("{:?}", collection.dense().kind()),
        templates: collection.meta().templates.clone(),
        published_at: now,
    }
}

/// Questions the exact path answers on any table: a count, an average, a ranking.
fn suggest(schema: &[TableInfo], rows: Option<&str>) -> Vec<String> {
    let Some(t) = schema.first() else { return Vec::new() };
    let rows = rows.unwrap_or("rows");
    let mut out = vec![format!("How many {rows} are there?")];
    let numeric = t.columns.iter().find(|c| matches!(c.ty, ColumnType::Integer | ColumnType::Decimal));
    let label = t.columns.iter().find(|c| matches!(c.ty, ColumnType::Text | ColumnType::Identifier));
    if let Some(n) = numeric {
        out.push(format!("What is the average {}?", n.name));
        if let Some(l) = label {
            out.push(format!("Which {} has the highest {}?", l.name, n.name));
        }
    }
    out
}
