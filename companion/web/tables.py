"""A table's pages: the table itself, its live fragment, entries, undo and corrections, its QR code."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

import segno
from flask import Blueprint, Response, abort, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from jinja2_fragments.flask import render_block
from pydantic import ValidationError

from companion.storage.log import CORRECT, UNDO, Standing
from companion.storage.store import TableRow, tables

from .. import colours, groups
from ..games import Problem
from ..schemas import EntryForm, validation_problems
from ..tables import clock as clock
from ..tables.replay import mended_by, undoable
from ..tables.sealing import untouchable
from . import colour_words, language, phone, public_root, store, writes
from . import table_changes as changes
from . import table_context as ctx
from .codes import qr_address
from .render import is_htmx, page
from .table_view import Conflict, Failed, TableView

bp = Blueprint("tables", __name__)

ANONYMOUS = "Someone"


@bp.app_template_filter("author")
def author(name: str, players: list[str]) -> str:
    """Who made an entry, as a page names them: a phone that is none of the players is "Someone" in the reader's
    language (what is stored stays "Someone")."""
    return gettext("Someone") if name == ANONYMOUS and name not in players else name


@bp.app_template_filter("clock_time")
def clock_time(seconds: int) -> str:
    """Seconds as the play timer shows them (7:05, 1:02:09)."""
    return clock.shown(seconds)


@bp.get("/t/<token>")
def show(token: str) -> ResponseReturnValue:
    return ctx.render(ctx.view(ctx.by_token(token)))


@bp.get("/v/<token>")
def watch(token: str) -> ResponseReturnValue:
    return ctx.render(ctx.view(ctx.by_viewer_token(token), editable=False))


@bp.get("/t/<token>/log")
def log(token: str) -> ResponseReturnValue:
    return _log(ctx.view(ctx.by_token(token), whole_log=True))


@bp.get("/v/<token>/log")
def watch_log(token: str) -> ResponseReturnValue:
    return _log(ctx.view(ctx.by_viewer_token(token), editable=False, whole_log=True))


def _log(view: TableView) -> ResponseReturnValue:
    """Every entry of the table, to read the whole game back or correct an early entry."""
    return page("table_log.html", view=view, game=view.game)


@bp.get("/t/<token>/live")
def live(token: str) -> ResponseReturnValue:
    return _live(token, editable=True)


@bp.get("/v/<token>/live")
def watch_live(token: str) -> ResponseReturnValue:
    return _live(token, editable=False)


WRITES = ["POST", "PUT", "PATCH", "DELETE"]


@bp.route("/v/<token>", methods=WRITES)
@bp.route("/v/<token>/<path:rest>", methods=WRITES)
def watch_only(token: str, rest: str = "") -> ResponseReturnValue:
    """The watch link of a table never changes it, whatever is sent to it."""
    ctx.by_viewer_token(token)
    message = gettext(
        "This is the table's watch-only link: it cannot change the table. Ask the table for its own link."
    )
    return message, 403, {"Content-Type": "text/plain; charset=utf-8"}


def _live(token: str, editable: bool) -> ResponseReturnValue:
    """The live fragment, or a bodiless 304 when the table has not changed since the version the phone has: its
    entries (the version) and its colours (changing one is no entry), both read by the poll's one query."""
    column = tables.c.token if editable else tables.c.viewer_token
    found = store().poll(column, token) or abort(404)
    table_id, _, seen = found
    etag = f"{table_id}-{seen}-{language.current()}"
    # An editor's fragment is this phone's own (its seat, its face-down cards), and a watch link is a secret too:
    # never kept by a shared cache, and always asked again, so an unchanged table still answers 304.
    headers = {"ETag": f'"{etag}"', "Cache-Control": "private, no-cache", "Vary": "HX-Request"}
    if request.args.get("v") == seen or etag in request.if_none_match:
        return Response(status=304, headers=headers)
    row = ctx.by_token(token) if editable else ctx.by_viewer_token(token)
    return Response(_fragment(ctx.view(row, editable)), headers=headers)


def _fragment(view: TableView) -> bytes:
    return render_block(view.rules.template, "live", view=view, game=view.game).encode()


HIDDEN = ("csrf_token", "kind", "form", "step", "version", "entry_id")  # what a form says about itself


@bp.post("/t/<token>/entries")
def enter(token: str) -> ResponseReturnValue:
    row = ctx.by_token(token)
    kind_name = request.form.get("kind", "")
    form_key = request.form.get("form", kind_name)
    values = {k: v for k, v in request.form.items() if k not in HIDDEN}
    if _already_entered(row):
        return _done(row)
    view = ctx.view(row)
    form = view.rules.forms.get(kind_name) or abort(400)
    if view.asks_seat:
        return _unseated(row)
    # asked before the form is read, so that a phone whose step was recorded meanwhile sees both entries
    if taken := writes.step_taken(view, kind_name, request.form.get("step", "")):
        return _conflict(row, Conflict(*taken, changes.in_words(view, kind_name, form, values), values))
    failed = Failed(form_key, values)
    if view.broken and view.broken.kind != kind_name:
        return _refuse_broken(row, view, failed)
    try:
        payload = form.model_validate(values).to_payload()
    except ValidationError as exc:
        return _refuse(row, replace(failed, errors=_located(validation_problems(exc))))
    if view.broken:
        return _mend(row, view, kind_name, payload, failed)
    return _answer(row, writes.write(view, _sent(row, kind_name, payload)), failed, form)


