"""Each phone reads the app in its own language. A phone's own choice (the language page linked from the header,
kept in a cookie for a year) comes first, then what its browser asks for (Accept-Language), then English. The JSON
API answers in English unless Accept-Language asks otherwise: other tools read it, and its field names and codes
never change. The catalogues are Babel's, one per folder: the app's own in companion/translations, each game's in
its package; they are merged into one per language, and a game's page reads its own catalogue first
(companion.words)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from functools import lru_cache
from typing import Any

from flask import Blueprint, Flask, Response, g, has_request_context, redirect, render_template, request
from flask_babel import Babel, Domain, format_datetime
from flask_babel import _get_current_context as _babel_context
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from companion import words
from companion.games import Text
from companion.words import DEFAULT, LANGUAGES

COOKIE = "lang"
YEAR = 365 * 24 * 3600

bp = Blueprint("language", __name__)


def chosen() -> str:
    """The language of this request's answer."""
    asked = _asked(request.headers.get("Accept-Language", ""))
    if request.path.startswith("/api/"):
        return asked or DEFAULT
    choice = request.cookies.get(COOKIE)
    return choice if choice in LANGUAGES else asked or DEFAULT


@lru_cache(maxsize=256)
def _asked(header: str) -> str | None:
    """The best of our languages for an Accept-Language header (phones send a handful of them, over and over)."""
    return parse_accept_header(header, LanguageAccept).best_match(LANGUAGES) if header else None


def current() -> str:
    """The language being rendered: the request's (read once), one forced for a while (force_locale), or English
    outside a request. Read without a Babel Locale, which a poll answered 304 never needs."""
    if not has_request_context():
        return DEFAULT
    forced = getattr(g.get("_flask_babel"), "babel_locale", None)  # Flask-Babel's own context, as force_locale sets it
    if forced is not None:
        return str(forced.language)
    if "language" not in g:
        g.language = chosen()
    return str(g.language)


class Words(Domain):  # type: ignore[misc]
    """Flask-Babel's gettext over companion.words: the game's catalogue first on its pages, the app's elsewhere."""

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.game = game

    def get_translations(self) -> Any:
        return words.translations(current(), self.game)


def for_game(slug: str) -> None:
    """This request renders a page of game `slug`: its sentences as that game's catalogue says them."""
    g.words_game = slug
    context = _babel_context()
    if context is not None:
        context.babel_domain = Words(slug)


def game() -> str | None:
    return g.get("words_game") if g else None


def say(value: Any) -> Any:
    """A sentence from an engine (a Text) in the reader's language; anything else as it is."""
    return words.say(value, current(), game())


def said(value: Any) -> Any:
    """`value` with every Text inside it in the reader's language (for JSON answers)."""
    if isinstance(value, Text):
        return say(value)
    if isinstance(value, Mapping):
        return {key: said(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [said(item) for item in value]
    return value


def when(at: datetime) -> str:
    """A day and time as a page shows it ("02 Dec 2026, 12:58" in English), in the reader's language."""
    if current() == DEFAULT:
        return at.strftime("%d %b %Y, %H:%M")
    return format_datetime(at, "d MMM y, HH:mm")


def _vary(response: Response) -> Response:
    # A phone's choice is a cookie of its own: an answer that read it varies on it. One that did not (an idle poll
    # from a phone that never chose) leaves the cookies unread, as companion/web/lazy_session.py keeps them.
    wanted = (
        ("Accept-Language", "Cookie")
        if COOKIE in request.cookies and not request.path.startswith("/api/")
        else ("Accept-Language",)
    )
    vary = response.headers.get("Vary", "")
    # Written as a string: parsing Vary into a HeaderSet would cost an idle poll more than the rest of its answer.
    missing = [name for name in wanted if name.lower() not in vary.lower()]
    if missing:
        response.headers["Vary"] = ", ".join([vary, *missing] if vary else missing)
    return response


def _game_of_url(endpoint: str | None, values: dict[str, Any] | None) -> None:
    """A page whose address names a game (its rules, its pad, its new table, its history) speaks as that game."""
    slug = (values or {}).get("slug") or (values or {}).get("game")
    if isinstance(slug, str) and slug in words.games():
        for_game(slug)


def _safe_next(target: str | None) -> str:
    """Back where the phone was: a path on this site only."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


@bp.get("/language")
def page() -> str:
    return render_template("language.html", languages=LANGUAGES, back=_safe_next(request.args.get("next")))


@bp.post("/language")
def choose() -> Response:
    choice = request.form.get("lang", "")
    back = _safe_next(request.form.get("next"))
    response = redirect(back, 303)
    if choice in LANGUAGES:
        response.set_cookie(COOKIE, choice, max_age=YEAR, samesite="Lax", httponly=True)
    return response


def register(app: Flask) -> None:
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = ";".join(map(str, words.directories()))
    babel = Babel(app, locale_selector=current)
    babel.domain_instance = Words()
    app.jinja_env.filters["say"] = say
    from .colour_words import colour_name

    app.jinja_env.globals.update(say=say, languages=LANGUAGES, language=current, started_text=when)
    app.jinja_env.globals.update(colour_name=colour_name)
    app.url_value_preprocessor(_game_of_url)
    app.after_request(_vary)
    app.register_blueprint(bp)
