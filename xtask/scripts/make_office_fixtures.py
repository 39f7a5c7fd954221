#!/usr/bin/env python3
"""Writes real .xlsx/.docx files (openpyxl, python-docx) from real public tables.

Run by `cargo xtask fixtures` inside `.cache/venv`:

    make_office_fixtures.py --vega .cache/fixtures/vega --out .cache/fixtures/office

Writes (ignored, regenerated on demand):
  seattle-weather.xlsx  sheet "weather": the first 200 rows of seattle-weather.csv, typed cells
                        (dates as Excel dates, numbers as numbers);
                        sheet "temperatures": all rows, starting at B3 (two empty rows and one
                        empty column before it), under a two-row header where "Temperature" is
                        merged over "max"/"min" and the other labels are merged over both rows.
  report.docx           a heading, an intro paragraph, the caption "Table 1: Iowa electricity by
                        source" (style Caption), iowa-electricity.csv pivoted by source under a
                        merged "Net generation (thousand MWh)" header, a paragraph after it, then
                        la-riots.csv's first 15 rows with its caption *below* the table.

With --edge DIR it writes the small committed edge-case files instead
(tests/fixtures/office/edge-cases.xlsx, edge-cases.docx, shared-strings.xlsx written by XlsxWriter,
and no-document.docx: a zip that is neither); those are committed, so rerun it only
when changing them, and commit the result:

    .cache/venv/bin/python xtask/scripts/make_office_fixtures.py --edge tests/fixtures/office
"""

import argparse
import csv
import datetime as dt
import os
import sys

import docx
import openpyxl
from docx.enum.style import WD_STYLE_TYPE
from openpyxl.utils import get_column_letter

# Fixed metadata so files do not change between runs more than the writers force them to.
FIXED_TIME = dt.datetime(2024, 1, 1, 0, 0, 0)


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def number(text):
    """CSV text → int or float, as a spreadsheet user would have typed it."""
    try:
        return int(text)
    except ValueError:
        return float(text)


def seattle_date(text):
    # seattle-weather.csv writes dates as 2012/01/01
    return dt.datetime.strptime(text, "%Y/%m/%d").date()


def write_weather_xlsx(vega, out):
    header, rows = read_csv(os.path.join(vega, "seattle-weather.csv"))
    assert header == ["date", "precipitation", "temp_max", "temp_min", "wind", "weather"], header
    wb = openpyxl.Workbook()
    wb.properties.created = FIXED_TIME
    wb.properties.modified = FIXED_TIME

    ws = wb.active
    ws.title = "weather"
    ws.append(header)
    for r in rows[:200]:
        ws.append([seattle_date(r[0]), number(r[1]), number(r[2]), number(r[3]), number(r[4]), r[5]])
    for row in ws.iter_rows(min_row=2, max_col=1):
        for c in row:
            c.number_format = "yyyy-mm-dd"

    ws2 = wb.create_sheet("temperatures")
    # The table starts at B3: rows 1-2 and column A stay empty.
    top, left = 3, 2
    labels = ["date", "Temperature", None, "precipitation", "wind", "weather"]
    second = [None, "max", "min", None, None, None]
    for j, (a, b) in enumerate(zip(labels, second)):
        if a is not None:
            ws2.cell(row=top, column=left + j, value=a)
        if b is not None:
            ws2.cell(row=top + 1, column=left + j, value=b)
    col = lambda j: get_column_letter(left + j)
    ws2.merge_cells(f"{col(1)}{top}:{col(2)}{top}")  # Temperature over max/min
    for j in (0, 3, 4, 5):  # the other labels span both header rows
        ws2.merge_cells(f"{col(j)}{top}:{col(j)}{top + 1}")
    for i, r in enumerate(rows):
        values = [seattle_date(r[0]), number(r[2]), number(r[3]), number(r[1]), number(r[4]), r[5]]
        for j, v in enumerate(values):
            c = ws2.cell(row=top + 2 + i, column=left + j, value=v)
            if j == 0:
                c.number_format = "yyyy-mm-dd"
    wb.save(os.path.join(out, "seattle-weather.xlsx"))


def set_cell(cell, text):
    cell.text = ""  # a merged cell keeps the paragraphs of every cell merged into it
    paragraphs = cell.paragraphs
    for p in paragraphs[1:]:
        p._element.getparent().remove(p._element)
    paragraphs[0].text = text


