"""A group's plays as files, under its private link: every play as CSV, the backup (each finished table with its
whole log, and the group's merged names) and restoring one into the group, one play as a .bgsplay file. A finished
table's own .bgsplay comes from its watch link.

Every file holds only the group's plays (deleted ones left out); a restore adds to the group it was posted to."""

from __future__ import annotations

import functools
import json
import time
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Response, abort, current_app, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext, lazy_gettext

from companion.groups.limits import Taken
from companion.history import backup as backup
from companion.history import import_worker as import_worker
from companion.history import lookup as play_lookup
from companion.history.bgstats import bgstats
from companion.history.records import People, Play, Seat
from companion.storage import photos as photo_rows

from .. import csv_cells
from ..games import Problem
from . import limiting, store
from .csrf import csrf
from .group_link import group, group_blueprint
from .limiting import wait_words
from .render import page

bp = group_blueprint("history_files", __name__, "/g/<token>/history")
table_bp = Blueprint("table_play", __name__)

IMPORT_LIMIT = 16 * 1024 * 1024


def _people() -> People:
    return People(store().aliases(group().id))


def _bgsplay(play: Play, people: People) -> Response:
    """One play as a .bgsplay file: the same JSON BG Stats' push link carries."""
    body = json.dumps(bgstats(play, people), ensure_ascii=False, indent=2)
    name = f"{play.game}-{play.ended:%Y-%m-%d-%H%M}.bgsplay"
    return download(body, "application/json", name)


@bp.get("/plays/<play_id>.bgsplay")
def bgsplay(play_id: str) -> Response:
    """One of the group's plays as a .bgsplay file."""
    play = play_lookup.find(store(), group().id, play_id) or abort(404)
    return _bgsplay(play, _people())


@table_bp.get("/v/<token>/play.bgsplay")
def table_bgsplay(token: str) -> Response:
    """A finished table's play as a .bgsplay file, from its watch link (its table page links here); none once the
    play is deleted from its group's history, as from the group's own link."""
    row = store().by_viewer_token(token) or abort(404)
    play = play_lookup.shown_of_table(store(), row.id) or abort(404)
    return _bgsplay(play, People(store().aliases(row.group_id)))


CSV_FIELDS = (
    *("play", "date", "game", "duration_min", "player", "score", "rank", "winner", "not_scored"),
    *("unit", "unit_score"),
)


@bp.get("/plays.csv")
def plays_csv() -> Response:
    """Every play of the group, one row per player in rank order, newest first; `not_scored` says why a score did
    not count (empty when it did). When players scored as one, `score` is each one's own points, `rank` their unit's,
    and `unit` and `unit_score` name the unit and give its total (both empty when everyone scored alone)."""
    rows = [_csv_row(play, s) for play in play_lookup.every_play(store(), group().id) for s in play.standings()]
    return download("\ufeff" + csv_cells.table(CSV_FIELDS, rows), "text/csv", "plays.csv")


def _csv_row(play: Play, s: Seat) -> list[Any]:
    date = f"{play.ended:%Y-%m-%d %H:%M:%S}"
    unit = play.unit_of(s.name)
    units = [unit.label, unit.points] if unit else ["", ""]
    return [
        play.id,
        date,
        play.game_name,
        play.duration_min,
        s.name,
        s.score,
        s.rank,
        str(s.winner).lower(),
        s.out,
        *units,
    ]


def backup_of(group_id: int) -> dict[str, Any]:
    """The backup of a group: every finished table in its history with its whole log, and its merged names."""
    photos_of = functools.partial(photo_rows.images, store())
    return backup.export(play_lookup.finished_tables(store(), group_id), store().aliases(group_id), photos_of)


@bp.get("/export.json")
def export() -> Response:
    """The group's backup, as a file."""
    body = json.dumps(backup_of(group().id), ensure_ascii=False, indent=1)
    return download(body, "application/json", "table-companion-plays.json")


