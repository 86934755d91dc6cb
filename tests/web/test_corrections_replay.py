"""An early correction that makes a later entry invalid is saved; the table page names that entry with what to fix
and offers to correct it (its form shows the problem at its field) or undo it; the table API reports it too. An
Orléans debt with nothing left to give up is dropped with no entry; a Next Station line refused because of the
bonuses entered before it names that bonus entry."""

from __future__ import annotations

import html as markup
import re

import pytest

from .pages import enter_line, post_entry, version
from .pages import start as nsp_table
from .test_orleans_table import ANA, JO, holdings, start, torture
from .test_orleans_table import text as tagless

SHORT_BY_FIVE = {**JO, "coins": 0}  # Jo, corrected: no coin to pay the 5 the Harvest asks, so 5 items are owed


def text(page: str) -> str:
    """What a person reads, entities as the characters they show."""
    return markup.unescape(tagless(page))


def correct(client, table, seq, **fields):
    data = {"version": version(client, table), "entry_id": f"fix-{seq}-{version(client, table)}", **fields}
    return client.post(f"{table}/entries/{seq}/edit", data=data)


@pytest.fixture
def short_table(client):
    """Jo and Ana after a Harvest in phase B: Jo is 2 coins short."""
    table = start(client, "Jo", "Ana")
    holdings(client, table, "Jo", **JO)
    holdings(client, table, "Ana", **ANA)
    assert post_entry(client, table, "event", event="harvest", phase="B").status_code == 303
    return table


def settled(client, table):
    """Jo settles the 2 items the Harvest left: a wool and a development step (entry #4)."""
    assert torture(client, table, "Jo", goods_wool=1, development=1).status_code == 303


def test_an_early_holdings_correction_is_saved_and_the_table_names_the_torture_to_fix(client, short_table):
    settled(client, short_table)
    assert correct(client, short_table, 1, player="Jo", **SHORT_BY_FIVE).status_code == 303
    html = client.get(short_table).get_data(as_text=True)
    said = text(html)
    assert "Entry #4 no longer fits" in said
    assert "Entry #1 was corrected, and this later torture entry by Someone no longer fits" in said
    assert "To fix: give up exactly 5 items" in said
    assert f'href="{short_table}/entries/4/edit">Correct entry #4<' in html
    assert "Undo entry #4" in html
    assert "Jo is 5 coins short" in said  # the table as it stands before the entry to fix


def test_the_named_entry_s_form_shows_what_to_fix_and_its_correction_mends_the_table(client, short_table):
    settled(client, short_table)
    correct(client, short_table, 1, player="Jo", **SHORT_BY_FIVE)
    form = client.get(f"{short_table}/entries/4/edit").get_data(as_text=True)
    assert 'class="error"' in form and "give up exactly 5 items" in form
    still_two = correct(client, short_table, 4, player="Jo", goods_wool=1, development=1)
    assert still_two.status_code == 422
    assert "give up exactly 5 items" in still_two.get_data(as_text=True)
    five = {"goods_wool": 2, "trading_station": 1, "development": 2}
    assert correct(client, short_table, 4, player="Jo", **five).status_code == 303
    said = text(client.get(short_table).get_data(as_text=True))
    assert "no longer fits" not in said and "coins short" not in said


def test_the_torture_card_sent_again_corrects_the_named_entry(client, app, short_table):
    settled(client, short_table)
    correct(client, short_table, 1, player="Jo", **SHORT_BY_FIVE)
    assert "Give up <strong>5</strong> items" in client.get(short_table).get_data(as_text=True)
    assert post_entry(client, short_table, "end").status_code == 422  # any other entry waits for the fix
    assert torture(client, short_table, "Jo", goods_wool=2).status_code == 422  # still not 5: refused, located
    assert torture(client, short_table, "Jo", goods_wool=2, trading_station=1, development=2).status_code == 303
    said = text(client.get(short_table).get_data(as_text=True))
    assert "no longer fits" not in said and "coins short" not in said
    store = app.extensions["store"]
    last = store.entries(store.by_token(short_table.rsplit("/", 1)[1]).id)[-1]
    assert (last.kind, last.payload["target"]) == ("correct", 4)  # a correction of it, not a second torture


