"""Finished tables as plays, and what they add up to: ranks with ties, each player's and each game's record, and who
is who across tables (names compared without case, plus merges)."""

from __future__ import annotations

import hashlib
import json
import math
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from .games import GAMES
from .log import Standing
from .tables import TableKind


@dataclass(frozen=True)
class Seat:
    """One player in a play: their score, rank (ties share one: 1, 1, 3), whether they won, and why they were not
    scored (fired by L'oaf's Angry Boss, or an LFG party disqualified as incomplete)."""

    name: str
    score: int
    rank: int
    winner: bool
    fired: bool = False
    disqualified: bool = False

    @property
    def scored(self) -> bool:
        return not (self.fired or self.disqualified)


@dataclass(frozen=True)
class Unit:
    """Koala: who scored together (a koalation, a lone koala or a team), their points, and whether they won."""

    label: str
    names: tuple[str, ...]
    points: int
    winner: bool


@dataclass(frozen=True)
class Play:
    """A finished table: its game, when it started and ended (first and last entry), and everyone's result.

    `id` is a fingerprint of the game, setup and entries, so a restored backup keeps it; `table` is the table's
    viewer token (empty when there is no table to link to)."""

    id: str
    game: str
    started: datetime
    ended: datetime
    seats: tuple[Seat, ...]
    units: tuple[Unit, ...] = ()
    table: str = ""

    @property
    def game_name(self) -> str:
        return GAMES[self.game].name

    @property
    def duration_min(self) -> int:
        return round((self.ended - self.started).total_seconds() / 60)

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats if s.winner)

    def standings(self) -> list[Seat]:
        """Seats by rank (seating order within a rank)."""
        return sorted(self.seats, key=lambda s: s.rank)


def utc(moment: datetime) -> datetime:
    """A stored time in UTC (SQLite hands them back without their zone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def ranks(keys: Sequence[Any]) -> list[int]:
    """Competition ranks of sortable keys, lower is better: ties share a rank and the next one skips (1, 1, 3)."""
    return [1 + sum(other < key for other in keys) for key in keys]


def fingerprint(game: str, setup: Mapping[str, Any], entries: Sequence[Standing]) -> str:
    body = [game, setup, [[e.kind, e.payload, utc(e.at).isoformat()] for e in entries]]
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def play_of(
    kind: TableKind, game: str, setup: Mapping[str, Any], entries: Sequence[Standing], state: Any, table: str = ""
) -> Play | None:
    """The play a table's standing entries and replayed state make, or None while its game is not over."""
    if not entries or not kind.finished(state):
        return None
    result = kind.result(state)
    winners = set(result.winners)
    units = tuple(
        Unit(_unit_label(u), tuple(u.names), u.points, set(u.names) <= winners) for u in result.extra.get("units", ())
    )
    best_unit: dict[str, int] = {}  # Koala ranks by the unit's points (a "?" player may be in two teams)
    for unit in units:
        for name in unit.names:
            best_unit[name] = max(best_unit.get(name, unit.points), unit.points)
    marks = [(bool(p.extra.get("fired")), bool(p.extra.get("disqualified"))) for p in result.players]
    keys = [
        (p.name not in winners, fired or disqualified, -best_unit.get(p.name, p.score))
        for p, (fired, disqualified) in zip(result.players, marks, strict=True)
    ]
    seats = tuple(
        Seat(p.name, p.score, rank, p.name in winners, fired, disqualified)
        for p, rank, (fired, disqualified) in zip(result.players, ranks(keys), marks, strict=True)
    )
    ended, started = utc(entries[-1].at), utc(entries[0].at)
    return Play(fingerprint(game, setup, entries), game, started, ended, seats, units, table)


def _unit_label(unit: Any) -> str:
    names = " & ".join(unit.names)
    return f"team {unit.team} ({names})" if getattr(unit, "team", None) else names


# --- Who is who ---------------------------------------------------------------------------------------------------


def name_key(name: str) -> str:
    """A name as it is compared: trimmed, Unicode-normalised, without case ("Éva", "éva " and "ÉVA" are one)."""
    return unicodedata.normalize("NFKC", name).strip().casefold()


@dataclass(frozen=True)
class People:
    """Who is who: a name's person is its casefolded form or, once merged, the person it was merged into.

    `aliases` maps a casefolded name to the name it was merged into (which may itself be merged further)."""

    aliases: Mapping[str, str]

    def key(self, name: str) -> str:
        key, seen = name_key(name), set()
        while key in self.aliases and key not in seen:
            seen.add(key)
            key = name_key(self.aliases[key])
        return key

    def same(self, a: str, b: str) -> bool:
        return self.key(a) == self.key(b)

    def names(self, plays: Iterable[Play]) -> dict[str, str]:
        """Each person's name as shown: the spelling of their own name used most, the latest on a tie (a person
        known only by names merged into them goes by the most used of those)."""
        tally: dict[str, dict[str, tuple[bool, int, datetime]]] = {}
        for play in plays:
            for seat in play.seats:
                key = self.key(seat.name)
                own, count, last = tally.setdefault(key, {}).get(seat.name, (name_key(seat.name) == key, 0, play.ended))
                tally[key][seat.name] = (own, count + 1, max(last, play.ended))
        return {key: max(spellings, key=lambda n: spellings[n]) for key, spellings in tally.items()}

    def merged_into(self, key: str) -> list[str]:
        """The merged names that lead to this person (for undoing a merge)."""
        return sorted(name for name in self.aliases if name != key and self.key(name) == key)


