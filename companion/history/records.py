"""Finished tables as plays, and what they add up to: ranks with ties, each player's and each game's record, and who
is who across tables (names compared without case, plus merges).

A game's own reading of its result (who was not scored and why, who scored together) comes from its table kind's
`PlayReading`; nothing here knows one game from another.
"""

from __future__ import annotations

import hashlib
import json
import math
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any

from companion.games import msg
from companion.history.reading import Unit, ranked_units, ranks
from companion.specs import GAMES
from companion.storage.log import Standing

if TYPE_CHECKING:
    from companion.tables import TableRules


@dataclass(frozen=True)
class Seat:
    """One player in a play: their score, rank (ties share one: 1, 1, 3), whether they won, whether they scored as
    one with others, and `out`: why their score does not count, in the game's words (empty when it counts)."""

    name: str
    score: int
    rank: int
    winner: bool
    out: str = ""
    together: bool = False

    @property
    def scored(self) -> bool:
        return not self.out


@dataclass(frozen=True)
class Play:
    """A finished table: its game, when it started and ended (first and last entry), and everyone's result.

    `id` is a fingerprint of the game, setup and entries, so a restored backup keeps it; `units`, when some players
    scored as one, the result by unit in rank order; `table` is the table's viewer token (empty when there is no
    table to link to); `played_s`, the seconds its play timer ran (None for a table that never used it)."""

    id: str
    game: str
    started: datetime
    ended: datetime
    seats: tuple[Seat, ...]
    units: tuple[Unit, ...] = ()
    table: str = ""
    played_s: int | None = None

    @property
    def game_name(self) -> str:
        return GAMES[self.game].name

    @property
    def duration_min(self) -> int:
        """The minutes played: by the play timer where the table used it, else from its first entry to its last."""
        seconds = self.played_s if self.played_s is not None else (self.ended - self.started).total_seconds()
        return round(seconds / 60)

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats if s.winner)

    def standings(self) -> list[Seat]:
        """Seats by rank (seating order within a rank)."""
        return sorted(self.seats, key=lambda s: s.rank)

    def seat(self, name: str) -> Seat:
        return next(s for s in self.seats if s.name == name)

    def unit_of(self, name: str) -> Unit | None:
        """The unit a player scored in (the better ranked, if in two), or None when everyone scored alone."""
        return min((u for u in self.units if name in u.names), key=lambda u: u.rank, default=None)


