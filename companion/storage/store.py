"""Tables and their entry logs, through SQLAlchemy Core: a SQLite file by default, PostgreSQL by URL.

A table is its setup plus an append-only log. Every write names the version (the last seq) it was made
against; a stale one is refused, and a repeated client-made entry id is answered with the entry already made.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypedDict, cast

from sqlalchemy import Column, bindparam, func, insert, select, update
from sqlalchemy.engine import Connection, CursorResult
from sqlalchemy.exc import IntegrityError

from companion import colours
from companion.storage.engines import make_engine
from companion.storage.poll_reader import PollReader
from companion.storage.rows import EntryRow, Payload
from companion.storage.schema import (
    aliases,
    attention,
    entries,
    groups,
    hits,
    members,
    metadata,
    name_totals,
    person_totals,
    phones,
    play_seats,
    plays,
    seats,
    tables,
)

__all__ = [
    "EntryRow",
    "make_engine",
    "StaleWrite",
    "Store",
    "TableRow",
    "metadata",
    "groups",
    "phones",
    "members",
    "tables",
    "seats",
    "entries",
    "aliases",
    "plays",
    "play_seats",
    "name_totals",
    "person_totals",
    "attention",
    "hits",
]

ENTRY_FIELDS = (
    entries.c.seq,
    entries.c.entry_id,
    entries.c.kind,
    entries.c.payload,
    entries.c.version,
    entries.c.author,
    entries.c.at,
    entries.c.phone_id,
)

# Built once: a poll runs this query several times a second per phone. It reads the colours and the seat changes
# too: neither is an entry, so the version alone would not tell the other phones.
_VERSION_BY = {
    column.name: select(tables.c.id, tables.c.version, tables.c.colours, tables.c.seating).where(
        column == bindparam("token")
    )
    for column in (tables.c.token, tables.c.viewer_token)
}

# No 0/O, 1/I/L: a code is read aloud across a table.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
# The shape of every token (what secrets.token_urlsafe makes) and join code: anything else names no table, and is
# never sent to the database (a NUL byte, say, is an error there rather than an unknown value).
KEY_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")
NEW_GROUP = "Our tables"


@dataclass(frozen=True)
class TableRow:
    id: int
    token: str
    viewer_token: str
    code: str
    game: str
    setup: Payload
    version: int
    created_at: datetime
    updated_at: datetime
    group_id: int
    code_issued_at: datetime | None = None
    colours: dict[str, str] | None = None
    seating: int = 0  # seat changes at the table so far (what a poll compares besides the version and colours)


class TableValues(TypedDict):
    """A new table's row, all but its id."""

    group_id: int
    token: str
    viewer_token: str
    code: str
    game: str
    setup: Payload
    version: int
    created_at: datetime
    updated_at: datetime


# What an entry made against an older version becomes on the log as it is now (raises StaleWrite if nothing).
PollRow = tuple[int, int, Mapping[str, str] | str | None, int]
Rebase = Callable[[list[EntryRow], "StaleWrite"], Payload]


class StaleWrite(Exception):
    """The table moved on since the writer last saw it."""

    def __init__(self, version: int, latest: EntryRow | None) -> None:
        super().__init__(f"the table is at version {version}")
        self.version = version
        self.latest = latest


def now() -> datetime:
    return datetime.now(UTC)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def insert_group(conn: Connection, name: str) -> int:
    """A new group called `name`, with a fresh private link (144 bits); its id."""
    values = {"token": secrets.token_urlsafe(18), "name": name, "created_at": now()}
    return inserted_id(conn.execute(insert(groups).values(**values)))


def inserted_id(result: CursorResult[tuple[object, ...]]) -> int:
    """The id of the one row an insert made."""
    key = result.inserted_primary_key
    if key is None:
        raise RuntimeError("the insert made no row")
    made: int = key[0]
    return made


def table_values(group_id: int, game: str, setup: Payload, version: int, created: datetime) -> TableValues:
    """A new table's row with fresh tokens (144 bits each) and join code, at `version` since `created`."""
    return {
        "group_id": group_id,
        "token": secrets.token_urlsafe(18),
        "viewer_token": secrets.token_urlsafe(18),
        "code": new_code(),
        "game": game,
        "setup": setup,
        "version": version,
        "created_at": created,
        "updated_at": created,
    }


