"""A Next Station Paris table: one line per player per round, then each player's bonuses."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..games import next_station_paris as nsp
from ..games.base import Result
from ..log import Standing
from ..schemas.next_station_paris import BonusForm, LineForm
from . import TableKind


def replay(setup: dict[str, Any], entries: Sequence[Standing]) -> nsp.Table:
    table = nsp.new_table(setup["players"])
    for entry in entries:
        form = FORMS[entry.kind].model_validate(entry.payload)
        table = nsp.apply(table, form.to_entry())
    return table


def describe(kind: str, payload: dict[str, Any]) -> str:
    if kind == "line":
        line = LineForm.model_validate(payload).to_entry().line
        return f"{payload['player']}'s round {payload['round']} line: {line.explain()} = {line.score}"
    return f"{payload['player']}'s interchanges, crossings and objectives"


FORMS = {"line": LineForm, "bonus": BonusForm}


def result(table: nsp.Table) -> Result:
    return nsp.score(table.sheets())


KIND = TableKind(
    "next-station-paris",
    FORMS,
    replay,
    describe,
    result,
    "next-station-paris/table.html",
    finished=lambda table: table.finished,
)
