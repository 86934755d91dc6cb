"""One address cannot hold the server: `companion serve` keeps at most MAX_CONNECTIONS_PER_ADDRESS connections of
one client address open (600 slow sockets of one address once took every connection, and every other phone's
requests timed out), and closes a connection whose request's headers are not all in within HEADER_SECONDS, however
slowly they trickle; a connection idle between requests stays open, and a trusted proxy's own address is not counted.

On Linux the whole of 127.0.0.0/8 is this machine: each test's clients bind an address of their own."""

from __future__ import annotations

import contextlib
import http.client
import resource
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from companion.cli import behind
from companion.connections import Bounds
from companion.serving import make_server
from tests.conftest import LiveServer, make_app, missing

from .test_serve import serving

SLOW, OTHER = "127.0.0.3", "127.0.0.2"


@pytest.fixture(autouse=True)
def enough_descriptors() -> None:
    """600 sockets in this process: more than a soft limit of 1024 leaves once pytest's own are counted."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 4096 if hard == resource.RLIM_INFINITY else min(4096, hard)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    if max(soft, wanted) < 1024:
        missing("600 sockets in one process")


class BoundedServer(LiveServer):
    """The live server of tests/conftest.py, as `companion serve` makes it (companion.serving), held to `bounds`."""

    def __init__(self, app, bounds: Bounds, **options) -> None:
        self.server = make_server(app, bounds, host="127.0.0.1", port=0, threads=4, **options)
        self.port = int(self.server.effective_port)
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.run, daemon=True)


@contextlib.contextmanager
def bounded(tmp_path, per_address: int = 50, header_seconds: float = 10, **options) -> Iterator[int]:
    """A server in this process held to those bounds: its port."""
    with BoundedServer(make_app(tmp_path), Bounds(per_address, header_seconds), **options) as server:
        yield server.port


def opened(port: int, source: str) -> socket.socket:
    sock = socket.socket()
    try:
        sock.bind((source, 0))
        sock.settimeout(10)
        sock.connect(("127.0.0.1", port))
    except OSError:
        sock.close()
        raise
    return sock


def is_open(sock: socket.socket) -> bool:
    """Whether the server still holds `sock` open (nothing to read, and no end of the stream)."""
    sock.setblocking(False)
    try:
        return sock.recv(1) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        sock.settimeout(10)


def count_open(socks: list[socket.socket]) -> int:
    return sum(is_open(sock) for sock in socks)


def settled(socks: list[socket.socket], expected: int, within: float = 10) -> int:
    """How many of `socks` are open once that number is `expected`, or after `within` seconds."""
    deadline = time.monotonic() + within
    while (found := count_open(socks)) != expected and time.monotonic() < deadline:
        time.sleep(0.1)
    return found


def get(port: int, path: str = "/livez", source: str = OTHER) -> tuple[int, float]:
    """A request on a new connection from `source`: its status and how long it took to be answered."""
    began = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15, source_address=(source, 0))
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        answer.read()
        return answer.status, time.monotonic() - began
    finally:
        conn.close()


@contextlib.contextmanager
def trickling(socks: list[socket.socket], every: float) -> Iterator[None]:
    """Each of `socks` sends one more header line every `every` seconds, never the blank line that ends them."""
    stop = threading.Event()

    def trickle() -> None:
        while not stop.wait(every):
            for sock in socks:
                with contextlib.suppress(OSError):  # closed by the server
                    sock.send(b"X-Slow: 1\r\n")

    for sock in socks:
        with contextlib.suppress(OSError):
            sock.send(b"GET / HTTP/1.1\r\nHost: x\r\n")
    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=10)


def test_six_hundred_slow_sockets_of_one_address_leave_another_client_answered(tmp_path):
    # The share alone protects the other client here: the header timeout, long, closes none while the test runs.
    with serving(tmp_path, HEADER_SECONDS="120") as port:
        slow: list[socket.socket] = []
        try:
            for _ in range(600):
                slow.append(opened(port, SLOW))
            with trickling(slow, every=2):
                assert settled(slow, 50) == 50  # the address's share; the rest were closed as they came
                for path in ("/livez", "/", "/livez", "/join", "/livez"):
                    status, took = get(port, path)
                    assert status == 200 and took < 5, (path, status, took)
                    time.sleep(0.5)
                assert count_open(slow) == 50  # still trickling, still held: the other client took nothing of them
        finally:
            for sock in slow:
                sock.close()


def test_a_connection_that_never_finishes_its_headers_is_closed_after_the_header_timeout(tmp_path):
    with bounded(tmp_path, header_seconds=1) as port:
        silent, trickler = opened(port, OTHER), opened(port, OTHER)
        began = time.monotonic()
        try:
            with trickling([trickler], every=0.2):  # a line every 0.2 s earns it no more time
                assert settled([silent, trickler], 0) == 0
            assert 0.5 < time.monotonic() - began < 8
            assert get(port)[0] == 200  # the address may open new connections
        finally:
            silent.close()
            trickler.close()


def test_a_connection_idle_between_requests_stays_open_past_the_header_timeout_and_its_next_headers_have_their_time(
    tmp_path,
):
    with bounded(tmp_path, header_seconds=1) as port:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(OTHER, 0))
        try:
            conn.request("GET", "/livez")
            conn.getresponse().read()
            first = conn.sock.getsockname()
            time.sleep(2.5)
            conn.request("GET", "/livez")
            answer = conn.getresponse()
            assert answer.status == 200 and answer.read() == b"alive"
            assert conn.sock.getsockname() == first  # the same connection, kept
            with trickling([conn.sock], every=0.2):  # its next request's headers have their time, and no more
                assert settled([conn.sock], 0) == 0
        finally:
            conn.close()


def test_a_trusted_proxy_address_is_not_counted_and_others_still_are(tmp_path):
    with bounded(tmp_path, per_address=3, **behind(SLOW)) as port:
        proxy = [opened(port, SLOW) for _ in range(10)]
        direct = [opened(port, OTHER) for _ in range(10)]
        try:
            assert settled(direct, 3) == 3
            assert count_open(proxy) == 10
            proxy[-1].sendall(b"GET /livez HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 203.0.113.5\r\n\r\n")
            assert proxy[-1].recv(100).startswith(b"HTTP/1.1 200")
        finally:
            for sock in proxy + direct:
                sock.close()


def test_an_address_counts_its_connections_until_each_is_released(caplog):
    bounds = Bounds(per_address=2, uncounted=frozenset({"10.0.0.1"}))
    assert [bounds.admit("10.0.0.9") for _ in range(5)] == [True, True, False, False, False]
    assert [record.getMessage() for record in caplog.records] == [
        "10.0.0.9 holds 2 connections, its share: closing its next ones"
    ]
    assert bounds.admit("10.0.0.8")  # another address has its own share
    bounds.release("10.0.0.9")
    assert bounds.admit("10.0.0.9") and not bounds.admit("10.0.0.9")
    assert all(bounds.admit("10.0.0.1") for _ in range(10)) and "10.0.0.1" not in bounds.held
    bounds.release("10.0.0.8")
    assert "10.0.0.8" not in bounds.held
