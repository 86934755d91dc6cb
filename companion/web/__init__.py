"""The web layer: thin views for pages (HTML + htmx fragments) and the JSON API."""

from __future__ import annotations

from flask import Flask, current_app

from ..store import Store


def store() -> Store:
    return current_app.extensions["store"]


def register(app: Flask) -> None:
    from . import api, headers, pages, tables
    from .rules import bp as rules_bp

    app.register_blueprint(pages.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(rules_bp)
    headers.register(app)
