"""An LFG table through the table API: heroes entered once into the catalog, then parties that name them, as the
score calculator's player names its heroes; the same entries the pages make, and the same checks."""

from __future__ import annotations

import pytest

from tests.web.pages import post_entry, sit

from .calls import send_entry

BARD = {"hero": "Bard", "roles": ["defence", "support", "damage"], "renown": 3, "hurt_renown": 1}
KNIGHT = {"hero": "Knight", "roles": ["defence"], "renown": 4, "hurt_renown": 2, "traits": ["loyal"]}


@pytest.fixture
def table(client):
    created = client.post("/api/v1/tables", json={"game": "lfg", "players": ["Ann", "Ben"]})
    assert created.status_code == 201
    sit(client, created.get_json()["edit"], "")  # the client is also a phone on the table's pages
    return created.get_json()["edit"].rsplit("/", 1)[1]


def post(client, token, kind, payload):
    version = client.get(f"/api/v1/tables/{token}").get_json()["version"]
    body = {"kind": kind, "payload": payload, "entry_id": f"{kind}-{version}", "base_version": version}
    return send_entry(client, token, body)


def test_heroes_then_parties_score_as_the_calculator_does(client, table):
    assert post(client, table, "hero", {**BARD, "traits": ["scoundrel"], "copies": 2}).status_code == 201
    assert post(client, table, "hero", KNIGHT).status_code == 201
    party = [{"hero": "Bard", "hurt": True}, {"hero": "bard"}, {"hero": "Knight"}]
    assert post(client, table, "party", {"player": "Ann", "party": party}).status_code == 201
    read = client.get(f"/api/v1/tables/{table}").get_json()
    assert [e["version"] for e in read["entries"]] == [2, 2, 2]
    assert read["entries"][1]["payload"] == {**KNIGHT, "copies": 1, "was": None}
    assert read["entries"][2]["payload"]["party"][1] == {"hero": "bard", "hurt": False}
    [ann, _] = read["result"]["players"]
    assert (ann["score"], ann["complete"], ann["scoundrels"]) == (1 + 3 + 4, True, 2)
    assert [line["label"] for line in ann["breakdown"]] == ["Bard, hurt: 1", "Bard: 3", "Knight: 4"]


def test_a_card_changed_by_its_old_name_changes_the_parties_holding_it(client, table):
    post(client, table, "hero", KNIGHT)
    post(client, table, "party", {"player": "Ben", "party": [{"hero": "Knight"}]})
    assert post(client, table, "hero", {**KNIGHT, "hero": "Paladin", "renown": 6, "was": "Knight"}).status_code == 201
    assert post(client, table, "remove_hero", {"hero": "Paladin"}).status_code == 422
    ben = client.get(f"/api/v1/tables/{table}").get_json()["result"]["players"][1]
    assert ben["breakdown"][0]["label"] == "Paladin: 6"


@pytest.mark.parametrize(
    ("kind", "payload", "loc"),
    [
        ("hero", {**BARD, "name": "Bard"}, "payload.name"),
        ("hero", {**BARD, "renown": "3"}, "payload.renown"),
        ("hero", {**BARD, "roles": []}, "payload.roles"),
        ("hero", {**KNIGHT, "hero": "knight"}, "payload.hero"),
        ("hero", {**BARD, "was": "Nobody"}, "payload.was"),
        ("remove_hero", {"hero": "Nobody"}, "payload.hero"),
        ("party", {"player": "Ann", "heroes": []}, "payload.heroes"),
        ("party", {"player": "Ann", "party": [{"hero": "Knight", "hurt": 1}]}, "payload.party[0].hurt"),
        ("party", {"player": "Ann", "party": [{"hero": "Knight"}, {"hero": "Ghost"}]}, "payload.party[1].hero"),
        ("party", {"player": "Ann", "party": [{"hero": "Knight"}, {"hero": "Knight"}]}, "payload.party[0]"),
        ("party", {"player": "Zed", "party": []}, "payload.player"),
    ],
)
def test_a_bad_entry_is_422_located_in_its_payload(client, table, kind, payload, loc):
    post(client, table, "hero", KNIGHT)
    response = post(client, table, kind, payload)
    assert response.status_code == 422
    assert loc in [e["loc"] for e in response.get_json()["errors"]], response.get_json()


def test_a_party_ticked_on_the_page_reads_back_as_the_api_takes_it(client, table):
    post(client, table, "hero", {**BARD, "copies": 2})
    ticks = {"take.1.Bard": "on", "take.2.Bard": "on", "hurt.2.Bard": "on"}
    form = {"player": "Ann", "version": "1", "entry_id": "page", **ticks}
    assert post_entry(client, f"/t/{table}", "party", "party-Ann", **form).status_code == 303
    stored = client.get(f"/api/v1/tables/{table}").get_json()["entries"][1]
    assert stored["payload"] == {
        "player": "Ann",
        "party": [{"hero": "Bard", "hurt": True}, {"hero": "Bard", "hurt": False}],
    }


NOT_OURS = "choose one of your group's LFG tables"


def started(client, players, **body):
    """A new LFG table's editor and watch tokens, its group's token and its join code."""
    response = client.post("/api/v1/tables", json={"game": "lfg", "players": players, **body})
    assert response.status_code == 201, response.get_json()
    links = response.get_json()
    tokens = [links[key].rsplit("/", 1)[1] for key in ("edit", "watch", "group")]
    return (*tokens, links["code"])


def test_a_table_of_the_group_gives_its_heroes_by_its_watch_token(client):
    editor, watch, group, _ = started(client, ["Ann", "Ben"])
    post(client, editor, "hero", BARD)
    post(client, editor, "hero", KNIGHT)
    body = {"game": "lfg", "players": ["Cy", "Dee"], "options": {"copy_from": watch}}
    by_field = client.post("/api/v1/tables", json={**body, "group": group})
    by_header = client.post("/api/v1/tables", json=body, headers={"X-Group-Token": group})
    for response in (by_field, by_header):
        assert response.status_code == 201, response.get_json()
        token = response.get_json()["edit"].rsplit("/", 1)[1]
        read = client.get(f"/api/v1/tables/{token}").get_json()
        assert [hero["name"] for hero in read["options"]["heroes"]] == ["Bard", "Knight"]
        assert read["options"]["copy_from"] == "COPIED" and watch not in str(read)


@pytest.mark.parametrize("which", ["unknown", "other group", "no group", "other game", "join code", "no heroes"])
def test_a_table_not_of_the_group_is_refused_with_one_message(client, which):
    editor, watch, group, code = started(client, ["Ann", "Ben"])
    post(client, editor, "hero", BARD)
    body = {"game": "lfg", "players": ["Cy", "Dee"], "group": group}
    token = {"unknown": ("y" if watch[0] == "x" else "x") + watch[1:], "join code": code}.get(which, watch)
    if which == "other group":
        body["group"] = started(client, ["Kim", "Lee"])[2]
    elif which == "no group":
        del body["group"]
    elif which == "other game":
        nsp = client.post("/api/v1/tables", json={"game": "next-station-paris", "players": ["A", "B"], "group": group})
        token = nsp.get_json()["watch"].rsplit("/", 1)[1]
    elif which == "no heroes":
        token = started(client, ["Eve", "Fox"], group=group, options={"heroes": []})[1]
    response = client.post("/api/v1/tables", json={**body, "options": {"copy_from": token}})
    assert response.status_code == 422
    assert response.get_json()["errors"] == [{"loc": "options.copy_from", "msg": NOT_OURS}]
