"""An import cannot hurt anyone else: it never says whether a join code exists (nor stores one), it is capped in
size, limited per hour for the address and the group, and stored whole or not at all."""

from __future__ import annotations

import copy
import io
import json
import re
import secrets
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, select

from companion.history import totals as play_totals
from companion.storage.store import CODE_ALPHABET, aliases, groups, plays, tables
from tests.conftest import make_app

from .pages import start

CORPUS = Path(__file__).resolve().parent.parent / "fixtures" / "corpus" / "v1"
LFG = json.loads((CORPUS / "lfg-nobody.json").read_text())  # a finished LFG play


def group_token(app, table: str) -> str:
    store = app.extensions["store"]
    row = store.by_token(table.rsplit("/", 1)[1])
    with store.engine.connect() as conn:
        return conn.execute(select(groups.c.token).where(groups.c.id == row.group_id)).scalar_one()


def guessed() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


def lfg_play(n: int, code: str) -> dict:
    """A finished LFG play from the corpus, with `code` as the code its catalog was copied by, each play its own
    (its times shifted)."""
    setup = copy.deepcopy(LFG["setup"])
    setup["options"]["copy_from"] = code
    entries = copy.deepcopy(LFG["entries"])
    for entry in entries:
        entry["at"] = (datetime.fromisoformat(entry["at"]) + timedelta(minutes=n)).isoformat()
    return {"game": "lfg", "setup": setup, "created_at": entries[0]["at"], "entries": entries}


def backup(found: list[dict], merges: dict | None = None) -> bytes:
    return json.dumps(
        {"format": "table-companion-plays", "version": 1, "plays": found, "aliases": merges or {}}
    ).encode()


def post(client, token: str, body: bytes, address: str = "10.0.0.7"):
    data = {"backup": (io.BytesIO(body), "backup.json")}
    return client.post(f"/g/{token}/history/import", data=data, environ_base={"REMOTE_ADDR": address})


def count(app, table) -> int:
    with app.extensions["store"].engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(table)).scalar_one()


@pytest.fixture
def group(app, client) -> str:
    return group_token(app, start(client, "Ann", "Ben"))


def test_an_import_never_says_whether_a_code_exists(app, client, group):
    lfg = start(client, "Cy", "Dee", game="lfg")
    store = app.extensions["store"]
    real = [store.by_token(t.rsplit("/", 1)[1]).code for t in (lfg, start(client, "Eve", "Fay"))]
    codes = [guessed() for _ in range(50)] + real
    found = [lfg_play(n, code) for n, code in enumerate(codes)]
    body = backup(found)
    for code in real:
        assert code in body.decode()
    response = post(client, group, body)
    assert response.status_code == 303, response.get_data(as_text=True)
    assert "imported=52" in response.headers["Location"]
    bare = [lfg_play(100 + n, code) | {"entries": [{"seq": 1}]} for n, code in enumerate(codes)]
    refused = post(client, group, backup(bare)).get_data(as_text=True)
    answers = {re.sub(r"plays\[\d+\]", "plays[n]", line) for line in re.findall(r"<li>.*?</li>", refused)}
    assert len(answers) == len(re.findall(r"<li>.*?</li>", refused)) // len(codes)  # each play answered alike
    for word in ("no table has", "not an LFG table", "has expired", "no heroes"):
        assert word not in refused
    with store.engine.connect() as conn:
        setups = conn.execute(select(tables.c.setup).where(tables.c.game == "lfg", tables.c.id > 3)).scalars().all()
    assert len(setups) == 52 and not any(code in json.dumps(setups) for code in codes)  # no code is kept
    assert app.extensions["limits"].used(_join(app), "ip:10.0.0.7") == 0  # and none counted as a guess


def _join(app):
    from companion.groups.limits import Limit

    return Limit("join", app.config.get("JOIN_ATTEMPTS", 10), app.config.get("JOIN_WINDOW", 60.0))


def test_an_import_is_capped_in_size(tmp_path):
    app = make_app(tmp_path, IMPORT_MAX_PLAYS=3, IMPORT_MAX_ENTRIES=20)
    client = app.test_client()
    token = group_token(app, start(client, "Ann", "Ben"))
    too_many = post(client, token, backup([lfg_play(n, "") for n in range(4)]))
    assert too_many.status_code == 422 and "an import holds at most 3 plays: this one has 4" in too_many.text
    too_long = post(client, token, backup([lfg_play(n, "") for n in range(3)]))  # 7 entries each
    assert (
        too_long.status_code == 422
        and "at most 20 entries in all (a merged name counts as one): this one has 21" in too_long.text
    )
    assert post(client, token, backup([lfg_play(n, "") for n in range(2)])).status_code == 303


def test_imports_are_limited_per_hour_for_the_address_and_the_group(tmp_path):
    app = make_app(tmp_path, IMPORTS_LIMIT=2, IMPORTED_PLAYS_LIMIT=5)
    client = app.test_client()
    mine, theirs, api = (group_token(app, start(app.test_client(), "Ann", "Ben")) for _ in range(3))
    assert len({mine, theirs, api}) == 3
    assert post(client, mine, b"not json").status_code == 422  # a refused import counts: it cost the reading
    assert post(client, mine, backup([lfg_play(n, "") for n in range(3)])).status_code == 303
    refused = post(client, mine, backup([lfg_play(9, "")]))
    assert refused.status_code == 429 and 3000 < int(refused.headers["Retry-After"]) <= 3600
    assert "Too many imports from here or into this group: wait 60 minutes" in refused.text
    assert post(client, mine, backup([lfg_play(9, "")]), address="10.0.0.8").status_code == 429  # the group's
    assert post(client, theirs, backup([lfg_play(9, "")])).status_code == 429  # the address's
    assert post(client, theirs, backup([lfg_play(n, "") for n in range(10, 13)]), address="10.0.0.8").status_code == 303
    more = post(client, theirs, backup([lfg_play(n, "") for n in range(20, 23)]), address="10.0.0.9")
    assert more.status_code == 429 and "This backup adds 3 plays, more than may be imported here now" in more.text
    assert count(app, plays) == 6
    for n, status in enumerate((201, 201, 429)):
        sent = client.post(f"/api/v1/groups/{api}/import", data=backup([lfg_play(30 + n, "")]), environ_base=ELSEWHERE)
        assert sent.status_code == status
    assert int(sent.headers["Retry-After"]) > 0
    assert sent.get_json()["errors"][0]["msg"].startswith("Too many imports")


ELSEWHERE = {"REMOTE_ADDR": "10.0.0.10"}


def test_an_import_is_stored_whole_or_not_at_all(app, client, group, monkeypatch):
    """A failure after the tables are written (here: making the backup's name merges) leaves nothing behind."""
    before = {name: count(app, table) for name, table in (("tables", tables), ("plays", plays), ("aliases", aliases))}

    def broken(*_: object) -> None:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(play_totals, "set_aliases_in", broken)
    monkeypatch.setattr("companion.history.plays.set_aliases_in", broken)
    body = backup([lfg_play(n, "") for n in range(3)], {"Mo": "Ned"})
    with pytest.raises(RuntimeError, match="the disk is full"):
        post(client, group, body)
    after = {name: count(app, table) for name, table in (("tables", tables), ("plays", plays), ("aliases", aliases))}
    assert after == before
    monkeypatch.undo()
    assert post(client, group, body).status_code == 303
    assert count(app, plays) == before["plays"] + 3 and count(app, aliases) == before["aliases"] + 1
