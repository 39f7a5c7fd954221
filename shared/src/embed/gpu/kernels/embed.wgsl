// Embedding lookup + LayerNorm, fused: token t of sequence b gets
// word[id] + position[t] + token_type[0], then the embeddings' LayerNorm.
// Dispatch: (seq_len, batch, 1) workgroups of WG threads; one workgroup per token.

struct Params {
    seq_len: u32,
    hidden: u32,
    eps: f32,
    _pad: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> ids: array<u32>;
@group(0) @binding(2) var<storage, read> word: array<f32>;
@group(0) @binding(3) var<storage, read> position: array<f32>;
// Only type 0: sentence embedding never has a second segment.
@group(0) @binding(4) var<storage, read> token_type: array<f32>;
@group(0) @binding(5) var<storage, read> ln: array<f32>;
@group(0) @binding(6) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let t = wid.y * p.seq_len + wid.x;
    // Padding positions hold id 0 ([PAD]); computing them is harmless (they are masked later)
    // and keeps every row of `out` defined.
    let id = ids[t];
    for (var d = lid; d < p.hidden; d += WG) {
        row[d] = word[id * p.hidden + d] + position[wid.x * p.hidden + d] + token_type[d];
    }
    layer_norm_row(lid, p.hidden, p.eps, t * p.hidden);
}
