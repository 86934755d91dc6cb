"""An import is bounded in work, not only in bytes: its merges are capped, counted and made in bulk, it is stopped
(and rolled back, 503 with Retry-After) past IMPORT_SECONDS, and a worker that dies costs only its one request."""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import requests
from sqlalchemy import event, select

from companion.history import backup as backups
from companion.history import import_worker as import_worker
from companion.history import plays as plays_module
from companion.history.records import name_key
from companion.storage.store import aliases, play_seats, plays
from companion.tables.replay import replay
from tests.conftest import DATABASES, LiveServer, app_on, make_app

from .pages import start
from .test_import_limits import backup, count, group_token, lfg_play, post

MERGES = {f"player {n}": f"person {n}" for n in range(4000)}  # about 70 KB


@pytest.mark.parametrize("version", ["true", "1.0", '"1"', "2"])
def test_a_backup_version_is_the_integer_1(version):
    raw = f'{{"format": "table-companion-plays", "version": {version}, "plays": []}}'.encode()
    assert [p.loc for p in backups.check(raw, set(), {}).problems] == ["version"]
    assert backups.check(b'{"format": "table-companion-plays", "version": 1, "plays": []}', set(), {}).problems == []


def test_merges_past_the_cap_are_refused_at_aliases_and_nothing_is_merged(tmp_path):
    app = make_app(tmp_path)  # IMPORT_MAX_PLAYS 2,000: merged names are held to it too
    client = app.test_client()
    token = group_token(app, start(client, "Ann", "Ben"))
    began = time.monotonic()
    refused = post(client, token, backup([], MERGES))
    assert time.monotonic() - began < 2
    assert refused.status_code == 422 and "aliases" in refused.text
    assert "at most 2000 merged names: this one has 4000" in refused.text
    assert count(app, aliases) == 0


def test_merges_count_against_the_imported_plays_of_an_hour(tmp_path):
    app = make_app(tmp_path, IMPORTED_PLAYS_LIMIT=10)
    client = app.test_client()
    token = group_token(app, start(client, "Ann", "Ben"))
    merges = {f"p{n}": f"q{n}" for n in range(11)}
    refused = post(client, token, backup([], merges))
    assert refused.status_code == 429 and "adds 0 plays and 11 merged names" in refused.text
    assert count(app, aliases) == 0
    assert post(client, token, backup([], dict(list(merges.items())[:10]))).status_code == 303
    assert count(app, aliases) == 10


def test_merges_made_in_bulk_move_the_seats_as_one_merge_at_a_time_does(tmp_path):
    app = make_app(tmp_path)
    client = app.test_client()
    token = group_token(app, start(client, "Ann", "Ben"))
    assert post(client, token, backup([lfg_play(n, "") for n in range(2)])).status_code == 303
    names = json.loads(backup([lfg_play(0, "")]))["plays"][0]["setup"]["players"]
    chain = {names[0]: "Middle", "middle": names[1]}  # a chain: the first player becomes the second
    assert post(client, token, backup([], chain)).status_code == 303
    seats = play_seats.c
    with app.extensions["store"].engine.connect() as conn:
        first = set(conn.execute(select(seats.person).where(seats.name_key == name_key(names[0]))).scalars())
        middle = set(conn.execute(select(seats.person).where(seats.name_key == name_key(names[1]))).scalars())
    assert first == middle == {name_key(names[1])}


@pytest.fixture(params=DATABASES)
def served(request, tmp_path: Path):
    with LiveServer(app_on(request, tmp_path, IMPORT_MAX_PLAYS=5000)) as live:
        yield live


def _table_and_entry(url: str) -> tuple[requests.Session, str, dict[str, Any]]:
    """A table of its own group, seated, and a line to enter on it."""
    phone = requests.Session()
    made = phone.post(f"{url}/new/next-station-paris", data={"players": ["Ann", "Ben"]}, allow_redirects=False)
    table = url + made.headers["Location"]
    assert phone.post(f"{table}/me", data={"who": ""}, allow_redirects=False).status_code == 303
    version = int(re.search(r'name="version" value="(\d+)"', phone.get(table).text).group(1))
    line = {"kind": "line", "form": "line-Ann", "version": version, "entry_id": secrets.token_hex(8)}
    line |= {"player": "Ann", "round": 1, "color": "blue", "districts": 5, "max_stations_in_district": 3}
    return phone, f"{table}/entries", line | {"monuments": 2}


