//! The Durable Object behind one collection (its id is the collection id, so two collections
//! never share storage or memory). It receives the worker's already-authorised calls
//! ([`internal::Call`]) and keeps the decoded collection in memory between requests.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use futures::StreamExt;
use tabletalk_shared::api::{
    AskRequest, CollectionInfo, Delta, FeedbackEntry, FeedbackRecorded, FeedbackRequest, FeedbackSummary, PublishRequest, SearchRequest,
    UploadStatus, VoteCount, CHUNK_BYTES, FEEDBACK_MAX_ROWS, FEEDBACK_MAX_TEXT, PART_INDEX, PART_TABLES,
};
use tabletalk_shared::generate::grounded::Grounded;
use tabletalk_shared::generate::Budget;
use worker::{durable_object, wasm_bindgen_futures, DurableObject, Env, Headers, Request, Response, State};

use super::internal::{self, Call};
use super::model::{self, Loaded};
use super::store::{Store, INFO, LIVE, REQUEST, UPLOAD};
use super::{ask, search};
use crate::config::Config;
use crate::error::EdgeError;
use crate::grounded::question;
use crate::http::{json, parse, sse};
use crate::llm::{Allowance, Backend};

/// A collection's parts together may not exceed this: decoded, it must fit the isolate's 128 MB
/// next to the query engine (int8 vectors: ~60,000 passages of 384 dimensions plus their rows).
pub const MAX_COLLECTION_BYTES: u64 = 48 << 20;

#[durable_object(fetch)]
pub struct CollectionObject {
    state: State,
    env: Env,
    loaded: RefCell<Option<Rc<Loaded>>>,
}

impl DurableObject for CollectionObject {
    fn new(state: State, env: Env) -> Self {
        CollectionObject { state, env, loaded: RefCell::new(None) }
    }

    async fn fetch(&self, req: Request) -> worker::Result<Response> {
        match self.handle(req).await {
            Ok(r) => Ok(r),
            Err(e) => e.response(),
        }
    }
}

impl CollectionObject {
    fn store(&self) -> Result<Store, EdgeError> {
        Store::open(self.state.storage().sql())
    }

    async fn handle(&self, mut req: Request) -> Result<Response, EdgeError> {
        let (id, call) = Call::from_request(&req)?;
        match call {
            Call::Publish => {
                let r: PublishRequest = parse(&req.bytes().await?)?;
                check_parts(&r)?;
                let store = self.store()?;
                store.clear(UPLOAD)?;
                store.put(UPLOAD, REQUEST, &r)?;
                json(202, &UploadStatus { id, received: Default::default(), chunk_bytes: CHUNK_BYTES as u64 })
            }
            Call::Part { part, seq } => {
                let store = self.store()?;
                let r: PublishRequest = store
                    .get(UPLOAD, REQUEST)?
                    .ok_or_else(|| EdgeError::Conflict(format!("no upload of {id} in progress: PUT /v1/collections/{id} first")))?;
                let spec = r
                    .parts
                    .iter()
                    .find(|p| p.name == part)
                    .ok_or_else(|| EdgeError::NotFound(format!("the upload has no part {part:?}")))?;
                if seq >= spec.chunks {
                    return Err(EdgeError::BadRequest(format!("part {part} has {} chunks (0-based); {seq} is past the end", spec.chunks)));
                }
                let bytes = req.bytes().await?;
                if bytes.len() > CHUNK_BYTES {
                    return Err(EdgeError::TooLarge { size: bytes.len() as u64, limit: CHUNK_BYTES as u64 });
                }
                store.put_chunk(UPLOAD, &part, seq, bytes)?;
                json(200, &UploadStatus { id, received: store.received(UPLOAD)?.into_iter().collect(), chunk_bytes: CHUNK_BYTES as u64 })
            }
            Call::Commit => self.commit(&id).map(|info| json(201, &info))?,
            Call::Delete => {
                let store = self.store()?;
                let existed = store.get::<CollectionInfo>(LIVE, INFO)?.is_some();
                store.clear(LIVE)?;
                store.clear(UPLOAD)?;
                store.clear_votes()?;
                self.loaded.replace(None);
                if !existed {
                    return Err(not_found(&id));
                }
                json(200, &serde_json::json!({ "id": id, "deleted": true }))
            }
            Call::Info => {
                if let Some(l) = self.loaded.borrow().as_ref() {
                    return json(200, &l.info);
                }
                let info: CollectionInfo = self.store()?.get(LIVE, INFO)?.ok_or_else(|| not_found(&id))?;
                json(200, &info)
            }
            Call::Search => {
                let r: SearchRequest = parse(&req.bytes().await?)?;
                let l = self.loaded(&id)?;
                json(200, &search::search(&l.collection, &r)?)
            }
            Call::Ask { stream, allowance, started } => {
                let r: AskRequest = parse(&req.bytes().await?)?;
                let backend = Backend::from_config(&Config::from_env(&self.env), Allowance::Fixed(Cell::new(allowance)), started);
                let l = self.loaded(&id)?;
                self.ask(l, r, stream, backend).await
            }
            Call::Feedback => {
                let r: FeedbackRequest = parse(&req.bytes().await?)?;
                let store = self.store()?;
                if store.get::<CollectionInfo>(LIVE, INFO)?.is_none() {
                    return Err(not_found(&id));
                }
                let at = String::from(worker::js_sys::Date::new_0().to_iso_string());
                store.add_vote(&FeedbackEntry { at, request: bounded(r) })?;
                let totals = store
                    .vote_counts()?
                    .into_values()
                    .fold(VoteCount::default(), |a, c| VoteCount { up: a.up + c.up, down: a.down + c.down });
                json(201, &FeedbackRecorded { id, recorded: true, up: totals.up, down: totals.down })
            }
            Call::FeedbackSummary => {
                let store = self.store()?;
                if store.get::<CollectionInfo>(LIVE, INFO)?.is_none() {
                    return Err(not_found(&id));
                }
                let by_intent = store.vote_counts()?;
                let (up, down) = by_intent.values().fold((0, 0), |(u, d), c| (u + c.up, d + c.down));
                let hit_rate = (up + down > 0).then(|| up as f64 / (up + down) as f64);
                json(200, &FeedbackSummary { id, up, down, hit_rate, by_intent, recent: store.recent_votes(RECENT_VOTES)? })
            }
        }
    }

