"""The play timer replayed from a table's log: the times it ran, clipped at the entry that finished the game, with
entries that do not fit it (a second start, a pause while paused) changing nothing, and the game never seeing it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from companion.specs import table_rules
from companion.storage.log import Standing
from companion.storage.rows import EntryRow
from companion.tables import clock
from companion.tables.replay import replay, undoable

from ..test_history import log, nsp

T0 = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def ticks(*actions: tuple[str, float], undone: frozenset[int] = frozenset()) -> list[Standing]:
    """Clock entries, one per (action, minute)."""
    return [
        Standing(n, clock.CLOCK, {"action": action}, "Ann", at(minute), "Ben" if n in undone else None)
        for n, (action, minute) in enumerate(actions, start=1)
    ]


def test_a_clock_never_started_is_unused_and_offers_start():
    found = clock.clock_of([])
    assert not found.used and not found.running and not found.paused
    assert found.played_s(at(10)) == 0 and found.played is None
    assert found.next_action == clock.START


def test_a_running_clock_counts_up_to_the_moment_asked():
    found = clock.clock_of(ticks(("start", 0)))
    assert found.running and found.next_action == clock.PAUSE
    assert found.played_s(at(2.5)) == 150


def test_the_time_paused_does_not_count():
    found = clock.clock_of(ticks(("start", 0), ("pause", 10), ("resume", 25), ("pause", 30)))
    assert found.paused and found.next_action == clock.RESUME
    assert found.played_s(at(60)) == 15 * 60
    assert found.played is None  # the game goes on: no play yet


def test_the_clock_stops_at_the_entry_that_finished_the_game():
    found = clock.clock_of(ticks(("start", 0), ("pause", 10), ("resume", 20)), stopped_at=at(50))
    assert not found.running and not found.paused and found.next_action is None
    assert found.played_s(at(90)) == found.played == 40 * 60


def test_a_run_begun_after_the_game_ended_counts_nothing():
    found = clock.clock_of(ticks(("start", 0), ("pause", 10), ("resume", 40)), stopped_at=at(30))
    assert found.played == 10 * 60


def test_entries_that_do_not_fit_the_clock_change_nothing():
    found = clock.clock_of(
        ticks(("pause", 0), ("resume", 1), ("start", 2), ("start", 5), ("resume", 6), ("pause", 12), ("pause", 20))
    )
    assert found.runs == ((at(2), at(12)),)


def test_an_undone_or_unreadable_clock_entry_counts_for_nothing():
    entries = ticks(("start", 0), ("pause", 10), undone=frozenset({2}))
    newer = Standing(3, clock.CLOCK, {"action": "pause"}, "Ann", at(20), version=2)
    damaged = Standing(4, clock.CLOCK, {"action": 3}, "Ann", at(25))
    found = clock.clock_of([*entries, newer, damaged])
    assert found.running and found.played_s(at(30)) == 30 * 60


@pytest.mark.parametrize(
    ("actions", "action", "said"),
    [
        ((), "pause", "the clock has not been started yet"),
        ((), "resume", "the clock has not been started yet"),
        ((("start", 0),), "start", "the clock was started already"),
        ((("start", 0),), "resume", "the clock is running already"),
        ((("start", 0), ("pause", 1)), "pause", "the clock is paused already"),
        ((("start", 0), ("pause", 1)), "start", "the clock was started already"),
    ],
)
def test_an_action_that_does_not_fit_is_refused_at_its_action(actions, action, said):
    problem = clock.refusal(clock.clock_of(ticks(*actions)), action)
    assert problem is not None and problem.loc == "action" and problem.msg == said


def test_nothing_is_done_to_the_clock_of_a_finished_game():
    stopped = clock.clock_of(ticks(("start", 0)), stopped_at=at(5))
    assert clock.refusal(stopped, "pause").msg == "the game is over: its clock stopped at the entry that ended it"


def test_the_clock_reads_as_a_clock_does():
    shown = [clock.shown(s) for s in (0, 65, 3599, 3600, 3725, -4)]
    assert shown == ["0:00", "1:05", "59:59", "1:00:00", "1:02:05", "0:00"]


def timed(game_rows: list[EntryRow], *clocked: tuple[str, int]) -> list[EntryRow]:
    """A table's rows with clock entries after the game row of each given index (0: before the first)."""
    rows = list(game_rows)
    for action, after in sorted(clocked, key=lambda c: -c[1]):
        moment = rows[after - 1].at + timedelta(minutes=1) if after else rows[0].at - timedelta(minutes=1)
        rows.insert(after, EntryRow(0, f"c{after}{action}", clock.CLOCK, {"action": action}, "Ann", moment))
    return [EntryRow(n, r.entry_id, r.kind, r.payload, r.author, r.at, r.version) for n, r in enumerate(rows, 1)]


def nsp_rows() -> tuple[dict, list[EntryRow]]:
    game, setup, entries = nsp({"Ann": (3, 2, 1), "Ben": (2, 2, 0)})
    return setup, log(entries)


def test_the_game_replays_the_same_with_or_without_clock_entries():
    setup, rows = nsp_rows()
    rules = table_rules()["next-station-paris"]
    plain = replay(rules, setup, rows)
    with_clock = replay(rules, setup, timed(rows, ("start", 0), ("pause", 3), ("resume", 5)))
    assert with_clock.state == plain.state and with_clock.broken is None
    assert [(s.kind, s.payload) for s in with_clock.log] == [(s.kind, s.payload) for s in plain.log]
    assert [s.payload["action"] for s in with_clock.clock_log] == ["start", "pause", "resume"]
    assert [s.seq for s in with_clock.entries] == list(range(1, len(rows) + 4))
    assert plain.clock == clock.Clock(stopped_at=rows[-1].at) and plain.clock_log == []


def test_a_finished_table_s_clock_is_clipped_at_its_last_game_entry():
    setup, rows = nsp_rows()  # 10 entries, 5 minutes apart: the game ends at minute 45
    found = replay(table_rules()["next-station-paris"], setup, timed(rows, ("start", 0), ("pause", 2), ("resume", 4)))
    # runs: minute -1 to 6, then 16 to the end at 45
    assert found.clock.stopped_at == rows[-1].at
    assert found.clock.played == (7 + 29) * 60


def test_the_clock_s_last_entry_and_the_game_s_last_are_both_undoable():
    setup, rows = nsp_rows()
    found = replay(table_rules()["next-station-paris"], setup, timed(rows[:4], ("start", 0), ("pause", 2)))
    assert undoable(found) == {4, 6}  # the pause (seq 4) and the fourth line (seq 6)
