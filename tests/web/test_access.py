"""Who can reach a table: only its unguessable links; the watch link reads and never writes; join codes cannot be
guessed quickly; no form works without its CSRF token; every response carries the security headers."""

from __future__ import annotations

import base64
import io
import re
import secrets
from datetime import UTC, datetime, timedelta

import pytest

from companion import groups
from companion.storage.store import CODE_ALPHABET
from tests.conftest import make_app

from .pages import enter_line, polled, start
from .test_access_matrix import a_photo

PLAYERS = ["Ana", "Ben"]


def table_row(app, url: str):
    return app.extensions["store"].by_token(url.rsplit("/", 1)[1])


def url_for_rule(rule: str, token: str) -> str:
    """A concrete URL for a route pattern, on the table with `token`."""
    url = re.sub(r"<(?:[a-z]+:)?token>", token, rule)
    url = re.sub(r"<(?:[a-z]+:)?slug>", "next-station-paris", url)
    url = re.sub(r"<(?:[a-z]+:)?game>", "next-station-paris", url)
    return re.sub(r"<int:[a-z_]+>", "1", url)


def table_routes(app, prefix: str, method: str) -> list[str]:
    return sorted(
        rule.rule for rule in app.url_map.iter_rules() if rule.rule.startswith(prefix) and method in rule.methods
    )


def test_table_links_carry_at_least_128_random_bits(app, client):
    rows = [table_row(app, start(client, *PLAYERS)) for _ in range(40)]
    for row in rows:
        for token in (row.token, row.viewer_token):
            assert re.fullmatch(r"[A-Za-z0-9_-]+", token)
            assert len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8 >= 128
        assert row.token != row.viewer_token
        assert len(row.code) == 6 and set(row.code) <= set(CODE_ALPHABET)
    assert len({r.token for r in rows} | {r.viewer_token for r in rows}) == 2 * len(rows)


def test_a_table_answers_only_at_its_own_links(app, client):
    row = table_row(app, start(client, *PLAYERS))
    enter_line(client, f"/t/{row.token}", "Ana", 1)
    photo = {"photo": (io.BytesIO(a_photo()), "board.jpg")}
    assert client.post(f"/t/{row.token}/photos", data=photo, content_type="multipart/form-data").status_code == 303
    near = row.token[:-1] + ("A" if row.token[-1] != "A" else "B")
    wrong = [secrets.token_urlsafe(18), near, row.viewer_token, row.token.upper(), row.code]
    for rule in table_routes(app, "/t/", "GET"):
        assert client.get(url_for_rule(rule, row.token)).status_code == 200, rule
        for token in wrong:
            assert client.get(url_for_rule(rule, token)).status_code == 404, (rule, token)
    for rule in table_routes(app, "/t/", "POST"):
        for token in wrong:
            assert client.post(url_for_rule(rule, token), data={"kind": "line"}).status_code == 404, (rule, token)
    for rule in table_routes(app, "/v/", "GET"):
        unplayed = 404 if rule.endswith("/play.bgsplay") else 200  # a play is there once the game is over
        assert client.get(url_for_rule(rule, row.viewer_token)).status_code == unplayed, rule
        for token in [secrets.token_urlsafe(18), row.token]:
            assert client.get(url_for_rule(rule, token)).status_code == 404, (rule, token)


def test_the_watch_link_never_shows_the_edit_link(app, client):
    table = start(client, *PLAYERS)
    row = table_row(app, table)
    enter_line(client, table, "Ana", 1)
    for url in (f"/v/{row.viewer_token}", f"/v/{row.viewer_token}/live"):
        html = client.get(url).get_data(as_text=True)
        assert row.viewer_token in html
        assert row.token not in html
        assert "<form" not in html.split("<main>", 1)[-1]


