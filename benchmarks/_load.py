"""A small closed-loop load generator: several processes, each with one keep-alive connection, for a fixed time."""

from __future__ import annotations

import http.client
import multiprocessing
import time


def _worker(port: int, method: str, path: str, body: bytes | None, seconds: float, out: multiprocessing.Queue) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json"} if body else {}
    done = errors = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        response.read()
        if response.status >= 400:
            errors += 1
        done += 1
    conn.close()
    out.put((done, errors))


def throughput(
    port: int, method: str, path: str, body: bytes | None = None, seconds: float = 3.0, clients: int = 4
) -> tuple[float, int]:
    """Requests per second over `seconds` with `clients` concurrent connections, and the error count."""
    queue: multiprocessing.Queue = multiprocessing.Queue()
    workers = [
        multiprocessing.Process(target=_worker, args=(port, method, path, body, seconds, queue)) for _ in range(clients)
    ]
    for worker in workers:
        worker.start()
    results = [queue.get() for _ in workers]
    for worker in workers:
        worker.join()
    return sum(r[0] for r in results) / seconds, sum(r[1] for r in results)


Request = tuple[str, str, bytes | None]  # method, path, body


def _alternate(port: int, requests: dict[str, Request], start: float, slot: float, turns: int, out) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    counts = {name: [[0, 0] for _ in range(turns)] for name in requests}
    for turn in range(turns):
        for n, (name, (method, path, body)) in enumerate(requests.items()):
            begin = start + (turn * len(requests) + n) * slot
            time.sleep(max(0.0, begin - time.perf_counter()))
            headers = {"Content-Type": "application/json"} if body else {}
            while time.perf_counter() < begin + slot:
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                response.read()
                counts[name][turn][0] += 1
                counts[name][turn][1] += response.status >= 400
    conn.close()
    out.put(counts)


def alternating(
    port: int, requests: dict[str, Request], slot: float = 0.5, turns: int = 6, clients: int = 4
) -> dict[str, list[tuple[float, int]]]:
    """Each request's (requests/s, errors) in every turn: all `clients` send one request for `slot` seconds, then
    all the next one, turn after turn, so whatever else the machine does falls on every request alike."""
    queue: multiprocessing.Queue = multiprocessing.Queue()
    start = time.perf_counter() + 1.0  # the monotonic clock is the machine's: every worker starts together
    args = (port, requests, start, slot, turns, queue)
    workers = [multiprocessing.Process(target=_alternate, args=args) for _ in range(clients)]
    for worker in workers:
        worker.start()
    results = [queue.get() for _ in workers]
    for worker in workers:
        worker.join()
    return {
        name: [
            (sum(r[name][turn][0] for r in results) / slot, sum(r[name][turn][1] for r in results))
            for turn in range(turns)
        ]
        for name in requests
    }
