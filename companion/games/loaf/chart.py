"""A L'oaf table's chart: each player's reputation after each round played."""

from __future__ import annotations

from companion.games import msg
from companion.games.loaf.state import LoafTable
from companion.tables.charts import Chart, Series, rounds_of


def chart(table: LoafTable) -> tuple[Chart, ...]:
    """Each player's reputation after each round played."""
    after = [table.game_at(i + 1) for i in range(len(table.game.rounds))]
    series = tuple(Series(p, tuple(g.player(p).reputation for g in after)) for p in table.players)
    return (Chart(msg("Reputation after each round"), rounds_of(len(after)), series),)
