"""The registry of games, derived from one spec per game (in the order the home page lists them)."""

from __future__ import annotations

from ..games import Game
from ..gamespec import GameSpec
from . import koala, lfg, loaf, next_station_paris, orleans, oz

SPECS: dict[str, GameSpec] = {
    spec.slug: spec for spec in (loaf.SPEC, oz.SPEC, orleans.SPEC, next_station_paris.SPEC, koala.SPEC, lfg.SPEC)
}

# The same dict object for the life of the process: a spec registered later shows up wherever GAMES was imported.
GAMES: dict[str, Game] = {slug: spec.game for slug, spec in SPECS.items()}


def register(spec: GameSpec) -> None:
    """Add a game (a seventh game, or a test's toy game) to every registry."""
    SPECS[spec.slug] = spec
    GAMES[spec.slug] = spec.game


def unregister(slug: str) -> None:
    SPECS.pop(slug, None)
    GAMES.pop(slug, None)
