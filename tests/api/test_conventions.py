"""The API's conventions on the Next Station Paris calculator: 200, 400, 413 and 422, and the OpenAPI document."""

import json

import pytest

URL = "/api/v1/next-station-paris/score"


def sheet(**changes):
    base = {
        "name": "Ana",
        "lines": [{"color": "blue", "districts": 5, "max_stations_in_district": 3, "monuments": 2}],
        "interchanges": {"2": 1, "3": 0, "4": 0},
        "crossings": {"1": 2, "2": 1},
        "objectives": 1,
    }
    return {**base, **changes}


def test_score_of_the_api_example(client):
    response = client.post(URL, json={"players": [sheet()]})
    assert response.status_code == 200
    body = response.get_json()
    ana = body["players"][0]
    assert ana["score"] == 19 + 2 + 4 + 6 + 10
    assert sum(line["points"] for line in ana["breakdown"]) == ana["score"]
    assert ana["breakdown"][0] == {
        "label": "Blue line: 5 districts × 3 stations + 2 × 2 monuments",
        "points": 19,
        "rule": "next-station-paris/line-score",
    }
    assert body["winners"] == ["Ana"]


def test_missing_bonus_fields_count_zero(client):
    response = client.post(URL, json={"players": [{"name": "Ana"}, {"name": "Ben", "objectives": 1}]})
    assert response.status_code == 200
    assert [p["score"] for p in response.get_json()["players"]] == [0, 10]
    assert response.get_json()["winners"] == ["Ben"]


@pytest.mark.parametrize("body", [b"not json", b"[1, 2]", b'"text"', b"", b"\xff\xfe"])
def test_a_body_that_is_not_a_json_object_is_400(client, body):
    response = client.post(URL, data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["errors"][0]["msg"]


def test_a_body_over_64_kib_is_413(client):
    big = json.dumps({"players": [sheet(name="x" * 70_000)]})
    response = client.post(URL, data=big, content_type="application/json")
    assert response.status_code == 413
    assert "64 KiB" in response.get_json()["errors"][0]["msg"]


@pytest.mark.parametrize(
    ("players", "loc"),
    [
        ([sheet(objectives=2.5)], "players[0].objectives"),
        ([sheet(objectives="2")], "players[0].objectives"),
        ([sheet(objectives=True)], "players[0].objectives"),
        ([sheet(objectives=-1)], "players[0].objectives"),
        ([sheet(colour="blue")], "players[0].colour"),
        ([sheet(name="   ")], "players[0].name"),
        ([sheet(name="x" * 41)], "players[0].name"),
        ([sheet(name="Ana"), sheet(name="ana")], "players[1].name"),
        ([sheet(lines=[{"color": "red", "districts": 1, "max_stations_in_district": 1}])], "players[0].lines[0].color"),
        ([sheet(interchanges={"5": 1})], "players[0].interchanges.5"),
        ([sheet(name=str(i)) for i in range(5)], "players"),
        ([], "players"),
    ],
)
def test_each_broken_rule_is_a_located_422(client, players, loc):
    response = client.post(URL, json={"players": players})
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert loc in [e["loc"] for e in errors]
    assert all(e["msg"] for e in errors)


def test_every_problem_is_listed_at_once(client):
    players = [sheet(objectives=-1, crossings={"1": "x"}, lines=[{"color": "blue"}])]
    errors = client.post(URL, json={"players": players}).get_json()["errors"]
    locs = {e["loc"] for e in errors}
    assert {
        "players[0].objectives",
        "players[0].crossings.1",
        "players[0].lines[0].districts",
        "players[0].lines[0].max_stations_in_district",
    } <= locs


def test_line_rules_beyond_types_are_422(client):
    lines = [
        {"color": "blue", "districts": 0, "max_stations_in_district": 2},
        {"color": "blue", "districts": 1, "max_stations_in_district": 1},
    ]
    errors = client.post(URL, json={"players": [sheet(lines=lines)]}).get_json()["errors"]
    assert {e["loc"] for e in errors} == {"players[0].lines[0].districts", "players[0].lines[1].color"}


def line(districts, most, monuments=0):
    return {"color": "blue", "districts": districts, "max_stations_in_district": most, "monuments": monuments}


@pytest.mark.parametrize(
    ("changes", "loc", "words"),
    [
        ({"lines": [line(99, 3)]}, "players[0].lines[0].districts", "at most 13 districts"),
        ({"lines": [line(0, 0, 2)]}, "players[0].lines[0].monuments", "a line with monuments has stations"),
        ({"objectives": 40}, "players[0].objectives", "at most 5 objectives"),
        ({"interchanges": {"2": 500}}, "players[0].interchanges.2", "need 1000 stations"),
    ],
)
def test_a_sheet_the_map_cannot_hold_is_a_located_422(client, changes, loc, words):
    response = client.post(URL, json={"players": [sheet(**changes)]})
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert error["loc"] == loc
    assert words in error["msg"]


def test_every_limit_broken_is_listed_at_once(client):
    lines = [line(99, 3), {**line(0, 0, 2), "color": "orange"}, {**line(8, 7), "color": "green"}]
    players = [sheet(lines=lines, objectives=40), sheet(name="Ben", crossings={"2": 25})]
    errors = client.post(URL, json={"players": players}).get_json()["errors"]
    assert {e["loc"] for e in errors} == {
        "players[0].lines[0].districts",
        "players[0].lines[1].monuments",
        "players[0].lines[2].districts",
        "players[0].objectives",
        "players[1].crossings.2",
    }


def test_get_on_a_calculator_is_a_json_405(client):
    response = client.get(URL)
    assert response.status_code == 405
    assert response.get_json()["errors"]


def test_the_api_needs_no_csrf_token(tmp_path):
    from tests.conftest import make_app

    csrf_app = make_app(tmp_path, WTF_CSRF_ENABLED=True)
    assert csrf_app.test_client().post(URL, json={"players": [sheet()]}).status_code == 200


def test_openapi_document_describes_every_endpoint_from_the_schemas(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    assert doc["openapi"].startswith("3.1")
    operation = doc["paths"]["/api/v1/next-station-paris/score"]["post"]
    assert {"200", "400", "413", "422"} <= set(operation["responses"])
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    request_schema = doc["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert request_schema["additionalProperties"] is False
    text = json.dumps(doc)
    for name in ("#/components/schemas/" + n for n in doc["components"]["schemas"]):
        assert name in text or name.endswith(("Errors", "Result"))
    # every reference resolves
    for ref in {part.split('"')[0] for part in text.split('"$ref": "')[1:]}:
        assert ref.rsplit("/", 1)[1] in doc["components"]["schemas"]
