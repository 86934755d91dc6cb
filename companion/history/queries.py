"""What the history's pages read from the stored plays: a page of plays at a time, and records and stats as SQL
aggregates, so a page costs about the same with ten thousand plays as with a hundred.

Each seat knows its person (the name once merges are followed); the lists of players read the totals kept per name
and per person (companion.history.totals), a person's page and a game's page aggregate only their own seats. Everything
here reads one group's history (every query filters by the group, through an index); a deleted play is in none of it
but the list of recently deleted plays.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, case, distinct, func, select

from companion.history.paging import Paged
from companion.history.play_rows import COLUMNS, play_from
from companion.history.records import (
    GameRecord,
    GameStats,
    Highest,
    People,
    Person,
    Play,
    PlayerRecord,
    Spelling,
    distribution,
    utc,
)
from companion.history.records import name_key as key_of_name
from companion.history.sentences import said_again
from companion.specs import GAMES
from companion.storage.store import Store, attention, name_totals, person_totals, play_seats, plays, tables

PAGE_SIZE = 50
seats = play_seats.c
SCORED = seats.out == ""


@dataclass(frozen=True)
class PlayPage(Paged):
    """One page of plays, newest first: page `number` of those `matching` a filter."""

    plays: list[Play]
    number: int
    matching: int
    size: int = PAGE_SIZE


@dataclass(frozen=True)
class Attention:
    """A table whose replay stops at entry `seq`, and why, for the history to list (with its watch link)."""

    game: str
    players: tuple[str, ...]
    table: str
    seq: int
    kind: str
    message: str
    noticed: datetime


def needing_attention(store: Store, group: int, limit: int = PAGE_SIZE) -> list[Attention]:
    """A group's tables that stop replaying at an entry, the latest noticed first."""
    query = (
        select(tables.c.game, tables.c.setup, tables.c.viewer_token, *attention.c["seq", "kind", "message", "said"])
        .add_columns(attention.c.noticed_at)
        .join_from(attention, tables, attention.c.table_id == tables.c.id)
        .where(attention.c.group_id == group)
        .order_by(attention.c.noticed_at.desc(), attention.c.table_id.desc())
        .limit(limit)
    )
    return [
        Attention(
            r.game,
            tuple(r.setup.get("players", ())),
            r.viewer_token,
            r.seq,
            r.kind,
            said_again(r.message, r.said),
            utc(r.noticed_at),
        )
        for r in _rows(store, query)
    ]


def _rows(store: Store, query: Any) -> list[Any]:
    with store.engine.connect() as conn:
        return list(conn.execute(query))


def _joined() -> Any:
    return select(*COLUMNS).join_from(plays, tables, plays.c.table_id == tables.c.id)


def _shown(group: int) -> list[ColumnElement[bool]]:
    """The group's plays that are not deleted."""
    return [plays.c.group_id == group, plays.c.deleted_at.is_(None)]


def page_of_plays(
    store: Store,
    group: int,
    people: People,
    *,
    game: str = "",
    player: str = "",
    number: int = 1,
    size: int = PAGE_SIZE,
) -> PlayPage:
    """A group's plays of one game and/or with one person (any of their names), newest first: page `number` of
    pages of `size`."""
    where = _shown(group)
    if game:
        where.append(plays.c.game == game)
    if player:
        theirs = select(seats.table_id).where(seats.group_id == group, seats.person == people.key(player))
        where.append(plays.c.table_id.in_(theirs))
    matching = _rows(store, select(func.count()).select_from(plays).where(*where))[0][0]
    number = min(max(1, number), max(1, math.ceil(matching / size)))
    query = (
        _joined()
        .where(*where)
        .order_by(plays.c.ended.desc(), plays.c.play_id.desc())
        .limit(size)
        .offset((number - 1) * size)
    )
    with store.engine.connect() as conn:
        found = [play_from(row) for row in conn.execute(query).mappings()]
    return PlayPage(found, number, matching, size)


def game_counts(store: Store, group: int) -> dict[str, int]:
    """How many plays each game has in a group, every game listed."""
    counted = dict(_rows(store, select(plays.c.game, func.count()).where(*_shown(group)).group_by(plays.c.game)))
    return {slug: counted.get(slug, 0) for slug in GAMES}


def _winner_id() -> Any:
    return case((seats.winner, seats.table_id))


