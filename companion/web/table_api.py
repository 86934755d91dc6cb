"""The table API: start a table, read it (log, state, result), and append entries, undo and corrections to it,
through the same checks and the same writes as the table pages. A watch token reads and never writes."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, jsonify, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from pydantic import Field, ValidationError

from companion.storage.log import CORRECT, UNDO, Standing, target_of
from companion.storage.rows import EntryRow
from companion.storage.store import TableRow

from .. import colours, groups, replays
from ..games import Problem, RuleError
from ..groups import GroupRow
from ..jsonable import jsonable
from ..schemas import StrictModel, result_json, validation_problems
from ..specs import table_rules
from ..tables import Step
from ..tables.replay import Replayed, for_reader, replay
from . import language, limiting, store, writes
from .api_json import BadBody, errors, read_body
from .codes import join_code
from .csrf import csrf
from .table_setup import setup_for
from .table_view import TableView, view_of

bp = Blueprint("table_api", __name__, url_prefix="/api/v1/tables")
csrf.exempt(bp)

GROUP_HEADER = "X-Group-Token"


class NewTableIn(StrictModel):
    game: str = Field(
        max_length=40, description="the game's slug, as in its calculator's address (`/api/v1/<slug>/...`)"
    )
    players: list[str] = Field(min_length=1, max_length=10, description="the players' names, 1 to 40 characters")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's table options, if it has any")
    group: str | None = Field(
        None,
        min_length=1,
        max_length=64,
        description="the token of the group the table goes into (its link is `/g/<token>`); the `X-Group-Token` "
        "header may carry it instead. Without one, a new group is made and its link answered in `group`",
    )


class EntryIn(StrictModel):
    kind: str = Field(
        min_length=1, max_length=40, description="an entry kind of the game, or `undo`, `correct` or `clock`"
    )
    payload: dict[str, Any] = Field(description="the kind's canonical payload (see the `*Payload` schemas)")
    entry_id: str = Field(min_length=1, max_length=64, description="made by the client: the same id lands once")
    base_version: int = Field(ge=0, le=writes.MAX_VERSION, description="the table version the client saw")
    author: str = Field("API", min_length=1, max_length=40, description="who entered it, as the log shows it")
    step: str | None = Field(
        None,
        max_length=80,
        description="the step the entry records, as the table pages name it (`round:2`, `line:Ann:1`): a step "
        "already recorded is a 409 naming the entry that recorded it (in `recorded`), and nothing is stored; a step "
        "this entry does not fill on the table as it is now is a 422 (or the stale-version 409 when `base_version` "
        "is old). Left out, the entry is checked against `base_version` alone",
    )


@bp.post("")
def create() -> ResponseReturnValue:
    try:
        body = NewTableIn.model_validate(read_body())
    except BadBody as exc:
        return errors([Problem("", str(exc))], exc.status)
    except ValidationError as exc:
        return errors(validation_problems(exc))
    group, problems = _asked_group(body.group)
    new = setup_for(body.game, body.players, body.options, "options", group.id if group else None)
    if problems or new.setup is None:
        return errors([*problems, *new.problems])
    if (made := limiting.take("new_table", group.id if group else None)).refused:
        said = gettext("too many tables started from here: %(wait)s", wait=limiting.wait_words(made))
        return limiting.refused_json(made, "", said)
    named = language.say(groups.name_for(new.setup["players"]))
    row = store().create_table(body.game, new.setup, group.id if group else None, named)
    if group is None:
        limiting.count_new_group("new_table", row.group_id)
    return jsonify(_links(row, editor=True, group=group or groups.by_id(store(), row.group_id))), 201


def _asked_group(field: str | None) -> tuple[GroupRow | None, list[Problem]]:
    """The group the body's `group` or the X-Group-Token header names; none when neither does (a new group is
    made for the table)."""
    header = request.headers.get(GROUP_HEADER, "").strip() or None
    if field and header and field != header:
        said = gettext("the group field and the %(header)s header name different groups", header=GROUP_HEADER)
        return None, [Problem("group", said)]
    token = field or header
    if token is None:
        return None, []
    found = groups.by_token(store(), token[:64])
    if found is None:
        return None, [
            Problem("group", gettext("no group has this token: send the token at the end of the group's link"))
        ]
    return found, []


def _links(row: TableRow, editor: bool, group: GroupRow | None = None) -> dict[str, Any]:
    """The table's links: the watch link; with the editor's, its join code and its group's link (given only to
    whoever started the table, or where the group offers its link at its tables)."""
    links: dict[str, Any] = {"watch": url_for("tables.watch", token=row.viewer_token)}
    if editor:
        link = url_for("groups.show", token=group.token) if group else None
        links |= {"edit": url_for("tables.show", token=row.token), "code": row.code, "group": link}
        links["code_until"] = iso(join_code(row).until)
    return links


def _shared_group(row: TableRow) -> GroupRow | None:
    """The table's group when it offers its link at its tables (as the table page does)."""
    found = groups.by_id(store(), row.group_id)
    return found if found and found.share_invite else None


