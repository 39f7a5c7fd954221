#!/usr/bin/env python3
"""Independent ground truth for the Tabletalk question suites.

    python ground_truth.py --data DIR --out OUTDIR

DIR is the folder with the vega_datasets tables (`.cache/fixtures/vega`). For every suite
`<suite>.jsonl` next to this script (with `<suite>.describe.json`), each question's `expect` spec is
evaluated in pandas, without any Tabletalk code, and `OUTDIR/<suite>.truth.jsonl` gets one line per
question: {"id", "intent", "lang", "route", "value", "rows"}. `rows` are sorted 1-based positions
of the data records that contributed (null where that does not apply).

The script refuses (exit 1, one message per problem) a spec that is malformed, names an unknown
column, compares a value of the wrong type, has no single answer (ties at the boundary of a
top/bottom list, tied modes, a lookup matching 0 or 2+ rows, a tied compare), or whose answer
changes when the CSV token "NA" is read as text instead of as missing. It also checks that every
intent occurs in every language (en, es, ca, de) across the suites.

Only pandas and the standard library.
"""

import argparse
import json
import math
import sys
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent

SUITES = {
    # suite: (file, {date column: strptime format})
    "la-riots": ("la-riots.csv", {"death_date": "%Y-%m-%d"}),
    "cars": ("cars.json", {"Year": "%Y-%m-%d"}),
    "seattle-weather": ("seattle-weather.csv", {"date": "%Y/%m/%d"}),
    "airports": ("airports.csv", {}),
    "iris": ("iris.json", {}),
}

LANGS = ("en", "es", "ca", "de")
# Questions in another language are only there to be refused.
OTHER_LANGS = ("fr",)

# intent -> the expect.op it must use
INTENT_OPS = {
    "rows_count": {"rows_count"},
    "columns_count": {"columns_count"},
    "distinct_count": {"distinct_count"},
    "distinct_values": {"distinct_values"},
    "most_frequent": {"most_frequent"},
    "least_frequent": {"least_frequent"},
    "top_n": {"top"},
    "bottom_n": {"bottom"},
    "filter_list": {"list"},
    "count_filter": {"count"},
    "value_count": {"count"},
    "lookup": {"lookup"},
    "compare": {"compare"},
    "aggregate": {"agg"},
    "group_aggregate": {"group"},
    "share": {"share"},
    "meta": {"meta"},
    "clarify": {"clarify"},
    "unanswerable": {"unanswerable"},
}

FILTER_OPS = {"eq", "ne", "lt", "gt", "le", "ge", "between", "contains", "starts_with", "year"}
AGG_FNS = {"sum", "mean", "median", "min", "max"}
GROUP_FNS = {"count"} | AGG_FNS
META_KINDS = {"source", "description", "date", "title", "capabilities"}


class SpecError(Exception):
    pass


# ---------------------------------------------------------------- loading


def load_table(data_dir, suite, na_as_text):
    """The table as pandas sees it. `na_as_text`: CSV cells reading "NA", "NULL", … stay text."""
    file, dates = SUITES[suite]
    path = Path(data_dir) / file
    if not path.is_file():
        raise SystemExit(f"ground_truth: missing data file {path}")
    if file.endswith(".json"):
        with open(path, encoding="utf-8") as f:
            records = json.load(f)
        df = pd.DataFrame.from_records(records)
    elif na_as_text:
        df = pd.read_csv(path, keep_default_na=False, na_values=[""])
    else:
        df = pd.read_csv(path)
    for col, fmt in dates.items():
        df[col] = pd.to_datetime(df[col], format=fmt)
    df.index = range(1, len(df) + 1)  # 1-based data-row numbers
    return df


