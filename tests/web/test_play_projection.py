"""The stored history follows the tables: the entry that ends a game writes its play, an undo that reopens the game
removes it, a correction rewrites it, a restored backup brings its plays; the history's pages read those rows and
never replay a table; the plays can be rebuilt from every table's log, which `init-db` does after migrating (a database
from before the stored history gets its plays)."""

from __future__ import annotations

import io
import re
from datetime import timedelta

from alembic import command
from sqlalchemy import MetaData, delete, insert, select

from companion import cli, groups
from companion.history import lookup as play_lookup
from companion.history import plays as plays
from companion.history import totals as play_totals
from companion.storage import migrate as migrate
from companion.storage.store import make_engine, play_seats
from companion.storage.store import plays as plays_table

from ..conftest import make_app
from ..test_history import GAMES, T0, home, koala_koalation, loaf_angry, loaf_tie, log
from .pages import post_entry, start, version
from .test_history_pages import history_of

LINES = [("blue", 3, 2, 1), ("green", 2, 2, 0), ("orange", 4, 1, 1), ("purple", 1, 1, 0)]


def stored(app):
    """The stored plays as {table id: (game, play id, seats)}, and the seat rows as (table id, name, score, out)."""
    engine = app.extensions["store"].engine
    with engine.connect() as conn:
        rows = {r.table_id: (r.game, r.play_id, r.seats) for r in conn.execute(select(plays_table))}
        seats = [(r.table_id, r.name, r.score, r.out) for r in conn.execute(select(play_seats))]
    return rows, seats


def post(client, table, data):
    response = post_entry(client, table, **data)
    assert response.status_code == 303, response.get_data(as_text=True)


def line(client, table, round_no, color, districts, stations, monuments):
    fields = {"districts": districts, "max_stations_in_district": stations, "monuments": monuments}
    post(client, table, {"kind": "line", "form": "line", "player": "Ana", "round": round_no, "color": color, **fields})


def almost_finished(client):
    """A one-player Next Station Paris table with every line in and the bonuses still to enter."""
    table = start(client, "Ana")
    for round_no, (color, d, s, m) in enumerate(LINES, start=1):
        line(client, table, round_no, color, d, s, m)
    return table


def shown_score(client, table):
    """Ana's total as the table page shows it."""
    return int(re.search(r'data-player="Ana">(\d+)<', client.get(table).get_data(as_text=True)).group(1))


def table_id(app, token_path):
    return app.extensions["store"].by_token(token_path.rsplit("/", 1)[1]).id


def test_the_entry_that_ends_the_game_writes_its_play(client, app):
    table = almost_finished(client)
    assert stored(app) == ({}, [])
    post(client, table, {"kind": "bonus", "form": "bonus", "player": "Ana"})
    rows, seats = stored(app)
    ((game, play_id, seat_json),) = rows.values()
    assert list(rows) == [table_id(app, table)] and game == "next-station-paris" and len(play_id) == 24
    score = shown_score(client, table)
    assert seat_json == [{"name": "Ana", "score": score, "rank": 1, "winner": True, "out": "", "together": False}]
    assert seats == [(table_id(app, table), "Ana", score, "")]


def test_an_undo_that_reopens_the_game_removes_its_play(client, app):
    table = almost_finished(client)
    post(client, table, {"kind": "bonus", "form": "bonus", "player": "Ana"})
    last = version(client, table)
    response = client.post(f"{table}/undo", data={"target": last, "version": last, "entry_id": "undo-1"})
    assert response.status_code == 303
    assert stored(app) == ({}, [])
    post(client, table, {"kind": "bonus", "form": "bonus", "player": "Ana"})
    assert len(stored(app)[0]) == 1


def test_a_correction_rewrites_the_play(client, app):
    table = almost_finished(client)
    post(client, table, {"kind": "bonus", "form": "bonus", "player": "Ana"})
    (before,) = stored(app)[0].values()
    assert before[2][0]["score"] == shown_score(client, table)
    fields = {"player": "Ana", "round": 1, "color": "blue", "districts": 6, "max_stations_in_district": 3}
    data = {"version": version(client, table), "entry_id": "fix-1", **fields, "monuments": 1}
    assert client.post(f"{table}/entries/1/edit", data=data).status_code == 303
    rows, seats = stored(app)
    (after,) = rows.values()
    assert after[1] != before[1]  # another log, another play id
    score = shown_score(client, table)
    assert after[2][0]["score"] == score > before[2][0]["score"]
    assert seats == [(table_id(app, table), "Ana", score, "")]


def test_a_repeated_entry_writes_nothing_twice(client, app):
    table = almost_finished(client)
    data = {"player": "Ana", "version": version(client, table), "entry_id": "tap"}
    assert post_entry(client, table, "bonus", **data).status_code == 303
    assert post_entry(client, table, "bonus", **data).status_code == 303
    rows, seats = stored(app)
    assert len(rows) == 1 and len(seats) == 1


