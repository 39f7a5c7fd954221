# Calibrates the citation threshold (shared/src/generate/cite.rs): cosine between answer-like
# sentences and cars.json rows, true facts vs false or invented ones, with the number-agreement rule.
# Run: .cache/refvenv/bin/python xtask/scripts/calibrate_citations.py
# Citation threshold calibration: cosine(answer-like sentence, row passage) for true facts vs false ones.
import json, random, numpy as np
from sentence_transformers import SentenceTransformer
m = SentenceTransformer('.cache/models/all-MiniLM-L6-v2', device='cpu')
rows = json.load(open('.cache/fixtures/vega/cars.json'))
rows = [r for r in rows if r['Horsepower'] and r['Miles_per_Gallon']]
def passage(r): return " ".join(f"The value for '{k}' is {v if k!='Year' else v[:4]}." for k,v in r.items())
forms = [lambda r: f"The {r['Name']} has {r['Horsepower']} horsepower.",
         lambda r: f"The {r['Name']} was made in {r['Year'][:4]}.",
         lambda r: f"The {r['Name']} comes from {r['Origin']}.",
         lambda r: f"The {r['Name']} does {r['Miles_per_Gallon']} miles per gallon and has {r['Cylinders']} cylinders.",
         lambda r: f"{r['Name']} weighs {r['Weight_in_lbs']} pounds."]
random.seed(1)
import re
def nums(t): return set(re.findall(r'\d+(?:\.\d+)?', t))
def nums_ok(s, p): return nums(s) <= nums(p)
P = m.encode([passage(r) for r in rows], normalize_embeddings=True)
pos, neg = [], []
names = {}
for i, r in enumerate(rows): names.setdefault(r['Name'], set()).add(i)
for _ in range(400):
    i = random.randrange(len(rows)); f = random.choice(forms)
    s = f(rows[i]); v = m.encode([s], normalize_embeddings=True)[0]
    sims = P @ v
    pos.append(sims[i] if nums_ok(s, passage(rows[i])) else 0)
    # a false sentence: the name of row i with the values of another row j (a hallucinated fact)
    j = random.randrange(len(rows)); fake = dict(rows[j]); fake['Name'] = rows[i]['Name']
    if any(all(str(rows[k][c]) == str(fake[c]) for c in fake) for k in names[fake['Name']]): continue
    sf = f(fake); vf = m.encode([sf], normalize_embeddings=True)[0]
    sims_f = P @ vf; neg.append(max((sims_f[k] if nums_ok(sf, passage(rows[k])) else 0) for k in np.argsort(-sims_f)[:10]))
    # an invented car entirely
    inv = f({**rows[j], 'Name': random.choice(['toyota supra turbo', 'tesla model s', 'ferrari testarossa', 'honda civic type r'])})
    si = P @ m.encode([inv], normalize_embeddings=True)[0]; neg.append(max((si[k] if nums_ok(inv, passage(rows[k])) else 0) for k in np.argsort(-si)[:10]))
pos, neg = np.array(pos), np.array(neg)
print("pos: mean %.3f p5 %.3f p10 %.3f | neg: mean %.3f p90 %.3f p95 %.3f" % (pos.mean(), np.percentile(pos,5), np.percentile(pos,10), neg.mean(), np.percentile(neg,90), np.percentile(neg,95)))
best = max(((t, ((pos>=t).mean() + (neg<t).mean())/2) for t in np.arange(0.3,0.9,0.01)), key=lambda x:x[1])
for t in [0.5,0.55,0.6,0.65,0.7, best[0]]:
    print("t=%.2f recall(pos) %.3f  rejected(neg) %.3f" % (t, (pos>=t).mean(), (neg<t).mean()))
