"""An LFG table: a hero catalog entered once from the cards, then each player's final party picked from it.

Entries (canonical payloads in `entries`): "hero" adds a card to the catalog or changes one (by the
name it had, `was`), "remove_hero" takes one out, "party" sets a player's whole final party (each card once per
copy, hurt or not). Parties refer to heroes by name, so changing a card in the catalog changes the parties that
hold it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from companion.games import Payload, PlayerScore, Problem, RuleError, msg, msg_n
from companion.games.lfg import engine as lfg
from companion.games.lfg.entries import (
    CATALOG_SIZE,
    HeroEntryIn,
    PartyEntryIn,
    Pick,
    RemoveHeroEntryIn,
    hero_v1_to_v2,
    party_v1_to_v2,
    picks_of_party,
    remove_hero_v1_to_v2,
)
from companion.games.lfg.schemas import HeroForm, LfgOptions, PartyForm, RemoveHeroForm
from companion.games.lfg.state import CatalogHero, Member, State, result
from companion.history.reading import PlayReading
from companion.schemas import EntryForm
from companion.storage.entries import EntryKind, on_payload
from companion.storage.log import Standing
from companion.tables import TableRules
from companion.tables.parts import keyed

ENTRIES = {
    "hero": EntryKind(
        "hero",
        HeroEntryIn,
        "A hero card added to the table's catalog, or a card of it changed.",
        version=2,
        upgrades={1: hero_v1_to_v2},
        label=msg("hero"),
    ),
    "remove_hero": EntryKind(
        "remove_hero",
        RemoveHeroEntryIn,
        "A hero card taken out of the catalog.",
        version=2,
        upgrades={1: remove_hero_v1_to_v2},
        label=msg("remove hero"),
    ),
    "party": EntryKind(
        "party",
        PartyEntryIn,
        "A player's whole final party, picked from the catalog.",
        version=2,
        upgrades={1: party_v1_to_v2},
        label=msg("party"),
    ),
}
FORMS: dict[str, type[EntryForm]] = {"hero": HeroForm, "remove_hero": RemoveHeroForm, "party": PartyForm}


def replay(setup: Payload, entries: Sequence[Standing]) -> State:
    """The catalog the table started with (a copied one is kept in the setup as hero forms), then every entry."""
    options = LfgOptions.model_validate(setup.get("options") or {})
    state = State(tuple(setup["players"]), copied=bool(options.copy_from))
    for hero in options.heroes or ():
        state = set_hero(state, HeroEntryIn.model_validate(hero.to_payload()))
    for entry in entries:
        state = APPLY[entry.kind](state, entry.payload)
    return state


def set_hero(state: State, entry: HeroEntryIn) -> State:
    """Add a card, or change the one named `was` (renaming it in every party that holds it)."""
    card, key = entry.card(), entry.hero.casefold()
    old = entry.was.casefold() if entry.was else ""
    problems = lfg.card_problems(card, name_field="hero")
    if old and old not in state.catalog:
        problems.append(Problem("was", msg("%(name)s is not among the heroes any more", name=entry.was)))
    elif key in state.catalog and key != old:
        taken = state.catalog[key].name
        says = msg("%(name)s is already among the heroes: change that card instead", name=taken)
        problems.append(Problem("hero", says))
    elif not old and len(state.catalog) >= CATALOG_SIZE:
        says = msg("the box holds %(heroes)s different heroes, and all are entered", heroes=CATALOG_SIZE)
        problems.append(Problem("hero", says))
    if old in state.catalog and (in_use := state.copies_in_use(old)) > entry.copies:
        problems.append(
            Problem("copies", msg("the parties hold %(copies)s copies of %(name)s", copies=in_use, name=entry.was))
        )
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
        raise RuleError(msg("%(name)s is not among the heroes", name=entry.hero), "hero")
    if holders := state.holders(entry.hero):
        says = msg(
            "%(who)s's party holds %(name)s: take it out of that party first", who=_and(holders), name=entry.hero
        )
        raise RuleError(says, "hero")
    return replace(state, catalog={k: h for k, h in state.catalog.items() if k != key})


def set_party(state: State, entry: PartyEntryIn) -> State:
    """A player's whole party; every hero must be in the catalog, within the copies the deck holds."""
    if entry.player not in state.players:
        raise RuleError(msg("%(name)s is not at this table", name=entry.player), "player")
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
        return [Problem(f"{loc}.hero", msg("%(name)s is not among the heroes: add the card first", name=name))]
    copies = sum(m.hero.casefold() == key for m in entry.party)
    others = state.copies_in_use(hero.name, but=entry.player)
    if others + copies <= hero.copies:
        return []
    if others:
        says = msg_n(
            "the deck holds %(num)d copy of %(name)s; %(who)s already has it",
            "the deck holds %(num)d copies of %(name)s; %(who)s already has it",
            hero.copies,
            name=hero.name,
            who=_and(state.holders(hero.name)),
        )
    else:
        says = msg_n(
            "the deck holds %(num)d copy of %(name)s",
            "the deck holds %(num)d copies of %(name)s",
            hero.copies,
            name=hero.name,
        )
    return [Problem(loc, says)]


