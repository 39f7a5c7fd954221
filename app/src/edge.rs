//! The edge worker from the browser: where it is, template refinement through its LLM backend, and
//! publishing the prepared dataset as a shared collection (the same protocol as `tabletalk publish`).

use gloo_net::http::{Request, RequestBuilder, Response};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use tabletalk_shared::api::{
    AnswerRequest, ApiError, CollectionInfo, FeedbackRecorded, FeedbackRequest, PartSpec, PublishRequest, RefineRequest, SqlRequest,
    SqlWritten, TablesPart, CHUNK_BYTES, PART_INDEX, PART_TABLES,
};
use tabletalk_shared::bundle::BundleVectors;
use tabletalk_shared::generate::Refined;
use tabletalk_shared::index::{Collection, CollectionMeta, DenseKind};
use tabletalk_shared::query::{Answer, Dataset};

use crate::analyse::Loaded;
use crate::i18n::{current, fill};

/// The port `cargo xtask serve` (and a plain `wrangler dev`) gives the edge.
const LOCAL_EDGE_PORT: u16 = 8787;
const STORAGE_KEY: &str = "tabletalk.edge";
/// localStorage key of the collection this browser's dataset was last published as.
const PUBLISHED_KEY: &str = "tabletalk.published";

/// Where the kept dataset was published: votes on its answers go there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Published {
    pub edge: String,
    pub id: String,
}

/// The collection remembered by [`set_published`], if any.
pub fn published() -> Option<Published> {
    let s = web_sys::window()?.local_storage().ok().flatten()?;
    serde_json::from_str(&s.get_item(PUBLISHED_KEY).ok().flatten()?).ok()
}

/// Remembers (or, with None, forgets) where the dataset is published, across reloads.
pub fn set_published(p: Option<&Published>) {
    if let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = match p.and_then(|p| serde_json::to_string(p).ok()) {
            Some(json) => s.set_item(PUBLISHED_KEY, &json),
            None => s.remove_item(PUBLISHED_KEY),
        };
    }
}

/// The edge this page may send data to: the one the user confirmed with "Use this edge" (kept in
/// this origin's localStorage for the next visit); empty until one is confirmed. Nothing else —
/// not `?edge=`, not the local default — ever becomes it without the user's click.
pub fn chosen_base() -> String {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
        .map(|e| normalise(&e))
        .unwrap_or_default()
}

/// What the address field shows before the user types: `?edge=` on the page's URL, else the
/// confirmed one, else the local edge when the page itself is served from this machine. Only a
/// suggestion: nothing is sent to it until the user confirms it.
pub fn suggested_base() -> String {
    let Some(w) = web_sys::window() else { return String::new() };
    let location = w.location();
    let from_url = location.search().ok().and_then(|s| web_sys::UrlSearchParams::new_with_str(&s).ok()).and_then(|p| p.get("edge"));
    if let Some(e) = from_url.filter(|e| !e.trim().is_empty()) {
        return normalise(&e);
    }
    let chosen = chosen_base();
    if !chosen.is_empty() {
        return chosen;
    }
    match location.hostname() {
        Ok(h) if h == "127.0.0.1" || h == "localhost" => format!("http://{h}:{LOCAL_EDGE_PORT}"),
        _ => String::new(),
    }
}

/// Remembers (or, empty, forgets) the address the user confirmed, for the next visit.
pub fn remember(base: &str) {
    if let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let base = normalise(base);
        let _ = if base.is_empty() { s.remove_item(STORAGE_KEY) } else { s.set_item(STORAGE_KEY, &base) };
    }
}

/// What opens the edge's LLM endpoints (`/v1/refine`, `/v1/sql`, `/v1/answer`): the dataset's
/// collection when it is published on that edge, else a publish token the user typed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LlmAccess {
    pub collection: Option<String>,
    pub token: String,
}

impl LlmAccess {
    fn apply(&self, b: RequestBuilder) -> RequestBuilder {
        match (&self.collection, self.token.trim()) {
            (Some(id), _) => b.header("x-tabletalk-collection", id),
            (None, t) if !t.is_empty() => b.header("authorization", &format!("Bearer {t}")),
            _ => b,
        }
    }
}

/// Without the trailing slash, so paths join with one.
pub fn normalise(base: &str) -> String {
    base.trim().trim_end_matches('/').to_string()
}

fn url(base: &str, path: &str) -> Result<String, String> {
    let base = normalise(base);
    if base.is_empty() {
        return Err(current().no_edge_address.into());
    }
    if !(base.starts_with("http://") || base.starts_with("https://")) {
        return Err(fill(current().edge_address_scheme, &[("address", &base)]));
    }
    Ok(format!("{base}{path}"))
}

/// The edge's JSON answer, or its `{"error", "message"}` said as one sentence.
async fn read<T: DeserializeOwned>(what: &str, base: &str, r: Result<Response, gloo_net::Error>) -> Result<T, String> {
    let resp = r.map_err(|e| fill(current().edge_unreachable, &[("address", &normalise(base)), ("error", &e)]))?;
    if resp.ok() {
        return resp.json::<T>().await.map_err(|e| fill(current().edge_unexpected, &[("what", &what), ("error", &e)]));
    }
    let status = resp.status();
    let text = resp.text().await.unwrap_or_default();
    let message = serde_json::from_str::<ApiError>(&text).map(|e| e.message).unwrap_or(text);
    Err(fill(current().edge_answered, &[("what", &what), ("status", &status), ("message", &message)]))
}

