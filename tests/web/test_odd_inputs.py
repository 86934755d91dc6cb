"""Odd inputs a probe found: a NUL byte in a token, code, entry id or name; an alias longer than its column; JSON
nested a thousand deep; a table version at the integer's end; names that are invisible or look like another. Each
is a clear 4xx that changes nothing, on SQLite and on PostgreSQL (which refuses NUL in text outright)."""

from __future__ import annotations

import io
import json
import secrets

import pytest

from companion import groups
from companion.history.backup import check
from companion.history.records import People, merge_problem

from .pages import enter_line, start, version

pytestmark = pytest.mark.either_database

NUL = "%00"
SHAPES = [NUL, "abc%00def", "x" * 65]  # a NUL byte, one inside a token, a token longer than any made


def counts(app):
    """How many tables there are and how many entries the tables have: what a refused request must leave alone."""
    store = app.extensions["store"]
    rows = store.list_tables()
    return len(rows), sum(len(store.entries(row.id)) for row in rows)


def api_table(client):
    """A new LFG table made through the API: its editor token."""
    created = client.post("/api/v1/tables", json={"game": "lfg", "players": ["Ann", "Ben"]})
    assert created.status_code == 201, created.get_json()
    return created.get_json()["edit"].rsplit("/", 1)[1]


@pytest.mark.parametrize("odd", SHAPES)
@pytest.mark.parametrize(
    "path",
    [
        "/t/{}",
        "/t/{}/live",
        "/v/{}",
        "/v/{}/live",
        "/v/{}/play.bgsplay",
        "/g/{}",
        "/g/{}/history",
        "/api/v1/tables/{}",
        "/api/v1/groups/{}/plays",
    ],
)
def test_a_token_of_no_shape_the_app_makes_names_nothing(client, path, odd):
    assert client.get(path.format(odd)).status_code == 404


@pytest.mark.parametrize("odd", SHAPES)
@pytest.mark.parametrize("path", ["/t/{}/entries", "/t/{}/undo", "/t/{}/code", "/api/v1/tables/{}/entries"])
def test_writes_to_a_token_of_no_shape_are_404s_that_store_nothing(app, client, path, odd):
    start(client, "Ann", "Ben")
    before = counts(app)
    if path.startswith("/api/"):
        response = client.post(path.format(odd), json={"kind": "x", "payload": {}, "entry_id": "a", "base_version": 0})
    else:
        response = client.post(path.format(odd), data={"version": "1", "entry_id": "a"})
    assert response.status_code == 404
    assert counts(app) == before


@pytest.mark.parametrize("code", ["%00", "ABC%00", "ABCDEF%00"])
def test_a_join_code_with_a_nul_byte_is_no_code(client, code):
    response = client.get(f"/join?code={code}")
    assert 400 <= response.status_code < 500 or response.status_code in (200, 303)
    assert response.status_code != 500
    assert "Internal Server Error" not in response.get_data(as_text=True)


def test_an_entry_id_with_a_nul_byte_is_refused_and_stores_nothing(app, client):
    table = start(client, "Ann", "Ben")
    before = counts(app)
    response = enter_line(client, table, "Ann", 1, entry_id="id\x00nul")
    assert response.status_code == 400
    assert counts(app) == before


def test_an_api_body_with_a_nul_byte_is_refused_and_stores_nothing(app, client):
    token = api_table(client)
    before = counts(app)
    body = {"kind": "undo", "payload": {"target": 1}, "entry_id": "id\x00nul", "base_version": 0}
    response = client.post(f"/api/v1/tables/{token}/entries", json=body)
    assert response.status_code == 422
    assert "NUL" in response.get_json()["errors"][0]["msg"]
    assert counts(app) == before


