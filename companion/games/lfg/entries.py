"""LFG table entries as a JSON client sends them, and the steps that bring older stored entries up to date.

A table keeps a catalog of hero cards, each entered once; parties then name heroes of that catalog. A "hero" entry
is a card with the fields the score calculator takes for a hero (all but `hurt`, which belongs to a party) and the
copies the deck holds. A "party" entry reads like the calculator's player: the party lists each card it holds, once
per copy, by its catalog name and whether it ended the game hurt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal, TypedDict

from pydantic import Field

from companion.games import Payload, PayloadView
from companion.games.lfg import engine as lfg
from companion.schemas import Name, StrictModel

Role = Literal["defence", "support", "damage"]
Trait = Literal["loyal", "spellcaster", "wild", "scoundrel"]
Renown = Annotated[int, Field(ge=-99, le=99)]
CATALOG_SIZE = lfg.DIFFERENT_HEROES
PARTY_SIZE = CATALOG_SIZE * lfg.COPIES_PER_HERO


class HeroEntryIn(StrictModel):
    """A hero card added to the table's catalog, or the catalog's card named `was` changed into this one."""

    hero: Name
    roles: list[Role] = Field(description="the roles the card shows: defence, support, damage")
    renown: Renown
    hurt_renown: Renown
    traits: list[Trait] = Field(default_factory=list)
    copies: int = Field(1, ge=1, le=lfg.COPIES_PER_HERO, description="copies of this card in the deck")
    was: Name | None = Field(None, description="the name of the card this entry changes; null adds a new card")

    def card(self) -> lfg.HeroCard:
        """The card as the engine reads it."""
        return lfg.HeroCard(self.hero, tuple(self.roles), self.renown, self.hurt_renown, tuple(self.traits))


class RemoveHeroEntryIn(StrictModel):
    """A hero card taken out of the table's catalog, by name."""

    hero: Name


class PartyHeroIn(StrictModel):
    """One card in a party: a hero of the table's catalog, by name, and whether it ended the game hurt."""

    hero: Name
    hurt: bool = False


class PartyEntryIn(StrictModel):
    """A player's whole final party; a hero the deck holds twice is listed twice when both copies are in it."""

    player: Name
    party: list[PartyHeroIn] = Field(max_length=PARTY_SIZE)


def hero_v1_to_v2(payload: Payload) -> Payload:
    """Version 1 was the hero form: the name as `name`, a true/false field per role and per trait (false when
    missing), and `was` empty for a new card."""
    was = payload.get("was") or ""
    return {
        "hero": payload["name"],
        "roles": _ticked(payload, lfg.ROLES),
        "renown": payload["renown"],
        "hurt_renown": payload["hurt_renown"],
        "traits": _ticked(payload, lfg.TRAITS),
        "copies": payload.get("copies", 1),
        "was": was.strip() or None,
    }


def _ticked(payload: Payload, names: Sequence[str]) -> list[str]:
    flags = {name: payload.get(name, False) for name in names}
    if not all(isinstance(flag, bool) for flag in flags.values()):
        raise ValueError(f"one of {', '.join(names)} is not true or false")
    return [name for name, on in flags.items() if on]


def remove_hero_v1_to_v2(payload: Payload) -> Payload:
    """Version 1 named the hero `name`."""
    return {"hero": payload["name"]}


def party_v1_to_v2(payload: Payload) -> Payload:
    """Version 1 gave each hero once, as `heroes`, with its `copies` and how many of them are `hurt` (the first
    ones). It refused a hero given twice and more hurt copies than copies, so an old entry like that cannot be read."""
    seen: set[str] = set()
    for pick in payload.get("heroes", []):
        copies, hurt, key = pick.get("copies", 1), pick.get("hurt", 0), pick["hero"].casefold()
        if key in seen or not 0 <= hurt <= copies or copies < 1:
            raise ValueError(f"{pick['hero']} is given twice or with {hurt} hurt of {copies} copies")
        seen.add(key)
    return {"player": payload["player"], "party": party_of_picks(payload.get("heroes", []))}


class Pick(TypedDict):
    """One hero as the party form gives it: the copies taken and how many of them are hurt."""

    hero: str
    copies: int
    hurt: int


class Member(TypedDict):
    """One copy of a hero in a stored party."""

    hero: str
    hurt: bool


def party_of_picks(picks: Sequence[PayloadView]) -> list[Member]:
    """{"hero", "copies", "hurt"} picks (the party form's) -> the party, each copy once, its first copies hurt."""
    return [
        {"hero": pick["hero"], "hurt": i < pick.get("hurt", 0)} for pick in picks for i in range(pick.get("copies", 1))
    ]


def picks_of_party(party: Sequence[PayloadView]) -> list[Pick]:
    """The party -> one {"hero", "copies", "hurt"} per hero (compared without regard to case), in party order."""
    picks: dict[str, Pick] = {}
    for member in party:
        pick = picks.setdefault(str(member["hero"]).casefold(), {"hero": member["hero"], "copies": 0, "hurt": 0})
        pick["copies"] += 1
        pick["hurt"] += bool(member.get("hurt"))
    return list(picks.values())