def test_a_merge_only_import_of_4000_names_is_quick_and_leaves_other_tables_quick(served):
    importer = requests.Session()
    made = importer.post(f"{served.url}/new/lfg", data={"players": ["Ann", "Ben"]}, allow_redirects=False)
    token = group_token(served.app, made.headers["Location"])
    phone, entries, line = _table_and_entry(served.url)
    answered: list[tuple[int, float]] = []

    def imports() -> None:
        began = time.monotonic()
        sent = importer.post(f"{served.url}/g/{token}/history/import", files={"backup": backup([], MERGES)})
        answered.append((sent.status_code, time.monotonic() - began))

    importing = threading.Thread(target=imports)
    importing.start()
    time.sleep(0.1)
    began = time.monotonic()
    entered = phone.post(entries, data=line, allow_redirects=False)
    entry_took = time.monotonic() - began
    importing.join()

    assert entered.status_code == 303 and entry_took < 1
    [(status, _)] = answered
    assert status == 200  # the import's redirect, followed to the history page
    assert count(served.app, aliases) == 4000


def test_merges_cost_the_same_statements_however_many_there_are(tmp_path):
    """Made in bulk: 4,000 merges are as many statements as 40 (one at a time, they were thousands)."""
    app = make_app(tmp_path, IMPORT_MAX_PLAYS=5000, IMPORTED_PLAYS_LIMIT=10_000)
    client = app.test_client()
    token = group_token(app, start(client, "Ann", "Ben"))
    engine = app.extensions["store"].engine
    counted: list[str] = []

    def statements(merges: dict[str, str]) -> int:
        counted.clear()
        event.listen(engine, "before_cursor_execute", _count)
        try:
            assert post(client, token, backup([], merges)).status_code == 303
        finally:
            event.remove(engine, "before_cursor_execute", _count)
        return len(counted)

    def _count(*_: Any) -> None:
        counted.append("")

    few = statements({f"few {n}": f"some {n}" for n in range(40)})
    assert statements(MERGES) == few
    assert count(app, aliases) == 4040


@pytest.fixture
def in_worker(tmp_path: Path):
    app = make_app(tmp_path, IMPORT_WORKER=True)
    yield app
    import_worker.shutdown()


def test_an_import_past_import_seconds_is_stopped_with_503_and_nothing_stored(in_worker):
    in_worker.config["IMPORT_SECONDS"] = 0.05  # 200 plays take several times that on the fastest machine
    client = in_worker.test_client()
    token = group_token(in_worker, start(client, "Ann", "Ben"))
    body = backup([lfg_play(n, "") for n in range(200)], {"ann": "Anna"})
    stopped = post(client, token, body)
    assert stopped.status_code == 503 and int(stopped.headers["Retry-After"]) >= 1
    assert "took too long and was stopped: nothing of it was stored" in stopped.text
    api = client.post(f"/api/v1/groups/{token}/import", data=body)
    assert api.status_code == 503 and int(api.headers["Retry-After"]) >= 1
    assert api.json["errors"][0]["msg"].startswith("This import took too long")
    documented = client.get("/api/v1/openapi.json").json["paths"]["/api/v1/groups/{token}/import"]["post"]
    assert set(documented["responses"]["503"]["headers"]) == {"Retry-After"}
    assert documented["responses"]["503"]["content"]["application/json"]["schema"]
    assert count(in_worker, plays) == 0 and count(in_worker, aliases) == 0
    in_worker.config["IMPORT_SECONDS"] = 120
    assert post(client, token, backup([lfg_play(1, "")])).status_code == 303  # the worker after it answers
    assert count(in_worker, plays) == 1


def test_a_killed_import_worker_costs_only_the_request_it_served(in_worker):
    client = in_worker.test_client()
    token = group_token(in_worker, start(client, "Ann", "Ben"))
    worker = import_worker.worker_pid()
    served: list[BaseException] = []

    def serving() -> None:
        try:
            import_worker.run(True, time.sleep, 30)
        except import_worker.Stopped as stopped:
            served.append(stopped)

    asking = threading.Thread(target=serving)
    asking.start()
    time.sleep(1)
    os.kill(worker, signal.SIGKILL)
    asking.join(timeout=20)
    assert served and served[0].retry_after >= 1
    assert post(client, token, backup([lfg_play(1, "")])).status_code == 303
    assert import_worker.worker_pid() != worker


def test_a_backup_is_replayed_while_other_phones_can_still_write(app, client, monkeypatch):
    """Replaying a backup's tables takes seconds for a big one: on SQLite, done inside the import's transaction, it
    would hold the only write lock that long, and every phone's next entry would wait for it."""
    token = group_token(app, start(client, "Ann", "Ben"))
    path = app.extensions["store"].engine.url.database
    could_write: list[bool] = []

    def replay_and_try_a_write(*args: Any) -> Any:
        other = sqlite3.connect(path, timeout=0.05)
        try:
            other.execute("BEGIN IMMEDIATE")
            other.rollback()
            could_write.append(True)
        except sqlite3.OperationalError:
            could_write.append(False)
        finally:
            other.close()
        return replay(*args)

    monkeypatch.setattr(plays_module, "replay", replay_and_try_a_write)
    assert post(client, token, backup([lfg_play(n, "NOCODE") for n in range(3)])).status_code == 303
    assert could_write == [True, True, True]
    assert count(app, plays) == 3
