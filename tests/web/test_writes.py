"""The one write protocol of the pages and the API: what each outcome of a write is, seen from the protocol itself
(the pages and the API turn the same outcomes into their own answers)."""

from __future__ import annotations

import pytest

from companion import replays
from companion.web import store, writes
from companion.web.table_view import view_of


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield


def line(player: str, round_no: int, color: str = "blue") -> dict:
    body = {"color": color, "districts": 3, "max_stations_in_district": 2, "monuments": 1}
    return {"player": player, "round": round_no, "line": body}


def view(row):
    """The table as it is now (as the API reads it)."""
    row = store().by_token(row.token)
    return view_of(row, *replays.replayed(store(), row), editable=True, base=f"/t/{row.token}")


def sent(kind: str, payload: dict, based_on: int, entry_id: str, step: str | None = None) -> writes.Sent:
    return writes.Sent(kind, payload, entry_id, based_on, "Ann", step)


def new_table():
    return store().create_table("next-station-paris", {"players": ["Ann", "Ben"]})


def test_an_entry_is_stored_once_whatever_the_resends(ctx):
    """A resend is found by its id before the table is read; a twin that read the table before the first one
    landed gets the first one back from the store."""
    row = new_table()
    seen = view(row)
    first = writes.write(seen, sent("line", line("Ann", 1), 0, "one"))
    again = writes.write(seen, sent("line", line("Ann", 1), 0, "one"))
    assert isinstance(first, writes.Written) and first.created
    assert isinstance(again, writes.Written) and not again.created
    assert again.entry.seq == first.entry.seq == 1
    assert writes.landed(row.id, "one").entry_id == "one"
    assert [r.seq for r in store().entries(row.id)] == [1]


def test_a_step_recorded_first_is_taken_and_nothing_is_stored(ctx):
    row = new_table()
    writes.write(view(row), sent("line", line("Ann", 1), 0, "one"))
    step = next(iter(view(row).recorded_steps))
    outcome = writes.write(view(row), sent("line", line("Ann", 1, "green"), 0, "two", step=step))
    assert isinstance(outcome, writes.Taken)
    assert outcome.theirs.seq == 1 and outcome.step.key == step
    assert len(store().entries(row.id)) == 1


def test_a_refused_entry_says_whether_its_shape_or_the_rules_refused_it(ctx):
    row = new_table()
    shape = writes.write(view(row), sent("line", {"player": "Ann"}, 0, "one"))
    rules = writes.write(view(row), sent("undo", {"target": 1}, 0, "two"))
    assert isinstance(shape, writes.Refused) and shape.shape and shape.problems
    assert isinstance(rules, writes.Refused) and not rules.shape
    assert [p.loc for p in rules.problems] == ["target"]
    assert store().entries(row.id) == []


def test_an_undo_made_before_the_table_moved_on_is_stale(ctx):
    row = new_table()
    writes.write(view(row), sent("line", line("Ann", 1), 0, "one"))
    seen = view(row)
    writes.write(seen, sent("line", line("Ben", 1), 1, "two"))
    outcome = writes.write(seen, sent("undo", {"target": 1}, 1, "three"))
    assert isinstance(outcome, writes.Stale)
    assert outcome.version == 2 and outcome.latest is not None and outcome.latest.seq == 2
    assert len(store().entries(row.id)) == 2
