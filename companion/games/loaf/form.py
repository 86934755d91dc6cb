"""The L'oaf table's forms: the options a table starts with, and the round form that makes a round entry.

The round form keys a round by player name (`card-<name>`, `choice-<name>`, `pick-<name>-<card>` for several
cards to discard) and sets the review card as a real round card (by key) or side by side; `to_payload` makes the
canonical round (loaf_round.py) of it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pydantic import Field, SerializerFunctionWrapHandler, ValidationError, model_serializer, model_validator
from pydantic_core import InitErrorDetails

from companion.games import Payload, PayloadView, Problem, Raw, msg
from companion.games.loaf.engine.cards import ROUND_CARDS
from companion.games.loaf.engine.effects import Target
from companion.games.loaf.engine.json_shapes import effect_to_json
from companion.games.loaf.round_entry import (
    AMOUNT_KEYS,
    OTHER,
    PICKS,
    SideKind,
    review_problems,
    round_v1_to_v2,
    side_values,
)
from companion.schemas import EntryForm, FormModel, refused

ORDER_MISSING = msg("pick the order card's work per player")


class LoafOptions(FormModel):
    """Chosen when the table starts: whether the advanced (croissant) review cards are in the deck."""

    advanced: bool = False


class RoundForm(EntryForm):
    """One round as the table page enters it: the order, each player's card, the review card, the choices."""

    average: int | None = None  # required: missing, it is refused with the review card's problems
    total: int | None = None
    plays: dict[str, int] = Field(default_factory=dict)
    review: str | None = Field(None, max_length=40)
    success_effect: SideKind | None = None
    success_target: Target | None = None
    success_amount: int | None = Field(None, ge=1, le=20)
    failure_effect: SideKind | None = None
    failure_target: Target | None = None
    failure_amount: int | None = Field(None, ge=1, le=20)
    choices: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _from_form(cls, data: Raw) -> Raw:
        """Blank fields count as not given; `card-<name>` and `choice-<name>`/`pick-<name>-<card>` fields are
        gathered into `plays` and `choices` (a choice is its cards, comma-separated); with a listed review card
        the sides set one by one are dropped."""
        if not isinstance(data, Mapping):
            return data
        out: dict[str, object] = {}
        plays: dict[str, object] = dict(data.get("plays") or {})
        picks: dict[str, list[str]] = {k: str(v).split(",") for k, v in (data.get("choices") or {}).items()}
        for key, value in data.items():
            if value is None or value == "" or key in ("plays", "choices"):
                continue
            if key.startswith("card-"):
                plays[key[5:]] = value
            elif key.startswith("choice-"):
                picks.setdefault(key[7:], []).extend(str(value).split(","))
            elif key.startswith("pick-") and "-" in key[5:]:
                name, card = key[5:].rsplit("-", 1)
                picks.setdefault(name, []).append(card)
            else:
                out[key] = value
        cleaned = {
            name: ",".join(sorted({c.strip() for c in cards if c.strip()}, key=_card_order))
            for name, cards in picks.items()
        }
        if out.get("review") in PICKS:  # a listed card: the sides set one by one are hidden, so unused
            out = {k: v for k, v in out.items() if not k.startswith(("success_", "failure_"))}
        return out | {"plays": plays, "choices": {k: v for k, v in cleaned.items() if v}}

    @model_validator(mode="after")
    def _names_an_order_and_a_review_card(self) -> RoundForm:
        """A round names its order and its whole review card (a listed card, or each side's effect with its target
        and X): what is missing of both is refused at once."""
        problems = [Problem("average", ORDER_MISSING)] if self.average is None else []
        problems += review_problems(self.model_dump())
        if problems:
            details = [InitErrorDetails(type=refused("review", p.msg), loc=(p.loc,), input=None) for p in problems]
            raise ValidationError.from_exception_data(type(self).__name__, details)
        return self

    @model_serializer(mode="wrap")
    def _without_blanks(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        return {k: v for k, v in handler(self).items() if v not in (None, {})}

    def to_payload(self) -> Payload:
        """The canonical round: what the fields mean, as the game calculator's round object."""
        return round_v1_to_v2(self.model_dump(mode="json"))

    @classmethod
    def values_of(cls, payload: Payload) -> dict[str, object]:
        """A canonical round as the form's fields (a review card matching a real round card shows as that card)."""
        order = payload["order"]
        values: dict[str, object] = {"average": order["average"]}
        if order.get("total") is not None:
            values["total"] = order["total"]
        values |= {f"card-{name}": card for name, card in payload.get("plays", {}).items()}
        values |= _review_values(payload["review"])
        for name, choice in (payload.get("choices") or {}).items():
            cards = choice.get("discard")
            cards = cards if cards is not None else [choice["take_back"]] if choice.get("take_back") is not None else []
            if cards:
                values[f"choice-{name}"] = ",".join(map(str, cards))
        return values

    @classmethod
    def field_of(cls, loc: str) -> str:
        """The form field of a problem in the canonical round ("plays.Ann" -> "card-Ann")."""
        if loc in _ORDER_FIELDS:
            return _ORDER_FIELDS[loc]
        if loc.startswith("plays."):
            return "card-" + loc.removeprefix("plays.")
        if found := _CHOICE.match(loc):
            return "choice-" + found.group(1)
        if found := _SIDE.match(loc):
            side, key = found.group(1), found.group(2)
            if key == "target":
                return f"{side}_target"
            return f"{side}_amount" if key in AMOUNT_KEYS else f"{side}_effect"
        return "review" if loc == "review" else "form"


_ORDER_FIELDS = {"order": "average", "order.average": "average", "order.total": "total"}
_CHOICE = re.compile(r"choices\.(.+?)(?:\.(?:discard|take_back)(?:\[\d+\])?)?$")
_SIDE = re.compile(r"review\.(success|failure)(?:\.(\w+))?$")


def _review_values(review: PayloadView) -> dict[str, object]:
    sides = {side: dict(review[side]) for side in ("success", "failure")}
    for card in ROUND_CARDS.values():
        if sides == {"success": effect_to_json(card.success), "failure": effect_to_json(card.failure)}:
            return {"review": card.key}
    values: dict[str, object] = {"review": OTHER}
    for side, effect in sides.items():
        values |= side_values(side, effect)
    return values


def _card_order(card: str) -> tuple[int, str]:
    return (int(card), "") if card.isdigit() else (99, card)