def write_report_docx(vega, out):
    header, rows = read_csv(os.path.join(vega, "iowa-electricity.csv"))
    assert header == ["year", "source", "net_generation"], header
    sources = []
    by_year = {}
    for year, source, value in rows:
        if source not in sources:
            sources.append(source)
        by_year.setdefault(year[:4], {})[source] = value
    years = sorted(by_year)

    d = docx.Document()
    d.core_properties.created = FIXED_TIME
    d.core_properties.modified = FIXED_TIME
    d.add_heading("Electricity generation in Iowa", level=1)
    d.add_paragraph(
        "Net generation of electricity in Iowa by source from 2001 to 2017, in thousand "
        "megawatt hours, as published in the Vega example datasets."
    )
    d.add_paragraph("Table 1: Iowa electricity by source", style="Caption")

    t = d.add_table(rows=2 + len(years), cols=1 + len(sources))
    t.style = "Table Grid"
    year_cell = t.cell(0, 0).merge(t.cell(1, 0))  # vertical merge: w:vMerge
    set_cell(year_cell, "Year")
    span = t.cell(0, 1).merge(t.cell(0, len(sources)))  # horizontal merge: w:gridSpan
    set_cell(span, "Net generation (thousand MWh)")
    for j, s in enumerate(sources):
        set_cell(t.cell(1, 1 + j), s)
    for i, y in enumerate(years):
        set_cell(t.cell(2 + i, 0), y)
        for j, s in enumerate(sources):
            set_cell(t.cell(2 + i, 1 + j), by_year[y][s])

    first, last = years[0], years[-1]
    ren = "Renewables"
    d.add_paragraph(
        f"Renewable generation grew from {by_year[first][ren]} thousand MWh in {first} "
        f"to {by_year[last][ren]} thousand MWh in {last}."
    )

    d.add_heading("Deaths during the 1992 Los Angeles riots", level=2)
    d.add_paragraph("The first fifteen people listed in the Los Angeles Times database.")
    header2, rows2 = read_csv(os.path.join(vega, "la-riots.csv"))
    keep = ["first_name", "last_name", "age", "neighborhood", "type"]
    idx = [header2.index(k) for k in keep]
    t2 = d.add_table(rows=1 + 15, cols=len(keep))
    t2.style = "Table Grid"
    for j, k in enumerate(keep):
        set_cell(t2.cell(0, j), k)
    for i, r in enumerate(rows2[:15]):
        for j, k in enumerate(idx):
            set_cell(t2.cell(1 + i, j), r[k])
    d.add_paragraph("Table 2: The first 15 deaths in the 1992 Los Angeles riots", style="Caption")
    d.add_paragraph("Source: Los Angeles Times, via the Vega datasets.")
    d.save(os.path.join(out, "report.docx"))


def write_edge_xlsx(out):
    wb = openpyxl.Workbook()
    wb.properties.created = FIXED_TIME
    wb.properties.modified = FIXED_TIME
    ws = wb.active
    ws.title = "types"
    ws.append(["kind", "value"])
    cases = [
        ("int", 42),
        ("negative int", -7),
        ("big int", 12345678901234),
        ("float", 0.1),
        ("third", 1 / 3),
        ("tiny", 1e-7),
        ("huge", 1.5e300),
        ("true", True),
        ("false", False),
        ("date", dt.date(2024, 2, 29)),
        ("datetime", dt.datetime(2024, 2, 29, 13, 45, 30)),
        ("time", dt.time(7, 30, 0)),
        ("div0", "#DIV/0!"),  # openpyxl stores known error codes as error cells (t="e")
        ("na", "#N/A"),
        ("unicode", "Zürich – 東京"),
        ("padded", "  padded  "),
        ("empty", None),
        ("text number", "007"),
        ("percent", 0.25),
        ("formula", "=1+1"),  # openpyxl writes no cached value: reads back empty
    ]
    for k, v in cases:
        ws.append([k, v])
    for row in ws.iter_rows(min_row=2):
        k, c = row[0].value, row[1]
        if k == "date":
            c.number_format = "yyyy-mm-dd"
        elif k == "datetime":
            c.number_format = "yyyy-mm-dd hh:mm:ss"
        elif k == "time":
            c.number_format = "hh:mm:ss"
        elif k == "percent":
            c.number_format = "0%"
        elif k == "text number":
            c.data_type = "s"

    wb.create_sheet("empty")

    ws3 = wb.create_sheet("offset")
    # Starts at C4; "Score" spans D4:E4; "Group" spans C4:C5; and a data cell spans two rows.
    ws3["C4"] = "Group"
    ws3["D4"] = "Score"
    ws3["D5"] = "first"
    ws3["E5"] = "second"
    ws3.merge_cells("C4:C5")
    ws3.merge_cells("D4:E4")
    ws3["C6"] = "A"
    ws3["C8"] = "B"
    ws3.merge_cells("C6:C7")
    for r, (a, b) in zip(range(6, 9), [(1, 2), (3, 4), (5, 6)]):
        ws3.cell(row=r, column=4, value=a)
        ws3.cell(row=r, column=5, value=b)
    wb.save(os.path.join(out, "edge-cases.xlsx"))


