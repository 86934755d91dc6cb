"""L'oaf requests: the whole game replayed from its rounds (JSON), and a table's round entry (HTML form).

The form keys a round by player name (`card-<name>`, `choice-<name>`, `pick-<name>-<card>` for several
cards to discard); its payload keeps them as `plays` and `choices` objects so the log can name who played what.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import Field, model_serializer, model_validator

from ..games import loaf
from ..games.base import Problem, RuleError, raise_if
from ..games.loaf_effects import Effect, Target
from . import Endpoint, EntryForm, FormModel, Name, StrictModel

# --- The JSON API -------------------------------------------------------------------------------------------------


class LoafEffect(StrictModel):
    """One side of a review card: a `target` (for the effects that hit some players) and exactly one effect."""

    target: Target | None = None
    reputation: int | None = Field(None, description="+X or -X reputation, now")
    discard: int | None = Field(None, description="discard X cards of their choice")
    retrieve_lowest: bool | None = Field(None, description="take the lowest card of their discard pile back")
    take_back_lower: int | None = Field(None, description="take the played card back, discard one at most X lower")
    take_back_higher: int | None = Field(None, description="take the played card back, discard one at least X higher")
    bonus_points: int | None = Field(None, description="X bonus points at the end of the game")
    minus_points: int | None = Field(None, description="X minus points at the end of the game")
    double_bonus: bool | None = None
    double_minus: bool | None = None
    double_success: bool | None = None
    double_failure: bool | None = None
    empty_double: bool | None = None


class LoafReview(StrictModel):
    success: LoafEffect
    failure: LoafEffect


class LoafOrder(StrictModel):
    average: int = Field(description="work per player, 0 to 11")
    total: int | None = Field(None, description="the printed total, when it is not average × players")


class LoafChoice(StrictModel):
    discard: list[int] | None = Field(None, max_length=12, description="the cards a discard effect throws away")
    take_back: int | None = Field(None, description="the card discarded after taking the played card back")


class LoafRound(StrictModel):
    order: LoafOrder
    plays: dict[str, int] = Field(description="each player's card, by name")
    review: LoafReview
    choices: dict[str, LoafChoice] = Field(default_factory=dict)


class LoafGameRequest(StrictModel):
    players: list[Name] = Field(description="2 to 6 players, in seating order")
    rounds: list[LoafRound] = Field(default_factory=list, max_length=50)


def game(request: LoafGameRequest) -> dict[str, Any]:
    """POST /api/v1/loaf/game: replay every round; a 422 names the round and the player of each problem."""
    problems = _duplicates(request.players)
    rounds: list[loaf.Round] = []
    for index, rnd in enumerate(request.rounds):
        try:
            rounds.append(loaf.round_from_json(rnd.model_dump(), index))
        except RuleError as error:
            problems += error.problems
    raise_if(problems)
    return loaf.to_api(loaf.replay(request.players, rounds))


def _duplicates(names: Sequence[str]) -> list[Problem]:
    seen: set[str] = set()
    problems = []
    for i, name in enumerate(names):
        if name.casefold() in seen:
            problems.append(Problem(f"players[{i}]", f"{name} appears twice: each player needs a different name"))
        seen.add(name.casefold())
    return problems


_EFFECT_JSON = {"type": "object", "additionalProperties": True}
_CHANGE = {
    "type": "object",
    "required": ["player", "delta", "reason", "rule"],
    "properties": {
        "player": {"type": "string"},
        "delta": {"type": "integer"},
        "reason": {"type": "string"},
        "rule": {"type": "string"},
    },
}
GAME_ANSWER = {
    "type": "object",
    "required": ["rounds", "happy", "angry", "ended", "ended_by", "players"],
    "properties": {
        "rounds": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["number", "total", "target", "outcome", "changes"],
                "properties": {
                    "number": {"type": "integer"},
                    "total": {"type": "integer"},
                    "target": {"type": "integer"},
                    "outcome": {"enum": ["success", "failure"]},
                    "boss": {"enum": ["happy", "angry"]},
                    "effect": _EFFECT_JSON,
                    "changes": {"type": "array", "items": _CHANGE},
                    "events": {"type": "array", "items": {"type": "object"}},
                },
            },
        },
        "happy": {"type": "integer", "description": "cards under the Happy Boss, a double counting two"},
        "angry": {"type": "integer", "description": "cards under the Angry Boss, a double counting two"},
        "happy_row": {"type": "array", "items": {"type": "object"}},
        "angry_row": {"type": "array", "items": {"type": "object"}},
        "ended": {"type": "boolean"},
        "ended_by": {"enum": ["happy", "angry", None]},
        "players": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "reputation", "hand", "fired"],
                "properties": {
                    "name": {"type": "string"},
                    "reputation": {"type": "integer"},
                    "hand": {"type": "array", "items": {"type": "integer"}},
                    "discards": {"type": "array", "items": {"type": "integer"}},
                    "fired": {"type": "boolean"},
                    "score": {"type": "integer", "description": "once ended"},
                    "breakdown": {"type": "array", "items": {"type": "object"}},
                },
            },
        },
        "winners": {"type": "array", "items": {"type": "string"}, "description": "once ended"},
        "notes": {"type": "array", "items": {"type": "string"}},
    },
}


@dataclass(frozen=True)
class GameEndpoint(Endpoint):
    """An endpoint whose answer is not the shared Result shape: the OpenAPI document uses `response`."""

    response: Mapping[str, Any] | None = field(default=None, hash=False, compare=False)


ENDPOINTS = [
    GameEndpoint(
        "/loaf/game",
        LoafGameRequest,
        game,
        "Replay a whole L'oaf game from its rounds: reputation, bosses, hands, and once over scores and winners.",
        GAME_ANSWER,
    ),
]

# --- The table's round entry ---------------------------------------------------------------------------------------

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
]
BASIC_KINDS = ("up", "down")
BASIC_TARGETS = ("highest", "lowest", "good", "bad")
ADVANCED_TARGETS = ("zero", "all")
AMOUNT_KINDS = frozenset(
    ("up", "down", "discard", "take_back_lower", "take_back_higher", "bonus_points", "minus_points")
)
TARGETED = AMOUNT_KINDS | {"retrieve_lowest"}
OTHER = "other"


def _basic(success: tuple[str, int], failure: tuple[str, int]) -> tuple[str, Effect, Effect]:
    s, f = Effect("reputation", success[0], success[1]), Effect("reputation", failure[0], failure[1])  # type: ignore[arg-type]
    return f"{success[0]}{success[1]:+d}/{failure[0]}{failure[1]:+d}", s, f


# Quick picks: the common shapes of the basic review cards (crown, broken crown, +1 and -1 targets, ±X).
QUICK_CARDS: dict[str, tuple[Effect, Effect]] = {
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


class LoafOptions(FormModel):
    """Chosen when the table starts: whether the advanced (croissant) review cards are in the deck."""

    advanced: bool = False


class RoundForm(EntryForm):
    """One round as the table page enters it: the order, each player's card, the review card, the choices."""

    average: int
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
    def _from_form(cls, data: Any) -> Any:
        """Blank fields count as not given; `card-<name>` and `choice-<name>`/`pick-<name>-<card>` fields are
        gathered into `plays` and `choices` (a choice is its cards, comma-separated); with a listed review card
        the sides set one by one are dropped."""
        if not isinstance(data, Mapping):
            return data
        out: dict[str, Any] = {}
        plays: dict[str, Any] = dict(data.get("plays") or {})
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
        if out.get("review") in QUICK_CARDS:  # a listed card: the sides set one by one are hidden, so unused
            out = {k: v for k, v in out.items() if not k.startswith(("success_", "failure_"))}
        return out | {"plays": plays, "choices": {k: v for k, v in cleaned.items() if v}}

    @model_serializer(mode="wrap")
    def _without_blanks(self, handler: Any) -> dict[str, Any]:
        return {k: v for k, v in handler(self).items() if v not in (None, {})}

    def review_effects(self, advanced: bool) -> tuple[Effect, Effect]:
        """The review card's two sides, from a quick pick or from the sides set one by one."""
        custom = self.success_effect is not None or self.failure_effect is not None
        if self.review not in (None, OTHER):
            if self.review not in QUICK_CARDS:
                raise RuleError("pick one of the listed review cards", "review")
            return QUICK_CARDS[self.review]
        if not custom and self.review is None:
            raise RuleError("pick this round's review card", "review")
        problems: list[Problem] = []
        sides = [
            self._side("success", self.success_effect, self.success_target, self.success_amount, advanced, problems),
            self._side("failure", self.failure_effect, self.failure_target, self.failure_amount, advanced, problems),
        ]
        raise_if(problems)
        return sides[0], sides[1]  # type: ignore[return-value]

    @staticmethod
    def _side(
        side: str, kind: str | None, target: str | None, amount: int | None, advanced: bool, problems: list[Problem]
    ) -> Effect | None:
        found = len(problems)
        if kind is None:
            problems.append(Problem(f"{side}_effect", f"pick the {side} effect"))
        elif not advanced and kind not in BASIC_KINDS:
            msg = "this table plays the basic review cards only: their effects move reputation"
            problems.append(Problem(f"{side}_effect", msg))
        if kind in TARGETED and target is None:
            problems.append(Problem(f"{side}_target", "pick whom the effect hits"))
        elif kind in TARGETED and not advanced and target in ADVANCED_TARGETS:
            problems.append(Problem(f"{side}_target", "this table plays the basic review cards only"))
        if kind in AMOUNT_KINDS and amount is None:
            problems.append(Problem(f"{side}_amount", "how many? (the X on the card)"))
        if len(problems) > found or kind is None:
            return None
        value = amount or 0
        if kind in ("up", "down"):
            return Effect("reputation", target, value if kind == "up" else -value)  # type: ignore[arg-type]
        return Effect(kind, target if kind in TARGETED else None, value if kind in AMOUNT_KINDS else 0)  # type: ignore[arg-type]

    def to_round(self, advanced: bool) -> loaf.Round:
        """The engine's round, without the players' choices (see `choices_for`)."""
        success, failure = self.review_effects(advanced)
        return loaf.Round(loaf.Order(self.average, self.total), dict(self.plays), loaf.Review(success, failure))

    def choices_for(self, requests: Sequence[loaf.ChoiceRequest]) -> dict[str, loaf.Choice]:
        """The choices the round's effect asks for, read from the form; choices nobody asked for are left out."""
        out: dict[str, loaf.Choice] = {}
        for req in requests:
            text = self.choices.get(req.player)
            if text is None:
                continue
            cards = tuple(int(c) for c in text.split(",") if c.isdigit())
            if len(cards) != len(text.split(",")) or (req.kind == "take_back" and len(cards) != 1):
                raise RuleError(
                    f"pick {req.count} card{'s' if req.count > 1 else ''} for {req.player}", f"choice-{req.player}"
                )
            if req.kind == "discard":
                out[req.player] = loaf.Choice(discard=cards)
            else:
                out[req.player] = loaf.Choice(take_back=cards[0])
        return out


def _card_order(card: str) -> tuple[int, str]:
    return (int(card), "") if card.isdigit() else (99, card)
