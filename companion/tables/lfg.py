"""An LFG table: a hero catalog entered once from the cards, then each player's final party picked from it.

Entries: "hero" adds a card to the catalog or changes one (by the name it had), "remove_hero" takes one out,
"party" sets a player's whole final party (hero names, copies, hurt copies). Parties refer to heroes by name,
so changing a card in the catalog changes the parties that hold it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..games import lfg
from ..games.base import Line, PlayerScore, Problem, Result, RuleError
from ..log import Standing
from ..schemas.lfg import CATALOG_SIZE, HeroForm, LfgOptions, PartyForm, PickForm, RemoveHeroForm, gather_ticks
from . import TableKind, legacy_entries


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

    def form(self) -> dict[str, Any]:
        """This card as a "hero" entry's payload."""
        c = self.card
        flags = {name: name in c.roles or name in c.traits for name in (*lfg.ROLES, *lfg.TRAITS)}
        return HeroForm.model_validate(
            {"name": c.name, "renown": c.renown, "hurt_renown": c.hurt_renown, "copies": self.copies, **flags}
        ).model_dump(mode="json")


@dataclass(frozen=True)
class Pick:
    """A hero in a party: its catalog name, how many copies, how many of them hurt."""

    hero: str
    copies: int
    hurt: int


@dataclass(frozen=True)
class PartyRow:
    """One player's line on the results: what the engine found, and why an incomplete party fails."""

    name: str
    entered: bool
    picks: tuple[Pick, ...]
    renown: int
    scoundrels: int
    complete: bool
    assignment: Mapping[str, str] | None
    reason: str
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
    parties: Mapping[str, tuple[Pick, ...]] = field(default_factory=dict)
    copied_from: str = ""

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
        return [p for p, picks in self.parties.items() if any(pick.hero.casefold() == key for pick in picks)]

    def chosen(
        self, player: str, values: Mapping[str, Any], payload: Mapping[str, Any] | None = None
    ) -> dict[str, tuple[int, int]]:
        """What a party form shows ticked, {hero key: (copies, hurt)}: the boxes just posted if any, else the
        payload being corrected, else the player's party as it stands."""
        if values and "heroes" not in values:
            picks = gather_ticks(dict(values))["heroes"]
        elif payload is not None:
            picks = list(payload.get("heroes", ()))
        else:
            picks = [vars(pick) for pick in self.parties.get(player, ())]
        return {str(p["hero"]).casefold(): (int(p["copies"]), int(p["hurt"])) for p in picks}

    def party(self, player: str) -> tuple[lfg.PartyHero, ...]:
        return tuple(
            lfg.PartyHero(self.catalog[pick.hero.casefold()].card, hurt=i < pick.hurt)
            for pick in self.parties.get(player, ())
            for i in range(pick.copies)
        )

    def outcome(self) -> Outcome:
        """The results page: each party's roles or why it is incomplete, and (once all are in) the win."""
        scored = result(self)
        rows = tuple(_row(self, s, scored) for s in scored.players)
        if not self.finished:
            return Outcome(rows, (), None, ())
        why = tuple(n for n in scored.notes if "'s party is incomplete and disqualified: " not in n)
        return Outcome(rows, scored.winners, scored.extra["win"], why)


def _row(state: State, score: PlayerScore, scored: Result) -> PartyRow:
    prefix = f"{score.name}'s party is incomplete and disqualified: "
    reason = next((n[len(prefix) :].rstrip(".") for n in scored.notes if n.startswith(prefix)), "")
    x = score.extra
    return PartyRow(
        score.name,
        score.name in state.parties,
        state.parties.get(score.name, ()),
        x["renown"],
        x["scoundrels"],
        x["complete"],
        x["assignment"],
        reason,
        score.breakdown,
        state.finished and score.name in scored.winners,
    )


def replay(setup: dict[str, Any], entries: Sequence[Standing]) -> State:
    options = LfgOptions.model_validate(setup.get("options") or {})
    state = State(tuple(setup["players"]), copied_from=options.copy_from)
    for hero in options.heroes or ():
        state = set_hero(state, hero)
    for entry in entries:
        form = FORMS[entry.kind].model_validate(entry.payload)
        state = APPLY[entry.kind](state, form)
    return state


def set_hero(state: State, form: HeroForm) -> State:
    """Add a card, or change the one named `was` (renaming it in every party that holds it)."""
    card, key, old = form.card(), form.name.casefold(), form.was.casefold()
    problems = lfg.card_problems(card)
    if old and old not in state.catalog:
        problems.append(Problem("was", f"{form.was} is not among the heroes any more"))
    elif key in state.catalog and key != old:
        taken = state.catalog[key].name
        problems.append(Problem("name", f"{taken} is already among the heroes: change that card instead"))
    elif not old and len(state.catalog) >= CATALOG_SIZE:
        problems.append(Problem("name", f"the box holds {CATALOG_SIZE} different heroes, and all are entered"))
    if old in state.catalog:
        in_use = _copies_in_use(state, form.was)
        if in_use > form.copies:
            problems.append(Problem("copies", f"the parties hold {in_use} copies of {form.was}"))
    if problems:
        raise RuleError(problems)
    catalog = {k: h for k, h in state.catalog.items() if k != old}
    catalog[key] = CatalogHero(card, form.copies)
    parties = {
        player: tuple(replace(p, hero=form.name) if p.hero.casefold() == old else p for p in picks)
        for player, picks in state.parties.items()
    }
    return replace(state, catalog=catalog, parties=parties)


