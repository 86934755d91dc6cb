"""The table API's part of the OpenAPI document: its three operations, and every entry kind's canonical payload
as a component named `<game>.<kind>.v<version>`."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ..specs import table_rules
from ..tables.clock import ClockIn
from .table_api import GROUP_HEADER, EntryIn, NewTableIn
from .writes import CorrectIn, UndoIn

REF = "#/components/schemas/{model}"

TOKEN = {
    "name": "token",
    "in": "path",
    "required": True,
    "description": "a table's editor token (reads and writes) or watch token (reads only)",
    "schema": {"type": "string"},
}

GROUP_TOKEN = {
    "name": GROUP_HEADER,
    "in": "header",
    "required": False,
    "description": "the token of the group the table goes into, as the body's `group` field (send either; both must "
    "agree); an unknown token is a 422 at `group`",
    "schema": {"type": "string", "maxLength": 64},
}

LINKS = {
    "type": "object",
    "required": ["edit", "watch", "code"],
    "properties": {
        "edit": {"type": "string", "description": "the editor link: whoever has it may enter"},
        "watch": {"type": "string", "description": "the watch link: reads only"},
        "code": {"type": "string", "description": "the join code for the phones at the table"},
        "code_until": {
            "type": "string",
            "format": "date-time",
            "description": "when the join code stops working: 12 hours after the table's latest entry (the table's "
            "page can issue a fresh code)",
        },
        "group": {
            "type": ["string", "null"],
            "description": "the link of the table's group (`/g/<token>`): the new group's invite link when none was "
            "given; on a read, only when the group offers its link at its tables",
        },
    },
}

ENTRY = {
    "type": "object",
    "required": ["seq", "kind", "version", "payload", "entry_id", "author", "at"],
    "properties": {
        "seq": {"type": "integer"},
        "kind": {"type": "string"},
        "version": {"type": "integer", "description": "the schema version of the payload"},
        "payload": {
            "type": ["object", "null"],
            "description": "the canonical payload; null while the entry is sealed",
        },
        "sealed": {
            "type": "boolean",
            "description": "a part the rules keep secret until its step is complete (cards played face down and "
            "turned over together): until the last part of its step is in, its payload is null and nothing worked "
            "out from it is in "
            "`state` or `result`; a part changed or taken back before the reveal stays sealed",
        },
        "entry_id": {"type": "string"},
        "author": {"type": "string"},
        "at": {"type": "string", "format": "date-time"},
        "undone_by": {"type": ["integer", "null"], "description": "the seq of the undo that took it back"},
        "corrected_by": {"type": ["integer", "null"], "description": "the seq of its latest correction"},
    },
}

TABLE = {
    "type": "object",
    "required": ["game", "players", "version", "entries", "state", "result", "watch"],
    "properties": {
        "game": {"type": "string"},
        "players": {"type": "array", "items": {"type": "string"}},
        "colours": {
            "type": "object",
            "description": "each player's colour on the pages and result sheets (key, plain name, hex)",
            "additionalProperties": {
                "type": "object",
                "properties": {"key": {"type": "string"}, "name": {"type": "string"}, "hex": {"type": "string"}},
            },
        },
        "options": {"type": "object"},
        "version": {"type": "integer"},
        "entries": {"type": "array", "items": {"$ref": REF.format(model="TableEntry")}},
        "state": {
            "description": "the replayed state, as JSON, without any sealed part; a game that seals parts lists the "
            'step being chosen face down as `sealed`: `{"step", "label", "in": [names], "waiting": [names]}`',
        },
        "result": {"anyOf": [{"$ref": REF.format(model="Result")}, {"type": "null"}]},
        "finished": {"type": "boolean"},
        "broken": {
            "description": "the entry the replay stopped at, if one cannot be replayed (null when all replay): its "
            "`seq`, `kind`, `author`, `message`; `problems`, what to fix in it, each located in its payload (or at "
            "`entry-<seq>`, an earlier entry it clashes with); and `after_correction_of`, the seq of the earlier entry "
            "whose correction it stopped fitting after (null when none did). Correct it, or undo it, to go on",
            "anyOf": [
                {
                    "type": "object",
                    "required": ["seq", "kind", "author", "message"],
                    "properties": {
                        "seq": {"type": "integer"},
                        "kind": {"type": "string"},
                        "author": {"type": "string"},
                        "message": {"type": "string"},
                        "problems": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "required": ["loc", "msg"],
                                "properties": {"loc": {"type": "string"}, "msg": {"type": "string"}},
                            },
                        },
                        "after_correction_of": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
                    },
                },
                {"type": "null"},
            ],
        },
        "clock": {
            "type": "object",
            "description": "the play timer (`clock` entries: start, pause, resume): whether it was started, runs or "
            "is paused, and `played_s`, the seconds it ran up to now (stopped at the entry that finished the game)",
            "required": ["started", "running", "paused", "played_s"],
            "properties": {
                "started": {"type": "boolean"},
                "running": {"type": "boolean"},
                "paused": {"type": "boolean"},
                "played_s": {"type": "integer"},
            },
        },
        "watch": {"type": "string"},
    },
}

CONFLICT = {
    "type": "object",
    "required": ["errors", "version", "since"],
    "properties": {
        "errors": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["loc", "msg"],
                "properties": {"loc": {"type": "string"}, "msg": {"type": "string"}},
            },
            "description": "at `base_version` when the version is stale; at `step` when the step was recorded already",
        },
        "version": {"type": "integer", "description": "the table's version now"},
        "since": {
            "type": "array",
            "items": {"$ref": REF.format(model="TableEntry")},
            "description": "every entry after `base_version`",
        },
        "recorded": {
            "type": "object",
            "description": "a step conflict only: the entry that recorded the step, as it stands (its payload "
            "corrected if so); a `correct` entry with its `seq` as target replaces it",
            "required": ["seq", "kind", "version", "payload", "author", "at", "step"],
            "properties": {
                "seq": {"type": "integer"},
                "kind": {"type": "string"},
                "version": {"type": "integer", "description": "the schema version of the payload"},
                "payload": {"type": "object"},
                "author": {"type": "string"},
                "at": {"type": "string", "format": "date-time"},
                "step": {
                    "type": "object",
                    "required": ["key", "label"],
                    "properties": {"key": {"type": "string"}, "label": {"type": "string"}},
                },
            },
        },
    },
}

WRITTEN = {
    "type": "object",
    "required": ["version", "entry"],
    "properties": {"version": {"type": "integer"}, "entry": {"$ref": REF.format(model="TableEntry")}},
}


def models() -> list[type[BaseModel]]:
    """The request bodies and every entry kind's payload schema, for the document's components."""
    payloads = [entry.schema for rules in table_rules().values() for entry in rules.entries.values()]
    return [NewTableIn, EntryIn, UndoIn, CorrectIn, ClockIn, *dict.fromkeys(payloads)]


def payload_components(refs: dict[Any, dict[str, Any]], components: dict[str, Any]) -> dict[str, Any]:
    """`<game>.<kind>.v<version>`: each entry kind's canonical payload, by reference; the entry body's `payload`
    is one of them, or an undo's, a correction's or the play timer's."""
    named = {
        f"{slug}.{name}.v{entry.version}": {"description": entry.summary, **refs[(entry.schema, "validation")]}
        for slug, rules in table_rules().items()
        for name, entry in rules.entries.items()
    }
    body = components[refs[(EntryIn, "validation")]["$ref"].rsplit("/", 1)[1]]
    choices = [
        refs[(UndoIn, "validation")],
        refs[(CorrectIn, "validation")],
        refs[(ClockIn, "validation")],
        *({"$ref": REF.format(model=n)} for n in named),
    ]
    body["properties"]["payload"] = {
        "description": body["properties"]["payload"].get("description", ""),
        "anyOf": choices,
    }
    return named


