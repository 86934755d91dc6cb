"""An Oz table: one "hand" entry per player (characters in hand + up to 4 face-up stories); entering a player's
hand again replaces the earlier one, so a score can be checked mid-game and updated later."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..entries import EntryKind
from ..games import oz
from ..games.base import Problem, Result, RuleError
from ..games.oz_cards import display
from ..log import Standing
from ..schemas.oz import HandEntryIn
from ..schemas.oz_form import HandForm, hand_v1_to_v2, in_slot_order
from . import TableKind
from .parts import keyed

ENTRIES = {
    "hand": EntryKind(
        "hand",
        HandEntryIn,
        "A player's hand and face-up stories; entering it again replaces the earlier one.",
        version=2,
        upgrades={1: hand_v1_to_v2},
    ),
}


def display_names(characters: Sequence[str], joiner: str = " + ") -> str:
    return joiner.join(display(c) for c in characters)


def card_text(story: oz.Story) -> str:
    """A story card in a few words, the way players read it off the table ("2 per Dorothy + Lion pair")."""
    p, name = story.points, display(story.character or "")
    texts = {
        "each": lambda: f"{p} per {name}",
        "pair": lambda: f"{p} per {display_names(story.characters)} pair",
        "twins": lambda: f"{p} per two {name}",
        "set": lambda: f"{p} per {display_names(story.characters)} set",
        "triples": lambda: f"{display_names(story.characters)} triples: {' / '.join(map(str, p))}",
        "at_most": lambda: f"{p} for at most {story.max} {name}",
        "majority": lambda: f"{p} if no character outnumbers {name} in hand",
        "most_among_players": lambda: f"{p} if nobody holds more {name}",
        "plus_minus": lambda: f"+{p} per {name}, −{story.penalty} per {display_names(story.minus, ' and ')}",
    }
    return texts[story.type]()


@dataclass(frozen=True)
class StoryChoice:
    """A story type as the picker offers it: its key, title, the example card in words, and its values."""

    type: str
    title: str
    example: str
    values: str  # JSON of the example's form values, for static/oz.js to pre-fill a slot


def _choice(kind: oz.StoryType) -> StoryChoice:
    story = kind.example
    points = story.points if isinstance(story.points, tuple) else (story.points,)
    values: dict[str, Any] = dict(zip(("points", "points2", "points3"), points, strict=False))
    values |= {"character": story.character or "", "characters": list(story.characters), "minus": list(story.minus)}
    values |= {"max": story.max, "penalty": story.penalty}
    return StoryChoice(kind.type, kind.title, card_text(story), json.dumps(values))


STORY_CHOICES = tuple(_choice(t) for t in oz.STORY_TYPES)


@dataclass(frozen=True)
class OzTable:
    """The table's state: its players and the latest hand each has entered."""

    players: tuple[str, ...]
    hands: Mapping[str, HandEntryIn]

    characters = oz.CHARACTERS
    story_choices = STORY_CHOICES

    @property
    def copies(self) -> int:
        return oz.copies_per_character(len(self.players))

    @property
    def hand_size(self) -> int:
        return oz.expected_hand_size(len(self.players))

    @property
    def complete(self) -> bool:
        return all(p in self.hands for p in self.players)

    @property
    def finished(self) -> bool:
        """Every hand is in, each the size of a finished game's."""
        return self.complete and all(self.cards(p) == self.hand_size for p in self.players)

    def entered(self, player: str) -> bool:
        return player in self.hands

    def values(self, player: str) -> dict[str, Any]:
        """The form values of the player's current hand (empty when none was entered)."""
        entry = self.hands.get(player)
        return HandForm.values_of(entry.model_dump(mode="json")) if entry else {}

    @staticmethod
    def form_values(posted: dict[str, Any]) -> dict[str, Any]:
        """Values posted by a hand form, with the stories in the slots its problems are located on."""
        return in_slot_order(posted)

    def cards(self, player: str) -> int:
        entry = self.hands.get(player)
        return entry.hand.to_engine().total if entry else 0

    def stories(self, player: str) -> list[str]:
        """Each face-up story of the player in words, in the order of their breakdown."""
        entry = self.hands.get(player)
        return [card_text(story.to_engine()) for story in entry.stories] if entry else []

    def player_hands(self) -> list[oz.PlayerHand]:
        """Every player's hand for the engine; one not entered yet is empty."""
        return [self.hands[p].to_engine() if p in self.hands else oz.PlayerHand(p, oz.Hand()) for p in self.players]


def replay(setup: dict[str, Any], entries: Sequence[Standing]) -> OzTable:
    """The latest hand of each player, checked together against the box and the story cards."""
    players = tuple(setup["players"])
    hands: dict[str, HandEntryIn] = {}
    for entry in entries:
        hand = HandEntryIn.model_validate(entry.payload)
        if hand.player not in players:
            raise RuleError(f"{hand.player} is not at this table.", "player")
        hands[hand.player] = hand  # a newer hand replaces the older one
    table = OzTable(players, hands)
    try:
        oz.score(table.player_hands())
    except RuleError as error:
        raise RuleError([_entry_problem(p) for p in error.problems]) from error
    return table


def _entry_problem(problem: Problem) -> Problem:
    """An engine problem located in a hand entry ("players[1].stories[0].characters" -> "stories[0].characters").
    Only the hand being entered can break a rule of its own; copies beyond the box across hands belong to it too."""
    _, dot, rest = problem.loc.partition("].")
    if problem.loc.startswith("players[") and dot:
        return Problem(rest, problem.msg)
    return Problem("hand", problem.msg)


def describe(kind: str, payload: dict[str, Any]) -> str:
    """A hand entry in a line: its player, how many cards, and each story in words."""
    entry = HandEntryIn.model_validate(payload)
    stories = [card_text(story.to_engine()) for story in entry.stories]
    told = "; stories: " + " · ".join(stories) if stories else "; no face-up story"
    return f"{entry.player}'s hand: {entry.hand.to_engine().total} cards{told}"


# A hand replaces only its own player's hand; the box's copies across hands are checked again when it lands late.
part = keyed({"hand": ("hand", "player")})


def result(table: OzTable) -> Result:
    """Everyone's score; the winners only once every player has entered a hand."""
    scored = oz.score(table.player_hands())
    if table.complete:
        return scored
    notes = tuple(w for p in scored.players if table.entered(p.name) for w in p.extra["warnings"])
    return replace(scored, winners=(), notes=notes)


KIND = TableKind(
    "oz",
    ENTRIES,
    {"hand": HandForm},
    replay,
    describe,
    result,
    "oz/table.html",
    finished=lambda t: t.finished,
    part=part,
)
