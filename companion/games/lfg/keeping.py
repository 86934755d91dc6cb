"""The LFG hero cards a group keeps: each entered once, on the group's page of them or at any of its tables, and
every new LFG table of the group starts with them, so a party is picked by tapping. A table starts only with its
own group's heroes."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pydantic import ValidationError

from companion.games import PayloadView, Problem, msg
from companion.games.lfg import engine as lfg
from companion.games.lfg.entries import CATALOG_SIZE, HeroEntryIn
from companion.games.lfg.schemas import HeroForm
from companion.games.lfg.state import CatalogHero
from companion.gamespec import Checked, KeptCards, StoredCard
from companion.groups import cards as group_cards
from companion.schemas import validation_problems

NO_HEROES = "none"  # the new-table form's choice of starting a table with no heroes at all
ON = ("on", "true", "1", "yes")


@dataclass(frozen=True)
class KeptHero:
    """A hero card the group keeps, and the id to remove it by."""

    id: int
    hero: CatalogHero


def kept(cards: Sequence[StoredCard]) -> list[KeptHero]:
    """The group's heroes in the order a table lists them. A card that cannot be read, or a second card of a name,
    is left out: a table starting with it could not be replayed."""
    found: dict[str, KeptHero] = {}
    for card in cards:
        try:
            entry = HeroEntryIn.model_validate(card.card)
        except ValidationError:
            continue
        if not lfg.card_problems(entry.card()):
            hero = CatalogHero(entry.card(), entry.copies)
            found.setdefault(hero.key, KeptHero(card.id, hero))
    ordered = sorted(found.values(), key=lambda k: unicodedata.normalize("NFKD", k.hero.key))
    return ordered[:CATALOG_SIZE]


def most() -> int:
    """A group keeps no more heroes than the box holds different ones: no table could start with more."""
    return min(group_cards.MOST, CATALOG_SIZE)


def _card(entry: HeroEntryIn) -> dict[str, object]:
    """What the group keeps of a hero entry: the card and its copies (which card a table changed is the table's)."""
    return entry.model_dump(mode="json", exclude={"was"})


def check(values: Mapping[str, str], heroes: list[KeptHero]) -> Checked:
    """The card the form makes, or every problem with it at once, by form field: its fields, a role, a name the
    group has, and room for one more."""
    values = {k: v for k, v in values.items() if k != "was"}
    entry, problems = None, []
    try:
        entry = HeroEntryIn.model_validate(HeroForm.model_validate(values).to_payload())
    except ValidationError as exc:
        problems = validation_problems(exc)
    roles = tuple(role for role in lfg.ROLES if str(values.get(role, "")).lower() in ON)
    problems += [p for p in lfg.card_problems(lfg.HeroCard("-", roles, 0, 0)) if p.loc == "roles"]
    name = unicodedata.normalize("NFC", str(values.get("name", "")).strip()).casefold()
    if taken := next((k.hero.name for k in heroes if k.hero.key == name), None):
        says = msg("%(name)s is already among the group's heroes: remove it first to change it", name=taken)
        problems.append(Problem("name", says))
    if len(heroes) >= most():
        problems.append(Problem("form", msg("A group keeps at most %(most)s heroes: remove one first.", most=most())))
    if problems or entry is None:
        return None, _located(problems)
    return (entry.hero, _card(entry)), {}


def _located(problems: list[Problem]) -> dict[str, str]:
    """Problems by form field, those of one field together."""
    errors: dict[str, str] = {}
    for problem in problems:
        loc = HeroForm.field_of(problem.loc.split("[")[0]) or "form"
        errors[loc] = msg("%(first)s %(then)s", first=errors[loc], then=problem.msg) if loc in errors else problem.msg
    return errors


def context(heroes: list[KeptHero]) -> dict[str, object]:
    return {"heroes": heroes, "full": len(heroes) >= most(), "most": most()}


def entered(kind: str, payload: PayloadView) -> tuple[str, dict[str, object]] | None:
    """A hero entered at one of a group's tables is kept with the group too, so its next table has it; a hero the
    group has by that name stays as the group has it, and one removed at a table stays with the group."""
    if kind != "hero":
        return None
    try:
        entry = HeroEntryIn.model_validate(payload)
    except ValidationError:
        return None
    return entry.hero, _card(entry)


def start(values: dict[str, object], heroes: list[KeptHero]) -> dict[str, object]:
    """A new table's option values with the heroes it starts with: a new table of a group starts with the group's
    heroes, kept in its setup as a copied catalog is (so its replay never reads the group's cards again). Copying
    an earlier table, heroes given outright, or the form's choice of none leave them out."""
    if "heroes" in values:
        return values
    chosen = str(values.get("copy_from", "")).strip()
    if chosen == NO_HEROES:
        return {k: v for k, v in values.items() if k != "copy_from"} | {"heroes": []}
    found = [k.hero.form() for k in heroes] if not chosen else []
    return values | {"heroes": found} if found else values


KEPT = KeptCards(
    "lfg-heroes",
    msg("LFG heroes"),
    "lfg/group_heroes.html",
    kept,
    check,
    context,
    most=CATALOG_SIZE,
    unique=True,
    refused=msg("Another phone kept a hero just now: see the list, then add this one again."),
    entered=entered,
    start=start,
)
