// Pooling + L2 normalisation: one workgroup per sentence turns its token vectors into one vector.
// mode 0 = mean over the sentence's real tokens (padding excluded), 1 = the [CLS] token.
// Dispatch: (batch, 1, 1) workgroups of WG threads.

struct Params {
    seq_len: u32,
    hidden: u32,
    mode: u32,
    normalise: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> x: array<f32>;
@group(0) @binding(2) var<storage, read> lens: array<u32>;
@group(0) @binding(3) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let b = wid.x;
    let n = max(lens[b], 1u);
    let first = b * p.seq_len * p.hidden;
    var sq = 0.0;
    for (var d = lid; d < p.hidden; d += WG) {
        var v = 0.0;
        if (p.mode == 1u) {
            v = x[first + d];
        } else {
            for (var i = 0u; i < n; i++) {
                v += x[first + i * p.hidden + d];
            }
            v = v / f32(n);
        }
        row[d] = v;
        sq += v * v;
    }
    var scale = 1.0;
    if (p.normalise == 1u) {
        // As sentence-transformers' Normalize: divide by the norm, clamped away from zero.
        scale = 1.0 / max(sqrt(reduce_sum(lid, sq)), 1e-12);
    }
    for (var d = lid; d < p.hidden; d += WG) {
        out[b * p.hidden + d] = row[d] * scale;
    }
}