class Table:
    def __init__(self, df, describe):
        self.df = df
        self.describe = describe
        self.composed = {c["name"]: c for c in describe.get("composed_fields", [])}
        for name, c in self.composed.items():
            for p in c["parts"]:
                if p not in df.columns:
                    raise SystemExit(f"ground_truth: composed field {name!r} has unknown part {p!r}")

    def kind(self, col):
        if col in self.composed:
            return "text"
        if not isinstance(col, str) or col not in self.df.columns:
            raise SpecError(f"unknown column {col!r}")
        s = self.df[col]
        if pd.api.types.is_datetime64_any_dtype(s):
            return "date"
        if pd.api.types.is_bool_dtype(s):
            return "bool"
        if pd.api.types.is_numeric_dtype(s):
            return "number"
        return "text"

    def series(self, col, where="column"):
        if not isinstance(col, str):
            raise SpecError(f"{where}: column name must be a string, got {col!r}")
        if col in self.df.columns:
            return self.df[col]
        if col in self.composed:
            c = self.composed[col]
            parts = [self.df[p] for p in c["parts"]]
            sep = c.get("separator", " ")
            out = parts[0].astype("string")
            for p in parts[1:]:
                out = out + sep + p.astype("string")
            return out.astype(object).where(out.notna(), None)
        raise SpecError(f"{where}: unknown column {col!r}")


# ---------------------------------------------------------------- values


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def coerce(table, col, v, what):
    """The spec value `v` as a value comparable with column `col`."""
    kind = table.kind(col)
    if kind == "number":
        if not is_number(v):
            raise SpecError(f"{what}: column {col!r} is numeric, value {v!r} is not a number")
        return v
    if kind == "date":
        if not isinstance(v, str):
            raise SpecError(f"{what}: column {col!r} is a date, value {v!r} is not an ISO date string")
        try:
            return pd.Timestamp(pd.to_datetime(v, format="%Y-%m-%d"))
        except ValueError as e:
            raise SpecError(f"{what}: {v!r} is not an ISO date (YYYY-MM-DD)") from e
    if kind == "text":
        if not isinstance(v, str):
            raise SpecError(f"{what}: column {col!r} is text, value {v!r} is not a string")
        return v
    raise SpecError(f"{what}: column {col!r} has unsupported kind {kind}")


def plain(v):
    """A cell as a JSON value: numbers as int/float, dates as YYYY-MM-DD, text as str."""
    if v is None or (isinstance(v, float) and math.isnan(v)):
        raise SpecError("answer contains a missing value")
    if isinstance(v, pd.Timestamp):
        return v.strftime("%Y-%m-%d")
    if hasattr(v, "item"):  # numpy scalar
        v = v.item()
    return v


def as_text(table, col, v):
    """A cell as the string the question's answer names (distinct values, modes, groups)."""
    v = plain(v)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v.is_integer():
            # 3.0 prints "3" in a CSV and "3.0" in a JSON file: keep such answers out of the suite.
            raise SpecError(f"integer-valued decimal {v!r} in column {col!r} has no single text form")
        return repr(v)
    return str(v)


def sort_key(v):
    return (0, v) if is_number(v) else (1, str(v))


# ---------------------------------------------------------------- filters


