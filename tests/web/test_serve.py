"""`make run`'s commands: `init-db` makes the database, then the production server starts, prints where phones can
reach it and serves the home page; on a database not at the newest schema it does not start."""

import contextlib
import http.client
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import requests

from companion.storage.migrate import head


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def environment(tmp_path, port: int) -> dict[str, str]:
    return {"PATH": "/usr/bin:/bin", "COMPANION_INSTANCE": str(tmp_path), "HOST": "0.0.0.0", "PORT": str(port)}


def companion(tmp_path, command: str, port: int = 0) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", command],
        env=environment(tmp_path, port),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_serve_prints_the_address_and_lists_the_six_games(tmp_path):
    made = companion(tmp_path, "init-db")
    assert made.returncode == 0, made.stderr
    assert f"the database is at {head()}" in made.stdout
    assert str(tmp_path / "companion.db") in made.stdout
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve"],
        env=environment(tmp_path, port),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        first_line = server.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in first_line
        for _ in range(100):
            try:
                page = requests.get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except requests.ConnectionError:
                time.sleep(0.1)
        assert page.status_code == 200
        for name in ("L&#39;oaf", "Oz", "Orléans", "Next Station Paris", "Koala", "LFG"):
            assert name in page.text
        assert (tmp_path / "companion.db").exists()
    finally:
        server.terminate()
        server.wait(timeout=10)
        server.stdout.close()


def test_serve_on_a_database_never_initialised_stops_and_says_to_run_init_db(tmp_path):
    refused = companion(tmp_path, "serve", free_port())
    assert refused.returncode == 1
    assert "has no schema revision" in refused.stderr
    assert "run `companion init-db`" in refused.stderr
    assert "running" not in refused.stdout


@contextlib.contextmanager
def serving(tmp_path, **env: str) -> Iterator[int]:
    """`companion serve` on a fresh database (with `env` added to its environment): its port."""
    assert companion(tmp_path, "init-db").returncode == 0
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve"],
        env=environment(tmp_path, port) | {"HOST": "127.0.0.1"} | env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        up_by = time.monotonic() + 60  # a busy machine may take many seconds to start it
        while True:
            try:
                requests.get(f"http://127.0.0.1:{port}/livez", timeout=2)
                break
            except requests.ConnectionError:
                assert server.poll() is None and time.monotonic() < up_by, "the server did not start"
                time.sleep(0.1)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_an_idle_poll_keeps_its_connection_open(tmp_path):
    with serving(tmp_path) as port:
        made = requests.post(
            f"http://127.0.0.1:{port}/api/v1/tables", json={"game": "oz", "players": ["Ann", "Ben"]}, timeout=10
        )
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            for _ in range(3):
                conn.request("GET", f"{made.json()['edit']}/live?v=0")
                answer = conn.getresponse()
                assert answer.read() == b""
                assert answer.status == 304
                assert answer.getheader("Connection") is None
                assert conn.sock is not None  # still open: the next poll goes out on it
            first = conn.sock.getsockname()
            conn.request("GET", "/livez")
            conn.getresponse().read()
            assert conn.sock.getsockname() == first
        finally:
            conn.close()


def test_behind_a_trusted_proxy_each_client_counts_by_its_forwarded_address(tmp_path):
    with serving(tmp_path, TRUSTED_PROXY="127.0.0.1") as port:

        def join(client: str) -> int:
            headers = {"X-Forwarded-For": client}
            answer = requests.get(f"http://127.0.0.1:{port}/join?code=ZZZZZZ", headers=headers, timeout=10)
            return answer.status_code

        statuses = [join("203.0.113.5") for _ in range(11)]
        assert statuses[-1] == 429 and 429 not in statuses[:-1]  # ten wrong codes a minute from one client
        assert join("203.0.113.6") != 429  # another client behind the same proxy is not limited by it
