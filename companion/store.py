"""Tables and their entry logs, through SQLAlchemy Core: a SQLite file by default, PostgreSQL by URL.

A table is its setup plus an append-only log. Every write names the version (the last seq) it was made
against; a stale one is refused, and a repeated client-made entry id is answered with the entry already made.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from .rows import EntryRow

__all__ = ["EntryRow", "StaleWrite", "Store", "TableRow"]

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("token", String(64), nullable=False, unique=True),
    Column("viewer_token", String(64), nullable=False, unique=True),
    Column("code", String(12), nullable=False, unique=True),
    Column("game", String(40), nullable=False),
    Column("setup", JSON, nullable=False),
    Column("version", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

entries = Table(
    "entries",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False, index=True),
    Column("seq", Integer, nullable=False),
    Column("entry_id", String(64), nullable=False),
    Column("kind", String(40), nullable=False),
    # The schema version of the payload (of the corrected kind, for a correction): replay upgrades older ones.
    Column("version", Integer, nullable=False, server_default="1"),
    Column("payload", JSON, nullable=False),
    Column("author", String(40), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("table_id", "seq"),
    UniqueConstraint("table_id", "entry_id"),
)

# A name merged into another (the same person under two names at different tables), by its casefolded form.
aliases = Table(
    "aliases",
    metadata,
    Column("name", String(160), primary_key=True),
    Column("target", String(40), nullable=False),
)

# The stored history (companion/plays.py keeps it): one row per finished table, rewritten whenever the table changes,
# so history and stats read rows instead of replaying every table. `seats` and `units` are the play as it reads.
plays = Table(
    "plays",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False, unique=True),
    Column("play_id", String(24), nullable=False),
    Column("game", String(40), nullable=False),
    Column("started", DateTime(timezone=True), nullable=False),
    Column("ended", DateTime(timezone=True), nullable=False),
    Column("seats", JSON, nullable=False),
    Column("units", JSON, nullable=False),
    Index("ix_plays_play_id", "play_id"),
    Index("ix_plays_ended", "ended", "play_id"),
    Index("ix_plays_game_ended", "game", "ended", "play_id"),
)

# Each play's seats again, one row per player, for what the pages filter and count by: a person, a game's scores.
# `person` is who the name is once merges are followed (rewritten when names are merged or a merge is undone).
play_seats = Table(
    "play_seats",
    metadata,
    Column("table_id", Integer, ForeignKey("plays.table_id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(160), nullable=False),
    Column("name_key", String(160), nullable=False),
    Column("person", String(160), nullable=False),
    Column("game", String(40), nullable=False),
    Column("ended", DateTime(timezone=True), nullable=False),
    Column("play_id", String(24), nullable=False),
    Column("score", Integer, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("winner", Boolean, nullable=False),
    Column("together", Boolean, nullable=False),  # scored as one with others (a team, say)
    Column("out", String(200), nullable=False),  # why the score does not count; empty when it does
    Index("ix_play_seats_person", "person", "game", "table_id", "winner"),
    Index("ix_play_seats_name", "name_key", "name", "game"),
    Index("ix_play_seats_game_scores", "game", "out", "score"),
)

# Totals the lists of players read instead of every seat, kept with the seats by companion/play_totals.py: how often
# each name was entered as written, per game, and when last (to show a person by the spelling used most)...
name_totals = Table(
    "name_totals",
    metadata,
    Column("name_key", String(160), primary_key=True),
    Column("name", String(160), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("seats", Integer, nullable=False),
    Column("last", DateTime(timezone=True), nullable=False),
)

# ...and each person's plays and wins per game, each play counted once even if two of their names sat at it.
person_totals = Table(
    "person_totals",
    metadata,
    Column("person", String(160), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("plays", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
)

# Tables whose log stops replaying at an entry (damaged, or written by a newer app): the history lists them until the
# entry is undone or corrected. Kept by companion/plays.py with the plays.
attention = Table(
    "attention",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, nullable=False),
    Column("kind", String(40), nullable=False),
    Column("message", String(500), nullable=False),
    Column("noticed_at", DateTime(timezone=True), nullable=False),
)

ENTRY_FIELDS = (
    entries.c.seq,
    entries.c.entry_id,
    entries.c.kind,
    entries.c.payload,
    entries.c.version,
    entries.c.author,
    entries.c.at,
)

# Built once: a poll runs this query several times a second per phone.
_VERSION_BY = {
    column.name: select(tables.c.id, tables.c.version).where(column == bindparam("token"))
    for column in (tables.c.token, tables.c.viewer_token)
}

# No 0/O, 1/I/L: a code is read aloud across a table.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6


@dataclass(frozen=True)
class TableRow:
    id: int
    token: str
    viewer_token: str
    code: str
    game: str
    setup: dict[str, Any]
    version: int
    created_at: datetime
    updated_at: datetime


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


def make_engine(url: str) -> Engine:
    """An engine for `url`; SQLite gets WAL, a busy timeout, and BEGIN IMMEDIATE for writes."""
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        # Writers take the lock up front so two phones never deadlock upgrading a read lock;
        # reads are single statements and run without a transaction of their own.
        if conn.get_execution_options().get("immediate", False):
            conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


class Store:
    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        self._poll_sql = {}
        for name, statement in _VERSION_BY.items():
            compiled = statement.compile(dialect=self.engine.dialect)
            self._poll_sql[name] = (str(compiled), compiled.positional)

    def dispose(self) -> None:
        self.engine.dispose()

    def _write(self) -> Any:
        return self.engine.connect().execution_options(immediate=True)

    def create_table(self, game: str, setup: dict[str, Any]) -> TableRow:
        """A new table with fresh tokens (144 bits each) and a join code not in use."""
        for _ in range(20):
            stamp = now()
            values = {
                "token": secrets.token_urlsafe(18),
                "viewer_token": secrets.token_urlsafe(18),
                "code": new_code(),
                "game": game,
                "setup": setup,
                "version": 0,
                "created_at": stamp,
                "updated_at": stamp,
            }
            try:
                with self._write() as conn, conn.begin():
                    table_id = conn.execute(insert(tables).values(**values)).inserted_primary_key[0]
            except IntegrityError:
                continue
            return TableRow(id=table_id, **values)
        raise RuntimeError("could not find a free join code")

    def _one(self, column: Any, value: str) -> TableRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables).where(column == value)).mappings().first()
        return TableRow(**row) if row else None

    def by_token(self, token: str) -> TableRow | None:
        return self._one(tables.c.token, token)

    def by_viewer_token(self, token: str) -> TableRow | None:
        return self._one(tables.c.viewer_token, token)

    def by_code(self, code: str) -> TableRow | None:
        return self._one(tables.c.code, code.strip().upper())

    def versions(self, column: Any, token: str) -> tuple[int, int] | None:
        """(id, version) of the table with this token: the one query a phone's poll costs, so it goes
        straight to the driver with SQL compiled once."""
        sql, positional = self._poll_sql[column.name]
        params: Any = (token,) if positional else {"token": token}
        raw = self.engine.raw_connection()
        try:
            cursor = raw.cursor()
            cursor.execute(sql, params)
            row = cursor.fetchone()
            cursor.close()
        finally:
            raw.close()
        return (row[0], row[1]) if row else None

    def version(self, table_id: int) -> int:
        with self.engine.connect() as conn:
            return conn.execute(select(tables.c.version).where(tables.c.id == table_id)).scalar_one()

    def entries(self, table_id: int) -> list[EntryRow]:
        query = select(*ENTRY_FIELDS).where(entries.c.table_id == table_id).order_by(entries.c.seq)
        with self.engine.connect() as conn:
            return [EntryRow(**row) for row in conn.execute(query).mappings()]

    def find(self, table_id: int, entry_id: str) -> EntryRow | None:
        """The entry already stored under this client-made id, if any."""
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

    def import_tables(self, items: list[tuple[str, dict[str, Any], datetime, list[EntryRow]]]) -> list[TableRow]:
        """New tables (game, setup, created_at, log) with fresh tokens, their logs kept as they were: all in one
        transaction, so either every table is stored or none is."""
        for _ in range(5):
            try:
                with self._write() as conn, conn.begin():
                    return [self._import(conn, *item) for item in items]
            except IntegrityError:
                continue  # a join code clashed: try again with new ones
        raise RuntimeError("could not find free join codes")

    @staticmethod
    def _import(conn: Connection, game: str, setup: dict[str, Any], created: datetime, log: list[EntryRow]) -> TableRow:
        updated = log[-1].at if log else created
        values = {
            "token": secrets.token_urlsafe(18),
            "viewer_token": secrets.token_urlsafe(18),
            "code": new_code(),
            "game": game,
            "setup": setup,
            "version": log[-1].seq if log else 0,
            "created_at": created,
            "updated_at": updated,
        }
        table_id = conn.execute(insert(tables).values(**values)).inserted_primary_key[0]
        if log:
            conn.execute(insert(entries), [{"table_id": table_id, **row.__dict__} for row in log])
        return TableRow(id=table_id, **values)

    def aliases(self) -> dict[str, str]:
        """Merged names: casefolded name -> the name it was merged into."""
        with self.engine.connect() as conn:
            return {row.name: row.target for row in conn.execute(select(aliases))}

    def set_alias(self, name: str, target: str | None) -> None:
        """Merge the casefolded `name` into `target`, or undo its merge when target is None."""
        with self._write() as conn, conn.begin():
            conn.execute(delete(aliases).where(aliases.c.name == name))
            if target is not None:
                conn.execute(insert(aliases).values(name=name, target=target))

    def append(
        self,
        table_id: int,
        based_on: int,
        entry_id: str,
        kind: str,
        payload: dict[str, Any],
        author: str,
        version: int = 1,
    ) -> tuple[EntryRow, bool]:
        """Append one entry (its payload written under schema `version`) made against table version `based_on`.
        Returns (entry, created); a repeated entry id returns the entry already stored with created=False.
        Raises StaleWrite when the table moved on."""
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
                    raise StaleWrite(self._version(conn, table_id), self._latest(conn, table_id))
                row = EntryRow(based_on + 1, entry_id, kind, payload, author, now(), version)
                conn.execute(insert(entries).values(table_id=table_id, **row.__dict__))
                return row, True
        except IntegrityError:
            # Two requests with the same entry id raced; the other one stored it.
            with self.engine.connect() as conn:
                if found := self._find(conn, table_id, entry_id):
                    return found, False
            raise

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
        return conn.execute(select(tables.c.version).where(tables.c.id == table_id)).scalar_one()

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