@pytest.mark.parametrize("depth", [1000, 100])
@pytest.mark.parametrize("path", ["/api/v1/tables", "/api/v1/tables/{}/entries", "/api/v1/oz/score"])
def test_json_nested_deep_is_a_plain_400(app, client, path, depth):
    token = api_table(client)
    before = counts(app)
    body = '{"a": ' + "[" * depth + "]" * depth + "}"
    response = client.post(path.format(token), data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["errors"][0]["msg"].startswith("the body is nested too deeply")
    assert counts(app) == before


def test_an_entry_form_at_the_last_version_is_a_400_that_stores_nothing(app, client):
    table = start(client, "Ann", "Ben")
    before = counts(app)
    assert enter_line(client, table, "Ann", 1, version=str(2**63 - 1)).status_code == 400
    assert enter_line(client, table, "Ann", 1, version=str(2**63)).status_code == 400
    assert counts(app) == before
    assert enter_line(client, table, "Ann", 1, version=version(client, table)).status_code == 303


@pytest.mark.parametrize(
    "names",
    [["\u200b", "Ben"], ["\ufeff", "Ben"], ["Ann", "Ann\u200b"], ["\u202eAnn", "Ben"]],
)
def test_invisible_names_are_refused_with_a_located_message(app, client, names):
    before = counts(app)
    page = client.post("/new/next-station-paris", data={"players": names})
    assert page.status_code == 422
    assert "invisible or direction-changing" in page.get_data(as_text=True)
    api = client.post("/api/v1/tables", json={"game": "lfg", "players": names})
    assert api.status_code == 422
    problems = api.get_json()["errors"]
    assert any(p["loc"].startswith("players[") and "invisible" in p["msg"] for p in problems), problems
    assert counts(app) == before


def test_a_name_with_a_nul_byte_is_refused(app, client):
    before = counts(app)
    page = client.post("/new/next-station-paris", data={"players": ["An\x00n", "Ben"]})
    assert page.status_code == 422
    assert "invisible or direction-changing" in page.get_data(as_text=True)
    api = client.post("/api/v1/tables", json={"game": "lfg", "players": ["An\x00n", "Ben"]})
    assert api.status_code == 422
    assert "NUL" in api.get_json()["errors"][0]["msg"]
    assert counts(app) == before


@pytest.mark.parametrize("copy_from", ["\x00", "abc\x00def", "\x00" * 64])
def test_a_table_to_copy_from_with_a_nul_byte_is_refused_and_stores_nothing(app, client, copy_from):
    start(client, "Ann", "Ben", game="lfg")  # the phone has a group, and an LFG table in it
    before = counts(app)
    page = client.post("/new/lfg", data={"players": ["Cy", "Dee"], "copy_from": copy_from})
    assert page.status_code == 422
    assert "Internal Server Error" not in page.get_data(as_text=True)
    body = {"game": "lfg", "players": ["Cy", "Dee"], "options": {"copy_from": copy_from}}
    api = client.post("/api/v1/tables", json=body)
    assert api.status_code == 422
    assert "NUL" in api.get_json()["errors"][0]["msg"]
    assert counts(app) == before


def test_names_equal_after_normalising_are_the_same_name(client):
    response = client.post("/api/v1/tables", json={"game": "lfg", "players": ["\u00c9va", "E\u0301VA"]})
    assert response.status_code == 422


def test_a_merge_with_a_nul_byte_is_refused_and_merges_nothing(app, client):
    start(client, "Ann", "Ben")
    store = app.extensions["store"]
    group = groups.every_group(store)[0][0]
    response = client.post(f"/g/{group.token}/history/merge", data={"name": "Ann\x00", "into": "Ben"})
    assert response.status_code == 422
    assert store.aliases(group.id) == {}


def test_an_alias_longer_than_its_column_is_refused():
    long = "\ufdfa" * 40  # 40 characters that normalise to 720
    assert merge_problem(People({}), long, "Ben") == "a merge needs two names of 1 to 40 characters"
    raw = json.dumps(
        {
            "format": "table-companion-plays",
            "version": 1,
            "aliases": {long: "Ben", "x" * 200: "Ben", "A\x00": "Ben"},
            "plays": [],
        }
    )
    restored = check(raw.encode(), set(), {})
    assert len(restored.problems) == 3
    assert restored.aliases == {}


@pytest.mark.parametrize("aliases", [{"A\x00": "Ben"}, {"Ann": "B\x00en"}])
def test_an_imported_alias_with_a_nul_byte_is_refused_and_stores_nothing(app, client, aliases):
    store = app.extensions["store"]
    group = groups.by_id(store, store.by_token(api_table(client)).group_id)
    entry = {"seq": 1, "entry_id": "e1", "kind": "hand", "payload": {"player": "Ann"}, "author": "Ann"}
    entry["at"] = "2026-01-01T10:00:00+00:00"
    play = {"game": "oz", "setup": {"players": ["Ann", "Ben"]}, "created_at": entry["at"], "entries": [entry]}
    backup = json.dumps({"format": "table-companion-plays", "version": 1, "aliases": aliases, "plays": [play]})
    before = counts(app)
    upload = {"backup": (io.BytesIO(backup.encode()), "plays.json")}
    response = client.post(f"/g/{group.token}/history/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 422, response.status_code
    assert "Internal Server Error" not in response.get_data(as_text=True)
    assert counts(app) == before
    assert store.aliases(group.id) == {}


def test_a_merge_refused_on_the_page_stores_nothing(app, client):
    start(client, "Ann", "Ben")
    store = app.extensions["store"]
    group = groups.every_group(store)[0][0]
    response = client.post(
        f"/g/{group.token}/history/merge", data={"name": secrets.token_hex(4), "into": "\ufdfa" * 40}
    )
    assert response.status_code in (404, 422)
    assert store.aliases(group.id) == {}


@pytest.mark.parametrize(
    ("created", "at"),
    [
        ("0001-01-01T00:00:00+14:00", "2026-01-01T10:00:00+00:00"),
        ("2026-01-01T09:00:00+00:00", "9999-12-31T23:59:59-14:00"),
    ],
)
def test_an_import_with_times_the_calendar_cannot_hold_is_refused_and_stores_nothing(app, client, created, at):
    group = groups.by_id(app.extensions["store"], app.extensions["store"].by_token(api_table(client)).group_id).token
    entry = {"seq": 1, "entry_id": "e1", "kind": "hand", "payload": {"player": "Ann"}, "author": "Ann", "at": at}
    play = {"game": "oz", "setup": {"players": ["Ann", "Ben"]}, "created_at": created, "entries": [entry]}
    body = {"format": "table-companion-plays", "version": 1, "plays": [play]}
    before = counts(app)
    response = client.post(f"/api/v1/groups/{group}/import", json=body)
    assert response.status_code == 422, response.get_data(as_text=True)
    assert any("between the years" in e["msg"] for e in response.get_json()["errors"])
    assert counts(app) == before
