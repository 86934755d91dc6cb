"""A group's history through the JSON API, under its private link as its pages are: its plays a page at a time, its
backup, and restoring a backup into it."""

from __future__ import annotations

import re
from typing import Any

from flask import Response, jsonify, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from companion.history import photos as play_photos
from companion.history import queries as play_queries
from companion.history.records import People, Play

from ..games import Problem
from . import language, limiting, store
from .api_json import errors
from .csrf import csrf
from .group_link import group, group_blueprint
from .history_files import IMPORT_LIMIT, backup_of, import_backup, retry_after
from .photo_api import group_photos_json


def _no_group() -> Response:
    response, status = errors([Problem("token", gettext("no group has this link: copy the group's link whole"))], 404)
    response.status_code = status
    return response


bp = group_blueprint("history_api", __name__, "/api/v1/groups/<token>", missing=_no_group)
csrf.exempt(bp)

PER_PAGE = 50
MAX_PER_PAGE = 100
MAX_PAGE = 1_000_000


def play_json(play: Play) -> dict[str, Any]:
    """A play as the API gives it: who sat where with what score, in rank order, who scored as one (in rank order,
    their members taking their rank), and the table's watch link."""
    return {
        "id": play.id,
        "game": play.game,
        "game_name": play.game_name,
        "started": play.started.isoformat(),
        "ended": play.ended.isoformat(),
        "duration_min": play.duration_min,
        "players": [
            {"name": s.name, "score": s.score, "rank": s.rank, "winner": s.winner, "not_scored": s.out}
            for s in play.standings()
        ],
        "units": [
            {"label": u.label, "names": list(u.names), "points": u.points, "winner": u.winner, "rank": u.rank}
            for u in play.units
        ],
        "watch": f"/v/{play.table}" if play.table else None,
    }


WHOLE = re.compile(r"[0-9]{1,9}")  # longer is out of range, and int() refuses thousands of digits
LIMITS = {"page": (1, MAX_PAGE), "per_page": (PER_PAGE, MAX_PER_PAGE)}  # (default, highest)


def _numbers() -> tuple[dict[str, int], list[Problem]]:
    """The page and page size asked for (each its default when not given), or what is wrong with them: one given
    empty, not a whole number (only the digits 0 to 9) or out of range."""
    found, problems = {}, []
    for name, (default, highest) in LIMITS.items():
        raw = request.args.get(name, str(default))
        if WHOLE.fullmatch(raw) and 1 <= int(raw) <= highest:
            found[name] = int(raw)
        else:
            problems.append(Problem(name, gettext("must be a whole number from 1 to %(highest)s", highest=highest)))
    return found, problems


@bp.get("/plays")
def group_plays() -> ResponseReturnValue:
    """The group's plays, newest first, a page at a time, each with its photos (seen under the group's link)."""
    asked, problems = _numbers()
    if problems:
        return errors(problems)
    size = asked["per_page"]
    found = play_queries.page_of_plays(store(), group().id, People({}), number=asked["page"], size=size)
    link = {"per_page": size} if size != PER_PAGE else {}
    shown = play_photos.of_plays(store(), group().id, found.plays)
    return jsonify(
        plays=[play_json(p) | {"photos": group_photos_json(shown.get(p.table, []))} for p in found.plays],
        page=found.number,
        pages=found.pages,
        per_page=size,
        total=found.matching,
        newer=url_for("history_api.group_plays", page=found.number - 1, **link) if found.has_previous else None,
        older=url_for("history_api.group_plays", page=found.number + 1, **link) if found.has_next else None,
    )


@bp.get("/export")
def export() -> ResponseReturnValue:
    """The group's backup: every finished table in its history with its whole log, and its merged names."""
    response = jsonify(backup_of(group().id))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/import")
def restore() -> ResponseReturnValue:
    """Restore a backup (the body) into the group: all of it, or nothing and every problem."""
    if (request.content_length or 0) > IMPORT_LIMIT:
        return errors([Problem("", gettext("a backup is at most %(mib)s MiB", mib=IMPORT_LIMIT // (1024 * 1024)))], 413)
    request.max_content_length = IMPORT_LIMIT
    raw = request.get_data(cache=False)
    if not raw:
        return errors([Problem("", gettext("the body must be a backup of plays (JSON)"))], 400)
    done = import_backup(group().id, raw)
    if done.limited:
        return limiting.refused_json(done.limited, "", done.message)
    if done.stopped:
        return retry_after(errors([Problem("", done.message)], 503), done.retry_after)
    if done.problems:
        return errors([Problem(p.loc, language.say(p.msg)) for p in done.problems])
    return jsonify(imported=done.added, skipped=done.skipped), 201
