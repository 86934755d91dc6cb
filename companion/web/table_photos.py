"""Photos of a table: added from its editor link, shown on its table page only (never at its watch link)."""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, Response, current_app, redirect, url_for
from flask.typing import ResponseReturnValue

from companion.storage import photos as photo_rows
from companion.storage.store import TableRow

from . import photo_uploads, store
from . import table_context as ctx
from .csrf import csrf

bp = Blueprint("table_photos", __name__)


@bp.post("/t/<token>/photos")
@csrf.exempt
def add(token: str) -> ResponseReturnValue:
    """A photo of the table, resized and stripped of its metadata; refused, with nothing stored, when it is not
    one, too big, or one too many."""
    row = ctx.by_token(token)
    taken = photo_uploads.take(row.id, _protect)
    if taken.photo is None:
        return _refuse(row, taken.why, taken.status)
    return redirect(url_for("tables.show", token=row.token) + "#photos", 303)


def _protect() -> None:
    """The form's CSRF token checked (the form itself is exempt, so its body is read under the photo's limit)."""
    if current_app.config.get("WTF_CSRF_ENABLED", True):
        csrf.protect()


def _refuse(row: TableRow, why: str, status: int) -> ResponseReturnValue:
    return ctx.render(replace(ctx.view(row), photo_refused=photo_uploads.refusals()[why]), status)


@bp.get("/t/<token>/photos/<int:photo_id>.jpg")
def image(token: str, photo_id: int) -> Response:
    """A photo of the table, at its editor link."""
    return photo_uploads.image_response(photo_rows.image(store(), ctx.by_token(token).id, photo_id))


@bp.get("/t/<token>/photos/<int:photo_id>.thumb.jpg")
def thumb(token: str, photo_id: int) -> Response:
    """A photo of the table made small for a list, at its editor link."""
    return photo_uploads.image_response(photo_rows.image(store(), ctx.by_token(token).id, photo_id, thumb=True))
