"""A toy game, kept outside the app: the smallest spec that gets a table page, a calculator and a score pad.

Each player scores points now and then; the first to reach 10 ends the game, and the highest total wins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import Field

from companion.entries import EntryKind
from companion.games import Game
from companion.games.base import Line, PlayerScore, Result, RuleError, top_scorers
from companion.gamespec import GameSpec, Pad
from companion.log import Standing
from companion.schemas import Endpoint, EntryForm, Name, StrictModel, result_json
from companion.tables import TableKind

HERE = Path(__file__).resolve().parent
GOAL = 10


class PointsIn(StrictModel):
    """Points a player scored."""

    player: Name
    points: int = Field(ge=1, le=GOAL)


class PointsForm(EntryForm):
    player: Name
    points: int = Field(ge=1, le=GOAL)


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


def score(points: Mapping[str, int]) -> Result:
    players = tuple(PlayerScore(name, (Line("Points scored", total, "toy/points"),)) for name, total in points.items())
    return Result(players, top_scorers(dict(points)))


class ScoreIn(StrictModel):
    points: dict[str, int] = Field(min_length=1, max_length=4)


KIND = TableKind(
    "toy",
    {"points": EntryKind("points", PointsIn, "Points a player scored.")},
    {"points": PointsForm},
    replay,
    lambda kind, payload: f"{payload['player']} scored {payload['points']}",
    lambda totals: score(totals.points),
    "toy/table.html",
    finished=lambda totals: totals.finished,
)

SPEC = GameSpec(
    Game("toy", "Toy", 1, 4, "First to ten points."),
    table=KIND,
    endpoints=(Endpoint("/toy/score", ScoreIn, lambda body: result_json(score(body.points)), "Score a toy game."),),
    pad=Pad(lambda: {"goal": GOAL}, folder=HERE / "printables"),
    guide=HERE / "toy.md",
    templates=HERE / "templates",
)
