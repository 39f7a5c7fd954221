//! The candle embedder against sentence-transformers (PyTorch, CPU) on the same real weights, and
//! its errors on bad model files. Reference: tests/fixtures/embeddings/minilm_reference.json, made
//! by xtask/scripts/reference_embed.py from tests/fixtures/embeddings/sentences.txt.

use base64::Engine;
use tabletalk_shared::embed::{EmbedError, Embedder, ModelFiles};
use tabletalk_tests::{committed, model};

struct Reference {
    sentences: Vec<String>,
    dim: usize,
    vectors: Vec<f32>,
}

fn reference() -> Reference {
    let text = std::fs::read_to_string(committed("embeddings/minilm_reference.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let bytes = base64::engine::general_purpose::STANDARD.decode(v["vectors_f32le_base64"].as_str().unwrap()).unwrap();
    let vectors = bytes.chunks_exact(4).map(|b| f32::from_le_bytes(b.try_into().unwrap())).collect();
    let sentences = v["sentences"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect();
    Reference { sentences, dim: v["dim"].as_u64().unwrap() as usize, vectors }
}

fn minilm() -> ModelFiles {
    ModelFiles::read_dir(&model("all-MiniLM-L6-v2")).unwrap()
}

fn cosine(a: &[f32], b: &[f32]) -> f32 {
    let dot: f32 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    let na: f32 = a.iter().map(|x| x * x).sum::<f32>().sqrt();
    let nb: f32 = b.iter().map(|x| x * x).sum::<f32>().sqrt();
    dot / (na * nb)
}

#[test]
fn vectors_match_sentence_transformers_on_225_real_sentences() {
    let r = reference();
    assert!(r.sentences.len() >= 200);
    let embedder = Embedder::load(&minilm()).unwrap();
    assert_eq!(embedder.dim(), r.dim);
    let texts: Vec<&str> = r.sentences.iter().map(String::as_str).collect();
    let mut calls = 0;
    let out = embedder.embed(&texts, 16, &mut |_| calls += 1).unwrap();
    assert_eq!(calls, texts.len().div_ceil(16), "progress is reported once per batch");
    assert_eq!(out.len(), texts.len());
    let (mut worst, mut worst_i, mut max_abs) = (1.0f32, 0, 0.0f32);
    for (i, (ours, theirs)) in out.rows().zip(r.vectors.chunks_exact(r.dim)).enumerate() {
        let c = cosine(ours, theirs);
        if c < worst {
            (worst, worst_i) = (c, i);
        }
        max_abs = ours.iter().zip(theirs).map(|(a, b)| (a - b).abs()).fold(max_abs, f32::max);
    }
    eprintln!("worst cosine {worst:.7} (sentence {worst_i}), max |Δ| {max_abs:.2e}");
    assert!(worst >= 0.9999, "sentence {worst_i} {:?}: cosine {worst}", r.sentences[worst_i]);
    // Sentences over 256 tokens (wide rows, and two built long at the end) are cut as
    // sentence-transformers cuts them, counted, and still match.
    let over: Vec<usize> = (0..texts.len()).filter(|&i| embedder.token_count(texts[i]).unwrap() > 256).collect();
    let n = texts.len();
    assert!(over.ends_with(&[n - 3, n - 2]), "{over:?}");
    assert_eq!(out.truncated, over);
}

#[test]
fn batching_does_not_change_the_vectors() {
    let r = reference();
    let embedder = Embedder::load(&minilm()).unwrap();
    let texts: Vec<&str> = r.sentences.iter().take(40).map(String::as_str).collect();
    let batched = embedder.embed(&texts, 40, &mut |_| {}).unwrap();
    for (i, t) in texts.iter().enumerate().step_by(7) {
        let (one, truncated) = embedder.embed_one(t).unwrap();
        assert!(!truncated);
        assert!(cosine(&one, batched.get(i).unwrap()) > 0.99999, "sentence {i}");
    }
}

#[test]
fn retrieval_with_real_vectors_finds_the_matching_sentence() {
    let embedder = Embedder::load(&minilm()).unwrap();
    let docs = [
        "The value for 'Name' is plymouth fury iii. The value for 'Horsepower' is 215.",
        "The value for 'Name' is Anchorage Intl. The value for 'State' is AK.",
        "On 2012-01-03 the weather in Seattle was rain with 0.8 mm of precipitation.",
    ];
    let d = embedder.embed(&docs, 8, &mut |_| {}).unwrap();
    let (q, _) = embedder.embed_one("Which airport is in Alaska?").unwrap();
    let best = d.rows().enumerate().max_by(|a, b| cosine(&q, a.1).total_cmp(&cosine(&q, b.1))).unwrap().0;
    assert_eq!(best, 1);
}

#[test]
fn bad_model_files_are_errors_naming_the_file() {
    let good = minilm();

    let mut corrupt = good.clone();
    corrupt.weights.truncate(1000);
    let e = Embedder::load(&corrupt).err().expect("truncated weights must fail");
    assert!(matches!(e, EmbedError::Weights(_)), "{e}");

    let mut garbage = good.clone();
    garbage.weights = b"not a safetensors file at all".to_vec();
    assert!(matches!(Embedder::load(&garbage), Err(EmbedError::Weights(_))));

    let mut bad_config = good.clone();
    bad_config.config = b"{\"hidden_size\": ".to_vec();
    let e = Embedder::load(&bad_config).err().unwrap();
    assert!(e.to_string().starts_with("model file config.json:"), "{e}");

    // A config that disagrees with the weights: 480-wide layers against 384-wide tensors.
    let mut wrong_dim = good.clone();
    let mut cfg: serde_json::Value = serde_json::from_slice(&good.config).unwrap();
    cfg["hidden_size"] = 480.into();
    wrong_dim.config = serde_json::to_vec(&cfg).unwrap();
    wrong_dim.pooling = None;
    let e = Embedder::load(&wrong_dim).err().unwrap();
    assert!(matches!(e, EmbedError::Weights(_)), "{e}");

    // The pooling config says 768 dimensions, the model has 384.
    let mut wrong_pool = good.clone();
    wrong_pool.pooling = Some(br#"{"word_embedding_dimension": 768, "pooling_mode_mean_tokens": true}"#.to_vec());
    let e = Embedder::load(&wrong_pool).err().unwrap();
    assert!(matches!(e, EmbedError::Dimension { expected: 384, actual: 768, .. }), "{e}");

    // A tokenizer of another model (a larger vocabulary than the weights have).
    let mut wrong_tok = good.clone();
    let mut tok: serde_json::Value = serde_json::from_slice(&good.tokenizer).unwrap();
    let vocab = tok["model"]["vocab"].as_object_mut().unwrap();
    for i in 0..100 {
        vocab.insert(format!("extra{i}"), (30522 + i).into());
    }
    wrong_tok.tokenizer = serde_json::to_vec(&tok).unwrap();
    let e = Embedder::load(&wrong_tok).err().unwrap();
    assert!(matches!(e, EmbedError::Tokenizer(_)), "{e}");

    let mut not_json = good.clone();
    not_json.tokenizer = b"\x00\x01binary".to_vec();
    assert!(matches!(Embedder::load(&not_json), Err(EmbedError::Tokenizer(_))));

    let missing = ModelFiles::read_dir(std::path::Path::new("/nonexistent/model")).err().unwrap();
    assert!(missing.to_string().contains("config.json"), "{missing}");
}

#[test]
fn empty_input_and_overlong_queries_are_handled() {
    let embedder = Embedder::load(&minilm()).unwrap();
    assert!(matches!(embedder.embed(&[], 8, &mut |_| {}), Err(EmbedError::Empty)));
    let long = "word ".repeat(2000);
    assert!(embedder.token_count(&long).unwrap() > 2000);
    let (v, truncated) = embedder.embed_one(&long).unwrap();
    assert!(truncated);
    assert_eq!(v.len(), 384);
    let (v, truncated) = embedder.embed_one("").unwrap();
    assert!(!truncated);
    assert!((v.iter().map(|x| x * x).sum::<f32>() - 1.0).abs() < 1e-4, "empty text still gives a unit vector");
}
