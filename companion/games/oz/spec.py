"""Oz: end scoring from each hand and its face-up story cards."""

from __future__ import annotations

from pathlib import Path

from companion.games import Game, msg
from companion.games.oz import engine as oz
from companion.games.oz.engine.cards import display
from companion.games.oz.schemas import ENDPOINTS
from companion.games.oz.table import RULES
from companion.gamespec import GameSpec, Pad


def pad_facts() -> dict[str, object]:
    return {
        "characters": [display(c) for c in oz.CHARACTERS],
        "stories": oz.MAX_STORIES,
        "story_types": oz.STORY_TYPES,
        "scale": 120,
        "copies": {n: oz.copies_per_character(n) for n in (2, 3)},
        "hand": {n: oz.expected_hand_size(n) for n in (2, 3, 4)},
    }


SPEC = GameSpec(
    Game("oz", msg("Oz"), 2, 4, msg("End scoring from each hand and its face-up story cards.")),
    home=Path(__file__).resolve().parent,
    engine=oz,
    table=RULES,
    endpoints=tuple(ENDPOINTS),
    pad=Pad(pad_facts),
)
