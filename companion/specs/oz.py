"""Oz: end scoring from each hand and its face-up story cards."""

from __future__ import annotations

from typing import Any

from ..games import Game, oz
from ..gamespec import GameSpec, Pad
from ..schemas.oz import ENDPOINTS
from ..tables.oz import KIND


def pad_facts() -> dict[str, Any]:
    return {
        "characters": [oz.display(c) for c in oz.CHARACTERS],
        "stories": oz.MAX_STORIES,
        "story_types": oz.STORY_TYPES,
        "scale": 120,
        "copies": {n: oz.copies_per_character(n) for n in (2, 3)},
        "hand": {n: oz.expected_hand_size(n) for n in (2, 3, 4)},
    }


SPEC = GameSpec(
    Game("oz", "Oz", 2, 4, "End scoring from each hand and its face-up story cards."),
    engine=oz,
    table=KIND,
    endpoints=tuple(ENDPOINTS),
    pad=Pad(pad_facts),
)
