//! A collection's storage in its Durable Object's SQLite database. Parts are kept as ≤ 1 MiB
//! chunks (the limit per value is 2 MB); an upload is written beside the live collection under
//! stage `upload` and swapped in by `commit` without an await in between, which the runtime
//! applies atomically. A failed or abandoned upload never touches the live collection.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::Serialize;
use tabletalk_shared::api::{FeedbackEntry, Vote, VoteCount};
use worker::{SqlStorage, SqlStorageValue};

use crate::error::EdgeError;

pub const LIVE: &str = "live";
pub const UPLOAD: &str = "upload";
/// Keys in `meta`.
pub const INFO: &str = "info";
pub const REQUEST: &str = "request";
/// Votes kept per collection; older ones go.
pub const MAX_VOTES: u32 = 10_000;

pub struct Store {
    sql: SqlStorage,
}

impl Store {
    pub fn open(sql: SqlStorage) -> Result<Store, EdgeError> {
        sql.exec(
            "CREATE TABLE IF NOT EXISTS meta (stage TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (stage, key))",
            None,
        )?;
        sql.exec("CREATE TABLE IF NOT EXISTS chunks (stage TEXT NOT NULL, part TEXT NOT NULL, seq INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (stage, part, seq))", None)?;
        sql.exec("CREATE TABLE IF NOT EXISTS feedback (n INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, vote TEXT NOT NULL, intent TEXT NOT NULL, body TEXT NOT NULL)", None)?;
        Ok(Store { sql })
    }

    /// Keeps one vote (the newest `MAX_VOTES` stay, so a flood of votes cannot fill the object).
    pub fn add_vote(&self, entry: &FeedbackEntry) -> Result<(), EdgeError> {
        let body = serde_json::to_string(entry).map_err(|e| EdgeError::Internal(e.to_string()))?;
        let vote = match entry.request.vote {
            Vote::Up => "up",
            Vote::Down => "down",
        };
        let intent = entry.request.intent.clone().unwrap_or_default();
        self.sql.exec(
            "INSERT INTO feedback (at, vote, intent, body) VALUES (?, ?, ?, ?)",
            vec![entry.at.clone().into(), vote.into(), intent.into(), body.into()],
        )?;
        self.sql.exec("DELETE FROM feedback WHERE n <= (SELECT MAX(n) FROM feedback) - ?", vec![(MAX_VOTES as i64).into()])?;
        Ok(())
    }

    /// Up and down votes per intent ("" for answers without one).
    pub fn vote_counts(&self) -> Result<BTreeMap<String, VoteCount>, EdgeError> {
        let rows: Vec<Vec<SqlStorageValue>> = self
            .sql
            .exec("SELECT intent, vote, COUNT(*) FROM feedback GROUP BY intent, vote", None)?
            .raw()
            .collect::<worker::Result<_>>()?;
        let mut out: BTreeMap<String, VoteCount> = BTreeMap::new();
        for r in rows {
            let (Some(SqlStorageValue::String(intent)), Some(SqlStorageValue::String(vote)), Some(n)) = (r.first(), r.get(1), r.get(2))
            else {
                continue;
            };
            let n = match n {
                SqlStorageValue::Integer(n) => *n as u64,
                SqlStorageValue::Float(n) => *n as u64,
                _ => 0,
            };
            let c = out.entry(intent.clone()).or_default();
            if vote == "up" {
                c.up += n
            } else {
                c.down += n
            }
        }
        Ok(out)
    }

    /// The latest `limit` votes, newest first.
    pub fn recent_votes(&self, limit: u32) -> Result<Vec<FeedbackEntry>, EdgeError> {
        let rows: Vec<Vec<SqlStorageValue>> = self
            .sql
            .exec("SELECT body FROM feedback ORDER BY n DESC LIMIT ?", vec![(limit as i64).into()])?
            .raw()
            .collect::<worker::Result<_>>()?;
        rows.into_iter()
            .filter_map(|r| match r.into_iter().next() {
                Some(SqlStorageValue::String(s)) => {
                    Some(serde_json::from_str(&s).map_err(|e| EdgeError::Internal(format!("a stored vote is unreadable: {e}"))))
                }
                _ => None,
            })
            .collect()
    }

    pub fn clear_votes(&self) -> Result<(), EdgeError> {
        self.sql.exec("DELETE FROM feedback", None)?;
        Ok(())
    }

    pub fn get<T: DeserializeOwned>(&self, stage: &str, key: &str) -> Result<Option<T>, EdgeError> {
        let rows: Vec<Vec<SqlStorageValue>> = self
            .sql
            .exec("SELECT value FROM meta WHERE stage = ? AND key = ?", vec![stage.into(), key.into()])?
            .raw()
            .collect::<worker::Result<_>>()?;
        match rows.into_iter().next().and_then(|r| r.into_iter().next()) {
            Some(SqlStorageValue::String(s)) => {
                serde_json::from_str(&s).map(Some).map_err(|e| EdgeError::Internal(format!("stored {key} is unreadable: {e}")))
            }
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
