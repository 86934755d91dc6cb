"""Orléans round by round: the Farmers step, the event deck and the phases proposed, and Income on the level the
development marker stands in now (after torture moved it back) while scoring keeps the highest level reached."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games import RuleError
from companion.games.orleans.engine import resolve_event, score
from companion.games.orleans.engine.holdings import Player, current_level, level_at, level_problems
from companion.games.orleans.engine.rounds import (
    EVENT_KINDS,
    ROUNDS,
    FarmerSeat,
    cards_left,
    deck_problems,
    farmers_step,
    farmers_summary,
    first_round_warning,
    proposed_phase,
)
from companion.games.orleans.engine.torture import GiveUp, apply_torture


def changes(*seats: tuple[str, int, int]) -> dict[str, int]:
    return {o.name: o.coins_change for o in farmers_step([FarmerSeat(*seat) for seat in seats])}


def test_the_api_example_jo_gains_and_nobody_loses_when_two_tie_behind() -> None:
    outcomes = farmers_step([FarmerSeat("Jo", 4, 3), FarmerSeat("Kim", 2, 0), FarmerSeat("Lou", 2, 5)])
    assert [(o.name, o.coins_change, o.coins) for o in outcomes] == [("Jo", 1, 4), ("Kim", 0, 0), ("Lou", 0, 5)]
    jo, kim, _ = outcomes
    assert jo.line.label == "Furthest along the farmers track alone (space 4): gains 1 coin"
    assert (jo.line.points, jo.line.rule) == (1, "orleans/farmers")
    assert kim.line.label == "Tied furthest behind with Lou (space 2): nobody loses"
    assert farmers_summary(outcomes) == "Farmers: Jo gains 1 coin; nobody loses."


def test_the_single_leader_gains_and_the_single_last_loses() -> None:
    assert changes(("Ann", 5, 2), ("Ben", 3, 2), ("Cy", 1, 2)) == {"Ann": 1, "Ben": 0, "Cy": -1}


def test_a_tie_at_the_front_means_nobody_gains_but_the_last_still_loses() -> None:
    assert changes(("Ann", 5, 2), ("Ben", 5, 2), ("Cy", 1, 2)) == {"Ann": 0, "Ben": 0, "Cy": -1}


def test_everyone_level_moves_nobody() -> None:
    outcomes = farmers_step([FarmerSeat("Ann", 2, 1), FarmerSeat("Ben", 2, 1), FarmerSeat("Cy", 2, 1)])
    assert [o.coins_change for o in outcomes] == [0, 0, 0]
    assert "everyone is level" in outcomes[0].line.label.lower()


def test_with_two_players_the_leader_gains_and_nobody_loses() -> None:
    outcomes = farmers_step([FarmerSeat("Ann", 1, 4), FarmerSeat("Ben", 3, 4)])
    assert [(o.coins_change, o.coins) for o in outcomes] == [(0, 4), (1, 5)]
    assert "with 2 players nobody loses" in outcomes[0].line.label


def test_with_two_players_level_nobody_gains() -> None:
    assert changes(("Ann", 3, 0), ("Ben", 3, 0)) == {"Ann": 0, "Ben": 0}


def test_a_trailer_with_no_coin_owes_torture_for_it() -> None:
    # A player who cannot pay the coin undergoes torture for it: one item.
    outcomes = farmers_step([FarmerSeat("Ann", 4, 0), FarmerSeat("Ben", 2, 0), FarmerSeat("Cy", 0, 0)])
    assert [(o.coins_change, o.coins, o.torture) for o in outcomes] == [(1, 1, 0), (0, 0, 0), (0, 0, 1)]
    assert outcomes[2].line.label == (
        "Furthest behind alone (space 0) with no coin to pay: owes 1 item instead (torture)"
    )
    assert farmers_summary(outcomes) == "Farmers: Ann gains 1 coin; Cy owes 1 item (torture)."


def test_no_torture_for_a_trailer_who_pays_or_who_loses_nothing() -> None:
    paying = farmers_step([FarmerSeat("Ann", 4, 0), FarmerSeat("Ben", 2, 0), FarmerSeat("Cy", 0, 1)])
    assert [(o.coins_change, o.torture) for o in paying] == [(1, 0), (0, 0), (-1, 0)]
    two = farmers_step([FarmerSeat("Ann", 4, 0), FarmerSeat("Ben", 0, 0)])
    assert [o.torture for o in two] == [0, 0]
    tied = farmers_step([FarmerSeat("Ann", 4, 0), FarmerSeat("Ben", 0, 0), FarmerSeat("Cy", 0, 0)])
    assert [o.torture for o in tied] == [0, 0, 0]


def test_round_one_other_than_a_pilgrimage_is_a_warning() -> None:
    assert first_round_warning(1, "pilgrimage") is None
    assert first_round_warning(2, "harvest") is None
    warning = first_round_warning(1, "harvest")
    assert warning is not None and "Round 1 is a Pilgrimage" in warning and "this says Harvest" in warning
    assert deck_problems([], "harvest") == []  # a warning, never a refusal


def test_four_players_with_a_middle_player() -> None:
    assert changes(("A", 6, 1), ("B", 4, 1), ("C", 4, 1), ("D", 0, 1)) == {"A": 1, "B": 0, "C": 0, "D": -1}


@pytest.mark.parametrize("seats", [[], [FarmerSeat("Ann", 1, 1)], [FarmerSeat(f"P{i}", i, 1) for i in range(5)]])
def test_the_step_needs_two_to_four_players(seats: list[FarmerSeat]) -> None:
    with pytest.raises(RuleError) as err:
        farmers_step(seats)
    assert [p.loc for p in err.value.problems] == ["players"]


def test_negative_counts_are_refused_where_they_are() -> None:
    with pytest.raises(RuleError) as err:
        farmers_step([FarmerSeat("Ann", -1, 0), FarmerSeat("Ben", 0, -2)])
    assert [p.loc for p in err.value.problems] == ["players[0].farmers", "players[1].coins"]


@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 3)), min_size=2, max_size=4))
def test_at_most_one_gains_one_loses_and_nobody_goes_below_zero(rows: list[tuple[int, int]]) -> None:
    outcomes = farmers_step([FarmerSeat(f"P{i}", farmers, coins) for i, (farmers, coins) in enumerate(rows)])
    assert sum(o.coins_change == 1 for o in outcomes) <= 1
    assert sum(o.coins_change == -1 for o in outcomes) <= (0 if len(rows) == 2 else 1)
    assert all(o.coins >= 0 and o.coins == coins + o.coins_change for o, (_, coins) in zip(outcomes, rows, strict=True))
    assert all(o.line.points == o.coins_change for o in outcomes)


@pytest.mark.parametrize(("round_number", "phase"), [(1, "A"), (6, "A"), (7, "B"), (12, "B"), (13, "C"), (18, "C")])
def test_the_phase_proposed_by_round(round_number: int, phase: str) -> None:
    assert proposed_phase(round_number) == phase


def test_each_kind_comes_up_at_most_three_times_in_eighteen_rounds() -> None:
    deck = [kind for kind in EVENT_KINDS for _ in range(3)]
    assert len(deck) == ROUNDS
    assert deck_problems(["harvest", "taxes", "harvest"], "harvest") == []
    [problem] = deck_problems(["harvest", "taxes", "harvest", "income", "harvest"], "harvest")
    assert problem.loc == "event"
    assert problem.msg == "the deck holds 3 Harvest cards and all came up already (rounds 1, 3 and 5)"
    assert "all 18 rounds" in deck_problems(deck, "plague")[0].msg
    assert deck_problems([], "storm")[0].msg.startswith("'storm' is not an event")
    assert cards_left(["plague", "plague"]) == {kind: 1 if kind == "plague" else 3 for kind in EVENT_KINDS}


LEVELS = (4, 9, 13, 18)  # levels 1, 2, 3 and 4 begin on these spaces


def test_the_level_of_a_space_follows_where_levels_begin() -> None:
    assert [level_at(space, LEVELS) for space in (0, 3, 4, 12, 13, 30)] == [0, 0, 1, 2, 3, 4]


def test_income_after_torture_moved_the_marker_below_a_level_pays_on_the_level_it_stands_in() -> None:
    jo = Player(
        "Jo",
        trading_stations=2,
        development_level=3,
        development_position=14,
        coin_spaces=(7, 10, 25),
        level_spaces=LEVELS,
    )
    assert current_level(jo) == 3
    stepped = apply_torture(jo, 2, [GiveUp("development"), GiveUp("development")])
    assert (stepped.development_position, stepped.development_level, current_level(stepped)) == (12, 3, 2)

    [income] = resolve_event("income", "A", [stepped]).players
    assert income.coins_received == 2 * 3  # level 2 now, not the 3 reached
    assert income.explanation == (
        "Jo receives 6 coins: development level 2, where the marker stands now (level 3 was reached) × 3 coins."
    )
    final = score([stepped]).player("Jo")
    assert "2 trading stations × development level 3" in [line.label for line in final.breakdown]


def test_without_level_spaces_income_pays_on_the_level_entered() -> None:
    jo = Player("Jo", development_level=3, development_position=14)
    assert current_level(jo) == 3
    assert resolve_event("income", "B", [jo]).players[0].coins_received == 6


def test_a_highest_level_below_the_space_the_marker_is_on_is_a_problem() -> None:
    jo = Player("Jo", development_level=1, development_position=14, level_spaces=LEVELS)
    [problem] = level_problems(jo, "players[0]")
    assert problem.loc == "players[0].development_level"
    assert problem.msg == (
        "space 14 lies in level 3 (levels begin at 4, 9, 13, 18): the highest level reached is at least 3"
    )
    assert level_problems(Player("Jo", development_level=3, development_position=14, level_spaces=LEVELS), "p") == []
