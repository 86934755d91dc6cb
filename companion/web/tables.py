"""A table's pages: the table itself, its live fragment, entries, undo and corrections, its QR code."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

import segno
from flask import Blueprint, Response, abort, redirect, request, url_for
from flask.typing import ResponseReturnValue
from jinja2_fragments.flask import render_block
from pydantic import ValidationError

from .. import colours, groups, plays
from ..games.base import Problem, RuleError
from ..log import CORRECT, UNDO, Standing
from ..rows import EntryRow
from ..schemas import EntryForm, validation_problems
from ..store import StaleWrite, TableRow, tables
from ..tables.replay import check_correction, check_entry, undoable
from ..tables.sealing import refusal, untouchable
from . import part_writes, phone, public_root, store
from . import table_changes as changes
from . import table_context as ctx
from .codes import qr_address
from .lfg_heroes import keep_entered
from .render import is_htmx, page
from .table_view import Conflict, Failed, TableView

bp = Blueprint("tables", __name__)

ANONYMOUS = "Someone"


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
    message = "This is the table's watch-only link: it cannot change the table. Ask the table for its own link."
    return message, 403, {"Content-Type": "text/plain; charset=utf-8"}


def _live(token: str, editable: bool) -> ResponseReturnValue:
    """The live fragment, or a bodiless 304 when the table has not changed since the version the phone has: its
    entries (the version) and its colours (changing one is no entry), both read by the poll's one query."""
    column = tables.c.token if editable else tables.c.viewer_token
    found = store().poll(column, token) or abort(404)
    table_id, _, seen = found
    etag = f"{table_id}-{seen}"
    # An editor's fragment is this phone's own (its seat, its face-down cards), and a watch link is a secret too:
    # never kept by a shared cache, and always asked again, so an unchanged table still answers 304.
    headers = {"ETag": f'"{etag}"', "Cache-Control": "private, no-cache", "Vary": "HX-Request"}
    if request.args.get("v") == seen or etag in request.if_none_match:
        return Response(status=304, headers=headers)
    row = ctx.by_token(token) if editable else ctx.by_viewer_token(token)
    return Response(_fragment(ctx.view(row, editable)), headers=headers)


def _fragment(view: TableView) -> bytes:
    return render_block(view.kind.template, "live", view=view, game=view.game).encode()


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
    form = view.kind.forms.get(kind_name) or abort(400)
    if view.asks_seat:
        return _unseated(row)
    if taken := view.recorded_steps.get(request.form.get("step", "")):
        return _conflict(row, Conflict(*taken, changes.in_words(view, kind_name, form, values), values))
    if view.broken:
        message = f"That entry was not saved: entry #{view.broken.seq} cannot be replayed, undo or correct it first."
        return ctx.render(ctx.view(row, failed=Failed(form_key, values), message=message), 422)
    try:
        payload = form.model_validate(values).to_payload()
    except ValidationError as exc:
        return _refuse(row, Failed(form_key, values, _located(validation_problems(exc))))
    try:
        payload = check_entry(view.kind, row.setup, view.checked, kind_name, payload)
    except (ValidationError, RuleError) as exc:
        return _refuse(row, Failed(form_key, values, _located(_problems(exc), form)))
    if sealed := refusal(view.checked.seal, view.checked.log, phone.known(), view.kind.part(kind_name, payload)):
        return _refuse(row, Failed(form_key, values, {"form": sealed.msg}))
    return _append(row, kind_name, payload, view.kind.entries[kind_name].version, Failed(form_key, values))


def _problems(exc: ValidationError | RuleError) -> list[Problem]:
    return validation_problems(exc) if isinstance(exc, ValidationError) else list(exc.problems)


def _located(problems: list[Problem], form: type[EntryForm] | None = None) -> dict[str, str]:
    """Problems by the form field they belong to (`form` maps a canonical payload's locations onto its fields);
    several at one field are all shown there, so fixing one never uncovers another."""
    located: dict[str, str] = {}
    for p in problems:
        field = (form.field_of(p.loc) if form and p.loc else p.loc) or "form"
        located[field] = f"{located[field]} {p.msg}" if field in located else p.msg
    return located


def _conflict(row: TableRow, conflict: Conflict) -> ResponseReturnValue:
    """A form made for a step another phone recorded first: never a second recording of it. The phone is shown
    both, and may send its own as a correction of the recorded entry."""
    return ctx.render(ctx.view(row, conflict=conflict), 409)


def _refuse(row: TableRow, failed: Failed) -> ResponseReturnValue:
    return ctx.render(ctx.view(row, failed=failed, message="That entry was not saved: see what to fix below."), 422)


def write_entry(
    row: TableRow,
    based_on: int,
    entry_id: str,
    kind: str,
    payload: dict[str, Any],
    version: int,
    author: str,
    phone_id: int | None = None,
) -> tuple[EntryRow, bool]:
    """Store one checked entry (pages and the table API both write through here, the pages with the phone that
    wrote it); raises StaleWrite."""
    entry, created = part_writes.append(row, based_on, entry_id, kind, payload, version, author, phone_id)
    if created:
        plays.record(store(), row)
        keep_entered(row, kind, payload)
    return entry, created


