"""Backups are read and stored by a worker process. Checking a backup replays every table in it, and storing it
works out every play: seconds of work for a big one. In the server's own process that work would hold the
interpreter, and every phone's poll (of any group) would wait behind it; in a process of its own it takes the other
core and the server stays quick."""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime
from typing import Any, TypeVar

from . import backup, play_lookup, plays
from .rows import EntryRow
from .store import Store

T = TypeVar("T")

_executor: ProcessPoolExecutor | None = None
_executor_lock = threading.Lock()
_stores: dict[str, Store] = {}  # in the worker: one store per database


def check(url: str, group_id: int, raw: bytes, caps: tuple[int, int]) -> backup.Restore:
    """A backup read against the group's plays and merges (see backup.check)."""
    store = _store(url)
    return backup.check(raw, play_lookup.known_ids(store, group_id), store.aliases(group_id), *caps)


def restore(
    url: str,
    group_id: int,
    tables: list[tuple[str, dict[str, Any], datetime, list[EntryRow]]],
    aliases: Mapping[str, str],
) -> int:
    """Store a checked backup's tables, plays and merges in the group, all in one transaction."""
    return len(plays.restore(_store(url), group_id, tables, aliases))


def run(in_worker: bool, task: Callable[..., T], *args: Any) -> T:
    """`task(*args)` in the worker process, or here when `in_worker` is false (tests keep one process)."""
    if not in_worker:
        return task(*args)
    return _pool().submit(task, *args).result()


def _pool() -> ProcessPoolExecutor:
    global _executor
    with _executor_lock:
        if _executor is None:
            # A fresh interpreter: forking a server that runs threads could copy a lock some thread holds.
            _executor = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_yield_to_the_server
            )
        return _executor


def _yield_to_the_server() -> None:
    """Imports are background work: when the cores are busy, the server's answers to phones come first."""
    os.nice(10)


def _store(url: str) -> Store:
    if url not in _stores:
        _stores[url] = Store(url)
    return _stores[url]
