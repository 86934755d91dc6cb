"""API and polling speed, as ratios to a hello-world endpoint on the same server in the same run, and the
server's memory with 1,000 stored tables.

    python benchmarks/api.py [--seconds 3] [--tables 1000]

Targets: NSP scoring ≥ 0.7 of hello-world; an idle poll (304) ≥ 0.8; resident memory under 200 MB.
"""

from __future__ import annotations

import argparse
import http.client
import json
import sys
import tempfile
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._load import throughput  # noqa: E402
from benchmarks._server import Server  # noqa: E402
from companion.migrate import upgrade  # noqa: E402
from companion.store import Store  # noqa: E402

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--tables", type=int, default=1000)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        instance = Path(tmp)
        tables = fill(instance, args.tables)
        server = Server(instance)
        try:
            token, version = tables[0]
            hello, _ = throughput(server.port, "GET", "/healthz", seconds=args.seconds)
            score, score_errors = throughput(
                server.port, "POST", "/api/v1/next-station-paris/score", SCORE_BODY, seconds=args.seconds
            )
            poll, poll_errors = throughput(server.port, "GET", f"/t/{token}/live?v={version}", seconds=args.seconds)
            touch_every_table(server.port, tables)
            rss = psutil.Process(server.process.pid).memory_info().rss / 2**20
        finally:
            server.stop()

    print(f"hello-world: {hello:.0f} requests/s (baseline)")
    print(f"nsp score ratio: {score / hello:.2f} (target >= 0.70; {score:.0f}/s, {score_errors} errors)")
    print(f"idle poll ratio: {poll / hello:.2f} (target >= 0.80; {poll:.0f}/s, {poll_errors} errors)")
    print(f"resident memory with {args.tables} stored tables: {rss:.0f} MB (target < 200 MB)")


if __name__ == "__main__":
    main()
