"""Several phones entering on one table at once, against the real server (waitress, 8 threads).

Each phone sends its entries with an id of its own and the version it last saw, through the same form a phone
posts. Whatever the interleaving: every accepted entry is in the log exactly once, every refused one was answered
409 with the conflict message and is not in the log, and no entry vanishes."""

from __future__ import annotations

import re
import socket
import threading
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import requests

from benchmarks._server import Server
from companion.specs import table_rules
from tests.conftest import DATABASES, LiveServer, app_on

PLAYERS = ("Ana", "Ben", "Cy", "Dee")
COLORS = ("blue", "green", "orange", "purple")
BONUSES = 6
TRIES = 200  # per entry: far more than any interleaving needs, so a phone stops by itself


@pytest.fixture(params=DATABASES)
def server(request, tmp_path: Path):
    app = app_on(request, tmp_path)
    with LiveServer(app) as live:
        live.store = app.extensions["store"]
        yield live


def start_table(server, *players: str) -> str:
    response = requests.post(
        f"{server.url}/new/next-station-paris", data={"players": list(players)}, allow_redirects=False, timeout=10
    )
    assert response.status_code == 303, response.text
    return server.url + response.headers["Location"]


def plays(player: str) -> list[dict[str, Any]]:
    """A player's whole game: a line each round, then bonuses (re-entered: the last one stands)."""
    lines = [
        {
            "kind": "line",
            "player": player,
            "round": r,
            "color": COLORS[r - 1],
            "districts": r + 1,
            "max_stations_in_district": 2,
            "monuments": 1,
        }
        for r in range(1, 5)
    ]
    bonuses = [{"kind": "bonus", "player": player, "objectives": k, "crossings_1": 1} for k in range(BONUSES)]
    return lines + bonuses


def seen_version(html: str) -> int:
    return int(re.search(r'data-version="(\d+)"', html).group(1))


@dataclass
class Attempt:
    entry_id: str
    play: dict[str, Any]
    status: int
    text: str


@dataclass
class Phone:
    table: str
    player: str
    htmx: bool
    attempts: list[Attempt] = field(default_factory=list)
    failure: BaseException | None = None

    def run(self, ready: threading.Barrier) -> None:
        try:
            self._play(ready)
        except BaseException as exc:  # reported by the test, never lost in a thread
            self.failure = exc

    def _play(self, ready: threading.Barrier) -> None:
        session = requests.Session()
        sit(session, self.table, self.player)  # each phone is its player's
        headers = {"HX-Request": "true"} if self.htmx else {}
        version = seen_version(session.get(self.table, timeout=10).text)
        ready.wait(timeout=30)
        for play in plays(self.player):
            for _ in range(TRIES):
                entry_id = uuid.uuid4().hex
                form = {**play, "form": f"{play['kind']}-{self.player}", "version": version, "entry_id": entry_id}
                response = session.post(
                    f"{self.table}/entries", data=form, headers=headers, allow_redirects=False, timeout=30
                )
                self.attempts.append(Attempt(entry_id, play, response.status_code, response.text))
                if response.status_code == 409:
                    version = seen_version(response.text)  # the conflict page shows the table as it now is
                    continue
                if response.status_code == 303:
                    response = session.get(self.table, timeout=10)
                if response.status_code != 200:
                    return
                version = seen_version(response.text)
                break
            else:
                return

    @property
    def accepted(self) -> list[Attempt]:
        return [a for a in self.attempts if a.status == (200 if self.htmx else 303)]


def race(phones: list[Phone]) -> None:
    ready = threading.Barrier(len(phones))
    threads = [threading.Thread(target=phone.run, args=(ready,)) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=240)
        assert not thread.is_alive()
    for phone in phones:
        assert phone.failure is None, repr(phone.failure)


