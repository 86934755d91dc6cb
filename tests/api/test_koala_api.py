"""POST /api/v1/koala/score: the API example, each Koala ruling through the JSON contract, and every 422."""

from __future__ import annotations

import pytest

URL = "/api/v1/koala/score"


def example() -> dict:
    return {
        "teams": False,
        "players": [{"name": "Ann", "feasts": 1}, {"name": "Ben", "feasts": 0}, {"name": "Cy", "feasts": 2}],
        "caves": [
            {"white": "Ann", "black": "Ben", "pizza": 7, "hamburger": 2, "spaghetti": 0},
            {"white": "Cy", "black": None, "pizza": 3, "hamburger": 2, "spaghetti": 4},
            {"white": None, "black": None, "pizza": 0, "hamburger": 5, "spaghetti": 1},
        ],
    }


def post(client, body: dict):
    response = client.post(URL, json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def refused(client, body: dict) -> dict[str, str]:
    response = client.post(URL, json=body)
    assert response.status_code == 422, response.get_json()
    errors = response.get_json()["errors"]
    assert all(e["msg"] for e in errors)
    return {e["loc"]: e["msg"] for e in errors}


def table(names: list[str], caves: list[tuple], teams: list[str] | None = None, feasts: dict | None = None) -> dict:
    """caves: (white, black, pizza, hamburger, spaghetti) each."""
    players = [{"name": n, "feasts": (feasts or {}).get(n, 0)} for n in names]
    if teams is not None:
        for player, team in zip(players, teams, strict=True):
            player["team"] = team
    keys = ("white", "black", "pizza", "hamburger", "spaghetti")
    return {"teams": teams is not None, "players": players, "caves": [dict(zip(keys, c, strict=True)) for c in caves]}


def test_the_api_example(client):
    body = post(client, example())
    scores = {p["name"]: p["score"] for p in body["players"]}
    assert scores == {"Ann": 3, "Ben": 2, "Cy": 4}
    for player in body["players"]:
        assert sum(line["points"] for line in player["breakdown"]) == player["score"]
        assert {line["rule"] for line in player["breakdown"]} <= {"koala/food-majority", "koala/feasts"}
    assert body["units"] == [
        {"names": ["Ann", "Ben"], "points": 5, "food": 9},
        {"names": ["Cy"], "points": 4, "food": 9},
    ]
    assert body["winners"] == ["Ann", "Ben"]


def test_optional_fields_default_to_nobody_and_zero(client):
    body = {
        "players": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy"}],
        "caves": [{"white": "Ann", "pizza": 1}, {"white": "Ben"}, {"white": "Cy"}],
    }
    assert post(client, body)["winners"] == ["Ann"]


@pytest.mark.parametrize(("players", "caves"), [(3, 3), (6, 6), (7, 6), (10, 6)])
def test_caves_are_the_player_count_at_most_six(client, players, caves):
    names = [f"P{i}" for i in range(players)]
    rows = [(names[i], names[i + caves] if i + caves < players else None, 0, 0, 0) for i in range(caves)]
    assert len(post(client, table(names, rows))["units"]) == caves
    one_more = table(names, [*rows, (None, None, 0, 0, 0)])
    assert f"there are {caves} caves; {caves + 1} were entered" in refused(client, one_more)["caves"]


def test_food_majority_two_for_the_single_most_one_for_ties_none_for_an_empty_food(client):
    body = post(client, table(["A", "B", "C"], [("A", None, 5, 3, 0), ("B", None, 2, 3, 0), ("C", None, 1, 0, 0)]))
    scores = {p["name"]: p["score"] for p in body["players"]}
    # pizza: A alone 2; hamburger: A and B tied 1 each; spaghetti: nobody has any
    assert scores == {"A": 3, "B": 1, "C": 0}
    spaghetti = body["players"][0]["breakdown"][2]
    assert (spaghetti["label"], spaghetti["points"]) == ("Spaghetti: no cave holds any", 0)


def test_an_empty_cave_scores_for_nobody_but_can_hold_the_most(client):
    body = post(client, table(["A", "B", "C"], [("A", "B", 1, 0, 0), ("C", None, 0, 0, 0), (None, None, 9, 0, 0)]))
    assert all(p["score"] == 0 for p in body["players"])
    assert body["units"] == [{"names": ["A", "B"], "points": 0, "food": 1}, {"names": ["C"], "points": 0, "food": 0}]


def test_feasts_count_for_their_holder_only_and_a_koalation_adds_up(client):
    body = post(
        client,
        table(["A", "B", "C"], [("A", "B", 0, 0, 0), ("C", None, 0, 0, 0), (None, None, 0, 0, 0)], feasts={"A": 2}),
    )
    assert {p["name"]: p["score"] for p in body["players"]} == {"A": 2, "B": 0, "C": 0}
    assert body["units"][0]["points"] == 2


def test_a_tie_on_points_goes_to_the_cave_with_more_food(client):
    caves = [("A", None, 4, 0, 3), ("B", None, 0, 6, 3), ("C", None, 0, 0, 0)]
    body = post(client, table(["A", "B", "C"], caves))
    assert [u["points"] for u in body["units"]] == [3, 3, 0]
    assert body["winners"] == ["B"]
    assert "more food" in body["notes"][0]


def test_a_tie_on_points_and_food_is_shared(client):
    caves = [("A", None, 3, 0, 0), ("B", None, 0, 3, 0), ("C", None, 0, 0, 0)]
    assert post(client, table(["A", "B", "C"], caves))["winners"] == ["A", "B"]


def test_teams_add_each_players_own_points(client):
    caves = [
        ("A", "E", 5, 0, 0),
        ("B", None, 0, 5, 0),
        ("C", None, 0, 0, 5),
        ("D", None, 0, 0, 0),
        (None, None, 0, 0, 0),
    ]
    body = post(client, table(list("ABCDE"), caves, ["x", "y", "x", "y", "?"], feasts={"D": 1}))
    units = {u["team"]: u for u in body["units"]}
    # x: A 2 + C 2 = 4; y: B 2 + D 1 = 3; E (?) scores 2 from cave 1 and joins y, the team with fewest
    assert units["x"]["points"] == 4
    assert units["y"]["names"] == ["B", "D", "E"]
    assert units["y"]["points"] == 5
    assert body["winners"] == ["B", "D", "E"]


def test_a_question_mark_player_counts_for_every_team_tied_for_fewest(client):
    caves = [
        ("A", None, 0, 0, 0),
        ("B", None, 0, 0, 0),
        ("C", None, 0, 0, 0),
        ("D", None, 0, 0, 0),
        ("E", None, 0, 0, 3),
    ]
    body = post(client, table(list("ABCDE"), caves, ["x", "x", "y", "y", "?"]))
    assert [(u["team"], u["names"], u["points"]) for u in body["units"]] == [
        ("x", ["A", "B", "E"], 2),
        ("y", ["C", "D", "E"], 2),
    ]
    assert body["winners"] == ["A", "B", "C", "D", "E"]
    assert "joins each of them" in body["notes"][0]


def test_two_question_marks_with_ten_players_are_a_team(client):
    names = [f"P{i}" for i in range(10)]
    caves = [(names[i], names[i + 5] if 1 <= i <= 4 else None, 9 if i == 0 else 0, 0, 0) for i in range(6)]
    teams = ["a", "b", "c", "d", "b", "a", "?", "c", "d", "?"]
    body = post(client, table(names, caves, teams, feasts={"P6": 1}))
    question = next(u for u in body["units"] if u["team"] == "?")
    assert question["names"] == ["P6", "P9"]
    assert question["points"] == 1
    assert body["winners"] == ["P0", "P5"]
    assert "team of their own" in body["notes"][0]


def test_tied_teams_share_the_win(client):
    caves = [("A", None, 5, 0, 0), ("B", None, 0, 5, 0), ("C", None, 0, 0, 0), ("D", None, 0, 0, 0)]
    body = post(client, table(list("ABCD"), caves, ["x", "y", "x", "y"]))
    assert body["winners"] == ["A", "B", "C", "D"]


@pytest.mark.parametrize(
    ("change", "loc", "words"),
    [
        (lambda b: b["caves"][1].update(white="Ann"), "caves[1].white", "already sits at cave 1"),
        (lambda b: b["caves"][1].update(black="Ben"), "caves[1].black", "already sits at cave 1"),
        (
            lambda b: b["caves"][2].update(black="Cy", white=None) or b["caves"][1].update(white=None),
            "caves[2].black",
            "no white koala",
        ),
        (lambda b: b["caves"].pop(), "caves", "there are 3 caves; 2 were entered"),
        (lambda b: b["caves"].append({}), "caves", "there are 3 caves; 4 were entered"),
        (lambda b: b["caves"][0].update(pizza=23), "caves[0].pizza", "only 22 Pizza cards exist"),
        (lambda b: b["caves"][1].update(pizza=16), "caves", "the caves hold 23 together"),
        (lambda b: b["players"][0].update(feasts=9), "players[0].feasts", "only 8 feast cards"),
        (lambda b: b["players"][2].update(feasts=8), "players", "feast cards exist; the players hold 9"),
        (lambda b: b["caves"][1].update(white="Zed"), "caves[1].white", "no player is called Zed"),
        (lambda b: b["players"].append({"name": "ann"}), "players[3].name", "two players are called ann"),
        (lambda b: b["players"][0].update(team="red"), "players[0].team", "not played in teams"),
        (lambda b: b.update(players=b["players"][:2]), "players", "for 3 to 10 players"),
    ],
)
def test_each_broken_rule_is_a_located_422(client, change, loc, words):
    body = example()
    change(body)
    errors = refused(client, body)
    assert loc in errors, errors
    assert words in errors[loc]


def test_a_player_at_no_cave_is_a_422(client):
    body = example()
    body["caves"][0]["black"] = None
    assert "Ben sits at no cave" in refused(client, body)["players[1]"]


def test_feasts_need_the_food_they_sent_out_of_the_game(client):
    body = example()
    body["caves"][0]["pizza"] = 19
    body["caves"][2]["hamburger"] = 18
    body["caves"][1]["spaghetti"] = 17
    # 0 pizza, 0 hamburger and 4 spaghetti are out of the caves: no room for one feast of 6 cards, yet 3 are held
    assert "room for at most 0 feasts" in refused(client, body)["players"]


@pytest.mark.parametrize(
    ("team_list", "loc", "words"),
    [
        (["x", "y", "x", None], "players[3].team", "has no team"),
        (["x", "x", "x", "y"], "players[2].team", "a team is two players"),
        (["x", "y", "x", "?"], "players", "nobody has the ? card"),
    ],
)
def test_team_problems_are_422(client, team_list, loc, words):
    caves = [("A", None, 0, 0, 0), ("B", None, 0, 0, 0), ("C", None, 0, 0, 0), ("D", None, 0, 0, 0)]
    body = table(list("ABCD"), caves, ["t"] * 4)
    for player, team in zip(body["players"], team_list, strict=True):
        if team is None:
            del player["team"]
        else:
            player["team"] = team
    errors = refused(client, body)
    assert loc in errors, errors
    assert words in errors[loc]


def test_teams_need_four_players(client):
    body = example()
    body["teams"] = True
    for player, team in zip(body["players"], ["x", "x", "?"], strict=True):
        player["team"] = team
    assert "at least 4 players" in refused(client, body)["teams"]


@pytest.mark.parametrize("bad", [2.5, "2", True, -1, None])
def test_counts_are_json_integers_of_zero_or_more(client, bad):
    body = example()
    body["caves"][0]["pizza"] = bad
    assert "caves[0].pizza" in refused(client, body)


@pytest.mark.parametrize(
    ("change", "loc"),
    [
        (lambda b: b["caves"][0].update(pizzas=1), "caves[0].pizzas"),
        (lambda b: b["players"][0].update(feast=1), "players[0].feast"),
        (lambda b: b.update(team=True), "team"),
        (lambda b: b.update(teams="yes"), "teams"),
        (lambda b: b["players"][0].update(name="  "), "players[0].name"),
        (lambda b: b["players"][0].update(name="x" * 41), "players[0].name"),
        (lambda b: b.pop("caves"), "caves"),
    ],
)
def test_shape_problems_are_located_422(client, change, loc):
    body = example()
    change(body)
    assert loc in refused(client, body)


def test_every_problem_is_listed_at_once(client):
    body = example()
    body["caves"][1]["white"] = "Ann"
    body["caves"][0]["pizza"] = 30
    body["players"][2]["feasts"] = 9
    errors = refused(client, body)
    assert {"caves[1].white", "caves[0].pizza", "players[2].feasts"} <= set(errors)


def test_the_openapi_document_lists_the_koala_calculator(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    operation = doc["paths"]["/api/v1/koala/score"]["post"]
    assert {"200", "400", "413", "422"} <= set(operation["responses"])
