"""A join code is for the phones at the table: it works until 12 hours after the table's last entry (or after it was
issued afresh), an expired one says so and still counts as a wrong guess, the editor link never expires, and the
table's page can issue a fresh code that kills the old one at once."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update

from companion.groups.codes import folded, shown, typed
from companion.storage.store import CODE_ALPHABET, new_code, tables
from tests.conftest import make_app

from .pages import enter_line, start

PLAYERS = ["Ana", "Ben"]


def row_of(app, table: str):
    return app.extensions["store"].by_token(table.rsplit("/", 1)[1])


def age(app, table: str, hours: float, issued: float | None = None) -> None:
    """Make the table's last change (and creation) `hours` ago; its code issued afresh `issued` hours ago."""
    then = datetime.now(UTC) - timedelta(hours=hours)
    fresh = None if issued is None else datetime.now(UTC) - timedelta(hours=issued)
    changed = {"created_at": then, "updated_at": then, "code_issued_at": fresh}
    with app.extensions["store"].engine.begin() as conn:
        conn.execute(update(tables).where(tables.c.id == row_of(app, table).id).values(**changed))


def join(client, code: str, address: str = "10.0.0.7"):
    return client.get(f"/join?code={code}", environ_base={"REMOTE_ADDR": address})


def test_a_code_works_until_twelve_hours_after_the_last_entry(app, client):
    table = start(client, *PLAYERS)
    code = row_of(app, table).code
    age(app, table, 11.9)
    assert join(client, code).headers["Location"] == table
    age(app, table, 12.1)
    expired = join(client, code)
    assert expired.status_code == 410
    text = expired.get_data(as_text=True)
    assert "That code has expired" in text and "No table has that code" not in text
    assert "/t/" not in text and row_of(app, table).token not in text
    assert enter_line(client, table, "Ana", 1).status_code == 303  # an entry: twelve more hours
    assert join(client, code).headers["Location"] == table


def test_the_editor_link_outlives_the_code(app, client):
    table = start(client, *PLAYERS)
    enter_line(client, table, "Ana", 1)
    age(app, table, 48)
    assert join(client, row_of(app, table).code).status_code == 410
    page = client.get(table)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "the code has expired" in html and "Issue a new one" in html
    assert enter_line(client, table, "Ben", 1).status_code == 303


def test_an_expired_code_counts_as_a_wrong_guess(app, client):
    """Old codes are no oracle: trying one counts like any code that leads nowhere."""
    table = start(client, *PLAYERS)
    age(app, table, 13)
    code = row_of(app, table).code
    for _ in range(10):
        assert join(client, code).status_code == 410
    refused = join(client, row_of(app, start(client, *PLAYERS)).code)  # a live code waits too
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) > 0


def test_the_table_page_issues_a_fresh_code_and_the_old_one_dies(app, client):
    table = start(client, *PLAYERS)
    old = row_of(app, table).code
    age(app, table, 30)
    response = client.post(f"{table}/code")
    assert response.status_code == 303 and response.headers["Location"] == table
    new = row_of(app, table).code
    assert new != old and re.fullmatch(r"[2-9A-HJKMNP-Z]{6}", new)
    assert join(client, old).status_code == 404  # dead at once: no table has it any more
    assert join(client, new).headers["Location"] == table  # works for twelve hours from now
    html = client.get(table).get_data(as_text=True)
    assert f'code <span class="code">{new[:3]} {new[3:]}</span>' in html
    assert shown(old) not in html and old not in html


def test_the_share_panel_says_until_when_the_code_works(app, client):
    table = start(client, *PLAYERS)
    age(app, table, 2)
    html = client.get(table).get_data(as_text=True)
    until = datetime.now(UTC) + timedelta(hours=10)
    shown = re.search(r'works until <time datetime="([^"]+)" data-local>(\d\d:\d\d) UTC', html)
    assert shown, html
    assert abs(datetime.fromisoformat(shown.group(1)) - until) < timedelta(minutes=1)
    assert shown.group(2) == datetime.fromisoformat(shown.group(1)).strftime("%H:%M")


def test_a_fresh_code_is_for_the_editor_link_only(app, client, tmp_path):
    table = start(client, *PLAYERS)
    row = row_of(app, table)
    assert client.post(f"/v/{row.viewer_token}/code").status_code == 403
    assert client.post(f"/t/{row.viewer_token}/code").status_code == 404
    assert client.post(f"/t/{row.code}/code").status_code == 404
    assert client.get(f"{table}/code").status_code == 405
    assert row_of(app, table).code == row.code
    guarded = make_app(tmp_path / "csrf", WTF_CSRF_ENABLED=True)
    other = guarded.test_client()
    html = other.get("/new/next-station-paris").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    made = other.post("/new/next-station-paris", data={"players": PLAYERS, "csrf_token": token}).headers["Location"]
    before = row_of(guarded, made).code
    assert other.post(f"{made}/code").status_code == 400
    assert row_of(guarded, made).code == before
    assert other.post(f"{made}/code", data={"csrf_token": token}).status_code == 303
    assert row_of(guarded, made).code != before