def test_four_phones_entering_at_once_lose_nothing_and_save_nothing_twice(server):
    table = start_table(server, *PLAYERS)
    phones = [Phone(table, player, htmx=i % 2 == 0) for i, player in enumerate(PLAYERS)]
    race(phones)

    row = server.store.by_token(table.rsplit("/", 1)[1])
    log = server.store.entries(row.id)
    accepted = {a.entry_id: a for phone in phones for a in phone.accepted}
    refused = [a for phone in phones for a in phone.attempts if a.entry_id not in accepted]

    for phone in phones:  # every phone got its whole game in
        assert [a.play for a in phone.accepted] == plays(phone.player)
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    assert server.store.version(row.id) == len(log) == len(accepted) == len(PLAYERS) * (4 + BONUSES)
    assert sorted(e.entry_id for e in log) == sorted(accepted)  # each accepted one exactly once, nothing else
    forms = table_rules()["next-station-paris"].forms
    for entry in log:
        sent = accepted[entry.entry_id].play
        assert entry.kind == sent["kind"]
        fields = {k: v for k, v in sent.items() if k != "kind"}
        assert entry.payload == forms[entry.kind].model_validate(fields).to_payload(), (entry, sent)
    assert not refused, "each phone entered only its own player's parts: none of them may collide"

    watcher = requests.Session()
    sit(watcher, table, "")
    final = watcher.get(table, timeout=10).text
    assert "Final scores" in final


def sit(session: requests.Session, table: str, who: str) -> None:
    """The phone answers "Who are you?" at the table (its cookie keeps the answer)."""
    assert session.post(f"{table}/me", data={"who": who}, allow_redirects=False, timeout=10).status_code == 303


def taps_at_once(url: str, form: dict[str, Any], headers: dict[str, str], taps: int, cookies: Any = None) -> list[int]:
    """The same request sent by `taps` threads released together, from one phone (its `cookies`): a double (or
    triple) tap, or a retry."""
    ready = threading.Barrier(taps)
    statuses: list[int] = []

    def tap() -> None:
        ready.wait(timeout=30)
        answer = requests.post(url, data=form, headers=headers, cookies=cookies, allow_redirects=False, timeout=30)
        statuses.append(answer.status_code)

    threads = [threading.Thread(target=tap) for _ in range(taps)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return statuses


@pytest.mark.parametrize("htmx", [False, True], ids=["form", "htmx"])
def test_a_double_tap_sent_at_once_lands_once(server, htmx):
    table = start_table(server, "Ana")
    phone = requests.Session()
    sit(phone, table, "Ana")
    headers = {"HX-Request": "true"} if htmx else {}
    for version in range(12):
        form = {"kind": "bonus", "form": "bonus-Ana", "player": "Ana", "objectives": version % 4}
        form |= {"version": version, "entry_id": f"tap-{version}"}
        statuses = taps_at_once(f"{table}/entries", form, headers, taps=3, cookies=phone.cookies)
        assert statuses == [200 if htmx else 303] * 3, (version, statuses)

    row = server.store.by_token(table.rsplit("/", 1)[1])
    log = server.store.entries(row.id)
    assert [e.entry_id for e in log] == [f"tap-{v}" for v in range(12)]
    assert [e.seq for e in log] == list(range(1, 13))


def test_the_real_server_answers_more_phones_than_waitress_would_by_default(tmp_path):
    """Phones keep their connections open between polls: the 101st phone must not wait for another to leave. Each
    phone has an address of its own (on loopback, five addresses hold 30 each: under one address's share)."""
    server = Server(tmp_path)
    phones: list[socket.socket] = []
    try:
        for n in range(150):
            home = (f"127.0.0.{2 + n % 5}", 0)
            phones.append(socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=home))
        for phone in phones:
            phone.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answers = [phone.recv(4096) for phone in phones]
        assert all(a.startswith(b"HTTP/1.1 200 ") for a in answers)
        assert not any(b"Connection: close" in a for a in answers)  # all of them still open
    finally:
        for phone in phones:
            phone.close()
        server.stop()
