"""FAISS reference for the dense-index benchmark (issue 3), on the vectors bench_ann dumped.

    cargo run --release -p tabletalk-shared --example bench_ann -- --dump .cache/bench/ann
    .cache/refvenv/bin/python xtask/scripts/bench_faiss.py .cache/bench/ann

Reads base.f32, queries.f32 and meta.json (n, queries, dim, m, ef_construction, ef list), then
reports build time, queries/s and recall@10 for IndexFlatIP (exact, the ground truth) and
IndexHNSWFlat with the same M, efConstruction and efSearch values as bench_ann. Single-threaded
(OpenMP 1 thread) like bench_ann; queries go one call per query, as an application asks them,
each query counting at its fastest of three passes; the flat index is also timed with the whole
batch in one call (a matrix product).
"""

import json
import sys
import time
from pathlib import Path

import faiss
import numpy as np


def load(directory: Path):
    meta = json.loads((directory / "meta.json").read_text())
    dim = meta["dim"]
    base = np.fromfile(directory / "base.f32", dtype="<f4").reshape(-1, dim)
    queries = np.fromfile(directory / "queries.f32", dtype="<f4").reshape(-1, dim)
    assert base.shape[0] == meta["n"] and queries.shape[0] == meta["queries"]
    base = np.ascontiguousarray(base, dtype=np.float32)
    queries = np.ascontiguousarray(queries, dtype=np.float32)
    # Cosine, as in bench_ann: unit vectors and inner product.
    faiss.normalize_L2(base)
    faiss.normalize_L2(queries)
    return meta, base, queries


PASSES = 3  # each query counts at its fastest pass, as in bench_ann


def one_by_one(index, queries, k=10):
    best = np.full(queries.shape[0], np.inf)
    for _ in range(PASSES):
        rows = []
        for i in range(queries.shape[0]):
            start = time.perf_counter()
            rows.append(index.search(queries[i : i + 1], k)[1])
            best[i] = min(best[i], time.perf_counter() - start)
    return queries.shape[0] / best.sum(), np.vstack(rows)


def recall(truth, found):
    hits = sum(len(set(t) & set(f)) for t, f in zip(truth.tolist(), found.tolist()))
    return hits / truth.size


def main():
    directory = Path(sys.argv[1] if len(sys.argv) > 1 else ".cache/bench/ann")
    faiss.omp_set_num_threads(1)
    meta, base, queries = load(directory)
    dim, m, efc = meta["dim"], meta["m"], meta["ef_construction"]
    print(f"faiss {faiss.__version__}, 1 thread; n = {base.shape[0]}, queries = {queries.shape[0]}, dim = {dim}")
    print(f"data: {meta['source']}")
    rows = []

    start = time.perf_counter()
    flat = faiss.IndexFlatIP(dim)
    flat.add(base)
    build = time.perf_counter() - start
    qps, truth = one_by_one(flat, queries)
    exact_qps = qps
    rows.append(("faiss IndexFlatIP (exact), one query per call", build, qps, 1.0))
    batch_qps = 0.0
    for _ in range(PASSES):
        start = time.perf_counter()
        _, batch_ids = flat.search(queries, 10)
        batch_qps = max(batch_qps, queries.shape[0] / (time.perf_counter() - start))
    rows.append(("faiss IndexFlatIP (exact), all queries in one call", build, batch_qps, recall(truth, batch_ids)))

    start = time.perf_counter()
    hnsw = faiss.IndexHNSWFlat(dim, m, faiss.METRIC_INNER_PRODUCT)
    hnsw.hnsw.efConstruction = efc
    hnsw.add(base)
    build = time.perf_counter() - start
    for ef in meta["ef"]:
        hnsw.hnsw.efSearch = ef
        qps, found = one_by_one(hnsw, queries)
        rows.append((f"faiss IndexHNSWFlat M={m} efC={efc} ef={ef}", build, qps, recall(truth, found)))

    print("| index | build (s) | queries/s | × faiss exact (per query) | recall@10 |")
    print("|---|---:|---:|---:|---:|")
    for name, build, qps, r in rows:
        print(f"| {name} | {build:.2f} | {qps:.0f} | {qps / exact_qps:.1f}× | {r:.4f} |")


if __name__ == "__main__":
    main()
