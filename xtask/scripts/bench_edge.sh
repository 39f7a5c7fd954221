#!/usr/bin/env bash
# The edge benchmark (docs/benchmarks.md, issue 6): publish ROWS rows with `tabletalk publish`,
# then POST /search under load from `hey` (Debian package `hey`) on loopback.
#
#   EDGE=http://127.0.0.1:8787 TOKEN=dev-publish-token xtask/scripts/bench_edge.sh
#
# The edge must run with RATE_LIMIT_PER_MINUTE=0 (`wrangler dev … --var RATE_LIMIT_PER_MINUTE:0`).
set -euo pipefail
ROWS=${ROWS:-50000}
EDGE=${EDGE:-http://127.0.0.1:8787}
TOKEN=${TOKEN:-dev-publish-token}
BIN=${BIN:-target/debug/tabletalk}
COLLECTION=${COLLECTION:-bench50k}
DURATION=${DURATION:-30s}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Short synthetic rows (5 fields), so embedding 50,000 of them takes minutes, not an hour.
python3 - "$ROWS" > "$dir/bench.csv" <<'PY'
import random, sys
random.seed(7)
cities = ["Lisbon", "Porto", "Madrid", "Paris", "Berlin", "Rome", "Vienna", "Prague", "Warsaw", "Oslo"]
kinds = ["library", "school", "clinic", "museum", "park", "station", "market", "theatre"]
print("id,name,kind,city,year,visitors")
for i in range(int(sys.argv[1])):
    k = random.choice(kinds); c = random.choice(cities)
    print(f"P{i:05d},{c} {k} {i},{k},{c},{random.randint(1850, 2024)},{random.randint(100, 900000)}")
PY

echo "== publish $ROWS rows"
/usr/bin/time -f "publish: %e s wall, %M KB peak RSS" "$BIN" publish "$dir/bench.csv" --edge "$EDGE" --token "$TOKEN" --collection "$COLLECTION"

"$BIN" embed "a museum in Vienna with many visitors" --json > "$dir/vec.json"
python3 - "$dir" <<'PY'
import json, sys
d = sys.argv[1]
v = json.load(open(f"{d}/vec.json"))
vec = v["vectors"][0] if "vectors" in v else v[0] if isinstance(v, list) else v["vector"]
json.dump({"vector": vec, "k": 5}, open(f"{d}/dense.json", "w"))
json.dump({"vector": vec, "text": "museum Vienna visitors", "k": 5}, open(f"{d}/hybrid.json", "w"))
json.dump({"text": "museum Vienna visitors", "k": 5}, open(f"{d}/lexical.json", "w"))
PY
URL="$EDGE/v1/collections/$COLLECTION/search"
# Warm the object (the first request decodes the collection).
curl -s -o /dev/null -w "first search (cold object): %{time_total} s\n" -X POST -H 'content-type: application/json' --data @"$dir/dense.json" "$URL"
for body in dense hybrid lexical; do
  echo "== $body at 100 requests/s (10 clients × 10/s) for $DURATION"
  hey -z "$DURATION" -c 10 -q 10 -m POST -T application/json -D "$dir/$body.json" "$URL" | grep -E "Requests/sec|Average|Slowest|Fastest|50%|90%|99%|\[[0-9]+\]"
done
echo "== dense, as fast as it goes (16 clients) for $DURATION"
hey -z "$DURATION" -c 16 -m POST -T application/json -D "$dir/dense.json" "$URL" | grep -E "Requests/sec|Average|50%|90%|99%|\[[0-9]+\]"
