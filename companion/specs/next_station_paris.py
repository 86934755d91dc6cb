"""Next Station Paris: each line's score round by round, then interchanges, crossings and objectives."""

from __future__ import annotations

from typing import Any

from ..games import Game
from ..games import next_station_paris as nsp
from ..gamespec import GameSpec, Pad
from ..schemas.next_station_paris import ENDPOINTS
from ..tables.next_station_paris import KIND


def pad_facts() -> dict[str, Any]:
    return {
        "rounds": nsp.ROUNDS,
        "scale": 130,
        "monument": nsp.MONUMENT_POINTS,
        "bonuses": [
            *(f"Interchanges, {k} lines × {v}" for k, v in nsp.INTERCHANGE_POINTS.items()),
            *(f"Crossings, {k} line{'s' * (k > 1)} × {v}" for k, v in nsp.CROSSING_POINTS.items()),
            f"Objectives × {nsp.OBJECTIVE_POINTS}",
        ],
    }


SPEC = GameSpec(
    Game(
        "next-station-paris",
        "Next Station Paris",
        1,
        4,
        "Each line's score round by round, then interchanges, crossings and objectives.",
    ),
    engine=nsp,
    table=KIND,
    endpoints=tuple(ENDPOINTS),
    pad=Pad(pad_facts),
)
