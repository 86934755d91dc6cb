"""waitress's connections, bounded: how many one client address may hold, and how long one may take to send the
headers of a request.

waitress serves at most `connection_limit` connections, and keeps one open while bytes trickle in: a single address
that opens hundreds and sends a header line every few seconds takes the whole budget, and every other phone waits.
So an address past its share is closed as soon as it is accepted, and a connection is closed when a request's
headers are not all in within `header_seconds` (of the connection's opening for its first request, of a later
request's first byte), however slowly they trickle. A connection idle between two requests is not hurried:
waitress's own `channel_timeout` closes it, as before.

Behind a trusted reverse proxy every socket comes from the proxy's address, and one socket carries many clients'
requests, so the proxy's address is not counted: the proxy bounds each client itself (README, "On the internet").
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from waitress.channel import HTTPChannel

MAX_CONNECTIONS_PER_ADDRESS = 50
HEADER_SECONDS = 10.0
log = logging.getLogger("waitress")


@dataclass
class Bounds:
    """The bounds of one server's connections, and the connections each address holds now."""

    per_address: int = MAX_CONNECTIONS_PER_ADDRESS
    header_seconds: float = HEADER_SECONDS
    uncounted: frozenset[str] = frozenset()
    held: Counter[str] = field(default_factory=Counter)
    refused: set[str] = field(default_factory=set)

    def admit(self, address: str) -> bool:
        """Whether `address` may hold one more connection; if so, it is counted as holding it."""
        if address in self.uncounted:
            return True
        if self.held[address] >= self.per_address:
            if address not in self.refused:  # once while it stays at its share, not once per connection refused
                self.refused.add(address)
                log.warning("%s holds %d connections, its share: closing its next ones", address, self.per_address)
            return False
        self.held[address] += 1
        return True

    def release(self, address: str) -> None:
        if address in self.uncounted:
            return
        self.held[address] -= 1
        self.refused.discard(address)
        if self.held[address] <= 0:
            del self.held[address]


class BoundedChannel(HTTPChannel):
    """A channel that counts against its address's share and is closed when its headers are late.

    Every method runs on waitress's main loop (accept, read, close), so the counts need no lock."""

    counted = False
    headers_due: float | None = None

    def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map)
        self.bounds: Bounds | None = getattr(server, "bounds", None)
        if self.bounds is None:
            return
        if not self.bounds.admit(self.address):
            self.handle_close()  # at once: it never costs a request, a thread or a wait
            return
        self.counted = True
        self.headers_due = self.creation_time + self.bounds.header_seconds

    @property
    def address(self) -> str:
        return str(self.addr[0]) if self.addr else ""

    def received(self, data: bytes) -> bool:
        pending = self.request
        done = bool(super().received(data))
        if self.bounds is not None:
            self._time_headers(pending)
        return done

    def _time_headers(self, pending: Any) -> None:
        assert self.bounds is not None
        if self.request is None or self.request.headers_finished:
            self.headers_due = None
        elif self.request is not pending and (pending is not None or self.headers_due is None):
            # A new request began in these bytes, after another one or an idle wait: its own time starts. The first
            # request of a connection keeps the time counted from its opening.
            self.headers_due = time.time() + self.bounds.header_seconds

    def readable(self) -> bool:
        if self.headers_due is not None and self._headers_late():
            self.will_close = True  # writable() is then true, and handle_write() closes it
            return False
        return bool(super().readable())

    def _headers_late(self) -> bool:
        assert self.bounds is not None and self.headers_due is not None
        now = time.time()
        if self.requests:
            # Requests before it are still being answered, and the channel reads nothing meanwhile: its time starts
            # again once they are done.
            self.headers_due = now + self.bounds.header_seconds
            return False
        return now > self.headers_due

    def del_channel(self, map: Any = None) -> None:
        super().del_channel(map)
        if self.counted and self.bounds is not None:
            self.counted = False
            self.bounds.release(self.address)
