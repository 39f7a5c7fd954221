//! The real `tabletalk-llm` binary with the real default model (SmolLM2-135M-Instruct, Q8_0),
//! driven over HTTP like any OpenAI client. Tests run one at a time: they share two cores.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// Only one server generates at a time, so timings (timeouts, cancellation) mean something.
static SERIAL: Mutex<()> = Mutex::new(());

const LONG_PROMPT: &str = "Write a long essay about the history of the Roman Empire.";

struct Server {
    child: Child,
    base: String,
    stderr: Arc<Mutex<String>>,
    _serial: MutexGuard<'static, ()>,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabletalk-llm"))
            .args(["--host", "127.0.0.1", "--port", "0"])
            .args(extra)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starting tabletalk-llm");
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut err_pipe = child.stderr.take().unwrap();
        let sink = stderr.clone();
        thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = err_pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        let (tx, rx) = mpsc::channel();
        let out = child.stdout.take().unwrap();
        thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if let Some((_, url)) = line.split_once(" on http://") {
                    let _ = tx.send(format!("http://{}", url.trim()));
                }
            }
        });
        match rx.recv_timeout(Duration::from_secs(60)) {
            Ok(base) => Server { child, base, stderr, _serial: serial },
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                thread::sleep(Duration::from_millis(100));
                let err = stderr.lock().unwrap().clone();
                panic!(
                    "tabletalk-llm did not start. If the model is missing, fetch it with `cargo xtask models` \
                     (it writes .cache/models/SmolLM2-135M-Instruct/). Its stderr:\n{err}"
                );
            }
        }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    fn get(&self, path: &str) -> Reply {
        reply(ureq::get(&self.url(path)).call())
    }

    fn post(&self, body: &str) -> Reply {
        reply(ureq::post(&self.url("/v1/chat/completions")).set("Content-Type", "application/json").send_string(body))
    }

    fn chat(&self, body: Value) -> Reply {
        self.post(&body.to_string())
    }

    /// A streaming request's `data:` payloads up to and including `[DONE]`.
    fn stream(&self, body: Value) -> Vec<String> {
        let resp = ureq::post(&self.url("/v1/chat/completions")).send_string(&body.to_string()).expect("streaming request");
        assert_eq!(resp.status(), 200);
        assert!(resp.content_type().starts_with("text/event-stream"), "{}", resp.content_type());
        let mut events = Vec::new();
        for line in BufReader::new(resp.into_reader()).lines() {
            let line = line.expect("reading the stream");
            if let Some(data) = line.strip_prefix("data: ") {
                events.push(data.to_string());
                if data == "[DONE]" {
                    break;
                }
            }
        }
        events
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if thread::panicking() {
            eprintln!("server stderr:\n{}", self.stderr.lock().unwrap());
        }
    }
}

struct Reply {
    status: u16,
    retry_after: Option<String>,
    content_type: String,
    json: Value,
}

fn reply(result: Result<ureq::Response, ureq::Error>) -> Reply {
    let resp = match result {
        Ok(r) => r,
        Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("request failed: {e}"),
    };
    let status = resp.status();
    let retry_after = resp.header("retry-after").map(str::to_string);
    let content_type = resp.content_type().to_string();
    let text = resp.into_string().expect("reading the body");
    let json = serde_json::from_str(&text).unwrap_or_else(|e| panic!("body is not JSON ({e}): {text}"));
    Reply { status, retry_after, content_type, json }
}

