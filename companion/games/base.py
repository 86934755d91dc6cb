"""The contract every rules engine shares: results with breakdowns, and rule errors.

Engines are pure: they take plain values or frozen dataclasses and return frozen
dataclasses. They never import Flask, SQL, Jinja or WeasyPrint.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: where it is (`loc`, e.g. "players[1].hand.lion") and what to fix."""

    loc: str
    msg: str


class RuleError(ValueError):
    """Input that breaks the game's rules. Carries every problem found, each located."""

    def __init__(self, problems: Iterable[Problem] | str, loc: str = "") -> None:
        if isinstance(problems, str):
            problems = [Problem(loc, problems)]
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("; ".join(p.msg for p in self.problems))


def raise_if(problems: list[Problem]) -> None:
    """Raise a RuleError listing every problem, if there is any."""
    if problems:
        raise RuleError(problems)


@dataclass(frozen=True)
class Line:
    """One line of a breakdown: what it is for, its points, and the rules section behind it ("oz/story-cards")."""

    label: str
    points: int
    rule: str


@dataclass(frozen=True)
class PlayerScore:
    """A player's (or a unit's) total: `score` is always the sum of the breakdown's points.

    `extra` holds game-specific fields the API adds to this player (e.g. LFG's `complete`).
    """

    name: str
    breakdown: tuple[Line, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def score(self) -> int:
        return sum(line.points for line in self.breakdown)


@dataclass(frozen=True)
class Result:
    """A scored game: every player with a breakdown, the winners (several on a tie, none when nobody can win),
    and `extra` for game-specific top-level fields, `notes` for human explanations (tie-breaks, warnings)."""

    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

    def player(self, name: str) -> PlayerScore:
        return next(p for p in self.players if p.name == name)


def top_scorers(scores: Mapping[str, int]) -> tuple[str, ...]:
    """Names of everyone tied for the highest score, in the given order."""
    if not scores:
        return ()
    best = max(scores.values())
    return tuple(name for name, score in scores.items() if score == best)
