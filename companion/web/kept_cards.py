"""The cards a group keeps for a game (`/g/<token>/<path>`, one page for each game whose spec keeps cards):
entered once, then picked with a tap at any of the group's tables. Only the group's own link reaches them, and a
table sees only its own group's cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, redirect, request, url_for
from flask.typing import ResponseReturnValue

from companion.groups import cards as group_cards

from ..gamespec import GameSpec, KeptCards
from ..specs import SPECS
from ..storage.store import TableRow
from . import store
from .group_link import group, group_blueprint
from .render import page

FORM_ONLY = ("csrf_token", "back")  # what a page's form posts that is no part of a card


def kept(spec: GameSpec, group_id: int | None) -> list[Any]:
    """The group's cards for the game, as the game reads them (none without a group or a game that keeps none)."""
    if spec.kept is None or group_id is None:
        return []
    return spec.kept.read(group_cards.cards_of(store(), group_id, spec.slug))


def keep_entered(row: TableRow, kind: str, payload: Mapping[str, Any]) -> None:
    """A table entry that is also a card its group keeps (as the game's spec says) is kept with the group too."""
    spec = SPECS.get(row.game)
    cards = spec.kept if spec else None
    if cards is None or cards.entered is None or row.group_id is None:
        return
    if found := cards.entered(kind, payload):
        group_cards.keep(store(), row.group_id, row.game, *found, cards.most, unique=cards.unique)


def starting_values(slug: str, values: dict[str, Any], group_id: int | None) -> dict[str, Any]:
    """A new table's option values, with the group's cards its game starts a table with."""
    spec = SPECS.get(slug)
    if spec is None or spec.kept is None or spec.kept.start is None:
        return values
    return spec.kept.start(values, kept(spec, group_id))


def blueprint() -> Blueprint:
    """One page (and its add and remove) for each game that keeps cards, at the address its spec gives."""
    bp = group_blueprint("kept_cards", __name__, "/g/<token>")
    for spec in SPECS.values():
        if spec.kept is not None:
            _routes(bp, spec, spec.kept)
    return bp


def _routes(bp: Blueprint, spec: GameSpec, cards: KeptCards) -> None:
    name = spec.slug.replace("-", "_")

    def show() -> ResponseReturnValue:
        return _show(spec)

    def add() -> ResponseReturnValue:
        values = {k: v for k, v in request.form.items() if k not in FORM_ONLY}
        found, errors = cards.check(values, kept(spec, group().id))
        if found is None:
            return _show(spec, errors, values, 422)
        if not group_cards.keep(store(), group().id, spec.slug, *found, cards.most, unique=cards.unique):
            return _show(spec, {"form": cards.refused}, values, 422)
        return redirect(_back() or url_for(f"kept_cards.show_{name}"), 303)

    def remove(card_id: int) -> ResponseReturnValue:
        group_cards.forget(store(), group().id, card_id)
        return redirect(url_for(f"kept_cards.show_{name}"), 303)

    bp.add_url_rule(f"/{cards.path}", f"show_{name}", show, methods=["GET"])
    bp.add_url_rule(f"/{cards.path}", f"add_{name}", add, methods=["POST"])
    bp.add_url_rule(f"/{cards.path}/<int:card_id>/delete", f"remove_{name}", remove, methods=["POST"])


def _show(
    spec: GameSpec, errors: dict[str, str] | None = None, values: dict[str, Any] | None = None, status: int = 200
) -> ResponseReturnValue:
    assert spec.kept is not None
    found = group()
    cards = kept(spec, found.id)
    context = {"group": found, "cards": cards, "errors": errors or {}, "values": values or {}, "back": _back()}
    return page(spec.kept.template, status=status, **context, **spec.kept.context(cards))


def _back() -> str | None:
    """The table page the phone came from, to go back to (only a table's own address)."""
    back = request.values.get("back", "")
    return back if back.startswith("/t/") and back[3:].replace("-", "").replace("_", "").isalnum() else None
