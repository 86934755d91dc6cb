"""The registry of games: slug -> Game, in the order the home page lists them."""

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


GAMES: dict[str, Game] = {
    g.slug: g
    for g in (
        Game("loaf", "L'oaf", 2, 6, "Round by round: orders, review cards, reputation, who gets fired."),
        Game("oz", "Oz", 2, 4, "End scoring from each hand and its face-up story cards."),
        Game("orleans", "Orléans", 2, 4, "Event payments, torture when you cannot pay, end scoring."),
        Game(
            "next-station-paris",
            "Next Station Paris",
            1,
            4,
            "Each line's score round by round, then interchanges, crossings and objectives.",
        ),
        Game("koala", "Koala", 3, 10, "End scoring with caves, koalations, feasts and teams."),
        Game("lfg", "LFG", 2, 7, "Final parties: roles filled, renown with hurt heroes, the scoundrel win."),
    )
}
