"""Start the real server (`companion init-db`, then `companion serve`, as `make run` does) on a free loopback port
for a benchmark: on a SQLite file in its instance folder, or on the database at `url`."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, make_url

from companion.storage.migrate import upgrade


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    def __init__(self, instance: Path, threads: int = 8, url: str | None = None) -> None:
        self.port = free_port()
        env = {
            **os.environ,
            "COMPANION_INSTANCE": str(instance),
            "HOST": "127.0.0.1",
            "PORT": str(self.port),
            "THREADS": str(threads),
        }
        instance.mkdir(parents=True, exist_ok=True)
        url = url or f"sqlite:///{instance / 'companion.db'}"
        env["DATABASE_URL"] = url
        # What `companion init-db` does, in this process: a second interpreter would only add start-up time.
        upgrade(url)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "serve"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self._wait()

    def _wait(self, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}")
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
            try:
                conn.request("GET", "/healthz")
                if conn.getresponse().status == 200:
                    return
            except OSError:
                time.sleep(0.1)
            finally:
                conn.close()
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


# Where a benchmark makes its PostgreSQL database when asked for one: BENCH_POSTGRESQL_URL, else the tests' server.
POSTGRESQL = "postgresql+psycopg://companion:companion@127.0.0.1:5432/postgres"


def postgresql_server() -> str:
    return os.environ.get("BENCH_POSTGRESQL_URL") or os.environ.get("TEST_DATABASE_URL") or POSTGRESQL


def default_database() -> str:
    """postgresql when the environment names a PostgreSQL server (as CI's does), else sqlite."""
    return "postgresql" if os.environ.get("BENCH_POSTGRESQL_URL") or os.environ.get("TEST_DATABASE_URL") else "sqlite"


@contextmanager
def scratch_database(server: str) -> Iterator[str]:
    """A new, empty database on the PostgreSQL server at `server` (its role may create databases), dropped after."""
    name = f"companion_bench_{os.getpid()}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.exec_driver_sql(f"DROP DATABASE IF EXISTS {name}")
            conn.exec_driver_sql(f"CREATE DATABASE {name}")
        yield make_url(server).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        admin.dispose()
