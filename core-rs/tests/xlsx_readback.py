#!/usr/bin/env python3
"""Reads StackSizer's exported workbooks and CSV tables back with tools that
share no code with the writer, and checks them against figures the Rust test
took from the core's evaluation.

    python3 xlsx_readback.py CASES.json

CASES.json (written by core-rs/tests/report.rs) lists workbooks with what
they must contain. For each one:

1. Package: a valid zip whose XML parts all parse, every part has a content
   type, no macros (no vbaProject part, not a macro-enabled workbook), table
   definitions that Excel accepts (unique names, header cells equal to the
   table's column names, in-bounds ranges): the usual causes of Excel's
   "We found a problem with some content" repair prompt.
2. openpyxl, formulas as written: sheet names, frozen header rows, column
   widths, tables with filters, BOM lines with part number and currency,
   extended prices as =IF(E2="","",D2*E2), subtotals and the total as
   SUBTOTAL(109, ...) and no SUMIF, prices per TB/IOPS referring to the Summary; the
   Growth sheet's years equal to the core's, headroom as =D-C and the hosts
   today of each limit crossing referring to the Summary.
3. LibreOffice headless converts the workbook (it must open it) with
   recalculation on load forced, and openpyxl reads the recalculated values:
   no error values anywhere, BOM lines, totals and prices per usable TB and
   per IOPS equal the sums computed here, key figures equal the core's, the
   Growth headroom equals usable - required, and the values cached in the
   original equal LibreOffice's.
4. A buyer's edit: every BOM unit price is set here, LibreOffice recalculates,
   and extended prices, totals, prices per TB/IOPS (and, in a comparison,
   the Comparison sheet) follow.
5. CSV tables: UTF-8 with BOM, CRLF, RFC 4180 parse, rectangular, numbers
   at the precision the workbook shows (no float tails, no -0), no text
   cell a spreadsheet would run as a formula, and the BOM (with its total)
   and Growth tables equal to the core's figures at that precision.
6. A row inserted by LibreOffice itself (a Basic macro: insert, fill,
   recalculate, save) between the first two lines of each BOM table: the
   total and the first cluster's subtotal grow by the new line.

Exit 0 when every check passes; 1 with one line per failure otherwise;
2 when a tool is missing (named in the message).
"""

import csv
import io
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from xml.etree import ElementTree

try:
    import openpyxl
    from openpyxl.utils import get_column_letter, range_boundaries
except ImportError:
    print("missing tool: Python package openpyxl (pip install openpyxl)", file=sys.stderr)
    sys.exit(2)

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
ERROR_VALUES = ("#DIV/0!", "#REF!", "#NAME?", "#VALUE!", "#N/A", "#NUM!", "#NULL!", "Err:")
MAIN_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
NS = {
    "ct": "http://schemas.openxmlformats.org/package/2006/content-types",
    "s": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
}

# LibreOffice keeps the cached values of a workbook that says Excel wrote it;
# this profile setting makes it recalculate every formula on load instead.
RECALC_PROFILE = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
           xmlns:xs="http://www.w3.org/2001/XMLSchema"
           xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load">
  <prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop>
