"""The web layer: thin views for pages (HTML + htmx fragments) and the JSON API."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import SecurityError

from ..schemas import NAME_MAX
from ..store import Store


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


def register(app: Flask) -> None:
    from .lazy_session import LazySessions

    app.session_interface = LazySessions()
    app.jinja_env.globals["game_assets"] = game_assets
    app.jinja_env.globals["public_root"] = public_root
    app.jinja_env.globals["name_max"] = NAME_MAX
    app.register_error_handler(SecurityError, untrusted_host)
    from . import (
        api,
        caching,
        codes,
        group_pages,
        headers,
        history,
        lfg_heroes,
        loaf_cards,
        my_groups,
        pages,
        table_api,
        tables,
    )
    from .printing import bp as printing_bp
    from .rules import bp as rules_bp

    app.register_blueprint(pages.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(group_pages.bp)
    app.register_blueprint(my_groups.bp)
    app.register_blueprint(loaf_cards.bp)
    app.register_blueprint(lfg_heroes.bp)
    app.register_blueprint(codes.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(table_api.bp)
    app.register_blueprint(rules_bp)
    history.register(app)
    app.register_blueprint(printing_bp)
    headers.register(app)
    caching.register(app)
