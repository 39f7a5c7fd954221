//! Embedded SQL engines for Tabletalk's exact query path: the same seeded table and the same four
//! query shapes on Apache DataFusion and GlueSQL, each answer checked against plain Rust loops.
//! Native driver: `src/main.rs`; wasm driver: the `wasm` module below plus `run-browser.mjs`.

use std::collections::HashSet;

#[cfg(feature = "datafusion")]
pub mod df;
#[cfg(feature = "gluesql")]
pub mod glue;
#[cfg(target_arch = "wasm32")]
mod wasm;

/// The four query shapes our generated SQL uses: (short name, SQL).
pub const QUERIES: [(&str, &str); 4] = [
    (
        "group-by",
        r#"SELECT "category", COUNT(*) AS n, AVG("amount") AS avg FROM t WHERE "year" >= 2000 GROUP BY "category" ORDER BY n DESC"#,
    ),
    (
        "top-N",
        r#"SELECT "name", "amount" FROM t ORDER BY "amount" DESC NULLS LAST, "id" ASC LIMIT 10"#,
    ),
    ("distinct", r#"SELECT COUNT(DISTINCT "name") FROM t"#),
    (
        "filter",
        r#"SELECT COUNT(*) FROM t WHERE ("region" = 'north' OR "region" = 'east') AND "amount" BETWEEN 100 AND 500 AND LOWER("name") LIKE '%ab%'"#,
    ),
];

pub const REGIONS: [&str; 8] =
    ["north", "south", "east", "west", "central", "northeast", "northwest", "southeast"];
const SYLLABLES: [&str; 20] = [
    "ka", "Ab", "lo", "mi", "Ra", "te", "bo", "su", "Ne", "aB", "vi", "do", "Ma", "ri", "ja", "ba",
    "Le", "ko", "ta", "fa",
];

/// Column vectors of the benchmark table. `amount` is NULL in ~1 % of rows.
pub struct Data {
    pub id: Vec<i64>,
    pub category: Vec<String>,
    pub region: Vec<&'static str>,
    pub amount: Vec<Option<f64>>,
    pub year: Vec<i64>,
    pub name: Vec<String>,
}

impl Data {
    pub fn len(&self) -> usize {
        self.id.len()
    }
    pub fn is_empty(&self) -> bool {
        self.id.is_empty()
    }
}

/// splitmix64: deterministic and identical natively and in wasm.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

pub const SEED: u64 = 20261122;

/// The seeded table: id 1..=rows; 50 categories with a skewed distribution (so GROUP BY … ORDER BY n
/// has a well-defined order); 8 regions; amount in cents 0..=1000.00 (ties, so the `id` tie-break
/// matters) or NULL; year 1990–2024; mixed-case names, almost all distinct.
pub fn generate(rows: usize, seed: u64) -> Data {
    let mut rng = Rng(seed);
    let categories: Vec<String> = (0..50).map(|k| format!("category_{k:02}")).collect();
    let mut d = Data {
        id: Vec::with_capacity(rows),
        category: Vec::with_capacity(rows),
        region: Vec::with_capacity(rows),
        amount: Vec::with_capacity(rows),
        year: Vec::with_capacity(rows),
        name: Vec::with_capacity(rows),
    };
    for i in 0..rows {
        d.id.push(i as i64 + 1);
        let u = rng.unit();
        d.category.push(categories[((u * u) * 50.0) as usize].clone());
        d.region.push(REGIONS[rng.below(8) as usize]);
        d.amount.push(if rng.below(100) == 0 {
            None
        } else {
            Some(rng.below(100_001) as f64 / 100.0)
        });
        d.year.push(1990 + rng.below(35) as i64);
        let (a, b, c) = (rng.below(20), rng.below(20), rng.below(20));
        let n = rng.below(20_000);
        d.name.push(format!(
            "{}{}{}-{n}",
            SYLLABLES[a as usize], SYLLABLES[b as usize], SYLLABLES[c as usize]
        ));
    }
    d
}

/// An engine-independent answer.
#[derive(Debug, Clone)]
pub enum Answer {
    /// (category, n, avg) in the engine's output order.
    Groups(Vec<(String, i64, Option<f64>)>),
    /// (name, amount) in output order.
    Top(Vec<(String, Option<f64>)>),
    Count(i64),
}

/// The answer to query `q`, computed with plain loops over the vectors.
pub fn reference(d: &Data, q: usize) -> Answer {
    match q {
        0 => {
            let mut acc: std::collections::HashMap<&str, (i64, f64, i64)> = Default::default();
            for i in 0..d.len() {
                if d.year[i] >= 2000 {
                    let e = acc.entry(d.category[i].as_str()).or_default();
                    e.0 += 1;
                    if let Some(a) = d.amount[i] {
                        e.1 += a;
                        e.2 += 1;
                    }
                }
            }
            let mut g: Vec<_> = acc
                .into_iter()
                .map(|(c, (n, s, k))| (c.to_string(), n, (k > 0).then(|| s / k as f64)))
                .collect();
            g.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            Answer::Groups(g)
        }
        1 => {
            let mut idx: Vec<usize> = (0..d.len()).collect();
            // amount DESC NULLS LAST, id ASC
            idx.sort_unstable_by(|&a, &b| {
                let o = match (d.amount[a], d.amount[b]) {
                    (Some(x), Some(y)) => y.total_cmp(&x),
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (None, None) => std::cmp::Ordering::Equal,
                };
                o.then(d.id[a].cmp(&d.id[b]))
            });
            Answer::Top(idx.iter().take(10).map(|&i| (d.name[i].clone(), d.amount[i])).collect())
        }
        2 => Answer::Count(d.name.iter().map(String::as_str).collect::<HashSet<_>>().len() as i64),
        3 => Answer::Count(
            (0..d.len())
                .filter(|&i| {
                    (d.region[i] == "north" || d.region[i] == "east")
                        && d.amount[i].is_some_and(|a| (100.0..=500.0).contains(&a))
                        && d.name[i].to_lowercase().contains("ab")
                })
                .count() as i64,
        ),
        _ => unreachable!(),
    }
}

fn close(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => (x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(1.0),
        (None, None) => true,
        _ => false,
    }
}

/// `Ok(())` when `got` (an engine's answer) agrees with `want` (the reference). Groups are compared as
/// a set (ties in n may come in any order) plus a check that n is non-increasing; AVG with a relative
/// tolerance of 1e-9 (summation order differs).
pub fn check(want: &Answer, got: &Answer) -> Result<(), String> {
    match (want, got) {
        (Answer::Groups(w), Answer::Groups(g)) => {
            if g.windows(2).any(|p| p[0].1 < p[1].1) {
                return Err("groups not ordered by n DESC".into());
            }
            let mut g2 = g.clone();
            g2.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            if w.len() != g2.len() {
                return Err(format!("{} groups, want {}", g2.len(), w.len()));
            }
            for (x, y) in w.iter().zip(&g2) {
                if x.0 != y.0 || x.1 != y.1 || !close(x.2, y.2) {
                    return Err(format!("group {x:?} vs {y:?}"));
                }
            }
            Ok(())
        }
        (Answer::Top(w), Answer::Top(g)) => {
            if w.len() != g.len()
                || w.iter().zip(g).any(|(x, y)| x.0 != y.0 || !close(x.1, y.1))
            {
                return Err(format!("top rows {g:?}, want {w:?}"));
            }
            Ok(())
        }
        (Answer::Count(w), Answer::Count(g)) if w == g => Ok(()),
        (Answer::Count(w), Answer::Count(g)) => Err(format!("count {g}, want {w}")),
        _ => Err(format!("answer of the wrong shape: {got:?}")),
    }
}

/// One engine with the table loaded.
pub enum Engine {
    #[cfg(feature = "datafusion")]
    DataFusion(datafusion::prelude::SessionContext),
    #[cfg(feature = "gluesql")]
    GlueSql(Box<gluesql::prelude::Glue<gluesql::prelude::MemoryStorage>>),
}

/// Names of the engines compiled into this build.
pub fn engines() -> Vec<&'static str> {
    let mut v = Vec::new();
    #[cfg(feature = "datafusion")]
    v.push("datafusion");
    #[cfg(feature = "gluesql")]
    v.push("gluesql");
    v
}