</item>
</oor:items>
"""


class Checker:
    def __init__(self):
        self.failures = []
        self.checks = 0

    def check(self, ok, message):
        self.checks += 1
        if not ok:
            self.failures.append(message)
        return ok


def close(a, b, rel=1e-9, abs_tol=1e-6):
    try:
        return math.isclose(float(a), float(b), rel_tol=rel, abs_tol=abs_tol)
    except (TypeError, ValueError):
        return False


def shown(text, value, decimals):
    """A CSV number as the workbook shows it: exactly `decimals` decimals
    (no float tail, no -0) and within half a unit of the last one."""
    pattern = r"-?\d+" + (r"\.\d{%d}" % decimals if decimals else "")
    if not re.fullmatch(pattern, text) or re.fullmatch(r"-0(\.0*)?", text):
        return False
    return abs(float(text) - value) <= 0.5 * 10 ** -decimals + 1e-9


def number(v):
    """A cell value as a number; blank reads as 0, as in a formula."""
    if v is None or v == "":
        return 0.0
    return float(v)


# 1. Package -----------------------------------------------------------------

def check_package(c, path, name):
    with zipfile.ZipFile(path) as z:
        c.check(z.testzip() is None, f"{name}: corrupt zip member")
        parts = z.namelist()
        c.check(not any("vbaProject" in p for p in parts), f"{name}: contains a macro part")
        types = ElementTree.fromstring(z.read("[Content_Types].xml"))
        defaults = {d.get("Extension").lower() for d in types.findall("ct:Default", NS)}
        overrides = {o.get("PartName"): o.get("ContentType") for o in types.findall("ct:Override", NS)}
        c.check(overrides.get("/xl/workbook.xml") == MAIN_CONTENT_TYPE,
                f"{name}: workbook content type is {overrides.get('/xl/workbook.xml')}")
        for p in parts:
            if p.endswith("/"):
                continue
            if p.endswith((".xml", ".rels")):
                try:
                    ElementTree.fromstring(z.read(p))
                except ElementTree.ParseError as e:
                    c.check(False, f"{name}: {p} is not well-formed XML: {e}")
            ext = p.rsplit(".", 1)[-1].lower()
            c.check("/" + p in overrides or ext in defaults, f"{name}: {p} has no content type")
        table_names = []
        for p in parts:
            if p.startswith("xl/tables/") and p.endswith(".xml"):
                t = ElementTree.fromstring(z.read(p))
                table_names.append(t.get("name").lower())
                min_col, min_row, max_col, max_row = range_boundaries(t.get("ref"))
                cols = t.findall("s:tableColumns/s:tableColumn", NS)
                c.check(len(cols) == max_col - min_col + 1,
                        f"{name}: {p} has {len(cols)} columns for ref {t.get('ref')}")
                c.check(t.find("s:autoFilter", NS) is not None, f"{name}: {p} has no filter")
        c.check(len(table_names) == len(set(table_names)), f"{name}: duplicate table names")


# 2. Formulas as written -----------------------------------------------------

def find_row(ws, label, col=1, start=1):
    for r in range(start, ws.max_row + 1):
        if ws.cell(r, col).value == label:
            return r
    return None


def check_structure(c, wb, case):
    name = case["name"]
    c.check(wb.sheetnames == case["sheets"], f"{name}: sheets {wb.sheetnames} != {case['sheets']}")
    for ws in wb.worksheets:
        c.check(len(ws.title) <= 31, f"{name}: sheet name too long: {ws.title}")
        c.check(ws.freeze_panes is not None, f"{name}/{ws.title}: no frozen rows")
        widths = [ws.column_dimensions[get_column_letter(i)].width for i in range(1, ws.max_column + 1)]
        c.check(all(w and w >= 6 for w in widths), f"{name}/{ws.title}: column without a width")
        spans = []
        for t in ws.tables.values():
            min_col, min_row, max_col, max_row = range_boundaries(t.ref)
            headers = [ws.cell(min_row, col).value for col in range(min_col, max_col + 1)]
            names = [tc.name for tc in t.tableColumns]
            c.check(headers == names, f"{name}/{ws.title}: table {t.displayName} headers {headers} != {names}")
            c.check(max_row > min_row, f"{name}/{ws.title}: table {t.displayName} has no data row")
            for other in spans:
                overlap = not (max_row < other[1] or min_row > other[3] or max_col < other[0] or min_col > other[2])
                c.check(not overlap, f"{name}/{ws.title}: tables overlap at {t.ref}")
            spans.append((min_col, min_row, max_col, max_row))
    for bom in case["boms"]:
        check_bom_formulas(c, wb, case, bom)
    for growth in case.get("growths", []):
        check_growth_formulas(c, wb, case, growth)


def bom_layout(ws):
    """Rows of the BOM lines (a quantity in column D) and of the labelled
    rows (subtotals, the total, prices per TB/IOPS), found by reading."""
    assert ws.cell(1, 2).value == "Part" and str(ws.cell(1, 6).value).startswith("Extended price")
    lines, totals = [], {}
    for r in range(2, ws.max_row + 1):
        quantity, label = ws.cell(r, 4).value, ws.cell(r, 1).value
        if isinstance(quantity, (int, float)) and not isinstance(quantity, bool):
            lines.append(r)
        elif isinstance(label, str):
            # A recalculated price with nothing to divide by reads as blank;
            # the notes below the totals are harmless here.
            totals[label] = r
    return lines, totals


def check_bom_formulas(c, wb, case, bom):
    name = f"{case['name']}/{bom['sheet']}"
    ws = wb[bom["sheet"]]
    lines, totals = bom_layout(ws)
    c.check(len(lines) == len(bom["lines"]), f"{name}: {len(lines)} lines, expected {len(bom['lines'])}")
    for r, line in zip(lines, bom["lines"]):
        extended = f'=IF(E{r}="","",D{r}*E{r})'
        c.check(ws.cell(r, 6).value == extended, f"{name}: F{r} is {ws.cell(r, 6).value!r}, not {extended}")
        for col, key in ((1, "part_number"), (2, "part"), (4, "quantity"), (5, "unit_price"), (8, "cluster")):
            got = ws.cell(r, col).value
            c.check(got == line[key] or (got is None and line[key] in ("", None)),
                    f"{name}: row {r} column {col} {got!r} != {line[key]!r}")
        c.check(ws.cell(r, 7).value == bom["currency"], f"{name}: G{r} {ws.cell(r, 7).value!r} != {bom['currency']}")
    for label in ("Total", "Price per usable TB", "Price per deliverable front-end IOPS", "Lines without a unit price"):
        c.check(label in totals, f"{name}: no {label!r} row")
    if "Total" in totals:
        f = ws.cell(totals["Total"], 6).value
        c.check(isinstance(f, str) and f.startswith("=SUBTOTAL(109,"), f"{name}: Total is {f!r}, not a SUBTOTAL")
    for label in ("Price per usable TB", "Price per deliverable front-end IOPS"):
        if label in totals:
            f = ws.cell(totals[label], 6).value
            c.check(isinstance(f, str) and f"'{bom['summary_sheet']}'!" in f,
                    f"{name}: {label} is {f!r}, not a formula on {bom['summary_sheet']}")
    for cluster in bom["clusters"] if len(bom["clusters"]) > 1 else []:
        row = totals.get(f"Subtotal: {cluster}")
        c.check(row is not None and str(ws.cell(row, 6).value).startswith("=SUBTOTAL(109,"),
                f"{name}: no SUBTOTAL subtotal for {cluster}")
    for row in ws.iter_rows():
        for cell in row:
            c.check(not (isinstance(cell.value, str) and "SUMIF" in cell.value),
                    f"{name}!{cell.coordinate}: SUMIF on user text")


def growth_layout(ws):
    """Rows of the year-by-year table and of the limit crossings: the rows
    under each header with a number where the year is (notes have none)."""
    years, crossings = [], []
    header = None
    for r in range(1, ws.max_row + 1):
        a, b = ws.cell(r, 1).value, ws.cell(r, 2).value
        if a == "Cluster":
            header = b
        elif a in (None, ""):
            header = None
        elif header == "Year" and isinstance(b, (int, float)):
            years.append(r)
        elif header == "Limit" and isinstance(ws.cell(r, 3).value, (int, float)):
            crossings.append(r)
    return years, crossings


def optional_close(got, expected):
    if expected is None:
        return got in (None, "")
    return close(got, expected)


def check_growth_formulas(c, wb, case, growth):
    name = f"{case['name']}/{growth['sheet']}"
    if not c.check(growth["sheet"] in wb.sheetnames, f"{name}: no sheet"):
        return
    ws = wb[growth["sheet"]]
    years, crossings = growth_layout(ws)
    c.check(len(years) == len(growth["rows"]), f"{name}: {len(years)} years, expected {len(growth['rows'])}")
    for r, y in zip(years, growth["rows"]):
        got = [ws.cell(r, col).value for col in range(1, 10)]
        c.check(got[0] == y["cluster"] and got[1] == y["year"], f"{name}: row {r} is {got[:2]}, expected {y['cluster']} year {y['year']}")
        c.check(close(got[2], y["required_tb"]) and close(got[3], y["usable_tb"]),
                f"{name}: row {r} capacity {got[2:4]} != {y['required_tb']}, {y['usable_tb']}")
        c.check(got[4] == f"=D{r}-C{r}", f"{name}: E{r} is {got[4]!r}, not =D{r}-C{r}")
        c.check(close(got[5], y["front_end_iops"]), f"{name}: F{r} {got[5]} != {y['front_end_iops']}")
        for col, key in ((6, "iops_limit"), (7, "cpu_pct"), (8, "ram_pct")):
            c.check(optional_close(got[col], y[key]), f"{name}: row {r} {key} {got[col]} != {y[key]}")
    for r in crossings:
        f = ws.cell(r, 4).value
        c.check(isinstance(f, str) and f.startswith(f"='{growth['summary_sheet']}'!"),
                f"{name}: D{r} is {f!r}, not a reference to {growth['summary_sheet']}")


def check_growth_values(c, name, wb, growth):
    ws = wb[growth["sheet"]]
    years, _ = growth_layout(ws)
    for r, y in zip(years, growth["rows"]):
        want = y["usable_tb"] - y["required_tb"]
        c.check(close(ws.cell(r, 5).value, want), f"{name}/{growth['sheet']}: E{r} {ws.cell(r, 5).value} != {want}")


# 3. LibreOffice recalculation -----------------------------------------------

def libreoffice_recalc(files, out_dir):
    """Converts every workbook to xlsx in out_dir with forced recalculation."""
    profile = tempfile.mkdtemp(prefix="lo-profile-")
    try:
        os.makedirs(os.path.join(profile, "user"))
        with open(os.path.join(profile, "user", "registrymodifications.xcu"), "w") as f:
            f.write(RECALC_PROFILE)
        cmd = [SOFFICE, "--headless", "--norestore", "--nologo",
               f"-env:UserInstallation=file://{profile}",
               "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", out_dir] + files
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        return run
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def summary_columns(ws, clusters):
    header = find_row(ws, "Figure")
    cols = {ws.cell(header, col).value: col for col in range(1, ws.max_column + 1)}
    return header, [cols.get(label) for label in clusters], cols.get("Total")


def figure_row(ws, header, label, unit):
    for r in range(header + 1, ws.max_row + 1):
        if ws.cell(r, 1).value == label and ws.cell(r, 2).value == unit:
            return r
    return None


def check_values(c, case, recalculated, original, bom_prices=None, tag="recalculated"):
    """Checks LibreOffice's values. bom_prices overrides the expected unit
    prices (after a buyer's edit)."""
    name = f"{case['name']} ({tag})"
    for ws in recalculated.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str) and cell.value.startswith(ERROR_VALUES):
                    c.check(False, f"{name}/{ws.title}!{cell.coordinate}: error value {cell.value}")
    for s in case["summaries"]:
        ws = recalculated[s["sheet"]]
        header, cols, total_col = summary_columns(ws, s["clusters"])
        c.check(None not in cols, f"{name}/{s['sheet']}: cluster columns {s['clusters']} not found")
        for fig in s["figures"]:
            r = figure_row(ws, header, fig["label"], fig["unit"])
            if not c.check(r is not None, f"{name}/{s['sheet']}: no row {fig['label']} ({fig['unit']})"):
                continue
            for col, expected in zip(cols, fig["values"]):
                got = ws.cell(r, col).value
                if expected is None:
                    c.check(got in (None, ""), f"{name}/{s['sheet']}: {fig['label']} is {got}, expected blank")
                else:
                    c.check(close(got, expected, rel=1e-9),
                            f"{name}/{s['sheet']}: {fig['label']} ({fig['unit']}) {got} != {expected}")
            if total_col and fig.get("additive"):
                got = ws.cell(r, total_col).value
                want = sum(v for v in fig["values"] if v is not None)
                c.check(close(got, want), f"{name}/{s['sheet']}: total {fig['label']} {got} != {want}")
    for growth in case.get("growths", []):
        check_growth_values(c, name, recalculated, growth)
    totals_by_sheet = {}
    for bom in case["boms"]:
        totals_by_sheet[bom["sheet"]] = check_bom_values(c, name, recalculated, bom, bom_prices)
    if "comparison" in case:
        check_comparison(c, name, recalculated, case, totals_by_sheet)
    if original is not None:
        check_cached(c, name, recalculated, original)


