"""The web layer put together: the session cookie, what every template may call, every blueprint, and the
error and cache handlers."""

from __future__ import annotations

from flask import Flask
from werkzeug.exceptions import SecurityError

from ..schemas import NAME_MAX
from . import (
    api,
    caching,
    codes,
    game_assets,
    group_forms,
    group_pages,
    group_photos,
    headers,
    history,
    kept_cards,
    language,
    pages,
    photo_api,
    public_root,
    table_api,
    table_photos,
    tables,
    untrusted_host,
)
from .lazy_session import LazySessions
from .printing import bp as printing_bp
from .rules import bp as rules_bp


def register(app: Flask) -> None:
    app.session_interface = LazySessions()
    app.jinja_env.globals["game_assets"] = game_assets
    app.jinja_env.globals["public_root"] = public_root
    app.jinja_env.globals["name_max"] = NAME_MAX
    app.register_error_handler(SecurityError, untrusted_host)
    language.register(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(table_photos.bp)
    app.register_blueprint(group_photos.bp)
    app.register_blueprint(group_pages.bp)
    app.register_blueprint(group_forms.bp)
    app.register_blueprint(kept_cards.blueprint())
    app.register_blueprint(codes.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(table_api.bp)
    app.register_blueprint(photo_api.bp)
    app.register_blueprint(rules_bp)
    history.register(app)
    app.register_blueprint(printing_bp)
    headers.register(app)
    caching.register(app)
