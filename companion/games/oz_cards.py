"""Oz cards: the characters, a hand, the Story card types and how one story scores against a hand.

`companion.games.oz` re-exports everything public here; import from there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from companion.games.base import Line

CHARACTERS: tuple[str, ...] = ("dorothy", "lion", "scarecrow", "robot", "toto", "oz", "glinda", "witch")
MAX_STORIES = 4


def display(character: str) -> str:
    """A character's name as players say it ("scarecrow" -> "Scarecrow")."""
    return character.capitalize()


@dataclass(frozen=True)
class Hand:
    """How many cards of each character a player holds (missing ones count 0)."""

    dorothy: int = 0
    lion: int = 0
    scarecrow: int = 0
    robot: int = 0
    toto: int = 0
    oz: int = 0
    glinda: int = 0
    witch: int = 0

    def count(self, character: str) -> int:
        """Cards of `character` in this hand."""
        return int(getattr(self, character))

    @property
    def total(self) -> int:
        """All Character cards in this hand."""
        return sum(self.count(c) for c in CHARACTERS)

    @classmethod
    def from_dict(cls, counts: Mapping[str, int]) -> Hand:
        """Build a hand from the API's `{"lion": 4, ...}` object (an unknown key raises TypeError)."""
        return cls(**counts)


@dataclass(frozen=True)
class Story:
    """One face-up Story card, mirroring the API's story object; which fields apply depends on `type`.

    `points` is an int, except for `triples` where it is the 3 amounts for 1, 2 and 3 triples.
    """

    type: str
    points: int | tuple[int, ...]
    character: str | None = None
    characters: tuple[str, ...] = ()
    max: int | None = None
    minus: tuple[str, ...] = ()
    penalty: int | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Story:
        """Build a story from the API's JSON object (lists become tuples; an unknown key raises TypeError)."""
        values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        """The API's JSON object for this story, without the fields its type does not use."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None and value != ():
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True)
class PlayerHand:
    """One player at the end of the game: their hand and their face-up stories (at most 4)."""

    name: str
    hand: Hand
    stories: tuple[Story, ...] = ()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerHand:
        """Build a player from the API's `{"name", "hand", "stories"}` object."""
        return cls(
            name=data["name"],
            hand=Hand.from_dict(data.get("hand", {})),
            stories=tuple(Story.from_dict(s) for s in data.get("stories", ())),
        )


@dataclass(frozen=True)
class StoryType:
    """One kind of Story card, for a picker: its key, what it rewards, its fields, the rulebook's example."""

    type: str
    title: str
    description: str
    fields: tuple[str, ...]
    example: Story
    rule: str


def _type(key: str, title: str, description: str, example: Story, *flds: str) -> StoryType:
    return StoryType(key, title, description, (*flds, "points"), example, "oz/story-" + key.replace("_", "-"))


STORY_TYPES: tuple[StoryType, ...] = (
    _type(
        "each",
        "Per card",
        "Points for every card of one character.",
        Story("each", 1, character="lion"),
        "character",
    ),
    _type(
        "pair",
        "Pairs",
        "Points for every pair of two different characters, one card of each.",
        Story("pair", 2, characters=("dorothy", "scarecrow")),
        "characters",
    ),
    _type(
        "twins",
        "Twins",
        "Points for every two cards of the same character.",
        Story("twins", 3, character="toto"),
        "character",
    ),
    _type(
        "set",
        "Sets of four",
        "Points for every full set of four different characters.",
        Story("set", 4, characters=("dorothy", "lion", "scarecrow", "robot")),
        "characters",
    ),
    _type(
        "triples",
        "Triples",
        "Growing points for 1, 2 or 3 triples of three different characters; a fourth adds nothing.",
        Story("triples", (2, 7, 12), characters=("dorothy", "toto", "oz")),
        "characters",
    ),
    _type(
        "at_most",
        "Few of one",
        "Points once if the hand holds no more than a set number of one character.",
        Story("at_most", 4, character="robot", max=1),
        "character",
        "max",
    ),
    _type(
        "majority",
        "Most in hand",
        "Points once if no other character outnumbers this one in the hand (a tie scores; none does not).",
        Story("majority", 5, character="witch"),
        "character",
    ),
    _type(
        "most_among_players",
        "Most at the table",
        "Points once if no other player holds more of this character (ties score, even when nobody has any).",
        Story("most_among_players", 8, character="glinda"),
        "character",
    ),
    _type(
        "plus_minus",
        "Plus and minus",
        "Points for every card of one character, less a penalty for every card of some others.",
        Story("plus_minus", 3, character="oz", minus=("glinda", "witch"), penalty=1),
        "character",
        "minus",
        "penalty",
    ),
)

