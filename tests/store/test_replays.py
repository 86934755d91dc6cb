"""Tables replayed once per version and shared: a version names one log for good, so the same version is never
replayed twice, a new entry is always seen, and a table is never answered with another's replay."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion import replays
from companion.storage.store import Store
from tests.conftest import migrated_sqlite


@pytest.fixture
def store(tmp_path):
    store = Store(migrated_sqlite(tmp_path / "store.db"))
    yield store
    store.dispose()


def line(player: str) -> dict:
    return {"player": player, "round": 1, "line": {"color": "blue", "districts": 3, "max_stations_in_district": 2}}


def reads_of(store: Store, monkeypatch) -> list[int]:
    reads: list[int] = []
    real = store.entries
    monkeypatch.setattr(store, "entries", lambda table_id: reads.append(table_id) or real(table_id))
    return reads


def test_a_version_is_replayed_once_and_a_new_entry_is_seen(store, monkeypatch):
    table = store.create_table("next-station-paris", {"players": ["Ana", "Ben"]})
    store.append(table.id, 0, "e1", "line", line("Ana"), "Ana", version=2)
    reads = reads_of(store, monkeypatch)
    row = store.by_token(table.token)
    first = replays.replayed(store, row)
    assert replays.replayed(store, row) is not None and reads == [table.id]
    assert first[0] == 1 and replays.replayed(store, row)[1] is first[1]
    store.append(table.id, 1, "e2", "line", line("Ben"), "Ben", version=2)
    version, replayed = replays.replayed(store, store.by_token(table.token))
    assert version == 2 and reads == [table.id, table.id]
    assert [s.seq for s in replayed.log] == [1, 2]


def test_a_row_read_before_a_write_gets_the_log_as_it_is(store):
    table = store.create_table("next-station-paris", {"players": ["Ana", "Ben"]})
    old = store.by_token(table.token)
    store.append(table.id, 0, "e1", "line", line("Ana"), "Ana", version=2)
    version, replayed = replays.replayed(store, old)  # the row says 0, the log says 1: the log wins
    assert version == 1 and [s.seq for s in replayed.log] == [1]


def test_another_table_is_never_answered_with_a_kept_replay(store):
    table = store.create_table("next-station-paris", {"players": ["Ana", "Ben"]})
    store.append(table.id, 0, "e1", "line", line("Ana"), "Ana", version=2)
    row = store.by_token(table.token)
    replays.replayed(store, row)
    stranger = replace(row, token="another-token", version=1)  # the same id handed out again, say
    store.append(table.id, 1, "e2", "line", line("Ben"), "Ben", version=2)
    version, replayed = replays.replayed(store, stranger)
    assert version == 2 and len(replayed.log) == 2


def test_the_kept_replays_are_bounded():
    kept = replays.Replays(size=2)
    for n in range(3):
        kept.put((n, "t", 0), object())  # type: ignore[arg-type]
    assert kept.get((0, "t", 0)) is None and kept.get((2, "t", 0)) is not None
