//! Which collections are published (issue 20, item 3). Reaching a collection's Durable Object
//! creates its storage (workerd makes the object's SQLite database as soon as the object is
//! addressed, before any code of ours runs), so the worker asks this one object first and sends
//! only requests for published ids on: a read of an unknown id is a 404 that creates nothing.
//!
//! One object (named [`NAME`]) holds one row per published id; a commit adds the id, a delete
//! removes it. Each isolate remembers the ids it saw published: a stale entry after a delete
//! elsewhere only sends a request to an object that already exists and answers 404 itself.

use std::cell::RefCell;
use std::collections::HashSet;

use worker::{durable_object, DurableObject, Env, Headers, Method, Request, RequestInit, Response, SqlStorageValue, State};

use super::internal::COLLECTION_ID;
use crate::error::EdgeError;
use crate::http::json;

/// The Durable Object namespace binding (wrangler.toml).
const BINDING: &str = "REGISTRY";
/// The one registry object's name.
const NAME: &str = "published-collections";

thread_local! {
    static SEEN: RefCell<HashSet<String>> = RefCell::new(HashSet::new());
}

/// Whether collection `id` is published (its commit went through and no delete since).
pub async fn is_published(env: &Env, id: &str) -> Result<bool, EdgeError> {
    if SEEN.with(|s| s.borrow().contains(id)) {
        return Ok(true);
    }
    let mut resp = call(env, "has", id).await?;
    let published = resp.json::<serde_json::Value>().await?.get("published").and_then(|v| v.as_bool()).unwrap_or(false);
    if published {
        SEEN.with(|s| s.borrow_mut().insert(id.to_string()));
    }
    Ok(published)
}

/// Records that `id` is now published (after its commit) or not (after its delete).
pub async fn set(env: &Env, id: &str, published: bool) -> Result<(), EdgeError> {
    if !published {
        SEEN.with(|s| s.borrow_mut().remove(id));
    }
    let resp = call(env, if published { "add" } else { "remove" }, id).await?;
    if resp.status_code() != 200 {
        return Err(EdgeError::Internal(format!("the collection registry answered {}", resp.status_code())));
    }
    Ok(())
}

async fn call(env: &Env, op: &str, id: &str) -> Result<Response, EdgeError> {
    let headers = Headers::new();
    headers.set(COLLECTION_ID, id)?;
    let mut init = RequestInit::new();
    init.with_method(Method::Post).with_headers(headers);
    let req = Request::new_with_init(&format!("https://registry.internal/{op}"), &init)?;
    let stub = env.durable_object(BINDING)?.id_from_name(NAME)?.get_stub()?;
    Ok(stub.fetch_with_request(req).await?)
}

#[durable_object(fetch)]
pub struct Registry {
    state: State,
}

impl DurableObject for Registry {
    fn new(state: State, _env: Env) -> Self {
        Registry { state }
    }

    async fn fetch(&self, req: Request) -> worker::Result<Response> {
        match self.handle(req) {
            Ok(r) => Ok(r),
            Err(e) => e.response(),
        }
    }
}

impl Registry {
    fn handle(&self, req: Request) -> Result<Response, EdgeError> {
        let sql = self.state.storage().sql();
        sql.exec("CREATE TABLE IF NOT EXISTS published (id TEXT PRIMARY KEY)", None)?;
        let id = req.headers().get(COLLECTION_ID)?.unwrap_or_default();
        match req.path().as_str() {
            "/has" => {
                let rows: Vec<Vec<SqlStorageValue>> =
                    sql.exec("SELECT 1 FROM published WHERE id = ?", vec![id.as_str().into()])?.raw().collect::<worker::Result<_>>()?;
                json(200, &serde_json::json!({ "id": id, "published": !rows.is_empty() }))
            }
            "/add" => {
                sql.exec("INSERT OR IGNORE INTO published (id) VALUES (?)", vec![id.as_str().into()])?;
                json(200, &serde_json::json!({ "id": id, "published": true }))
            }
            "/remove" => {
                sql.exec("DELETE FROM published WHERE id = ?", vec![id.as_str().into()])?;
                json(200, &serde_json::json!({ "id": id, "published": false }))
            }
            other => Err(EdgeError::NotFound(format!("no internal route {other}"))),
        }
    }
}
