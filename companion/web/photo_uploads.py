"""Taking a photo of a table from an upload, the same for its page and its API: the multipart field `photo`, read up
to the photo's limit, made fit to keep, and stored under the table's limit; or refused, with nothing stored, saying
why. And how a stored photo is served."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import Response, abort, request
from flask_babel import gettext
from werkzeug.exceptions import RequestEntityTooLarge

from companion.storage import photos as photo_rows
from companion.tables import photos

from . import store

# The multipart form's own fields and boundaries on top of the photo itself.
UPLOAD_LIMIT = photos.MOST_BYTES + 64 * 1024
FIELD = "photo"


@dataclass(frozen=True)
class Taken:
    """An upload's outcome: the stored photo's id, or why nothing was stored (a key of `refusals()`)."""

    photo: int | None = None
    why: str = ""

    @property
    def status(self) -> int:
        """The status a refusal answers: 413 for a photo over its size, 422 for any other."""
        return 413 if self.why == "too_big" else 422


def refusals() -> dict[str, str]:
    """Why a photo was not added, in the reader's language, by the refusal's key."""
    return {
        "too_big": gettext("That photo was not added: a photo is at most %(mb)s MB.", mb=photos.MOST_BYTES >> 20),
        "too_many_pixels": gettext("That photo was not added: it has too many pixels to open."),
        "not_an_image": gettext("That photo was not added: it is not a picture (send a JPEG, PNG or WebP)."),
        "none": gettext("Choose a photo to add first."),
        "full": gettext("That photo was not added: a table keeps at most %(most)s photos.", most=photo_rows.MOST),
    }


def take(table_id: int, protect: Callable[[], None] | None = None) -> Taken:
    """The request's photo stored for the table, resized and stripped of its metadata; refused, with nothing
    stored, when it is missing, not a picture, too big, of too many pixels, or one too many. `protect` checks the
    request first (a form's CSRF token), once its body may be read."""
    request.max_content_length = UPLOAD_LIMIT  # a photo outgrows the 64 KiB every other body is held to
    try:
        if protect:
            protect()
        upload = request.files.get(FIELD)
        raw = upload.read(photos.MOST_BYTES + 1) if upload else b""
    except RequestEntityTooLarge:
        return Taken(why="too_big")
    finally:
        _close_uploads()
    if not raw:
        return Taken(why="none")
    try:
        shaped = photos.prepared(raw)
    except photos.Refused as refused:
        return Taken(why=refused.why)
    photo_id = photo_rows.add(store(), table_id, shaped)
    return Taken(why="full") if photo_id is None else Taken(photo=photo_id)


def _close_uploads() -> None:
    """The spooled upload's temporary file closed now rather than left to the collector."""
    try:
        files = request.files
    except RequestEntityTooLarge:
        return
    for upload in files.values():
        upload.close()


def image_response(image: bytes | None) -> Response:
    """A stored photo as a JPEG the phone keeps but asks about again (it is private to whoever holds the link): an
    unchanged one answers 304 with no body, and no photo at all a 404."""
    if image is None:
        abort(404)
    response = Response(image, mimetype="image/jpeg")
    response.headers["Cache-Control"] = "private, no-cache"
    response.add_etag()
    return response.make_conditional(request)
