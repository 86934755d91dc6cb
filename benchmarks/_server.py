"""Start the real server (`companion init-db`, then `companion serve`, as `make run` does) on a free loopback port
for a benchmark."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from companion.migrate import upgrade


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    def __init__(self, instance: Path, threads: int = 8) -> None:
        self.port = free_port()
        env = {
            **os.environ,
            "COMPANION_INSTANCE": str(instance),
            "HOST": "127.0.0.1",
            "PORT": str(self.port),
            "THREADS": str(threads),
        }
        env.pop("DATABASE_URL", None)
        # What `companion init-db` does, in this process: a second interpreter would only add start-up time.
        instance.mkdir(parents=True, exist_ok=True)
        upgrade(f"sqlite:///{instance / 'companion.db'}")
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
