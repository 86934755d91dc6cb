"""Printables: each score pad's render time as a ratio to WeasyPrint rendering a plain one-page 6 × 12 table,
a cached pad as a ratio to a fresh one, the server's memory over 100 different pads in a row, and how fast phones'
polls stay while 40 clients ask for new pads.

    python benchmarks/print.py [--rounds 15] [--pads 100] [--flooders 40] [--seconds 8]

Targets: each pad ≤ 1.5 × the plain table (median CPU time of this process, renders interleaved so both see the
same machine load; a render runs on this one thread, and its CPU time leaves out the waits a busy machine adds);
a cached response ≤ 0.05 × a fresh render (both over HTTP to the real server); memory growth (the server and its
render workers) under 20 MB. On the same real server, phones poll an idle table (304) and /healthz, first alone,
then while --flooders clients keep asking for pads no one asked for before (each with names of its own, so each
misses the cache; one beyond the render queue is answered 503 and asks again after its Retry-After). Printed
last: every pad's ratio, then the polls' p95 during the flood as a ratio to their p95 alone (target ≤ 1.5).
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from weasyprint import HTML  # noqa: E402

from benchmarks._server import Server  # noqa: E402
from companion.printing import pad_sheet  # noqa: E402
from companion.specs import GAMES, SPECS  # noqa: E402

PHONES = 8
POLL_PAUSE = 0.1
NAMES = ["Ann", "Béa", "Cyril", "Dani", "Zoë", "Ósk"]
PLAIN = "<table>{}</table>".format(
    "".join("<tr>" + "".join(f"<td>r{r}c{c}</td>" for c in range(6)) + "</tr>" for r in range(12))
)


def plain_table() -> bytes:
    return HTML(string=PLAIN).write_pdf()


def render_ratios(rounds: int) -> dict[str, float]:
    """Median seconds of each pad (a full table of names printed in) over the plain table's, interleaved."""
    jobs: dict[str, Callable[[], bytes]] = {"plain": plain_table}
    for slug, spec in SPECS.items():
        jobs[slug] = pad_sheet(spec, NAMES[: spec.game.max_players]).render
    for job in jobs.values():  # warm up: fonts, stylesheets, templates
        job()
    times: dict[str, list[float]] = {name: [] for name in jobs}
    for _ in range(rounds):
        for name, job in jobs.items():
            start = time.process_time()
            job()
            times[name].append(time.process_time() - start)
    plain = statistics.median(times["plain"])
    return {"plain": plain, **{k: statistics.median(v) / plain for k, v in times.items() if k != "plain"}}


def get(conn: http.client.HTTPConnection, path: str) -> float:
    start = time.perf_counter()
    conn.request("GET", path)
    response = conn.getresponse()
    body = response.read()
    elapsed = time.perf_counter() - start
    if response.status != 200 or not body.startswith(b"%PDF"):
        raise RuntimeError(f"{path}: {response.status}")
    return elapsed


GAMES_BY_TURN = list(GAMES)


def pad_path(slug: str, n: int) -> str:
    """A pad no one asked for before: the names carry the number."""
    names = [f"Player {n}-{i}" for i in range(min(GAMES[slug].max_players, 4))]
    return f"/print/{slug}/score-pad.pdf?{urlencode({'players': names}, doseq=True)}"


def server_numbers(server: Server, rounds: int, pads: int) -> tuple[float, float, float]:
    """Cached over fresh (median seconds per response), and the memory of the server and its render workers before
    and after `pads` pads."""
    slugs = list(GAMES)
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    for n, slug in enumerate(slugs * 2):  # warm up every pad template, then the cached one
        get(conn, pad_path(slug, -1 - n))
    fresh, cached = [], []
    for n in range(rounds):
        fresh.append(get(conn, pad_path("orleans", 10_000 + n)))
        cached.append(get(conn, pad_path("orleans", -1)))
    before = memory(server)
    for n in range(pads):
        get(conn, pad_path(slugs[n % len(slugs)], n))
    after = memory(server)
    conn.close()
    return statistics.median(cached) / statistics.median(fresh), before / 2**20, after / 2**20


def memory(server: Server) -> int:
    process = psutil.Process(server.process.pid)
    return sum(p.memory_info().rss for p in [process, *process.children(recursive=True)])


