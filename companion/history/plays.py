"""The stored history: each finished table's play, kept as rows (the store's `plays`, and `play_seats` one per player).

`record` brings one table's play up to date after a write to it: written once its game is over, rewritten when an
entry changed, removed when the game is no longer over (after an undo). `rebuild` does every table, `restore` the
tables a backup brings, `rebuild_game_in` one game's tables inside a migration. Only these replay logs; the
history's pages read the rows.

A play belongs to its table's group. A member may `delete` it from the group's history and `undelete` it: its row
stays (marked deleted, kept so when its table is written again) while its seats, and so every count, go.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy import delete, exists, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from companion import replays
from companion.history.play_rows import COLUMNS, play_from, play_row, seat_rows
from companion.history.records import Play, play_of
from companion.history.sentences import kept
from companion.history.totals import Name, PersonGame, count_again, people_now, set_aliases_in, touched, writing
from companion.specs import table_rules
from companion.storage import photos as photo_rows
from companion.storage.store import (
    ENTRY_FIELDS,
    EntryRow,
    Store,
    TableRow,
    attention,
    entries,
    now,
    play_seats,
    plays,
    tables,
)
from companion.tables.replay import Broken, Replayed, replay

BATCH = 500  # tables replayed and written per transaction when many are done at once


def record(store: Store, row: TableRow) -> Play | None:
    """Bring the stored play of this table up to date with its log; returns the play, or None when there is none
    (or when the table moved on meanwhile: the write that moved it records it). Most writes are to a game that is
    not over, on a table with nothing stored: those are settled with one read, not a write."""
    at, kept = _now(store, row.id)
    try:
        version, replayed = replays.replayed(store, replace(row, version=at))
    except Exception:  # noqa: BLE001 - a setup the game cannot start from is flagged below
        return _project(store, [row]).get(row.id)
    play, broken = _worked(row, replayed)
    if play is None and broken is None and not kept:
        return None
    return _written(store, [row], {row.id: (version, play, broken)}).get(row.id)


def restore(
    store: Store,
    group: int,
    items: list[tuple[str, dict[str, Any], datetime, list[EntryRow]]],
    merges: Mapping[str, str] | None = None,
    photos: Sequence[Sequence[Any]] = (),
) -> list[TableRow]:
    """Store a backup's tables in a group, record their plays and make its name merges, in one transaction: if any
    of it fails, none of it is stored. The tables are replayed before the transaction opens: on SQLite it holds the
    database's only write lock, and every phone's next entry would wait behind a long replay."""
    replayed = [_replayed(game, setup, log) for game, setup, _, log in items]
    for _ in range(5):
        try:
            with writing(store, [group]) as conn:
                rows = store.import_in(conn, items, group)
                for start in range(0, len(rows), BATCH):
                    batch = zip(rows[start : start + BATCH], replayed[start : start + BATCH], strict=True)
                    worked = {row.id: _settled(row, done) for row, done in batch}
                    _replace(conn, {table_id: play for table_id, (play, _) in worked.items()})
                    _flag(conn, {table_id: broken for table_id, (_, broken) in worked.items()})
                set_aliases_in(conn, group, merges or {})
                for row, images in zip(rows, photos, strict=False):
                    photo_rows.add_in(conn, row.id, images)
                return rows
        except IntegrityError:
            continue  # a join code clashed: try again with new ones
    raise RuntimeError("could not find free join codes")


def rebuild(store: Store) -> int:
    """Every table's play worked out again from its log (after a change in how a game scores, say); returns how
    many plays there are."""
    done, after = 0, 0
    while batch := _tables_after(store, after):
        done += len(_project(store, batch))
        after = batch[-1].id
    return done


def rebuild_game_in(conn: Connection, game: str) -> int:
    """Every play of one game worked out again from its tables' logs, on `conn` and inside its transaction (a
    migration's, after a change in how that game scores); the other games' plays are not touched. Returns how
    many plays the game has."""
    done, after = 0, 0
    while batch := _tables_in(conn, after, game):
        logs = _logs_in(conn, [row.id for row in batch])
        worked = {row.id: _work(row, logs.get(row.id, [])) for row in batch}
        _replace(conn, {table_id: play for table_id, (play, _) in worked.items()})
        _flag(conn, {table_id: broken for table_id, (_, broken) in worked.items()})
        done += sum(play is not None for play, _ in worked.values())
        after = batch[-1].id
    return done


def _tables_after(store: Store, after: int) -> list[TableRow]:
    with store.engine.connect() as conn:
        return _tables_in(conn, after)


# What a play is worked out from. The seat changes (a later revision's column) are left out, so an earlier
# revision that works plays out again (0011) still reads a database not yet at head.
_PLAY_SOURCE = [column for column in tables.c if column.name != "seating"]


def _tables_in(conn: Connection, after: int, game: str | None = None) -> list[TableRow]:
    query = select(*_PLAY_SOURCE).where(tables.c.id > after).order_by(tables.c.id).limit(BATCH)
    if game is not None:
        query = query.where(tables.c.game == game)
    return [TableRow(**row) for row in conn.execute(query).mappings()]


def write(store: Store, found: Mapping[int, Play | None]) -> None:
    """Store these plays as they are, by table id (None: the table has no play), replaying nothing."""
    with store.engine.connect() as conn:
        groups = set(_groups(conn, list(found)).values())
    with writing(store, groups) as conn:
        _replace(conn, found)


def _project(store: Store, rows: Sequence[TableRow]) -> dict[int, Play]:
    """Replay these tables and store what they are now: a play, or none, and whether an entry stops the replay.
    A table written to again meanwhile is left alone: the write that moved it records it again."""
    logs = _logs(store, [row.id for row in rows])
    worked = {row.id: (_version(logs.get(row.id, [])), *_work(row, logs.get(row.id, []))) for row in rows}
    return _written(store, rows, worked)


def _written(
    store: Store, rows: Sequence[TableRow], worked: Mapping[int, tuple[int, Play | None, Broken | None]]
) -> dict[int, Play]:
    """Store what these tables were worked out to be at a version, for those still at that version."""
    with writing(store, {row.group_id for row in rows}) as conn:
        now_at = _versions(conn, list(worked))
        fresh = {table_id: done for table_id, (version, *done) in worked.items() if now_at.get(table_id) == version}
        _replace(conn, {table_id: play for table_id, (play, _) in fresh.items()})
        _flag(conn, {table_id: broken for table_id, (_, broken) in fresh.items()})
    return {table_id: play for table_id, (play, _) in fresh.items() if play}


def _logs(store: Store, ids: list[int]) -> dict[int, list[EntryRow]]:
    with store.engine.connect() as conn:
        return _logs_in(conn, ids)


def _logs_in(conn: Connection, ids: list[int]) -> dict[int, list[EntryRow]]:
    query = (
        select(entries.c.table_id, *ENTRY_FIELDS)
        .where(entries.c.table_id.in_(ids))
        .order_by(entries.c.table_id, entries.c.seq)
    )
    logs: dict[int, list[EntryRow]] = {}
    for found in conn.execute(query).mappings():
        values = dict(found)
        logs.setdefault(values.pop("table_id"), []).append(EntryRow(**values))
    return logs


def _version(log: Sequence[EntryRow]) -> int:
    """The table version a log is at: its last seq (a table's version is the seq of its latest entry)."""
    return log[-1].seq if log else 0


def _versions(conn: Connection, ids: list[int]) -> dict[int, int]:
    """The tables' versions now, their rows locked (on PostgreSQL) until the plays are written."""
    query = select(tables.c.id, tables.c.version).where(tables.c.id.in_(ids)).with_for_update()
    return {table_id: version for table_id, version in conn.execute(query)}


def _work(row: TableRow, log: Sequence[EntryRow]) -> tuple[Play | None, Broken | None]:
    """The table's play (None while its game is not over) and the entry its replay stops at, if any."""
    return _settled(row, _replayed(row.game, row.setup, log))


def _replayed(game: str, setup: dict[str, Any], log: Sequence[EntryRow]) -> Replayed | Broken | None:
    """A log replayed (None: nothing to replay; a Broken: its setup cannot be read)."""
    rules = table_rules().get(game)
    if rules is None or not log:
        return None
    try:
        return replay(rules, setup, log)
    except Exception as exc:  # noqa: BLE001 - a setup the game cannot start from is flagged, and fails no write
        return Broken(0, "setup", "", f"the table's setup cannot be read ({type(exc).__name__})")


def _settled(row: TableRow, replayed: Replayed | Broken | None) -> tuple[Play | None, Broken | None]:
    if replayed is None:
        return None, None
    if isinstance(replayed, Broken):
        return None, replayed
    return _worked(row, replayed)


def _worked(row: TableRow, replayed: Replayed) -> tuple[Play | None, Broken | None]:
    if replayed.broken:
        return None, replayed.broken
    rules = table_rules()[row.game]
    played = replayed.clock.played
    return play_of(rules, row.game, row.setup, replayed.face_up, replayed.state, row.viewer_token, played), None


def _now(store: Store, table_id: int) -> tuple[int, bool]:
    """The table's version, and whether a play or a flag is stored for it (either may have to go)."""
    kept = exists().where(plays.c.table_id == table_id) | exists().where(attention.c.table_id == table_id)
    with store.engine.connect() as conn:
        version, found = conn.execute(select(tables.c.version, kept).where(tables.c.id == table_id)).one()
    return version, bool(found)


def _flag(conn: Connection, found: Mapping[int, Broken | None]) -> None:
    """Note the tables that stop replaying at an entry, and forget those that replay again."""
    conn.execute(delete(attention).where(attention.c.table_id.in_(list(found))))
    broken = {table_id: b for table_id, b in found.items() if b is not None}
    groups = _groups(conn, list(broken))
    flagged = [
        {"table_id": table_id, "group_id": groups[table_id], "seq": b.seq, "kind": b.kind[:40]}
        | {"message": b.message[:500], "said": kept(b.message), "noticed_at": now()}
        for table_id, b in broken.items()
    ]
    if flagged:
        conn.execute(insert(attention), flagged)


def _groups(conn: Connection, ids: list[int]) -> dict[int, int]:
    """The group of each of these tables."""
    return dict(conn.execute(select(tables.c.id, tables.c.group_id).where(tables.c.id.in_(ids))).all())


def _replace(conn: Connection, found: Mapping[int, Play | None]) -> None:
    """Put these tables' plays (None: no play) in place of what was stored, and count their names again. A play
    deleted from its group's history stays deleted when its table is written again."""
    ids = list(found)
    names, people = touched(conn, ids)
    deleted = dict(conn.execute(select(plays.c.table_id, plays.c.deleted_at).where(plays.c.table_id.in_(ids))).all())
    conn.execute(delete(play_seats).where(play_seats.c.table_id.in_(ids)))
    conn.execute(delete(plays).where(plays.c.table_id.in_(ids)))
    made = [(table_id, play) for table_id, play in found.items() if play]
    if made:
        groups = _groups(conn, [table_id for table_id, _ in made])
        rows = [
            play_row(table_id, groups[table_id], play) | {"deleted_at": deleted.get(table_id)}
            for table_id, play in made
        ]
        if all(r["played_s"] is None for r in rows):
            # no play timer among them: written without the column, so that a migration before the one that adds
            # it (0011 works plays out again) still writes to the table as it was then
            rows = [{k: v for k, v in r.items() if k != "played_s"} for r in rows]
        conn.execute(insert(plays), rows)
        shown = [(table_id, play) for table_id, play in made if deleted.get(table_id) is None]
        _add_seats(conn, [(table_id, groups[table_id], play) for table_id, play in shown], names, people)
    count_again(conn, names, people)


def _add_seats(conn: Connection, found: list[tuple[int, int, Play]], names: set[Name], people: set[PersonGame]) -> None:
    """Store the seats of these plays (table id, group, play), adding the names and people they count for."""
    who = {group: people_now(conn, group) for group in {group for _, group, _ in found}}
    new_seats = [seat for table_id, group, play in found for seat in seat_rows(table_id, group, play, who[group])]
    if new_seats:
        conn.execute(insert(play_seats), new_seats)
    names |= {(s["group_id"], s["name_key"], s["name"], s["game"]) for s in new_seats}
    people |= {(s["group_id"], s["person"], s["game"]) for s in new_seats}


def delete_play(store: Store, group: int, play_id: str) -> bool:
    """Take a play out of its group's history (its table stays): whether the group had it, not deleted."""
    with writing(store, [group]) as conn:
        mine = _plays_of(conn, group, play_id, deleted=False)
        if not mine:
            return False
        names, people = touched(conn, list(mine))
        conn.execute(delete(play_seats).where(play_seats.c.table_id.in_(list(mine))))
        conn.execute(update(plays).where(plays.c.table_id.in_(list(mine))).values(deleted_at=now()))
        count_again(conn, names, people)
    return True


def undelete_play(store: Store, group: int, play_id: str) -> bool:
    """Put a deleted play back in its group's history: whether the group had it, deleted."""
    with writing(store, [group]) as conn:
        mine = _plays_of(conn, group, play_id, deleted=True)
        if not mine:
            return False
        conn.execute(update(plays).where(plays.c.table_id.in_(list(mine))).values(deleted_at=None))
        names: set[Name] = set()
        people: set[PersonGame] = set()
        _add_seats(conn, [(table_id, group, play) for table_id, play in mine.items()], names, people)
        count_again(conn, names, people)
    return True


def _plays_of(conn: Connection, group: int, play_id: str, *, deleted: bool) -> dict[int, Play]:
    """A group's plays with this id, deleted or not, by table id."""
    gone = plays.c.deleted_at.is_not(None) if deleted else plays.c.deleted_at.is_(None)
    query = select(plays.c.table_id, *COLUMNS[:-1]).where(plays.c.group_id == group, plays.c.play_id == play_id, gone)
    return {row["table_id"]: play_from(row) for row in conn.execute(query).mappings()}
