//! Indexes against brute force and each other, on seeded random and clustered data, and the
//! collection's byte format against damage.

use std::collections::HashSet;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rand_distr::StandardNormal;
use tabletalk_shared::index::{
    reciprocal_rank_fusion, Bm25Index, Bm25Params, Collection, CollectionMeta, DenseKind, FlatIndex, Hit, HnswIndex, HnswParams,
    IndexError, PassageId, Stemming, Storage, RRF_K,
};
use tabletalk_shared::table::{Provenance, RowRef};
use tabletalk_shared::verbalise::Passage;

fn gaussian(rng: &mut StdRng, dim: usize) -> Vec<f32> {
    (0..dim).map(|_| rng.sample::<f32, _>(StandardNormal)).collect()
}

/// Points around `clusters` random centres: neighbours mostly share a cluster, like embeddings of
/// rows from the same few tables.
fn clustered(seed: u64, n: usize, dim: usize, clusters: usize, spread: f32) -> Vec<Vec<f32>> {
    let mut rng = StdRng::seed_from_u64(seed);
    let centres: Vec<Vec<f32>> = (0..clusters).map(|_| gaussian(&mut rng, dim)).collect();
    (0..n)
        .map(|_| {
            let c = &centres[rng.random_range(0..clusters)];
            c.iter().map(|&x| x + spread * rng.sample::<f32, _>(StandardNormal)).collect()
        })
        .collect()
}

/// The last `held_out` points become queries (same clusters, not in the index).
fn split(mut points: Vec<Vec<f32>>, held_out: usize) -> (Vec<Vec<f32>>, Vec<Vec<f32>>) {
    let queries = points.split_off(points.len() - held_out);
    (points, queries)
}

fn cosine(a: &[f32], b: &[f32]) -> f64 {
    let dot: f64 = a.iter().zip(b).map(|(x, y)| f64::from(*x) * f64::from(*y)).sum();
    let na: f64 = a.iter().map(|x| f64::from(*x).powi(2)).sum::<f64>().sqrt();
    let nb: f64 = b.iter().map(|x| f64::from(*x).powi(2)).sum::<f64>().sqrt();
    dot / (na * nb)
}

/// Exact top-k by brute force in f64: (id, cosine), best first.
fn brute_force(data: &[Vec<f32>], q: &[f32], k: usize) -> Vec<(u32, f64)> {
    let mut all: Vec<(u32, f64)> = data.iter().enumerate().map(|(i, v)| (i as u32, cosine(q, v))).collect();
    all.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    all.truncate(k);
    all
}

fn recall(truth: &[Vec<Hit>], found: &[Vec<Hit>]) -> f64 {
    let mut hit = 0usize;
    let mut total = 0usize;
    for (t, f) in truth.iter().zip(found) {
        let t: HashSet<PassageId> = t.iter().map(|h| h.id).collect();
        hit += f.iter().filter(|h| t.contains(&h.id)).count();
        total += t.len();
    }
    hit as f64 / total as f64
}

fn passage(text: &str, row: usize) -> Passage {
    Passage {
        text: text.to_string(),
        provenance: Provenance {
            file: "clubs.csv".into(),
            table: "clubs".into(),
            row: RowRef::from_index(row),
            columns: vec!["club".into(), "city".into()],
        },
    }
}

fn meta(dim: usize) -> CollectionMeta {
    CollectionMeta {
        model: "test-model".into(),
        dim,
        templates: [("clubs".to_string(), "{{club}} plays in {{city}}.".to_string())].into(),
        created_at: "2026-11-22T10:00:00Z".into(),
    }
}