def check_bom_values(c, name, wb, bom, bom_prices):
    ws = wb[bom["sheet"]]
    lines, totals = bom_layout(ws)
    prices = bom_prices[bom["sheet"]] if bom_prices else [l["unit_price"] for l in bom["lines"]]
    total = 0.0
    per_cluster = {}
    for r, line, price in zip(lines, bom["lines"], prices):
        extended = line["quantity"] * (price or 0.0)
        total += extended
        per_cluster[line["cluster"]] = per_cluster.get(line["cluster"], 0.0) + extended
        got = ws.cell(r, 6).value
        c.check(got in (None, "") if price is None else close(got, extended),
                f"{name}/{bom['sheet']}: F{r} = {got}, expected {extended}")
    got = lambda label: ws.cell(totals[label], 6).value if label in totals else "missing"
    c.check(close(got("Total"), total), f"{name}/{bom['sheet']}: Total {got('Total')} != {total}")
    for label, key in (("Price per usable TB", "usable_tb"), ("Price per deliverable front-end IOPS", "deliverable_iops")):
        den = sum(v for v in bom[key] if v is not None)
        if den > 0:
            c.check(close(got(label), total / den), f"{name}/{bom['sheet']}: {label} {got(label)} != {total / den}")
        else:
            c.check(got(label) in (None, ""), f"{name}/{bom['sheet']}: {label} {got(label)} with nothing to divide by")
    unpriced = sum(1 for p in prices if p is None)
    c.check(close(got("Lines without a unit price"), unpriced),
            f"{name}/{bom['sheet']}: unpriced lines {got('Lines without a unit price')} != {unpriced}")
    if len(bom["clusters"]) > 1:
        for i, cluster in enumerate(bom["clusters"]):
            sub = per_cluster.get(cluster, 0.0)
            label = f"Subtotal: {cluster}"
            c.check(close(got(label), sub), f"{name}/{bom['sheet']}: {label} {got(label)} != {sub}")
            usable = bom["usable_tb"][i]
            label = f"Price per usable TB: {cluster}"
            if usable > 0:
                c.check(close(got(label), sub / usable), f"{name}/{bom['sheet']}: {label} {got(label)} != {sub / usable}")
    return total


