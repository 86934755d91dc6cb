"""Play history: every finished table's stored play, a page at a time, each player's and each game's record, merging
two names of one person, and the plays out (CSV, our JSON backup, BG Stats) and back in (the backup).

Every page reads the stored plays (companion.plays keeps them); none replays a table."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from flask import Blueprint, Response, abort, current_app, redirect, request, url_for
from flask.typing import ResponseReturnValue

from .. import backup, csrf, play_queries, play_totals, plays
from ..bgstats import bgstats, bgstats_link
from ..history import People, Play, merge_problem, name_key, play_of
from ..play_queries import PlayPage
from ..specs import GAMES
from . import store
from .render import page
from .table_view import TableView

bp = Blueprint("history", __name__, url_prefix="/history")

IMPORT_LIMIT = 16 * 1024 * 1024


def people() -> People:
    return People(store().aliases())


def _page_number() -> int:
    return max(1, request.args.get("page", 1, type=int) or 1)


def pager(found: PlayPage, endpoint: str, **args: Any) -> dict[str, str | None]:
    """Links to the newer and older pages of plays, keeping the page's other arguments."""
    kept = {k: v for k, v in args.items() if v}
    newer = url_for(endpoint, **kept, page=found.number - 1) if found.has_previous else None
    older = url_for(endpoint, **kept, page=found.number + 1) if found.has_next else None
    return {"newer": newer, "older": older}


@bp.app_template_global()
def table_play(view: TableView) -> Play | None:
    """The play a table page shows once its game is over, worked out from the page's own replay as the history
    works it out (so it has the stored play's id)."""
    if view.broken:
        return None
    return play_of(view.kind, view.row.game, view.row.setup, view.replayed.active, view.state, view.row.viewer_token)


@bp.app_template_global("bgstats_link")
def _bgstats_link(play: Play, who: People) -> str:
    """BG Stats' push link; the page hands in who is who (a template never reads the database)."""
    return bgstats_link(play, who)


@bp.get("")
def index() -> ResponseReturnValue:
    game = request.args.get("game", "")
    game = game if game in GAMES else ""
    player = request.args.get("player", "")[:40]
    who = people()
    found = play_queries.page_of_plays(store(), who, game=game, player=player, number=_page_number())
    counts = play_queries.game_counts(store())
    return page(
        "history/index.html",
        found=found,
        pages=pager(found, "history.index", game=game, player=player),
        total=sum(counts.values()),
        game=GAMES.get(game),
        player_key=who.key(player) if player else "",
        who=who,
        people=play_queries.everyone(store(), who),
        games=[(g, counts[g.slug]) for g in GAMES.values()],
        attention=play_queries.needing_attention(store()),
        games_by_slug=GAMES,
        imported=request.args.get("imported", type=int),
        skipped=request.args.get("skipped", type=int),
    )


@bp.get("/players/<path:name>")
def player(name: str) -> ResponseReturnValue:
    return _player_page(name)


def _player_page(name: str, error: str = "", status: int = 200) -> ResponseReturnValue:
    who = people()
    record = play_queries.player_record(store(), who, name) or abort(404)
    found = play_queries.page_of_plays(store(), who, player=name, number=_page_number())
    others = [p.name for p in play_queries.everyone(store(), who) if p.key != record.key]
    return page(
        "history/player.html",
        status=status,
        record=record,
        found=found,
        pages=pager(found, "history.player", name=name),
        people=who,
        others=others,
        merged=who.merged_into(record.key),
        error=error,
    )


@bp.get("/games/<slug>")
def game(slug: str) -> ResponseReturnValue:
    GAMES.get(slug) or abort(404)
    who = people()
    found = play_queries.page_of_plays(store(), who, game=slug, number=_page_number())
    return page(
        "history/game.html",
        stats=play_queries.game_stats(store(), who, slug),
        found=found,
        pages=pager(found, "history.game", slug=slug),
        people=who,
    )


@bp.post("/merge")
def merge() -> ResponseReturnValue:
    """Merge the person called `name` into the one called `into`: from then on both names are one person."""
    name, into = request.form.get("name", "")[:40], request.form.get("into", "")[:40]
    who = people()
    if not name_key(name) or not play_queries.has_played(store(), who, name):
        abort(404)
    problem = merge_problem(who, name, into)
    if not problem and not play_queries.has_played(store(), who, into):
        problem = f"nobody called {into} has played here"
    if problem:
        return _player_page(name, problem, 422)
    play_totals.set_alias(store(), who.key(name), into.strip())
    return redirect(url_for("history.player", name=into.strip()), 303)


@bp.post("/unmerge")
def unmerge() -> ResponseReturnValue:
    """Undo a merge: the merged name is its own person again."""
    name = request.form.get("name", "")
    key = name_key(name)
    target = store().aliases().get(key) or abort(404)
    play_totals.set_alias(store(), key, None)
    return redirect(url_for("history.player", name=target), 303)


@bp.get("/plays/<play_id>.bgsplay")
def bgsplay(play_id: str) -> Response:
    """One play as a .bgsplay file: the same JSON BG Stats' push link carries."""
    play = play_queries.find(store(), play_id) or abort(404)
    body = json.dumps(bgstats(play, people()), ensure_ascii=False, indent=2)
    name = f"{play.game}-{play.ended:%Y-%m-%d-%H%M}.bgsplay"
    return _download(body, "application/json", name)


CSV_FIELDS = ("play", "date", "game", "duration_min", "player", "score", "rank", "winner", "not_scored")


def _cell(text: str) -> str:
    """Text a spreadsheet would read as a formula gets a leading apostrophe."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@bp.get("/plays.csv")
def plays_csv() -> Response:
    """Every play, one row per player, newest first; `not_scored` says why a score did not count (empty when it
    did)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_FIELDS)
    for play in play_queries.every_play(store()):
        for s in play.standings():
            date = f"{play.ended:%Y-%m-%d %H:%M:%S}"
            row: list[Any] = [play.id, date, play.game_name, play.duration_min, _cell(s.name), s.score, s.rank]
            writer.writerow([*row, str(s.winner).lower(), _cell(s.out)])
    return _download("\ufeff" + out.getvalue(), "text/csv; charset=utf-8", "plays.csv")


@bp.get("/export.json")
def export() -> Response:
    """The backup: every finished table with its whole log, and the merged names."""
    tables = play_queries.finished_tables(store())
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
    checked = backup.check(raw, play_queries.known_ids(store()), store().aliases())
    if checked.problems:
        problems = [(p.loc, p.msg) for p in checked.problems]
        return page("history/import.html", status=422, problems=problems)
    plays.restore(store(), checked.tables)
    for name, target in checked.aliases.items():
        play_totals.set_alias(store(), name, target)
    return redirect(url_for("history.index", imported=len(checked.tables), skipped=checked.skipped), 303)


def _download(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response
