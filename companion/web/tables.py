"""A table's pages: the table itself, its live fragment, entries, undo and corrections, its QR code."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

import segno
from flask import Blueprint, Response, abort, redirect, request, session, url_for
from flask.typing import ResponseReturnValue
from jinja2_fragments.flask import render_block
from pydantic import ValidationError

from ..games.base import RuleError
from ..log import CORRECT, UNDO, Standing, standing
from ..schemas import validation_problems
from ..store import StaleWrite, TableRow, now, tables
from . import store
from .render import is_htmx, page
from .table_view import Failed, TableView, build

bp = Blueprint("tables", __name__)

ANONYMOUS = "Someone"


def _table(token: str) -> TableRow:
    return store().by_token(token) or abort(404)


def _viewer(token: str) -> TableRow:
    return store().by_viewer_token(token) or abort(404)


def _view(row: TableRow, editable: bool = True, **extra: Any) -> TableView:
    base = f"/t/{row.token}" if editable else f"/v/{row.viewer_token}"
    who = session.get("who", {}).get(row.token) if editable else None
    return build(row, store().entries(row.id), editable=editable, base=base, who=who, **extra)


def _render(view: TableView, status: int = 200) -> ResponseReturnValue:
    return page(view.kind.template, block="live", status=status, view=view, game=view.game)


@bp.get("/t/<token>")
def show(token: str) -> ResponseReturnValue:
    return _render(_view(_table(token)))


@bp.get("/v/<token>")
def watch(token: str) -> ResponseReturnValue:
    return _render(_view(_viewer(token), editable=False))


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
    _viewer(token)
    message = "This is the table's watch-only link: it cannot change the table. Ask the table for its own link."
    return message, 403, {"Content-Type": "text/plain; charset=utf-8"}


def _live(token: str, editable: bool) -> ResponseReturnValue:
    """The live fragment, or a bodiless 304 when the table has not changed since the version the phone has."""
    column = tables.c.token if editable else tables.c.viewer_token
    found = store().versions(column, token) or abort(404)
    table_id, version = found
    etag = f"{table_id}-{version}"
    if request.args.get("v") == str(version) or etag in request.if_none_match:
        response = Response(status=304)
    else:
        row = _table(token) if editable else _viewer(token)
        response = Response(_fragment(_view(row, editable)))
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add("HX-Request")
    return response


def _fragment(view: TableView) -> bytes:
    return render_block(view.kind.template, "live", view=view, game=view.game).encode()


@bp.post("/t/<token>/entries")
def enter(token: str) -> ResponseReturnValue:
    row = _table(token)
    kind_name = request.form.get("kind", "")
    form_key = request.form.get("form", kind_name)
    values = {k: v for k, v in request.form.items() if k not in ("csrf_token", "kind", "form", "version", "entry_id")}
    if _already_entered(row):
        return _done(row)
    view = _view(row)
    schema = view.kind.forms.get(kind_name) or abort(400)
    try:
        entry = schema.model_validate(values)
        payload = entry.model_dump(mode="json")
        view.kind.replay(row.setup, [*[s for s in view.log if s.active], _pending(kind_name, payload)])
    except ValidationError as exc:
        return _refuse(row, Failed(form_key, values, {p.loc: p.msg for p in validation_problems(exc)}))
    except RuleError as exc:
        return _refuse(row, Failed(form_key, values, {p.loc or "form": p.msg for p in exc.problems}))
    return _append(row, kind_name, payload, Failed(form_key, values))


def _pending(kind: str, payload: dict[str, Any]) -> Standing:
    return Standing(seq=-1, kind=kind, payload=payload, author="", at=now())


def _refuse(row: TableRow, failed: Failed) -> ResponseReturnValue:
    return _render(_view(row, failed=failed, message="That entry was not saved: see what to fix below."), 422)


def _append(row: TableRow, kind: str, payload: dict[str, Any], failed: Failed | None) -> ResponseReturnValue:
    try:
        based_on = int(request.form.get("version", ""))
    except ValueError:
        abort(400)
    if not 0 <= based_on < 2**63:  # a version the log's integer column cannot hold is no version at all
        abort(400)
    entry_id = request.form.get("entry_id", "")[:64] or abort(400)
    author = session.get("who", {}).get(row.token) or ANONYMOUS
    try:
        store().append(row.id, based_on, entry_id, kind, payload, author)
    except StaleWrite as stale:
        return _render(_view(row, failed=failed, message=_stale_message(row, stale)), 409)
    return _done(row)


def _already_entered(row: TableRow) -> bool:
    """A double tap or a retried request: the entry id was stored already."""
    return store().find(row.id, request.form.get("entry_id", "")[:64]) is not None


def _done(row: TableRow) -> ResponseReturnValue:
    if is_htmx():
        return _render(_view(row))
    return redirect(url_for("tables.show", token=row.token), 303)


def _stale_message(row: TableRow, stale: StaleWrite) -> str:
    view = _view(row)
    latest = stale.latest
    if latest is None:
        return "The table changed: here is the new state. Check your entry and tap again."
    if latest.kind == UNDO:
        what = "undid the last entry"
    elif latest.kind == CORRECT:
        what = "corrected " + view.kind.describe(latest.payload["kind"], latest.payload["payload"])
    else:
        what = "entered " + view.kind.describe(latest.kind, latest.payload)
    return f"{latest.author} just {what}. Here is the new state: check yours and tap again, nothing was saved twice."


@bp.post("/t/<token>/undo")
def undo(token: str) -> ResponseReturnValue:
    row = _table(token)
    if _already_entered(row):
        return _done(row)
    target = request.form.get("target", "")
    last = next((s for s in reversed(standing(store().entries(row.id))) if s.active), None)
    if last is None or str(last.seq) != target:
        return _render(_view(row, message="Nothing to undo there: the table changed. Here is the new state."), 409)
    return _append(row, UNDO, {"target": last.seq}, None)


@bp.get("/t/<token>/entries/<int:seq>/edit")
def edit(token: str, seq: int) -> ResponseReturnValue:
    row = _table(token)
    view = _view(row)
    entry = next((s for s in view.log if s.seq == seq and s.active), None) or abort(404)
    failed = Failed("correct", {k: str(v) for k, v in entry.payload.items()})
    return page("table_edit.html", view=replace(view, failed=failed), entry=entry, game=view.game)


@bp.post("/t/<token>/entries/<int:seq>/edit")
def correct(token: str, seq: int) -> ResponseReturnValue:
    row = _table(token)
    if _already_entered(row):
        return _done(row)
    view = _view(row)
    entry = next((s for s in view.log if s.seq == seq and s.active), None) or abort(404)
    values = {k: v for k, v in request.form.items() if k not in ("csrf_token", "version", "entry_id")}
    try:
        payload = view.kind.forms[entry.kind].model_validate(values).model_dump(mode="json")
        fixed = [_pending(s.kind, payload) if s.seq == seq else s for s in view.log if s.active]
        view.kind.replay(row.setup, fixed)
    except (ValidationError, RuleError) as exc:
        problems = validation_problems(exc) if isinstance(exc, ValidationError) else list(exc.problems)
        failed = Failed("correct", values, {p.loc or "form": p.msg for p in problems})
        return page("table_edit.html", status=422, view=replace(view, failed=failed), entry=entry, game=view.game)
    return _append(row, CORRECT, {"target": seq, "kind": entry.kind, "payload": payload}, None)


@bp.post("/t/<token>/me")
def me(token: str) -> ResponseReturnValue:
    row = _table(token)
    name = request.form.get("who", "")
    who = dict(session.get("who", {}))
    if name in row.setup["players"]:
        who[row.token] = name
    else:
        who.pop(row.token, None)
    session["who"] = who
    return redirect(url_for("tables.show", token=row.token), 303)


@bp.get("/t/<token>/qr.svg")
def qr(token: str) -> Response:
    row = _table(token)
    path = f"/v/{row.viewer_token}" if request.args.get("for") == "view" else f"/t/{row.token}"
    out = io.BytesIO()
    segno.make(request.host_url.rstrip("/") + path, error="m").save(out, kind="svg", scale=6, border=2)
    response = Response(out.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=86400"
    return response