    /// Checks the upload, decodes it and swaps it in. Nothing here awaits, so the swap is one
    /// atomic write batch and no other request sees half of it.
    fn commit(&self, id: &str) -> Result<CollectionInfo, EdgeError> {
        let store = self.store()?;
        let r: PublishRequest = store
            .get(UPLOAD, REQUEST)?
            .ok_or_else(|| EdgeError::Conflict(format!("no upload of {id} in progress: PUT /v1/collections/{id} first")))?;
        let received: std::collections::BTreeMap<String, u32> = store.received(UPLOAD)?.into_iter().collect();
        for p in &r.parts {
            let got = received.get(&p.name).copied().unwrap_or(0);
            if got != p.chunks {
                return Err(EdgeError::Conflict(format!(
                    "part {} has {got} of its {} chunks; upload the rest, then commit",
                    p.name, p.chunks
                )));
            }
        }
        // Free the old collection first: the new one is decoded in the same 128 MB.
        self.loaded.replace(None);
        let mut parts = Vec::new();
        for name in [PART_INDEX, PART_TABLES] {
            let spec = r.parts.iter().find(|p| p.name == name).ok_or_else(|| EdgeError::BadRequest(format!("part {name} is missing")))?;
            let bytes = store.read_part(UPLOAD, name)?;
            if bytes.len() as u64 != spec.bytes || crc32fast::hash(&bytes) != spec.crc32 {
                return Err(EdgeError::BadRequest(format!(
                    "part {name} arrived damaged ({} bytes, {} announced, or a different checksum); upload it again",
                    bytes.len(),
                    spec.bytes
                )));
            }
            parts.push(bytes);
        }
        let (collection, tables) = model::decode(&parts[0], &parts[1])?;
        drop(parts);
        let info = model::info(id, &r, &collection, &tables, String::from(worker::js_sys::Date::new_0().to_iso_string()));
        let loaded = model::load(info.clone(), collection, tables)?;
        store.promote_upload(&info)?;
        self.loaded.replace(Some(Rc::new(loaded)));
        Ok(info)
    }

    /// The live collection, decoded from storage on first use after a (re)start.
    fn loaded(&self, id: &str) -> Result<Rc<Loaded>, EdgeError> {
        if let Some(l) = self.loaded.borrow().as_ref() {
            return Ok(l.clone());
        }
        let store = self.store()?;
        let info: CollectionInfo = store.get(LIVE, INFO)?.ok_or_else(|| not_found(id))?;
        let index = store.read_part(LIVE, PART_INDEX)?;
        let tables = store.read_part(LIVE, PART_TABLES)?;
        let (collection, tables) =
            model::decode(&index, &tables).map_err(|e| EdgeError::Internal(format!("the stored collection is unreadable: {e}")))?;
        drop(index);
        let l = Rc::new(model::load(info, collection, tables)?);
        self.loaded.replace(Some(l.clone()));
        Ok(l)
    }

