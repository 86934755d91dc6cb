"""The home page, starting a table, and joining one by code."""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, current_app, redirect, request, session, url_for
from flask.typing import ResponseReturnValue

from ..games import Game
from ..specs import GAMES
from ..tables import kinds
from . import store
from .render import page
from .table_setup import setup_for

bp = Blueprint("pages", __name__)

RECENT_NAMES = 24


class Attempts:
    """Failed join-code guesses per client address in a sliding window: a code has about 30 bits, so
    guessing one must be slow. Only failures count; once `limit` are in the window, every code waits."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self._failed: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def wait(self, key: str) -> float:
        """Seconds before `key` may try a code again (0 when it may now)."""
        with self._lock:
            failed = self._expire(key)
            return failed[0] + self.window - self.clock() if len(failed) >= self.limit else 0.0

    def fail(self, key: str) -> None:
        with self._lock:
            self._expire(key).append(self.clock())
            if len(self._failed) > 10_000:
                for other in [k for k in self._failed if not self._expire(k)]:
                    del self._failed[other]

    def _expire(self, key: str) -> deque[float]:
        failed = self._failed.setdefault(key, deque())
        while failed and failed[0] <= self.clock() - self.window:
            failed.popleft()
        return failed


@bp.record_once
def _attempts_for(state: Any) -> None:
    config = state.app.config
    state.app.extensions["join_attempts"] = Attempts(config.get("JOIN_ATTEMPTS", 10), config.get("JOIN_WINDOW", 60.0))


def code_wait() -> float:
    return current_app.extensions["join_attempts"].wait(request.remote_addr or "")


def code_failed() -> None:
    current_app.extensions["join_attempts"].fail(request.remote_addr or "")


def too_many(wait: float) -> ResponseReturnValue:
    message = f"Too many codes tried from here: wait {math.ceil(wait)} seconds, then check the code with the table."
    response = page("join.html", status=429, code="", error=message)
    response.headers["Retry-After"] = str(math.ceil(wait))
    return response


@bp.get("/")
def home() -> ResponseReturnValue:
    return page("home.html", games=GAMES.values(), playable=kinds())


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    """The smallest answer the server gives: for health checks and as the benchmarks' baseline."""
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}


@bp.get("/new/<slug>")
def new_table(slug: str) -> ResponseReturnValue:
    game = GAMES.get(slug) or abort(404)
    names = [""] * game.min_players
    return _form(game, names, {}, {})


def _form(game: Game, names: list[str], errors: dict[str, str], values: dict[str, str], status: int = 200) -> Any:
    kind = kinds().get(game.slug)
    recent = session.get("recent_names", [])
    return page(
        "new_table.html", status=status, game=game, kind=kind, names=names, errors=errors, values=values, recent=recent
    )


@bp.post("/new/<slug>")
def create_table(slug: str) -> ResponseReturnValue:
    game = GAMES.get(slug) or abort(404)
    kinds().get(slug) or abort(404)
    copy_code = request.form.get("copy_from", "").strip()
    if copy_code and (wait := code_wait()):
        return too_many(wait)
    filled = [n.strip() for n in request.form.getlist("players") if n.strip()]
    values = {k: v for k, v in request.form.items() if k not in ("players", "csrf_token")}
    new = setup_for(slug, filled, values)
    if new.options_refused and copy_code:  # a code looked up here must be as slow to guess as at /join
        code_failed()
    if new.setup is None:
        shown = filled + [""] * max(game.min_players - len(filled), 0)
        return _form(game, shown, {p.loc: p.msg for p in new.problems}, values, 422)
    table = store().create_table(game.slug, new.setup)
    _remember_names(new.setup["players"])
    return redirect(url_for("tables.show", token=table.token), 303)


def _remember_names(names: tuple[str, ...] | list[str]) -> None:
    recent = [n for n in session.get("recent_names", []) if n.casefold() not in {m.casefold() for m in names}]
    session["recent_names"] = (list(names) + recent)[:RECENT_NAMES]


@bp.get("/join")
def join() -> ResponseReturnValue:
    code = request.args.get("code", "").strip()
    if not code:
        return page("join.html", code="", error=None)
    if wait := code_wait():
        return too_many(wait)
    table = store().by_code(code[:12])
    if table is None:
        code_failed()
        return page("join.html", status=404, code=code[:12], error="No table has that code: check it with the table.")
    return redirect(url_for("tables.show", token=table.token), 303)
