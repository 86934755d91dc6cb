"""Koala: every table that breaks the rules raises one RuleError listing each problem with its location."""

from __future__ import annotations

import pytest

from companion.games import Problem, RuleError
from companion.games.koala.engine import Cave, Player, score


def problems(players: list[Player], caves: list[Cave], teams: bool = False) -> tuple[Problem, ...]:
    with pytest.raises(RuleError) as caught:
        score(players, caves, teams)
    return caught.value.problems


def three() -> list[Player]:
    return [Player("Ann"), Player("Ben"), Player("Cy")]


def four_in_teams(*teams: str | None) -> list[Player]:
    return [Player(name, 0, team) for name, team in zip(("Ann", "Ben", "Cy", "Dee"), teams, strict=True)]


def alone(players: list[Player]) -> list[Cave]:
    return [Cave(p.name) for p in players[:6]]


@pytest.mark.parametrize("count", [2, 11])
def test_setup_wrong_player_count(count: int) -> None:
    players = [Player(f"P{i}") for i in range(count)]
    caves = [Cave(p.name, players[i + 6].name if i + 6 < count else None) for i, p in enumerate(players[:6])]
    assert problems(players, caves) == (Problem("players", f"Koala is for 3 to 10 players; this table has {count}"),)


def test_caves_wrong_count() -> None:
    caves = [Cave("Ann", "Ben"), Cave("Cy")]
    assert problems(three(), caves) == (Problem("caves", "with 3 players there are 3 caves; 2 were entered"),)


def test_caves_player_at_two_caves_and_player_at_none() -> None:
    caves = [Cave("Ann"), Cave("Ben", "Ann"), Cave()]
    assert problems(three(), caves) == (
        Problem("caves[1].black", "Ann already sits at cave 1; each player is at one cave"),
        Problem("players[2]", "Cy sits at no cave; every player is a white or black koala at one"),
    )


def test_caves_black_koala_without_white_one() -> None:
    caves = [Cave("Ann"), Cave("Ben"), Cave(None, "Cy")]
    assert problems(three(), caves) == (
        Problem(
            "caves[2].black",
            "Cy stands behind cave 3, which has no white koala; a black koala always stands behind a white one",
        ),
    )


def test_caves_unknown_name() -> None:
    caves = [Cave("Ann"), Cave("Ben"), Cave("Cyd")]
    assert problems(three(), caves) == (
        Problem("caves[2].white", "no player is called Cyd"),
        Problem("players[2]", "Cy sits at no cave; every player is a white or black koala at one"),
    )


def test_caves_names_match_without_case() -> None:
    result = score(three(), [Cave("ann", "BEN", pizza=1), Cave("Cy"), Cave()])
    assert result.winners == ("Ann", "Ben")


def test_setup_duplicate_player_names() -> None:
    players = [Player("Ann"), Player("ann"), Player("Cy")]
    assert Problem("players[1].name", "two players are called ann") in problems(players, alone(players))


def test_food_more_than_the_box_in_one_cave() -> None:
    caves = [Cave("Ann", pizza=23), Cave("Ben"), Cave("Cy", hamburger=30)]
    assert problems(three(), caves) == (
        Problem("caves[0].pizza", "only 22 Pizza cards exist; this cave holds 23"),
        Problem("caves[2].hamburger", "only 22 Hamburger cards exist; this cave holds 30"),
    )


def test_food_more_than_the_box_across_caves() -> None:
    caves = [Cave("Ann", spaghetti=12), Cave("Ben", spaghetti=11), Cave("Cy", pizza=22)]
    assert problems(three(), caves) == (Problem("caves", "only 22 Spaghetti cards exist; the caves hold 23 together"),)


def test_food_negative_count() -> None:
    caves = [Cave("Ann", pizza=-1), Cave("Ben"), Cave("Cy")]
    assert problems(three(), caves) == (Problem("caves[0].pizza", "a count of Pizza cards cannot be negative (-1)"),)


def test_feasts_more_than_the_box() -> None:
    players = [Player("Ann", 9), Player("Ben"), Player("Cy")]
    assert problems(players, alone(players)) == (Problem("players[0].feasts", "only 8 feast cards exist; Ann holds 9"),)
    players = [Player("Ann", 4), Player("Ben", 3), Player("Cy", 2)]
    assert problems(players, alone(players)) == (Problem("players", "only 8 feast cards exist; the players hold 9"),)


def test_feasts_need_the_food_they_sent_out_of_the_game() -> None:
    # 20 Pizza, 17 Hamburger, 16 Spaghetti left in caves: room for 0 + 0 + 1 feasts of 6 discarded cards.
    players = [Player("Ann", 1), Player("Ben", 1), Player("Cy")]
    caves = [Cave("Ann", pizza=20), Cave("Ben", hamburger=17), Cave("Cy", spaghetti=16)]
    assert problems(players, caves) == (
        Problem(
            "players",
            "each feast sends at least 6 cards of one food out of the game; with 20 Pizza, 17 Hamburger, "
            "16 Spaghetti still in the caves there was room for at most 1 feast, but the players hold 2",
        ),
    )
    assert score([Player("Ann", 1), Player("Ben"), Player("Cy")], caves).winners == ("Ann",)


def test_teams_missing_team() -> None:
    players = four_in_teams("Red", None, "Red", " ")
    assert problems(players, alone(players), teams=True) == (
        Problem("players[1].team", "Ben has no team: give a team name, or ? for no team"),
        Problem("players[3].team", "Dee has no team: give a team name, or ? for no team"),
    )


def test_teams_given_without_the_team_variant() -> None:
    players = [Player("Ann", 0, "Red"), Player("Ben"), Player("Cy")]
    assert problems(players, alone(players)) == (
        Problem("players[0].team", "Ann has a team, but this game is not played in teams"),
    )


def test_teams_need_four_players() -> None:
    players = [Player("Ann", 0, "Red"), Player("Ben", 0, "Red"), Player("Cy", 0, "?")]
    assert problems(players, alone(players), teams=True) == (
        Problem("teams", "teams need at least 4 players; this table has 3"),
    )


def test_teams_are_pairs() -> None:
    players = four_in_teams("Red", "Red", "Red", "Blue")
    assert problems(players, alone(players), teams=True) == (
        Problem("players[2].team", "team Red already has Ann and Ben; a team is two players"),
        Problem("players[3].team", "team Blue has only Dee; a team is two players"),
    )


def test_teams_no_team_card_count() -> None:
    players = four_in_teams("Red", "Red", "?", "?")
    assert problems(players, alone(players), teams=True) == (
        Problem("players", "with 4 players (an even number) nobody has the ? card; 2 do"),
    )
    five = [*four_in_teams("Red", "Red", "Blue", "Blue"), Player("Eve", 0, "Blue")]
    assert Problem("players", "with 5 players exactly one player has the ? card; 0 do") in problems(
        five, alone(five), teams=True
    )


def test_every_problem_is_reported_at_once() -> None:
    players = [Player("Ann", 9), Player("Ben"), Player("Cy")]
    caves = [Cave("Ann", "Ann", pizza=40), Cave(None, "Ben")]
    assert [p.loc for p in problems(players, caves)] == [
        "caves",
        "caves[0].black",
        "caves[1].black",
        "players[2]",
        "caves[0].pizza",
        "players[0].feasts",
    ]
