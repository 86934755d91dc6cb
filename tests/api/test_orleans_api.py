"""The Orléans calculators: event, torture and score, with the API's examples and every 422 located (the Farmers
step's calculator is in test_orleans_farmers_api)."""

import copy

import pytest

EVENT = "/api/v1/orleans/event"
TORTURE = "/api/v1/orleans/torture"
SCORE = "/api/v1/orleans/score"
FARMERS = "/api/v1/orleans/farmers"


def goods(**counts):
    return {"grain": 0, "cheese": 0, "wine": 0, "wool": 0, "brocade": 0, **counts}


def scorer(**changes):
    base = {
        "name": "Jo",
        "coins": 14,
        "goods": goods(grain=3, cheese=2, wine=1, brocade=1),
        "trading_stations": 4,
        "citizens": 2,
        "development_level": 3,
        "development_position": 12,
    }
    return {**base, **changes}


def payer(**changes):
    base = {"name": "Jo", "coins": 3, "goods": goods(cheese=1, wool=2), "trading_stations": 2, "development_level": 2}
    return {**base, **changes}


def event_body(players=None, **changes):
    return {"event": "harvest", "phase": "B", "players": [payer()] if players is None else players, **changes}


def torture_body(**changes):
    body = {
        "owed": 3,
        "player": {
            "name": "Jo",
            "goods": goods(wool=2),
            "trading_stations": 2,
            "followers_in_bag": 3,
            "development_position": 10,
            "coin_spaces": [7, 12, 25],
            "place_tiles": 1,
            "technology_tiles": 0,
        },
        "give_up": [{"item": "goods", "good": "wool"}, {"item": "development"}, {"item": "trading_station"}],
    }
    body = copy.deepcopy(body)
    player = changes.pop("player", {})
    body["player"].update(player)
    return {**body, **changes}


def locs(response):
    assert response.status_code == 422, response.get_json()
    errors = response.get_json()["errors"]
    assert all(e["msg"] for e in errors)
    return [e["loc"] for e in errors]


# ---- 200s: the API's own examples ----


def test_score_of_the_api_example(client):
    body = client.post(SCORE, json={"players": [scorer()]}).get_json()
    jo = body["players"][0]
    # 14 coins + goods 3 + 4 + 3 + 5 + (4 stations + 2 citizens + the spare citizen) × level 3
    assert jo["score"] == 14 + 15 + 7 * 3
    assert sum(line["points"] for line in jo["breakdown"]) == jo["score"]
    assert {line["rule"] for line in jo["breakdown"]} <= {
        "orleans/coins",
        "orleans/goods",
        "orleans/development",
        "orleans/citizens",
        "orleans/spare-citizen",
    }
    assert body["winners"] == ["Jo"]


def test_a_tie_goes_to_the_furthest_on_the_development_track(client):
    players = [scorer(name="Jo", development_position=12), scorer(name="Ana", development_position=14)]
    body = client.post(SCORE, json={"players": players}).get_json()
    assert [p["score"] for p in body["players"]] == [14 + 15 + 6 * 3] * 2  # tied stations: no spare citizen
    assert body["winners"] == ["Ana"]


def test_event_of_the_api_example(client):
    response = client.post(EVENT, json=event_body())
    assert response.status_code == 200
    jo = response.get_json()["players"][0]
    # Harvest in phase B: 2 food; Jo returns the cheese, the missing food costs 5, Jo has 3: 2 short.
    assert jo["food_paid"] == {"grain": 0, "cheese": 1, "wine": 0}
    assert (jo["coins_paid"], jo["coins_received"], jo["torture"]) == (3, 0, 2)
    assert jo["after"] == {"coins": 0, "goods": goods(wool=2)}


def test_event_with_a_food_choice_and_the_classic_rules(client):
    players = [payer(goods=goods(grain=2, wine=1), food={"wine": 1})]
    jo = client.post(EVENT, json=event_body(players, rules="classic", phase="C")).get_json()["players"][0]
    assert jo["food_paid"] == {"grain": 0, "cheese": 0, "wine": 1}  # classic: 1 food in every phase
    assert jo["torture"] == 0