def write_edge_docx(out):
    d = docx.Document()
    d.core_properties.created = FIXED_TIME
    d.core_properties.modified = FIXED_TIME
    d.add_paragraph("Before the first table.")
    d.add_paragraph("")  # an empty paragraph between text and table

    t = d.add_table(rows=2, cols=2)
    set_cell(t.cell(0, 0), "name")
    set_cell(t.cell(0, 1), "notes")
    set_cell(t.cell(1, 0), "tabs")
    c = t.cell(1, 1)
    p = c.paragraphs[0]
    run = p.add_run("one")
    run.add_tab()
    run.add_text("two")
    run.add_break()
    run.add_text("three")
    c.add_paragraph("second paragraph")
    inner = c.add_table(rows=1, cols=2)  # a nested table: flattened into the cell, with a warning
    set_cell(inner.cell(0, 0), "inner a")
    set_cell(inner.cell(0, 1), "inner b")

    d.add_paragraph("Tabla 2. Resultados por grupo")
    t2 = d.add_table(rows=5, cols=3)
    for j, h in enumerate(["grupo", "medida", "valor"]):
        set_cell(t2.cell(0, j), h)
    g = t2.cell(1, 0).merge(t2.cell(2, 0))  # data cell merged down: continuation gets "A"
    set_cell(g, "A")
    set_cell(t2.cell(3, 0), "B")
    set_cell(t2.cell(4, 0), "C")
    for i, (m, v) in enumerate([("alto", "1,5"), ("bajo", "2"), ("alto", "3")]):
        set_cell(t2.cell(1 + i, 1), m)
        set_cell(t2.cell(1 + i, 2), v)
    w = t2.cell(4, 1).merge(t2.cell(4, 2))  # data cell across two columns
    set_cell(w, "sin datos")
    d.add_paragraph("After the second table.")

    d.add_table(rows=1, cols=2)  # an empty table: skipped with a warning
    d.add_paragraph("The end.")
    d.save(os.path.join(out, "edge-cases.docx"))


def write_shared_strings_xlsx(out):
    """XlsxWriter stores text in xl/sharedStrings.xml (openpyxl writes inline strings), as Excel does."""
    import xlsxwriter

    wb = xlsxwriter.Workbook(os.path.join(out, "shared-strings.xlsx"))
    wb.set_properties({"created": FIXED_TIME})
    ws = wb.add_worksheet("survey")
    bold = wb.add_format({"bold": True})
    date = wb.add_format({"num_format": "dd/mm/yyyy"})
    ws.merge_range("A1:A2", "respondent", bold)
    ws.merge_range("B1:C1", "answer", bold)
    ws.write("B2", "first", bold)
    ws.write("C2", "second", bold)
    ws.write("D1", "when", bold)
    ws.write("D2", "", bold)
    rows = [("r1", "yes", "no", dt.date(2023, 12, 31)), ("r2", "no", "no", dt.date(2024, 1, 1)), ("r3", "yes", "yes", None)]
    for i, (a, b, c, d) in enumerate(rows):
        ws.write_string(2 + i, 0, a)
        ws.write_string(2 + i, 1, b)
        ws.write_string(2 + i, 2, c)
        if d is not None:
            ws.write_datetime(2 + i, 3, dt.datetime.combine(d, dt.time()), date)
    ws.write_rich_string(5, 0, "r4 ", bold, "rich", " text")
    ws.write_number(5, 1, 3.25)
    ws.write_boolean(5, 2, False)
    ws.write_formula(5, 3, "=B6*2", None, 6.5)  # a formula with its cached value
    wb.close()


def write_not_office(out):
    """A valid zip archive that is neither a workbook nor a Word document."""
    import zipfile

    with zipfile.ZipFile(os.path.join(out, "no-document.docx"), "w", zipfile.ZIP_DEFLATED) as z:
        info = zipfile.ZipInfo("notes/readme.txt", date_time=(2024, 1, 1, 0, 0, 0))
        z.writestr(info, "This archive has no word/document.xml.\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vega")
    ap.add_argument("--out")
    ap.add_argument("--edge")
    a = ap.parse_args()
    if a.edge:
        os.makedirs(a.edge, exist_ok=True)
        write_edge_xlsx(a.edge)
        write_edge_docx(a.edge)
        write_shared_strings_xlsx(a.edge)
        write_not_office(a.edge)
        print(f"wrote edge-cases.xlsx, edge-cases.docx, shared-strings.xlsx and no-document.docx in {a.edge}")
        return 0
    if not (a.vega and a.out):
        ap.error("--vega and --out are required (or --edge DIR)")
    os.makedirs(a.out, exist_ok=True)
    write_weather_xlsx(a.vega, a.out)
    write_report_docx(a.vega, a.out)
    print(f"wrote seattle-weather.xlsx and report.docx in {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
