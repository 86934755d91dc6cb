"""waitress, keeping a connection open after an answer without a body, with its connections bounded.

waitress (3.0) closes an HTTP/1.1 connection after any answer that has no Content-Length, and it drops that header
from the answers that may not have a body (1xx, 204, 304): every idle poll of a phone, a bodiless 304, would cost it
a new connection. HTTP/1.1 keeps a connection open after such an answer, since its end is the end of its headers.
How many connections one address may hold, and how soon headers must be in: companion/connections.py.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from waitress.server import MultiSocketServer, create_server
from waitress.task import WSGITask

from .connections import BoundedChannel, Bounds


class KeepAliveTask(WSGITask):
    def set_close_on_finish(self) -> None:
        if self.has_body or self.wrote_header or self.version != "1.1" or self._client_closes():
            super().set_close_on_finish()

    def _client_closes(self) -> bool:
        return self.request.headers.get("CONNECTION", "").lower() == "close"


class KeepAliveChannel(BoundedChannel):
    task_class = KeepAliveTask


def make_server(app: Any, bounds: Bounds | None = None, **options: Any) -> Any:
    """waitress.create_server, with bodiless answers keeping their connection open, and its connections held to
    `bounds` (the defaults when None; a trusted proxy's own address is never counted)."""
    server = create_server(app, **options)
    bounds = bounds or Bounds()
    if proxy := options.get("trusted_proxy"):
        bounds = replace(bounds, uncounted=bounds.uncounted | {proxy})
    # A host with several addresses gets a listener for each, in one map with waitress's own trigger: one count.
    listeners = server.map.values() if isinstance(server, MultiSocketServer) else [server]
    for listener in listeners:
        if hasattr(listener, "channel_class"):
            listener.channel_class = KeepAliveChannel
            listener.bounds = bounds
    return server


def serve(app: Any, bounds: Bounds | None = None, **options: Any) -> None:
    """waitress.serve, through make_server."""
    logging.basicConfig()
    server = make_server(app, bounds, **options)
    server.print_listen("Serving on http://{}:{}")
    server.run()
