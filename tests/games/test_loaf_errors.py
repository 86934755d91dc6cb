"""L'oaf: every rule-breaking input is a located RuleError; the UI helpers list only legal entries; the API
JSON goes in and comes out in the contract's shape."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from companion.games import RuleError
from companion.games.loaf.engine import (
    BossCard,
    Choice,
    ChoiceRequest,
    Effect,
    Game,
    Order,
    PlayerState,
    Review,
    Round,
    choice_requests,
    legal_cards,
    new_game,
    play_round,
    replay,
    round_from_json,
    score,
    to_api,
)

QUIET = Effect("double_minus")
TRIO = ["Zach", "Steve", "Jason"]


def rnd(
    plays: Mapping[str, int],
    success: Effect = QUIET,
    failure: Effect = QUIET,
    choices: Mapping[str, Choice] | None = None,
    average: int = 5,
    total: int | None = None,
) -> Round:
    return Round(Order(average, total), dict(plays), Review(success, failure), dict(choices or {}))


def problems(error: pytest.ExceptionInfo[RuleError]) -> list[tuple[str, str]]:
    return [(p.loc, p.msg) for p in error.value.problems]


@pytest.mark.parametrize("names", [["Solo"], ["A", "B", "C", "D", "E", "F", "G"]])
def test_setup_wrong_player_count(names: list[str]) -> None:
    with pytest.raises(RuleError) as error:
        new_game(names)
    assert problems(error) == [("players", f"L'oaf is played by 2 to 6 players, not {len(names)}")]


def test_setup_duplicate_names() -> None:
    with pytest.raises(RuleError) as error:
        new_game(["A", "A"])
    assert [p.loc for p in error.value.problems] == ["players"]


def test_card_not_in_hand_names_round_and_player() -> None:
    first = rnd({"Zach": 6, "Steve": 4, "Jason": 7})
    with pytest.raises(RuleError) as error:
        replay(TRIO, [first, first, rnd({"Zach": 7, "Steve": 3, "Jason": 7})])
    assert problems(error) == [
        ("rounds[1].plays.Zach", "Round 2: Zach no longer holds the 6 (their hand: 0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11)"),
        (
            "rounds[1].plays.Steve",
            "Round 2: Steve no longer holds the 4 (their hand: 0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11)",
        ),
        (
            "rounds[1].plays.Jason",
            "Round 2: Jason no longer holds the 7 (their hand: 0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11)",
        ),
    ]


def test_card_outside_0_to_11() -> None:
    with pytest.raises(RuleError) as error:
        play_round(new_game(TRIO), rnd({"Zach": 12, "Steve": -1, "Jason": 7}))
    assert problems(error) == [
        ("rounds[0].plays.Zach", "Round 1: Zach played 12, but work cards go from 0 to 11"),
        ("rounds[0].plays.Steve", "Round 1: Steve played -1, but work cards go from 0 to 11"),
    ]


def test_player_missing_and_unknown_player() -> None:
    with pytest.raises(RuleError) as error:
        play_round(new_game(TRIO), rnd({"Zach": 6, "Steve": 4, "Bob": 7}, choices={"Ann": Choice(take_back=3)}))
    assert problems(error) == [
        ("rounds[0].plays.Bob", "Round 1: Bob is not a player in this game"),
        ("rounds[0].choices.Ann", "Round 1: Ann is not a player in this game"),
        ("rounds[0].plays.Jason", "Round 1: Jason played no card; every player with cards in hand plays one"),
    ]


def test_order_out_of_range() -> None:
    with pytest.raises(RuleError) as error:
        play_round(new_game(["A", "B"]), rnd({"A": 1, "B": 2}, average=12, total=23))
    assert [p.loc for p in error.value.problems] == ["rounds[0].order.average", "rounds[0].order.total"]


def test_review_card_effect_shapes_are_checked() -> None:
    bad = Review(Effect("double_failure"), Effect("discard", None, 0))
    with pytest.raises(RuleError) as error:
        play_round(new_game(["A", "B"]), Round(Order(5), {"A": 1, "B": 2}, bad))
    assert [p.loc for p in error.value.problems] == [
        "rounds[0].review.success.double_failure",
        "rounds[0].review.failure.target",
        "rounds[0].review.failure.discard",
    ]


def test_round_after_the_end_is_refused() -> None:
    end = rnd({"A": 6, "B": 6}, success=Effect("empty_double"))
    rounds = [end, rnd({"A": 7, "B": 7}, success=Effect("empty_double")), rnd({"A": 8, "B": 8}, success=QUIET)]
    game = replay(["A", "B"], rounds)
    assert (game.happy, game.ended, len(game.rounds)) == (5, True, 3)
    with pytest.raises(RuleError) as error:
        replay(["A", "B"], [*rounds, rnd({"A": 9, "B": 9}), rnd({"A": 10, "B": 10})])
    assert problems(error) == [
        ("rounds[3]", "Round 4: the game ended after round 3, when the Happy Boss reached 5"),
        ("rounds[4]", "Round 5: the game ended after round 3, when the Happy Boss reached 5"),
    ]
    with pytest.raises(RuleError):
        play_round(game, rnd({"A": 9, "B": 9}))
    assert legal_cards(game, "A") == ()


def test_score_before_the_end_is_refused() -> None:
    with pytest.raises(RuleError):
        score(new_game(["A", "B"]))


def test_discard_missing_choice() -> None:
    with pytest.raises(RuleError) as error:
        play_round(new_game(["A", "B"]), rnd({"A": 5, "B": 5}, success=Effect("discard", "all", 1)))
    assert [p.loc for p in error.value.problems] == ["rounds[0].choices.A.discard", "rounds[0].choices.B.discard"]
    assert error.value.problems[0].msg.startswith("Round 1: A must pick the card(s) to discard")


@pytest.mark.parametrize("cards", [(5,), (1, 1), (1,), (1, 2, 3), (12, 1)])
def test_discard_illegal_choice(cards: tuple[int, ...]) -> None:
    game = new_game(["A", "B"])
    choices = {"A": Choice(discard=cards), "B": Choice(discard=(0, 1))}
    with pytest.raises(RuleError) as error:
        play_round(game, rnd({"A": 5, "B": 5}, success=Effect("discard", "all", 2), choices=choices))
    (problem,) = error.value.problems
    assert problem.loc == "rounds[0].choices.A.discard"
    assert problem.msg.startswith("Round 1: A cannot discard")


def test_take_back_missing_and_illegal_choice() -> None:
    effect = Effect("take_back_lower", "highest", 3)
    with pytest.raises(RuleError) as error:
        play_round(new_game(["A", "B"]), rnd({"A": 8, "B": 2}, success=effect))
    assert [p.loc for p in error.value.problems] == ["rounds[0].choices.A.take_back"]
    for wrong in (8, 4, 9):
        with pytest.raises(RuleError) as error:
            play_round(
                new_game(["A", "B"]), rnd({"A": 8, "B": 2}, success=effect, choices={"A": Choice(take_back=wrong)})
            )
        assert "Round 1: A cannot discard after taking the played card back" in error.value.problems[0].msg


def test_choice_that_no_effect_asks_for_is_refused() -> None:
    choices = {"B": Choice(discard=(1,)), "A": Choice(discard=(1,))}
    with pytest.raises(RuleError) as error:
        play_round(
            new_game(["A", "B"]),
            rnd({"A": 8, "B": 2}, success=Effect("take_back_lower", "highest", 3), choices=choices),
        )
    assert [p.loc for p in error.value.problems] == [
        "rounds[0].choices.B.discard",
        "rounds[0].choices.A.discard",
        "rounds[0].choices.A.take_back",
    ]


def test_player_with_an_empty_hand_sits_the_round_out() -> None:
    game = Game((PlayerState("A", 0, (), tuple(range(12))), PlayerState("B")))
    with pytest.raises(RuleError) as error:
        play_round(game, rnd({"A": 3, "B": 4}))
    assert problems(error) == [("rounds[0].plays.A", "Round 1: A has no cards left, so plays none this round")]
    assert legal_cards(game, "A") == ()
    after = play_round(game, rnd({"B": 4}, average=2))
    assert (after.rounds[0].total, after.rounds[0].target, after.rounds[0].outcome) == (4, 4, "success")
    assert after.player("B").reputation == 2


def test_legal_cards_is_the_hand() -> None:
    game = play_round(new_game(TRIO), rnd({"Zach": 6, "Steve": 4, "Jason": 7}))
    assert legal_cards(game, "Zach") == (0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11)


def test_choice_requests_list_only_legal_picks() -> None:
    game = Game((PlayerState("A", 0, (1, 5, 6, 8, 10)), PlayerState("B", 0, (0, 2))))
    lower = rnd({"A": 8, "B": 2}, success=Effect("take_back_lower", "highest", 3))
    assert choice_requests(game, lower) == (ChoiceRequest("A", "take_back", 1, (5, 6)),)
    assert choice_requests(game, lower)[0].needed
    higher = rnd({"A": 8, "B": 2}, success=Effect("take_back_higher", "highest", 2))
    (only,) = choice_requests(game, higher)
    assert (only.options, only.needed) == ((10,), False)
    discard = rnd({"A": 8, "B": 2}, success=Effect("discard", "all", 2))
    assert [(r.player, r.count, r.options, r.needed) for r in choice_requests(game, discard)] == [
        ("A", 2, (1, 5, 6, 10), True),
        ("B", 1, (0,), False),
    ]
    assert choice_requests(game, rnd({"A": 8, "B": 2}, success=Effect("reputation", "all", 1))) == ()


def test_api_example_round_trips_through_json() -> None:
    data = {
        "order": {"average": 5},
        "plays": {"Zach": 6, "Steve": 4, "Jason": 7},
        "review": {"success": {"target": "highest", "reputation": 1}, "failure": {"target": "bad", "reputation": -2}},
        "choices": {},
    }
    game = replay(TRIO, [round_from_json(data, 0)])
    answer = to_api(game)
    assert answer["rounds"][0] | {"changes": None, "events": None} == {
        "number": 1,
        "total": 17,
        "target": 15,
        "outcome": "success",
        "boss": "happy",
        "effect": {"target": "highest", "reputation": 1},
        "changes": None,
        "events": None,
    }
    assert [c["delta"] for c in answer["rounds"][0]["changes"]] == [2, 1]
    assert (answer["happy"], answer["angry"], answer["ended"], answer["ended_by"]) == (1, 0, False, None)
    assert answer["players"][2] == {
        "name": "Jason",
        "reputation": 3,
        "hand": [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11],
        "discards": [7],
        "fired": False,
    }
    assert "winners" not in answer


def test_api_json_effects_and_choices_are_read() -> None:
    data = {
        "order": {"average": 4, "total": 9},
        "plays": {"A": 5, "B": 5},
        "review": {"success": {"target": "all", "discard": 1}, "failure": {"double_failure": True}},
        "choices": {"A": {"discard": [0]}, "B": {"discard": [11]}},
    }
    rnd_ = round_from_json(data, 2)
    assert rnd_.order == Order(4, 9)
    assert rnd_.review == Review(Effect("discard", "all", 1), Effect("double_failure"))
    assert rnd_.choices == {"A": Choice(discard=(0,)), "B": Choice(discard=(11,))}
    with pytest.raises(RuleError) as error:
        round_from_json(
            data | {"review": {"success": {"target": "all"}, "failure": {"reputation": 1, "discard": 1}}}, 2
        )
    assert [p.loc for p in error.value.problems] == ["rounds[2].review.success", "rounds[2].review.failure"]


def test_api_ended_game_has_scores_breakdowns_and_winners() -> None:
    game = Game((PlayerState("A", 2, (3,)), PlayerState("B", -1, (4,))), angry_row=(BossCard(1, QUIET),) * 4)
    answer = to_api(play_round(game, rnd({"A": 3, "B": 4}, average=4)))
    assert (answer["ended"], answer["ended_by"], answer["angry"]) == (True, "angry", 5)
    assert [(p["name"], p["fired"], p["score"]) for p in answer["players"]] == [("A", False, 2), ("B", True, 0)]
    assert sum(line["points"] for line in answer["players"][0]["breakdown"]) == 2  # reputation 1: the board gives 2
    assert answer["winners"] == ["A"]