async fn send_json<B: Serialize, T: DeserializeOwned>(what: &str, base: &str, builder: RequestBuilder, body: &B) -> Result<T, String> {
    let req = builder.json(body).map_err(|e| format!("{what}: {e}"))?;
    read(what, base, req.send().await).await
}

/// The table's static template rewritten as prose by the edge's LLM backend, every placeholder kept.
pub async fn refine(base: &str, access: &LlmAccess, req: &RefineRequest) -> Result<Refined, String> {
    let what = fill(current().refining_template_of, &[("table", &req.table)]);
    send_json(&what, base, access.apply(Request::post(&url(base, "/v1/refine")?)), req).await
}

/// An open question answered by the edge's LLM from the passages this page retrieved, each
/// sentence cited to the passages that support it.
pub async fn answer(base: &str, access: &LlmAccess, req: &AnswerRequest) -> Result<Answer, String> {
    send_json(current().asking_the_model, base, access.apply(Request::post(&url(base, "/v1/answer")?)), req).await
}

/// One SELECT the edge's LLM wrote for a question the rules could not plan (checked again here).
pub async fn write_sql(base: &str, access: &LlmAccess, req: &SqlRequest) -> Result<SqlWritten, String> {
    send_json(current().writing_sql, base, access.apply(Request::post(&url(base, "/v1/sql")?)), req).await
}

/// A vote on an answer to the published collection; the edge answers with its totals.
pub async fn send_feedback(p: &Published, vote: &FeedbackRequest) -> Result<FeedbackRecorded, String> {
    let what = fill(current().sending_vote_to, &[("id", &p.id)]);
    send_json(&what, &p.edge, Request::post(&url(&p.edge, &format!("/v1/collections/{}/feedback", p.id))?), vote).await
}

/// What publishing uploads: the int8 index of the rows' sentences and vectors, and the tables for
/// the exact path — the same two parts `tabletalk publish` sends.
pub fn parts(
    loaded: &Loaded,
    dataset: &Dataset,
    vectors: &BundleVectors,
    templates: &[String],
) -> Result<Vec<(PartSpec, Vec<u8>)>, String> {
    let passages = &dataset.lexical().0;
    let Some(per) = vectors.per_passage().filter(|per| per.len() == passages.len()) else {
        return Err(current().vectors_mismatch.into());
    };
    let mut meta = CollectionMeta { model: vectors.model.clone(), dim: vectors.dim, ..CollectionMeta::default() };
    for (t, text) in loaded.tables.iter().zip(templates) {
        meta.templates.insert(t.name.clone(), text.clone());
    }
    meta.created_at = String::from(js_sys::Date::new_0().to_iso_string());
    // int8 vectors, as the CLI publishes: a quarter of f32's size (docs/decisions.md).
    let mut collection = Collection::new(meta, DenseKind::FlatInt8).map_err(|e| e.to_string())?;
    for (p, v) in passages.iter().zip(per) {
        collection.add_chunks(p.clone(), v).map_err(|e| e.to_string())?;
    }
    let index = collection.to_bytes().map_err(|e| e.to_string())?;
    let tables = serde_json::to_vec(&TablesPart { tables: loaded.tables.clone(), description: loaded.description.clone() })
        .map_err(|e| e.to_string())?;
    Ok(vec![(PartSpec::of(PART_INDEX, &index), index), (PartSpec::of(PART_TABLES, &tables), tables)])
}

/// Uploads `parts` as collection `id` with the publish token: announce, send the chunks, commit.
/// `progress(sent, total)` after each chunk.
pub async fn publish(
    base: &str,
    token: &str,
    id: &str,
    request: PublishRequest,
    parts: &[(PartSpec, Vec<u8>)],
    progress: impl Fn(u64, u64),
) -> Result<CollectionInfo, String> {
    let collection = format!("/v1/collections/{id}");
    let auth = format!("Bearer {token}");
    let what = fill(current().publishing_id, &[("id", &id)]);
    let _: serde_json::Value =
        send_json(&what, base, Request::put(&url(base, &collection)?).header("authorization", &auth), &request).await?;
    let total: u64 = parts.iter().map(|(s, _)| s.bytes).sum();
    let mut sent = 0u64;
    for (spec, bytes) in parts {
        let chunks: Vec<&[u8]> = if bytes.is_empty() { vec![&[]] } else { bytes.chunks(CHUNK_BYTES).collect() };
        for (seq, chunk) in chunks.into_iter().enumerate() {
            let path = format!("{collection}/parts/{}/{seq}", spec.name);
            let req = Request::put(&url(base, &path)?)
                .header("authorization", &auth)
                .header("content-type", "application/octet-stream")
                .body(js_sys::Uint8Array::from(chunk))
                .map_err(|e| format!("{what}: {e}"))?;
            let _: serde_json::Value = read(&what, base, req.send().await).await?;
            sent += chunk.len() as u64;
            progress(sent, total);
        }
    }
    let commit = Request::post(&url(base, &format!("{collection}/commit"))?)
        .header("authorization", &auth)
        .header("content-type", "application/json")
        .body("")
        .map_err(|e| format!("{what}: {e}"))?;
    read(&what, base, commit.send().await).await
}

/// A collection id the edge accepts: lower-case letters, digits and dashes, from the table's name.
pub fn collection_id(name: &str) -> String {
    let mut id: String = name.to_lowercase().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    while id.contains("--") {
        id = id.replace("--", "-");
    }
    id.trim_matches('-').chars().take(48).collect()
}