def remove_hero(state: State, form: RemoveHeroForm) -> State:
    key = form.name.casefold()
    if key not in state.catalog:
        raise RuleError(f"{form.name} is not among the heroes", "name")
    if holders := state.holders(form.name):
        who = " and ".join(holders)
        raise RuleError(f"{who}'s party holds {form.name}: take it out of that party first", "name")
    return replace(state, catalog={k: h for k, h in state.catalog.items() if k != key})


def set_party(state: State, form: PartyForm) -> State:
    """A player's whole party; every hero must be in the catalog, within the copies the deck holds."""
    if form.player not in state.players:
        raise RuleError(f"{form.player} is not at this table", "player")
    problems: list[Problem] = []
    picks: list[Pick] = []
    for i, pick in enumerate(form.heroes):
        hero = state.catalog.get(pick.hero.casefold())
        problems += _pick_problems(state, form.player, pick, hero, f"heroes[{i}]")
        if hero is not None:
            picks.append(Pick(hero.name, pick.copies, pick.hurt))
    if len({p.hero for p in picks}) < len(picks):
        problems.append(Problem("heroes", "a hero is listed twice: give the number of copies instead"))
    if problems:
        raise RuleError(problems)
    return replace(state, parties={**state.parties, form.player: tuple(picks)})


def _pick_problems(state: State, player: str, pick: PickForm, hero: CatalogHero | None, loc: str) -> list[Problem]:
    if hero is None:
        return [Problem(loc, f"{pick.hero} is not among the heroes: add the card first")]
    problems = []
    if pick.hurt > pick.copies:
        problems.append(Problem(loc, f"{pick.hurt} hurt copies of {hero.name}, but only {pick.copies} in the party"))
    others = _copies_in_use(state, hero.name, but=player)
    if others + pick.copies > hero.copies:
        deck = "1 copy" if hero.copies == 1 else f"{hero.copies} copies"
        where = f"; {' and '.join(state.holders(hero.name))} already has it" if others else ""
        problems.append(Problem(loc, f"the deck holds {deck} of {hero.name}{where}"))
    return problems


def _copies_in_use(state: State, name: str, but: str | None = None) -> int:
    key = name.casefold()
    return sum(
        pick.copies
        for player, picks in state.parties.items()
        if player != but
        for pick in picks
        if pick.hero.casefold() == key
    )


def describe(kind: str, payload: dict[str, Any]) -> str:
    if kind == "hero":
        form = HeroForm.model_validate(payload)
        return f"{_hero_verb(form)}: {hero_summary(form.card(), form.copies)}"
    if kind == "remove_hero":
        return f"Removed {payload['name']} from the heroes"
    form = PartyForm.model_validate(payload)
    heroes = ", ".join(_pick_text(p) for p in form.heroes) or "no heroes"
    return f"{form.player}'s party: {heroes}"


def _hero_verb(form: HeroForm) -> str:
    if not form.was:
        return f"Added {form.name}"
    if form.was != form.name:
        return f"Changed {form.was} into {form.name}"
    return f"Changed {form.name}"


def hero_summary(card: lfg.HeroCard, copies: int) -> str:
    """One line about a card: roles, renown, traits, copies in the deck."""
    parts = [", ".join(card.roles) or "no role", f"renown {card.renown}, hurt {card.hurt_renown}"]
    if card.traits:
        parts.append(", ".join(card.traits))
    if copies > 1:
        parts.append(f"{copies} copies")
    return " · ".join(parts)


def _pick_text(pick: PickForm) -> str:
    text = pick.hero if pick.copies == 1 else f"{pick.hero} ×{pick.copies}"
    if pick.hurt:
        text += " (hurt)" if pick.copies == 1 else f" ({pick.hurt} hurt)"
    return text


FORMS = {"hero": HeroForm, "remove_hero": RemoveHeroForm, "party": PartyForm}
APPLY = {"hero": set_hero, "remove_hero": remove_hero, "party": set_party}


def result(state: State) -> Result:
    return lfg.score([lfg.Player(p, state.party(p)) for p in state.players])


KIND = TableKind(
    "lfg",
    legacy_entries(FORMS),
    FORMS,
    replay,
    describe,
    result,
    "lfg/table.html",
    options=LfgOptions,
    options_template="lfg/setup_options.html",
    finished=lambda state: state.finished,
)
