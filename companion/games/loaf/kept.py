"""The review cards a group keeps, as a L'oaf table offers them: each card's sides, and the value its button sends
(the review form reads it back as the card's sides)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from companion.games import RuleError
from companion.games.loaf.engine.effects import Effect
from companion.games.loaf.engine.json_shapes import effect_from_json
from companion.games.loaf.round_entry import SIDES
from companion.games.loaf.rounds import basic_problems
from companion.gamespec import StoredCard


@dataclass(frozen=True)
class KeptCard:
    """A group's review card: its name, its sides, and what its button sends (`value`)."""

    id: int
    name: str
    success: Effect
    failure: Effect
    value: str

    @property
    def basic(self) -> bool:
        """True when a table without the advanced cards may use it."""
        return not basic_problems({"success": self.success, "failure": self.failure})

    def side(self, outcome: str) -> Effect:
        return self.success if outcome == "success" else self.failure


def kept_cards(rows: Iterable[StoredCard]) -> list[KeptCard]:
    """Stored cards (each with `id`, `name` and `card`) as KeptCards; any that cannot be read are left out."""
    out = []
    for row in rows:
        try:
            sides = [effect_from_json(row.card[side], side) for side in SIDES]
        except (RuleError, KeyError, TypeError, ValueError):
            continue
        value = json.dumps({"name": row.name, **{side: row.card[side] for side in SIDES}}, ensure_ascii=False)
        out.append(KeptCard(row.id, row.name, sides[0], sides[1], value))
    return out
