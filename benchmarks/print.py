"""Printables: each score pad's render time as a ratio to WeasyPrint rendering a plain one-page 6 × 12 table,
a cached pad as a ratio to a fresh one, and the server's memory over 100 different pads in a row.

    python benchmarks/print.py [--rounds 15] [--pads 100]

Targets: each pad ≤ 1.5 × the plain table (median, renders interleaved so both see the same machine load);
a cached response ≤ 0.05 × a fresh render (both over HTTP to the real server); memory growth under 20 MB.
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import tempfile
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
            start = time.perf_counter()
            job()
            times[name].append(time.perf_counter() - start)
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


def pad_path(slug: str, n: int) -> str:
    """A pad no one asked for before: the names carry the number."""
    names = [f"Player {n}-{i}" for i in range(min(GAMES[slug].max_players, 4))]
    return f"/print/{slug}/score-pad.pdf?{urlencode({'players': names}, doseq=True)}"


def server_numbers(rounds: int, pads: int) -> tuple[float, float, float]:
    """Cached over fresh (median seconds per response), and the server's memory before and after `pads` pads."""
    slugs = list(GAMES)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp))
        try:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            for n, slug in enumerate(slugs * 2):  # warm up every pad template, then the cached one
                get(conn, pad_path(slug, -1 - n))
            fresh, cached = [], []
            for n in range(rounds):
                fresh.append(get(conn, pad_path("orleans", 10_000 + n)))
                cached.append(get(conn, pad_path("orleans", -1)))
            process = psutil.Process(server.process.pid)
            before = process.memory_info().rss
            for n in range(pads):
                get(conn, pad_path(slugs[n % len(slugs)], n))
            after = process.memory_info().rss
            conn.close()
        finally:
            server.stop()
    return statistics.median(cached) / statistics.median(fresh), before / 2**20, after / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--pads", type=int, default=100)
    args = parser.parse_args()

    ratios = render_ratios(args.rounds)
    cached, before, after = server_numbers(args.rounds, args.pads)

    print(f"plain 6 × 12 table: {ratios.pop('plain') * 1000:.0f} ms (baseline)")
    for slug, ratio in ratios.items():
        print(f"{GAMES[slug].name} pad ratio: {ratio:.2f} (target <= 1.50)")
    print(f"cached pad ratio: {cached:.3f} (target <= 0.05)")
    print(f"memory growth over {args.pads} different pads: {after - before:.1f} MB (target < 20 MB; {after:.0f} MB)")


if __name__ == "__main__":
    main()
