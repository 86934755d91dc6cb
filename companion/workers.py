"""Worker processes of the server's own (renders, imports), in a pebble pool that can stop one task: a task past its
time has its worker killed and a fresh one started, a worker that dies costs only the task it was running, and a
pool that broke (pebble gives up on a pool whose idle worker was killed) is replaced at the next task. Every worker
leaves with its server, however the server ends: shut down, SIGTERM or kill -9."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, CancelledError, Future
from typing import Any, TypeVar

from pebble import ProcessExpired, ProcessPool

T = TypeVar("T")

# What a task's future raises when its worker was stopped or lost (or its pool broke, a worker killed while idle):
# the task is gone, and the next one gets a fresh worker.
LOST = (TimeoutError, ProcessExpired, CancelledError, BrokenExecutor)


class Workers:
    """`workers` processes, started at the first task; `initializer()` runs in each as it starts."""

    def __init__(self, workers: int, initializer: Callable[[], None] | None = None) -> None:
        self.workers = workers
        self._initializer = initializer
        self._pool: ProcessPool | None = None
        self._lock = threading.Lock()

    def schedule(self, task: Callable[..., T], *args: Any, timeout: float | None = None) -> Future[T]:
        """`task(*args)` under way; stopped (its future raising TimeoutError) once it has run `timeout` seconds."""
        for _ in range(2):
            pool = self._running()
            try:
                return pool.schedule(task, args, timeout=timeout)
            except RuntimeError:  # broken between the check and the task: replace it once
                self._replace(pool)
        raise RuntimeError("the worker pool does not start")

    def shutdown(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.stop()
            pool.join()

    def _running(self) -> ProcessPool:
        with self._lock:
            if self._pool is None or not self._pool.active:
                if self._pool is not None:
                    self._pool.stop()  # its workers are stopped by its own threads; no need to wait for them
                self._pool = ProcessPool(
                    max_workers=self.workers,
                    initializer=worker_start,
                    initargs=(os.getpid(), self._initializer),
                    # A fresh interpreter: forking a server that runs threads could copy a lock some thread holds.
                    context=multiprocessing.get_context("spawn"),
                )
            return self._pool

    def _replace(self, broken: ProcessPool) -> None:
        with self._lock:
            if self._pool is broken:
                broken.stop()
                self._pool = None


def worker_start(server: int, initializer: Callable[[], None] | None = None) -> None:
    """A worker's work is background work: when the cores are busy, the server's answers to phones come first. A
    worker whose server is gone (killed, so it could not stop its pool) leaves too."""
    os.nice(10)
    threading.Thread(target=_leave_with, args=(server,), daemon=True).start()
    if initializer is not None:
        initializer()


def _leave_with(server: int) -> None:
    while os.getppid() == server:
        time.sleep(0.2)
    os._exit(0)
