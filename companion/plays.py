"""The stored history: each finished table's play, kept as rows (the store's `plays`, and `play_seats` one per player).

`record` brings one table's play up to date after a write to it: written once its game is over, rewritten when an
entry changed, removed when the game is no longer over (after an undo). `rebuild` does every table, `restore` the
tables a backup brings. Only these replay logs; the history's pages read the rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.engine import Connection

from .history import People, Play, Seat, Unit, name_key, play_of, utc
from .play_totals import count_again, people_now, touched, writing
from .store import ENTRY_FIELDS, EntryRow, Store, TableRow, attention, entries, now, play_seats, plays, tables
from .tables import kinds
from .tables.replay import Broken, replay

BATCH = 500  # tables replayed and written per transaction when many are done at once

# What a page reads of a play: its row and the table's watch link.
COLUMNS = (
    plays.c.play_id,
    plays.c.game,
    plays.c.started,
    plays.c.ended,
    plays.c.seats,
    plays.c.units,
    tables.c.viewer_token,
)


def record(store: Store, row: TableRow) -> Play | None:
    """Bring the stored play of this table up to date with its log; returns the play, or None when there is none
    (or when the table moved on meanwhile: the write that moved it records it)."""
    return _project(store, [row]).get(row.id)


def restore(store: Store, items: list[tuple[str, dict[str, Any], datetime, list[EntryRow]]]) -> list[TableRow]:
    """Store a backup's tables (all or none, see Store.import_tables) and record their plays."""
    rows = store.import_tables(items)
    for start in range(0, len(rows), BATCH):
        _project(store, rows[start : start + BATCH])
    return rows


def rebuild(store: Store) -> int:
    """Every table's play worked out again from its log (after a change in how a game scores, say); returns how
    many plays there are."""
    done, after = 0, 0
    while batch := _tables_after(store, after):
        done += len(_project(store, batch))
        after = batch[-1].id
    return done


def _tables_after(store: Store, after: int) -> list[TableRow]:
    query = select(tables).where(tables.c.id > after).order_by(tables.c.id).limit(BATCH)
    with store.engine.connect() as conn:
        return [TableRow(**row) for row in conn.execute(query).mappings()]


def write(store: Store, found: Mapping[int, Play | None]) -> None:
    """Store these plays as they are, by table id (None: the table has no play), replaying nothing."""
    with writing(store) as conn:
        _replace(conn, found)


def _project(store: Store, rows: Sequence[TableRow]) -> dict[int, Play]:
    """Replay these tables and store what they are now: a play, or none, and whether an entry stops the replay.
    A table written to again meanwhile is left alone: the write that moved it records it again."""
    logs = _logs(store, [row.id for row in rows])
    worked = {row.id: (_version(logs.get(row.id, [])), *_work(row, logs.get(row.id, []))) for row in rows}
    with writing(store) as conn:
        now_at = _versions(conn, list(worked))
        fresh = {table_id: done for table_id, (version, *done) in worked.items() if now_at.get(table_id) == version}
        _replace(conn, {table_id: play for table_id, (play, _) in fresh.items()})
        _flag(conn, {table_id: broken for table_id, (_, broken) in fresh.items()})
    return {table_id: play for table_id, (play, _) in fresh.items() if play}


def _logs(store: Store, ids: list[int]) -> dict[int, list[EntryRow]]:
    query = (
        select(entries.c.table_id, *ENTRY_FIELDS)
        .where(entries.c.table_id.in_(ids))
        .order_by(entries.c.table_id, entries.c.seq)
    )
    logs: dict[int, list[EntryRow]] = {}
    with store.engine.connect() as conn:
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
    kind = kinds().get(row.game)
    if kind is None or not log:
        return None, None
    try:
        replayed = replay(kind, row.setup, log)
    except Exception as exc:  # noqa: BLE001 - a setup the game cannot start from is flagged, and fails no write
        return None, Broken(0, "setup", "", f"the table's setup cannot be read ({type(exc).__name__})")
    if replayed.broken:
        return None, replayed.broken
    return play_of(kind, row.game, row.setup, replayed.active, replayed.state, row.viewer_token), None


def _flag(conn: Connection, found: Mapping[int, Broken | None]) -> None:
    """Note the tables that stop replaying at an entry, and forget those that replay again."""
    conn.execute(delete(attention).where(attention.c.table_id.in_(list(found))))
    flagged = [
        {"table_id": table_id, "seq": b.seq, "kind": b.kind[:40], "message": b.message[:500], "noticed_at": now()}
        for table_id, b in found.items()
        if b is not None
    ]
    if flagged:
        conn.execute(insert(attention), flagged)


def _replace(conn: Connection, found: Mapping[int, Play | None]) -> None:
    """Put these tables' plays (None: no play) in place of what was stored, and count their names again."""
    ids = list(found)
    names, people = touched(conn, ids)
    conn.execute(delete(play_seats).where(play_seats.c.table_id.in_(ids)))
    conn.execute(delete(plays).where(plays.c.table_id.in_(ids)))
    made = [(table_id, play) for table_id, play in found.items() if play]
    if made:
        who = people_now(conn)
        new_seats = [seat for table_id, play in made for seat in seat_rows(table_id, play, who)]
        conn.execute(insert(plays), [play_row(table_id, play) for table_id, play in made])
        conn.execute(insert(play_seats), new_seats)
        names |= {(s["name_key"], s["name"], s["game"]) for s in new_seats}
        people |= {(s["person"], s["game"]) for s in new_seats}
    count_again(conn, names, people)


def play_row(table_id: int, play: Play) -> dict[str, Any]:
    """A play as its `plays` row."""
    return {
        "table_id": table_id,
        "play_id": play.id,
        "game": play.game,
        "started": play.started,
        "ended": play.ended,
        "seats": [
            {"name": s.name, "score": s.score, "rank": s.rank, "winner": s.winner, "out": s.out, "together": s.together}
            for s in play.seats
        ],
        "units": [
            {"label": u.label, "names": list(u.names), "points": u.points, "winner": u.winner} for u in play.units
        ],
    }


def seat_rows(table_id: int, play: Play, people: People) -> list[dict[str, Any]]:
    """A play's seats as `play_seats` rows, each with its person as the merges stand."""
    return [
        {
            "table_id": table_id,
            "seat": n,
            "name": s.name,
            "name_key": name_key(s.name),
            "person": people.key(s.name),
            "game": play.game,
            "ended": play.ended,
            "play_id": play.id,
            "score": s.score,
            "rank": s.rank,
            "winner": s.winner,
            "together": s.together,
            "out": s.out,
        }
        for n, s in enumerate(play.seats)
    ]


def play_from(row: Mapping[str, Any]) -> Play:
    """A play as a page shows it, from a row of COLUMNS."""
    seats = tuple(
        Seat(s["name"], s["score"], s["rank"], s["winner"], s.get("out", ""), s.get("together", False))
        for s in row["seats"]
    )
    units = tuple(Unit(u["label"], tuple(u["names"]), u["points"], u["winner"]) for u in row["units"])
    started, ended = utc(row["started"]), utc(row["ended"])
    return Play(row["play_id"], row["game"], started, ended, seats, units, row.get("viewer_token") or "")


def plays_from(rows: Iterable[Mapping[str, Any]]) -> list[Play]:
    return [play_from(row) for row in rows]