class Store:
    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        self._polls = PollReader(self.engine)
        self._poll_sql: dict[str, tuple[str, bool]] = {}
        for name, statement in _VERSION_BY.items():
            compiled = statement.compile(dialect=self.engine.dialect)
            self._poll_sql[name] = (str(compiled), compiled.positional)

    def dispose(self) -> None:
        self._polls.close()
        self.engine.dispose()

    def _write(self) -> Connection:
        return self.engine.connect().execution_options(immediate=True)

    def create_table(
        self, game: str, setup: Payload, group_id: int | None = None, group_name: str = NEW_GROUP
    ) -> TableRow:
        """A new table with fresh tokens (144 bits each) and a join code not in use, in the group `group_id`, or
        in a new group called `group_name` made with it."""
        for _ in range(20):
            stamp = now()
            try:
                with self._write() as conn, conn.begin():
                    values = table_values(group_id or insert_group(conn, group_name), game, setup, 0, stamp)
                    table_id = inserted_id(conn.execute(insert(tables).values(**values)))
            except IntegrityError:
                continue
            return TableRow(id=table_id, **values)
        raise RuntimeError("could not find a free join code")

    def issue_code(self, table_id: int) -> str:
        """A fresh join code for the table, not in use; the old one names no table from now on."""
        for _ in range(20):
            code = new_code()
            try:
                with self._write() as conn, conn.begin():
                    changed = update(tables).where(tables.c.id == table_id).values(code=code, code_issued_at=now())
                    conn.execute(changed)
            except IntegrityError:
                continue
            return code
        raise RuntimeError("could not find a free join code")

    def set_colours(self, table_id: int, colours: dict[str, str]) -> None:
        """Store the table's colours (player -> colour key), checked by the caller."""
        with self._write() as conn, conn.begin():
            conn.execute(update(tables).where(tables.c.id == table_id).values(colours=colours))

    def _one(self, column: Column[str], value: str) -> TableRow | None:
        if not KEY_SHAPE.fullmatch(value):
            return None
        with self.engine.connect() as conn:
            row = conn.execute(select(tables).where(column == value)).mappings().first()
        return TableRow(**row) if row else None

    def by_token(self, token: str) -> TableRow | None:
        return self._one(tables.c.token, token)

    def by_viewer_token(self, token: str) -> TableRow | None:
        return self._one(tables.c.viewer_token, token)

    def by_code(self, code: str) -> TableRow | None:
        return self._one(tables.c.code, code.strip().upper())

    def versions(self, column: Column[str], token: str) -> tuple[int, int] | None:
        """(id, version) of the table with this token."""
        found = self.poll(column, token)
        return (found[0], found[1]) if found else None

    def poll(self, column: Column[str], token: str) -> tuple[int, int, str] | None:
        """(id, version, what its poll compares: colours.poll_version) of the table with this token: the one query
        a phone's poll costs, so it goes straight to the driver, on a connection of the thread's own, with SQL
        compiled once."""
        if not KEY_SHAPE.fullmatch(token):
            return None
        sql, positional = self._poll_sql[column.name]
        # The poll's SELECT: id, version, colours (JSON, or its text as the driver hands it), seat changes.
        row = cast(PollRow | None, self._polls.one(sql, (token,) if positional else {"token": token}))
        return (row[0], row[1], colours.poll_version(row[1], row[2], row[3])) if row else None

    def version(self, table_id: int) -> int:
        with self.engine.connect() as conn:
            return self._version(conn, table_id)

    def entries(self, table_id: int) -> list[EntryRow]:
        query = select(*ENTRY_FIELDS).where(entries.c.table_id == table_id).order_by(entries.c.seq)
        with self.engine.connect() as conn:
            return [EntryRow(**row) for row in conn.execute(query).mappings()]

    def find(self, table_id: int, entry_id: str) -> EntryRow | None:
        """The entry already stored under this client-made id, if any (an id holding a NUL byte is none)."""
        if "\x00" in entry_id:
            return None
        with self.engine.connect() as conn:
            return self._find(conn, table_id, entry_id)

    def count_tables(self) -> int:
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(tables)).scalar_one()

    def list_tables(self) -> list[TableRow]:
        """Every table, the most recently changed first."""
        query = select(tables).order_by(tables.c.updated_at.desc(), tables.c.id.desc())
        with self.engine.connect() as conn:
            return [TableRow(**row) for row in conn.execute(query).mappings()]

    def import_tables(
        self, items: list[tuple[str, Payload, datetime, list[EntryRow]]], group_id: int
    ) -> list[TableRow]:
        """New tables (game, setup, created_at, log) in a group, with fresh tokens, their logs kept as they were: all
        in one transaction, so either every table is stored or none is."""
        for _ in range(5):
            try:
                with self._write() as conn, conn.begin():
                    return self.import_in(conn, items, group_id)
            except IntegrityError:
                continue  # a join code clashed: try again with new ones
        raise RuntimeError("could not find free join codes")

    def import_in(
        self, conn: Connection, items: list[tuple[str, Payload, datetime, list[EntryRow]]], group_id: int
    ) -> list[TableRow]:
        """import_tables in the caller's write transaction (a clashing join code raises IntegrityError)."""
        return [self._import(conn, group_id, *item) for item in items]

    @staticmethod
    def _import(
        conn: Connection, group_id: int, game: str, setup: Payload, created: datetime, log: list[EntryRow]
    ) -> TableRow:
        values = table_values(group_id, game, setup, log[-1].seq if log else 0, created)
        if log:
            values["updated_at"] = log[-1].at
        table_id = inserted_id(conn.execute(insert(tables).values(**values)))
        if log:
            conn.execute(insert(entries), [{"table_id": table_id, **row.__dict__} for row in log])
        return TableRow(id=table_id, **values)

    def aliases(self, group_id: int) -> dict[str, str]:
        """A group's merged names: casefolded name -> the name it was merged into."""
        query = select(aliases.c.name, aliases.c.target).where(aliases.c.group_id == group_id)
        with self.engine.connect() as conn:
            return {row.name: row.target for row in conn.execute(query)}

    def append(
        self,
        table_id: int,
        based_on: int,
        entry_id: str,
        kind: str,
        payload: Payload,
        author: str,
        version: int = 1,
        rebase: Rebase | None = None,
        phone_id: int | None = None,
    ) -> tuple[EntryRow, bool]:
        """Append one entry (its payload written under schema `version`) made against table version `based_on`.
        Returns (entry, created); a repeated entry id returns the entry already stored with created=False.
        Raises StaleWrite when the table moved on, unless `rebase` says, from the whole log as it is now (read
        while no other write can land), what the entry becomes on top of it: it raises StaleWrite if nothing."""
        try:
            with self._write() as conn, conn.begin():
                if found := self._find(conn, table_id, entry_id):
                    return found, False
                moved = conn.execute(
                    update(tables)
                    .where(tables.c.id == table_id, tables.c.version == based_on)
                    .values(version=based_on + 1, updated_at=now())
                )
                if moved.rowcount == 0:
                    # On PostgreSQL a twin request (same entry id) may have committed while this one waited on
                    # the row: that is the entry this one carries, not a conflict.
                    if found := self._find(conn, table_id, entry_id):
                        return found, False
                    stale = StaleWrite(self._version(conn, table_id), self._latest(conn, table_id))
                    if rebase is None:
                        raise stale
                    based_on, payload = self._rebased(conn, table_id, rebase, stale)
                row = EntryRow(based_on + 1, entry_id, kind, payload, author, now(), version, phone_id)
                conn.execute(insert(entries).values(table_id=table_id, **row.__dict__))
                return row, True
        except IntegrityError:
            # Two requests with the same entry id raced; the other one stored it.
            with self.engine.connect() as conn:
                if found := self._find(conn, table_id, entry_id):
                    return found, False
            raise

    @staticmethod
    def _rebased(conn: Connection, table_id: int, rebase: Rebase, stale: StaleWrite) -> tuple[int, Payload]:
        """The version the table is at and the entry's payload on top of it, with the table's row held (on
        PostgreSQL; SQLite's write transaction holds the whole database) until the entry is in."""
        latest: int = conn.execute(
            select(tables.c.version).where(tables.c.id == table_id).with_for_update()
        ).scalar_one()
        query = select(*ENTRY_FIELDS).where(entries.c.table_id == table_id).order_by(entries.c.seq)
        payload = rebase([EntryRow(**row) for row in conn.execute(query).mappings()], stale)
        conn.execute(update(tables).where(tables.c.id == table_id).values(version=latest + 1, updated_at=now()))
        return latest, payload

    @staticmethod
    def _find(conn: Connection, table_id: int, entry_id: str) -> EntryRow | None:
        row = (
            conn.execute(select(*ENTRY_FIELDS).where(entries.c.table_id == table_id, entries.c.entry_id == entry_id))
            .mappings()
            .first()
        )
        return EntryRow(**row) if row else None

    @staticmethod
    def _version(conn: Connection, table_id: int) -> int:
        version: int = conn.execute(select(tables.c.version).where(tables.c.id == table_id)).scalar_one()
        return version

    @staticmethod
    def _latest(conn: Connection, table_id: int) -> EntryRow | None:
        row = (
            conn.execute(
                select(*ENTRY_FIELDS).where(entries.c.table_id == table_id).order_by(entries.c.seq.desc()).limit(1)
            )
            .mappings()
            .first()
        )
        return EntryRow(**row) if row else None
