"""The database engine for a URL: a SQLite file or PostgreSQL, each set up so that a read is one statement on its
own and a write (a connection with the `immediate` execution option) one transaction taken up front."""

from __future__ import annotations

import time

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.pool import ConnectionPoolEntry, PoolProxiedConnection

# Connections the pool keeps: one for each server thread (companion serve's default is 8) and a few more, so a
# busy moment never opens (and then closes) a connection of its own, which costs PostgreSQL a new process.
POOL_SIZE = 10
POOL_OVERFLOW = 10
# A connection idle for longer is asked whether it still works before it is used (the database may have restarted
# meanwhile); one in steady use is not asked every time, which would double a query's round trips.
IDLE_BEFORE_PING = 2.0


def make_engine(url: str) -> Engine:
    """An engine for `url`; SQLite gets WAL, a busy timeout, and BEGIN IMMEDIATE for writes."""
    if url.startswith("sqlite"):
        return _sqlite(url)
    return _postgresql(url)


def _sqlite(url: str) -> Engine:
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
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


def _postgresql(url: str) -> Engine:
    # Autocommit: a read costs its one round trip, not a BEGIN and a ROLLBACK around it as well.
    engine = create_engine(url, isolation_level="AUTOCOMMIT", pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW)

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        # A writer's transaction, begun by hand (the driver begins none in autocommit); the driver's commit and
        # rollback end it.
        if conn.get_execution_options().get("immediate", False):
            conn.exec_driver_sql("BEGIN")

    @event.listens_for(engine, "checkout")
    def _checkout(
        dbapi_connection: DBAPIConnection, record: ConnectionPoolEntry, _proxy: PoolProxiedConnection
    ) -> None:
        if time.monotonic() - record.info.get("returned", 0.0) > IDLE_BEFORE_PING:
            try:
                dbapi_connection.execute("SELECT 1")
            except engine.dialect.loaded_dbapi.Error as error:  # gone: the pool opens another one instead
                raise DisconnectionError() from error

    @event.listens_for(engine, "connect")
    @event.listens_for(engine, "checkin")
    def _used(_dbapi_connection: DBAPIConnection, record: ConnectionPoolEntry) -> None:
        record.info["returned"] = time.monotonic()

    return engine
