"""Next Station Paris: each line's score round by round, then interchanges, crossings and objectives."""

from __future__ import annotations

from pathlib import Path

from companion.games import Game, msg
from companion.games.next_station_paris import engine as nsp
from companion.games.next_station_paris.schemas import ENDPOINTS
from companion.games.next_station_paris.table import RULES
from companion.gamespec import GameSpec, Pad


def _crossings(lines: int, points: int) -> str:
    if lines == 1:
        return msg("Crossings, 1 line × %(points)s", points=points)
    return msg("Crossings, %(lines)s lines × %(points)s", lines=lines, points=points)


def pad_facts() -> dict[str, object]:
    return {
        "rounds": nsp.ROUNDS,
        "scale": 130,
        "monument": nsp.MONUMENT_POINTS,
        "bonuses": [
            *(
                msg("Interchanges, %(lines)s lines × %(points)s", lines=k, points=v)
                for k, v in nsp.INTERCHANGE_POINTS.items()
            ),
            *(_crossings(k, v) for k, v in nsp.CROSSING_POINTS.items()),
            msg("Objectives × %(points)s", points=nsp.OBJECTIVE_POINTS),
        ],
    }


SPEC = GameSpec(
    Game(
        "next-station-paris",
        msg("Next Station Paris"),
        1,
        4,
        msg("Each line's score round by round, then interchanges, crossings and objectives."),
    ),
    home=Path(__file__).resolve().parent,
    bgg_id=403116,
    engine=nsp,
    table=RULES,
    endpoints=tuple(ENDPOINTS),
    pad=Pad(pad_facts),
)
