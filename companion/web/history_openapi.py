"""The group history API's part of the OpenAPI document: a group's plays a page at a time, its backup, and
restoring a backup into it, each under the group's private link."""

from __future__ import annotations

from typing import Any

from .history_api import MAX_PAGE, MAX_PER_PAGE, PER_PAGE
from .history_files import IMPORT_LIMIT
from .photo_openapi import PLAY_PHOTOS

REF = "#/components/schemas/{model}"

GROUP = {
    "name": "token",
    "in": "path",
    "required": True,
    "description": "the group's private link token (from its link `/g/<token>`): whoever has it reaches the group",
    "schema": {"type": "string", "maxLength": 64},
}

PAGING = [
    {
        "name": "page",
        "in": "query",
        "required": False,
        "description": "the page, from 1 (the newest plays)",
        "schema": {"type": "integer", "minimum": 1, "maximum": MAX_PAGE, "default": 1},
    },
    {
        "name": "per_page",
        "in": "query",
        "required": False,
        "description": "plays per page",
        "schema": {"type": "integer", "minimum": 1, "maximum": MAX_PER_PAGE, "default": PER_PAGE},
    },
]

PLAY = {
    "type": "object",
    "required": ["id", "game", "game_name", "started", "ended", "duration_min", "players", "units", "watch"],
    "properties": {
        "id": {"type": "string", "description": "the same game, setup and entries always give the same id"},
        "game": {"type": "string"},
        "game_name": {"type": "string"},
        "started": {"type": "string", "format": "date-time"},
        "ended": {"type": "string", "format": "date-time"},
        "duration_min": {"type": "integer"},
        "players": {
            "type": "array",
            "description": "in rank order (ties share a rank: 1, 1, 3)",
            "items": {
                "type": "object",
                "required": ["name", "score", "rank", "winner", "not_scored"],
                "properties": {
                    "name": {"type": "string"},
                    "score": {"type": "integer"},
                    "rank": {"type": "integer"},
                    "winner": {"type": "boolean"},
                    "not_scored": {"type": "string", "description": "why the score did not count; empty when it did"},
                },
            },
        },
        "units": {
            "type": "array",
            "description": (
                "players who scored as one (a team, say), with anyone outside them as a unit of their own, in rank "
                "order: when there are units the play ranks by them, and each player's rank is their unit's"
            ),
            "items": {
                "type": "object",
                "required": ["label", "names", "points", "winner", "rank"],
                "properties": {
                    "label": {"type": "string"},
                    "names": {"type": "array", "items": {"type": "string"}},
                    "points": {"type": "integer", "description": "the unit's total"},
                    "winner": {"type": "boolean"},
                    "rank": {"type": "integer", "description": "ties share a rank: 1, 1, 3"},
                },
            },
        },
        "watch": {"type": ["string", "null"], "description": "the table's watch link (reads only)"},
        "photos": PLAY_PHOTOS,
    },
}

PLAYS = {
    "type": "object",
    "required": ["plays", "page", "pages", "per_page", "total", "newer", "older"],
    "properties": {
        "plays": {"type": "array", "items": {"$ref": REF.format(model="Play")}},
        "page": {"type": "integer"},
        "pages": {"type": "integer"},
        "per_page": {"type": "integer"},
        "total": {"type": "integer", "description": "the group's plays (deleted ones are left out)"},
        "newer": {"type": ["string", "null"], "description": "the page before this one"},
        "older": {"type": ["string", "null"], "description": "the page after this one"},
    },
}

BACKUP = {
    "type": "object",
    "description": "the backup of a group's plays, as `/g/<token>/history/export.json` gives it: each finished "
    "table's setup and whole log, and the group's merged names",
    "required": ["format", "version", "plays"],
    "properties": {
        "format": {"const": "table-companion-plays"},
        "version": {"const": 1},
        "exported_at": {"type": "string", "format": "date-time"},
        "aliases": {"type": "object", "additionalProperties": {"type": "string"}},
        "plays": {"type": "array", "items": {"type": "object"}},
    },
}

IMPORTED = {
    "type": "object",
    "required": ["imported", "skipped"],
    "properties": {
        "imported": {"type": "integer", "description": "plays added to the group's history"},
        "skipped": {"type": "integer", "description": "plays the group had already"},
    },
}

COMPONENTS = {"Play": PLAY, "Plays": PLAYS, "Backup": BACKUP}


def _answer(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _retry_later(response: dict[str, Any]) -> dict[str, Any]:
    """A response that carries Retry-After."""
    wait = {"description": "seconds to wait before trying again", "schema": {"type": "integer", "minimum": 1}}
    return {**response, "headers": {"Retry-After": wait}}


def paths(error: Any) -> dict[str, Any]:
    """A group's plays, its backup, and restoring one into it."""
    missing = error("No group has this link")
    return {
        "/api/v1/groups/{token}/plays": {
            "get": {
                "summary": "A group's plays, newest first, a page at a time",
                "operationId": "groups_plays",
                "parameters": [GROUP, *PAGING],
                "responses": {
                    "200": _answer("A page of the group's plays", {"$ref": REF.format(model="Plays")}),
                    "422": error("page or per_page is empty, not a whole number, or out of range"),
                    "404": missing,
                },
            }
        },
        "/api/v1/groups/{token}/export": {
            "get": {
                "summary": "The group's backup: every finished table in its history with its log, and its merges",
                "operationId": "groups_export",
                "parameters": [GROUP],
                "responses": {"200": _answer("The backup", {"$ref": REF.format(model="Backup")}), "404": missing},
            }
        },
        "/api/v1/groups/{token}/import": {
            "post": {
                "summary": "Restore a backup into the group: all of it, or nothing and every problem",
                "operationId": "groups_import",
                "parameters": [GROUP],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": {"$ref": REF.format(model="Backup")}}},
                },
                "responses": {
                    "201": _answer("What was added, and what the group had already", IMPORTED),
                    "400": error("The body is empty"),
                    "404": missing,
                    "413": error(f"The body is over {IMPORT_LIMIT // (1024 * 1024)} MiB"),
                    "422": error("Every problem with the backup, located; nothing was restored"),
                    "429": error(
                        "Too many imports, or imported plays, this hour from here or into the group; nothing was "
                        "read; Retry-After says how many seconds to wait"
                    ),
                    "503": _retry_later(
                        error(
                            "The import took longer than the server allows (IMPORT_SECONDS) and was stopped, or "
                            "the process doing it stopped: nothing was stored; send it again after Retry-After"
                        )
                    ),
                },
            }
        },
    }
