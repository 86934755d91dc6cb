"""The table API: start a table, read it, append entries, undo and corrections, with the pages' own checks."""

from __future__ import annotations

import pytest

from tests.web.pages import post_entry, sit

from .calls import send_entry

LINE = {"player": "Ann", "round": 1, "line": {"color": "blue", "districts": 3, "max_stations_in_district": 2}}


@pytest.fixture
def table(client):
    created = client.post("/api/v1/tables", json={"game": "next-station-paris", "players": ["Ann", "Ben"]})
    assert created.status_code == 201
    sit(client, created.get_json()["edit"], "")  # the client is also a phone on the table's pages
    return created.get_json()


def token(link: str) -> str:
    return link.rsplit("/", 1)[1]


def post(client, table, body, link="edit"):
    return send_entry(client, token(table[link]), body)


def entry(payload, entry_id="e1", base=0, kind="line"):
    return {"kind": kind, "payload": payload, "entry_id": entry_id, "base_version": base}


def test_a_new_table_answers_its_links_and_code(client, table):
    assert table["edit"].startswith("/t/") and table["watch"].startswith("/v/")
    assert len(table["code"]) == 6
    assert client.get(table["edit"]).status_code == 200
    assert client.get(table["watch"]).status_code == 200


def test_starting_a_table_refuses_every_problem_at_once(client):
    response = client.post("/api/v1/tables", json={"game": "oz", "players": ["Ann", "ann", ""], "options": {"x": 1}})
    assert response.status_code == 422
    locs = {e["loc"] for e in response.get_json()["errors"]}
    assert {"players[2]", "players[1]", "options"} <= locs
    unknown = client.post("/api/v1/tables", json={"game": "chess", "players": ["Ann", "Ben"]})
    assert unknown.status_code == 422
    assert unknown.get_json()["errors"][0]["loc"] == "game"


def test_an_entry_lands_and_shows_in_the_table_and_on_its_page(client, table):
    response = post(client, table, entry(LINE))
    assert response.status_code == 201
    assert response.get_json()["version"] == 1
    read = client.get(f"/api/v1/tables/{token(table['edit'])}").get_json()
    assert read["version"] == 1
    [stored] = read["entries"]
    assert stored["kind"] == "line" and stored["version"] == 2
    assert stored["payload"] == {**LINE, "line": {**LINE["line"], "monuments": 0}}
    assert read["result"]["players"][0]["score"] == 6
    assert "Ann&#39;s round 1 line" in client.get(table["edit"]).get_data(as_text=True)


def test_an_entry_made_on_the_page_reads_back_canonical(client, table):
    form = {"player": "Ben", "round": "1", "color": "green", "districts": "2", "max_stations_in_district": "2"}
    form |= {"monuments": "1", "version": "0", "entry_id": "page-1"}
    assert post_entry(client, table["edit"], "line", **form).status_code == 303
    [stored] = client.get(f"/api/v1/tables/{token(table['edit'])}").get_json()["entries"]
    assert stored["payload"] == {
        "player": "Ben",
        "round": 1,
        "line": {"color": "green", "districts": 2, "max_stations_in_district": 2, "monuments": 1},
    }


def test_the_same_entry_id_lands_once_with_the_same_answer(client, table):
    first = post(client, table, entry(LINE))
    again = post(client, table, entry(LINE))
    assert again.status_code == 201 and again.get_json() == first.get_json()
    assert client.get(f"/api/v1/tables/{token(table['edit'])}").get_json()["version"] == 1


def test_a_stale_version_is_a_409_with_what_changed(client, table):
    post(client, table, entry(LINE))
    assert post(client, table, entry({**LINE, "player": "Ben"}, "e2", base=0)).status_code == 201  # another part
    fixed = {"target": 1, "payload": {**LINE, "line": {**LINE["line"], "districts": 1}}}
    response = post(client, table, entry(fixed, "e3", base=1, kind="correct"))  # a correction is never a part
    assert response.status_code == 409
    body = response.get_json()
    assert body["version"] == 2
    assert [e["seq"] for e in body["since"]] == [2]
    assert body["errors"][0]["loc"] == "base_version"


def test_bad_payloads_are_422_located_under_payload(client, table):
    bad = {"player": "Ann", "round": 1, "line": {"color": "blue", "districts": "3", "max_stations_in_district": 2}}
    response = post(client, table, entry(bad))
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["loc"] == "payload.line.districts"
    unknown = post(client, table, entry({**LINE, "extra": 1}))
    assert unknown.get_json()["errors"][0]["loc"] == "payload.extra"
    stranger = post(client, table, entry({**LINE, "player": "Zed"}))
    assert stranger.status_code == 422
    assert "Zed" in stranger.get_json()["errors"][0]["msg"]
    kind = post(client, table, entry(LINE, kind="hand"))
    assert kind.status_code == 422 and kind.get_json()["errors"][0]["loc"] == "kind"
    assert client.get(f"/api/v1/tables/{token(table['edit'])}").get_json()["version"] == 0


def test_undo_and_correct_are_entries_too(client, table):
    post(client, table, entry(LINE))
    fixed = {**LINE, "line": {**LINE["line"], "districts": 4}}
    corrected = post(client, table, entry({"target": 1, "payload": fixed}, "c1", base=1, kind="correct"))
    assert corrected.status_code == 201
    read = client.get(f"/api/v1/tables/{token(table['edit'])}").get_json()
    assert read["result"]["players"][0]["score"] == 8
    assert read["entries"][0]["corrected_by"] == 2
    wrong = post(client, table, entry({"target": 2}, "u0", base=2, kind="undo"))
    assert wrong.status_code == 422
    undone = post(client, table, entry({"target": 1}, "u1", base=2, kind="undo"))
    assert undone.status_code == 201
    read = client.get(f"/api/v1/tables/{token(table['edit'])}").get_json()
    assert read["entries"][0]["undone_by"] == 3
    assert read["result"]["players"][0]["score"] == 0


def test_the_watch_token_reads_but_never_writes(client, table):
    read = client.get(f"/api/v1/tables/{token(table['watch'])}")
    assert read.status_code == 200
    body = read.get_json()
    assert "edit" not in body and "code" not in body
    assert table["code"] not in read.get_data(as_text=True)
    assert token(table["edit"]) not in read.get_data(as_text=True)
    response = post(client, table, entry(LINE), link="watch")
    assert response.status_code == 403
    assert client.get(f"/api/v1/tables/{token(table['edit'])}").get_json()["version"] == 0


def test_unknown_tokens_and_bad_bodies(client, table):
    assert client.get("/api/v1/tables/nope").status_code == 404
    assert client.post("/api/v1/tables/nope/entries", json=entry(LINE)).status_code == 404
    raw = client.post(f"/api/v1/tables/{token(table['edit'])}/entries", data="[", content_type="application/json")
    assert raw.status_code == 400


def test_every_entry_kind_is_in_the_openapi_document(client):
    from companion.specs import table_rules

    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    for slug, rules in table_rules().items():
        for name, entry_kind in rules.entries.items():
            assert f"{slug}.{name}.v{entry_kind.version}" in schemas
