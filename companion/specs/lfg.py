"""LFG: final parties, roles filled, renown with hurt heroes, the scoundrel win."""

from __future__ import annotations

from typing import Any

from ..games import Game, lfg
from ..gamespec import GameSpec, Pad
from ..schemas.lfg import ENDPOINTS
from ..tables.lfg import KIND

HERO_ROWS = 8


def pad_facts() -> dict[str, Any]:
    return {"roles": [r.capitalize() for r in lfg.ROLES], "hero_rows": HERO_ROWS, "scale": 115}


SPEC = GameSpec(
    Game("lfg", "LFG", 2, 7, "Final parties: roles filled, renown with hurt heroes, the scoundrel win."),
    engine=lfg,
    table=KIND,
    endpoints=tuple(ENDPOINTS),
    pad=Pad(pad_facts),
)
