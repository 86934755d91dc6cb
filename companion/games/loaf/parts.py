"""A L'oaf round entered in parts, so that every phone can enter its own: the order, one player's card, the review
card (one side is enough when only that one applies) and one player's choice. Each part names its round; the round
is played once all of its parts are in (`pending`)."""

from __future__ import annotations

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer, model_validator

from companion.games import Raw, msg
from companion.games.loaf.schemas import LoafEffect
from companion.schemas import Name, StrictModel, refused

ROUND = Field(ge=1, le=60, description="the round this part belongs to (1 for the first)")


def _pruned(value: Raw) -> Raw:
    if isinstance(value, dict):
        return {k: _pruned(v) for k, v in value.items() if v is not None}
    return value


class Part(StrictModel):
    """Fields left out (or null) are not written back."""

    @model_serializer(mode="wrap")
    def _without_blanks(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        out: dict[str, object] = _pruned(handler(self))
        return out


class OrderPart(Part):
    """The round's order card: work per player, and the printed total when it is not average × players."""

    round: int = ROUND
    average: int = Field(description="work per player, 0 to 11")
    total: int | None = Field(None, description="the printed total, when it is not average × players")


class CardPart(Part):
    """The card one player played this round."""

    round: int = ROUND
    player: Name
    card: int = Field(description="the work card played, 0 to 11")


class ReviewPart(Part):
    """The round's review card: its success side, its failure side, or both. Only the side matching the round's
    outcome is needed; `name` is what the players call the card, for the log."""

    round: int = ROUND
    name: str | None = Field(None, max_length=60, description="the card's name, for the log")
    success: LoafEffect | None = None
    failure: LoafEffect | None = None

    @model_validator(mode="after")
    def _has_a_side(self) -> ReviewPart:
        if self.success is None and self.failure is None:
            raise refused("review_side", msg("give the review card's success side, its failure side, or both"))
        return self


class ChoicePart(Part):
    """What one player chose for the round's effect: the cards to discard, or the card to discard after taking
    the played one back."""

    round: int = ROUND
    player: Name
    discard: list[int] | None = Field(None, max_length=12, description="the cards a discard effect throws away")
    take_back: int | None = Field(None, description="the card discarded after taking the played card back")

    @model_validator(mode="after")
    def _has_a_pick(self) -> ChoicePart:
        if self.discard is None and self.take_back is None:
            raise refused("choice", msg("give the cards to discard or the card discarded after a take-back"))
        return self
