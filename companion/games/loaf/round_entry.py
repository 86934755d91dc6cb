"""A L'oaf table's round entry: its canonical payload, which is one element of POST /api/v1/loaf/game's `rounds`
(order, plays, review, choices), how a version-1 payload (the round form's own fields) reads as one, and the
review cards a form may name by key (the real round cards, and the quick picks offered before them).

Version 1 stored what the round form validated: `average`, `total`, `plays`, a `review` card (a quick pick's key,
or "other" with each side set field by field as `<side>_effect`, `<side>_target`, `<side>_amount`) and `choices`
(each player's picked cards, comma-separated). Blank fields counted as not given, a quick pick ignored the sides,
and a side ignored a target or an X its effect does not take.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, get_args

from pydantic import SerializerFunctionWrapHandler, model_serializer

from companion.games import Payload, PayloadView, Problem, Raw, msg
from companion.games.loaf.engine.cards import ROUND_CARDS
from companion.games.loaf.engine.effects import Effect
from companion.games.loaf.engine.json_shapes import effect_to_json
from companion.games.loaf.schemas import LoafRound

SIDES = ("success", "failure")
SideKind = Literal[
    "up",
    "down",
    "discard",
    "retrieve_lowest",
    "take_back_lower",
    "take_back_higher",
    "bonus_points",
    "minus_points",
    "double_bonus",
    "double_minus",
    "double_success",
    "double_failure",
    "empty_double",
    "empty",
]
SIDE_KINDS = frozenset(get_args(SideKind))
BASIC_TARGETS = ("highest", "lowest", "good", "bad")
ADVANCED_TARGETS = ("zero", "all")
AMOUNT_KINDS = frozenset(
    ("up", "down", "discard", "take_back_lower", "take_back_higher", "bonus_points", "minus_points")
)
TARGETED = AMOUNT_KINDS | {"retrieve_lowest"}
OTHER = "other"
# The effect keys of the API's effect object that carry the X of the card (the others are true/false flags).
AMOUNT_KEYS = frozenset(
    ("reputation", "discard", "take_back_lower", "take_back_higher", "bonus_points", "minus_points")
)
CHOICE_OF = {"discard": "discard", "take_back_lower": "take_back", "take_back_higher": "take_back"}


def _basic(success: tuple[str, int], failure: tuple[str, int]) -> tuple[str, Effect, Effect]:
    s, f = Effect("reputation", success[0], success[1]), Effect("reputation", failure[0], failure[1])  # type: ignore[arg-type]
    return f"{success[0]}{success[1]:+d}/{failure[0]}{failure[1]:+d}", s, f


# The quick picks offered before the real round cards were: none of them is a real card, so they are no longer
# offered, but what was entered with them (a version-1 round, a form sent from a page open since) still reads.
RETIRED_PICKS: dict[str, tuple[Effect, Effect]] = {
    key: (s, f)
    for key, s, f in (
        _basic(("highest", 1), ("lowest", -1)),
        _basic(("highest", 2), ("lowest", -2)),
        _basic(("good", 1), ("bad", -1)),
        _basic(("good", 1), ("lowest", -2)),
        _basic(("highest", 2), ("bad", -1)),
        _basic(("lowest", 1), ("highest", -1)),
    )
}
# Every review card a form may name by its key: the real round cards, and the retired quick picks.
PICKS: dict[str, tuple[Effect, Effect]] = RETIRED_PICKS | {
    key: (card.success, card.failure) for key, card in ROUND_CARDS.items()
}


class RoundEntryIn(LoafRound):
    """One round (version 2): the same object as an element of POST /api/v1/loaf/game's `rounds`. Fields left out
    (or null) are not written back, nor are empty `choices`."""

    @model_serializer(mode="wrap")
    def _without_blanks(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        out = _pruned(handler(self))
        return out if out.get("choices") else {k: v for k, v in out.items() if k != "choices"}


def _pruned(value: Raw) -> Raw:
    if isinstance(value, dict):
        return {k: _pruned(v) for k, v in value.items() if v is not None}
    return value


def effect_json(kind: str, target: str | None, amount: int | None) -> dict[str, object]:
    """One side of a review card as the round form sets it (`up` 2, `discard` 1...), as the API's effect object."""
    if kind in ("up", "down"):
        return {"target": target, "reputation": amount if kind == "up" else -(amount or 0)}
    if kind in TARGETED:
        return {"target": target, kind: amount if kind in AMOUNT_KINDS else True}
    return {kind: True}


