"""An LFG table's state: the hero catalog, each player's party picked from it, and the results page it makes."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import cast

from companion.games import Line, PayloadView, PlayerScore, Result
from companion.games.lfg import engine as lfg
from companion.games.lfg.entries import Pick, picks_of_party
from companion.games.lfg.schemas import HeroForm, ticked_picks


@dataclass(frozen=True)
class CatalogHero:
    """A hero card as the table entered it, and how many copies of it the deck holds (1 or 2)."""

    card: lfg.HeroCard
    copies: int = 1

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def key(self) -> str:
        return self.card.name.casefold()

    def form(self) -> dict[str, object]:
        """This card as the hero form's fields (the form that changes it, and a copied catalog, start from them)."""
        c = self.card
        flags = {name: name in c.roles or name in c.traits for name in (*lfg.ROLES, *lfg.TRAITS)}
        return HeroForm.model_validate(
            {"name": c.name, "renown": c.renown, "hurt_renown": c.hurt_renown, "copies": self.copies, **flags}
        ).model_dump(mode="json")


@dataclass(frozen=True)
class Member:
    """A card in a party: its hero's catalog name, and whether it ended the game hurt."""

    hero: str
    hurt: bool = False


@dataclass(frozen=True)
class PartyRow:
    """One player's line on the results: what the engine found, and why an incomplete party fails."""

    name: str
    entered: bool
    members: tuple[Member, ...]
    renown: int
    scoundrels: int
    complete: bool
    assignment: Mapping[str, str] | None
    reason: str  # why an incomplete party is: a sentence (Text), "" for a complete one
    breakdown: tuple[Line, ...]
    winner: bool

    @property
    def score(self) -> int:
        return self.renown


@dataclass(frozen=True)
class Outcome:
    rows: tuple[PartyRow, ...]
    winners: tuple[str, ...]
    win: str | None
    why: tuple[str, ...]


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    catalog: Mapping[str, CatalogHero] = field(default_factory=dict)
    parties: Mapping[str, tuple[Member, ...]] = field(default_factory=dict)
    copied: bool = False  # started with an earlier table's catalog (which table is not kept: see LfgOptions)

    @property
    def heroes(self) -> list[CatalogHero]:
        """The catalog in alphabetical order (accented letters beside plain ones), as the pages list it."""
        return sorted(self.catalog.values(), key=lambda h: unicodedata.normalize("NFKD", h.key))

    @property
    def waiting(self) -> list[str]:
        return [p for p in self.players if p not in self.parties]

    @property
    def finished(self) -> bool:
        return not self.waiting

    def holders(self, name: str) -> list[str]:
        """The players whose party holds this hero."""
        key = name.casefold()
        return [p for p, members in self.parties.items() if any(m.hero.casefold() == key for m in members)]

    def copies_in_use(self, name: str, but: str | None = None) -> int:
        """How many copies of this hero the parties hold (but `but`'s)."""
        key = name.casefold()
        return sum(m.hero.casefold() == key for p, members in self.parties.items() if p != but for m in members)

    def chosen(
        self, player: str, values: Mapping[str, object], payload: PayloadView | None = None
    ) -> dict[str, tuple[int, int]]:
        """What a party form shows ticked, {hero key: (copies, hurt)}: the boxes posted (or a stored party's, as
        its form shows them) if any, else the party payload being corrected, else the player's party as it stands."""
        if values:
            picks = ticked_picks(values)
        elif payload is not None:
            picks = _picks(payload)
        else:
            picks = picks_of_party([vars(m) for m in self.parties.get(player, ())])
        return {str(p["hero"]).casefold(): (int(p["copies"]), int(p["hurt"])) for p in picks}

    def party(self, player: str) -> tuple[lfg.PartyHero, ...]:
        return tuple(lfg.PartyHero(self.catalog[m.hero.casefold()].card, m.hurt) for m in self.parties.get(player, ()))

    def outcome(self) -> Outcome:
        """The results page: each party's roles or why it is incomplete, and (once all are in) the win."""
        scored = result(self)
        rows = tuple(_row(self, s, scored) for s in scored.players)
        if not self.finished:
            return Outcome(rows, (), None, ())
        why = tuple(n for n in scored.notes if "'s party is incomplete and disqualified: " not in n)
        return Outcome(rows, scored.winners, cast(str | None, scored.extra["win"]), why)


def _picks(payload: PayloadView) -> list[Pick]:
    """A damaged entry being corrected shows no hero ticked."""
    try:
        return picks_of_party(payload["party"])
    except (KeyError, TypeError, AttributeError):
        return []


def _row(state: State, score: PlayerScore, scored: Result) -> PartyRow:
    x = score.extra
    reason = lfg.missing_reason(state.party(score.name)) if x["disqualified"] else ""
    return PartyRow(
        score.name,
        score.name in state.parties,
        state.parties.get(score.name, ()),
        cast(int, x["renown"]),
        cast(int, x["scoundrels"]),
        cast(bool, x["complete"]),
        cast(Mapping[str, str] | None, x["assignment"]),
        reason,
        score.breakdown,
        state.finished and score.name in scored.winners,
    )


def result(state: State) -> Result:
    """Every party scored as the engine scores it (parties not entered yet are empty)."""
    return lfg.score([lfg.Player(p, state.party(p)) for p in state.players])
