"""L'oaf: round by round, reputation, the bosses' rows, who gets fired."""

from __future__ import annotations

from typing import Any

from ..games import Game, loaf
from ..games.loaf_effects import MAX_REPUTATION, MIN_REPUTATION
from ..games.loaf_scoring import REPUTATION_BONUS
from ..gamespec import GameSpec, Pad
from ..schemas.loaf import ENDPOINTS
from ..tables.loaf import KIND


def pad_facts() -> dict[str, Any]:
    return {
        "rounds": 2 * loaf.END_AT - 1,
        "end_at": loaf.END_AT,
        "track": range(MIN_REPUTATION, MAX_REPUTATION + 1),
        "bonus": tuple(reversed(REPUTATION_BONUS)),  # the board's bands, lowest first, as the pad prints them
    }


SPEC = GameSpec(
    Game("loaf", "L'oaf", 2, 6, "Round by round: orders, review cards, reputation, who gets fired."),
    engine=loaf,
    table=KIND,
    endpoints=tuple(ENDPOINTS),
    pad=Pad(pad_facts),
)