def mask(table, f, where="where"):
    df = table.df
    if not isinstance(f, dict):
        raise SpecError(f"{where}: filter must be an object, got {f!r}")
    if "and" in f or "or" in f:
        key = "and" if "and" in f else "or"
        if set(f) != {key} or not isinstance(f[key], list) or len(f[key]) < 2:
            raise SpecError(f"{where}: {key!r} needs a list of at least two filters and nothing else")
        masks = [mask(table, g, f"{where}.{key}[{i}]") for i, g in enumerate(f[key])]
        out = masks[0]
        for m in masks[1:]:
            out = (out & m) if key == "and" else (out | m)
        return out
    allowed = {"col", "op", "value", "value2"}
    if not set(f) <= allowed or "col" not in f or "op" not in f or "value" not in f:
        raise SpecError(f"{where}: filter needs col, op, value (and value2 for between): {f!r}")
    col, op, value = f["col"], f["op"], f["value"]
    if op not in FILTER_OPS:
        raise SpecError(f"{where}: unknown op {op!r}")
    if ("value2" in f) != (op == "between"):
        raise SpecError(f"{where}: value2 goes with between and only with between")
    s = table.series(col, where)
    kind = table.kind(col)
    present = s.notna()
    if op in ("contains", "starts_with"):
        if kind != "text" or not isinstance(value, str) or not value:
            raise SpecError(f"{where}: {op} needs a text column and a non-empty string")
        low = s.where(present, "").astype(str).str.lower()
        hit = low.str.contains(value.lower(), regex=False) if op == "contains" else low.str.startswith(value.lower())
        return hit & present
    if op == "year":
        if kind != "date" or not isinstance(value, int) or isinstance(value, bool):
            raise SpecError(f"{where}: year needs a date column and an integer year")
        return (s.dt.year == value) & present
    v = coerce(table, col, value, where)
    if op in ("lt", "gt", "le", "ge", "between") and kind not in ("number", "date"):
        raise SpecError(f"{where}: {op} needs a numeric or date column, {col!r} is {kind}")
    if op == "eq":
        hit = s == v
    elif op == "ne":
        hit = s != v
    elif op == "lt":
        hit = s < v
    elif op == "gt":
        hit = s > v
    elif op == "le":
        hit = s <= v
    elif op == "ge":
        hit = s >= v
    else:
        v2 = coerce(table, col, f["value2"], where)
        if not v <= v2:
            raise SpecError(f"{where}: between needs value <= value2")
        hit = (s >= v) & (s <= v2)
    return hit.fillna(False).astype(bool) & present


def rows_of(m):
    return [int(i) for i in m[m].index]


def filtered(table, expect):
    if "where" in expect:
        return mask(table, expect["where"])
    return pd.Series(True, index=table.df.index)


def filter_values(f):
    """(col, value) of every eq filter in f."""
    if "and" in f or "or" in f:
        return [cv for g in f.get("and", f.get("or", [])) for cv in filter_values(g)]
    return [(f["col"], f["value"])] if f.get("op") == "eq" else []


# ---------------------------------------------------------------- ops


def need(expect, *keys):
    for k in keys:
        if k not in expect:
            raise SpecError(f"op {expect.get('op')!r} needs {k!r}")


def check_keys(expect, allowed):
    extra = set(expect) - allowed - {"op"}
    if extra:
        raise SpecError(f"op {expect['op']!r} does not take {sorted(extra)}")


