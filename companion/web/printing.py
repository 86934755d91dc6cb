"""Printables: a score pad for every game, the result sheet of a table, and the /print page that offers them.

PDFs come from the cache in companion.printing; the cache key is the ETag, so a phone that asks again with
If-None-Match gets a bodiless 304 without anything being rendered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, Response, abort, current_app, redirect, request, url_for
from flask.blueprints import BlueprintSetupState
from flask.typing import ResponseReturnValue
from flask_babel import gettext, lazy_gettext
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import ServiceUnavailable

from companion.printing.cache import PdfCache, Printable
from companion.printing.pool import QUEUE, Busy, RenderPool, default_workers
from companion.storage.store import TableRow, now

from .. import replays
from ..games import Game, Result, RuleError
from ..printing import MAX_NAME, MAX_NAMES, PADS_PER_SHEET, PAPERS, ResultSheet, cache_key, pad_sheet, warm
from ..specs import SPECS
from ..tables import never
from . import language, store
from .headers import page_error
from .render import page
from .table_view import build

bp = Blueprint("printing", __name__)

PAD_OPTIONS = ("players", "paper", "pads")
PAD_CACHE_CONTROL = "public, max-age=3600"
RESULT_CACHE_CONTROL = "private, no-cache"


@bp.record_once
def _setup(state: BlueprintSetupState) -> None:
    """The app's PDF cache and its render pool: RENDER_WORKERS processes (0: in the request's own thread, as
    tests do) and RENDER_QUEUE more renders waiting."""
    config = state.app.config
    pool = RenderPool(config.get("RENDER_WORKERS", default_workers()), config.get("RENDER_QUEUE", QUEUE), warm)
    state.app.extensions.setdefault("print_cache", PdfCache(pool))


def _cache() -> PdfCache:
    return current_app.extensions["print_cache"]


@dataclass(frozen=True)
class PadOptions:
    """A pad's options, checked: names as printed, paper ("a4" or "letter"), pads per sheet."""

    names: tuple[str, ...] = ()
    paper: str = "a4"
    pads: int = 1


def pad_options(game: Game, args: MultiDict[str, str]) -> tuple[PadOptions, dict[str, str]]:
    """The options in a query string, and what is wrong with them by option (empty when all is well)."""
    errors: dict[str, str] = {}
    unknown = sorted(set(args) - set(PAD_OPTIONS))
    if unknown:
        errors["options"] = gettext(
            "unknown option “%(option)s”: a pad takes players, paper and pads", option=unknown[0][:40]
        )
    names = tuple(name.strip() for name in args.getlist("players"))
    if problem := name_problem(game, names):
        errors["players"] = problem
    paper = _one(args, "paper", "a4", errors).lower()
    if "paper" not in errors and paper not in PAPERS:
        errors["paper"] = gettext("paper is A4 or Letter, not “%(paper)s”", paper=paper[:20])
    pads = _one(args, "pads", "1", errors)
    if "pads" not in errors and pads not in [str(n) for n in PADS_PER_SHEET]:
        errors["pads"] = gettext(
            "pads per sheet is %(fewest)s or %(most)s, not “%(pads)s”",
            fewest=min(PADS_PER_SHEET),
            most=max(PADS_PER_SHEET),
            pads=pads[:20],
        )
    if errors:
        return PadOptions(names[:MAX_NAMES]), errors
    return PadOptions(names, paper, int(pads)), {}


def _one(args: MultiDict[str, str], option: str, default: str, errors: dict[str, str]) -> str:
    values = args.getlist(option)
    if len(values) > 1:
        errors[option] = gettext("give %(option)s once", option=option)
    return values[0].strip() if values else default


def name_problem(game: Game, names: tuple[str, ...]) -> str | None:
    """The first thing wrong with the names to print, if any."""
    most = min(MAX_NAMES, game.max_players)
    if len(names) > most:
        return gettext(
            "%(game)s takes at most %(most)s names on a pad; %(given)s were given",
            game=game.name,
            most=most,
            given=len(names),
        )
    for i, name in enumerate(names, 1):
        if not name:
            return gettext("name %(n)s is empty: a name is 1 to %(most)s characters", n=i, most=MAX_NAME)
        if len(name) > MAX_NAME:
            return gettext(
                "name %(n)s is %(length)s characters long: a name is 1 to %(most)s characters",
                n=i,
                length=len(name),
                most=MAX_NAME,
            )
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            return gettext("%(name)s is there twice: each player needs a different name", name=name)
        seen.add(name.casefold())
    return None


@bp.get("/print")
def index() -> ResponseReturnValue:
    return _index()


def _index(game: Game | None = None, errors: dict[str, str] | None = None, values: Any = None, status: int = 200):
    return page(
        "print_index.html",
        status=status,
        games=[spec.game for spec in SPECS.values() if spec.pad],
        open_slug=game.slug if game else None,
        errors=errors or {},
        values=values or PadOptions(),
        papers=PAPERS,
        pads_choices=PADS_PER_SHEET,
    )


@bp.get("/print/<slug>/score-pad")
def pad_form(slug: str) -> ResponseReturnValue:
    """Where the /print form goes: blank name fields are dropped, the rest checked, then on to the PDF's own
    address, which carries only the options a pad takes."""
    game = _game(slug)
    if refused := _oversized():
        return refused
    args = MultiDict([(k, v) for k, v in request.args.items(multi=True) if not (k == "players" and not v.strip())])
    options, errors = pad_options(game, args)
    if errors:
        return _index(game, errors, options, 422)
    target = url_for("printing.pad", slug=slug)
    query = urlencode(list(args.items(multi=True)))
    return redirect(f"{target}?{query}" if query else target, 303)


