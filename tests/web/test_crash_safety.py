"""The real server (`make run`'s command, on SQLite) killed with SIGKILL in the middle of a burst of entries:
after a restart, every entry it had acknowledged is there, and the log goes on from where it stopped."""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests

from benchmarks._server import Server
from companion.storage.store import Store
from tests.conftest import migrated_sqlite

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
COLORS = ["blue", "green", "orange", "purple"]
WRITERS = 3
ACKED_BEFORE_KILL = 60


def table_after_four_rounds(store: Store) -> str:
    """A table whose lines are all in, so bonuses can be entered (and re-entered) as often as needed."""
    row = store.create_table("next-station-paris", {"players": PLAYERS})
    version = 0
    for round_no, color in enumerate(COLORS, start=1):
        for player in PLAYERS:
            line = {"player": player, "round": round_no, "color": color, "districts": 3, "max_stations_in_district": 2}
            store.append(row.id, version, f"line-{version}", "line", {**line, "monuments": 0}, player)
            version += 1
    return row.token


def form_token(session: requests.Session, base: str) -> str:
    """The CSRF token every form of this session carries (the real server checks it)."""
    page = session.get(f"{base}/new/next-station-paris", timeout=10).text
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def sit(session: requests.Session, base: str, token: str, csrf: str) -> None:
    """The phone answers "Who are you?" at the table: none of them."""
    answer = session.post(f"{base}/t/{token}/me", data={"who": "", "csrf_token": csrf}, allow_redirects=False)
    assert answer.status_code == 303, answer.text


@dataclass
class Writer:
    base: str
    token: str
    version: int = 16
    acked: list[str] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    broken: BaseException | None = None
    unexpected: list[int] = field(default_factory=list)

    def run(self, stop: threading.Event, ready: threading.Barrier) -> None:
        with requests.Session() as session:
            csrf = form_token(session, self.base)
            sit(session, self.base, self.token, csrf)
            ready.wait(timeout=30)
            self._burst(session, csrf, stop)

    def _burst(self, session: requests.Session, csrf: str, stop: threading.Event) -> None:
        n = 0
        while not stop.is_set():
            entry_id = f"{self.token[:6]}-{n}"
            form = {"kind": "bonus", "form": "bonus-Ana", "player": PLAYERS[n % 4], "objectives": n % 5}
            form |= {"version": self.version, "entry_id": entry_id, "csrf_token": csrf}
            self.sent.append(entry_id)
            try:
                answer = session.post(
                    f"{self.base}/t/{self.token}/entries", data=form, allow_redirects=False, timeout=10
                )
            except requests.RequestException as exc:
                self.broken = exc  # the server went away mid-request, as it should have
                return
            if answer.status_code != 303:
                self.unexpected.append(answer.status_code)
                return
            self.acked.append(entry_id)
            self.version += 1
            n += 1


def test_a_server_killed_mid_burst_keeps_every_acknowledged_entry(tmp_path: Path):
    store = Store(migrated_sqlite(tmp_path / "companion.db"))
    tokens = [table_after_four_rounds(store) for _ in range(WRITERS)]

    server = Server(tmp_path)
    stop = threading.Event()
    writers = [Writer(f"http://127.0.0.1:{server.port}", token) for token in tokens]
    ready = threading.Barrier(WRITERS)
    threads = [threading.Thread(target=w.run, args=(stop, ready)) for w in writers]
    try:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 120
        while sum(len(w.acked) for w in writers) < ACKED_BEFORE_KILL and time.monotonic() < deadline:
            if not all(thread.is_alive() for thread in threads):
                break
            time.sleep(0.005)
        server.process.kill()  # SIGKILL: no shutdown, no flush, no goodbye
        server.process.wait(timeout=10)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        if server.process.poll() is None:
            server.process.kill()

    for writer in writers:
        assert writer.unexpected == []
        assert writer.broken is not None, "a writer had stopped before the kill: the burst was not interrupted"
    assert sum(len(w.acked) for w in writers) >= ACKED_BEFORE_KILL

    again = Server(tmp_path)
    try:
        for writer in writers:
            row = store.by_token(writer.token)
            log = store.entries(row.id)
            stored = [e.entry_id for e in log[16:]]
            assert stored[: len(writer.acked)] == writer.acked  # every acknowledged entry, in order
            assert set(stored) <= set(writer.sent)  # and nothing that was never sent
            assert len(stored) <= len(writer.acked) + 1  # at most the one in flight when the server died
            assert [e.seq for e in log] == list(range(1, len(log) + 1))
            assert row.version == len(log)

            with requests.Session() as session:
                base = f"http://127.0.0.1:{again.port}"
                page = session.get(f"{base}/t/{writer.token}", timeout=10)
                assert page.status_code == 200 and f'data-version="{len(log)}"' in page.text
                form = {"kind": "bonus", "form": "bonus-Ana", "player": "Ana", "objectives": 1}
                form |= {"version": len(log), "entry_id": f"{writer.token[:6]}-after"}
                form["csrf_token"] = form_token(session, base)
                sit(session, base, writer.token, form["csrf_token"])
                answer = session.post(f"{base}/t/{writer.token}/entries", data=form, allow_redirects=False, timeout=10)
                assert answer.status_code == 303
            assert store.version(row.id) == len(log) + 1
    finally:
        again.stop()
        store.dispose()
