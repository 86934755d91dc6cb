"""Down is not a 500: with the database unreachable, /healthz answers 503, pages say so plainly and the API answers
503 in its errors format; once the database is back, the same client's next request succeeds."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from pathlib import Path

import pytest
import requests

from tests.conftest import LiveServer, make_app

LINE = {"player": "Ann", "round": 1, "line": {"color": "blue", "districts": 3, "max_stations_in_district": 2}}
# Nothing listens on port 1: every connection is refused at once (the timeout only bounds a slow refusal).
NOWHERE = "postgresql+psycopg://companion:companion@127.0.0.1:1/companion_test?connect_timeout=2"


@pytest.fixture
def down_client(tmp_path: Path):
    return make_app(tmp_path, DATABASE_URL=NOWHERE).test_client()


def test_healthz_answers_503_when_the_database_is_unreachable(down_client):
    response = down_client.get("/healthz")
    assert response.status_code == 503
    assert response.mimetype == "text/plain"
    assert "database" in response.get_data(as_text=True)
    assert response.headers["Retry-After"]


def test_healthz_answers_ok_when_the_database_answers(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_data(as_text=True) == "ok"


def test_a_table_page_says_the_database_is_unreachable(down_client):
    response = down_client.get("/t/some-table-token")
    assert response.status_code == 503
    assert response.mimetype == "text/html"
    body = response.get_data(as_text=True)
    assert "cannot reach its database" in body
    assert "Nothing you have entered is lost" in body
    assert "Internal Server Error" not in body
    assert response.headers["Retry-After"]


def test_a_poll_says_the_database_is_unreachable(down_client):
    response = down_client.get("/t/some-table-token/live?v=0", headers={"HX-Request": "true"})
    assert response.status_code == 503
    assert response.headers["Retry-After"]


def test_an_api_call_answers_503_json(down_client):
    response = down_client.get("/api/v1/tables/some-table-token")
    assert response.status_code == 503
    assert response.headers["Retry-After"]
    errors = response.get_json()["errors"]
    assert len(errors) == 1 and "cannot reach its database" in errors[0]["msg"]


def test_a_sqlite_database_that_cannot_be_opened_is_a_503(tmp_path: Path):
    folder = tmp_path / "gone"
    folder.mkdir()
    client = make_app(tmp_path, DATABASE_URL=f"sqlite:///{folder / 'missing' / 'companion.db'}").test_client()
    response = client.get("/t/some-table-token")
    assert response.status_code == 503
    assert "cannot reach its database" in response.get_data(as_text=True)
    assert client.get("/healthz").status_code == 503


class Relay:
    """A TCP relay in front of PostgreSQL that can go down and come back on the same port: the database vanishes
    for this test's app alone, not for tests running beside it."""

    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self.port = 0
        self.sockets: list[socket.socket] = []
        self.listener: socket.socket | None = None

    def start(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen()
        self.port = listener.getsockname()[1]
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def stop(self) -> None:
        """Refuse new connections and cut every open one, as a stopped server does."""
        for sock in [self.listener, *self.sockets]:
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
        self.listener, self.sockets = None, []

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                near, _ = listener.accept()
            except OSError:
                return
            far = socket.create_connection(self.upstream)
            self.sockets += [near, far]
            for source, target in ((near, far), (far, near)):
                threading.Thread(target=self._pump, args=(source, target), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, target: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                target.sendall(data)
        with contextlib.suppress(OSError):
            target.shutdown(socket.SHUT_WR)


def _check_down_and_back(server: LiveServer, stop, start) -> None:
    """With the database gone, /healthz and pages answer 503 (not 500); once it is back, the same phone's next
    poll and entry succeed."""
    phone = requests.Session()
    made = phone.post(
        f"{server.url}/api/v1/tables", json={"game": "next-station-paris", "players": ["Ann", "Ben"]}, timeout=10
    )
    assert made.status_code == 201, made.text
    table = server.url + made.json()["edit"]
    entries = f"{server.url}/api/v1/tables/{made.json()['edit'].rsplit('/', 1)[1]}/entries"
    poll = f"{table}/live?v=0"
    assert phone.get(table, timeout=10).status_code == 200
    try:
        stop()
        assert phone.get(f"{server.url}/healthz", timeout=10).status_code == 503
        page = phone.get(table, timeout=10)
        assert page.status_code == 503
        assert "cannot reach its database" in page.text
        assert phone.get(poll, headers={"HX-Request": "true"}, timeout=10).status_code == 503
    finally:
        start()
    assert _wait_for(f"{server.url}/healthz", 200, phone).status_code == 200
    assert phone.get(poll, headers={"HX-Request": "true"}, timeout=10).status_code == 304  # nothing new yet
    body = {"kind": "line", "payload": LINE, "entry_id": "e1", "base_version": 0}
    assert phone.post(entries, json=body, timeout=10).status_code == 201
    assert phone.get(poll, headers={"HX-Request": "true"}, timeout=10).status_code == 200
    assert phone.get(table, timeout=10).status_code == 200


def _wait_for(url: str, status: int, session: requests.Session, seconds: float = 30) -> requests.Response:
    deadline = time.monotonic() + seconds
    while True:
        response = session.get(url, timeout=10)
        if response.status_code == status or time.monotonic() > deadline:
            return response
        time.sleep(0.2)


def test_postgresql_going_away_and_coming_back_under_a_real_server(tmp_path: Path, pg_url: str):
    relay = Relay(("127.0.0.1", 5432))
    relay.start()
    app = make_app(tmp_path, DATABASE_URL=pg_url.replace("127.0.0.1:5432", f"127.0.0.1:{relay.port}"))
    try:
        with LiveServer(app) as server:
            _check_down_and_back(server, relay.stop, relay.start)
    finally:
        relay.stop()
        app.extensions["store"].dispose()