def _refuse_broken(row: TableRow, view: TableView, failed: Failed) -> ResponseReturnValue:
    seq = view.broken.seq if view.broken else 0
    message = gettext("That entry was not saved: entry #%(seq)s cannot be replayed, undo or correct it first.", seq=seq)
    return ctx.render(ctx.view(row, failed=failed, message=message), 422)


def _mend(row: TableRow, view: TableView, kind: str, payload: dict[str, Any], failed: Failed) -> ResponseReturnValue:
    """An entry sent for the same share as the broken one (its card, filled in again) is a correction of it."""
    target = mended_by(view.rules, view.checked, kind, payload)
    if target is None or untouchable(view.checked.seal, view.checked.log, phone.known(), target):
        return _refuse_broken(row, view, failed)
    sent = _sent(row, CORRECT, {"target": target, "payload": payload})
    return _answer(row, writes.write(view, sent), failed, view.rules.forms[kind])


def _located(problems: list[Problem], form: type[EntryForm] | None = None) -> dict[str, str]:
    """Problems by the form field they belong to (`form` maps a canonical payload's locations onto its fields);
    several at one field are all shown there, so fixing one never uncovers another."""
    located: dict[str, str] = {}
    for p in problems:
        field = (form.field_of(p.loc) if form and p.loc else p.loc) or "form"
        said = language.say(p.msg)
        located[field] = f"{located[field]} {said}" if field in located else said
    return located


def _conflict(row: TableRow, conflict: Conflict) -> ResponseReturnValue:
    """A form made for a step another phone recorded first: never a second recording of it. The phone is shown
    both, and may send its own as a correction of the recorded entry."""
    return ctx.render(ctx.view(row, conflict=conflict), 409)


def _refuse(row: TableRow, failed: Failed) -> ResponseReturnValue:
    return ctx.render(
        ctx.view(row, failed=failed, message=gettext("That entry was not saved: see what to fix below.")), 422
    )


def _sent(row: TableRow, kind: str, payload: dict[str, Any]) -> writes.Sent:
    """The entry with what the form says about itself (the version it was made from, its id) and who wrote it."""
    try:
        based_on = int(request.form.get("version", ""))
    except ValueError:
        abort(400)
    if not 0 <= based_on < 2**63 - 1:  # a version the table cannot have (the next one must fit the log's integer)
        abort(400)
    entry_id = request.form.get("entry_id", "")[:64] or abort(400)
    if "\x00" in entry_id:  # no id a client makes holds a NUL byte
        abort(400)
    author = ctx.seat(row) or ANONYMOUS  # every caller asked the phone for its seat first
    return writes.Sent(kind, payload, entry_id, based_on, author, phone_id=phone.this())


def _answer(
    row: TableRow, outcome: writes.Outcome, failed: Failed | None, form: type[EntryForm] | None = None
) -> ResponseReturnValue:
    """The page after a write: the table as it is now, or what stopped the entry (a part refused in `form`)."""
    match outcome:
        case writes.Written():
            return _done(row)
        case writes.Stale(latest=latest):
            row = ctx.fresh(row)
            return ctx.render(ctx.view(row, failed=failed, message=changes.stale_message(row, latest)), 409)
        case writes.Sealed(problem=problem):
            errors = {"form": language.say(problem.msg)}
        case writes.Refused(problems=problems):
            errors = _located(problems, form)
        case _:  # a page names no step to the write: it asked for its step before
            raise AssertionError(outcome)
    return _refuse(row, replace(failed or Failed("", {}), errors=errors))


def _unseated(row: TableRow) -> ResponseReturnValue:
    """An entry from a phone that never said who it is at the table (a page of before, or no JavaScript): nothing
    is stored, and the phone is asked, so that nothing is credited to "Someone" by accident."""
    message = gettext(
        "That entry was not saved: first say who you are at this table (or none of them), then enter it again."
    )
    return ctx.render(ctx.view(row, message=message), 422)


def _already_entered(row: TableRow) -> bool:
    """A double tap or a retried request: the entry id was stored already."""
    return writes.landed(row.id, request.form.get("entry_id", "")[:64]) is not None


def _done(row: TableRow) -> ResponseReturnValue:
    if is_htmx():
        return ctx.render(ctx.view(ctx.fresh(row)))
    return redirect(url_for("tables.show", token=row.token), 303)


