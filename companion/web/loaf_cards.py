"""The L'oaf review cards a group keeps (`/g/<token>/loaf-cards`): entered once with both sides, then one tap at any
of the group's tables picks one. Only the group's own link reaches them, and a table shows only its group's cards."""

from __future__ import annotations

from typing import Any

from flask import redirect, request, url_for
from flask.typing import ResponseReturnValue
from pydantic import ValidationError

from .. import group_cards
from ..schemas import validation_problems
from ..schemas.loaf_cards import GroupCardForm
from ..schemas.loaf_round import ADVANCED_TARGETS, BASIC_TARGETS
from ..tables.loaf import SIDE_KINDS, TARGET_LABELS
from ..tables.loaf_kept import KeptCard, kept_cards
from . import store
from .group_link import group, group_blueprint
from .render import page

GAME = "loaf"
bp = group_blueprint("loaf_cards", __name__, "/g/<token>/loaf-cards")


def kept(group_id: int) -> list[KeptCard]:
    """The group's review cards (any that cannot be read are left out)."""
    return kept_cards(group_cards.cards_of(store(), group_id, GAME))


def _show(errors: dict[str, str] | None = None, values: dict[str, Any] | None = None, status: int = 200) -> Any:
    found = group()
    return page(
        "loaf/group_cards.html",
        status=status,
        group=found,
        cards=kept(found.id),
        errors=errors or {},
        values=values or {},
        back=_back(),
        side_kinds=SIDE_KINDS,
        targets=BASIC_TARGETS + ADVANCED_TARGETS,
        target_labels=TARGET_LABELS,
    )


def _back() -> str | None:
    """The table page the phone came from, to go back to (only a table's own address)."""
    back = request.values.get("back", "")
    return back if back.startswith("/t/") and back[3:].replace("-", "").replace("_", "").isalnum() else None


@bp.get("")
def show() -> ResponseReturnValue:
    return _show()


@bp.post("")
def add() -> ResponseReturnValue:
    values = {k: v for k, v in request.form.items() if k not in ("csrf_token", "back")}
    try:
        form = GroupCardForm.model_validate(values)
    except ValidationError as exc:
        errors = {p.loc or "form": p.msg for p in validation_problems(exc)}
        return _show(errors, values, 422)
    if not group_cards.keep(store(), group().id, GAME, form.name, form.card()):
        return _show({"form": f"A group keeps at most {group_cards.MOST} cards: remove one first."}, values, 422)
    return redirect(_back() or url_for("loaf_cards.show"), 303)


@bp.post("/<int:card_id>/delete")
def remove(card_id: int) -> ResponseReturnValue:
    group_cards.forget(store(), group().id, card_id)
    return redirect(url_for("loaf_cards.show"), 303)
