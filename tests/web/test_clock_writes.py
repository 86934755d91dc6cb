"""Writing to the play timer, through the one write protocol: start once, pause only while it runs, resume only
while it is paused, each refused at its `action` otherwise; its entries undone like any other; and a clock entry and
a game entry never making each other stale, while two clock entries do."""

from __future__ import annotations

import pytest

from companion import replays
from companion.web import store, writes
from companion.web.table_view import build, view_of


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield


def line(player: str, round_no: int, color: str) -> dict:
    body = {"color": color, "districts": 3, "max_stations_in_district": 2, "monuments": 1}
    return {"player": player, "round": round_no, "line": body}


COLORS = ("blue", "green", "orange", "purple")


def view(row, at: int | None = None):
    """The table as it is now, or as a phone saw it at version `at`."""
    row = store().by_token(row.token)
    if at is not None:
        return build(row, [r for r in store().entries(row.id) if r.seq <= at], editable=True, base=f"/t/{row.token}")
    return view_of(row, *replays.replayed(store(), row), editable=True, base=f"/t/{row.token}")


def write(row, kind: str, payload: dict, entry_id: str, based_on: int | None = None) -> writes.Outcome:
    """An entry written from the table as it is now, or as it was at `based_on` (a phone that had not seen since)."""
    seen = view(row, based_on)
    sent = writes.Sent(kind, payload, entry_id, seen.version, "Ann")
    return writes.write(seen, sent)


def tick(row, action: str, entry_id: str, based_on: int | None = None) -> writes.Outcome:
    return write(row, "clock", {"action": action}, entry_id, based_on)


def new_table():
    return store().create_table("next-station-paris", {"players": ["Ann", "Ben"]})


def kinds_stored(row) -> list[str]:
    return [f"{r.kind}:{r.payload.get('action', '')}" if r.kind == "clock" else r.kind for r in store().entries(row.id)]


def refused_at(outcome) -> list[tuple[str, str]]:
    assert isinstance(outcome, writes.Refused) and not outcome.shape, outcome
    return [(p.loc, p.msg) for p in outcome.problems]


def test_the_clock_starts_pauses_and_resumes_as_entries_of_the_log(ctx):
    row = new_table()
    for n, action in enumerate(("start", "pause", "resume"), start=1):
        outcome = tick(row, action, f"c{n}")
        assert isinstance(outcome, writes.Written) and outcome.entry.version == 1
    assert kinds_stored(row) == ["clock:start", "clock:pause", "clock:resume"]
    assert view(row).clock.running


def test_starting_twice_is_refused_at_the_action_and_stores_nothing(ctx):
    row = new_table()
    tick(row, "start", "one")
    assert refused_at(tick(row, "start", "two")) == [("action", "the clock was started already")]
    assert kinds_stored(row) == ["clock:start"]


def test_pausing_while_paused_or_before_a_start_is_refused(ctx):
    row = new_table()
    assert refused_at(tick(row, "pause", "one")) == [("action", "the clock has not been started yet")]
    tick(row, "start", "two")
    tick(row, "pause", "three")
    assert refused_at(tick(row, "pause", "four")) == [("action", "the clock is paused already")]
    assert kinds_stored(row) == ["clock:start", "clock:pause"]


def test_an_action_the_clock_does_not_know_is_a_shape_problem(ctx):
    outcome = write(new_table(), "clock", {"action": "stop"}, "one")
    assert isinstance(outcome, writes.Refused) and outcome.shape
    assert [p.loc for p in outcome.problems] == ["action"]


def test_a_pause_is_undone_without_undoing_the_game_s_last_entry(ctx):
    row = new_table()
    tick(row, "start", "c1")
    write(row, "line", line("Ann", 1, "blue"), "l1")
    tick(row, "pause", "c2")
    write(row, "line", line("Ben", 1, "blue"), "l2")
    assert isinstance(write(row, "undo", {"target": 3}, "u1"), writes.Written)
    now = view(row)
    assert now.clock.running and [s.seq for s in now.replayed.active] == [2, 4]
    assert [s.active for s in now.entries] == [True, True, False, True]


