// Shared by the row-wise kernels (embedding, layer norm, pooling): one 128-thread workgroup owns one
// row of `hidden` values, kept in workgroup memory, and reduces over it with a tree in `partial`.
// Prepended to those kernels' source by kernels.rs (WGSL has no #include).

const WG: u32 = 128u;
// Widest hidden size the row kernels hold (BERT-base is 768, large 1024); checked at load.
const MAX_HIDDEN: u32 = 1024u;

var<workgroup> row: array<f32, MAX_HIDDEN>;
var<workgroup> partial: array<f32, WG>;

// Sum of `v` over the workgroup. Must be called from uniform control flow (it has barriers).
fn reduce_sum(lid: u32, v: f32) -> f32 {
    partial[lid] = v;
    workgroupBarrier();
    for (var s = WG / 2u; s > 0u; s = s >> 1u) {
        if (lid < s) {
            partial[lid] = partial[lid] + partial[lid + s];
        }
        workgroupBarrier();
    }
    let total = partial[0];
    // Nobody may overwrite `partial` for the next reduction before everyone has read the total.
    workgroupBarrier();
    return total;
}
