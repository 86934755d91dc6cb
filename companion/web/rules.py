"""The rules reference on the web: the six guides, search across them (HTML and JSON), and the service worker
that keeps the guides readable offline.

Routes: GET /rules (the guides, or search results with ?q=; with ?game= that game's sections first; to htmx, only
the results, so the page answers as the player types), GET /rules/<game>, GET /rules/offline (what the
service worker shows for a search it has never seen while there is no connection), GET /api/v1/rules/search and
GET /sw.js (served from the site root so its scope covers /rules and the rule links on every table page).

Everything is in the reader's language (companion.web.language): its guides, where written, else the English
ones (the page says so); its search, with the English of a guide not written in it yet after its own.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, render_template, request, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from ..rules import ENGLISH, LANGUAGES, Guide, games, guide, guides
from ..rules.search import Hit, search
from .csrf import csrf
from .language import current
from .render import is_htmx, page

bp = Blueprint("rules", __name__)

SEARCH_PATH = "/api/v1/rules/search"
SHOWN_QUERY = 80  # characters of the query echoed back in a heading; the search itself sees all of it
# Sections worth a shortcut from the list of guides (named by their titles in each guide).
SHORTCUTS = ("quick-reference", "how-this-app-reads-it")


@bp.get("/rules")
def index() -> ResponseReturnValue:
    """The six guides; with ?q= the search results across all of them, best first, the ?game= one's first unless
    another answers clearly better. Asked by htmx as the player types, only the results block (a history restore
    gets the whole page)."""
    query = request.args.get("q", "")
    game = table_game()
    searched = bool(query.strip())
    restoring = request.headers.get("HX-History-Restore-Request") == "true"
    language = current()
    return page(
        "rules/index.html",
        block=None if restoring else "results",
        guides=[(g, summary(g)) for g in guides(language)],
        titles=titles(language),
        query=query,
        shown_query=shorten(query),
        searched=searched,
        hits=search(query, game=game, language=language) if searched else [],
        search_game=game,
        fragment=is_htmx() and not restoring,
        shortcuts=SHORTCUTS,
    )


@bp.get("/rules/offline")
def offline() -> ResponseReturnValue:
    """The page the service worker answers with when a search cannot reach the server and was never saved."""
    return render_template("rules/offline.html", guides=guides(current()))


@bp.get("/rules/<game>")
def show(game: str) -> ResponseReturnValue:
    if game not in games():
        abort(404)
    language = current()
    others = [g for g in guides(language) if g.game != game]
    return render_template("rules/guide.html", guide=guide(game, language), others=others, search_game=game)


@bp.get(SEARCH_PATH)
@csrf.exempt
def api_search() -> Response:
    """JSON search results: the contract in API.md plus `game_title` and `snippet_html` (the hits in <mark>)."""
    language = current()
    names = titles(language)
    hits = search(request.args.get("q", ""), game=table_game(), language=language)
    return jsonify(results=[hit_json(hit, names) for hit in hits])


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, with this build's version and the URLs to save ahead filled in."""
    response = Response(worker_source(), mimetype="application/javascript")
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    return response


def hit_json(hit: Hit, names: dict[str, str]) -> dict[str, Any]:
    return {
        "game": hit.game,
        "section": hit.section,
        "title": hit.title,
        "snippet": Markup(hit.snippet_html).striptags(),
        "url": hit.url,
        "game_title": names[hit.game],
        "snippet_html": str(hit.snippet_html),
    }


def table_game() -> str | None:
    """The ?game= of the table the phone came from, when it names a game with a guide; anything else is ignored."""
    game = request.args.get("game", "")
    return game if game in games() else None


def titles(language: str = "en") -> dict[str, str]:
    return {g.game: g.title for g in guides(language)}


def summary(g: Guide) -> str:
    """The first sentence of a guide's intro, for the list of guides."""
    text = Markup(g.intro_html).striptags()
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]


def shorten(query: str) -> str:
    query = " ".join(query.split())
    return query if len(query) <= SHOWN_QUERY else query[: SHOWN_QUERY - 1] + "…"


def precache_urls() -> list[str]:
    """What the service worker saves as soon as it installs: every guide, the search page and what they load, and
    the manifest in every language (an English page links the static file, any other page its own language's)."""
    pages = [url_for("rules.index"), url_for("rules.offline")]
    pages += [url_for("rules.show", game=game) for game in games()]
    assets = [
        "app.css",
        "rules.css",
        "app.js",
        "live.js",
        "counts.js",
        "htmx-2.0.11.min.js",
        "register-sw.js",
        "icon.svg",
        "manifest.webmanifest",
    ]
    manifests = [url_for("pages.manifest", lang=language) for language in LANGUAGES if language != ENGLISH]
    return pages + [url_for("static", filename=name) for name in assets] + manifests


def worker_source() -> str:
    return _worker_source(current_app.static_folder or "", tuple(precache_urls()))


@cache
def _worker_source(static_folder: str, urls: tuple[str, ...]) -> str:
    with open(f"{static_folder}/sw.js", encoding="utf-8") as file:
        source = file.read()
    # A new version whenever the worker or a guide changes, so phones throw their saved copies away and refetch.
    digest = hashlib.sha256(source.encode())
    for language in LANGUAGES:
        for g in guides(language):
            digest.update(g.intro_html.encode())
            for s in g.sections:
                digest.update(s.html.encode())
    version = digest.hexdigest()[:12]
    return source.replace('"__VERSION__"', json.dumps(version)).replace('["__PRECACHE__"]', json.dumps(list(urls)))


OPENAPI_PATHS: dict[str, Any] = {
    SEARCH_PATH: {
        "get": {
            "summary": "Search the rules reference of every game",
            "description": "Answers in the language Accept-Language asks for (de, fr, nl; English by default): "
            "its guides' sections first, then the English of any guide not written in it yet. Section ids and "
            "urls are the same in every language.",
            "operationId": "rules_search",
            "parameters": [
                {
                    "name": "q",
                    "in": "query",
                    "required": False,
                    "description": "Words to look for. Any text is accepted: operators and quotes are plain words.",
                    "schema": {"type": "string"},
                },
                {
                    "name": "game",
                    "in": "query",
                    "required": False,
                    "description": "The game of the table asking (its slug): its sections come first "
                    "unless another game answers clearly better. A value that names no game is ignored.",
                    "schema": {"type": "string"},
                },
            ],
            "responses": {
                "200": {
                    "description": "Matching sections, best first (none for an empty query)",
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["results"],
                                "properties": {
                                    "results": {
                                        "type": "array",
                                        "items": {
                                            "type": "object",
                                            "required": ["game", "section", "title", "snippet", "url"],
                                            "properties": {
                                                "game": {"type": "string"},
                                                "section": {"type": "string"},
                                                "title": {"type": "string"},
                                                "snippet": {"type": "string"},
                                                "url": {"type": "string"},
                                                "game_title": {"type": "string"},
                                                "snippet_html": {"type": "string"},
                                            },
                                        },
                                    }
                                },
                            }
                        }
                    },
                }
            },
        }
    }
}