#[test]
fn flat_f32_equals_brute_force_on_random_data() {
    let mut rng = StdRng::seed_from_u64(7);
    let dim = 48;
    let data: Vec<Vec<f32>> = (0..1500).map(|_| gaussian(&mut rng, dim)).collect();
    let mut flat = FlatIndex::new(dim, Storage::F32).unwrap();
    for (i, v) in data.iter().enumerate() {
        assert_eq!(flat.add(v).unwrap(), PassageId(i as u32));
    }
    for _ in 0..30 {
        let q = gaussian(&mut rng, dim);
        let hits = flat.search(&q, 10).unwrap();
        let truth = brute_force(&data, &q, 11);
        assert_eq!(hits.len(), 10);
        for (i, (h, t)) in hits.iter().zip(&truth).enumerate() {
            assert!((f64::from(h.score) - t.1).abs() < 1e-5, "score at rank {i}");
            // Ids must agree wherever the exact scores are not a near-tie.
            let separated = (i == 0 || truth[i - 1].1 - t.1 > 1e-5) && t.1 - truth[i + 1].1 > 1e-5;
            if separated {
                assert_eq!(h.id.0, t.0, "id at rank {i}");
            }
        }
        assert!(hits.windows(2).all(|w| w[0].score >= w[1].score));
    }
    // k larger than the index returns everything, best first.
    assert_eq!(flat.search(&data[0], 10_000).unwrap().len(), 1500);
}

#[test]
fn int8_recall_at_10_matches_f32() {
    let dim = 384;
    let (data, queries) = split(clustered(11, 4100, dim, 40, 0.5), 100);
    let mut exact = FlatIndex::new(dim, Storage::F32).unwrap();
    let mut int8 = FlatIndex::new(dim, Storage::Int8).unwrap();
    for v in &data {
        exact.add(v).unwrap();
        int8.add(v).unwrap();
    }
    let truth: Vec<Vec<Hit>> = queries.iter().map(|q| exact.search(q, 10).unwrap()).collect();
    let found: Vec<Vec<Hit>> = queries.iter().map(|q| int8.search(q, 10).unwrap()).collect();
    let r = recall(&truth, &found);
    assert!(r >= 0.95, "int8 recall@10 = {r}");
    // Scores stay close to the exact cosines.
    for (t, f) in truth.iter().zip(&found) {
        assert!((t[0].score - f[0].score).abs() < 0.01);
    }
}

#[test]
fn hnsw_recall_at_10_on_5000_clustered_vectors() {
    let dim = 384;
    let (data, queries) = split(clustered(21, 5200, dim, 50, 0.6), 200);
    let mut exact = FlatIndex::new(dim, Storage::F32).unwrap();
    let mut hnsw = HnswIndex::new(dim, HnswParams::default()).unwrap();
    for v in &data {
        exact.add(v).unwrap();
        hnsw.add(v).unwrap();
    }
    let truth: Vec<Vec<Hit>> = queries.iter().map(|q| exact.search(q, 10).unwrap()).collect();
    let found: Vec<Vec<Hit>> = queries.iter().map(|q| hnsw.search(q, 10).unwrap()).collect();
    let r = recall(&truth, &found);
    assert!(r >= 0.95, "HNSW recall@10 = {r}");
    // Scores are exact cosines, not approximations.
    for (q, hits) in queries.iter().zip(&found) {
        for h in hits {
            assert!((f64::from(h.score) - cosine(q, &data[h.id.index()])).abs() < 1e-5);
        }
    }
    // A wider search is never worse here, and k > ef still returns k hits.
    let wide: Vec<Vec<Hit>> = queries.iter().map(|q| hnsw.search_with_ef(q, 10, 256).unwrap()).collect();
    assert!(recall(&truth, &wide) >= r);
    assert_eq!(hnsw.search_with_ef(&queries[0], 100, 8).unwrap().len(), 100);
}

#[test]
fn bm25_ranks_the_obvious_passage_first_across_accents_and_case() {
    let docs = [
        "FC Barcelona is a football club based in Barcelona, founded in 1899.",
        "Real Madrid plays its home games at the Santiago Bernabéu stadium.",
        "The Barça women's team won the Champions League in 2021 and 2023.",
        "Atlético de Madrid was founded in 1903 by Basque students.",
        "Sevilla FC won the Europa League seven times.",
        "Girona is a city in Catalonia; its club plays at Montilivi.",
    ];
    let mut bm = Bm25Index::default();
    for d in docs {
        bm.add(d).unwrap();
    }
    let top = |q: &str| bm.search(q, 3).first().map(|h| h.id.0);
    assert_eq!(top("barca womens team"), Some(2));
    assert_eq!(top("BARÇA Women"), Some(2));
    assert_eq!(top("atletico founded"), Some(3));
    assert_eq!(top("Bernabeu"), Some(1));
    assert_eq!(top("1899"), Some(0));
    assert_eq!(top("club founded 1899"), Some(0));
    assert_eq!(top("europa leagues"), Some(4)); // stemmed: leagues → league
    assert!(bm.search("zzzz unknown", 5).is_empty());
    assert!(bm.search("", 5).is_empty());
    let hits = bm.search("madrid", 10);
    assert_eq!(hits.len(), 2);
    assert!(hits[0].score >= hits[1].score && hits[1].score > 0.0);

    // Without stemming "leagues" no longer matches "league".
    let mut plain = Bm25Index::new(Bm25Params { stemming: Stemming::None, ..Bm25Params::default() }).unwrap();
    for d in docs {
        plain.add(d).unwrap();
    }
    assert!(plain.search("leagues", 5).is_empty());
}