def test_an_earlier_clock_entry_cannot_be_undone_nor_any_corrected(ctx):
    row = new_table()
    tick(row, "start", "c1")
    tick(row, "pause", "c2")
    assert [loc for loc, _ in refused_at(write(row, "undo", {"target": 1}, "u1"))] == ["target"]
    corrected = write(row, "correct", {"target": 2, "payload": {"action": "resume"}}, "k1")
    assert [loc for loc, _ in refused_at(corrected)] == ["target"]
    assert kinds_stored(row) == ["clock:start", "clock:pause"]


def test_a_game_entry_made_before_a_clock_entry_landed_is_stored_on_top_of_it(ctx):
    row = new_table()
    write(row, "line", line("Ann", 1, "blue"), "l1")
    tick(row, "start", "c1")  # version 2, the line's phone still at 1
    outcome = write(row, "line", line("Ben", 1, "blue"), "l2", based_on=1)
    assert isinstance(outcome, writes.Written) and outcome.entry.seq == 3
    assert kinds_stored(row) == ["line", "clock:start", "line"]


def test_a_clock_entry_made_before_a_game_entry_landed_is_stored_on_top_of_it(ctx):
    row = new_table()
    tick(row, "start", "c1")
    write(row, "line", line("Ann", 1, "blue"), "l1")
    outcome = tick(row, "pause", "c2", based_on=1)
    assert isinstance(outcome, writes.Written) and outcome.entry.seq == 3
    assert not view(row).clock.running


def test_an_undo_of_the_game_s_last_entry_is_not_stale_for_a_clock_entry_since(ctx):
    row = new_table()
    write(row, "line", line("Ann", 1, "blue"), "l1")
    tick(row, "start", "c1")
    assert isinstance(write(row, "undo", {"target": 1}, "u1", based_on=1), writes.Written)


def test_two_clock_entries_made_from_the_same_version_are_stale(ctx):
    row = new_table()
    tick(row, "start", "c1")
    assert isinstance(tick(row, "pause", "c2", based_on=1), writes.Written)
    outcome = tick(row, "pause", "c3", based_on=1)
    assert isinstance(outcome, writes.Stale) and outcome.version == 2
    assert kinds_stored(row) == ["clock:start", "clock:pause"]


def test_an_undo_of_a_clock_entry_is_stale_for_a_clock_entry_since(ctx):
    row = new_table()
    tick(row, "start", "c1")
    tick(row, "pause", "c2")
    assert isinstance(write(row, "undo", {"target": 2}, "u1"), writes.Written)
    assert isinstance(tick(row, "resume", "c3", based_on=2), writes.Stale)


def finish(row, but_last: bool = False) -> None:
    for round_no, color in enumerate(COLORS, start=1):
        for player in ("Ann", "Ben"):
            write(row, "line", line(player, round_no, color), f"{player}{round_no}")
    for player in ("Ann",) if but_last else ("Ann", "Ben"):
        write(row, "bonus", {"player": player}, f"b{player}")


def test_the_clock_of_a_finished_game_takes_no_entry(ctx):
    row = new_table()
    tick(row, "start", "c1")
    finish(row)
    assert view(row).clock.next_action is None and not view(row).clock.running
    said = "the game is over: its clock stopped at the entry that ended it"
    assert refused_at(tick(row, "pause", "c2")) == [("action", said)]


def test_a_clock_entry_made_before_the_game_ended_is_stale_once_it_has(ctx):
    row = new_table()
    tick(row, "start", "c1")
    finish(row, but_last=True)
    seen = view(row).version
    write(row, "bonus", {"player": "Ben"}, "bBen")  # the last entry: the game is over
    outcome = tick(row, "pause", "c2", based_on=seen)
    assert isinstance(outcome, writes.Stale) and outcome.version == seen + 1
    assert kinds_stored(row)[-1] == "bonus"