def test_undoing_the_named_entry_mends_the_table_too(client, short_table):
    settled(client, short_table)
    correct(client, short_table, 1, player="Jo", **{**JO, "coins": 5})  # Jo pays the whole Harvest: owes nothing
    html = client.get(short_table).get_data(as_text=True)
    assert "Jo owes nothing: there is no torture to settle" in html
    assert post_entry(client, short_table, "end").status_code == 422  # nothing else is entered until it is mended
    undo = {"target": 4, "version": version(client, short_table), "entry_id": "u4"}
    assert client.post(f"{short_table}/undo", data=undo).status_code == 303
    assert "no longer fits" not in client.get(short_table).get_data(as_text=True)
    assert post_entry(client, short_table, "end").status_code == 303


def test_the_table_api_takes_the_correction_and_reports_the_entry_to_fix(client, short_table):
    settled(client, short_table)
    token = short_table.rsplit("/", 1)[1]
    payload = {"player": "Jo", "coins": 0, "goods": {"cheese": 1, "wool": 2}, "trading_stations": 2}
    payload |= {"development_level": 2, "development_position": 10, "followers_in_bag": 3, "place_tiles": 1}
    body = {"kind": "correct", "payload": {"target": 1, "payload": payload}, "entry_id": "api-fix", "base_version": 4}
    assert client.post(f"/api/v1/tables/{token}/entries", json=body).status_code == 201
    broken = client.get(f"/api/v1/tables/{token}").get_json()["broken"]
    assert (broken["seq"], broken["kind"], broken["after_correction_of"]) == (4, "torture", 1)
    assert [p["loc"] for p in broken["problems"]] == ["give_up"]
    assert "give up exactly 5 items" in broken["problems"][0]["msg"]


def test_a_debt_with_nothing_left_to_give_up_is_dropped_with_no_entry(client):
    table = start(client, "Jo", "Ana")
    holdings(client, table, "Jo", coins=0, cheese=1)
    holdings(client, table, "Ana", coins=9)
    assert post_entry(client, table, "event", event="harvest", phase="B").status_code == 303  # 1 food missing: 5 coins
    html = client.get(table).get_data(as_text=True)
    assert "data-torture" not in html
    assert "Jo was 5 coins short with nothing left to give up: the debt is dropped." in text(html)
    assert 'href="/rules/orleans#torture"' in html
    client.post(f"{table}/me", data={"who": "Jo"})
    said = client.get(table).get_data(as_text=True)
    assert "Jo\u00a05\u00a0short, nothing to give up: dropped" in said  # the last step's line says so too
    assert post_entry(client, table, "event", event="income", phase="B").status_code == 303  # the game goes on


def test_a_line_refused_because_of_an_earlier_bonus_entry_names_that_entry(client):
    table = nsp_table(client, "Ana")
    for round_no, color in enumerate(("blue", "green", "orange"), start=1):
        assert enter_line(client, table, "Ana", round_no, color, 3, 2, 0).status_code == 303
    assert post_entry(client, table, "bonus", "bonus-Ana", player="Ana", interchanges_4=1).status_code == 303
    refused = enter_line(client, table, "Ana", 4, "purple", 0, 0, 0)
    assert refused.status_code == 422
    said = text(refused.get_data(as_text=True))
    assert "Entry #4: Ana's bonuses, entered already, no longer fit with this line" in said
    assert f'href="{table}/entries/4/edit">Correct entry #4<' in refused.get_data(as_text=True)
    assert "an interchange of 4 lines needs 4 lines with stations" in said
    token = table.rsplit("/", 1)[1]
    line = {"color": "purple", "districts": 0, "max_stations_in_district": 0, "monuments": 0}
    body = {"kind": "line", "payload": {"player": "Ana", "round": 4, "line": line}, "entry_id": "l4", "base_version": 4}
    errors = client.post(f"/api/v1/tables/{token}/entries", json=body).get_json()["errors"]
    assert [e["loc"] for e in errors] == ["entry-4"]  # the bonus entry, not a field of the line sent
    assert re.search(r'data-player="Ana">\d+<', client.get(table).get_data(as_text=True))
