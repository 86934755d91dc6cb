"""The store on SQLite and PostgreSQL: the log replays to the live state, stale writes and repeats are refused,
nothing is lost across a restart or when several writers race."""

from __future__ import annotations

import threading

import pytest

from companion.specs import table_rules
from companion.storage.log import UNDO, active
from companion.storage.store import StaleWrite, Store

NSP = table_rules()["next-station-paris"]


def line(player, round_no, color="blue", districts=3, stations=2, monuments=1):
    """A line entry's canonical payload (version 2)."""
    drawn = {"color": color, "districts": districts, "max_stations_in_district": stations, "monuments": monuments}
    return {"player": player, "round": round_no, "line": drawn}


def test_tables_get_unguessable_tokens_and_a_short_code(store):
    table = store.create_table("next-station-paris", {"players": ["Ana", "Ben"]})
    assert len(table.token) >= 22 and len(table.viewer_token) >= 22  # 18 random bytes: 144 bits
    assert table.token != table.viewer_token
    assert len(table.code) == 6
    assert store.by_token(table.token).id == table.id
    assert store.by_viewer_token(table.viewer_token).id == table.id
    assert store.by_code(table.code.lower()).id == table.id
    assert store.by_token(table.viewer_token) is None


def test_replay_of_the_stored_log_equals_the_live_state(store):
    table = store.create_table("next-station-paris", {"players": ["Ana", "Ben"]})
    live = NSP.replay(table.setup, [])
    payloads = [line("Ana", 1), line("Ben", 1, districts=5, stations=3, monuments=2), line("Ana", 2, "green")]
    from companion.games.next_station_paris import engine as nsp
    from companion.games.next_station_paris.schemas import LineEntryIn

    for version, payload in enumerate(payloads):
        store.append(table.id, version, f"e{version}", "line", payload, "Ana", 2)
        live = nsp.apply(live, LineEntryIn.model_validate(payload).to_engine())
    stored = store.entries(table.id)
    assert [e.version for e in stored] == [2, 2, 2]
    replayed = NSP.replay(table.setup, active(stored))
    assert replayed == live
    assert replayed.running_total("Ben") == 19
    assert store.version(table.id) == 3


def test_a_stale_write_is_refused_and_names_what_changed(store):
    table = store.create_table("next-station-paris", {"players": ["Ana", "Ben"]})
    store.append(table.id, 0, "first", "line", line("Ana", 1), "Ben")
    with pytest.raises(StaleWrite) as stale:
        store.append(table.id, 0, "second", "line", line("Ben", 1), "Ana")
    assert stale.value.version == 1
    assert stale.value.latest.author == "Ben"
    assert stale.value.latest.payload == line("Ana", 1)
    assert [e.entry_id for e in store.entries(table.id)] == ["first"]


def test_a_repeated_entry_id_is_entered_once(store):
    table = store.create_table("next-station-paris", {"players": ["Ana"]})
    first, created = store.append(table.id, 0, "tap", "line", line("Ana", 1), "Ana")
    again, created_again = store.append(table.id, 0, "tap", "line", line("Ana", 1), "Ana")
    assert created and not created_again
    assert again.seq == first.seq
    assert len(store.entries(table.id)) == 1


def test_undo_is_an_entry_and_the_log_keeps_everything(store):
    table = store.create_table("next-station-paris", {"players": ["Ana"]})
    store.append(table.id, 0, "a", "line", line("Ana", 1), "Ana")
    store.append(table.id, 1, "b", UNDO, {"target": 1}, "Ana")
    assert len(store.entries(table.id)) == 2
    assert active(store.entries(table.id)) == []


def test_nothing_is_lost_across_a_restart(db_url):
    first = Store(db_url)
    table = first.create_table("next-station-paris", {"players": ["Zoë", "Ana"]})
    first.append(table.id, 0, "a", "line", line("Zoë", 1), "Zoë")
    first.dispose()
    second = Store(db_url)
    assert second.by_token(table.token).setup == {"players": ["Zoë", "Ana"]}
    assert [e.payload for e in second.entries(table.id)] == [line("Zoë", 1)]
    second.dispose()


def test_racing_writers_each_land_once_or_get_a_conflict(store):
    table = store.create_table("next-station-paris", {"players": ["Ana", "Ben", "Cy", "Di"]})
    outcomes: list[str] = []
    lock = threading.Lock()

    def writer(n: int) -> None:
        for attempt in range(20):
            version = store.version(table.id)
            try:
                store.append(table.id, version, f"w{n}-{attempt}", "note", {"n": n, "attempt": attempt}, str(n))
                result = f"ok {n}-{attempt}"
            except StaleWrite:
                result = f"stale {n}-{attempt}"
            with lock:
                outcomes.append(result)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = store.entries(table.id)
    accepted = sorted(o[3:] for o in outcomes if o.startswith("ok"))
    assert sorted(e.entry_id[1:] for e in stored) == accepted
    assert [e.seq for e in stored] == list(range(1, len(stored) + 1))
    assert len(outcomes) == 80


def test_a_rebased_write_lands_on_the_log_as_it_is_and_a_refused_one_stores_nothing(store):
    table = store.create_table("next-station-paris", {"players": ["Ana", "Ben"]})
    store.append(table.id, 0, "e1", "line", line("Ana", 1), "Ana", version=2)
    seen: list[list[int]] = []

    def rebase(rows, stale):
        seen.append([r.seq for r in rows])
        return line("Ben", 1, districts=4)

    entry, created = store.append(table.id, 0, "e2", "line", line("Ben", 1), "Ben", version=2, rebase=rebase)
    assert created and entry.seq == 2 and entry.payload["line"]["districts"] == 4 and seen == [[1]]

    def refuse(rows, stale):
        raise stale

    with pytest.raises(StaleWrite):
        store.append(table.id, 0, "e3", "line", line("Ben", 2), "Ben", version=2, rebase=refuse)
    assert [e.entry_id for e in store.entries(table.id)] == ["e1", "e2"] and store.version(table.id) == 2
