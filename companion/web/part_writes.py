"""Parts entered at the same time: an entry that fills one part of a step (a player's card of a round) and was
made before another phone wrote a different part is checked again against the table as it is now, and stored if it
still fits. Only a write that met the same part, an undo or a correction, or a whole entry is stale."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from ..games.base import RuleError
from ..rows import EntryRow
from ..store import StaleWrite, TableRow
from ..tables import TableKind, kinds
from ..tables.replay import check_entry, replay
from . import store

ATTEMPTS = 5  # phones entering every part of a round at once still land within a few tries


def append(
    row: TableRow, based_on: int, entry_id: str, kind: str, payload: dict[str, Any], version: int, author: str
) -> tuple[EntryRow, bool]:
    """Store the entry (store.append); a stale part is checked again and stored on the table as it is now."""
    table = kinds()[row.game]
    part = table.part(kind, payload)
    for _ in range(ATTEMPTS):
        try:
            return store().append(row.id, based_on, entry_id, kind, payload, author, version)
        except StaleWrite as stale:
            if part is None:
                raise
            based_on, payload = _rebased(table, row, based_on, kind, part, payload, stale)
    return store().append(row.id, based_on, entry_id, kind, payload, author, version)


def _rebased(
    table: TableKind, row: TableRow, based_on: int, kind: str, part: str, payload: dict[str, Any], stale: StaleWrite
) -> tuple[int, dict[str, Any]]:
    """The latest version and the payload checked against it; raises `stale` when what came since touches the
    same part, or the part no longer fits."""
    rows = store().entries(row.id)
    since = [r for r in rows if r.seq > based_on]
    if any(r.kind not in table.entries or table.part(r.kind, r.payload) in (None, part) for r in since):
        raise stale
    try:
        payload = check_entry(table, row.setup, replay(table, row.setup, rows), kind, payload)
    except (ValidationError, RuleError):
        raise stale from None
    return (rows[-1].seq if rows else 0), payload
