"""Limits every server process shares: how often one client address (or one group) may do something in a window of
time, counted in the database (the store's `hits`), so several processes on one database enforce one limit.

`Limits.take` checks and counts in one transaction, serialised per key (SQLite's write lock; a PostgreSQL advisory
lock per key), so requests racing each other cannot slip past a limit. A request that counts only when it fails
(a join code that names no table) takes first and hands its count back with `refund` when it succeeds.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, insert, select, text
from sqlalchemy.engine import Connection

from companion.storage.store import Store, hits, now

# Rows older than this are swept by any take: longer than any window a limit may have.
KEEP = timedelta(days=1)
KEY_LENGTH = 200
SWEEP = 500  # old rows deleted per take at most


@dataclass(frozen=True)
class Limit:
    """At most `count` (summed amounts) per `window` seconds, for each key it is taken with."""

    name: str
    count: int
    window: float

    def __post_init__(self) -> None:
        if self.count < 1 or not 0 < self.window <= KEEP.total_seconds():
            raise ValueError(f"limit {self.name}: a count of at least 1 and a window of up to a day")


@dataclass(frozen=True)
class Taken:
    """What a take did: `wait` seconds before it could count (0: it counted, as the rows `ids`)."""

    wait: float
    ids: tuple[int, ...] = ()

    @property
    def refused(self) -> bool:
        return self.wait > 0

    @property
    def retry_after(self) -> int:
        """The wait as a Retry-After header gives it: whole seconds, at least 1."""
        return max(1, math.ceil(self.wait))


class Limits:
    """The limits of one store; `clock` gives the time (tests move it)."""

    def __init__(self, store: Store, clock: Callable[[], datetime] = now) -> None:
        self.store = store
        self.clock = clock

    def take(self, limit: Limit, keys: Sequence[str], amount: int = 1) -> Taken:
        """Count `amount` against `limit` for every key (a client address, a group), unless any key would go past
        it: then nothing is counted and the answer says how long to wait."""
        names = sorted({_key(limit, key) for key in keys})
        at = self.clock()
        since = at - timedelta(seconds=limit.window)
        with self.store.engine.connect().execution_options(immediate=True) as conn, conn.begin():
            _lock(conn, names)
            _sweep(conn, at - KEEP)
            conn.execute(delete(hits).where(hits.c.key.in_(names), hits.c.at <= since))
            wait = max((_wait(conn, limit, name, since, at, amount) for name in names), default=0.0)
            if wait > 0:
                return Taken(wait)
            ids = tuple(
                conn.execute(insert(hits).values(key=n, at=at, amount=amount)).inserted_primary_key[0] for n in names
            )
        return Taken(0.0, ids)

    def refund(self, taken: Taken) -> None:
        """Hand back what a take counted (the request turned out not to count)."""
        if taken.ids:
            with self.store.engine.connect().execution_options(immediate=True) as conn, conn.begin():
                conn.execute(delete(hits).where(hits.c.id.in_(taken.ids)))

    def used(self, limit: Limit, key: str) -> int:
        """How much of `limit` the key has used in the window ending now."""
        since = self.clock() - timedelta(seconds=limit.window)
        query = select(hits.c.amount).where(hits.c.key == _key(limit, key), hits.c.at > since)
        with self.store.engine.connect() as conn:
            return sum(conn.execute(query).scalars())


def _sweep(conn: Connection, before: datetime) -> None:
    """Delete counts older than any window, a batch at a time; on PostgreSQL rows another take is deleting are
    skipped, so two takes never wait on each other's sweep."""
    old = select(hits.c.id).where(hits.c.at < before).limit(SWEEP).with_for_update(skip_locked=True)
    conn.execute(delete(hits).where(hits.c.id.in_(old.scalar_subquery())))


def _key(limit: Limit, key: str) -> str:
    return f"{limit.name}|{key}"[:KEY_LENGTH]


def _lock(conn: Connection, names: list[str]) -> None:
    """On PostgreSQL, hold each key's lock until the transaction ends (in one order, so two takes never deadlock);
    SQLite's write lock, taken when the transaction began, already holds every key."""
    if conn.dialect.name != "postgresql":
        return
    for name in names:
        number = int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "big", signed=True)
        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": number})


def _wait(conn: Connection, limit: Limit, name: str, since: datetime, at: datetime, amount: int) -> float:
    """Seconds until `amount` more fits within the limit for this key (0: it fits now)."""
    if amount > limit.count:
        return limit.window
    query = select(hits.c.at, hits.c.amount).where(hits.c.key == name, hits.c.at > since).order_by(hits.c.at)
    counted = conn.execute(query).all()
    over = sum(row.amount for row in counted) + amount - limit.count
    for row in counted:  # oldest first: each one that leaves the window frees its amount
        if over <= 0:
            break
        over -= row.amount
        if over <= 0:
            freed = _utc(row.at) + timedelta(seconds=limit.window)
            return max((freed - at).total_seconds(), 0.001)
    return 0.0


def _utc(moment: datetime) -> datetime:
    """A stored time in UTC (SQLite hands times back without their zone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment
