"""The registry of games: each game's package (companion.games.<package>) and the spec in its `spec` module. Every
list of games the app has (the games listed, their tables, API endpoints, score pads, rules guides) is derived
from the specs, so a new game is its package and one line here."""

from __future__ import annotations

from importlib import import_module

from ..games import Game
from ..gamespec import GameSpec
from ..tables import TableRules

# One line per game, in the order the home page lists them.
PACKAGES = (
    "loaf",
    "oz",
    "orleans",
    "next_station_paris",
    "koala",
    "lfg",
)


def _spec(package: str) -> GameSpec:
    spec: GameSpec = import_module(f"companion.games.{package}.spec").SPEC
    return spec


SPECS: dict[str, GameSpec] = {spec.slug: spec for spec in map(_spec, PACKAGES)}

# The same dict object for the life of the process: a spec registered later shows up wherever GAMES was imported.
GAMES: dict[str, Game] = {slug: spec.game for slug, spec in SPECS.items()}


def table_rules() -> dict[str, TableRules]:
    """Every game with a table page, by slug; a game not here is listed as not built yet."""
    return {slug: spec.table for slug, spec in SPECS.items() if spec.table is not None}


def register(spec: GameSpec) -> None:
    """Add a game (a seventh game, or a test's toy game) to every registry."""
    SPECS[spec.slug] = spec
    GAMES[spec.slug] = spec.game


def unregister(slug: str) -> None:
    SPECS.pop(slug, None)
    GAMES.pop(slug, None)