@pytest.mark.parametrize(
    ("event", "phase", "rules", "paid", "received"),
    [
        ("taxes", "A", "phased", 3, 0),  # 3 goods at 1 coin each
        ("taxes", "C", "classic", 1, 0),  # 3 goods at 1 coin per 3
        ("income", "A", "phased", 0, 6),  # level 2 × 3
        ("trading_day", "B", "phased", 0, 4),  # 2 stations × 2
        ("trading_day", "A", "classic", 0, 2),  # 2 stations × 1
    ],
)
def test_each_event_pays_or_charges_by_its_amount(client, event, phase, rules, paid, received):
    body = event_body(event=event, phase=phase, rules=rules)
    jo = client.post(EVENT, json=body).get_json()["players"][0]
    assert (jo["coins_paid"], jo["coins_received"], jo["torture"]) == (paid, received, 0)


def test_torture_of_the_api_example(client):
    response = client.post(TORTURE, json=torture_body())
    assert response.status_code == 200
    player = response.get_json()["player"]
    assert player["goods"] == goods(wool=1)
    assert player["development_position"] == 9
    assert player["trading_stations"] == 1
    assert (player["followers_in_bag"], player["place_tiles"], player["coin_spaces"]) == (3, 1, [7, 12, 25])


def test_a_follower_leaves_the_bag_and_a_player_out_of_items_drops_the_rest(client):
    body = torture_body(
        owed=5,
        player={"goods": goods(), "trading_stations": 0, "followers_in_bag": 1, "development_position": 8},
        give_up=[{"item": "follower"}, {"item": "place_tile"}],
    )
    answer = client.post(TORTURE, json=body).get_json()
    assert answer["player"]["followers_in_bag"] == 0
    assert answer["player"]["place_tiles"] == 0
    assert answer["dropped"] == 3


# ---- 422s ----


@pytest.mark.parametrize(
    ("players", "loc"),
    [
        ([scorer(coins=2.5)], "players[0].coins"),
        ([scorer(coins="2")], "players[0].coins"),
        ([scorer(coins=True)], "players[0].coins"),
        ([scorer(citizens=-1)], "players[0].citizens"),
        ([scorer(money=3)], "players[0].money"),
        ([scorer(goods={"silk": 1})], "players[0].goods.silk"),
        ([scorer(name="  ")], "players[0].name"),
        ([scorer(name="x" * 41)], "players[0].name"),
        ([{"name": "Jo", "goods": goods(), "trading_stations": 0, "development_level": 0}], "players[0].coins"),
        ([scorer(name="Jo"), scorer(name="jo")], "players[1].name"),
        ([scorer(goods=goods(brocade=13))], "players[0].goods.brocade"),
        ([scorer(name="Jo", goods=goods(wool=8)), scorer(name="Ana", goods=goods(wool=8))], "players"),
        ([scorer(name=str(i)) for i in range(5)], "players"),
        ([], "players"),
    ],
)
def test_score_422s_are_located(client, players, loc):
    assert loc in locs(client.post(SCORE, json={"players": players}))


@pytest.mark.parametrize(
    ("body", "loc"),
    [
        (event_body(event="plague"), "event"),
        (event_body(phase="D"), "phase"),
        (event_body(phase="b"), "phase"),
        (event_body(rules="house"), "rules"),
        ({"event": "harvest", "players": [payer()]}, "phase"),
        (event_body(players=[]), "players"),
        (event_body(players=[payer(coins=-3)]), "players[0].coins"),
        (event_body(players=[payer(development_level="2")]), "players[0].development_level"),
        (event_body(players=[payer(name="Jo"), payer(name="JO")]), "players[1].name"),
        (event_body(players=[payer(food={"wine": 1})]), "players[0].food.wine"),  # Jo holds no wine
        (event_body(players=[payer(goods=goods(grain=3), food={"grain": 1})]), "players[0].food"),  # 2 owed
        (event_body(players=[payer(food={"wool": 1})]), "players[0].food.wool"),  # wool is no food
        (event_body(event="taxes", players=[payer(food={"cheese": 1})]), "players"),
        (event_body(players=[payer(goods=goods(grain=25))]), "players[0].goods.grain"),
        (event_body(colour="red"), "colour"),
    ],
)
def test_event_422s_are_located(client, body, loc):
    assert loc in locs(client.post(EVENT, json=body))


