"""The totals kept beside the stored plays, so the lists of players read a row per name and per person instead of
every seat: per name as written (how often, when last: a person is shown by the spelling used most) and per person
(plays and wins per game, each play once even if two of their names sat at it). Every total belongs to one group.

Each write works out again only the totals it touched, from the seats. Merging two names (or undoing a merge) moves
the seats of the names it changes to their new person, and counts those people again.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import TypeVar

from sqlalchemy import bindparam, case, delete, distinct, func, insert, select, text, tuple_, update
from sqlalchemy.engine import Connection

from companion.history.records import People
from companion.storage.store import Store, aliases, name_totals, person_totals, play_seats

# Held while a group's history is written on PostgreSQL: writes to two tables may both change one person's totals.
PG_LOCK = 7_261_303
PART = 500  # values in one IN list

T = TypeVar("T")

Name = tuple[int, str, str, str]  # (group, name key, name as written, game)
PersonGame = tuple[int, str, str]  # (group, person, game)


@contextmanager
def writing(store: Store, groups: Iterable[int]) -> Iterator[Connection]:
    """A transaction that writes these groups' history, one writer per group at a time (locked in one order, so two
    writers never wait on each other)."""
    with store.engine.connect().execution_options(immediate=True) as conn, conn.begin():
        if conn.dialect.name == "postgresql":
            for group in sorted(set(groups)):
                conn.execute(text("SELECT pg_advisory_xact_lock(:key, :group)"), {"key": PG_LOCK, "group": group})
        yield conn


def people_now(conn: Connection, group: int) -> People:
    """Who is who in a group, as its merges stand in this transaction."""
    query = select(aliases.c.name, aliases.c.target).where(aliases.c.group_id == group)
    return People(dict(conn.execute(query).all()))


def touched(conn: Connection, table_ids: list[int]) -> tuple[set[Name], set[PersonGame]]:
    """The names and people the seats of these tables count for."""
    seats = play_seats.c
    query = select(seats.group_id, seats.name_key, seats.name, seats.game, seats.person).where(
        seats.table_id.in_(table_ids)
    )
    found = conn.execute(query).all()
    return {(gr, k, n, g) for gr, k, n, g, _ in found}, {(gr, p, g) for gr, _, _, g, p in found}


def count_again(conn: Connection, names: Iterable[Name], people: Iterable[PersonGame]) -> None:
    """These names' and people's totals worked out again from the seats."""
    seats = play_seats.c
    if names := sorted(set(names)):
        totals = name_totals.c
        keys = (totals.group_id, totals.name_key, totals.name, totals.game)
        conn.execute(delete(name_totals).where(tuple_(*keys).in_(names)))
        grouped = (seats.group_id, seats.name_key, seats.name, seats.game)
        counted = (
            select(*grouped, func.count(), func.max(seats.ended)).where(tuple_(*grouped).in_(names)).group_by(*grouped)
        )
        columns = ["group_id", "name_key", "name", "game", "seats", "last"]
        conn.execute(insert(name_totals).from_select(columns, counted))
    if people := sorted(set(people)):
        totals = person_totals.c
        conn.execute(delete(person_totals).where(tuple_(totals.group_id, totals.person, totals.game).in_(people)))
        won = case((seats.winner, seats.table_id))
        grouped = (seats.group_id, seats.person, seats.game)
        counted = (
            select(*grouped, func.count(distinct(seats.table_id)), func.count(distinct(won)))
            .where(tuple_(*grouped).in_(people))
            .group_by(*grouped)
        )
        conn.execute(insert(person_totals).from_select(["group_id", "person", "game", "plays", "wins"], counted))


def set_alias(store: Store, group: int, name: str, target: str | None) -> None:
    """Merge the casefolded `name` into `target` in a group (or undo its merge when target is None), and move the
    seats of every name whose person that changes."""
    with writing(store, [group]) as conn:
        set_alias_in(conn, group, name, target)


def set_alias_in(conn: Connection, group: int, name: str, target: str | None) -> None:
    """set_alias, in a transaction `writing` holds for the group."""
    set_aliases_in(conn, group, {name: target})


def set_aliases_in(conn: Connection, group: int, merges: Mapping[str, str | None]) -> None:
    """Make (or, with None, undo) many merges at once, in a transaction `writing` holds for the group: the group's
    merges are read once and written once, and the seats whose person changes move together, so a backup's
    thousands of merges cost about what one does."""
    before = people_now(conn, group)
    names = list(merges)
    for part in _parts(names):
        conn.execute(delete(aliases).where(aliases.c.group_id == group, aliases.c.name.in_(part)))
    made = [{"group_id": group, "name": name, "target": target} for name, target in merges.items() if target]
    if made:
        conn.execute(insert(aliases), made)
    kept = {key: target for key, target in before.aliases.items() if key not in merges}
    after = People(kept | {row["name"]: row["target"] for row in made})
    moved = {
        key: after.key(key) for key in {*names, *before.aliases, *after.aliases} if before.key(key) != after.key(key)
    }
    _move_seats(conn, group, before, moved)


def _move_seats(conn: Connection, group: int, before: People, moved: Mapping[str, str]) -> None:
    """Give the group's seats of these names their new person, and count the people they leave and join again."""
    seats = play_seats.c
    mine = seats.group_id == group
    sat: set[tuple[str, str]] = set()
    for part in _parts(list(moved)):
        sat |= set(conn.execute(select(seats.name_key, seats.game).distinct().where(mine, seats.name_key.in_(part))))
    if not sat:
        return
    moves = [{"key": key, "person": moved[key]} for key in sorted({key for key, _ in sat})]
    conn.execute(
        update(play_seats).where(mine, seats.name_key == bindparam("key")).values(person=bindparam("person")), moves
    )
    persons = {(group, before.key(key), game) for key, game in sat} | {(group, moved[key], game) for key, game in sat}
    for part in _parts(sorted(persons)):
        count_again(conn, (), part)


def _parts(items: list[T], size: int = PART) -> Iterator[list[T]]:
    """The items a part at a time: a statement holds a bounded number of values (SQLite's limit is 32,766)."""
    for start in range(0, len(items), size):
        yield items[start : start + size]
