"""A colour change reaches the other phones at their next poll: it is no entry, so the table's version stays, but
what the poll compares (its `v` and its ETag) moves with the colours, still read by the poll's one query."""

from __future__ import annotations

import re

from companion import colours
from companion.storage.store import Store, tables

from .pages import enter_line, start

BEN_PINK = '<span class="initial pc-pink" aria-hidden="true">B</span>Ben'


def _polled(html: str) -> str:
    return re.search(r'live\?v=([^"]+)"', html).group(1)


def test_a_poll_from_before_a_colour_change_gets_the_new_colour_and_one_after_it_nothing(client):
    table = start(client, "Ana", "Ben")
    enter_line(client, table, "Ana", 1)
    before = client.get(f"{table}/live?v=-1", headers={"HX-Request": "true"})
    old_v, old_etag = _polled(before.get_data(as_text=True)), before.headers["ETag"]
    assert old_v == "1.s1" and client.get(f"{table}/live?v={old_v}").status_code == 304  # one entry, one seat taken

    assert client.post(f"{table}/colours", data={"player": "Ben", "colour": "pink"}).status_code == 303

    by_v = client.get(f"{table}/live?v={old_v}", headers={"HX-Request": "true"})
    by_etag = client.get(f"{table}/live", headers={"HX-Request": "true", "If-None-Match": old_etag})
    for answer in (by_v, by_etag):
        assert answer.status_code == 200
        assert BEN_PINK in answer.get_data(as_text=True)
    new_v, new_etag = _polled(by_v.get_data(as_text=True)), by_v.headers["ETag"]
    assert (
        new_v.startswith("1.")
        and new_v.endswith(".s1")
        and new_v != old_v
        and new_etag != old_etag
        and by_etag.headers["ETag"] == new_etag
    )
    assert client.get(f"{table}/live?v={new_v}").status_code == 304
    assert client.get(f"{table}/live", headers={"If-None-Match": new_etag}).status_code == 304


def test_the_entry_version_the_forms_carry_stays_the_entry_seq(client):
    table = start(client, "Ana", "Ben")
    client.post(f"{table}/colours", data={"player": "Ben", "colour": "pink"})
    html = client.get(table).get_data(as_text=True)
    assert 'data-version="0"' in html and 'name="version" value="0"' in html
    assert enter_line(client, table, "Ana", 1).status_code in (200, 303)  # a write based on version 0 lands


def test_the_watch_link_poll_follows_the_colours_too(app, client):
    table = start(client, "Ana", "Ben")
    row = app.extensions["store"].by_token(table.rsplit("/", 1)[1])
    watch = f"/v/{row.viewer_token}/live"
    seen = _polled(client.get(f"/v/{row.viewer_token}").get_data(as_text=True))
    assert client.get(f"{watch}?v={seen}").status_code == 304
    client.post(f"{table}/colours", data={"player": "Ana", "colour": "blue"})
    assert client.get(f"{watch}?v={seen}").status_code == 200


def test_the_stamp_is_the_same_for_json_text_and_a_dict_and_empty_before_any_change():
    chosen = {"Ben": "sky", "Ana": "blue"}
    assert colours.stamp(chosen) == colours.stamp('{"Ana": "blue", "Ben": "sky"}') != ""
    assert colours.stamp(None) == colours.stamp("null") == ""
    assert colours.poll_version(4, None) == "4"
    assert colours.poll_version(4, chosen) == f"4.{colours.stamp(chosen)}"
    assert colours.stamp({"Ana": "sky", "Ben": "blue"}) != colours.stamp(chosen)


def test_the_poll_reads_the_colours_on_either_database(db_url):
    store = Store(db_url)
    try:
        table = store.create_table("oz", {"players": ["Ana", "Ben"]})
        assert store.poll(tables.c.token, table.token) == (table.id, 0, "0")
        store.set_colours(table.id, {"Ana": "blue", "Ben": "sky"})
        expected = colours.poll_version(0, {"Ana": "blue", "Ben": "sky"})
        assert store.poll(tables.c.token, table.token) == (table.id, 0, expected)
        assert store.poll(tables.c.viewer_token, table.viewer_token) == (table.id, 0, expected)
        assert store.versions(tables.c.token, table.token) == (table.id, 0)
    finally:
        store.dispose()
