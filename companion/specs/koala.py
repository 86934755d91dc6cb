"""Koala: end scoring with caves, koalations, feasts and teams."""

from __future__ import annotations

from typing import Any

from ..games import Game, koala
from ..gamespec import GameSpec, Pad
from ..schemas.koala import ENDPOINTS
from ..tables.koala import KIND


def pad_facts() -> dict[str, Any]:
    return {
        "foods": [f.capitalize() for f in koala.FOODS],
        "caves": koala.MAX_CAVES,
        "blank_players": koala.MAX_PLAYERS,
    }


SPEC = GameSpec(
    Game("koala", "Koala", 3, 10, "End scoring with caves, koalations, feasts and teams."),
    engine=koala,
    table=KIND,
    endpoints=tuple(ENDPOINTS),
    pad=Pad(pad_facts),
)
