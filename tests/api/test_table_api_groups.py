"""The table API and groups: a table started with a group's token (header or field) goes into that group; without
one it makes a new group and answers its invite link; an unknown token is a 422 at `group` that makes nothing."""

from __future__ import annotations

import secrets

import pytest

from companion import groups

NEW = {"game": "next-station-paris", "players": ["Ann", "Ben"]}


def store(app):
    return app.extensions["store"]


def token(link: str) -> str:
    return link.rsplit("/", 1)[1]


def table_group(app, created: dict) -> groups.GroupRow:
    return groups.by_id(store(app), store(app).by_token(token(created["edit"])).group_id)


def test_without_a_group_a_table_makes_one_and_answers_its_invite(app, client):
    created = client.post("/api/v1/tables", json=NEW)
    assert created.status_code == 201
    body = created.get_json()
    assert set(body) >= {"edit", "watch", "code", "group"}
    group = table_group(app, body)
    assert body["group"] == f"/g/{group.token}" and group.name == "Ann and Ben"
    assert f'href="{body["edit"]}"' in client.get(body["group"]).get_data(as_text=True)
    other = client.post("/api/v1/tables", json=NEW).get_json()
    assert other["group"] != body["group"]  # the API has no cookie: each table without a token is a group of its own


@pytest.mark.parametrize("how", ["header", "field", "both"])
def test_a_group_token_puts_the_table_in_that_group(app, client, how):
    first = client.post("/api/v1/tables", json=NEW).get_json()
    group = token(first["group"])
    body = NEW | ({"group": group} if how in ("field", "both") else {})
    headers = {"X-Group-Token": group} if how in ("header", "both") else {}
    created = client.post("/api/v1/tables", json=body, headers=headers)
    assert created.status_code == 201
    assert created.get_json()["group"] == first["group"]
    assert table_group(app, created.get_json()).token == group
    assert len(groups.tables_of(store(app), table_group(app, first).id)[0]) == 2


@pytest.mark.parametrize(
    ("body", "headers", "message"),
    [
        ({"group": secrets.token_urlsafe(18)}, {}, "no group has this token"),
        ({}, {"X-Group-Token": secrets.token_urlsafe(18)}, "no group has this token"),
        ({"group": ""}, {}, "must not be empty"),
        ({"group": "x" * 65}, {}, "at most 64 characters"),
        ({"group": 7}, {}, "must be text"),
    ],
)
def test_an_unknown_or_malformed_group_is_a_422_at_group_that_makes_nothing(app, client, body, headers, message):
    response = client.post("/api/v1/tables", json=NEW | body, headers=headers)
    assert response.status_code == 422
    [problem] = response.get_json()["errors"]
    assert problem["loc"] == "group" and message in problem["msg"]
    assert store(app).count_tables() == 0 and groups.every_group(store(app)) == []


def test_a_header_and_a_field_that_disagree_are_refused(app, client):
    one = token(client.post("/api/v1/tables", json=NEW).get_json()["group"])
    two = token(client.post("/api/v1/tables", json=NEW).get_json()["group"])
    response = client.post("/api/v1/tables", json=NEW | {"group": one}, headers={"X-Group-Token": two})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["loc"] == "group"
    assert store(app).count_tables() == 2


def test_reading_a_table_names_its_group_only_where_the_group_shares_its_link(app, client):
    created = client.post("/api/v1/tables", json=NEW).get_json()
    read = client.get(f"/api/v1/tables/{token(created['edit'])}").get_json()
    assert read["group"] == created["group"]
    watched = client.get(f"/api/v1/tables/{token(created['watch'])}").get_json()
    assert "group" not in watched and "edit" not in watched and "code" not in watched
    group = table_group(app, created)
    groups.change(store(app), group.id, group.name, share_invite=False)
    assert client.get(f"/api/v1/tables/{token(created['edit'])}").get_json()["group"] is None


def test_the_openapi_document_describes_the_group_header_and_field(client):
    document = client.get("/api/v1/openapi.json").get_json()
    create = document["paths"]["/api/v1/tables"]["post"]
    assert {"name": "X-Group-Token", "in": "header"}.items() <= create["parameters"][0].items()
    schema = create["requestBody"]["content"]["application/json"]["schema"]
    name = schema["$ref"].rsplit("/", 1)[1]
    assert "group" in document["components"]["schemas"][name]["properties"]
    assert "group" in create["responses"]["201"]["content"]["application/json"]["schema"]["properties"]