@pytest.mark.parametrize("with_csrf", [False, True], ids=["csrf-off", "csrf-token-given"])
def test_the_watch_link_cannot_write(tmp_path, with_csrf):
    app = make_app(tmp_path, WTF_CSRF_ENABLED=with_csrf)
    client = app.test_client()
    data = {"players": PLAYERS}
    if with_csrf:
        html = client.get("/new/next-station-paris").get_data(as_text=True)
        data["csrf_token"] = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    table = client.post("/new/next-station-paris", data=data).headers["Location"]
    row = table_row(app, table)
    form = {
        "kind": "line",
        "version": "0",
        "entry_id": "from-the-watch-link",
        "player": "Ana",
        "round": "1",
        "color": "blue",
        "districts": "2",
        "max_stations_in_district": "2",
        "monuments": "0",
        "target": "1",
        "who": "Ana",
        "csrf_token": data.get("csrf_token", ""),
    }
    writes = [
        url_for_rule(rule, row.viewer_token).replace("/t/", "/v/", 1) for rule in table_routes(app, "/t/", "POST")
    ]
    writes += [f"/v/{row.viewer_token}", f"/v/{row.viewer_token}/live"]
    for url in writes:
        for method in ("POST", "PUT", "PATCH", "DELETE"):
            response = client.open(url, method=method, data=form)
            assert response.status_code == 403, (method, url)
            assert "watch-only link" in response.get_data(as_text=True)
    assert client.post(f"/v/{secrets.token_urlsafe(18)}/entries", data=form).status_code == 404
    assert app.extensions["store"].entries(row.id) == []
    assert app.extensions["store"].version(row.id) == 0


