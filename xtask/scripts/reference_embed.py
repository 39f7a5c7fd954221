"""Reference sentence vectors from sentence-transformers (PyTorch, CPU) for the agreement test.

Usage: python reference_embed.py MODEL_DIR SENTENCES.txt OUT.json

MODEL_DIR is the directory `cargo xtask models` extracts (the same files candle reads). One sentence
per line; the output holds the sentences, the library versions and the vectors as little-endian f32
in base64 (compact, exact). Re-run it when the sentences change; the test reads OUT.json.
"""
import base64
import json
import sys

import numpy as np
import sentence_transformers
import torch
from sentence_transformers import SentenceTransformer


def main():
    model_dir, sentences_path, out_path = sys.argv[1:4]
    with open(sentences_path, encoding="utf-8") as f:
        sentences = [line.rstrip("\n") for line in f]
    model = SentenceTransformer(model_dir, device="cpu")
    vectors = model.encode(sentences, batch_size=32, convert_to_numpy=True, normalize_embeddings=False)
    vectors = np.ascontiguousarray(vectors, dtype="<f4")
    out = {
        "model": "all-MiniLM-L6-v2",
        "producer": f"sentence-transformers {sentence_transformers.__version__}, torch {torch.__version__}, CPU",
        "max_seq_length": model.max_seq_length,
        "dim": int(vectors.shape[1]),
        "sentences": sentences,
        "vectors_f32le_base64": base64.b64encode(vectors.tobytes()).decode("ascii"),
    }
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=0)
    print(f"{len(sentences)} vectors of dimension {vectors.shape[1]} -> {out_path}")


if __name__ == "__main__":
    main()
