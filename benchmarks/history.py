"""A group's first page of play history with 10,000 stored plays, as a ratio to the same page with 100, in the same
run.

    python benchmarks/history.py [--rounds 40] [--plays 10000] [--few 100]

Each database holds plays as the history stores them: a table per play, its play row and one row per seat, across
every game, 40 people (some entered in other capitals, some names merged), with results that did not count and
players who scored together; and as many plays again in a neighbouring group, with the same names. The first page of
the group's history (50 plays, the players' records, the games' counts) is requested through the app on each database
in turn, so both see the same machine load; the median of each is compared. Target: ratio <= 1.20 (the page reads one
page of the group's rows and SQL aggregates over the group, never every play).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from flask import Flask

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import create_app, groups
from companion.history import plays
from companion.history import totals as play_totals
from companion.history.records import Play, Seat, Unit, ranks
from companion.specs import GAMES  # noqa: E402
from companion.storage import migrate as migrate
from companion.storage.store import Store

PEOPLE = [f"Player {n}" for n in range(1, 41)]
START = datetime(2024, 1, 1, 19, 0, tzinfo=UTC)
MERGES = {"player 40": "Player 1", "player 39": "Player 2"}
BATCH = 1000


def synthetic(n: int, rng: random.Random) -> Play:
    """Play number `n`: 2 to 5 people, a game, scores; now and then a score that did not count or a shared win."""
    game = rng.choice(list(GAMES))
    names = rng.sample(PEOPLE, rng.randint(2, 5))
    names = [name.lower() if rng.random() < 0.1 else name for name in names]
    scores = [rng.randint(0, 120) for _ in names]
    outs = ["not scored this time" if rng.random() < 0.05 else "" for _ in names]
    order = ranks([(bool(out), -score) for score, out in zip(scores, outs, strict=True)])
    together = len(names) >= 4 and rng.random() < 0.3
    seats = tuple(
        Seat(name, score, rank, rank == 1, out, together)
        for name, score, rank, out in zip(names, scores, order, outs, strict=True)
    )
    pair = tuple(names[:2])
    units = (Unit(" & ".join(pair), pair, scores[0] + scores[1], 1 in order[:2]),) if together else ()
    ended = START + timedelta(hours=3 * n)
    play_id = hashlib.sha256(str(n).encode()).hexdigest()[:24]
    return Play(play_id, game, ended - timedelta(minutes=rng.randint(15, 90)), ended, seats, units)


def fill(url: str, count: int) -> str:
    """A database at the newest schema holding `count` stored plays in a group, each with its table (written as the
    history writes them, without logs to replay), and as many in a neighbouring group; the group's token."""
    migrate.upgrade(url)
    store = Store(url)
    measured = groups.create_group(store, "Measured")
    for group in (measured, groups.create_group(store, "Neighbours")):
        rng = random.Random(count + group.id)
        for start in range(0, count, BATCH):
            made = [synthetic(n, rng) for n in range(start, min(start + BATCH, count))]
            tables = [(p.game, {"players": [s.name for s in p.seats]}, p.started, []) for p in made]
            rows = store.import_tables(tables, group.id)
            plays.write(store, {row.id: play for row, play in zip(rows, made, strict=True)})
        for name, target in MERGES.items():
            play_totals.set_alias(store, group.id, name, target)
    store.dispose()
    return measured.token


def app_for(url: str) -> Flask:
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "SECRET_KEY": "history", "DATABASE_URL": url})


def first_page(app: Flask, token: str) -> float:
    """Seconds to answer the first page of the group's history."""
    client = app.test_client()
    begin = time.perf_counter()
    response = client.get(f"/g/{token}/history")
    elapsed = time.perf_counter() - begin
    if response.status_code != 200 or b'class="card play"' not in response.data:
        raise RuntimeError(f"the group's history answered {response.status_code} without plays")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--plays", type=int, default=10_000)
    parser.add_argument("--few", type=int, default=100)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        urls = {size: f"sqlite:///{Path(tmp) / f'plays-{size}.db'}" for size in (args.few, args.plays)}
        tokens = {size: fill(url, size) for size, url in urls.items()}
        apps = {size: app_for(url) for size, url in urls.items()}
        times: dict[int, list[float]] = {size: [] for size in apps}
        for _ in range(5):  # warm up: templates, connections, the database's pages
            for size, app in apps.items():
                first_page(app, tokens[size])
        for _ in range(args.rounds):
            for size, app in apps.items():
                times[size].append(first_page(app, tokens[size]))
        for app in apps.values():
            app.extensions["store"].dispose()

    few, many = statistics.median(times[args.few]), statistics.median(times[args.plays])
    print(f"first history page with {args.few} plays: {few * 1000:.1f} ms (baseline)")
    print(f"first history page with {args.plays} plays: {many * 1000:.1f} ms (target <= 1.20 × the baseline)")
    print(f"history page ratio: {many / few:.2f}")


if __name__ == "__main__":
    main()