def evaluate(table, q):
    """(route, value, rows) for question q."""
    e = q["expect"]
    op = e.get("op")
    df = table.df
    if op == "rows_count":
        check_keys(e, set())
        return "exact", len(df), None
    if op == "columns_count":
        check_keys(e, set())
        return "exact", len(df.columns), None
    if op == "count":
        check_keys(e, {"where"})
        m = filtered(table, e)
        return "exact", int(m.sum()), rows_of(m)
    if op in ("distinct_count", "distinct_values"):
        check_keys(e, {"col", "where"})
        need(e, "col")
        s = table.series(e["col"])
        m = filtered(table, e) & s.notna()
        if not m.any():
            raise SpecError("no values")
        vals = sorted({plain(v) for v in s[m]}, key=sort_key)
        if op == "distinct_count":
            return "exact", len(vals), rows_of(m)
        return "exact", [as_text(table, e["col"], v) for v in vals], rows_of(m)
    if op in ("most_frequent", "least_frequent"):
        check_keys(e, {"col", "where"})
        need(e, "col")
        s = table.series(e["col"])
        m = filtered(table, e) & s.notna()
        counts = s[m].value_counts()
        if counts.empty:
            raise SpecError("no values")
        counts = counts.sort_values(ascending=(op == "least_frequent"), kind="stable")
        if len(counts) > 1 and counts.iloc[0] == counts.iloc[1]:
            tied = sorted(str(x) for x in counts[counts == counts.iloc[0]].index)
            raise SpecError(f"{op} is a tie between {tied} ({counts.iloc[0]} rows each)")
        winner = counts.index[0]
        return "exact", as_text(table, e["col"], winner), rows_of(m & (s == winner))
    if op in ("top", "bottom"):
        check_keys(e, {"col", "n", "return", "where"})
        need(e, "col", "n", "return")
        n = e["n"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise SpecError("n must be a positive integer")
        col = e["col"]
        if table.kind(col) not in ("number", "date"):
            raise SpecError(f"{op} needs a numeric or date column, {col!r} is {table.kind(col)}")
        s = table.series(col)
        ret = table.series(e["return"])
        m = filtered(table, e) & s.notna()
        ranked = s[m].sort_values(ascending=(op == "bottom"), kind="stable")
        if len(ranked) < n:
            raise SpecError(f"only {len(ranked)} rows to rank, asked for {n}")
        if len(ranked) > n and ranked.iloc[n - 1] == ranked.iloc[n]:
            raise SpecError(f"{op} {n} of {col!r}: tie at the boundary ({plain(ranked.iloc[n - 1])!r})")
        head = ranked.iloc[:n]
        for v in head.unique():
            names = {plain(x) for x in ret[head[head == v].index]}
            if len(names) > 1:
                raise SpecError(f"{op} {n} of {col!r}: rows tied at {plain(v)!r} list different {e['return']!r} values {sorted(map(str, names))}, so the order is not defined")
        return "exact", [plain(ret[i]) for i in head.index], sorted(int(i) for i in head.index)
    if op == "agg":
        check_keys(e, {"fn", "col", "where"})
        need(e, "fn", "col")
        fn, col = e["fn"], e["col"]
        if fn not in AGG_FNS:
            raise SpecError(f"unknown agg fn {fn!r}")
        if table.kind(col) != "number":
            raise SpecError(f"agg needs a numeric column, {col!r} is {table.kind(col)}")
        s = table.series(col)
        m = filtered(table, e) & s.notna()
        if not m.any():
            raise SpecError("no values to aggregate")
        value = float(getattr(s[m].astype(float), fn)())
        return "exact", value, rows_of(m)
    if op == "share":
        check_keys(e, {"where", "of"})
        need(e, "where")
        base = mask(table, e["of"], "of") if "of" in e else pd.Series(True, index=df.index)
        if not base.any():
            raise SpecError("share: empty base")
        hit = base & mask(table, e["where"])
        return "exact", 100.0 * int(hit.sum()) / int(base.sum()), rows_of(hit)
    if op == "group":
        check_keys(e, {"fn", "by", "col", "where"})
        need(e, "fn", "by")
        fn, by = e["fn"], e["by"]
        if fn not in GROUP_FNS:
            raise SpecError(f"unknown group fn {fn!r}")
        if table.kind(by) == "date":
            raise SpecError("grouping by a date column has no single text form for its keys")
        keys = table.series(by)
        m = filtered(table, e) & keys.notna()
        if fn == "count":
            if "col" in e:
                raise SpecError("group count takes no col")
            agg = keys[m].value_counts()
            pairs = [(plain(k), int(v)) for k, v in agg.items()]
        else:
            need(e, "col")
            if table.kind(e["col"]) != "number":
                raise SpecError(f"group {fn} needs a numeric col")
            vals = table.series(e["col"])
            m = m & vals.notna()
            g = vals[m].astype(float).groupby(keys[m])
            agg = getattr(g, fn)()
            pairs = [(plain(k), float(v)) for k, v in agg.items()]
        pairs.sort(key=lambda kv: sort_key(kv[0]))
        return "exact", [[as_text(table, by, k), v] for k, v in pairs], None
    if op == "compare":
        check_keys(e, {"col", "values", "where"})
        need(e, "col", "values")
        vals = e["values"]
        if not isinstance(vals, list) or len(vals) != 2 or vals[0] == vals[1]:
            raise SpecError("compare needs two different values")
        s = table.series(e["col"])
        base = filtered(table, e)
        ms = [base & (s == coerce(table, e["col"], v, "compare")).fillna(False) & s.notna() for v in vals]
        counts = [int(x.sum()) for x in ms]
        if 0 in counts:
            raise SpecError(f"compare: a value matches no row ({dict(zip(map(str, vals), counts))})")
        if counts[0] == counts[1]:
            raise SpecError(f"compare: tie ({counts[0]} rows each)")
        w = 0 if counts[0] > counts[1] else 1
        winner = df.loc[ms[w]].iloc[0][e["col"]] if e["col"] in df.columns else vals[w]
        return "exact", as_text(table, e["col"], winner), rows_of(ms[w])
    if op == "lookup":
        check_keys(e, {"where", "col"})
        need(e, "where", "col")
        m = mask(table, e["where"])
        hits = rows_of(m)
        if len(hits) != 1:
            raise SpecError(f"lookup must match exactly one row, matched {len(hits)}: {hits[:10]}")
        v = plain(table.series(e["col"])[hits[0]])
        return "lookup", v, hits
    if op == "list":
        check_keys(e, {"where", "return"})
        need(e, "where", "return")
        m = mask(table, e["where"])
        if not m.any():
            raise SpecError("list matches no row")
        ret = table.series(e["return"])
        vals = sorted((plain(ret[i]) for i in rows_of(m)), key=sort_key)
        return "exact", vals, rows_of(m)
    if op == "meta":
        check_keys(e, {"kind"})
        need(e, "kind")
        kind = e["kind"]
        if kind not in META_KINDS:
            raise SpecError(f"unknown meta kind {kind!r}")
        if kind == "capabilities":
            return "meta", None, None
        if not table.describe.get(kind):
            raise SpecError(f"meta {kind}: the describe.json has no {kind!r}")
        return "meta", table.describe[kind], None
    if op == "clarify":
        check_keys(e, {"options"})
        need(e, "options")
        opts = e["options"]
        if not isinstance(opts, list) or len(opts) < 2:
            raise SpecError("clarify needs at least two options")
        for c in opts:
            if c not in df.columns:
                raise SpecError(f"clarify: unknown column {c!r}")
        groups = [g for g in table.describe.get("field_groups", []) if sorted(g["members"]) == sorted(opts)]
        if not groups or any(g.get("default") for g in groups):
            raise SpecError(f"clarify: {opts} is not a field group without a default in the describe.json")
        return "clarify", None, None
    if op == "unanswerable":
        check_keys(e, {"reason", "absent"})
        need(e, "reason")
        if not isinstance(e["reason"], str) or not e["reason"]:
            raise SpecError("unanswerable needs a reason")
        for word in e.get("absent", []):
            for c in df.columns:
                if table.kind(c) == "text":
                    hit = df[c].dropna().astype(str).str.contains(word, case=False, regex=False)
                    if hit.any():
                        raise SpecError(f"unanswerable: {word!r} does occur in column {c!r}")
            known = [col["name"] for col in table.describe.get("columns", [])]
            if any(word.lower() in k.lower() for k in known):
                raise SpecError(f"unanswerable: {word!r} names a column")
        return "unanswerable", None, None
    raise SpecError(f"unknown op {op!r}")


def check_question(table, q, seen):
    for k in ("id", "lang", "intent", "question", "expect"):
        if k not in q:
            raise SpecError(f"missing key {k!r}")
    if q["id"] in seen:
        raise SpecError("duplicate id")
    seen.add(q["id"])
    if q["lang"] not in LANGS and not (q["lang"] in OTHER_LANGS and q["intent"] == "unanswerable"):
        raise SpecError(f"lang {q['lang']!r} not one of {LANGS}")
    if q["intent"] not in INTENT_OPS:
        raise SpecError(f"unknown intent {q['intent']!r}")
    op = q["expect"].get("op") if isinstance(q["expect"], dict) else None
    if op not in INTENT_OPS[q["intent"]]:
        raise SpecError(f"intent {q['intent']} expects op {sorted(INTENT_OPS[q['intent']])}, got {op!r}")
    if q["intent"] == "count_filter" and "where" not in q["expect"]:
        raise SpecError("count_filter needs a where")
    if q["intent"] == "value_count":
        # The value is named without its field: it must identify the field on its own.
        e = q["expect"]
        if "where" not in e or not filter_values(e["where"]):
            raise SpecError("value_count needs an eq filter")
        for col, v in filter_values(e["where"]):
            if isinstance(v, str):
                for other in table.df.columns:
                    if other != col and table.kind(other) == "text":
                        if (table.df[other].dropna().astype(str).str.lower() == v.lower()).any():
                            raise SpecError(f"value_count: {v!r} is also a value of column {other!r}")


# ---------------------------------------------------------------- main


def read_jsonl(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as e:
                raise SystemExit(f"ground_truth: {path}:{n}: invalid JSON: {e}")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True, help="folder with the vega_datasets tables")
    ap.add_argument("--out", required=True, help="folder for <suite>.truth.jsonl")
    ap.add_argument("--questions", default=str(HERE), help="folder with <suite>.jsonl (default: next to this script)")
    args = ap.parse_args()

    qdir = Path(args.questions)
    out = Path(args.out)
    errors = []
    results = {}
    coverage = {}
    for suite in SUITES:
        questions = read_jsonl(qdir / f"{suite}.jsonl")
        with open(qdir / f"{suite}.describe.json", encoding="utf-8") as f:
            describe = json.load(f)
        tables = [Table(load_table(args.data, suite, na_as_text=False), describe)]
        if SUITES[suite][0].endswith(".csv"):
            tables.append(Table(load_table(args.data, suite, na_as_text=True), describe))
        known = set(tables[0].df.columns)
        for c in describe.get("columns", []):
            if c["name"] not in known:
                errors.append(f"{suite}.describe.json: unknown column {c['name']!r}")
        for g in describe.get("field_groups", []):
            for mbr in g["members"] + ([g["default"]] if g.get("default") else []):
                if mbr not in known:
                    errors.append(f"{suite}.describe.json: field group {g['name']!r} names unknown column {mbr!r}")
        seen = set()
        lines = []
        for q in questions:
            qid = q.get("id", "?")
            try:
                check_question(tables[0], q, seen)
                answers = [evaluate(t, q) for t in tables]
                if any(a != answers[0] for a in answers[1:]):
                    raise SpecError("the answer changes when CSV 'NA' cells are read as text instead of missing")
                route, value, rows = answers[0]
            except SpecError as e:
                errors.append(f"{suite} {qid}: {e}")
                continue
            coverage.setdefault(q["intent"], {}).setdefault(q["lang"], 0)
            coverage[q["intent"]][q["lang"]] += 1
            lines.append({"id": q["id"], "intent": q["intent"], "lang": q["lang"], "route": route, "value": value, "rows": rows})
        results[suite] = lines
    for intent in INTENT_OPS:
        missing = [l for l in LANGS if not coverage.get(intent, {}).get(l)]
        if missing:
            errors.append(f"coverage: intent {intent} has no question in {missing}")
    if errors:
        for e in errors:
            print(f"ground_truth: {e}", file=sys.stderr)
        print(f"ground_truth: {len(errors)} problem(s), nothing written", file=sys.stderr)
        sys.exit(1)
    out.mkdir(parents=True, exist_ok=True)
    for suite, lines in results.items():
        with open(out / f"{suite}.truth.jsonl", "w", encoding="utf-8", newline="\n") as f:
            for line in lines:
                f.write(json.dumps(line, ensure_ascii=False, allow_nan=False) + "\n")
    total = sum(len(v) for v in results.values())
    print(f"ground_truth: {total} answers for {len(results)} suites written to {out}")


if __name__ == "__main__":
    main()
