"""The group's plays.csv opens safely in a spreadsheet, whichever separator it splits on, and says its charset once."""

from __future__ import annotations

from tests.test_csv_cells import assert_safe

from ..test_history import nsp
from .test_history_pages import add, history_of

NAMES = ("x;=cmd|' /C calc'!A0;", "@SUM(1,+2)")


def test_the_plays_csv_holds_no_formula_with_either_separator(app, client):
    add(app, lambda: nsp({NAMES[0]: (3, 2, 1), NAMES[1]: (2, 2, 0)}))
    response = client.get(f"{history_of(app)}/plays.csv")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    text = response.data.decode("utf-8-sig")
    assert_safe(text)
    assert "\"x;'=cmd|' /C calc'!A0;\"" in text and "\"'@SUM(1,'+2)\"" in text
    assert all(line.startswith('"') and line.endswith('"') for line in text.splitlines())
