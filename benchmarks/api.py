"""API and polling speed, as ratios to a hello-world endpoint on the same server in the same run, and the
server's memory with 1,000 stored tables.

    python benchmarks/api.py [--seconds 0.5] [--turns 10] [--tables 1000]

Hello-world is GET /livez, which touches nothing. The three take turns, each for --seconds at a time, so whatever
else the machine does falls on all three alike; a ratio is the median of its turns. Targets: NSP scoring ≥ 0.7 of
hello-world; an idle poll (304) ≥ 0.8; resident memory under 200 MB.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._load import Request, alternating  # noqa: E402
from benchmarks._server import Server  # noqa: E402
from companion.storage.migrate import upgrade
from companion.storage.store import Store

# The API contract's own example request.
SCORE_BODY = json.dumps(
    {
        "players": [
            {
                "name": "Ana",
                "lines": [{"color": "blue", "districts": 5, "max_stations_in_district": 3, "monuments": 2}],
                "interchanges": {"2": 1, "3": 0, "4": 0},
                "crossings": {"1": 2, "2": 1},
                "objectives": 1,
            }
        ]
    }
).encode()


def fill(instance: Path, tables: int) -> list[tuple[str, int]]:
    """Store `tables` tables with four lines each; returns (token, version) of each."""
    url = f"sqlite:///{instance / 'companion.db'}"
    upgrade(url)
    store = Store(url)
    made = []
    for n in range(tables):
        row = store.create_table("next-station-paris", {"players": ["Ana", "Ben"]})
        for version, (player, round_no) in enumerate([("Ana", 1), ("Ben", 1), ("Ana", 2), ("Ben", 2)]):
            color = "blue" if round_no == 1 else "green"
            payload = {
                "player": player,
                "round": round_no,
                "color": color,
                "districts": 4,
                "max_stations_in_district": 2,
                "monuments": n % 3,
            }
            store.append(row.id, version, f"{n}-{version}", "line", payload, player)
        made.append((row.token, 4))
    store.dispose()
    return made


def touch_every_table(port: int, tables: list[tuple[str, int]]) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for token, _ in tables:
        conn.request("GET", f"/t/{token}")
        conn.getresponse().read()
    conn.close()


def measure(port: int, token: str, version: int, slot: float, turns: int) -> dict[str, list[tuple[float, int]]]:
    """(requests/s, errors) of hello-world, scoring and an idle poll in each turn, taking turns slot by slot."""
    requests: dict[str, Request] = {
        "hello": ("GET", "/livez", None),
        "score": ("POST", "/api/v1/next-station-paris/score", SCORE_BODY),
        "poll": ("GET", f"/t/{token}/live?v={version}", None),
    }
    return alternating(port, requests, slot, turns)


def ratio(found: dict[str, list[tuple[float, int]]], name: str) -> tuple[float, float, int]:
    """The median over the turns of `name`'s speed as a ratio to hello-world's in the same turn; its median speed;
    its errors."""
    ratios = [done / hello for (done, _), (hello, _) in zip(found[name], found["hello"], strict=True)]
    return statistics.median(ratios), statistics.median(d for d, _ in found[name]), sum(e for _, e in found[name])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="each request's slot in a turn")
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--tables", type=int, default=1000)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        instance = Path(tmp)
        tables = fill(instance, args.tables)
        server = Server(instance)
        try:
            token, version = tables[0]
            found = measure(server.port, token, version, args.seconds, args.turns)
            touch_every_table(server.port, tables)
            rss = psutil.Process(server.process.pid).memory_info().rss / 2**20
        finally:
            server.stop()

    hello = statistics.median(done for done, _ in found["hello"])
    print(f"hello-world (GET /livez): {hello:.0f} requests/s (baseline; ratios are medians of {args.turns} turns)")
    score_ratio, score, score_errors = ratio(found, "score")
    print(f"nsp score ratio: {score_ratio:.2f} (target >= 0.70; {score:.0f}/s, {score_errors} errors)")
    print(f"resident memory with {args.tables} stored tables: {rss:.0f} MB (target < 200 MB)")
    poll_ratio, poll, poll_errors = ratio(found, "poll")
    print(f"idle poll ratio: {poll_ratio:.2f} (target >= 0.80; {poll:.0f}/s, {poll_errors} errors)")


if __name__ == "__main__":
    main()
