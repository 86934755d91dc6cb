"""`make run`'s commands: `init-db` makes the database, then the production server starts, prints where phones can
reach it and serves the home page; on a database not at the newest schema it does not start."""

import socket
import subprocess
import sys
import time

import requests

from companion.migrate import head


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