def _append(
    row: TableRow, kind: str, payload: dict[str, Any], version: int, failed: Failed | None
) -> ResponseReturnValue:
    try:
        based_on = int(request.form.get("version", ""))
    except ValueError:
        abort(400)
    if not 0 <= based_on < 2**63 - 1:  # a version the table cannot have (the next one must fit the log's integer)
        abort(400)
    entry_id = request.form.get("entry_id", "")[:64] or abort(400)
    if "\x00" in entry_id:  # no id a client makes holds a NUL byte
        abort(400)
    author = ctx.seat(row)
    if author is None:
        return _unseated(row)
    try:
        write_entry(row, based_on, entry_id, kind, payload, version, author or ANONYMOUS, phone.this())
    except StaleWrite as stale:
        row = ctx.fresh(row)
        return ctx.render(ctx.view(row, failed=failed, message=changes.stale_message(row, stale)), 409)
    return _done(row)


def _unseated(row: TableRow) -> ResponseReturnValue:
    """An entry from a phone that never said who it is at the table (a page of before, or no JavaScript): nothing
    is stored, and the phone is asked, so that nothing is credited to "Someone" by accident."""
    message = "That entry was not saved: first say who you are at this table (or none of them), then enter it again."
    return ctx.render(ctx.view(row, message=message), 422)


def _already_entered(row: TableRow) -> bool:
    """A double tap or a retried request: the entry id was stored already."""
    return store().find(row.id, request.form.get("entry_id", "")[:64]) is not None


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
            ctx.view(row, message="Nothing to undo there: the table changed. Here is the new state."), 409
        )
    if view.asks_seat:
        return _unseated(row)
    if sealed := untouchable(view.checked.seal, view.checked.log, phone.known(), target):
        return ctx.render(ctx.view(row, message=f"Nothing was undone. {sealed.msg[:1].upper()}{sealed.msg[1:]}."), 409)
    return _append(row, UNDO, {"target": target}, 1, None)


def _counting(view: TableView, seq: int) -> Standing:
    """The active entry `seq` (one that counts, or the broken one), or 404 (for a part sealed from this phone too:
    only the phone that entered it may correct it before the reveal)."""
    found = next((s for s in view.log if s.seq == seq and s.active and s.kind in view.kind.forms), None)
    return found if found is not None and not view.sealed(found) else abort(404)


@bp.get("/t/<token>/entries/<int:seq>/edit")
def edit(token: str, seq: int) -> ResponseReturnValue:
    row = ctx.by_token(token)
    view = ctx.view(row)
    entry = _counting(view, seq)
    try:
        values = view.kind.forms[entry.kind].values_of(entry.payload)
    except (KeyError, TypeError, ValueError, AttributeError):
        values = {}  # a damaged entry: its form starts empty
    failed = Failed("correct", {k: "" if v is None else str(v) for k, v in values.items()})
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
    form = view.kind.forms[entry.kind]
    values = {k: v for k, v in request.form.items() if k not in HIDDEN}
    try:
        payload = form.model_validate(values).to_payload()
    except ValidationError as exc:
        return _refuse_correction(view, entry, Failed("correct", values, _located(validation_problems(exc))))
    try:
        _, payload = check_correction(view.kind, row.setup, view.checked, seq, payload)
    except (ValidationError, RuleError) as exc:
        return _refuse_correction(view, entry, Failed("correct", values, _located(_problems(exc), form)))
    version = view.kind.entries[entry.kind].version
    return _append(row, CORRECT, {"target": seq, "kind": entry.kind, "payload": payload}, version, None)


def _refuse_correction(view: TableView, entry: Standing, failed: Failed) -> ResponseReturnValue:
    return page("table_edit.html", status=422, view=replace(view, failed=failed), entry=entry, game=view.game)


@bp.post("/t/<token>/me")
def me(token: str) -> ResponseReturnValue:
    """Who this phone is at the table: one of its players, or "" for none of them. Its entries are credited to it."""
    row = ctx.by_token(token)
    name = request.form.get("who", "")
    if name and name not in row.setup["players"]:
        message = f"Nobody called {name[:40]} plays at this table: tap one of its players' names."
        return ctx.render(ctx.view(row, message=message), 422)
    groups.take_seat(store(), row.id, phone.this(), name)
    return redirect(url_for("tables.show", token=row.token), 303)


@bp.post("/t/<token>/colours")
def colour(token: str) -> ResponseReturnValue:
    """A player's colour: one of the palette; whoever had it takes the player's old one, so all stay different."""
    row = ctx.by_token(token)
    view = ctx.view(row)
    try:
        chosen = colours.change(view.colours, request.form.get("player", ""), request.form.get("colour", ""))
    except colours.ColourError as exc:
        return ctx.render(replace(view, message=f"That colour was not changed. {exc}"), 422)
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