def check_comparison(c, name, wb, case, totals_by_sheet):
    comp = case["comparison"]
    ws = wb[comp["sheet"]]
    header = find_row(ws, "Figure")
    cols = {ws.cell(header, col).value: col for col in range(1, ws.max_column + 1)}
    r = find_row(ws, "BOM total", start=header)
    if not c.check(r is not None, f"{name}/{comp['sheet']}: no BOM total row"):
        return
    for v in comp["variants"]:
        col = cols.get(v["label"])
        if not c.check(col is not None, f"{name}/{comp['sheet']}: no column {v['label']}"):
            continue
        want = totals_by_sheet[v["bom_sheet"]]
        got = ws.cell(r, col).value
        c.check(close(got, want), f"{name}/{comp['sheet']}: BOM total of {v['label']} {got} != {want}")
        usable_row = figure_row(ws, header, "Usable for protected data", "TB")
        got = ws.cell(usable_row, col).value if usable_row else None
        c.check(close(got, v["usable_tb"]), f"{name}/{comp['sheet']}: usable TB of {v['label']} {got} != {v['usable_tb']}")


def check_cached(c, name, recalculated, original):
    """The values the writer cached must be what LibreOffice computes."""
    for ws in original.worksheets:
        other = recalculated[ws.title]
        for row in ws.iter_rows():
            for cell in row:
                mine = cell.value
                theirs = other[cell.coordinate].value
                if isinstance(mine, (int, float)) and not isinstance(mine, bool):
                    c.check(close(mine, theirs), f"{name}/{ws.title}!{cell.coordinate}: cached {mine} != {theirs}")
                elif mine not in (None, ""):
                    c.check(mine == theirs, f"{name}/{ws.title}!{cell.coordinate}: cached {mine!r} != {theirs!r}")


