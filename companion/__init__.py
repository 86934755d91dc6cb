"""Table Companion: a table-side companion for six board games."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

import jinja2
from flask import Flask

from companion.storage.store import Store

ROOT = Path(__file__).resolve().parent.parent
MAX_BODY = 64 * 1024


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The app factory: config from the environment, overridden by `config` (tests pass theirs)."""
    app = Flask(
        __name__,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
        instance_path=os.environ.get("COMPANION_INSTANCE", str(ROOT / "instance")),
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.update(
        SECRET_KEY=os.environ.get("SECRET_KEY") or _secret_key(Path(app.instance_path)),
        DATABASE_URL=os.environ.get("DATABASE_URL") or f"sqlite:///{Path(app.instance_path) / 'companion.db'}",
        MAX_CONTENT_LENGTH=MAX_BODY,
        WTF_CSRF_TIME_LIMIT=None,
        SESSION_COOKIE_SAMESITE="Lax",
        # The cookie is who the phone is (companion/web/phone.py): kept as long as browsers keep one, and sent again
        # only when it changes, not with every poll's answer.
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),
        SESSION_REFRESH_EACH_REQUEST=False,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        # Secure on every answer, even over plain HTTP; off, the cookie is Secure on requests that came over HTTPS
        # (companion/web/lazy_session.py), so phones on a LAN's http:// address keep theirs.
        SESSION_COOKIE_SECURE=os.environ.get("SESSION_COOKIE_SECURE", "").lower() in ("1", "true", "yes", "on"),
        # Where others open the links printed for them (invites, QR codes); None: the address the request came to.
        PUBLIC_URL=os.environ.get("PUBLIC_URL") or None,
        TRUSTED_HOSTS=_listed(os.environ.get("TRUSTED_HOSTS")),
    )
    app.config.update(config or {})
    app.jinja_loader = _templates()
    app.jinja_env.autoescape = True
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    # The schema is `companion init-db`'s business (companion/storage/migrate.py), never the app's at boot.
    app.extensions["store"] = Store(app.config["DATABASE_URL"])
    from .web import compression
    from .web.blueprints import register
    from .web.csrf import csrf

    csrf.init_app(app)
    compression.register(app)
    register(app)
    return app


def _templates() -> jinja2.BaseLoader:
    """The app's shared templates, then each game's own (in its package)."""
    from .specs import SPECS

    folders = [ROOT / "templates", *(spec.templates for spec in SPECS.values())]
    return jinja2.FileSystemLoader([str(folder) for folder in folders])


def _listed(value: str | None) -> list[str] | None:
    """A comma-separated setting as a list; None when it is unset or empty."""
    items = [item.strip() for item in (value or "").split(",") if item.strip()]
    return items or None


def _secret_key(instance: Path) -> str:
    """A key kept in the instance folder, so sessions and form tokens survive a restart."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()
