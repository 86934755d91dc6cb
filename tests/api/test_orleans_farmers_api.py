"""The Orléans Farmers step calculator: the API.md example, ties, two players, a player without a coin, and every
422 located."""

import pytest

from .test_orleans_api import FARMERS, locs

FARMERS_EXAMPLE = {
    "players": [
        {"name": "Jo", "farmers": 4, "coins": 3},
        {"name": "Kim", "farmers": 2, "coins": 0},
        {"name": "Lou", "farmers": 2, "coins": 5},
    ]
}


def test_farmers_api_example_jo_gains_one_and_nobody_loses(client):
    response = client.post(FARMERS, json=FARMERS_EXAMPLE)
    assert response.status_code == 200
    body = response.get_json()
    assert [(p["name"], p["coins_change"], p["coins"]) for p in body["players"]] == [
        ("Jo", 1, 4),
        ("Kim", 0, 0),
        ("Lou", 0, 5),
    ]
    assert (body["gains"], body["loses"]) == ("Jo", None)
    jo, kim, _ = body["players"]
    assert jo["breakdown"] == [
        {
            "label": "Furthest along the farmers track alone (space 4): gains 1 coin",
            "points": 1,
            "rule": "orleans/farmers",
        }
    ]
    assert kim["breakdown"][0]["label"] == "Tied furthest behind with Lou (space 2): nobody loses"
    assert all(sum(line["points"] for line in p["breakdown"]) == p["coins_change"] for p in body["players"])


def test_farmers_the_single_last_loses_unless_broke_or_two_players(client):
    three = [{"name": "Ann", "farmers": 5, "coins": 1}, {"name": "Ben", "farmers": 3, "coins": 1}]
    last = client.post(FARMERS, json={"players": [*three, {"name": "Cy", "farmers": 0, "coins": 2}]}).get_json()
    assert [p["coins_change"] for p in last["players"]] == [1, 0, -1] and last["loses"] == "Cy"
    broke = client.post(FARMERS, json={"players": [*three, {"name": "Cy", "farmers": 0, "coins": 0}]}).get_json()
    assert [p["coins"] for p in broke["players"]] == [2, 1, 0] and broke["loses"] is None
    two = client.post(FARMERS, json={"players": three}).get_json()
    assert [p["coins_change"] for p in two["players"]] == [1, 0]
    assert "with 2 players nobody loses" in two["players"][1]["breakdown"][0]["label"]


@pytest.mark.parametrize(
    ("players", "loc"),
    [
        ([{"name": "Jo", "farmers": 1, "coins": 0}], "players"),
        ([{"name": f"P{i}", "farmers": i, "coins": 0} for i in range(5)], "players"),
        ([{"name": "Jo", "farmers": -1, "coins": 0}, {"name": "Kim", "farmers": 0, "coins": 0}], "players[0].farmers"),
        ([{"name": "Jo", "farmers": 1, "coins": "2"}, {"name": "Kim", "farmers": 0, "coins": 0}], "players[0].coins"),
        ([{"name": "Jo", "farmers": 1}, {"name": "Kim", "farmers": 0, "coins": 0}], "players[0].coins"),
        ([{"name": "Jo", "farmers": 1, "coins": 0}, {"name": "jo", "farmers": 0, "coins": 0}], "players[1].name"),
        (
            [{"name": "Jo", "farmers": 1, "coins": 0, "grain": 2}, {"name": "Kim", "farmers": 0, "coins": 0}],
            "players[0].grain",
        ),
    ],
)
def test_farmers_422s_are_located(client, players, loc):
    assert loc in locs(client.post(FARMERS, json={"players": players}))
