"""POST /api/v1/loaf/game: a whole L'oaf game replayed from its rounds, and a located 422 for every broken rule."""

import pytest

URL = "/api/v1/loaf/game"
TRIO = ["Zach", "Steve", "Jason"]
# A review card whose sides change nothing unless minus points exist: for rounds that are not about the card.
QUIET = {"success": {"double_minus": True}, "failure": {"double_minus": True}}


def rnd(plays, average=5, review=None, **extra):
    return {"order": {"average": average}, "plays": plays, "review": review or QUIET, **extra}


def post(client, players, rounds):
    return client.post(URL, json={"players": players, "rounds": rounds})


def even_rounds(count, players=TRIO):
    """`count` rounds where everyone plays the order's average (1, 2, 3...): successes that move nobody."""
    return [rnd(dict.fromkeys(players, n), average=n) for n in range(1, count + 1)]


def problems(response):
    assert response.status_code == 422, response.get_json()
    errors = response.get_json()["errors"]
    assert all(e["msg"] for e in errors)
    return [(e["loc"], e["msg"]) for e in errors]


def test_the_api_example_is_the_rulebook_example(client):
    review = {"success": {"target": "highest", "reputation": 1}, "failure": {"target": "bad", "reputation": -2}}
    response = post(client, TRIO, [rnd({"Zach": 6, "Steve": 4, "Jason": 7}, review=review)])
    assert response.status_code == 200
    body = response.get_json()
    (first,) = body["rounds"]
    assert (first["total"], first["target"], first["outcome"]) == (17, 15, "success")
    assert first["changes"][0] == {
        "player": "Jason",
        "delta": 2,
        "reason": "Jason played 7, 2 above the order's 5: +2",
        "rule": "loaf/reputation",
    }
    assert [(c["player"], c["delta"]) for c in first["changes"]] == [("Jason", 2), ("Jason", 1)]
    assert (body["happy"], body["angry"], body["ended"], body["ended_by"]) == (1, 0, False, None)
    jason = body["players"][2]
    assert (jason["name"], jason["reputation"], jason["fired"]) == ("Jason", 3, False)
    assert jason["hand"] == [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11]
    assert "score" not in jason and "winners" not in body


def test_a_printed_total_replaces_average_times_players(client):
    first = rnd({"Zach": 6, "Steve": 4, "Jason": 7}) | {"order": {"average": 5, "total": 18}}
    body = post(client, TRIO, [first]).get_json()
    assert (body["rounds"][0]["target"], body["rounds"][0]["outcome"], body["angry"]) == (18, "failure", 1)
    assert [(c["player"], c["delta"]) for c in body["rounds"][0]["changes"]] == [("Steve", -1)]


def test_five_successes_end_the_game_and_a_tie_goes_to_the_lower_reputation(client):
    good = {"success": {"target": "good", "reputation": 1}, "failure": {"target": "bad", "reputation": -1}}
    rounds = [rnd({"A": 2, "B": 1}, average=0, review=good)]
    rounds += [rnd({"A": n, "B": n}, average=n, review=good) for n in (3, 4, 5, 6)]
    body = post(client, ["A", "B"], rounds).get_json()
    assert (body["ended"], body["ended_by"], body["happy"]) == (True, "happy", 5)
    a, b = body["players"]
    assert (a["reputation"], b["reputation"]) == (7, 5)
    # The board gives 4 for 7 and 3 for 5: the hands' one point between them is made up.
    assert (a["score"], b["score"]) == (46 + 4, 47 + 3)
    assert a["breakdown"][1] == {
        "label": "Reputation 7: 4 bonus points, read off the reputation board (7 to 9 gives 4)",
        "points": 4,
        "rule": "loaf/bonus-points",
    }
    for player in (a, b):
        assert sum(line["points"] for line in player["breakdown"]) == player["score"]
    assert body["winners"] == ["B"]
    assert "B wins with the lowest reputation among them (5)" in " ".join(body["notes"])


