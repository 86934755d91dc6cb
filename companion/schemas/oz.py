"""Oz requests: the score calculator, and the hand a table page enters for one player.

A table form is flat (an HTML form has no lists): story slot N of 4 posts `sN_type`, `sN_character`, one
checkbox per character for `sN_characters` (`sN_with_lion`) and for `sN_minus` (`sN_minus_glinda`), and the
numbers `sN_points` (`sN_points2`, `sN_points3` for triples), `sN_max`, `sN_penalty`. A field left blank takes
the value of the rulebook's example card of that type, and fields the type does not use are dropped.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Discriminator, Field, PlainSerializer, Tag, create_model, model_validator

from ..games import oz
from ..games.base import RuleError
from . import Count, Endpoint, EntryForm, Name, StrictModel, duplicate_name_problems, result_json

Character = Literal["dorothy", "lion", "scarecrow", "robot", "toto", "oz", "glinda", "witch"]
StoryKind = Literal[
    "each", "pair", "twins", "set", "triples", "at_most", "majority", "most_among_players", "plus_minus"
]
SLOTS = range(1, oz.MAX_STORIES + 1)
EXAMPLES: dict[str, oz.Story] = {t.type: t.example for t in oz.STORY_TYPES}


def _points_shape(value: Any) -> str:
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

    def to_engine(self) -> oz.Hand:
        return oz.Hand(**self.model_dump())


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


def score(request: ScoreRequest) -> dict[str, Any]:
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


# --- the table's form -----------------------------------------------------------------------------


def _blank_is_none(value: Any) -> Any:
    return None if value in ("", None) else value


def _words(value: Any) -> Any:
    return tuple(value.split()) if isinstance(value, str) else value


OptionalCount = Annotated[
    Count | None, BeforeValidator(_blank_is_none), PlainSerializer(lambda v: "" if v is None else v)
]
Characters = Annotated[tuple[Character, ...], BeforeValidator(_words), PlainSerializer(" ".join)]

# What each story type reads from its slot, beyond `type` (and `points`, which every type has).
SLOT_FIELDS: dict[str, tuple[str, ...]] = {
    "each": ("character",),
    "pair": ("characters",),
    "twins": ("character",),
    "set": ("characters",),
    "triples": ("characters", "points2", "points3"),
    "at_most": ("character", "max"),
    "majority": ("character",),
    "most_among_players": ("character",),
    "plus_minus": ("character", "minus", "penalty"),
}
_SLOT_TYPES: dict[str, Any] = {
    "type": (StoryKind | Literal[""], ""),
    "character": (Character | Literal[""], ""),
    "characters": (Characters, ()),
    "minus": (Characters, ()),
    "points": (OptionalCount, None),
    "points2": (OptionalCount, None),
    "points3": (OptionalCount, None),
    "max": (OptionalCount, None),
    "penalty": (OptionalCount, None),
}


def _example_values(kind: str) -> dict[str, Any]:
    """The rulebook's example card of a story type, as the slot's form values."""
    story = EXAMPLES[kind]
    points = story.points if isinstance(story.points, tuple) else (story.points,)
    values = {"character": story.character or "", "characters": " ".join(story.characters)}
    values |= {"minus": " ".join(story.minus), "max": story.max, "penalty": story.penalty}
    return values | dict(zip(("points", "points2", "points3"), points, strict=False))


def _resolve_slot(data: dict[str, Any], slot: int) -> None:
    """Gather the slot's checkboxes, fill blank fields from the example, drop the fields its type ignores."""
    prefix = f"s{slot}_"
    for group, box in (("characters", "with"), ("minus", "minus")):
        ticked = [c for c in oz.CHARACTERS if data.pop(f"{prefix}{box}_{c}", "") not in ("", None)]
        if ticked:
            data[prefix + group] = " ".join(ticked)
    kind = data.get(prefix + "type", "")
    if kind not in SLOT_FIELDS and kind not in ("", None):
        return  # an unknown type: validation reports it
    used = ("type", "points", *SLOT_FIELDS[kind]) if kind else ()
    example = _example_values(kind) if kind else {}
    for name in _SLOT_TYPES:
        if name not in used:
            data.pop(prefix + name, None)
        elif name != "type" and data.get(prefix + name) in ("", None, ()):
            data[prefix + name] = example[name]


class _HandFormBase(EntryForm):
    """One player's hand and face-up stories, as a table page enters it (fields: see the module docstring)."""

    player: Name
    dorothy: Count = 0
    lion: Count = 0
    scarecrow: Count = 0
    robot: Count = 0
    toto: Count = 0
    oz: Count = 0
    glinda: Count = 0
    witch: Count = 0

    @model_validator(mode="before")
    @classmethod
    def _resolve(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        for slot in SLOTS:
            _resolve_slot(data, slot)
        return data

    def slot(self, slot: int, name: str) -> Any:
        return getattr(self, f"s{slot}_{name}")

    def story_slots(self) -> list[int]:
        """The slots holding a story, in order: story j of the player is in slot story_slots()[j]."""
        return [n for n in SLOTS if self.slot(n, "type")]

    def story(self, slot: int) -> oz.Story:
        kind = self.slot(slot, "type")
        points: int | tuple[int, ...] = self.slot(slot, "points")
        if kind == "triples":
            points = (self.slot(slot, "points"), self.slot(slot, "points2"), self.slot(slot, "points3"))
        return oz.Story(
            kind,
            points,
            self.slot(slot, "character") or None,
            self.slot(slot, "characters"),
            self.slot(slot, "max"),
            self.slot(slot, "minus"),
            self.slot(slot, "penalty"),
        )

    def hand(self) -> oz.Hand:
        return oz.Hand(**{c: getattr(self, c) for c in oz.CHARACTERS})

    def to_engine(self) -> oz.PlayerHand:
        return oz.PlayerHand(self.player, self.hand(), tuple(self.story(n) for n in self.story_slots()))


HandForm = create_model(
    "HandForm",
    __base__=_HandFormBase,
    **{f"s{n}_{name}": spec for n in SLOTS for name, spec in _SLOT_TYPES.items()},
)