class Clock:
    """The limits' clock: `now` seconds after a fixed moment."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> datetime:
        return datetime(2026, 1, 1, tzinfo=UTC) + timedelta(seconds=self.now)


@pytest.fixture
def clock(app) -> Clock:
    clock = Clock()
    app.extensions["limits"].clock = clock
    return clock


def join(client, code: str, address: str = "10.0.0.7"):
    return client.get(f"/join?code={code}", environ_base={"REMOTE_ADDR": address})


def unused_code(app) -> str:
    store = app.extensions["store"]
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
        if store.by_code(code) is None:
            return code


def test_join_codes_resist_guessing_then_the_wait_ends(app, client, clock):
    code = table_row(app, start(client, *PLAYERS)).code
    for _ in range(10):
        clock.now += 1
        assert join(client, unused_code(app)).status_code == 404
    refused = join(client, code)
    assert refused.status_code == 429
    assert "Too many codes tried" in refused.get_data(as_text=True)
    assert 0 < int(refused.headers["Retry-After"]) <= 60
    assert join(client, unused_code(app)).status_code == 429
    assert join(client, code, address="10.0.0.8").status_code == 303  # another phone is not held up
    clock.now += 51  # the first failure leaves the window: one more try is allowed
    assert join(client, code).status_code == 303
    assert join(client, unused_code(app)).status_code == 404
    assert join(client, code).status_code == 429
    clock.now += 60
    assert join(client, code).status_code == 303


def test_good_codes_never_count_against_a_phone(app, client, clock):
    code = table_row(app, start(client, *PLAYERS)).code
    for _ in range(40):
        assert join(client, code.lower()).status_code == 303
    assert join(client, "").status_code == 200


def test_a_join_code_cannot_be_probed_through_copying_heroes(app, client, clock):
    code = table_row(app, start(client, *PLAYERS)).code
    answers = set()
    for value in [unused_code(app) for _ in range(12)] + [code]:
        response = client.post("/new/lfg", data={"players": PLAYERS, "copy_from": value})
        assert response.status_code == 422
        answers.add("choose one of your group" in response.get_data(as_text=True))
    assert answers == {True}
    assert join(client, code, address="127.0.0.1").status_code == 303  # nothing counted as a wrong code


def test_every_form_refuses_a_missing_csrf_token(tmp_path):
    app = make_app(tmp_path, WTF_CSRF_ENABLED=True)
    client = app.test_client()
    html = client.get("/new/next-station-paris").get_data(as_text=True)
    good = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    table = client.post("/new/next-station-paris", data={"players": PLAYERS, "csrf_token": good}).headers["Location"]
    row = table_row(app, table)
    group_token = groups.by_id(app.extensions["store"], row.group_id).token
    routes = [r for r in app.url_map.iter_rules() if "POST" in r.methods and not r.rule.startswith("/api/")]
    assert len(routes) >= 5
    for rule in routes:
        token = {"/t/": row.token, "/g/": group_token}.get(rule.rule[:3], row.viewer_token)
        url = url_for_rule(rule.rule, token)
        url = re.sub(r"<path:[a-z_]+>", "entries", url)
        for token in (None, "", "forged." + good[7:]):
            form = {"players": ["Cy"], "kind": "line", "who": "Ana", "entry_id": "x", "version": "0"}
            if token is not None:
                form["csrf_token"] = token
            response = client.post(url, data=form)
            assert response.status_code == 400, (rule.rule, token)
            assert "out of date" in response.get_data(as_text=True)
    store = app.extensions["store"]
    assert store.count_tables() == 1 and store.entries(row.id) == []


def assert_secure(response, what: str) -> None:
    headers = response.headers
    csp = headers.get("Content-Security-Policy", "")
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp, what
    assert "frame-ancestors 'none'" in csp, what
    assert headers.get("X-Content-Type-Options") == "nosniff", what
    assert headers.get("Referrer-Policy") == "no-referrer", what


def test_every_kind_of_response_carries_the_security_headers(app, client, clock):
    table = start(client, *PLAYERS)
    row = table_row(app, table)
    seen: dict[int, str] = {}

    def check(response, what: str, status: int) -> None:
        response.close()  # a static file stays open until its response is closed
        assert response.status_code == status, what
        assert_secure(response, what)
        seen[status] = what

    check(client.get(table), "table page", 200)
    check(client.get("/healthz"), "health check", 200)
    check(client.get(f"{table}/qr.svg"), "QR code", 200)
    check(client.get("/api/v1/openapi.json"), "JSON", 200)
    check(client.post("/api/v1/oz/score", json={"players": []}), "JSON refusal", 422)
    check(enter_line(client, table, "Ana", 1), "entry accepted", 303)
    check(client.get(f"{table}/live?v={polled(client, table)}"), "idle poll", 304)
    stale = {"target": 1, "version": 0, "entry_id": "stale-undo"}
    check(client.post(f"{table}/undo", data=stale), "stale entry", 409)
    check(enter_line(client, table, "Ben", 1, districts=-1), "refused entry", 422)
    check(client.post(f"/v/{row.viewer_token}/entries"), "watch link write", 403)
    check(client.get("/t/" + secrets.token_urlsafe(18)), "unknown table", 404)
    check(client.post("/healthz"), "wrong method", 405)
    check(client.post("/new/next-station-paris", data={"players": ["x" * 70_000]}), "too large", 413)
    for _ in range(10):
        join(client, unused_code(app))
    check(join(client, unused_code(app)), "too many codes", 429)
    for name in ("app.css", "app.js", "htmx-2.0.11.min.js"):
        for encoding in ("gzip, br", "gzip", ""):
            asset = client.get(f"/static/{name}", headers={"Accept-Encoding": encoding})
            check(asset, name, 200)
            again = {"Accept-Encoding": encoding, "If-None-Match": asset.headers["ETag"]}
            check(client.get(f"/static/{name}", headers=again), f"{name} again", 304)
    pdfs = pdf_urls(app, row)
    assert pdfs, "no printable PDF route: the API contract names /print/<game>/score-pad.pdf"
    for url in pdfs:
        pdf = client.get(url)
        check(pdf, url, 200)
        assert pdf.mimetype == "application/pdf"
    assert {200, 303, 304, 403, 404, 405, 409, 413, 422, 429} <= set(seen)


def pdf_urls(app, row) -> list[str]:
    """Every PDF route (score pads, result sheets), on the table `row` where it takes a token."""
    rules = [r.rule for r in app.url_map.iter_rules() if r.rule.endswith(".pdf") and "GET" in r.methods]
    return [url_for_rule(rule, row.viewer_token if rule.startswith("/v/") else row.token) for rule in rules]