# 4. A buyer's edit ----------------------------------------------------------

def buyer_prices(case):
    """New unit prices for every BOM line: distinct, so a wrong row shows."""
    return {bom["sheet"]: [100.0 * (i + 1) + 0.25 for i in range(len(bom["lines"]))] for bom in case["boms"]}


def write_buyer_edit(case, src, dst):
    wb = openpyxl.load_workbook(src)
    for sheet, prices in buyer_prices(case).items():
        ws = wb[sheet]
        lines, _ = bom_layout(ws)
        for r, p in zip(lines, prices):
            ws.cell(r, 5).value = p
    wb.save(dst)


# 5. CSV ---------------------------------------------------------------------

def check_csv(c, case, workbook):
    name = case["name"]
    directory = case["csv_dir"]
    files = sorted(os.listdir(directory))
    c.check(len(files) >= len(workbook.sheetnames), f"{name}: only {len(files)} CSV files")
    for f in files:
        raw = open(os.path.join(directory, f), "rb").read()
        c.check(raw.startswith(b"\xef\xbb\xbf"), f"{name}/{f}: no UTF-8 byte order mark")
        text = raw.decode("utf-8-sig")
        c.check(text.endswith("\r\n"), f"{name}/{f}: records do not end in CRLF")
        rows = list(csv.reader(io.StringIO(text, newline=""), strict=True))
        c.check(len(rows) >= 2, f"{name}/{f}: no data row")
        c.check(all(len(r) == len(rows[0]) for r in rows), f"{name}/{f}: ragged rows")
        for cell in (cell for r in rows for cell in r):
            c.check(not re.fullmatch(r"-?\d+\.\d{3,}", cell), f"{name}/{f}: float tail {cell!r}")
            c.check(not re.fullmatch(r"-0(\.0*)?", cell), f"{name}/{f}: minus zero {cell!r}")
            c.check(not re.match(r"[=+@\t\r]|-(?!\d+(\.\d+)?$)", cell), f"{name}/{f}: formula-like text {cell!r}")
    bom_csv = os.path.join(directory, case["bom_csv"])
    if not c.check(os.path.exists(bom_csv), f"{name}: no {case['bom_csv']}"):
        return
    rows = list(csv.reader(io.StringIO(open(bom_csv, encoding="utf-8-sig").read(), newline="")))
    bom = case["boms"][0]
    cur = bom["currency"]
    c.check(rows[0] == ["Part number", "Part", "Description", "Quantity", f"Unit price ({cur})",
                        f"Extended price ({cur})", "Currency", "Cluster"],
            f"{name}/{case['bom_csv']}: header {rows[0]}")
    line_rows = [r for r in rows[1:] if r[3] != ""]
    c.check(len(line_rows) == len(bom["lines"]), f"{name}/{case['bom_csv']}: {len(line_rows)} lines")
    total = 0.0
    for row, line in zip(line_rows, bom["lines"]):
        price = line["unit_price"]
        c.check(row[0] == line["part_number"] and row[1] == line["part"] and shown(row[3], line["quantity"], 0)
                and row[6] == cur, f"{name}/{case['bom_csv']}: {row}")
        c.check((row[4] == "") if price is None else shown(row[4], price, 2), f"{name}/{case['bom_csv']}: price {row}")
        c.check((row[5] == "") if price is None else shown(row[5], line["quantity"] * price, 2),
                f"{name}/{case['bom_csv']}: extended {row}")
        total += line["quantity"] * (price or 0.0)
    totals = [r for r in rows[1:] if r[0] == "Total"]
    c.check(len(totals) == 1 and shown(totals[0][5], total, 2), f"{name}/{case['bom_csv']}: total {totals} != {total}")
    if case.get("growth_csv"):
        check_growth_csv(c, case)


