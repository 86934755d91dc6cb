"""The shared limits as the pages and the API apply them: each limit's size from the app's config, keyed by the
client's address and, when there is one, a group; a limited request answers 429 with Retry-After."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, current_app, jsonify, request
from flask_babel import ngettext

from companion.groups.limits import Limit, Limits, Taken

from .render import page

# Each limit: (config key of its count, default), (config key of its window in seconds, default).
SIZES = {
    "join": (("JOIN_ATTEMPTS", 10), ("JOIN_WINDOW", 60.0)),  # wrong join codes
    "new_table": (("NEW_TABLES_LIMIT", 60), ("NEW_TABLES_WINDOW", 3600.0)),
    "import": (("IMPORTS_LIMIT", 20), ("IMPORTS_WINDOW", 3600.0)),  # imports tried, sound or not
    "imported_plays": (("IMPORTED_PLAYS_LIMIT", 4000), ("IMPORTED_PLAYS_WINDOW", 3600.0)),  # plays they add
}


def import_caps() -> tuple[int, int]:
    """The most plays, and entries in all, one import may hold (config IMPORT_MAX_PLAYS, IMPORT_MAX_ENTRIES)."""
    config = current_app.config
    return int(config.get("IMPORT_MAX_PLAYS", 2000)), int(config.get("IMPORT_MAX_ENTRIES", 200_000))


def init(app: Flask) -> None:
    """Give the app its limits, counted in its store."""
    app.extensions["limits"] = Limits(app.extensions["store"])


def limits() -> Limits:
    return current_app.extensions["limits"]


def limit(name: str) -> Limit:
    """The limit called `name` (a key of SIZES), sized by the app's config."""
    (count_key, count), (window_key, window) = SIZES[name]
    config = current_app.config
    return Limit(name, int(config.get(count_key, count)), float(config.get(window_key, window)))


def keys(group: int | str | None = None) -> list[str]:
    """Who a request counts against: its client address, and its group when it has one."""
    found = [f"ip:{request.remote_addr or ''}"]
    if group is not None:
        found.append(f"group:{group}")
    return found


def take(name: str, group: int | str | None = None, amount: int = 1) -> Taken:
    """Count this request (`amount` of it) against limit `name` for its address and group, unless that goes past
    the limit for either: then nothing is counted, and `Taken.refused` says so."""
    return limits().take(limit(name), keys(group), amount)


def count_new_group(name: str, group: int) -> None:
    """Count for a group made by the request just counted (by address alone, as it had no group yet)."""
    limits().take(limit(name), [f"group:{group}"])


def refund(taken: Taken) -> None:
    """Hand back a count (a join code that turned out to name a table)."""
    limits().refund(taken)


def refused_page(taken: Taken, template: str, message: str, **context: Any) -> Response:
    """A page saying what was limited and how long to wait: 429 with Retry-After."""
    response = page(template, status=429, error=message, **context)
    assert isinstance(response, Response)
    response.headers["Retry-After"] = str(taken.retry_after)
    return response


def refused_json(taken: Taken, loc: str, message: str) -> Response:
    """The API's 429: the errors list every error has, with Retry-After."""
    response = jsonify({"errors": [{"loc": loc, "msg": message}]})
    response.status_code = 429
    response.headers["Retry-After"] = str(taken.retry_after)
    return response


def wait_words(taken: Taken) -> str:
    """The wait in words: "wait 40 seconds", "wait 12 minutes"."""
    seconds = taken.retry_after
    if seconds < 120:
        return ngettext("wait %(num)s seconds", "wait %(num)s seconds", seconds)  # the English says "1 seconds"
    minutes = -(-seconds // 60)
    return ngettext("wait %(num)s minute", "wait %(num)s minutes", minutes)