def merge_problem(people: People, name: str, into: str) -> str | None:
    """Why `name` cannot be merged into `into`, or None when it can."""
    if not name_key(name) or not name_key(into):
        return "choose both names"
    if people.same(name, into):
        return f"{name} and {into} are already the same person"
    return None


# --- Records --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    """A player's record in one game: plays, wins, the scores that counted, not scored (fired/disqualified)."""

    game: str
    plays: int
    wins: int
    scores: tuple[int, ...]
    unscored: int
    last: datetime

    @property
    def game_name(self) -> str:
        return GAMES[self.game].name

    @property
    def average(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    @property
    def best(self) -> int | None:
        return max(self.scores) if self.scores else None


@dataclass(frozen=True)
class PlayerRecord:
    """A person across every table: their plays (newest first), wins (a koalation's or team's win counts for each
    member; `team_wins` says how many were shared that way), fired and disqualified counts, and each game's record."""

    key: str
    name: str
    spellings: tuple[str, ...]
    plays: tuple[Play, ...]
    wins: int
    team_wins: int
    fired: int
    disqualified: int
    games: tuple[GameRecord, ...]

    @property
    def win_rate(self) -> float:
        return self.wins / len(self.plays) if self.plays else 0.0

    @property
    def last(self) -> datetime:
        return self.plays[0].ended

    def seat(self, play: Play, people: People) -> Seat:
        return next(s for s in play.seats if people.key(s.name) == self.key)


def _seat_of(play: Play, people: People, key: str) -> Seat | None:
    return next((s for s in play.seats if people.key(s.name) == key), None)


def player_record(plays: Iterable[Play], people: People, name: str) -> PlayerRecord | None:
    """The record of the person called `name` (any spelling or merged name), or None if they never played."""
    key = people.key(name)
    mine = [(p, s) for p in newest_first(plays) if (s := _seat_of(p, people, key))]
    if not mine:
        return None
    games = []
    for slug in GAMES:
        seats = [(p, s) for p, s in mine if p.game == slug]
        if seats:
            scores = tuple(s.score for _, s in seats if s.scored)
            wins = sum(s.winner for _, s in seats)
            games.append(GameRecord(slug, len(seats), wins, scores, len(seats) - len(scores), seats[0][0].ended))
    team_wins = sum(1 for p, s in mine if s.winner and any(s.name in u.names and len(u.names) > 1 for u in p.units))
    return PlayerRecord(
        key,
        people.names(p for p, _ in mine)[key],
        tuple(sorted({s.name for _, s in mine})),
        tuple(p for p, _ in mine),
        sum(s.winner for _, s in mine),
        team_wins,
        sum(s.fired for _, s in mine),
        sum(s.disqualified for _, s in mine),
        tuple(games),
    )


def players(plays: Sequence[Play], people: People) -> list[PlayerRecord]:
    """Everyone who played, the most plays first (then by name)."""
    shown = people.names(plays)
    records = [player_record(plays, people, name) for name in shown.values()]
    return sorted((r for r in records if r), key=lambda r: (-len(r.plays), name_key(r.name)))


@dataclass(frozen=True)
class Bucket:
    low: int
    high: int
    count: int

    @property
    def label(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"


@dataclass(frozen=True)
class GameStats:
    """One game across every table: plays, the scores that counted and their spread, the highest, most wins."""

    game: str
    plays: tuple[Play, ...]
    scores: tuple[int, ...]
    highest: tuple[Play, Seat] | None
    distribution: tuple[Bucket, ...]
    wins: tuple[tuple[str, int], ...]

    @property
    def game_name(self) -> str:
        return GAMES[self.game].name

    @property
    def average(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None


def game_stats(plays: Iterable[Play], people: People, game: str, buckets: int = 8) -> GameStats:
    mine = tuple(p for p in newest_first(plays) if p.game == game)
    scored = [(p, s) for p in reversed(mine) for s in p.seats if s.scored]
    highest = max(scored, key=lambda ps: ps[1].score) if scored else None  # the first to reach it
    shown = people.names(mine)
    wins: dict[str, int] = {}
    for play in mine:
        for name in {people.key(n) for n in play.winners}:
            wins[name] = wins.get(name, 0) + 1
    ranked = sorted(((shown[k], n) for k, n in wins.items()), key=lambda kn: (-kn[1], name_key(kn[0])))
    scores = tuple(s.score for _, s in scored)
    return GameStats(game, mine, scores, highest, distribution(scores, buckets), tuple(ranked))


def distribution(scores: Sequence[int], buckets: int = 8) -> tuple[Bucket, ...]:
    """Scores counted in at most `buckets` ranges of equal width, from the lowest score to the highest."""
    if not scores:
        return ()
    low, high = min(scores), max(scores)
    width = max(1, math.ceil((high - low + 1) / buckets))
    return tuple(
        Bucket(start, min(start + width - 1, high), sum(start <= s < start + width for s in scores))
        for start in range(low, high + 1, width)
    )


def newest_first(plays: Iterable[Play]) -> list[Play]:
    return sorted(plays, key=lambda p: (p.ended, p.id), reverse=True)


def only(plays: Iterable[Play], people: People, game: str = "", player: str = "") -> list[Play]:
    """Plays of one game and/or with one person (any of their names), newest first."""
    key = people.key(player) if player else ""
    return [
        p
        for p in newest_first(plays)
        if (not game or p.game == game) and (not key or any(people.key(s.name) == key for s in p.seats))
    ]
