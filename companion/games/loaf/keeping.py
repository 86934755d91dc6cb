"""The L'oaf review cards a group keeps, on the group's page of them: each entered once with both sides, then one
tap at any of the group's tables picks it."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import ValidationError

from companion.games import Text, msg
from companion.games.loaf.group_card import GroupCardForm
from companion.games.loaf.kept import KeptCard, kept_cards
from companion.games.loaf.labels import SIDE_KINDS, TARGET_LABELS
from companion.games.loaf.round_entry import ADVANCED_TARGETS, BASIC_TARGETS
from companion.gamespec import Checked, KeptCards
from companion.groups.cards import MOST
from companion.schemas import validation_problems


def check(values: Mapping[str, str], _cards: list[KeptCard]) -> Checked:
    """The card the page's form makes (its name and both sides), or what is wrong with it, by field."""
    try:
        form = GroupCardForm.model_validate(dict(values))
    except ValidationError as exc:
        return None, {
            p.loc or "form": p.msg if isinstance(p.msg, Text) else Text(p.msg) for p in validation_problems(exc)
        }
    return (form.name, form.card()), {}


def context(_cards: list[KeptCard]) -> dict[str, object]:
    """What the page's form offers for each side."""
    return {"side_kinds": SIDE_KINDS, "targets": BASIC_TARGETS + ADVANCED_TARGETS, "target_labels": TARGET_LABELS}


KEPT = KeptCards(
    "loaf-cards",
    msg("L'oaf review cards"),
    "loaf/group_cards.html",
    kept_cards,
    check,
    context,
    most=MOST,
    refused=msg("A group keeps at most %(most)s cards: remove one first.", most=MOST),
)
