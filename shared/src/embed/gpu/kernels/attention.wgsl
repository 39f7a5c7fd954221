// Multi-head self-attention for one query token of one head: softmax(q·Kᵀ / √d) · V over the
// sentence's real tokens only (the padding mask: keys at or past lens[b] are skipped, which is
// what the CPU path's -1e30 bias does after exp()).
// qkv holds, per token, [q | k | v] with heads contiguous inside each (the fused QKV linear's
// output); ctx gets the heads' outputs side by side, ready for the attention output linear.
// Dispatch: (seq_len, heads, batch) workgroups of 64 threads.

struct Params {
    seq_len: u32,
    heads: u32,
    head_dim: u32,
    scale: f32,
}

const WG: u32 = 64u;
// Longest sequence held in workgroup memory (BERT's 512 positions); checked at load.
const MAX_LEN: u32 = 512u;
// Widest head (BERT-large is 64).
const MAX_HEAD: u32 = 64u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> qkv: array<f32>;
@group(0) @binding(2) var<storage, read> lens: array<u32>;
@group(0) @binding(3) var<storage, read_write> ctx: array<f32>;

var<workgroup> q: array<f32, MAX_HEAD>;
var<workgroup> probs: array<f32, MAX_LEN>;
var<workgroup> partial: array<f32, WG>;

fn reduce(lid: u32, v: f32, is_max: bool) -> f32 {
    partial[lid] = v;
    workgroupBarrier();
    for (var s = WG / 2u; s > 0u; s = s >> 1u) {
        if (lid < s) {
            if (is_max) {
                partial[lid] = max(partial[lid], partial[lid + s]);
            } else {
                partial[lid] = partial[lid] + partial[lid + s];
            }
        }
        workgroupBarrier();
    }
    let r = partial[0];
    workgroupBarrier();
    return r;
}

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let i = wid.x;
    let h = wid.y;
    let b = wid.z;
    let n = min(lens[b], p.seq_len);
    let hidden = p.heads * p.head_dim;
    let stride = 3u * hidden;
    let out = (b * p.seq_len + i) * hidden + h * p.head_dim;
    // `n` comes from a storage buffer, so branching on it is non-uniform for WGSL's analysis; the
    // padding-query case therefore writes zeros and skips the loops by bounds, not by returning.
    let real = i < n;
    let keys = select(0u, n, real);

    let qbase = (b * p.seq_len + i) * stride + h * p.head_dim;
    for (var d = lid; d < p.head_dim; d += WG) {
        q[d] = qkv[qbase + d] * p.scale;
    }
    workgroupBarrier();

    // Scores, and their maximum for a stable softmax.
    var m = -3.0e38;
    for (var j = lid; j < keys; j += WG) {
        let kbase = (b * p.seq_len + j) * stride + hidden + h * p.head_dim;
        var s = 0.0;
        for (var d = 0u; d < p.head_dim; d++) {
            s = fma(q[d], qkv[kbase + d], s);
        }
        probs[j] = s;
        m = max(m, s);
    }
    m = reduce(lid, m, true);
    var sum = 0.0;
    for (var j = lid; j < keys; j += WG) {
        let e = exp(probs[j] - m);
        probs[j] = e;
        sum += e;
    }
    // reduce() ends with barriers, which also publish every thread's probs[] to the others.
    let inv = 1.0 / max(reduce(lid, sum, false), 1e-30);

    // Context: thread lid owns dimension lid % head_dim for keys ≡ lid / head_dim (mod groups);
    // the groups' partial sums meet in `partial`.
    let groups = WG / p.head_dim;
    let d = lid % p.head_dim;
    let g = lid / p.head_dim;
    var acc = 0.0;
    if (g < groups) {
        for (var j = g; j < keys; j += groups) {
            acc = fma(probs[j], qkv[(b * p.seq_len + j) * stride + 2u * hidden + h * p.head_dim + d], acc);
        }
    }
    partial[lid] = acc;
    workgroupBarrier();
    if (lid < p.head_dim) {
        var total = 0.0;
        for (var k = 0u; k < groups; k++) {
            total += partial[k * p.head_dim + lid];
        }
        ctx[out + lid] = total * inv;
    }
}
