"""Koala requests: the end-of-game score calculator, and a table's seat, food, feast and team entries.

Each entry's canonical payload has the fields its form posts, named as the score calculator names them, so a form
makes it as it is (`EntryForm`'s defaults) and the payloads stored before entries had versions are version 1."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, field_validator

from companion.games import Raw
from companion.games.koala import engine as koala
from companion.schemas import Count, Endpoint, EntryForm, FormModel, Name, StrictModel, result_json


class PlayerIn(StrictModel):
    name: Name
    feasts: Count = Field(0, description="feast cards the player holds")
    team: Name | None = Field(None, description='team game only: the team card\'s name, or "?" for no team')

    def to_engine(self) -> koala.Player:
        return koala.Player(self.name, self.feasts, self.team)


class CaveIn(StrictModel):
    white: Name | None = Field(None, description="the player seated at this cave, or null")
    black: Name | None = Field(None, description="the player standing behind the white one, or null")
    pizza: Count = 0
    hamburger: Count = 0
    spaghetti: Count = 0

    def to_engine(self) -> koala.Cave:
        return koala.Cave(self.white, self.black, self.pizza, self.hamburger, self.spaghetti)


class ScoreRequest(StrictModel):
    teams: bool = Field(False, description="the team game: every player then has a team")
    players: list[PlayerIn] = Field(description="3 to 10 players")
    caves: list[CaveIn] = Field(description="as many caves as min(players, 6)")


def unit_json(unit: koala.Unit) -> dict[str, object]:
    """A koalation, lone koala or team as the API lists it under `units`."""
    out: dict[str, object] = {"names": list(unit.names), "points": unit.points, "food": unit.food}
    if unit.team is not None:
        out["team"] = unit.team
    return out


def score(request: ScoreRequest) -> dict[str, object]:
    """POST /api/v1/koala/score."""
    result = koala.score(
        [p.to_engine() for p in request.players], [c.to_engine() for c in request.caves], request.teams
    )
    return {**result_json(result), "units": [unit_json(u) for u in koala.units_of(result)]}


ENDPOINTS = [
    Endpoint(
        "/koala/score",
        ScoreRequest,
        score,
        "Score the end of a Koala game: food majorities of the caves, feasts, koalations or teams.",
    ),
]


# --- a table's entries ----------------------------------------------------------------------------------------

CaveNumber = Annotated[int, Field(ge=1, le=koala.MAX_CAVES, description="the cave's number, from 1")]
FoodCount = Annotated[int, Field(ge=0, le=koala.FOOD_CARDS_PER_FOOD)]
FeastCount = Annotated[int, Field(ge=0, le=koala.FEAST_CARDS, description="feast cards the player holds")]


class SeatEntryIn(StrictModel):
    """Who sits at one cave (its white koala) and who stands behind it (its black koala); null is nobody."""

    cave: CaveNumber
    white: Name | None = None
    black: Name | None = None


class FoodEntryIn(StrictModel):
    """The food cards in one cave, named as the score calculator's caves name them."""

    cave: CaveNumber
    pizza: FoodCount = 0
    hamburger: FoodCount = 0
    spaghetti: FoodCount = 0

    def counts(self) -> tuple[int, int, int]:
        return (self.pizza, self.hamburger, self.spaghetti)


class FeastsEntryIn(StrictModel):
    """The feast cards one player holds."""

    player: Name
    feasts: FeastCount


class TeamEntryIn(StrictModel):
    """One player's team card in the team game: a team's name, or "?" for the card without a team."""

    player: Name
    team: Name


# --- the table page's forms: the same fields, as an HTML form posts them ----------------------------------------


def _blank_is_nobody(value: Raw) -> Raw:
    return None if isinstance(value, str) and not value.strip() else value


class OptionsForm(FormModel):
    """A Koala table's choice when it starts: the team game or not (an unticked box sends nothing)."""

    teams: bool = False


class SeatForm(EntryForm):
    """Who sits at one cave (white koala) and who stands behind it (black koala); empty means nobody."""

    cave: CaveNumber
    white: Name | None = None
    black: Name | None = None

    _nobody = field_validator("white", "black", mode="before")(_blank_is_nobody)


class FoodForm(EntryForm):
    """The food cards in one cave."""

    cave: CaveNumber
    pizza: FoodCount = 0
    hamburger: FoodCount = 0
    spaghetti: FoodCount = 0


class FeastsForm(EntryForm):
    """The feast cards one player holds."""

    player: Name
    feasts: FeastCount


class TeamForm(EntryForm):
    """One player's team card in the team game: a team's name, or "?"."""

    player: Name
    team: Name
