"""A table's photos through the JSON API: list them and add one, at the table's editor token. Photos are shown to
the group only, so a watch token reaches none of them (403, as a watch token's write is): whoever holds only the
watch link sees no photo, here or on its pages."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from companion.storage import photos as photo_rows
from companion.storage.photos import PhotoRow
from companion.storage.store import TableRow

from ..games import Problem
from . import language, photo_uploads, store
from .api_json import errors
from .csrf import csrf
from .group_link import group
from .table_api import iso

bp = Blueprint("photo_api", __name__, url_prefix="/api/v1/tables")
csrf.exempt(bp)


def photo_json(photo: PhotoRow, blueprint: str, **link: str) -> dict[str, Any]:
    """A photo as the API gives it: its id, size in pixels, where to see it and its thumbnail (at the blueprint's
    routes, under `link`), and when it was added."""
    url = url_for(f"{blueprint}.image", photo_id=photo.id, **link)
    thumb = url_for(f"{blueprint}.thumb", photo_id=photo.id, **link)
    size = {"width": photo.width, "height": photo.height}
    return {"id": photo.id, **size, "url": url, "thumb": thumb, "added": iso(photo.created_at)}


def _table(token: str) -> TableRow | tuple[Response, int]:
    """The table of an editor token, or the answer to any other token: a watch token's 403, anything else's 404."""
    if row := store().by_token(token):
        language.for_game(row.game)
        return row
    if store().by_viewer_token(token):
        said = gettext("photos are shown to the table's group only: a watch link sees none of them")
        return errors([Problem("token", said)], 403)
    return errors([Problem("token", gettext("no table has this token"))], 404)


@bp.get("/<token>/photos")
def photos(token: str) -> ResponseReturnValue:
    """The table's photos, oldest first, and how many more it may keep."""
    row = _table(token)
    if not isinstance(row, TableRow):
        return row
    shown = photo_rows.of_table(store(), row.id)
    return jsonify(photos=[photo_json(p, "table_photos", token=row.token) for p in shown], most=photo_rows.MOST)


@bp.post("/<token>/photos")
def add(token: str) -> ResponseReturnValue:
    """A photo of the table from a multipart upload (field `photo`), stored as the table's page stores one; a
    refusal is a 413 or 422 at `photo`, and nothing is stored."""
    row = _table(token)
    if not isinstance(row, TableRow):
        return row
    taken = photo_uploads.take(row.id)
    if taken.photo is None:
        return errors([Problem(photo_uploads.FIELD, _refusal(taken.why))], taken.status)
    added = next(p for p in photo_rows.of_table(store(), row.id) if p.id == taken.photo)
    shown = photo_json(added, "table_photos", token=row.token)
    response = jsonify(shown)
    response.headers["Location"] = shown["url"]
    return response, 201


def _refusal(why: str) -> str:
    if why == "none":
        return gettext("send the photo as the multipart/form-data field %(field)s", field=photo_uploads.FIELD)
    return photo_uploads.refusals()[why]


def group_photos_json(shown: list[PhotoRow]) -> list[dict[str, Any]]:
    """A play's photos in the group history API, each seen under the group's link."""
    return [photo_json(p, "group_photos", token=group().token) for p in shown]
