"""Renders run in worker processes, a few at a time behind a short queue. A PDF holds the interpreter for a tenth of
a second or more: on the server's request threads, a flood of new printouts would keep every thread, and with them
every table's polls, waiting. In a process of its own a render takes its own core, and a request that would only
wait at the end of a long queue is turned away at once (`Busy`), to ask again a few seconds later."""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from typing import Any, TypeVar

from companion.workers import LOST, Workers

T = TypeVar("T")

RETRY_SECONDS = 2
WAIT_SECONDS = 30.0
QUEUE = 3


def default_workers() -> int:
    """Half the cores, at least one: the other half answers the phones."""
    return max(1, (os.cpu_count() or 2) // 2)


class Busy(Exception):
    """Every render slot is taken (or a render took too long): ask again after `retry_after` seconds."""

    def __init__(self, retry_after: int | None = None) -> None:
        # Spread over a few seconds, so the phones turned away together do not all come back together.
        retry_after = retry_after or random.randint(RETRY_SECONDS, 2 * RETRY_SECONDS)
        super().__init__(f"busy rendering: try again in {retry_after} seconds")
        self.retry_after = retry_after


class RenderPool:
    """Runs tasks in `workers` processes, or in the caller's thread when `workers` is 0 (tests keep one process).
    At most `workers + queue` tasks are under way and at most as many requests wait for one; beyond that, `Busy`.
    A task and its arguments must pickle: module-level functions and plain data."""

    def __init__(
        self,
        workers: int,
        queue: int = QUEUE,
        initializer: Callable[[], None] | None = None,
        wait_seconds: float = WAIT_SECONDS,
    ) -> None:
        self.workers = workers
        self.capacity = max(workers, 1) + queue
        self.wait_seconds = wait_seconds
        self._workers = Workers(workers, initializer) if workers else None
        self._lock = threading.Lock()
        self.tasks = 0  # submitted and not finished
        self.waiting = 0  # requests waiting for a result

    @contextmanager
    def slot(self) -> Iterator[None]:
        """Hold one of the places a request waits in; `Busy` when every one is taken."""
        with self._lock:
            if self.waiting >= self.capacity:
                raise Busy()
            self.waiting += 1
        try:
            yield
        finally:
            with self._lock:
                self.waiting -= 1

    def submit(self, task: Callable[..., T], *args: Any) -> Future[T]:
        """`task(*args)` under way (done already when there are no workers), stopped once it has run longer than
        `wait_seconds` (no one waits for it any more); `Busy` when the queue is full."""
        if self._workers is None:
            return _done_here(task, *args)
        with self._lock:
            if self.tasks >= self.capacity:
                raise Busy()
            self.tasks += 1
        try:
            future = self._workers.schedule(task, *args, timeout=self.wait_seconds)
        except RuntimeError:
            self._finished()
            raise Busy() from None
        future.add_done_callback(lambda _: self._finished())
        return future

    def result(self, future: Future[T]) -> T:
        """The future's result; `Busy` when it takes longer than `wait_seconds`, or its worker died or was stopped."""
        try:
            return future.result(timeout=self.wait_seconds)
        except LOST:
            raise Busy() from None

    def shutdown(self) -> None:
        if self._workers is not None:
            self._workers.shutdown()

    def _finished(self) -> None:
        with self._lock:
            self.tasks -= 1


def _done_here(task: Callable[..., T], *args: Any) -> Future[T]:
    future: Future[T] = Future()
    try:
        future.set_result(task(*args))
    except Exception as exc:
        future.set_exception(exc)
    return future
