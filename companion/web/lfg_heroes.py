"""The LFG hero cards a group keeps (`/g/<token>/lfg-heroes`): each entered once, on this page or at any of the
group's tables, and every new LFG table of the group starts with them, so a party is picked by tapping. Only the
group's own link reaches them, and a table starts only with its own group's heroes."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from flask import redirect, request, url_for
from flask.typing import ResponseReturnValue
from pydantic import ValidationError

from .. import group_cards
from ..games import lfg
from ..games.base import Problem
from ..schemas import validation_problems
from ..schemas.lfg import HeroForm
from ..schemas.lfg_entries import CATALOG_SIZE, HeroEntryIn
from ..store import TableRow
from ..tables.lfg_state import CatalogHero
from . import store
from .group_link import group, group_blueprint
from .render import page

GAME = "lfg"
NO_HEROES = "none"  # the new-table form's choice of starting a table with no heroes at all
FORM_ONLY = ("csrf_token", "back", "was")  # what the page's form posts that is no part of a card
ON = ("on", "true", "1", "yes")

bp = group_blueprint("lfg_heroes", __name__, "/g/<token>/lfg-heroes")


@dataclass(frozen=True)
class KeptHero:
    """A hero card the group keeps, and the id to remove it by."""

    id: int
    hero: CatalogHero


def most() -> int:
    """A group keeps no more heroes than the box holds different ones: no table could start with more."""
    return min(group_cards.MOST, CATALOG_SIZE)


def kept(group_id: int) -> list[KeptHero]:
    """The group's heroes in the order a table lists them. A card that cannot be read, or a second card of a name,
    is left out: a table starting with it could not be replayed."""
    found: dict[str, KeptHero] = {}
    for card in group_cards.cards_of(store(), group_id, GAME):
        try:
            entry = HeroEntryIn.model_validate(card.card)
        except ValidationError:
            continue
        if not lfg.card_problems(entry.card()):
            hero = CatalogHero(entry.card(), entry.copies)
            found.setdefault(hero.key, KeptHero(card.id, hero))
    ordered = sorted(found.values(), key=lambda k: unicodedata.normalize("NFKD", k.hero.key))
    return ordered[:CATALOG_SIZE]


def _card(entry: HeroEntryIn) -> dict[str, Any]:
    """What the group keeps of a hero entry: the card and its copies (which card a table changed is the table's)."""
    return entry.model_dump(mode="json", exclude={"was"})


def starting_values(slug: str, values: dict[str, Any], group_id: int | None) -> dict[str, Any]:
    """A new table's option values with the heroes it starts with: a new LFG table of a group starts with the
    group's heroes, kept in its setup as a copied catalog is (so its replay never reads the group's cards again).
    Copying an earlier table, heroes given outright, or the form's choice of none leave them out."""
    if slug != GAME or "heroes" in values:
        return values
    chosen = str(values.get("copy_from", "")).strip()
    if chosen == NO_HEROES:
        return {k: v for k, v in values.items() if k != "copy_from"} | {"heroes": []}
    heroes = [k.hero.form() for k in kept(group_id)] if group_id is not None and not chosen else []
    return values | {"heroes": heroes} if heroes else values


def keep_entered(row: TableRow, kind: str, payload: dict[str, Any]) -> None:
    """A hero entered at one of a group's LFG tables is kept with the group too, so its next table has it; a hero
    the group has by that name stays as the group has it, and one removed at a table stays with the group."""
    if row.game != GAME or kind != "hero":
        return
    try:
        entry = HeroEntryIn.model_validate(payload)
    except ValidationError:
        return
    group_cards.keep(store(), row.group_id, GAME, entry.hero, _card(entry), most(), unique=True)


def _show(
    errors: dict[str, str] | None = None, values: dict[str, Any] | None = None, status: int = 200
) -> ResponseReturnValue:
    found = group()
    heroes = kept(found.id)
    return page(
        "lfg/group_heroes.html",
        status=status,
        group=found,
        heroes=heroes,
        full=len(heroes) >= most(),
        most=most(),
        errors=errors or {},
        values=values or {},
        back=_back(),
    )


def _back() -> str | None:
    """The table page the phone came from, to go back to (only a table's own address)."""
    back = request.values.get("back", "")
    return back if back.startswith("/t/") and back[3:].replace("-", "").replace("_", "").isalnum() else None


def problems_of(values: dict[str, Any], heroes: list[KeptHero]) -> tuple[HeroEntryIn | None, list[Problem]]:
    """The card the form makes, or every problem with it at once: its fields, a role, a name the group has, and
    room for one more."""
    entry, problems = None, []
    try:
        entry = HeroEntryIn.model_validate(HeroForm.model_validate(values).to_payload())
    except ValidationError as exc:
        problems = validation_problems(exc)
    roles = tuple(role for role in lfg.ROLES if str(values.get(role, "")).lower() in ON)
    problems += [p for p in lfg.card_problems(lfg.HeroCard("-", roles, 0, 0)) if p.loc == "roles"]
    name = unicodedata.normalize("NFC", str(values.get("name", "")).strip()).casefold()
    if taken := next((k.hero.name for k in heroes if k.hero.key == name), None):
        problems.append(Problem("name", f"{taken} is already among the group's heroes: remove it first to change it"))
    if len(heroes) >= most():
        problems.append(Problem("form", f"A group keeps at most {most()} heroes: remove one first."))
    return (None if problems else entry), problems


def _located(problems: list[Problem]) -> dict[str, str]:
    """Problems by form field, those of one field together."""
    errors: dict[str, str] = {}
    for problem in problems:
        loc = HeroForm.field_of(problem.loc.split("[")[0]) or "form"
        errors[loc] = f"{errors[loc]} {problem.msg}" if loc in errors else problem.msg
    return errors


@bp.get("")
def show() -> ResponseReturnValue:
    return _show()


@bp.post("")
def add() -> ResponseReturnValue:
    values = {k: v for k, v in request.form.items() if k not in FORM_ONLY}
    entry, problems = problems_of(values, kept(group().id))
    if entry is None:
        return _show(_located(problems), values, 422)
    if not group_cards.keep(store(), group().id, GAME, entry.hero, _card(entry), most(), unique=True):
        return _show(
            {"form": "Another phone kept a hero just now: see the list, then add this one again."}, values, 422
        )
    return redirect(_back() or url_for("lfg_heroes.show"), 303)


@bp.post("/<int:card_id>/delete")
def remove(card_id: int) -> ResponseReturnValue:
    group_cards.forget(store(), group().id, card_id)
    return redirect(url_for("lfg_heroes.show"), 303)
