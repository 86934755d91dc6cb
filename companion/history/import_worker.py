"""Backups are read and stored by a worker process. Checking a backup replays every table in it, and storing it
works out every play: seconds of work for a big one. In the server's own process that work would hold the
interpreter, and every phone's poll (of any group) would wait behind it; in a process of its own it takes the other
core and the server stays quick."""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any, TypeVar

from companion.history import backup as backup
from companion.history import lookup as play_lookup
from companion.history import plays as plays
from companion.storage.rows import EntryRow
from companion.storage.store import Store
from companion.workers import LOST, Workers

T = TypeVar("T")

SECONDS = 30.0  # the longest an import may take, checked and stored, before it is stopped and rolled back
RETRY_SECONDS = 10
GRACE = 1.0  # the worker stops a task at its time; the server waits this much longer before it stops it itself

_workers: Workers | None = None
_workers_lock = threading.Lock()
_stores: dict[str, Store] = {}  # in the worker: one store per database


class Stopped(Exception):
    """The import took too long, or its worker died: nothing of it is stored; try again after `retry_after`."""

    def __init__(self) -> None:
        # Spread over a few seconds, so the imports stopped together do not all come back together.
        self.retry_after = random.randint(RETRY_SECONDS, 2 * RETRY_SECONDS)
        super().__init__(f"the import was stopped: try again in {self.retry_after} seconds")


def check(url: str, group_id: int, raw: bytes, caps: tuple[int, int]) -> backup.Restore:
    """A backup read against the group's plays and merges (see backup.check)."""
    store = _store(url)
    return backup.check(raw, play_lookup.known_ids(store, group_id), store.aliases(group_id), *caps)


def restore(
    url: str,
    group_id: int,
    tables: list[tuple[str, dict[str, Any], datetime, list[EntryRow]]],
    aliases: Mapping[str, str],
    photos: Sequence[Sequence[Any]] = (),
) -> int:
    """Store a checked backup's tables, plays, photos and merges in the group, all in one transaction."""
    return len(plays.restore(_store(url), group_id, tables, aliases, photos))


def run(in_worker: bool, task: Callable[..., T], *args: Any, deadline: float | None = None) -> T:
    """`task(*args)` in the worker process, or here when `in_worker` is false (tests keep one process). In the
    worker it is stopped at `deadline` (a `time.monotonic()`), its transaction rolled back, and `Stopped` raised;
    a worker that dies raises `Stopped` too, and the next import gets a fresh one."""
    if not in_worker:
        return task(*args)
    left = SECONDS if deadline is None else deadline - time.monotonic()
    if left <= 0:
        raise Stopped()
    try:
        future = _pool().schedule(task, *args, timeout=left)
    except RuntimeError:
        raise Stopped() from None
    try:
        return future.result(timeout=left + GRACE)  # waiting behind another import counts too
    except LOST:
        future.cancel()
        raise Stopped() from None


def _pool() -> Workers:
    global _workers
    with _workers_lock:
        if _workers is None:
            _workers = Workers(1)  # one import at a time: the other cores answer the phones
        return _workers


def shutdown() -> None:
    """Stop the import worker (tests that kill it start the next one fresh)."""
    if _workers is not None:
        _workers.shutdown()


def worker_pid() -> int:
    """The import worker's process id (started if it was not)."""
    return run(True, os.getpid)


def _store(url: str) -> Store:
    if url not in _stores:
        _stores[url] = Store(url)
    return _stores[url]
