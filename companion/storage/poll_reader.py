"""The one query a phone's poll costs, on a database connection each server thread keeps for it.

Phones poll several times a second per table, and most polls learn only that nothing changed: such a poll pays
for one indexed lookup, not for a pool checkout (with its ping) and a transaction around it.
"""

from __future__ import annotations

import contextlib
import threading
import weakref
from collections.abc import Mapping, Sequence

from sqlalchemy.engine import Engine
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.pool import QueuePool

# A query's parameters, positional or by name as the driver's style wants.
Params = Sequence[object] | Mapping[str, object]


class PollReader:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._lock = threading.Lock()
        self._by_thread: dict[int, DBAPIConnection] = {}
        driver = engine.dialect.loaded_dbapi
        self._dropped: tuple[type[Exception], ...] = (driver.OperationalError, driver.InterfaceError)
        weakref.finalize(self, _close_all, self._by_thread)  # a reader let go of closes what it opened

    def one(self, sql: str, params: Params) -> tuple[object, ...] | None:
        """The first row `sql` finds. A connection the database dropped (it restarted, say) is replaced, and the
        query asked once more: a read is safe to repeat."""
        try:
            return self._fetch(sql, params)
        except self._dropped:
            with self._lock:
                gone = self._by_thread.pop(threading.get_ident(), None)
            _close_all({0: gone} if gone else {})
            return self._fetch(sql, params)

    def close(self) -> None:
        """Close every thread's connection (each opens a new one when it next polls)."""
        with self._lock:
            found = dict(self._by_thread)
            self._by_thread.clear()
        _close_all(found)

    def _fetch(self, sql: str, params: Params) -> tuple[object, ...] | None:
        if not isinstance(self.engine.pool, QueuePool):  # an in-memory SQLite database lives in the pool's one
            with self.engine.connect() as conn:
                return conn.exec_driver_sql(sql, params).first()
        cursor = (self._by_thread.get(threading.get_ident()) or self._connect()).cursor()
        try:
            cursor.execute(sql, params)
            found: tuple[object, ...] | None = cursor.fetchone()
            return found
        finally:
            cursor.close()

    def _connect(self) -> DBAPIConnection:
        proxied = self.engine.raw_connection()  # made as the engine makes them (SQLite's pragmas, say)
        connection: DBAPIConnection | None = proxied.driver_connection
        if connection is None:
            raise RuntimeError("the pool handed out a closed connection")
        proxied.detach()  # this thread's own from now on: the pool neither counts nor resets it
        connection.rollback()  # the pool's ping may have begun a transaction
        if self.engine.dialect.name == "postgresql":
            connection.autocommit = True  # each poll its own snapshot, with no BEGIN and ROLLBACK around it
        alive = {thread.ident for thread in threading.enumerate()}
        with self._lock:
            # Threads that ended (a development server's, one per request) leave their connections behind.
            ended = {ident: found for ident, found in self._by_thread.items() if ident not in alive}
            for ident in ended:
                del self._by_thread[ident]
            self._by_thread[threading.get_ident()] = connection
        _close_all(ended)
        return connection


def _close_all(connections: dict[int, DBAPIConnection]) -> None:
    for connection in list(connections.values()):
        with contextlib.suppress(Exception):  # a connection already gone has nothing left to close
            connection.close()
    connections.clear()
