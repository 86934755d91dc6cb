"""Koala: end scoring with caves, koalations, feasts and teams."""

from __future__ import annotations

from pathlib import Path

from companion.games import Game, msg
from companion.games.koala import engine as koala
from companion.games.koala.engine.checks import TITLES
from companion.games.koala.schemas import ENDPOINTS
from companion.games.koala.table import RULES
from companion.gamespec import GameSpec, Pad


def pad_facts() -> dict[str, object]:
    return {
        "foods": [TITLES[f] for f in koala.FOODS],
        "caves": koala.MAX_CAVES,
        "blank_players": koala.MAX_PLAYERS,
    }


SPEC = GameSpec(
    Game("koala", msg("Koala"), 3, 10, msg("End scoring with caves, koalations, feasts and teams.")),
    home=Path(__file__).resolve().parent,
    bgg_id=26093,
    engine=koala,
    table=RULES,
    endpoints=tuple(ENDPOINTS),
    pad=Pad(pad_facts),
)