def _and(items: Sequence[str]) -> str:
    """'Ann' or 'Ann and Ben' (and more the same way), as Texts."""
    said = items[0]
    for item in items[1:]:
        said = msg("%(list)s and %(last)s", list=said, last=item)
    return said


APPLY: dict[str, Callable[[State, Payload], State]] = {
    "hero": on_payload(HeroEntryIn, set_hero),
    "remove_hero": on_payload(RemoveHeroEntryIn, remove_hero),
    "party": on_payload(PartyEntryIn, set_party),
}


def describe(kind: str, payload: Payload) -> str:
    """The entry in a sentence, for the table's log."""
    if kind == "hero":
        entry = HeroEntryIn.model_validate(payload)
        summary = hero_summary(entry.card(), entry.copies)
        if not entry.was:
            return msg("Added %(hero)s: %(summary)s", hero=entry.hero, summary=summary)
        if entry.was != entry.hero:
            return msg("Changed %(was)s into %(hero)s: %(summary)s", was=entry.was, hero=entry.hero, summary=summary)
        return msg("Changed %(hero)s: %(summary)s", hero=entry.hero, summary=summary)
    if kind == "remove_hero":
        return msg("Removed %(hero)s from the heroes", hero=payload["hero"])
    party = PartyEntryIn.model_validate(payload)
    picks = [_pick_text(p) for p in picks_of_party([m.model_dump() for m in party.party])]
    return msg("%(name)s's party: %(heroes)s", name=party.player, heroes=_listed(picks) if picks else msg("no heroes"))


def _listed(items: Sequence[str]) -> str:
    """'a, b, c', as Texts."""
    said = items[0]
    for item in items[1:]:
        said = msg("%(list)s, %(item)s", list=said, item=item)
    return said


def hero_summary(card: lfg.HeroCard, copies: int) -> str:
    """One line about a card: roles, renown, traits, copies in the deck."""
    roles = _listed([lfg.WORDS[r] for r in card.roles]) if card.roles else msg("no role")
    parts = [roles, msg("renown %(renown)s, hurt %(hurt)s", renown=card.renown, hurt=card.hurt_renown)]
    if card.traits:
        parts.append(_listed([lfg.WORDS[t] for t in card.traits]))
    if copies > 1:
        parts.append(msg("%(copies)s copies", copies=copies))
    said = parts[0]
    for part in parts[1:]:
        said = msg("%(list)s · %(item)s", list=said, item=part)
    return said


def _pick_text(pick: Pick) -> str:
    hero, copies, hurt = pick["hero"], pick["copies"], pick["hurt"]
    if copies == 1:
        return msg("%(hero)s (hurt)", hero=hero) if hurt else hero
    if hurt:
        return msg("%(hero)s ×%(copies)s (%(hurt)s hurt)", hero=hero, copies=copies, hurt=hurt)
    return msg("%(hero)s ×%(copies)s", hero=hero, copies=copies)


# A party is its player's own; a hero card, added, changed or removed, changes what every party may hold, so it is
# whole.
part = keyed({"party": ("party", "player")})


def not_scored(player: PlayerScore) -> str:
    """An incomplete party is disqualified."""
    return msg("disqualified (incomplete party)") if player.extra.get("disqualified") else ""


RULES = TableRules(
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
