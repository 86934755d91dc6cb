"""Orléans fuzzing: any holdings, events and torture choices either resolve or raise a located RuleError, nothing
else; illegal ones are always refused at the place they break; whatever resolves keeps the game's arithmetic.

Player names are unique here: the request layer refuses repeated names before the engine sees them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import Result, RuleError
from companion.games.orleans import engine as orleans
from companion.games.orleans.engine import EVENTS, FOOD, GOOD_POINTS, GOODS, PHASES, RULE_SETS, Goods, Player
from companion.games.orleans.engine.holdings import current_level
from companion.games.orleans.engine.torture import (
    ITEMS,
    GiveUp,
    apply_torture,
    can_step_back,
    development_steps,
    items_held,
    legal_items,
)

from .fuzz import ODD_INT, ODD_TEXT, answer, locs, refused, well_formed

COUNTS = [f.name for f in fields(Player) if f.name not in ("name", "goods", "coin_spaces", "level_spaces")]
count = st.one_of(st.integers(0, 6), ODD_INT)
goods = st.builds(Goods, *[count] * len(GOODS))
legal_goods = st.builds(Goods, *[st.integers(0, 3)] * len(GOODS))


def holdings(amount: st.SearchStrategy[int], goods_: st.SearchStrategy[Goods]) -> st.SearchStrategy[dict]:
    spaces = st.lists(st.integers(0, 30), max_size=4).map(lambda s: tuple(sorted(s)))
    track = {"coin_spaces": spaces, "level_spaces": spaces}
    return st.fixed_dictionaries({name: amount for name in COUNTS} | {"goods": goods_} | track)


def table(amount: st.SearchStrategy[int], goods_: st.SearchStrategy[Goods], most: int) -> st.SearchStrategy:
    return st.lists(holdings(amount, goods_), max_size=most).map(
        lambda rows: [Player(f"P{i}", **row) for i, row in enumerate(rows)]
    )


players = st.one_of(table(count, goods, 5), table(st.integers(0, 6), legal_goods, 4))
# At most 3 citizens each keeps 4 players within the 13 citizens won on the boards.
legal = (
    table(st.integers(0, 6), legal_goods, 4)
    .filter(bool)
    .map(lambda t: [replace(p, citizens=p.citizens % 4) for p in t])
)


def expected_score(p: Player, spare: bool) -> int:
    goods_points = sum(p.goods.count(k) * GOOD_POINTS[k] for k in GOODS)
    return p.coins + goods_points + (p.trading_stations + p.citizens + spare) * p.development_level


@settings(max_examples=100)
@given(players)
def test_any_holdings_score_by_the_formula_or_are_refused(table_: list[Player]) -> None:
    result = answer(orleans.score, table_)
    if not isinstance(result, Result):
        return
    well_formed(result, [p.name for p in table_], orleans.RULE_REFS)
    spare = result.extra["spare_citizen"]
    assert [s.score for s in result.players] == [expected_score(p, p.name == spare) for p in table_]
    best = max(s.score for s in result.players)
    assert result.winners and all(s.score == best for s in result.players if s.name in result.winners)
    assert all(min(getattr(p, name) for name in COUNTS) >= 0 for p in table_)


food_choice = st.dictionaries(st.one_of(st.sampled_from(FOOD), ODD_TEXT), count, max_size=3)


@settings(max_examples=100)
@given(
    players,
    st.one_of(st.sampled_from(EVENTS), ODD_TEXT),
    st.one_of(st.sampled_from(PHASES), ODD_TEXT),
    st.one_of(st.sampled_from(RULE_SETS), ODD_TEXT),
    st.dictionaries(st.sampled_from(["P0", "P1", "Nobody"]), food_choice, max_size=2),
)
def test_any_event_resolves_with_payments_that_add_up_or_is_refused(
    table_: list[Player], event: str, phase: str, rules: str, food: dict[str, dict[str, int]]
) -> None:
    result = answer(orleans.resolve_event, event, phase, table_, rules, food)
    if isinstance(result, RuleError):
        return
    assert [r.name for r in result.players] == [p.name for p in table_]
    for before, r in zip(table_, result.players, strict=True):
        after = r.player
        assert 0 <= r.coins_paid <= before.coins and r.coins_received >= 0
        assert r.torture == r.coins_owed - r.coins_paid >= 0
        assert after.coins == before.coins - r.coins_paid + r.coins_received >= 0
        assert all(after.goods.count(k) >= 0 for k in GOODS)
        assert sum(r.food_paid.values()) == before.goods.food() - after.goods.food()
        if event == "income":  # on the level the marker stands in now, never above the highest reached
            assert r.coins_received == current_level(before) * result.amount
            assert current_level(before) <= before.development_level


give_up = st.lists(
    st.builds(GiveUp, st.one_of(st.sampled_from(ITEMS), ODD_TEXT), st.none() | st.sampled_from(GOODS) | ODD_TEXT),
    max_size=5,
)


@st.composite
def torture(draw: st.DrawFn) -> tuple[Player, int, list[GiveUp]]:
    """Any player, debt and choice; or a player without coins choosing among the items they hold."""
    if draw(st.booleans()):
        return Player("Jo", **draw(holdings(count, goods))), draw(count), draw(give_up)
    player = Player("Jo", **{**draw(holdings(st.integers(0, 3), legal_goods)), "coins": 0})
    owed = draw(st.integers(0, 4))
    options = legal_items(player, owed)
    items = draw(st.lists(st.sampled_from(options), max_size=owed)) if options else []
    return player, owed, items


@settings(max_examples=100)
@given(torture())
def test_any_torture_choice_gives_up_what_is_owed_or_is_refused(case: tuple[Player, int, list[GiveUp]]) -> None:
    player, owed, items = case
    after = answer(apply_torture, player, owed, items)
    if isinstance(after, RuleError):
        return
    assert len(items) == min(owed, items_held(player))
    assert items_held(after) == items_held(player) - len(items)
    assert all(getattr(after, name) >= 0 for name in COUNTS) and all(after.goods.count(k) >= 0 for k in GOODS)
    assert after.coins == player.coins == 0


def _first(table_: list[Player], **changes: object) -> list[Player]:
    return [replace(table_[0], **changes), *table_[1:]]  # type: ignore[arg-type]


def _negative(name: str) -> Callable[[list[Player]], list[Player]]:
    return lambda t: _first(t, **{name: -1})


SCORE_BREAKS: dict[str, tuple[Callable[[list[Player]], list[Player]], str]] = {
    "nobody": (lambda t: [], "players"),
    "five players": (lambda t: t + [Player(f"Q{i}") for i in range(5 - len(t))], "players"),
    "more wine than the supply": (lambda t: _first(t, goods=Goods(wine=19)), "players[0].goods.wine"),
    **{f"negative {name}": (_negative(name), f"players[0].{name}") for name in COUNTS},
    "negative goods": (lambda t: _first(t, goods=Goods(wool=-1)), "players[0].goods.wool"),
    "a level space before the start": (lambda t: _first(t, level_spaces=(-1, 4)), "players[0].level_spaces"),
    "a level above the top": (lambda t: _first(t, development_level=7), "players[0].development_level"),
    "eleven trading stations": (lambda t: _first(t, trading_stations=11), "players[0].trading_stations"),
    "fourteen citizens won": (lambda t: _first(t, citizens=14), "players[0].citizens"),
}


@settings(max_examples=80)
@given(legal, st.sampled_from(sorted(SCORE_BREAKS)), st.sampled_from(EVENTS), st.sampled_from(PHASES))
def test_illegal_holdings_are_refused_by_scoring_and_by_every_event(
    table_: list[Player], broken: str, event: str, phase: str
) -> None:
    assert isinstance(answer(orleans.score, table_), Result)
    breaks, loc = SCORE_BREAKS[broken]
    for call in (lambda t: orleans.score(t), lambda t: orleans.resolve_event(event, phase, t)):
        found = locs(refused(call, breaks(table_)))
        assert any(f == loc or f.startswith((loc + ".", loc + "[")) for f in found), (broken, loc, found)


TORTURE_BREAKS: dict[str, tuple[Callable[[Player, list[GiveUp]], tuple[Player, int, list[GiveUp]]], str]] = {
    "coins left": (lambda p, g: (replace(p, coins=1), len(g), g), "player.coins"),
    "one item too many": (lambda p, g: (p, len(g), [*g, GiveUp("trading_station")]), "give_up"),
    "owed a negative amount": (lambda p, g: (p, -1, g), "owed"),
    "an unknown item": (lambda p, g: (p, len(g) + 1, [*g, GiveUp("castle")]), "give_up"),
    "a good not named": (lambda p, g: (p, len(g) + 1, [*g, GiveUp("goods")]), "give_up"),
    "a negative count": (lambda p, g: (replace(p, place_tiles=-2), len(g), g), "player.place_tiles"),
}


@settings(max_examples=60)
@given(holdings(st.integers(0, 3), legal_goods), st.sampled_from(sorted(TORTURE_BREAKS)))
def test_illegal_torture_choices_are_refused_where_they_break(row: dict, broken: str) -> None:
    player = Player("Jo", **{**row, "coins": 0})
    choice = [GiveUp("trading_station")] * min(player.trading_stations, 2)
    assert isinstance(answer(apply_torture, player, len(choice), choice), Player)
    breaks, loc = TORTURE_BREAKS[broken]
    found = locs(refused(apply_torture, *breaks(player, choice)))
    assert any(f == loc or f.startswith((loc + ".", loc + "[")) for f in found), (broken, loc, found)


@given(st.integers(-3, 40), st.lists(st.integers(-3, 40), max_size=4))
def test_development_steps_agree_with_stepping_back_one_space_at_a_time(position: int, spaces: list[int]) -> None:
    player = Player("Jo", development_position=position, coin_spaces=tuple(sorted(spaces)))
    steps = 0
    while can_step_back(position - steps, player.coin_spaces):
        steps += 1
    assert development_steps(player) == steps


def test_a_far_development_marker_is_counted_without_walking_the_track() -> None:
    # Counting steps one by one took minutes for a marker a billion spaces out (no coin space behind it).
    player = Player("Jo", development_position=10**12, coin_spaces=())
    assert items_held(player) == 10**12
    assert len(refused(apply_torture, player, 1, []).problems) == 1
