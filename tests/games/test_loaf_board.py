"""L'oaf's reputation board and empty cards: the bonus a final reputation is worth is the one the board prints
beside it, and an empty card counts two under its boss on one side only."""

from __future__ import annotations

import pytest

from companion.games.loaf.engine import BossCard, Effect, Game, Order, PlayerState, Review, Round, play_round, score
from companion.games.loaf.engine.scoring import reputation_bonus

QUIET = Effect("double_minus")


def ended_with(reputation: int) -> Game:
    """A two-player game that ends on the Happy Boss's fifth card with A at `reputation`, both hands empty after."""
    others = tuple(c for c in range(12) if c != 5)
    a, b = PlayerState("A", reputation, (5,), others), PlayerState("B", 0, (5,), others)
    game = Game((a, b), happy_row=tuple(BossCard(i + 1, QUIET) for i in range(4)))
    return play_round(game, Round(Order(5), {"A": 5, "B": 5}, Review(QUIET, QUIET)))


@pytest.mark.parametrize(
    ("reputation", "bonus"),
    [(-10, 0), (-1, 0), (0, 0), (1, 2), (3, 2), (4, 3), (6, 3), (7, 4), (9, 4), (10, 5)],
)
def test_the_bonus_is_read_off_the_board_at_every_band_edge(reputation: int, bonus: int) -> None:
    assert reputation_bonus(reputation) == bonus
    game = ended_with(reputation)
    assert game.ended_by == "happy"
    a = score(game).players[0]
    assert [(ln.points, ln.rule) for ln in a.breakdown] == [(0, "loaf/scoring"), (bonus, "loaf/bonus-points")]
    assert a.score == bonus


def test_the_bonus_line_says_which_band_of_the_board_gave_it() -> None:
    labels = {rep: score(ended_with(rep)).players[0].breakdown[1].label for rep in (7, 10, 0, -3)}
    assert labels == {
        7: "Reputation 7: 4 bonus points, read off the reputation board (7 to 9 gives 4)",
        10: "Reputation 10: 5 bonus points, read off the reputation board (10 gives 5)",
        0: "Reputation 0: no bonus points (and no penalty)",
        -3: "Reputation -3: no bonus points (and no penalty)",
    }


def test_a_player_finishing_on_7_scores_4_not_7() -> None:
    assert score(ended_with(7)).players[0].score == 4


def test_x2_bonus_doubles_the_board_bonus() -> None:
    game = Game(
        (PlayerState("A", 7, (5,), tuple(c for c in range(12) if c != 5)), PlayerState("B", 0, (5,))),
        happy_row=(BossCard(1, Effect("double_bonus")),) + tuple(BossCard(i + 2, QUIET) for i in range(3)),
    )
    game = play_round(game, Round(Order(5), {"A": 5, "B": 5}, Review(QUIET, QUIET)))
    a = score(game).players[0]
    assert [ln.points for ln in a.breakdown] == [0, 4, 4]  # the board's 4, doubled
    assert a.breakdown[2].label == "1 x2 bonus card: 4 bonus points count ×2"


def happy_at_three(success: Effect) -> Game:
    """Three cards under the Happy Boss, then a round that succeeds with `success` on its review card."""
    game = Game((PlayerState("A"), PlayerState("B")), happy_row=tuple(BossCard(i + 1, QUIET) for i in range(3)))
    return play_round(game, Round(Order(5), {"A": 5, "B": 5}, Review(success, Effect("empty_double"))))


def test_the_empty_side_that_counts_one_leaves_the_happy_boss_at_four() -> None:
    game = happy_at_three(Effect("empty"))
    assert (game.happy, game.ended, game.result) == (4, False, None)
    assert game.happy_row[-1].weight == 1
    assert {c.delta for c in game.rounds[-1].changes} == {0} and game.rounds[-1].events == ()


def test_the_empty_side_that_counts_two_ends_the_game_at_five() -> None:
    game = happy_at_three(Effect("empty_double"))
    assert (game.happy, game.ended_by) == (5, "happy")
    assert game.rounds[-1].events[0].text == "Success effect: the card counts as two under its boss"


@pytest.mark.parametrize("side", ["success", "failure"])
def test_either_empty_side_can_sit_on_either_side_of_the_card(side: str) -> None:
    one, two = Effect("empty"), Effect("empty_double")
    review = Review(one, two) if side == "success" else Review(two, one)
    plays = {"A": 5, "B": 5} if side == "success" else {"A": 0, "B": 0}
    game = play_round(Game((PlayerState("A"), PlayerState("B"))), Round(Order(5), plays, review))
    assert (game.happy, game.angry) == ((1, 0) if side == "success" else (0, 1))


def test_an_empty_side_takes_no_target() -> None:
    game = Game((PlayerState("A"), PlayerState("B")))
    with pytest.raises(Exception, match="applies to everyone"):
        play_round(game, Round(Order(5), {"A": 5, "B": 5}, Review(Effect("empty", "highest"), QUIET)))
