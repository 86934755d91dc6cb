"""The home page, starting a table, and joining one by code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import force_locale, gettext
from sqlalchemy.exc import DBAPIError

from companion.groups.limits import Taken

from .. import groups
from ..games import Game
from ..groups import GroupRow
from ..specs import GAMES, SPECS, table_rules
from ..words import LANGUAGES
from . import kept_cards, language, limiting, my_groups, phone, store
from .codes import code_live, expired_message, table_by_code
from .headers import DATABASE_RETRY_SECONDS
from .render import page
from .table_setup import copy_choices, setup_for

bp = Blueprint("pages", __name__)

RECENT_NAMES = 24


@bp.record_once
def _limits_for(state: Any) -> None:
    limiting.init(state.app)


def too_many(taken: Taken) -> ResponseReturnValue:
    message = gettext(
        "Too many codes tried from here: %(wait)s, then check the code with the table.", wait=limiting.wait_words(taken)
    )
    return limiting.refused_page(taken, "join.html", message, code="")


@bp.get("/")
def home() -> ResponseReturnValue:
    return home_page()


def home_page(status: int = 200, **extra: Any) -> ResponseReturnValue:
    """The home page: the games, joining by code, and the phone's groups (`extra`: what its forms refused)."""
    return page(
        "home.html", status=status, games=GAMES.values(), playable=table_rules(), mine=my_groups.mine(), **extra
    )


@bp.get("/livez")
def livez() -> ResponseReturnValue:
    """The smallest answer the server gives, touching nothing: that the process answers (for a process
    supervisor), and the benchmarks' hello-world."""
    return "alive", 200, {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    """For health checks: asks the database one trivial question, and answers 503 when it cannot be reached."""
    plain = {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}
    try:
        with store().engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")
    except DBAPIError:
        return "database unreachable", 503, plain | {"Retry-After": str(DATABASE_RETRY_SECONDS)}
    return "ok", 200, plain


MANIFEST = Path(__file__).resolve().parents[2] / "static" / "manifest.webmanifest"


@bp.get("/manifest.webmanifest")
def manifest() -> ResponseReturnValue:
    """The web app manifest in a language (`?lang=`, as the page that links it is; else the request's): its name,
    short name and description as the home screen shows them. English pages link the static file itself."""
    asked = request.args.get("lang", "")
    with force_locale(asked if asked in LANGUAGES else language.current()):
        words = {
            "name": gettext("Table Companion"),
            "short_name": gettext("Companion"),
            "description": gettext(
                "Beside a board game: everyone's phone enters what was played, and the app works out what the rules "
                "say, and why."
            ),
        }
    body = json.loads(MANIFEST.read_text(encoding="utf-8")) | words
    return json.dumps(body, ensure_ascii=False, indent=2), 200, {"Content-Type": "application/manifest+json"}


@bp.get("/new/<slug>")
def new_table(slug: str) -> ResponseReturnValue:
    game = GAMES.get(slug) or abort(404)
    names = [""] * game.min_players
    return _form(game, names, {}, {})


def _form(game: Game, names: list[str], errors: dict[str, str], values: dict[str, str], status: int = 200) -> Any:
    return page("new_table.html", status=status, **_form_context(game, names, errors, values))


def _form_context(game: Game, names: list[str], errors: dict[str, str], values: dict[str, str]) -> dict[str, Any]:
    mine = my_groups.mine()
    chosen = my_groups.chosen(mine, values.get("group"))
    into = chosen if isinstance(chosen, GroupRow) else None
    recent = groups.recent_names(store(), into.id, RECENT_NAMES) if into else []
    spec = SPECS[game.slug]
    starts = into if into and spec.kept and spec.kept.start else None  # a game whose tables start from its cards
    copyable = copy_choices(game.slug, starts.id) if starts else []
    kept = len(kept_cards.kept(spec, starts.id)) if starts else 0
    return {"game": game, "rules": table_rules().get(game.slug), "names": names, "errors": errors, "values": values} | {
        "recent": recent,
        "copyable": copyable,
        "group_cards": kept,
        "mine": mine,
        "into": into,
    }


@bp.post("/new/<slug>")
def create_table(slug: str) -> ResponseReturnValue:
    game = GAMES.get(slug) or abort(404)
    table_rules().get(slug) or abort(404)
    filled = [n.strip() for n in request.form.getlist("players") if n.strip()]
    values = {k: v for k, v in request.form.items() if k not in ("players", "csrf_token", "group")}
    mine = my_groups.mine()
    into = my_groups.chosen(mine, request.form.get("group"))
    shown = filled + [""] * max(game.min_players - len(filled), 0)
    if into is my_groups.NOT_MINE:
        return _form(game, shown, {"group": gettext("Pick one of this phone's groups, or a new one.")}, values, 422)
    current = into if isinstance(into, GroupRow) else None
    new = setup_for(slug, filled, values, group_id=current.id if current else None)
    if new.setup is None:
        return _form(game, shown, {p.loc: p.msg for p in new.problems}, values | _group_value(current), 422)
    if (made := limiting.take("new_table", current.id if current else None)).refused:
        message = gettext(
            "Too many tables started from here: %(wait)s, then start this one again.", wait=limiting.wait_words(made)
        )
        context = _form_context(game, shown, {}, values | _group_value(current))
        return limiting.refused_page(made, "new_table.html", message, **context)
    table = store().create_table(game.slug, new.setup, _group_for(new.setup["players"], current, mine).id)
    if current is None:
        limiting.count_new_group("new_table", table.group_id)
    return redirect(url_for("tables.show", token=table.token), 303)


def _group_value(group: GroupRow | None) -> dict[str, str]:
    """The form's group choice, as the form sends it back."""
    return {"group": group.token if group else my_groups.NEW_GROUP}


def _group_for(players: list[str], chosen: GroupRow | None, mine: my_groups.Mine) -> GroupRow:
    """The group a table this phone starts goes into: the one it chose, or a new one made now (named after the
    players, apart from the names of the phone's groups) that the phone joins. It is the phone's current group
    from now on."""
    starter = phone.this()
    if chosen is None:
        name = groups.apart(language.say(groups.name_for(players)), [group.name for group in mine.every])
        chosen = groups.create_group(store(), name, starter)
    phone.make_current(chosen)
    return chosen


@bp.get("/join")
def join() -> ResponseReturnValue:
    code = request.args.get("code", "").strip()[:20]
    if not code:
        return page("join.html", code="", error=None)
    # Every try counts until it leads to a table: a code that expired counts too, so old codes are no oracle.
    guess = limiting.take("join")
    if guess.refused:
        return too_many(guess)
    table = table_by_code(code)
    if table is None:
        return page(
            "join.html", status=404, code=code, error=gettext("No table has that code: check it with the table.")
        )
    if not code_live(table):
        return page("join.html", status=410, code=code, error=expired_message())
    limiting.refund(guess)
    my_groups.join_by_code(table)
    return redirect(url_for("tables.show", token=table.token), 303)
