"""Oz: end-of-game scoring of each player's Character cards against their face-up Story cards.

`score(players)` first checks the whole table against the box (2-4 players, copies of each character in one
hand and across all hands, at most 4 face-up stories, well-formed stories), then gives every story one
breakdown line. The cards, story types and per-story scoring live in `oz_cards`; they are re-exported here.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.base import PlayerScore, Problem, Result, raise_if, top_scorers
from companion.games.oz_cards import (
    CHARACTERS,
    MAX_STORIES,
    RULE_REFS,
    STORY_TYPES,
    Hand,
    PlayerHand,
    Story,
    StoryType,
    display,
    score_story,
)

__all__ = [
    "CHARACTERS",
    "MAX_PLAYERS",
    "MAX_STORIES",
    "MIN_PLAYERS",
    "RULE_REFS",
    "STORY_TYPES",
    "Hand",
    "PlayerHand",
    "Story",
    "StoryType",
    "copies_per_character",
    "expected_hand_size",
    "score",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 4
_FIELDS: dict[str, tuple[str, ...]] = {t.type: t.fields for t in STORY_TYPES}
_GROUP_SIZE = {"pair": 2, "set": 4, "triples": 3}
_TRIPLE_AMOUNTS = 3


def copies_per_character(players: int) -> int:
    """Copies of each character in the box: 9, or 6 once the 2-player game removes 3 of each."""
    return 6 if players == 2 else 9


def expected_hand_size(players: int) -> int:
    """Cards in each hand at the end: 9 rounds of 2 cards with 3 players, 8 rounds with 2 or 4."""
    return 18 if players == 3 else 16


def score(players: Sequence[PlayerHand]) -> Result:
    """Score every player's hand against their own face-up stories and name the winners (ties share).

    Raises RuleError listing every problem: player count, copies beyond the box (in one hand or across all
    hands), more than 4 stories, malformed stories. A hand size other than a finished game's is only a
    warning (in `notes` and in the player's `extra["warnings"]`), since people may score mid-game.
    """
    raise_if(_table_problems(players))
    expected = expected_hand_size(len(players))
    scored = tuple(_score_player(i, players, expected) for i in range(len(players)))
    winners = top_scorers({p.name: p.score for p in scored})
    notes = [w for p in scored for w in p.extra["warnings"]]
    if len(winners) > 1:
        best = max(p.score for p in scored)
        notes.append(f"{', '.join(winners)} tie with {best} points and share the win.")
    extra = {"copies_per_character": copies_per_character(len(players)), "expected_hand_size": expected}
    return Result(players=scored, winners=winners, extra=extra, notes=tuple(notes))


def _score_player(index: int, players: Sequence[PlayerHand], expected: int) -> PlayerScore:
    player = players[index]
    others = tuple(p for i, p in enumerate(players) if i != index)
    lines = tuple(score_story(story, player.hand, others) for story in player.stories)
    cards = player.hand.total
    warnings: tuple[str, ...] = ()
    if cards != expected:
        warnings = (
            f"{player.name} holds {cards} cards; at the end of a {len(players)}-player game each hand has {expected}.",
        )
    return PlayerScore(player.name, lines, {"cards": cards, "warnings": warnings})


def _table_problems(players: Sequence[PlayerHand]) -> list[Problem]:
    problems: list[Problem] = []
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        problems.append(
            Problem("players", f"Oz is played by {MIN_PLAYERS} to {MAX_PLAYERS} players; got {len(players)}.")
        )
    copies = copies_per_character(len(players))
    seen: set[str] = set()
    for i, player in enumerate(players):
        key = player.name.strip().casefold()
        if key in seen:
            problems.append(Problem(f"players[{i}].name", f"The name {player.name!r} is used twice."))
        seen.add(key)
        problems += _hand_problems(player.hand, f"players[{i}].hand", copies, len(players))
        problems += _stories_problems(player.stories, f"players[{i}].stories")
    return problems + _across_hands_problems(players, copies)


def _too_many(character: str, copies: int, n_players: int) -> str:
    return f"At most {copies} {display(character)} cards exist with {n_players} players"


def _hand_problems(hand: Hand, loc: str, copies: int, n_players: int) -> list[Problem]:
    problems: list[Problem] = []
    for c in CHARACTERS:
        n = hand.count(c)
        if n < 0:
            problems.append(Problem(f"{loc}.{c}", f"A hand cannot hold {n} {display(c)} cards."))
        elif n > copies:
            problems.append(Problem(f"{loc}.{c}", f"{_too_many(c, copies, n_players)}; this hand has {n}."))
    return problems


def _across_hands_problems(players: Sequence[PlayerHand], copies: int) -> list[Problem]:
    """Copies beyond the box across all hands, unless one hand alone already breaks it (reported there)."""
    problems: list[Problem] = []
    for c in CHARACTERS:
        counts = [p.hand.count(c) for p in players]
        together = sum(counts)
        if together > copies and max(counts) <= copies:
            msg = f"{_too_many(c, copies, len(players))}; the hands hold {together} together."
            problems.append(Problem("players", msg))
    return problems


def _stories_problems(stories: Sequence[Story], loc: str) -> list[Problem]:
    problems: list[Problem] = []
    if len(stories) > MAX_STORIES:
        msg = f"Only {MAX_STORIES} Story cards stay face up; this player has {len(stories)}."
        problems.append(Problem(loc, msg))
    for j, story in enumerate(stories):
        problems += _story_problems(story, f"{loc}[{j}]")
    return problems


def _story_problems(story: Story, loc: str) -> list[Problem]:
    if story.type not in _FIELDS:
        kinds = ", ".join(_FIELDS)
        return [Problem(f"{loc}.type", f"There is no story type {story.type!r}; the types are {kinds}.")]
    return (
        _field_presence_problems(story, loc)
        + _character_problems(story, loc)
        + _characters_problems(story, loc)
        + _minus_problems(story, loc)
        + _number_problems(story, loc)
    )


def _field_presence_problems(story: Story, loc: str) -> list[Problem]:
    wanted = _FIELDS[story.type]
    given = {
        "character": story.character is not None,
        "characters": bool(story.characters),
        "max": story.max is not None,
        "minus": bool(story.minus),
        "penalty": story.penalty is not None,
    }
    problems: list[Problem] = []
    for name, present in given.items():
        if present and name not in wanted:
            problems.append(Problem(f"{loc}.{name}", f"A {story.type} story has no {name!r} field."))
        elif not present and name in wanted and name != "minus":
            problems.append(Problem(f"{loc}.{name}", f"A {story.type} story needs {name!r}."))
    return problems


def _unknown(character: str) -> str:
    return f"There is no character {character!r}; the characters are {', '.join(CHARACTERS)}."


def _character_problems(story: Story, loc: str) -> list[Problem]:
    if story.character is None or story.character in CHARACTERS:
        return []
    return [Problem(f"{loc}.character", _unknown(story.character))]


def _characters_problems(story: Story, loc: str) -> list[Problem]:
    size = _GROUP_SIZE.get(story.type)
    if size is None or not story.characters:
        return []
    unknown = [c for c in story.characters if c not in CHARACTERS]
    if unknown:
        return [Problem(f"{loc}.characters", _unknown(c)) for c in unknown]
    if len(story.characters) != size or len(set(story.characters)) != size:
        got = " + ".join(display(c) for c in story.characters)
        msg = f"A {story.type} story needs {size} different characters; got {got}."
        return [Problem(f"{loc}.characters", msg)]
    return []


def _minus_problems(story: Story, loc: str) -> list[Problem]:
    problems = [Problem(f"{loc}.minus", _unknown(m)) for m in story.minus if m not in CHARACTERS]
    if len(set(story.minus)) != len(story.minus):
        problems.append(Problem(f"{loc}.minus", "Each minus character may be listed only once."))
    if story.character is not None and story.character in story.minus:
        msg = f"{display(story.character)} cannot both earn and cost points on one story."
        problems.append(Problem(f"{loc}.minus", msg))
    return problems


def _number_problems(story: Story, loc: str) -> list[Problem]:
    problems: list[Problem] = []
    if story.type == "triples":
        if isinstance(story.points, int) or len(story.points) != _TRIPLE_AMOUNTS:
            msg = "A triples story needs a list of 3 points: for 1, 2 and 3 triples."
            problems.append(Problem(f"{loc}.points", msg))
        elif any(p < 0 for p in story.points):
            problems.append(Problem(f"{loc}.points", "Story points cannot be negative."))
    elif not isinstance(story.points, int):
        problems.append(Problem(f"{loc}.points", f"A {story.type} story gives a single number of points."))
    elif story.points < 0:
        problems.append(Problem(f"{loc}.points", "Story points cannot be negative."))
    for name in ("max", "penalty"):
        value = getattr(story, name)
        if value is not None and value < 0:
            problems.append(Problem(f"{loc}.{name}", f"{name.capitalize()} cannot be negative."))
    return problems
