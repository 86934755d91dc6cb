"""waitress, keeping a connection open after an answer without a body.

waitress (3.0) closes an HTTP/1.1 connection after any answer that has no Content-Length, and it drops that header
from the answers that may not have a body (1xx, 204, 304): every idle poll of a phone, a bodiless 304, would cost it
a new connection. HTTP/1.1 keeps a connection open after such an answer, since its end is the end of its headers.
"""

from __future__ import annotations

import logging
from typing import Any

from waitress.channel import HTTPChannel
from waitress.server import MultiSocketServer, create_server
from waitress.task import WSGITask


class KeepAliveTask(WSGITask):
    def set_close_on_finish(self) -> None:
        if self.has_body or self.wrote_header or self.version != "1.1" or self._client_closes():
            super().set_close_on_finish()

    def _client_closes(self) -> bool:
        return self.request.headers.get("CONNECTION", "").lower() == "close"


class KeepAliveChannel(HTTPChannel):
    task_class = KeepAliveTask


def serve(app: Any, **options: Any) -> None:
    """waitress.serve, with bodiless answers keeping their connection open."""
    logging.basicConfig()
    server = create_server(app, **options)
    # A host with several addresses gets a listener for each, in one map with waitress's own trigger.
    listeners = server.map.values() if isinstance(server, MultiSocketServer) else [server]
    for listener in listeners:
        if hasattr(listener, "channel_class"):
            listener.channel_class = KeepAliveChannel
    server.print_listen("Serving on http://{}:{}")
    server.run()
