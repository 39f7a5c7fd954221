//! Vector arithmetic for the indexes, written so LLVM vectorises it (fixed-width lanes, no bounds checks).

use super::types::{IndexError, Result};

/// Lanes per accumulator block: 16 f32s are four SSE or two AVX registers, and independent partial
/// sums let the compiler reorder additions it may not reorder in a single running sum.
const LANES: usize = 16;

/// Dot product of two equal-length slices.
#[inline]
pub(crate) fn dot(a: &[f32], b: &[f32]) -> f32 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return simd128::dot(a, b);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    dot_with(a, b)
}

/// Dot product of an f32 query with int8 codes (the caller multiplies by the codes' scale).
#[inline]
pub(crate) fn dot_i8(a: &[f32], b: &[i8]) -> f32 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return simd128::dot_i8(a, b);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    dot_with(a, b)
}

/// wasm SIMD by hand: the browser app and the edge build at opt-level "z", where LLVM's loop
/// vectoriser does not run, so `dot_with` stays scalar there (a full int8 scan of 50,000 × 384
/// took 13 ms on the edge). Intrinsics are emitted whatever the optimisation level.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128 {
    use core::arch::wasm32::*;

    /// Horizontal sum of four accumulators.
    #[inline]
    fn sum(a: v128, b: v128, c: v128, d: v128) -> f32 {
        let s = f32x4_add(f32x4_add(a, b), f32x4_add(c, d));
        f32x4_extract_lane::<0>(s) + f32x4_extract_lane::<1>(s) + f32x4_extract_lane::<2>(s) + f32x4_extract_lane::<3>(s)
    }

    pub(super) fn dot(a: &[f32], b: &[f32]) -> f32 {
        let n = a.len().min(b.len());
        let blocks = n / 16;
        let (mut s0, mut s1, mut s2, mut s3) = (f32x4_splat(0.0), f32x4_splat(0.0), f32x4_splat(0.0), f32x4_splat(0.0));
        for i in 0..blocks {
            let (x, y) = (&a[i * 16..i * 16 + 16], &b[i * 16..i * 16 + 16]);
            // SAFETY: each slice above holds 16 f32s, so the four unaligned 16-byte loads stay inside it.
            unsafe {
                let (xp, yp) = (x.as_ptr() as *const v128, y.as_ptr() as *const v128);
                s0 = f32x4_add(s0, f32x4_mul(v128_load(xp), v128_load(yp)));
                s1 = f32x4_add(s1, f32x4_mul(v128_load(xp.add(1)), v128_load(yp.add(1))));
                s2 = f32x4_add(s2, f32x4_mul(v128_load(xp.add(2)), v128_load(yp.add(2))));
                s3 = f32x4_add(s3, f32x4_mul(v128_load(xp.add(3)), v128_load(yp.add(3))));
            }
        }
        let tail: f32 = a[blocks * 16..n].iter().zip(&b[blocks * 16..n]).map(|(x, y)| x * y).sum();
        sum(s0, s1, s2, s3) + tail
    }

    pub(super) fn dot_i8(a: &[f32], b: &[i8]) -> f32 {
        let n = a.len().min(b.len());
        let blocks = n / 16;
        let (mut s0, mut s1, mut s2, mut s3) = (f32x4_splat(0.0), f32x4_splat(0.0), f32x4_splat(0.0), f32x4_splat(0.0));
        for i in 0..blocks {
            let (x, y) = (&a[i * 16..i * 16 + 16], &b[i * 16..i * 16 + 16]);
            // SAFETY: `x` holds 16 f32s (four loads) and `y` 16 i8s (one load); unaligned loads are allowed.
            unsafe {
                let xp = x.as_ptr() as *const v128;
                let codes = v128_load(y.as_ptr() as *const v128);
                let (lo, hi) = (i16x8_extend_low_i8x16(codes), i16x8_extend_high_i8x16(codes));
                let c0 = f32x4_convert_i32x4(i32x4_extend_low_i16x8(lo));
                let c1 = f32x4_convert_i32x4(i32x4_extend_high_i16x8(lo));
                let c2 = f32x4_convert_i32x4(i32x4_extend_low_i16x8(hi));
                let c3 = f32x4_convert_i32x4(i32x4_extend_high_i16x8(hi));
                s0 = f32x4_add(s0, f32x4_mul(v128_load(xp), c0));
                s1 = f32x4_add(s1, f32x4_mul(v128_load(xp.add(1)), c1));
                s2 = f32x4_add(s2, f32x4_mul(v128_load(xp.add(2)), c2));
                s3 = f32x4_add(s3, f32x4_mul(v128_load(xp.add(3)), c3));
            }
        }
        let tail: f32 = a[blocks * 16..n].iter().zip(&b[blocks * 16..n]).map(|(x, &y)| x * f32::from(y)).sum();
        sum(s0, s1, s2, s3) + tail
    }
}

/// One loop for both element types; monomorphised, so each keeps its own vectorised code.
#[cfg_attr(all(target_arch = "wasm32", target_feature = "simd128"), allow(dead_code))]
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
        return Err(IndexError::DimensionMismatch { expected: dim, actual: v.len() });
    }
    if v.iter().any(|x| !x.is_finite()) {
        return Err(IndexError::NonFinite);
    }
    // Summed in f64: 384 squares of large f32s can overflow f32.
    let norm = v.iter().map(|&x| f64::from(x) * f64::from(x)).sum::<f64>().sqrt();
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
        assert_eq!(normalised(&[1.0, 2.0], 3), Err(IndexError::DimensionMismatch { expected: 3, actual: 2 }));
        assert_eq!(normalised(&[0.0, 0.0], 2), Err(IndexError::ZeroVector));
        assert_eq!(normalised(&[f32::NAN, 1.0], 2), Err(IndexError::NonFinite));
        let v = normalised(&[3.0, 4.0], 2).unwrap();
        assert!((v[0] - 0.6).abs() < 1e-6 && (v[1] - 0.8).abs() < 1e-6);
        // Large but finite components do not overflow.
        assert!(normalised(&[f32::MAX, f32::MAX], 2).is_ok());
    }
}
