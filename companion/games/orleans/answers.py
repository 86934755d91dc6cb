"""The JSON schemas of the Orléans calculators' answers that are not a scored Result (for openapi.json)."""

from __future__ import annotations


def _object(properties: dict[str, object], required: list[str]) -> dict[str, object]:
    return {"type": "object", "required": required, "properties": properties}


_INT = {"type": "integer"}
_COUNTS = {"type": "object", "additionalProperties": _INT}
EVENT_ANSWER = _object(
    {
        "event": {"type": "string"},
        "phase": {"type": "string"},
        "players": {
            "type": "array",
            "items": _object(
                {
                    "name": {"type": "string"},
                    "food_paid": _COUNTS,
                    "coins_paid": _INT,
                    "coins_received": _INT,
                    "torture": _INT,
                },
                ["name", "food_paid", "coins_paid", "coins_received", "torture"],
            ),
        },
    },
    ["event", "phase", "players"],
)
_BREAKDOWN = {
    "type": "array",
    "items": _object(
        {"label": {"type": "string"}, "points": _INT, "rule": {"type": "string"}}, ["label", "points", "rule"]
    ),
}
_NAME_OR_NULL = {"type": ["string", "null"]}
FARMERS_ANSWER = _object(
    {
        "players": {
            "type": "array",
            "items": _object(
                {
                    "name": {"type": "string"},
                    "farmers": _INT,
                    "coins_change": {"type": "integer", "enum": [-1, 0, 1]},
                    "coins": _INT,
                    "torture": {"type": "integer", "enum": [0, 1]},
                    "breakdown": _BREAKDOWN,
                },
                ["name", "farmers", "coins_change", "coins", "torture", "breakdown"],
            ),
        },
        "gains": _NAME_OR_NULL,
        "loses": _NAME_OR_NULL,
    },
    ["players", "gains", "loses"],
)
TORTURE_ANSWER = _object(
    {"player": _object({"name": {"type": "string"}, "goods": _COUNTS}, ["name"]), "dropped": _INT}, ["player"]
)
