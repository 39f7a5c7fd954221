//! Vector arithmetic for the indexes, written so LLVM vectorises it (fixed-width lanes, no bounds checks).

use super::{IndexError, Result};

/// Lanes per accumulator block: 16 f32s are four SSE or two AVX registers, and independent partial
/// sums let the compiler reorder additions it may not reorder in a single running sum.
const LANES: usize = 16;

/// Dot product of two equal-length slices.
#[inline]
pub(crate) fn dot(a: &[f32], b: &[f32]) -> f32 {
    dot_with(a, b)
}

/// Dot product of an f32 query with int8 codes (the caller multiplies by the codes' scale).
#[inline]
pub(crate) fn dot_i8(a: &[f32], b: &[i8]) -> f32 {
    dot_with(a, b)
}

/// One loop for both element types; monomorphised, so each keeps its own vectorised code.
#[inline]
fn dot_with<T: Copy + Into<f32>>(a: &[f32], b: &[T]) -> f32 {
    debug_assert_eq!(a.len(), b.len());
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let mut acc = [0.0f32; LANES];
    let (ac, bc) = (a.chunks_exact(LANES), b.chunks_exact(LANES));
    let (ar, br) = (ac.remainder(), bc.remainder());
    for (x, y) in ac.zip(bc) {
        for l in 0..LANES {
            acc[l] += x[l] * y[l].into();
        }
    }
    let mut tail = 0.0;
    for (x, &y) in ar.iter().zip(br) {
        tail += x * y.into();
    }
    acc.iter().sum::<f32>() + tail
}

/// Checks a vector against the index's dimension and returns it scaled to unit length.
pub(crate) fn normalised(v: &[f32], dim: usize) -> Result<Vec<f32>> {
    if v.len() != dim {
        return Err(IndexError::DimensionMismatch {
            expected: dim,
            actual: v.len(),
        });
    }
    if v.iter().any(|x| !x.is_finite()) {
        return Err(IndexError::NonFinite);
    }
    // Summed in f64: 384 squares of large f32s can overflow f32.
    let norm = v
        .iter()
        .map(|&x| f64::from(x) * f64::from(x))
        .sum::<f64>()
        .sqrt();
    if norm == 0.0 || !norm.is_finite() {
        return Err(IndexError::ZeroVector);
    }
    let inv = 1.0 / norm;
    Ok(v.iter().map(|&x| (f64::from(x) * inv) as f32).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_matches_naive_for_odd_lengths() {
        for n in [0, 1, 7, 16, 17, 33, 384] {
            let a: Vec<f32> = (0..n).map(|i| (i as f32 * 0.37).sin()).collect();
            let b: Vec<f32> = (0..n).map(|i| (i as f32 * 0.11).cos()).collect();
            let naive: f32 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
            assert!((dot(&a, &b) - naive).abs() < 1e-4, "n = {n}");
            let q: Vec<i8> = (0..n).map(|i| (i % 255) as i8).collect();
            let naive: f32 = a.iter().zip(&q).map(|(x, y)| x * *y as f32).sum();
            assert!((dot_i8(&a, &q) - naive).abs() < 1e-2, "n = {n}");
        }
    }

    #[test]
    fn normalising_rejects_bad_vectors() {
        assert_eq!(
            normalised(&[1.0, 2.0], 3),
            Err(IndexError::DimensionMismatch {
                expected: 3,
                actual: 2
            })
        );
        assert_eq!(normalised(&[0.0, 0.0], 2), Err(IndexError::ZeroVector));
        assert_eq!(normalised(&[f32::NAN, 1.0], 2), Err(IndexError::NonFinite));
        let v = normalised(&[3.0, 4.0], 2).unwrap();
        assert!((v[0] - 0.6).abs() < 1e-6 && (v[1] - 0.8).abs() < 1e-6);
        // Large but finite components do not overflow.
        assert!(normalised(&[f32::MAX, f32::MAX], 2).is_ok());
    }
}
