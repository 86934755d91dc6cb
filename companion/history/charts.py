"""What a group's history charts show, read from its stored rows (never a replay): each player's wins by game, from
the totals kept per person (one query), and scores over time, from the seats of a bounded number of the latest
plays (one query each), so a history page costs the same however long the group has played.

Scores of different games do not compare, so every line of scores is one game's. Each person keeps one colour on
every chart of the group: the palette in the order the history lists everyone (most plays first)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select

from companion.colours import PALETTE, Colour
from companion.history.records import Person, utc
from companion.specs import GAMES
from companion.storage.store import Store, person_totals, play_seats, plays
from companion.tables.charts import Chart, Series

LATEST = 50  # the seats a person's chart of scores reads at most: the latest
MOST_BARS = 10  # a game's winners a bar chart shows at most, the most wins first (the table of players has them all)
GAME_LATEST = 20  # the plays a game's chart reads at most: more lines than a person's, so fewer plays to stay readable
seats = play_seats.c
Day = Callable[[datetime], str]  # a play's day as the reader's language writes it


@dataclass(frozen=True)
class Bar:
    player: str
    value: int


@dataclass(frozen=True)
class BarGroup:
    """One game's bars, a bar per player."""

    label: str
    bars: tuple[Bar, ...]


@dataclass(frozen=True)
class BarChart:
    title: str
    groups: tuple[BarGroup, ...]


def colours_of(everyone: Sequence[Person]) -> dict[str, Colour]:
    """Each person's colour on the group's charts, by their name as shown."""
    return {person.name: PALETTE[i % len(PALETTE)] for i, person in enumerate(everyone)}


def _rows(store: Store, query: Any) -> list[Any]:
    with store.engine.connect() as conn:
        return list(conn.execute(query))


def wins_by_game(store: Store, group: int, everyone: Sequence[Person], title: str) -> BarChart:
    """Each game's winners in a group and how often each won it, the most wins first, at most `MOST_BARS` a game
    (games in the registry's order; a game nobody has won yet is left out)."""
    totals = person_totals.c
    query = select(totals.game, totals.person, totals.wins).where(totals.group_id == group, totals.wins > 0)
    names = {person.key: person.name for person in everyone}
    found: dict[str, list[Bar]] = {}
    for game, person, wins in _rows(store, query):
        found.setdefault(game, []).append(Bar(names.get(person, person), int(wins)))
    groups = [
        BarGroup(spec.name, tuple(sorted(found[slug], key=lambda bar: (-bar.value, bar.player.casefold()))[:MOST_BARS]))
        for slug, spec in GAMES.items()
        if slug in found
    ]
    return BarChart(title, tuple(groups))


def person_scores(store: Store, group: int, person: Person, day: Day, title: Callable[[str], str]) -> list[Chart]:
    """One person's scored results in each game they played, oldest first, from their latest `LATEST` seats: a
    chart per game (titled by `title` from the game's name)."""
    query = (
        select(seats.game, seats.ended, seats.score)
        .where(seats.group_id == group, seats.person == person.key, seats.out == "")
        .order_by(seats.ended.desc(), seats.play_id.desc(), seats.seat)
        .limit(LATEST)
    )
    by_game: dict[str, list[tuple[datetime, int]]] = {}
    for game, ended, score in reversed(_rows(store, query)):
        by_game.setdefault(game, []).append((utc(ended), score))
    return [
        Chart(
            title(spec.name),
            tuple(day(ended) for ended, _ in by_game[slug]),
            (Series(person.name, tuple(score for _, score in by_game[slug])),),
        )
        for slug, spec in GAMES.items()
        if slug in by_game
    ]


def game_scores(store: Store, group: int, game: str, everyone: Sequence[Person], day: Day, title: str) -> Chart:
    """Each person's scored results over a game's latest `GAME_LATEST` plays in a group, oldest first (None in a play
    they did not score in); everyone in the history's order."""
    latest = (
        select(plays.c.table_id)
        .where(plays.c.group_id == group, plays.c.deleted_at.is_(None), plays.c.game == game)
        .order_by(plays.c.ended.desc(), plays.c.play_id.desc())
        .limit(GAME_LATEST)
    )
    query = (
        select(seats.table_id, seats.ended, seats.person, seats.score)
        .where(seats.group_id == group, seats.table_id.in_(latest.scalar_subquery()), seats.out == "")
        .order_by(seats.ended, seats.play_id, seats.seat)
    )
    played: dict[int, datetime] = {}
    scores: dict[tuple[int, str], int] = {}
    for table_id, ended, person, score in _rows(store, query):
        played.setdefault(table_id, utc(ended))
        scores.setdefault((table_id, person), score)
    people = [p for p in everyone if any((t, p.key) in scores for t in played)]
    series = tuple(Series(p.name, tuple(scores.get((t, p.key)) for t in played)) for p in people)
    return Chart(title, tuple(day(ended) for ended in played.values()), series)
