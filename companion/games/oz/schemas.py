"""Oz requests: the score calculator, and the hand a table keeps for one player (its canonical entry).

The table page's HTML form for that entry is in `form`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Discriminator, Field, SerializerFunctionWrapHandler, Tag, model_serializer

from companion.games import Raw, RuleError
from companion.games.oz import engine as oz
from companion.games.oz.engine import Hand
from companion.schemas import Count, Endpoint, Name, StrictModel, duplicate_name_problems, result_json

Character = Literal["dorothy", "lion", "scarecrow", "robot", "toto", "oz", "glinda", "witch"]
StoryKind = Literal[
    "each", "pair", "twins", "set", "triples", "at_most", "majority", "most_among_players", "plus_minus"
]


def _points_shape(value: Raw) -> str:
    return "function-list" if isinstance(value, list) else "function-number"


# The "function-" tags keep a union's branch name out of error locations (see schemas.validation_problems).
Points = Annotated[
    Annotated[Count, Tag("function-number")] | Annotated[list[Count], Tag("function-list")],
    Discriminator(_points_shape),
    Field(description="a number; for `triples` a list of 3: the points for 1, 2 and 3 triples"),
]


class HandIn(StrictModel):
    dorothy: Count = 0
    lion: Count = 0
    scarecrow: Count = 0
    robot: Count = 0
    toto: Count = 0
    oz: Count = 0
    glinda: Count = 0
    witch: Count = 0

    # Hand by its own name: in this class `oz` is the field, not the engine.
    def to_engine(self) -> Hand:
        return Hand(**self.model_dump())


class StoryIn(StrictModel):
    """One face-up Story card; which fields it takes depends on `type` (see API.md)."""

    type: StoryKind
    points: Points
    character: Character | None = None
    characters: list[Character] | None = Field(None, max_length=4)
    max: Count | None = None
    minus: list[Character] | None = Field(None, max_length=len(oz.CHARACTERS))
    penalty: Count | None = None

    def to_engine(self) -> oz.Story:
        points = tuple(self.points) if isinstance(self.points, list) else self.points
        return oz.Story(
            self.type,
            points,
            self.character,
            tuple(self.characters or ()),
            self.max,
            tuple(self.minus or ()),
            self.penalty,
        )


class PlayerIn(StrictModel):
    name: Name
    hand: HandIn = Field(default_factory=HandIn)
    stories: list[StoryIn] = Field(default_factory=list, max_length=oz.MAX_STORIES)

    def to_engine(self) -> oz.PlayerHand:
        return oz.PlayerHand(self.name, self.hand.to_engine(), tuple(s.to_engine() for s in self.stories))


class ScoreRequest(StrictModel):
    players: list[PlayerIn] = Field(min_length=oz.MIN_PLAYERS, max_length=oz.MAX_PLAYERS)


def score(request: ScoreRequest) -> dict[str, object]:
    """POST /api/v1/oz/score."""
    if problems := duplicate_name_problems([p.name for p in request.players], "players"):
        raise RuleError(problems)
    answer = result_json(oz.score([p.to_engine() for p in request.players]))
    for player in answer["players"]:
        player["warnings"] = list(player.get("warnings", ()))
    return answer


ENDPOINTS = [
    Endpoint(
        "/oz/score",
        ScoreRequest,
        score,
        "Score Oz hands against each player's face-up story cards (at most 4), and name the winners.",
    ),
]


# --- a table's entries ----------------------------------------------------------------------------------------


class StoryEntryIn(StoryIn):
    """A face-up story as a table keeps it: the API's story object, written without the fields its type leaves
    out."""

    @model_serializer(mode="wrap")
    def _without_unused(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        return {name: value for name, value in handler(self).items() if value is not None}


class HandEntryIn(StrictModel):
    """One player's hand and face-up stories (version 2): the score calculator's player, named by `player`.
    Entering a player's hand again replaces the earlier one."""

    player: Name
    hand: HandIn = Field(default_factory=HandIn)
    stories: list[StoryEntryIn] = Field(default_factory=list, max_length=oz.MAX_STORIES)

    def to_engine(self) -> oz.PlayerHand:
        return oz.PlayerHand(self.player, self.hand.to_engine(), tuple(s.to_engine() for s in self.stories))