def test_five_failures_fire_everyone_below_zero(client):
    bad = {"success": {"target": "highest", "reputation": 2}, "failure": {"target": "bad", "reputation": -1}}
    plays = [(0, 4), (1, 5), (2, 6), (3, 8), (4, 7)]
    rounds = [rnd({"A": a, "B": b}, average=6, review=bad) for a, b in plays]
    body = post(client, ["A", "B"], rounds).get_json()
    assert (body["ended_by"], body["angry"]) == ("angry", 5)
    a, b = body["players"]
    assert (a["reputation"], a["fired"], b["reputation"], b["fired"]) == (-10, True, 0, False)
    assert (a["score"], b["score"]) == (0, 66 - 30)
    assert body["winners"] == ["B"]


def test_a_discard_choice_is_read_from_the_round(client):
    discard = {"success": {"target": "highest", "discard": 1}, "failure": {"target": "lowest", "reputation": -1}}
    body = post(client, ["A", "B"], [rnd({"A": 7, "B": 4}, review=discard, choices={"A": {"discard": [3]}})])
    a = body.get_json()["players"][0]
    assert 3 not in a["hand"] and 7 not in a["hand"]
    assert a["discards"] == [3, 7]


def test_a_round_after_the_end_is_a_422_naming_the_round(client):
    found = problems(post(client, TRIO, even_rounds(6)))
    assert found == [("rounds[5]", "Round 6: the game ended after round 5, when the Happy Boss reached 5")]


def test_a_card_no_longer_in_hand_is_a_422_naming_round_and_player(client):
    rounds = [rnd({"Zach": 6, "Steve": 4, "Jason": 7}), rnd({"Zach": 5, "Steve": 3, "Jason": 7})]
    loc, msg = problems(post(client, TRIO, rounds))[0]
    assert loc == "rounds[1].plays.Jason"
    assert msg.startswith("Round 2: Jason no longer holds the 7")


def test_a_missing_player_is_a_422_naming_round_and_player(client):
    rounds = [rnd({"Zach": 6, "Steve": 4, "Jason": 7}), rnd({"Zach": 5, "Jason": 8})]
    assert problems(post(client, TRIO, rounds)) == [
        ("rounds[1].plays.Steve", "Round 2: Steve played no card; every player with cards in hand plays one")
    ]


@pytest.mark.parametrize("card", [12, -1, 99])
def test_a_card_outside_0_to_11_is_a_422_naming_round_and_player(client, card):
    found = problems(post(client, TRIO, [rnd({"Zach": card, "Steve": 4, "Jason": 7})]))
    assert found == [("rounds[0].plays.Zach", f"Round 1: Zach played {card}, but work cards go from 0 to 11")]


def test_a_player_not_in_the_game_is_a_422(client):
    found = problems(post(client, TRIO, [rnd({"Zach": 6, "Steve": 4, "Jason": 7, "Ann": 2})]))
    assert ("rounds[0].plays.Ann", "Round 1: Ann is not a player in this game") in found


def test_a_missing_choice_is_a_422_listing_the_legal_cards(client):
    back = {"success": {"target": "highest", "take_back_lower": 2}, "failure": {"target": "lowest", "reputation": -1}}
    found = problems(post(client, ["A", "B"], [rnd({"A": 7, "B": 4}, review=back)]))
    assert found == [
        (
            "rounds[0].choices.A.take_back",
            "Round 1: A must pick the card(s) to discard after taking the played card back: choose 1 of the 5 and 6",
        )
    ]