impl Engine {
    /// Builds the engine's table from the vectors (this is the timed "load").
    pub fn load(name: &str, d: &Data) -> Result<Engine, String> {
        match name {
            #[cfg(feature = "datafusion")]
            "datafusion" => df::load(d).map(Engine::DataFusion),
            #[cfg(feature = "gluesql")]
            "gluesql" => glue::load(d).map(|g| Engine::GlueSql(Box::new(g))),
            _ => Err(format!("engine {name} not compiled in")),
        }
    }

    /// An engine-specific rewrite of query `q` to time when the exact SQL is refused.
    #[allow(unused_variables)]
    pub fn fallback_sql(&self, q: usize) -> Option<&'static str> {
        match self {
            #[cfg(feature = "gluesql")]
            Engine::GlueSql(_) => glue::fallback_sql(q),
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }

    pub async fn query(&mut self, sql: &str, q: usize) -> Result<Answer, String> {
        match self {
            #[cfg(feature = "datafusion")]
            Engine::DataFusion(ctx) => df::query(ctx, sql, q).await,
            #[cfg(feature = "gluesql")]
            Engine::GlueSql(g) => glue::query(g, sql, q),
        }
    }
}

pub fn median(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        f64::NAN
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Runs query `q` up to `runs` times (stopping after a run longer than `limit_ms`), checks the first
/// answer against `want`, and returns a JSON summary: times_ms, median_ms, check, sql, note,
/// over_limit.
pub async fn run_query(
    engine: &mut Engine,
    want: &Answer,
    q: usize,
    runs: usize,
    limit_ms: f64,
    now: fn() -> f64,
) -> serde_json::Value {
    let (name, exact) = QUERIES[q];
    let mut sql = exact;
    let mut note = None;
    let mut times = Vec::new();
    let mut check_msg = String::new();
    for run in 0..runs {
        let t0 = now();
        let mut got = engine.query(sql, q).await;
        if run == 0 && got.is_err() {
            if let Some(fb) = engine.fallback_sql(q) {
                note = Some(format!(
                    "exact SQL refused ({}); timed rewrite: {fb}",
                    got.as_ref().unwrap_err()
                ));
                sql = fb;
                let t1 = now();
                got = engine.query(sql, q).await;
                times.push(now() - t1);
            } else {
                times.push(now() - t0);
            }
        } else {
            times.push(now() - t0);
        }
        if run == 0 {
            check_msg = match &got {
                Ok(a) => match check(want, a) {
                    Ok(()) => "ok".to_string(),
                    Err(e) => format!("MISMATCH: {e}"),
                },
                Err(e) => format!("ERROR: {e}"),
            };
            if got.is_err() {
                break;
            }
            if note.is_some() && check_msg == "ok" {
                check_msg = "ok (rewritten SQL; exact SQL refused)".into();
            }
        }
        if *times.last().unwrap() > limit_ms {
            break;
        }
    }
    let over = times.iter().any(|&t| t > limit_ms);
    serde_json::json!({
        "query": name,
        "sql": sql,
        "note": note,
        "check": check_msg,
        "times_ms": times,
        "median_ms": median(&times),
        "over_limit": over,
    })
}