def everyone(store: Store, group: int, people: People, game: str = "") -> list[Person]:
    """Everyone who played in a group (one game, if given), the most plays first, then by name."""
    names, persons = name_totals.c, person_totals.c
    spellings = _rows(
        store,
        select(names.name, func.sum(names.seats), func.max(names.last))
        .where(names.group_id == group, *([names.game == game] if game else []))
        .group_by(names.name),
    )
    shown = people.names(Spelling(name, int(n), utc(last)) for name, n, last in spellings)
    counts = _rows(
        store,
        select(persons.person, func.sum(persons.plays), func.sum(persons.wins))
        .where(persons.group_id == group, *([persons.game == game] if game else []))
        .group_by(persons.person),
    )
    found = [Person(key, shown.get(key, key), int(n), int(wins)) for key, n, wins in counts]
    return sorted(found, key=lambda p: (-p.plays, key_of_name(p.name)))


def has_played(store: Store, group: int, people: People, name: str) -> bool:
    """Whether the person called `name` (any of their names) has played in a group."""
    persons = person_totals.c
    query = select(persons.person).where(persons.group_id == group, persons.person == people.key(name)).limit(1)
    return bool(_rows(store, query))


def player_record(store: Store, group: int, people: People, name: str) -> PlayerRecord | None:
    """The record in a group of the person called `name` (any spelling or merged name), or None if they never
    played there."""
    keys = people.keys_of(name)
    totals = name_totals.c
    tally = _rows(
        store,
        select(totals.name, func.sum(totals.seats), func.max(totals.last))
        .where(totals.group_id == group, totals.name_key.in_(keys))
        .group_by(totals.name),
    )
    if not tally:
        return None
    key = people.key(name)
    shown = people.names(Spelling(n, int(count), utc(last)) for n, count, last in tally)[key]
    mine = and_(seats.group_id == group, seats.person == key)
    games = _game_records(store, mine)
    person = Person(key, shown, sum(g.plays for g in games), sum(g.wins for g in games))
    together = select(func.count(distinct(case((and_(seats.winner, seats.together), seats.table_id))))).where(mine)
    return PlayerRecord(
        person,
        tuple(sorted({n for n, _, _ in tally})),
        _rows(store, together)[0][0],
        _not_scored(store, mine),
        games,
        max(g.last for g in games),
    )


def _game_records(store: Store, mine: ColumnElement[bool]) -> tuple[GameRecord, ...]:
    query = (
        select(
            seats.game,
            func.count(distinct(seats.table_id)),
            func.count(distinct(_winner_id())),
            func.avg(case((SCORED, seats.score))),
            func.max(case((SCORED, seats.score))),
            func.count(case((~SCORED, 1))),
            func.max(seats.ended),
        )
        .where(mine)
        .group_by(seats.game)
    )
    found = {row[0]: row for row in _rows(store, query)}
    records = []
    for slug in (g for g in GAMES if g in found):
        _, n, wins, average, best, unscored, last = found[slug]
        records.append(
            GameRecord(slug, n, wins, None if average is None else float(average), best, unscored, utc(last))
        )
    return tuple(records)


def _not_scored(store: Store, where: ColumnElement[bool]) -> tuple[tuple[str, int], ...]:
    """Why results did not count, and how often: the most frequent reason first."""
    count = func.count()
    query = select(seats.out, count).where(where, ~SCORED).group_by(seats.out).order_by(count.desc(), seats.out)
    return tuple((out, n) for out, n in _rows(store, query))


def game_stats(store: Store, group: int, people: People, game: str) -> GameStats:
    """One game across every table of a group."""
    mine = and_(seats.group_id == group, seats.game == game)
    scored = and_(mine, SCORED)
    count = _rows(store, select(func.count()).select_from(plays).where(*_shown(group), plays.c.game == game))[0][0]
    average = _rows(store, select(func.avg(seats.score)).where(scored))[0][0]
    top = _rows(
        store,
        select(seats.name, seats.score, seats.ended)
        .where(scored)
        .order_by(seats.score.desc(), seats.ended, seats.play_id, seats.seat)
        .limit(1),
    )
    highest = Highest(top[0][0], top[0][1], utc(top[0][2])) if top else None
    spread = dict(_rows(store, select(seats.score, func.count()).where(scored).group_by(seats.score)))
    wins = sorted(((p.name, p.wins) for p in everyone(store, group, people, game) if p.wins), key=_most_wins)
    return GameStats(
        game,
        count,
        None if average is None else float(average),
        highest,
        distribution(spread),
        tuple(wins),
        _not_scored(store, mine),
    )


def _most_wins(name_wins: tuple[str, int]) -> tuple[int, str]:
    return -name_wins[1], key_of_name(name_wins[0])
