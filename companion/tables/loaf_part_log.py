"""A part of a L'oaf round in a line of the table's log."""

from __future__ import annotations

from typing import Any

from ..games.base import RuleError
from ..games.loaf_effects import effect_from_json
from ..schemas.loaf_round import SIDES
from .loaf_pending import PARTS


def describe_part(kind: str, payload: dict[str, Any]) -> str:
    """ "Round 2: Ann played 7", "Round 2: order 5 per player", "Round 2: review card …"."""
    part = PARTS[kind].model_validate(payload)
    data = part.model_dump(exclude_none=True)
    head = f"Round {data['round']}: "
    if kind == "order":
        total = f" (total {data['total']})" if "total" in data else ""
        return f"{head}order {data['average']} per player{total}"
    if kind == "card":
        return f"{head}{data['player']} played {data['card']}"
    if kind == "review":
        return head + _review(data)
    if "discard" in data:
        return f"{head}{data['player']} discards {', '.join(map(str, data['discard']))}"
    return f"{head}{data['player']} takes their card back and discards the {data['take_back']}"


def _review(data: dict[str, Any]) -> str:
    named = f"review card “{data['name']}”" if data.get("name") else "review card"
    sides = []
    for side in SIDES:
        if side in data:
            try:
                sides.append(f"{side} {effect_from_json(data[side], side).describe()}")
            except RuleError:
                sides.append(f"{side} (unreadable)")
    return f"{named}: {', '.join(sides)}"
