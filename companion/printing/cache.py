"""Rendered PDFs kept in memory by key, each rendered once through a render pool.

A cached PDF is answered straight from memory, never behind a render. A PDF not in the cache is rendered by the pool
once, however many phones ask for it at once: the first asker starts the render, the others wait for the same one.
Every waiting request holds one of the pool's slots, so a flood of new PDFs is turned away (`Busy`) instead of
taking every request thread.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from typing import Protocol

from companion.printing.pool import RenderPool

CACHE_BYTES = 16 * 2**20


class Printable(Protocol):
    """What a render pool renders: plain data (it is sent to a worker process) that makes a PDF."""

    def render(self) -> bytes: ...


class PdfCache:
    """Rendered PDFs by key, the least recently used dropped once over `max_bytes`."""

    def __init__(self, pool: RenderPool | None = None, max_bytes: int = CACHE_BYTES) -> None:
        self.pool = pool or RenderPool(workers=0)
        self.max_bytes = max_bytes
        self.renders = 0
        self._items: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._pending: dict[str, Future[bytes]] = {}
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        with self._lock:
            pdf = self._items.get(key)
            if pdf is not None:
                self._items.move_to_end(key)
            return pdf

    def fetch(self, key: str, make: Callable[[], Printable]) -> bytes:
        """The PDF for `key`, rendering `make()` first if no one has; `Busy` when the pool has no room to wait."""
        pdf = self.get(key)
        if pdf is not None:
            return pdf
        with self.pool.slot():
            return self.pool.result(self._claim(key, make))

    def _claim(self, key: str, make: Callable[[], Printable]) -> Future[bytes]:
        """The render of `key` under way, started here when there is none."""
        with self._lock:
            ready: Future[bytes] = Future()
            if (pdf := self._items.get(key)) is not None:
                ready.set_result(pdf)
                return ready
            if key in self._pending:
                return self._pending[key]
            self._pending[key] = ready
        try:
            rendering = self.pool.submit(make().render)
        except Exception as exc:
            self._finish(key, ready, exc)
        else:
            rendering.add_done_callback(lambda done: self._finish(key, ready, done))
        return ready

    def _finish(self, key: str, ready: Future[bytes], done: Future[bytes] | Exception) -> None:
        failure: BaseException | None = done if isinstance(done, Exception) else _failure(done)
        if failure is not None:
            with self._lock:
                self._pending.pop(key, None)
            ready.set_exception(failure)
            return
        assert isinstance(done, Future)
        pdf = done.result()
        with self._lock:
            self._pending.pop(key, None)
            self._put(key, pdf)
        ready.set_result(pdf)

    def _put(self, key: str, pdf: bytes) -> None:
        self.renders += 1
        self._items[key] = pdf
        self._size += len(pdf)
        while self._size > self.max_bytes and len(self._items) > 1:
            _, old = self._items.popitem(last=False)
            self._size -= len(old)

    def __len__(self) -> int:
        return len(self._items)


def _failure(done: Future[bytes]) -> BaseException | None:
    return CancelledError() if done.cancelled() else done.exception()
