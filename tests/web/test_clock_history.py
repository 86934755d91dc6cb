"""The minutes a play took, in the history and in every export (BG Stats, CSV, JSON): what its play timer counted
when its table used one, else the time from its first entry to its last, as before; and a backup that carries the
clock's entries and restores the same minutes elsewhere."""

from __future__ import annotations

import csv
import io
import json

from sqlalchemy import select

from companion.history import plays
from companion.storage.store import plays as play_rows

from ..test_history import T0, home, log, nsp
from .test_history_pages import history_of, other_app, text

LINES = {"Ana": (3, 2, 1), "Ben": (2, 2, 0)}


def clocked():
    """Next Station Paris with its clock: entries 5 minutes apart. Started at minute 0, paused at 15, resumed at 40,
    stopped by the last bonus at 60: 35 minutes played, while its game entries span 55."""
    game, setup, entries = nsp(LINES)
    tick = {action: ("clock", {"action": action}, 1) for action in ("start", "pause", "resume")}
    lines, bonuses = entries[:8], entries[8:]
    timed = [tick["start"], *lines[:2], tick["pause"], *lines[2:6], tick["resume"], *lines[6:], *bonuses]
    return game, setup, timed


def plain():
    """The same game without its clock: 10 entries, 45 minutes from the first to the last."""
    return nsp(LINES)


def keep(app, *builders):
    store = app.extensions["store"]
    items = [(game, setup, T0, log(entries)) for game, setup, entries in (b() for b in builders)]
    return plays.restore(store, home(store), items)


def stored_seconds(app) -> dict[int, int | None]:
    with app.extensions["store"].engine.connect() as conn:
        return dict(conn.execute(select(play_rows.c.table_id, play_rows.c.played_s)).all())


def csv_minutes(client, history: str) -> list[str]:
    rows = csv.DictReader(io.StringIO(client.get(f"{history}/plays.csv").data.decode("utf-8-sig")))
    return sorted({(r["play"], r["duration_min"]) for r in rows}, key=lambda pair: pair[1])


def test_a_play_keeps_the_seconds_its_clock_ran_and_an_old_one_keeps_none(app):
    timed, untimed = keep(app, clocked, plain)
    assert stored_seconds(app) == {timed.id: 35 * 60, untimed.id: None}


def test_the_csv_json_and_bg_stats_carry_the_clock_s_minutes(app, client):
    keep(app, clocked, plain)
    history = history_of(app)
    assert [minutes for _, minutes in csv_minutes(client, history)] == ["35", "45"]
    token = history.split("/")[2]
    listed = client.get(f"/api/v1/groups/{token}/plays").get_json()["plays"]
    assert sorted(p["duration_min"] for p in listed) == [35, 45]
    by_minutes = {p["duration_min"]: p["id"] for p in listed}
    bgsplay = json.loads(client.get(f"{history}/plays/{by_minutes[35]}.bgsplay").data)
    assert bgsplay["durationMin"] == 35
    old = json.loads(client.get(f"{history}/plays/{by_minutes[45]}.bgsplay").data)
    assert old["durationMin"] == 45


def test_the_history_line_says_the_clock_s_minutes(app, client):
    keep(app, clocked)
    assert "35 min" in text(client.get(history_of(app)))


def test_a_backup_carries_the_clock_and_restores_the_same_minutes(app, client, tmp_path):
    keep(app, clocked)
    exported = client.get(f"{history_of(app)}/export.json")
    entries = json.loads(exported.data)["plays"][0]["entries"]
    assert [e["payload"]["action"] for e in entries if e["kind"] == "clock"] == ["start", "pause", "resume"]
    other_server = other_app(tmp_path)
    other, there = other_server.test_client(), history_of(other_server)
    upload = {"backup": (io.BytesIO(exported.data), "plays.json")}
    response = other.post(f"{there}/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 303 and response.headers["Location"] == f"{there}?imported=1&skipped=0"
    assert [minutes for _, minutes in csv_minutes(other, there)] == ["35"]
    assert list(stored_seconds(other_server).values()) == [35 * 60]


def test_a_backup_with_a_damaged_clock_entry_is_refused_where_it_is(app, client):
    keep(app, clocked)
    backup = json.loads(client.get(f"{history_of(app)}/export.json").data)
    backup["plays"][0]["entries"][0]["payload"] = {"action": "stop"}
    upload = {"backup": (io.BytesIO(json.dumps(backup).encode()), "plays.json")}
    response = client.post(f"{history_of(app)}/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 422
    assert "entries[0].payload.action" in text(response)