def test_a_restored_backup_brings_its_plays(client, app, tmp_path):
    store = app.extensions["store"]
    tables = [loaf_angry(), koala_koalation()]
    items = [(g, s, T0, log(e, T0 + i * timedelta(days=1))) for i, (g, s, e) in enumerate(tables)]
    plays.restore(store, home(store), items)
    exported = client.get(f"{history_of(app)}/export.json").data
    (tmp_path / "other").mkdir()
    other = make_app(tmp_path / "other")
    there = history_of(other)
    response = other.test_client().post(f"{there}/import", data={"backup": (io.BytesIO(exported), "plays.json")})
    assert response.headers["Location"] == f"{there}?imported=2&skipped=0"
    rows, seats = stored(other)
    assert sorted(game for game, _, _ in rows.values()) == ["koala", "loaf"]
    assert sorted(play_id for _, play_id, _ in rows.values()) == sorted(p for _, p, _ in stored(app)[0].values())
    assert ("Ann", 0, "fired by the Angry Boss") in [(name, score, out) for _, name, score, out in seats]


def test_the_history_pages_read_the_stored_plays_and_replay_nothing(client, app, monkeypatch):
    store = app.extensions["store"]
    plays.restore(store, home(store), [(g, s, T0, log(e, T0)) for g, s, e in (loaf_tie(), koala_koalation())])
    play_totals.set_alias(store, home(store), "ben", "Ann")
    h = history_of(app)

    def refuse(*args, **kwargs):
        raise AssertionError("a history page replayed a table")

    for target in (
        "companion.tables.replay.replay",
        "companion.history.plays.replay",
        "companion.history.plays.play_of",
    ):
        monkeypatch.setattr(target, refuse)
    paths = ["", "?player=Ann", "/players/Ann", "/games/loaf", "/plays.csv", "/games/koala", "/export.json"]
    for path in paths:
        assert client.get(f"{h}{path}").status_code == 200, path
    play_id = stored(app)[0][min(stored(app)[0])][1]
    assert client.get(f"{h}/plays/{play_id}.bgsplay").status_code == 200
    assert client.post(f"{h}/plays/{play_id}/delete").status_code == 303
    assert client.post(f"{h}/plays/{play_id}/restore").status_code == 303
    assert client.get(f"/api/v1/groups/{h.split('/')[2]}/plays").status_code == 200


def test_rebuild_works_every_play_out_again_from_the_logs(app):
    store = app.extensions["store"]
    rows = plays.restore(store, home(store), [(g, s, T0, log(e, T0)) for g, s, e in (loaf_tie(), GAMES["orleans"]())])
    before = stored(app)
    with store.engine.begin() as conn:
        conn.execute(delete(play_seats))
        conn.execute(delete(plays_table))
    assert plays.rebuild(store) == 2
    assert stored(app) == before and sorted(before[0]) == sorted(r.id for r in rows)


def before_groups(engine, tables):
    """Finished tables (game, setup, entries) stored as the app kept them before groups, with their logs."""
    schema = MetaData()
    schema.reflect(engine, only=["tables", "entries"])
    with engine.begin() as conn:
        for n, (game, setup, entries) in enumerate(tables):
            rows = log(entries, T0)
            values = {"token": f"t{n}", "viewer_token": f"v{n}", "code": f"CODE{n}", "game": game, "setup": setup}
            values |= {"version": len(rows), "created_at": T0, "updated_at": rows[-1].at}
            table_id = conn.execute(insert(schema.tables["tables"]).values(**values)).inserted_primary_key[0]
            conn.execute(insert(schema.tables["entries"]), [{"table_id": table_id, **r.__dict__} for r in rows])


def test_init_db_works_out_the_history_of_a_database_from_before_it(tmp_path, monkeypatch, capsys):
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = make_engine(url)
    with engine.connect() as conn, conn.begin():
        command.upgrade(migrate.config(conn), "0002_entry_version")
    before_groups(engine, [loaf_tie(), koala_koalation()])
    engine.dispose()
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))
    cli.main(["init-db"])
    assert "Play history rebuilt from every table: 2 plays." in capsys.readouterr().out
    app = make_app(tmp_path, DATABASE_URL=url)
    assert sorted(game for game, _, _ in stored(app)[0].values()) == ["koala", "loaf"]
    ((old, count),) = groups.every_group(app.extensions["store"])
    assert (old.name, count) == ("Tables from before groups", 2)
    assert sorted(p.game for p in play_lookup.every_play(app.extensions["store"], old.id)) == ["koala", "loaf"]
    with app.extensions["store"].engine.begin() as conn:
        conn.execute(delete(play_seats))
        conn.execute(delete(plays_table))
    cli.main(["rebuild-plays"])
    assert "2 plays" in capsys.readouterr().out and len(stored(app)[0]) == 2
    app.extensions["store"].dispose()
