"""Pages and API routes under a group's private link: the token in the address names the group and is all it takes
to reach it (it is unguessable); a token that names no group is a 404."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, g, request

from .. import groups
from ..groups import GroupRow
from . import store


def find_group(token: str) -> GroupRow | None:
    """The group whose private link this token is, if any."""
    return groups.by_token(store(), token[:64]) if token else None


def group() -> GroupRow:
    """The group the address of this request names."""
    return g.group


def group_blueprint(name: str, import_name: str, prefix: str, missing: Callable[[], Any] | None = None) -> Blueprint:
    """A blueprint whose routes live under `prefix`, which holds `<token>`: each request finds its group (see
    `group()`) or answers 404 (`missing` makes that answer), and `url_for` keeps the request's token."""
    bp = Blueprint(name, import_name, url_prefix=prefix)

    @bp.url_value_preprocessor
    def _find(_endpoint: str | None, values: dict[str, Any] | None) -> None:
        token = str((values or {}).pop("token", ""))
        if request.method == "OPTIONS":
            return  # answered with the route's methods alone: it shows nothing of any group
        found = find_group(token)
        if found is None:
            abort(missing() if missing else 404)
        g.group = found

    @bp.url_defaults
    def _keep(_endpoint: str, values: dict[str, Any]) -> None:
        if "token" not in values and "group" in g:
            values["token"] = g.group.token

    return bp
