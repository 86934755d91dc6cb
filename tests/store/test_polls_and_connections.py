"""What a poll costs and how the store's connections behave: a poll sees every write at once, from this process or
another; a connection the database dropped is replaced without an error; a write is one transaction on
PostgreSQL too, where reads run without one."""

from __future__ import annotations

import secrets
import threading
import time

import pytest
from sqlalchemy import func, select, text

from companion.storage import engines as engines
from companion.storage.store import Store, groups, insert_group, tables


@pytest.fixture
def two(db_url):
    """Two stores on one database, as two server processes have."""
    first, second = Store(db_url), Store(db_url)
    yield first, second
    first.dispose()
    second.dispose()


def test_a_poll_sees_a_write_made_through_another_store_at_once(two):
    mine, theirs = two
    table = mine.create_table("oz", {"players": ["Ann", "Ben"]})
    assert mine.versions(tables.c.token, table.token) == (table.id, 0)
    for version in range(3):
        theirs.append(table.id, version, f"e{version}", "hand", {"player": "Ann"}, "Ann")
        assert mine.versions(tables.c.token, table.token) == (table.id, version + 1)
        assert mine.versions(tables.c.viewer_token, table.viewer_token) == (table.id, version + 1)
    assert mine.versions(tables.c.token, "no-such-token") is None


def test_polls_from_many_threads_each_see_the_latest_version(two):
    mine, theirs = two
    table = mine.create_table("oz", {"players": ["Ann", "Ben"]})
    theirs.append(table.id, 0, "e0", "hand", {"player": "Ann"}, "Ann")
    seen: list[object] = []

    def poll() -> None:
        seen.append(mine.versions(tables.c.token, table.token))

    threads = [threading.Thread(target=poll) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [(table.id, 1)] * 6


@pytest.fixture
def named(pg_url):
    """A store whose connections PostgreSQL knows by a name of their own (the database is shared with other test
    runs, whose connections must be left alone), and a second store to watch it with."""
    name = f"companion-{secrets.token_hex(4)}"
    store, watcher = Store(f"{pg_url}&application_name={name}"), Store(pg_url)
    yield store, watcher, name
    store.dispose()
    watcher.dispose()


def backends(watcher: Store, name: str) -> set[int]:
    query = text("SELECT pid FROM pg_stat_activity WHERE application_name = :name")
    with watcher.engine.connect() as conn:
        return set(conn.execute(query, {"name": name}).scalars())


def gone(watcher: Store, name: str, seconds: float = 5.0) -> bool:
    """Whether every connection of the store called `name` has left the server: a closed connection's backend
    takes a moment to exit after the client hangs up."""
    deadline = time.monotonic() + seconds
    while backends(watcher, name):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def drop(watcher: Store, name: str) -> None:
    """The database ends every connection of the store called `name`, as a restart does."""
    pids = backends(watcher, name)
    assert pids
    with watcher.engine.connect() as conn:
        for pid in pids:
            conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})


def test_a_poll_connection_the_database_dropped_is_replaced(named):
    store, watcher, name = named
    table = store.create_table("oz", {"players": ["Ann", "Ben"]})
    store.engine.dispose()  # only the poll's own connection is left
    assert store.versions(tables.c.token, table.token) == (table.id, 0)
    drop(watcher, name)
    assert store.versions(tables.c.token, table.token) == (table.id, 0)


def test_dispose_closes_the_poll_connections(named):
    store, watcher, name = named
    table = store.create_table("oz", {"players": ["Ann", "Ben"]})
    store.engine.dispose()
    store.versions(tables.c.token, table.token)
    assert len(backends(watcher, name)) == 1
    store.dispose()
    assert gone(watcher, name)


def test_a_pooled_connection_the_database_dropped_is_replaced_before_use(named, monkeypatch):
    monkeypatch.setattr(engines, "IDLE_BEFORE_PING", 0.0)  # every connection counts as idle: each is asked first
    store, watcher, name = named
    store.create_table("oz", {"players": ["Ann", "Ben"]})
    drop(watcher, name)
    assert store.count_tables() == 1


def test_a_write_that_fails_midway_stores_nothing_on_postgresql(pg_url):
    store = Store(pg_url)
    try:
        writer = store.engine.connect().execution_options(immediate=True)
        with pytest.raises(RuntimeError), writer as conn, conn.begin():
            insert_group(conn, "Half made")
            raise RuntimeError("the write fails after its first statement")
        with store.engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(groups)).scalar_one() == 0
    finally:
        store.dispose()


def test_reads_on_postgresql_run_without_a_transaction(pg_url):
    store = Store(pg_url)
    try:
        with store.engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")
            assert conn.connection.driver_connection.info.transaction_status.name == "IDLE"
    finally:
        store.dispose()
