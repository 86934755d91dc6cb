"""Revision 0011_loaf_board_bonus on SQLite and PostgreSQL: the L'oaf plays stored before it, scored with the
reputation itself as the bonus, are worked out again with the board's bonus; every other game's play, seat and
total stays byte for byte as it was."""

from __future__ import annotations

from sqlalchemy import MetaData, select

from companion.games.loaf.engine import scoring as loaf_scoring
from companion.history import plays as plays
from companion.storage import migrate as migrate
from companion.storage.store import Store, make_engine
from tests.test_history import T0, home, koala_koalation, loaf_tie, log, oz_even

from .test_migrations import migrate_to

HISTORY = ("plays", "play_seats", "name_totals", "person_totals", "attention")


def history(url: str) -> dict[str, list[dict]]:
    """The history's rows as stored, in a fixed order."""
    engine = make_engine(url)
    db = MetaData()
    db.reflect(engine, only=HISTORY)
    with engine.connect() as conn:
        found = {
            name: sorted((dict(row) for row in conn.execute(select(db.tables[name])).mappings()), key=repr)
            for name in HISTORY
        }
    engine.dispose()
    return found


def of_game(found: dict[str, list[dict]], game: str, keep: bool) -> dict[str, list[dict]]:
    """The rows of `game` (keep) or of every other game; the person totals carry their game too."""
    return {name: [r for r in rows if (r.get("game") == game) == keep] for name, rows in found.items()}


def stored_the_old_way(url: str, monkeypatch) -> None:
    """At 0010: a L'oaf tie scored as the app did before (the reputation itself as the bonus), and two others."""
    migrate_to(url, "0010_entry_phone")
    store = Store(url)
    with monkeypatch.context() as patch:
        patch.setattr(loaf_scoring, "reputation_bonus", lambda rep: max(rep, 0))
        tables = [loaf_tie(), koala_koalation(), oz_even()]
        plays.restore(store, home(store), [(g, s, T0, log(e, T0)) for g, s, e in tables])
    store.dispose()


def only_then(found: dict[str, list[dict]], then: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """The rows with only the columns the tables had in `then`."""
    columns = {name: set().union(*(row.keys() for row in rows)) for name, rows in then.items()}
    return {name: [{k: v for k, v in r.items() if k in columns[name]} for r in rows] for name, rows in found.items()}


def seats(found: dict[str, list[dict]]) -> dict[str, tuple[int, bool]]:
    return {s["name"]: (s["score"], s["winner"]) for s in found["play_seats"]}


def test_the_upgrade_scores_loaf_plays_again_and_leaves_the_others_alone(empty_url, monkeypatch):
    stored_the_old_way(empty_url, monkeypatch)
    before = history(empty_url)
    # The old way: Ann 46 in hand + 7 (her reputation) beats Bob's 47 + 5.
    assert seats(of_game(before, "loaf", keep=True)) == {"Ann": (53, True), "Bob": (52, False)}
    done = migrate.upgrade(empty_url)
    assert done.applied[0] == "0011_loaf_board_bonus"  # then any later revision
    after = history(empty_url)
    # The board gives Ann 4 and Bob 3: they tie on 50, and Bob's lower reputation wins it.
    loaf_seats = of_game(after, "loaf", keep=True)
    assert seats(loaf_seats) == {"Ann": (50, False), "Bob": (50, True)}
    (play,) = loaf_seats["plays"]
    assert sorted((s["name"], s["score"], s["rank"], s["winner"]) for s in play["seats"]) == [
        ("Ann", 50, 2, False),
        ("Bob", 50, 1, True),
    ]
    # The other games' rows are not even written again: the same ids, the same bytes (in the columns they had then;
    # a later revision may add one).
    assert only_then(of_game(after, "loaf", keep=False), before) == of_game(before, "loaf", keep=False)
    assert of_game(before, "loaf", keep=False)["plays"], "the other games have plays to keep"


def test_the_upgrade_writes_what_a_rebuild_from_the_logs_writes(empty_url, monkeypatch):
    stored_the_old_way(empty_url, monkeypatch)
    migrate.upgrade(empty_url)
    migrated = history(empty_url)
    store = Store(empty_url)
    assert plays.rebuild(store) == 3
    store.dispose()
    assert without_ids(history(empty_url)) == without_ids(migrated)


def without_ids(found: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """The rows without the plays' own row ids, which a rebuild draws afresh."""
    return {
        name: sorted(({k: v for k, v in r.items() if k != "id"} for r in rows), key=repr)
        for name, rows in found.items()
    }
