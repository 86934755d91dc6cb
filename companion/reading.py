"""How a game's final result reads as a play in the history: why a player was not scored, and who scored together.

Each game says it in its own words through a `PlayReading` on its table kind; the history, its stats and its exports
only ever see the answers (a reason, or units), never the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .games.base import PlayerScore, Result


@dataclass(frozen=True)
class Unit:
    """Players who scored as one (a team, say): a label naming them, their names, their points, whether they won."""

    label: str
    names: tuple[str, ...]
    points: int
    winner: bool = False


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
