//! Vectors already computed, by the hash of the text they embed, so that a file dropped again or
//! a template changed elsewhere embeds only what changed. One cache per model and precision (the
//! caller's namespace: a file name); bounded, newest kept. Bytes in, bytes out: the page keeps it
//! in the origin-private file system, `tabletalk index` in a file.
//!
//! Byte format (little-endian): magic `TTVCACHE`, version u32, dim u32, count u32, then `count`
//! entries of a u128 key ([`crate::embed_text::text_key`]) and `dim` f32s, newest first.

use std::collections::HashMap;

const MAGIC: &[u8; 8] = b"TTVCACHE";
const VERSION: u32 = 1;
const HEADER: usize = 20;
/// Entries kept at most: 40,000 × 384 f32s is about 60 MB.
pub const MAX_ENTRIES: usize = 40_000;

/// Why bytes could not be read as a cache (the caller starts an empty one).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CacheError {
    #[error("not a vector cache")]
    NotACache,
    #[error("vector cache of format {0}, this build reads {VERSION}")]
    Version(u32),
    #[error("vector cache of {found} dimensions, the model has {expected}")]
    Dimension { found: usize, expected: usize },
    #[error("vector cache is cut short")]
    Truncated,
}

/// Text hash → vector, newest first.
#[derive(Clone, Debug, Default)]
pub struct EmbedCache {
    dim: usize,
    /// Entries in order, newest first.
    keys: Vec<u128>,
    data: Vec<f32>,
    at: HashMap<u128, usize>,
    max: usize,
}

impl EmbedCache {
    /// An empty cache of `dim`-dimensional vectors.
    pub fn new(dim: usize) -> Self {
        EmbedCache { dim, max: MAX_ENTRIES, ..Default::default() }
    }

    /// Keeps at most `max` entries (tests; the default is [`MAX_ENTRIES`]).
    pub fn with_max(mut self, max: usize) -> Self {
        self.max = max;
        self
    }

