"""Isolation: one group's phones keep their speed while another group imports as fast as the limits allow.

    python benchmarks/isolation.py [--phones 200] [--seconds 10] [--plays 200]

On the real server, 200 phones sit at 50 tables of one group and poll their table's live fragment every 1.5 s (as
the page does), keeping their connections. They are measured twice in the same run: alone, then while a neighbouring
group posts backups of --plays plays each, back to back, through its import API, from a process of its own (the
hourly caps answer 429 once reached, and the flood keeps knocking). Printed last: the polls' p95 under the flood as
a ratio to their p95 alone (target <= 1.5).
"""

from __future__ import annotations

import argparse
import copy
import http.client
import json
import multiprocessing
import statistics
import sys
import tempfile
import threading
import time
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._server import Server  # noqa: E402

POLL_EVERY = 1.5
IMPORTS = 40  # distinct backups, more than the hourly caps let in
SEATS = 4
COLORS = ["blue", "green", "orange", "purple"]


class Client:
    """One keep-alive connection to the server, speaking JSON."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method: str, path: str, body: object = None, headers: dict[str, str] | None = None):
        data = json.dumps(body).encode() if body is not None else None
        self.conn.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
        response = self.conn.getresponse()
        raw = response.read()
        return response.status, (
            json.loads(raw) if raw and response.getheader("Content-Type", "").startswith("application/json") else None
        )


def token(link: str) -> str:
    return link.rstrip("/").rsplit("/", 1)[1]


def start_tables(client: Client, count: int) -> tuple[str, list[tuple[str, int]]]:
    """A group with `count` tables of four: its token, and each table's watch token and version."""
    status, first = client.call("POST", "/api/v1/tables", {"game": "oz", "players": ["Ana", "Ben", "Cy", "Dee"]})
    assert status == 201, first
    group = token(first["group"])
    tables = [(token(first["watch"]), 0)]
    for _ in range(count - 1):
        body = {"game": "oz", "players": ["Ana", "Ben", "Cy", "Dee"], "group": group}
        status, made = client.call("POST", "/api/v1/tables", body)
        assert status == 201, made
        tables.append((token(made["watch"]), 0))
    return group, tables


def finished_backup(client: Client, plays: int) -> tuple[str, dict]:
    """A second group with one finished game, and a backup of `plays` copies of it (each at its own time)."""
    status, made = client.call("POST", "/api/v1/tables", {"game": "next-station-paris", "players": ["Zoé", "Yann"]})
    assert status == 201, made
    group, editor = token(made["group"]), token(made["edit"])
    version = 0
    for round_no, color in enumerate(COLORS, 1):
        for player in ("Zoé", "Yann"):
            line = {"color": color, "districts": 3, "max_stations_in_district": 2, "monuments": 1}
            body = {"kind": "line", "payload": {"player": player, "round": round_no, "line": line}}
            status, _ = client.call(
                "POST",
                f"/api/v1/tables/{editor}/entries",
                body | {"entry_id": f"{player}{round_no}", "base_version": version},
            )
            assert status == 201
            version += 1
    for player in ("Zoé", "Yann"):
        body = {"kind": "bonus", "payload": {"player": player}, "entry_id": f"b{player}", "base_version": version}
        assert client.call("POST", f"/api/v1/tables/{editor}/entries", body)[0] == 201
        version += 1
    status, backup = client.call("GET", f"/api/v1/groups/{group}/export")
    assert status == 200 and backup["plays"], backup
    return group, backup


def copies(backup: dict, plays: int, batch: int) -> dict:
    """The backup's one play `plays` times, each moved to its own hour so each is a play of its own."""
    out = copy.deepcopy(backup)
    one = out["plays"][0]
    out["plays"] = []
    for n in range(plays):
        play = copy.deepcopy(one)
        shift = timedelta(hours=batch * plays + n + 1)
        for entry in play["entries"]:
            entry["at"] = (datetime.fromisoformat(entry["at"]) - shift).isoformat()
        play["created_at"] = (datetime.fromisoformat(play["created_at"]) - shift).isoformat()
        play.pop("id", None)
        out["plays"].append(play)
    return out