def pick_json(key: str) -> dict[str, dict[str, object]]:
    """A picked card's two sides (a real round card or a retired quick pick) as the API's review object."""
    success, failure = PICKS[key]
    return {"success": effect_to_json(success), "failure": effect_to_json(failure)}


def review_problems(fields: PayloadView) -> list[Problem]:
    """What keeps the round form's fields (blanks left out) from naming a whole review card, by form field."""
    review = fields.get("review")
    if review in PICKS:
        return []
    if review not in (None, OTHER):
        return [Problem("review", msg("pick one of the listed review cards"))]
    if review is None and not any(f"{side}_effect" in fields for side in SIDES):
        return [Problem("review", msg("pick this round's review card"))]
    problems = []
    for side in SIDES:
        kind = fields.get(f"{side}_effect")
        if kind not in SIDE_KINDS:
            said = msg("pick the success effect") if side == "success" else msg("pick the failure effect")
            problems.append(Problem(f"{side}_effect", said))
        if kind in TARGETED and fields.get(f"{side}_target") is None:
            problems.append(Problem(f"{side}_target", msg("pick whom the effect hits")))
        if kind in AMOUNT_KINDS and fields.get(f"{side}_amount") is None:
            problems.append(Problem(f"{side}_amount", msg("how many? (the X on the card)")))
    return problems


def review_json(fields: PayloadView) -> dict[str, dict[str, object]]:
    """The review card the round form's fields name (check `review_problems` first), as the API's review object."""
    review = fields.get("review")
    if review in PICKS:
        return pick_json(review)
    return {
        side: effect_json(fields[f"{side}_effect"], fields.get(f"{side}_target"), fields.get(f"{side}_amount"))
        for side in SIDES
    }


def choices_json(choices: Mapping[str, object], review: Mapping[str, Mapping[str, object]]) -> dict[str, object]:
    """Picked cards ("3,7" by player) as the API's choices, of the kind the review card can ask for: a discard, a
    take-back (one card), or both when its sides ask one each (the round's outcome tells which is read). Picks no
    effect of the card could ask for are left out, as the table always ignored them."""
    kinds = {CHOICE_OF[key] for effect in review.values() for key in effect if key in CHOICE_OF}
    out: dict[str, object] = {}
    for name, text in choices.items():
        cards = _cards(str(text))
        if cards is None:
            continue
        choice: dict[str, object] = {"discard": cards} if "discard" in kinds else {}
        if "take_back" in kinds and len(cards) == 1:
            choice["take_back"] = cards[0]
        if choice:
            out[name] = choice
    return out


def _cards(text: str) -> list[int] | None:
    """Cards from their text ("3,7"); None when a part is no card number (refused wherever it was asked for)."""
    parts = text.split(",")
    if not all(part.isdigit() for part in parts):
        return None
    try:
        return [int(part) for part in parts]
    except ValueError:  # a digit that is no number, such as "²"
        return None


def round_v1_to_v2(payload: Payload) -> Payload:
    """A version-1 round (the round form's fields) as the canonical round."""
    fields = {k: v for k, v in payload.items() if v is not None and v != ""}
    if problems := review_problems(fields):
        raise ValueError("; ".join(p.msg for p in problems))
    review = review_json(fields)
    order = {"average": fields["average"]} | ({"total": fields["total"]} if "total" in fields else {})
    out = {"order": order, "plays": dict(fields.get("plays") or {}), "review": review}
    choices = choices_json(fields.get("choices") or {}, review)
    return out | ({"choices": choices} if choices else {})


def side_values(side: str, effect: PayloadView) -> dict[str, object]:
    """One side of a review card (its canonical effect) as the form's fields: `<side>_effect`, `_target`,
    `_amount`; nothing for a side with no effect."""
    kind = next((k for k, v in effect.items() if k != "target" and v not in (None, False)), None)
    if kind is None:
        return {}
    amount = effect[kind] if kind in AMOUNT_KEYS else None
    if kind == "reputation":
        kind, amount = ("up" if effect[kind] > 0 else "down"), abs(effect[kind])
    values = {f"{side}_effect": kind, f"{side}_target": effect.get("target"), f"{side}_amount": amount}
    return {k: v for k, v in values.items() if v is not None}
