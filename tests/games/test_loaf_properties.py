"""L'oaf property test: random legal games, built with the engine's own UI helpers, never break an invariant."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import RuleError
from companion.games.loaf.engine import (
    Choice,
    Effect,
    Game,
    Order,
    Review,
    Round,
    choice_requests,
    legal_cards,
    new_game,
    play_round,
    score,
)
from companion.games.loaf.engine.effects import TARGETS

TARGETED = ["reputation", "discard", "retrieve_lowest", "take_back_lower", "take_back_higher"]
TARGETED += ["bonus_points", "minus_points"]
QUIET = Effect("double_minus")


@st.composite
def effects(draw: st.DrawFn, side: str) -> Effect:
    flags = ["double_bonus", "double_minus", "empty_double", f"double_{side}"]
    kind = draw(st.sampled_from(TARGETED + flags))
    if kind in flags:
        return Effect(kind)
    target = draw(st.sampled_from(TARGETS))
    if kind == "reputation":
        return Effect(kind, target, draw(st.integers(1, 4)) * draw(st.sampled_from([1, -1])))
    return Effect(kind, target, 0 if kind == "retrieve_lowest" else draw(st.integers(1, 4)))  # type: ignore[arg-type]


def draw_round(draw: st.DrawFn, game: Game) -> Round:
    plays = {p.name: draw(st.sampled_from(legal_cards(game, p.name))) for p in game.players if p.hand}
    order = Order(draw(st.integers(0, 11)), draw(st.none() | st.integers(0, 11 * len(game.players))))
    review = Review(draw(effects("success")), draw(effects("failure")))
    bare = Round(order, plays, review)
    choices = {}
    for req in choice_requests(game, bare):
        picked = tuple(draw(st.permutations(req.options))[: req.count])
        if req.needed or draw(st.booleans()):  # a forced pick may be entered or left out
            choices[req.player] = Choice(discard=picked) if req.kind == "discard" else Choice(take_back=picked[0])
    return Round(order, plays, review, choices)


def check_invariants(game: Game) -> None:
    for p in game.players:
        assert sorted(p.hand + p.discards) == list(range(12)), p
        assert list(p.hand) == sorted(p.hand) and list(p.discards) == sorted(p.discards)
        assert -10 <= p.reputation <= 10
        assert p.fired == (game.ended_by == "angry" and p.reputation < 0)
    assert game.happy == sum(c.weight for c in game.happy_row) and game.angry == sum(c.weight for c in game.angry_row)
    assert game.ended == (max(game.happy, game.angry) >= 5)


@settings(max_examples=100, deadline=None)
@given(st.data(), st.integers(2, 6))
def test_random_legal_games_keep_every_invariant(data: st.DataObject, players: int) -> None:
    game = new_game([f"P{i}" for i in range(players)])
    while not game.ended:
        before = max(game.happy, game.angry)
        assert before < 5
        game = play_round(game, draw_round(data.draw, game))
        check_invariants(game)
    assert 3 <= len(game.rounds) <= 9
    result = score(game)
    for player, scored in zip(game.players, result.players, strict=True):
        assert scored.score == sum(line.points for line in scored.breakdown)
        if player.fired:
            assert scored.score == 0 and player.name not in result.winners
        else:
            assert scored.breakdown[0].points == sum(player.hand)
    assert set(result.winners) <= {p.name for p in game.players if not p.fired}
    assert bool(result.winners) == any(not p.fired for p in game.players)
    with pytest.raises(RuleError):
        play_round(game, Round(Order(5), {p.name: 0 for p in game.players}, Review(QUIET, QUIET)))
