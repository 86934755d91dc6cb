"""An LFG table: a hero catalog entered once from the cards, then each player's final party picked from it.

Entries (canonical payloads in schemas/lfg_entries.py): "hero" adds a card to the catalog or changes one (by the
name it had, `was`), "remove_hero" takes one out, "party" sets a player's whole final party (each card once per
copy, hurt or not). Parties refer to heroes by name, so changing a card in the catalog changes the parties that
hold it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..entries import EntryKind
from ..games import lfg
from ..games.base import PlayerScore, Problem, RuleError
from ..log import Standing
from ..reading import PlayReading
from ..schemas.lfg import HeroForm, LfgOptions, PartyForm, RemoveHeroForm
from ..schemas.lfg_entries import (
    CATALOG_SIZE,
    HeroEntryIn,
    PartyEntryIn,
    RemoveHeroEntryIn,
    hero_v1_to_v2,
    party_v1_to_v2,
    picks_of_party,
    remove_hero_v1_to_v2,
)
from . import TableKind
from .lfg_state import CatalogHero, Member, State, result
from .parts import keyed

ENTRIES = {
    "hero": EntryKind(
        "hero",
        HeroEntryIn,
        "A hero card added to the table's catalog, or a card of it changed.",
        version=2,
        upgrades={1: hero_v1_to_v2},
    ),
    "remove_hero": EntryKind(
        "remove_hero",
        RemoveHeroEntryIn,
        "A hero card taken out of the catalog.",
        version=2,
        upgrades={1: remove_hero_v1_to_v2},
    ),
    "party": EntryKind(
        "party",
        PartyEntryIn,
        "A player's whole final party, picked from the catalog.",
        version=2,
        upgrades={1: party_v1_to_v2},
    ),
}
FORMS = {"hero": HeroForm, "remove_hero": RemoveHeroForm, "party": PartyForm}


def replay(setup: dict[str, Any], entries: Sequence[Standing]) -> State:
    """The catalog the table started with (a copied one is kept in the setup as hero forms), then every entry."""
    options = LfgOptions.model_validate(setup.get("options") or {})
    state = State(tuple(setup["players"]), copied=bool(options.copy_from))
    for hero in options.heroes or ():
        state = set_hero(state, HeroEntryIn.model_validate(hero.to_payload()))
    for entry in entries:
        state = APPLY[entry.kind](state, ENTRIES[entry.kind].validate(entry.payload))
    return state


def set_hero(state: State, entry: HeroEntryIn) -> State:
    """Add a card, or change the one named `was` (renaming it in every party that holds it)."""
    card, key = entry.card(), entry.hero.casefold()
    old = entry.was.casefold() if entry.was else ""
    problems = lfg.card_problems(card, name_field="hero")
    if old and old not in state.catalog:
        problems.append(Problem("was", f"{entry.was} is not among the heroes any more"))
    elif key in state.catalog and key != old:
        taken = state.catalog[key].name
        problems.append(Problem("hero", f"{taken} is already among the heroes: change that card instead"))
    elif not old and len(state.catalog) >= CATALOG_SIZE:
        problems.append(Problem("hero", f"the box holds {CATALOG_SIZE} different heroes, and all are entered"))
    if old in state.catalog and (in_use := state.copies_in_use(old)) > entry.copies:
        problems.append(Problem("copies", f"the parties hold {in_use} copies of {entry.was}"))
    if problems:
        raise RuleError(problems)
    catalog = {k: h for k, h in state.catalog.items() if k != old}
    catalog[key] = CatalogHero(card, entry.copies)
    parties = {
        player: tuple(replace(m, hero=entry.hero) if m.hero.casefold() == old else m for m in members)
        for player, members in state.parties.items()
    }
    return replace(state, catalog=catalog, parties=parties)


def remove_hero(state: State, entry: RemoveHeroEntryIn) -> State:
    """Take a card out of the catalog; no party may hold it."""
    key = entry.hero.casefold()
    if key not in state.catalog:
        raise RuleError(f"{entry.hero} is not among the heroes", "hero")
    if holders := state.holders(entry.hero):
        who = " and ".join(holders)
        raise RuleError(f"{who}'s party holds {entry.hero}: take it out of that party first", "hero")
    return replace(state, catalog={k: h for k, h in state.catalog.items() if k != key})


def set_party(state: State, entry: PartyEntryIn) -> State:
    """A player's whole party; every hero must be in the catalog, within the copies the deck holds."""
    if entry.player not in state.players:
        raise RuleError(f"{entry.player} is not at this table", "player")
    first: dict[str, int] = {}
    for i, member in enumerate(entry.party):
        first.setdefault(member.hero.casefold(), i)
    problems = [p for key, i in first.items() for p in _hero_problems(state, entry, key, f"party[{i}]")]
    if problems:
        raise RuleError(problems)
    members = tuple(Member(state.catalog[m.hero.casefold()].name, m.hurt) for m in entry.party)
    return replace(state, parties={**state.parties, entry.player: members})


