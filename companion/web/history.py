"""Play history: every finished table as a play, each player's and each game's record, merging two names of one
person, and the plays out (CSV, our JSON backup, BG Stats) and back in (the backup)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from flask import Blueprint, Response, abort, current_app, redirect, request, url_for
from flask.typing import ResponseReturnValue
from pydantic import ValidationError

from .. import backup, csrf
from ..bgstats import bgstats, bgstats_link
from ..games import GAMES
from ..games.base import RuleError
from ..history import (
    People,
    Play,
    game_stats,
    merge_problem,
    name_key,
    only,
    play_of,
    player_record,
    players,
)
from ..log import active
from ..store import TableRow
from ..tables import kinds
from . import store
from .render import page
from .table_view import TableView

bp = Blueprint("history", __name__, url_prefix="/history")

CACHE = "history.plays"  # app.extensions key: table id -> (version, row, play or None)
IMPORT_LIMIT = 16 * 1024 * 1024


def people() -> People:
    return People(store().aliases())


def finished() -> list[tuple[TableRow, Play]]:
    """Every finished table with its play. Replaying is cached by (table id, version), so a table is replayed
    again only after it changed."""
    cache = current_app.extensions.get(CACHE, {})
    fresh: dict[int, tuple[int, TableRow, Play | None]] = {}
    for row in store().list_tables():
        hit = cache.get(row.id)
        fresh[row.id] = hit if hit and hit[0] == row.version else (row.version, row, _replay(row))
    current_app.extensions[CACHE] = fresh
    return [(row, play) for _, row, play in fresh.values() if play]


def _replay(row: TableRow) -> Play | None:
    kind = kinds().get(row.game)
    if kind is None:
        return None
    entries = active(store().entries(row.id))
    try:
        state = kind.replay(row.setup, entries)
    except (RuleError, ValidationError):
        return None  # a log that no longer replays is not a play; its own page says what is wrong
    return play_of(kind, row.game, row.setup, entries, state, row.viewer_token)


def all_plays() -> list[Play]:
    return [play for _, play in finished()]


@bp.app_template_global()
def table_play(view: TableView) -> Play | None:
    """The play a table page shows, once its game is over."""
    entries = [s for s in view.log if s.active]
    return play_of(view.kind, view.row.game, view.row.setup, entries, view.state, view.row.viewer_token)


@bp.app_template_global("bgstats_link")
def _bgstats_link(play: Play, who: People | None = None) -> str:
    return bgstats_link(play, who or people())


@bp.get("")
def index() -> ResponseReturnValue:
    game = request.args.get("game", "")
    player = request.args.get("player", "")[:40]
    plays, who = all_plays(), people()
    shown = only(plays, who, game if game in GAMES else "", player)
    return page(
        "history/index.html",
        plays=shown,
        total=len(plays),
        game=GAMES.get(game),
        player=player,
        player_key=who.key(player) if player else "",
        who=who,
        people=players(plays, who),
        games=[(g, sum(p.game == g.slug for p in plays)) for g in GAMES.values()],
        imported=request.args.get("imported", type=int),
        skipped=request.args.get("skipped", type=int),
    )


@bp.get("/players/<path:name>")
def player(name: str) -> ResponseReturnValue:
    return _player_page(name)


def _player_page(name: str, error: str = "", status: int = 200) -> ResponseReturnValue:
    plays, who = all_plays(), people()
    record = player_record(plays, who, name) or abort(404)
    others = [r.name for r in players(plays, who) if r.key != record.key]
    merged = who.merged_into(record.key)
    return page(
        "history/player.html", status=status, record=record, people=who, others=others, merged=merged, error=error
    )


@bp.get("/games/<slug>")
def game(slug: str) -> ResponseReturnValue:
    GAMES.get(slug) or abort(404)
    who = people()
    stats = game_stats(all_plays(), who, slug)
    return page("history/game.html", stats=stats, people=who)


@bp.post("/merge")
def merge() -> ResponseReturnValue:
    """Merge the person called `name` into the one called `into`: from then on both names are one person."""
    name, into = request.form.get("name", "")[:40], request.form.get("into", "")[:40]
    who = people()
    known = {r.key for r in players(all_plays(), who)}
    if who.key(name) not in known:
        abort(404)
    problem = merge_problem(who, name, into)
    if not problem and who.key(into) not in known:
        problem = f"nobody called {into} has played here"
    if problem:
        return _player_page(name, problem, 422)
    store().set_alias(who.key(name), into.strip())
    return redirect(url_for("history.player", name=into.strip()), 303)


@bp.post("/unmerge")
def unmerge() -> ResponseReturnValue:
    """Undo a merge: the merged name is its own person again."""
    name = request.form.get("name", "")
    key = name_key(name)
    target = store().aliases().get(key) or abort(404)
    store().set_alias(key, None)
    return redirect(url_for("history.player", name=target), 303)


@bp.get("/plays/<play_id>.bgsplay")
def bgsplay(play_id: str) -> Response:
    """One play as a .bgsplay file: the same JSON BG Stats' push link carries."""
    play = next((p for p in all_plays() if p.id == play_id), None) or abort(404)
    body = json.dumps(bgstats(play, people()), ensure_ascii=False, indent=2)
    name = f"{play.game}-{play.ended:%Y-%m-%d-%H%M}.bgsplay"
    return _download(body, "application/json", name)


CSV_FIELDS = ("play", "date", "game", "duration_min", "player", "score", "rank", "winner", "fired", "disqualified")


def _cell(text: str) -> str:
    """Text a spreadsheet would read as a formula gets a leading apostrophe."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@bp.get("/plays.csv")
def plays_csv() -> Response:
    """Every play, one row per player, newest first."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_FIELDS)
    for play in only(all_plays(), people()):
        for s in play.standings():
            date = f"{play.ended:%Y-%m-%d %H:%M:%S}"
            row: list[Any] = [play.id, date, play.game_name, play.duration_min, _cell(s.name), s.score, s.rank]
            writer.writerow([*row, *(str(flag).lower() for flag in (s.winner, s.fired, s.disqualified))])
    return _download("\ufeff" + out.getvalue(), "text/csv; charset=utf-8", "plays.csv")


@bp.get("/export.json")
def export() -> Response:
    """The backup: every finished table with its whole log, and the merged names."""
    tables = [(row, store().entries(row.id), play) for row, play in finished()]
    tables.sort(key=lambda t: (t[2].ended, t[2].id))
    body = json.dumps(backup.export(tables, store().aliases()), ensure_ascii=False, indent=1)
    return _download(body, "application/json", "table-companion-plays.json")


@bp.post("/import")
@csrf.exempt
def restore() -> ResponseReturnValue:
    """Restore a backup: every play in it is checked first, and nothing is stored unless all of it is sound."""
    request.max_content_length = IMPORT_LIMIT  # a backup outgrows the 64 KiB every other request is held to
    if current_app.config.get("WTF_CSRF_ENABLED", True):
        csrf.protect()
    upload = request.files.get("backup")
    raw = upload.read() if upload else b""
    if not raw:
        return page("history/import.html", status=422, problems=[("backup", "choose the backup file to restore")])
    known = {play.id for play in all_plays()}
    checked = backup.check(raw, known, store().aliases())
    if checked.problems:
        problems = [(p.loc, p.msg) for p in checked.problems]
        return page("history/import.html", status=422, problems=problems)
    store().import_tables(checked.tables)
    for name, target in checked.aliases.items():
        store().set_alias(name, target)
    return redirect(url_for("history.index", imported=len(checked.tables), skipped=checked.skipped), 303)


def _download(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response
