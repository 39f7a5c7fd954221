//! `tabletalk publish` against a recording stand-in for the edge: the three steps in order, the
//! bearer token on each, chunks that add up to what was announced, and the edge's JSON errors
//! shown to the user. (The real worker is exercised by tests/e2e/edge_collections.test.mjs.)

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::Command;
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

struct Seen {
    method: String,
    path: String,
    auth: String,
    body: Vec<u8>,
}

/// Serves until the test ends; `reply(method, path)` gives the status and JSON body.
fn edge(reply: fn(&str, &str) -> (u16, Value)) -> (String, Arc<Mutex<Vec<Seen>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut r = BufReader::new(stream.try_clone().unwrap());
            let mut line = String::new();
            r.read_line(&mut line).unwrap();
            let mut parts = line.split_whitespace();
            let (method, path) = (parts.next().unwrap_or("").to_string(), parts.next().unwrap_or("").to_string());
            let (mut len, mut auth) = (0usize, String::new());
            loop {
                let mut h = String::new();
                r.read_line(&mut h).unwrap();
                if h.trim().is_empty() {
                    break;
                }
                let (k, v) = h.split_once(':').unwrap();
                match k.to_ascii_lowercase().as_str() {
                    "content-length" => len = v.trim().parse().unwrap(),
                    "authorization" => auth = v.trim().to_string(),
                    _ => {}
                }
            }
            let mut body = vec![0; len];
            r.read_exact(&mut body).unwrap();
            let (status, value) = reply(&method, &path);
            log.lock().unwrap().push(Seen { method, path, auth, body });
            let text = value.to_string();
            let _ = write!(
                stream,
                "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
                text.len()
            );
        }
    });
    (url, seen)
}

fn info() -> Value {
    json!({"id": "people", "title": "people", "source": null, "description": null, "schema": [{"name": "people", "file": "people.csv", "rows": 3, "columns": []}],
           "examples": [], "passages": 3, "model": "m", "dim": 384, "dense": "FlatInt8", "templates": {}, "published_at": "now"})
}

fn csv(dir: &std::path::Path) -> PathBuf {
    let p = dir.join("people.csv");
    std::fs::write(&p, "name,city,age\nAlice,Lisbon,34\nBruno,Porto,41\nCarla,Madrid,29\n").unwrap();
    p
}

#[test]
fn publish_uploads_parts_in_order_with_the_token_then_commits() {
    let (url, seen) = edge(|m, p| match (m, p) {
        ("POST", p) if p.ends_with("/commit") => (201, info()),
        _ => (200, json!({})),
    });
    let dir = tempfile::tempdir().unwrap();
    let file = csv(dir.path());
    let out = Command::new(env!("CARGO_BIN_EXE_tabletalk"))
        .args(["publish", file.to_str().unwrap(), "--edge", &url, "--token", "secret-t", "--collection", "people", "--json"])
        .current_dir(root())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("published people"), "{stderr}");
    let printed: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(printed["passages"], 3);

    let seen = seen.lock().unwrap();
    assert!(seen.iter().all(|s| s.auth == "Bearer secret-t"));
    assert_eq!((seen[0].method.as_str(), seen[0].path.as_str()), ("PUT", "/v1/collections/people"));
    let announced: Value = serde_json::from_slice(&seen[0].body).unwrap();
    let last = seen.last().unwrap();
    assert_eq!((last.method.as_str(), last.path.as_str()), ("POST", "/v1/collections/people/commit"));
    for part in announced["parts"].as_array().unwrap() {
        let name = part["name"].as_str().unwrap();
        let chunks: Vec<&Seen> = seen.iter().filter(|s| s.path.starts_with(&format!("/v1/collections/people/parts/{name}/"))).collect();
        assert_eq!(chunks.len() as u64, part["chunks"].as_u64().unwrap());
        let bytes: Vec<u8> = chunks.iter().flat_map(|s| s.body.clone()).collect();
        assert_eq!(bytes.len() as u64, part["bytes"].as_u64().unwrap());
        assert_eq!(crc32fast::hash(&bytes) as u64, part["crc32"].as_u64().unwrap());
        if name == "tables" {
            let t: Value = serde_json::from_slice(&bytes).unwrap();
            // Base names only: a local path never reaches the edge.
            assert_eq!(t["tables"][0]["file"], "people.csv");
            assert_eq!(t["tables"][0]["rows"].as_array().unwrap().len(), 3);
        }
    }
}

#[test]
fn the_edges_json_error_is_shown() {
    let (url, _) = edge(|_, _| (403, json!({"error": "forbidden", "message": "this token may not publish collection \"people\""})));
    let dir = tempfile::tempdir().unwrap();
    let file = csv(dir.path());
    let out = Command::new(env!("CARGO_BIN_EXE_tabletalk"))
        .args(["publish", file.to_str().unwrap(), "--edge", &url, "--token", "wrong", "--collection", "people"])
        .current_dir(root())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("403") && stderr.contains("may not publish"), "{stderr}");
}
