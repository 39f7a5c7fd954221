"""Writes shared/src/query/codes.tsv: the names of the codes tables store instead of names
(ISO 3166 country codes, US state codes, ISO 639-1 language codes) in en, es, ca and de, so a
question that says "Alaska", "Dänemark" or "French" finds "AK", "DNK" or "fr".

Usage: python xtask/scripts/codes.py OUT.tsv  (needs `pip install babel==2.18.0 pycountry==24.6.1`).
Names come from the Unicode CLDR through babel (Unicode License, https://www.unicode.org/license.txt)
and, for alpha-3 and US subdivision codes, from pycountry (ISO 3166 via Debian iso-codes, LGPL data).
Each line: kind, code, then the names in en, es, ca and de (several comma-separated).
"""
import sys

import babel
import pycountry
from babel import Locale

LANGS = ["en", "es", "ca", "de"]
# Names people type that neither source gives.
EXTRA = {
    ("country", "US"): ["usa", "united states of america"],
    ("country", "GB"): ["uk", "britain", "great britain"],
    ("country", "NL"): ["holland"],
}

def names_of(table, code):
    out = []
    for l in LANGS:
        n = table[l].get(code)
        if n and n not in out:
            out.append(n)
    return out

territories = {l: Locale.parse(l).territories for l in LANGS}
languages = {l: Locale.parse(l).languages for l in LANGS}
rows = []
for c in pycountry.countries:
    per_lang = [territories[l].get(c.alpha_2, c.name) for l in LANGS]
    en_extra = [n for n in {c.name, getattr(c, "common_name", c.name)} if n not in per_lang]
    per_lang[0] = ",".join([per_lang[0]] + sorted(en_extra) + EXTRA.get(("country", c.alpha_2), []))
    for code in (c.alpha_2, c.alpha_3):
        rows.append(["country", code] + per_lang)
for s in sorted(pycountry.subdivisions.get(country_code="US"), key=lambda s: s.code):
    code = s.code.split("-", 1)[1]
    rows.append(["us_state", code] + [s.name] * 4)
for code, en in sorted(languages["en"].items()):
    if len(code) != 2 or not code.isalpha():
        continue
    rows.append(["language", code] + [languages[l].get(code, en) for l in LANGS])
with open(sys.argv[1], "w", encoding="utf-8") as f:
    f.write("# kind\tcode\ten\tes\tca\tde — CLDR names via babel %s (Unicode License), ISO codes via pycountry %s; written by xtask/scripts/codes.py\n" % (babel.__version__, pycountry.__version__ if hasattr(pycountry, "__version__") else "24.6.1"))
    for r in rows:
        f.write("\t".join(r) + "\n")
print(len(rows), "codes")
