"""sentence-transformers (PyTorch, CPU) throughput on a file of sentences: the reference beside
shared/examples/bench_embed.rs. Usage: python bench_embed_st.py MODEL_DIR SENTENCES [BATCH]"""
import json
import sys
import time

import torch
from sentence_transformers import SentenceTransformer


def main():
    model_dir, path = sys.argv[1:3]
    batch = int(sys.argv[3]) if len(sys.argv) > 3 else 32
    lines = open(path, encoding="utf-8").read().splitlines()
    model = SentenceTransformer(model_dir, device="cpu")
    model.encode(lines[:batch], batch_size=batch)  # warm-up, as on the Rust side
    start = time.perf_counter()
    vectors = model.encode(lines, batch_size=batch, convert_to_numpy=True)
    secs = time.perf_counter() - start
    assert len(vectors) == len(lines)
    print(json.dumps({"sentences": len(lines), "batch": batch, "seconds": round(secs, 3),
                      "per_second": round(len(lines) / secs, 1), "torch_threads": torch.get_num_threads(),
                      "torch": torch.__version__}))


if __name__ == "__main__":
    main()
