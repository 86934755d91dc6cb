"""Oz cards: the characters, a hand, the Story card types and how one story scores against a hand.

`companion.games.oz.engine` re-exports everything public here; import from there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields

from companion.games import Line, Payload, PayloadView, Text, msg, msg_n

CHARACTERS: tuple[str, ...] = ("dorothy", "lion", "scarecrow", "robot", "toto", "oz", "glinda", "witch")
MAX_STORIES = 4
NAMES: dict[str, Text] = {
    "dorothy": msg("Dorothy"),
    "lion": msg("Lion"),
    "scarecrow": msg("Scarecrow"),
    "robot": msg("Robot"),
    "toto": msg("Toto"),
    "oz": msg("Oz"),
    "glinda": msg("Glinda"),
    "witch": msg("Witch"),
}


def display(character: str) -> str:
    """A character's name as players say it ("scarecrow" -> "Scarecrow"), said again in the reader's language."""
    return NAMES.get(character) or character.capitalize()


def joined(characters: Sequence[str], joiner: str = "+") -> str:
    """Characters' names one after the other ("Dorothy + Lion", or with `joiner` "and": "Glinda and Witch"), each
    said again in the reader's language."""
    if not characters:
        return ""
    first, *rest = characters
    if not rest:
        return display(first)
    if joiner == "and":
        return msg("%(first)s and %(rest)s", first=display(first), rest=joined(rest, joiner))
    return msg("%(first)s + %(rest)s", first=display(first), rest=joined(rest, joiner))


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
    def from_dict(cls, data: PayloadView) -> Story:
        """Build a story from the API's JSON object (lists become tuples; an unknown key raises TypeError)."""
        values: Payload = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        return cls(**values)

    def to_dict(self) -> dict[str, object]:
        """The API's JSON object for this story, without the fields its type does not use."""
        out: dict[str, object] = {}
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
    def from_dict(cls, data: PayloadView) -> PlayerHand:
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


def _type(key: str, title: Text, description: Text, example: Story, *flds: str) -> StoryType:
    return StoryType(key, title, description, (*flds, "points"), example, "oz/story-" + key.replace("_", "-"))


