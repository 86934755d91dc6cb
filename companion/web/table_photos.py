"""Photos of a table: added from its editor link, shown on its table page only (never at its watch link)."""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, Response, abort, current_app, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from werkzeug.exceptions import RequestEntityTooLarge

from companion.storage import photos as photo_rows
from companion.storage.store import TableRow
from companion.tables import photos

from . import store
from . import table_context as ctx
from .csrf import csrf

bp = Blueprint("table_photos", __name__)

# The multipart form's own fields and boundaries on top of the photo itself.
UPLOAD_LIMIT = photos.MOST_BYTES + 64 * 1024


def _refusals() -> dict[str, str]:
    return {
        "too_big": gettext("That photo was not added: a photo is at most %(mb)s MB.", mb=photos.MOST_BYTES >> 20),
        "too_many_pixels": gettext("That photo was not added: it has too many pixels to open."),
        "not_an_image": gettext("That photo was not added: it is not a picture (send a JPEG, PNG or WebP)."),
        "none": gettext("Choose a photo to add first."),
        "full": gettext("That photo was not added: a table keeps at most %(most)s photos.", most=photo_rows.MOST),
    }


@bp.post("/t/<token>/photos")
@csrf.exempt
def add(token: str) -> ResponseReturnValue:
    """A photo of the table, resized and stripped of its metadata; refused, with nothing stored, when it is not
    one, too big, or one too many."""
    row = ctx.by_token(token)
    request.max_content_length = UPLOAD_LIMIT  # a photo outgrows the 64 KiB every other form is held to
    try:
        if current_app.config.get("WTF_CSRF_ENABLED", True):
            csrf.protect()
        upload = request.files.get("photo")
        raw = upload.read(photos.MOST_BYTES + 1) if upload else b""
    except RequestEntityTooLarge:
        return _refuse(row, "too_big", 413)
    finally:
        _close_uploads()
    if not raw:
        return _refuse(row, "none", 422)
    try:
        shaped = photos.prepared(raw)
    except photos.Refused as refused:
        return _refuse(row, refused.why, 413 if refused.why == "too_big" else 422)
    if photo_rows.add(store(), row.id, shaped.jpeg, shaped.width, shaped.height) is None:
        return _refuse(row, "full", 422)
    return redirect(url_for("tables.show", token=row.token) + "#photos", 303)


def _close_uploads() -> None:
    """The spooled upload's temporary file closed now rather than left to the collector."""
    try:
        files = request.files
    except RequestEntityTooLarge:
        return
    for upload in files.values():
        upload.close()


def _refuse(row: TableRow, why: str, status: int) -> ResponseReturnValue:
    return ctx.render(replace(ctx.view(row), photo_refused=_refusals()[why]), status)


@bp.get("/t/<token>/photos/<int:photo_id>.jpg")
def show(token: str, photo_id: int) -> Response:
    row = ctx.by_token(token)
    image = photo_rows.image(store(), row.id, photo_id)
    if image is None:
        abort(404)
    return Response(image, mimetype="image/jpeg")
