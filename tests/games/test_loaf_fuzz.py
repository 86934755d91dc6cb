"""L'oaf fuzzing: any players and rounds either replay or raise a located RuleError, nothing else; a legal round
with one rule broken is always refused at the place it breaks, leaving the game as it was; whatever replays
keeps the game's invariants (hands, reputation track, bosses, who may win)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import RuleError
from companion.games.loaf.engine import Choice, Effect, Game, Order, Review, Round, new_game, play_round, replay
from companion.games.loaf.engine.effects import EFFECT_KINDS, TARGETS

from .fuzz import ODD_INT, ODD_TEXT, answer, locs, refused
from .test_loaf_properties import check_invariants, draw_round

NAMES = ["Zach", "Steve", "Jason", "Ana"]
name = st.one_of(st.sampled_from(NAMES), ODD_TEXT)
card = st.one_of(st.integers(0, 11), ODD_INT)
odd_effects = st.builds(
    Effect,
    st.one_of(st.sampled_from(EFFECT_KINDS), ODD_TEXT),
    st.none() | st.sampled_from(TARGETS) | ODD_TEXT,
    st.one_of(st.integers(-3, 5), ODD_INT),
)
odd_choices = st.builds(Choice, st.none() | st.lists(card, max_size=3).map(tuple), st.none() | card)
odd_rounds = st.builds(
    Round,
    st.builds(Order, card, st.none() | ODD_INT),
    st.dictionaries(name, card, max_size=5),
    st.builds(Review, odd_effects, odd_effects),
    st.dictionaries(name, odd_choices, max_size=2),
)


def check_game(game: Game) -> None:
    check_invariants(game)
    if not game.ended:
        assert game.result is None and game.winners == ()
        return
    assert game.result is not None
    scored = {p.name for p in game.players if not p.fired}
    assert set(game.winners) <= scored and bool(game.winners) == bool(scored)
    best = max((p.score for p in game.result.players if p.name in scored), default=None)
    assert all(p.score == best for p in game.result.players if p.name in game.winners)


@settings(max_examples=100)
@given(st.lists(name, max_size=7), st.lists(odd_rounds, max_size=6))
def test_any_players_and_rounds_replay_or_are_refused(players: list[str], rounds: list[Round]) -> None:
    game = answer(replay, players, rounds)
    if isinstance(game, Game):
        check_game(game)


@settings(max_examples=60)
@given(st.data(), st.integers(2, 6))
def test_odd_rounds_between_legal_ones_are_refused_and_leave_the_game_as_it_was(
    data: st.DataObject, players: int
) -> None:
    game = new_game(NAMES[:players] + [f"P{i}" for i in range(players - len(NAMES))])
    for _ in range(12):
        if game.ended:
            break
        rnd = data.draw(odd_rounds) if data.draw(st.booleans()) else draw_round(data.draw, game)
        after = answer(play_round, game, rnd)
        if isinstance(after, Game):
            check_game(after)
            game = after
    if game.ended:
        refused(play_round, game, draw_round(data.draw, replace(game, happy_row=(), angry_row=(), result=None)))


def _plays(rnd: Round, **plays: int) -> Round:
    return replace(rnd, plays={**rnd.plays, **plays})


def _without(rnd: Round, player: str) -> Round:
    return replace(rnd, plays={k: v for k, v in rnd.plays.items() if k != player})


def _success(rnd: Round, effect: Effect) -> Round:
    return replace(rnd, review=replace(rnd.review, success=effect))


# Each breaks one rule of a legal first round; the problem is reported at (or under) the given location.
BREAKS: dict[str, tuple[Callable[[Round], Round], str]] = {
    "a stranger plays": (lambda r: _plays(r, Nobody=3), "rounds[0].plays.Nobody"),
    "a card above 11": (lambda r: _plays(r, Zach=12), "rounds[0].plays.Zach"),
    "a negative card": (lambda r: _plays(r, Steve=-1), "rounds[0].plays.Steve"),
    "a player plays nothing": (lambda r: _without(r, "Zach"), "rounds[0].plays.Zach"),
    "an order above 11": (lambda r: replace(r, order=Order(12)), "rounds[0].order.average"),
    "a negative total": (lambda r: replace(r, order=Order(5, -1)), "rounds[0].order.total"),
    "an effect without target": (lambda r: _success(r, Effect("reputation", None, 1)), "rounds[0].review.success"),
    "a change of 0": (lambda r: _success(r, Effect("reputation", "all", 0)), "rounds[0].review.success"),
    "a change of 21": (lambda r: _success(r, Effect("reputation", "all", 21)), "rounds[0].review.success"),
    "an unknown effect": (lambda r: _success(r, Effect("bake", "all", 1)), "rounds[0].review.success"),  # type: ignore[arg-type]
    "an unknown target": (lambda r: _success(r, Effect("discard", "tallest", 1)), "rounds[0].review.success"),  # type: ignore[arg-type]
    "double failure on success": (lambda r: _success(r, Effect("double_failure")), "rounds[0].review.success"),
    "a choice from a stranger": (
        lambda r: replace(r, choices={"Nobody": Choice(discard=(1,))}),
        "rounds[0].choices.Nobody",
    ),
}


@settings(max_examples=80)
@given(st.data(), st.integers(2, 4), st.sampled_from(sorted(BREAKS)))
def test_a_legal_round_with_one_rule_broken_is_refused_where_it_breaks(
    data: st.DataObject, players: int, broken: str
) -> None:
    game = new_game(NAMES[:players])
    rnd = draw_round(data.draw, game)
    assert isinstance(answer(play_round, game, rnd), Game)
    breaks, loc = BREAKS[broken]
    found = locs(refused(replay, NAMES[:players], [breaks(rnd)]))
    assert any(f == loc or f.startswith((loc + ".", loc + "[")) for f in found), (broken, loc, found)


@given(st.sampled_from([[], ["Zach"], NAMES + ["Eve", "Fay", "Gus"], ["Zach", "Zach"]]))
def test_a_wrong_table_is_refused_before_any_round(players: list[str]) -> None:
    error = refused(new_game, players)
    assert locs(error) == {"players"}
    assert isinstance(error, RuleError)
