"""How every answer may be cached, route by route from the README's access table: an answer reached through a
group, editor or watch link, or one that reads or sets the phone's cookie, is private and never kept without asking
again; only the pages listed here are public. Vary names what an answer depends on."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from werkzeug.test import TestResponse

from companion.web.caching import PUBLIC_PAGE

from .test_access_matrix import CREDENTIALS, ROWS, Row, World, build_world, deleted, url

# Everything else is private. A route made public must be listed here, with its policy.
PUBLIC = {
    "GET /static/<path:filename>": "public, max-age=3600",
    "GET /sw.js": "no-cache",  # the same for everyone, asked again each time
    "GET /rules": PUBLIC_PAGE,
    "GET /rules/<game>": PUBLIC_PAGE,
    "GET /rules/offline": PUBLIC_PAGE,
    "GET /api/v1/rules/search": PUBLIC_PAGE,
    "GET /api/v1/openapi.json": PUBLIC_PAGE,
    "GET /print": PUBLIC_PAGE,
    "GET /print/<slug>/score-pad.pdf": "public, max-age=3600",
    "GET /livez": "no-store",
    "GET /healthz": "no-store",
}
ENCODED = {"Accept-Encoding": "br, gzip"}


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> Iterator[World]:
    yield build_world(tmp_path_factory.mktemp("caching"))


def fetch(world: World, row: Row, credential: str, headers: dict[str, str], cookie: bool = False) -> TestResponse:
    """The route's answer with this credential; a phone with `cookie` is a member of the group first."""
    client = world.client("group" if cookie else credential)
    body = {"json": {}} if row.rule.startswith("/api/") else {"data": {}}
    deleted(world, row.rule.endswith("/restore"))
    try:
        response = client.open(url(row.rule, world, credential), method=row.method, headers=headers, **body)
        response.get_data()
        response.close()
        return response
    finally:
        deleted(world, False)


def directives(response: TestResponse) -> set[str]:
    return {part.strip() for part in response.headers.get("Cache-Control", "").split(",") if part.strip()}


def varies(response: TestResponse) -> set[str]:
    return {part.strip().lower() for part in response.headers.get("Vary", "").split(",")}


def assert_policy(key: str, response: TestResponse) -> None:
    said = directives(response)
    assert said, f"{key}: no Cache-Control"
    if key in PUBLIC and "Set-Cookie" not in response.headers:
        assert response.headers["Cache-Control"] == PUBLIC[key], key
    else:
        assert "private" in said and said & {"no-store", "no-cache"}, (key, said)
        assert "public" not in said and not any(d.startswith(("max-age", "s-maxage")) for d in said), (key, said)
    if "Set-Cookie" in response.headers:
        assert "cookie" in varies(response), key
    if "Content-Encoding" in response.headers:
        assert "accept-encoding" in varies(response), key


@pytest.mark.parametrize("row", ROWS, ids=[f"{r.method} {r.rule}" for r in ROWS])
def test_every_answer_says_who_may_keep_it(world, row):
    key = f"{row.method} {row.rule}"
    for credential in CREDENTIALS:
        response = fetch(world, row, credential, ENCODED)
        assert response.status_code == row.expected[credential], (key, credential)
        assert_policy(key, response)


def reached(row: Row) -> list[str]:
    return [c for c in CREDENTIALS if row.expected[c] == 200]


GETS = [row for row in ROWS if row.method == "GET" and reached(row)]


@pytest.mark.parametrize("row", GETS, ids=[r.rule for r in GETS])
def test_an_answer_that_changes_with_a_header_or_the_cookie_varies_on_it(world, row):
    for credential in reached(row):
        page = fetch(world, row, credential, {})
        if fetch(world, row, credential, {}).data != page.data:
            continue  # an answer new each time (a backup says when it was made) shows nothing by changing
        fragment = fetch(world, row, credential, {"HX-Request": "true"})
        if fragment.data != page.data:
            assert "hx-request" in varies(page) and "hx-request" in varies(fragment), (row.rule, credential)
        member = fetch(world, row, credential, {}, cookie=True)
        if (member.status_code, member.data) != (page.status_code, page.data):
            assert "cookie" in varies(member), (row.rule, credential)


def test_only_the_listed_routes_are_public():
    listed = {f"{row.method} {row.rule}" for row in ROWS}
    assert set(PUBLIC) <= listed, "public routes the README's access table does not list"


def test_a_route_that_says_nothing_is_private_and_never_stored(tmp_path):
    from tests.conftest import make_app

    app: Flask = make_app(tmp_path)
    app.add_url_rule("/made-later", "made_later", lambda: "hello")
    app.add_url_rule("/made-later/<token>", "made_later_tokened", lambda token: ("hi", {"Cache-Control": "public"}))
    client = app.test_client()
    assert client.get("/made-later").headers["Cache-Control"] == "private, no-store"
    assert client.get("/made-later/abc").headers["Cache-Control"] == "private, no-store"


def test_an_unchanged_poll_keeps_its_304_on_either_link(world):
    for path in (f"/t/{world.editor}/live", f"/v/{world.watch}/live"):
        client = world.app.test_client()
        first = client.get(path)
        again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304, path
        assert again.headers["Cache-Control"] == first.headers["Cache-Control"] == "private, no-cache", path
        assert "hx-request" in varies(again), path


@pytest.mark.parametrize(
    "path",
    [
        "/rules/no-such-game",
        "/print/no-such-game/score-pad.pdf",
        "/static/no-such-file.css",
        "/made-later-missing",
    ],
)
def test_an_error_on_a_public_route_is_never_kept_publicly(tmp_path, path):
    from tests.conftest import make_app

    app: Flask = make_app(tmp_path)
    app.add_url_rule("/made-later-missing", "made_later_missing", lambda: ("gone", 404, {"Cache-Control": "public"}))
    response = app.test_client().get(path)
    assert response.status_code >= 400, path
    assert response.headers["Cache-Control"] == "private, no-store", path
    assert app.test_client().get("/rules/orleans").headers["Cache-Control"] == PUBLIC_PAGE
