"""The forms that enter one part of a L'oaf round (loaf_parts.py): a tap on a card, an order, a review card (a
real round card, one of the group's cards, or sides set one by one) or a player's choice."""

from __future__ import annotations

import json
from collections.abc import Mapping

from pydantic import Field, ValidationError, model_validator
from pydantic_core import InitErrorDetails

from companion.games import Payload, Problem, Raw, msg
from companion.games.loaf.engine.cards import ROUND_CARDS
from companion.games.loaf.engine.effects import Target
from companion.games.loaf.parts import CardPart, ChoicePart, OrderPart, ReviewPart
from companion.games.loaf.round_entry import (
    AMOUNT_KEYS,
    AMOUNT_KINDS,
    OTHER,
    PICKS,
    SIDE_KINDS,
    SIDES,
    TARGETED,
    SideKind,
    effect_json,
    pick_json,
    side_values,
)
from companion.games.loaf.schemas import LoafEffect
from companion.schemas import EntryForm, refused


def _filled(data: Raw) -> Raw:
    """Blank fields count as not given."""
    if not isinstance(data, Mapping):
        return data
    return {k: v for k, v in data.items() if v is not None and v != ""}


def _refuse(model: str, problems: list[Problem]) -> None:
    if problems:
        details = [InitErrorDetails(type=refused("part", p.msg), loc=(p.loc,), input=None) for p in problems]
        raise ValidationError.from_exception_data(model, details)


class OrderForm(EntryForm):
    """The order card: a tap on its work per player; the printed total when the card shows another one."""

    round: int
    average: int
    total: int | None = None

    _blanks = model_validator(mode="before")(_filled)

    def to_payload(self) -> Payload:
        return OrderPart.model_validate(self.model_dump()).model_dump(mode="json")


class CardForm(EntryForm):
    """One player's card: a tap on it."""

    round: int
    player: str = Field(max_length=40)
    card: int

    _blanks = model_validator(mode="before")(_filled)

    def to_payload(self) -> Payload:
        return CardPart.model_validate(self.model_dump()).model_dump(mode="json")

    @classmethod
    def field_of(cls, loc: str) -> str:
        return "card" if loc in ("card", "player") else loc or "form"


class ReviewForm(EntryForm):
    """The review card: one of the real round cards (`review`, its key), one of the group's cards (`card`, its sides as
    JSON), or the sides set one by one (a side left empty is not entered)."""

    round: int
    review: str | None = Field(None, max_length=40)
    card: str | None = Field(None, max_length=2000)
    name: str | None = Field(None, max_length=60)
    success_effect: SideKind | None = None
    success_target: Target | None = None
    success_amount: int | None = Field(None, ge=1, le=20)
    failure_effect: SideKind | None = None
    failure_target: Target | None = None
    failure_amount: int | None = Field(None, ge=1, le=20)

    _blanks = model_validator(mode="before")(_filled)

    @model_validator(mode="after")
    def _names_a_side(self) -> ReviewForm:
        _refuse(type(self).__name__, self._problems())
        return self

    def _problems(self) -> list[Problem]:
        if self.card is not None:
            return (
                [] if _group_card(self.card) else [Problem("review", msg("that card could not be read: pick it again"))]
            )
        if self.review in PICKS:
            return []
        if self.review not in (None, OTHER):
            return [Problem("review", msg("pick one of the listed review cards"))]
        problems = []
        for side in SIDES:
            kind, target, amount = (getattr(self, f"{side}_{key}") for key in ("effect", "target", "amount"))
            if kind in TARGETED and target is None:
                problems.append(Problem(f"{side}_target", msg("pick whom the effect hits")))
            if kind in AMOUNT_KINDS and amount is None:
                problems.append(Problem(f"{side}_amount", msg("how many? (the X on the card)")))
        if not any(getattr(self, f"{side}_effect") in SIDE_KINDS for side in SIDES):
            problems.append(Problem("review", msg("pick this round's review card")))
        return problems

    def to_payload(self) -> Payload:
        out: dict[str, object] = {"round": self.round}
        if self.card is not None:
            out |= _group_card(self.card) or {}
        elif self.review in PICKS:
            out |= pick_json(self.review)
            out |= {"name": ROUND_CARDS[self.review].name} if self.review in ROUND_CARDS else {}
        else:
            for side in SIDES:
                kind = getattr(self, f"{side}_effect")
                if kind is not None:
                    out[side] = effect_json(kind, getattr(self, f"{side}_target"), getattr(self, f"{side}_amount"))
            out |= {"name": self.name} if self.name else {}
        return ReviewPart.model_validate(out).model_dump(mode="json")

    @classmethod
    def values_of(cls, payload: Payload) -> dict[str, object]:
        values: dict[str, object] = {"round": payload["round"], "review": OTHER}
        values |= {"name": payload["name"]} if payload.get("name") else {}
        for side in SIDES:
            values |= side_values(side, payload.get(side) or {})
        return values

    @classmethod
    def field_of(cls, loc: str) -> str:
        side, _, key = loc.partition(".")
        if side not in SIDES:
            return "review" if loc.startswith("review") or not loc else loc
        if key == "target":
            return f"{side}_target"
        return f"{side}_amount" if key in AMOUNT_KEYS else f"{side}_effect"


def _group_card(text: str) -> dict[str, object] | None:
    """A group's card as its button sends it: {"name", "success", "failure"}; None when it cannot be read."""
    try:
        data = json.loads(text)
        sides = {side: LoafEffect.model_validate(data[side]).model_dump(exclude_none=True) for side in SIDES}
    except (ValueError, TypeError, KeyError, ValidationError):
        return None
    name = data.get("name")
    return sides | ({"name": name[:60]} if isinstance(name, str) and name else {})


class ChoiceForm(EntryForm):
    """A player's pick for the round's effect: the cards to discard (`pick-<card>` boxes, or `cards` as "3,7"), or,
    when `ask` is "take_back", the one card discarded instead of the played one."""

    round: int
    player: str = Field(max_length=40)
    ask: str = Field(pattern="^(discard|take_back)$")
    cards: list[int] = Field(default_factory=list, max_length=12)

    @model_validator(mode="before")
    @classmethod
    def _from_form(cls, data: Raw) -> Raw:
        data = _filled(data)
        if not isinstance(data, Mapping):
            return data
        out = {k: v for k, v in data.items() if not k.startswith("pick-") and k != "cards"}
        cards = [v for v in str(data.get("cards", "")).split(",") if v.strip()]
        cards += [k.removeprefix("pick-") for k in data if k.startswith("pick-")]
        return out | {"cards": sorted({c.strip() for c in cards}, key=lambda c: (len(c), c))}

    @model_validator(mode="after")
    def _picked(self) -> ChoiceForm:
        _refuse(type(self).__name__, [] if self.cards else [Problem("cards", msg("pick the card(s)"))])
        return self

    def to_payload(self) -> Payload:
        pick: dict[str, object] = {"discard": self.cards} if self.ask == "discard" else {"take_back": self.cards[0]}
        part = ChoicePart.model_validate({"round": self.round, "player": self.player} | pick)
        return part.model_dump(mode="json")

    @classmethod
    def values_of(cls, payload: Payload) -> dict[str, object]:
        ask = "discard" if payload.get("discard") is not None else "take_back"
        cards = payload["discard"] if ask == "discard" else [payload["take_back"]]
        return {"round": payload["round"], "player": payload["player"], "ask": ask, "cards": ",".join(map(str, cards))}

    @classmethod
    def field_of(cls, loc: str) -> str:
        return "cards" if not loc or loc.startswith(("choices", "discard", "take_back")) else loc
