"""The photos' part of the OpenAPI document: a table's photos listed and added at its editor token, and each play's
photos in the group history API. Photos are the group's only: a watch token reaches none (403)."""

from __future__ import annotations

from typing import Any

from companion.storage.photos import MOST
from companion.tables.photos import LONG_SIDE, MOST_BYTES, MOST_PIXELS

from .photo_uploads import FIELD

REF = "#/components/schemas/{model}"

TOKEN = {
    "name": "token",
    "in": "path",
    "required": True,
    "description": "the table's editor token; its watch token is a 403 (photos are shown to the group only)",
    "schema": {"type": "string"},
}

PHOTO = {
    "type": "object",
    "required": ["id", "width", "height", "url", "thumb", "added"],
    "properties": {
        "id": {"type": "integer"},
        "width": {"type": "integer", "description": "in pixels, as stored"},
        "height": {"type": "integer", "description": "in pixels, as stored"},
        "url": {
            "type": "string",
            "description": "where to see it (a JPEG): under the table's editor link in the table API, under the "
            "group's link (`/g/<token>/photos/<id>.jpg`) in the group history API",
        },
        "thumb": {
            "type": "string",
            "description": "where to see its thumbnail (a JPEG of at most 480 pixels on its long side), beside `url`",
        },
        "added": {"type": "string", "format": "date-time"},
    },
}

PHOTOS = {
    "type": "object",
    "required": ["photos", "most"],
    "properties": {
        "photos": {"type": "array", "items": {"$ref": REF.format(model="Photo")}, "description": "oldest first"},
        "most": {"type": "integer", "description": "how many photos a table keeps at most"},
    },
}

UPLOAD = {
    "type": "object",
    "required": [FIELD],
    "properties": {
        FIELD: {
            "type": "string",
            "format": "binary",
            "description": f"a JPEG, PNG or WebP of at most {MOST_BYTES >> 20} MB and {MOST_PIXELS:,} pixels; it is "
            f"stored resized to at most {LONG_SIDE} px on its long side, as a JPEG without any metadata (EXIF, GPS)",
        }
    },
}

# What each play of the group history API carries besides the fields it always had.
PLAY_PHOTOS = {
    "type": "array",
    "items": {"$ref": REF.format(model="Photo")},
    "description": "the play's photos, oldest first, each seen under the group's link",
}

COMPONENTS = {"Photo": PHOTO, "Photos": PHOTOS}


def _answer(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def paths(error: Any) -> dict[str, Any]:
    """Listing a table's photos and adding one."""
    watch = error("A watch token: photos are shown to the group only, so it sees none")
    missing = error("No table has this token")
    return {
        "/api/v1/tables/{token}/photos": {
            "get": {
                "summary": "A table's photos",
                "operationId": "tables_photos",
                "parameters": [TOKEN],
                "responses": {
                    "200": _answer("The table's photos", {"$ref": REF.format(model="Photos")}),
                    "403": watch,
                    "404": missing,
                },
            },
            "post": {
                "summary": "Add a photo of the table (the final board, the filled pad)",
                "operationId": "tables_add_photo",
                "parameters": [TOKEN],
                "requestBody": {"required": True, "content": {"multipart/form-data": {"schema": UPLOAD}}},
                "responses": {
                    "201": _answer(
                        "The photo as stored; Location is where to see it", {"$ref": REF.format(model="Photo")}
                    ),
                    "403": watch,
                    "404": missing,
                    "413": error(f"The photo is over {MOST_BYTES >> 20} MB, at `{FIELD}`; nothing is stored"),
                    "422": error(
                        f"At `{FIELD}`: no photo was sent, it is not a picture, it has too many pixels to open (a "
                        f"decompression bomb among them), or the table has its {MOST} photos already; nothing is stored"
                    ),
                },
            },
        }
    }
