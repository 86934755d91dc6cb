"""A play as the store keeps it and as a page reads it back: its `plays` row, its `play_seats` rows, and the play again
from a row of COLUMNS (the words it said kept in every language, units ranked when they were stored before ranks)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.history.reading import ranked
from companion.history.records import People, Play, Seat, Unit, name_key, utc
from companion.history.sentences import said, said_again
from companion.storage.store import plays, tables

# What a page reads of a play: its row and the table's watch link.
COLUMNS = (
    plays.c.play_id,
    plays.c.game,
    plays.c.started,
    plays.c.ended,
    plays.c.seats,
    plays.c.units,
    plays.c.played_s,
    tables.c.viewer_token,
)


def play_row(table_id: int, group: int, play: Play) -> dict[str, Any]:
    """A play as its `plays` row."""
    return {
        "table_id": table_id,
        "group_id": group,
        "play_id": play.id,
        "game": play.game,
        "started": play.started,
        "ended": play.ended,
        "played_s": play.played_s,
        "seats": [
            {"name": s.name, "score": s.score, "rank": s.rank, "winner": s.winner, "out": s.out, "together": s.together}
            | said("out", s.out)
            for s in play.seats
        ],
        "units": [
            {"label": u.label, "names": list(u.names), "points": u.points, "winner": u.winner, "rank": u.rank}
            | said("label", u.label)
            for u in play.units
        ],
    }


def seat_rows(table_id: int, group: int, play: Play, people: People) -> list[dict[str, Any]]:
    """A play's seats as `play_seats` rows, each with its person as the group's merges stand."""
    return [
        {
            "table_id": table_id,
            "seat": n,
            "group_id": group,
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
        Seat(
            s["name"],
            s["score"],
            s["rank"],
            s["winner"],
            said_again(s.get("out", ""), s.get("out_text")),
            s.get("together", False),
        )
        for s in row["seats"]
    )
    units = tuple(
        Unit(said_again(u["label"], u.get("label_text")), tuple(u["names"]), u["points"], u["winner"], u.get("rank", 0))
        for u in row["units"]
    )
    if any(not u.rank for u in units):  # stored before units were ranked, until the history is rebuilt
        units = ranked(units)
    started, ended = utc(row["started"]), utc(row["ended"])
    table = row.get("viewer_token") or ""
    return Play(row["play_id"], row["game"], started, ended, seats, units, table, row.get("played_s"))