def check_growth_csv(c, case):
    name = f"{case['name']}/{case['growth_csv']}"
    path = os.path.join(case["csv_dir"], case["growth_csv"])
    growth = case["growths"][0]
    if not growth["rows"]:
        c.check(not os.path.exists(path), f"{name}: a table without a cluster that grows")
        return
    if not c.check(os.path.exists(path), f"{name}: missing"):
        return
    rows = list(csv.reader(io.StringIO(open(path, encoding="utf-8-sig").read(), newline="")))
    c.check(rows[0][:4] == ["Cluster", "Year", "Capacity required (TB)", "Usable (TB)"], f"{name}: header {rows[0]}")
    c.check(len(rows) - 1 == len(growth["rows"]), f"{name}: {len(rows) - 1} years, expected {len(growth['rows'])}")
    for row, y in zip(rows[1:], growth["rows"]):
        ok = (row[0] == y["cluster"] and shown(row[1], y["year"], 0) and shown(row[2], y["required_tb"], 2)
              and shown(row[3], y["usable_tb"], 2) and shown(row[4], y["usable_tb"] - y["required_tb"], 2)
              and shown(row[5], y["front_end_iops"], 0))
        for col, key, decimals in ((6, "iops_limit", 0), (7, "cpu_pct", 1), (8, "ram_pct", 1)):
            ok = ok and (row[col] == "" if y[key] is None else shown(row[col], y[key], decimals))
        c.check(ok, f"{name}: {row} != {y}")



