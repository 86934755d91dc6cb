"""`make run`'s command: the production server starts, prints where phones can reach it, serves the home page."""

import socket
import subprocess
import sys
import time

import requests


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_serve_prints_the_address_and_lists_the_six_games(tmp_path):
    port = free_port()
    env = {"PATH": "/usr/bin:/bin", "COMPANION_INSTANCE": str(tmp_path), "HOST": "0.0.0.0", "PORT": str(port)}
    server = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve"],
        env=env,
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
