"""Writes shared/src/query/territories.tsv: country and territory names in en, es, ca and de from
the Unicode CLDR (through the `babel` wheel from PyPI), for questions that name a country in their
own language ("Deutschland", "Alemanya") over a table that spells it in English.

Usage: python xtask/scripts/territories.py OUT.tsv  (needs `pip install babel`; CLDR data is under
the Unicode License, see https://www.unicode.org/license.txt). Only names that differ between the
languages are written; codes for regions (001, 150…) and unknown areas are left out.
"""
import sys
import unicodedata

from babel import Locale

def fold(s):
    s = unicodedata.normalize("NFKD", s)
    return "".join(c for c in s if not unicodedata.combining(c)).lower()

langs = ["en", "es", "ca", "de"]
names = {l: Locale.parse(l).territories for l in langs}
rows = []
for code, en in sorted(names["en"].items()):
    if not code.isalpha() or code in ("ZZ", "EU", "EZ", "UN", "QO", "XA", "XB", "XK"):
        continue
    row = [names[l].get(code, en) for l in langs]
    if len({fold(n) for n in row}) == 1:
        continue
    rows.append(row)
with open(sys.argv[1], "w", encoding="utf-8") as f:
    f.write("# en\tes\tca\tde — Unicode CLDR territory names via babel %s (Unicode License); written by xtask/scripts/territories.py\n" % __import__("babel").__version__)
    for r in rows:
        f.write("\t".join(r) + "\n")
print(len(rows), "territories")
