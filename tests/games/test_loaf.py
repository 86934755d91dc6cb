"""L'oaf scenarios: each test sets up a table, plays rounds, and checks every number the rules produce."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from companion.games.loaf.engine import (
    RULE_REFS,
    BossCard,
    Choice,
    Effect,
    Game,
    Order,
    PlayerState,
    Review,
    Round,
    new_game,
    play_round,
    replay,
    score,
)
from companion.games.loaf.engine.effects import Target

# An effect that does nothing unless minus points exist; used where a test is not about the review card.
QUIET = Effect("double_minus")


def rnd(
    plays: Mapping[str, int],
    average: int = 5,
    success: Effect = QUIET,
    failure: Effect = QUIET,
    total: int | None = None,
    choices: Mapping[str, Choice] | None = None,
) -> Round:
    return Round(Order(average, total), dict(plays), Review(success, failure), dict(choices or {}))


def table(reps: Mapping[str, int], hands: Mapping[str, tuple[int, ...]] | None = None, happy: int = 0) -> Game:
    """A game in progress with the given reputations (and hands), `happy` quiet cards under the Happy Boss."""
    hands = hands or {}
    players = tuple(
        PlayerState(
            n,
            r,
            hands.get(n, tuple(range(12))),
            tuple(c for c in range(12) if c not in hands.get(n, range(12))),
        )
        for n, r in reps.items()
    )
    return Game(players, happy_row=tuple(BossCard(0, QUIET) for _ in range(happy)))


def reps(game: Game) -> dict[str, int]:
    return {p.name: p.reputation for p in game.players}


def test_order_rulebook_example_highest_card_gains_its_gap_to_the_average() -> None:
    game = play_round(new_game(["Zach", "Steve", "Jason"]), rnd({"Zach": 6, "Steve": 4, "Jason": 7}))
    (result,) = game.rounds
    assert (result.total, result.target, result.outcome, result.boss) == (17, 15, "success", "happy")
    assert [(c.player, c.delta, c.reason) for c in result.changes] == [
        ("Jason", 2, "Jason played 7, 2 above the order's 5: +2")
    ]
    assert reps(game) == {"Zach": 0, "Steve": 0, "Jason": 2}
    assert (game.happy, game.angry, game.ended, game.ended_by) == (1, 0, False, None)
    assert game.player("Jason").hand == (0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11)
    assert game.player("Jason").discards == (7,)


def test_order_printed_total_replaces_average_times_players() -> None:
    game = play_round(new_game(["Zach", "Steve", "Jason"]), rnd({"Zach": 6, "Steve": 4, "Jason": 7}, total=18))
    (result,) = game.rounds
    assert (result.total, result.target, result.outcome) == (17, 18, "failure")
    assert [(c.player, c.delta) for c in result.changes] == [("Steve", -1)]
    assert (game.happy, game.angry) == (0, 1)


def test_success_and_failure_total_equal_to_target_succeeds() -> None:
    game = play_round(new_game(["A", "B"]), rnd({"A": 5, "B": 5}))
    assert (game.rounds[0].total, game.rounds[0].target, game.rounds[0].outcome) == (10, 10, "success")
    assert [(c.player, c.delta) for c in game.rounds[0].changes] == [("A", 0), ("B", 0)]
    assert game.rounds[0].changes[0].reason == "A played 5, the same as the order's 5: no change"


def test_reputation_failure_lowest_card_loses_its_gap() -> None:
    game = play_round(new_game(["A", "B", "C"]), rnd({"A": 1, "B": 3, "C": 9}, average=6))
    assert game.rounds[0].outcome == "failure"
    assert [(c.player, c.delta, c.reason) for c in game.rounds[0].changes] == [
        ("A", -5, "A played 1, 5 below the order's 6: -5")
    ]
    assert reps(game) == {"A": -5, "B": 0, "C": 0}


def test_reputation_every_player_tied_for_highest_card_gains() -> None:
    game = play_round(new_game(["A", "B", "C"]), rnd({"A": 8, "B": 8, "C": 2}, average=4))
    assert [(c.player, c.delta) for c in game.rounds[0].changes] == [("A", 4), ("B", 4)]
    assert reps(game) == {"A": 4, "B": 4, "C": 0}


def test_reputation_every_player_tied_for_lowest_card_loses() -> None:
    game = play_round(new_game(["A", "B", "C"]), rnd({"A": 0, "B": 3, "C": 0}, average=4))
    assert [(c.player, c.delta) for c in game.rounds[0].changes] == [("A", -4), ("C", -4)]
    assert reps(game) == {"A": -4, "B": 0, "C": -4}


def test_reputation_success_never_lowers_when_printed_total_is_low() -> None:
    game = play_round(new_game(["A", "B"]), rnd({"A": 3, "B": 2}, average=5, total=4))
    assert [(c.player, c.delta) for c in game.rounds[0].changes] == [("A", 0)]
    assert "never lowers" in game.rounds[0].changes[0].reason


def test_reputation_limits_stop_at_plus_10() -> None:
    game = table({"A": 7, "B": 0})
    game = play_round(game, rnd({"A": 11, "B": 0}, average=5))
    (change,) = game.rounds[0].changes
    assert (change.player, change.delta, change.rule) == ("A", 3, "loaf/reputation-limits")
    assert change.reason == "A played 11, 6 above the order's 5: +6, but reputation stops at 10, so +3"
    assert reps(game) == {"A": 10, "B": 0}


def test_reputation_limits_stop_at_minus_10() -> None:
    game = table({"A": -8, "B": 0})
    game = play_round(game, rnd({"A": 0, "B": 1}, average=6))
    (change,) = game.rounds[0].changes
    assert (change.delta, change.rule) == (-2, "loaf/reputation-limits")
    assert reps(game) == {"A": -10, "B": 0}
    game = play_round(game, rnd({"A": 1, "B": 2}, average=6, failure=Effect("reputation", "lowest", -3)))
    assert [(c.player, c.delta) for c in game.rounds[1].changes] == [("A", 0), ("A", 0)]
    assert reps(game) == {"A": -10, "B": 0}


FOUR = {"Hi": 4, "Mid": 0, "Low": -3, "Zer": 0}
FOUR_PLAYS = {"Hi": 5, "Mid": 5, "Low": 5, "Zer": 5}  # everyone plays the average: no card change


@pytest.mark.parametrize(
    ("target", "hit"),
    [
        ("highest", {"Hi"}),
        ("lowest", {"Low"}),
        ("good", {"Hi", "Mid", "Zer"}),
        ("bad", {"Low"}),
        ("zero", {"Mid", "Zer"}),
        ("all", {"Hi", "Mid", "Low", "Zer"}),
    ],
)
def test_effect_targets_reputation_effect_hits_its_group(target: Target, hit: set[str]) -> None:
    game = play_round(table(FOUR), rnd(FOUR_PLAYS, success=Effect("reputation", target, 2)))
    effect_changes = [c for c in game.rounds[0].changes if c.rule == "loaf/basic-effects"]
    assert {c.player for c in effect_changes} == hit
    assert all(c.delta == 2 for c in effect_changes)
    assert reps(game) == {n: r + (2 if n in hit else 0) for n, r in FOUR.items()}


def test_effect_targets_are_judged_after_the_card_change() -> None:
    game = table({"A": 2, "B": 3})
    game = play_round(game, rnd({"A": 9, "B": 5}, success=Effect("reputation", "highest", 1)))
    assert [(c.player, c.delta) for c in game.rounds[0].changes] == [("A", 4), ("A", 1)]
    assert reps(game) == {"A": 7, "B": 3}


def test_effect_targets_tied_highest_reputation_all_hit() -> None:
    game = play_round(
        table({"A": 1, "B": 1, "C": 0}),
        rnd({"A": 5, "B": 5, "C": 5}, failure=QUIET, success=Effect("reputation", "highest", -2)),
    )
    assert reps(game) == {"A": -1, "B": -1, "C": 0}


def test_basic_effects_failure_side_applies_on_failure_and_goes_to_angry_boss() -> None:
    game = play_round(
        table({"A": -1, "B": 2}),
        rnd(
            {"A": 0, "B": 1},
            average=5,
            success=Effect("reputation", "all", 5),
            failure=Effect("reputation", "bad", -2),
        ),
    )
    assert game.rounds[0].effect == Effect("reputation", "bad", -2)
    assert reps(game) == {"A": -8, "B": 2}
    assert (game.happy, game.angry, game.angry_row[0].round) == (0, 1, 1)


def test_discard_target_discards_the_chosen_cards() -> None:
    game = play_round(
        table({"A": 0, "B": 0}),
        rnd(
            {"A": 5, "B": 5},
            success=Effect("discard", "all", 2),
            choices={"A": Choice(discard=(0, 11)), "B": Choice(discard=(3, 4))},
        ),
    )
    assert game.player("A").hand == (1, 2, 3, 4, 6, 7, 8, 9, 10)
    assert game.player("A").discards == (0, 5, 11)
    assert game.player("B").discards == (3, 4, 5)
    assert [e.text for e in game.rounds[0].events] == [
        "Success effect for every player: A discards the 0 and 11",
        "Success effect for every player: B discards the 3 and 4",
    ]


def test_discard_with_too_few_cards_discards_the_whole_hand_without_a_choice() -> None:
    game = table({"A": 0, "B": 0}, hands={"A": (2, 7), "B": tuple(range(12))})
    game = play_round(game, rnd({"A": 7, "B": 3}, average=6, failure=Effect("discard", "zero", 3)))
    assert game.rounds[0].outcome == "failure"
    assert reps(game) == {"A": 0, "B": -3}  # B lowest card, so only A is still at 0
    assert game.player("A").hand == ()
    assert game.player("A").discards == tuple(range(12))


def test_retrieve_lowest_takes_back_the_lowest_earlier_discard() -> None:
    game = table({"A": 0, "B": 0}, hands={"A": (1, 4, 5, 6, 7, 8, 9, 10, 11), "B": tuple(range(12))})
    game = play_round(game, rnd({"A": 1, "B": 9}, success=Effect("retrieve_lowest", "all")))
    assert reps(game) == {"A": 0, "B": 4}
    assert game.player("A").hand == (0, 4, 5, 6, 7, 8, 9, 10, 11)
    assert game.player("A").discards == (1, 2, 3)
    assert game.player("B").hand == tuple(c for c in range(12) if c != 9)  # nothing earlier to take back
    assert [e.text for e in game.rounds[0].events] == [
        "Success effect for every player: A takes the 0 back from their discard pile",
        "Success effect for every player: B's discard pile is empty, nothing to take back",
    ]


def test_take_back_lower_discards_a_chosen_card_within_the_limit() -> None:
    game = play_round(
        table({"A": 0, "B": 0}),
        rnd(
            {"A": 8, "B": 2},
            success=Effect("take_back_lower", "highest", 3),
            choices={"A": Choice(take_back=6)},
        ),
    )
    assert reps(game) == {"A": 3, "B": 0}
    assert game.player("A").hand == (0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11)
    assert game.player("A").discards == (6,)
    assert (
        game.rounds[0].events[0].text
        == "Success effect for the highest reputation: A takes the 8 back and discards the 6 instead"
    )


def test_take_back_lower_without_a_fitting_card_discards_the_played_card() -> None:
    game = table({"A": 0, "B": 0}, hands={"A": (0, 1, 8, 11), "B": tuple(range(12))})
    game = play_round(game, rnd({"A": 8, "B": 2}, success=Effect("take_back_lower", "highest", 3)))
    assert game.player("A").hand == (0, 1, 11)
    assert game.player("A").discards == tuple(c for c in range(12) if c not in (0, 1, 11))
    assert "so the 8 is discarded after all" in game.rounds[0].events[0].text


def test_take_back_higher_needs_a_card_at_least_x_higher() -> None:
    game = table({"A": 0, "B": 0}, hands={"A": tuple(range(12)), "B": (2, 3, 4, 5)})
    game = play_round(game, rnd({"A": 8, "B": 2}, success=Effect("take_back_higher", "lowest", 3)))
    assert reps(game) == {"A": 3, "B": 0}
    assert game.player("B").hand == (2, 3, 4)  # only the 5 is at least 3 above the 2: no choice to make
    assert 5 in game.player("B").discards


def test_end_of_game_points_and_doubles_happy_end() -> None:
    rounds = [
        rnd({"A": 11, "B": 0}, success=Effect("double_success")),
        rnd({"A": 10, "B": 1}, success=Effect("bonus_points", "highest", 3)),
        rnd({"A": 9, "B": 2}, success=Effect("double_bonus")),
        rnd({"A": 8, "B": 3}, success=Effect("empty_double")),
    ]
    game = replay(["A", "B"], rounds)
    assert [c.delta for r in game.rounds for c in r.changes] == [6, 4, 0, 0]
    assert (game.happy, game.angry, game.ended, game.ended_by) == (6, 0, True, "happy")
    assert [c.weight for c in game.happy_row] == [2, 1, 1, 2]
    a, b = score(game).players
    assert [(ln.points, ln.rule) for ln in a.breakdown] == [
        (28, "loaf/scoring"),
        (5, "loaf/bonus-points"),  # reputation 10: the board's top band
        (3, "loaf/end-of-game-points"),
        (8, "loaf/doubles"),
    ]
    assert a.breakdown[1].label == "Reputation 10: 5 bonus points, read off the reputation board (10 gives 5)"
    assert a.breakdown[3].label == "1 x2 bonus card: 8 bonus points count ×2"
    assert (a.score, b.score) == (44, 60)
    assert game.winners == ("B",)
    assert not any(p.fired for p in game.players)


def test_doubles_two_x2_bonus_cards_make_x4_and_x2_minus_doubles_minus_points() -> None:
    cards = (
        Effect("double_bonus"),
        Effect("double_bonus"),
        Effect("minus_points", "all", 2),
        Effect("double_minus"),
    )
    game = Game(
        (PlayerState("A", 3, (4,), tuple(c for c in range(12) if c != 4)), PlayerState("B", -1)),
        happy_row=tuple(BossCard(i + 1, e) for i, e in enumerate(cards)),
    )
    nobody = Effect("reputation", "zero", 1)
    game = play_round(game, Round(Order(2, 0), {"A": 4, "B": 0}, Review(nobody, QUIET)))
    assert game.ended_by == "happy"
    a, b = score(game).players
    assert reps(game) == {"A": 5, "B": -1}
    assert [ln.points for ln in a.breakdown] == [0, 3, -2, 9, -2]
    assert a.score == 8  # reputation 5 gives 3 bonus ×4 = 12, 2 minus ×2 = -4
    assert [ln.points for ln in b.breakdown] == [66, 0, -2, -2]
    assert b.score == 62
    assert score(game).extra["bonus_multiplier"] == 4


def test_fired_angry_end_fires_negative_reputations_and_judges_end_points_among_the_rest() -> None:
    rounds = [
        rnd({"A": 0, "B": 1, "C": 2}, failure=Effect("double_failure")),
        rnd({"A": 3, "B": 0, "C": 4}, failure=Effect("reputation", "lowest", -1)),
        rnd({"A": 11, "B": 11, "C": 1}, average=4, success=Effect("minus_points", "lowest", 2)),
        rnd({"A": 1, "B": 2, "C": 0}, average=6, failure=Effect("empty_double")),
    ]
    game = replay(["A", "B", "C"], rounds)
    assert reps(game) == {"A": 1, "B": 1, "C": -6}
    assert (game.happy, game.angry, game.ended_by) == (1, 5, "angry")
    assert [p.fired for p in game.players] == [False, False, True]
    result = score(game)
    a, b, c = result.players
    assert (a.score, b.score, c.score) == (51, 52, 0)
    assert c.breakdown[0].rule == "loaf/fired"
    assert [ln.points for ln in a.breakdown] == [51, 2, -2]  # reputation 1: the board gives 2
    assert result.winners == ("B",)
    assert "Fired by the Angry Boss (reputation below 0), so not scored: C." in result.notes


def test_fired_players_cannot_win_even_with_the_best_hand() -> None:
    game = Game(
        (PlayerState("A", -1), PlayerState("B", 0, (6,), tuple(c for c in range(12) if c != 6))),
        angry_row=tuple(BossCard(i + 1, QUIET) for i in range(4)),
    )
    game = play_round(game, Round(Order(5), {"A": 1, "B": 6}, Review(QUIET, QUIET)))
    assert game.ended_by == "angry"
    assert reps(game) == {"A": -5, "B": 0}
    assert game.winners == ("B",)
    assert [p.score for p in score(game).players] == [0, 0]


def test_winner_tie_goes_to_the_lowest_reputation() -> None:
    game = table({"A": 5, "B": 1}, hands={"A": (2, 10), "B": (4, 11)}, happy=4)
    game = play_round(game, rnd({"A": 2, "B": 4}, average=2))
    assert reps(game) == {"A": 5, "B": 3}
    assert [p.score for p in score(game).players] == [13, 13]  # 10 + 3 (reputation 5), 11 + 2 (reputation 3)
    assert game.winners == ("B",)
    assert score(game).notes[-1] == "A and B tie on 13 points; B wins with the lowest reputation among them (3)."


def test_winner_still_tied_players_share() -> None:
    game = table({"A": 2, "B": 2, "C": 0}, hands={"A": (3, 9), "B": (3, 9), "C": (0, 1)}, happy=4)
    game = play_round(game, rnd({"A": 3, "B": 3, "C": 0}, average=1))
    assert reps(game) == {"A": 4, "B": 4, "C": 0}
    assert [p.score for p in score(game).players] == [12, 12, 1]  # 9 + 3 (reputation 4)
    assert game.winners == ("A", "B")
    assert "share the win" in score(game).notes[-1]


def test_winner_nobody_when_everyone_is_fired() -> None:
    game = Game((PlayerState("A", -1), PlayerState("B", -2)), angry_row=(BossCard(1, Effect("double_failure")),) * 2)
    game = play_round(game, rnd({"A": 0, "B": 1}))
    assert game.ended_by == "angry"
    assert game.winners == ()
    assert [p.fired for p in game.players] == [True, True]
    assert score(game).notes[-1] == "Every player was fired: nobody wins."


def test_setup_everyone_starts_at_zero_with_cards_0_to_11() -> None:
    game = new_game(["A", "B", "C", "D", "E", "F"])
    assert all(p.reputation == 0 and p.hand == tuple(range(12)) and p.discards == () for p in game.players)
    assert (game.happy, game.angry, game.ended, game.result) == (0, 0, False, None)


ALLOWED_REFS = {
    "loaf/setup",
    "loaf/order",
    "loaf/success-and-failure",
    "loaf/reputation",
    "loaf/reputation-limits",
    "loaf/review-cards",
    "loaf/effect-targets",
    "loaf/basic-effects",
    "loaf/discard",
    "loaf/retrieve-lowest",
    "loaf/take-back",
    "loaf/end-of-game-points",
    "loaf/doubles",
    "loaf/end-of-game",
    "loaf/fired",
    "loaf/scoring",
    "loaf/bonus-points",
    "loaf/winner",
}


def test_rule_refs_cover_every_emitted_rule() -> None:
    game = replay(
        ["A", "B", "C"],
        [
            rnd({"A": 0, "B": 1, "C": 2}, failure=Effect("double_failure")),
            rnd({"A": 3, "B": 0, "C": 4}, failure=Effect("reputation", "lowest", -1)),
            rnd({"A": 11, "B": 11, "C": 1}, average=4, success=Effect("minus_points", "lowest", 2)),
            rnd({"A": 1, "B": 2, "C": 0}, average=6, failure=Effect("empty_double")),
        ],
    )
    emitted = {c.rule for r in game.rounds for c in r.changes} | {e.rule for r in game.rounds for e in r.events}
    emitted |= {ln.rule for p in score(game).players for ln in p.breakdown}
    assert emitted <= RULE_REFS
    assert RULE_REFS <= ALLOWED_REFS