def _find(token: str) -> tuple[TableRow, bool] | None:
    """The table and whether the token is its editor token."""
    found = None
    if row := store().by_token(token):
        found = row, True
    elif row := store().by_viewer_token(token):
        found = row, False
    if found:
        language.for_game(found[0].game)
    return found


def _not_found() -> ResponseReturnValue:
    return errors([Problem("token", "no table has this token")], 404)


@bp.get("/<token>")
def read(token: str) -> ResponseReturnValue:
    found = _find(token)
    if found is None:
        return _not_found()
    row, editor = found
    rows = store().entries(row.id)
    return jsonify(table_json(row, rows, editor))


def table_json(row: TableRow, rows: list[EntryRow], editor: bool) -> dict[str, Any]:
    """A table as the API shows it: players, every entry with its canonical payload, state, result, version. A
    sealed part reads `"payload": null, "sealed": true`, and nothing worked out from it is in the state or result."""
    rules = table_rules()[row.game]
    replayed = sealed(rules, row.setup, rows)
    return {
        "game": row.game,
        "players": list(row.setup["players"]),
        "colours": {
            player: {"key": c.key, "name": c.name, "hex": c.hex}
            for player, c in colours.of_table(row.setup["players"], row.colours).items()
        },
        "options": rules.shown_setup(row.setup).get("options", {}),
        "version": rows[-1].seq if rows else 0,
        "entries": _entries(rows, replayed),
        "state": _state(replayed),
        "result": _result(rules, replayed),
        "finished": bool(rules.finished(replayed.state)),
        "broken": jsonable(replayed.broken),
        "clock": _clock(replayed),
        **_links(row, editor, _shared_group(row) if editor else None),
    }


def sealed(rules: Any, setup: dict[str, Any], rows: list[EntryRow]) -> Replayed:
    """The table as a reader with no phone sees it: every sealed part left out."""
    return for_reader(rules, setup, replay(rules, setup, rows), None)


def _state(replayed: Replayed) -> Any:
    """The state, and for a game that seals parts the step being chosen face down (who is in, who is not)."""
    state = jsonable(replayed.state)
    if isinstance(state, dict) and replayed.seal.step is not None:
        state["sealed"] = replayed.seal.step.as_json()
    return state


def _entries(rows: list[EntryRow], replayed: Replayed) -> list[dict[str, Any]]:
    """Every stored row in order; game entries with their payload brought up to date, undo and correct as they
    were sent, each game entry saying which row undid or corrected it. A sealed entry, and a correction of one,
    has no payload."""
    standing = {s.seq: s for s in replayed.entries}
    undone: dict[int, int] = {}
    corrected: dict[int, int] = {}
    for row in rows:
        target = target_of(row)
        if target is not None and row.kind == UNDO:
            undone.setdefault(target, row.seq)
        elif target is not None:
            corrected[target] = row.seq
    out = []
    for row in rows:
        entry = standing.get(row.seq)
        fresh = entry is not None and entry.corrected_by is None
        payload, version = (entry.payload, entry.version) if fresh and entry else (row.payload, row.version)
        named = target_of(row) if row.kind == CORRECT else row.seq
        hidden = named in replayed.hidden
        out.append(
            {
                "seq": row.seq,
                "kind": row.kind,
                "version": version,
                "payload": None if hidden else payload,
                "sealed": hidden,
                "entry_id": row.entry_id,
                "author": row.author,
                "at": iso(row.at),
                "undone_by": undone.get(row.seq),
                "corrected_by": corrected.get(row.seq),
            }
        )
    return out


def _clock(replayed: Replayed) -> dict[str, Any]:
    """The play timer: whether it was started, runs or is paused, and the seconds it ran up to now (stopped at the
    entry that finished the game)."""
    clock = replayed.clock
    played = clock.played_s(datetime.now(UTC))
    return {"started": clock.used, "running": clock.running, "paused": clock.paused, "played_s": played}


def _result(rules: Any, replayed: Replayed) -> dict[str, Any] | None:
    try:
        return result_json(rules.result(replayed.state))
    except RuleError:
        return None


