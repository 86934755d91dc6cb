"""Load: simulated phones at tables on the real server (loopback only), then how the number of stored tables
changes the time of a request; with --database postgresql, the phones on SQLite against PostgreSQL.

    python benchmarks/load.py [--database sqlite|postgresql] [--phones 200] [--seconds 60] [--turns 2]
                              [--tables 10000] [--baseline-tables 100] [--postgresql URL]

Each phone sits at a table of four, keeps one connection, polls its table every 1.5 s (as the page does) and
enters something every 20 s, as a phone does: with its CSRF token and the version it last saw. Printed: errors
(target 0), p50/p95/p99 of polls and p50/p99 of entries, the poll throughput as a ratio to hello-world (GET /livez)
on the same server in the same run, and the per-request time with --tables stored tables as a ratio to
--baseline-tables (target <= 1.2), both servers measured in turns.

With --database postgresql (the default when BENCH_POSTGRESQL_URL or TEST_DATABASE_URL names a PostgreSQL server,
on which a scratch database is made and dropped), the same phones run on a SQLite server, on a PostgreSQL server, and
on two server processes sharing that PostgreSQL (a table's phones spread over both), each for --seconds in all,
taking turns; last come the ratios of their polls' p95: postgresql/sqlite (target <= 1.5) and two processes against
one (target <= 1.2).
"""

from __future__ import annotations

import argparse
import http.client
import random
import re
import statistics
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import requests
from sqlalchemy import insert, select

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._load import throughput  # noqa: E402
from benchmarks._server import Server, default_database, postgresql_server, scratch_database  # noqa: E402
from companion.groups import create_group  # noqa: E402
from companion.storage.migrate import upgrade
from companion.storage.store import Store, entries, new_code, now, tables

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
COLORS = ["blue", "green", "orange", "purple"]
SEATS = len(PLAYERS)
VERSION = re.compile(r'data-version="(\d+)"')
POLLED = re.compile(r'live\?v=([^"&]+)"')


@dataclass(frozen=True)
class Stored:
    token: str
    code: str
    version: int


def fill(url: str, count: int) -> list[Stored]:
    """`count` Next Station Paris tables of four, every line in (16 entries each), in one transaction."""
    upgrade(url)
    store = Store(url)
    group = create_group(store, "Load").id
    stamp, codes, made = now(), set(), []
    table_rows = []
    for _ in range(count):
        code = new_code()
        while code in codes:
            code = new_code()
        codes.add(code)
        table_rows.append(
            {
                "token": uuid.uuid4().hex,
                "viewer_token": uuid.uuid4().hex,
                "code": code,
                "game": "next-station-paris",
                "group_id": group,
                "setup": {"players": PLAYERS},
                "version": 16,
                "created_at": stamp,
                "updated_at": stamp,
            }
        )
        made.append(Stored(table_rows[-1]["token"], code, 16))
    with store.engine.connect().execution_options(immediate=True) as conn, conn.begin():
        conn.execute(insert(tables), table_rows)
        ids = {token: table_id for token, table_id in conn.execute(select(tables.c.token, tables.c.id))}
        conn.execute(insert(entries), [row for table in made for row in _lines(ids[table.token], stamp)])
    store.dispose()
    return made


def _lines(table_id: int, stamp: datetime) -> list[dict[str, object]]:
    rows = []
    for seq in range(1, 17):
        round_no, player = (seq - 1) // SEATS + 1, PLAYERS[(seq - 1) % SEATS]
        payload = {"player": player, "round": round_no, "color": COLORS[round_no - 1], "districts": 3}
        payload |= {"max_stations_in_district": 2, "monuments": table_id % 3}
        rows.append(
            {"table_id": table_id, "seq": seq, "entry_id": f"fill-{seq}", "kind": "line", "payload": payload}
            | {"author": player, "at": stamp}
        )
    return rows


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


