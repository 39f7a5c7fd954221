// Residual add + LayerNorm, fused: out[t] = LayerNorm(x[t] + residual[t]), BERT's "Add & Norm"
// after attention and after the feed-forward block.
// Dispatch: (seq_len, batch, 1) workgroups of WG threads; one workgroup per token.

struct Params {
    seq_len: u32,
    hidden: u32,
    eps: f32,
    _pad: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> x: array<f32>;
@group(0) @binding(2) var<storage, read> residual: array<f32>;
@group(0) @binding(3) var<storage, read> ln: array<f32>;
@group(0) @binding(4) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let base = (wid.y * p.seq_len + wid.x) * p.hidden;
    for (var d = lid; d < p.hidden; d += WG) {
        row[d] = x[base + d] + residual[base + d];
    }
    layer_norm_row(lid, p.hidden, p.eps, base);
}
