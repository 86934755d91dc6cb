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
