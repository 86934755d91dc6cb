"""Koala scoring: each RULINGS.md ruling as a scenario, the seed's setup examples, and property tests."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games import Result
from companion.games.koala.engine import FOODS, RULE_REFS, Cave, Player, Unit, score

ALLOWED_REFS = {
    "koala/setup",
    "koala/caves",
    "koala/food-majority",
    "koala/feasts",
    "koala/koalations",
    "koala/teams",
    "koala/winner",
}


def points(result: Result) -> dict[str, int]:
    return {p.name: p.score for p in result.players}


def food_points(result: Result, name: str) -> dict[str, int]:
    return dict(result.player(name).extra["food_points"])


def test_rule_refs_are_known_anchors_and_cover_every_line() -> None:
    result = score([Player("Ann", 1), Player("Ben"), Player("Cy")], [Cave("Ann", pizza=1), Cave("Ben"), Cave("Cy")])
    assert RULE_REFS <= ALLOWED_REFS
    assert {line.rule for p in result.players for line in p.breakdown} <= RULE_REFS


def test_api_example_scores_koalation_against_lone_koala() -> None:
    players = [Player("Ann", 1), Player("Ben", 0), Player("Cy", 2)]
    caves = [
        Cave("Ann", "Ben", pizza=7, hamburger=2, spaghetti=0),
        Cave("Cy", None, pizza=3, hamburger=2, spaghetti=4),
        Cave(None, None, pizza=0, hamburger=5, spaghetti=1),
    ]
    result = score(players, caves)
    assert [(line.label, line.points) for line in result.player("Ann").breakdown] == [
        ("Pizza: most at cave 1 (7 cards)", 2),
        ("Hamburger: cave 1 has 2, most is 5 (cave 3)", 0),
        ("Spaghetti: cave 1 has 0, most is 4 (cave 2)", 0),
        ("1 feast card", 1),
    ]
    assert points(result) == {"Ann": 3, "Ben": 2, "Cy": 4}
    assert result.extra["units"] == (Unit(("Ann", "Ben"), 5, 9), Unit(("Cy",), 4, 9))
    assert result.winners == ("Ann", "Ben")
    assert result.notes == ()


@pytest.mark.parametrize(("players", "caves"), [(3, 3), (4, 4), (6, 6), (7, 6), (8, 6), (10, 6)])
def test_setup_caves_are_min_of_players_and_six(players: int, caves: int) -> None:
    # The seed's examples: 4 players make 4 caves; 8 players make 6 caves with 2 black koalas behind.
    names = [f"P{i}" for i in range(players)]
    table = [Cave(names[i], names[i + caves] if i + caves < players else None) for i in range(caves)]
    result = score([Player(n) for n in names], table)
    assert len(result.extra["units"]) == caves
    blacks = [p.name for p in result.players if p.extra["seat"] == "black"]
    assert len(blacks) == players - caves


def test_food_majority_single_most_gives_two_to_white_and_black() -> None:
    players = [Player("Ann"), Player("Ben"), Player("Cy"), Player("Dee")]
    caves = [Cave("Ann", "Ben", pizza=6), Cave("Cy", pizza=5), Cave("Dee", pizza=1), Cave()]
    result = score(players, caves)
    assert [food_points(result, n)["pizza"] for n in ("Ann", "Ben", "Cy", "Dee")] == [2, 2, 0, 0]
    assert result.player("Ben").breakdown[0].label == "Pizza: most at cave 1 (6 cards)"
    assert result.player("Cy").breakdown[0].label == "Pizza: cave 2 has 5, most is 6 (cave 1)"


def test_food_majority_tied_caves_give_one_to_each_player_there() -> None:
    players = [Player("Ann"), Player("Ben"), Player("Cy"), Player("Dee")]
    caves = [Cave("Ann", "Ben", hamburger=4), Cave("Cy", hamburger=4), Cave("Dee", hamburger=3), Cave()]
    result = score(players, caves)
    assert [food_points(result, n)["hamburger"] for n in ("Ann", "Ben", "Cy", "Dee")] == [1, 1, 1, 0]
    assert result.player("Cy").breakdown[1].label == "Hamburger: cave 2 tied for most with cave 1 (4 cards)"
    assert points(result) == {"Ann": 1, "Ben": 1, "Cy": 1, "Dee": 0}


def test_food_majority_empty_cave_gives_nobody_anything_but_still_counts() -> None:
    players = [Player("Ann"), Player("Ben"), Player("Cy"), Player("Dee")]
    # Cave 4 (nobody at it) holds the most Spaghetti; for Pizza it ties with cave 1, which still gets 1.
    caves = [
        Cave("Ann", "Ben", pizza=3, spaghetti=2),
        Cave("Cy", spaghetti=2),
        Cave("Dee"),
        Cave(pizza=3, spaghetti=5),
    ]
    result = score(players, caves)
    assert {n: food_points(result, n) for n in ("Ann", "Ben", "Cy", "Dee")} == {
        "Ann": {"pizza": 1, "hamburger": 0, "spaghetti": 0},
        "Ben": {"pizza": 1, "hamburger": 0, "spaghetti": 0},
        "Cy": {"pizza": 0, "hamburger": 0, "spaghetti": 0},
        "Dee": {"pizza": 0, "hamburger": 0, "spaghetti": 0},
    }
    assert result.player("Ann").breakdown[2].label == "Spaghetti: cave 1 has 2, most is 5 (cave 4)"
    assert [u.names for u in result.extra["units"]] == [("Ann", "Ben"), ("Cy",), ("Dee",)]


def test_food_majority_food_nobody_holds_scores_nothing() -> None:
    result = score([Player("Ann"), Player("Ben"), Player("Cy")], [Cave("Ann"), Cave("Ben"), Cave("Cy")])
    assert points(result) == {"Ann": 0, "Ben": 0, "Cy": 0}
    assert [line.label for line in result.player("Ann").breakdown] == [
        "Pizza: no cave holds any",
        "Hamburger: no cave holds any",
        "Spaghetti: no cave holds any",
        "no feast cards",
    ]
    assert result.winners == ("Ann", "Ben", "Cy")


def test_feasts_one_point_each_for_their_holder_only() -> None:
    players = [Player("Ann", 3), Player("Ben", 0), Player("Cy", 1)]
    result = score(players, [Cave("Ann", "Ben"), Cave("Cy"), Cave()])
    assert [(line.label, line.points) for line in result.player("Ann").breakdown[3:]] == [("3 feast cards", 3)]
    assert points(result) == {"Ann": 3, "Ben": 0, "Cy": 1}
    assert result.extra["units"] == (Unit(("Ann", "Ben"), 3, 0), Unit(("Cy",), 1, 0))


def test_koalations_add_their_two_players_points() -> None:
    players = [Player("Ann", 1), Player("Ben", 2), Player("Cy", 2), Player("Dee")]
    caves = [Cave("Ann", "Ben", pizza=5), Cave("Cy", hamburger=1), Cave("Dee", hamburger=2), Cave()]
    result = score(players, caves)
    assert points(result) == {"Ann": 3, "Ben": 4, "Cy": 2, "Dee": 2}
    assert result.extra["units"] == (Unit(("Ann", "Ben"), 7, 5), Unit(("Cy",), 2, 1), Unit(("Dee",), 2, 2))
    assert result.winners == ("Ann", "Ben")


def test_winner_tie_on_points_goes_to_more_food_in_the_cave() -> None:
    players = [Player("Ann", 1), Player("Ben"), Player("Cy"), Player("Dee")]
    caves = [
        Cave("Ann", "Ben", pizza=3, spaghetti=2),
        Cave("Cy", pizza=3, hamburger=5),
        Cave("Dee", hamburger=1),
        Cave(spaghetti=6),
    ]
    result = score(players, caves)
    assert points(result) == {"Ann": 2, "Ben": 1, "Cy": 3, "Dee": 0}
    assert result.extra["units"] == (
        Unit(("Ann", "Ben"), 3, 5),
        Unit(("Cy",), 3, 8),
        Unit(("Dee",), 0, 1),
    )
    assert result.winners == ("Cy",)
    assert result.notes == (
        "Ann & Ben and Cy tie on 3 points; Cy wins with more food in its cave (8 against Ann & Ben 5).",
    )


def test_winner_tie_on_points_and_food_is_shared() -> None:
    players = [Player("Ann"), Player("Ben"), Player("Cy")]
    result = score(players, [Cave("Ann", pizza=4), Cave("Ben", hamburger=4), Cave("Cy")])
    assert points(result) == {"Ann": 2, "Ben": 2, "Cy": 0}
    assert result.winners == ("Ann", "Ben")
    assert result.notes == (
        "Ann and Ben tie on 2 points and on food in their caves (4 cards each): they share the win.",
    )


def test_winner_food_tie_break_can_leave_several_sharing() -> None:
    players = [Player("Ann"), Player("Ben"), Player("Cy"), Player("Dee")]
    caves = [
        Cave("Ann", pizza=4),
        Cave("Ben", hamburger=4),
        Cave("Cy", pizza=1, spaghetti=2),
        Cave("Dee", hamburger=1),
    ]
    result = score(players, caves)
    assert points(result) == {"Ann": 2, "Ben": 2, "Cy": 2, "Dee": 0}
    assert result.winners == ("Ann", "Ben")
    assert result.notes == (
        "Ann, Ben and Cy tie on 2 points; Ann and Ben share the win with the most food in their caves (4 each).",
    )


def test_teams_each_scores_own_cave_and_feasts_and_teammates_add() -> None:
    players = [
        Player("Ann", 1, "Red"),
        Player("Ben", 0, "Blue"),
        Player("Cy", 0, "Red"),
        Player("Dee", 2, "Blue"),
    ]
    caves = [
        Cave("Ann", "Ben", pizza=5),
        Cave("Cy", hamburger=4),
        Cave("Dee", hamburger=4, spaghetti=3),
        Cave(spaghetti=3),
    ]
    result = score(players, caves, teams=True)
    # Ben stands behind Ann (other team): he shares her cave's Pizza points but not her feast card.
    assert points(result) == {"Ann": 3, "Ben": 2, "Cy": 1, "Dee": 4}
    assert result.extra["units"] == (Unit(("Ann", "Cy"), 4, 9, "Red"), Unit(("Ben", "Dee"), 6, 12, "Blue"))
    assert result.winners == ("Ben", "Dee")
    assert result.player("Dee").extra["team"] == "Blue"


def test_teams_tied_share_the_win() -> None:
    players = [
        Player("Ann", 1, "Red"),
        Player("Ben", 0, "Blue"),
        Player("Cy", 0, "red"),
        Player("Dee", 1, "Blue"),
    ]
    result = score(players, [Cave("Ann"), Cave("Ben"), Cave("Cy"), Cave("Dee")], teams=True)
    assert result.extra["units"] == (Unit(("Ann", "Cy"), 1, 0, "Red"), Unit(("Ben", "Dee"), 1, 0, "Blue"))
    assert result.winners == ("Ann", "Ben", "Cy", "Dee")
    assert result.notes == ("team Red (Ann and Cy) and team Blue (Ben and Dee) tie on 1 point and share the win.",)


def test_teams_no_team_player_joins_the_team_with_fewest_points() -> None:
    players = [
        Player("Ann", 1, "Red"),
        Player("Ben", 2, "Red"),
        Player("Cy", 0, "Blue"),
        Player("Dee", 0, "Blue"),
        Player("Eve", 2, "?"),
    ]
    caves = [
        Cave("Ann", pizza=3),
        Cave("Ben"),
        Cave("Cy", hamburger=2),
        Cave("Dee"),
        Cave("Eve", spaghetti=1),
    ]
    result = score(players, caves, teams=True)
    assert points(result) == {"Ann": 3, "Ben": 2, "Cy": 2, "Dee": 0, "Eve": 4}
    assert result.extra["units"] == (
        Unit(("Ann", "Ben"), 5, 3, "Red"),
        Unit(("Cy", "Dee", "Eve"), 6, 3, "Blue"),
    )
    assert result.winners == ("Cy", "Dee", "Eve")
    assert result.notes == ("Eve (?) joins team Blue (Cy and Dee), the team with the fewest points (2), adding 4.",)


def test_teams_no_team_player_counts_for_each_team_tied_for_fewest() -> None:
    players = [
        Player("Ann", 0, "Red"),
        Player("Ben", 2, "Red"),
        Player("Cy", 1, "Blue"),
        Player("Dee", 1, "Blue"),
        Player("Eve", 0, "?"),
        Player("Fay", 0, "Green"),
        Player("Gus", 0, "Green"),
    ]
    caves = [
        Cave("Ann", pizza=4),
        Cave("Ben"),
        Cave("Cy", hamburger=2),
        Cave("Dee"),
        Cave("Eve", "Gus", spaghetti=3),
        Cave("Fay", hamburger=2),
    ]
    result = score(players, caves, teams=True)
    assert points(result) == {"Ann": 2, "Ben": 2, "Cy": 2, "Dee": 1, "Eve": 2, "Fay": 1, "Gus": 2}
    assert result.extra["units"] == (
        Unit(("Ann", "Ben"), 4, 4, "Red"),
        Unit(("Cy", "Dee", "Eve"), 5, 5, "Blue"),
        Unit(("Fay", "Gus", "Eve"), 5, 5, "Green"),
    )
    assert result.winners == ("Cy", "Dee", "Eve", "Fay", "Gus")
    assert result.notes == (
        "team Blue (Cy and Dee) and team Green (Fay and Gus) tie for the fewest points (3): "
        "Eve (?) joins each of them and their 2 points count for each.",
        "team Blue (Cy, Dee and Eve) and team Green (Fay, Gus and Eve) tie on 5 points and share the win.",
    )


def test_teams_two_no_team_players_with_ten_players_are_a_team_of_their_own() -> None:
    teams = ["Red", "Red", "Blue", "Blue", "Green", "Green", "Gold", "Gold", "?", "?"]
    feasts = [3, 0, 0, 0, 0, 0, 0, 0, 2, 2]
    names = ["A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2", "Q1", "Q2"]
    players = [Player(n, f, t) for n, f, t in zip(names, feasts, teams, strict=True)]
    caves = [
        Cave("A1", "A2"),
        Cave("B1", "B2"),
        Cave("C1", "C2"),
        Cave("D1", "D2"),
        Cave("Q1"),
        Cave("Q2", pizza=1),
    ]
    result = score(players, caves, teams=True)
    assert [(u.team, u.names, u.points, u.food) for u in result.extra["units"]] == [
        ("Red", ("A1", "A2"), 3, 0),
        ("Blue", ("B1", "B2"), 0, 0),
        ("Green", ("C1", "C2"), 0, 0),
        ("Gold", ("D1", "D2"), 0, 0),
        ("?", ("Q1", "Q2"), 6, 1),
    ]
    assert result.winners == ("Q1", "Q2")
    assert result.notes == ("Q1 and Q2 both hold the ? card and score as a team of their own.",)


# --- properties ---


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[Player], list[Cave]]:
    n = draw(st.integers(3, 10))
    names = [f"P{i}" for i in range(n)]
    cave_count = min(n, 6)
    slots = draw(st.permutations([(c, k) for c in range(cave_count) for k in range(2)]))[:n]
    seated: dict[int, list[str]] = {}
    for name, (c, _) in sorted(zip(names, slots, strict=True), key=lambda pair: pair[1]):
        seated.setdefault(c, []).append(name)
    food: dict[str, list[int]] = {}
    for kind in FOODS:
        left, counts = 22, []
        for _ in range(cave_count):
            counts.append(draw(st.integers(0, min(left, 9))))
            left -= counts[-1]
        food[kind] = counts
    feast_room = min(8, sum((22 - sum(food[kind])) // 6 for kind in FOODS))
    feasts = []
    for _ in names:
        feasts.append(draw(st.integers(0, feast_room)))
        feast_room -= feasts[-1]
    caves = [_cave(seated.get(c, []), {kind: food[kind][c] for kind in FOODS}) for c in range(cave_count)]
    return [Player(name, f) for name, f in zip(names, feasts, strict=True)], caves


def _cave(names: list[str], food: dict[str, int]) -> Cave:
    white = names[0] if names else None
    black = names[1] if len(names) > 1 else None
    return Cave(white, black, food["pizza"], food["hamburger"], food["spaghetti"])


def expected_food_points(caves: list[Cave], cave: int, kind: str) -> int:
    counts = [getattr(c, kind) for c in caves]
    if counts[cave] == 0 or counts[cave] < max(counts):
        return 0
    return 2 if counts.count(counts[cave]) == 1 else 1


@given(tables())
def test_property_score_is_breakdown_sum_and_food_follows_two_one_zero(
    table: tuple[list[Player], list[Cave]],
) -> None:
    players, caves = table
    result = score(players, caves)
    for player, scored in zip(players, result.players, strict=True):
        cave = next(i for i, c in enumerate(caves) if player.name in (c.white, c.black))
        expected = {kind: expected_food_points(caves, cave, kind) for kind in FOODS}
        by_line = {kind: line.points for kind, line in zip(FOODS, scored.breakdown, strict=False)}
        assert scored.score == sum(line.points for line in scored.breakdown)
        assert by_line == expected == scored.extra["food_points"]
        assert scored.score == sum(expected.values()) + player.feasts
    for kind in FOODS:
        per_cave = {p.extra["cave_index"]: p.extra["food_points"][kind] for p in result.players}
        awarded = sorted(per_cave.values(), reverse=True)
        assert set(awarded) <= {0, 1, 2}
        assert awarded.count(2) <= 1
        assert not (2 in awarded and 1 in awarded)
    units = result.extra["units"]
    assert sum(u.points for u in units) == sum(points(result).values())
    best = max(u.points for u in units)
    assert all(any(name in u.names and u.points == best for u in units) for name in result.winners)
