"""The play timer through the table API: `clock` entries as an addition to the contract (nothing existing changes),
refused with every problem located in the payload, read back in the table's `clock` and its entries, and listed
in the OpenAPI document."""

from __future__ import annotations

import pytest

from tests.web.pages import sit

from .calls import send_entry


@pytest.fixture
def table(client):
    created = client.post("/api/v1/tables", json={"game": "next-station-paris", "players": ["Ann", "Ben"]})
    sit(client, created.get_json()["edit"], "")
    return created.get_json()


def token(link: str) -> str:
    return link.rsplit("/", 1)[1]


def tick(client, table, action, entry_id, base, link="edit"):
    body = {"kind": "clock", "payload": {"action": action}, "entry_id": entry_id, "base_version": base}
    return send_entry(client, token(table[link]), body)


def test_a_clock_entry_lands_and_the_table_reads_its_clock(client, table):
    started = tick(client, table, "start", "c1", 0)
    assert started.status_code == 201
    assert started.get_json()["entry"] | {"at": None} == {
        "seq": 1,
        "kind": "clock",
        "version": 1,
        "payload": {"action": "start"},
        "entry_id": "c1",
        "author": "API",
        "at": None,
    }
    assert tick(client, table, "pause", "c2", 1).status_code == 201
    read = client.get(f"/api/v1/tables/{token(table['watch'])}").get_json()
    assert read["clock"] | {"played_s": 0} == {"started": True, "running": False, "paused": True, "played_s": 0}
    assert [(e["kind"], e["payload"], e["undone_by"]) for e in read["entries"]] == [
        ("clock", {"action": "start"}, None),
        ("clock", {"action": "pause"}, None),
    ]
    assert read["state"] == client.get(f"/api/v1/tables/{token(table['edit'])}").get_json()["state"]


def test_a_table_that_never_used_its_clock_reads_it_unstarted(client, table):
    read = client.get(f"/api/v1/tables/{token(table['edit'])}").get_json()
    assert read["clock"] == {"started": False, "running": False, "paused": False, "played_s": 0}


def test_a_clock_entry_that_does_not_fit_is_a_422_located_in_its_payload(client, table):
    assert tick(client, table, "start", "c1", 0).status_code == 201
    again = tick(client, table, "start", "c2", 1)
    assert again.status_code == 422
    assert again.get_json() == {"errors": [{"loc": "payload.action", "msg": "the clock was started already"}]}
    unknown = tick(client, table, "stop", "c3", 1)
    assert unknown.status_code == 422 and [e["loc"] for e in unknown.get_json()["errors"]] == ["payload.action"]
    extra = send_entry(
        client,
        token(table["edit"]),
        {"kind": "clock", "payload": {"action": "pause", "at": 5}, "entry_id": "c4", "base_version": 1},
    )
    assert extra.status_code == 422 and [e["loc"] for e in extra.get_json()["errors"]] == ["payload.at"]
    assert len(client.get(f"/api/v1/tables/{token(table['edit'])}").get_json()["entries"]) == 1


def test_a_watch_link_cannot_touch_the_clock(client, table):
    assert tick(client, table, "start", "c1", 0, link="watch").status_code == 403


def test_a_clock_entry_is_undone_by_an_undo_naming_it(client, table):
    tick(client, table, "start", "c1", 0)
    undo = {"kind": "undo", "payload": {"target": 1}, "entry_id": "u1", "base_version": 1}
    assert send_entry(client, token(table["edit"]), undo).status_code == 201
    read = client.get(f"/api/v1/tables/{token(table['edit'])}").get_json()
    assert read["clock"]["started"] is False and read["entries"][0]["undone_by"] == 2


def test_the_openapi_document_lists_the_clock_s_payload(client):
    document = client.get("/api/v1/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    assert schemas["ClockIn"]["properties"]["action"]["enum"] == ["start", "pause", "resume"]
    choices = schemas["EntryIn"]["properties"]["payload"]["anyOf"]
    assert {"$ref": "#/components/schemas/ClockIn"} in choices
    assert schemas["Table"]["properties"]["clock"]["required"] == ["started", "running", "paused", "played_s"]
