#!/usr/bin/env python3
"""Reference for the exact-path benchmark: the same three questions in pandas on the same CSV.

    python bench_query_pandas.py FILE.csv

Prints one JSON line of medians of 5 runs (seconds): load (read_csv), group_by (mean amount per
category), top_n (10 largest amounts), distinct (number of different names).
"""

import json
import statistics
import sys
import time

import pandas as pd


def timed(f, runs=5):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        r = f()
        times.append(time.perf_counter() - t)
    return statistics.median(times), r


def main():
    path = sys.argv[1]
    load_s, df = timed(lambda: pd.read_csv(path), runs=3)
    group_s, _ = timed(lambda: df.groupby("category")["amount"].mean())
    top_s, _ = timed(lambda: df.nlargest(10, "amount"))
    distinct_s, n = timed(lambda: df["name"].nunique())
    print(json.dumps({"rows": len(df), "load_s": round(load_s, 3), "group_by_s": round(group_s, 4), "top_n_s": round(top_s, 4), "distinct_s": round(distinct_s, 4), "pandas": pd.__version__}))


if __name__ == "__main__":
    main()