#[test]
fn rrf_prefers_passages_both_lists_agree_on() {
    let h = |ids: &[u32]| ids.iter().map(|&i| Hit { id: PassageId(i), score: 1.0 }).collect::<Vec<_>>();
    let fused = reciprocal_rank_fusion(&[&h(&[10, 20, 30, 40]), &h(&[50, 20, 60, 10])], RRF_K, 3);
    let ids: Vec<u32> = fused.iter().map(|h| h.id.0).collect();
    // 20 is second in both (2/62); 10 is first and fourth (1/61 + 1/64); 50 is first once (1/61).
    assert_eq!(ids, [20, 10, 50]);
}

fn small_collection(kind: DenseKind) -> (Collection, Vec<Vec<f32>>) {
    let texts = [
        "FC Barcelona plays in Barcelona.",
        "Real Madrid plays in Madrid.",
        "Barça won the league in 2023.",
        "Girona FC plays in Girona.",
        "Sevilla FC plays in Sevilla.",
    ];
    let vectors = clustered(5, texts.len(), 16, 2, 0.3);
    let mut c = Collection::new(meta(16), kind).unwrap();
    for (i, (t, v)) in texts.iter().zip(&vectors).enumerate() {
        assert_eq!(c.add(passage(t, i), v).unwrap(), PassageId(i as u32));
    }
    (c, vectors)
}

fn kinds() -> [DenseKind; 3] {
    [DenseKind::FlatF32, DenseKind::FlatInt8, DenseKind::Hnsw(HnswParams { m: 4, ..HnswParams::default() })]
}

#[test]
fn collection_searches_return_passages_with_provenance() {
    for kind in kinds() {
        let (c, vectors) = small_collection(kind);
        let dense = c.search_dense(&vectors[3], 2).unwrap();
        assert_eq!(dense[0].id, PassageId(3));
        assert_eq!(dense[0].passage.provenance.row, RowRef(4));
        // "Barça" folds to "barca"; "Barcelona" is a different token.
        let lexical = c.search_lexical("barca", 5);
        assert_eq!(lexical.len(), 1);
        assert_eq!(lexical[0].passage.text, "Barça won the league in 2023.");
        // Passage 2 is the best lexical match and the vector's exact match: first when fused.
        let hybrid = c.search_hybrid(&vectors[2], "barca league", 3).unwrap();
        assert_eq!(hybrid[0].id, PassageId(2));
        assert_eq!(hybrid.len(), 3);
    }
}

#[test]
fn empty_collections_return_nothing_and_wrong_dimensions_are_errors() {
    for kind in kinds() {
        let mut c = Collection::new(meta(16), kind).unwrap();
        assert!(c.search_dense(&[1.0; 16], 5).unwrap().is_empty());
        assert!(c.search_lexical("anything", 5).is_empty());
        assert!(c.search_hybrid(&[1.0; 16], "anything", 5).unwrap().is_empty());
        let wrong = IndexError::DimensionMismatch { expected: 16, actual: 15 };
        assert_eq!(c.search_dense(&[1.0; 15], 5).unwrap_err(), wrong);
        assert_eq!(c.add(passage("x", 0), &[1.0; 15]).unwrap_err(), wrong);
        assert_eq!(c.search_hybrid(&[1.0; 15], "x", 5).unwrap_err(), wrong);
        // A failed add leaves nothing behind.
        assert!(c.is_empty() && c.search_lexical("x", 5).is_empty());
        assert_eq!(c.add(passage("x", 0), &[0.0; 16]).unwrap_err(), IndexError::ZeroVector);
        assert_eq!(c.add(passage("x", 0), &[f32::NAN; 16]).unwrap_err(), IndexError::NonFinite);
        assert!(c.is_empty());
        assert_eq!(c.search_dense(&[1.0; 16], 0).unwrap(), vec![]);
    }
    assert_eq!(Collection::new(meta(0), DenseKind::FlatF32).unwrap_err(), IndexError::ZeroDimension);
}

