"""CSV a spreadsheet opens safely: every field quoted, no text cell a formula, whichever separator it splits on."""

from __future__ import annotations

import csv
import io
import re

import pytest

from companion.csv_cells import table, text_cell

FORMULA = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"-?\d+")
NASTY = [
    "x;=cmd|' /C calc'!A0;",
    "=SUM(A1)",
    "+1",
    "-2+3",
    "@SUM(1)",
    "\t=1",
    "\r=1",
    "a\n=1",
    "Ann,=1",
    'Ann; "=1"',
    'a;"=HYPERLINK(1)',
    "Ann, -Bob",
]


def cells(text: str, separator: str) -> list[str]:
    """The cells a spreadsheet splitting on `separator` sees: a comma-separated reader, or a plain split at every
    `;` (as a spreadsheet set to `;` reads a comma-separated file), quotes and spaces around each taken off."""
    if separator == ",":
        found = [c for row in csv.reader(io.StringIO(text)) for c in row]
    else:
        found = [c for line in text.splitlines() for c in line.split(separator)]
    return [c.lstrip(' "') for c in found]


def assert_safe(text: str) -> None:
    for separator in (",", ";"):
        for c in cells(text, separator):
            assert not c.startswith(FORMULA) or NUMBER.fullmatch(c), (separator, c)


@pytest.mark.parametrize("name", NASTY)
def test_no_text_field_reads_as_a_formula_with_either_separator(name):
    text = table(("player", "score"), [(name, 3), ("Ben", -3)])
    assert_safe(text)
    assert text_cell(name) != name  # the text itself is changed: quoting alone is not enough


def test_every_field_is_quoted_and_numbers_stay_numbers():
    text = table(("player", "score", "note"), [("Ann", -3, ""), ("Ben", 12, "fired")])
    assert text.splitlines() == ['"player","score","note"', '"Ann","-3",""', '"Ben","12","fired"']
    assert list(csv.reader(io.StringIO(text)))[1] == ["Ann", "-3", ""]


def test_plain_text_is_left_as_it_is():
    for name in ("Ann", "L'oaf", "Ann-Marie", "3 - 2", "Zoë; Ann", "a,b"):
        assert text_cell(name) == name


def test_the_apostrophe_goes_before_each_formula_that_could_start_a_cell():
    assert text_cell("x;=cmd|' /C calc'!A0;") == "x;'=cmd|' /C calc'!A0;"
    assert text_cell("=1,+2; @3") == "'=1,'+2; '@3"
    assert text_cell('a;"=1') == "a;\"'=1"


def test_a_line_break_inside_a_field_starts_a_cell_too():
    assert text_cell("\r=1") == "'\r'=1"
    assert text_cell("a\n-b") == "a\n'-b"