def paths(refs: dict[Any, dict[str, Any]], error: Any) -> dict[str, Any]:
    """The three table operations."""

    def body(model: type[BaseModel]) -> dict[str, Any]:
        return {"required": True, "content": {"application/json": {"schema": refs[(model, "validation")]}}}

    def answer(description: str, schema: dict[str, Any]) -> dict[str, Any]:
        return {"description": description, "content": {"application/json": {"schema": schema}}}

    return {
        "/api/v1/tables": {
            "post": {
                "summary": "Start a table: a game, its players and options",
                "operationId": "tables_create",
                "parameters": [GROUP_TOKEN],
                "requestBody": body(NewTableIn),
                "responses": {
                    "201": answer("The new table's links and join code", LINKS),
                    "400": error("The body is not JSON or not an object"),
                    "413": error("The body is over 64 KiB"),
                    "422": error("Every problem with the game, players, options or group, located"),
                    "429": error(
                        "Too many join codes tried, or tables started, from here or in the group; Retry-After says "
                        "how many seconds to wait"
                    ),
                },
            }
        },
        "/api/v1/tables/{token}": {
            "get": {
                "summary": "A table: players, every entry with its canonical payload, state, result, version",
                "operationId": "tables_read",
                "parameters": [TOKEN],
                "responses": {
                    "200": answer("The table", {"$ref": REF.format(model="Table")}),
                    "404": error("No table has this token"),
                },
            }
        },
        "/api/v1/tables/{token}/entries": {
            "post": {
                "summary": "Append an entry (a game entry, `undo`, `correct` or `clock`) made against the version seen",
                "operationId": "tables_append",
                "parameters": [TOKEN],
                "requestBody": body(EntryIn),
                "responses": {
                    "201": answer(
                        "The entry as stored (a repeated entry id: the first answer again). A correction that fits "
                        "is stored even when it makes a later entry invalid: the table's `broken` then names that "
                        "entry, and nothing more is taken until it is corrected or undone",
                        WRITTEN,
                    ),
                    "400": error("The body is not JSON or not an object"),
                    "403": error("A watch token never writes"),
                    "404": error("No table has this token"),
                    "409": answer(
                        "base_version is stale (`since` lists what was entered since), or `step` was already "
                        "recorded (`recorded` is the entry that recorded it); nothing is stored",
                        {"$ref": REF.format(model="TableConflict")},
                    ),
                    "413": error("The body is over 64 KiB"),
                    "422": error(
                        "Every problem with the entry, located; at `step` when the entry does not record that step, "
                        "at `entry-<seq>` when an earlier entry is what it clashes with"
                    ),
                },
            }
        },
    }


COMPONENTS = {"Table": TABLE, "TableEntry": ENTRY, "TableConflict": CONFLICT}
