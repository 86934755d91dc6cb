"""L'oaf: round by round, reputation, the bosses' rows, who gets fired."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from companion.games import Game, msg
from companion.games.loaf import engine as loaf
from companion.games.loaf.engine.effects import MAX_REPUTATION, MIN_REPUTATION
from companion.games.loaf.engine.scoring import REPUTATION_BONUS
from companion.games.loaf.keeping import KEPT
from companion.games.loaf.schemas import ENDPOINTS
from companion.games.loaf.seal import seal
from companion.games.loaf.table import RULES
from companion.gamespec import GameSpec, Pad


def pad_facts() -> dict[str, object]:
    return {
        "rounds": 2 * loaf.END_AT - 1,
        "end_at": loaf.END_AT,
        "track": range(MIN_REPUTATION, MAX_REPUTATION + 1),
        "bonus": tuple(reversed(REPUTATION_BONUS)),  # the board's bands, lowest first, as the pad prints them
    }


SPEC = GameSpec(
    Game("loaf", "L'oaf", 2, 6, msg("Round by round: orders, review cards, reputation, who gets fired.")),
    home=Path(__file__).resolve().parent,
    bgg_id=439803,
    engine=loaf,
    table=replace(RULES, seal=seal),  # the seal reads the replayed LoafTable, so it is added here
    endpoints=tuple(ENDPOINTS),
    pad=Pad(pad_facts),
    kept=KEPT,
)