# 6. A row inserted inside the BOM table -------------------------------------

# LibreOffice Basic, run by LibreOffice itself: for each "src|dst|sheet|row"
# line of the job file, open src, insert a row before `row` (1-based), give
# it quantity 2 at 100.00 and =D*E, recalculate and save as dst. The office
# moves every reference, as it does for a user inserting a row.
INSERT_MACRO = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">
<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1" script:language="StarBasic">
Sub InsertRows(jobs As String)
  Dim n As Integer, line As String, f() As String
  n = FreeFile
  Open jobs For Input As #n
  Do While Not EOF(n)
    Line Input #n, line
    f = Split(line, &quot;|&quot;)
    InsertRow(f(0), f(1), f(2), CLng(f(3)))
  Loop
  Close #n
  StarDesktop.terminate()
End Sub

Sub InsertRow(src As String, dst As String, sheetName As String, rowNum As Long)
  Dim args(0) As New com.sun.star.beans.PropertyValue
  args(0).Name = &quot;Hidden&quot;
  args(0).Value = True
  doc = StarDesktop.loadComponentFromURL(ConvertToURL(src), &quot;_blank&quot;, 0, args())
  sheet = doc.Sheets.getByName(sheetName)
  sheet.Rows.insertByIndex(rowNum - 1, 1)
  sheet.getCellByPosition(3, rowNum - 1).setValue(2)
  sheet.getCellByPosition(4, rowNum - 1).setValue(100)
  sheet.getCellByPosition(5, rowNum - 1).setFormula(&quot;=D&quot; &amp; rowNum &amp; &quot;*E&quot; &amp; rowNum)
  doc.calculateAll()
  Dim out(0) As New com.sun.star.beans.PropertyValue
  out(0).Name = &quot;FilterName&quot;
  out(0).Value = &quot;Calc MS Excel 2007 XML&quot;
  doc.storeToURL(ConvertToURL(dst), out())
  doc.close(True)