def test_the_lifetime_is_the_apps_to_choose(tmp_path):
    app = make_app(tmp_path, JOIN_CODE_HOURS=1)
    client = app.test_client()
    table = start(client, *PLAYERS)
    age(app, table, 1.1)
    response = join(client, row_of(app, table).code)
    assert response.status_code == 410 and "works for 1 hour after" in response.get_data(as_text=True)


def test_heroes_cannot_be_copied_through_a_join_code(app, client):
    table = start(client, *PLAYERS, game="lfg")
    response = client.post("/new/lfg", data={"players": ["Cy", "Dee"], "copy_from": row_of(app, table).code})
    assert response.status_code == 422
    assert "choose one of your group" in response.get_data(as_text=True)


def test_the_api_says_until_when_the_code_works(app, client):
    made = client.post("/api/v1/tables", json={"game": "loaf", "players": PLAYERS})
    assert made.status_code == 201
    body = made.get_json()
    until = datetime.fromisoformat(body["code_until"])
    assert abs(until - (datetime.now(UTC) + timedelta(hours=12))) < timedelta(minutes=1)
    watched = client.get(f"/api/v1/tables/{body['watch'].rsplit('/', 1)[1]}").get_json()
    assert "code" not in watched and "code_until" not in watched and "edit" not in watched


def set_code(app, table: str, code: str) -> None:
    with app.extensions["store"].engine.begin() as conn:
        conn.execute(update(tables).where(tables.c.id == row_of(app, table).id).values(code=code))


@pytest.mark.parametrize("as_typed", ["yt6-nu5", "YT6NU5", "yt6 nu5", " YT6  NU5 ", "Yt6-Nu5", "yt6.nu5", "yt6 - nu5"])
def test_a_code_typed_as_it_is_read_joins(app, client, as_typed):
    table = start(client, *PLAYERS)
    set_code(app, table, "YT6NU5")
    assert join(client, as_typed).headers["Location"] == table


def test_the_share_panel_shows_the_code_in_two_groups_and_that_is_what_joins(app, client):
    table = start(client, *PLAYERS)
    code = row_of(app, table).code
    html = client.get(table).get_data(as_text=True)
    spaced = shown(code)
    assert re.fullmatch(r"\w{3} \w{3}", spaced)
    assert f'<strong class="code">{spaced}</strong>' in html
    assert join(client, spaced).headers["Location"] == table
    assert join(client, spaced.lower().replace(" ", "-")).headers["Location"] == table


def test_new_codes_hold_no_look_alikes():
    assert not set(CODE_ALPHABET) & set("0O1IL")
    assert all(not set(new_code()) & set("0O1IL") for _ in range(2000))


@pytest.mark.parametrize(
    ("stored", "as_typed"),
    [("B0X1KZ", "box-ikz"), ("B0X1KZ", "b0x 1kz"), ("BOXIKZ", "b0x1kz"), ("BOXIKZ", "BOXLKZ"), ("BOXIKZ", "boxikz")],
)
def test_o_and_0_and_i_and_1_are_the_same_to_a_reader(app, client, stored, as_typed):
    """A code holding a look-alike (none is generated, but a code may have been written before) joins whichever
    of the look-alikes is typed."""
    table = start(client, *PLAYERS)
    set_code(app, table, stored)
    assert join(client, as_typed).headers["Location"] == table


def test_a_look_alike_never_turns_a_wrong_code_into_a_join(app, client):
    table = start(client, *PLAYERS)
    set_code(app, table, "B0X1KZ")
    for wrong in ("B0X1KY", "B0X1K", "B0X1KZZ", "80X1KZ", "B0X1K2", "B0X7KZ"):
        assert join(client, wrong).status_code == 404, wrong


def test_two_codes_that_only_a_look_alike_tells_apart_are_both_refused_rather_than_guessed(app, client):
    first, second = start(client, *PLAYERS), start(client, *PLAYERS)
    set_code(app, first, "B0XIKZ")
    set_code(app, second, "BOX1KZ")
    assert join(client, "B0XIKZ").headers["Location"] == first  # typed exactly: that one
    assert join(client, "BOX1KZ").headers["Location"] == second
    assert join(client, "BOXIKZ").status_code == 404  # either could be meant


def test_an_expired_code_typed_loosely_still_says_it_has_expired(app, client):
    table = start(client, *PLAYERS)
    code = row_of(app, table).code
    age(app, table, 13)
    response = join(client, f" {code[:3].lower()}-{code[3:].lower()} ")
    assert response.status_code == 410 and "That code has expired" in response.get_data(as_text=True)


def test_typing_and_folding():
    assert typed(" yt6 – nu5 ") == "YT6NU5" and typed("a_b.c/d") == "ABCD"
    assert folded("B0X1LZ") == folded("BOXIIZ") == "BOXIIZ"
    assert shown("YT6NU5") == "YT6 NU5"