@bp.post("/t/<token>/undo")
def undo(token: str) -> ResponseReturnValue:
    row = ctx.by_token(token)
    if _already_entered(row):
        return _done(row)
    view = ctx.view(row)
    target = next((seq for seq in undoable(view.checked) if str(seq) == request.form.get("target", "")), None)
    if target is None:
        return ctx.render(
            ctx.view(row, message=gettext("Nothing to undo there: the table changed. Here is the new state.")), 409
        )
    if view.asks_seat:
        return _unseated(row)
    if sealed := untouchable(view.checked.seal, view.checked.log, phone.known(), target):
        why = language.say(sealed.msg)
        message = gettext("Nothing was undone. %(why)s.", why=f"{why[:1].upper()}{why[1:]}")
        return ctx.render(ctx.view(row, message=message), 409)
    return _answer(row, writes.write(view, _sent(row, UNDO, {"target": target})), None)


@bp.post("/t/<token>/clock")
def clock_entry(token: str) -> ResponseReturnValue:
    """Start, pause or resume the table's play timer: an entry of its log like any other (undone the same way)."""
    row = ctx.by_token(token)
    if _already_entered(row):
        return _done(row)
    action = request.form.get("action", "")
    if action not in clock.ACTIONS:
        abort(400)  # the button says which; nothing a person types
    view = ctx.view(row)
    if view.asks_seat:
        return _unseated(row)
    return _answer(row, writes.write(view, _sent(row, clock.CLOCK, {"action": action})), Failed("clock", {}))


def _counting(view: TableView, seq: int) -> Standing:
    """The active entry `seq` (one that counts, or the broken one), or 404 (for a part sealed from this phone too:
    only the phone that entered it may correct it before the reveal)."""
    found = next((s for s in view.log if s.seq == seq and s.active and s.kind in view.rules.forms), None)
    return found if found is not None and not view.sealed(found) else abort(404)


@bp.get("/t/<token>/entries/<int:seq>/edit")
def edit(token: str, seq: int) -> ResponseReturnValue:
    row = ctx.by_token(token)
    view = ctx.view(row)
    entry = _counting(view, seq)
    try:
        values = view.rules.forms[entry.kind].values_of(entry.payload)
    except (KeyError, TypeError, ValueError, AttributeError):
        values = {}  # a damaged entry: its form starts empty
    broken = view.broken if view.broken and view.broken.seq == seq else None
    errors = _located(list(broken.problems), view.rules.forms[entry.kind]) if broken else {}
    failed = Failed("correct", {k: "" if v is None else str(v) for k, v in values.items()}, errors)
    return page("table_edit.html", view=replace(view, failed=failed), entry=entry, game=view.game)


@bp.post("/t/<token>/entries/<int:seq>/edit")
def correct(token: str, seq: int) -> ResponseReturnValue:
    row = ctx.by_token(token)
    if _already_entered(row):
        return _done(row)
    view = ctx.view(row)
    entry = _counting(view, seq)
    if view.asks_seat:
        return _unseated(row)
    form = view.rules.forms[entry.kind]
    values = {k: v for k, v in request.form.items() if k not in HIDDEN}
    try:
        payload = form.model_validate(values).to_payload()
    except ValidationError as exc:
        return _refuse_correction(view, entry, Failed("correct", values, _located(validation_problems(exc))))
    outcome = writes.write(view, _sent(row, CORRECT, {"target": seq, "payload": payload}))
    if isinstance(outcome, writes.Refused):
        return _refuse_correction(view, entry, Failed("correct", values, _located(outcome.problems, form)))
    return _answer(row, outcome, None)


def _refuse_correction(view: TableView, entry: Standing, failed: Failed) -> ResponseReturnValue:
    return page("table_edit.html", status=422, view=replace(view, failed=failed), entry=entry, game=view.game)


@bp.post("/t/<token>/me")
def me(token: str) -> ResponseReturnValue:
    """Who this phone is at the table: one of its players, or "" for none of them. Its entries are credited to it."""
    row = ctx.by_token(token)
    name = request.form.get("who", "")
    if name and name not in row.setup["players"]:
        message = gettext("Nobody called %(name)s plays at this table: tap one of its players' names.", name=name[:40])
        return ctx.render(ctx.view(row, message=message), 422)
    groups.take_seat(store(), row.id, phone.this(), name)
    return redirect(url_for("tables.show", token=row.token), 303)


@bp.post("/t/<token>/colours")
def colour(token: str) -> ResponseReturnValue:
    """A player's colour: one of the palette; whoever had it takes the player's old one, so all stay different."""
    row = ctx.by_token(token)
    view = ctx.view(row)
    try:
        player, key = request.form.get("player", ""), request.form.get("colour", "")
        chosen = colours.change(view.colours, player, key)
    except colours.ColourError:
        why = colour_words.refusal(view.colours, player, key)
        return ctx.render(replace(view, message=gettext("That colour was not changed. %(why)s", why=why)), 422)
    store().set_colours(row.id, chosen)
    return redirect(url_for("tables.show", token=row.token) + "#colours", 303)


@bp.get("/t/<token>/qr.svg")
def qr(token: str) -> Response:
    row = ctx.by_token(token)
    path = f"/v/{row.viewer_token}" if request.args.get("for") == "view" else qr_address(row)
    out = io.BytesIO()
    segno.make(public_root() + path, error="m").save(out, kind="svg", scale=6, border=2)
    response = Response(out.getvalue(), mimetype="image/svg+xml")
    return response