fn chat_body(prompt: &str, extra: Value) -> Value {
    let mut body = json!({"model": "any", "messages": [{"role": "user", "content": prompt}]});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

fn content(v: &Value) -> &str {
    v["choices"][0]["message"]["content"].as_str().expect("choices[0].message.content")
}

/// An OpenAI-shaped error with the given status.
fn assert_error(r: &Reply, status: u16) {
    assert_eq!(r.status, status, "{}", r.json);
    assert!(r.content_type.starts_with("application/json"));
    let e = &r.json["error"];
    for field in ["message", "type", "code"] {
        assert!(e[field].as_str().is_some_and(|s| !s.is_empty()), "error.{field} missing: {}", r.json);
    }
}

#[test]
fn health_models_and_unknown_routes() {
    let s = Server::start(&[]);
    let h = s.get("/health");
    assert_eq!(h.status, 200);
    assert_eq!(h.json["status"], "ok");
    let id = h.json["model"].as_str().unwrap().to_string();
    assert!(id.starts_with("SmolLM2-135M-Instruct"), "{id}");
    assert_eq!((&h.json["busy"], &h.json["waiting"]), (&json!(false), &json!(0)), "an idle server: {}", h.json);

    let m = s.get("/v1/models");
    assert_eq!(m.status, 200);
    assert_eq!(m.json["object"], "list");
    let model = &m.json["data"][0];
    assert_eq!(model["id"], id.as_str());
    assert_eq!(model["object"], "model");
    assert_eq!(model["owned_by"], "tabletalk");
    assert!(model["created"].as_u64().is_some());

    assert_error(&s.get("/v1/nothing-here"), 404);
}

#[test]
fn completion_has_content_usage_and_finish_reason() {
    let s = Server::start(&[]);
    let r = s.chat(chat_body("What is the capital of France?", json!({"max_tokens": 24, "temperature": 0})));
    assert_eq!(r.status, 200, "{}", r.json);
    let v = &r.json;
    assert_eq!(v["object"], "chat.completion");
    assert!(v["id"].as_str().unwrap().starts_with("chatcmpl-"));
    assert_eq!(v["choices"][0]["message"]["role"], "assistant");
    assert!(!content(v).trim().is_empty());
    let finish = v["choices"][0]["finish_reason"].as_str().unwrap();
    assert!(finish == "stop" || finish == "length", "{finish}");
    let u = &v["usage"];
    let (p, c, t) = (u["prompt_tokens"].as_u64().unwrap(), u["completion_tokens"].as_u64().unwrap(), u["total_tokens"].as_u64().unwrap());
    assert!(p > 10 && (1..=24).contains(&c) && t == p + c, "{u}");

    // Content as an array of text parts, and `max_completion_tokens`.
    let parts = json!({"messages": [{"role": "user", "content": [{"type": "text", "text": LONG_PROMPT}]}],
                       "max_completion_tokens": 5});
    let r = s.chat(parts);
    assert_eq!(r.status, 200, "{}", r.json);
    assert_eq!(r.json["choices"][0]["finish_reason"], "length");
    assert_eq!(r.json["usage"]["completion_tokens"], 5);
}

#[test]
fn streaming_concatenates_to_the_same_text() {
    let s = Server::start(&[]);
    let params = json!({"max_tokens": 24, "temperature": 0, "seed": 7});
    let whole = s.chat(chat_body(LONG_PROMPT, params.clone()));
    assert_eq!(whole.status, 200);

    let mut streamed = params;
    streamed["stream"] = json!(true);
    let events = s.stream(chat_body(LONG_PROMPT, streamed));
    assert_eq!(events.last().map(String::as_str), Some("[DONE]"));
    let chunks: Vec<Value> = events[..events.len() - 1].iter().map(|e| serde_json::from_str(e).unwrap()).collect();
    assert!(chunks.iter().all(|c| c["object"] == "chat.completion.chunk"));
    assert_eq!(chunks[0]["choices"][0]["delta"]["role"], "assistant");
    let pieces: Vec<&str> = chunks.iter().filter_map(|c| c["choices"][0]["delta"]["content"].as_str()).collect();
    assert!(pieces.len() >= 3, "{pieces:?}");
    let last = chunks.last().unwrap();
    assert_eq!(last["choices"][0]["finish_reason"], whole.json["choices"][0]["finish_reason"]);
    assert!(chunks[..chunks.len() - 1].iter().all(|c| c["choices"][0]["finish_reason"].is_null()));
    assert_eq!(pieces.concat(), content(&whole.json));
}

#[test]
fn stop_strings_end_the_text_and_are_left_out() {
    let s = Server::start(&[]);
    let prompt = "Count from 1 to 10, separated by commas.";
    let r = s.chat(chat_body(prompt, json!({"max_tokens": 40, "temperature": 0, "stop": [","]})));
    assert_eq!(r.status, 200, "{}", r.json);
    assert_eq!(r.json["choices"][0]["finish_reason"], "stop");
    assert!(!content(&r.json).contains(','), "{}", content(&r.json));
    assert!(r.json["usage"]["completion_tokens"].as_u64().unwrap() < 40);

    // A single string works too, streamed.
    let events = s.stream(chat_body(prompt, json!({"max_tokens": 40, "temperature": 0, "stop": ",", "stream": true})));
    let text: String = events[..events.len() - 1]
        .iter()
        .map(|e| serde_json::from_str::<Value>(e).unwrap())
        .filter_map(|c| c["choices"][0]["delta"]["content"].as_str().map(str::to_string))
        .collect();
    assert_eq!(text, content(&r.json));
}

#[test]
fn same_seed_same_sample() {
    let s = Server::start(&[]);
    let body = chat_body("Tell me a short story.", json!({"max_tokens": 20, "temperature": 0.8, "top_p": 0.95, "seed": 42}));
    let a = s.chat(body.clone());
    let b = s.chat(body);
    assert_eq!(a.status, 200);
    assert_eq!(content(&a.json), content(&b.json));
}

#[test]
fn malformed_requests_are_json_400s() {
    let s = Server::start(&[]);
    assert_error(&s.post("{\"messages\": [}"), 400);
    assert_error(&s.post("{\"model\": \"x\"}"), 400);
    assert_error(&s.post("{\"messages\": []}"), 400);
    assert_error(&s.chat(chat_body("hi", json!({"temperature": -1}))), 400);
    assert_error(&s.chat(json!({"messages": [{"role": "user", "content": [{"type": "image_url"}]}]})), 400);
}

#[test]
fn over_the_context_is_a_400_naming_both_numbers() {
    let s = Server::start(&["--ctx", "256"]);
    let long = "The quick brown fox jumps over the lazy dog. ".repeat(40);
    let r = s.chat(chat_body(&long, json!({"max_tokens": 16})));
    assert_error(&r, 400);
    assert_eq!(r.json["error"]["code"], "context_length_exceeded");
    let message = r.json["error"]["message"].as_str().unwrap();
    assert!(message.contains("256"), "{message}");

    // A short prompt whose completion would not fit is refused the same way, never truncated.
    let r = s.chat(chat_body("hi", json!({"max_tokens": 300})));
    assert_eq!(r.json["error"]["code"], "context_length_exceeded", "{}", r.json);
    assert!(r.json["error"]["message"].as_str().unwrap().contains("300"));
    // The largest max_tokens a client can send is a 400 too (issue 20: it overflowed and panicked).
    let r = s.chat(chat_body("hi", json!({"max_tokens": u64::MAX})));
    assert_error(&r, 400);
    assert_eq!(r.json["error"]["code"], "context_length_exceeded", "{}", r.json);
    assert!(r.json["error"]["message"].as_str().unwrap().contains("18446744073709551615 in the completion"), "{}", r.json);
    assert_eq!(s.chat(chat_body("hi", json!({"max_tokens": 8}))).status, 200);
}

/// A streaming request whose first content chunk has arrived (so it is the running one).
fn start_stream(s: &Server, prompt: &str, max_tokens: u32) -> impl BufRead {
    let body = chat_body(prompt, json!({"max_tokens": max_tokens, "temperature": 0, "stream": true}));
    let resp = ureq::post(&s.url("/v1/chat/completions")).send_string(&body.to_string()).unwrap();
    let mut reader = BufReader::new(resp.into_reader());
    let mut line = String::new();
    loop {
        line.clear();
        assert!(reader.read_line(&mut line).unwrap() > 0, "stream ended early");
        if line.contains("\"content\"") {
            return reader;
        }
    }
}

#[test]
fn full_queue_is_a_429_with_retry_after() {
    let s = Server::start(&["--queue", "1"]);
    let running = start_stream(&s, LONG_PROMPT, 400);
    let url = s.url("/v1/chat/completions");
    let waiting_body = chat_body(LONG_PROMPT, json!({"max_tokens": 400})).to_string();
    let waiting = thread::spawn(move || {
        let agent = ureq::AgentBuilder::new().timeout(Duration::from_secs(3)).build();
        let _ = agent.post(&url).send_string(&waiting_body);
    });
    thread::sleep(Duration::from_millis(500));
    let r = s.chat(chat_body("hi", json!({"max_tokens": 4})));
    assert_error(&r, 429);
    let secs: u64 = r.retry_after.as_deref().expect("Retry-After header").parse().expect("Retry-After in seconds");
    assert!(secs >= 1);
    drop(running);
    waiting.join().unwrap();
}

#[test]
fn client_disconnect_cancels_generation() {
    let s = Server::start(&[]);
    // ~400 tokens would take several seconds; leaving after the first chunk must free the model.
    let reader = start_stream(&s, LONG_PROMPT, 400);
    drop(reader);
    let started = Instant::now();
    let r = s.chat(chat_body("hi", json!({"max_tokens": 4})));
    assert_eq!(r.status, 200, "{}", r.json);
    let took = started.elapsed();
    assert!(took < Duration::from_secs(3), "the next request waited {took:?}");
}

#[test]
fn time_limit_gives_504_or_an_error_event() {
    let s = Server::start(&["--timeout-secs", "1"]);
    let started = Instant::now();
    let r = s.chat(chat_body(LONG_PROMPT, json!({"max_tokens": 1000, "temperature": 0})));
    assert_error(&r, 504);
    assert!(started.elapsed() < Duration::from_secs(5));

    let events = s.stream(chat_body(LONG_PROMPT, json!({"max_tokens": 1000, "temperature": 0, "stream": true})));
    assert_eq!(events.last().map(String::as_str), Some("[DONE]"));
    let error: Value = serde_json::from_str(&events[events.len() - 2]).unwrap();
    assert!(error["error"]["message"].as_str().is_some(), "{error}");
    assert!(error["error"]["code"].as_str().is_some(), "{error}");
    // The timed-out generations stopped: 1,000 tokens would keep the worker busy for far longer
    // than this wait (measured through /health, not a request of our own, which on a loaded
    // machine can itself pass the 1 s limit).
    let waited = Instant::now();
    loop {
        let health = s.get("/health");
        assert_eq!(health.status, 200);
        if health.json["busy"] == json!(false) && health.json["waiting"] == json!(0) {
            break;
        }
        assert!(waited.elapsed() < Duration::from_secs(10), "the worker still runs a timed-out generation: {}", health.json);
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Issue 20: a body over 2 MB is a 413; eight 1.9 MB prompts sent at once take places in the
/// queue before any is tokenised (the rest get 429), and tokenising runs off the async threads,
/// so `/health` keeps answering while two bodies are tokenised (it took 1.3 s before, on an idle
/// machine; the bound leaves room for CI, where other builds share the two cores).
#[test]
fn big_bodies_are_413_and_do_not_delay_health() {
    let s = Server::start(&["--queue", "2"]);
    let over = chat_body(&"a".repeat(2 * 1024 * 1024), json!({"max_tokens": 1}));
    let r = s.chat(over);
    assert_error(&r, 413);
    assert_eq!(r.json["error"]["code"], "body_too_large", "{}", r.json);

    let big = chat_body(&"word ".repeat(1_900_000 / 5), json!({"max_tokens": 1})).to_string();
    let url = s.url("/v1/chat/completions");
    let senders: Vec<_> = (0..8)
        .map(|_| {
            let (url, body) = (url.clone(), big.clone());
            thread::spawn(move || reply(ureq::post(&url).set("Content-Type", "application/json").send_string(&body)).status)
        })
        .collect();
    thread::sleep(Duration::from_millis(300));
    let mut slowest = Duration::ZERO;
    for _ in 0..5 {
        let t = Instant::now();
        assert_eq!(s.get("/health").status, 200);
        slowest = slowest.max(t.elapsed());
        thread::sleep(Duration::from_millis(100));
    }
    let statuses: Vec<u16> = senders.into_iter().map(|h| h.join().unwrap()).collect();
    assert!(slowest < Duration::from_millis(900), "/health took {slowest:?}");
    // Over the context (400) or refused by the full queue (429); never a 5xx.
    assert!(statuses.iter().all(|&c| c == 400 || c == 429), "{statuses:?}");
    assert!(statuses.contains(&429), "{statuses:?}");
}
