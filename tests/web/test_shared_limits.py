"""The limits are the database's, not a process's: two real server processes on one database allow 10 wrong join
codes in all, not 10 each; starting tables is limited per address on the page and in the API alike, a limited
request answering 429 with Retry-After and storing nothing."""

from __future__ import annotations

import secrets
from pathlib import Path

import requests
from sqlalchemy import func, select

from benchmarks._server import Server
from companion.storage.store import CODE_ALPHABET, groups, tables
from tests.conftest import make_app

PLAYERS = ["Ana", "Ben"]


def guess() -> str:
    """A code no table has (the database is empty of tables)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


def test_two_server_processes_share_one_join_limit(tmp_path: Path):
    first, second = Server(tmp_path / "instance", threads=2), Server(tmp_path / "instance", threads=2)
    try:
        urls = [f"http://127.0.0.1:{server.port}" for server in (first, second)]
        for n in range(10):
            answer = requests.get(f"{urls[n % 2]}/join", params={"code": guess()}, timeout=10)
            assert answer.status_code == 404, (n, answer.status_code)
        for url in urls:
            refused = requests.get(f"{url}/join", params={"code": guess()}, timeout=10)
            assert refused.status_code == 429
            assert 0 < int(refused.headers["Retry-After"]) <= 60
            assert "Too many codes tried" in refused.text
    finally:
        first.stop()
        second.stop()


def count_tables(app) -> int:
    with app.extensions["store"].engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(tables)).scalar_one()


def test_starting_tables_is_limited_per_address(tmp_path: Path):
    app = make_app(tmp_path, NEW_TABLES_LIMIT=2)
    client = app.test_client()
    here = {"REMOTE_ADDR": "10.0.0.9"}
    for _ in range(2):
        assert client.post("/new/loaf", data={"players": PLAYERS}, environ_base=here).status_code == 303
    refused = client.post("/new/loaf", data={"players": ["Cy", "Dee"]}, environ_base=here)
    assert refused.status_code == 429
    assert 3000 < int(refused.headers["Retry-After"]) <= 3600
    html = refused.get_data(as_text=True)
    assert "Too many tables started from here: wait 60 minutes" in html
    assert 'value="Cy"' in html  # the form is kept, to send again later
    api = client.post("/api/v1/tables", json={"game": "loaf", "players": PLAYERS}, environ_base=here)
    assert api.status_code == 429 and int(api.headers["Retry-After"]) > 0
    assert api.get_json()["errors"][0]["msg"].startswith("too many tables started from here")
    assert count_tables(app) == 2
    elsewhere = client.post(
        "/api/v1/tables", json={"game": "loaf", "players": PLAYERS}, environ_base={"REMOTE_ADDR": "10.0.0.10"}
    )
    assert elsewhere.status_code == 201


def test_a_refused_form_is_not_counted_as_a_table(tmp_path: Path):
    app = make_app(tmp_path, NEW_TABLES_LIMIT=1)
    client = app.test_client()
    for _ in range(5):
        assert client.post("/new/loaf", data={"players": ["Ana"]}).status_code == 422
    assert client.post("/new/loaf", data={"players": PLAYERS}).status_code == 303


def test_copy_from_is_never_a_code_to_guess(tmp_path: Path):
    app = make_app(tmp_path, JOIN_ATTEMPTS=3)
    client = app.test_client()
    real = client.post("/api/v1/tables", json={"game": "lfg", "players": PLAYERS}).get_json()["code"]
    answers = set()
    for value in [guess() for _ in range(5)] + [real]:
        tried = client.post("/api/v1/tables", json={"game": "lfg", "players": PLAYERS, "options": {"copy_from": value}})
        assert tried.status_code == 422
        answers.add(tuple((e["loc"], e["msg"]) for e in tried.get_json()["errors"]))
    assert len(answers) == 1  # a real code and guesses get the same answer
    assert client.get(f"/join?code={real}").status_code == 303  # and none of them counted against /join


def test_starting_tables_is_limited_per_group_too(tmp_path: Path):
    app = make_app(tmp_path, NEW_TABLES_LIMIT=2)
    first, second = app.test_client(), app.test_client()
    made = first.post("/new/loaf", data={"players": PLAYERS}, environ_base={"REMOTE_ADDR": "10.0.0.1"})
    row = app.extensions["store"].by_token(made.headers["Location"].rsplit("/", 1)[1])
    with app.extensions["store"].engine.connect() as conn:
        token = conn.execute(select(groups.c.token).where(groups.c.id == row.group_id)).scalar_one()
    opened = second.get(f"/g/{token}", headers={"Sec-Fetch-Site": "none"})
    assert opened.status_code == 200  # the second phone is a member now
    assert (
        second.post("/new/loaf", data={"players": PLAYERS}, environ_base={"REMOTE_ADDR": "10.0.0.2"}).status_code == 303
    )
    refused = second.post("/new/loaf", data={"players": PLAYERS}, environ_base={"REMOTE_ADDR": "10.0.0.3"})
    assert refused.status_code == 429  # a new address, but the group has started its 2 tables this hour
    api = second.post(
        "/api/v1/tables",
        json={"game": "loaf", "players": PLAYERS, "group": token},
        environ_base={"REMOTE_ADDR": "10.0.0.4"},
    )
    assert api.status_code == 429
    alone = app.test_client().post("/new/loaf", data={"players": PLAYERS}, environ_base={"REMOTE_ADDR": "10.0.0.5"})
    assert alone.status_code == 303  # a phone with no group starts its own