def poll(port: int, watch: str, seconds: float, times: list[float], errors: list[int]) -> None:
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    end = time.monotonic() + seconds
    version = 0
    while time.monotonic() < end:
        began = time.perf_counter()
        try:
            client.request("GET", f"/v/{watch}/live?v={version}")
            response = client.getresponse()
            response.read()
            if response.status >= 400:
                errors.append(response.status)
        except OSError:
            errors.append(0)
            client.close()
            client = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        times.append(time.perf_counter() - began)
        time.sleep(max(0.0, POLL_EVERY - (time.perf_counter() - began)))
    client.close()


def phones(port: int, tables: list[tuple[str, int]], count: int, seconds: float) -> tuple[float, int, int]:
    """`count` phones polling for `seconds`: their p95 in seconds, how many polls, how many errors."""
    times: list[float] = []
    errors: list[int] = []
    threads = [
        threading.Thread(target=poll, args=(port, tables[n // SEATS % len(tables)][0], seconds, times, errors))
        for n in range(count)
    ]
    for n, thread in enumerate(threads):
        thread.start()
        if n % 20 == 19:
            time.sleep(POLL_EVERY / (count / 20))  # spread the phones over a poll interval
    for thread in threads:
        thread.join()
    return statistics.quantiles(times, n=20)[18], len(times), len(errors)


def flood(port: int, group: str, bodies: list[bytes], seconds: float, answers: multiprocessing.Queue) -> None:
    """Post the backups back to back for `seconds` (in a process of its own, so the phones' measurements never
    wait on it), then report every status."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    statuses: list[int] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        body = bodies[len(statuses) % len(bodies)]
        conn.request("POST", f"/api/v1/groups/{group}/import", body=body, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        statuses.append(response.status)
    conn.close()
    answers.put(statuses)


MERGES = 4000


def merges_only(n: int) -> bytes:
    """A backup of no plays and 4,000 merged names (each body its own names, so none is already merged)."""
    aliases = {f"player {n}-{k}": f"person {n}-{k}" for k in range(MERGES)}
    return json.dumps({"format": "table-companion-plays", "version": 1, "aliases": aliases, "plays": []}).encode()


def under_flood(port: int, tables: list, phones_count: int, group: str, bodies: list[bytes], seconds: float):
    """The phones' p95, polls and errors while `bodies` are posted to `group`'s import, and the import statuses."""
    queue: multiprocessing.Queue = multiprocessing.Queue()
    importer = multiprocessing.Process(target=flood, args=(port, group, bodies, seconds, queue))
    importer.start()
    measured = phones(port, tables, phones_count, seconds)
    answers = queue.get()
    importer.join()
    return measured, answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--plays", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp))
        try:
            client = Client(server.port)
            _, tables = start_tables(client, max(1, args.phones // SEATS))
            neighbour, backup = finished_backup(client, args.plays)
            bodies = [json.dumps(copies(backup, args.plays, n)).encode() for n in range(IMPORTS)]
            alone, polls, errors = phones(server.port, tables, args.phones, args.seconds)
            (busy, busy_polls, busy_errors), answers = under_flood(
                server.port, tables, args.phones, neighbour, bodies, args.seconds
            )
            merged = [merges_only(n) for n in range(IMPORTS)]
            (merging, _, merge_errors), merge_answers = under_flood(
                server.port, tables, args.phones, neighbour, merged, args.seconds
            )
        finally:
            server.stop()
    accepted = sum(status == 201 for status in answers)
    limited = sum(status == 429 for status in answers)
    print(f"alone: {polls} polls, p95 {alone * 1000:.1f} ms, {errors} errors")
    print(f"flood: {busy_polls} polls, p95 {busy * 1000:.1f} ms, {busy_errors} errors")
    print(f"neighbour's imports: {accepted} accepted ({accepted * args.plays} plays), {limited} refused with 429")
    print(f"poll p95 ratio under a neighbour's import flood: {busy / alone:.2f}")
    statuses = {status: merge_answers.count(status) for status in sorted(set(merge_answers))}
    print(f"a merge-only import of 4,000 names, back to back: statuses {statuses}, {merge_errors} poll errors")
    print(f"poll p95 ratio under a merge-only import of 4,000 names: {merging / alone:.2f} (target <= 1.5)")


if __name__ == "__main__":
    main()
