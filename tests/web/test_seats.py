"""Seats: a phone that has not said who it is at a table is asked "Who are you?" before anything else, in place of the
game's forms; an entry it sends anyway (a page of before, no JavaScript) is refused and stores nothing. The names
other phones are at the table are marked, and can be taken over (the phone that had it is asked again); "None of
them" stays an explicit choice. The table API is unchanged: its entries carry their own author."""

from __future__ import annotations

import re
import secrets

import pytest

from companion.specs import SPECS

from .pages import enter_line, start, version

ASKED = "Who are you?"
ENTRY_FORM = re.compile(r'<form[^>]*action="/t/[^"]+/(entries|undo)"')
THREE = ["Ann", "Ben", "Cy"]


def store(app):
    return app.extensions["store"]


def entries(app, table: str) -> list:
    return store(app).entries(store(app).by_token(table.rsplit("/", 1)[1]).id)


def page(client, table: str) -> str:
    return client.get(table).get_data(as_text=True)


def seat_button(html: str, name: str) -> str:
    """The prompt's button for `name`, as the page has it."""
    found = re.search(rf'<button type="submit" name="who" value="{re.escape(name)}".*?</button>', html, re.S)
    assert found, f"no button for {name!r}"
    return found.group(0)


def asked_first(html: str) -> bool:
    """The prompt is the first thing of the live panel, and no form of the game is offered."""
    panel = html[html.index('id="live"') :]
    return panel.index(ASKED) < panel.index("</section>") and not ENTRY_FORM.search(html)


@pytest.mark.parametrize("game", SPECS)
def test_a_phone_without_a_seat_is_asked_first_and_offered_no_form_in_any_game(client, game):
    table = start(client, *THREE, game=game, seat=None)
    html = page(client, table)
    assert asked_first(html), f"{game}: the prompt is not first, or a form of the game is offered"
    assert [seat_button(html, name) for name in THREE]
    assert "None of them" in seat_button(html, "")

    assert client.post(f"{table}/me", data={"who": "Ben"}).status_code == 303
    html = page(client, table)
    assert ASKED not in html and ENTRY_FORM.search(html), f"{game}: a seated phone gets no form"


def test_an_entry_from_a_phone_that_was_never_asked_is_refused_with_the_prompt_and_stores_nothing(app, client):
    table = start(client, "Ann", "Ben", seat=None)
    refused = enter_line(client, table, "Ann", 1, version=0)
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert "That entry was not saved: first say who you are at this table" in html
    assert asked_first(html)
    assert entries(app, table) == []


def test_a_refused_entry_from_htmx_gets_the_panel_with_the_prompt(app, client):
    table = start(client, "Ann", "Ben", seat=None)
    refused = enter_line(client, table, "Ann", 1, version=0, headers={"HX-Request": "true"})
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="live"') and ASKED in html and "not saved" in html
    assert entries(app, table) == []


def test_undo_and_corrections_from_a_phone_that_was_never_asked_are_refused(app):
    ann, stranger = app.test_client(), app.test_client()
    table = start(ann, "Ann", "Ben")
    ann.post(f"{table}/me", data={"who": "Ann"})
    assert enter_line(ann, table, "Ann", 1).status_code == 303
    at = version(ann, table)

    undo = stranger.post(f"{table}/undo", data={"target": 1, "version": at, "entry_id": secrets.token_hex(8)})
    assert undo.status_code == 422 and ASKED in undo.get_data(as_text=True)
    edit = stranger.get(f"{table}/entries/1/edit").get_data(as_text=True)
    assert ASKED in edit and "Save the correction" not in edit
    line = {"player": "Ann", "round": 1, "color": "blue", "districts": 2, "max_stations_in_district": 2}
    fields = {"version": at, "entry_id": secrets.token_hex(8), "monuments": 0, **line}
    correct = stranger.post(f"{table}/entries/1/edit", data=fields)
    assert correct.status_code == 422 and ASKED in correct.get_data(as_text=True)
    log = stranger.get(f"{table}/log").get_data(as_text=True)
    assert ASKED in log and "/undo" not in log and "/edit" not in log
    assert [e.kind for e in entries(app, table)] == ["line"]


def test_the_names_other_phones_have_are_marked_and_only_those(app):
    ann, ben, cy = app.test_client(), app.test_client(), app.test_client()
    table = start(ann, *THREE)
    ann.post(f"{table}/me", data={"who": "Ann"})
    ben.post(f"{table}/me", data={"who": ""})  # none of them: holds no name
    html = page(cy, table)
    assert "on another phone" in seat_button(html, "Ann")
    assert "take over" in seat_button(html, "Ann")
    assert "on another phone" not in seat_button(html, "Ben") + seat_button(html, "Cy")


def test_taking_over_a_name_asks_the_phone_that_had_it_again(app):
    old, new = app.test_client(), app.test_client()
    table = start(old, "Ann", "Ben")
    old.post(f"{table}/me", data={"who": "Ann"})
    assert enter_line(old, table, "Ann", 1).status_code == 303

    assert new.post(f"{table}/me", data={"who": "Ann"}).status_code == 303
    assert ASKED not in page(new, table)
    html = page(old, table)
    assert asked_first(html) and "on another phone" in seat_button(html, "Ann")
    refused = enter_line(old, table, "Ben", 1, version=version(new, table))
    assert refused.status_code == 422
    assert enter_line(new, table, "Ben", 1).status_code == 303
    assert [e.author for e in entries(app, table)] == ["Ann", "Ann"]


def test_none_of_them_is_an_explicit_choice_whose_entries_are_by_someone(app, client):
    table = start(client, "Ann", "Ben", seat=None)
    assert client.post(f"{table}/me", data={"who": ""}).status_code == 303
    html = page(client, table)
    assert ASKED not in html and ENTRY_FORM.search(html)
    assert enter_line(client, table, "Ann", 1).status_code == 303
    assert [e.author for e in entries(app, table)] == ["Someone"]


def test_the_table_api_writes_with_its_own_author_and_needs_no_seat(app, client):
    table = start(client, "Ann", "Ben", seat=None)
    token = table.rsplit("/", 1)[1]
    payload = {"player": "Ann", "round": 1, "line": {"color": "blue", "districts": 3, "max_stations_in_district": 2}}
    entry = {"kind": "line", "payload": payload, "entry_id": secrets.token_hex(8)}
    sent = client.post(f"/api/v1/tables/{token}/entries", json=entry | {"base_version": 0, "author": "Bot"})
    assert sent.status_code == 201, sent.get_data(as_text=True)
    assert [e.author for e in entries(app, table)] == ["Bot"]
