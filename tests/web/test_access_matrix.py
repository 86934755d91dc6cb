"""Who may reach what: the README's table, checked route by route against the app's URL map.

Every route (method and rule) has one row in the README's access table, and every row names a route: a new route
without a rule fails here. Each cell is the status a request gets with that credential: no credential at all, the
table's watch link, its join code, its editor link, or its group's link (the phone has opened the invite itself). A
credential stands in for every `<token>` of the route (and for `?code=` at /join); everything else in the route is
filled with values that exist."""

from __future__ import annotations

import io
import re
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import make_app

README = Path(__file__).resolve().parents[2] / "README.md"
CREDENTIALS = ("none", "watch", "code", "editor", "group")
IGNORED_METHODS = {"HEAD", "OPTIONS"}


@dataclass(frozen=True)
class Row:
    method: str
    rule: str
    expected: dict[str, int]


def readme_rows() -> list[Row]:
    """The rows of the README's access table (between its two markers)."""
    text = README.read_text(encoding="utf-8")
    if "<!-- access-matrix -->" not in text:
        return []
    table = text.split("<!-- access-matrix -->", 1)[1].split("<!-- /access-matrix -->", 1)[0]
    rows = []
    for line in table.strip().splitlines()[2:]:
        cells = [cell.strip().strip("`") for cell in line.strip().strip("|").split("|")]
        method, rule = cells[0].split(" ", 1)
        rows.append(Row(method, rule, dict(zip(CREDENTIALS, (int(c) for c in cells[1:]), strict=True))))
    return rows


ROWS = readme_rows()


def routes(app: Flask) -> set[tuple[str, str]]:
    return {(method, rule.rule) for rule in app.url_map.iter_rules() for method in rule.methods - IGNORED_METHODS}


def test_every_route_has_exactly_one_row(tmp_path):
    app = make_app(tmp_path)
    listed = [(row.method, row.rule) for row in ROWS]
    assert len(listed) == len(set(listed)), "a route is listed twice"
    assert sorted(routes(app) - set(listed)) == [], "routes without a row in the README's access table"
    assert sorted(set(listed) - routes(app)) == [], "rows of the README's access table that name no route"


@dataclass
class World:
    app: Flask
    editor: str
    watch: str
    group: str
    play_id: str

    def token(self, credential: str) -> str:
        code = self.app.extensions["store"].by_token(self.editor).code  # a route may have issued a fresh one
        values = {"watch": self.watch, "code": code, "editor": self.editor, "group": self.group}
        return values.get(credential, secrets.token_urlsafe(18))

    def client(self, credential: str) -> FlaskClient:
        client = self.app.test_client()
        if credential == "group":
            assert client.get(f"/g/{self.group}", headers={"Sec-Fetch-Site": "none"}).status_code == 200
        return client


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> Iterator[World]:
    yield build_world(tmp_path_factory.mktemp("access"))


def build_world(folder: Path) -> World:
    """A group with one finished table (so a play exists), and the links and code to it."""
    app = make_app(folder, JOIN_ATTEMPTS=10_000)
    client = app.test_client()
    table = client.post("/new/next-station-paris", data={"players": ["Ana", "Ben"]}).headers["Location"]
    editor = table.rsplit("/", 1)[1]
    game = client.get(f"/api/v1/tables/{editor}").get_json()
    version = 0
    for round_no, color in enumerate(("blue", "green", "orange", "purple"), 1):
        for player in ("Ana", "Ben"):
            line = {"color": color, "districts": 2, "max_stations_in_district": 2, "monuments": 0}
            body = {"kind": "line", "payload": {"player": player, "round": round_no, "line": line}}
            body |= {"entry_id": f"{player}{round_no}", "base_version": version}
            assert client.post(f"/api/v1/tables/{editor}/entries", json=body).status_code == 201
            version += 1
    for player in ("Ana", "Ben"):
        body = {"kind": "bonus", "payload": {"player": player}, "entry_id": f"b{player}", "base_version": version}
        assert client.post(f"/api/v1/tables/{editor}/entries", json=body).status_code == 201
        version += 1
    photo = {"photo": (io.BytesIO(a_photo()), "board.jpg")}
    assert client.post(f"/t/{editor}/photos", data=photo, content_type="multipart/form-data").status_code == 303
    store = app.extensions["store"]
    row = store.by_token(editor)
    group = group_token(app, row)
    play_id = play_of(app, row.id)
    return World(app, editor, game["watch"].rsplit("/", 1)[1], group, play_id)


def a_photo() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (40, 30)).save(out, format="JPEG")
    return out.getvalue()


def group_token(app: Flask, row) -> str:
    from sqlalchemy import select

    from companion.storage.store import groups

    with app.extensions["store"].engine.connect() as conn:
        return conn.execute(select(groups.c.token).where(groups.c.id == row.group_id)).scalar_one()


def play_of(app: Flask, table_id: int) -> str:
    from sqlalchemy import select

    from companion.storage.store import plays

    with app.extensions["store"].engine.connect() as conn:
        return conn.execute(select(plays.c.play_id).where(plays.c.table_id == table_id)).scalar_one()


def url(rule: str, world: World, credential: str) -> str:
    """A concrete address for the rule, with the credential in place of every token."""
    value = world.token(credential)
    path = re.sub(r"<(?:[a-z]+:)?token>", value, rule)
    fills = {
        "slug": "next-station-paris",
        "game": "next-station-paris",
        "seq": "1",
        "name": "Ana",
        "play_id": world.play_id,
        "card_id": "1",
        "photo_id": "1",
        "filename": "app.css",
        "rest": "entries",
    }
    path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", lambda m: fills[m.group(1)], path)
    if rule == "/join":
        path += f"?code={value}"
    return path


def deleted(world: World, gone: bool) -> None:
    """Delete or restore the group's play, so each cell starts from the state its route acts on."""
    action = "delete" if gone else "restore"
    world.client("group").post(f"/g/{world.group}/history/plays/{world.play_id}/{action}")


def status(world: World, method: str, rule: str, credential: str) -> int:
    """What a request to the route gets with this credential (an empty body for a write). Every cell starts with
    the group's play in place, but a restore's, which starts with it deleted; nothing a cell does outlasts it."""
    deleted(world, rule.endswith("/restore"))
    try:
        return _status(world, method, rule, credential)
    finally:
        deleted(world, False)


def _status(world: World, method: str, rule: str, credential: str) -> int:
    client = world.client(credential)
    address = url(rule, world, credential)
    body = {"json": {}} if rule.startswith("/api/") else {"data": {}}
    response = client.open(address, method=method, **body)
    response.close()  # a static file's answer holds the file open until closed
    return response.status_code


@pytest.mark.parametrize("row", ROWS, ids=[f"{r.method} {r.rule}" for r in ROWS])
def test_each_credential_gets_what_the_table_says(world, row):
    got = {credential: status(world, row.method, row.rule, credential) for credential in CREDENTIALS}
    assert got == row.expected, (row.method, row.rule)