def watched_table(port: int) -> str:
    """A new table's watch token (its live fragment answers 304 to a phone that has version 0)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = json.dumps({"game": "oz", "players": ["Ana", "Ben", "Cy", "Dee"]})
    conn.request("POST", "/api/v1/tables", body=body, headers={"Content-Type": "application/json"})
    response = conn.getresponse()
    made = json.loads(response.read())
    conn.close()
    if response.status != 201:
        raise RuntimeError(f"starting a table: {response.status} {made}")
    return made["watch"].rstrip("/").rsplit("/", 1)[1]


def poll(port: int, paths: list[str], seconds: float, times: list[float], errors: list[int]) -> None:
    """One phone: each of `paths` in turn, a tenth of a second apart, for `seconds`."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    end = time.monotonic() + seconds
    n = 0
    while time.monotonic() < end:
        began = time.perf_counter()
        conn.request("GET", paths[n % len(paths)])
        response = conn.getresponse()
        response.read()
        times.append(time.perf_counter() - began)
        if response.status not in (200, 304):
            errors.append(response.status)
        n += 1
        time.sleep(POLL_PAUSE)
    conn.close()


def phones(port: int, watch: str, seconds: float) -> tuple[float, int, int]:
    """PHONES phones polling the idle table and /healthz for `seconds`: p95 in seconds, polls, errors."""
    times: list[float] = []
    errors: list[int] = []
    paths = [f"/v/{watch}/live?v=0", "/healthz"]
    threads = [threading.Thread(target=poll, args=(port, paths, seconds, times, errors)) for _ in range(PHONES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statistics.quantiles(times, n=20)[18], len(times), len(errors)


def flood(port: int, clients: int, seconds: float, answers: multiprocessing.Queue) -> None:
    """`clients` clients asking one after another for pads no one asked for before, for `seconds` (in a process of
    its own, so the phones' measurements never wait on it); then every status. A client told 503 asks again after
    the Retry-After it was given, as the page asks a person to."""
    statuses: list[int] = []

    def ask(client: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        end = time.monotonic() + seconds
        n = 0
        while time.monotonic() < end:
            conn.request("GET", pad_path(GAMES_BY_TURN[n % len(GAMES_BY_TURN)], 100_000 * (client + 1) + n))
            response = conn.getresponse()
            response.read()
            statuses.append(response.status)
            n += 1
            if response.status == 503:
                time.sleep(float(response.getheader("Retry-After", "1")))
        conn.close()

    threads = [threading.Thread(target=ask, args=(client,)) for client in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    answers.put(statuses)


def flood_numbers(server: Server, clients: int, seconds: float) -> tuple[float, str]:
    """The polls' p95 during the flood over their p95 alone, and what was measured, in words."""
    watch = watched_table(server.port)
    alone, polls, errors = phones(server.port, watch, seconds)
    answers: multiprocessing.Queue = multiprocessing.Queue()
    flooder = multiprocessing.Process(target=flood, args=(server.port, clients, seconds + 1, answers))
    flooder.start()
    time.sleep(0.5)  # every flood client has asked before the phones measure
    busy, busy_polls, busy_errors = phones(server.port, watch, seconds)
    statuses = answers.get()
    flooder.join()
    words = (
        f"alone: {polls} polls, p95 {alone * 1000:.1f} ms, {errors} errors\n"
        f"pad flood: {busy_polls} polls, p95 {busy * 1000:.1f} ms, {busy_errors} errors; {clients} clients asked "
        f"for {len(statuses)} new pads: {statuses.count(200)} rendered, {statuses.count(503)} answered 503"
    )
    return busy / alone, words


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--pads", type=int, default=100)
    parser.add_argument("--flooders", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=8.0, help="per poll measurement")
    args = parser.parse_args()

    ratios = render_ratios(args.rounds)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp))
        try:
            cached, before, after = server_numbers(server, args.rounds, args.pads)
            flooded, flood_words = flood_numbers(server, args.flooders, args.seconds)
        finally:
            server.stop()

    print(f"plain 6 × 12 table: {ratios.pop('plain') * 1000:.0f} ms (baseline)")
    print(f"cached pad ratio: {cached:.3f} (target <= 0.05)")
    print(f"memory growth over {args.pads} different pads: {after - before:.1f} MB (target < 20 MB; {after:.0f} MB)")
    print(flood_words)
    for slug, ratio in ratios.items():
        print(f"{GAMES[slug].name} pad ratio: {ratio:.2f} (target <= 1.50)")
    print(f"poll p95 ratio during a pad flood: {flooded:.2f}")


if __name__ == "__main__":
    main()
