"""The totals kept beside the stored plays, so the lists of players read a row per name and per person instead of
every seat: per name as written (how often, when last: a person is shown by the spelling used most) and per person
(plays and wins per game, each play once even if two of their names sat at it).

Each write works out again only the totals it touched, from the seats. Merging two names (or undoing a merge) moves
the seats of the names it changes to their new person, and counts those people again.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from sqlalchemy import case, delete, distinct, func, insert, select, text, tuple_, update
from sqlalchemy.engine import Connection

from .history import People
from .store import Store, aliases, name_totals, person_totals, play_seats

# Held while the history is written on PostgreSQL: writes to two tables may both change one person's totals.
PG_LOCK = 7_261_303

Name = tuple[str, str, str]  # (name key, name as written, game)
PersonGame = tuple[str, str]  # (person, game)


@contextmanager
def writing(store: Store) -> Iterator[Connection]:
    """A transaction that writes the history, one at a time."""
    with store.engine.connect().execution_options(immediate=True) as conn, conn.begin():
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_LOCK})
        yield conn


def people_now(conn: Connection) -> People:
    """Who is who, as the merges stand in this transaction."""
    return People(dict(conn.execute(select(aliases.c.name, aliases.c.target)).all()))


def touched(conn: Connection, table_ids: list[int]) -> tuple[set[Name], set[PersonGame]]:
    """The names and people the seats of these tables count for."""
    seats = play_seats.c
    query = select(seats.name_key, seats.name, seats.game, seats.person).where(seats.table_id.in_(table_ids))
    found = conn.execute(query).all()
    return {(k, n, g) for k, n, g, _ in found}, {(p, g) for _, _, g, p in found}


def count_again(conn: Connection, names: Iterable[Name], people: Iterable[PersonGame]) -> None:
    """These names' and people's totals worked out again from the seats."""
    seats = play_seats.c
    if names := sorted(set(names)):
        totals = name_totals.c
        conn.execute(delete(name_totals).where(tuple_(totals.name_key, totals.name, totals.game).in_(names)))
        counted = (
            select(seats.name_key, seats.name, seats.game, func.count(), func.max(seats.ended))
            .where(tuple_(seats.name_key, seats.name, seats.game).in_(names))
            .group_by(seats.name_key, seats.name, seats.game)
        )
        conn.execute(insert(name_totals).from_select(["name_key", "name", "game", "seats", "last"], counted))
    if people := sorted(set(people)):
        totals = person_totals.c
        conn.execute(delete(person_totals).where(tuple_(totals.person, totals.game).in_(people)))
        won = case((seats.winner, seats.table_id))
        counted = (
            select(seats.person, seats.game, func.count(distinct(seats.table_id)), func.count(distinct(won)))
            .where(tuple_(seats.person, seats.game).in_(people))
            .group_by(seats.person, seats.game)
        )
        conn.execute(insert(person_totals).from_select(["person", "game", "plays", "wins"], counted))


def set_alias(store: Store, name: str, target: str | None) -> None:
    """Merge the casefolded `name` into `target` (or undo its merge when target is None), and move the seats of
    every name whose person that changes."""
    with writing(store) as conn:
        before = people_now(conn)
        conn.execute(delete(aliases).where(aliases.c.name == name))
        if target is not None:
            conn.execute(insert(aliases).values(name=name, target=target))
        after = people_now(conn)
        moved = {
            key: after.key(key) for key in {name, *before.aliases, *after.aliases} if before.key(key) != after.key(key)
        }
        if not moved:
            return
        seats = play_seats.c
        games = [g for (g,) in conn.execute(select(seats.game).distinct().where(seats.name_key.in_(moved)))]
        for key, person in moved.items():
            conn.execute(update(play_seats).where(seats.name_key == key).values(person=person))
        persons = {before.key(key) for key in moved} | set(moved.values())
        count_again(conn, (), [(p, g) for p in persons for g in games])
