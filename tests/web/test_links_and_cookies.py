"""Behind HTTPS the session cookie is Secure, and over the LAN's plain HTTP it is not (a phone on http://192.168…
must keep it); links printed for others come from PUBLIC_URL whatever Host a request names; TRUSTED_HOSTS refuses
any other Host."""

from __future__ import annotations

import http.client

import pytest
import segno

from companion import cli
from companion.cli import behind
from companion.connections import Bounds
from tests.conftest import make_app

from .pages import start
from .test_slow_clients import bounded

OPENED = {"Sec-Fetch-Site": "none"}


def session_cookie(response) -> str:
    [cookie] = [value for value in response.headers.getlist("Set-Cookie") if value.startswith("session=")]
    return cookie


def is_secure(cookie: str) -> bool:
    return "secure" in [part.strip().lower() for part in cookie.split(";")]


def started(client, scheme: str = "http") -> str:
    """The session cookie of a phone's first table, started over `scheme`."""
    answer = client.post("/new/oz", data={"players": ["Ann", "Ben"]}, environ_overrides={"wsgi.url_scheme": scheme})
    assert answer.status_code == 303, answer.get_data(as_text=True)
    return session_cookie(answer)


def test_over_https_the_session_cookie_is_secure(client):
    assert is_secure(started(client, "https"))


def test_over_plain_http_the_session_cookie_is_not_secure_so_lan_phones_keep_it(client):
    cookie = started(client)
    assert not is_secure(cookie)
    table = start(client, "Cy", "Di")  # the cookie came back: the phone is still who it was
    assert client.get(table).status_code == 200


def test_configured_on_the_cookie_is_secure_even_over_plain_http(tmp_path):
    assert is_secure(started(make_app(tmp_path, SESSION_COOKIE_SECURE=True).test_client()))


def test_the_environment_sets_the_secure_flag_public_url_and_trusted_hosts(tmp_path, monkeypatch):
    monkeypatch.setenv("SESSION_COOKIE_SECURE", "true")
    monkeypatch.setenv("PUBLIC_URL", "https://table.example/")
    monkeypatch.setenv("TRUSTED_HOSTS", " table.example, 192.168.1.20 ,")
    config = make_app(tmp_path).config
    assert config["SESSION_COOKIE_SECURE"] is True
    assert config["PUBLIC_URL"] == "https://table.example/"
    assert config["TRUSTED_HOSTS"] == ["table.example", "192.168.1.20"]


def test_unset_the_environment_leaves_every_host_and_plain_http_cookies(tmp_path, monkeypatch):
    for name in ("SESSION_COOKIE_SECURE", "PUBLIC_URL", "TRUSTED_HOSTS"):
        monkeypatch.delenv(name, raising=False)
    config = make_app(tmp_path).config
    assert (config["SESSION_COOKIE_SECURE"], config["PUBLIC_URL"], config["TRUSTED_HOSTS"]) == (False, None, None)


@pytest.fixture
def public(tmp_path):
    return make_app(tmp_path, PUBLIC_URL="https://table.example/")


def qr_targets(monkeypatch) -> list[str]:
    """What every QR code drawn from now on holds."""
    made: list[str] = []
    real = segno.make

    def make(content, **options):
        made.append(content)
        return real(content, **options)

    monkeypatch.setattr(segno, "make", make)
    return made


def test_invite_links_and_qr_codes_use_public_url_whatever_the_host(public, monkeypatch):
    client = public.test_client()
    table = start(client, "Ann", "Ben")
    token = public.extensions["store"].by_token(table.rsplit("/", 1)[1])
    group = client.get("/").get_data(as_text=True).split('href="/g/', 1)[1].split('"', 1)[0]
    evil = {**OPENED, "Host": "evil.example"}

    page = client.get(f"/g/{group}", headers=evil).get_data(as_text=True)
    assert f"https://table.example/g/{group}" in page and "evil.example" not in page

    made = qr_targets(monkeypatch)
    for path in (f"/g/{group}/qr.svg", f"{table}/qr.svg", f"{table}/qr.svg?for=view"):
        assert client.get(path, headers=evil).status_code == 200
    invite, joining, watching = made
    assert invite == f"https://table.example/g/{group}"
    assert joining.startswith("https://table.example/")
    assert watching == f"https://table.example/v/{token.viewer_token}"

    shown = client.get(table, headers=evil).get_data(as_text=True)
    assert f"https://table.example{table}" in shown and f"https://table.example/v/{token.viewer_token}" in shown
    assert "evil.example" not in shown


def test_without_public_url_links_follow_the_address_the_request_came_to(client):
    table = start(client, "Ann", "Ben")
    shown = client.get(table, headers={"Host": "192.168.1.20:5000"}).get_data(as_text=True)
    assert f"http://192.168.1.20:5000{table}" in shown


def test_trusted_hosts_refuse_any_other_host(tmp_path):
    client = make_app(tmp_path, TRUSTED_HOSTS=["table.example"]).test_client()
    assert client.get("/", headers={"Host": "table.example"}).status_code == 200
    for host in ("evil.example", "table.example.evil.example", "127.0.0.1:5000"):
        assert client.get("/", headers={"Host": host}).status_code == 400
        assert client.get("/livez", headers={"Host": host}).status_code == 400


def cookie_through(port: int, source: str, proto: str) -> str:
    """The session cookie of a table started from `source`, whose request says it came over `proto`."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15, source_address=(source, 0))
    try:
        body = "players=Ann&players=Ben"
        headers = {"Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Proto": proto}
        conn.request("POST", "/new/oz", body=body, headers=headers)
        answer = conn.getresponse()
        answer.read()
        assert answer.status == 303
        [cookie] = [value for name, value in answer.getheaders() if name == "Set-Cookie" and "session=" in value]
        return cookie
    finally:
        conn.close()


def test_through_the_trusted_proxy_https_makes_the_cookie_secure_and_from_anyone_else_it_does_not(tmp_path):
    with bounded(tmp_path, **behind("127.0.0.3")) as port:
        assert is_secure(cookie_through(port, "127.0.0.3", "https"))
        assert not is_secure(cookie_through(port, "127.0.0.3", "http"))
        assert not is_secure(cookie_through(port, "127.0.0.2", "https"))  # not the proxy: its header is dropped


def test_serve_takes_its_bounds_from_the_environment(monkeypatch):
    taken = {}
    monkeypatch.setattr(cli, "serve", lambda *args: taken.update(args=args))
    monkeypatch.setenv("MAX_CONNECTIONS_PER_ADDRESS", "7")
    monkeypatch.setenv("HEADER_SECONDS", "2.5")
    cli.main(["serve"])
    assert taken["args"][-1] == Bounds(7, 2.5)
    cli.main(["serve", "--max-connections-per-address", "3", "--header-seconds", "4"])
    assert taken["args"][-1] == Bounds(3, 4)
