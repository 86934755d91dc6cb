"""What every game shares: what a game is, and the contract its rules engine keeps (results with breakdowns,
rule errors). Each game is a package beside this module (`companion.games.<slug>`), its registry companion.specs.

Engines are pure: they take plain values or frozen dataclasses and return frozen dataclasses. They import the
standard library and this module only: never Flask, SQL, Jinja or WeasyPrint.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

# The only places `Any` is written in the game packages and the storage (tests/test_any_audit.py holds them to
# it, and mypy's disallow_any_explicit): JSON whose shape the type system cannot know.
Payload = dict[str, Any]
"""An entry's payload or a table's setup, as stored or about to be: a JSON object whose shape depends on its entry
kind (or game) and its version, which pydantic checks at the edge and replay upgrades; code reads it by key."""
PayloadView = Mapping[str, Any]
"""A payload (or setup) a function only reads."""
Raw = Any
"""What a client sent, before validation: a form's fields or a JSON body as pydantic's before-validators get it."""


class Text(str):
    """A sentence a player reads, as its English and as what another language needs to say it: the message id (the
    English template the catalogues know, with %(name)s placeholders), the plural form and its number where the
    wording turns on a number, and the parameters. It is the English str itself, so what stores, compares or sends
    the English keeps working; the web renders it again in the reader's language."""

    msgid: str
    plural: str | None
    number: int | None
    params: Mapping[str, object]

    def __new__(
        cls,
        msgid: str,
        plural: str | None = None,
        number: int | None = None,
        params: Mapping[str, object] | None = None,
        /,
    ) -> Text:
        params = dict(params or {})
        if plural is not None and number is not None:
            params = {"num": number, **params}
        english = plural if plural is not None and number != 1 else msgid
        self = super().__new__(cls, english % params if params else english)
        self.msgid, self.plural, self.number, self.params = msgid, plural, number, params
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (Text, (self.msgid, self.plural, self.number, dict(self.params)))


def msg(msgid: str, /, **params: object) -> Text:
    """A sentence by its message id: `msg("%(name)s pays %(coins)s", name=..., coins=...)`."""
    return Text(msgid, None, None, params)


def msg_n(singular: str, plural: str, count: int, /, **params: object) -> Text:
    """A sentence whose wording turns on `count`, which it may show as %(num)s: `msg_n("%(num)s coin", ...)`."""
    return Text(singular, plural, count, params)


@dataclass(frozen=True)
class Game:
    slug: str
    name: str
    min_players: int
    max_players: int
    blurb: str

    @property
    def players_label(self) -> str:
        return msg("%(min)s–%(max)s players", min=self.min_players, max=self.max_players)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: where it is (`loc`, e.g. "players[1].hand.lion") and what to fix."""

    loc: str
    msg: str


class RuleError(ValueError):
    """Input that breaks the game's rules. Carries every problem found, each located."""

    def __init__(self, problems: Iterable[Problem] | str, loc: str = "") -> None:
        if isinstance(problems, str):
            problems = [Problem(loc, problems)]
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("; ".join(p.msg for p in self.problems))


def raise_if(problems: list[Problem]) -> None:
    """Raise a RuleError listing every problem, if there is any."""
    if problems:
        raise RuleError(problems)


@dataclass(frozen=True)
class Line:
    """One line of a breakdown: what it is for, its points, and the rules section behind it ("<slug>/<anchor>")."""

    label: str
    points: int
    rule: str


@dataclass(frozen=True)
class PlayerScore:
    """A player's (or a unit's) total: `score` is always the sum of the breakdown's points.

    `extra` holds game-specific fields the API adds to this player (a yes/no flag of the game's own, say).
    """

    name: str
    breakdown: tuple[Line, ...]
    extra: Mapping[str, object] = field(default_factory=dict)

    @property
    def score(self) -> int:
        return sum(line.points for line in self.breakdown)


@dataclass(frozen=True)
class Result:
    """A scored game: every player with a breakdown, the winners (several on a tie, none when nobody can win),
    and `extra` for game-specific top-level fields, `notes` for human explanations (tie-breaks, warnings)."""

    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    extra: Mapping[str, object] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

    def player(self, name: str) -> PlayerScore:
        return next(p for p in self.players if p.name == name)


def top_scorers(scores: Mapping[str, int]) -> tuple[str, ...]:
    """Names of everyone tied for the highest score, in the given order."""
    if not scores:
        return ()
    best = max(scores.values())
    return tuple(name for name, score in scores.items() if score == best)
