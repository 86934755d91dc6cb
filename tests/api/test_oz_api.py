"""POST /api/v1/oz/score: the rulebook's example, every story type, winners, and each broken rule as a located 422."""

import copy

import pytest

URL = "/api/v1/oz/score"

PHILIPPE = {
    "name": "Philippe",
    "hand": {"dorothy": 4, "lion": 4, "scarecrow": 2, "robot": 0, "toto": 3, "oz": 3, "glinda": 1, "witch": 1},
    "stories": [
        {"type": "pair", "characters": ["dorothy", "lion"], "points": 2},
        {"type": "majority", "character": "lion", "points": 5},
        {"type": "at_most", "character": "scarecrow", "max": 1, "points": 4},
        {"type": "plus_minus", "character": "oz", "points": 3, "minus": ["glinda", "witch"], "penalty": 1},
    ],
}
ANNA = {"name": "Anna", "hand": {"dorothy": 3, "lion": 2, "scarecrow": 4, "robot": 4, "toto": 3, "oz": 1, "glinda": 1}}
BRUNO = {
    "name": "Bruno",
    "hand": {"dorothy": 1, "lion": 2, "scarecrow": 2, "robot": 4, "toto": 2, "oz": 2, "glinda": 3, "witch": 2},
}


def table(**changes):
    """The rulebook's three players, with `changes` applied to a deep copy of Philippe."""
    philippe = copy.deepcopy(PHILIPPE) | changes
    return {"players": [philippe, copy.deepcopy(ANNA), copy.deepcopy(BRUNO)]}


def post(client, body):
    return client.post(URL, json=body)


def errors_of(client, body):
    response = post(client, body)
    assert response.status_code == 422, response.get_json()
    errors = response.get_json()["errors"]
    assert all(e["msg"] for e in errors)
    return errors


def test_the_rulebook_example_scores_20_with_its_four_stories(client):
    response = post(client, table())
    assert response.status_code == 200
    body = response.get_json()
    philippe = body["players"][0]
    assert [line["points"] for line in philippe["breakdown"]] == [8, 5, 0, 7]
    assert philippe["score"] == 20
    assert [line["rule"] for line in philippe["breakdown"]] == [
        "oz/story-pair",
        "oz/story-majority",
        "oz/story-at-most",
        "oz/story-plus-minus",
    ]
    assert philippe["breakdown"][0]["label"] == "4 pairs of Dorothy + Lion × 2"
    assert philippe["cards"] == 18 and philippe["warnings"] == []
    assert body["winners"] == ["Philippe"]
    assert body["expected_hand_size"] == 18 and body["copies_per_character"] == 9


HAND = {"dorothy": 3, "lion": 4, "scarecrow": 2, "robot": 1, "toto": 5, "oz": 2, "glinda": 0, "witch": 1}


@pytest.mark.parametrize(
    ("story", "points"),
    [
        ({"type": "each", "character": "lion", "points": 1}, 4),
        ({"type": "pair", "characters": ["dorothy", "scarecrow"], "points": 2}, 4),
        ({"type": "twins", "character": "toto", "points": 3}, 6),
        ({"type": "set", "characters": ["dorothy", "lion", "scarecrow", "robot"], "points": 4}, 4),
        ({"type": "triples", "characters": ["dorothy", "toto", "oz"], "points": [2, 7, 12]}, 7),
        ({"type": "at_most", "character": "robot", "max": 1, "points": 4}, 4),
        ({"type": "majority", "character": "toto", "points": 5}, 5),
        ({"type": "most_among_players", "character": "glinda", "points": 8}, 0),
        ({"type": "plus_minus", "character": "oz", "points": 3, "minus": ["glinda", "witch"], "penalty": 1}, 5),
    ],
    ids=lambda value: value["type"] if isinstance(value, dict) else str(value),
)
def test_each_story_type_scores_through_the_api(client, story, points):
    body = {"players": [{"name": "Me", "hand": HAND, "stories": [story]}, {"name": "You", "hand": {"glinda": 1}}]}
    response = post(client, body)
    assert response.status_code == 200, response.get_json()
    me = response.get_json()["players"][0]
    assert me["score"] == points
    assert me["breakdown"][0]["points"] == points
    assert me["breakdown"][0]["rule"] == "oz/story-" + story["type"].replace("_", "-")


def test_ties_share_the_win_and_missing_characters_count_zero(client):
    body = {
        "players": [
            {"name": "Ann", "hand": {"lion": 2}, "stories": [{"type": "each", "character": "lion", "points": 1}]},
            {"name": "Bea", "hand": {"toto": 2}, "stories": [{"type": "twins", "character": "toto", "points": 2}]},
        ]
    }
    answer = post(client, body).get_json()
    assert [p["score"] for p in answer["players"]] == [2, 2]
    assert answer["winners"] == ["Ann", "Bea"]
    assert any("share the win" in note for note in answer["notes"])


def test_a_hand_of_another_size_scores_with_a_warning(client):
    body = {"players": [{"name": "Ann", "hand": {"lion": 5}}, {"name": "Bea"}]}
    answer = post(client, body).get_json()
    assert answer["players"][0]["warnings"] == ["Ann holds 5 cards; at the end of a 2-player game each hand has 16."]
    assert answer["players"][0]["score"] == 0


