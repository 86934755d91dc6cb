"""CSV that is safe to open in a spreadsheet: every field quoted, and no text a spreadsheet would run as a formula.

A spreadsheet reads a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula. Quoting
every field does not stop that: Excel and LibreOffice still run a quoted `"=cmd"`, and a spreadsheet set to split on
`;` (German, French, Dutch settings) splits a comma-separated file's fields at every `;` inside them. So in every
text field, a formula character that starts a cell, whether at the field's start or after a `,`, a `;` or a line
break (past any spaces or quotes), gets an apostrophe before it, which makes the cell text. Numbers are written as
numbers: a score of -3 stays -3.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence

FORMULA_START = re.compile(r'(^|[,;\r\n])([ "]*)(?=[=+\-@\t\r])')  # a line break inside a field starts a cell too


def text_cell(text: str) -> str:
    """The text with an apostrophe before every formula character that could start a cell."""
    return FORMULA_START.sub(r"\1\2'", text)


def cell(value: object) -> object:
    return text_cell(value) if isinstance(value, str) else value


def table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """The header and rows as CSV, every field quoted and every text field made safe."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_ALL)
    writer.writerow([text_cell(name) for name in header])
    writer.writerows([cell(value) for value in row] for row in rows)
    return out.getvalue()
