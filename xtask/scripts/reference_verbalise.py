"""Reference for `cargo xtask bench`: the same static template filled by CPython's csv module and
str.format, streaming the same CSV. No type formatting (dates/numbers are copied), so it does less
work than tabletalk; it is the "plain scripting" baseline a ratio is taken against."""
import csv, json, sys, time

src, dst = sys.argv[1], sys.argv[2]
start = time.perf_counter()
n = 0
with open(src, newline="", encoding="utf-8") as f, open(dst, "w", encoding="utf-8") as out:
    r = csv.reader(f)
    header = next(r)
    parts = [f"The value for '{h}' is {{}}." for h in header]
    for row in r:
        n += 1
        text = " ".join(p.format(v) for p, v in zip(parts, row) if v)
        out.write(json.dumps({"text": text, "provenance": {"file": src, "table": "bench", "row": n, "columns": header}}))
        out.write("\n")
secs = time.perf_counter() - start
print(json.dumps({"rows": n, "seconds": round(secs, 3), "rows_per_s": round(n / secs)}))
