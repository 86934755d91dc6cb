"""Parts entered at the same time: an entry that fills one part of a step (a player's card of a round) and was
made before another phone wrote a different part is checked again against the table as it is now, and stored if it
still fits, in the same write (so no number of phones entering at once can keep it out). Only a write that met
the same part, an undo or a correction, or a whole entry is stale."""

from __future__ import annotations

import functools
from typing import Any

from pydantic import ValidationError

from companion.storage.rows import EntryRow
from companion.storage.store import StaleWrite, TableRow

from ..games import RuleError
from ..specs import kinds
from ..tables import TableKind
from ..tables.replay import check_entry, replay
from . import store


def append(
    row: TableRow,
    based_on: int,
    entry_id: str,
    kind: str,
    payload: dict[str, Any],
    version: int,
    author: str,
    phone_id: int | None = None,
) -> tuple[EntryRow, bool]:
    """Store the entry (store.append); a stale part is checked again and stored on the table as it is now."""
    table = kinds()[row.game]
    part = table.part(kind, payload)
    rebase = None if part is None else functools.partial(_rebased, table, row, based_on, kind, part, payload)
    return store().append(row.id, based_on, entry_id, kind, payload, author, version, rebase=rebase, phone_id=phone_id)


def _rebased(
    table: TableKind,
    row: TableRow,
    based_on: int,
    kind: str,
    part: str,
    payload: dict[str, Any],
    rows: list[EntryRow],
    stale: StaleWrite,
) -> dict[str, Any]:
    """The payload checked against the log `rows`; raises `stale` when what came since `based_on` touches the same
    part, or the part no longer fits."""
    since = [r for r in rows if r.seq > based_on]
    if any(r.kind not in table.entries or table.part(r.kind, r.payload) in (None, part) for r in since):
        raise stale
    try:
        return check_entry(table, row.setup, replay(table, row.setup, rows), kind, payload)
    except (ValidationError, RuleError):
        raise stale from None
