"""The rules engines, one module per game, and what a game is (its registry is companion.specs)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Game:
    slug: str
    name: str
    min_players: int
    max_players: int
    blurb: str

    @property
    def players_label(self) -> str:
        return f"{self.min_players}–{self.max_players} players"
