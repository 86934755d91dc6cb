"""Orléans: the 18 rounds with their Farmers step and event, torture when a player cannot pay, end scoring."""

from __future__ import annotations

from pathlib import Path

from companion.games import Game, msg
from companion.games.orleans import engine as orleans
from companion.games.orleans.engine import rounds as orleans_rounds
from companion.games.orleans.engine import torture as orleans_torture
from companion.games.orleans.schemas import ENDPOINTS
from companion.games.orleans.table import RULES
from companion.gamespec import GameSpec, Pad

TORTURE_ITEMS = {
    "trading_station": msg("a trading station"),
    "follower": msg("a follower drawn from the bag (not a starting one)"),
    "development": msg("a development step back (not from, onto or past coins)"),
    "goods": msg("a goods tile"),
    "place_tile": msg("a place tile"),
    "technology_tile": msg("a technology tile"),
}
GOOD_ROWS = {
    "grain": msg("Grain × %(points)s", points=orleans.GOOD_POINTS["grain"]),
    "cheese": msg("Cheese × %(points)s", points=orleans.GOOD_POINTS["cheese"]),
    "wine": msg("Wine × %(points)s", points=orleans.GOOD_POINTS["wine"]),
    "wool": msg("Wool × %(points)s", points=orleans.GOOD_POINTS["wool"]),
    "brocade": msg("Brocade × %(points)s", points=orleans.GOOD_POINTS["brocade"]),
}


def pad_facts() -> dict[str, object]:
    return {
        "score_rows": [
            msg("Coins × 1"),
            *(GOOD_ROWS[g] for g in orleans.GOODS),
            msg("Trading stations"),
            msg("Citizens"),
            msg("Development level"),
            msg("(Stations + citizens) × level"),
        ],
        "rounds": orleans_rounds.ROUNDS,
        "amounts": orleans.PHASED_AMOUNTS,
        "food_cost": orleans.FOOD_COST,
        "torture": [TORTURE_ITEMS.get(item, item.replace("_", " ")) for item in orleans_torture.ITEMS],
    }


SPEC = GameSpec(
    Game("orleans", "Orléans", 2, 4, msg("Round by round: farmers' coins, event payments, torture, end scoring.")),
    home=Path(__file__).resolve().parent,
    bgg_id=164928,
    engine=orleans,
    table=RULES,
    endpoints=tuple(ENDPOINTS),
    pad=Pad(pad_facts),
)
