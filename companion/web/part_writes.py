"""Parts entered at the same time: an entry that fills one part of a step (a player's card of a round) and was
made before another phone wrote a different part is checked again against the table as it is now, and stored if it
still fits, in the same write (so no number of phones entering at once can keep it out). Only a write that met
the same part, an undo or a correction, or a whole entry is stale.

The play timer and the game are two sides of a table that never make each other stale: an entry that only the other
side's entries came after is stored on top of them (a clock entry checked again, the game having maybe ended); two
clock entries (or undos of them) are stale as any two whole entries are."""

from __future__ import annotations

import functools
from typing import Any

from pydantic import ValidationError

from companion.storage.rows import EntryRow
from companion.storage.store import StaleWrite, TableRow

from ..games import RuleError
from ..specs import table_rules
from ..tables import TableRules
from ..tables import clock as clock
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
    """Store the entry (store.append); a stale part, or an entry only the other side of the table (clock or game)
    moved on from, is checked again and stored on the table as it is now."""
    table = table_rules()[row.game]
    rebase = functools.partial(_rebased, table, row, based_on, kind, payload)
    return store().append(row.id, based_on, entry_id, kind, payload, author, version, rebase=rebase, phone_id=phone_id)


def _rebased(
    table: TableRules,
    row: TableRow,
    based_on: int,
    kind: str,
    payload: dict[str, Any],
    rows: list[EntryRow],
    stale: StaleWrite,
) -> dict[str, Any]:
    """The payload checked against the log `rows`; raises `stale` when what came since `based_on` on its side of
    the table (the clock's or the game's) is not a different part of the same step, or the entry no longer fits."""
    by_seq = {r.seq: r for r in rows}
    ours = clock.on_clock(kind, payload, by_seq)
    since = [r for r in rows if r.seq > based_on and clock.on_clock(r.kind, r.payload, by_seq) == ours]
    if not since:
        return _clock_again(table, row, kind, payload, rows, stale) if ours else payload
    part = None if ours else table.part(kind, payload)
    if part is None or any(r.kind not in table.entries or table.part(r.kind, r.payload) in (None, part) for r in since):
        raise stale
    try:
        return check_entry(table, row.setup, replay(table, row.setup, rows), kind, payload)
    except (ValidationError, RuleError):
        raise stale from None


def _clock_again(
    table: TableRules, row: TableRow, kind: str, payload: dict[str, Any], rows: list[EntryRow], stale: StaleWrite
) -> dict[str, Any]:
    """A clock entry (or an undo of one) after game entries only: refused as stale when one of them ended the game,
    the clock having stopped there."""
    if kind == clock.CLOCK and clock.refusal(replay(table, row.setup, rows).clock, payload.get("action", "")):
        raise stale
    return payload
