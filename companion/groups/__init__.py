"""Groups, phones and seats: who plays together, which phone belongs to which groups, and who a phone is at a table.

A phone is known by a token (the only thing its cookie holds besides its current group's token); everything that
grows with use is a row here. A group's token is its private link: whoever opens it becomes a member.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, exists, func, insert, literal, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from companion.games import Text, msg
from companion.storage.store import Store, TableRow, groups, insert_group, members, now, phones, seats, tables

NAME_LENGTH = 80
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what secrets.token_urlsafe makes
READABLE = 56  # a made-up name longer than this lists fewer players
TABLES_PER_PAGE = 30


@dataclass(frozen=True)
class GroupRow:
    id: int
    token: str
    name: str
    share_invite: bool
    created_at: datetime


@dataclass(frozen=True)
class AtTable:
    """What a table page needs to know about the phone looking at it: who it is there ("" for nobody in
    particular, None when it was never asked), and the table's group with whether the phone is in it."""

    seat: str | None
    group: GroupRow
    member: bool
    phones: int = 0  # how many phones said who they are at the table


def name_for(players: list[str] | tuple[str, ...]) -> Text:
    """A new group's name, from the players of its first table: "Ann's tables", "Ann, Ben and Cy", or, when that
    would be long to read, the first names with how many more ("Ann-Sophie, Bérénice and 4 more"). It is a Text:
    the group is named in the language of the phone that starts it."""
    names = [name.strip() for name in players if name.strip()]
    if not names:
        return msg("Our tables")
    if len(names) == 1:
        return msg("%(name)s's tables", name=names[0])
    whole = msg("%(names)s and %(last)s", names=", ".join(names[:-1]), last=names[-1])
    if len(whole) <= READABLE:
        return whole
    for count in (2, 1):
        short = msg("%(names)s and %(count)s more", names=", ".join(names[:count]), count=len(names) - count)
        if len(short) <= READABLE:
            return short
    return msg("%(names)s and %(count)s more", names=names[0], count=len(names) - 1)


def same_name(one: str, other: str) -> bool:
    """Whether two group names read the same (case and spacing aside)."""
    return " ".join(one.casefold().split()) == " ".join(other.casefold().split())


def apart(name: str, taken: list[str]) -> str:
    """`name`, or when a name in `taken` reads the same, the first of "name (2)", "name (3)"… that none reads as."""
    if not any(same_name(name, other) for other in taken):
        return name
    for number in range(2, len(taken) + 3):
        suffix = f" ({number})"
        candidate = name[: NAME_LENGTH - len(suffix)].rstrip() + suffix
        if not any(same_name(candidate, other) for other in taken):
            return candidate
    return name  # unreachable: len(taken) + 1 numbers cannot all be taken


def _write(store: Store) -> Any:
    return store.engine.connect().execution_options(immediate=True)


def new_phone(store: Store) -> tuple[int, str]:
    """A phone never seen before: its id and its token (144 bits) for its cookie."""
    token = secrets.token_urlsafe(18)
    with _write(store) as conn, conn.begin():
        phone_id = conn.execute(insert(phones).values(token=token, created_at=now())).inserted_primary_key[0]
    return phone_id, token


def phone_id(store: Store, token: str) -> int | None:
    """The id of the phone with this token, if there is one."""
    if not TOKEN.fullmatch(token):
        return None
    with store.engine.connect() as conn:
        return conn.execute(select(phones.c.id).where(phones.c.token == token)).scalar()


def create_group(store: Store, name: str, phone: int | None = None) -> GroupRow:
    """A new group with a fresh private link; `phone` its first member."""
    with _write(store) as conn, conn.begin():
        group_id = insert_group(conn, name[:NAME_LENGTH])
        if phone is not None:
            conn.execute(insert(members).values(phone_id=phone, group_id=group_id, joined_at=now()))
        return _group(conn, groups.c.id == group_id)  # type: ignore[return-value]


def _group(conn: Connection, where: Any) -> GroupRow | None:
    row = conn.execute(select(groups).where(where)).mappings().first()
    return GroupRow(**row) if row else None


def by_token(store: Store, token: str) -> GroupRow | None:
    """The group whose private link this is (nothing is looked up for what cannot be a token)."""
    if not TOKEN.fullmatch(token):
        return None
    with store.engine.connect() as conn:
        return _group(conn, groups.c.token == token)


def by_id(store: Store, group_id: int) -> GroupRow | None:
    with store.engine.connect() as conn:
        return _group(conn, groups.c.id == group_id)


