"""A table's log read as what stands: undo and correct entries act on earlier ones; nothing is ever deleted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from companion.storage.rows import EntryRow, Payload

UNDO = "undo"
CORRECT = "correct"


@dataclass(frozen=True)
class Standing:
    """A game entry as it now stands: its payload (corrected if so) under schema `version`, whether it was
    undone and by whom, and the phone that wrote it (if a phone did)."""

    seq: int
    kind: str
    payload: Payload
    author: str
    at: datetime
    undone_by: str | None = None
    corrected_by: str | None = None
    version: int = 1
    phone_id: int | None = None
    correction: int | None = None  # the seq of the latest correction of it

    @property
    def active(self) -> bool:
        return self.undone_by is None


def standing(rows: Sequence[EntryRow]) -> list[Standing]:
    """Every game entry in order, with undo and correct entries applied to the ones they name. A correction's
    payload is written under its own row's version."""
    result: dict[int, Standing] = {}
    for row in rows:
        named = target_of(row)
        target = result.get(named) if named is not None else None
        if row.kind == UNDO:
            if target:
                result[target.seq] = replace(target, undone_by=row.author)
        elif row.kind == CORRECT:
            if target and isinstance(row.payload.get("payload"), dict):
                fixed = row.payload["payload"]
                result[target.seq] = replace(
                    target, payload=fixed, corrected_by=row.author, version=row.version, correction=row.seq
                )
        else:
            result[row.seq] = Standing(
                row.seq, row.kind, row.payload, row.author, row.at, version=row.version, phone_id=row.phone_id
            )
    return list(result.values())


def target_of(row: EntryRow) -> int | None:
    """The seq of the entry an undo or correction acts on; None for a game entry, or a damaged row naming none."""
    if row.kind not in (UNDO, CORRECT):
        return None
    target = row.payload.get("target") if isinstance(row.payload, dict) else None
    return target if isinstance(target, int) else None


def active(rows: Sequence[EntryRow]) -> list[Standing]:
    return [s for s in standing(rows) if s.active]


def last_active(rows: Sequence[EntryRow]) -> Standing | None:
    entries = active(rows)
    return entries[-1] if entries else None
