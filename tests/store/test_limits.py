"""Limits counted in the database: every process and thread on one database shares one count per key, a refused
take counts nothing and says how long to wait, a refund hands a count back, and old counts are swept."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, insert, select

from companion.groups.limits import KEEP, Limit, Limits
from companion.storage.store import Store, hits

START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def limits(db_url: str, clock: Clock):
    store = Store(db_url)
    yield Limits(store, clock)
    store.dispose()


def rows(limits: Limits) -> int:
    with limits.store.engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(hits)).scalar_one()


def test_a_limit_allows_its_count_then_says_how_long_to_wait(limits, clock):
    join = Limit("join", 3, 60)
    for _ in range(3):
        assert not limits.take(join, ["ip:a"]).refused
        clock.advance(10)
    refused = limits.take(join, ["ip:a"])
    assert refused.refused and refused.ids == ()
    assert refused.wait == pytest.approx(30)  # the first count leaves the window 60 s after it was made
    assert refused.retry_after == 30
    assert limits.used(join, "ip:a") == 3  # a refused take counts nothing
    assert not limits.take(join, ["ip:b"]).refused  # another address has its own count
    clock.advance(30)
    assert not limits.take(join, ["ip:a"]).refused


def test_every_key_must_have_room_and_a_refusal_counts_for_none(limits):
    new_table = Limit("new_table", 2, 3600)
    assert not limits.take(new_table, ["ip:a", "group:1"]).refused
    assert not limits.take(new_table, ["ip:b", "group:1"]).refused
    assert limits.take(new_table, ["ip:c", "group:1"]).refused  # the group is full, whoever asks
    assert limits.used(new_table, "ip:c") == 0
    assert not limits.take(new_table, ["ip:c", "group:2"]).refused


def test_amounts_add_up_and_the_wait_lasts_until_enough_has_left(limits, clock):
    plays = Limit("imported_plays", 100, 3600)
    assert not limits.take(plays, ["group:1"], amount=60).refused
    clock.advance(600)
    assert not limits.take(plays, ["group:1"], amount=30).refused
    clock.advance(600)
    refused = limits.take(plays, ["group:1"], amount=50)
    assert refused.wait == pytest.approx(2400)  # only once the 60 leave does 50 more fit
    assert limits.take(plays, ["group:1"], amount=101).wait == 3600  # never fits: wait a whole window
    assert not limits.take(plays, ["group:1"], amount=10).refused


def test_a_refund_hands_the_count_back(limits):
    join = Limit("join", 1, 60)
    taken = limits.take(join, ["ip:a", "group:1"])
    assert len(taken.ids) == 2
    assert limits.take(join, ["ip:a"]).refused
    limits.refund(taken)
    assert limits.used(join, "ip:a") == 0 and limits.used(join, "group:1") == 0
    assert not limits.take(join, ["ip:a"]).refused


def test_old_counts_are_swept(limits, clock):
    with limits.store.engine.begin() as conn:
        stale = [{"key": f"join|ip:{n}", "at": START - KEEP - timedelta(seconds=1), "amount": 1} for n in range(50)]
        conn.execute(insert(hits), stale)
    assert rows(limits) == 50
    limits.take(Limit("join", 10, 60), ["ip:a"])
    assert rows(limits) == 1
    clock.advance(61)
    limits.take(Limit("join", 10, 60), ["ip:a"])
    assert rows(limits) == 1  # the key's own counts past its window go as it is counted again


def test_a_limit_has_a_sensible_size():
    for count, window in ((0, 60), (5, 0), (5, KEEP.total_seconds() + 1)):
        with pytest.raises(ValueError, match="limit join"):
            Limit("join", count, window)


def test_racing_takes_never_pass_the_limit(db_url, clock):
    """Twelve threads, each with its own engine (as separate processes would be), race for 5 places, sweeping old
    counts as they go (without waiting on each other's sweep)."""
    join = Limit("join", 5, 60)
    stores = [Store(db_url) for _ in range(12)]
    with stores[0].engine.begin() as conn:
        stale = [{"key": f"join|ip:{n}", "at": START - KEEP - timedelta(seconds=1), "amount": 1} for n in range(3000)]
        conn.execute(insert(hits), stale)
    barrier = threading.Barrier(len(stores))
    granted: list[bool] = []

    def race(store: Store) -> None:
        barrier.wait()
        granted.append(not Limits(store, clock).take(join, ["ip:a"]).refused)

    threads = [threading.Thread(target=race, args=(store,)) for store in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    counted = Limits(stores[0], clock).used(join, "ip:a")
    for store in stores:
        store.dispose()
    assert sum(granted) == 5 and len(granted) == 12 and counted == 5
