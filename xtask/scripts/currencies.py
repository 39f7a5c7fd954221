"""Writes shared/src/query/currencies.tsv: the names of ISO 4217 currency codes in en, es, ca and
de, so a table of exchange rates with columns `USD`, `JPY`, `CHF` is asked about as "the yen",
"el dólar" or "der Franken".

Usage: python xtask/scripts/currencies.py OUT.tsv  (needs `pip install babel==2.18.0`).
Names come from the Unicode CLDR through babel (Unicode License, https://www.unicode.org/license.txt).
Each line: code, the full names (en, es, ca, de, comma-separated), then the currency's own word
("yen", "Franken", "corona"), which names the column only where no other currency column shares it,
and the words it keeps even where shared ("dollar" for USD).
"""
import re
import sys

import babel
from babel import Locale

LANGS = ["en", "es", "ca", "de"]
# The currency a bare word means where several share it ("the dollar" is the US dollar).
PREFERRED = {"USD": ["dollar", "dollars", "dolar", "dolares", "dolars"], "GBP": ["pound", "pounds", "sterling", "libra", "lliura", "pfund"]}

def clean(name):
    return re.sub(r"\s*\(.*?\)", "", name).strip()

def own_word(lang, name):
    words = [w for w in re.split(r"[\s-]+", name) if w]
    if not words:
        return None
    # English and German put the currency's word last ("Swiss Franc", "Schweizer Franken"),
    # Spanish and Catalan first ("franco suizo", "lliura esterlina").
    w = words[-1] if lang in ("en", "de") else words[0]
    if lang in ("es", "ca") and w in ("antiguo", "antic", "nuevo", "nou"):
        w = words[1] if len(words) > 1 else w
    return w.lower()

tables = {l: Locale.parse(l).currencies for l in LANGS}
rows = []
for code in sorted(tables["en"]):
    if not re.fullmatch(r"[A-Z]{3}", code) or code.startswith("X"):
        continue
    names, words = [], []
    for l in LANGS:
        n = tables[l].get(code)
        if not n:
            continue
        n = clean(n)
        if n and n not in names:
            names.append(n)
        w = own_word(l, n)
        if w and len(w) >= 3 and w not in words:
            words.append(w)
            if l == "en" and not w.endswith("s"):
                words.append(w + "s")
    rows.append([code, ",".join(names), ",".join(words), ",".join(PREFERRED.get(code, []))])
with open(sys.argv[1], "w", encoding="utf-8") as f:
    f.write("# code\tnames (en, es, ca, de)\tthe currency's own words\tthe words it has even where shared — CLDR names via babel %s (Unicode License); written by xtask/scripts/currencies.py\n" % babel.__version__)
    for r in rows:
        f.write("\t".join(r) + "\n")
print(len(rows), "currencies")
