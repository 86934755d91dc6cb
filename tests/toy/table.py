"""A toy table: one entry per score, replayed into each player's total; the first to the goal ends the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games import RuleError
from companion.storage.entries import EntryKind
from companion.storage.log import Standing
from companion.tables import TableRules

from .engine import GOAL, score
from .schemas import PointsForm, PointsIn


@dataclass(frozen=True)
class Totals:
    players: tuple[str, ...]
    points: Mapping[str, int]

    @property
    def finished(self) -> bool:
        return any(total >= GOAL for total in self.points.values())


def replay(setup: dict[str, Any], entries: Sequence[Standing]) -> Totals:
    points = dict.fromkeys(setup["players"], 0)
    for entry in entries:
        scored = PointsIn.model_validate(entry.payload)
        if scored.player not in points:
            raise RuleError(f"{scored.player} is not at this table", "player")
        points[scored.player] += scored.points
    return Totals(tuple(setup["players"]), points)


RULES = TableRules(
    "toy",
    {"points": EntryKind("points", PointsIn, "Points a player scored.")},
    {"points": PointsForm},
    replay,
    lambda kind, payload: f"{payload['player']} scored {payload['points']}",
    lambda totals: score(totals.points),
    "toy/table.html",
    finished=lambda totals: totals.finished,
)
