//! `tabletalk publish`: prepares a collection (verbalise, embed, index — the `index` code path)
//! and uploads it to an edge worker with a publish token: the collection bytes and the tables
//! for the exact path, in 1 MiB chunks, then a commit that swaps it in atomically.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use serde::de::DeserializeOwned;
use tabletalk_shared::api::{ApiError, CollectionInfo, PartSpec, PublishRequest, TablesPart, CHUNK_BYTES, PART_INDEX, PART_TABLES};
use tabletalk_shared::ingest::{prepare, SourceFile};

use crate::files::read_description;
use crate::index::{build, read_templates, Dense};
use crate::progress::Progress;

pub struct PublishArgs {
    pub files: Vec<PathBuf>,
    pub edge: String,
    pub token: String,
    pub collection: String,
    pub template: Option<PathBuf>,
    pub describe: Option<PathBuf>,
    pub model: String,
    pub title: Option<String>,
    pub source: Option<String>,
    pub examples: Vec<String>,
    pub json: bool,
}

/// A chunk that fails for a network reason is sent again this many times.
const RETRIES: u32 = 2;

pub fn run(a: &PublishArgs) -> Result<ExitCode> {
    let started = Instant::now();
    let templates = read_templates(a.template.as_deref())?;
    // Files are named by their base name: citations then say "cars.csv", never a local path.
    let mut contents = Vec::with_capacity(a.files.len());
    for p in &a.files {
        let bytes = std::fs::read(p).with_context(|| format!("reading {}", p.display()))?;
        contents.push((base_name(p), bytes));
    }
    // Read here, but reported where it always was: after the files' own warnings and errors.
    let given = a.describe.as_deref().map(read_description);
    let sources: Vec<SourceFile<'_>> = contents.iter().map(|(n, b)| SourceFile { name: n, bytes: b }).collect();
    let upload = prepare(&sources, given.as_ref().and_then(|g| g.as_ref().ok()));
    drop(sources);
    for w in &upload.warnings {
        eprintln!("warning: {w}");
    }
    for e in &upload.errors {
        eprintln!("error: {e}");
    }
    if upload.tables.is_empty() {
        bail!("no table could be read from the files");
    }
    if let Some(Err(e)) = given {
        return Err(e);
    }
    // int8 vectors: a quarter of f32's size, so 50,000 rows fit one object's memory (docs/decisions.md).
    let built = build(&upload.tables, &templates, &a.model, Dense::Int8, None)?;
    let prepared = started.elapsed();
    let index = built.collection.to_bytes()?;
    let passages = built.collection.len();
    drop(built);
    let tables = serde_json::to_vec(&TablesPart { tables: upload.tables, description: upload.description })?;
    let parts = [(PartSpec::of(PART_INDEX, &index), index), (PartSpec::of(PART_TABLES, &tables), tables)];

    let edge = Edge::new(&a.edge, &a.token);
    let base = format!("/v1/collections/{}", a.collection);
    let req = PublishRequest {
        title: a.title.clone(),
        source: a.source.clone(),
        examples: a.examples.clone(),
        parts: parts.iter().map(|(s, _)| s.clone()).collect(),
    };
    let _: serde_json::Value = edge.send("PUT", &base, "application/json", &serde_json::to_vec(&req)?)?;
    let total: u64 = parts.iter().map(|(s, _)| s.bytes).sum();
    let mut progress = Progress::new("upload", total);
    let mut sent = 0u64;
    for (spec, bytes) in &parts {
        let chunks: Vec<&[u8]> = if bytes.is_empty() { vec![&[]] } else { bytes.chunks(CHUNK_BYTES).collect() };
        for (seq, chunk) in chunks.into_iter().enumerate() {
            let _: serde_json::Value = edge.send("PUT", &format!("{base}/parts/{}/{seq}", spec.name), "application/octet-stream", chunk)?;
            sent += chunk.len() as u64;
            progress.update(passages as u64 * sent / total.max(1), sent);
        }
    }
    progress.finish(passages as u64);
    let info: CollectionInfo = edge.send("POST", &format!("{base}/commit"), "application/json", b"")?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&info)?);
    }
    eprintln!(
        "published {} to {}: {} passages from {} table(s), {:.1} MB (prepared in {:.1} s, {:.1} s in all)",
        info.id,
        a.edge.trim_end_matches('/'),
        info.passages,
        info.schema.len(),
        total as f64 / 1e6,
        prepared.as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    Ok(if upload.errors.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn base_name(p: &Path) -> String {
    p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// The edge's publishing endpoints over ureq, with the bearer token and the edge's JSON errors.
struct Edge {
    base: String,
    token: String,
    agent: ureq::Agent,
}

impl Edge {
    fn new(base: &str, token: &str) -> Edge {
        let agent = ureq::AgentBuilder::new().timeout_connect(Duration::from_secs(10)).timeout(Duration::from_secs(120)).build();
        Edge { base: base.trim_end_matches('/').to_string(), token: token.to_string(), agent }
    }

    fn send<T: DeserializeOwned>(&self, method: &str, path: &str, content_type: &str, body: &[u8]) -> Result<T> {
        let url = format!("{}{path}", self.base);
        let mut attempt = 0;
        loop {
            let r = self
                .agent
                .request(method, &url)
                .set("authorization", &format!("Bearer {}", self.token))
                .set("content-type", content_type)
                .send_bytes(body);
            match r {
                Ok(resp) => {
                    return resp.into_json::<T>().with_context(|| format!("{method} {url}: the edge's answer is not the expected JSON"))
                }
                Err(ureq::Error::Status(status, resp)) => {
                    let text = resp.into_string().unwrap_or_default();
                    let message = serde_json::from_str::<ApiError>(&text).map(|e| e.message).unwrap_or(text);
                    bail!("{method} {url}: the edge answered {status}: {message}");
                }
                Err(e) if attempt < RETRIES => {
                    attempt += 1;
                    eprintln!("warning: {method} {url}: {e}; trying again");
                    std::thread::sleep(Duration::from_millis(500 * attempt as u64));
                }
                Err(e) => return Err(e).with_context(|| format!("{method} {url}: the edge cannot be reached")),
            }
        }
    }
}
