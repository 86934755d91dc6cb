"""Fuzzing every JSON calculator: arbitrary JSON, and API.md's examples with random parts changed, removed or
added. No answer is a 500: only 200, 400, 413 or 422, and every refusal lists located, readable problems."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import create_app
from companion.web.api import endpoints

# The calculators are stateless: one app for every example.
APP = create_app({"TESTING": True, "DATABASE_URL": "sqlite://", "SECRET_KEY": "test"})
PATHS = sorted(f"/api/v1{e.path}" for e in endpoints())

# The request examples of API.md, one per calculator.
EXAMPLES: dict[str, dict[str, Any]] = {
    "/api/v1/oz/score": {
        "players": [
            {
                "name": "Philippe",
                "hand": {
                    "dorothy": 4,
                    "lion": 4,
                    "scarecrow": 2,
                    "robot": 0,
                    "toto": 3,
                    "oz": 3,
                    "glinda": 1,
                    "witch": 1,
                },
                "stories": [
                    {"type": "pair", "characters": ["dorothy", "lion"], "points": 2},
                    {"type": "majority", "character": "lion", "points": 5},
                    {"type": "at_most", "character": "scarecrow", "max": 1, "points": 4},
                    {"type": "plus_minus", "character": "oz", "points": 3, "minus": ["glinda", "witch"], "penalty": 1},
                ],
            },
            {
                "name": "Ann",
                "hand": {"toto": 2},
                "stories": [{"type": "triples", "characters": ["oz", "toto", "lion"], "points": [1, 2, 3]}],
            },
        ]
    },
    "/api/v1/next-station-paris/score": {
        "players": [
            {
                "name": "Ana",
                "lines": [{"color": "blue", "districts": 5, "max_stations_in_district": 3, "monuments": 2}],
                "interchanges": {"2": 1, "3": 0, "4": 0},
                "crossings": {"1": 2, "2": 1},
                "objectives": 1,
            }
        ]
    },
    "/api/v1/koala/score": {
        "teams": False,
        "players": [{"name": "Ann", "feasts": 1}, {"name": "Ben", "feasts": 0}, {"name": "Cy", "feasts": 2}],
        "caves": [
            {"white": "Ann", "black": "Ben", "pizza": 7, "hamburger": 2, "spaghetti": 0},
            {"white": "Cy", "black": None, "pizza": 3, "hamburger": 2, "spaghetti": 4},
            {"white": None, "black": None, "pizza": 0, "hamburger": 5, "spaghetti": 1},
        ],
    },
    "/api/v1/lfg/score": {
        "players": [
            {
                "name": "Kit",
                "party": [
                    {
                        "hero": "Bard",
                        "roles": ["defence", "support", "damage"],
                        "renown": 3,
                        "hurt_renown": 1,
                        "hurt": False,
                        "traits": ["scoundrel"],
                    },
                    {"hero": "Knight", "roles": ["defence"], "renown": 2, "hurt_renown": 1, "hurt": True},
                ],
            },
            {"name": "Lou", "party": []},
        ]
    },
    "/api/v1/orleans/score": {
        "players": [
            {
                "name": "Jo",
                "coins": 14,
                "goods": {"grain": 3, "cheese": 2, "wine": 1, "wool": 0, "brocade": 1},
                "trading_stations": 4,
                "citizens": 2,
                "development_level": 3,
                "development_position": 12,
            }
        ]
    },
    "/api/v1/orleans/event": {
        "event": "harvest",
        "phase": "B",
        "players": [
            {
                "name": "Jo",
                "coins": 3,
                "goods": {"grain": 0, "cheese": 1, "wine": 0, "wool": 2, "brocade": 0},
                "trading_stations": 2,
                "development_level": 2,
            }
        ],
    },
    "/api/v1/orleans/farmers": {
        "players": [
            {"name": "Jo", "farmers": 4, "coins": 3},
            {"name": "Kim", "farmers": 2, "coins": 0},
            {"name": "Lou", "farmers": 2, "coins": 5},
        ]
    },
    "/api/v1/orleans/torture": {
        "owed": 3,
        "player": {
            "name": "Jo",
            "goods": {"grain": 0, "cheese": 0, "wine": 0, "wool": 2, "brocade": 0},
            "trading_stations": 2,
            "followers_in_bag": 3,
            "development_position": 10,
            "coin_spaces": [7, 12, 25],
            "place_tiles": 1,
            "technology_tiles": 0,
        },
        "give_up": [{"item": "goods", "good": "wool"}, {"item": "development"}, {"item": "trading_station"}],
    },
    "/api/v1/loaf/game": {
        "players": ["Zach", "Steve", "Jason"],
        "rounds": [
            {
                "order": {"average": 5},
                "plays": {"Zach": 6, "Steve": 4, "Jason": 7},
                "review": {
                    "success": {"target": "highest", "reputation": 1},
                    "failure": {"target": "bad", "reputation": -2},
                },
            }
        ],
    },
}

ALLOWED = {200, 400, 413, 422}

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, 1, 2, -1, 5, 1000, 1001, 10**9, 2**63, 0.5, 2.0, 1e308, "", " ", "2", "<b>x</b>", "\x00"]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def post(path: str, body: bytes) -> Any:
    response = APP.test_client().post(path, data=body, content_type="application/json")
    assert response.status_code in ALLOWED, (response.status_code, body[:300])
    assert response.is_json
    answer = response.get_json()
    if response.status_code != 200:
        errors = answer["errors"]
        assert errors and isinstance(errors, list)
        for error in errors:
            assert isinstance(error["loc"], str) and isinstance(error["msg"], str) and error["msg"].strip()
    return response


def test_every_calculator_has_an_example_that_scores() -> None:
    assert sorted(EXAMPLES) == PATHS
    for path, body in EXAMPLES.items():
        assert post(path, json.dumps(body).encode()).status_code == 200, path


@settings(max_examples=120)
@given(st.sampled_from(PATHS), json_values)
def test_any_json_gets_an_answer_never_a_500(path: str, body: Any) -> None:
    status = post(path, json.dumps(body).encode()).status_code
    if not isinstance(body, dict):
        assert status == 400


@settings(max_examples=40)
@given(st.sampled_from(PATHS), st.binary(max_size=40))
def test_any_bytes_get_an_answer_never_a_500(path: str, body: bytes) -> None:
    post(path, body)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a JSON value, as the keys and indexes that lead to it."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _places(item, (*path, index))
    return found


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


# Every text of the examples (names, colours, kinds...): a replacement often keeps the request plausible.
WORDS = sorted({p[-1] for body in EXAMPLES.values() for p in _places(body) if p and isinstance(p[-1], str)})
WORDS += sorted({v for body in EXAMPLES.values() for p in _places(body) if isinstance(v := _at(body, p), str)})


def _like(old: Any) -> st.SearchStrategy[Any]:
    """A value of the same kind as `old` (a number near the game's ranges, a word the examples use), or anything."""
    if isinstance(old, bool):
        return st.booleans() | json_values
    if isinstance(old, int):
        return st.integers(-2, 30) | json_values
    if isinstance(old, str):
        return st.sampled_from(WORDS) | json_values
    return json_values


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """An API.md example with one to three random changes: a value replaced, a field removed or added, an item
    repeated or dropped."""
    path = draw(st.sampled_from(PATHS))
    body = copy.deepcopy(EXAMPLES[path])
    for _ in range(draw(st.integers(1, 3))):
        places = [p for p in _places(body) if p]
        if not places:
            break
        place = draw(st.sampled_from(places))
        parent, key = _at(body, place[:-1]), place[-1]
        change = draw(st.sampled_from(["replace", "remove", "add", "repeat"]))
        if change == "replace":
            parent[key] = draw(_like(parent[key]))
        elif change == "remove":
            del parent[key]
        elif change == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "Name", "players", "2", ""]))] = draw(json_values)
        elif isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        else:
            parent[key] = [parent[key], parent[key]]
    return path, body


@settings(max_examples=250)
@given(mutated())
def test_the_examples_changed_at_random_get_an_answer_never_a_500(case: tuple[str, dict[str, Any]]) -> None:
    path, body = case
    assert post(path, json.dumps(body).encode()).status_code in (200, 422)


@pytest.mark.parametrize("path", PATHS)
def test_an_example_over_64_kib_is_413(path: str) -> None:
    body = {**EXAMPLES[path], "padding": "x" * 70_000}
    assert post(path, json.dumps(body).encode()).status_code == 413
