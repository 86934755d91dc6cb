"""Backups are checked and stored by a worker process, with the same answers as in the server's own process."""

from __future__ import annotations

from sqlalchemy import func, select

from companion.storage.store import plays
from tests.conftest import make_app

from .pages import start
from .test_import_limits import backup, group_token, lfg_play, post


def test_an_import_in_the_worker_process_stores_its_plays_and_refuses_what_is_wrong(tmp_path):
    app = make_app(tmp_path, IMPORT_WORKER=True)
    client = app.test_client()
    group = group_token(app, start(client, "Ann", "Ben"))
    added = post(client, group, backup([lfg_play(n, "COPIED") for n in range(3)]))
    assert added.status_code == 303, added.get_data(as_text=True)
    with app.extensions["store"].engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(plays)).scalar_one() == 3
    again = post(client, group, backup([lfg_play(n, "COPIED") for n in range(3)]))
    assert again.status_code == 303 and "skipped=3" in again.headers["Location"]
    broken = post(client, group, b'{"format": "table-companion-plays", "version": 1, "plays": [{"game": "chess"}]}')
    assert broken.status_code == 422
