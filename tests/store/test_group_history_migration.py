"""Revision 0007_group_history on SQLite and PostgreSQL: each play, seat and flagged table goes into its table's group,
the names merged before groups go into the group made for the tables from before groups, the totals are counted per
group, and the downgrade gives the one history back."""

from __future__ import annotations

from datetime import UTC, datetime

from alembic import command
from sqlalchemy import MetaData, insert, select, text

from companion.storage import migrate as migrate
from companion.storage.store import make_engine

from .test_migrations import migrate_to

AT = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)
HISTORY = ("plays", "play_seats", "name_totals", "person_totals", "attention", "aliases")


def schema(conn) -> MetaData:
    found = MetaData()
    found.reflect(conn)
    return found


def add_table(conn, n: int, group: int | None = None) -> int:
    """A finished table (as 0006 keeps it) with its play and two seats: Ann wins, Bob does not."""
    db = schema(conn)
    values = {"token": f"t{n}", "viewer_token": f"v{n}", "code": f"CODE{n}", "game": "oz", "setup": {}}
    values |= {"version": 1, "created_at": AT, "updated_at": AT}
    if group is not None:
        values["group_id"] = group
    table_id = conn.execute(insert(db.tables["tables"]).values(**values)).inserted_primary_key[0]
    play = {"table_id": table_id, "play_id": f"play{n}", "game": "oz", "started": AT, "ended": AT}
    conn.execute(insert(db.tables["plays"]).values(**play, seats=[], units=[]))
    for seat, (name, winner) in enumerate((("Ann", True), ("Bob", False))):
        row = {"table_id": table_id, "seat": seat, "name": name, "name_key": name.lower(), "person": name.lower()}
        row |= {"game": "oz", "ended": AT, "play_id": f"play{n}", "score": 5 - seat, "rank": 1 + seat}
        conn.execute(insert(db.tables["play_seats"]).values(**row, winner=winner, together=False, out=""))
    return table_id


def rows(url: str) -> dict[str, list[tuple]]:
    """The history's rows, each table's columns in order, sorted."""
    engine = make_engine(url)
    with engine.connect() as conn:
        db = schema(conn)
        found = {name: sorted(tuple(row) for row in conn.execute(select(db.tables[name]))) for name in HISTORY}
    engine.dispose()
    return found


def test_the_history_goes_into_each_table_s_group_and_comes_back_out(empty_url):
    migrate_to(empty_url, "0005_limits")
    engine = make_engine(empty_url)
    with engine.begin() as conn:
        old = add_table(conn, 1)
        conn.execute(text("INSERT INTO aliases (name, target) VALUES ('bob', 'Ann')"))
    engine.dispose()
    migrate_to(empty_url, "0006_groups")
    engine = make_engine(empty_url)
    with engine.begin() as conn:
        (before,) = conn.execute(text("SELECT id FROM groups")).scalars()
        made = {"token": "new-group", "name": "Since groups", "created_at": AT}
        newer = conn.execute(insert(schema(conn).tables["groups"]).values(**made)).inserted_primary_key[0]
        new = add_table(conn, 2, newer)
        noticed = {"seq": 1, "kind": "hand", "message": "cannot be replayed", "noticed_at": AT}
        conn.execute(insert(schema(conn).tables["attention"]), [{"table_id": new, **noticed}])
    engine.dispose()
    at_0006 = rows(empty_url)

    migrate_to(empty_url, "0007_group_history")
    grouped = rows(empty_url)
    group_of = {old: before, new: newer}
    assert [(r[1], r[2]) for r in grouped["plays"]] == [(old, before), (new, newer)]
    assert all(r[-1] is None for r in grouped["plays"])  # nothing deleted
    assert sorted((r[0], r[2]) for r in grouped["play_seats"]) == sorted((t, group_of[t]) for t in (old, old, new, new))
    assert grouped["aliases"] == [(before, "bob", "Ann")]
    assert [(r[0], r[1]) for r in grouped["attention"]] == [(new, newer)]
    assert sorted((r[0], r[1], r[3], r[4]) for r in grouped["person_totals"]) == sorted(
        (group, person, 1, wins) for group in (before, newer) for person, wins in (("ann", 1), ("bob", 0))
    )
    assert sorted((r[0], r[2], r[4]) for r in grouped["name_totals"]) == sorted(
        (group, name, 1) for group in (before, newer) for name in ("Ann", "Bob")
    )

    engine = make_engine(empty_url)
    with engine.connect().execution_options(immediate=True) as conn, conn.begin():
        command.downgrade(migrate.config(conn), "0006_groups")
    engine.dispose()
    back = rows(empty_url)
    assert [r[1:] for r in back["plays"]] == [r[1:] for r in at_0006["plays"]]
    for name in ("play_seats", "aliases", "attention"):
        assert back[name] == at_0006[name], name
    assert len(back["person_totals"]) == 2 and ("ann", "oz", 2, 2) in back["person_totals"]