    /// Reads what [`EmbedCache::to_bytes`] wrote, for a model of `dim` dimensions.
    pub fn from_bytes(bytes: &[u8], dim: usize) -> Result<Self, CacheError> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(CacheError::NotACache);
        }
        let u32_at = |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        if u32_at(8) != VERSION {
            return Err(CacheError::Version(u32_at(8)));
        }
        let found = u32_at(12) as usize;
        if found != dim {
            return Err(CacheError::Dimension { found, expected: dim });
        }
        let count = u32_at(16) as usize;
        let entry = 16 + 4 * dim;
        let body = &bytes[HEADER..];
        if count.checked_mul(entry).is_none_or(|n| body.len() < n) {
            return Err(CacheError::Truncated);
        }
        let mut cache = EmbedCache::new(dim);
        for e in body.chunks_exact(entry).take(count.min(MAX_ENTRIES)) {
            let key = u128::from_le_bytes(e[..16].try_into().expect("16 bytes"));
            let v: Vec<f32> = e[16..].chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
            if v.iter().all(|x| x.is_finite()) && !cache.at.contains_key(&key) {
                cache.at.insert(key, cache.keys.len());
                cache.keys.push(key);
                cache.data.extend(v);
            }
        }
        Ok(cache)
    }

    /// The cache as bytes, newest first.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + self.keys.len() * (16 + 4 * self.dim));
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.dim as u32).to_le_bytes());
        out.extend_from_slice(&(self.keys.len() as u32).to_le_bytes());
        for (k, v) in self.keys.iter().zip(self.data.chunks_exact(self.dim.max(1))) {
            out.extend_from_slice(&k.to_le_bytes());
            for x in v {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        out
    }

    pub fn dim(&self) -> usize {
        self.dim
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The vector of a text hash, if cached.
    pub fn get(&self, key: u128) -> Option<&[f32]> {
        let i = *self.at.get(&key)?;
        Some(&self.data[i * self.dim..(i + 1) * self.dim])
    }

    /// Puts `vectors` (one per key, `dim` each) first, keeping older entries after them up to the
    /// limit; entries whose vector is not `dim` long or not finite are skipped.
    pub fn put_newest(&mut self, keys: &[u128], vectors: &[f32]) {
        let dim = self.dim.max(1);
        let mut fresh = EmbedCache::new(self.dim).with_max(self.max);
        let push = |c: &mut EmbedCache, k: u128, v: &[f32]| {
            if c.keys.len() < c.max && v.len() == dim && v.iter().all(|x| x.is_finite()) && !c.at.contains_key(&k) {
                c.at.insert(k, c.keys.len());
                c.keys.push(k);
                c.data.extend_from_slice(v);
            }
        };
        for (&k, v) in keys.iter().zip(vectors.chunks_exact(dim)) {
            push(&mut fresh, k, v);
        }
        for (&k, v) in self.keys.iter().zip(self.data.chunks_exact(dim)) {
            push(&mut fresh, k, v);
        }
        *self = fresh;
    }
}

/// The texts of a job split by the cache: which are known (with their vectors) and which to embed.
#[derive(Debug, Default)]
pub struct Lookup {
    /// Per text: its cached vector's place in `known`, or None when it must be embedded.
    pub found: Vec<Option<usize>>,
    /// Cached vectors, `dim` each, in the order `found` refers to them.
    pub known: Vec<f32>,
    /// Indices (into the job's texts) to embed, in order.
    pub missing: Vec<usize>,
}

impl Lookup {
    /// Splits `keys` (one per text) into cached and missing.
    pub fn new(cache: &EmbedCache, keys: &[u128]) -> Self {
        let mut out = Lookup::default();
        for (i, &k) in keys.iter().enumerate() {
            match cache.get(k) {
                Some(v) => {
                    out.found.push(Some(out.known.len() / cache.dim.max(1)));
                    out.known.extend_from_slice(v);
                }
                None => {
                    out.found.push(None);
                    out.missing.push(i);
                }
            }
        }
        out
    }

    /// How many texts the cache answered.
    pub fn hits(&self) -> usize {
        self.found.len() - self.missing.len()
    }

    /// Every text's vector in order: cached ones, and `embedded` (one per `missing` text, `dim` each).
    pub fn merge(&self, embedded: &[f32], dim: usize) -> Option<Vec<f32>> {
        if embedded.len() != self.missing.len() * dim {
            return None;
        }
        let mut out = Vec::with_capacity(self.found.len() * dim);
        let mut next = embedded.chunks_exact(dim.max(1));
        for f in &self.found {
            match f {
                Some(i) => out.extend_from_slice(&self.known[i * dim..(i + 1) * dim]),
                None => out.extend_from_slice(next.next()?),
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_answers_what_it_holds() {
        let mut c = EmbedCache::new(2);
        c.put_newest(&[1, 2], &[0.6, 0.8, 1.0, 0.0]);
        let back = EmbedCache::from_bytes(&c.to_bytes(), 2).unwrap();
        assert_eq!(back.get(2), Some(&[1.0, 0.0][..]));
        assert_eq!(back.get(3), None);
        assert_eq!(EmbedCache::from_bytes(&c.to_bytes(), 3).unwrap_err(), CacheError::Dimension { found: 2, expected: 3 });
        let bytes = c.to_bytes();
        assert_eq!(EmbedCache::from_bytes(&bytes[..bytes.len() - 1], 2).unwrap_err(), CacheError::Truncated);
        assert_eq!(EmbedCache::from_bytes(b"garbage bytes of no cache", 2).unwrap_err(), CacheError::NotACache);
    }

    #[test]
    fn newest_are_kept_within_the_limit() {
        let mut c = EmbedCache::new(1).with_max(3);
        c.put_newest(&[1, 2, 3], &[1.0, 2.0, 3.0]);
        c.put_newest(&[4, 2], &[4.0, 2.5]);
        assert_eq!(c.keys, [4, 2, 1], "the new ones first, then the newest old ones up to 3");
        assert_eq!(c.get(2), Some(&[2.5][..]));
    }

    #[test]
    fn a_lookup_merges_cached_and_embedded_in_order() {
        let mut c = EmbedCache::new(1);
        c.put_newest(&[10, 30], &[1.0, 3.0]);
        let l = Lookup::new(&c, &[10, 20, 30, 40]);
        assert_eq!((l.hits(), l.missing.clone()), (2, vec![1, 3]));
        assert_eq!(l.merge(&[2.0, 4.0], 1).unwrap(), [1.0, 2.0, 3.0, 4.0]);
        assert_eq!(l.merge(&[2.0], 1), None);
    }
}
