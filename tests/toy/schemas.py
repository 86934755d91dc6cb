"""The toy's entries and requests: points a player scored, as the API and the page's form send them."""

from __future__ import annotations

from pydantic import Field

from companion.schemas import EntryForm, Name, StrictModel

from .engine import GOAL


class PointsIn(StrictModel):
    """Points a player scored."""

    player: Name
    points: int = Field(ge=1, le=GOAL)


class PointsForm(EntryForm):
    player: Name
    points: int = Field(ge=1, le=GOAL)


class ScoreIn(StrictModel):
    points: dict[str, int] = Field(min_length=1, max_length=4)
