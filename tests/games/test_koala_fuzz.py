"""Koala fuzzing: any players and caves either score or raise a located RuleError, nothing else; a legal table
with one rule broken is always refused at the place it breaks; whatever scores keeps the scoring rules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import Result
from companion.games.koala import engine as koala
from companion.games.koala.engine import FOODS, Cave, Player

from .fuzz import ODD_INT, ODD_TEXT, answer, locs, refused, well_formed
from .test_koala import tables

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus"]
name = st.one_of(st.sampled_from(NAMES), ODD_TEXT)
count = st.one_of(st.integers(0, 4), ODD_INT)
team = st.one_of(st.none(), st.sampled_from(["?", "red", "Red ", "blue", "  "]), ODD_TEXT)
players = st.builds(Player, name, count, team)
caves = st.builds(Cave, st.none() | name, st.none() | name, count, count, count)

Table = tuple[list[Player], list[Cave]]


@st.composite
def nudged(draw: st.DrawFn) -> tuple[list[Player], list[Cave], bool]:
    """A legal table with one field of a player or of a cave changed to anything at all."""
    players_, caves_ = draw(tables())
    field = draw(st.sampled_from(["feasts", "team", "name", "food", "white", "black"]))
    if field in ("feasts", "team", "name"):
        i = draw(st.integers(0, len(players_) - 1))
        value = draw({"feasts": count, "team": team, "name": name}[field])
        players_ = [*players_[:i], replace(players_[i], **{field: value}), *players_[i + 1 :]]
    else:
        i = draw(st.integers(0, len(caves_) - 1))
        field = draw(st.sampled_from(FOODS)) if field == "food" else field
        value = draw(count if field in FOODS else st.none() | name)
        caves_ = [*caves_[:i], replace(caves_[i], **{field: value}), *caves_[i + 1 :]]
    return players_, caves_, False


@st.composite
def teamed(draw: st.DrawFn) -> tuple[list[Player], list[Cave], bool]:
    """A legal table of 4+ players in teams of two (one "?" player when odd), perhaps with one team changed."""
    players_, caves_ = draw(tables().filter(lambda t: len(t[0]) >= 4))
    order = draw(st.permutations(range(len(players_))))
    names = {i: f"team {k // 2}" for k, i in enumerate(order)}
    if len(players_) % 2:
        names[order[-1]] = "?"
    players_ = [replace(p, team=names[i]) for i, p in enumerate(players_)]
    if draw(st.booleans()):
        i = draw(st.integers(0, len(players_) - 1))
        players_ = [*players_[:i], replace(players_[i], team=draw(team)), *players_[i + 1 :]]
    return players_, caves_, True


def check(players_: list[Player], caves_: list[Cave], teams: bool) -> None:
    result = answer(koala.score, players_, caves_, teams)
    if not isinstance(result, Result):
        return
    well_formed(result, [p.name for p in players_], koala.RULE_REFS)
    for player, scored in zip(players_, result.players, strict=True):
        food = scored.extra["food_points"]
        assert set(food) == set(FOODS) and set(food.values()) <= {0, 1, 2}
        assert scored.score == sum(food.values()) + player.feasts
        assert 0 <= player.feasts <= koala.FEAST_CARDS
    units = result.extra["units"]
    best = max(u.points for u in units)
    members = {n for u in units if u.points == best for n in u.names}
    assert result.winners and set(result.winners) <= members


@settings(max_examples=100)
@given(
    st.one_of(st.tuples(st.lists(players, max_size=11), st.lists(caves, max_size=7), st.booleans()), nudged(), teamed())
)
def test_any_table_scores_or_is_refused_and_winners_lead_on_points(
    table: tuple[list[Player], list[Cave], bool],
) -> None:
    check(*table)


def _cave(table: Table, i: int, **changes: object) -> Table:
    players_, caves_ = table
    return players_, [*caves_[:i], replace(caves_[i], **changes), *caves_[i + 1 :]]  # type: ignore[arg-type]


def _player(table: Table, i: int, **changes: object) -> Table:
    players_, caves_ = table
    return [*players_[:i], replace(players_[i], **changes), *players_[i + 1 :]], caves_  # type: ignore[arg-type]


def _seated(table: Table) -> int:
    return next(i for i, c in enumerate(table[1]) if c.white is not None)


# Each breaks one rule; the problem is reported at (or under) the given location.
BREAKS: dict[str, tuple[Callable[[Table], Table], str]] = {
    "a cave too many": (lambda t: (t[0], [*t[1], Cave()]), "caves"),
    "two players": (lambda t: (t[0][:2], t[1]), "players"),
    "a stranger at a cave": (lambda t: _cave(t, _seated(t), white="Nobody"), "caves"),
    "negative food": (lambda t: _cave(t, 0, pizza=-1), "caves[0].pizza"),
    "more food than the box": (lambda t: _cave(t, 0, spaghetti=23), "caves[0].spaghetti"),
    "negative feasts": (lambda t: _player(t, 0, feasts=-1), "players[0].feasts"),
    "more feasts than the box": (lambda t: _player(t, 0, feasts=9), "players[0].feasts"),
    "a team without teams": (lambda t: _player(t, 0, team="red"), "players[0].team"),
    "a name twice": (lambda t: _player(t, 1, name=t[0][0].name.lower()), "players[1].name"),
    "a player at no cave": (lambda t: (t[0] + [Player("Late")], t[1]), "players"),
}


@settings(max_examples=80)
@given(tables(), st.sampled_from(sorted(BREAKS)))
def test_a_legal_table_with_one_rule_broken_is_refused_where_it_breaks(table: Table, broken: str) -> None:
    assert isinstance(answer(koala.score, *table), Result)
    breaks, loc = BREAKS[broken]
    found = locs(refused(koala.score, *breaks(table)))
    assert any(f == loc or f.startswith((loc + ".", loc + "[")) for f in found), (loc, found)