@pytest.mark.parametrize(
    ("body", "loc"),
    [
        (torture_body(give_up=[{"item": "goods", "good": "wool"}]), "give_up"),  # 1 of 3
        (torture_body(owed=1, give_up=[{"item": "technology_tile"}]), "give_up[0]"),  # none held
        (torture_body(owed=1, player={"development_position": 8}, give_up=[{"item": "development"}]), "give_up[0]"),
        (torture_body(owed=1, player={"development_position": 0}, give_up=[{"item": "development"}]), "give_up[0]"),
        (torture_body(owed=1, give_up=[{"item": "goods"}]), "give_up[0].good"),
        (torture_body(owed=1, give_up=[{"item": "goods", "good": "grain"}]), "give_up[0]"),  # no grain
        (torture_body(owed=1, give_up=[{"item": "follower", "good": "wool"}]), "give_up[0].good"),
        (torture_body(owed=1, give_up=[{"item": "horse"}]), "give_up[0].item"),
        (torture_body(owed=1, give_up=[{"item": "goods", "good": "silk"}]), "give_up[0].good"),
        (torture_body(player={"coins": 2}), "player.coins"),  # coins are paid before torture
        (torture_body(player={"coin_spaces": [0, 12]}), "player.coin_spaces[0]"),
        (torture_body(player={"followers_in_bag": 1.0}), "player.followers_in_bag"),
        (torture_body(owed="3"), "owed"),
        ({"owed": 1, "player": torture_body()["player"]}, "give_up"),
        (torture_body(player={"name": ""}), "player.name"),
    ],
)
def test_torture_422s_are_located(client, body, loc):
    assert loc in locs(client.post(TORTURE, json=body))


def test_two_blocked_steps_back_are_both_reported(client):
    body = torture_body(owed=2, player={"development_position": 13}, give_up=[{"item": "development"}] * 2)
    # 13 -> 12 lands on a coin space: the first step is already refused, and so is the second.
    assert locs(client.post(TORTURE, json=body)) == ["give_up[0]", "give_up[1]"]


def test_a_marker_on_a_coin_space_cannot_step_back_and_the_422_says_why(client):
    body = torture_body(owed=1, player={"development_position": 12}, give_up=[{"item": "development"}])
    response = client.post(TORTURE, json=body)
    assert response.status_code == 422
    assert response.get_json()["errors"] == [
        {"loc": "give_up[0]", "msg": "Jo's development marker stands on a coin space (space 12): it cannot step back"}
    ]
    # Off the coin spaces, a marker may step back (here from 11 to 10).
    moved = torture_body(owed=1, player={"development_position": 11}, give_up=[{"item": "development"}])
    assert client.post(TORTURE, json=moved).get_json()["player"]["development_position"] == 10


@pytest.mark.parametrize("url", [EVENT, TORTURE, SCORE, FARMERS])
def test_a_body_that_is_not_an_object_is_400(client, url):
    response = client.post(url, data=b"[1]", content_type="application/json")
    assert response.status_code == 400


def test_openapi_lists_the_four_orleans_endpoints_with_their_answers(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    for name in ("event", "farmers", "torture", "score"):
        assert "422" in paths[f"/api/v1/orleans/{name}"]["post"]["responses"]
    event = paths["/api/v1/orleans/event"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert "torture" in event["properties"]["players"]["items"]["required"]
    farmers = paths["/api/v1/orleans/farmers"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert "coins_change" in farmers["properties"]["players"]["items"]["required"]
