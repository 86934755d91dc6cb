"""An Oz table: one "hand" entry per player (characters in hand + up to 4 face-up stories); entering a player's
hand again replaces the earlier one, so a score can be checked mid-game and updated later."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..games import oz
from ..games.base import Problem, Result, RuleError
from ..games.oz_cards import display
from ..log import Standing
from ..schemas.oz import HandForm
from . import TableKind, legacy_entries


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
    hands: Mapping[str, Any]  # player -> HandForm

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
        form = self.hands.get(player)
        return form.model_dump(mode="json") if form else {}

    def cards(self, player: str) -> int:
        form = self.hands.get(player)
        return form.hand().total if form else 0

    def stories(self, player: str) -> list[str]:
        """Each face-up story of the player in words, in the order of their breakdown."""
        form = self.hands.get(player)
        return [card_text(form.story(n)) for n in form.story_slots()] if form else []

    def player_hands(self) -> list[oz.PlayerHand]:
        """Every player's hand for the engine; one not entered yet is empty."""
        return [self.hands[p].to_engine() if p in self.hands else oz.PlayerHand(p, oz.Hand()) for p in self.players]


def replay(setup: dict[str, Any], entries: Sequence[Standing]) -> OzTable:
    players = tuple(setup["players"])
    hands: dict[str, Any] = {}
    for entry in entries:
        form = HandForm.model_validate(entry.payload)
        if form.player not in players:
            raise RuleError(f"{form.player} is not at this table.", "player")
        hands[form.player] = form  # a newer hand replaces the older one
    table = OzTable(players, hands)
    try:
        oz.score(table.player_hands())
    except RuleError as error:
        raise RuleError([_form_problem(table, p) for p in error.problems]) from error
    return table


_LOC = re.compile(r"players\[(\d+)\]\.(hand|stories\[(\d+)\])\.?(\w*)")


def _form_problem(table: OzTable, problem: Problem) -> Problem:
    """An engine problem located on the hand form's fields ("players[1].stories[0].characters" -> "s2_characters")."""
    match = _LOC.fullmatch(problem.loc)
    if not match:
        return Problem("form", problem.msg)
    player = table.players[int(match.group(1))]
    if match.group(2) == "hand":
        return Problem(match.group(4), problem.msg)
    slot = table.hands[player].story_slots()[int(match.group(3))]
    field = match.group(4) or "type"
    return Problem(f"s{slot}_{field}", problem.msg)


def describe(kind: str, payload: dict[str, Any]) -> str:
    form = HandForm.model_validate(payload)
    stories = [card_text(form.story(n)) for n in form.story_slots()]
    told = "; stories: " + " · ".join(stories) if stories else "; no face-up story"
    return f"{form.player}'s hand: {form.hand().total} cards{told}"


def result(table: OzTable) -> Result:
    """Everyone's score; the winners only once every player has entered a hand."""
    scored = oz.score(table.player_hands())
    if table.complete:
        return scored
    notes = tuple(w for p in scored.players if table.entered(p.name) for w in p.extra["warnings"])
    return replace(scored, winners=(), notes=notes)


KIND = TableKind(
    "oz",
    legacy_entries({"hand": HandForm}),
    {"hand": HandForm},
    replay,
    describe,
    result,
    "oz/table.html",
    finished=lambda t: t.finished,
)
