"""A group's photos under its private link: every photo of its plays, newest first, a page at a time
(`/g/<token>/history/photos`), and each photo's image (`/g/<token>/photos/<id>.jpg`) and thumbnail
(`/g/<token>/photos/<id>.thumb.jpg`, what the history's lists show), so a member sees them without holding the
table's editor link. A photo of another group's table is a 404 here; no watch link or join code reaches
any of it."""

from __future__ import annotations

from flask import Response, request, url_for
from flask.typing import ResponseReturnValue

from companion.history import photos as play_photos
from companion.storage import photos as photo_rows

from ..specs import GAMES
from . import photo_uploads, store
from .group_link import group, group_blueprint
from .render import page

bp = group_blueprint("group_photos", __name__, "/g/<token>")
PER_PAGE = play_photos.PAGE_SIZE


@bp.get("/history/photos")
def index() -> ResponseReturnValue:
    """The group's photos, newest first, each with its play's game and day and a link to its table's result."""
    number = max(1, request.args.get("page", 1, type=int) or 1)
    found = play_photos.page_of_photos(store(), group().id, number=number, size=PER_PAGE)
    newer = url_for("group_photos.index", page=found.number - 1) if found.has_previous else None
    older = url_for("group_photos.index", page=found.number + 1) if found.has_next else None
    return page("history/photos.html", group=group(), found=found, pages={"newer": newer, "older": older}, games=GAMES)


@bp.get("/photos/<int:photo_id>.jpg")
def image(photo_id: int) -> Response:
    """One photo of the group's tables."""
    return photo_uploads.image_response(photo_rows.group_image(store(), group().id, photo_id))


@bp.get("/photos/<int:photo_id>.thumb.jpg")
def thumb(photo_id: int) -> Response:
    """One photo of the group's tables, made small for a list."""
    return photo_uploads.image_response(photo_rows.group_image(store(), group().id, photo_id, thumb=True))
