"""LFG: final parties, roles filled, renown with hurt heroes, the scoundrel win."""

from __future__ import annotations

from pathlib import Path

from companion.games import Game, msg
from companion.games.lfg import engine as lfg
from companion.games.lfg.keeping import KEPT
from companion.games.lfg.schemas import ENDPOINTS
from companion.games.lfg.table import RULES
from companion.gamespec import GameSpec, Pad

HERO_ROWS = 8
TITLES = {"defence": msg("Defence"), "support": msg("Support"), "damage": msg("Damage")}


def pad_facts() -> dict[str, object]:
    return {"roles": [TITLES[r] for r in lfg.ROLES], "hero_rows": HERO_ROWS, "scale": 115}


SPEC = GameSpec(
    Game("lfg", msg("LFG"), 2, 7, msg("Final parties: roles filled, renown with hurt heroes, the scoundrel win.")),
    home=Path(__file__).resolve().parent,
    engine=lfg,
    table=RULES,
    endpoints=tuple(ENDPOINTS),
    pad=Pad(pad_facts),
    kept=KEPT,
)
