"""L'oaf on paper: the score pad prints the reputation board's bonus table, and a result sheet says who was fired
as the table's page does, instead of ranking them with 0 points."""

from __future__ import annotations

import re

from companion.games.loaf.engine.scoring import REPUTATION_BONUS
from companion.history import plays as plays

from ..test_history import T0, home, loaf_angry, log
from .test_printing import pdf_pages, squeezed, text_of


def test_the_pad_prints_the_boards_bonus_table_beside_the_reputation_row(client):
    response = client.get("/print/loaf/score-pad.pdf", query_string={"players": ["Ann", "Bob"]})
    (page,) = pdf_pages(response.data)
    text = squeezed(text_of(page))
    bands = "".join(f"{low}to{high}" if low != high else f"{low}" for low, high, _ in reversed(REPUTATION_BONUS))
    points = "".join(str(points) for _, _, points in reversed(REPUTATION_BONUS))
    assert f"Reputation{bands}0orbelowBoardbonus{points}none" in text
    assert bands == "1to34to67to910" and points == "2345"
    assert "Reputation>0" in text and "Bonuspoints" in text


def test_a_result_sheet_says_fired_where_the_page_does(app, client):
    store = app.extensions["store"]
    game, setup, entries = loaf_angry()
    (row,) = plays.restore(store, home(store), [(game, setup, T0, log(entries, T0))])
    page = client.get(f"/v/{row.viewer_token}").get_data(as_text=True)
    assert re.search(r'data-player="Ann">—<', page) and "fired" in page
    text = " ".join(text_of(p) for p in pdf_pages(client.get(f"/v/{row.viewer_token}/results.pdf").data))
    assert "Winner: Bob" in text
    assert "1 B Bob ★ 36" in text  # B: the dot of his colour
    assert "— A Ann fired by the Angry Boss —" in text
    assert "2 Ann" not in text
    assert "Ann · fired by the Angry Boss" in text
    assert "Bob · 36" in text


def test_a_result_sheet_prints_the_boards_bonus_table_behind_its_reputation_lines(app, client):
    store = app.extensions["store"]
    game, setup, entries = loaf_angry()
    (row,) = plays.restore(store, home(store), [(game, setup, T0, log(entries, T0))])
    text = squeezed(" ".join(text_of(p) for p in pdf_pages(client.get(f"/v/{row.viewer_token}/results.pdf").data)))
    assert "Reputation1to34to67to9100orbelowBoardbonus2345none" in text
