#!/usr/bin/env python3
"""Compute ground truth for blind suite "t".

    python3 truth.py --tables CACHEDIR/tables --out OUT

Evaluates every question's `pandas` expression with `df = pd.read_csv(path)`
(default options), `pd` and `np` in scope, and writes OUT/dev.truth.jsonl and
OUT/sealed.truth.jsonl with {"id", "shape", "answer", "ordered"}.
Exits non-zero when an expression fails, returns a value whose type does not
match the question's shape, or yields NaN/inf.
Needs pandas (e.g. the /work/main/.cache/venv interpreter).
"""
import argparse
import json
import math
import numbers
import os
import sys

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
SHAPES = {"boolean", "number", "category", "list_category", "list_number", "refuse"}


class Bad(Exception):
    pass


def to_py(v):
    """numpy / pandas scalars -> plain Python."""
    if isinstance(v, (np.generic,)):
        v = v.item()
    return v


def as_number(v):
    v = to_py(v)
    if isinstance(v, bool) or not isinstance(v, numbers.Real):
        raise Bad(f"expected a number, got {type(v).__name__}: {v!r}")
    if isinstance(v, float) and not math.isfinite(v):
        raise Bad(f"non-finite number {v!r}")
    if isinstance(v, int):
        return int(v)
    return float(v)


def as_string(v):
    v = to_py(v)
    if not isinstance(v, str):
        raise Bad(f"expected a string, got {type(v).__name__}: {v!r}")
    return v


def as_list(v):
    if isinstance(v, (pd.Series, pd.Index, np.ndarray)):
        v = list(v)
    if not isinstance(v, (list, tuple)):
        raise Bad(f"expected a list, got {type(v).__name__}: {v!r}")
    if len(v) == 0:
        raise Bad("empty list")
    return list(v)


def check(shape, v):
    if shape == "boolean":
        v = to_py(v)
        if not isinstance(v, bool):
            raise Bad(f"expected a bool, got {type(v).__name__}: {v!r}")
        return v
    if shape == "number":
        return as_number(v)
    if shape == "category":
        return as_string(v)
    if shape == "list_category":
        return [as_string(x) for x in as_list(v)]
    if shape == "list_number":
        return [as_number(x) for x in as_list(v)]
    raise Bad(f"unknown shape {shape!r}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)

    frames = {}
    errors = 0
    seen = set()
    for half in ("dev", "sealed"):
        rows = []
        with open(os.path.join(HERE, f"{half}.jsonl"), encoding="utf-8") as fh:
            qs = [json.loads(line) for line in fh if line.strip()]
        for q in qs:
            qid, shape = q["id"], q["shape"]
            try:
                if qid in seen:
                    raise Bad("duplicate id")
                seen.add(qid)
                if shape not in SHAPES:
                    raise Bad(f"unknown shape {shape!r}")
                note = q.get("note") or ""
                ordered = shape.startswith("list_") and note.startswith("ordered")
                if shape.startswith("list_") and not (note.startswith("ordered") or note.startswith("unordered")):
                    raise Bad("list question needs a note starting with 'ordered' or 'unordered'")
                if shape == "refuse":
                    if q.get("pandas") is not None:
                        raise Bad("refuse question must have pandas = null")
                    if not note:
                        raise Bad("refuse question needs a note")
                    answer = None
                else:
                    if q["table"] not in frames:
                        frames[q["table"]] = pd.read_csv(os.path.join(args.tables, q["table"]))
                    df = frames[q["table"]]
                    val = eval(q["pandas"], {"df": df, "pd": pd, "np": np})
                    answer = check(shape, val)
                    # round-trip guard: strict JSON, no NaN
                    json.dumps(answer, allow_nan=False)
                rows.append({"id": qid, "shape": shape, "answer": answer, "ordered": bool(ordered)})
            except Exception as e:  # noqa: BLE001
                errors += 1
                print(f"FAIL {qid}: {type(e).__name__}: {e}", file=sys.stderr)
        out = os.path.join(args.out, f"{half}.truth.jsonl")
        with open(out, "w", encoding="utf-8") as fh:
            for r in rows:
                fh.write(json.dumps(r, ensure_ascii=False, allow_nan=False) + "\n")
        print(f"{half}: {len(rows)} of {len(qs)} answers -> {out}")
    if errors:
        print(f"{errors} question(s) failed", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
