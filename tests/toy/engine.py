"""The toy's rules: points add up, and the highest total wins. Pure: the standard library and the shared base."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games import Line, PlayerScore, Result, top_scorers

GOAL = 10
RULE_REFS = ("toy/points",)


def score(points: Mapping[str, int]) -> Result:
    players = tuple(PlayerScore(name, (Line("Points scored", total, "toy/points"),)) for name, total in points.items())
    return Result(players, top_scorers(dict(points)))
