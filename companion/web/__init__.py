"""The web layer: thin views for pages (HTML + htmx fragments) and the JSON API; here, what every view shares.
The blueprints are put together in web/blueprints.py."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from flask import Response, current_app, request
from werkzeug.exceptions import SecurityError

from companion.storage.store import Store


def store() -> Store:
    return current_app.extensions["store"]


def public_root() -> str:
    """Where others open the links printed for them (invites, QR codes), without a trailing slash: PUBLIC_URL when
    it is set, since the Host a request came with is the client's to choose; else the address this request came to."""
    return str(current_app.config.get("PUBLIC_URL") or request.host_url).rstrip("/")


def untrusted_host(error: SecurityError) -> Response:
    """A Host outside TRUSTED_HOSTS: a plain 400, since no page (whose links are built for the request's host) can
    be drawn for it."""
    return Response("This server does not answer for that host name.\n", 400, mimetype="text/plain")


@cache
def game_assets(slug: str) -> tuple[str, ...]:
    """A game's own stylesheet and script in static/ (<slug>.css, <slug>.js), for every page of that game."""
    folder = Path(current_app.static_folder or "")
    return tuple(name for name in (f"{slug}.css", f"{slug}.js") if (folder / name).is_file())
