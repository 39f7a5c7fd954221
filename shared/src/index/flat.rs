//! Exact nearest-neighbour search by scanning every vector: the ground truth, and fast enough up to
//! about 10^5 passages.
//!
//! Int8 storage quantises each vector with its own symmetric scale (`max |x| / 127`) and is searched
//! with the f32 query against the int8 codes ("asymmetric" distance): only the stored side is
//! rounded, so recall stays near f32's at a quarter of the memory; quantising the query too would
//! add a second rounding error for a speed-up the scan does not need.

use serde::{Deserialize, Serialize};

use super::topk::TopK;
use super::types::{Hit, IndexError, PassageId, Result, MAX_PASSAGES};
use super::vector::{dot, dot_i8, normalised};

/// How a flat index stores its vectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Storage {
    /// 4 bytes per dimension, exact.
    F32,
    /// 1 byte per dimension plus one f32 scale per vector.
    Int8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum Data {
    F32(Vec<f32>),
    Int8 { codes: Vec<i8>, scales: Vec<f32> },
}

/// Unit-length vectors in one contiguous buffer, scanned in full for every query.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "FlatRepr")]
pub struct FlatIndex {
    dim: usize,
    len: usize,
    data: Data,
}

/// The serialised form, checked before it becomes an index.
#[derive(Deserialize)]
struct FlatRepr {
    dim: usize,
    len: usize,
    data: Data,
}

impl TryFrom<FlatRepr> for FlatIndex {
    type Error = IndexError;
    fn try_from(r: FlatRepr) -> Result<Self> {
        let bad = |what: &str| IndexError::Corrupt(format!("flat index: {what}"));
        if r.dim == 0 {
            return Err(bad("zero dimension"));
        }
        let expected = r.len.checked_mul(r.dim).ok_or_else(|| bad("size overflows"))?;
        let ok = match &r.data {
            Data::F32(v) => v.len() == expected,
            Data::Int8 { codes, scales } => codes.len() == expected && scales.len() == r.len,
        };
        if !ok {
            return Err(bad("vector data does not match its length and dimension"));
        }
        Ok(Self { dim: r.dim, len: r.len, data: r.data })
    }
}

impl FlatIndex {
    pub fn new(dim: usize, storage: Storage) -> Result<Self> {
        if dim == 0 {
            return Err(IndexError::ZeroDimension);
        }
        let data = match storage {
            Storage::F32 => Data::F32(Vec::new()),
            Storage::Int8 => Data::Int8 { codes: Vec::new(), scales: Vec::new() },
        };
        Ok(Self { dim, len: 0, data })
    }

    pub fn dim(&self) -> usize {
        self.dim
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn storage(&self) -> Storage {
        match self.data {
            Data::F32(_) => Storage::F32,
            Data::Int8 { .. } => Storage::Int8,
        }
    }

    /// Normalises and appends a vector; its id is the number of vectors before it.
    pub fn add(&mut self, vector: &[f32]) -> Result<PassageId> {
        if self.len >= MAX_PASSAGES {
            return Err(IndexError::Full { max: MAX_PASSAGES });
        }
        let v = normalised(vector, self.dim)?;
        match &mut self.data {
            Data::F32(data) => data.extend_from_slice(&v),
            Data::Int8 { codes, scales } => {
                let (c, s) = quantise(&v);
                codes.extend_from_slice(&c);
                scales.push(s);
            }
        }
        let id = PassageId(self.len as u32);
        self.len += 1;
        Ok(id)
    }

    /// The `k` vectors most similar to `query` (cosine), best first; empty when the index is.
    pub fn search(&self, query: &[f32], k: usize) -> Result<Vec<Hit>> {
        let q = normalised(query, self.dim)?;
        if k == 0 {
            return Ok(Vec::new());
        }
        let mut top = TopK::new(k);
        match &self.data {
            Data::F32(data) => {
                for (i, row) in data.chunks_exact(self.dim).enumerate() {
                    top.push(i as u32, dot(&q, row));
                }
            }
            Data::Int8 { codes, scales } => {
                for (i, (row, &s)) in codes.chunks_exact(self.dim).zip(scales).enumerate() {
                    top.push(i as u32, s * dot_i8(&q, row));
                }
            }
        }
        Ok(top.into_hits())
    }

    /// The stored (unit-length, possibly dequantised) vector of `id`.
    pub fn vector(&self, id: PassageId) -> Option<Vec<f32>> {
        let i = id.index();
        if i >= self.len {
            return None;
        }
        let range = i * self.dim..(i + 1) * self.dim;
        Some(match &self.data {
            Data::F32(data) => data[range].to_vec(),
            Data::Int8 { codes, scales } => codes[range].iter().map(|&c| f32::from(c) * scales[i]).collect(),
        })
    }
}

/// Symmetric per-vector quantisation: codes in [-127, 127] and the scale that maps them back.
fn quantise(v: &[f32]) -> (Vec<i8>, f32) {
    let max = v.iter().fold(0.0f32, |m, x| m.max(x.abs()));
    if max == 0.0 {
        return (vec![0; v.len()], 0.0);
    }
    let scale = max / 127.0;
    let inv = 127.0 / max;
    (v.iter().map(|&x| (x * inv).round().clamp(-127.0, 127.0) as i8).collect(), scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_same_direction_first() {
        let mut f = FlatIndex::new(3, Storage::F32).unwrap();
        f.add(&[1.0, 0.0, 0.0]).unwrap();
        f.add(&[0.0, 2.0, 0.0]).unwrap();
        f.add(&[1.0, 1.0, 0.0]).unwrap();
        let hits = f.search(&[0.0, 5.0, 0.1], 2).unwrap();
        assert_eq!(hits[0].id, PassageId(1));
        assert_eq!(hits[1].id, PassageId(2));
        assert!(hits[0].score > 0.99 && hits[0].score <= 1.0001);
    }

    #[test]
    fn bad_input_is_an_error() {
        assert_eq!(FlatIndex::new(0, Storage::F32), Err(IndexError::ZeroDimension));
        let mut f = FlatIndex::new(4, Storage::Int8).unwrap();
        assert_eq!(f.add(&[1.0; 3]), Err(IndexError::DimensionMismatch { expected: 4, actual: 3 }));
        assert_eq!(f.search(&[1.0; 5], 3), Err(IndexError::DimensionMismatch { expected: 4, actual: 5 }));
        assert_eq!(f.search(&[1.0; 4], 3), Ok(vec![]));
        assert_eq!(f.add(&[0.0; 4]), Err(IndexError::ZeroVector));
        assert!(f.is_empty());
    }

    #[test]
    fn int8_round_trips_within_a_step() {
        let v = [0.5f32, -0.25, 0.125, -0.8];
        let (c, s) = quantise(&v);
        for (x, q) in v.iter().zip(c) {
            assert!((x - f32::from(q) * s).abs() <= s / 2.0 + 1e-7);
        }
    }
}