End Sub
</script:module>
"""
INSERTED = 2 * 100.0


def insert_rows(c, cases, work):
    """Inserts a priced row between the first two lines of each workbook's
    first BOM; the total (and the first cluster's subtotal) must grow by it."""
    profile = os.path.join(work, "insert-profile")
    env = f"-env:UserInstallation=file://{profile}"
    subprocess.run([SOFFICE, env, "--headless", "--norestore", "--terminate_after_init"],
                   capture_output=True, timeout=300)
    module = os.path.join(profile, "user", "basic", "Standard", "Module1.xba")
    if not c.check(os.path.exists(module), "LibreOffice made no profile with a Basic library"):
        return
    with open(module, "w") as f:
        f.write(INSERT_MACRO)
    jobs, expected = [], []
    for i, case in enumerate(cases):
        bom = case["boms"][0]
        dst = os.path.join(work, f"inserted-{i}.xlsx")
        jobs.append(f"{case['xlsx']}|{dst}|{bom['sheet']}|3")
        expected.append((case, bom, dst))
    job_file = os.path.join(work, "insert-jobs.txt")
    with open(job_file, "w") as f:
        f.write("\n".join(jobs) + "\n")
    macro = f'macro:///Standard.Module1.InsertRows("{job_file}")'
    run = subprocess.run([SOFFICE, env, "--headless", "--norestore", macro],
                         capture_output=True, text=True, timeout=900)
    c.check(run.returncode == 0, f"LibreOffice row insertion failed ({run.returncode}): {run.stderr.strip()}")
    for case, bom, dst in expected:
        name = f"{case['name']}/{bom['sheet']} (row inserted)"
        if not c.check(os.path.exists(dst), f"{name}: not written"):
            continue
        ws = openpyxl.load_workbook(dst, data_only=True)[bom["sheet"]]
        lines, totals = bom_layout(ws)
        c.check(len(lines) == len(bom["lines"]) + 1, f"{name}: {len(lines)} lines")
        total = sum(l["quantity"] * (l["unit_price"] or 0.0) for l in bom["lines"]) + INSERTED
        got = ws.cell(totals["Total"], 6).value if "Total" in totals else None
        c.check(close(got, total), f"{name}: Total {got} != {total}")
        if len(bom["clusters"]) > 1:
            first = bom["clusters"][0]
            lines_of_first = (l for l in bom["lines"] if l["cluster"] == first)
            sub = sum(l["quantity"] * (l["unit_price"] or 0.0) for l in lines_of_first) + INSERTED
            label = f"Subtotal: {first}"
            got = ws.cell(totals[label], 6).value if label in totals else None
            c.check(close(got, sub), f"{name}: {label} {got} != {sub}")


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    if SOFFICE is None:
        print("missing tool: LibreOffice (soffice); apt-get install -y --no-install-recommends libreoffice-calc",
              file=sys.stderr)
        return 2
    spec = json.load(open(sys.argv[1]))
    c = Checker()
    work = tempfile.mkdtemp(prefix="xlsx-readback-")
    try:
        originals = {}
        edited = []
        for case in spec["cases"]:
            check_package(c, case["xlsx"], case["name"])
            wb = openpyxl.load_workbook(case["xlsx"])
            check_structure(c, wb, case)
            originals[case["name"]] = openpyxl.load_workbook(case["xlsx"], data_only=True)
            if case.get("csv_dir"):
                check_csv(c, case, wb)
            path = os.path.join(work, f"edit-{len(edited)}.xlsx")
            write_buyer_edit(case, case["xlsx"], path)
            edited.append(path)
        out = os.path.join(work, "recalculated")
        files = [case["xlsx"] for case in spec["cases"]] + edited
        run = libreoffice_recalc(files, out)
        c.check(run.returncode == 0, f"LibreOffice failed ({run.returncode}): {run.stderr.strip()}")
        for i, case in enumerate(spec["cases"]):
            converted = os.path.join(out, os.path.basename(case["xlsx"]))
            if not c.check(os.path.exists(converted), f"{case['name']}: LibreOffice did not open and convert it"):
                continue
            check_values(c, case, openpyxl.load_workbook(converted, data_only=True), originals[case["name"]])
            converted = os.path.join(out, f"edit-{i}.xlsx")
            if c.check(os.path.exists(converted), f"{case['name']}: LibreOffice did not convert the edited copy"):
                check_values(c, case, openpyxl.load_workbook(converted, data_only=True), None,
                             bom_prices=buyer_prices(case), tag="buyer edit")
        insert_rows(c, spec["cases"], work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for f in c.failures[:200]:
        print("FAIL", f)
    print(f"{c.checks} checks, {len(c.failures)} failures in {len(spec['cases'])} workbooks")
    return 1 if c.failures else 0


if __name__ == "__main__":
    sys.exit(main())
