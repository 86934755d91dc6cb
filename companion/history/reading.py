"""How a game's final result reads as a play in the history: why a player was not scored, and who scored together.

Each game says it in its own words through a `PlayReading` on its table kind; the history, its stats, its exports
and the result sheet only ever see the answers (a reason, or units), never the game. When some players scored as
one, the result is ranked by unit: each unit's rank comes from its total, and its members share it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.games import PlayerScore, Result


@dataclass(frozen=True)
class Unit:
    """Players who scored as one (a team, say): a label naming them, their names, their points, whether they won,
    and their rank among the units (0 until ranked)."""

    label: str
    names: tuple[str, ...]
    points: int
    winner: bool = False
    rank: int = 0


def scored(player: PlayerScore) -> str:
    """Every player's score counts."""
    return ""


def alone(result: Result) -> Sequence[Unit]:
    """Everyone scores for themselves."""
    return ()


@dataclass(frozen=True)
class PlayReading:
    """A game's reading of its result. `out` gives why a player's score does not count, in the game's words
    ("" when it does); `units` gives who scored together, if anyone did (whether a unit won is worked out later)."""

    out: Callable[[PlayerScore], str] = scored
    units: Callable[[Result], Sequence[Unit]] = alone


def ranks(keys: Sequence[Any]) -> list[int]:
    """Competition ranks of sortable keys, lower is better: ties share a rank and the next one skips (1, 1, 3)."""
    return [1 + sum(other < key for other in keys) for key in keys]


def ranked(units: Sequence[Unit], last: Sequence[bool] = ()) -> tuple[Unit, ...]:
    """Units, their winners already marked, each with its rank and in rank order: winners first, then those marked
    `last` (none of whose members' scores count), then by points; units level on all three share a rank."""
    behind = list(last) or [False] * len(units)
    keys = [(not u.winner, out, -u.points) for u, out in zip(units, behind, strict=True)]
    placed = [replace(u, rank=rank) for u, rank in zip(units, ranks(keys), strict=True)]
    return tuple(sorted(placed, key=lambda u: u.rank))


def ranked_units(reading: PlayReading, result: Result) -> tuple[Unit, ...]:
    """The result by unit, when some players scored as one (none otherwise): the game's units, anyone outside them
    as a unit of their own, a unit winning when all of it won, ranked."""
    units = list(reading.units(result))
    if not units:
        return ()
    grouped = {name for unit in units for name in unit.names}
    units += [Unit(p.name, (p.name,), p.score) for p in result.players if p.name not in grouped]
    winners = set(result.winners)
    uncounted = {p.name for p in result.players if reading.out(p)}
    marked = [replace(u, winner=set(u.names) <= winners) for u in units]
    return ranked(marked, [set(u.names) <= uncounted for u in marked])