def join(store: Store, phone: int, group_id: int) -> None:
    """Make the phone a member of the group (nothing changes if it is one already)."""
    try:
        with _write(store) as conn, conn.begin():
            if not _is_member(conn, phone, group_id):
                conn.execute(insert(members).values(phone_id=phone, group_id=group_id, joined_at=now()))
    except IntegrityError:
        pass  # the same phone joined twice at once: it is a member either way


def _is_member(conn: Connection, phone: int, group_id: int) -> bool:
    query = select(literal(1)).where(members.c.phone_id == phone, members.c.group_id == group_id)
    return conn.execute(query).first() is not None


def is_member(store: Store, phone: int, group_id: int) -> bool:
    with store.engine.connect() as conn:
        return _is_member(conn, phone, group_id)


def groups_of(store: Store, phone: int) -> list[GroupRow]:
    """The phone's groups, the one it joined last first."""
    query = (
        select(groups)
        .join(members, members.c.group_id == groups.c.id)
        .where(members.c.phone_id == phone)
        .order_by(members.c.joined_at.desc(), groups.c.id.desc())
    )
    with store.engine.connect() as conn:
        return [GroupRow(**row) for row in conn.execute(query).mappings()]


def change(store: Store, group_id: int, name: str, share_invite: bool) -> None:
    """Rename the group and say whether its tables offer its link to phones that joined them by code."""
    with _write(store) as conn, conn.begin():
        values = {"name": name[:NAME_LENGTH], "share_invite": share_invite}
        conn.execute(update(groups).where(groups.c.id == group_id).values(**values))


def tables_of(store: Store, group_id: int, page: int = 1) -> tuple[list[TableRow], bool]:
    """A page of the group's tables, the newest first, and whether older ones follow."""
    query = (
        select(tables)
        .where(tables.c.group_id == group_id)
        .order_by(tables.c.created_at.desc(), tables.c.id.desc())
        .offset((page - 1) * TABLES_PER_PAGE)
        .limit(TABLES_PER_PAGE + 1)
    )
    with store.engine.connect() as conn:
        found = [TableRow(**row) for row in conn.execute(query).mappings()]
    return found[:TABLES_PER_PAGE], len(found) > TABLES_PER_PAGE


def latest_of_game(store: Store, group_id: int, game: str, count: int) -> list[TableRow]:
    """The group's latest tables of one game, the newest first."""
    query = (
        select(tables)
        .where(tables.c.group_id == group_id, tables.c.game == game)
        .order_by(tables.c.created_at.desc(), tables.c.id.desc())
        .limit(count)
    )
    with store.engine.connect() as conn:
        return [TableRow(**row) for row in conn.execute(query).mappings()]


def recent_names(store: Store, group_id: int, count: int = 24) -> list[str]:
    """The players of the group's latest tables, each name once (the newest spelling), to offer at a new table."""
    query = (
        select(tables.c.setup)
        .where(tables.c.group_id == group_id)
        .order_by(tables.c.created_at.desc(), tables.c.id.desc())
        .limit(count)
    )
    names: dict[str, str] = {}
    with store.engine.connect() as conn:
        for setup in conn.execute(query).scalars():
            for name in setup.get("players", []) if isinstance(setup, dict) else []:
                if isinstance(name, str):
                    names.setdefault(name.casefold(), name)
    return list(names.values())[:count]


def at_table(store: Store, row: TableRow, phone: int | None) -> AtTable:
    """Who the phone is at this table and whether it belongs to the table's group, in one query."""
    seat = select(seats.c.player).where(seats.c.table_id == row.id, seats.c.phone_id == phone).scalar_subquery()
    member = exists().where(members.c.phone_id == phone, members.c.group_id == groups.c.id)
    counted = _phones_seated(row.id)
    query = select(groups, seat.label("seat"), member.label("member"), counted.label("phones"))
    with store.engine.connect() as conn:
        found = dict(conn.execute(query.where(groups.c.id == row.group_id)).mappings().one())
    seated, belongs, count = found.pop("seat"), found.pop("member"), found.pop("phones")
    mine = seated if phone is not None else None
    return AtTable(mine, GroupRow(**found), bool(belongs) and phone is not None, int(count or 0))


def _phones_seated(table_id: Any) -> Any:
    return select(func.count()).select_from(seats).where(seats.c.table_id == table_id).scalar_subquery()