def _hero_problems(state: State, entry: PartyEntryIn, key: str, loc: str) -> list[Problem]:
    """What is wrong with the copies of one hero in a party (`loc` is where it first appears)."""
    hero = state.catalog.get(key)
    if hero is None:
        name = next(m.hero for m in entry.party if m.hero.casefold() == key)
        return [Problem(f"{loc}.hero", f"{name} is not among the heroes: add the card first")]
    copies = sum(m.hero.casefold() == key for m in entry.party)
    others = state.copies_in_use(hero.name, but=entry.player)
    if others + copies <= hero.copies:
        return []
    deck = "1 copy" if hero.copies == 1 else f"{hero.copies} copies"
    where = f"; {' and '.join(state.holders(hero.name))} already has it" if others else ""
    return [Problem(loc, f"the deck holds {deck} of {hero.name}{where}")]


APPLY = {"hero": set_hero, "remove_hero": remove_hero, "party": set_party}


def describe(kind: str, payload: dict[str, Any]) -> str:
    """The entry in a sentence, for the table's log."""
    if kind == "hero":
        entry = HeroEntryIn.model_validate(payload)
        return f"{_hero_verb(entry)}: {hero_summary(entry.card(), entry.copies)}"
    if kind == "remove_hero":
        return f"Removed {payload['hero']} from the heroes"
    party = PartyEntryIn.model_validate(payload)
    heroes = ", ".join(_pick_text(p) for p in picks_of_party([m.model_dump() for m in party.party])) or "no heroes"
    return f"{party.player}'s party: {heroes}"


def _hero_verb(entry: HeroEntryIn) -> str:
    if not entry.was:
        return f"Added {entry.hero}"
    if entry.was != entry.hero:
        return f"Changed {entry.was} into {entry.hero}"
    return f"Changed {entry.hero}"


def hero_summary(card: lfg.HeroCard, copies: int) -> str:
    """One line about a card: roles, renown, traits, copies in the deck."""
    parts = [", ".join(card.roles) or "no role", f"renown {card.renown}, hurt {card.hurt_renown}"]
    if card.traits:
        parts.append(", ".join(card.traits))
    if copies > 1:
        parts.append(f"{copies} copies")
    return " · ".join(parts)


def _pick_text(pick: dict[str, Any]) -> str:
    text = pick["hero"] if pick["copies"] == 1 else f"{pick['hero']} ×{pick['copies']}"
    if pick["hurt"]:
        text += " (hurt)" if pick["copies"] == 1 else f" ({pick['hurt']} hurt)"
    return text


# A party is its player's own; a hero card, added, changed or removed, changes what every party may hold, so it is
# whole.
part = keyed({"party": ("party", "player")})


def not_scored(player: PlayerScore) -> str:
    """An incomplete party is disqualified."""
    return "disqualified (incomplete party)" if player.extra.get("disqualified") else ""


KIND = TableKind(
    "lfg",
    ENTRIES,
    FORMS,
    replay,
    describe,
    result,
    "lfg/table.html",
    options=LfgOptions,
    options_template="lfg/setup_options.html",
    finished=lambda state: state.finished,
    reading=PlayReading(out=not_scored),
    part=part,
)