@dataclass
class Phone:
    base: str
    table: Stored
    seat: int
    poll_every: float
    enter_every: float
    polls: list[float] = field(default_factory=list)
    entries: list[float] = field(default_factory=list)
    conflicts: int = 0
    errors: list[str] = field(default_factory=list)

    def run(self, start: float, end: float) -> None:
        try:
            with requests.Session() as session:
                self._play(session, start, end)
        except Exception as exc:  # counted and printed, never lost in a thread
            self.errors.append(repr(exc))

    def _play(self, session: requests.Session, start: float, end: float) -> None:
        session.headers["HX-Request"] = "true"
        page = session.get(f"{self.base}/new/next-station-paris", timeout=30).text
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        me = {"who": PLAYERS[self.seat], "csrf_token": csrf}  # once, as a phone first opening its table
        session.post(f"{self.base}/t/{self.table.token}/me", data=me, timeout=30).raise_for_status()
        opened = session.get(f"{self.base}/t/{self.table.token}/live", timeout=30).text  # the table as it is now
        version = int(VERSION.search(opened).group(1))
        seen = POLLED.search(opened).group(1)  # what the poll compares: the version, and the seat changes
        rng = random.Random(f"{self.table.token}-{self.seat}")
        next_poll = start + rng.uniform(0, self.poll_every)
        next_entry = start + rng.uniform(0, self.enter_every)
        n = 0
        while True:
            moment = min(next_poll, next_entry)
            if moment >= end:
                return
            time.sleep(max(0.0, moment - time.perf_counter()))
            began = time.perf_counter()
            if next_entry <= next_poll:
                form = {"kind": "bonus", "form": f"bonus-{PLAYERS[self.seat]}", "player": PLAYERS[self.seat]}
                form |= {"objectives": n % 4, "version": version, "entry_id": uuid.uuid4().hex, "csrf_token": csrf}
                answer = session.post(f"{self.base}/t/{self.table.token}/entries", data=form, timeout=30)
                self.entries.append(time.perf_counter() - began)
                if answer.status_code == 409:
                    self.conflicts += 1  # someone at the table entered first: a phone shows that, it is no error
                elif answer.status_code != 200:
                    self.errors.append(f"entry: {answer.status_code}")
                next_entry += self.enter_every
                n += 1
            else:
                answer = session.get(f"{self.base}/t/{self.table.token}/live?v={seen}", timeout=30)
                self.polls.append(time.perf_counter() - began)
                if answer.status_code not in (200, 304):
                    self.errors.append(f"poll: {answer.status_code}")
                next_poll += self.poll_every
            if answer.status_code in (200, 409):
                version = int(VERSION.search(answer.text).group(1))
                seen = found.group(1) if (found := POLLED.search(answer.text)) else seen


@dataclass
class Outcome:
    """What a crowd of phones saw: seconds per poll and per entry, conflicts, errors."""

    polls: list[float] = field(default_factory=list)
    entries: list[float] = field(default_factory=list)
    conflicts: int = 0
    errors: list[str] = field(default_factory=list)

    def add(self, other: Outcome) -> None:
        self.polls += other.polls
        self.entries += other.entries
        self.conflicts += other.conflicts
        self.errors += other.errors


