"""L'oaf requests: the whole game replayed from its rounds (JSON). A table's round entry is one of these rounds
(see loaf_round.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pydantic import Field

from companion.games import Problem, RuleError, raise_if
from companion.games.loaf import engine as loaf
from companion.games.loaf.engine.effects import Target
from companion.schemas import Endpoint, Name, StrictModel

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
    empty_double: bool | None = Field(None, description="an empty card's side that counts as two")
    empty: bool | None = Field(None, description="an empty card's other side, which counts as one")


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


def game(request: LoafGameRequest) -> dict[str, object]:
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

    response: Mapping[str, object] | None = field(default=None, hash=False, compare=False)


ENDPOINTS = [
    GameEndpoint(
        "/loaf/game",
        LoafGameRequest,
        game,
        "Replay a whole L'oaf game from its rounds: reputation, bosses, hands, and once over scores and winners.",
        GAME_ANSWER,
    ),
]
