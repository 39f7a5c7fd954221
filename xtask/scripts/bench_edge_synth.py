"""Publishes the synthetic collection from `examples/synth_collection.rs` to an edge with the
publish protocol (PUT, 1 MiB chunks, commit) and times it; then prints the search bodies for
`hey`. The time excludes embedding (see docs/benchmarks.md for the embedding rate).

    python3 xtask/scripts/bench_edge_synth.py DIR EDGE TOKEN COLLECTION
"""
import json, sys, time, urllib.request, zlib

d, edge, token, coll = sys.argv[1:5]
CHUNK = 1 << 20
parts = {"index": open(f"{d}/index.bin", "rb").read(), "tables": open(f"{d}/tables.json", "rb").read()}

def send(method, path, body, ctype="application/json"):
    req = urllib.request.Request(edge + path, data=body, method=method, headers={"authorization": f"Bearer {token}", "content-type": ctype})
    with urllib.request.urlopen(req, timeout=600) as r:
        return json.loads(r.read() or b"null")

t0 = time.time()
spec = [{"name": n, "bytes": len(b), "chunks": max(1, -(-len(b) // CHUNK)), "crc32": zlib.crc32(b)} for n, b in parts.items()]
send("PUT", f"/v1/collections/{coll}", json.dumps({"parts": spec}).encode())
for n, b in parts.items():
    for seq in range(max(1, -(-len(b) // CHUNK))):
        send("PUT", f"/v1/collections/{coll}/parts/{n}/{seq}", b[seq * CHUNK:(seq + 1) * CHUNK], "application/octet-stream")
t1 = time.time()
info = send("POST", f"/v1/collections/{coll}/commit", b"")
t2 = time.time()
total = sum(len(b) for b in parts.values())
print(f"upload {total / 1e6:.1f} MB in {t1 - t0:.1f} s, commit (check + decode + swap) {t2 - t1:.1f} s, {info['passages']} passages")
q = json.load(open(f"{d}/query.json"))
json.dump({"vector": q, "k": 5}, open(f"{d}/dense.json", "w"))
json.dump({"vector": q, "text": "museum Vienna visitors", "k": 5}, open(f"{d}/hybrid.json", "w"))
json.dump({"text": "museum Vienna visitors", "k": 5}, open(f"{d}/lexical.json", "w"))