def simulate(
    servers: list[Server], stored: list[Stored], phones: int, seconds: float, poll: float, enter: float
) -> Outcome:
    """`phones` phones at the stored tables for `seconds`, phone after phone on the next server (so a table's
    phones are spread over all of them)."""
    bases = [f"http://127.0.0.1:{server.port}" for server in servers]
    crowd = [Phone(bases[i % len(bases)], stored[i // SEATS], i % SEATS, poll, enter) for i in range(phones)]
    start = time.perf_counter() + 3.0  # every phone fetches its form and its table first
    end = start + seconds
    threads = [threading.Thread(target=p.run, args=(start, end), daemon=True) for p in crowd]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=max(0.0, end - time.perf_counter()) + 60)
    stuck = sum(thread.is_alive() for thread in threads)
    return Outcome(
        polls=[t for p in crowd for t in p.polls],
        entries=[t for p in crowd for t in p.entries],
        conflicts=sum(p.conflicts for p in crowd),
        errors=[e for p in crowd for e in p.errors] + ["a phone never finished"] * stuck,
    )


def report(outcome: Outcome, phones: int, seconds: float, poll: float, enter: float, where: str = "") -> None:
    tables = -(-phones // SEATS)
    print(
        f"phones: {phones} at {tables} tables for {seconds:g} s, polling every {poll:g} s, entering every {enter:g} s"
        + (f" ({where})" if where else "")
    )
    errors = outcome.errors
    print(f"errors: {len(errors)} (target 0){': ' + ', '.join(sorted(set(errors))[:5]) if errors else ''}")
    polls, entered = outcome.polls, outcome.entries
    print(
        f"polls: {len(polls)}, p50 {percentile(polls, 50) * 1000:.1f} ms, p95 {percentile(polls, 95) * 1000:.1f} ms, "
        f"p99 {percentile(polls, 99) * 1000:.1f} ms"
    )
    print(
        f"entries: {len(entered)} ({outcome.conflicts} answered with a conflict), "
        f"p50 {percentile(entered, 50) * 1000:.1f} ms, p99 {percentile(entered, 99) * 1000:.1f} ms"
    )


def in_turns(
    setups: dict[str, list[Server]], stored: dict[str, list[Stored]], args: argparse.Namespace
) -> dict[str, Outcome]:
    """Each setup's phones for --seconds in all, in --turns slices taken one setup after the other, so whatever
    else the machine does falls on every setup alike."""
    outcomes = {name: Outcome() for name in setups}
    for _ in range(args.turns):
        for name, servers in setups.items():
            slice_ = simulate(
                servers, stored[name], args.phones, args.seconds / args.turns, args.poll_every, args.enter_every
            )
            outcomes[name].add(slice_)
    return outcomes


def poll_ratio(server: Server, table: Stored, seconds: float) -> None:
    hello, hello_errors = throughput(server.port, "GET", "/livez", seconds=seconds)
    version = current_version(server, table)
    poll, poll_errors = throughput(server.port, "GET", f"/t/{table.token}/live?v={version}", seconds=seconds)
    print(f"hello-world: {hello:.0f} requests/s (baseline, {hello_errors} errors)")
    print(f"poll throughput ratio: {poll / hello:.2f} ({poll:.0f} idle polls/s, {poll_errors} errors)")


def current_version(server: Server, table: Stored) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        conn.request("GET", f"/t/{table.token}/live", headers={"HX-Request": "true"})
        return int(VERSION.search(conn.getresponse().read().decode()).group(1))
    finally:
        conn.close()


def request_time(server: Server, stored: list[Stored], count: int, seed: int) -> float:
    """Mean seconds per request over a fixed mix on tables picked at random: the table page, a fragment that
    changed, an idle poll, and a join by code."""
    rng = random.Random(seed)
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    done = 0
    began = time.perf_counter()
    try:
        while done < count:
            table = rng.choice(stored)
            for path in (f"/t/{table.token}", f"/t/{table.token}/live?v=0", f"/t/{table.token}/live?v=16"):
                conn.request("GET", path)
                answer = conn.getresponse()
                answer.read()
                assert answer.status in (200, 304), f"{path}: {answer.status}"
            conn.request("GET", f"/join?code={table.code}")
            answer = conn.getresponse()
            answer.read()
            assert answer.status == 303, f"join: {answer.status}"
            done += 4
    finally:
        conn.close()
    return (time.perf_counter() - began) / done


def size_ratio(tmp: Path, many: int, few: int, count: int, turns: int = 3) -> None:
    stored = {name: fill(sqlite(tmp / name), count) for name, count in (("few", few), ("many", many))}
    servers = {name: Server(tmp / name) for name in stored}
    try:
        for name, server in servers.items():
            request_time(server, stored[name], 40, seed=0)  # warm up
        times: dict[str, list[float]] = {name: [] for name in servers}
        for turn in range(turns):
            for name, server in servers.items():
                times[name].append(request_time(server, stored[name], count, seed=turn))
    finally:
        for server in servers.values():
            server.stop()
    slow, fast = statistics.median(times["many"]), statistics.median(times["few"])
    print(
        f"per-request time with {many} stored tables vs {few}: ratio {slow / fast:.2f} "
        f"(target <= 1.20; {slow * 1000:.2f} ms vs {fast * 1000:.2f} ms)"
    )


def sqlite(instance: Path) -> str:
    """The URL of the SQLite database a server in `instance` uses (the folder is made if need be)."""
    instance.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{instance / 'companion.db'}"


def p95_ratio(label: str, slow: Outcome, fast: Outcome, target: float) -> None:
    a, b = percentile(slow.polls, 95), percentile(fast.polls, 95)
    print(f"{label} p95 ratio: {a / b:.2f} (target <= {target:.2f}; {a * 1000:.1f} ms vs {b * 1000:.1f} ms)")


def on_both(tmp: Path, args: argparse.Namespace) -> None:
    """The phones on SQLite, on PostgreSQL, and on two server processes sharing that PostgreSQL, in turns."""
    tables = -(-args.phones // SEATS)
    with scratch_database(args.postgresql) as url:
        stored = {"sqlite": fill(sqlite(tmp / "sqlite"), tables), "postgresql": fill(url, tables)}
        stored["two processes"] = stored["postgresql"]
        servers = [Server(tmp / "sqlite"), Server(tmp / "pg", url=url), Server(tmp / "pg2", url=url)]
        try:
            setups = {"sqlite": servers[:1], "postgresql": servers[1:2], "two processes": servers[1:]}
            outcomes = in_turns(setups, stored, args)
        finally:
            for server in servers:
                server.stop()
    for name, outcome in outcomes.items():
        report(outcome, args.phones, args.seconds, args.poll_every, args.enter_every, where=name)
    p95_ratio("postgresql/sqlite", outcomes["postgresql"], outcomes["sqlite"], 1.5)
    p95_ratio("two-processes/one-process (postgresql)", outcomes["two processes"], outcomes["postgresql"], 1.2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default=default_database())
    parser.add_argument("--postgresql", default=postgresql_server(), help="a PostgreSQL server to make a database on")
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--turns", type=int, default=2, help="slices of --seconds each setup takes in turn")
    parser.add_argument("--poll-every", type=float, default=1.5)
    parser.add_argument("--enter-every", type=float, default=20.0)
    parser.add_argument("--throughput-seconds", type=float, default=3.0)
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--baseline-tables", type=int, default=100)
    parser.add_argument("--requests", type=int, default=400, help="requests per turn when comparing table counts")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        instance = Path(tmp) / "phones"
        stored = fill(sqlite(instance), -(-args.phones // SEATS))
        server = Server(instance)
        try:
            if args.database == "sqlite":
                outcome = in_turns({"sqlite": [server]}, {"sqlite": stored}, args)["sqlite"]
                report(outcome, args.phones, args.seconds, args.poll_every, args.enter_every)
            poll_ratio(server, stored[0], args.throughput_seconds)
        finally:
            server.stop()
        size_ratio(Path(tmp), args.tables, args.baseline_tables, args.requests)
        if args.database == "postgresql":
            on_both(Path(tmp), args)


if __name__ == "__main__":
    main()
