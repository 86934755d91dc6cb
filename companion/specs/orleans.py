"""Orléans: the 18 rounds with their Farmers step and event, torture when a player cannot pay, end scoring."""

from __future__ import annotations

from typing import Any

from ..games import Game, orleans, orleans_rounds, orleans_torture
from ..gamespec import GameSpec, Pad
from ..schemas.orleans import ENDPOINTS
from ..tables.orleans import KIND

TORTURE_ITEMS = {
    "trading_station": "a trading station",
    "follower": "a follower drawn from the bag (not a starting one)",
    "development": "a development step back (not from, onto or past coins)",
    "goods": "a goods tile",
    "place_tile": "a place tile",
    "technology_tile": "a technology tile",
}


def pad_facts() -> dict[str, Any]:
    return {
        "score_rows": [
            "Coins × 1",
            *(f"{g.capitalize()} × {orleans.GOOD_POINTS[g]}" for g in orleans.GOODS),
            "Trading stations",
            "Citizens",
            "Development level",
            "(Stations + citizens) × level",
        ],
        "rounds": orleans_rounds.ROUNDS,
        "amounts": orleans.PHASED_AMOUNTS,
        "food_cost": orleans.FOOD_COST,
        "torture": [TORTURE_ITEMS.get(item, item.replace("_", " ")) for item in orleans_torture.ITEMS],
    }


SPEC = GameSpec(
    Game("orleans", "Orléans", 2, 4, "Round by round: farmers' coins, event payments, torture, end scoring."),
    engine=orleans,
    table=KIND,
    endpoints=tuple(ENDPOINTS),
    pad=Pad(pad_facts),
)