    /// The answer, with the backend calls it made (or, streamed, may still make) in
    /// [`internal::CALLS`] for the worker to charge.
    async fn ask(&self, l: Rc<Loaded>, r: AskRequest, stream: bool, backend: Option<Backend>) -> Result<Response, EdgeError> {
        let q = question(&r.question)?.to_string();
        let mut conv = ask::conversation(&l, &r).await;
        let started = {
            let rows = ask::rows(&l, &r)?;
            let grounded = backend.as_ref().map(|b| Grounded::new(b, Budget::default()));
            let flow = ask::flow(&l, grounded.as_ref(), &rows);
            // The exact path, and the model's SQL where the rules could not plan a computation.
            let started = flow.start(&mut conv, &q).await;
            let used = backend.as_ref().map_or(0, |b| b.used());
            if !started.generate {
                let (a, _) = ask::finished(flow.finish(&q, started, None).await);
                let resp = if stream { event_stream(futures::stream::iter([sse("answer", &a)])) } else { json(200, &a) };
                return with_calls(resp?, used);
            }
            if !stream {
                let (a, failed) = ask::finished(flow.finish(&q, started, None).await);
                let resp = match failed {
                    None => json(200, &a),
                    Some(e) => json(e.status(), &serde_json::json!({ "error": e.code(), "message": e.to_string(), "answer": a })),
                };
                return with_calls(resp?, backend.as_ref().map_or(used, |b| b.used()));
            }
            started
        };
        // The stream goes on after the headers: the calls it may make are charged now.
        let reserved = backend.as_ref().map_or(0, |b| b.used() + b.left());
        let (tx, rx) = futures::channel::mpsc::unbounded::<Vec<u8>>();
        wasm_bindgen_futures::spawn_local(async move {
            let deltas = tx.clone();
            let mut on_text = |t: &str| {
                let _ = deltas.unbounded_send(sse("delta", &Delta { text: t.to_string() }));
            };
            let grounded = backend.as_ref().map(|b| Grounded::new(b, Budget::default()));
            let (a, failed) = match ask::rows(&l, &r) {
                Ok(rows) => ask::finished(ask::flow(&l, grounded.as_ref(), &rows).finish(&q, started, Some(&mut on_text)).await),
                Err(e) => (started.answer, Some(e)),
            };
            if let Some(e) = failed {
                let _ = tx.unbounded_send(sse("error", &e.body()));
            }
            let _ = tx.unbounded_send(sse("answer", &a));
        });
        with_calls(event_stream(rx)?, reserved)
    }
}

/// Says in [`internal::CALLS`] how many backend calls the answer cost.
fn with_calls(mut resp: Response, calls: u32) -> Result<Response, EdgeError> {
    resp.headers_mut().set(internal::CALLS, &calls.to_string())?;
    Ok(resp)
}

fn event_stream(s: impl futures::Stream<Item = Vec<u8>> + 'static) -> Result<Response, EdgeError> {
    let headers = Headers::new();
    headers.set("content-type", "text/event-stream; charset=utf-8")?;
    headers.set("cache-control", "no-store")?;
    Ok(Response::from_stream(s.map(Ok::<Vec<u8>, worker::Error>))?.with_headers(headers))
}

/// Votes `GET …/feedback` lists.
const RECENT_VOTES: u32 = 50;

/// A vote as kept: texts cut to `FEEDBACK_MAX_TEXT` characters, at most `FEEDBACK_MAX_ROWS` rows.
fn bounded(mut r: FeedbackRequest) -> FeedbackRequest {
    let cut = |s: &mut String| {
        if let Some((i, _)) = s.char_indices().nth(FEEDBACK_MAX_TEXT) {
            s.truncate(i);
        }
    };
    cut(&mut r.question);
    cut(&mut r.answer);
    if let Some(i) = r.intent.as_mut() {
        i.truncate(i.char_indices().nth(64).map_or(i.len(), |(n, _)| n));
    }
    r.citations.truncate(FEEDBACK_MAX_ROWS);
    r
}

fn not_found(id: &str) -> EdgeError {
    EdgeError::NotFound(format!("no collection {id:?} is published here"))
}

/// Exactly the two known parts, within the size a collection object can hold.
fn check_parts(r: &PublishRequest) -> Result<(), EdgeError> {
    for name in [PART_INDEX, PART_TABLES] {
        if r.parts.iter().filter(|p| p.name == name).count() != 1 {
            return Err(EdgeError::BadRequest(format!("`parts` must name part {name:?} exactly once")));
        }
    }
    if let Some(p) = r.parts.iter().find(|p| p.name != PART_INDEX && p.name != PART_TABLES) {
        return Err(EdgeError::BadRequest(format!("unknown part {:?}", p.name)));
    }
    let total: u64 = r.parts.iter().map(|p| p.bytes).sum();
    if total > MAX_COLLECTION_BYTES {
        return Err(EdgeError::TooLarge { size: total, limit: MAX_COLLECTION_BYTES });
    }
    for p in &r.parts {
        if p.chunks as u64 != p.bytes.div_ceil(CHUNK_BYTES as u64).max(1) {
            return Err(EdgeError::BadRequest(format!(
                "part {} announces {} chunks for {} bytes; chunks are {CHUNK_BYTES} bytes",
                p.name, p.chunks, p.bytes
            )));
        }
    }
    Ok(())
}
