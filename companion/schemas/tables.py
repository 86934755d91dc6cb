"""Starting a table: the players' names."""

from __future__ import annotations

import unicodedata

from pydantic import Field

from ..games import Game, Problem, msg, msg_n
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
                msg_n(
                    "%(game)s is for %(min)s to %(max)s players; %(num)s name was given",
                    "%(game)s is for %(min)s to %(max)s players; %(num)s names were given",
                    len(names),
                    game=game.name,
                    min=game.min_players,
                    max=game.max_players,
                ),
            )
        )
    seen: set[str] = set()
    for i, name in enumerate(names):
        key = unicodedata.normalize("NFKC", name.strip()).casefold()  # "Éva" typed two ways is one name
        if key in seen:
            problems.append(
                Problem(f"players[{i}]", msg("%(name)s is already at this table: use another name", name=name))
            )
        seen.add(key)
    return problems
