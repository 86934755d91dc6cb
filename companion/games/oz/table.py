"""An Oz table: one "hand" entry per player (characters in hand + up to 4 face-up stories); entering a player's
hand again replaces the earlier one, so a score can be checked mid-game and updated later."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from companion.games import Payload, Problem, Result, RuleError, msg, msg_n
from companion.games.oz import engine as oz
from companion.games.oz.engine.cards import display, joined
from companion.games.oz.form import HandForm, hand_v1_to_v2, in_slot_order
from companion.games.oz.schemas import HandEntryIn
from companion.storage.entries import EntryKind
from companion.storage.log import Standing
from companion.tables import TableRules
from companion.tables.parts import keyed

ENTRIES = {
    "hand": EntryKind(
        "hand",
        HandEntryIn,
        "A player's hand and face-up stories; entering it again replaces the earlier one.",
        version=2,
        upgrades={1: hand_v1_to_v2},
        label=msg("hand"),
    ),
}


def display_names(characters: Sequence[str], joiner: str = "+") -> str:
    """Characters' names joined by " + " (or, with joiner "and", by " and "), in the reader's language."""
    return joined(characters, joiner)


def _in_turn(texts: Sequence[str]) -> str:
    """Sentences one after the other, separated by " · "."""
    first, *rest = texts
    return msg("%(first)s · %(rest)s", first=first, rest=_in_turn(rest)) if rest else first


def _amounts(points: int | tuple[int, ...]) -> str:
    """A triples story's points for 1, 2 and 3 triples ("2 / 7 / 12")."""
    assert isinstance(points, tuple), "a triples story is validated with a list of 3 points"
    return " / ".join(map(str, points))


def card_text(story: oz.Story) -> str:
    """A story card in a few words, the way players read it off the table ("2 per Dorothy + Lion pair")."""
    p, name = story.points, display(story.character or "")
    texts = {
        "each": lambda: msg("%(points)s per %(character)s", points=p, character=name),
        "pair": lambda: msg("%(points)s per %(names)s pair", points=p, names=display_names(story.characters)),
        "twins": lambda: msg("%(points)s per two %(character)s", points=p, character=name),
        "set": lambda: msg("%(points)s per %(names)s set", points=p, names=display_names(story.characters)),
        "triples": lambda: msg(
            "%(names)s triples: %(amounts)s", names=display_names(story.characters), amounts=_amounts(p)
        ),
        "at_most": lambda: msg("%(points)s for at most %(max)s %(character)s", points=p, max=story.max, character=name),
        "majority": lambda: msg(
            "%(points)s if no character outnumbers %(character)s in hand", points=p, character=name
        ),
        "most_among_players": lambda: msg("%(points)s if nobody holds more %(character)s", points=p, character=name),
        "plus_minus": lambda: msg(
            "+%(points)s per %(character)s, −%(penalty)s per %(names)s",
            points=p,
            character=name,
            penalty=story.penalty,
            names=display_names(story.minus, "and"),
        ),
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
    values: dict[str, object] = dict(zip(("points", "points2", "points3"), points, strict=False))
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
    name = staticmethod(display)  # a character's name, to say in the reader's language

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

    def values(self, player: str) -> dict[str, object]:
        """The form values of the player's current hand (empty when none was entered)."""
        entry = self.hands.get(player)
        return HandForm.values_of(entry.model_dump(mode="json")) if entry else {}

    @staticmethod
    def form_values(posted: Mapping[str, object]) -> dict[str, object]:
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


def replay(setup: Payload, entries: Sequence[Standing]) -> OzTable:
    """The latest hand of each player, checked together against the box and the story cards."""
    players = tuple(setup["players"])
    hands: dict[str, HandEntryIn] = {}
    for entry in entries:
        hand = HandEntryIn.model_validate(entry.payload)
        if hand.player not in players:
            raise RuleError(msg("%(player)s is not at this table.", player=hand.player), "player")
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


def describe(kind: str, payload: Payload) -> str:
    """A hand entry in a line: its player, how many cards, and each story in words."""
    entry = HandEntryIn.model_validate(payload)
    stories = [card_text(story.to_engine()) for story in entry.stories]
    cards, player = entry.hand.to_engine().total, entry.player
    if stories:  # the English says "cards" even for one card
        return msg_n(
            "%(player)s's hand: %(num)s cards; stories: %(stories)s",
            "%(player)s's hand: %(num)s cards; stories: %(stories)s",
            cards,
            player=player,
            stories=_in_turn(stories),
        )
    return msg_n(
        "%(player)s's hand: %(num)s cards; no face-up story",
        "%(player)s's hand: %(num)s cards; no face-up story",
        cards,
        player=player,
    )


# A hand replaces only its own player's hand; the box's copies across hands are checked again when it lands late.
part = keyed({"hand": ("hand", "player")})


def result(table: OzTable) -> Result:
    """Everyone's score; the winners only once every player has entered a hand."""
    scored = oz.score(table.player_hands())
    if table.complete:
        return scored
    notes = tuple(w for p in scored.players if table.entered(p.name) for w in oz.warnings(p))
    return replace(scored, winners=(), notes=notes)


RULES = TableRules(
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