#[test]
fn bytes_round_trip_gives_identical_results() {
    let dim = 32;
    let (data, queries) = split(clustered(31, 620, dim, 12, 0.5), 20);
    for kind in kinds() {
        let mut c = Collection::new(meta(dim), kind).unwrap();
        for (i, v) in data.iter().enumerate() {
            c.add(passage(&format!("row {i} of cluster data, value {}", i % 17), i), v).unwrap();
        }
        let bytes = c.to_bytes().unwrap();
        let back = Collection::from_bytes(&bytes).unwrap();
        assert_eq!(back, c);
        assert_eq!(back.to_bytes().unwrap(), bytes, "saving is deterministic");
        for q in &queries {
            assert_eq!(back.search_dense(q, 10).unwrap(), c.search_dense(q, 10).unwrap());
            assert_eq!(back.search_hybrid(q, "value 3", 10).unwrap(), c.search_hybrid(q, "value 3", 10).unwrap());
        }
        assert_eq!(back.search_lexical("row 7", 10), c.search_lexical("row 7", 10));
        // A loaded collection keeps growing in step.
        let mut grown = back.clone();
        grown.add(passage("one more", 600), &queries[0]).unwrap();
        assert_eq!(grown.search_dense(&queries[0], 1).unwrap()[0].id, PassageId(600));
    }
}

#[test]
fn damaged_bytes_are_errors_never_panics() {
    let (c, vectors) = small_collection(DenseKind::Hnsw(HnswParams { m: 4, ..HnswParams::default() }));
    let bytes = c.to_bytes().unwrap();

    assert_eq!(Collection::from_bytes(b"PK\x03\x04 a zip file").unwrap_err(), IndexError::NotACollection);
    assert_eq!(Collection::from_bytes(b"").unwrap_err(), IndexError::Truncated { expected: 24, actual: 0 });
    let mut future = bytes.clone();
    future[8] = 3;
    assert_eq!(Collection::from_bytes(&future).unwrap_err(), IndexError::UnsupportedVersion { found: 3, supported: 2 });
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(Collection::from_bytes(&longer), Err(IndexError::Corrupt(_))));

    // Every truncation.
    for len in 0..bytes.len() {
        let err = Collection::from_bytes(&bytes[..len]).unwrap_err();
        assert!(matches!(err, IndexError::Truncated { .. }), "length {len}: {err:?}");
    }
    // Every single-byte change: caught by the magic, the version or the checksum.
    for i in 0..bytes.len() {
        let mut b = bytes.clone();
        b[i] ^= 0x5a;
        assert!(Collection::from_bytes(&b).is_err(), "byte {i}");
    }
    // Forged checksums: the structure is validated too. Whatever loads must search without panicking.
    let mut rng = StdRng::seed_from_u64(99);
    let mut loaded = 0;
    for _ in 0..3000 {
        let mut b = bytes.clone();
        for _ in 0..rng.random_range(1..4) {
            let i = rng.random_range(24..b.len());
            b[i] = rng.random();
        }
        let crc = crc32(&b[24..]);
        b[20..24].copy_from_slice(&crc.to_le_bytes());
        if let Ok(c) = Collection::from_bytes(&b) {
            loaded += 1;
            let dim = c.meta().dim;
            let _ = c.search_dense(&vectors[0][..dim.min(16)], 3);
            let _ = c.search_hybrid(&vectors[0][..dim.min(16)], "barca", 3);
            let _ = c.search_lexical("madrid plays", 3);
        }
    }
    // Some damage lands in text or float bytes and still loads; most does not.
    assert!(loaded < 3000);
}

/// CRC-32 (IEEE), bit by bit: the test forges checksums without depending on the crate under test.
fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in data {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}
