#!/usr/bin/env python3
"""Compute the ground truth of the blind questions with pandas.

Usage: python3 truth.py --tables CACHEDIR/tables --out OUTDIR

For dev.jsonl and sealed.jsonl beside this file, evaluates each question's
`pandas` expression with `df = pd.read_csv(table)` (default options), `pd` and
`np` in scope, and writes OUTDIR/dev.truth.jsonl and OUTDIR/sealed.truth.jsonl
with {"id", "shape", "answer", "ordered"}.  Exits non-zero if any expression
fails, returns a value whose type does not match the question's shape, or
returns NaN/inf anywhere.  Refusals have answer null.
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


class BadAnswer(Exception):
    pass


def to_py(v):
    """Convert numpy/pandas scalars and containers to plain Python values."""
    if isinstance(v, (pd.Series, pd.Index, np.ndarray)):
        v = list(v.tolist())
    if isinstance(v, (list, tuple)):
        return [to_py(x) for x in v]
    if isinstance(v, np.generic):
        v = v.item()
    return v


def is_number(v):
    return isinstance(v, numbers.Real) and not isinstance(v, bool)


def check_number(v, what):
    if not is_number(v):
        raise BadAnswer(f"{what}: expected a number, got {type(v).__name__} {v!r}")
    if isinstance(v, float) and not math.isfinite(v):
        raise BadAnswer(f"{what}: non-finite number {v!r}")
    return int(v) if isinstance(v, int) else float(v)


def check(shape, v):
    if shape == "boolean":
        if not isinstance(v, bool):
            raise BadAnswer(f"expected a bool, got {type(v).__name__} {v!r}")
        return v
    if shape == "number":
        return check_number(v, "answer")
    if shape == "category":
        if not isinstance(v, str) or not v.strip():
            raise BadAnswer(f"expected a non-empty string, got {type(v).__name__} {v!r}")
        return v
    if shape == "list_category":
        if not isinstance(v, list) or not v:
            raise BadAnswer(f"expected a non-empty list, got {v!r}")
        for x in v:
            if not isinstance(x, str) or not x.strip():
                raise BadAnswer(f"list item is not a non-empty string: {x!r}")
        return v
    if shape == "list_number":
        if not isinstance(v, list) or not v:
            raise BadAnswer(f"expected a non-empty list, got {v!r}")
        return [check_number(x, "list item") for x in v]
    raise BadAnswer(f"unknown shape {shape!r}")


def is_ordered(q):
    note = (q.get("note") or "").lower()
    return q["shape"].startswith("list_") and "ordered" in note and "unordered" not in note


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tables", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    frames = {}
    errors = 0
    seen = set()
    for half in ("dev", "sealed"):
        out = []
        with open(os.path.join(HERE, f"{half}.jsonl"), encoding="utf-8") as f:
            qs = [json.loads(line) for line in f if line.strip()]
        for q in qs:
            qid, shape = q["id"], q["shape"]
            try:
                if qid in seen:
                    raise BadAnswer("duplicate id")
                seen.add(qid)
                if shape not in SHAPES:
                    raise BadAnswer(f"unknown shape {shape!r}")
                if shape == "refuse":
                    if q.get("pandas") is not None:
                        raise BadAnswer("refuse question must have pandas null")
                    answer = None
                else:
                    if not q.get("pandas"):
                        raise BadAnswer("missing pandas expression")
                    table = q["table"]
                    if table not in frames:
                        frames[table] = pd.read_csv(os.path.join(args.tables, table))
                    env = {"df": frames[table].copy(), "pd": pd, "np": np}
                    raw = eval(q["pandas"], env)  # noqa: S307 - trusted suite file
                    answer = check(shape, to_py(raw))
                out.append({"id": qid, "shape": shape, "answer": answer,
                            "ordered": is_ordered(q)})
            except Exception as exc:  # report every failure, then exit non-zero
                errors += 1
                print(f"FAIL {half} {qid}: {type(exc).__name__}: {exc}", file=sys.stderr)
        path = os.path.join(args.out, f"{half}.truth.jsonl")
        with open(path, "w", encoding="utf-8") as f:
            for rec in out:
                f.write(json.dumps(rec, ensure_ascii=False, allow_nan=False) + "\n")
        print(f"{half}: {len(out)} answers -> {path}")
    if errors:
        print(f"{errors} question(s) failed", file=sys.stderr)
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
