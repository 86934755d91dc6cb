"""A seat change reaches the other phones at their next poll: a phone saying who it is ("Who are you?") is no
entry, so the table's version stays, but what the poll compares (its `v` and its ETag) moves with the seats."""

from __future__ import annotations

import re

from .pages import enter_line, start, version
from .test_seats import ASKED, asked_first, seat_button

LIVE = {"HX-Request": "true"}


def polled(client, table: str) -> tuple[str, str]:
    """What the page's poll says it has seen, and the ETag the fragment came with."""
    html = client.get(table).get_data(as_text=True)
    seen = re.search(r'live\?v=([^"]+)"', html).group(1)
    return seen, client.get(f"{table}/live?v=-1", headers=LIVE).headers["ETag"]


def test_another_phone_taking_a_seat_shows_at_the_next_poll(app):
    ann, ben = app.test_client(), app.test_client()
    table = start(ann, "Ann", "Ben", "Cy", seat="Ann")
    seen, etag = polled(ann, table)
    assert ann.get(f"{table}/live?v={seen}").status_code == 304

    assert ben.post(f"{table}/me", data={"who": "Ben"}).status_code == 303

    for answer in (
        ann.get(f"{table}/live?v={seen}", headers=LIVE),
        ann.get(f"{table}/live", headers={**LIVE, "If-None-Match": etag}),
    ):
        assert answer.status_code == 200
    now, new_etag = polled(ann, table)
    assert now != seen and new_etag != etag
    assert ann.get(f"{table}/live?v={now}").status_code == 304
    assert version(ann, table) == 0  # no entry was made: the forms' version is still the log's


def test_a_phone_whose_seat_was_taken_over_is_asked_again_at_its_next_poll(app):
    old, new = app.test_client(), app.test_client()
    table = start(old, "Ann", "Ben", seat="Ann")
    assert enter_line(old, table, "Ann", 1).status_code == 303
    seen, _ = polled(old, table)

    assert new.post(f"{table}/me", data={"who": "Ann"}).status_code == 303

    fragment = old.get(f"{table}/live?v={seen}", headers=LIVE)
    assert fragment.status_code == 200
    html = fragment.get_data(as_text=True)
    assert ASKED in html and "on another phone" in seat_button(html, "Ann")
    assert asked_first(old.get(table).get_data(as_text=True))


def test_the_watch_link_poll_follows_the_seats_too(app, client):
    table = start(client, "Ann", "Ben", seat="Ann")
    row = app.extensions["store"].by_token(table.rsplit("/", 1)[1])
    watch = f"/v/{row.viewer_token}"
    seen = re.search(r'live\?v=([^"]+)"', client.get(watch).get_data(as_text=True)).group(1)
    assert client.get(f"{watch}/live?v={seen}").status_code == 304
    app.test_client().post(f"{table}/me", data={"who": "Ben"})
    assert client.get(f"{watch}/live?v={seen}").status_code == 200
