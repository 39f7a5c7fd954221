//! A collection's storage in its Durable Object's SQLite database. Parts are kept as ≤ 1 MiB
//! chunks (the limit per value is 2 MB); an upload is written beside the live collection under
//! stage `upload` and swapped in by `commit` without an await in between, which the runtime
//! applies atomically. A failed or abandoned upload never touches the live collection.

use serde::de::DeserializeOwned;
use serde::Serialize;
use worker::{SqlStorage, SqlStorageValue};

use crate::error::EdgeError;

pub const LIVE: &str = "live";
pub const UPLOAD: &str = "upload";
/// Keys in `meta`.
pub const INFO: &str = "info";
pub const REQUEST: &str = "request";

pub struct Store {
    sql: SqlStorage,
}

impl Store {
    pub fn open(sql: SqlStorage) -> Result<Store, EdgeError> {
        sql.exec("CREATE TABLE IF NOT EXISTS meta (stage TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (stage, key))", None)?;
        sql.exec("CREATE TABLE IF NOT EXISTS chunks (stage TEXT NOT NULL, part TEXT NOT NULL, seq INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (stage, part, seq))", None)?;
        Ok(Store { sql })
    }

    pub fn get<T: DeserializeOwned>(&self, stage: &str, key: &str) -> Result<Option<T>, EdgeError> {
        let rows: Vec<Vec<SqlStorageValue>> = self
            .sql
            .exec("SELECT value FROM meta WHERE stage = ? AND key = ?", vec![stage.into(), key.into()])?
            .raw()
            .collect::<worker::Result<_>>()?;
        match rows.into_iter().next().and_then(|r| r.into_iter().next()) {
            Some(SqlStorageValue::String(s)) => serde_json::from_str(&s).map(Some).map_err(|e| EdgeError::Internal(format!("stored {key} is unreadable: {e}"))),
            _ => Ok(None),
        }
    }

    pub fn put<T: Serialize>(&self, stage: &str, key: &str, value: &T) -> Result<(), EdgeError> {
        let text = serde_json::to_string(value).map_err(|e| EdgeError::Internal(e.to_string()))?;
        self.sql.exec("INSERT OR REPLACE INTO meta (stage, key, value) VALUES (?, ?, ?)", vec![stage.into(), key.into(), text.into()])?;
        Ok(())
    }

    pub fn put_chunk(&self, stage: &str, part: &str, seq: u32, data: Vec<u8>) -> Result<(), EdgeError> {
        self.sql.exec(
            "INSERT OR REPLACE INTO chunks (stage, part, seq, data) VALUES (?, ?, ?, ?)",
            vec![stage.into(), part.into(), (seq as i64).into(), SqlStorageValue::Blob(data)],
        )?;
        Ok(())
    }

    /// Chunks received per part of a stage.
    pub fn received(&self, stage: &str) -> Result<Vec<(String, u32)>, EdgeError> {
        let rows: Vec<Vec<SqlStorageValue>> = self
            .sql
            .exec("SELECT part, COUNT(*) FROM chunks WHERE stage = ? GROUP BY part", vec![stage.into()])?
            .raw()
            .collect::<worker::Result<_>>()?;
        Ok(rows
            .into_iter()
            .filter_map(|r| match (r.first(), r.get(1)) {
                (Some(SqlStorageValue::String(p)), Some(SqlStorageValue::Integer(n))) => Some((p.clone(), *n as u32)),
                (Some(SqlStorageValue::String(p)), Some(SqlStorageValue::Float(n))) => Some((p.clone(), *n as u32)),
                _ => None,
            })
            .collect())
    }

    /// A part's bytes: its chunks in order.
    pub fn read_part(&self, stage: &str, part: &str) -> Result<Vec<u8>, EdgeError> {
        let cursor = self.sql.exec("SELECT data FROM chunks WHERE stage = ? AND part = ? ORDER BY seq", vec![stage.into(), part.into()])?;
        let mut out = Vec::new();
        for row in cursor.raw() {
            match row?.into_iter().next() {
                Some(SqlStorageValue::Blob(b)) => out.extend_from_slice(&b),
                other => return Err(EdgeError::Internal(format!("chunk of {part} is not bytes: {other:?}"))),
            }
        }
        Ok(out)
    }

    pub fn clear(&self, stage: &str) -> Result<(), EdgeError> {
        self.sql.exec("DELETE FROM chunks WHERE stage = ?", vec![stage.into()])?;
        self.sql.exec("DELETE FROM meta WHERE stage = ?", vec![stage.into()])?;
        Ok(())
    }

    /// The upload becomes the live collection (no await inside: one atomic write batch).
    pub fn promote_upload<T: Serialize>(&self, info: &T) -> Result<(), EdgeError> {
        self.clear(LIVE)?;
        self.sql.exec("UPDATE chunks SET stage = ? WHERE stage = ?", vec![LIVE.into(), UPLOAD.into()])?;
        self.sql.exec("DELETE FROM meta WHERE stage = ?", vec![UPLOAD.into()])?;
        self.put(LIVE, INFO, info)
    }
}
