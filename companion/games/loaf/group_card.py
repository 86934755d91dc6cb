"""A review card a group keeps: its name and both of its sides, set once on the group's page."""

from __future__ import annotations

from pydantic import Field, ValidationError, model_validator
from pydantic_core import InitErrorDetails

from companion.games import Raw
from companion.games.loaf.engine.effects import Target
from companion.games.loaf.round_entry import OTHER, SIDES, SideKind, effect_json, review_problems
from companion.schemas import FormModel, Name, refused


class GroupCardForm(FormModel):
    """Both sides of a review card, as the round form sets them one by one, and what the group calls it."""

    name: Name
    success_effect: SideKind | None = None
    success_target: Target | None = None
    success_amount: int | None = Field(None, ge=1, le=20)
    failure_effect: SideKind | None = None
    failure_target: Target | None = None
    failure_amount: int | None = Field(None, ge=1, le=20)

    @model_validator(mode="before")
    @classmethod
    def _blanks(cls, data: Raw) -> Raw:
        return {k: v for k, v in data.items() if v not in (None, "")} if isinstance(data, dict) else data

    @model_validator(mode="after")
    def _both_sides(self) -> GroupCardForm:
        fields = {k: v for k, v in self.model_dump().items() if v is not None} | {"review": OTHER}
        if problems := review_problems(fields):
            details = [InitErrorDetails(type=refused("card", p.msg), loc=(p.loc,), input=None) for p in problems]
            raise ValidationError.from_exception_data(type(self).__name__, details)
        return self

    def card(self) -> dict[str, object]:
        """The card's two sides, as the API's review object."""
        return {
            side: effect_json(
                getattr(self, f"{side}_effect"), getattr(self, f"{side}_target"), getattr(self, f"{side}_amount")
            )
            for side in SIDES
        }