def table_at(store: Store, column: Any, token: str, phone: int | None) -> tuple[TableRow, AtTable] | None:
    """The table with this token in `column` (one of its links), and what `at_table` says of it, in one query:
    every table page asks both, and a phone's page is redrawn at every change of its table."""
    if not TOKEN.fullmatch(token):
        return None
    seat = select(seats.c.player).where(seats.c.table_id == tables.c.id, seats.c.phone_id == phone).scalar_subquery()
    member = exists().where(members.c.phone_id == phone, members.c.group_id == groups.c.id)
    shown = [c.label(f"of_group_{c.name}") for c in groups.c]
    counted = _phones_seated(tables.c.id).label("phones")
    query = (
        select(tables, *shown, seat.label("seat"), member.label("member"), counted)
        .join(groups, groups.c.id == tables.c.group_id)
        .where(column == token)
    )
    with store.engine.connect() as conn:
        found = conn.execute(query).mappings().first()
    if found is None:
        return None
    row = TableRow(**{c.name: found[c.name] for c in tables.c})
    group = GroupRow(**{c.name: found[f"of_group_{c.name}"] for c in groups.c})
    seated = found["seat"] if phone is not None else None
    return row, AtTable(seated, group, bool(found["member"]) and phone is not None, int(found["phones"] or 0))


def seat_of(store: Store, table_id: int, phone: int) -> str | None:
    """Who the phone said it is at the table ("" for nobody in particular), or None when it never said."""
    query = select(seats.c.player).where(seats.c.table_id == table_id, seats.c.phone_id == phone)
    with store.engine.connect() as conn:
        return conn.execute(query).scalar()


def take_seat(store: Store, table_id: int, phone: int, player: str) -> None:
    """The phone is `player` at the table from now on ("" for none of its players). A player another phone was
    is taken over (that phone was replaced): the other phone has no seat there any more, and is asked again."""
    where = (seats.c.table_id == table_id, seats.c.phone_id == phone)
    for _ in range(2):
        try:
            with _write(store) as conn, conn.begin():
                # One seat change of a table at a time, so two phones taking one name at once leave one holding it.
                conn.execute(select(tables.c.id).where(tables.c.id == table_id).with_for_update())
                if player:
                    others = (seats.c.table_id == table_id, seats.c.player == player, seats.c.phone_id != phone)
                    conn.execute(delete(seats).where(*others))
                if conn.execute(update(seats).where(*where).values(player=player)).rowcount == 0:
                    conn.execute(insert(seats).values(table_id=table_id, phone_id=phone, player=player))
                _seats_changed(conn, [table_id])
            return
        except IntegrityError:
            continue  # the same phone answered twice at once: the other answer's row is there now, update it


def seated_elsewhere(store: Store, table_id: int, phone: int | None) -> frozenset[str]:
    """The players other phones than this one are at the table (a phone that is none of them holds no name)."""
    query = select(seats.c.player).where(seats.c.table_id == table_id, seats.c.player != "")
    if phone is not None:
        query = query.where(seats.c.phone_id != phone)
    with store.engine.connect() as conn:
        return frozenset(conn.execute(query).scalars())


def adopt_seats(store: Store, phone: int, named: dict[str, str]) -> None:
    """Seats from a cookie of before (table token -> player), where the phone has none yet and the name is one of
    the table's players."""
    tokens = [token for token in named if TOKEN.fullmatch(token)][:500]
    query = select(tables.c.id, tables.c.token, tables.c.setup).where(tables.c.token.in_(tokens))
    with _write(store) as conn, conn.begin():
        taken = set(conn.execute(select(seats.c.table_id).where(seats.c.phone_id == phone)).scalars())
        rows = [
            {"table_id": row.id, "phone_id": phone, "player": named[row.token]}
            for row in conn.execute(query)
            if row.id not in taken and named[row.token] in (row.setup or {}).get("players", [])
        ]
        if rows:
            conn.execute(insert(seats), rows)
            _seats_changed(conn, [row["table_id"] for row in rows])


def _seats_changed(conn: Any, table_ids: list[int]) -> None:
    """The tables' seat changes counted, so the other phones' next poll sees them."""
    conn.execute(update(tables).where(tables.c.id.in_(table_ids)).values(seating=tables.c.seating + 1))


def every_group(store: Store) -> list[tuple[GroupRow, int]]:
    """Every group with how many tables it has, the oldest group first."""
    count = func.count(tables.c.id)
    query = select(groups, count.label("count")).outerjoin(tables, tables.c.group_id == groups.c.id)
    query = query.group_by(*groups.c).order_by(groups.c.id)
    with store.engine.connect() as conn:
        found = [dict(row) for row in conn.execute(query).mappings()]
    return [(GroupRow(**{k: v for k, v in row.items() if k != "count"}), row["count"]) for row in found]