@bp.get("/print/<slug>/score-pad.pdf")
def pad(slug: str) -> ResponseReturnValue:
    game = _game(slug)
    if refused := _oversized():
        return refused
    options, errors = pad_options(game, request.args)
    if errors:
        return _index(game, errors, options, 422)
    sheet = pad_sheet(SPECS[slug], options.names, options.paper, options.pads, language.current())
    return _pdf(sheet.key, sheet.job, f"{slug}-score-pad.pdf", PAD_CACHE_CONTROL)


# The longest query a pad's form sends: every name field (blank ones too) and each name of 40 characters outside
# the Basic Multilingual Plane, percent-encoded (12 bytes a character).
MAX_QUERY_BYTES = 8 * 1024
MAX_QUERY_VALUES = 2 * MAX_NAMES + len(PAD_OPTIONS)
TAKES = lazy_gettext(
    "a pad takes up to %(names)s names (players) of 1 to %(most)s characters, a paper and a number of pads",
    names=MAX_NAMES,
    most=MAX_NAME,
)


def _oversized() -> Response | None:
    """A short 414 or 400 for a query string no pad's form sends, before it is read any further."""
    size = len(request.query_string)
    if size > MAX_QUERY_BYTES:
        message = gettext(
            "This address is too long: %(size)s bytes of options, at most %(most)s; %(takes)s.",
            size=size,
            most=MAX_QUERY_BYTES,
            takes=TAKES,
        )
        return _plain(message, 414)
    count = sum(len(values) for values in request.args.listvalues())
    if count > MAX_QUERY_VALUES:
        message = gettext(
            "This address has %(count)s options, at most %(most)s; %(takes)s.",
            count=count,
            most=MAX_QUERY_VALUES,
            takes=TAKES,
        )
        return _plain(message, 400)
    return None


def _plain(message: str, status: int) -> Response:
    return Response(message + "\n", status, mimetype="text/plain")


def _game(slug: str) -> Game:
    spec = SPECS.get(slug)
    if spec is None or spec.pad is None:
        abort(404)
    return spec.game


@bp.get("/t/<token>/results.pdf")
def results(token: str) -> ResponseReturnValue:
    return _results(store().by_token(token) or abort(404))


@bp.get("/v/<token>/results.pdf")
def watch_results(token: str) -> ResponseReturnValue:
    return _results(store().by_viewer_token(token) or abort(404))


def _results(row: TableRow) -> ResponseReturnValue:
    language.for_game(row.game)
    unknown = sorted(set(request.args) - {"paper"})
    paper = request.args.get("paper", "a4").strip().lower()
    if unknown or paper not in PAPERS or len(request.args.getlist("paper")) > 1:
        if unknown:
            problem = gettext("unknown option “%(option)s”: a result sheet takes paper", option=unknown[0][:40])
        else:
            problem = gettext("paper is A4 or Letter, given once, not “%(paper)s”", paper=paper[:20])
        return Response(problem + "\n", 422, mimetype="text/plain")
    version = store().version(row.id)

    speaking = language.current()

    def make() -> Printable:
        entries = [e for e in store().entries(row.id) if e.seq <= version]
        view = build(row, entries, editable=False, base="")
        finished = None if view.rules.finished is never else bool(view.rules.finished(view.state))
        played = entries[-1].at if entries else row.created_at
        spec = SPECS.get(row.game)
        facts = dict(spec.pad.facts()) if spec and spec.pad else {}
        players = tuple(view.players)
        sheet = ResultSheet(
            view.game,
            _result(view),
            played,
            finished,
            players,
            paper,
            view.colours,
            facts,
            speaking,
            view.charts_in(speaking),
            view.played_s if view.clock.used else None,
        )
        return sheet.job()

    key = cache_key("results", row.id, version, paper, row.colours, speaking, *_running_minute(row))
    return _pdf(key, make, f"{row.game}-results.pdf", RESULT_CACHE_CONTROL)


def _running_minute(row: TableRow) -> tuple[int, ...]:
    """The minute a running play timer is at: a sheet printed while it runs is made again a minute later, so its
    time played is never more than a minute behind (a stopped or unused clock adds nothing to the key)."""
    clock = replays.replayed(store(), row)[1].clock
    return (clock.played_s(now()) // 60,) if clock.running else ()


def _result(view: Any) -> Result:
    """The table's result, or an empty one with the reason when its state cannot be scored yet."""
    try:
        return view.result
    except RuleError as exc:
        return Result((), (), notes=tuple(p.msg for p in exc.problems))


def _pdf(key: str, make: Callable[[], Printable], filename: str, cache_control: str) -> Response:
    """The PDF for `key` (rendered once, then from the cache), or a 304 when the phone already has it, or a 503
    when the renders are all taken."""
    if request.if_none_match.contains_weak(key):
        response = Response(status=304)
    else:
        try:
            response = Response(_cache().fetch(key, make), mimetype="application/pdf")
        except Busy as busy:
            return _busy(busy)
        response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.set_etag(key)
    response.headers["Cache-Control"] = cache_control
    return response


BUSY = lazy_gettext(
    "Many printouts are being made right now. Nothing is lost: ask for this one again in a few seconds."
)


def _busy(busy: Busy) -> Response:
    response = current_app.make_response(page_error(ServiceUnavailable(str(BUSY))))
    response.headers["Retry-After"] = str(busy.retry_after)
    response.headers["Cache-Control"] = "no-store"
    return response