STORY_TYPES: tuple[StoryType, ...] = (
    _type(
        "each",
        msg("Per card"),
        msg("Points for every card of one character."),
        Story("each", 1, character="lion"),
        "character",
    ),
    _type(
        "pair",
        msg("Pairs"),
        msg("Points for every pair of two different characters, one card of each."),
        Story("pair", 2, characters=("dorothy", "scarecrow")),
        "characters",
    ),
    _type(
        "twins",
        msg("Twins"),
        msg("Points for every two cards of the same character."),
        Story("twins", 3, character="toto"),
        "character",
    ),
    _type(
        "set",
        msg("Sets of four"),
        msg("Points for every full set of four different characters."),
        Story("set", 4, characters=("dorothy", "lion", "scarecrow", "robot")),
        "characters",
    ),
    _type(
        "triples",
        msg("Triples"),
        msg("Growing points for 1, 2 or 3 triples of three different characters; a fourth adds nothing."),
        Story("triples", (2, 7, 12), characters=("dorothy", "toto", "oz")),
        "characters",
    ),
    _type(
        "at_most",
        msg("Few of one"),
        msg("Points once if the hand holds no more than a set number of one character."),
        Story("at_most", 4, character="robot", max=1),
        "character",
        "max",
    ),
    _type(
        "majority",
        msg("Most in hand"),
        msg("Points once if no other character outnumbers this one in the hand (a tie scores; none does not)."),
        Story("majority", 5, character="witch"),
        "character",
    ),
    _type(
        "most_among_players",
        msg("Most at the table"),
        msg("Points once if no other player holds more of this character (ties score, even when nobody has any)."),
        Story("most_among_players", 8, character="glinda"),
        "character",
    ),
    _type(
        "plus_minus",
        msg("Plus and minus"),
        msg("Points for every card of one character, less a penalty for every card of some others."),
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


def _names(characters: Sequence[str]) -> str:
    return joined(characters)


def _character(story: Story) -> str:
    assert story.character is not None, "validated before scoring"
    return story.character


def _points(story: Story) -> int:
    assert isinstance(story.points, int), "validated before scoring"
    return story.points


_Scored = tuple[str, int]


def _per_card(count: int, character: str, points: int) -> Text:
    return msg("%(count)s %(character)s × %(points)s", count=count, character=display(character), points=points)


def _each(story: Story, hand: Hand, _others: Sequence[PlayerHand]) -> _Scored:
    c, p = _character(story), _points(story)
    return _per_card(hand.count(c), c, p), hand.count(c) * p


def _pairs(k: int, names: str, p: int) -> Text:
    return msg_n(
        "%(num)s pair of %(names)s × %(points)s", "%(num)s pairs of %(names)s × %(points)s", k, names=names, points=p
    )


def _pair(story: Story, hand: Hand, _others: Sequence[PlayerHand]) -> _Scored:
    k, p = min(hand.count(c) for c in story.characters), _points(story)
    return _pairs(k, _names(story.characters), p), k * p


def _set(story: Story, hand: Hand, _others: Sequence[PlayerHand]) -> _Scored:
    k, p = min(hand.count(c) for c in story.characters), _points(story)
    names = _names(story.characters)
    label = msg_n(
        "%(num)s set of %(names)s × %(points)s", "%(num)s sets of %(names)s × %(points)s", k, names=names, points=p
    )
    return label, k * p


def _twins(story: Story, hand: Hand, _others: Sequence[PlayerHand]) -> _Scored:
    c, p = _character(story), _points(story)
    k = hand.count(c) // 2
    return _pairs(k, display(c), p), k * p


def _triples(story: Story, hand: Hand, _others: Sequence[PlayerHand]) -> _Scored:
    assert isinstance(story.points, tuple), "validated before scoring"
    k, names = min(hand.count(c) for c in story.characters), _names(story.characters)
    if k == 0:
        return msg("no triple of %(names)s: 0", names=names), 0
    counted = min(k, len(story.points))
    points = story.points[counted - 1]
    if k > counted:
        label = msg(
            "%(count)s triples of %(names)s, only %(counted)s count: %(points)s",
            count=k,
            names=names,
            counted=counted,
            points=points,
        )
        return label, points
    label = msg_n(
        "%(num)s triple of %(names)s: %(points)s",
        "%(num)s triples of %(names)s: %(points)s",
        k,
        names=names,
        points=points,
    )
    return label, points


def _at_most(story: Story, hand: Hand, _others: Sequence[PlayerHand]) -> _Scored:
    c, p, limit = _character(story), _points(story), story.max
    n, name = hand.count(c), display(c)
    if limit is not None and n <= limit:
        return msg(
            "%(character)s %(count)s is at most %(max)s: %(points)s", character=name, count=n, max=limit, points=p
        ), p
    return msg("%(character)s %(count)s is more than %(max)s: 0", character=name, count=n, max=limit), 0


def _majority(story: Story, hand: Hand, _others: Sequence[PlayerHand]) -> _Scored:
    c, p = _character(story), _points(story)
    n, name = hand.count(c), display(c)
    if n == 0:
        return msg("no %(character)s in hand: 0", character=name), 0
    rival = max((o for o in CHARACTERS if o != c), key=hand.count)
    if hand.count(rival) > n:
        label = msg(
            "%(rival)s (%(rival_count)s) outnumbers %(character)s (%(count)s): 0",
            rival=display(rival),
            rival_count=hand.count(rival),
            character=name,
            count=n,
        )
        return label, 0
    return msg(
        "no other character outnumbers %(character)s (%(count)s): %(points)s", character=name, count=n, points=p
    ), p


def _most_among_players(story: Story, hand: Hand, others: Sequence[PlayerHand]) -> _Scored:
    c, p = _character(story), _points(story)
    n, name = hand.count(c), display(c)
    rival = max(others, key=lambda o: o.hand.count(c), default=None)
    if rival is not None and rival.hand.count(c) > n:
        label = msg(
            "%(player)s has more %(character)s (%(rival_count)s vs %(count)s): 0",
            player=rival.name,
            character=name,
            rival_count=rival.hand.count(c),
            count=n,
        )
        return label, 0
    return msg("no other player has more %(character)s (%(count)s): %(points)s", character=name, count=n, points=p), p


def _plus_minus(story: Story, hand: Hand, _others: Sequence[PlayerHand]) -> _Scored:
    c, p, penalty = _character(story), _points(story), story.penalty or 0
    total = hand.count(c) * p - penalty * sum(hand.count(m) for m in story.minus)
    label = _per_card(hand.count(c), c, p)
    for m in story.minus:
        label = msg(
            "%(before)s - %(count)s %(character)s × %(points)s",
            before=label,
            count=hand.count(m),
            character=display(m),
            points=penalty,
        )
    return msg("%(sum)s: %(total)s", sum=label, total=total), total


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