@pytest.mark.parametrize(
    ("body", "loc"),
    [
        ({"players": TRIO, "rounds": [rnd({"Zach": "6", "Steve": 4, "Jason": 7})]}, "rounds[0].plays.Zach"),
        ({"players": TRIO, "rounds": [rnd({"Zach": 6.0, "Steve": 4, "Jason": 7})]}, "rounds[0].plays.Zach"),
        ({"players": TRIO, "rounds": [rnd({"Zach": True, "Steve": 4, "Jason": 7})]}, "rounds[0].plays.Zach"),
        ({"players": TRIO, "rounds": [rnd({"Zach": 6, "Steve": 4, "Jason": 7}, extra=1)]}, "rounds[0].extra"),
        ({"players": TRIO, "rounds": [{"order": {"average": 5}, "plays": {}}]}, "rounds[0].review"),
        ({"players": ["Ann", "ann"]}, "players[1]"),
        ({"players": ["Ann"]}, "players"),
        ({"players": [str(i) for i in range(7)]}, "players"),
        ({"players": ["Ann", " "]}, "players[1]"),
        (
            {"players": TRIO, "rounds": [rnd({"Zach": 6, "Steve": 4, "Jason": 7}, average=12)]},
            "rounds[0].order.average",
        ),
        (
            {"players": TRIO, "rounds": [rnd({"Zach": 6, "Steve": 4, "Jason": 7}, review={**QUIET, "success": {}})]},
            "rounds[0].review.success",
        ),
        (
            {
                "players": TRIO,
                "rounds": [
                    rnd(
                        {"Zach": 6, "Steve": 4, "Jason": 7},
                        review={**QUIET, "success": {"target": "top", "reputation": 1}},
                    )
                ],
            },
            "rounds[0].review.success.target",
        ),
    ],
)
def test_each_broken_rule_is_a_located_422(client, body, loc):
    found = problems(client.post(URL, json=body))
    assert loc in [where for where, _ in found]


def test_a_body_that_is_not_a_json_object_is_a_400(client):
    response = client.post(URL, data=b"[1, 2]", content_type="application/json")
    assert response.status_code == 400


def test_the_openapi_document_describes_the_game_endpoint(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    operation = doc["paths"]["/api/v1/loaf/game"]["post"]
    answer = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert {"rounds", "happy", "angry", "ended", "ended_by", "players"} <= set(answer["required"])
    assert "LoafGameRequest" in doc["components"]["schemas"]


@pytest.mark.parametrize(("reputation", "bonus"), [(0, 0), (1, 2), (3, 2), (4, 3), (6, 3), (7, 4), (9, 4), (10, 5)])
def test_the_reputation_bonus_is_the_one_on_the_board(client, reputation, bonus):
    # A plays `reputation` above an order of 0 and gains it all; then four rounds where both play the average.
    rounds = [rnd({"A": reputation, "B": 0}, average=0)]
    rounds += [rnd({"A": n, "B": n}, average=n) for n in [c for c in (11, 10, 9, 8, 7) if c != reputation][:4]]
    body = post(client, ["A", "B"], rounds).get_json()
    assert body["ended_by"] == "happy"
    a = body["players"][0]
    assert a["reputation"] == reputation
    assert a["breakdown"][1]["points"] == bonus
    assert a["breakdown"][1]["rule"] == "loaf/bonus-points"
    assert a["score"] == sum(a["hand"]) + bonus


def test_an_empty_side_that_counts_one_keeps_the_game_going(client):
    empty = {"success": {"empty": True}, "failure": {"empty_double": True}}
    rounds = [rnd({"A": n, "B": n}, average=n) for n in (1, 2, 3)]
    body = post(client, ["A", "B"], [*rounds, rnd({"A": 4, "B": 4}, average=4, review=empty)]).get_json()
    assert (body["happy"], body["ended"]) == (4, False)
    assert body["happy_row"][-1] == {"round": 4, "effect": {"empty": True}, "counts": 1}
    doubled = {"success": {"empty_double": True}, "failure": {"empty": True}}
    body = post(client, ["A", "B"], [*rounds, rnd({"A": 4, "B": 4}, average=4, review=doubled)]).get_json()
    assert (body["happy"], body["ended_by"]) == (5, "happy")
