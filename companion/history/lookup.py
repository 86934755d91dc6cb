"""Single plays and whole histories, read from the stored plays of one group: a play by its id or by its table, every
play and every finished table with its log (for the exports), the ids a restore skips, and the plays recently
deleted from the history (to restore them)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select

from companion.history.play_rows import COLUMNS, play_from
from companion.history.records import Play, utc
from companion.storage.store import ENTRY_FIELDS, EntryRow, Store, TableRow, entries, plays, tables

DELETED_SHOWN = 20


@dataclass(frozen=True)
class Deleted:
    """A play taken out of the history, and when."""

    play: Play
    deleted: datetime


def _joined() -> Any:
    return select(*COLUMNS).join_from(plays, tables, plays.c.table_id == tables.c.id)


def _shown(group: int) -> Any:
    return _joined().where(plays.c.group_id == group, plays.c.deleted_at.is_(None))


def find(store: Store, group: int, play_id: str) -> Play | None:
    """The group's play with this id, if the group has it (and it is not deleted)."""
    with store.engine.connect() as conn:
        row = conn.execute(_shown(group).where(plays.c.play_id == play_id).limit(1)).mappings().first()
    return play_from(row) if row else None


def of_table(store: Store, table_id: int) -> Play | None:
    """The stored play of a table once its game is over, deleted from its group's history or not."""
    with store.engine.connect() as conn:
        row = conn.execute(_joined().where(plays.c.table_id == table_id)).mappings().first()
    return play_from(row) if row else None


def shown_of_table(store: Store, table_id: int) -> Play | None:
    """The stored play of a table once its game is over, unless it was deleted from its group's history."""
    query = _joined().where(plays.c.table_id == table_id, plays.c.deleted_at.is_(None))
    with store.engine.connect() as conn:
        row = conn.execute(query).mappings().first()
    return play_from(row) if row else None


def deleted_of_table(store: Store, table_id: int) -> bool:
    """Whether the table's play was deleted from its group's history (and not restored)."""
    query = select(plays.c.play_id).where(plays.c.table_id == table_id, plays.c.deleted_at.is_not(None)).limit(1)
    with store.engine.connect() as conn:
        return conn.execute(query).first() is not None


def known_ids(store: Store, group: int) -> set[str]:
    """The ids of every play of a group, deleted ones too (a restore skips them: a deleted play comes back from the
    list of recently deleted ones)."""
    with store.engine.connect() as conn:
        return set(conn.execute(select(plays.c.play_id).where(plays.c.group_id == group)).scalars())


def every_play(store: Store, group: int) -> list[Play]:
    """Every play of a group, newest first (for the exports)."""
    query = _shown(group).order_by(plays.c.ended.desc(), plays.c.play_id.desc())
    with store.engine.connect() as conn:
        return [play_from(row) for row in conn.execute(query).mappings()]


def recently_deleted(store: Store, group: int, limit: int = DELETED_SHOWN) -> list[Deleted]:
    """The plays deleted from a group's history, the latest deleted first."""
    query = (
        _joined()
        .add_columns(plays.c.deleted_at)
        .where(plays.c.group_id == group, plays.c.deleted_at.is_not(None))
        .order_by(plays.c.deleted_at.desc(), plays.c.play_id.desc())
        .limit(limit)
    )
    with store.engine.connect() as conn:
        return [Deleted(play_from(row), utc(row["deleted_at"])) for row in conn.execute(query).mappings()]


def finished_tables(store: Store, group: int) -> list[tuple[TableRow, list[EntryRow], Play]]:
    """Every finished table of a group in its history, with its whole log and its play, the oldest play first (for
    the backup)."""
    mine = (plays.c.group_id == group, plays.c.deleted_at.is_(None))
    query = (
        select(*tables.c, plays.c.play_id, plays.c.started, plays.c.ended, plays.c.seats, plays.c.units)
        .join_from(plays, tables, plays.c.table_id == tables.c.id)
        .where(*mine)
        .order_by(plays.c.ended, plays.c.play_id)
    )
    logs_query = (
        select(entries.c.table_id, *ENTRY_FIELDS)
        .where(entries.c.table_id.in_(select(plays.c.table_id).where(*mine)))
        .order_by(entries.c.table_id, entries.c.seq)
    )
    logs: dict[int, list[EntryRow]] = {}
    with store.engine.connect() as conn:
        for row in conn.execute(logs_query).mappings():
            values = dict(row)
            logs.setdefault(values.pop("table_id"), []).append(EntryRow(**values))
        found = list(conn.execute(query).mappings())
    table_fields = [c.name for c in tables.c]
    return [(TableRow(**{f: row[f] for f in table_fields}), logs.get(row["id"], []), play_from(row)) for row in found]
