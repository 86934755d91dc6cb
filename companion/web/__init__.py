"""The web layer: thin views for pages (HTML + htmx fragments) and the JSON API."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from flask import Flask, current_app

from ..schemas import NAME_MAX
from ..store import Store


def store() -> Store:
    return current_app.extensions["store"]


@cache
def game_assets(slug: str) -> tuple[str, ...]:
    """A game's own stylesheet and script in static/ (<slug>.css, <slug>.js), for every page of that game."""
    folder = Path(current_app.static_folder or "")
    return tuple(name for name in (f"{slug}.css", f"{slug}.js") if (folder / name).is_file())


def register(app: Flask) -> None:
    from .lazy_session import LazySessions

    app.session_interface = LazySessions()
    app.jinja_env.globals["game_assets"] = game_assets
    app.jinja_env.globals["name_max"] = NAME_MAX
    from . import api, codes, group_pages, headers, history, lfg_heroes, loaf_cards, my_groups, pages, table_api, tables
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
