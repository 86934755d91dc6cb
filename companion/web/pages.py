"""The home page, starting a table, and joining one by code."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, session, url_for
from flask.typing import ResponseReturnValue
from pydantic import ValidationError

from ..games import GAMES
from ..schemas import validation_problems
from ..schemas.tables import NewTableForm, setup_problems
from . import store
from .render import page

bp = Blueprint("pages", __name__)

RECENT_NAMES = 24


@bp.get("/")
def home() -> ResponseReturnValue:
    return page("home.html", games=GAMES.values())


@bp.get("/new/<slug>")
def new_table(slug: str) -> ResponseReturnValue:
    game = GAMES.get(slug) or abort(404)
    names = [""] * game.min_players
    return page("new_table.html", game=game, names=names, errors={}, recent=session.get("recent_names", []))


@bp.post("/new/<slug>")
def create_table(slug: str) -> ResponseReturnValue:
    game = GAMES.get(slug) or abort(404)
    if not game.playable:
        abort(404)
    filled = [n.strip() for n in request.form.getlist("players") if n.strip()]
    problems = []
    try:
        form = NewTableForm.model_validate({"players": filled})
    except ValidationError as exc:
        problems = validation_problems(exc)
        form = None
    problems += setup_problems(game, filled)
    if problems or form is None:
        errors = {p.loc: p.msg for p in problems}
        recent = session.get("recent_names", [])
        shown = filled + [""] * max(game.min_players - len(filled), 0)
        return page("new_table.html", status=422, game=game, names=shown, errors=errors, recent=recent)
    table = store().create_table(game.slug, {"players": list(form.players)})
    _remember_names(form.players)
    return redirect(url_for("tables.show", token=table.token), 303)


def _remember_names(names: tuple[str, ...] | list[str]) -> None:
    recent = [n for n in session.get("recent_names", []) if n.casefold() not in {m.casefold() for m in names}]
    session["recent_names"] = (list(names) + recent)[:RECENT_NAMES]


@bp.get("/join")
def join() -> ResponseReturnValue:
    code = request.args.get("code", "").strip()
    if not code:
        return page("join.html", code="", error=None)
    table = store().by_code(code[:12])
    if table is None:
        return page("join.html", status=404, code=code[:12], error="No table has that code: check it with the table.")
    return redirect(url_for("tables.show", token=table.token), 303)
