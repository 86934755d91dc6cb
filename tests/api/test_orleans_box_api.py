"""The Orléans calculators and the box: torture owed for the farmers' coin a trailer cannot pay, development levels
1 to 6, at most 10 trading stations each and 14 citizens in all, and a Sacristy that skips the event."""

import pytest

from .test_orleans_api import EVENT, FARMERS, SCORE, goods, locs


def test_farmers_a_trailer_without_a_coin_owes_torture_for_it(client):
    players = [
        {"name": "Ann", "farmers": 5, "coins": 1},
        {"name": "Ben", "farmers": 3, "coins": 1},
        {"name": "Cy", "farmers": 0, "coins": 0},
    ]
    body = client.post(FARMERS, json={"players": players}).get_json()
    answers = [(p["coins_change"], p["coins"], p["torture"]) for p in body["players"]]
    assert answers == [(1, 2, 0), (0, 1, 0), (0, 0, 1)]
    cy = body["players"][2]
    assert cy["breakdown"] == [
        {
            "label": "Furthest behind alone (space 0) with no coin to pay: owes 1 item instead (torture)",
            "points": 0,
            "rule": "orleans/farmers",
        }
    ]
    assert body["loses"] is None
    assert body["notes"] == ["Farmers: Ann gains 1 coin; Cy owes 1 item (torture)."]


def test_farmers_the_api_example_owes_no_torture(client):
    players = [
        {"name": "Jo", "farmers": 4, "coins": 3},
        {"name": "Kim", "farmers": 2, "coins": 0},
        {"name": "Lou", "farmers": 2, "coins": 5},
    ]
    body = client.post(FARMERS, json={"players": players}).get_json()
    assert [p["torture"] for p in body["players"]] == [0, 0, 0]


def test_farmers_two_players_never_owe_torture(client):
    players = [{"name": "Ann", "farmers": 5, "coins": 0}, {"name": "Ben", "farmers": 0, "coins": 0}]
    body = client.post(FARMERS, json={"players": players}).get_json()
    assert [p["torture"] for p in body["players"]] == [0, 0]


def scorer(**changes):
    return {"name": "Jo", "coins": 5, "goods": goods(), "trading_stations": 1, "development_level": 1, **changes}


@pytest.mark.parametrize(
    ("player", "loc"),
    [
        (scorer(development_level=0), "players[0].development_level"),
        (scorer(development_level=7), "players[0].development_level"),
        (scorer(trading_stations=11), "players[0].trading_stations"),
        (scorer(citizens=14), "players[0].citizens"),
    ],
)
def test_score_refuses_what_the_box_cannot_hold(client, player, loc):
    response = client.post(SCORE, json={"players": [player]})
    assert response.status_code == 422
    assert loc in locs(response)


def test_score_takes_levels_1_to_6_and_10_stations(client):
    top = client.post(SCORE, json={"players": [scorer(development_level=6, trading_stations=10, citizens=13)]})
    assert top.status_code == 200
    assert top.get_json()["players"][0]["score"] == 5 + (10 + 13 + 1) * 6  # the spare citizen too


def test_score_citizens_of_all_players_together(client):
    players = [scorer(name="Jo", citizens=7), scorer(name="Kim", citizens=7)]
    response = client.post(SCORE, json={"players": players})
    assert response.status_code == 422
    (error,) = response.get_json()["errors"]
    assert error["loc"] == "players" and "14 citizens" in error["msg"]


def payer(**changes):
    return {"name": "Jo", "coins": 0, "goods": goods(wool=3), "trading_stations": 2, "development_level": 2, **changes}


def test_event_a_player_whose_sacristy_is_active_skips_it(client):
    body = {"event": "taxes", "phase": "A", "players": [payer(), payer(name="Kim", sacristy=True)]}
    jo, kim = client.post(EVENT, json=body).get_json()["players"]
    assert (jo["coins_owed"], jo["torture"]) == (3, 3)
    assert (kim["coins_owed"], kim["coins_paid"], kim["coins_received"], kim["torture"]) == (0, 0, 0, 0)
    assert kim["explanation"] == "Kim's Sacristy is active: Kim skips the Taxes, paying and receiving nothing."
    assert kim["rule"] == "orleans/sacristy"


def test_event_sacristy_is_a_yes_or_no(client):
    body = {"event": "income", "phase": "A", "players": [payer(sacristy="yes")]}
    assert "players[0].sacristy" in locs(client.post(EVENT, json=body))


def test_event_levels_are_1_to_6(client):
    body = {"event": "income", "phase": "A", "players": [payer(development_level=0)]}
    assert "players[0].development_level" in locs(client.post(EVENT, json=body))
