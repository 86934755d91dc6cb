"""A Next Station Paris table: one line per player per round, then each player's bonuses."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..entries import EntryKind
from ..games import next_station_paris as nsp
from ..games.base import Result
from ..log import Standing
from ..schemas.next_station_paris import (
    BonusEntryIn,
    BonusForm,
    LineEntryIn,
    LineForm,
    bonus_v1_to_v2,
    line_v1_to_v2,
)
from . import Step, TableKind
from .parts import keyed

ENTRIES = {
    "line": EntryKind("line", LineEntryIn, "A player's line for one round.", version=2, upgrades={1: line_v1_to_v2}),
    "bonus": EntryKind(
        "bonus",
        BonusEntryIn,
        "A player's interchanges, overhead crossings and objectives, after the fourth round.",
        version=2,
        upgrades={1: bonus_v1_to_v2},
    ),
}
SCHEMAS: dict[str, Any] = {"line": LineEntryIn, "bonus": BonusEntryIn}


def replay(setup: dict[str, Any], entries: Sequence[Standing]) -> nsp.Table:
    table = nsp.new_table(setup["players"])
    for entry in entries:
        table = nsp.apply(table, SCHEMAS[entry.kind].model_validate(entry.payload).to_engine())
    return table


def describe(kind: str, payload: dict[str, Any]) -> str:
    if kind == "line":
        line = LineEntryIn.model_validate(payload).line.to_engine()
        return f"{payload['player']}'s round {payload['round']} line: {line.explain()} = {line.score}"
    return f"{payload['player']}'s interchanges, crossings and objectives"


def step(table: nsp.Table, kind: str, payload: Mapping[str, Any]) -> Step:
    """A player's line of one round, or their bonuses: each recorded once."""
    player = payload.get("player", "")
    if kind == "line":
        return Step(f"line:{player}:{payload.get('round')}", f"{player}'s round {payload.get('round')} line")
    return Step(f"bonus:{player}", f"{player}'s bonuses")


def steps(table: nsp.Table, entries: Sequence[Standing]) -> list[tuple[Step, int]]:
    return [(step(table, entry.kind, entry.payload), entry.seq) for entry in entries]


# A player's line of a round, and their bonuses, are theirs alone: the rules check each only against that player's
# own sheet, so lines of different players typed at once never meet.
part = keyed({"line": ("line", "round", "player"), "bonus": ("bonus", "player")})


def result(table: nsp.Table) -> Result:
    return nsp.score(table.sheets())


KIND = TableKind(
    "next-station-paris",
    ENTRIES,
    {"line": LineForm, "bonus": BonusForm},
    replay,
    describe,
    result,
    "next-station-paris/table.html",
    finished=lambda table: table.finished,
    step=step,
    steps=steps,
    part=part,
)
