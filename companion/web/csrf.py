"""The CSRF guard every POST form carries a token for; the JSON API's blueprints are exempt from it."""

from __future__ import annotations

from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
