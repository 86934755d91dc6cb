"""A table's join code is for the phones at the table: it works until some hours after the table's last entry (or
after it was issued afresh, whichever is later), then names no table any more. Editor and watch links never expire.

A code is typed as people read it off another phone: in any case, with spaces or dashes between its groups, and
with the letters O and I mistaken for the digits 0 and 1 or the other way round. New codes are drawn from an
alphabet without 0, 1, O, I or L, so a reader never has to choose; a code that holds one of them anyway is still
found whichever of the look-alikes is typed.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from sqlalchemy import ColumnElement, func, select

from companion.storage.schema import tables
from companion.storage.store import Store, TableRow

LIFETIME_HOURS = 12.0
SHOWN_GROUP = 3  # shown as "YT6 NU5": two groups of three are easier to read out across a table
SEPARATORS = re.compile(r"[\s\-_.·–—/]+")
LOOKALIKES = {"0": "O", "1": "I", "L": "I"}  # each character typed -> the one it is folded with
AMBIGUOUS = frozenset("01OIL")


def code_until(row: TableRow, hours: float = LIFETIME_HOURS) -> datetime:
    """When the table's join code stops working."""
    issued = [_utc(row.updated_at), _utc(row.created_at)]
    if row.code_issued_at is not None:
        issued.append(_utc(row.code_issued_at))
    return max(issued) + timedelta(hours=hours)


def code_works(row: TableRow, at: datetime, hours: float = LIFETIME_HOURS) -> bool:
    """Whether the join code still leads to the table at `at`."""
    return at < code_until(row, hours)


def _utc(moment: datetime) -> datetime:
    """A stored time in UTC (SQLite hands times back without their zone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def shown(code: str) -> str:
    """The code as a phone shows it, in groups: "YT6NU5" -> "YT6 NU5"."""
    return " ".join(code[i : i + SHOWN_GROUP] for i in range(0, len(code), SHOWN_GROUP))


def typed(text: str) -> str:
    """What was typed, as codes are stored: upper case, without the spaces and dashes between groups."""
    return SEPARATORS.sub("", text).upper()


def folded(code: str) -> str:
    """The code with each look-alike folded into one character, so O and 0 (and I, 1 and L) compare equal."""
    return "".join(LOOKALIKES.get(c, c) for c in code)


def _folded_column() -> ColumnElement[str]:
    column: ColumnElement[str] = tables.c.code
    for typed_char, folded_char in LOOKALIKES.items():
        column = func.replace(column, typed_char, folded_char)
    return column


def find_table(store: Store, text: str) -> TableRow | None:
    """The table whose join code `text` is, as typed by a person (see the module's note), or None."""
    code = typed(text)
    row = store.by_code(code)
    if row is not None or not AMBIGUOUS & set(code):
        return row
    # Only a code holding a look-alike gets here: no generated code does, so this is the rare, slower path.
    with store.engine.connect() as conn:
        found = conn.execute(select(tables.c.token).where(_folded_column() == folded(code)).limit(2)).all()
    return store.by_token(found[0].token) if len(found) == 1 else None