STORY_RULES: dict[str, str] = {t.type: t.rule for t in STORY_TYPES}
RULE_REFS: frozenset[str] = frozenset(STORY_RULES.values())


def score_story(story: Story, hand: Hand, others: Sequence[PlayerHand]) -> Line:
    """The breakdown line of one (already validated) story against `hand`; `others` are the other players."""
    label, points = _SCORERS[story.type](story, hand, others)
    return Line(label, points, STORY_RULES[story.type])


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _names(characters: Sequence[str]) -> str:
    return " + ".join(display(c) for c in characters)


def _character(story: Story) -> str:
    assert story.character is not None, "validated before scoring"
    return story.character


def _points(story: Story) -> int:
    assert isinstance(story.points, int), "validated before scoring"
    return story.points


_Scored = tuple[str, int]


def _each(story: Story, hand: Hand, _others: Sequence[PlayerHand]) -> _Scored:
    c, p = _character(story), _points(story)
    return f"{hand.count(c)} {display(c)} × {p}", hand.count(c) * p


def _groups(story: Story, hand: Hand, word: str) -> _Scored:
    k, p = min(hand.count(c) for c in story.characters), _points(story)
    return f"{_plural(k, word)} of {_names(story.characters)} × {p}", k * p


def _pair(story: Story, hand: Hand, _others: Sequence[PlayerHand]) -> _Scored:
    return _groups(story, hand, "pair")


def _set(story: Story, hand: Hand, _others: Sequence[PlayerHand]) -> _Scored:
    return _groups(story, hand, "set")


def _twins(story: Story, hand: Hand, _others: Sequence[PlayerHand]) -> _Scored:
    c, p = _character(story), _points(story)
    k = hand.count(c) // 2
    return f"{_plural(k, 'pair')} of {display(c)} × {p}", k * p


def _triples(story: Story, hand: Hand, _others: Sequence[PlayerHand]) -> _Scored:
    assert isinstance(story.points, tuple), "validated before scoring"
    k, names = min(hand.count(c) for c in story.characters), _names(story.characters)
    if k == 0:
        return f"no triple of {names}: 0", 0
    counted = min(k, len(story.points))
    points = story.points[counted - 1]
    if k > counted:
        return f"{k} triples of {names}, only {counted} count: {points}", points
    return f"{_plural(k, 'triple')} of {names}: {points}", points


def _at_most(story: Story, hand: Hand, _others: Sequence[PlayerHand]) -> _Scored:
    c, p, limit = _character(story), _points(story), story.max
    n = hand.count(c)
    if limit is not None and n <= limit:
        return f"{display(c)} {n} is at most {limit}: {p}", p
    return f"{display(c)} {n} is more than {limit}: 0", 0


def _majority(story: Story, hand: Hand, _others: Sequence[PlayerHand]) -> _Scored:
    c, p = _character(story), _points(story)
    n = hand.count(c)
    if n == 0:
        return f"no {display(c)} in hand: 0", 0
    rival = max((o for o in CHARACTERS if o != c), key=hand.count)
    if hand.count(rival) > n:
        return f"{display(rival)} ({hand.count(rival)}) outnumbers {display(c)} ({n}): 0", 0
    return f"no other character outnumbers {display(c)} ({n}): {p}", p


def _most_among_players(story: Story, hand: Hand, others: Sequence[PlayerHand]) -> _Scored:
    c, p = _character(story), _points(story)
    n = hand.count(c)
    rival = max(others, key=lambda o: o.hand.count(c), default=None)
    if rival is not None and rival.hand.count(c) > n:
        return f"{rival.name} has more {display(c)} ({rival.hand.count(c)} vs {n}): 0", 0
    return f"no other player has more {display(c)} ({n}): {p}", p


def _plus_minus(story: Story, hand: Hand, _others: Sequence[PlayerHand]) -> _Scored:
    c, p, penalty = _character(story), _points(story), story.penalty or 0
    total = hand.count(c) * p - penalty * sum(hand.count(m) for m in story.minus)
    parts = [f"{hand.count(c)} {display(c)} × {p}"]
    parts += [f"- {hand.count(m)} {display(m)} × {penalty}" for m in story.minus]
    return f"{' '.join(parts)}: {total}", total


_SCORERS: dict[str, Callable[[Story, Hand, Sequence[PlayerHand]], _Scored]] = {
    "each": _each,
    "pair": _pair,
    "twins": _twins,
    "set": _set,
    "triples": _triples,
    "at_most": _at_most,
    "majority": _majority,
    "most_among_players": _most_among_players,
    "plus_minus": _plus_minus,
}
