// The LayerNorm step shared by embed.wgsl and layer_norm.wgsl (prepended after common.wgsl).
// It writes to the kernel's `out` and reads gamma and beta from the kernel's `ln` binding.

// LayerNorm of row[0..hidden] with gamma = ln[0..hidden], beta = ln[hidden..2*hidden], written to
// out[base..base+hidden]. Two passes (mean, then squared deviations), so
// the variance does not lose digits to cancellation. Each thread only reads the row entries it
// wrote itself, so `row` needs no barrier before this.
fn layer_norm_row(lid: u32, hidden: u32, eps: f32, base: u32) {
    var s = 0.0;
    for (var d = lid; d < hidden; d += WG) {
        s += row[d];
    }
    let mean = reduce_sum(lid, s) / f32(hidden);
    var v = 0.0;
    for (var d = lid; d < hidden; d += WG) {
        let c = row[d] - mean;
        v += c * c;
    }
    let inv = 1.0 / sqrt(reduce_sum(lid, v) / f32(hidden) + eps);
    for (var d = lid; d < hidden; d += WG) {
        out[base + d] = (row[d] - mean) * inv * ln[d] + ln[hidden + d];
    }
}
