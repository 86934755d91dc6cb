"""Starting a table: the players' names."""

from __future__ import annotations

import unicodedata

from pydantic import Field

from ..games import Game
from ..games.base import Problem
from . import FormModel, Name

MAX_PLAYERS = 10


class NewTableForm(FormModel):
    players: tuple[Name, ...] = Field(min_length=1, max_length=MAX_PLAYERS)


def setup_problems(game: Game, names: list[str]) -> list[Problem]:
    """The game's own player range, and names that repeat (ignoring case)."""
    problems = []
    if not game.min_players <= len(names) <= game.max_players:
        problems.append(
            Problem(
                "players",
                f"{game.name} is for {game.min_players} to {game.max_players} players; "
                f"{len(names)} {'name was' if len(names) == 1 else 'names were'} given",
            )
        )
    seen: set[str] = set()
    for i, name in enumerate(names):
        key = unicodedata.normalize("NFKC", name.strip()).casefold()  # "Éva" typed two ways is one name
        if key in seen:
            problems.append(Problem(f"players[{i}]", f"{name} is already at this table: use another name"))
        seen.add(key)
    return problems
