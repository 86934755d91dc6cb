"""Oz: end-of-game scoring of each player's Character cards against their face-up Story cards.

`score(players)` first checks the whole table against the box (2-4 players, copies of each character in one
hand and across all hands, at most 4 face-up stories, well-formed stories), then gives every story one
breakdown line. The cards, story types and per-story scoring live in `engine.cards`; they are re-exported here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from companion.games import PlayerScore, Problem, Result, msg, raise_if, top_scorers
from companion.games.oz.engine.cards import (
    CHARACTERS,
    MAX_STORIES,
    RULE_REFS,
    STORY_TYPES,
    Hand,
    PlayerHand,
    Story,
    StoryType,
    display,
    joined,
    score_story,
)

__all__ = [
    "warnings",
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


def warnings(player: PlayerScore) -> tuple[str, ...]:
    """What is odd about a player's hand (a hand size other than a finished game's), as scoring stored it."""
    return cast(tuple[str, ...], player.extra["warnings"])


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
    notes = [w for p in scored for w in warnings(p)]
    if len(winners) > 1:
        best = max(p.score for p in scored)
        notes.append(
            msg("%(names)s tie with %(points)s points and share the win.", names=", ".join(winners), points=best)
        )
    extra = {"copies_per_character": copies_per_character(len(players)), "expected_hand_size": expected}
    return Result(players=scored, winners=winners, extra=extra, notes=tuple(notes))


def _score_player(index: int, players: Sequence[PlayerHand], expected: int) -> PlayerScore:
    player = players[index]
    others = tuple(p for i, p in enumerate(players) if i != index)
    lines = tuple(score_story(story, player.hand, others) for story in player.stories)
    cards = player.hand.total
    warnings: tuple[str, ...] = ()
    if cards != expected:
        warning = msg(
            "%(name)s holds %(cards)s cards; at the end of a %(players)s-player game each hand has %(expected)s.",
            name=player.name,
            cards=cards,
            players=len(players),
            expected=expected,
        )
        warnings = (warning,)
    return PlayerScore(player.name, lines, {"cards": cards, "warnings": warnings})


def _table_problems(players: Sequence[PlayerHand]) -> list[Problem]:
    problems: list[Problem] = []
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        problems.append(
            Problem(
                "players",
                msg(
                    "Oz is played by %(min)s to %(max)s players; got %(count)s.",
                    min=MIN_PLAYERS,
                    max=MAX_PLAYERS,
                    count=len(players),
                ),
            )
        )
    copies = copies_per_character(len(players))
    seen: set[str] = set()
    for i, player in enumerate(players):
        key = player.name.strip().casefold()
        if key in seen:
            problems.append(
                Problem(f"players[{i}].name", msg("The name %(name)s is used twice.", name=repr(player.name)))
            )
        seen.add(key)
        problems += _hand_problems(player.hand, f"players[{i}].hand", copies, len(players))
        problems += _stories_problems(player.stories, f"players[{i}].stories")
    return problems + _across_hands_problems(players, copies)


def _too_many(character: str, copies: int, n_players: int, this_hand: int) -> str:
    return msg(
        "At most %(copies)s %(character)s cards exist with %(players)s players; this hand has %(count)s.",
        copies=copies,
        character=display(character),
        players=n_players,
        count=this_hand,
    )


def _too_many_together(character: str, copies: int, n_players: int, together: int) -> str:
    return msg(
        "At most %(copies)s %(character)s cards exist with %(players)s players; the hands hold %(count)s together.",
        copies=copies,
        character=display(character),
        players=n_players,
        count=together,
    )


def _hand_problems(hand: Hand, loc: str, copies: int, n_players: int) -> list[Problem]:
    problems: list[Problem] = []
    for c in CHARACTERS:
        n = hand.count(c)
        if n < 0:
            problems.append(
                Problem(
                    f"{loc}.{c}",
                    msg("A hand cannot hold %(count)s %(character)s cards.", count=n, character=display(c)),
                )
            )
        elif n > copies:
            problems.append(Problem(f"{loc}.{c}", _too_many(c, copies, n_players, n)))
    return problems


def _across_hands_problems(players: Sequence[PlayerHand], copies: int) -> list[Problem]:
    """Copies beyond the box across all hands, unless one hand alone already breaks it (reported there)."""
    problems: list[Problem] = []
    for c in CHARACTERS:
        counts = [p.hand.count(c) for p in players]
        together = sum(counts)
        if together > copies and max(counts) <= copies:
            problems.append(Problem("players", _too_many_together(c, copies, len(players), together)))
    return problems


def _stories_problems(stories: Sequence[Story], loc: str) -> list[Problem]:
    problems: list[Problem] = []
    if len(stories) > MAX_STORIES:
        said = msg(
            "Only %(max)s Story cards stay face up; this player has %(count)s.", max=MAX_STORIES, count=len(stories)
        )
        problems.append(Problem(loc, said))
    for j, story in enumerate(stories):
        problems += _story_problems(story, f"{loc}[{j}]")
    return problems


def _story_problems(story: Story, loc: str) -> list[Problem]:
    if story.type not in _FIELDS:
        kinds = ", ".join(_FIELDS)
        said = msg("There is no story type %(type)s; the types are %(types)s.", type=repr(story.type), types=kinds)
        return [Problem(f"{loc}.type", said)]
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
            said = msg("A %(type)s story has no %(field)s field.", type=story.type, field=repr(name))
            problems.append(Problem(f"{loc}.{name}", said))
        elif not present and name in wanted and name != "minus":
            problems.append(
                Problem(f"{loc}.{name}", msg("A %(type)s story needs %(field)s.", type=story.type, field=repr(name)))
            )
    return problems


def _unknown(character: str) -> str:
    return msg(
        "There is no character %(character)s; the characters are %(characters)s.",
        character=repr(character),
        characters=", ".join(CHARACTERS),
    )


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
        got = joined(story.characters)
        said = msg(
            "A %(type)s story needs %(size)s different characters; got %(got)s.", type=story.type, size=size, got=got
        )
        return [Problem(f"{loc}.characters", said)]
    return []


def _minus_problems(story: Story, loc: str) -> list[Problem]:
    problems = [Problem(f"{loc}.minus", _unknown(m)) for m in story.minus if m not in CHARACTERS]
    if len(set(story.minus)) != len(story.minus):
        problems.append(Problem(f"{loc}.minus", msg("Each minus character may be listed only once.")))
    if story.character is not None and story.character in story.minus:
        said = msg("%(character)s cannot both earn and cost points on one story.", character=display(story.character))
        problems.append(Problem(f"{loc}.minus", said))
    return problems


def _number_problems(story: Story, loc: str) -> list[Problem]:
    problems: list[Problem] = []
    if story.type == "triples":
        if isinstance(story.points, int) or len(story.points) != _TRIPLE_AMOUNTS:
            said = msg("A triples story needs a list of 3 points: for 1, 2 and 3 triples.")
            problems.append(Problem(f"{loc}.points", said))
        elif any(p < 0 for p in story.points):
            problems.append(Problem(f"{loc}.points", msg("Story points cannot be negative.")))
    elif not isinstance(story.points, int):
        said = msg("A %(type)s story gives a single number of points.", type=story.type)
        problems.append(Problem(f"{loc}.points", said))
    elif story.points < 0:
        problems.append(Problem(f"{loc}.points", msg("Story points cannot be negative.")))
    for name in ("max", "penalty"):
        value = getattr(story, name)
        if value is not None and value < 0:
            said = msg("Max cannot be negative.") if name == "max" else msg("Penalty cannot be negative.")
            problems.append(Problem(f"{loc}.{name}", said))
    return problems