def test_five_players_are_a_422(client):
    players = [{"name": f"P{i}"} for i in range(5)]
    assert "players" in [e["loc"] for e in errors_of(client, {"players": players})]


def test_one_player_is_a_422(client):
    assert "players" in [e["loc"] for e in errors_of(client, {"players": [{"name": "Solo"}]})]


def test_five_stories_are_a_422(client):
    stories = [*PHILIPPE["stories"], {"type": "each", "character": "lion", "points": 1}]
    assert "players[0].stories" in [e["loc"] for e in errors_of(client, table(stories=stories))]


def test_ten_of_a_character_is_a_422(client):
    hand = PHILIPPE["hand"] | {"lion": 10}
    errors = errors_of(client, table(hand=hand))
    assert {"loc": "players[0].hand.lion", "msg": "At most 9 Lion cards exist with 3 players; this hand has 10."} in (
        errors
    )


def test_copies_beyond_the_box_across_players_are_a_422(client):
    body = {"players": [{"name": "Ann", "hand": {"toto": 4}}, {"name": "Bea", "hand": {"toto": 3}}]}
    errors = errors_of(client, body)
    assert errors == [
        {"loc": "players", "msg": "At most 6 Toto cards exist with 2 players; the hands hold 7 together."}
    ]


def test_an_unknown_story_type_is_a_422(client):
    stories = [{"type": "most", "character": "lion", "points": 5}]
    errors = errors_of(client, table(stories=stories))
    assert [e["loc"] for e in errors] == ["players[0].stories[0].type"]
    assert "majority" in errors[0]["msg"]


@pytest.mark.parametrize(
    ("changes", "loc"),
    [
        ({"hand": {"wizard": 1}}, "players[0].hand.wizard"),
        ({"stories": [{"type": "each", "character": "wizard", "points": 1}]}, "players[0].stories[0].character"),
        (
            {"stories": [{"type": "pair", "characters": ["lion", "tin_man"], "points": 2}]},
            "players[0].stories[0].characters[1]",
        ),
        (
            {"stories": [{"type": "plus_minus", "character": "oz", "points": 3, "minus": ["wicked"], "penalty": 1}]},
            "players[0].stories[0].minus[0]",
        ),
    ],
)
def test_an_unknown_character_is_a_422(client, changes, loc):
    assert loc in [e["loc"] for e in errors_of(client, table(**changes))]


@pytest.mark.parametrize("count", [2.5, "2", True, -1, None, [2]])
def test_a_count_that_is_not_a_whole_number_is_a_422(client, count):
    errors = errors_of(client, table(hand=PHILIPPE["hand"] | {"lion": count}))
    assert [e["loc"] for e in errors] == ["players[0].hand.lion"]


@pytest.mark.parametrize(
    ("story", "loc"),
    [
        ({"type": "each", "character": "lion", "points": 1.5}, "players[0].stories[0].points"),
        ({"type": "each", "character": "lion", "points": "1"}, "players[0].stories[0].points"),
        ({"type": "at_most", "character": "robot", "max": True, "points": 4}, "players[0].stories[0].max"),
        (
            {"type": "triples", "characters": ["dorothy", "toto", "oz"], "points": [2, 7.5, 12]},
            "players[0].stories[0].points[1]",
        ),
        (
            {"type": "plus_minus", "character": "oz", "points": 3, "minus": ["witch"], "penalty": -1},
            "players[0].stories[0].penalty",
        ),
    ],
)
def test_story_numbers_that_are_not_whole_numbers_are_a_422(client, story, loc):
    assert [e["loc"] for e in errors_of(client, table(stories=[story]))] == [loc]


@pytest.mark.parametrize(
    ("story", "loc"),
    [
        ({"type": "pair", "characters": ["lion", "lion"], "points": 2}, "players[0].stories[0].characters"),
        ({"type": "pair", "character": "lion", "points": 2}, "players[0].stories[0].character"),
        ({"type": "triples", "characters": ["dorothy", "toto", "oz"], "points": 2}, "players[0].stories[0].points"),
        ({"type": "each", "character": "lion", "points": [1, 2, 3]}, "players[0].stories[0].points"),
        ({"type": "at_most", "character": "robot", "points": 4}, "players[0].stories[0].max"),
        ({"type": "each", "character": "lion", "points": 1, "colour": "red"}, "players[0].stories[0].colour"),
    ],
)
def test_a_story_without_the_fields_its_type_needs_is_a_422(client, story, loc):
    assert loc in [e["loc"] for e in errors_of(client, table(stories=[story]))]


def test_every_problem_is_listed_at_once(client):
    body = table(hand=PHILIPPE["hand"] | {"lion": 10})
    body["players"][1]["hand"]["oz"] = 9
    locs = {e["loc"] for e in errors_of(client, body)}
    assert {"players[0].hand.lion", "players"} <= locs


def test_names_are_unique_ignoring_case(client):
    body = {"players": [{"name": "Ann"}, {"name": " ann "}]}
    assert "players[1].name" in [e["loc"] for e in errors_of(client, body)]


def test_the_openapi_document_lists_the_oz_calculator(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    operation = doc["paths"]["/api/v1/oz/score"]["post"]
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    request_schema = doc["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert request_schema["additionalProperties"] is False
    assert request_schema["properties"]["players"]["maxItems"] == 4