@dataclass(frozen=True)
class Imported:
    """What restoring a backup did: plays added, plays the group had already, or the problems that stopped it."""

    added: int = 0
    skipped: int = 0
    problems: tuple[Problem, ...] = ()
    limited: Taken | None = None  # past an hourly limit of imports: nothing was read or stored
    message: str = ""
    retry_after: int = 0  # stopped (past IMPORT_SECONDS, or its worker died): nothing stored, answered 503

    @property
    def stopped(self) -> bool:
        return self.retry_after > 0


STOPPED = lazy_gettext(
    "This import took too long and was stopped: nothing of it was stored. Split the backup, or try again later."
)


def import_backup(group_id: int, raw: bytes) -> Imported:
    """Restore a backup into a group: every play in it is checked first, and nothing is stored unless all of it is
    sound, in one transaction. Plays the group has already (deleted ones too) are skipped. Imports, and the plays
    (and merges) they add, are limited per hour for the address and the group; an import that runs longer than
    IMPORT_SECONDS is stopped and rolled back."""
    if (tried := limiting.take("import", group_id)).refused:
        message = gettext("Too many imports from here or into this group: %(wait)s.", wait=wait_words(tried))
        return Imported(limited=tried, message=message)
    try:
        return _imported(group_id, raw, time.monotonic() + float(current_app.config.get("IMPORT_SECONDS", 30)))
    except import_worker.Stopped as stopped:
        return Imported(retry_after=stopped.retry_after, message=str(STOPPED))


def _imported(group_id: int, raw: bytes, deadline: float) -> Imported:
    url, in_worker = current_app.config["DATABASE_URL"], current_app.config.get("IMPORT_WORKER", True)
    caps = limiting.import_caps()
    checked = import_worker.run(in_worker, import_worker.check, url, group_id, raw, caps, deadline=deadline)
    if checked.problems:
        return Imported(problems=tuple(checked.problems))
    added = len(checked.tables)
    if (work := added + len(checked.aliases)) and (taken := limiting.take("imported_plays", group_id, work)).refused:
        wait = wait_words(taken)
        if checked.aliases:
            message = gettext(
                "This backup adds %(plays)s plays and %(merges)s merged names, more than may be imported here now:"
                " %(wait)s.",
                plays=added,
                merges=len(checked.aliases),
                wait=wait,
            )
        else:
            message = gettext(
                "This backup adds %(plays)s plays, more than may be imported here now: %(wait)s.",
                plays=added,
                wait=wait,
            )
        return Imported(limited=taken, message=message)
    tables, aliases, photos = checked.tables, checked.aliases, checked.photos
    import_worker.run(in_worker, import_worker.restore, url, group_id, tables, aliases, photos, deadline=deadline)
    return Imported(added, checked.skipped)


@bp.post("/import")
@csrf.exempt
def restore() -> ResponseReturnValue:
    """Restore a backup into the group whose history it was posted to."""
    request.max_content_length = IMPORT_LIMIT  # a backup outgrows the 64 KiB every other request is held to
    if current_app.config.get("WTF_CSRF_ENABLED", True):
        csrf.protect()
    upload = request.files.get("backup")
    raw = upload.read() if upload else b""
    if not raw:
        return page(
            "history/import.html", status=422, problems=[("backup", gettext("choose the backup file to restore"))]
        )
    done = import_backup(group().id, raw)
    if done.limited:
        return limiting.refused_page(done.limited, "history/import.html", done.message, problems=[])
    if done.stopped:
        stopped = page("history/import.html", status=503, error=done.message, problems=[])
        return retry_after(stopped, done.retry_after)
    if done.problems:
        return page("history/import.html", status=422, problems=[(p.loc, p.msg) for p in done.problems])
    return redirect(url_for("history.index", imported=done.added, skipped=done.skipped), 303)


def download(body: str, mimetype: str, filename: str) -> Response:
    """A file to save, never cached (it holds a group's plays)."""
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def retry_after(response: ResponseReturnValue, seconds: int) -> Response:
    """The response, saying when to ask again."""
    answer = current_app.make_response(response)
    answer.headers["Retry-After"] = str(seconds)
    return answer
