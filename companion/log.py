"""A table's log read as what stands: undo and correct entries act on earlier ones; nothing is ever deleted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from .store import EntryRow

UNDO = "undo"
CORRECT = "correct"


@dataclass(frozen=True)
class Standing:
    """A game entry as it now stands: its payload (corrected if so), and whether it was undone and by whom."""

    seq: int
    kind: str
    payload: dict[str, Any]
    author: str
    at: datetime
    undone_by: str | None = None
    corrected_by: str | None = None

    @property
    def active(self) -> bool:
        return self.undone_by is None


def standing(rows: Sequence[EntryRow]) -> list[Standing]:
    """Every game entry in order, with undo and correct entries applied to the ones they name."""
    result: dict[int, Standing] = {}
    for row in rows:
        if row.kind == UNDO:
            target = result.get(row.payload.get("target", -1))
            if target:
                result[target.seq] = replace(target, undone_by=row.author)
        elif row.kind == CORRECT:
            target = result.get(row.payload.get("target", -1))
            if target:
                result[target.seq] = replace(target, payload=row.payload["payload"], corrected_by=row.author)
        else:
            result[row.seq] = Standing(row.seq, row.kind, row.payload, row.author, row.at)
    return list(result.values())


def active(rows: Sequence[EntryRow]) -> list[Standing]:
    return [s for s in standing(rows) if s.active]


def last_active(rows: Sequence[EntryRow]) -> Standing | None:
    entries = active(rows)
    return entries[-1] if entries else None
