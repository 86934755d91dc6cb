"""A new table's page shows its join code and QR code first, before the game's step, until a second phone says who
it is there or the first entry is in; then they are folded in the share panel lower down. The QR code holds the
join code while it works, so a phone that scans it joins as one that types it."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
import segno
from sqlalchemy import update

from companion.specs import GAMES
from companion.storage.store import tables

from .pages import enter_line, start

FIRST = 'class="card share share-first"'


def row_of(app, table: str):
    return app.extensions["store"].by_token(table.rsplit("/", 1)[1])


def order(html: str, *marks: str) -> list[int]:
    return [html.index(mark) for mark in marks]


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_new_tables_code_and_qr_come_before_the_game(app, client, slug):
    game = GAMES[slug]
    players = ["Ann", "Ben", "Cy", "Dee", "Eve"][: max(game.min_players, 2)]
    table = start(client, *players, game=slug)
    code = row_of(app, table).code
    html = client.get(table).get_data(as_text=True)
    first, live, share = order(html, FIRST, 'id="live"', '<details class="card share">')
    assert first < live < share
    head = html[first:live]
    assert f"{code[:3]} {code[3:]}" in head and f'src="{table}/qr.svg?c={code}"' in head
    assert '<details class="card share" open' not in html  # the full panel stays folded below


def test_the_code_folds_away_once_a_second_phone_says_who_it_is(app, client):
    table = start(client, "Ann", "Ben")
    client.post(f"{table}/me", data={"who": "Ann"})
    assert FIRST in client.get(table).get_data(as_text=True)  # one phone alone: still first
    ben = app.test_client()
    ben.get(f"/join?code={row_of(app, table).code}", headers={"Sec-Fetch-Site": "none"})
    asked = ben.get(table).get_data(as_text=True)  # joined, not said who it is yet: asked that before anything
    assert FIRST not in asked and "data-seat-ask" in asked
    ben.post(f"{table}/me", data={"who": "Ben"})
    for phone in (client, ben):
        html = phone.get(table).get_data(as_text=True)
        assert FIRST not in html and '<details class="card share">' in html


def test_the_code_folds_away_once_the_first_entry_is_in(app, client):
    table = start(client, "Ann", "Ben")
    enter_line(client, table, "Ann", 1)
    html = client.get(table).get_data(as_text=True)
    assert FIRST not in html and "Share this table · code" in html


def test_a_watch_page_and_an_expired_code_show_no_code_first(app, client):
    table = start(client, "Ann", "Ben")
    row = row_of(app, table)
    assert FIRST not in client.get(f"/v/{row.viewer_token}").get_data(as_text=True)
    with app.extensions["store"].engine.begin() as conn:
        old = row.created_at - timedelta(hours=13)
        conn.execute(update(tables).where(tables.c.id == row.id).values(created_at=old, updated_at=old))
    assert FIRST not in client.get(table).get_data(as_text=True)


def svg_of(address: str) -> bytes:
    out = io.BytesIO()
    segno.make(address, error="m").save(out, kind="svg", scale=6, border=2)
    return out.getvalue()


def test_the_qr_code_holds_the_join_code_while_it_works_then_the_editor_link(app, client):
    table = start(client, "Ann", "Ben")
    row = row_of(app, table)
    assert client.get(f"{table}/qr.svg").data == svg_of(f"http://localhost/join?code={row.code}")
    with app.extensions["store"].engine.begin() as conn:
        old = row.created_at - timedelta(hours=13)
        conn.execute(update(tables).where(tables.c.id == row.id).values(created_at=old, updated_at=old))
    assert client.get(f"{table}/qr.svg").data == svg_of(f"http://localhost{table}")
