"""The database schema's migrations: Alembic, configured in code, on the revisions in companion/storage/migrations/.

`upgrade` brings a database to the newest revision (`head()`); `current` and `is_current` say where one is. Each
takes a database URL or an Engine (an in-memory SQLite database lives only inside its engine).

A database made by create_all before migrations existed has the tables but no alembic_version: it is stamped with
the first revision, whose schema is exactly what create_all made, then upgraded like any other.

A schema change is a new revision in companion/storage/migrations/versions/, revising the newest one. To draft one from
what changed in companion/storage/store.py: `alembic.command.revision(config(conn), message, rev_id="0004_...",
autogenerate=True)`, with `conn` a connection to a database at head.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

from companion.storage.engines import make_engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
FIRST = "0001_initial"
# Every database create_all made has this table; an empty database does not.
LEGACY_TABLE = "tables"
# Held for the upgrade's transaction, so servers starting together on one PostgreSQL migrate it once.
PG_LOCK = 7_261_302


@dataclass(frozen=True)
class Upgrade:
    """What `upgrade` did: the revision it found, whether that database predated migrations (and was stamped with
    the first revision), the revisions it applied, oldest first, and the one it reached."""

    before: str | None
    adopted: bool
    applied: tuple[str, ...]
    after: str

    def describe(self) -> str:
        """One sentence for the person who ran `companion init-db`."""
        steps = ", ".join(self.applied)
        if self.adopted:
            then = f", then applied {steps}" if steps else ""
            return f"Found tables made before migrations: marked them {FIRST}{then}; the database is at {self.after}"
        if steps:
            return f"Applied {steps}; the database is at {self.after}"
        return f"The database is already at {self.after}: nothing to do"


def config(connection: Connection | None = None) -> Config:
    """Alembic's configuration without an alembic.ini; env.py runs migrations on `connection`."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("path_separator", "os")
    cfg.set_main_option("file_template", "%%(rev)s")  # a revision's file is named by its id: 0001_initial.py
    cfg.attributes["connection"] = connection
    return cfg


def scripts() -> ScriptDirectory:
    """The revisions this version of the code knows."""
    return ScriptDirectory.from_config(config())


def head() -> str:
    """The newest revision."""
    newest = scripts().get_current_head()
    if newest is None:
        raise RuntimeError(f"no revisions in {MIGRATIONS}")
    return newest


def is_known(revision: str) -> bool:
    """Whether this version of the code has `revision` (a newer one may have upgraded the database further)."""
    return revision in {script.revision for script in scripts().walk_revisions()}


@contextmanager
def _engine(target: str | Engine) -> Iterator[Engine]:
    if isinstance(target, Engine):
        yield target
        return
    engine = make_engine(target)
    try:
        yield engine
    finally:
        engine.dispose()


def _revision(conn: Connection) -> str | None:
    return MigrationContext.configure(conn).get_current_revision()


def current(target: str | Engine) -> str | None:
    """The database's revision, or None when it has none (empty, or made before migrations)."""
    with _engine(target) as engine, engine.connect() as conn:
        return _revision(conn)


def is_current(target: str | Engine) -> bool:
    """Whether the database is at the newest revision."""
    return current(target) == head()


def upgrade(target: str | Engine) -> Upgrade:
    """Bring the database to the newest revision, in one transaction: all of it happens or none of it."""
    with _engine(target) as engine, engine.connect().execution_options(immediate=True) as conn, conn.begin():
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_LOCK})
        before = _revision(conn)
        adopted = before is None and inspect(conn).has_table(LEGACY_TABLE)
        if adopted:
            command.stamp(config(conn), FIRST)
        start = FIRST if adopted else before
        command.upgrade(config(conn), "head")
        after = _revision(conn)
    assert after is not None
    return Upgrade(before, adopted, _between(start, after), after)


def _between(lower: str | None, upper: str) -> tuple[str, ...]:
    """The revisions after `lower` up to `upper`, oldest first."""
    if lower == upper:
        return ()
    walked = scripts().iterate_revisions(upper, lower or "base")
    return tuple(reversed([script.revision for script in walked]))