@bp.post("/<token>/entries")
def append(token: str) -> ResponseReturnValue:
    found = _find(token)
    if found is None:
        return _not_found()
    row, editor = found
    if not editor:
        return errors([Problem("token", "this is the table's watch link: it reads and never writes")], 403)
    try:
        entry = EntryIn.model_validate(read_body())
    except BadBody as exc:
        return errors([Problem("", str(exc))], exc.status)
    except ValidationError as exc:
        return errors(validation_problems(exc))
    if stored := writes.landed(row.id, entry.entry_id):
        return _written(row, stored)
    view = view_of(row, *replays.replayed(store(), row), editable=True, base=f"/t/{row.token}")
    sent = writes.Sent(entry.kind, entry.payload, entry.entry_id, entry.base_version, entry.author, entry.step)
    return _answer(row, entry.base_version, view, writes.write(view, sent))


def _answer(row: TableRow, base: int, view: TableView, outcome: writes.Outcome) -> ResponseReturnValue:
    """The write's outcome as the API answers it; problems in what was sent are located in its payload."""
    match outcome:
        case writes.Written(entry=stored):
            return _written(row, stored)
        case writes.Taken(step=step, theirs=theirs):
            return _step_taken(row, base, view, step, theirs)
        case writes.Stale(version=version):
            return _stale(row, base, version)
        case writes.Sealed(problem=problem):  # a sealed part is changed only by the phone that entered it
            return errors([Problem("kind", problem.msg)])
        case writes.OffStep(problem=problem):
            return errors([problem])
        case writes.Refused(problems=problems, shape=True):
            return errors([_under("payload", p) for p in problems])
        case writes.Refused(problems=problems):
            return errors([p if p.loc == "kind" or _elsewhere(p) else _under("payload", p) for p in problems])
    raise AssertionError(outcome)


def _elsewhere(problem: Problem) -> bool:
    """A problem that lies in an earlier entry of the table ("entry-<seq>"), not in what was sent."""
    return problem.loc.startswith("entry-")


def _under(prefix: str, problem: Problem) -> Problem:
    return Problem(f"{prefix}.{problem.loc}" if problem.loc else prefix, problem.msg)


def _step_taken(row: TableRow, base: int, view: TableView, step: Step, theirs: Standing) -> ResponseReturnValue:
    """A step another client recorded first: never a second recording. The answer names the entry that recorded
    it, for the client to keep it or replace it with a correction of its seq."""
    msg = gettext(
        "%(step)s was already recorded by %(author)s: %(entry)s. Nothing was stored: keep it, or send a `correct` "
        "entry with target %(seq)s to replace it",
        step=language.say(step.label),
        author=theirs.author,
        entry=view.describe(theirs),
        seq=theirs.seq,
    )
    recorded = {"seq": theirs.seq, "kind": theirs.kind, "version": theirs.version, "payload": theirs.payload}
    recorded |= {"author": theirs.author, "at": iso(theirs.at), "step": {"key": step.key, "label": step.label}}
    return _conflict(row, base, view.version, Problem("step", msg), recorded=recorded)


def _written(row: TableRow, stored: EntryRow) -> ResponseReturnValue:
    """The answer to a write, the same for its first landing and any repeat of its entry id."""
    entry = {"seq": stored.seq, "kind": stored.kind, "version": stored.version, "payload": stored.payload}
    entry |= {"entry_id": stored.entry_id, "author": stored.author, "at": iso(stored.at)}
    return jsonify({"version": stored.seq, "entry": entry}), 201


def iso(moment: datetime) -> str:
    """A stored time in UTC, ISO 8601 (SQLite hands times back without their zone)."""
    return (moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)).isoformat()


def _stale(row: TableRow, base: int, version: int) -> ResponseReturnValue:
    problem = Problem(
        "base_version",
        gettext("the table is at version %(version)s: read what changed and send again", version=version),
    )
    return _conflict(row, base, version, problem)


def _conflict(row: TableRow, base: int, version: int, problem: Problem, **extra: Any) -> ResponseReturnValue:
    """A 409: what stands in the way, the table's version, and every entry since `base` (what the client has not
    seen yet)."""
    rows = store().entries(row.id)
    since = [e for e in _entries(rows, sealed(table_rules()[row.game], row.setup, rows)) if e["seq"] > base]
    body = {"errors": [{"loc": problem.loc, "msg": problem.msg}], "version": version, "since": since, **extra}
    return jsonify(body), 409