def utc(moment: datetime) -> datetime:
    """A stored time in UTC (SQLite hands them back without their zone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def fingerprint(game: str, setup: Mapping[str, Any], entries: Sequence[Standing]) -> str:
    """The play's id: the same game, setup and entries (as they read now, upgraded to their kinds' versions)
    always give the same one, so a restored backup keeps it."""
    body = [game, setup, [[e.kind, e.payload, utc(e.at).isoformat()] for e in entries]]
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def play_of(
    rules: TableRules,
    game: str,
    setup: Mapping[str, Any],
    entries: Sequence[Standing],
    state: Any,
    table: str = "",
    played_s: int | None = None,
) -> Play | None:
    """The play a table's standing entries (those that count, upgraded) and replayed state make, or None while its
    game is not over; `played_s` is what its play timer counted, if it was used.

    Winners rank first, then those whose score counts, then by score. When some players scored as one, the play
    ranks by unit (companion.history.reading) and each player takes their unit's rank (their best unit's, if in two)."""
    if not entries or not rules.finished(state):
        return None
    result = rules.result(state)
    winners = set(result.winners)
    units = ranked_units(rules.reading, result)
    outs = [rules.reading.out(p) for p in result.players]
    if units:
        placed = [min(u.rank for u in units if p.name in u.names) for p in result.players]
    else:
        placed = ranks(
            [(p.name not in winners, bool(out), -p.score) for p, out in zip(result.players, outs, strict=True)]
        )
    together = {name for u in units if len(u.names) > 1 for name in u.names}
    seats = tuple(
        Seat(p.name, p.score, rank, p.name in winners, out, p.name in together)
        for p, rank, out in zip(result.players, placed, outs, strict=True)
    )
    ended, started = utc(entries[-1].at), utc(entries[0].at)
    return Play(fingerprint(game, setup, entries), game, started, ended, seats, units, table, played_s)


# --- Who is who ---------------------------------------------------------------------------------------------------


MAX_KEY = 160  # the longest name key a merge stores (a name of 40 characters may grow when normalised)


@lru_cache(maxsize=4096)  # the lists of players compare the same few hundred names on every request
def name_key(name: str) -> str:
    """A name as it is compared: trimmed, Unicode-normalised, without case ("Éva", "éva " and "ÉVA" are one)."""
    return unicodedata.normalize("NFKC", name).strip().casefold()


@dataclass(frozen=True)
class Spelling:
    """How often a name was entered as written (seats), and when last."""

    name: str
    seats: int
    last: datetime


@dataclass(frozen=True)
class People:
    """Who is who: a name's person is its casefolded form or, once merged, the person it was merged into.

    `aliases` maps a casefolded name to the name it was merged into (which may itself be merged further)."""

    aliases: Mapping[str, str]

    def key(self, name: str) -> str:
        key = name_key(name)
        return self._persons.get(key, key)

    @cached_property
    def _persons(self) -> dict[str, str]:
        """Each merged name's person, every chain followed once: a name's person is its chain's end, or, when the
        chain runs into a circle, the first name met again (each name on a circle is its own person)."""
        persons: dict[str, str] = {}
        for start in self.aliases:
            path: list[str] = []
            at: dict[str, int] = {}
            key = name_key(start)
            while key in self.aliases and key not in persons and key not in at:
                at[key] = len(path)
                path.append(key)
                key = name_key(self.aliases[key])
            end = persons.get(key, key)
            if key in at:  # a circle: its names are their own persons, and lead the names before them to `key`
                persons.update((name, name) for name in path[at[key] :])
                path = path[: at[key]]
            persons.update((name, end) for name in path)
        return persons

    def same(self, a: str, b: str) -> bool:
        return self.key(a) == self.key(b)

    def keys_of(self, name: str) -> list[str]:
        """Every casefolded name that is this person: their own and those merged into them."""
        key = self.key(name)
        return [key, *self.merged_into(key)]

    def names(self, spellings: Iterable[Spelling]) -> dict[str, str]:
        """Each person's name as shown: the spelling of their own name used most, the latest on a tie (a person
        known only by names merged into them goes by the most used of those)."""
        best: dict[str, tuple[bool, int, datetime, str]] = {}
        tally: dict[tuple[str, str], tuple[int, datetime]] = {}
        for s in spellings:
            seats, last = tally.get((self.key(s.name), s.name), (0, s.last))
            tally[self.key(s.name), s.name] = (seats + s.seats, max(last, s.last))
        for (key, name), (seats, last) in tally.items():
            ranked = (name_key(name) == key, seats, last, name)
            if key not in best or ranked[:3] > best[key][:3]:
                best[key] = ranked
        return {key: ranked[3] for key, ranked in best.items()}

    def merged_into(self, key: str) -> list[str]:
        """The merged names that lead to this person (for undoing a merge)."""
        return sorted(name for name in self.aliases if name != key and self.key(name) == key)


def merge_problem(people: People, name: str, into: str) -> str | None:
    """Why `name` cannot be merged into `into`, or None when it can."""
    if not name_key(name) or not name_key(into):
        return msg("choose both names")
    if len(name_key(name)) > MAX_KEY or len(into.strip()) > 40:
        return msg("a merge needs two names of 1 to 40 characters")
    if people.same(name, into):
        return msg("%(name)s and %(into)s are already the same person", name=name, into=into)
    return None


# --- Records --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Person:
    """Someone who played, as the lists show them: their plays and wins (a win shared with others counts for each)."""

    key: str
    name: str
    plays: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


@dataclass(frozen=True)
class GameRecord:
    """A player's record in one game: plays, wins, average and best of the scores that counted, results that did
    not count, and when they last played it."""

    game: str
    plays: int
    wins: int
    average: float | None
    best: int | None
    unscored: int
    last: datetime

    @property
    def game_name(self) -> str:
        return GAMES[self.game].name


@dataclass(frozen=True)
class PlayerRecord:
    """A person across every table: plays, wins (`together_wins` of them shared with others who scored as one),
    why and how often a result of theirs did not count, and each game's record."""

    person: Person
    spellings: tuple[str, ...]
    together_wins: int
    not_scored: tuple[tuple[str, int], ...]
    games: tuple[GameRecord, ...]
    last: datetime

    @property
    def key(self) -> str:
        return self.person.key

    @property
    def name(self) -> str:
        return self.person.name


@dataclass(frozen=True)
class Bucket:
    low: int
    high: int
    count: int

    @property
    def label(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"


@dataclass(frozen=True)
class Highest:
    """The highest score that counted in a game: who, how many, and when (the first to reach it)."""

    name: str
    score: int
    ended: datetime


@dataclass(frozen=True)
class GameStats:
    """One game across every table: plays, the average and spread of the scores that counted, the highest, most
    wins, and why and how often a result did not count."""

    game: str
    plays: int
    average: float | None
    highest: Highest | None
    distribution: tuple[Bucket, ...]
    wins: tuple[tuple[str, int], ...]
    not_scored: tuple[tuple[str, int], ...]

    @property
    def game_name(self) -> str:
        return GAMES[self.game].name


def distribution(scores: Sequence[int] | Mapping[int, int], buckets: int = 8) -> tuple[Bucket, ...]:
    """Scores (or how many times each score was made) counted in at most `buckets` ranges of equal width, from the
    lowest score to the highest."""
    counts = scores if isinstance(scores, Mapping) else {s: scores.count(s) for s in set(scores)}
    if not counts:
        return ()
    low, high = min(counts), max(counts)
    width = max(1, math.ceil((high - low + 1) / buckets))
    return tuple(
        Bucket(start, min(start + width - 1, high), sum(n for s, n in counts.items() if start <= s < start + width))
        for start in range(low, high + 1, width)
    )
