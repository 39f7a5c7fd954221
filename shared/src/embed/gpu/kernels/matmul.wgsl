// Linear layer: y[M, N] = x[M, K] · wᵀ + bias, with w stored [N, K] as PyTorch/safetensors store it,
// optionally followed by GELU (erf form). Tiled: each 16×16 workgroup computes a 64×64 block of y,
// staging 64×16 slices of x and w in workgroup memory so every global value is read once per
// block instead of once per output; each thread accumulates a 4×4 register tile (four vec4s).
// Dispatch: (ceil(N / 64), ceil(M / 64), 1).
// `WT` (the weight element type) is declared by kernels.rs: f32, or f16 with `enable f16;` when
// the adapter has shader-f16 (half the weight bytes; accumulation stays f32).

struct Params {
    m: u32,
    n: u32,
    k: u32,
    _pad: u32,
}

// 0: identity, 1: GELU. A pipeline-overridable constant, so the branch compiles away.
override ACT: u32 = 0u;

const TILE: u32 = 64u;
const TK: u32 = 16u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> x: array<f32>;
@group(0) @binding(2) var<storage, read> w: array<WT>;
@group(0) @binding(3) var<storage, read> bias: array<f32>;
@group(0) @binding(4) var<storage, read_write> y: array<f32>;

// k-major tiles of vec4s: xs[k][r4] holds rows 4·r4 … 4·r4+3 at depth k, ws likewise for
// columns, so the inner loop does two vec4 loads and four vec4 FMAs with no array indexing
// (private arrays indexed in loops end up in memory on some drivers, lavapipe among them).
var<workgroup> xs: array<array<vec4<f32>, 16>, TK>;
var<workgroup> ws: array<array<vec4<f32>, 16>, TK>;

// erf from Abramowitz & Stegun 7.1.26 (|error| ≤ 1.5e-7), the same formula as the CPU path's GELU
// (embed/bert.rs), so the two differ only by rounding.
fn erf(v: f32) -> f32 {
    let t = 1.0 / (1.0 + 0.3275911 * abs(v));
    let poly = t * (0.2548296 + t * (-0.28449674 + t * (1.4214137 + t * (-1.4531521 + t * 1.0614054))));
    let r = 1.0 - poly * exp(-v * v);
    return select(-r, r, v >= 0.0);
}

fn gelu(v: f32) -> f32 {
    return 0.5 * v * (1.0 + erf(v * 0.70710678118654752));
}

fn store_row(r: u32, col: u32, acc: vec4<f32>) {
    if (r >= p.m) {
        return;
    }
    for (var j = 0u; j < 4u; j++) {
        let c = col + j;
        if (c < p.n) {
            var v = acc[j] + bias[c];
            if (ACT == 1u) {
                v = gelu(v);
            }
            y[r * p.n + c] = v;
        }
    }
}

@compute @workgroup_size(16, 16)
fn main(
    @builtin(workgroup_id) wid: vec3<u32>,
    @builtin(local_invocation_id) lid: vec3<u32>,
    @builtin(local_invocation_index) li: u32,
) {
    let row0 = wid.y * TILE;
    let col0 = wid.x * TILE;
    // acc_i: output row lid.y·4 + i, columns lid.x·4 … lid.x·4+3.
    var acc0 = vec4<f32>(0.0);
    var acc1 = vec4<f32>(0.0);
    var acc2 = vec4<f32>(0.0);
    var acc3 = vec4<f32>(0.0);
    for (var k0 = 0u; k0 < p.k; k0 += TK) {
        // 256 threads load 64×16 values of each operand, 4 apiece; consecutive threads read
        // consecutive k of one row (coalesced). Out-of-range values load as 0.
        for (var q = 0u; q < 4u; q++) {
            let e = li + q * 256u;
            let r = e / TK;
            let c = e % TK;
            let kk = k0 + c;
            var xv = 0.0;
            if (row0 + r < p.m && kk < p.k) {
                xv = x[(row0 + r) * p.k + kk];
            }
            xs[c][r / 4u][r % 4u] = xv;
            var wv = 0.0;
            if (col0 + r < p.n && kk < p.k) {
                wv = f32(w[(col0 + r) * p.k + kk]);
            }
            ws[c][r / 4u][r % 4u] = wv;
        }
        workgroupBarrier();
        for (var c = 0u; c < TK; c++) {
            let a = xs[c][lid.y];
            let b = ws[c][lid.x];
            acc0 = fma(vec4<f32>(a.x), b, acc0);
            acc1 = fma(vec4<f32>(a.y), b, acc1);
            acc2 = fma(vec4<f32>(a.z), b, acc2);
            acc3 = fma(vec4<f32>(a.w), b, acc3);
        }
        // The next iteration overwrites the tiles: everyone must be done reading them.
        workgroupBarrier();
    }
    let r = row0 + lid.y * 4u;
    let col = col0 + lid.x * 4u;
    store_row(r, col, acc0);
    store_row(r + 1u, col, acc1);
    store_row(r + 2u, col, acc2);
    store_row(r + 3u, col, acc3);
}
